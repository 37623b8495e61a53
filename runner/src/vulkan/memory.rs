//! Host-visible buffer memory for one dispatch: the buffers of the
//! bindings and the staging buffers of textures.

use ash::vk;

use super::device::Device;
use crate::RunError;

/// The error of a failed Vulkan call named `what`.
pub(crate) fn vk_err(what: &'static str) -> impl FnOnce(vk::Result) -> RunError {
    move |e| RunError::device(format!("{what} failed: {e:?}"))
}

/// A host-visible, coherent, mapped buffer.
pub(crate) struct Allocation {
    pub(crate) buffer: vk::Buffer,
    pub(crate) memory: vk::DeviceMemory,
    pub(crate) mapped: *mut u8,
    pub(crate) size: u64,
}

impl Device {
    pub(crate) fn memory_type(&self, bits: u32, flags: vk::MemoryPropertyFlags) -> Option<u32> {
        (0..self.memory.memory_type_count).find(|&i| {
            bits & (1 << i) != 0
                && self.memory.memory_types[i as usize]
                    .property_flags
                    .contains(flags)
        })
    }

    /// A host-visible, coherent, mapped buffer of `size` bytes, usable as
    /// a uniform or storage buffer and as a texture's staging buffer (the
    /// source and destination of copies).
    pub(crate) unsafe fn allocate(&self, size: u64) -> Result<Allocation, RunError> {
        let d = &self.device;
        let buffer = d
            .create_buffer(
                &vk::BufferCreateInfo::default().size(size).usage(
                    vk::BufferUsageFlags::STORAGE_BUFFER
                        | vk::BufferUsageFlags::UNIFORM_BUFFER
                        | vk::BufferUsageFlags::TRANSFER_SRC
                        | vk::BufferUsageFlags::TRANSFER_DST,
                ),
                None,
            )
            .map_err(vk_err("vkCreateBuffer"))?;
        let req = d.get_buffer_memory_requirements(buffer);
        let flags = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
        let Some(ty) = self.memory_type(req.memory_type_bits, flags) else {
            d.destroy_buffer(buffer, None);
            return Err(RunError::device("no host-visible coherent memory type"));
        };
        let memory = match d.allocate_memory(
            &vk::MemoryAllocateInfo::default()
                .allocation_size(req.size)
                .memory_type_index(ty),
            None,
        ) {
            Ok(m) => m,
            Err(e) => {
                d.destroy_buffer(buffer, None);
                return Err(RunError::device(format!(
                    "vkAllocateMemory({size} bytes) failed: {e:?}"
                )));
            }
        };
        let a = Allocation {
            buffer,
            memory,
            mapped: std::ptr::null_mut(),
            size,
        };
        let mapped = d
            .bind_buffer_memory(buffer, memory, 0)
            .and_then(|()| d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty()));
        match mapped {
            Ok(p) => Ok(Allocation {
                mapped: p.cast(),
                ..a
            }),
            Err(e) => {
                d.destroy_buffer(a.buffer, None);
                d.free_memory(a.memory, None);
                Err(RunError::device(format!(
                    "binding or mapping buffer memory failed: {e:?}"
                )))
            }
        }
    }
}

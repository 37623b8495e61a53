//! Embedding in wgpu 30 (cargo feature `wgpu`): what an application that
//! compiles subgroup-matrix WGSL with tessera and runs it through wgpu's
//! pass-through shaders needs, in three calls:
//!
//! ```ignore
//! let configs = tessera::wgpu::configs(&adapter, true);              // 1. the device's configs
//! let (device, queue) = adapter.request_device(&wgpu::DeviceDescriptor {
//!     required_features: tessera::wgpu::required_features(),          // 2. the features to ask for
//!     experimental_features: unsafe { wgpu::ExperimentalFeatures::enabled() },
//!     ..Default::default()
//! }).await?;
//! let out = tessera::compile_to_spirv(source, &options)?;            // (configs in the options)
//! let module = unsafe { device.create_shader_module_passthrough(
//!     tessera::wgpu::passthrough(&out, "main")) };                   // 3. module and layout
//! let entries = tessera::wgpu::bind_group_layout_entries(&out.reflection.entry_points[0], 0);
//! ```

use std::borrow::Cow;

use crate::configs::{ComponentType, SubgroupMatrixConfig};
use crate::ir::{Access, AddressSpace};
use crate::pipeline::EntryPointReflection;

/// The subgroup-matrix configurations of a wgpu adapter
/// (`Adapter::cooperative_matrix_properties`): saturating entries dropped,
/// f16 ones only with `shader_f16`, duplicates removed, order kept.
pub fn configs(adapter: &::wgpu::Adapter, shader_f16: bool) -> Vec<SubgroupMatrixConfig> {
    from_properties(&adapter.cooperative_matrix_properties(), shader_f16)
}

/// [`configs`] from the property list itself.
pub fn from_properties(
    props: &[::wgpu::CooperativeMatrixProperties],
    shader_f16: bool,
) -> Vec<SubgroupMatrixConfig> {
    let component = |t: ::wgpu::CooperativeScalarType| match t {
        ::wgpu::CooperativeScalarType::F32 => ComponentType::F32,
        ::wgpu::CooperativeScalarType::F16 => ComponentType::F16,
        ::wgpu::CooperativeScalarType::I32 => ComponentType::I32,
        ::wgpu::CooperativeScalarType::U32 => ComponentType::U32,
    };
    let mut out: Vec<SubgroupMatrixConfig> = Vec::new();
    for p in props {
        if p.saturating_accumulation || p.m_size == 0 || p.n_size == 0 || p.k_size == 0 {
            continue;
        }
        let config = SubgroupMatrixConfig {
            component_type: component(p.ab_type),
            result_component_type: component(p.cr_type),
            m: p.m_size,
            n: p.n_size,
            k: p.k_size,
        };
        let f16 = config.component_type == ComponentType::F16
            || config.result_component_type == ComponentType::F16;
        if (!f16 || shader_f16) && !out.contains(&config) {
            out.push(config);
        }
    }
    out
}

/// The wgpu features a subgroup-matrix kernel compiled by tessera needs:
/// pass-through shaders, cooperative matrices (wgpu then enables
/// `VK_KHR_cooperative_matrix` and the Vulkan memory model), f16 and
/// subgroups.
pub fn required_features() -> ::wgpu::Features {
    ::wgpu::Features::PASSTHROUGH_SHADERS
        | ::wgpu::Features::EXPERIMENTAL_COOPERATIVE_MATRIX
        | ::wgpu::Features::SHADER_F16
        | ::wgpu::Features::SUBGROUP
}

/// The bind-group layout entries of `group` for an entry point, from the
/// reflection: each buffer with its type (uniform, read-only or read-write
/// storage) and its minimum binding size, which includes the
/// subgroup-matrix proposal's `MinStorageSize`.
pub fn bind_group_layout_entries(
    entry: &EntryPointReflection,
    group: u32,
) -> Vec<::wgpu::BindGroupLayoutEntry> {
    entry
        .bindings
        .iter()
        .filter(|b| b.group == group)
        .map(|b| ::wgpu::BindGroupLayoutEntry {
            binding: b.binding,
            visibility: ::wgpu::ShaderStages::COMPUTE,
            ty: ::wgpu::BindingType::Buffer {
                ty: match b.space {
                    AddressSpace::Uniform => ::wgpu::BufferBindingType::Uniform,
                    _ => ::wgpu::BufferBindingType::Storage {
                        read_only: b.access == Access::Read,
                    },
                },
                has_dynamic_offset: false,
                min_binding_size: std::num::NonZeroU64::new(b.min_binding_size),
            },
            count: None,
        })
        .collect()
}

/// The pass-through shader module descriptor of tessera's SPIR-V for one
/// entry point (its workgroup size from the reflection).
pub fn passthrough<'a>(
    out: &'a crate::SpirvOutput,
    entry_point: &'a str,
) -> ::wgpu::ShaderModuleDescriptorPassthrough<'a> {
    let size = out
        .reflection
        .entry_points
        .iter()
        .find(|e| e.name == entry_point)
        .map_or([1, 1, 1], |e| e.workgroup_size);
    ::wgpu::ShaderModuleDescriptorPassthrough {
        label: Some(entry_point),
        entry_points: Cow::Owned(vec![::wgpu::PassthroughShaderEntryPoint {
            name: Cow::Borrowed(entry_point),
            workgroup_size: (size[0], size[1], size[2]),
        }]),
        spirv: Some(Cow::Borrowed(&out.words)),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_become_configs() {
        let p = |ab, cr, sat| ::wgpu::CooperativeMatrixProperties {
            m_size: 16,
            n_size: 16,
            k_size: 16,
            ab_type: ab,
            cr_type: cr,
            saturating_accumulation: sat,
        };
        use ::wgpu::CooperativeScalarType as T;
        let props = [
            p(T::F16, T::F32, false),
            p(T::F16, T::F32, false),
            p(T::F32, T::F32, true),
            p(T::I32, T::I32, false),
        ];
        let text = |v: Vec<SubgroupMatrixConfig>| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(
            text(from_properties(&props, true)),
            "f16:f32:16x16x16 i32:i32:16x16x16"
        );
        assert_eq!(text(from_properties(&props, false)), "i32:i32:16x16x16");
    }

    #[test]
    fn layout_from_reflection() {
        let src = "enable f16;
enable wgpu_cooperative_matrix;
@group(0) @binding(0) var<storage, read> a: array<f16>;
@group(0) @binding(1) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(32) fn main() {
  let x = coopLoad<coop_mat16x16<f16, A>>(&a[0]);
  let y = coopLoad<coop_mat16x16<f16, B>>(&a[256]);
  coopStore(coopMultiplyAdd(x, y, coop_mat16x16<f32, C>()), &c[0]);
}";
        let out = crate::compile_to_spirv(src, &Default::default()).unwrap();
        let entries = bind_group_layout_entries(&out.reflection.entry_points[0], 0);
        assert_eq!(entries.len(), 2);
        let size = |e: &::wgpu::BindGroupLayoutEntry| match e.ty {
            ::wgpu::BindingType::Buffer {
                ty,
                min_binding_size,
                ..
            } => (ty, min_binding_size.map(|s| s.get())),
            _ => panic!("not a buffer"),
        };
        // The proposal's MinStorageSize: one matrix (M * N * size of the
        // component) of each buffer: 512 bytes of f16, 1 KiB of f32.
        assert_eq!(
            size(&entries[0]),
            (
                ::wgpu::BufferBindingType::Storage { read_only: true },
                Some(512)
            )
        );
        assert_eq!(
            size(&entries[1]),
            (
                ::wgpu::BufferBindingType::Storage { read_only: false },
                Some(1024)
            )
        );
        let d = passthrough(&out, "main");
        assert_eq!(d.entry_points[0].workgroup_size, (32, 1, 1));
        assert_eq!(d.spirv.as_deref(), Some(&out.words[..]));
    }
}

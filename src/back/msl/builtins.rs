//! Barriers.
//!
//! WGSL's barriers are control barriers for the workgroup with memory
//! semantics: `workgroupBarrier` orders workgroup memory
//! (`mem_flags::mem_threadgroup`), `storageBarrier` storage buffers
//! (`mem_device`), `textureBarrier` textures (`mem_texture`). Metal's
//! `threadgroup_barrier` is the equivalent control barrier.
//!
//! `workgroupUniformLoad(p)` is written by the bridge as a workgroup
//! barrier, the load into a new variable, and another barrier, so every
//! invocation reads the same value.

use crate::ir::Barrier;

/// The MSL statement (with `;`, no indentation or newline) for a barrier.
pub(super) fn barrier(flags: Barrier) -> String {
    let mut mem = Vec::new();
    if flags.contains(Barrier::STORAGE) {
        mem.push("metal::mem_flags::mem_device");
    }
    if flags.contains(Barrier::WORKGROUP) {
        mem.push("metal::mem_flags::mem_threadgroup");
    }
    if flags.contains(Barrier::TEXTURE) {
        mem.push("metal::mem_flags::mem_texture");
    }
    let mem = if mem.is_empty() {
        "metal::mem_flags::mem_none".to_string()
    } else {
        mem.join(" | ")
    };
    format!("metal::threadgroup_barrier({mem});")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn barriers() {
        assert_eq!(
            barrier(Barrier::WORKGROUP),
            "metal::threadgroup_barrier(metal::mem_flags::mem_threadgroup);"
        );
        assert_eq!(
            barrier(Barrier::STORAGE),
            "metal::threadgroup_barrier(metal::mem_flags::mem_device);"
        );
        assert_eq!(
            barrier(Barrier::TEXTURE),
            "metal::threadgroup_barrier(metal::mem_flags::mem_texture);"
        );
        assert_eq!(
            barrier(Barrier::STORAGE | Barrier::WORKGROUP),
            "metal::threadgroup_barrier(metal::mem_flags::mem_device | metal::mem_flags::mem_threadgroup);"
        );
    }
}

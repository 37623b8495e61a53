//! Barriers and `workgroupUniformLoad`.
//!
//! WGSL's barriers are control barriers for the workgroup with memory
//! semantics: `workgroupBarrier` orders workgroup memory
//! (`mem_flags::mem_threadgroup`), `storageBarrier` storage buffers
//! (`mem_device`), `textureBarrier` textures (`mem_texture`). Metal's
//! `threadgroup_barrier` is the equivalent control barrier.
//!
//! `workgroupUniformLoad(p)` is a workgroup barrier, the load into a new
//! variable, and another barrier, so every invocation reads the same value.

use crate::ir::Barrier;

/// The MSL statement (with `;`, no indentation or newline) for a barrier.
pub(super) fn barrier(flags: Barrier) -> String {
    if flags == Barrier::SUBGROUP {
        return "metal::simdgroup_barrier(metal::mem_flags::mem_threadgroup);".to_string();
    }
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

/// The MSL statements (each with `;`, no indentation or newline) for
/// `let name: ty = workgroupUniformLoad(p)`: a workgroup barrier, the load
/// into a new variable, and another barrier, so every invocation reads the
/// same value. `ty` is the MSL type, `value` the MSL expression reading
/// through the pointer.
pub(super) fn workgroup_uniform_load(ty: &str, name: &str, value: &str) -> [String; 3] {
    [
        barrier(Barrier::WORKGROUP),
        format!("{ty} {name} = {value};"),
        barrier(Barrier::WORKGROUP),
    ]
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

    #[test]
    fn uniform_load() {
        let [a, b, c] = workgroup_uniform_load("uint", "v", "*p");
        assert_eq!(a, c);
        assert_eq!(
            a,
            "metal::threadgroup_barrier(metal::mem_flags::mem_threadgroup);"
        );
        assert_eq!(b, "uint v = *p;");
    }
}

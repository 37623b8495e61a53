//! The whole pipeline must never panic, no pass may break the IR (the
//! verifier is on: cargo-fuzz builds with debug assertions unless `-O`),
//! and whatever it accepts must be SPIR-V that SPIRV-Tools accepts (Vulkan
//! 1.1, SPIR-V 1.3; with `uniformBufferStandardLayout` where the reflection
//! says the uniform buffers need it).
#![no_main]

use libfuzzer_sys::fuzz_target;
use spirv_tools::val::Validator as _;

/// How many types a walk of each type tree visits (a type shared by two
/// members counted twice), the largest over the module's types. SPIRV-Tools'
/// validator walks struct types as trees (`ContainsType`), so a module of
/// nested structs that double per level (tests/hostile's
/// struct_dag_buffers_24.wgsl: 2^24 leaves, which tessera compiles in
/// linear time) takes it hours: such modules are not validated here.
fn largest_type_tree(words: &[u32]) -> u64 {
    let mut parts: std::collections::HashMap<u32, Vec<u32>> = Default::default();
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        let op = words[i] & 0xffff;
        if count == 0 || i + count > words.len() {
            break;
        }
        let ops = &words[i + 1..i + count];
        match op {
            // OpTypeStruct: result, members; OpTypeArray / OpTypeRuntimeArray:
            // result, element.
            30 if !ops.is_empty() => {
                parts.insert(ops[0], ops[1..].to_vec());
            }
            28 | 29 if ops.len() >= 2 => {
                parts.insert(ops[0], vec![ops[1]]);
            }
            _ => {}
        }
        i += count;
    }
    let mut memo: std::collections::HashMap<u32, u64> = Default::default();
    fn size(
        id: u32,
        parts: &std::collections::HashMap<u32, Vec<u32>>,
        memo: &mut std::collections::HashMap<u32, u64>,
    ) -> u64 {
        if let Some(&n) = memo.get(&id) {
            return n;
        }
        let n = parts.get(&id).map_or(1, |ps| {
            ps.iter()
                .fold(1u64, |a, &p| a.saturating_add(size(p, parts, memo)))
        });
        memo.insert(id, n);
        n
    }
    let ids: Vec<u32> = parts.keys().copied().collect();
    ids.into_iter()
        .map(|id| size(id, &parts, &mut memo))
        .max()
        .unwrap_or(0)
}

/// With cooperative vectors, the native form too: SPIR-V 1.6 for a device
/// with every product, the 8-bit ones included, both training accumulation
/// types and bounds on every optimal layout (`SPV_NV_cooperative_vector`),
/// validated for Vulkan 1.3.
fn native_cooperative_vectors(source: &str) {
    let mut options = tessera::CompileOptions::default();
    options.spv.version = (1, 6);
    options.pipeline.cooperative_vector_configs = [
        "f16:f16", "f16:f32", "f32:f32", "i32/i8:i32", "f32/i8:i32", "u32/i8:i32", "i32/u8:i32",
        "u32/u8:i32",
    ]
    .iter()
    .filter_map(|c| c.parse().ok())
    .collect();
    options.pipeline.cooperative_vector_training = vec![
        tessera::configs::ComponentType::F16,
        tessera::configs::ComponentType::F32,
    ];
    options.pipeline.cooperative_vector_optimal_layouts = [
        "inference:f16:8x16",
        "inference:f32:1x4",
        "inference:i8:16x32",
        "inference:u8:16x32",
        "training:f16:8x8x2",
        "training:f32:1x4",
    ]
    .iter()
    .filter_map(|b| b.parse().ok())
    .collect();
    if let Ok(out) = tessera::compile_to_spirv(source, &options) {
        let validator = spirv_tools::val::create(Some(spirv_tools::TargetEnv::Vulkan_1_3));
        let options = spirv_tools::val::ValidatorOptions {
            uniform_buffer_standard_layout: out.reflection.needs_uniform_buffer_standard_layout(),
            ..Default::default()
        };
        if let Err(e) = validator.validate(&out.words, Some(options)) {
            panic!("accepted input produced invalid native cooperative-vector SPIR-V: {e}\n{source}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    if source.contains("tessera_experimental_cooperative_vector") {
        native_cooperative_vectors(source);
    }
    match tessera::compile_to_spirv(source, &tessera::CompileOptions::default()) {
        Ok(out) if largest_type_tree(&out.words) > 1 << 16 => {}
        Ok(out) => {
            let validator = spirv_tools::val::create(Some(spirv_tools::TargetEnv::Vulkan_1_1));
            let options = spirv_tools::val::ValidatorOptions {
                uniform_buffer_standard_layout: out
                    .reflection
                    .needs_uniform_buffer_standard_layout(),
                ..Default::default()
            };
            if let Err(e) = validator.validate(&out.words, Some(options)) {
                panic!("accepted input produced invalid SPIR-V: {e}\n{source}");
            }
        }
        // The IR verifier (on in fuzz builds, which have debug assertions)
        // reports a pass that broke the module: a bug, not a rejection.
        Err(e) => {
            if let Some(d) = e
                .error()
                .diagnostics
                .iter()
                .find(|d| d.message.contains("IR verification failed"))
            {
                panic!("{}\n{source}", d.message);
            }
        }
    }
});

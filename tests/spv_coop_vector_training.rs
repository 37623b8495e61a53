//! The cooperative-vector training accumulations in SPIR-V
//! (docs/cooperative-vectors.md): `OpCooperativeVectorOuterProductAccumulateNV`
//! (training-optimal layout) and `OpCooperativeVectorReduceSumAccumulateNV`
//! when the device profile lists the accumulation type and a measured
//! optimal-layout bound, the compare-exchange loops otherwise; every module
//! validated by SPIRV-Tools, the native one snapshotted
//! (`snapshots/spv-coop-vector@training.snap`).

mod common;

use spirv_tools::TargetEnv;
use tessera::configs::ComponentType;
use tessera::CompileOptions;

const TRAIN: &str = "enable f16;
enable tessera_experimental_cooperative_vector;
struct Grads { head: array<u32, 16>, rest: array<atomic<u32>> }
@group(0) @binding(0) var<storage, read> inputs: array<f16>;
@group(0) @binding(1) var<storage, read_write> grad: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> bias_grad: array<atomic<u32>, 64>;
@group(0) @binding(3) var<storage, read_write> member: Grads;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let a = coop_vec<f16, 8>(inputs[id.x]);
    let b = coop_vec<f16, 16>(inputs[id.x + 1u]);
    coopVecOuterProductAccumulate<f32>(a, b, &grad, id.y * 128u);
    coopVecOuterProductAccumulate<f16>(a, b, &grad, 512u);
    coopVecReduceSumAccumulate(b, &bias_grad, 8u);
    coopVecReduceSumAccumulate(coop_vec<f32, 4>(1.0), &bias_grad, 4u);
    coopVecOuterProductAccumulate<f32>(a, b, &member.rest, 0u);
}
";

/// Compiles `TRAIN` for SPIR-V `version` with the device facts given,
/// validates it (Vulkan 1.3 for 1.6, 1.1 otherwise) and returns its
/// disassembly.
#[track_caller]
fn compile(version: (u8, u8), training: &[ComponentType], layouts: &[&str]) -> String {
    let mut options = CompileOptions::default();
    options.spv.version = version;
    options.pipeline.cooperative_vector_configs = vec!["f16:f16".parse().expect("config")];
    options.pipeline.cooperative_vector_training = training.to_vec();
    options.pipeline.cooperative_vector_optimal_layouts =
        layouts.iter().map(|b| b.parse().expect("bound")).collect();
    let words = match tessera::compile_to_spirv(TRAIN, &options) {
        Ok(o) => o.words,
        Err(e) => panic!("{}", e.error().render("test.wgsl", TRAIN)),
    };
    let text = common::disassemble(&words).expect("rspirv reads the module");
    let env = if version >= (1, 6) {
        TargetEnv::Vulkan_1_3
    } else {
        TargetEnv::Vulkan_1_1
    };
    if let Err(e) = common::validate_spirv(&words, env) {
        panic!("invalid SPIR-V {version:?}: {e}\n{text}");
    }
    text
}

#[test]
fn native_where_the_profile_lists_the_accumulation_type() {
    let text = compile(
        (1, 6),
        &[ComponentType::F16, ComponentType::F32],
        &["training:f16:8x8x2", "training:f32:1x4"],
    );
    assert!(
        text.contains("OpCapability CooperativeVectorTrainingNV"),
        "{text}"
    );
    // Every product is native, the one into the struct member that starts
    // 64 bytes into its binding too.
    assert_eq!(
        text.matches("OpCooperativeVectorOuterProductAccumulateNV")
            .count(),
        3,
        "{text}"
    );
    assert_eq!(
        text.matches("OpCooperativeVectorReduceSumAccumulateNV")
            .count(),
        2,
        "{text}"
    );
    assert_eq!(text.matches("OpAtomicCompareExchange").count(), 0, "{text}");
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("spv-coop-vector@training", text);
    });
}

#[test]
fn loops_for_types_the_profile_does_not_list() {
    // f16 accumulation only: the f32 products and the f32 reduction loop.
    let text = compile(
        (1, 6),
        &[ComponentType::F16],
        &["training:f16:8x8x2", "training:f32:1x4"],
    );
    assert_eq!(
        text.matches("OpCooperativeVectorOuterProductAccumulateNV")
            .count(),
        1,
        "{text}"
    );
    assert_eq!(
        text.matches("OpCooperativeVectorReduceSumAccumulateNV")
            .count(),
        1,
        "{text}"
    );
    assert_eq!(text.matches("OpAtomicCompareExchange").count(), 3, "{text}");
}

#[test]
fn loops_without_a_layout_bound_or_below_spirv_1_6() {
    let both = &[ComponentType::F16, ComponentType::F32][..];
    let bounds = &["training:f16:8x8x2", "training:f32:1x4"][..];
    // No training-layout bound: the outer products loop, the reductions
    // stay native (they need none).
    let text = compile((1, 6), both, &[]);
    assert!(!text.contains("OuterProductAccumulate"), "{text}");
    assert_eq!(
        text.matches("OpCooperativeVectorReduceSumAccumulateNV")
            .count(),
        2,
        "{text}"
    );
    assert_eq!(text.matches("OpAtomicCompareExchange").count(), 3, "{text}");
    for (version, training) in [((1, 6), &[][..]), ((1, 3), both)] {
        let text = compile(version, training, bounds);
        assert!(
            !text.contains("CooperativeVectorTraining") && !text.contains("Accumulate"),
            "{version:?} {training:?}:\n{text}"
        );
        assert_eq!(text.matches("OpAtomicCompareExchange").count(), 5, "{text}");
    }
}

#[test]
fn msl_output_has_compare_exchange_loops() {
    let options = tessera::MslCompileOptions::default();
    let out = tessera::compile_to_msl(TRAIN, &options)
        .unwrap_or_else(|e| panic!("{}", e.error().render("test.wgsl", TRAIN)));
    // One Metal call per compare-exchange loop, as many as the SPIR-V
    // without the training extension has (`loops_without_a_layout_bound_or_below_spirv_1_6`),
    // and no helper function.
    assert_eq!(
        out.source
            .matches("metal::atomic_compare_exchange_weak_explicit(")
            .count(),
        5,
        "{}",
        out.source
    );
    assert!(!out.source.contains("tessera_atomic"), "{}", out.source);
    assert!(!out.source.contains("coop_vec<"), "{}", out.source);
}

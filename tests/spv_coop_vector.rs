//! Cooperative vectors in SPIR-V (docs/cooperative-vectors.md): the native
//! `SPV_NV_cooperative_vector` form when the device lists the products'
//! component types and the module is SPIR-V 1.6, and the loop form
//! otherwise; every module validated by SPIRV-Tools, the native one
//! snapshotted (`snapshots/spv-coop-vector@native.snap`).

mod common;

use spirv_tools::TargetEnv;
use tessera::configs::CooperativeVectorConfig;
use tessera::CompileOptions;

const MLP: &str = "enable f16;
enable tessera_experimental_cooperative_vector;
@group(0) @binding(0) var<storage, read> weights: array<f16>;
@group(0) @binding(1) var<storage, read> biases: array<f16>;
@group(0) @binding(2) var<storage, read> inputs: array<f16>;
@group(0) @binding(3) var<storage, read_write> outputs: array<f16>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    var x: array<f16, 16>;
    for (var i = 0u; i < 16u; i++) {
        x[i] = inputs[id.x * 16u + i];
    }
    var h = coop_vec<f16, 16>(x);
    h = max(coopVecMatMulAdd<coop_vec<f16, 16>>(h, &weights, 0u, false, 16u, &biases, 0u), coop_vec<f16, 16>());
    h = -tanh(h) * 0.5h + exp(h) / h - h;
    let y = coopVecMatMul<coop_vec<f16, 8>>(h, &weights, 256u, true, 16u);
    for (var i = 0u; i < 8u; i++) {
        outputs[id.x * 8u + i] = y[i] + clamp(y, coop_vec<f16, 8>(-1.0h), coop_vec<f16, 8>(1.0h))[i];
    }
}
";

fn configs(list: &[&str]) -> Vec<CooperativeVectorConfig> {
    list.iter().map(|c| c.parse().expect("config")).collect()
}

/// Compiles `source` for `version` with the device's `configs`, validates
/// the module (Vulkan 1.1 for 1.3, Vulkan 1.3 for 1.6) and returns its
/// disassembly.
#[track_caller]
fn compile(source: &str, version: (u8, u8), list: &[&str]) -> String {
    let mut options = CompileOptions::default();
    options.spv.version = version;
    options.pipeline.cooperative_vector_configs = configs(list);
    let words = match tessera::compile_to_spirv(source, &options) {
        Ok(o) => o.words,
        Err(e) => panic!("{}", e.error().render("test.wgsl", source)),
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
fn native_with_listed_types_at_spirv_1_6() {
    let text = compile(MLP, (1, 6), &["f16:f16"]);
    for needle in [
        "OpCapability CooperativeVectorNV",
        "OpCapability VulkanMemoryModel",
        "OpExtension \"SPV_NV_cooperative_vector\"",
        "OpMemoryModel Logical Vulkan",
        // rspirv prints opcode 5288 (OpTypeCooperativeVectorNV) by the
        // name of its alias.
        "OpTypeVectorIdEXT",
        "OpCooperativeVectorMatrixMulAddNV",
        "OpCooperativeVectorMatrixMulNV",
        "OpVectorTimesScalar",
        "FNegate",
        "OpExtInst",
    ] {
        assert!(text.contains(needle), "no {needle}:\n{text}");
    }
    // Each product has its two loops for operands the instruction cannot
    // take (the source's own loops are unrolled).
    assert_eq!(text.matches("OpLoopMerge").count(), 2 * 2, "{text}");
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("spv-coop-vector@native", text);
    });
}

#[test]
fn loops_at_spirv_1_3_or_without_listed_types() {
    for (version, list) in [
        ((1, 3), &["f16:f16"][..]),
        ((1, 6), &[][..]),
        // f16 -> f32 only: the module's f16 -> f16 products are not native.
        ((1, 6), &["f16:f32"][..]),
    ] {
        let text = compile(MLP, version, list);
        assert!(
            !text.contains("CooperativeVector"),
            "{version:?} {list:?}:\n{text}"
        );
        assert!(!text.contains("cooperative_vector"), "{text}");
    }
}

#[test]
fn product_operands_in_bytes_with_layout_constants() {
    let text = compile(MLP, (1, 6), &["f16:f16"]);
    // The element offsets and strides are multiplied by the component size
    // (2 bytes) before the instruction.
    let line = text
        .lines()
        .find(|l| l.contains("OpCooperativeVectorMatrixMulNV"))
        .expect("a product");
    let words: Vec<&str> = line.split_whitespace().collect();
    // %r = OpCooperativeVectorMatrixMulNV %type %input %interp %matrix %offset
    //      %interp %m %k %layout %transpose %stride
    assert_eq!(words.len(), 14, "{line}");
    let def = |id: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(&format!("{id} = ")))
            .unwrap_or_default()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(
        def(words[7]).contains("OpIMul"),
        "offset: {}",
        def(words[7])
    );
    assert!(
        def(words[13]).contains("OpIMul"),
        "stride: {}",
        def(words[13])
    );
    assert!(
        def(words[11]).contains("OpConstant") && def(words[11]).ends_with(" 1"),
        "column-major: {}",
        def(words[11])
    );
    assert!(
        def(words[12]).contains("OpConstantFalse"),
        "transpose: {}",
        def(words[12])
    );
}

#[test]
fn misaligned_member_takes_the_loop_only() {
    // The matrix array starts 16 bytes into its binding: Vulkan's 64-byte
    // alignment cannot hold, so the product is always the loop.
    let source = "enable tessera_experimental_cooperative_vector;
struct W { scale: vec4<f32>, m: array<f32> }
@group(0) @binding(0) var<storage, read> w: W;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1)
fn main() {
    let r = coopVecMatMul<coop_vec<f32, 4>>(coop_vec<f32, 4>(1.0), &w.m, 0u, false, 4u);
    o[0] = r[3];
}
";
    let text = compile(source, (1, 6), &["f32:f32"]);
    assert!(!text.contains("OpCooperativeVectorMatrixMulNV"), "{text}");
    assert!(text.contains("OpTypeVectorIdEXT"), "{text}");
}

#[test]
fn msl_output_has_no_vector_types() {
    let mut options = tessera::MslCompileOptions::default();
    options.pipeline.cooperative_vector_configs = configs(&["f16:f16"]);
    let out = tessera::compile_to_msl(MLP, &options).expect("MSL");
    // The products' accumulators, and no vector type.
    assert!(
        out.source.contains("half u_tessera_coop_acc"),
        "{}",
        out.source
    );
    assert!(!out.source.contains("coop_vec"), "{}", out.source);
}

/// Components of vectors of at most 16 components are read through a
/// variable (the H200's driver reads component 0 for every index of
/// `OpCompositeExtract` / `OpVectorExtractDynamic` on them), longer ones
/// with the extract instructions (see `src/back/spv/coop_vector.rs`).
#[test]
fn component_reads_by_size() {
    let source = |n: u32| {
        format!(
            "enable tessera_experimental_cooperative_vector;
@group(0) @binding(0) var<storage, read> w: array<f32>;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {{
    let v = coopVecMatMul<coop_vec<f32, {n}>>(coop_vec<f32, 16>(2.0), &w, 0u, false, 16u);
    o[0] = v[3];
    o[i] = v[i % {n}u];
}}
"
        )
    };
    // The extract instructions whose source is a cooperative vector.
    let vector_extracts = |text: &str| -> Vec<String> {
        let mut vector_types = Vec::new();
        let mut type_of = std::collections::HashMap::new();
        for l in text.lines() {
            let w: Vec<&str> = l.split_whitespace().collect();
            if let [id, "=", "OpTypeVectorIdEXT", ..] = w[..] {
                vector_types.push(id.to_string());
            } else if let [id, "=", _, ty, ..] = w[..] {
                type_of.insert(id.to_string(), ty.to_string());
            }
        }
        text.lines()
            .filter(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                matches!(w[..], [_, "=", "OpCompositeExtract" | "OpVectorExtractDynamic", _, src, ..]
                    if type_of.get(src).is_some_and(|t| vector_types.contains(t)))
            })
            .map(str::to_string)
            .collect()
    };
    let long = compile(&source(17), (1, 6), &["f32:f32"]);
    let extracts = vector_extracts(&long);
    assert!(
        extracts.iter().any(|l| l.contains("OpCompositeExtract")),
        "{long}"
    );
    assert!(
        extracts
            .iter()
            .any(|l| l.contains("OpVectorExtractDynamic")),
        "{long}"
    );
    let short = compile(&source(16), (1, 6), &["f32:f32"]);
    assert_eq!(vector_extracts(&short), Vec::<String>::new(), "{short}");
}

/// A device's `maxCooperativeVectorComponents`: a module with a longer
/// vector gets loops (SPV_NV_cooperative_vector leaves longer vectors
/// undefined on it).
#[test]
fn vectors_longer_than_the_device_allows_take_loops() {
    let mut options = CompileOptions::default();
    options.spv.version = (1, 6);
    options.pipeline.cooperative_vector_configs = configs(&["f16:f16"]);
    options.pipeline.cooperative_vector_max_components = Some(8);
    let words = tessera::compile_to_spirv(MLP, &options)
        .expect("compiles")
        .words;
    let text = common::disassemble(&words).expect("rspirv reads the module");
    assert!(!text.contains("CooperativeVector"), "{text}");
    options.pipeline.cooperative_vector_max_components = Some(16);
    let words = tessera::compile_to_spirv(MLP, &options)
        .expect("compiles")
        .words;
    let text = common::disassemble(&words).expect("rspirv reads the module");
    assert!(text.contains("OpCooperativeVectorMatrixMulAddNV"), "{text}");
}

const OPTIMAL: &str = "enable f16;
enable tessera_experimental_cooperative_vector;
@group(0) @binding(0) var<storage, read> w: array<f16>;
@group(0) @binding(1) var<storage, read> bias: array<f16>;
@group(0) @binding(2) var<storage, read_write> out: array<f16>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let x = coop_vec<f16, 16>(w[id.x]);
    let h = coopVecMatMulAddOptimal<coop_vec<f16, 8>>(x, &w, 64u, &bias, 8u);
    let y = coopVecMatMulOptimal<coop_vec<f16, 4>>(h, &w, 0u);
    out[id.x] = y[0] + y[3];
}
";

/// The products in the device's inference layout: natively with the
/// `InferencingOptimalNV` layout (2) when the profile gives the layout
/// bound, zero (not the loop) when the guard fails; loops everywhere else,
/// with the same guard.
#[test]
fn optimal_layout_products() {
    let mut options = CompileOptions::default();
    options.spv.version = (1, 6);
    options.pipeline.cooperative_vector_configs = configs(&["f16:f16"]);
    options.pipeline.cooperative_vector_optimal_layouts =
        vec!["inference:f16:8x16".parse().expect("bound")];
    let words = tessera::compile_to_spirv(OPTIMAL, &options)
        .unwrap_or_else(|e| panic!("{}", e.error().render("test.wgsl", OPTIMAL)))
        .words;
    common::validate_spirv(&words, TargetEnv::Vulkan_1_3).expect("valid");
    let text = common::disassemble(&words).expect("rspirv reads the module");
    assert_eq!(
        text.matches("OpCooperativeVectorMatrixMulAddNV").count(),
        1,
        "{text}"
    );
    assert_eq!(
        text.matches("OpCooperativeVectorMatrixMulNV").count(),
        1,
        "{text}"
    );
    // No loop: a failed guard gives zero.
    assert_eq!(text.matches("OpLoopMerge").count(), 0, "{text}");
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("spv-coop-vector@optimal", text);
    });
    // Without the f16 inference bound, the whole module takes loops (two
    // products).
    options.pipeline.cooperative_vector_optimal_layouts =
        vec!["inference:f32:1x4".parse().expect("bound")];
    let text = compile_with(OPTIMAL, &options);
    assert!(!text.contains("CooperativeVector"), "{text}");
    assert_eq!(text.matches("OpLoopMerge").count(), 2 * 2, "{text}");
}

#[track_caller]
fn compile_with(source: &str, options: &CompileOptions) -> String {
    let words = tessera::compile_to_spirv(source, options)
        .unwrap_or_else(|e| panic!("{}", e.error().render("test.wgsl", source)))
        .words;
    common::validate_spirv(&words, TargetEnv::Vulkan_1_3).expect("valid");
    common::disassemble(&words).expect("rspirv reads the module")
}

const INT8: &str = "enable tessera_experimental_cooperative_vector;
@group(0) @binding(0) var<storage, read> w: array<u32>;
@group(0) @binding(1) var<storage, read> bias: array<i32>;
@group(0) @binding(2) var<storage, read_write> out: array<i32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let xi = coop_vec<i32, 16>(i32(id.x));
    let xf = coop_vec<f32, 16>(f32(id.x) * 0.5);
    let xp = coop_vec<u32, 4>(id.x * 0x01010101u);
    let a = coopVecMatMulAdd<coop_vec<i32, 8>, i8>(xi, &w, 0u, false, 16u, &bias, 0u);
    let b = coopVecMatMul<coop_vec<i32, 8>, u8>(xf, &w, 128u, true, 16u);
    let c = coopVecMatMul<coop_vec<i32, 8>, i8>(xp, &w, 256u, false, 16u);
    let d = max(a + b - c, coop_vec<i32, 8>());
    out[id.x] = d[0] + d[7];
}
";

/// 8-bit products natively: the input read as the matrix's type (packed
/// for the `u32` input, whose K is 16), an i32 bias, and the signedness
/// operands; each listed configuration is needed.
#[test]
fn int8_products() {
    let text = compile(INT8, (1, 6), &["i32/i8:i32", "f32/u8:i32", "u32/i8:i32"]);
    assert_eq!(
        text.matches("OpCooperativeVectorMatrixMulAddNV").count(),
        1,
        "{text}"
    );
    assert_eq!(
        text.matches("OpCooperativeVectorMatrixMulNV").count(),
        2,
        "{text}"
    );
    assert_eq!(
        text.matches("CooperativeMatrixOperands(MATRIX_B_SIGNED_COMPONENTS_KHR | MATRIX_RESULT_SIGNED_COMPONENTS_KHR)").count(),
        1,
        "{text}"
    );
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("spv-coop-vector@int8", text);
    });
    // Without the f32 -> u8 configuration, every product is a loop.
    let text = compile(INT8, (1, 6), &["i32/i8:i32", "u32/i8:i32"]);
    assert!(!text.contains("CooperativeVectorMatrixMul"), "{text}");
}

/// A transposed product in the inference layout: natively only where the
/// configuration transposes (`+transpose`), its `Transpose` operand true
/// and its region the stored `K x M` matrix's bound.
#[test]
fn optimal_layout_transposed() {
    let source = "enable f16;
enable tessera_experimental_cooperative_vector;
@group(0) @binding(0) var<storage, read> w: array<f16>;
@group(0) @binding(1) var<storage, read_write> out: array<f16>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let dy = coop_vec<f16, 8>(w[id.x]);
    let dx = coopVecMatMulOptimal<coop_vec<f16, 16>>(dy, &w, 0u, true);
    out[id.x] = dx[0];
}
";
    let mut options = CompileOptions::default();
    options.spv.version = (1, 6);
    options.pipeline.cooperative_vector_optimal_layouts =
        vec!["inference:f16:8x16".parse().expect("bound")];
    options.pipeline.cooperative_vector_configs = configs(&["f16:f16+transpose"]);
    let text = compile_with(source, &options);
    assert_eq!(
        text.matches("OpCooperativeVectorMatrixMulNV").count(),
        1,
        "{text}"
    );
    assert!(text.contains("OpConstantTrue"), "{text}");
    // Without transposition in the configuration: loops.
    options.pipeline.cooperative_vector_configs = configs(&["f16:f16"]);
    let text = compile_with(source, &options);
    assert!(!text.contains("CooperativeVectorMatrixMul"), "{text}");
}

//! `enable subgroup_matrix;`, the standard-track spelling of subgroup
//! matrices: modules that follow the WebGPU proposal compile to SPIR-V
//! (validated by SPIRV-Tools for Vulkan 1.1 and 1.3) and MSL (checked with
//! clang against the Metal shim) exactly as with Chromium's name, the WGSL
//! writer keeps the spelling, the diagnostic rule has its bare name, and
//! the reflection reports each buffer's minimum binding size
//! (`MinStorageSize`). Tint's subgroup-matrix corpus is run with the
//! standard name where its inputs use only what the proposal has.
//!
//! The errors are in `tests/errors_matrix_standard.rs`; the snapshot of
//! `tests/in/subgroup_matrix_standard.wgsl` is in `snapshots/`.

mod common;
mod corpus_util;
mod msl_shim_util;

use spirv_tools::TargetEnv;
use tessera::ir::{Access, AddressSpace, Scalar};
use tessera::pipeline::{BindingReflection, HostLayout, Reflection};
use tessera::Severity;

const MATMUL: &str = include_str!("in/subgroup_matrix_standard.wgsl");

/// The same source with Chromium's name instead of the standard one (an
/// `enable subgroup_matrix;` line).
fn chromium(source: &str) -> String {
    let mut out: String = source
        .lines()
        .map(|l| match l {
            "enable subgroup_matrix;" => "enable chromium_experimental_subgroup_matrix;",
            l => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    out.push('\n');
    out
}

fn compile(source: &str) -> common::Compiled {
    compile_with(source, &common::Directives::default())
}

fn compile_with(source: &str, d: &common::Directives) -> common::Compiled {
    match common::compile("test.wgsl", source, d) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

/// SPIR-V 1.3 (validated for Vulkan 1.1) and 1.6 (Vulkan 1.3); the 1.3
/// words.
fn spirv(source: &str, c: &common::Compiled) -> Vec<u32> {
    let words = common::spirv("test.wgsl", source, c, (1, 3), TargetEnv::Vulkan_1_1)
        .unwrap_or_else(|e| panic!("{e}"));
    common::spirv("test.wgsl", source, c, (1, 6), TargetEnv::Vulkan_1_3)
        .unwrap_or_else(|e| panic!("{e}"));
    words
}

fn msl(c: &common::Compiled) -> String {
    match tessera::lower::msl::write(&c.pipeline, &tessera::back::msl::Options::default()) {
        Ok(text) => text,
        Err(e) => panic!("{}", e.render("test.wgsl", "")),
    }
}

#[test]
fn matmul_compiles_like_the_chromium_spelling() {
    let standard = compile(MATMUL);
    let words = spirv(MATMUL, &standard);
    let chromium_src = chromium(MATMUL);
    let chromium = compile(&chromium_src);
    assert_eq!(
        words,
        spirv(&chromium_src, &chromium),
        "the two spellings must give the same SPIR-V"
    );
    assert_eq!(msl(&standard), msl(&chromium), "and the same MSL");
    let text = common::disassemble(&words).expect("disassembles");
    assert!(text.contains("OpCooperativeMatrixMulAddKHR"));
    assert!(
        text.contains("OpCapability GroupNonUniform"),
        "subgroups are implied"
    );
}

#[test]
fn matmul_msl_compiles_against_the_metal_shim() {
    let Some(clang) = msl_shim_util::require_clang() else {
        return;
    };
    let text = msl(&compile(MATMUL));
    if let Err(e) = clang.check(&text) {
        panic!("{e}\n{text}");
    }
}

#[test]
fn wgsl_output_keeps_the_spelling() {
    let src = format!(
        "diagnostic(warning, subgroup_matrix_uniformity);\n{}",
        MATMUL.replacen("enable subgroup_matrix;\n", "", 1)
    );
    let src = format!("enable subgroup_matrix;\n{src}");
    let c = compile(&src);
    let out = tessera::back::wgsl::write(&c.module).expect("WGSL output");
    assert!(out.contains("enable subgroup_matrix;"), "{out}");
    assert!(!out.contains("chromium"), "{out}");
    assert!(
        out.contains("diagnostic(warning, subgroup_matrix_uniformity);"),
        "{out}"
    );
    assert!(
        out.contains("subgroupMatrixMultiplyAccumulate<subgroup_matrix_result<f32, 8, 8>>("),
        "{out}"
    );
    assert!(
        out.contains("subgroupMatrixMultiply<subgroup_matrix_result<f32, 8, 8>>("),
        "{out}"
    );
    // The output compiles again, to the same output and the same SPIR-V.
    let again = compile(&out);
    assert_eq!(
        tessera::back::wgsl::write(&again.module).as_deref(),
        Ok(&out[..])
    );
    assert_eq!(spirv(&out, &again), spirv(&src, &c));
    // Chromium's spelling prints as before.
    let c = compile(&chromium(MATMUL));
    let out = tessera::back::wgsl::write(&c.module).expect("WGSL output");
    assert!(out.contains("enable chromium_experimental_subgroup_matrix;"));
    assert!(out.contains("subgroupMatrixMultiplyAccumulate("), "{out}");
}

#[test]
fn enable_implies_subgroups() {
    let src = "enable subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(subgroup_id) sg: u32, @builtin(subgroup_size) n: u32) {
    out[sg] = subgroupAdd(n);
}
";
    spirv(src, &compile(src));
}

#[test]
fn vector_and_eight_bit_arrays_count_elements() {
    // Offsets and strides count array elements: a row of an 8x8 f32
    // matrix is two vec4<f32>; a row of an 8x8 u8 matrix is two u32 (8
    // bytes) or one vec2<u32>.
    let src = "enable subgroup_matrix;
@group(0) @binding(0) var<storage, read> f: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> q: array<u32>;
@group(0) @binding(2) var<storage, read> q2: array<vec2<u32>, 64>;
@group(0) @binding(3) var<storage, read_write> out: array<vec4<i32>>;
var<workgroup> wg: array<vec4<f32>, 16>;
@compute @workgroup_size(64)
fn main() {
    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&f, 0u, 2u);
    subgroupMatrixStore<col_major>(&wg, 0u, m, 2u);
    let l = subgroupMatrixLoad<subgroup_matrix_left<u8, 8, 8>, row_major>(&q, 4u, 2u);
    let r = subgroupMatrixLoad<subgroup_matrix_right<i8, 8, 8>, col_major>(&q2, 8u, 1u);
    let s = subgroupMatrixLoad<subgroup_matrix_right<u8, 8, 8>, col_major>(&q2, 8u, 1u);
    let p = subgroupMatrixMultiply<subgroup_matrix_result<i32, 8, 8>>(l, s);
    let acc = subgroupMatrixMultiplyAccumulate<subgroup_matrix_result<i32, 8, 8>>(l, s, p);
    subgroupMatrixStore<row_major>(&out, 0u, subgroupMatrixScalarSubtract(acc, 3i), 2u);
    _ = r;
}
";
    spirv(src, &compile(src));
}

#[test]
fn override_operands_within_bounds_compile() {
    let src = "enable subgroup_matrix;
override off: u32 = 64;
override s: u32 = 8;
override n: u32 = 128;
var<workgroup> w: array<f32, n>;
@group(0) @binding(0) var<storage, read_write> b: array<f32, 512>;
@compute @workgroup_size(64)
fn main() {
    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&w, off, s);
    subgroupMatrixStore<col_major>(&b, off, subgroup_matrix_result<f32, 8, 8>(), s);
    _ = m;
}
";
    spirv(src, &compile(src));
    let d = common::Directives {
        overrides: [("off".to_string(), 0.0), ("n".to_string(), 64.0)].into(),
        ..Default::default()
    };
    spirv(src, &compile_with(src, &d));
}

/// Parse and validate; the warnings of both.
fn warnings(source: &str) -> Vec<tessera::Diagnostic> {
    let parsed = tessera::front::wgsl::parse_str(source).unwrap_or_else(|e| {
        panic!("{}", e.render("test.wgsl", source));
    });
    let info = tessera::valid::validate(&parsed.module).unwrap_or_else(|e| {
        panic!("{}", e.render("test.wgsl", source));
    });
    parsed.warnings.into_iter().chain(info.warnings).collect()
}

const NON_UNIFORM: &str = "
@group(0) @binding(0) var<storage, read_write> b: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    if lid > 3u {
        let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&b, 0u, 8u);
    }
}
";

#[test]
fn diagnostic_rule_has_its_standard_name() {
    // Before or after the enable: directives come in any order.
    for head in [
        "enable subgroup_matrix;\ndiagnostic(off, subgroup_matrix_uniformity);\n",
        "diagnostic(off, subgroup_matrix_uniformity);\nenable subgroup_matrix;\n",
        "enable subgroup_matrix;\ndiagnostic(off, chromium.subgroup_matrix_uniformity);\n",
    ] {
        let w = warnings(&format!("{head}{NON_UNIFORM}"));
        assert!(w.is_empty(), "{head}: {w:?}");
    }
    let w = warnings(&format!(
        "enable subgroup_matrix;\n{}",
        NON_UNIFORM.replacen(
            "@compute",
            "@diagnostic(warning, subgroup_matrix_uniformity) @compute",
            1
        )
    ));
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].severity, Severity::Warning);
    assert_eq!(w[0].rule.as_deref(), Some("subgroup_matrix_uniformity"));
}

#[test]
fn bare_rule_name_needs_the_standard_enable() {
    // Without `enable subgroup_matrix;` the bare name is an unknown rule,
    // as before (a warning; the filter has no effect).
    for enable in ["", "enable chromium_experimental_subgroup_matrix;\n"] {
        let src = format!("{enable}diagnostic(off, subgroup_matrix_uniformity);\n");
        let w = warnings(&src);
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(
            w[0].message
                .contains("unknown diagnostic rule 'subgroup_matrix_uniformity'"),
            "{:?}",
            w[0].message
        );
    }
}

/// The reflection of the pipeline of `source` (default options).
fn reflection(source: &str) -> Reflection {
    compile(source).pipeline.reflection
}

fn binding(r: &Reflection, entry: usize, name: &str) -> BindingReflection {
    r.entry_points[entry]
        .bindings
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no binding '{name}': {:?}", r.entry_points[entry].bindings))
        .clone()
}

#[test]
fn reflection_direct_use() {
    let src = "enable subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> m: array<f32>;
@group(0) @binding(1) var<uniform> u: vec4<u32>;
@group(1) @binding(0) var<storage, read> unused: array<f32>;
@compute @workgroup_size(64)
fn main() {
    let x = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&m, u.x, u.y);
    subgroupMatrixStore<row_major>(&m, u.z, x, 8u);
}
";
    let r = reflection(src);
    assert_eq!(
        r.entry_points[0].bindings,
        vec![
            BindingReflection {
                group: 0,
                binding: 0,
                name: "m".into(),
                type_name: "array<f32>".into(),
                space: AddressSpace::Storage,
                access: Access::ReadWrite,
                min_binding_size: 256,
                subgroup_matrix_min_size: Some(256),
                layout: HostLayout::Array {
                    element: std::sync::Arc::new(HostLayout::Scalar {
                        scalar: Scalar::F32,
                        atomic: false,
                    }),
                    stride: 4,
                    count: None,
                },
                uniform_standard_layout: false,
            },
            BindingReflection {
                group: 0,
                binding: 1,
                name: "u".into(),
                type_name: "vec4<u32>".into(),
                space: AddressSpace::Uniform,
                access: Access::Read,
                min_binding_size: 16,
                subgroup_matrix_min_size: None,
                layout: HostLayout::Vector {
                    size: 4,
                    scalar: Scalar::U32,
                },
                uniform_standard_layout: false,
            },
        ],
        "bindings the entry point does not use are not listed"
    );
    // The same with Chromium's name.
    assert_eq!(reflection(&chromium(src)), r);
}

#[test]
fn reflection_adds_the_offset_of_the_array() {
    // data is at offset 16 of B; one f16 8x8 matrix is 128 bytes. WebGPU's
    // minimum alone is 16 + 2 rounded up to B's alignment (4): 20.
    let src = "enable f16;
enable subgroup_matrix;
struct B { header: vec4<u32>, data: array<f16> }
@group(0) @binding(0) var<storage, read> b: B;
@group(0) @binding(1) var<storage, read_write> rows: array<array<f32, 64>>;
@compute @workgroup_size(64)
fn main() {
    let x = subgroupMatrixLoad<subgroup_matrix_right<f16, 8, 8>, col_major>(&b.data, b.header.x, 8u);
    // The third row of 256 bytes: 512 + 256.
    subgroupMatrixStore<row_major>(&rows[2], 0u, subgroup_matrix_result<f32, 8, 8>(), 8u);
    // A dynamic index counts as 0.
    subgroupMatrixStore<row_major>(&rows[b.header.y], 0u, subgroup_matrix_result<f32, 8, 8>(), 8u);
    _ = x;
}
";
    let r = reflection(src);
    let b = binding(&r, 0, "b");
    assert_eq!(b.subgroup_matrix_min_size, Some(144));
    assert_eq!(b.min_binding_size, 144);
    let rows = binding(&r, 0, "rows");
    assert_eq!(rows.subgroup_matrix_min_size, Some(768));
    assert_eq!(rows.min_binding_size, 768);
}

#[test]
fn reflection_through_pointer_parameters() {
    // The loads are in helpers; the buffers are named by the callers, at
    // an offset (the `data` member) that the helper cannot see.
    let src = "enable subgroup_matrix;
struct S { n: u32, pad: vec3<u32>, data: array<f32> }
@group(0) @binding(0) var<storage, read> s: S;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
alias L = subgroup_matrix_left<f32, 8, 8>;
fn load(p: ptr<storage, array<f32>, read>, o: u32) -> L {
    return subgroupMatrixLoad<L, row_major>(p, o, 8u);
}
fn load_twice(p: ptr<storage, array<f32>, read>) -> L {
    _ = load(p, 64u);
    return load(p, 0u);
}
fn store(p: ptr<storage, array<f32>, read_write>, m: subgroup_matrix_result<f32, 16, 16>) {
    subgroupMatrixStore<col_major>(p, 0u, m, 16u);
}
@compute @workgroup_size(64)
fn main() {
    let l = load_twice(&s.data);
    store(&out, subgroup_matrix_result<f32, 16, 16>());
    _ = l;
}
@compute @workgroup_size(64)
fn other() {
    _ = s.n;
}
";
    let r = reflection(src);
    // data is at 28 (after a vec3<u32> at 16): 28 + 256.
    let sb = binding(&r, 0, "s");
    assert_eq!(
        (sb.subgroup_matrix_min_size, sb.min_binding_size),
        (Some(284), 284)
    );
    // 16 x 16 f32.
    let ob = binding(&r, 0, "out");
    assert_eq!(
        (ob.subgroup_matrix_min_size, ob.min_binding_size),
        (Some(1024), 1024)
    );
    // The other entry point reads only the header: WebGPU's minimum.
    let sb = binding(&r, 1, "s");
    assert_eq!(
        (sb.subgroup_matrix_min_size, sb.min_binding_size),
        (None, 32)
    );
    assert!(r.entry_points[1].bindings.iter().all(|b| b.name != "out"));
}

#[test]
fn reflection_takes_the_largest_use() {
    // Two loads of different sizes from one buffer: 8x8 and 16x16 f16
    // (128 and 512 bytes), a third through a helper (8x16 u8: 128).
    let src = "enable f16;
enable subgroup_matrix;
@group(0) @binding(0) var<storage, read> h: array<f16>;
@group(0) @binding(1) var<storage, read> fixed: array<f32, 1024>;
fn small(p: ptr<storage, array<f16>, read>) -> subgroup_matrix_left<u8, 16, 8> {
    return subgroupMatrixLoad<subgroup_matrix_left<u8, 16, 8>, row_major>(p, 0u, 8u);
}
@compute @workgroup_size(64)
fn main() {
    let a = subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>, row_major>(&h, 0u, 8u);
    let b = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&h, 0u, 16u);
    let c = small(&h);
    // A fixed-size buffer larger than the matrix: WebGPU's minimum wins.
    let d = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&fixed, 0u, 8u);
    _ = a;
    _ = b;
    _ = c;
    _ = d;
}
";
    let r = reflection(src);
    let hb = binding(&r, 0, "h");
    assert_eq!(
        (hb.subgroup_matrix_min_size, hb.min_binding_size),
        (Some(512), 512)
    );
    let fb = binding(&r, 0, "fixed");
    assert_eq!(
        (fb.subgroup_matrix_min_size, fb.min_binding_size),
        (Some(256), 4096)
    );
    assert_eq!(reflection(&chromium(src)), r, "same with Chromium's name");
}

#[test]
fn reflection_of_chromium_override_dimensions() {
    // Chromium's name allows override-expression dimensions: the sizes use
    // the pipeline's values.
    let src = "enable chromium_experimental_subgroup_matrix;
override rows: u32 = 8;
@group(0) @binding(0) var<storage, read> b: array<f32>;
@compute @workgroup_size(64)
fn main() {
    let x = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, rows>, row_major>(&b, 0, 8);
    _ = x;
}
";
    let b0 = binding(&reflection(src), 0, "b");
    assert_eq!(b0.min_binding_size, 256);
    let d = common::Directives {
        overrides: [("rows".to_string(), 16.0)].into(),
        ..Default::default()
    };
    let b1 = binding(&compile_with(src, &d).pipeline.reflection, 0, "b");
    assert_eq!(b1.min_binding_size, 512);
}

#[test]
fn library_outputs_carry_the_reflection() {
    let spv = tessera::compile_to_spirv(MATMUL, &Default::default()).expect("compiles");
    let msl = tessera::compile_to_msl(MATMUL, &Default::default()).expect("compiles");
    assert_eq!(spv.reflection, msl.reflection);
    let names: Vec<(&str, u64)> = spv.reflection.entry_points[0]
        .bindings
        .iter()
        .map(|b| (b.name.as_str(), b.min_binding_size))
        .collect();
    // a: 8x8 f32 through `load_left`; b: an 8x8 f32 matrix in vec4<f32>s;
    // c: two stores; params: the uniform structure.
    assert_eq!(names, [("params", 8), ("a", 256), ("b", 256), ("c", 256)]);
}

/// Inputs of the corpus that do not compile with either name.
const CORPUS_EXPECTED_FAILURES: &[&str] =
    &["extensions/subgroup_matrix/runtime_array_workgroup.wgsl"];

#[test]
fn tint_corpus_with_the_standard_name() {
    let Some(dir) = corpus_util::corpus("tint-subgroup-matrix") else {
        return;
    };
    let files = corpus_util::wgsl_files(&dir);
    assert!(
        files.len() >= 300,
        "expected the corpus in {}",
        dir.display()
    );
    let mut options = tessera::CompileOptions::default();
    options.pipeline.max_workgroup_storage_size = u32::MAX;
    let (mut valid, mut chromium_only) = (0, 0);
    let mut problems = Vec::new();
    for path in &files {
        let name = path
            .strip_prefix(&dir)
            .unwrap_or(path)
            .display()
            .to_string();
        let original = std::fs::read_to_string(path).expect("readable corpus file");
        let source = original.replacen(
            "enable chromium_experimental_subgroup_matrix;",
            "enable subgroup_matrix;",
            1,
        );
        let expected_failure = CORPUS_EXPECTED_FAILURES.contains(&name.as_str());
        match tessera::compile_to_spirv(&source, &options) {
            Ok(out) if !expected_failure => {
                match common::validate_spirv(&out.words, TargetEnv::Vulkan_1_1) {
                    Ok(()) => valid += 1,
                    Err(e) => problems.push(format!("{name}: invalid SPIR-V: {e}")),
                }
            }
            Ok(_) => problems.push(format!("{name}: expected to fail, but compiled")),
            Err(_) if expected_failure => {}
            // The rules of the standard name: every such error names it.
            Err(tessera::CompileError::ShaderModule(e) | tessera::CompileError::Pipeline(e))
                if e.errors().all(|d| {
                    std::iter::once(&d.message)
                        .chain(&d.notes)
                        .any(|t| t.contains("enable subgroup_matrix;"))
                }) =>
            {
                chromium_only += 1
            }
            Err(e) => problems.push(format!(
                "{name}: unexpected error:\n{}",
                e.error().render(&name, &source)
            )),
        }
    }
    eprintln!(
        "tint-subgroup-matrix with `enable subgroup_matrix;`: {valid} valid SPIR-V, {chromium_only} use what only Chromium's name allows, {} expected failures, of {}",
        CORPUS_EXPECTED_FAILURES.len(),
        files.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    assert!(valid > 0, "no input compiled with the standard name");
}

//! Tint's subgroup-matrix corpus through the MSL backend: every input must
//! either produce MSL that compiles with clang against the Metal shim
//! (`tests/metal-shim`), or be rejected with "Metal cannot express" errors
//! only. The counts are printed (`--nocapture`).
//!
//! The corpus lives outside the repository (`../shared` beside it; see
//! `corpus_util`). Without `clang++` the test fails, unless
//! `TESSERA_SKIP_CLANG=1`.

mod corpus_util;
mod msl_shim_util;

use msl_shim_util::require_clang;

#[test]
fn corpus_compiles_or_is_rejected_clearly() {
    let Some(dir) = corpus_util::corpus("tint-subgroup-matrix") else {
        return;
    };
    let Some(clang) = require_clang() else { return };
    let files = corpus_util::wgsl_files(&dir);
    assert!(
        files.len() >= 300,
        "expected the corpus in {}",
        dir.display()
    );
    let mut options = tessera::MslCompileOptions::default();
    // Tint's tests declare large workgroup arrays; WebGPU's default limit
    // is a device property, not something the corpus respects.
    options.pipeline.max_workgroup_storage_size = u32::MAX;
    let (mut passed, mut rejected, mut front_end) = (0, 0, 0);
    let mut problems = Vec::new();
    for path in &files {
        let name = path
            .strip_prefix(&dir)
            .unwrap_or(path)
            .display()
            .to_string();
        let source = std::fs::read_to_string(path).expect("readable corpus file");
        match tessera::compile_to_msl(&source, &options) {
            Ok(out) => match clang.check(&out.source) {
                Ok(()) => passed += 1,
                Err(e) => problems.push(format!("{name}: MSL does not compile:\n{e}")),
            },
            Err(tessera::CompileError::Backend(e))
                if e.errors()
                    .all(|d| d.message.starts_with("Metal cannot express")) =>
            {
                rejected += 1
            }
            // Features outside this compiler's WGSL (e.g. `buffer<N>` and
            // `bufferView`): not an MSL question.
            Err(tessera::CompileError::ShaderModule(_)) => front_end += 1,
            Err(e) => problems.push(format!(
                "{name}: unexpected error:\n{}",
                e.error().render(&name, &source)
            )),
        }
    }
    eprintln!(
        "tint-subgroup-matrix corpus: {} inputs, {passed} produce MSL that passes the shim check, {rejected} rejected with \"Metal cannot express\" errors, {front_end} not accepted by the front end, {} other",
        files.len(),
        problems.len()
    );
    assert!(
        problems.is_empty(),
        "{} of {} corpus inputs failed:\n{}",
        problems.len(),
        files.len(),
        problems.join("\n")
    );
}

/// Every subgroup-matrix operation (f32 and f16; storage and workgroup;
/// row- and column-major; scalar and vector array elements), with and
/// without bounds checks, compiles against the shim.
#[test]
fn matrix_operations_compile_with_and_without_bounds_checks() {
    let Some(clang) = require_clang() else { return };
    let source = r#"
enable f16;
enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> f: array<f32>;
@group(0) @binding(1) var<storage, read_write> h: array<vec4<f16>>;
@group(0) @binding(2) var<storage, read> v: array<vec4<f32>, 64>;
var<workgroup> wf: array<f32, 256>;
var<workgroup> wh: array<f16, 256>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let a = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&f, 0u, 8u);
    let b = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>, col_major>(&v, 2i, 2i);
    let c = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>, row_major>(&wf, 0u, 8u);
    var d = subgroupMatrixMultiplyAccumulate(a, b, c);
    d = subgroupMatrixScalarAdd(d, 1.0);
    d = subgroupMatrixScalarSubtract(d, 2.0);
    d = subgroupMatrixScalarMultiply(d, -3.0);
    subgroupMatrixStore<col_major>(&f, 64u, d, 8u);
    subgroupMatrixStore<row_major>(&wf, 0u, subgroupMatrixMultiply<f32>(a, b), 8u);
    let ha = subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>, col_major>(&h, 0u, 2u);
    let hb = subgroupMatrixLoad<subgroup_matrix_right<f16, 8, 8>, row_major>(&wh, 0u, 8u);
    let hc = subgroup_matrix_result<f16, 8, 8>(0.5h);
    var hd = subgroupMatrixMultiplyAccumulate(ha, hb, hc);
    hd = subgroupMatrixScalarAdd(subgroupMatrixScalarSubtract(hd, 1.0h), 2.0h);
    hd = subgroupMatrixScalarMultiply(hd, 4.0h);
    subgroupMatrixStore<row_major>(&h, 16u, subgroupMatrixMultiply<f16>(ha, hb), 2u);
    subgroupMatrixStore<col_major>(&wh, 64u, hd, 8u);
    subgroupMatrixStore<row_major>(&wh, 0u, subgroup_matrix_result<f16, 8, 8>(), 8u);
}
"#;
    for bounds_checks in [true, false] {
        let mut options = tessera::MslCompileOptions::default();
        options.msl.bounds_checks = bounds_checks;
        let out = tessera::compile_to_msl(source, &options)
            .unwrap_or_else(|e| panic!("{}", e.error().render("t.wgsl", source)));
        // Each load and store is one Metal call on the array's element 0
        // as a pointer to the component type (no helper functions).
        for call in [
            "metal::simdgroup_load(m, reinterpret_cast<const device float*>",
            "reinterpret_cast<const device half*>",
            "reinterpret_cast<const threadgroup half*>",
            "reinterpret_cast<device half*>",
            "reinterpret_cast<threadgroup float*>",
            "metal::simdgroup_multiply_accumulate(",
        ] {
            assert!(out.source.contains(call), "{call} missing:\n{}", out.source);
        }
        assert!(!out.source.contains("tessera_simdgroup"), "{}", out.source);
        // With bounds checks the robustness pass guards the access to the
        // runtime-sized array (its length from the sizes buffer).
        assert_eq!(
            out.source.contains("_buffer_sizes.size["),
            bounds_checks,
            "{}",
            out.source
        );
        if let Err(e) = clang.check(&out.source) {
            panic!("bounds_checks = {bounds_checks}: {e}\n{}", out.source);
        }
    }
}

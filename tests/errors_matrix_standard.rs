//! Negative tests for `enable subgroup_matrix;` (the standard-track
//! spelling): every error its rules add, with message and primary span,
//! and for each the Chromium name's behaviour where it differs (the
//! positive side is `tests/subgroup_matrix_standard.rs`).
//!
//! Checklist (message pattern -> test):
//! - the 'col_major' argument form of '{load,store}' is not available ... ->
//!   col_major_argument_load, col_major_argument_store
//! - '{load,store}' requires a majorness template argument ... -> load_without_majorness,
//!   store_without_majorness
//! - the {offset,stride} argument of '{}' must be u32 ... -> offset_i32, stride_i32
//! - (abstract negative offset: the u32 conversion error) -> negative_literal_offset
//! - subgroup matrix {column,row} count must be a const-expression ... -> override_dimension
//! - subgroup matrix type '{}' cannot be used in the 'private' address space -> private_variable,
//!   private_array_of_matrices, private_pointer_parameter
//! - the template argument of 'subgroupMatrixMultiply' must be the result matrix type ... ->
//!   multiply_component_template
//! - 'subgroupMatrixMultiply' requires one template argument, the result matrix type ->
//!   multiply_without_template
//! - 'subgroupMatrixMultiplyAccumulate' requires the result matrix type ... ->
//!   accumulate_without_template
//! - the stride argument ({s}, {b} bytes) ... minimum stride (const) -> stride_below_minimum,
//!   stride_units_are_array_strides
//! - the pointer operand of {} is too small (const) -> fixed_array_overrun,
//!   default_stride_is_whole_elements
//! - the workgroup array of {} ({n} bytes) is smaller than MinStorageSize ... ->
//!   workgroup_array_below_min_storage_size
//! - pipeline creation: stride / overrun / MinStorageSize with override-expressions ->
//!   override_stride_below_minimum, override_offset_overrun, override_sized_workgroup_array_*
//! - '{a}' cannot be enabled together with '{b}' -> both_names_*
//! - compute-only (render stages) -> compute_only
//! - uniformity under the rule's standard name -> uniformity_rule_is_named_*

#[path = "common/check.rs"]
mod check;

use check::{check_error, check_error_with, check_ok_with, first_errors};
use tessera::pipeline::PipelineOptions;
use tessera::Diagnostic;

/// Prefixes the standard-track `enable` directive.
macro_rules! std_sm {
    ($s:expr) => {
        concat!("enable subgroup_matrix;\n", $s)
    };
}

/// A storage buffer `b` of `array<f32>`, a uniform `u: vec2<u32>` and a
/// compute entry point around `$body` (standard name).
macro_rules! body {
    ($s:expr) => {
        std_sm!(concat!(
            "@group(0) @binding(0) var<storage, read_write> b: array<f32>;\n",
            "@group(0) @binding(1) var<uniform> u: vec2<u32>;\n",
            "alias L = subgroup_matrix_left<f32, 8, 8>;\n",
            "alias R = subgroup_matrix_right<f32, 8, 8>;\n",
            "alias A = subgroup_matrix_result<f32, 8, 8>;\n",
            "@compute @workgroup_size(64)\nfn main() {\n",
            $s,
            "\n}\n"
        ))
    };
}

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

/// Asserts that `source` compiles with Chromium's name (the rule is the
/// standard name's only).
#[track_caller]
fn chromium_ok(source: &str) {
    check_ok_with(&chromium(source), &PipelineOptions::default());
}

/// The error `check_error_with` found, for checking its notes.
#[track_caller]
fn error_with(source: &str, options: &PipelineOptions, message: &str, spanned: &str) -> Diagnostic {
    check_error_with(source, options, message, spanned);
    let (_, diags) = first_errors(source, options).expect("an error");
    diags
        .into_iter()
        .find(|d| d.message.contains(message))
        .expect("the error")
}

#[track_caller]
fn error(source: &str, message: &str, spanned: &str) -> Diagnostic {
    error_with(source, &PipelineOptions::default(), message, spanned)
}

#[track_caller]
fn has_note(d: &Diagnostic, text: &str) {
    assert!(
        d.notes.iter().any(|n| n.contains(text)),
        "no note contains `{text}`: {:?}",
        d.notes
    );
}

/// The stage an error comes from.
#[track_caller]
fn stage_of(source: &str, options: &PipelineOptions) -> &'static str {
    first_errors(source, options).expect("an error").0
}

#[test]
fn col_major_argument_load() {
    let src = body!("    let m = subgroupMatrixLoad<L>(&b, 0u, true, 8u);");
    let d = error(
        src,
        "the 'col_major' argument form of 'subgroupMatrixLoad' is not available with 'enable subgroup_matrix;'",
        "true",
    );
    has_note(
        &d,
        "help: write 'subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, col_major>(p, offset, stride)'",
    );
    has_note(&d, "offset and stride count elements of the array");
    // `false` is row-major.
    let src = body!("    let m = subgroupMatrixLoad<L>(&b, 0u, false, 8u);");
    let d = error(src, "'col_major' argument form", "false");
    has_note(&d, "subgroup_matrix_left<f32, 8, 8>, row_major>");
    chromium_ok(body!(
        "    let m = subgroupMatrixLoad<L>(&b, 0u, true, 8u);"
    ));
}

#[test]
fn col_major_argument_store() {
    let src = body!("    subgroupMatrixStore(&b, 0u, A(), false, 8u);");
    let d = error(
        src,
        "the 'col_major' argument form of 'subgroupMatrixStore' is not available with 'enable subgroup_matrix;'",
        "false",
    );
    has_note(
        &d,
        "help: write 'subgroupMatrixStore<row_major>(p, offset, value, stride)'",
    );
    chromium_ok(body!("    subgroupMatrixStore(&b, 0u, A(), false, 8u);"));
}

#[test]
fn load_without_majorness() {
    let d = error(
        body!("    let m = subgroupMatrixLoad<L>(&b, 0u, 8u);"),
        "'subgroupMatrixLoad' requires a majorness template argument (row_major or col_major) with 'enable subgroup_matrix;'",
        "subgroupMatrixLoad<L>(&b, 0u, 8u)",
    );
    has_note(
        &d,
        "candidate: subgroupMatrixLoad<T, L>(ptr<AS, array<E>, AM>, offset: u32, stride: u32)",
    );
}

#[test]
fn store_without_majorness() {
    error(
        body!("    subgroupMatrixStore(&b, 0u, A(), 8u);"),
        "'subgroupMatrixStore' requires a majorness template argument (row_major or col_major) with 'enable subgroup_matrix;'",
        "subgroupMatrixStore(&b, 0u, A(), 8u)",
    );
}

#[test]
fn offset_i32() {
    let src = body!("    let m = subgroupMatrixLoad<L, row_major>(&b, 0i, 8u);");
    let d = error(
        src,
        "the offset argument of 'subgroupMatrixLoad' must be u32 with 'enable subgroup_matrix;', found 'i32'",
        "0i",
    );
    has_note(&d, "help: convert it with 'u32(...)'");
    chromium_ok(src);
}

#[test]
fn stride_i32() {
    let src = body!("    let s = 8i;\n    subgroupMatrixStore<col_major>(&b, 0u, A(), s);");
    error(
        src,
        "the stride argument of 'subgroupMatrixStore' must be u32 with 'enable subgroup_matrix;', found 'i32'",
        "s",
    );
    chromium_ok(src);
}

#[test]
fn negative_literal_offset() {
    // Abstract integers become u32: a negative one cannot.
    check_error(
        body!("    let m = subgroupMatrixLoad<L, row_major>(&b, -8, 8);"),
        "u32",
        "-8",
    );
}

#[test]
fn override_dimension() {
    let src = std_sm!(
        "override n: u32 = 8;\n@compute @workgroup_size(64)\nfn main() {\n    var m: subgroup_matrix_left<f32, n, 8>;\n}\n"
    );
    error(
        src,
        "subgroup matrix column count must be a const-expression with 'enable subgroup_matrix;', found an override-expression",
        "n",
    );
    let src = std_sm!(
        "override n: u32 = 8;\n@compute @workgroup_size(64)\nfn main() {\n    var m: subgroup_matrix_right<f32, 8, n>;\n}\n"
    );
    error(
        src,
        "subgroup matrix row count must be a const-expression",
        "n",
    );
    chromium_ok(src);
}

#[test]
fn private_variable() {
    let src = std_sm!(
        "var<private> m: subgroup_matrix_left<f32, 8, 8>;\n@compute @workgroup_size(64)\nfn main() {\n    m = subgroup_matrix_left<f32, 8, 8>();\n}\n"
    );
    let d = error(
        src,
        "subgroup matrix type 'subgroup_matrix_left<f32, 8, 8>' cannot be used in the 'private' address space",
        "var<private> m: subgroup_matrix_left<f32, 8, 8>",
    );
    has_note(&d, "with 'enable subgroup_matrix;' subgroup matrices can only be in the 'function' address space");
    chromium_ok(src);
}

#[test]
fn private_array_of_matrices() {
    let src = std_sm!(
        "struct S { m: array<subgroup_matrix_result<f32, 8, 8>, 2> }\nvar<private> s: S;\n"
    );
    error(
        src,
        "subgroup matrix type 'S' cannot be used in the 'private' address space",
        "var<private> s: S",
    );
    chromium_ok(src);
}

#[test]
fn private_pointer_parameter() {
    let src = std_sm!("fn f(p: ptr<private, subgroup_matrix_left<f32, 8, 8>>) {}\n");
    error(
        src,
        "subgroup matrix type 'subgroup_matrix_left<f32, 8, 8>' cannot be used in the 'private' address space",
        "fn f(p: ptr<private, subgroup_matrix_left<f32, 8, 8>>) {}",
    );
    chromium_ok(src);
}

#[test]
fn multiply_component_template() {
    let src = body!(
        "    let p = subgroupMatrixMultiply<f32>(L(), R());\n    subgroupMatrixStore<row_major>(&b, 0u, p, 8u);"
    );
    let d = error(
        src,
        "the template argument of 'subgroupMatrixMultiply' must be the result matrix type with 'enable subgroup_matrix;', found the component type 'f32'",
        "subgroupMatrixMultiply<f32>(L(), R())",
    );
    has_note(
        &d,
        "help: write 'subgroupMatrixMultiply<subgroup_matrix_result<f32, 8, 8>>(left, right)'",
    );
    chromium_ok(src);
}

#[test]
fn multiply_without_template() {
    error(
        body!("    let p = subgroupMatrixMultiply(L(), R());"),
        "'subgroupMatrixMultiply' requires one template argument, the result matrix type",
        "subgroupMatrixMultiply(L(), R())",
    );
}

#[test]
fn accumulate_without_template() {
    let src = body!("    let p = subgroupMatrixMultiplyAccumulate(L(), R(), A());\n    subgroupMatrixStore<row_major>(&b, 0u, p, 8u);");
    let d = error(
        src,
        "'subgroupMatrixMultiplyAccumulate' requires the result matrix type as template argument with 'enable subgroup_matrix;'",
        "subgroupMatrixMultiplyAccumulate(L(), R(), A())",
    );
    has_note(
        &d,
        "help: write 'subgroupMatrixMultiplyAccumulate<subgroup_matrix_result<f32, 8, 8>>(left, right, acc)'",
    );
    chromium_ok(src);
}

#[test]
fn stride_below_minimum() {
    let d = error(
        body!("    let m = subgroupMatrixLoad<L, row_major>(&b, 0u, 7u);"),
        "the stride argument (7, 28 bytes) of subgroupMatrixLoad must be at least the minimum stride (32 bytes)",
        "7u",
    );
    has_note(&d, "the proposal's Load/Store rules");
}

#[test]
fn stride_units_are_array_strides() {
    // vec3<f32> elements are 12 bytes, 16 apart: a stride of 2 elements is
    // 32 bytes in the proposal's units (StrideOf(A)); Chromium (as Tint)
    // multiplies by the element size, 24 bytes, and rejects it.
    let src = std_sm!(
        "@group(0) @binding(0) var<storage, read> v: array<vec3<f32>>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&v, 0u, 2u);\n}\n"
    );
    check_ok_with(src, &PipelineOptions::default());
    check_error(
        &chromium(src),
        "the stride argument (2, 24 bytes) of subgroupMatrixLoad must be at least the minimum stride (32 bytes)",
        "2u",
    );
    // One element (16 bytes) is too little for either.
    error(
        &src.replace("0u, 2u)", "0u, 1u)"),
        "the stride argument (1, 16 bytes) of subgroupMatrixLoad must be at least the minimum stride (32 bytes)",
        "1u",
    );
}

#[test]
fn fixed_array_overrun() {
    // (1 + 8 * 7) * 4 + 32 = 260 > 256.
    let src = std_sm!(
        "var<workgroup> w: array<f32, 64>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&w, 1u, 8u);\n}\n"
    );
    error(
        src,
        "the pointer operand of subgroupMatrixLoad is too small (256 bytes) for the matrix access (260 bytes)",
        "subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&w, 1u, 8u)",
    );
    // A constant offset alone: the stride counts as the minimum (8).
    let src = std_sm!(
        "var<workgroup> w: array<f32, 64>;\n@group(0) @binding(0) var<uniform> u: u32;\n@compute @workgroup_size(64)\nfn main() {\n    subgroupMatrixStore<col_major>(&w, 1u, subgroup_matrix_result<f32, 8, 8>(), u);\n}\n"
    );
    error(
        src,
        "the pointer operand of subgroupMatrixStore is too small (256 bytes) for the matrix access (260 bytes)",
        "subgroupMatrixStore<col_major>(&w, 1u, subgroup_matrix_result<f32, 8, 8>(), u)",
    );
}

#[test]
fn default_stride_is_whole_elements() {
    // A 2-column f32 matrix has 8-byte rows; in a vec4<f32> array the
    // smallest valid stride is one element (16 bytes), so with offset 0 the
    // access spans 7 * 16 + 8 = 120 bytes > 112. Chromium counts the
    // minimum stride as 8 bytes (64 bytes in all).
    let src = std_sm!(
        "var<workgroup> w: array<vec4<f32>, 7>;\n@group(0) @binding(0) var<uniform> u: u32;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 2, 8>, row_major>(&w, 0u, u);\n}\n"
    );
    error(
        src,
        "the pointer operand of subgroupMatrixLoad is too small (112 bytes) for the matrix access (120 bytes)",
        "subgroupMatrixLoad<subgroup_matrix_left<f32, 2, 8>, row_major>(&w, 0u, u)",
    );
    chromium_ok(src);
}

#[test]
fn workgroup_array_below_min_storage_size() {
    // Runtime offset and stride: no bound rule applies, but a workgroup
    // array must hold MinStorageSize = 8 * 8 * 4 bytes.
    let src = std_sm!(
        "var<workgroup> w: array<f32, 32>;\n@group(0) @binding(0) var<uniform> u: vec2<u32>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&w, u.x, u.y);\n}\n"
    );
    let d = error(
        src,
        "the workgroup array of subgroupMatrixLoad (128 bytes) is smaller than MinStorageSize of 'subgroup_matrix_left<f32, 8, 8>' (8 x 8 x 4 = 256 bytes)",
        "subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&w, u.x, u.y)",
    );
    has_note(&d, "a workgroup array must hold at least one matrix");
    // Chromium's checks count the unknown offset as 0 and the stride as
    // the minimum, which also fails.
    check_error(
        &chromium(src),
        "the pointer operand of subgroupMatrixLoad is too small (128 bytes) for the matrix access (256 bytes)",
        "subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&w, u.x, u.y)",
    );
    // Through a pointer parameter: the pointer's type says the array.
    let src = std_sm!(
        "enable f16;\nvar<workgroup> w: array<f16, 16>;\nfn st(p: ptr<workgroup, array<f16, 16>>, o: u32, s: u32) {\n    subgroupMatrixStore<row_major>(p, o, subgroup_matrix_result<f16, 8, 8>(), s);\n}\n"
    );
    error(
        src,
        "the workgroup array of subgroupMatrixStore (32 bytes) is smaller than MinStorageSize of 'subgroup_matrix_result<f16, 8, 8>' (8 x 8 x 2 = 128 bytes)",
        "subgroupMatrixStore<row_major>(p, o, subgroup_matrix_result<f16, 8, 8>(), s)",
    );
}

/// Pipeline options with override values.
fn overrides(values: &[(&str, f64)]) -> PipelineOptions {
    let mut o = PipelineOptions::default();
    for (k, v) in values {
        o.overrides.insert((*k).to_string(), *v);
    }
    o
}

#[test]
fn override_stride_below_minimum() {
    let src = body!("    let m = subgroupMatrixLoad<L, col_major>(&b, 0u, s);")
        .replace("alias L", "override s: u32 = 8;\nalias L");
    let opts = overrides(&[("s", 7.0)]);
    let d = error_with(
        &src,
        &opts,
        "the stride argument (7, 28 bytes) of subgroupMatrixLoad must be at least the minimum stride (32 bytes)",
        "s",
    );
    assert_eq!(stage_of(&src, &opts), "pipeline");
    has_note(
        &d,
        "the override values make this a pipeline-creation error",
    );
    check_ok_with(&src, &PipelineOptions::default());
    // Chromium's name has no pipeline-creation rule here (robustness
    // raises the stride at run time).
    check_ok_with(&chromium(&src), &opts);
}

#[test]
fn override_offset_overrun() {
    let src = std_sm!(
        "override off: u32 = 0;\nvar<workgroup> w: array<f32, 64>;\n@compute @workgroup_size(64)\nfn main() {\n    subgroupMatrixStore<row_major>(&w, off, subgroup_matrix_result<f32, 8, 8>(), 8u);\n}\n"
    );
    let opts = overrides(&[("off", 1.0)]);
    error_with(
        src,
        &opts,
        "the pointer operand of subgroupMatrixStore is too small (256 bytes) for the matrix access (260 bytes)",
        "subgroupMatrixStore<row_major>(&w, off, subgroup_matrix_result<f32, 8, 8>(), 8u)",
    );
    assert_eq!(stage_of(src, &opts), "pipeline");
    check_ok_with(src, &PipelineOptions::default());
    check_ok_with(&chromium(src), &opts);
}

#[test]
fn override_sized_workgroup_array_below_min_storage_size() {
    let src = std_sm!(
        "override n: u32 = 64;\nvar<workgroup> w: array<f32, n>;\n@group(0) @binding(0) var<uniform> u: vec2<u32>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&w, u.x, u.y);\n}\n"
    );
    let opts = overrides(&[("n", 63.0)]);
    error_with(
        src,
        &opts,
        "the workgroup array of subgroupMatrixLoad (252 bytes) is smaller than MinStorageSize of 'subgroup_matrix_left<f32, 8, 8>' (8 x 8 x 4 = 256 bytes)",
        "subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&w, u.x, u.y)",
    );
    assert_eq!(stage_of(src, &opts), "pipeline");
    check_ok_with(src, &PipelineOptions::default());
    check_ok_with(&chromium(src), &opts);
}

#[test]
fn override_sized_workgroup_array_overrun() {
    // N is an override-expression, the offset a const-expression: a
    // pipeline-creation error ((2 + 8 * 7) * 4 + 32 = 264 > 256).
    let src = std_sm!(
        "override n: u32 = 128;\nvar<workgroup> w: array<f32, n>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>, col_major>(&w, 2u, 8u);\n}\n"
    );
    let opts = overrides(&[("n", 64.0)]);
    error_with(
        src,
        &opts,
        "the pointer operand of subgroupMatrixLoad is too small (256 bytes) for the matrix access (264 bytes)",
        "subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>, col_major>(&w, 2u, 8u)",
    );
    assert_eq!(stage_of(src, &opts), "pipeline");
    check_ok_with(src, &PipelineOptions::default());
}

#[test]
fn both_names_standard_second() {
    let src = "enable chromium_experimental_subgroup_matrix;\nenable subgroup_matrix;\n";
    let d = error(
        src,
        "'subgroup_matrix' cannot be enabled together with 'chromium_experimental_subgroup_matrix'",
        "subgroup_matrix",
    );
    assert_eq!(
        src.get(d.labels[0].span.to_range()),
        Some("chromium_experimental_subgroup_matrix")
    );
    has_note(&d, "help: enable only one of them");
}

#[test]
fn both_names_chromium_second() {
    error(
        "enable subgroup_matrix, f16;\nenable chromium_experimental_subgroup_matrix;\n",
        "'chromium_experimental_subgroup_matrix' cannot be enabled together with 'subgroup_matrix'",
        "chromium_experimental_subgroup_matrix",
    );
    // One directive; repeating one name is fine.
    error(
        "enable subgroup_matrix, chromium_experimental_subgroup_matrix;\n",
        "cannot be enabled together",
        "chromium_experimental_subgroup_matrix",
    );
    check_ok_with(
        "enable subgroup_matrix, subgroup_matrix;\nenable subgroup_matrix;\n",
        &PipelineOptions::default(),
    );
}

#[test]
fn uniformity_rule_is_named_subgroup_matrix_uniformity() {
    let src = std_sm!(
        "@group(0) @binding(0) var<storage, read_write> b: array<f32>;\nalias L = subgroup_matrix_left<f32, 8, 8>;\n@compute @workgroup_size(64)\nfn main(@builtin(local_invocation_index) lid: u32) {\n    if lid > 3u {\n        let m = subgroupMatrixLoad<L, row_major>(&b, 0u, 8u);\n    }\n}\n"
    );
    let d = error(
        src,
        "'subgroupMatrixLoad' must only be called from subgroup uniform control flow",
        "subgroupMatrixLoad<L, row_major>(&b, 0u, 8u)",
    );
    assert_eq!(d.rule.as_deref(), Some("subgroup_matrix_uniformity"));
    has_note(&d, "`diagnostic(off, subgroup_matrix_uniformity);`");
    // Chromium's module names the rule as before.
    let chromium = chromium(src);
    let (_, diags) = first_errors(&chromium, &PipelineOptions::default()).expect("an error");
    assert_eq!(
        diags[0].rule.as_deref(),
        Some("chromium.subgroup_matrix_uniformity")
    );
    // A uniform buffer value is uniform.
    check_ok_with(
        body!("    if u.x > 3u {\n        let m = subgroupMatrixLoad<L, row_major>(&b, 0u, 8u);\n    }"),
        &PipelineOptions::default(),
    );
}

#[test]
fn uniformity_rule_conflicting_filters_use_the_standard_name() {
    error(
        std_sm!("diagnostic(off, subgroup_matrix_uniformity);\ndiagnostic(warning, chromium.subgroup_matrix_uniformity);\n"),
        "conflicting diagnostic directives for 'subgroup_matrix_uniformity'",
        "diagnostic(warning, chromium.subgroup_matrix_uniformity);",
    );
}

#[test]
fn compute_only() {
    // Matrices are compute-only (the validator also refuses a matrix type
    // reached from a render stage, see its unit tests).
    check_error(
        std_sm!("@group(0) @binding(0) var<storage, read> b: array<f32>;\n@vertex\nfn vs() -> @builtin(position) vec4<f32> {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&b, 0u, 8u);\n    return vec4<f32>();\n}\n"),
        "subgroup matrix type cannot be used in the vertex pipeline stage",
        "subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&b, 0u, 8u)",
    );
}

#[test]
fn both_names_leave_one_error() {
    // With both names the module is held to Chromium's rules, so the
    // col_major-argument form adds no error of its own.
    let src = "enable subgroup_matrix;\nenable chromium_experimental_subgroup_matrix;\n@group(0) @binding(0) var<storage, read> b: array<f32>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&b, 0u, false, 8u);\n}\n";
    let (_, diags) = first_errors(src, &PipelineOptions::default()).expect("an error");
    assert_eq!(diags.len(), 1, "{diags:?}");
}

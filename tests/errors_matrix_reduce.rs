//! Negative tests for the subgroup-matrix reductions and index matrices
//! (`tessera_experimental_subgroup_matrix`, docs/subgroup-matrix-extensions.md
//! section 5): each error's message and the exact text its primary span
//! covers.

#[path = "common/check.rs"]
mod check;

use check::check_error;

/// The enables, a buffer `b` and a compute entry point around the body.
macro_rules! body {
    ($s:expr) => {
        concat!(
            "enable chromium_experimental_subgroup_matrix;\n",
            "enable tessera_experimental_subgroup_matrix;\n",
            "alias R = subgroup_matrix_result<f32, 8, 8>;\n",
            "alias L = subgroup_matrix_left<f32, 8, 8>;\n",
            "@group(0) @binding(0) var<storage, read_write> b: array<f32>;\n",
            "@compute @workgroup_size(64)\nfn main(@builtin(local_invocation_index) i: u32) {\n",
            "    let r = subgroupMatrixLoad<R>(&b, 0u, false, 8u);\n",
            "    let l = subgroupMatrixLoad<L>(&b, 0u, false, 8u);\n",
            $s,
            "\n}\n"
        )
    };
}

#[test]
fn reduce_left_matrix() {
    check_error(
        body!("    let x = subgroupMatrixRowSum(l);"),
        "the argument of 'subgroupMatrixRowSum' must be a subgroup_matrix_result with constant dimensions and f32, f16, i32 or u32 components, found 'subgroup_matrix_left<f32, 8, 8>'",
        "l",
    );
}

#[test]
fn reduce_scalar() {
    check_error(
        body!("    let x = subgroupMatrixMax(1.0);"),
        "the argument of 'subgroupMatrixMax' must be a subgroup_matrix_result",
        "1.0",
    );
}

#[test]
fn reduce_two_arguments() {
    check_error(
        body!("    let x = subgroupMatrixColumnMin(r, r);"),
        "no matching call to 'subgroupMatrixColumnMin",
        "subgroupMatrixColumnMin(r, r)",
    );
}

#[test]
fn reduce_with_template() {
    check_error(
        body!("    let x = subgroupMatrixSum<R>(r);"),
        "'subgroupMatrixSum' does not take template arguments",
        "subgroupMatrixSum<R>(r)",
    );
}

#[test]
fn reduce_without_tessera_enable() {
    check_error(
        "enable chromium_experimental_subgroup_matrix;\n@group(0) @binding(0) var<storage, read_write> b: array<f32>;\n@compute @workgroup_size(64)\nfn main() {\n    let r = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&b, 0u, false, 8u);\n    let x = subgroupMatrixRowMax(r);\n}\n",
        "'subgroupMatrixRowMax' requires enabling extension 'tessera_experimental_subgroup_matrix'",
        "subgroupMatrixRowMax",
    );
}

#[test]
fn reduce_in_non_uniform_control_flow() {
    check_error(
        body!("    if (b[i] > 0.0) {\n        subgroupMatrixStore(&b, 64u, subgroupMatrixRowSum(r), false, 8u);\n    }"),
        "'subgroupMatrixRowSum' must only be called from subgroup uniform control flow",
        "subgroupMatrixRowSum(r)",
    );
}

#[test]
fn index_without_template() {
    check_error(
        body!("    let x = subgroupMatrixRowIndex();"),
        "'subgroupMatrixRowIndex' requires one template argument, the matrix type",
        "subgroupMatrixRowIndex()",
    );
}

#[test]
fn index_of_non_matrix() {
    check_error(
        body!("    let x = subgroupMatrixColumnIndex<f32>();"),
        "the template argument of 'subgroupMatrixColumnIndex' must be a subgroup matrix type with constant dimensions and f32, f16, i32 or u32 components, found 'f32'",
        "subgroupMatrixColumnIndex<f32>()",
    );
}

#[test]
fn index_with_argument() {
    check_error(
        body!("    let x = subgroupMatrixRowIndex<R>(r);"),
        "no matching call to 'subgroupMatrixRowIndex",
        "subgroupMatrixRowIndex<R>(r)",
    );
}

/// Rows handed to the invocations must not outnumber the device's
/// smallest subgroup (docs/subgroup-matrix-extensions.md, section 3): a
/// reduction of a 16-row matrix on a device whose subgroups may have 8
/// invocations is a pipeline error, and so is `subgroupMatrixRow`.
#[test]
fn rows_beyond_the_minimum_subgroup_size() {
    let options = tessera::pipeline::PipelineOptions {
        min_subgroup_size: Some(8),
        ..Default::default()
    };
    let source = |expr: &str| {
        format!(
            "enable chromium_experimental_subgroup_matrix;\nenable tessera_experimental_subgroup_matrix;\nalias R = subgroup_matrix_result<f32, 4, 16>;\n@group(0) @binding(0) var<storage, read_write> b: array<f32>;\n@compute @workgroup_size(64)\nfn main() {{\n    let r = subgroupMatrixLoad<R>(&b, 0u, false, 4u);\n    let x = {expr};\n    _ = x;\n}}\n"
        )
    };
    check::check_error_with(
        &source("subgroupMatrixRowMax(r)"),
        &options,
        "'subgroupMatrixRowMax' hands the 16 rows of 'subgroup_matrix_result<f32, 4, 16>' to the invocations of a subgroup, but the device's subgroups may have only 8 invocations",
        "subgroupMatrixRowMax(r)",
    );
    check::check_error_with(
        &source("subgroupMatrixRow(r)"),
        &options,
        "'subgroupMatrixRow' hands the 16 rows",
        "subgroupMatrixRow(r)",
    );
    // Columns (4) fit; with subgroups of at least 16, rows fit too.
    check::check_ok_with(&source("subgroupMatrixColumnSum(r)"), &options);
    let wide = tessera::pipeline::PipelineOptions {
        min_subgroup_size: Some(16),
        ..Default::default()
    };
    check::check_ok_with(&source("subgroupMatrixRowMax(r)"), &wide);
}

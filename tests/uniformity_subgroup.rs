//! Uniformity analysis, subgroup scope: the subgroup builtins
//! (`subgroup_uniformity`) and the subgroup-matrix builtins, constructors
//! and variables (`chromium.subgroup_matrix_uniformity`), each with a
//! uniform and a non-uniform variant; values uniform at subgroup scope
//! only (`subgroup_id`, reductions) in both scopes.
//!
//! Checklist (rule -> tests):
//! - subgroup builtin call site -> subgroup_call_*
//! - shuffle delta/mask arguments -> shuffle_*
//! - subgroup_id, subgroup_size, num_subgroups -> subgroup_builtin_values_*
//! - reduction results uniform at subgroup scope only -> reduction_*
//! - subgroupMatrixLoad/Store call site and each argument -> matrix_load_*, matrix_store_*
//! - multiply / multiply-accumulate arguments -> matrix_multiply_*
//! - scalar builtins -> matrix_scalar_*
//! - constructors (fill, zero, array/struct of matrices) -> matrix_constructor_*
//! - matrix variables without initializer -> matrix_var_*
//! - user functions calling matrix builtins -> matrix_in_callee_*

mod uniformity_util;

use uniformity_util::{branch, compute, error, label, ok, run, MATRIX};

fn matrix(globals: &str, body: &str) -> String {
    compute(&format!("{MATRIX}{globals}"), body)
}

const LOAD: &str = "subgroupMatrixLoad<L, row_major>(&a, 0u, 16u)";

#[test]
fn subgroup_call_in_non_uniform_control_flow_fails() {
    let src = compute(
        "",
        "    if lid > 3u {\n        let s = subgroupAdd(1u);\n    }",
    );
    let (o, d) = error(
        &src,
        "'subgroupAdd' must only be called from subgroup uniform control flow",
        "subgroupAdd(1u)",
    );
    branch(&o, &d, "lid > 3u");
    assert_eq!(d.rule.as_deref(), Some("subgroup_uniformity"));
}

#[test]
fn subgroup_call_in_uniform_control_flow_is_fine() {
    ok(&compute(
        "",
        "    if u.x > 3u {\n        let s = subgroupAdd(lid);\n    }",
    ));
}

#[test]
fn quad_call_in_non_uniform_control_flow_fails() {
    let src = compute(
        "",
        "    if lid > 3u {\n        let s = quadSwapX(1u);\n    }",
    );
    error(
        &src,
        "'quadSwapX' must only be called from subgroup uniform control flow",
        "quadSwapX(1u)",
    );
}

#[test]
fn shuffle_delta_and_mask_must_be_uniform() {
    for f in [
        "subgroupShuffleUp",
        "subgroupShuffleDown",
        "subgroupShuffleXor",
    ] {
        let src = compute("", &format!("    let s = {f}(1u, lid);"));
        let (o, d) = error(
            &src,
            &format!("'{f}' requires argument 2 to be uniform"),
            "lid",
        );
        label(
            &o,
            &d,
            "lid",
            "builtin value 'local_invocation_index' of parameter 'lid' may be non-uniform",
        );
        ok(&compute("", &format!("    let s = {f}(lid, u.x);")));
    }
}

#[test]
fn shuffle_index_may_be_non_uniform() {
    ok(&compute("", "    let s = subgroupShuffle(1u, lid);"));
}

#[test]
fn subgroup_builtin_values_are_uniform_at_subgroup_scope() {
    for (b, ty) in [
        ("subgroup_id", "u32"),
        ("subgroup_size", "u32"),
        ("num_subgroups", "u32"),
        ("workgroup_id", "vec3<u32>"),
    ] {
        let use_ = if ty == "u32" { "v" } else { "v.x" };
        ok(&format!(
            "enable subgroups;\nenable chromium_experimental_subgroup_matrix;\n@compute @workgroup_size(64)\nfn main(@builtin({b}) v: {ty}) {{\n    if {use_} > 0u {{ let s = subgroupAdd(1u); }}\n}}\n"
        ));
    }
}

#[test]
fn subgroup_invocation_id_is_non_uniform_at_subgroup_scope() {
    let src = "enable subgroups;\n@compute @workgroup_size(64)\nfn main(@builtin(subgroup_invocation_id) v: u32) {\n    if v > 0u { let s = subgroupAdd(1u); }\n}\n";
    let (o, d) = error(
        src,
        "'subgroupAdd' must only be called from subgroup uniform control flow",
        "subgroupAdd(1u)",
    );
    label(
        &o,
        &d,
        "v",
        "builtin value 'subgroup_invocation_id' of parameter 'v' may be non-uniform",
    );
}

#[test]
fn reduction_results_are_uniform_at_subgroup_scope() {
    for f in [
        "subgroupAdd",
        "subgroupMul",
        "subgroupMin",
        "subgroupMax",
        "subgroupAnd",
        "subgroupOr",
        "subgroupXor",
        "subgroupBroadcastFirst",
    ] {
        ok(&compute(
            "",
            &format!("    if {f}(lid) > 0u {{\n        let s = subgroupAdd(1u);\n    }}"),
        ));
    }
    ok(&compute(
        "",
        "    if subgroupBroadcast(lid, 0u) > 0u && subgroupAll(lid > 0u) && subgroupAny(lid > 0u) && subgroupBallot(lid > 0u).x > 0u {\n        let s = subgroupAdd(1u);\n    }",
    ));
}

#[test]
fn reduction_results_are_non_uniform_at_workgroup_scope() {
    let src = compute(
        "",
        "    if subgroupAdd(lid) > 0u {\n        workgroupBarrier();\n    }",
    );
    let (o, d) = error(
        &src,
        "'workgroupBarrier' must only be called from uniform control flow",
        "workgroupBarrier()",
    );
    label(
        &o,
        &d,
        "subgroupAdd(lid)",
        "the result of 'subgroupAdd' may be non-uniform",
    );
}

#[test]
fn scan_and_shuffle_results_are_non_uniform() {
    for e in [
        "subgroupExclusiveAdd(1u)",
        "subgroupInclusiveMul(1u)",
        "subgroupShuffle(lid, 0u)",
        "quadBroadcast(lid, 0u)",
    ] {
        let src = compute(
            "",
            &format!("    if {e} > 0u {{\n        let s = subgroupAdd(1u);\n    }}"),
        );
        let (o, d) = error(
            &src,
            "'subgroupAdd' must only be called from subgroup uniform control flow",
            "subgroupAdd(1u)",
        );
        branch(&o, &d, &format!("{e} > 0u"));
    }
    error(
        &compute(
            "",
            "    if subgroupElect() {\n        let s = subgroupAdd(1u);\n    }",
        ),
        "'subgroupAdd' must only be called from subgroup uniform control flow",
        "subgroupAdd(1u)",
    );
}

#[test]
fn subgroup_id_is_non_uniform_at_workgroup_scope() {
    let src = "enable subgroups;\nenable chromium_experimental_subgroup_matrix;\n@compute @workgroup_size(64)\nfn main(@builtin(subgroup_id) s: u32) {\n    if s > 0u { workgroupBarrier(); }\n}\n";
    error(
        src,
        "'workgroupBarrier' must only be called from uniform control flow",
        "workgroupBarrier()",
    );
}

#[test]
fn matrix_load_in_non_uniform_control_flow_fails() {
    let src = matrix(
        "",
        &format!("    if lid > 3u {{\n        let m = {LOAD};\n    }}"),
    );
    let (o, d) = error(
        &src,
        "'subgroupMatrixLoad' must only be called from subgroup uniform control flow",
        LOAD,
    );
    branch(&o, &d, "lid > 3u");
    label(
        &o,
        &d,
        "lid",
        "builtin value 'local_invocation_index' of parameter 'lid' may be non-uniform",
    );
    assert_eq!(
        d.rule.as_deref(),
        Some("chromium.subgroup_matrix_uniformity")
    );
}

#[test]
fn matrix_load_in_uniform_control_flow_is_fine() {
    ok(&matrix(
        "",
        &format!("    if u.x > 3u && wid.x > 0u {{\n        let m = {LOAD};\n    }}"),
    ));
}

#[test]
fn matrix_load_under_subgroup_id_condition_is_fine() {
    let src = format!(
        "{MATRIX}@compute @workgroup_size(64)\nfn main(@builtin(subgroup_id) sg: u32) {{\n    if sg == 0u {{\n        let m = subgroupMatrixLoad<L, row_major>(&a, sg * 256u, 16u);\n    }}\n}}\n"
    );
    ok(&src);
}

#[test]
fn matrix_load_arguments_must_be_uniform() {
    let cases = [
        // Argument numbers count from 1, as written.
        ("subgroupMatrixLoad<L, row_major>(&a, lid, 16u)", 2, "lid"),
        ("subgroupMatrixLoad<L, row_major>(&a, 0u, lid)", 3, "lid"),
        (
            "subgroupMatrixLoad<L, row_major>(&a, rw[0], 16u)",
            2,
            "rw[0]",
        ),
    ];
    for (call, index, spanned) in cases {
        let src = matrix("", &format!("    let m = {call};"));
        error(
            &src,
            &format!("'subgroupMatrixLoad' requires argument {index} to be uniform"),
            spanned,
        );
    }
}

#[test]
fn matrix_load_pointer_must_be_uniform() {
    let src = format!(
        "{MATRIX}var<workgroup> tiles: array<array<f16, 256>, 4>;\n@compute @workgroup_size(64)\nfn main(@builtin(local_invocation_index) lid: u32) {{\n    let m = subgroupMatrixLoad<L, row_major>(&tiles[lid % 4u], 0u, 16u);\n}}\n"
    );
    error(
        &src,
        "'subgroupMatrixLoad' requires argument 1 to be uniform",
        "tiles[lid % 4u]",
    );
}

#[test]
fn matrix_store_call_site_and_arguments() {
    let m = "    let m = subgroupMatrixLoad<Acc, row_major>(&c, 0u, 16u);\n";
    error(
        &matrix(
            "",
            &format!("{m}    if lid > 0u {{\n        subgroupMatrixStore<row_major>(&c, 0u, m, 16u);\n    }}"),
        ),
        "'subgroupMatrixStore' must only be called from subgroup uniform control flow",
        "subgroupMatrixStore<row_major>(&c, 0u, m, 16u)",
    );
    error(
        &matrix(
            "",
            &format!("{m}    subgroupMatrixStore<row_major>(&c, 0u, m, lid);"),
        ),
        "'subgroupMatrixStore' requires argument 4 to be uniform",
        "lid",
    );
    error(
        &matrix(
            "",
            &format!("{m}    subgroupMatrixStore<row_major>(&c, lid, m, 16u);"),
        ),
        "'subgroupMatrixStore' requires argument 2 to be uniform",
        "lid",
    );
    // The proposal's form: `col_major` comes before the stride, so the
    // stride is argument 5 as written (argument 4 in the new form).
    error(
        &matrix(
            "",
            &format!("{m}    subgroupMatrixStore(&c, 0u, m, false, lid);"),
        ),
        "'subgroupMatrixStore' requires argument 5 to be uniform",
        "lid",
    );
    error(
        &matrix(
            "",
            "    let l = subgroupMatrixLoad<Acc>(&c, 0u, false, lid);",
        ),
        "'subgroupMatrixLoad' requires argument 4 to be uniform",
        "lid",
    );
    error(
        &matrix(
            "",
            "    let l = subgroupMatrixLoad<Acc, row_major>(&c, 0u, lid);",
        ),
        "'subgroupMatrixLoad' requires argument 3 to be uniform",
        "lid",
    );
    ok(&matrix(
        "",
        &format!("{m}    subgroupMatrixStore<row_major>(&c, u.x, m, 16u);"),
    ));
}

#[test]
fn matrix_multiply_arguments_must_be_uniform() {
    let globals = "var<private> pacc: Acc;\n";
    let body = format!(
        "    let l = {LOAD};\n    let r = subgroupMatrixLoad<R, row_major>(&a, 256u, 16u);\n    let x = subgroupMatrixMultiplyAccumulate(l, r, pacc);"
    );
    let (o, d) = error(
        &matrix(globals, &body),
        "'subgroupMatrixMultiplyAccumulate' requires argument 3 to be uniform",
        "pacc",
    );
    label(
        &o,
        &d,
        "pacc",
        "reading from module-scope private variable 'pacc' may result in a non-uniform value",
    );
    ok(&matrix(
        "",
        &format!(
            "    let l = {LOAD};\n    let r = subgroupMatrixLoad<R, row_major>(&a, 256u, 16u);\n    let x = subgroupMatrixMultiply<f32>(l, r);\n    let y = subgroupMatrixMultiplyAccumulate(l, r, x);"
        ),
    ));
    error(
        &matrix(
            "",
            &format!(
                "    let l = {LOAD};\n    let r = subgroupMatrixLoad<R, row_major>(&a, 256u, 16u);\n    if lid > 0u {{\n        let x = subgroupMatrixMultiply<f32>(l, r);\n    }}"
            ),
        ),
        "'subgroupMatrixMultiply' must only be called from subgroup uniform control flow",
        "subgroupMatrixMultiply<f32>(l, r)",
    );
}

#[test]
fn matrix_scalar_arguments_must_be_uniform() {
    let m = "    let m = subgroupMatrixLoad<Acc, row_major>(&c, 0u, 16u);\n";
    error(
        &matrix(
            "",
            &format!("{m}    let x = subgroupMatrixScalarMultiply(m, f32(lid));"),
        ),
        "'subgroupMatrixScalarMultiply' requires argument 2 to be uniform",
        "f32(lid)",
    );
    ok(&matrix(
        "",
        &format!("{m}    let x = subgroupMatrixScalarAdd(m, f32(u.x));"),
    ));
}

#[test]
fn matrix_constructor_fill_value_must_be_uniform() {
    let (o, d) = error(
        &matrix("", "    let m = Acc(f32(lid));"),
        "subgroup_matrix_result<f32, 16, 16> constructor requires argument 1 to be uniform",
        "f32(lid)",
    );
    label(
        &o,
        &d,
        "lid",
        "builtin value 'local_invocation_index' of parameter 'lid' may be non-uniform",
    );
    ok(&matrix("", "    let m = Acc(f32(u.x));"));
}

#[test]
fn matrix_constructor_in_non_uniform_control_flow_fails() {
    error(
        &matrix("", "    if lid > 0u {\n        let m = Acc();\n    }"),
        "'subgroup_matrix_result<f32, 16, 16>' must only be called from subgroup uniform control flow",
        "Acc()",
    );
    error(
        &matrix("", "    if lid > 0u {\n        let m = Acc(1.0);\n    }"),
        "'subgroup_matrix_result<f32, 16, 16>' must only be called from subgroup uniform control flow",
        "Acc(1.0)",
    );
}

#[test]
fn matrix_constructor_of_array_of_matrices() {
    let body =
        "    let m = Acc();\n    if lid > 0u {\n        let arr = array<Acc, 2>(m, m);\n    }";
    error(
        &matrix("", body),
        "'array<subgroup_matrix_result<f32, 16, 16>, 2>' must only be called from subgroup uniform control flow",
        "array<Acc, 2>(m, m)",
    );
    ok(&matrix(
        "",
        "    let m = Acc();\n    let arr = array<Acc, 2>(m, m);",
    ));
}

#[test]
fn matrix_constructor_of_struct_of_matrices() {
    let globals = "struct S { m: Acc, k: u32 }\n";
    error(
        &matrix(globals, "    let m = Acc();\n    let s = S(m, lid);"),
        "S constructor requires argument 2 to be uniform",
        "lid",
    );
}

#[test]
fn matrix_var_without_initializer_in_non_uniform_control_flow_fails() {
    let (o, d) = error(
        &matrix("", "    if lid > 0u {\n        var m: Acc;\n    }"),
        "variables that contain subgroup matrix types cannot be declared in non-uniform control flow",
        "var m: Acc",
    );
    branch(&o, &d, "lid > 0u");
    error(
        &matrix("", "    if lid > 0u {\n        var m: array<Acc, 2>;\n    }"),
        "variables that contain subgroup matrix types cannot be declared in non-uniform control flow",
        "var m: array<Acc, 2>",
    );
    ok(&matrix("", "    var m: Acc;\n    var n: array<Acc, 2>;"));
}

#[test]
fn matrix_copies_under_non_uniform_control_flow_are_fine() {
    ok(&matrix(
        "",
        &format!("    let m = {LOAD};\n    if lid > 0u {{\n        let m2 = m;\n        var m3 = m;\n    }}"),
    ));
}

#[test]
fn matrix_in_callee_requires_uniform_call_site() {
    let globals =
        "fn tile() -> L {\n    return subgroupMatrixLoad<L, row_major>(&a, 0u, 16u);\n}\n";
    let (o, d) = error(
        &matrix(globals, "    if lid > 0u {\n        let t = tile();\n    }"),
        "'tile' must only be called from subgroup uniform control flow",
        "tile()",
    );
    label(
        &o,
        &d,
        LOAD,
        "'subgroupMatrixLoad' must only be called from subgroup uniform control flow (in 'tile')",
    );
    branch(&o, &d, "lid > 0u");
    ok(&matrix(
        globals,
        "    if u.x > 0u {\n        let t = tile();\n    }",
    ));
}

#[test]
fn matrix_in_callee_requires_uniform_argument() {
    let globals =
        "fn tile(off: u32) -> L {\n    return subgroupMatrixLoad<L, row_major>(&a, off, 16u);\n}\n";
    let (o, d) = error(
        &matrix(globals, "    let t = tile(lid * 256u);"),
        "'tile' requires argument 1 to be uniform",
        "lid * 256u",
    );
    label(
        &o,
        &d,
        "off",
        "'subgroupMatrixLoad' requires argument 2 to be uniform (in 'tile')",
    );
    ok(&matrix(globals, "    let t = tile(wid.x * 256u);"));
}

#[test]
fn matrix_rule_does_not_apply_at_workgroup_scope_for_barriers() {
    // A barrier under subgroup_id is an error, the matrix load is fine: the
    // workgroup scope error is reported alone.
    let src = format!(
        "{MATRIX}@compute @workgroup_size(64)\nfn main(@builtin(subgroup_id) sg: u32) {{\n    if sg == 0u {{\n        let m = subgroupMatrixLoad<L, row_major>(&a, 0u, 16u);\n        workgroupBarrier();\n    }}\n}}\n"
    );
    let o = run(&src);
    assert_eq!(o.errors.len(), 1, "{}", o.rendered());
    assert_eq!(
        o.errors[0].message,
        "'workgroupBarrier' must only be called from uniform control flow"
    );
}

#[test]
fn each_channel_reports_its_first_error() {
    let src = matrix(
        "",
        &format!("    if lid > 0u {{\n        workgroupBarrier();\n        let s = subgroupAdd(1u);\n        let m = {LOAD};\n    }}"),
    );
    let o = run(&src);
    let messages: Vec<&str> = o.errors.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "'workgroupBarrier' must only be called from uniform control flow",
            "'subgroupAdd' must only be called from subgroup uniform control flow",
            "'subgroupMatrixLoad' must only be called from subgroup uniform control flow",
        ],
        "{}",
        o.rendered()
    );
}

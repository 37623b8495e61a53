//! Uniformity analysis, workgroup scope (barriers and
//! `workgroupUniformLoad`): for each rule of the spec's analysis a uniform
//! and a non-uniform variant, with messages, primary spans and the labels
//! that explain a failure.
//!
//! Checklist (rule -> tests):
//! - if / else -> if_*, else_*
//! - switch -> switch_*
//! - loop, continuing, break if -> loop_*, break_if_*
//! - for / while -> for_*, while_*
//! - return, early return -> early_return_*, after_if_*
//! - short-circuit operators -> short_circuit_*
//! - function parameters and return values -> param_*, return_value_*
//! - pointer parameters and their contents -> pointer_*
//! - private, workgroup, storage, uniform variables -> var_*
//! - builtin values -> builtin_*
//! - atomics -> atomic_*
//! - workgroupUniformLoad -> wul_*
//! - function-scope variable values -> local_*

mod uniformity_util;

use uniformity_util::{branch, compute, error, label, ok};

const BARRIER: &str = "'workgroupBarrier' must only be called from uniform control flow";

#[test]
fn barrier_at_top_level_is_fine() {
    ok(&compute("", "    workgroupBarrier();"));
}

#[test]
fn if_on_uniform_value_is_fine() {
    ok(&compute(
        "",
        "    if u.x > 0u { workgroupBarrier(); } else { storageBarrier(); }",
    ));
}

#[test]
fn if_on_builtin_value_fails() {
    let src = compute("", "    if lid > 3u {\n        workgroupBarrier();\n    }");
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "lid > 3u");
    label(
        &o,
        &d,
        "lid",
        "builtin value 'local_invocation_index' of parameter 'lid' may be non-uniform",
    );
    assert!(d.rule.is_none(), "barriers have no filterable rule");
}

#[test]
fn else_branch_fails_too() {
    let src = compute("", "    if lid > 3u { } else { storageBarrier(); }");
    let (o, d) = error(
        &src,
        "'storageBarrier' must only be called from uniform control flow",
        "storageBarrier()",
    );
    branch(&o, &d, "lid > 3u");
}

#[test]
fn after_if_with_next_behaviour_is_uniform_again() {
    ok(&compute(
        "",
        "    var x = 0u;\n    if lid > 3u { x = 1u; }\n    workgroupBarrier();",
    ));
}

#[test]
fn after_if_that_returns_is_non_uniform() {
    let src = compute("", "    if lid == 0u { return; }\n    workgroupBarrier();");
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "lid == 0u");
}

#[test]
fn after_if_that_returns_on_uniform_value_is_fine() {
    ok(&compute(
        "",
        "    if u.x == 0u { return; }\n    workgroupBarrier();",
    ));
}

#[test]
fn switch_on_non_uniform_selector_fails() {
    let src = compute(
        "",
        "    switch lid {\n        case 0u: { workgroupBarrier(); }\n        default: { }\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "lid");
}

#[test]
fn switch_on_uniform_selector_is_fine() {
    ok(&compute(
        "",
        "    switch u.x {\n        case 0u: { workgroupBarrier(); }\n        default: { }\n    }",
    ));
}

#[test]
fn after_switch_with_non_uniform_break_is_uniform_again() {
    ok(&compute(
        "",
        "    switch lid {\n        case 0u: { break; }\n        default: { }\n    }\n    workgroupBarrier();",
    ));
}

#[test]
fn after_switch_case_that_returns_is_non_uniform() {
    let src = compute(
        "",
        "    switch lid {\n        case 0u: { return; }\n        default: { }\n    }\n    workgroupBarrier();",
    );
    error(&src, BARRIER, "workgroupBarrier()");
}

#[test]
fn loop_body_after_non_uniform_break_fails() {
    let src = compute(
        "",
        "    loop {\n        if lid > 3u { break; }\n        workgroupBarrier();\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "lid > 3u");
}

#[test]
fn loop_with_uniform_break_is_fine() {
    ok(&compute(
        "",
        "    loop {\n        if u.x > 3u { break; }\n        workgroupBarrier();\n    }",
    ));
}

#[test]
fn after_loop_with_non_uniform_break_is_uniform_again() {
    ok(&compute(
        "",
        "    loop {\n        if lid > 3u { break; }\n    }\n    workgroupBarrier();",
    ));
}

#[test]
fn loop_body_before_non_uniform_continue_fails_in_later_iterations() {
    let src = compute(
        "",
        "    loop {\n        workgroupBarrier();\n        if lid > 3u { continue; }\n        if u.x > 0u { break; }\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "lid > 3u");
}

#[test]
fn break_if_on_non_uniform_value_fails() {
    let src = compute(
        "",
        "    loop {\n        workgroupBarrier();\n        continuing {\n            break if lid > 2u;\n        }\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "lid > 2u");
}

#[test]
fn break_if_on_uniform_value_is_fine() {
    ok(&compute(
        "",
        "    var i = 0u;\n    loop {\n        workgroupBarrier();\n        continuing {\n            i++;\n            break if i > u.x;\n        }\n    }",
    ));
}

#[test]
fn barrier_in_continuing_after_non_uniform_continue_fails() {
    let src = compute(
        "",
        "    loop {\n        if lid > 3u { continue; }\n        continuing {\n            workgroupBarrier();\n            break if u.x > 0u;\n        }\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "lid > 3u");
}

#[test]
fn for_with_non_uniform_condition_fails() {
    let src = compute(
        "",
        "    for (var i = 0u; i < lid; i++) {\n        workgroupBarrier();\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "i < lid");
}

#[test]
fn for_with_uniform_condition_is_fine() {
    ok(&compute(
        "",
        "    for (var i = 0u; i < u.x; i++) {\n        workgroupBarrier();\n    }",
    ));
}

#[test]
fn for_counter_assigned_a_non_uniform_value_fails_on_the_back_edge() {
    let src = compute(
        "",
        "    for (var i = 0u; i < 8u; i++) {\n        workgroupBarrier();\n        if i == 3u { i = lid; }\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "i < 8u");
}

#[test]
fn while_with_non_uniform_condition_fails() {
    let src = compute(
        "",
        "    var n = rw[0];\n    while n > 0u {\n        workgroupBarrier();\n        n--;\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "n > 0u");
    label(
        &o,
        &d,
        "rw[0]",
        "reading from read_write storage buffer 'rw' may result in a non-uniform value",
    );
}

#[test]
fn while_with_uniform_condition_is_fine() {
    ok(&compute(
        "",
        "    var n = u.x;\n    while n > 0u {\n        workgroupBarrier();\n        n--;\n    }",
    ));
}

#[test]
fn short_circuit_and_makes_right_operand_control_dependent() {
    let src = compute(
        "fn f() -> bool {\n    workgroupBarrier();\n    return true;\n}\n",
        "    let b = lid > 3u && f();",
    );
    let (o, d) = error(
        &src,
        "'f' must only be called from uniform control flow",
        "f()",
    );
    label(
        &o,
        &d,
        "workgroupBarrier()",
        "'workgroupBarrier' must only be called from uniform control flow (in 'f')",
    );
}

#[test]
fn short_circuit_or_makes_right_operand_control_dependent() {
    let src = compute(
        "fn f() -> bool {\n    workgroupBarrier();\n    return true;\n}\n",
        "    let b = lid > 3u || f();",
    );
    error(
        &src,
        "'f' must only be called from uniform control flow",
        "f()",
    );
}

#[test]
fn short_circuit_with_uniform_left_operand_is_fine() {
    ok(&compute(
        "fn f() -> bool {\n    workgroupBarrier();\n    return true;\n}\n",
        "    let b = u.x > 3u && f();",
    ));
}

#[test]
fn short_circuit_result_depends_on_both_operands() {
    let src = compute(
        "",
        "    if u.x > 3u && lid > 1u {\n        workgroupBarrier();\n    }",
    );
    error(&src, BARRIER, "workgroupBarrier()");
}

#[test]
fn param_required_uniform_fails_with_non_uniform_argument() {
    let src = compute(
        "fn f(x: u32) {\n    if x > 0u { workgroupBarrier(); }\n}\n",
        "    f(lid);",
    );
    let (o, d) = error(&src, "'f' requires argument 1 to be uniform", "lid");
    label(
        &o,
        &d,
        "workgroupBarrier()",
        "'workgroupBarrier' must only be called from uniform control flow (in 'f')",
    );
}

#[test]
fn param_required_uniform_is_fine_with_uniform_argument() {
    ok(&compute(
        "fn f(x: u32) {\n    if x > 0u { workgroupBarrier(); }\n}\n",
        "    f(u.x);\n    f(wid.x);",
    ));
}

#[test]
fn function_requiring_uniformity_called_under_non_uniform_branch_fails() {
    let src = compute(
        "fn sync() {\n    workgroupBarrier();\n}\nfn mid() {\n    sync();\n}\n",
        "    if lid > 3u {\n        mid();\n    }",
    );
    let (o, d) = error(
        &src,
        "'mid' must only be called from uniform control flow",
        "mid()",
    );
    // The origin is the builtin, two calls down.
    label(
        &o,
        &d,
        "workgroupBarrier()",
        "'workgroupBarrier' must only be called from uniform control flow (in 'sync')",
    );
    branch(&o, &d, "lid > 3u");
}

#[test]
fn early_return_in_callee_depends_on_its_parameter() {
    let src = compute(
        "fn f(x: u32) {\n    if x > 0u { return; }\n    workgroupBarrier();\n}\n",
        "    f(lid);",
    );
    error(&src, "'f' requires argument 1 to be uniform", "lid");
    ok(&compute(
        "fn f(x: u32) {\n    if x > 0u { return; }\n    workgroupBarrier();\n}\n",
        "    f(7u);",
    ));
}

#[test]
fn return_value_of_function_reading_storage_is_non_uniform() {
    let src = compute(
        "fn g() -> u32 {\n    return rw[0];\n}\n",
        "    if g() > 0u {\n        workgroupBarrier();\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    label(&o, &d, "g()", "the return value of 'g' may be non-uniform");
}

#[test]
fn return_value_follows_parameter_uniformity() {
    let f = "fn id(x: u32) -> u32 {\n    return x;\n}\n";
    error(
        &compute(
            f,
            "    if id(lid) > 0u {\n        workgroupBarrier();\n    }",
        ),
        BARRIER,
        "workgroupBarrier()",
    );
    ok(&compute(
        f,
        "    if id(u.x) > 0u {\n        workgroupBarrier();\n    }",
    ));
}

#[test]
fn return_value_after_non_uniform_return_is_non_uniform() {
    let f = "fn g(x: u32) -> u32 {\n    if x > 0u { return 1u; }\n    return 2u;\n}\n";
    error(
        &compute(
            f,
            "    if g(lid) > 1u {\n        workgroupBarrier();\n    }",
        ),
        BARRIER,
        "workgroupBarrier()",
    );
    ok(&compute(
        f,
        "    if g(u.x) > 1u {\n        workgroupBarrier();\n    }",
    ));
}

#[test]
fn pointer_parameter_store_makes_variable_non_uniform() {
    let f = "fn put(p: ptr<function, u32>, v: u32) {\n    *p = v;\n}\n";
    error(
        &compute(
            f,
            "    var x = 0u;\n    put(&x, lid);\n    if x > 0u {\n        workgroupBarrier();\n    }",
        ),
        BARRIER,
        "workgroupBarrier()",
    );
    ok(&compute(
        f,
        "    var x = 0u;\n    put(&x, u.x);\n    if x > 0u {\n        workgroupBarrier();\n    }",
    ));
}

#[test]
fn pointer_parameter_storing_non_uniform_value_is_tagged() {
    let f = "fn put(p: ptr<function, u32>) {\n    *p = rw[0];\n}\n";
    let src = compute(
        f,
        "    var x = 0u;\n    put(&x);\n    if x > 0u {\n        workgroupBarrier();\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    label(
        &o,
        &d,
        "put(&x)",
        "'put' may store a non-uniform value through argument 1",
    );
}

#[test]
fn pointer_parameter_left_alone_keeps_variable_value() {
    let f = "fn peek(p: ptr<function, u32>) -> u32 {\n    return *p;\n}\n";
    ok(&compute(
        f,
        "    var x = u.x;\n    let y = peek(&x);\n    if x > 0u && y > 0u {\n        workgroupBarrier();\n    }",
    ));
    error(
        &compute(
            f,
            "    var x = lid;\n    let y = peek(&x);\n    if y > 0u {\n        workgroupBarrier();\n    }",
        ),
        BARRIER,
        "workgroupBarrier()",
    );
}

#[test]
fn pointer_contents_required_uniform() {
    let f = "fn bar(p: ptr<function, u32>) {\n    if *p > 0u { workgroupBarrier(); }\n}\n";
    let src = compute(f, "    var x = lid;\n    bar(&x);");
    let (o, d) = error(
        &src,
        "'bar' requires the value pointed to by argument 1 to be uniform",
        "x",
    );
    label(
        &o,
        &d,
        "lid",
        "builtin value 'local_invocation_index' of parameter 'lid' may be non-uniform",
    );
    label(
        &o,
        &d,
        "var x = lid",
        "the value assigned here may be non-uniform",
    );
    ok(&compute(f, "    var x = u.x;\n    bar(&x);"));
}

#[test]
fn var_private_is_non_uniform() {
    let src = compute("", "    if pv > 0u {\n        workgroupBarrier();\n    }");
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    label(
        &o,
        &d,
        "pv",
        "reading from module-scope private variable 'pv' may result in a non-uniform value",
    );
}

#[test]
fn var_workgroup_is_non_uniform() {
    let src = compute("", "    if wg > 0u {\n        workgroupBarrier();\n    }");
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    label(
        &o,
        &d,
        "wg",
        "reading from workgroup storage variable 'wg' may result in a non-uniform value",
    );
}

#[test]
fn var_read_only_storage_and_uniform_are_uniform() {
    ok(&compute(
        "",
        "    if ro[u.x] > 0u {\n        workgroupBarrier();\n    }",
    ));
}

#[test]
fn var_read_only_storage_indexed_by_non_uniform_value_is_non_uniform() {
    let src = compute(
        "",
        "    if ro[lid] > 0u {\n        workgroupBarrier();\n    }",
    );
    error(&src, BARRIER, "workgroupBarrier()");
}

#[test]
fn builtin_values_uniformity() {
    let fails = [
        ("local_invocation_id", "vec3<u32>", "v.x"),
        ("global_invocation_id", "vec3<u32>", "v.x"),
        ("local_invocation_index", "u32", "v"),
        ("subgroup_invocation_id", "u32", "v"),
        // Uniform only at subgroup scope.
        ("subgroup_id", "u32", "v"),
    ];
    for (b, ty, use_) in fails {
        let src = format!(
            "enable subgroups;\nenable chromium_experimental_subgroup_matrix;\n@compute @workgroup_size(64)\nfn main(@builtin({b}) v: {ty}) {{\n    if {use_} > 0u {{ workgroupBarrier(); }}\n}}\n"
        );
        let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
        label(
            &o,
            &d,
            "v",
            &format!("builtin value '{b}' of parameter 'v' may be non-uniform"),
        );
    }
    let uniform = [
        ("workgroup_id", "vec3<u32>", "v.x"),
        ("num_workgroups", "vec3<u32>", "v.x"),
        ("subgroup_size", "u32", "v"),
        ("num_subgroups", "u32", "v"),
    ];
    for (b, ty, use_) in uniform {
        ok(&format!(
            "enable subgroups;\n@compute @workgroup_size(64)\nfn main(@builtin({b}) v: {ty}) {{\n    if {use_} > 0u {{ workgroupBarrier(); }}\n}}\n"
        ));
    }
}

#[test]
fn builtin_struct_with_a_non_uniform_member_is_non_uniform() {
    let src = "struct In {\n    @builtin(workgroup_id) w: vec3<u32>,\n    @builtin(local_invocation_index) l: u32,\n}\n@compute @workgroup_size(64)\nfn main(i: In) {\n    if i.w.x > 0u { workgroupBarrier(); }\n}\n";
    let (o, d) = error(src, BARRIER, "workgroupBarrier()");
    label(
        &o,
        &d,
        "i",
        "parameter 'i' holds inputs that may be non-uniform",
    );
    ok("struct In {\n    @builtin(workgroup_id) w: vec3<u32>,\n    @builtin(num_workgroups) n: vec3<u32>,\n}\n@compute @workgroup_size(64)\nfn main(i: In) {\n    if i.w.x > i.n.x { workgroupBarrier(); }\n}\n");
}

#[test]
fn atomic_results_are_non_uniform() {
    let src = "var<workgroup> n: atomic<u32>;\n@compute @workgroup_size(64)\nfn main() {\n    if atomicAdd(&n, 1u) > 0u {\n        workgroupBarrier();\n    }\n}\n";
    let (o, d) = error(src, BARRIER, "workgroupBarrier()");
    label(
        &o,
        &d,
        "atomicAdd(&n, 1u)",
        "the result of 'atomicAdd' may be non-uniform",
    );
}

#[test]
fn wul_result_is_uniform() {
    ok(&compute(
        "",
        "    if workgroupUniformLoad(&wg) > 0u {\n        workgroupBarrier();\n    }",
    ));
}

#[test]
fn wul_in_non_uniform_control_flow_fails() {
    let src = compute(
        "",
        "    if lid > 0u {\n        let x = workgroupUniformLoad(&wg);\n    }",
    );
    let (o, d) = error(
        &src,
        "'workgroupUniformLoad' must only be called from uniform control flow",
        "workgroupUniformLoad(&wg)",
    );
    branch(&o, &d, "lid > 0u");
}

#[test]
fn wul_pointer_must_be_uniform() {
    let src = compute(
        "var<workgroup> wga: array<u32, 64>;\n",
        "    let x = workgroupUniformLoad(&wga[lid]);",
    );
    error(
        &src,
        "'workgroupUniformLoad' requires argument 1 to be uniform",
        "wga[lid]",
    );
    ok(&compute(
        "var<workgroup> wga: array<u32, 64>;\n",
        "    let x = workgroupUniformLoad(&wga[u.x]);",
    ));
}

#[test]
fn local_assigned_in_non_uniform_branch_is_non_uniform() {
    let src = compute(
        "",
        "    var x = 0u;\n    if lid > 0u { x = 1u; }\n    if x > 0u {\n        workgroupBarrier();\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "x > 0u");
    label(
        &o,
        &d,
        "x = 1u",
        "the value assigned here may be non-uniform",
    );
}

#[test]
fn local_fully_reassigned_becomes_uniform() {
    ok(&compute(
        "",
        "    var x = lid;\n    x = 0u;\n    if x == 0u {\n        workgroupBarrier();\n    }",
    ));
}

#[test]
fn local_partially_reassigned_stays_non_uniform() {
    let src = compute(
        "",
        "    var a = vec2<u32>(lid, 0u);\n    a.x = 0u;\n    if a.y == 0u {\n        workgroupBarrier();\n    }",
    );
    error(&src, BARRIER, "workgroupBarrier()");
}

#[test]
fn local_indexed_by_non_uniform_value_is_non_uniform() {
    let src = compute(
        "",
        "    var a = array<u32, 4>();\n    a[lid % 4u] = 1u;\n    if a[0] == 0u {\n        workgroupBarrier();\n    }",
    );
    error(&src, BARRIER, "workgroupBarrier()");
}

#[test]
fn local_assigned_non_uniform_value_in_loop_reaches_next_iteration() {
    let src = compute(
        "",
        "    var x = 0u;\n    for (var i = 0u; i < 4u; i++) {\n        if x > 0u { workgroupBarrier(); }\n        x = lid;\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "x > 0u");
}

#[test]
fn local_value_after_loop_joins_breaks() {
    let src = compute(
        "",
        "    var x = 0u;\n    loop {\n        if u.x > 0u { x = lid; break; }\n        x = 1u;\n        break;\n    }\n    if x > 0u {\n        workgroupBarrier();\n    }",
    );
    error(&src, BARRIER, "workgroupBarrier()");
}

#[test]
fn only_the_first_error_is_reported() {
    let src = compute(
        "",
        "    if lid > 0u { workgroupBarrier(); }\n    if lid > 1u { storageBarrier(); }",
    );
    error(&src, BARRIER, "workgroupBarrier()");
}

#[test]
fn local_declared_in_loop_body_carries_values_from_continue_into_continuing() {
    let src = compute(
        "",
        "    loop {\n        var x = 0u;\n        if u.x > 0u {\n            x = lid;\n            continue;\n        }\n        x = 5u;\n        continuing {\n            if x == 0u { workgroupBarrier(); }\n            break if u.x > 3u;\n        }\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "x == 0u");
}

#[test]
fn local_declared_in_loop_body_is_fresh_each_iteration() {
    ok(&compute(
        "",
        "    for (var i = 0u; i < 4u; i++) {\n        var x = 0u;\n        if x == 0u { workgroupBarrier(); }\n        x = lid;\n    }",
    ));
}

/// The spec's "Function-scope Variable Uniformity" example: the same
/// variable is non-uniform, then uniform again after a full assignment.
#[test]
fn spec_example_function_scope_variable() {
    let src = "@group(0) @binding(0) var<storage, read_write> a : i32;
@group(0) @binding(1) var<uniform> b : i32;
@compute @workgroup_size(16,1,1)
fn main() {
  var x : i32;
  x = a;
  if x > 0 {
    workgroupBarrier();
  }
  x = b;
  if x < 0 {
    storageBarrier();
  }
}
";
    let (o, d) = error(src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "x > 0");
    label(
        &o,
        &d,
        "x = a",
        "the value assigned here may be non-uniform",
    );
    label(
        &o,
        &d,
        "a",
        "reading from read_write storage buffer 'a' may result in a non-uniform value",
    );
    ok(&src.replace("    workgroupBarrier();\n", ""));
}

/// The spec's "Uniformity in a Loop" example: the break after the barrier
/// makes later iterations non-uniform.
#[test]
fn spec_example_loop() {
    let src = "@compute @workgroup_size(16,1,1)
fn main(@builtin(local_invocation_index) lid : u32) {
  for (var i = 0u; i < 10; i++) {
    workgroupBarrier();
    if (lid + i) > 7 {
      break;
    }
  }
}
";
    let (o, d) = error(src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "(lid + i) > 7");
}

/// The spec's "Composite Value Analysis Limitations" example and its
/// workaround.
#[test]
fn spec_example_composite_value() {
    let invalid = "struct Inputs {
  @builtin(workgroup_id) wgid : vec3<u32>,
  @builtin(local_invocation_index) lid : u32
}
@compute @workgroup_size(16,1,1)
fn main(inputs : Inputs) {
  if inputs.wgid.x == 1 {
    workgroupBarrier();
  }
}
";
    error(invalid, BARRIER, "workgroupBarrier()");
    ok("@compute @workgroup_size(16,1,1)
fn main(@builtin(workgroup_id) wgid : vec3<u32>,
        @builtin(local_invocation_index) lid : u32) {
  if wgid.x == 1 {
    workgroupBarrier();
  }
}
");
}

#[test]
fn nested_for_counter_assigned_a_non_uniform_value_fails() {
    let src = compute(
        "",
        "    loop {\n        for (var i = 0u; i < 8u; i++) {\n            workgroupBarrier();\n            if i == 3u { i = lid; }\n        }\n        if u.x > 0u { break; }\n    }",
    );
    let (o, d) = error(&src, BARRIER, "workgroupBarrier()");
    branch(&o, &d, "i < 8u");
}

#[test]
fn pointer_let_full_and_partial_assignments() {
    // A full assignment through a pointer `let`.
    error(
        &compute(
            "",
            "    var x = 0u;\n    let p = &x;\n    *p = lid;\n    if x > 0u {\n        workgroupBarrier();\n    }",
        ),
        BARRIER,
        "workgroupBarrier()",
    );
    // The pointer's index is non-uniform: a partial assignment.
    error(
        &compute(
            "",
            "    var a = array<u32, 4>();\n    let p = &a[lid % 4u];\n    *p = 1u;\n    if a[0] > 0u {\n        workgroupBarrier();\n    }",
        ),
        BARRIER,
        "workgroupBarrier()",
    );
    ok(&compute(
        "",
        "    var x = lid;\n    let p = &x;\n    *p = u.x;\n    if x > 0u {\n        workgroupBarrier();\n    }",
    ));
}

#[test]
fn pointer_parameter_partial_store_depends_on_index_parameter() {
    let f = "fn put(p: ptr<function, array<u32, 4>>, i: u32) {\n    (*p)[i] = 0u;\n}\n";
    error(
        &compute(
            f,
            "    var a = array<u32, 4>();\n    put(&a, lid % 4u);\n    if a[1] > 0u {\n        workgroupBarrier();\n    }",
        ),
        BARRIER,
        "workgroupBarrier()",
    );
    ok(&compute(
        f,
        "    var a = array<u32, 4>();\n    put(&a, u.x % 4u);\n    if a[1] > 0u {\n        workgroupBarrier();\n    }",
    ));
}

#[test]
fn chromium_disable_uniformity_analysis_turns_the_analysis_off() {
    let body = "    if lid > 0u { workgroupBarrier(); }";
    let _ = error(&compute("", body), BARRIER, "workgroupBarrier()");
    ok(&compute(
        "enable chromium_disable_uniformity_analysis;",
        body,
    ));
}

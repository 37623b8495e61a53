//! Tests of the loop passes (unroll, sroa, dse) on the IR they leave,
//! printed as WGSL; the same inputs go through the whole SPIR-V pipeline and
//! SPIRV-Tools.

use crate::back::spv::Options;
use crate::ir::{BinaryOperator as B, Scalar};
use crate::lower::spv::write;
use crate::pipeline::{process, PipelineOptions};

use crate::analysis::counted_loops::trip_count;

/// Runs the loop passes (through `dse`) over `src` and returns the WGSL of
/// the module they leave; also checks that the whole SPIR-V pipeline
/// accepts the module and SPIRV-Tools validates its output (Vulkan 1.3).
fn compile(src: &str) -> String {
    let text = super::wgsl_tests::after(src, "dse");
    let parsed = match crate::front::wgsl::parse_str(src) {
        Ok(p) => p,
        Err(e) => panic!("parse failed: {e:?}"),
    };
    let info = match crate::valid::validate(&parsed.module) {
        Ok(i) => i,
        Err(e) => panic!("validation failed: {e:?}"),
    };
    let p = match process(&parsed.module, &info, &PipelineOptions::default()) {
        Ok(p) => p,
        Err(e) => panic!("pipeline failed: {e:?}"),
    };
    let opts = Options {
        version: (1, 6),
        ..Options::default()
    };
    let words = match write(&p, &opts) {
        Ok(w) => w,
        Err(e) => panic!("write failed: {e:?}"),
    };
    let v = spirv_tools::val::create(Some(spirv_tools::TargetEnv::Vulkan_1_3));
    if let Err(e) = spirv_tools::val::Validator::validate(&v, &words, None) {
        panic!("invalid SPIR-V: {e}\n{text}");
    }
    text
}

fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

/// How many local variables hold an array of subgroup matrices.
fn function_array_pointers(text: &str) -> usize {
    text.lines()
        .filter(|l| l.trim_start().starts_with("var ") && l.contains(": array<"))
        .filter(|l| l.contains("subgroup_matrix_"))
        .count()
}

// Some kernels branch on `lid` around matrix code on purpose (to test
// what the passes leave alone); the uniformity rule is turned off for them.
const HEADER: &str = "enable f16;
enable chromium_experimental_subgroup_matrix;
diagnostic(off, chromium.subgroup_matrix_uniformity);
@group(0) @binding(0) var<storage, read> a: array<f16>;
@group(0) @binding(1) var<storage, read_write> c: array<f32>;
alias L = subgroup_matrix_left<f16, 16, 16>;
alias R = subgroup_matrix_right<f16, 16, 16>;
alias Acc = subgroup_matrix_result<f32, 16, 16>;
";

fn kernel(body: &str) -> String {
    format!("{HEADER}@compute @workgroup_size(64)\nfn main(@builtin(local_invocation_index) lid: u32) {{\n{body}\n}}\n")
}

#[test]
fn nested_accumulator_loops_unroll_fully() {
    let src = kernel(
        "var acc: array<array<Acc, 4>, 4>;
        var la: array<L, 4>;
        var rb: array<R, 4>;
        for (var i = 0u; i < 4u; i++) {
            la[i] = subgroupMatrixLoad<L, row_major>(&a, i * 256u, 16u);
            rb[i] = subgroupMatrixLoad<R, row_major>(&a, i * 256u + 1024u, 16u);
        }
        for (var i = 0u; i < 4u; i++) {
            for (var j = 0u; j < 4u; j++) {
                acc[i][j] = subgroupMatrixMultiplyAccumulate(la[i], rb[j], acc[i][j]);
            }
        }
        for (var i = 0u; i < 4u; i++) {
            for (var j = 0u; j < 4u; j++) {
                subgroupMatrixStore<row_major>(&c, (i * 4u + j) * 256u, acc[i][j], 16u);
            }
        }",
    );
    let text = compile(&src);
    assert_eq!(count(&text, "loop {"), 0, "{text}");
    assert_eq!(
        count(&text, "subgroupMatrixMultiplyAccumulate("),
        16,
        "{text}"
    );
    assert_eq!(count(&text, "subgroupMatrixLoad<"), 8, "{text}");
    assert_eq!(count(&text, "subgroupMatrixStore<"), 16, "{text}");
    // The arrays are split into one variable per matrix.
    assert_eq!(function_array_pointers(&text), 0, "{text}");
}

#[test]
fn small_loop_without_matrices_is_unrolled_too() {
    // The counter indexes an array: its index is checked for bounds.
    let src = kernel(
        "var s = 0.0;
        for (var i = 0u; i < 4u; i++) { s += c[i * 64u + lid]; }
        c[lid] = s;",
    );
    let text = compile(&src);
    assert_eq!(count(&text, "loop {"), 0, "{text}");
    assert_eq!(count(&text, "c[192u + lid]"), 1, "{text}");
}

#[test]
fn loop_whose_counter_feeds_no_index_keeps_the_hint() {
    // The counter only feeds arithmetic (like the offsets of a filter
    // kernel): unrolling would make the code larger and drop no check.
    let src = kernel(
        "var s = 0.0;
        for (var i = 0u; i < 4u; i++) { s += f32(i); }
        c[lid] = s;",
    );
    let text = compile(&src);
    assert_eq!(count(&text, "loop {"), 1, "{text}");
    assert_eq!(count(&text, "f32(3u)"), 0, "{text}");
    let mut module = crate::front::wgsl::parse_str(&src).unwrap().module;
    super::unroll::run(&mut module);
    let mut hinted = 0;
    for (_, f) in module.functions.iter() {
        crate::ir::visit::walk_statements(&f.body, |st, _| {
            hinted += usize::from(matches!(
                st,
                crate::ir::Statement::Loop { unroll: true, .. }
            ));
        });
    }
    assert_eq!(hinted, 1);
}

/// The loops of `src`'s functions that have the `unroll` hint after the
/// pass, in statement order (outer before inner).
fn hinted_loops(src: &str) -> Vec<bool> {
    let mut module = crate::front::wgsl::parse_str(src).unwrap().module;
    super::unroll::run(&mut module);
    let mut hints = Vec::new();
    for (_, f) in module.functions.iter() {
        crate::ir::visit::walk_statements(&f.body, |st, _| {
            if let crate::ir::Statement::Loop { unroll, .. } = st {
                hints.push(*unroll);
            }
        });
    }
    hints
}

#[test]
fn a_nest_too_large_to_unroll_keeps_the_hint_only_where_it_is_small() {
    // Regression (differential seed 7418): both loops of a 16 x 4 nest with
    // a large body had the hint; Mesa unrolls hinted loops whatever their
    // size and lavapipe's compiler ran for minutes. The inner loop (4
    // copies) keeps the hint; the outer one, counted with its inner loop
    // unrolled, is over the budget and gets none.
    let body = "s += f32(j) * 0.5 + f32(j) * 0.25 + f32(j) * 0.125 + f32(j);\n".repeat(40);
    let src = kernel(&format!(
        "var s = 0.0;
        for (var i = 0u; i < 16u; i++) {{
            for (var j = 0u; j < 4u; j++) {{ {body} }}
        }}
        c[lid] = s;"
    ));
    assert_eq!(hinted_loops(&src), [false, true]);
    // A small nest keeps both hints.
    let src = kernel(
        "var s = 0.0;
        for (var i = 0u; i < 16u; i++) { for (var j = 0u; j < 4u; j++) { s += f32(j); } }
        c[lid] = s;",
    );
    assert_eq!(hinted_loops(&src), [true, true]);
}

#[test]
fn loop_whose_counter_is_a_texel_coordinate_is_unrolled() {
    let src = "@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(1)
fn main() {
    var s = 0.0;
    for (var i = 0; i < 3; i++) { s += textureLoad(t, vec2(i, 0), 0).x; }
    c[0] = s;
}
";
    let text = compile(src);
    assert_eq!(count(&text, "loop {"), 0, "{text}");
}

#[test]
fn large_loop_without_matrices_is_untouched() {
    // 16 trips of a body above the plain budget's share stay a loop.
    let body: String = (0..80).map(|k| format!("s += c[i * {k}u];\n")).collect();
    let src = kernel(&format!(
        "var s = 0.0;
        for (var i = 0u; i < 16u; i++) {{ {body} }}
        c[lid] = s;"
    ));
    let text = compile(&src);
    assert_eq!(count(&text, "loop {"), 1, "{text}");
}

#[test]
fn loop_with_break_is_untouched() {
    let src = kernel(
        "var acc: array<Acc, 4>;
        for (var i = 0u; i < 4u; i++) {
            if (lid == i) { break; }
            acc[i] = Acc(1.0);
        }
        subgroupMatrixStore<row_major>(&c, 0u, acc[1], 16u);",
    );
    assert_eq!(count(&compile(&src), "loop {"), 1);
}

#[test]
fn loop_with_continue_or_return_is_untouched() {
    for stmt in ["continue;", "return;"] {
        let src = kernel(&format!(
            "var acc: array<Acc, 4>;
            for (var i = 0u; i < 4u; i++) {{
                if (lid == i) {{ {stmt} }}
                acc[i] = Acc(1.0);
            }}
            subgroupMatrixStore<row_major>(&c, 0u, acc[1], 16u);"
        ));
        assert_eq!(count(&compile(&src), "loop {"), 1, "{stmt}");
    }
}

#[test]
fn break_of_nested_loop_or_switch_is_fine() {
    let src = kernel(
        "var acc: array<Acc, 2>;
        for (var i = 0u; i < 2u; i++) {
            switch (lid) { case 0u: { break; } default: { acc[i] = Acc(2.0); } }
            loop { if (lid > 3u) { break; } acc[i] = Acc(1.0); break; }
        }
        subgroupMatrixStore<row_major>(&c, 0u, acc[1], 16u);",
    );
    let text = compile(&src);
    // Only the two copies of the inner `loop` remain.
    assert_eq!(count(&text, "loop {"), 2, "{text}");
}

#[test]
fn non_constant_bound_is_untouched() {
    let src = kernel(
        "var acc: array<Acc, 4>;
        for (var i = 0u; i < lid; i++) { acc[i % 4u] = Acc(1.0); }
        subgroupMatrixStore<row_major>(&c, 0u, acc[1], 16u);",
    );
    assert_eq!(count(&compile(&src), "loop {"), 1);
}

#[test]
fn counter_written_in_body_is_untouched() {
    let src = kernel(
        "var acc: array<Acc, 4>;
        for (var i = 0u; i < 4u; i++) { acc[i] = Acc(1.0); i += 1u; }
        subgroupMatrixStore<row_major>(&c, 0u, acc[1], 16u);",
    );
    assert_eq!(count(&compile(&src), "loop {"), 1);
}

#[test]
fn counter_passed_by_pointer_is_untouched() {
    let src = format!(
        "{HEADER}fn bump(p: ptr<function, u32>) {{ *p += 1u; }}
@compute @workgroup_size(64)
fn main() {{
    var acc: array<Acc, 4>;
    for (var i = 0u; i < 4u; i++) {{ acc[i % 4u] = Acc(1.0); bump(&i); }}
    subgroupMatrixStore<row_major>(&c, 0u, acc[1], 16u);
}}
"
    );
    assert_eq!(count(&compile(&src), "loop {"), 1);
}

#[test]
fn too_many_trips_is_untouched() {
    let src = kernel(
        "var acc: array<Acc, 32>;
        for (var i = 0u; i < 32u; i++) { acc[i] = Acc(1.0); }
        subgroupMatrixStore<row_major>(&c, 0u, acc[1], 16u);",
    );
    assert_eq!(count(&compile(&src), "loop {"), 1);
}

#[test]
fn zero_trips_keeps_final_store() {
    let src = kernel(
        "var acc: array<Acc, 4>;
        var i = 7u;
        loop {
            if !(i < 4u) { break; }
            acc[i % 4u] = Acc(1.0);
            continuing { i = i + 1u; }
        }
        c[lid] = f32(i);
        subgroupMatrixStore<row_major>(&c, 0u, acc[1], 16u);",
    );
    let text = compile(&src);
    assert_eq!(count(&text, "loop {"), 0, "{text}");
    assert_eq!(count(&text, "subgroupMatrixStore<"), 1, "{text}");
}

#[test]
fn step_16_i32_and_less_equal() {
    let src = kernel(
        "var acc: array<Acc, 4>;
        for (var k = 0u; k < 64u; k += 16u) { acc[k / 16u] = Acc(1.0); }
        for (var i = 0i; i <= 3i; i++) { acc[i] = subgroupMatrixScalarMultiply(acc[i], 2.0); }
        for (var i = -2i; 2i > i; i++) { acc[i + 2] = subgroupMatrixScalarAdd(acc[i + 2], 1.0); }
        subgroupMatrixStore<row_major>(&c, 0u, acc[1], 16u);",
    );
    let text = compile(&src);
    assert_eq!(count(&text, "loop {"), 0, "{text}");
}

#[test]
fn unrolled_ir_is_shaped_as_expected() {
    let src = kernel(
        "var acc: array<Acc, 3>;
        for (var i = 0u; i < 3u; i++) { let m = Acc(f32(i)); acc[i] = m; }
        subgroupMatrixStore<row_major>(&c, 0u, acc[1], 16u);",
    );
    let parsed = crate::front::wgsl::parse_str(&src).unwrap_or_else(|e| panic!("{e:?}"));
    let mut m = parsed.module.clone();
    super::unroll::run(&mut m);
    let f = &m
        .functions
        .iter()
        .next()
        .map(|(_, f)| f.clone())
        .unwrap_or_default();
    let dbg = format!("{:#?}", f.body);
    assert!(!dbg.contains("Loop {"), "{dbg}");
    // One literal per iteration for `i`, then the final value 3.
    let lits: Vec<_> = f
        .expressions
        .iter()
        .filter_map(|(_, e)| match e {
            crate::ir::Expression::Literal(crate::ir::Literal::U32(v)) => Some(*v),
            _ => None,
        })
        .collect();
    for v in [0, 1, 2, 3] {
        assert!(lits.contains(&v), "{lits:?}");
    }
    // The `let` name is kept on the first copy only.
    assert_eq!(
        f.named_expressions.values().filter(|n| *n == "m").count(),
        1
    );
    // The unrolled module still validates.
    if let Err(e) = crate::valid::validate(&m) {
        panic!("{e:?}");
    }
}

#[test]
fn trip_counts_are_exact() {
    assert_eq!(trip_count(B::Less, 0, 4, 1, Scalar::U32), Some(4));
    assert_eq!(trip_count(B::Less, 0, 32, 16, Scalar::U32), Some(2));
    assert_eq!(trip_count(B::Less, 0, 33, 16, Scalar::U32), Some(3));
    assert_eq!(trip_count(B::LessEqual, 0, 3, 1, Scalar::I32), Some(4));
    assert_eq!(trip_count(B::Less, 5, 4, 1, Scalar::U32), Some(0));
    assert_eq!(trip_count(B::NotEqual, 0, 8, 2, Scalar::U32), Some(4));
    // Never reaches the bound.
    assert_eq!(trip_count(B::NotEqual, 0, 7, 2, Scalar::U32), None);
    // Counter would wrap past the maximum.
    let max = u32::MAX as i64;
    assert_eq!(trip_count(B::LessEqual, max - 1, max, 1, Scalar::U32), None);
    assert_eq!(trip_count(B::Less, max - 2, max, 4, Scalar::U32), None);
    assert_eq!(trip_count(B::Less, 0, 4, 0, Scalar::U32), None);
    assert_eq!(trip_count(B::Greater, 0, 4, 1, Scalar::U32), None);
}

/// Runs the pipeline's passes on `src` and returns the entry function.
fn passes_on(src: &str) -> crate::ir::Function {
    let parsed = crate::front::wgsl::parse_str(src).unwrap_or_else(|e| panic!("{e:?}"));
    let mut m = parsed.module.clone();
    super::unroll::run(&mut m);
    super::sroa::run(&mut m);
    super::dse::run(&mut m);
    let f = m.functions.iter().last().map(|(_, f)| f.clone());
    f.unwrap_or_default()
}

#[test]
fn arrays_of_matrices_are_split_after_unrolling() {
    let src = kernel(
        "var acc: array<array<Acc, 2>, 2>;
        for (var i = 0u; i < 2u; i++) {
            for (var j = 0u; j < 2u; j++) {
                acc[i][j] = subgroupMatrixScalarAdd(acc[i][j], 1.0);
            }
        }
        subgroupMatrixStore<row_major>(&c, 0u, acc[1][0], 16u);",
    );
    let f = passes_on(&src);
    let names: Vec<_> = f
        .local_variables
        .iter()
        .map(|(_, v)| v.name.clone())
        .collect();
    for n in ["acc_0", "acc_1", "acc_0_0", "acc_1_1"] {
        assert!(names.contains(&n.to_string()), "{names:?}");
    }
    let text = compile(&src);
    assert_eq!(function_array_pointers(&text), 0, "{text}");
    assert_eq!(count(&text, "subgroupMatrixStore<"), 1, "{text}");
}

#[test]
fn dynamically_indexed_array_is_not_split() {
    let src = kernel(
        "var acc: array<Acc, 2>;
        acc[lid % 2u] = Acc(1.0);
        subgroupMatrixStore<row_major>(&c, 0u, acc[1], 16u);",
    );
    let f = passes_on(&src);
    assert!(f.local_variables.iter().all(|(_, v)| v.name != "acc_0"));
    assert_eq!(function_array_pointers(&compile(&src)), 1);
}

#[test]
fn overwritten_zero_init_is_dropped_but_read_one_kept() {
    // `a` is zero-initialised then overwritten: the zero store goes.
    // `b` is read before being written: its zero store stays.
    let src = kernel(
        "var a: Acc;
        var b: Acc;
        c[0] = 1.0;
        a = Acc(2.0);
        b = subgroupMatrixScalarAdd(b, 1.0);
        subgroupMatrixStore<row_major>(&c, 0u, a, 16u);
        subgroupMatrixStore<row_major>(&c, 256u, b, 16u);",
    );
    let f = passes_on(&src);
    let zero_stores = |name: &str| {
        let mut n = 0;
        for s in &f.body.statements {
            if let crate::ir::Statement::Store { pointer, value } = s {
                let is_var = matches!(&f.expressions[*pointer],
                    crate::ir::Expression::LocalVariable(v) if f.local_variables[*v].name == name);
                let is_zero = matches!(f.expressions[*value], crate::ir::Expression::ZeroValue(_));
                n += usize::from(is_var && is_zero);
            }
        }
        n
    };
    assert_eq!(zero_stores("a"), 0);
    assert_eq!(zero_stores("b"), 1);
    compile(&src);
}

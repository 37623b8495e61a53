//! Resolver tests: parse snippets, check the IR shape and the Emit-range
//! invariants, and check every error's message and span.

use crate::arena::Handle;
use crate::front::wgsl::parse_str;
use crate::ir::{Block, Expression, Function, Module, Scalar, Statement, TypeInner};

/// Resolves `src`, panicking (test only) with the rendered errors.
pub(super) fn ok(src: &str) -> Module {
    match parse_str(src) {
        Ok(p) => {
            for (_, f) in p.module.functions.iter() {
                check_emits(f);
            }
            p.module
        }
        Err(e) => panic!("unexpected errors:\n{}", e.render("t.wgsl", src)),
    }
}

/// Resolves `src`, expecting an error: (message, spanned source text).
fn fail(src: &str) -> (String, String) {
    match parse_str(src) {
        Ok(_) => panic!("expected an error for:\n{src}"),
        Err(e) => {
            let d = e.errors().next().expect("an error diagnostic");
            let text = src
                .get(d.span.to_range())
                .unwrap_or("<bad span>")
                .to_string();
            (d.message.clone(), text)
        }
    }
}

pub(super) fn assert_fail(src: &str, msg: &str, spanned: &str) {
    let (m, s) = fail(src);
    assert_eq!(m, msg, "message for:\n{src}");
    assert_eq!(s, spanned, "span for:\n{src}");
}

/// Checks the Emit invariants: expressions that need evaluation are
/// covered exactly once, and the others never.
fn check_emits(f: &Function) {
    let mut covered = vec![0u32; f.expressions.len()];
    fn walk(b: &Block, covered: &mut [u32]) {
        crate::ir::visit::walk_statements(b, |s, _| {
            if let Statement::Emit(r) = s {
                for i in r.index_range() {
                    covered[i] += 1;
                }
            }
        });
    }

    walk(&f.body, &mut covered);
    for (h, e) in f.expressions.iter() {
        let n = covered[h.index()];
        if crate::ir::visit::needs_emit(e) {
            assert_eq!(
                n, 1,
                "expression {h:?} = {e:?} emitted {n} times in {}",
                f.name
            );
        } else {
            assert_eq!(
                n, 0,
                "expression {h:?} = {e:?} must not be emitted in {}",
                f.name
            );
        }
    }
}

pub(super) fn func<'m>(m: &'m Module, name: &str) -> &'m Function {
    m.functions
        .iter()
        .find(|(_, f)| f.name == name)
        .map(|(_, f)| f)
        .expect("function")
}

fn named(m: &Module, f: &Function, name: &str) -> (Handle<Expression>, TypeInner) {
    let (h, _) = f
        .named_expressions
        .iter()
        .find(|(_, n)| n.as_str() == name)
        .expect("named expression");
    (*h, m.inner(f.expression_type(*h)).clone())
}

#[test]
fn let_concretizes_abstract_literals() {
    let m = ok("fn f() { let a = 1; let b = 2.5; let c = 3u; }");
    let f = func(&m, "f");
    assert_eq!(named(&m, f, "a").1, TypeInner::Scalar(Scalar::I32));
    assert_eq!(named(&m, f, "b").1, TypeInner::Scalar(Scalar::F32));
    assert_eq!(named(&m, f, "c").1, TypeInner::Scalar(Scalar::U32));
}

#[test]
fn var_gets_local_and_store() {
    let m = ok("fn f() { var x: i32; var y = 2; }");
    let f = func(&m, "f");
    assert_eq!(f.local_variables.len(), 2);
    let stores: Vec<_> = f
        .body
        .statements
        .iter()
        .filter_map(|s| match s {
            Statement::Store { value, .. } => Some(f.expressions[*value].clone()),
            _ => None,
        })
        .collect();
    assert_eq!(stores.len(), 2);
    assert!(matches!(stores[0], Expression::ZeroValue(_)));
    assert!(matches!(
        stores[1],
        Expression::Literal(crate::ir::Literal::I32(2))
    ));
}

#[test]
fn mixed_abstract_binary_typing() {
    let m = ok("fn f(x: f32, u: u32) { let a = x * 2; let b = 1 + u; let c = vec3(x) * 2; }");
    let f = func(&m, "f");
    assert_eq!(named(&m, f, "a").1, TypeInner::Scalar(Scalar::F32));
    assert_eq!(named(&m, f, "b").1, TypeInner::Scalar(Scalar::U32));
    assert!(matches!(
        named(&m, f, "c").1,
        TypeInner::Vector {
            scalar: Scalar::F32,
            ..
        }
    ));
}

#[test]
fn functions_are_ordered_callees_first() {
    let m = ok("fn a() -> i32 { return b(); } fn b() -> i32 { return 1; }");
    let names: Vec<_> = m.functions.iter().map(|(_, f)| f.name.clone()).collect();
    assert_eq!(names, ["b", "a"]);
}

#[test]
fn for_loop_lowers_to_loop() {
    let m = ok("fn f() { for (var i = 0; i < 4; i++) { } }");
    let f = func(&m, "f");
    let Statement::Block(b) = &f.body.statements[0] else {
        panic!("expected a block: {:?}", f.body.statements)
    };
    let lp = b
        .statements
        .iter()
        .find_map(|s| match s {
            Statement::Loop {
                body, continuing, ..
            } => Some((body, continuing)),
            _ => None,
        })
        .expect("a loop");
    assert!(lp.0.statements.iter().any(
        |s| matches!(s, Statement::If { accept, .. } if accept.statements == [Statement::Break])
    ));
    assert!(lp
        .1
        .statements
        .iter()
        .any(|s| matches!(s, Statement::Store { .. })));
}

#[test]
fn short_circuit_lowers_to_if() {
    let m = ok("fn g() -> bool { return true; } fn f(a: bool) { let x = a && g(); }");
    let f = func(&m, "f");
    assert_eq!(f.local_variables.len(), 1);
    assert!(f
        .body
        .statements
        .iter()
        .any(|s| matches!(s, Statement::If { accept, .. } if !accept.is_empty())));
}

#[test]
fn compound_assignment_evaluates_reference_once() {
    let m = ok("fn f() { var a = array<i32, 4>(); var i = 1; a[i] += 2; }");
    let f = func(&m, "f");
    let accesses = f
        .expressions
        .iter()
        .filter(|(_, e)| matches!(e, Expression::Access { .. }))
        .count();
    assert_eq!(accesses, 1);
}

/// The positions in `f`'s body of the `Emit` covering each `Load` and of
/// each `Call` statement: (loads, calls).
fn load_and_call_positions(f: &Function) -> (Vec<usize>, Vec<usize>) {
    let (mut loads, mut calls) = (Vec::new(), Vec::new());
    for (k, s) in f.body.statements.iter().enumerate() {
        match s {
            Statement::Emit(r) => {
                let n = r
                    .index_range()
                    .filter(|&i| {
                        matches!(
                            f.expressions[Handle::from_index(i)],
                            Expression::Load { .. }
                        )
                    })
                    .count();
                loads.extend(std::iter::repeat_n(k, n));
            }
            Statement::Call { .. } => calls.push(k),
            _ => {}
        }
    }
    (loads, calls)
}

#[test]
fn compound_assignment_loads_before_a_call_on_the_right() {
    // `e1 op= e2` is `{ let p = &(e1); *p = *p op (e2); }` (spec, "Compound
    // Assignment"): `*p` is read before `e2` runs, so a call in `e2` that
    // writes `e1`'s memory does not change the value read.
    let m = ok("var<private> g: u32;
         var<private> a: array<u32, 4>;
         fn setg() -> u32 { g = 100u; a[1] = 100u; return 1u; }
         fn f() { g += setg(); }
         fn h() { a[1] *= 2u + setg(); }");
    for name in ["f", "h"] {
        let f = func(&m, name);
        let (loads, calls) = load_and_call_positions(f);
        assert_eq!((loads.len(), calls.len()), (1, 1), "{name}: {:?}", f.body);
        assert!(loads[0] < calls[0], "{name}: the load follows the call");
        // The stored value reads that load.
        let stored = f.body.statements.iter().find_map(|s| match s {
            Statement::Store { value, .. } => Some(*value),
            _ => None,
        });
        let Some(Expression::Binary { left, .. }) = stored.map(|v| &f.expressions[v]) else {
            panic!("{name}: no binary store: {:?}", f.body);
        };
        assert!(matches!(f.expressions[*left], Expression::Load { .. }));
    }
}

#[test]
fn compound_assignment_without_calls_keeps_its_order() {
    // Without a user-function call the right side cannot write memory and
    // the load stays after it (the IR is unchanged for the common case).
    let m = ok("fn f(k: u32) { var x = 1u; x += k * 2u; x++; }");
    let f = func(&m, "f");
    let load = f
        .expressions
        .iter()
        .find(|(_, e)| matches!(e, Expression::Load { .. }))
        .map(|(h, _)| h)
        .expect("a load");
    let product = f
        .expressions
        .iter()
        .find(|(_, e)| matches!(e, Expression::Binary { .. }))
        .map(|(h, _)| h)
        .expect("k * 2u");
    assert!(product < load);
}

#[test]
fn compound_swizzle_assignment_reads_before_a_call_and_stores_fresh() {
    // `v.zy += f()`: the view is read before `f` runs; the store reads the
    // vector again, so what `f` wrote to `v.x` stays.
    let m = ok("requires swizzle_assignment;
         var<private> v: vec4<u32>;
         fn setv() -> vec2<u32> { v.x = 100u; return vec2(1u); }
         fn f() { v.zy += setv(); }");
    let f = func(&m, "f");
    let (loads, calls) = load_and_call_positions(f);
    assert_eq!(calls.len(), 1);
    assert_eq!(loads.len(), 2, "{:?}", f.body);
    assert!(loads[0] < calls[0] && calls[0] < loads[1]);
}

#[test]
fn entry_point_recorded() {
    let m = ok(
        "@compute @workgroup_size(8, 4) fn main(@builtin(local_invocation_id) id: vec3<u32>) { }",
    );
    assert_eq!(m.entry_points.len(), 1);
    assert_eq!(
        m.entry_points[0].workgroup_size,
        [
            crate::ir::WorkgroupSizeDim::Constant(8),
            crate::ir::WorkgroupSizeDim::Constant(4),
            crate::ir::WorkgroupSizeDim::Constant(1)
        ]
    );
}

#[test]
fn long_binary_chain_is_iterative() {
    let mut src = String::from("fn f(a: i32, b: i32) -> i32 { let x = a");
    for i in 0..100_000 {
        src.push_str(if i % 2 == 0 { " + b" } else { " - a" });
    }
    src.push_str("; return x; }");
    let start = std::time::Instant::now();
    let m = ok(&src);
    assert!(func(&m, "f").expressions.len() > 100_000);
    assert!(
        start.elapsed().as_secs() < 20,
        "too slow: {:?}",
        start.elapsed()
    );
}

#[test]
fn many_functions() {
    let mut src = String::new();
    for i in 0..5000 {
        if i == 0 {
            src.push_str("fn f0() -> i32 { return 1; }\n");
        } else {
            src.push_str(&format!("fn f{i}() -> i32 {{ return f{}(); }}\n", i - 1));
        }
    }
    let start = std::time::Instant::now();
    let m = ok(&src);
    assert_eq!(m.functions.len(), 5000);
    assert!(
        start.elapsed().as_secs() < 20,
        "too slow: {:?}",
        start.elapsed()
    );
}

#[test]
fn err_redeclaration() {
    assert_fail("fn a() {} fn a() {}", "redeclaration of 'a'", "a");
}

#[test]
fn err_cycle() {
    let (m, _) = fail("const a = b; const b = a;");
    assert!(m.starts_with("cyclic dependency: "), "{m}");
}

#[test]
fn err_recursion() {
    let (m, s) = fail("fn f() { f(); }");
    assert_eq!(m, "cyclic dependency: 'f' -> 'f'");
    assert_eq!(s, "f");
}

#[test]
fn err_unresolved() {
    assert_fail("fn f() { let x = y; }", "unresolved identifier 'y'", "y");
}

#[test]
fn err_const_assert() {
    assert_fail("const_assert false;", "const assertion failed", "false");
}

#[test]
fn err_unknown_extension() {
    assert_fail("enable foo;", "unknown extension 'foo'", "foo");
}

#[test]
fn err_unknown_language_feature() {
    assert_fail("requires bar;", "unknown language feature 'bar'", "bar");
}

#[test]
fn err_bad_severity() {
    assert_fail(
        "diagnostic(loud, derivative_uniformity);",
        "unknown diagnostic severity 'loud'",
        "loud",
    );
}

#[test]
fn warn_unknown_chromium_rule() {
    let p = parse_str("diagnostic(off, chromium.foo);").expect("ok");
    assert_eq!(p.warnings.len(), 1);
    assert_eq!(
        p.warnings[0].message,
        "unknown diagnostic rule 'chromium.foo'"
    );
}

#[test]
fn accepts_matrix_uniformity_rules() {
    let p = parse_str(
        "diagnostic(off, chromium.subgroup_matrix_uniformity);\ndiagnostic(off, chromium_experimental.subgroup_matrix_uniformity);\ndiagnostic(off, subgroup_uniformity);",
    )
    .expect("ok");
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
}

#[test]
fn err_texture() {
    assert_fail(
        "@group(0) @binding(0) var t: texture_2d<bool>;",
        "the sampled type of 'texture_2d' must be 'f32', 'i32' or 'u32', found 'bool'",
        "bool",
    );
}

#[test]
fn err_render_stage() {
    assert_fail(
        "@fragment @compute fn f() {}",
        "a function can have only one shader stage attribute",
        "@compute",
    );
}

#[test]
fn err_missing_workgroup_size() {
    assert_fail(
        "@compute fn main() {}",
        "a compute entry point requires a @workgroup_size attribute",
        "main",
    );
}

#[test]
fn err_workgroup_size_zero() {
    assert_fail(
        "@compute @workgroup_size(0) fn main() {}",
        "@workgroup_size argument must be at least 1, found 0",
        "0",
    );
}

#[test]
fn err_f16_without_enable() {
    assert_fail(
        "var<private> x: f16;",
        "f16 type used without 'f16' extension enabled",
        "f16",
    );
}

#[test]
fn err_matrix_without_extension() {
    assert_fail(
        "fn f() { var m: subgroup_matrix_left<f32, 8, 8>; }",
        "use of 'subgroup_matrix_left' requires enabling extension 'subgroup_matrix' (or Chromium's 'chromium_experimental_subgroup_matrix')",
        "subgroup_matrix_left<f32, 8, 8>",
    );
}

#[test]
fn err_matrix_in_workgroup() {
    assert_fail(
        "enable chromium_experimental_subgroup_matrix;\nvar<workgroup> m: subgroup_matrix_left<f32, 8, 8>;",
        "subgroup matrix types cannot be declared in the 'workgroup' address space",
        "subgroup_matrix_left<f32, 8, 8>",
    );
}

#[test]
fn err_matrix_bad_dim() {
    assert_fail(
        "enable chromium_experimental_subgroup_matrix;\nfn f() { var m: subgroup_matrix_left<f32, 0, 8>; }",
        "subgroup matrix column count must be a constant positive integer",
        "0",
    );
}

#[test]
fn matrix_constructors() {
    let m = ok("enable chromium_experimental_subgroup_matrix;\nfn f() { let a = subgroup_matrix_result<f32, 8, 8>(); let b = subgroup_matrix_result<u8, 8, 8>(3); }");
    let f = func(&m, "f");
    let (a, _) = named(&m, f, "a");
    assert!(matches!(f.expressions[a], Expression::ZeroValue(_)));
    let (b, _) = named(&m, f, "b");
    let Expression::SubgroupMatrixFill { value, .. } = f.expressions[b] else {
        panic!("expected a fill")
    };
    assert_eq!(
        f.expressions[value],
        Expression::Literal(crate::ir::Literal::U32(3))
    );
}

#[test]
fn err_matrix_constructor_args() {
    assert_fail(
        "enable chromium_experimental_subgroup_matrix;\nfn f() { let a = subgroup_matrix_result<f32, 8, 8>(1.0, 2.0); }",
        "subgroup_matrix constructor can only have zero or one elements",
        "subgroup_matrix_result<f32, 8, 8>(1.0, 2.0)",
    );
}

#[test]
fn err_matrix_operator() {
    assert_fail(
        "enable chromium_experimental_subgroup_matrix;\nfn f() { let a = subgroup_matrix_result<f32, 8, 8>(); let b = a + a; }",
        "operator + cannot be applied to subgroup matrices; use the subgroupMatrix* builtins",
        "a + a",
    );
}

#[test]
fn err_matrix_const() {
    let (m, _) = fail("enable chromium_experimental_subgroup_matrix;\nconst a = subgroup_matrix_result<f32, 8, 8>();");
    assert!(m.contains("const"), "{m}");
}

#[test]
fn err_index_out_of_bounds() {
    assert_fail(
        "fn f() { var a: array<i32, 4>; let x = a[4]; }",
        "index 4 is out of bounds for 'array<i32, 4>' (valid indices are 0 to 3)",
        "4",
    );
}

#[test]
fn err_negative_index() {
    assert_fail(
        "fn f() { var a: array<i32, 4>; let x = a[-1]; }",
        "index -1 is out of bounds",
        "-1",
    );
}

#[test]
fn err_bad_swizzle() {
    assert_fail(
        "fn f(v: vec4<f32>) { let x = v.xg; }",
        "invalid vector swizzle 'xg'",
        "xg",
    );
}

#[test]
fn err_switch_duplicate() {
    assert_fail(
        "fn f(x: i32) { switch x { case 1: {} case 1: {} default: {} } }",
        "duplicate switch case '1'",
        "1",
    );
}

#[test]
fn err_switch_no_default() {
    let (m, _) = fail("fn f(x: i32) { switch x { case 1: {} } }");
    assert_eq!(m, "a switch statement must have a default clause");
}

#[test]
fn err_break_outside_loop() {
    assert_fail(
        "fn f() { break; }",
        "'break' must be inside a loop or a switch",
        "break",
    );
}

#[test]
fn err_continue_in_continuing() {
    assert_fail(
        "fn f() { loop { continuing { continue; } } }",
        "'continue' is not allowed in a continuing block",
        "continue",
    );
}

#[test]
fn err_return_type() {
    assert_fail(
        "fn f() -> i32 { return 1.5; }",
        "cannot convert value of type 'abstract-float' to 'i32'",
        "1.5",
    )
}

#[test]
fn err_missing_return() {
    let (m, _) = fail("fn f() -> i32 { }");
    assert_eq!(m, "missing return at end of function");
}

#[test]
fn err_storage_without_binding() {
    assert_fail(
        "var<storage> b: array<u32>;",
        "'storage' variables require @group and @binding attributes",
        "b",
    );
}

#[test]
fn err_module_function_var() {
    assert_fail(
        "var<function> x: i32;",
        "module-scope variables cannot be in the 'function' address space",
        "var<function> x: i32",
    );
}

#[test]
fn err_must_use() {
    assert_fail(
        "@must_use fn g() -> i32 { return 1; } fn f() { g(); }",
        "ignoring return value of function 'g' annotated with @must_use",
        "g()",
    );
}

#[test]
fn err_assign_to_let() {
    assert_fail(
        "fn f() { let x = 1; x = 2; }",
        "cannot assign to a value that is not a reference",
        "x",
    );
}

#[test]
fn err_operator_types() {
    assert_fail(
        "fn f(a: f32, b: i32) { let x = a + b; }",
        "no matching overload for operator + (f32, i32)",
        "a + b",
    );
}

#[test]
fn errors_from_independent_functions_are_all_reported() {
    let e = parse_str("fn a() { let x = y; } fn b() { let z = w; }").expect_err("errors");
    assert_eq!(e.errors().count(), 2);
}

#[test]
fn array_of_matrices_constructs_at_runtime() {
    let m = ok("enable chromium_experimental_subgroup_matrix;\nfn f() { let a = array<subgroup_matrix_left<f32, 8, 8>, 2>(); let b = array(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_left<f32, 8, 8>(1.0)); }");
    let f = func(&m, "f");
    let (a, _) = named(&m, f, "a");
    assert!(matches!(f.expressions[a], Expression::ZeroValue(_)));
    let (b, _) = named(&m, f, "b");
    assert!(
        matches!(&f.expressions[b], Expression::Compose { components, .. } if components.len() == 2)
    );
}

const MATRIX_HEADER: &str = "enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> rb: array<f32>;
@group(0) @binding(1) var<storage, read_write> fb: array<f32, 64>;
@group(0) @binding(2) var<storage, read_write> ub: array<u32>;
";

fn matrix_src(body: &str) -> String {
    format!("{MATRIX_HEADER}@compute @workgroup_size(32) fn main() {{ {body} }}")
}

#[test]
fn matrix_load_store_lowering() {
    let m = ok(&matrix_src(
        "let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, col_major>(&rb, 0, 8);
         subgroupMatrixStore<row_major>(&rb, 64, m, 8);",
    ));
    let f = func(&m, "main");
    let (h, _) = named(&m, f, "m");
    assert!(matches!(
        f.expressions[h],
        Expression::SubgroupMatrixLoad {
            layout: crate::ir::MatrixLayout::ColumnMajor,
            ..
        }
    ));
    assert!(f
        .body
        .statements
        .iter()
        .any(|s| matches!(s, Statement::SubgroupMatrixStore { .. })));
}

#[test]
fn matrix_proposal_form_divides_8bit_offsets() {
    let m = ok(&matrix_src(
        "var o: u32 = 8u; let m = subgroupMatrixLoad<subgroup_matrix_left<u8, 8, 8>>(&ub, o, false, 16);",
    ));
    let f = func(&m, "main");
    let (h, _) = named(&m, f, "m");
    let Expression::SubgroupMatrixLoad { offset, stride, .. } = f.expressions[h] else {
        panic!("expected a load")
    };
    assert!(matches!(
        f.expressions[offset],
        Expression::Binary {
            op: crate::ir::BinaryOperator::Divide,
            ..
        }
    ));
    assert_eq!(
        f.expressions[stride],
        Expression::Literal(crate::ir::Literal::U32(4))
    );
}

#[test]
fn err_matrix_offset_not_multiple_of_4() {
    assert_fail(
        &matrix_src("let m = subgroupMatrixLoad<subgroup_matrix_left<u8, 8, 8>>(&ub, 6, false, 8);"),
        "the offset argument of subgroupMatrixLoad (6) must be a multiple of 4 for 8-bit components stored in 32-bit array elements",
        "6",
    );
}

#[test]
fn err_matrix_negative_stride() {
    assert_fail(
        &matrix_src(
            "let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&rb, 0, -1);",
        ),
        "the stride argument of subgroupMatrixLoad must be non-negative, found -1",
        "-1",
    );
}

#[test]
fn err_matrix_stride_too_small() {
    assert_fail(
        &matrix_src("let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&rb, 0, 4);"),
        "the stride argument (4, 16 bytes) of subgroupMatrixLoad must be at least the minimum stride (32 bytes)",
        "4",
    );
}

#[test]
fn err_matrix_array_too_small() {
    let (m, _) = fail(&matrix_src(
        "let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&fb, 8, 8);",
    ));
    assert_eq!(
        m,
        "the pointer operand of subgroupMatrixLoad is too small (256 bytes) for the matrix access (288 bytes)"
    );
}

#[test]
fn err_subgroup_builtin_needs_extension() {
    assert_fail(
        "fn f() { let a = subgroupAdd(1); }",
        "'subgroupAdd' requires enabling extension 'subgroups'",
        "subgroupAdd",
    );
}

#[test]
fn err_must_use_builtin() {
    assert_fail(
        "fn f() { max(1, 2); }",
        "ignoring return value of builtin 'max'",
        "max(1, 2)",
    );
}

#[test]
fn override_dims_and_array_sizes() {
    let m = ok("enable chromium_experimental_subgroup_matrix;
override D: u32 = 8;
var<workgroup> a: array<f32, D>;
var<workgroup> b: array<f32, D>;
fn f() { var m: subgroup_matrix_left<f32, D, 8>; }");
    let tys: Vec<_> = m.global_variables.iter().map(|(_, g)| g.ty).collect();
    assert_eq!(
        tys[0], tys[1],
        "override-sized arrays naming one override are one type"
    );
    assert!(m.types.iter().any(|(_, t)| matches!(
        t.inner,
        TypeInner::SubgroupMatrix {
            columns: crate::ir::MatrixDim::Override(_),
            ..
        }
    )));
}

#[test]
fn err_override_expression_dim() {
    assert_fail(
        "enable chromium_experimental_subgroup_matrix;
override D: u32 = 8;
fn f() { var m: subgroup_matrix_left<f32, D * 2, 8>; }",
        "subgroup matrix column count must be a const-expression or the name of an override, not an override-expression",
        "D * 2",
    );
}

#[test]
fn err_const_eval_error_has_span() {
    assert_fail(
        "const a = 1 / 0;",
        "integer division by zero is invalid: '1 / 0'",
        "1 / 0",
    );
}

#[test]
fn err_bool_in_uniform() {
    assert_fail(
        "@group(0) @binding(0) var<uniform> u: vec2<bool>;",
        "type 'vec2<bool>' cannot be used in the 'uniform' address space because it is not host-shareable",
        "vec2<bool>",
    );
}

/// A struct whose members are 40 distinct struct types, the last holding
/// an atomic: the component walk spills from its inline lists into a hash
/// set and still finds the atomic.
fn many_member_types(atomic: bool) -> String {
    let mut src = String::new();
    for i in 0..40 {
        let ty = if atomic && i == 39 {
            "atomic<u32>"
        } else {
            "u32"
        };
        src.push_str(&format!("struct S{i} {{ m: {ty} }}\n"));
    }
    src.push_str("struct Big {\n");
    for i in 0..40 {
        src.push_str(&format!("  m{i}: S{i},\n"));
    }
    src.push_str("}\n");
    src
}

#[test]
fn atomic_found_past_many_member_types() {
    let src = many_member_types(true) + "var<private> p: Big;\n";
    let (m, _) = fail(&src);
    assert_eq!(
        m,
        "atomic types can only be used in the 'storage' or 'workgroup' address space, not 'private'"
    );
    ok(&(many_member_types(false) + "var<private> p: Big;\n"));
}

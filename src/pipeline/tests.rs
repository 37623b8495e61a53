//! Pipeline-step tests on hand-built IR.

use super::*;
use crate::configs::ComponentType as C;
use crate::configs::SubgroupMatrixConfig;
use crate::ir::*;
use crate::span::Span;
use crate::valid::tests::{entry, function, global, matrix, scalar, sp};

/// The H100's configs: f16->f16 and f16->f32 at 16x16x16, 16x8x16 and
/// 16x8x8; u8->u32 and i8->i32 at 16x16x32 and 16x8x32.
fn h100() -> Vec<SubgroupMatrixConfig> {
    let mut out = Vec::new();
    for (c, r) in [(C::F16, C::F16), (C::F16, C::F32)] {
        for (m, n, k) in [(16, 16, 16), (16, 8, 16), (16, 8, 8)] {
            out.push(SubgroupMatrixConfig {
                component_type: c,
                result_component_type: r,
                m,
                n,
                k,
            });
        }
    }
    for (c, r) in [(C::U8, C::U32), (C::I8, C::I32)] {
        for (m, n, k) in [(16, 16, 32), (16, 8, 32)] {
            out.push(SubgroupMatrixConfig {
                component_type: c,
                result_component_type: r,
                m,
                n,
                k,
            });
        }
    }
    out
}

fn h100_options() -> PipelineOptions {
    PipelineOptions {
        subgroup_matrix_configs: Some(h100()),
        max_subgroup_size: Some(32),
        ..Default::default()
    }
}

fn run(m: &Module, options: &PipelineOptions) -> Result<Pipeline, Error> {
    let info = crate::valid::validate(m).expect("module validates");
    process(m, &info, options)
}

fn errs(m: &Module, options: &PipelineOptions) -> Vec<Diagnostic> {
    match run(m, options) {
        Ok(_) => panic!("expected pipeline errors"),
        Err(e) => e.diagnostics,
    }
}

fn single(m: &Module, options: &PipelineOptions) -> Diagnostic {
    let e = errs(m, options);
    assert_eq!(e.len(), 1, "{e:#?}");
    e.into_iter().next().unwrap()
}

fn add_override(
    m: &mut Module,
    name: &str,
    id: Option<u16>,
    s: Scalar,
    init: Option<Literal>,
    span: Span,
) -> (Handle<Override>, Handle<Expression>) {
    let ty = scalar(m, s);
    let init = init.map(|l| m.add_global_expression(Expression::Literal(l), ty, span));
    let o = m.overrides.append(
        Override {
            name: name.into(),
            id,
            ty,
            init,
        },
        span,
    );
    let e = m.add_global_expression(Expression::Override(o), ty, span);
    (o, e)
}

/// A compute entry point `name` with the given workgroup size whose body
/// computes `left * right -> result` (types given).
fn matmul_entry(
    m: &mut Module,
    name: &str,
    size: [WorkgroupSizeDim; 3],
    types: [Handle<Type>; 3],
) -> Handle<Function> {
    let mut f = Function {
        name: name.into(),
        ..Default::default()
    };
    let l = f.add_expression(Expression::ZeroValue(types[0]), types[0], sp(100, 110));
    let r = f.add_expression(Expression::ZeroValue(types[1]), types[1], sp(111, 120));
    f.add_expression(
        Expression::SubgroupMatrixMultiply {
            ty: types[2],
            left: l,
            right: r,
            acc: None,
        },
        types[2],
        sp(121, 150),
    );
    let h = m.functions.append(f, sp(90, 200));
    m.entry_points.push(EntryPoint {
        workgroup_size_spans: [crate::span::Span::UNDEFINED; 3],
        subgroup_size: None,
        name: name.into(),
        stage: ShaderStage::Compute,
        function: h,
        workgroup_size: size,
    });
    h
}

fn wg(x: u32) -> [WorkgroupSizeDim; 3] {
    [
        WorkgroupSizeDim::Constant(x),
        WorkgroupSizeDim::Constant(1),
        WorkgroupSizeDim::Constant(1),
    ]
}

fn matrix_module() -> Module {
    Module {
        extensions: Extensions::SUBGROUP_MATRIX | Extensions::F16,
        ..Default::default()
    }
}

#[test]
fn unknown_entry_point_lists_available() {
    let mut m = Module::default();
    let a = function(&mut m, "a", &[], &[], sp(0, 1));
    let b = function(&mut m, "b", &[], &[], sp(2, 3));
    entry(&mut m, "a", ShaderStage::Compute, a);
    entry(&mut m, "b", ShaderStage::Compute, b);
    let options = PipelineOptions {
        entry_point: Some("c".into()),
        ..Default::default()
    };
    let d = single(&m, &options);
    assert_eq!(d.message, "unknown entry point 'c'");
    assert_eq!(d.notes, ["available entry points: a, b"]);
    let options = PipelineOptions {
        entry_point: Some("b".into()),
        ..Default::default()
    };
    // Only the chosen entry point and what it reaches are kept.
    let p = run(&m, &options).unwrap();
    assert_eq!(p.entry_points, vec![0]);
    assert_eq!(p.module.entry_points.len(), 1);
    assert_eq!(p.module.entry_points[0].name, "b");
    assert_eq!(p.module.functions.len(), 1);
}

#[test]
fn override_keys_and_values() {
    let mut m = Module::default();
    let (_, x) = add_override(
        &mut m,
        "x",
        None,
        Scalar::U32,
        Some(Literal::U32(4)),
        sp(0, 5),
    );
    let (_, y) = add_override(&mut m, "y", Some(7), Scalar::F32, None, sp(6, 10));
    let (_, z) = add_override(
        &mut m,
        "z",
        None,
        Scalar::Bool,
        Some(Literal::Bool(false)),
        sp(11, 15),
    );
    let mut options = PipelineOptions::default();
    options.overrides.insert("7".into(), 2.5);
    options.overrides.insert("z".into(), 3.0);
    let p = run(&m, &options).expect("pipeline");
    let value = |h: Handle<ConstValue>| p.module.constants[h].clone();
    assert_eq!(
        value(p.global_values[x.index()].unwrap()),
        ConstValue::Scalar(Literal::U32(4))
    );
    assert_eq!(
        value(p.global_values[y.index()].unwrap()),
        ConstValue::Scalar(Literal::F32(2.5))
    );
    assert_eq!(
        value(p.global_values[z.index()].unwrap()),
        ConstValue::Scalar(Literal::Bool(true))
    );
    assert_eq!(
        value(p.override_values[1].unwrap()),
        ConstValue::Scalar(Literal::F32(2.5))
    );
    assert_eq!(p.global_values.len(), m.global_expressions.len());
    assert_eq!(p.override_values.len(), 3);

    // Errors: unknown key, a name used for an override with an @id, a bad value.
    let mut options = PipelineOptions::default();
    options.overrides.insert("w".into(), 1.0);
    options.overrides.insert("y".into(), 1.0);
    options.overrides.insert("x".into(), -1.0);
    let e = errs(&m, &options);
    let got: Vec<(&str, Span)> = e.iter().map(|d| (d.message.as_str(), d.span)).collect();
    assert_eq!(
        got,
        [
            (
                "pipeline constant 'w' does not match any override in the module",
                Span::UNDEFINED
            ),
            (
                "invalid value for override 'x': -1 is out of range for type 'u32'",
                sp(0, 5)
            ),
            (
                "pipeline constant 'y' does not match any override in the module",
                Span::UNDEFINED
            ),
        ]
    );
    assert_eq!((e[0].location(), e[2].location()), (None, None));
    assert!(!e[0].located && !e[2].located);
    assert_eq!(e[0].notes, ["available keys: x, 7, z"]);
    assert_eq!(
        e[2].notes,
        [
            "override 'y' has @id(7): use the key \"7\"",
            "available keys: x, 7, z"
        ]
    );
}

#[test]
fn missing_override_only_when_needed() {
    let mut m = Module::default();
    let (_, n) = add_override(&mut m, "n", None, Scalar::U32, None, sp(0, 9));
    add_override(&mut m, "unused", None, Scalar::U32, None, sp(10, 19));
    let f = function(&mut m, "main", &[], &[], sp(20, 40));
    m.entry_points.push(EntryPoint {
        workgroup_size_spans: [crate::span::Span::UNDEFINED; 3],
        subgroup_size: None,
        name: "main".into(),
        stage: ShaderStage::Compute,
        function: f,
        workgroup_size: [
            WorkgroupSizeDim::Override(n),
            WorkgroupSizeDim::Constant(1),
            WorkgroupSizeDim::Constant(1),
        ],
    });
    let d = single(&m, &PipelineOptions::default());
    assert_eq!(
        d.message,
        "override 'n' has no default value and no value was given for it"
    );
    assert_eq!(d.span, sp(0, 9));
    assert_eq!(
        d.notes,
        ["set the pipeline constant \"n\" (on the command line: --override n=VALUE)"]
    );
    let mut options = PipelineOptions::default();
    options.overrides.insert("n".into(), 64.0);
    let p = run(&m, &options).expect("pipeline");
    assert_eq!(p.reflection.entry_points[0].workgroup_size, [64, 1, 1]);
    assert_eq!(
        p.module.constants[p.override_values[1].unwrap()],
        ConstValue::Zero(m.overrides[Handle::from_index(1)].ty)
    );
}

#[test]
fn rejected_override_value_is_one_error() {
    // A value given for an override without a default but rejected is
    // reported once: not also as a missing value.
    let mut m = Module::default();
    let (_, n) = add_override(&mut m, "n", None, Scalar::U32, None, sp(0, 9));
    let f = function(&mut m, "main", &[], &[], sp(20, 40));
    m.entry_points.push(EntryPoint {
        workgroup_size_spans: [crate::span::Span::UNDEFINED; 3],
        name: "main".into(),
        stage: ShaderStage::Compute,
        function: f,
        workgroup_size: [
            WorkgroupSizeDim::Override(n),
            WorkgroupSizeDim::Constant(1),
            WorkgroupSizeDim::Constant(1),
        ],
        subgroup_size: None,
    });
    for value in [-1.0, 1.5, f64::NAN] {
        let mut options = PipelineOptions::default();
        options.overrides.insert("n".into(), value);
        let d = single(&m, &options);
        assert!(
            d.message.starts_with("invalid value for override 'n': "),
            "{}",
            d.message
        );
        assert_eq!(d.span, sp(0, 9));
    }
}

#[test]
fn evaluation_errors_carry_the_expression_span() {
    let mut m = Module::default();
    let (_, n) = add_override(
        &mut m,
        "n",
        None,
        Scalar::I32,
        Some(Literal::I32(1)),
        sp(0, 9),
    );
    let i32_ = scalar(&mut m, Scalar::I32);
    let zero = m.add_global_expression(Expression::Literal(Literal::I32(0)), i32_, sp(20, 21));
    let div = m.add_global_expression(
        Expression::Binary {
            op: BinaryOperator::Divide,
            left: n,
            right: zero,
        },
        i32_,
        sp(15, 21),
    );
    let mut f = Function {
        name: "main".into(),
        ..Default::default()
    };
    f.add_expression(Expression::OverrideExpr(div), i32_, sp(30, 35));
    let f = m.functions.append(f, sp(25, 50));
    entry(&mut m, "main", ShaderStage::Compute, f);
    let expected = crate::const_eval::eval_binary(
        &mut m.clone(),
        BinaryOperator::Divide,
        &crate::const_eval::Value::Scalar(Literal::I32(1)),
        &crate::const_eval::Value::Scalar(Literal::I32(0)),
    )
    .expect_err("division by zero is an error");
    let d = single(&m, &PipelineOptions::default());
    assert_eq!(d.message, expected.message);
    assert_eq!(d.span, sp(15, 21));
}

#[test]
fn workgroup_limits() {
    let mut m = Module::default();
    let f32_ = scalar(&mut m, Scalar::F32);
    let (_, n) = add_override(
        &mut m,
        "n",
        None,
        Scalar::U32,
        Some(Literal::U32(5000)),
        sp(0, 9),
    );
    let arr = m.intern(TypeInner::Array {
        base: f32_,
        size: ArraySize::Override(n),
        stride: 4,
    });
    let (_, z) = add_override(
        &mut m,
        "z",
        None,
        Scalar::I32,
        Some(Literal::I32(0)),
        sp(21, 22),
    );
    let g = global(
        &mut m,
        "tile",
        AddressSpace::Workgroup,
        Access::ReadWrite,
        None,
        arr,
        sp(10, 20),
    );
    let f = function(&mut m, "main", &[g], &[], sp(30, 60));
    m.entry_points.push(EntryPoint {
        workgroup_size_spans: [crate::span::Span::UNDEFINED; 3],
        subgroup_size: None,
        name: "main".into(),
        stage: ShaderStage::Compute,
        function: f,
        workgroup_size: [
            WorkgroupSizeDim::Constant(512),
            WorkgroupSizeDim::Constant(1),
            WorkgroupSizeDim::Override(z),
        ],
    });
    let e = errs(&m, &PipelineOptions::default());
    let got: Vec<&str> = e.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        got,
        [
            "workgroup size x dimension of entry point 'main' is 512, which exceeds the limit 256",
            "workgroup size z dimension of entry point 'main' must be at least 1, but is 0",
            "entry point 'main' uses 20000 bytes of workgroup storage, which exceeds the limit 16384",
        ]
    );
    assert!(e.iter().all(|d| d.span == sp(30, 60)));

    m.entry_points[0].workgroup_size = [
        WorkgroupSizeDim::Constant(16),
        WorkgroupSizeDim::Constant(16),
        WorkgroupSizeDim::Constant(2),
    ];
    let mut options = PipelineOptions::default();
    options.overrides.insert("n".into(), 0.0);
    let e = errs(&m, &options);
    let got: Vec<(&str, Span)> = e.iter().map(|d| (d.message.as_str(), d.span)).collect();
    assert_eq!(
        got,
        [
            ("array count of 'array<f32, n>' must be greater than 0, but the override-expression is 0", sp(0, 9)),
            ("entry point 'main' has 512 invocations per workgroup (16x16x2), which exceeds the limit 256", sp(30, 60)),
        ]
    );
}

#[test]
fn h100_configs_accept_supported_multiplies() {
    let mut m = matrix_module();
    let l = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::F16, 16, 16);
    let r = matrix(&mut m, SubgroupMatrixKind::Right, Scalar::F16, 8, 16);
    let t = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F32, 8, 16);
    matmul_entry(&mut m, "f16", wg(64), [l, r, t]);
    let l8 = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::I8, 32, 16);
    let r8 = matrix(&mut m, SubgroupMatrixKind::Right, Scalar::I8, 16, 32);
    let t8 = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::I32, 16, 16);
    matmul_entry(&mut m, "i8", wg(32), [l8, r8, t8]);
    let p = run(&m, &h100_options()).expect("supported");
    let r0 = &p.reflection.entry_points[0];
    assert_eq!(r0.name, "f16");
    assert_eq!(
        r0.matrix_types,
        vec![
            MatrixTypeInfo {
                kind: SubgroupMatrixKind::Left,
                component: C::F16,
                rows: 16,
                columns: 16
            },
            MatrixTypeInfo {
                kind: SubgroupMatrixKind::Right,
                component: C::F16,
                rows: 16,
                columns: 8
            },
            MatrixTypeInfo {
                kind: SubgroupMatrixKind::Result,
                component: C::F32,
                rows: 16,
                columns: 8
            },
        ]
    );
    assert_eq!(
        r0.multiplies,
        vec![MatrixMultiplyInfo {
            m: 16,
            n: 8,
            k: 16,
            component: C::F16,
            result: C::F32
        }]
    );
    assert_eq!(
        p.reflection.entry_points[1].multiplies,
        vec![MatrixMultiplyInfo {
            m: 16,
            n: 16,
            k: 32,
            component: C::I8,
            result: C::I32
        }]
    );
}

#[test]
fn h100_configs_reject_unsupported_types_and_multiplies() {
    let mut m = matrix_module();
    // f32 is not supported at all on the H100.
    let l = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::F32, 8, 8);
    let r = matrix(&mut m, SubgroupMatrixKind::Right, Scalar::F32, 8, 8);
    let t = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F32, 8, 8);
    matmul_entry(&mut m, "main", wg(64), [l, r, t]);
    let e = errs(&m, &h100_options());
    let got: Vec<(&str, Span)> = e.iter().map(|d| (d.message.as_str(), d.span)).collect();
    assert_eq!(
        got,
        [
            ("subgroup matrix type 'subgroup_matrix_left<f32, 8, 8>' (M=8, K=8, component type f32) is not supported by the device", sp(100, 110)),
            ("subgroup matrix type 'subgroup_matrix_right<f32, 8, 8>' (K=8, N=8, component type f32) is not supported by the device", sp(111, 120)),
            ("subgroup matrix type 'subgroup_matrix_result<f32, 8, 8>' (M=8, N=8, result component type f32) is not supported by the device", sp(121, 150)),
            ("subgroup matrix multiply of 'subgroup_matrix_left<f32, 8, 8>' by 'subgroup_matrix_right<f32, 8, 8>' giving 'subgroup_matrix_result<f32, 8, 8>' (M=8, N=8, K=8, f32 -> f32) does not match any configuration supported by the device", sp(121, 150)),
        ]
    );
    assert_eq!(
        e[0].notes,
        ["supported configurations (COMPONENT:RESULT:MxNxK): f16:f16:16x16x16, f16:f16:16x8x16, f16:f16:16x8x8, f16:f32:16x16x16, f16:f32:16x8x16, f16:f32:16x8x8, u8:u32:16x16x32, u8:u32:16x8x32, i8:i32:16x16x32, i8:i32:16x8x32"]
    );

    // Each type matches some config, but no single config has u8 -> i32.
    let mut m = matrix_module();
    let l = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::U8, 32, 16);
    let r = matrix(&mut m, SubgroupMatrixKind::Right, Scalar::U8, 16, 32);
    let t = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::I32, 16, 16);
    matmul_entry(&mut m, "main", wg(64), [l, r, t]);
    let d = single(&m, &h100_options());
    assert_eq!(
        d.message,
        "subgroup matrix multiply of 'subgroup_matrix_left<u8, 32, 16>' by 'subgroup_matrix_right<u8, 16, 32>' giving 'subgroup_matrix_result<i32, 16, 16>' (M=16, N=16, K=32, u8 -> i32) does not match any configuration supported by the device"
    );
    assert_eq!(d.span, sp(121, 150));
    // Without configs there is no check.
    assert!(run(&m, &PipelineOptions::default()).is_ok());
}

#[test]
fn workgroup_x_multiple_of_max_subgroup_size() {
    let mut m = matrix_module();
    let l = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::F16, 16, 16);
    let r = matrix(&mut m, SubgroupMatrixKind::Right, Scalar::F16, 16, 16);
    let t = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F16, 16, 16);
    matmul_entry(&mut m, "main", wg(48), [l, r, t]);
    let plain = function(&mut m, "plain", &[], &[], sp(300, 310));
    entry(&mut m, "plain", ShaderStage::Compute, plain);
    m.entry_points[1].workgroup_size = wg(48);
    let d = single(&m, &h100_options());
    assert_eq!(
        d.message,
        "workgroup size x dimension 48 of entry point 'main' must be a multiple of the maximum subgroup size 32, because it uses subgroup matrices"
    );
    assert_eq!(d.span, sp(90, 200));
    assert_eq!(
        d.notes,
        ["use @workgroup_size(64) or another multiple of 32"]
    );
    m.entry_points[0].workgroup_size = wg(96);
    assert!(run(&m, &h100_options()).is_ok());
}

#[test]
fn matrix_dimensions_from_overrides() {
    let mut m = matrix_module();
    let (k, _) = add_override(
        &mut m,
        "K",
        None,
        Scalar::U32,
        Some(Literal::U32(16)),
        sp(0, 5),
    );
    let l = m.intern(TypeInner::SubgroupMatrix {
        kind: SubgroupMatrixKind::Left,
        scalar: Scalar::F16,
        columns: MatrixDim::Override(k),
        rows: MatrixDim::Constant(16),
    });
    let r = m.intern(TypeInner::SubgroupMatrix {
        kind: SubgroupMatrixKind::Right,
        scalar: Scalar::F16,
        columns: MatrixDim::Constant(16),
        rows: MatrixDim::Override(k),
    });
    let t = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F16, 16, 16);
    matmul_entry(&mut m, "main", wg(64), [l, r, t]);
    let p = run(&m, &h100_options()).expect("16x16x16 is supported");
    assert_eq!(
        p.reflection.entry_points[0].multiplies,
        vec![MatrixMultiplyInfo {
            m: 16,
            n: 16,
            k: 16,
            component: C::F16,
            result: C::F16
        }]
    );
    let mut options = h100_options();
    options.overrides.insert("K".into(), 0.0);
    let e = errs(&m, &options);
    let got: Vec<(&str, Span)> = e.iter().map(|d| (d.message.as_str(), d.span)).collect();
    assert_eq!(
        got,
        [
            ("subgroup matrix column count of 'subgroup_matrix_left<f16, K, 16>' must be greater than 0, but is 0", sp(100, 110)),
            ("subgroup matrix row count of 'subgroup_matrix_right<f16, 16, K>' must be greater than 0, but is 0", sp(111, 120)),
        ]
    );
    let mut options = h100_options();
    options.overrides.insert("K".into(), 8.0);
    let e = errs(&m, &options);
    // The left type (M=16, K=8) matches 16x8x8; the right (K=8, N=16) does not.
    assert_eq!(e.len(), 2, "{e:#?}");
    assert!(
        e[0].message
            .starts_with("subgroup matrix type 'subgroup_matrix_right<f16, 16, K>' (K=8, N=16"),
        "{}",
        e[0].message
    );
    assert!(
        e[1].message.contains("(M=16, N=16, K=8, f16 -> f16)"),
        "{}",
        e[1].message
    );
}

#[test]
fn composite_override_expressions() {
    let mut m = Module::default();
    let (_, a) = add_override(
        &mut m,
        "a",
        None,
        Scalar::U32,
        Some(Literal::U32(3)),
        sp(0, 5),
    );
    let u = scalar(&mut m, Scalar::U32);
    let v3 = m.intern(TypeInner::Vector {
        size: VectorSize::Tri,
        scalar: Scalar::U32,
    });
    let two = m.add_global_expression(Expression::Literal(Literal::U32(2)), u, sp(6, 7));
    let v = m.add_global_expression(
        Expression::Compose {
            ty: v3,
            components: vec![a, two, a],
        },
        v3,
        sp(8, 20),
    );
    let v2 = m.intern(TypeInner::Vector {
        size: VectorSize::Bi,
        scalar: Scalar::U32,
    });
    let sw = m.add_global_expression(
        Expression::Swizzle {
            size: VectorSize::Bi,
            vector: v,
            pattern: [1, 2, 0, 0],
        },
        v2,
        sp(21, 25),
    );
    let y = m.add_global_expression(
        Expression::AccessIndex { base: sw, index: 1 },
        u,
        sp(26, 30),
    );
    // An override whose default is another override's value.
    let b_ty = scalar(&mut m, Scalar::U32);
    let b = m.overrides.append(
        Override {
            name: "b".into(),
            id: None,
            ty: b_ty,
            init: Some(y),
        },
        sp(31, 40),
    );
    let b_expr = m.add_global_expression(Expression::Override(b), b_ty, sp(41, 42));
    let mut options = PipelineOptions::default();
    options.overrides.insert("a".into(), 9.0);
    let p = run(&m, &options).expect("pipeline");
    let lit = |h: Handle<Expression>| match &p.module.constants[p.global_values[h.index()].unwrap()]
    {
        ConstValue::Scalar(l) => *l,
        other => panic!("not a scalar: {other:?}"),
    };
    assert_eq!(lit(y), Literal::U32(9));
    assert_eq!(lit(b_expr), Literal::U32(9));
    assert_eq!(
        p.module.constants[p.override_values[b.index()].unwrap()],
        ConstValue::Scalar(Literal::U32(9))
    );
    match &p.module.constants[p.global_values[v.index()].unwrap()] {
        ConstValue::Composite { ty, components } => {
            assert_eq!(*ty, v3);
            let parts: Vec<_> = components
                .iter()
                .map(|&c| p.module.constants[c].clone())
                .collect();
            assert_eq!(
                parts,
                [
                    ConstValue::Scalar(Literal::U32(9)),
                    ConstValue::Scalar(Literal::U32(2)),
                    ConstValue::Scalar(Literal::U32(9)),
                ]
            );
        }
        other => panic!("not a composite: {other:?}"),
    }
}

#[test]
fn unchosen_entry_point_needs_nothing() {
    let mut m = Module::default();
    let (_, n) = add_override(&mut m, "n", None, Scalar::U32, None, sp(0, 9));
    let a = function(&mut m, "a", &[], &[], sp(10, 20));
    let b = function(&mut m, "b", &[], &[], sp(20, 30));
    entry(&mut m, "a", ShaderStage::Compute, a);
    entry(&mut m, "b", ShaderStage::Compute, b);
    m.entry_points[1].workgroup_size[0] = WorkgroupSizeDim::Override(n);
    let options = PipelineOptions {
        entry_point: Some("a".into()),
        ..Default::default()
    };
    let p = run(&m, &options).expect("'a' does not need 'n'");
    assert_eq!(p.reflection.entry_points.len(), 1);
    assert_eq!(p.reflection.entry_points[0].workgroup_size, [64, 1, 1]);
    assert!(run(&m, &PipelineOptions::default()).is_err());
}

#[test]
fn multiply_shapes_must_agree_after_overrides() {
    let mut m = matrix_module();
    let (k, _) = add_override(
        &mut m,
        "K",
        None,
        Scalar::U32,
        Some(Literal::U32(16)),
        sp(0, 5),
    );
    // left is 16 rows x K columns; right is 16 rows x 16 columns.
    let l = m.intern(TypeInner::SubgroupMatrix {
        kind: SubgroupMatrixKind::Left,
        scalar: Scalar::F16,
        columns: MatrixDim::Override(k),
        rows: MatrixDim::Constant(16),
    });
    let r = matrix(&mut m, SubgroupMatrixKind::Right, Scalar::F16, 16, 16);
    let t = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F16, 16, 16);
    matmul_entry(&mut m, "main", wg(64), [l, r, t]);
    assert!(run(&m, &PipelineOptions::default()).is_ok());
    let mut options = PipelineOptions::default();
    options.overrides.insert("K".into(), 32.0);
    let d = single(&m, &options);
    assert_eq!(
        d.message,
        "subgroup matrix multiply of 'subgroup_matrix_left<f16, K, 16>' by 'subgroup_matrix_right<f16, 16, 16>' giving 'subgroup_matrix_result<f16, 16, 16>' has mismatched K: left columns = 32, right rows = 16"
    );
    assert_eq!(d.span, sp(121, 150));
}

#[test]
fn only_what_the_chosen_entry_point_reaches_is_kept() {
    let src = "
        fn unused() -> u32 { return 1u; }
        fn helper_b() -> u32 { return 2u; }
        fn helper_a() -> u32 { return helper_b() + 3u; }
        @group(0) @binding(0) var<storage, read_write> out: u32;
        @compute @workgroup_size(1) fn other() { out = unused(); }
        @compute @workgroup_size(1) fn main() { out = helper_a(); }
    ";
    let parsed = crate::front::wgsl::parse_str(src).unwrap();
    let info = crate::valid::validate(&parsed.module).unwrap();
    let options = PipelineOptions {
        entry_point: Some("main".into()),
        ..Default::default()
    };
    let p = super::process(&parsed.module, &info, &options).unwrap();
    let names: Vec<&str> = p
        .module
        .functions
        .iter()
        .map(|(_, f)| f.name.as_str())
        .collect();
    assert_eq!(names, ["helper_b", "helper_a", "main"]);
    assert_eq!(p.entry_points, [0]);
    assert_eq!(p.module.entry_points.len(), 1);
    // Calls and the entry point name the functions' new handles.
    crate::ir::verify::verify(&p.module).unwrap();
    assert_eq!(
        p.module.entry_points[0].function,
        crate::arena::Handle::from_index(2)
    );
    // And the pruned module still compiles.
    let words = crate::lower::spv::write(&p, &Default::default()).unwrap();
    assert_eq!(words[0], 0x0723_0203);
}

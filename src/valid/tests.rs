//! Validator tests on hand-built IR.

use super::*;
use crate::ir::*;

pub(crate) fn sp(a: u32, b: u32) -> Span {
    Span::new(a, b)
}

pub(crate) fn scalar(m: &mut Module, s: Scalar) -> Handle<Type> {
    m.intern(TypeInner::Scalar(s))
}

pub(crate) fn global(
    m: &mut Module,
    name: &str,
    space: AddressSpace,
    access: Access,
    binding: Option<(u32, u32)>,
    ty: Handle<Type>,
    span: Span,
) -> Handle<GlobalVariable> {
    m.global_variables.append(
        GlobalVariable {
            name: name.into(),
            space,
            access,
            binding: binding.map(|(group, binding)| ResourceBinding { group, binding }),
            ty,
            init: None,
            input_attachment_index: None,
        },
        span,
    )
}

/// Adds a function whose body references the given globals and calls the
/// given functions (calls at the given spans).
pub(crate) fn function(
    m: &mut Module,
    name: &str,
    uses: &[Handle<GlobalVariable>],
    calls: &[(Handle<Function>, Span)],
    span: Span,
) -> Handle<Function> {
    let mut f = Function {
        name: name.into(),
        ..Default::default()
    };
    for (i, &g) in uses.iter().enumerate() {
        let var = m.global_variables[g].clone();
        let ptr = m.intern(TypeInner::Pointer {
            base: var.ty,
            space: var.space,
            access: var.access,
        });
        let s = sp(1000 + i as u32 * 10, 1005 + i as u32 * 10);
        f.add_expression(Expression::GlobalVariable(g), ptr, s);
    }
    for &(callee, s) in calls {
        f.body.push(
            Statement::Call {
                function: callee,
                arguments: vec![],
                result: None,
            },
            s,
        );
    }
    m.functions.append(f, span)
}

pub(crate) fn entry(m: &mut Module, name: &str, stage: ShaderStage, f: Handle<Function>) {
    m.entry_points.push(EntryPoint {
        workgroup_size_spans: [crate::span::Span::UNDEFINED; 3],
        subgroup_size: None,
        name: name.into(),
        stage,
        function: f,
        workgroup_size: [
            WorkgroupSizeDim::Constant(64),
            WorkgroupSizeDim::Constant(1),
            WorkgroupSizeDim::Constant(1),
        ],
    });
}

fn errors(m: &Module) -> Vec<Diagnostic> {
    match validate(m) {
        Ok(_) => panic!("expected validation errors"),
        Err(e) => e.diagnostics,
    }
}

fn single(m: &Module) -> Diagnostic {
    let errs = errors(m);
    assert_eq!(errs.len(), 1, "{errs:#?}");
    errs.into_iter().next().unwrap()
}

/// The errors of `m` for a target without `uniform_buffer_standard_layout`
/// (the stricter `uniform` layout rules).
fn strict_uniform_errors(m: &Module) -> Vec<Diagnostic> {
    let no_language = crate::device::LanguageFeatures::empty();
    match super::validate_with_language_features(m, crate::device::Features::all(), no_language) {
        Ok(_) => panic!("expected validation errors"),
        Err(e) => e.diagnostics,
    }
}

pub(crate) fn matrix(
    m: &mut Module,
    kind: SubgroupMatrixKind,
    s: Scalar,
    cols: u32,
    rows: u32,
) -> Handle<Type> {
    m.intern(TypeInner::SubgroupMatrix {
        kind,
        scalar: s,
        columns: MatrixDim::Constant(cols),
        rows: MatrixDim::Constant(rows),
    })
}

fn array(m: &mut Module, base: Handle<Type>, size: ArraySize) -> Handle<Type> {
    let stride = crate::ir::layout::array_stride(m, base);
    m.intern(TypeInner::Array { base, size, stride })
}

fn strukt(
    m: &mut Module,
    name: &str,
    members: &[(&str, Handle<Type>)],
    span: Span,
) -> Handle<Type> {
    let mut ms: Vec<StructMember> = members
        .iter()
        .map(|&(n, ty)| StructMember {
            name: n.into(),
            ty,
            binding: None,
            offset: 0,
            size: 0,
            align: 0,
        })
        .collect();
    let total = crate::ir::layout::layout_struct(m, &mut ms, &[]);
    m.types.insert(
        Type {
            name: Some(name.into()),
            inner: TypeInner::Struct {
                members: ms,
                span: total,
            },
        },
        span,
    )
}

#[test]
fn valid_module_info() {
    let mut m = Module {
        extensions: Extensions::SUBGROUP_MATRIX | Extensions::F16,
        ..Default::default()
    };
    let u = scalar(&mut m, Scalar::U32);
    let arr = array(&mut m, u, ArraySize::Runtime);
    let a = global(
        &mut m,
        "a",
        AddressSpace::Storage,
        Access::ReadWrite,
        Some((0, 0)),
        arr,
        sp(0, 5),
    );
    let b = global(
        &mut m,
        "b",
        AddressSpace::Storage,
        Access::Read,
        Some((0, 1)),
        arr,
        sp(6, 9),
    );
    let left = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::F16, 16, 8);
    let right = matrix(&mut m, SubgroupMatrixKind::Right, Scalar::F16, 8, 16);
    let result = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F32, 8, 8);
    let mut helper = Function {
        name: "helper".into(),
        ..Default::default()
    };
    let l = helper.add_expression(Expression::ZeroValue(left), left, sp(50, 60));
    let r = helper.add_expression(Expression::ZeroValue(right), right, sp(61, 70));
    helper.add_expression(
        Expression::SubgroupMatrixMultiply {
            ty: result,
            left: l,
            right: r,
            acc: None,
        },
        result,
        sp(71, 90),
    );
    let helper = m.functions.append(helper, sp(40, 100));
    let unused = function(&mut m, "unused", &[b], &[], sp(100, 110));
    let main = function(
        &mut m,
        "main",
        &[a],
        &[(helper, sp(120, 130))],
        sp(110, 200),
    );
    entry(&mut m, "main", ShaderStage::Compute, main);
    let info = validate(&m).expect("valid");
    let ep = &info.entry_points[0];
    assert_eq!(ep.functions, vec![helper.index(), main.index()]);
    assert_eq!(ep.globals, vec![a.index()]);
    assert!(ep.uses_subgroup_matrix);
    assert_eq!(
        ep.matrix_types,
        vec![
            (left, sp(50, 60)),
            (right, sp(61, 70)),
            (result, sp(71, 90))
        ]
    );
    assert_eq!(
        ep.multiplies,
        vec![MatrixMultiply {
            left,
            right,
            result,
            span: sp(71, 90)
        }]
    );
    let _ = unused;
}

#[test]
fn uniform_array_stride() {
    let mut m = Module::default();
    let f = scalar(&mut m, Scalar::F32);
    let arr = array(&mut m, f, ArraySize::Constant(4));
    global(
        &mut m,
        "u",
        AddressSpace::Uniform,
        Access::Read,
        Some((0, 0)),
        arr,
        sp(3, 8),
    );
    let errs = strict_uniform_errors(&m);
    assert_eq!(errs.len(), 1, "{errs:#?}");
    let d = &errs[0];
    assert_eq!(
        d.message,
        "array stride 4 of 'array<f32, 4>' is not a multiple of 16, as the 'uniform' address space requires"
    );
    assert_eq!(d.span, sp(3, 8));
    assert!(d
        .notes
        .iter()
        .any(|n| n.contains("uniform_buffer_standard_layout")));
    // With uniform_buffer_standard_layout (the default), the storage rules.
    assert!(validate(&m).is_ok());
}

#[test]
fn uniform_struct_member_rules() {
    let mut m = Module::default();
    let f = scalar(&mut m, Scalar::F32);
    let inner = strukt(&mut m, "Inner", &[("x", f)], sp(0, 10));
    let outer = strukt(
        &mut m,
        "Outer",
        &[("a", f), ("s", inner), ("b", f)],
        sp(11, 40),
    );
    global(
        &mut m,
        "u",
        AddressSpace::Uniform,
        Access::Read,
        Some((0, 0)),
        outer,
        sp(41, 50),
    );
    let errs = strict_uniform_errors(&m);
    assert!(validate(&m).is_ok());
    let msgs: Vec<&str> = errs.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        msgs,
        [
            "member 's' of 'Outer' has offset 4 which is not a multiple of its required alignment 16 in the 'uniform' address space",
            "member 'b' of 'Outer' starts 4 bytes after struct member 's', but the 'uniform' address space requires at least 16",
        ]
    );
    assert_eq!(errs[0].span, sp(41, 50));
    assert_eq!(errs[0].labels[0].span, sp(11, 40));
    // The same struct is fine in a storage buffer.
    let mut m2 = Module::default();
    let f = scalar(&mut m2, Scalar::F32);
    let inner = strukt(&mut m2, "Inner", &[("x", f)], sp(0, 10));
    let outer = strukt(
        &mut m2,
        "Outer",
        &[("a", f), ("s", inner), ("b", f)],
        sp(11, 40),
    );
    global(
        &mut m2,
        "s",
        AddressSpace::Storage,
        Access::Read,
        Some((0, 0)),
        outer,
        sp(41, 50),
    );
    assert!(validate(&m2).is_ok());
}

#[test]
fn address_space_rules_reported_together() {
    let mut m = Module {
        extensions: Extensions::SUBGROUP_MATRIX,
        ..Default::default()
    };
    let b = scalar(&mut m, Scalar::Bool);
    let u = scalar(&mut m, Scalar::U32);
    let at = m.intern(TypeInner::atomic(Scalar::U32));
    let rt = array(&mut m, u, ArraySize::Runtime);
    let mat = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F32, 8, 8);
    global(
        &mut m,
        "flag",
        AddressSpace::Storage,
        Access::Read,
        Some((0, 0)),
        b,
        sp(0, 4),
    );
    global(
        &mut m,
        "counter",
        AddressSpace::Storage,
        Access::Read,
        Some((0, 1)),
        at,
        sp(5, 9),
    );
    global(
        &mut m,
        "wg",
        AddressSpace::Workgroup,
        Access::ReadWrite,
        None,
        rt,
        sp(10, 14),
    );
    global(
        &mut m,
        "wm",
        AddressSpace::Workgroup,
        Access::ReadWrite,
        None,
        mat,
        sp(15, 19),
    );
    global(
        &mut m,
        "nb",
        AddressSpace::Storage,
        Access::Read,
        None,
        u,
        sp(20, 24),
    );
    global(
        &mut m,
        "pa",
        AddressSpace::Private,
        Access::ReadWrite,
        None,
        at,
        sp(25, 29),
    );
    global(
        &mut m,
        "pm",
        AddressSpace::Private,
        Access::ReadWrite,
        None,
        mat,
        sp(30, 34),
    );
    let errs = errors(&m);
    let got: Vec<(&str, Span)> = errs.iter().map(|d| (d.message.as_str(), d.span)).collect();
    assert_eq!(
        got,
        [
            ("type 'bool' of 'flag' is not host-shareable and cannot be used in the 'storage' address space", sp(0, 4)),
            ("atomic types in the 'storage' address space require access mode 'read_write', but 'counter' is 'read'", sp(5, 9)),
            ("type 'array<u32>' contains a runtime-sized array and cannot be used in the 'workgroup' address space", sp(10, 14)),
            ("subgroup matrix type 'subgroup_matrix_result<f32, 8, 8>' cannot be used in the 'workgroup' address space", sp(15, 19)),
            ("resource variable 'nb' must have @group and @binding attributes", sp(20, 24)),
            ("atomic type 'atomic<u32>' cannot be used in the 'private' address space", sp(25, 29)),
        ]
    );
}

#[test]
fn runtime_array_placement() {
    let mut m = Module::default();
    let u = scalar(&mut m, Scalar::U32);
    let rt = array(&mut m, u, ArraySize::Runtime);
    let good = strukt(&mut m, "Good", &[("n", u), ("data", rt)], sp(0, 1));
    let bad = strukt(&mut m, "Bad", &[("data", rt), ("n", u)], sp(2, 3));
    global(
        &mut m,
        "g",
        AddressSpace::Storage,
        Access::Read,
        Some((0, 0)),
        good,
        sp(10, 11),
    );
    global(
        &mut m,
        "b",
        AddressSpace::Storage,
        Access::Read,
        Some((0, 1)),
        bad,
        sp(12, 13),
    );
    let d = single(&m);
    assert_eq!(
        d.message,
        "runtime-sized arrays may only be the store type of a storage buffer or the last member of its struct type, but 'Bad' nests one"
    );
    assert_eq!(d.span, sp(12, 13));
}

#[test]
fn workgroup_override_array_only_at_top_level() {
    let mut m = Module::default();
    let u = scalar(&mut m, Scalar::U32);
    let o = m.overrides.append(
        Override {
            name: "n".into(),
            id: None,
            ty: u,
            init: None,
        },
        sp(0, 1),
    );
    let e = m.add_global_expression(Expression::Override(o), u, sp(0, 1));
    let top = array(&mut m, u, ArraySize::Override(e));
    let nested = array(&mut m, top, ArraySize::Constant(2));
    global(
        &mut m,
        "ok",
        AddressSpace::Workgroup,
        Access::ReadWrite,
        None,
        top,
        sp(2, 4),
    );
    global(
        &mut m,
        "bad",
        AddressSpace::Workgroup,
        Access::ReadWrite,
        None,
        nested,
        sp(5, 8),
    );
    let d = single(&m);
    assert_eq!(
        d.message,
        "workgroup variable 'bad' must have a creation-fixed footprint: an override-sized array is allowed only as its outermost type, not in 'array<array<u32, n>, 2>'"
    );
    assert_eq!(d.span, sp(5, 8));
}

#[test]
fn extensions_and_sizes() {
    let mut m = Module::default();
    let h = scalar(&mut m, Scalar::F16);
    // A bare u8 scalar type in the arena is fine until something uses it.
    let u8_ = scalar(&mut m, Scalar::U8);
    let huge = m.types.insert(
        Type {
            name: None,
            inner: TypeInner::Array {
                base: h,
                size: ArraySize::Constant(u32::MAX),
                stride: 2,
            },
        },
        sp(30, 40),
    );
    m.intern(TypeInner::Array {
        base: huge,
        size: ArraySize::Constant(2),
        stride: u32::MAX,
    });
    let v = global(
        &mut m,
        "bytes",
        AddressSpace::Private,
        Access::ReadWrite,
        None,
        u8_,
        sp(20, 22),
    );
    let _ = v;
    let errs = errors(&m);
    let got: Vec<(&str, Span)> = errs.iter().map(|d| (d.message.as_str(), d.span)).collect();
    assert_eq!(
        got,
        [
            ("type 'f16' uses 'f16', which requires 'enable f16;'", Span::UNDEFINED),
            ("type 'array<f16, 4294967295>' is too large: its size 8589934590 does not fit in 32 bits", sp(30, 40)),
            ("type 'u8' uses 'i8' or 'u8', which can only be subgroup matrix component types", sp(20, 22)),
        ]
    );
}

#[test]
fn binding_collision_per_entry_point() {
    let mut m = Module::default();
    let u = scalar(&mut m, Scalar::U32);
    let a = global(
        &mut m,
        "a",
        AddressSpace::Storage,
        Access::Read,
        Some((0, 0)),
        u,
        sp(0, 1),
    );
    let b = global(
        &mut m,
        "b",
        AddressSpace::Storage,
        Access::Read,
        Some((0, 0)),
        u,
        sp(2, 3),
    );
    let only_a = function(&mut m, "ea", &[a], &[], sp(10, 20));
    let only_b = function(&mut m, "eb", &[b], &[], sp(20, 30));
    entry(&mut m, "ea", ShaderStage::Compute, only_a);
    entry(&mut m, "eb", ShaderStage::Compute, only_b);
    assert!(validate(&m).is_ok());
    let both = function(&mut m, "both", &[a, b], &[], sp(30, 40));
    entry(&mut m, "both", ShaderStage::Compute, both);
    let d = single(&m);
    assert_eq!(
        d.message,
        "@group(0) @binding(0) is used by both 'a' and 'b' in entry point 'both'"
    );
    assert_eq!(d.span, sp(2, 3));
    assert_eq!(d.labels[0].span, sp(0, 1));
}

#[test]
fn entry_point_not_callable() {
    let mut m = Module::default();
    let cs = function(&mut m, "cs", &[], &[], sp(0, 10));
    let caller = function(&mut m, "caller", &[], &[(cs, sp(15, 19))], sp(11, 30));
    entry(&mut m, "cs", ShaderStage::Compute, cs);
    entry(&mut m, "other", ShaderStage::Compute, caller);
    let d = single(&m);
    assert_eq!(d.message, "entry point 'cs' cannot be called");
    assert_eq!(d.span, sp(15, 19));
}

#[test]
fn compute_interface() {
    let mut m = Module::default();
    let u = scalar(&mut m, Scalar::U32);
    let v3 = m.intern(TypeInner::Vector {
        size: VectorSize::Tri,
        scalar: Scalar::U32,
    });
    let f = Function {
        name: "main".into(),
        arguments: vec![
            FunctionArgument {
                name: "id".into(),
                ty: u,
                binding: Some(Binding::BuiltIn(BuiltIn::GlobalInvocationId)),
            },
            FunctionArgument {
                name: "lid".into(),
                ty: v3,
                binding: Some(Binding::BuiltIn(BuiltIn::LocalInvocationId)),
            },
            FunctionArgument {
                name: "lid2".into(),
                ty: v3,
                binding: Some(Binding::BuiltIn(BuiltIn::LocalInvocationId)),
            },
            FunctionArgument {
                name: "x".into(),
                ty: u,
                binding: Some(Binding::location(0)),
            },
            FunctionArgument {
                name: "vi".into(),
                ty: u,
                binding: Some(Binding::BuiltIn(BuiltIn::VertexIndex)),
            },
            FunctionArgument {
                name: "none".into(),
                ty: u,
                binding: None,
            },
        ],
        result: Some(FunctionResult {
            ty: u,
            binding: None,
        }),
        ..Default::default()
    };
    let f = m.functions.append(f, sp(5, 50));
    m.entry_points.push(EntryPoint {
        workgroup_size_spans: [crate::span::Span::UNDEFINED; 3],
        subgroup_size: None,
        name: "main".into(),
        stage: ShaderStage::Compute,
        function: f,
        workgroup_size: [
            WorkgroupSizeDim::Constant(0),
            WorkgroupSizeDim::Constant(1),
            WorkgroupSizeDim::Constant(1),
        ],
    });
    let errs = errors(&m);
    let msgs: Vec<&str> = errs.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        msgs,
        [
            "builtin 'global_invocation_id' must have type 'vec3<u32>', found 'u32'",
            "builtin 'local_invocation_id' is used more than once as an entry point input",
            "compute entry point 'main' cannot have user-defined inputs (@location(0) on parameter 'x')",
            "builtin 'vertex_index' cannot be used as a compute shader input",
            "parameter 'none' of entry point 'main' has no @builtin or @location attribute",
            "compute entry point 'main' cannot return a value",
            "@workgroup_size x dimension of 'main' must be at least 1",
        ]
    );
    assert!(errs.iter().all(|d| d.span == sp(5, 50)));
    assert_eq!(errs[1].notes, ["first used by parameter 'lid'"]);
}

#[test]
fn vertex_stage_matrix_use_names_call_chain() {
    let mut m = Module {
        extensions: Extensions::SUBGROUP_MATRIX,
        ..Default::default()
    };
    let v4 = m.intern(TypeInner::Vector {
        size: VectorSize::Quad,
        scalar: Scalar::F32,
    });
    let mat = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::F32, 8, 8);
    let mut inner = Function {
        name: "inner".into(),
        ..Default::default()
    };
    inner.local_variables.append(
        LocalVariable {
            name: "m".into(),
            ty: mat,
        },
        sp(10, 20),
    );
    let inner = m.functions.append(inner, sp(0, 30));
    let middle = function(&mut m, "middle", &[], &[(inner, sp(40, 47))], sp(31, 60));
    let mut vs = Function {
        name: "vs".into(),
        result: Some(FunctionResult {
            ty: v4,
            binding: Some(Binding::BuiltIn(BuiltIn::Position { invariant: false })),
        }),
        ..Default::default()
    };
    vs.body.push(
        Statement::Call {
            function: middle,
            arguments: vec![],
            result: None,
        },
        sp(70, 78),
    );
    vs.body
        .push(Statement::Barrier(Barrier::WORKGROUP), sp(80, 98));
    let vs = m.functions.append(vs, sp(61, 100));
    entry(&mut m, "vs", ShaderStage::Vertex, vs);
    let errs = errors(&m);
    assert_eq!(errs.len(), 2, "{errs:#?}");
    let bar = &errs[1];
    assert_eq!(
        bar.message,
        "built-in 'workgroupBarrier' cannot be used in the vertex pipeline stage"
    );
    assert_eq!(bar.span, sp(80, 98));
    let d = &errs[0];
    assert_eq!(
        d.message,
        "subgroup matrix type cannot be used in the vertex pipeline stage"
    );
    assert_eq!(d.span, sp(10, 20));
    let labels: Vec<(Span, &str)> = d
        .labels
        .iter()
        .map(|l| (l.span, l.message.as_str()))
        .collect();
    assert_eq!(
        labels,
        [
            (sp(40, 47), "'inner' is called from 'middle' here"),
            (sp(70, 78), "'middle' is called from 'vs' here"),
        ]
    );
    assert_eq!(
        d.notes,
        [
            "'vs' is a vertex entry point",
            "call chain: vs -> middle -> inner"
        ]
    );
}

#[test]
fn fragment_stage_globals() {
    let mut m = Module::default();
    let u = scalar(&mut m, Scalar::U32);
    let wg = global(
        &mut m,
        "shared",
        AddressSpace::Workgroup,
        Access::ReadWrite,
        None,
        u,
        sp(0, 6),
    );
    let fs = function(&mut m, "fs", &[wg], &[], sp(10, 40));
    entry(&mut m, "fs", ShaderStage::Fragment, fs);
    let d = single(&m);
    assert_eq!(
        d.message,
        "workgroup variable 'shared' cannot be used in the fragment pipeline stage"
    );
    assert_eq!(d.span, sp(1000, 1005));
    assert_eq!(d.labels[0].span, sp(0, 6));
}

#[test]
fn subgroup_op_names() {
    assert_eq!(SubgroupOp::ExclusiveAdd.wgsl_name(), "subgroupExclusiveAdd");
    assert_eq!(SubgroupOp::QuadSwapX.wgsl_name(), "quadSwapX");
}

#[test]
fn local_variable_types() {
    let mut m = Module::default();
    let at = m.intern(TypeInner::atomic(Scalar::I32));
    let mut f = Function {
        name: "f".into(),
        ..Default::default()
    };
    f.local_variables.append(
        LocalVariable {
            name: "a".into(),
            ty: at,
        },
        sp(4, 9),
    );
    m.functions.append(f, sp(0, 20));
    let d = single(&m);
    assert_eq!(
        d.message,
        "type 'atomic<i32>' of variable 'a' contains an atomic type and cannot be used in the 'function' address space"
    );
    assert_eq!(d.span, sp(4, 9));
}

#[test]
fn long_call_chains_and_expression_lists_are_linear() {
    // 20,000 functions, each calling the previous one, and one function with
    // 100,000 expressions: validation must neither recurse nor go quadratic.
    let mut m = Module::default();
    let u = scalar(&mut m, Scalar::U32);
    let mut prev: Option<Handle<Function>> = None;
    for i in 0..20_000u32 {
        let calls: Vec<(Handle<Function>, Span)> =
            prev.iter().map(|&p| (p, sp(i, i + 1))).collect();
        prev = Some(function(
            &mut m,
            &format!("f{i}"),
            &[],
            &calls,
            sp(i, i + 1),
        ));
    }
    let mut big = Function {
        name: "big".into(),
        ..Default::default()
    };
    let mut last = big.add_expression(Expression::Literal(Literal::U32(0)), u, sp(0, 1));
    for _ in 0..100_000 {
        let one = big.add_expression(Expression::Literal(Literal::U32(1)), u, sp(0, 1));
        last = big.add_expression(
            Expression::Binary {
                op: BinaryOperator::Add,
                left: last,
                right: one,
            },
            u,
            sp(0, 1),
        );
    }
    let big = m.functions.append(big, sp(0, 1));
    let main = function(
        &mut m,
        "main",
        &[],
        &[(prev.unwrap(), sp(0, 1)), (big, sp(1, 2))],
        sp(0, 1),
    );
    entry(&mut m, "main", ShaderStage::Compute, main);
    let start = std::time::Instant::now();
    let info = validate(&m).expect("valid");
    assert_eq!(info.entry_points[0].functions.len(), 20_002);
    assert!(start.elapsed().as_secs() < 10);
}

#[test]
fn pointer_to_matrix_in_storage_space() {
    let mut m = Module {
        extensions: Extensions::SUBGROUP_MATRIX,
        ..Default::default()
    };
    let mat = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::F32, 8, 8);
    let ok = m.intern(TypeInner::Pointer {
        base: mat,
        space: AddressSpace::Function,
        access: Access::ReadWrite,
    });
    let bad = m.intern(TypeInner::Pointer {
        base: mat,
        space: AddressSpace::Storage,
        access: Access::ReadWrite,
    });
    let f = Function {
        name: "f".into(),
        arguments: vec![
            FunctionArgument {
                name: "p".into(),
                ty: ok,
                binding: None,
            },
            FunctionArgument {
                name: "q".into(),
                ty: bad,
                binding: None,
            },
        ],
        ..Default::default()
    };
    m.functions.append(f, sp(7, 30));
    let d = single(&m);
    assert_eq!(
        d.message,
        "subgroup matrix type 'subgroup_matrix_left<f32, 8, 8>' cannot be used in the 'storage' address space"
    );
    assert_eq!(d.span, sp(7, 30));
}

#[test]
fn runtime_array_in_uniform_is_one_error() {
    let mut m = Module::default();
    let v4 = m.intern(TypeInner::Vector {
        size: VectorSize::Quad,
        scalar: Scalar::F32,
    });
    let rt = array(&mut m, v4, ArraySize::Runtime);
    global(
        &mut m,
        "u",
        AddressSpace::Uniform,
        Access::Read,
        Some((0, 0)),
        rt,
        sp(1, 2),
    );
    let d = single(&m);
    assert_eq!(
        d.message,
        "type 'array<vec4<f32>>' contains a runtime-sized array and cannot be used in the 'uniform' address space"
    );
}

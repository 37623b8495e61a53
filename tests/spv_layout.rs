//! Layout decorations, plain copies of buffer types, stage IO, math
//! builtins and conversions; every output validated for SPIR-V 1.3 and 1.6.

mod spv_util;

use spv_util::*;
use tessera::arena::Handle;
use tessera::ir::*;

fn member(name: &str, ty: Handle<Type>, offset: u32, size: u32, align: u32) -> StructMember {
    StructMember {
        name: name.into(),
        ty,
        binding: None,
        offset,
        size,
        align,
    }
}

/// A uniform struct with a vec3, a mat3x3 and an array, copied into a
/// function variable (plain layout) and written back to a storage buffer.
fn layout_module() -> Mb {
    let mut mb = Mb::new();
    let f32t = mb.scalar(Scalar::F32);
    let v3 = mb.vec(VectorSize::Tri, Scalar::F32);
    let m3 = mb.ty(TypeInner::Matrix {
        columns: VectorSize::Tri,
        rows: VectorSize::Tri,
        scalar: Scalar::F32,
    });
    let a4 = mb.array(f32t, ArraySize::Constant(4));
    let s = mb.m.types.insert(
        Type {
            name: Some("S".into()),
            inner: TypeInner::Struct {
                members: vec![
                    member("a", v3, 0, 12, 16),
                    member("m", m3, 16, 48, 16),
                    member("arr", a4, 64, 16, 4),
                ],
                span: 80,
            },
        },
        tessera::Span::UNDEFINED,
    );
    let u = mb.global("u", AddressSpace::Storage, Access::Read, s, Some((0, 0)));
    let out = mb.global(
        "out",
        AddressSpace::Storage,
        Access::ReadWrite,
        s,
        Some((0, 1)),
    );
    let priv_arr = mb.global(
        "scratch",
        AddressSpace::Private,
        Access::ReadWrite,
        a4,
        None,
    );
    let pu = mb.ptr(s, AddressSpace::Storage, Access::Read);
    let ps = mb.ptr(s, AddressSpace::Storage, Access::ReadWrite);
    let pf = mb.ptr(s, AddressSpace::Function, Access::ReadWrite);
    let pp = mb.ptr(a4, AddressSpace::Private, Access::ReadWrite);
    let mut fb = Fb::new("main");
    fb.f.arguments.push(FunctionArgument {
        name: "idx".into(),
        ty: mb.scalar(Scalar::U32),
        binding: Some(Binding::BuiltIn(BuiltIn::LocalInvocationIndex)),
    });
    let idx = fb.e(Expression::FunctionArgument(0), mb.scalar(Scalar::U32));
    let lv = fb.local("copy", s);
    let local = fb.e(Expression::LocalVariable(lv), pf);
    let gu = fb.e(Expression::GlobalVariable(u), pu);
    let go = fb.e(Expression::GlobalVariable(out), ps);
    let gp = fb.e(Expression::GlobalVariable(priv_arr), pp);
    let loaded = fb.emit(Expression::Load { pointer: gu }, s);
    fb.stmt(Statement::Store {
        pointer: local,
        value: loaded,
    });
    let arr_val = fb.emit(
        Expression::AccessIndex {
            base: loaded,
            index: 2,
        },
        a4,
    );
    fb.stmt(Statement::Store {
        pointer: gp,
        value: arr_val,
    });
    // Dynamic index of an array value (spilled to a variable) and a matrix.
    let elem = fb.emit(
        Expression::Access {
            base: arr_val,
            index: idx,
        },
        f32t,
    );
    let mval = fb.emit(
        Expression::AccessIndex {
            base: loaded,
            index: 1,
        },
        m3,
    );
    let col = fb.emit(
        Expression::Access {
            base: mval,
            index: idx,
        },
        v3,
    );
    let scaled = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Multiply,
            left: col,
            right: elem,
        },
        v3,
    );
    let mv = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Multiply,
            left: mval,
            right: scaled,
        },
        v3,
    );
    let copy = fb.emit(Expression::Load { pointer: local }, s);
    fb.stmt(Statement::Store {
        pointer: go,
        value: copy,
    });
    let pa = mb.ptr(v3, AddressSpace::Storage, Access::ReadWrite);
    let oa = fb.emit(Expression::AccessIndex { base: go, index: 0 }, pa);
    fb.stmt(Statement::Store {
        pointer: oa,
        value: mv,
    });
    mb.compute("main", fb.finish(), 1);
    mb
}

#[test]
fn buffer_structs_get_layout_and_plain_copies_do_not() {
    let mb = layout_module();
    let dis = compile(&mb.m);
    assert!(dis.contains("MatrixStride 16"), "{dis}");
    assert!(dis.contains("ColMajor"), "{dis}");
    assert!(dis.contains("Offset 64"), "{dis}");
    assert!(dis.contains("ArrayStride 4"), "{dis}");
    // Two struct types: the Block one for buffers and a plain one.
    assert_eq!(dis.matches("OpTypeStruct").count(), 2, "{dis}");
    assert!(
        dis.contains("Decorate %S NonWritable") || dis.contains("NonWritable"),
        "{dis}"
    );
    assert!(
        !dis.contains("OpCopyLogical"),
        "1.3 copies member-wise: {dis}"
    );
    let p = pipeline(&mb.m);
    let dis14 = compile_pipeline(&p, (1, 4));
    assert!(dis14.contains("OpCopyLogical"), "{dis14}");
}

#[test]
fn vertex_and_fragment_interfaces() {
    let mut mb = Mb::new();
    let f32t = mb.scalar(Scalar::F32);
    let u32t = mb.scalar(Scalar::U32);
    let v4 = mb.vec(VectorSize::Quad, Scalar::F32);
    let out_s = mb.m.types.insert(
        Type {
            name: Some("VOut".into()),
            inner: TypeInner::Struct {
                members: vec![
                    StructMember {
                        binding: Some(Binding::BuiltIn(BuiltIn::Position { invariant: false })),
                        ..member("pos", v4, 0, 16, 16)
                    },
                    StructMember {
                        binding: Some(Binding::location(0)),
                        ..member("id", u32t, 16, 4, 4)
                    },
                ],
                span: 32,
            },
        },
        tessera::Span::UNDEFINED,
    );
    let mut fb = Fb::new("vs");
    fb.f.arguments.push(FunctionArgument {
        name: "vi".into(),
        ty: u32t,
        binding: Some(Binding::BuiltIn(BuiltIn::VertexIndex)),
    });
    fb.f.result = Some(FunctionResult {
        ty: out_s,
        binding: None,
    });
    let vi = fb.e(Expression::FunctionArgument(0), u32t);
    let x = fb.emit(Expression::Convert { expr: vi, ty: f32t }, f32t);
    let pos = fb.emit(
        Expression::Splat {
            size: VectorSize::Quad,
            value: x,
        },
        v4,
    );
    let r = fb.emit(
        Expression::Compose {
            ty: out_s,
            components: vec![pos, vi],
        },
        out_s,
    );
    fb.stmt(Statement::Return { value: Some(r) });
    let vs = mb.add_function(fb.finish());
    mb.m.entry_points.push(EntryPoint {
        workgroup_size_spans: [tessera::Span::UNDEFINED; 3],
        subgroup_size: None,
        name: "vs".into(),
        stage: ShaderStage::Vertex,
        function: vs,
        workgroup_size: [WorkgroupSizeDim::Constant(1); 3],
    });
    let mut fb = Fb::new("fs");
    fb.f.arguments.push(FunctionArgument {
        name: "id".into(),
        ty: u32t,
        binding: Some(Binding::location(0)),
    });
    fb.f.result = Some(FunctionResult {
        ty: f32t,
        binding: Some(Binding::BuiltIn(BuiltIn::FragDepth {
            condition: DepthCondition::Any,
        })),
    });
    let id = fb.e(Expression::FunctionArgument(0), u32t);
    let d = fb.emit(Expression::Convert { expr: id, ty: f32t }, f32t);
    fb.stmt(Statement::Return { value: Some(d) });
    let fs = mb.add_function(fb.finish());
    mb.m.entry_points.push(EntryPoint {
        workgroup_size_spans: [tessera::Span::UNDEFINED; 3],
        subgroup_size: None,
        name: "fs".into(),
        stage: ShaderStage::Fragment,
        function: fs,
        workgroup_size: [WorkgroupSizeDim::Constant(1); 3],
    });
    let dis = compile(&mb.m);
    assert!(dis.contains("OpEntryPoint Vertex"), "{dis}");
    assert!(dis.contains("OpEntryPoint Fragment"), "{dis}");
    assert!(dis.contains("BuiltIn Position"), "{dis}");
    assert!(
        dis.contains("Flat"),
        "integer fragment inputs are flat: {dis}"
    );
    assert!(
        dis.contains("DepthReplacing") && dis.contains("OriginUpperLeft"),
        "{dis}"
    );
}

#[test]
fn sample_mask_is_an_array_of_one() {
    let mut mb = Mb::new();
    let u32t = mb.scalar(Scalar::U32);
    let mut fb = Fb::new("fs");
    fb.f.arguments.push(FunctionArgument {
        name: "m".into(),
        ty: u32t,
        binding: Some(Binding::BuiltIn(BuiltIn::SampleMask)),
    });
    fb.f.result = Some(FunctionResult {
        ty: u32t,
        binding: Some(Binding::BuiltIn(BuiltIn::SampleMask)),
    });
    let m = fb.e(Expression::FunctionArgument(0), u32t);
    let one = fb.e(Expression::Literal(Literal::U32(1)), u32t);
    let r = fb.emit(
        Expression::Binary {
            op: BinaryOperator::And,
            left: m,
            right: one,
        },
        u32t,
    );
    fb.stmt(Statement::Return { value: Some(r) });
    let h = mb.add_function(fb.finish());
    mb.m.entry_points.push(EntryPoint {
        workgroup_size_spans: [tessera::Span::UNDEFINED; 3],
        subgroup_size: None,
        name: "fs".into(),
        stage: ShaderStage::Fragment,
        function: h,
        workgroup_size: [WorkgroupSizeDim::Constant(1); 3],
    });
    let dis = compile(&mb.m);
    assert_eq!(dis.matches("BuiltIn SampleMask").count(), 2, "{dis}");
    assert!(dis.contains("OpTypeArray"), "{dis}");
}

#[test]
fn a_handle_variable_of_another_type_is_reported_with_a_span() {
    let mut mb = Mb::new();
    let f32t = mb.scalar(Scalar::F32);
    let g = mb.m.global_variables.append(
        GlobalVariable {
            name: "tex".into(),
            space: AddressSpace::Handle,
            access: Access::Read,
            binding: Some(ResourceBinding {
                group: 0,
                binding: 0,
            }),
            ty: f32t,
            init: None,
            input_attachment_index: None,
        },
        tessera::Span::new(10, 20),
    );
    let p = mb.ptr(f32t, AddressSpace::Handle, Access::Read);
    let mut fb = Fb::new("main");
    let e = fb.e(Expression::GlobalVariable(g), p);
    let _ = fb.emit(Expression::Load { pointer: e }, f32t);
    mb.compute("main", fb.finish(), 1);
    let p = pipeline(&mb.m);
    let e = tessera::lower::spv::write(&p, &Default::default()).expect_err("not a texture");
    let d = e.errors().next().expect("one error");
    assert_eq!(
        d.message,
        "a variable in the 'handle' address space must be a texture or sampler"
    );
    assert_eq!(d.span, tessera::Span::new(10, 20));
}

/// Every math builtin on suitable arguments, stored to a buffer.
#[test]
fn math_builtins_and_conversions_validate() {
    use MathFunction as F;
    let mut mb = Mb::new();
    let f32t = mb.scalar(Scalar::F32);
    let i32t = mb.scalar(Scalar::I32);
    let u32t = mb.scalar(Scalar::U32);
    let boolt = mb.scalar(Scalar::Bool);
    let v3 = mb.vec(VectorSize::Tri, Scalar::F32);
    let v4 = mb.vec(VectorSize::Quad, Scalar::F32);
    let v4i = mb.vec(VectorSize::Quad, Scalar::I32);
    let v4u = mb.vec(VectorSize::Quad, Scalar::U32);
    let v2 = mb.vec(VectorSize::Bi, Scalar::F32);
    let v2b = mb.vec(VectorSize::Bi, Scalar::Bool);
    let m2 = mb.ty(TypeInner::Matrix {
        columns: VectorSize::Bi,
        rows: VectorSize::Bi,
        scalar: Scalar::F32,
    });
    let sf = mb.global(
        "sf",
        AddressSpace::Storage,
        Access::ReadWrite,
        f32t,
        Some((0, 0)),
    );
    let si = mb.global(
        "si",
        AddressSpace::Storage,
        Access::ReadWrite,
        i32t,
        Some((0, 1)),
    );
    let su = mb.global(
        "su",
        AddressSpace::Storage,
        Access::ReadWrite,
        u32t,
        Some((0, 2)),
    );
    let psf = mb.ptr(f32t, AddressSpace::Storage, Access::ReadWrite);
    let psi = mb.ptr(i32t, AddressSpace::Storage, Access::ReadWrite);
    let psu = mb.ptr(u32t, AddressSpace::Storage, Access::ReadWrite);
    let mut fb = Fb::new("main");
    let pf = fb.e(Expression::GlobalVariable(sf), psf);
    let pi = fb.e(Expression::GlobalVariable(si), psi);
    let pu = fb.e(Expression::GlobalVariable(su), psu);
    let x = fb.emit(Expression::Load { pointer: pf }, f32t);
    let i = fb.emit(Expression::Load { pointer: pi }, i32t);
    let u = fb.emit(Expression::Load { pointer: pu }, u32t);
    let vx3 = fb.emit(
        Expression::Splat {
            size: VectorSize::Tri,
            value: x,
        },
        v3,
    );
    let vx4 = fb.emit(
        Expression::Splat {
            size: VectorSize::Quad,
            value: x,
        },
        v4,
    );
    let vi4 = fb.emit(
        Expression::Splat {
            size: VectorSize::Quad,
            value: i,
        },
        v4i,
    );
    let vu4 = fb.emit(
        Expression::Splat {
            size: VectorSize::Quad,
            value: u,
        },
        v4u,
    );
    let vx2 = fb.emit(
        Expression::Splat {
            size: VectorSize::Bi,
            value: x,
        },
        v2,
    );
    let mx = fb.emit(
        Expression::Compose {
            ty: m2,
            components: vec![vx2, vx2],
        },
        m2,
    );
    let mut fsum = x;
    let mut add_f = |fb: &mut Fb, v: Handle<Expression>| {
        fsum = fb.emit(
            Expression::Binary {
                op: BinaryOperator::Add,
                left: fsum,
                right: v,
            },
            f32t,
        );
    };
    for fun in [
        F::Abs,
        F::Acos,
        F::Asin,
        F::Atan,
        F::Ceil,
        F::Cos,
        F::Cosh,
        F::Exp,
        F::Exp2,
        F::Floor,
        F::Fract,
        F::InverseSqrt,
        F::Log,
        F::Log2,
        F::Round,
        F::Saturate,
        F::Sign,
        F::Sin,
        F::Sqrt,
        F::Tan,
        F::Tanh,
        F::Trunc,
        F::Degrees,
        F::Radians,
        F::Sinh,
        F::Asinh,
        F::Acosh,
        F::Atanh,
    ] {
        let r = fb.emit(
            Expression::Math {
                fun,
                args: smallvec::smallvec![x],
            },
            f32t,
        );
        add_f(&mut fb, r);
    }
    for fun in [F::Atan2, F::Pow, F::Min, F::Max, F::Step, F::Distance] {
        let r = fb.emit(
            Expression::Math {
                fun,
                args: smallvec::smallvec![x, x],
            },
            f32t,
        );
        add_f(&mut fb, r);
    }
    for fun in [F::Clamp, F::Fma, F::Mix, F::Smoothstep] {
        let r = fb.emit(
            Expression::Math {
                fun,
                args: smallvec::smallvec![x, x, x],
            },
            f32t,
        );
        add_f(&mut fb, r);
    }
    let mixed = fb.emit(
        Expression::Math {
            fun: F::Mix,
            args: smallvec::smallvec![vx3, vx3, x],
        },
        v3,
    );
    let cross = fb.emit(
        Expression::Math {
            fun: F::Cross,
            args: smallvec::smallvec![mixed, vx3],
        },
        v3,
    );
    let norm = fb.emit(
        Expression::Math {
            fun: F::Normalize,
            args: smallvec::smallvec![cross],
        },
        v3,
    );
    let refl = fb.emit(
        Expression::Math {
            fun: F::Reflect,
            args: smallvec::smallvec![norm, vx3],
        },
        v3,
    );
    let refr = fb.emit(
        Expression::Math {
            fun: F::Refract,
            args: smallvec::smallvec![refl, vx3, x],
        },
        v3,
    );
    let ff = fb.emit(
        Expression::Math {
            fun: F::FaceForward,
            args: smallvec::smallvec![refr, vx3, vx3],
        },
        v3,
    );
    let dot = fb.emit(
        Expression::Math {
            fun: F::Dot,
            args: smallvec::smallvec![ff, vx3],
        },
        f32t,
    );
    add_f(&mut fb, dot);
    let len = fb.emit(
        Expression::Math {
            fun: F::Length,
            args: smallvec::smallvec![vx4],
        },
        f32t,
    );
    add_f(&mut fb, len);
    let det = fb.emit(
        Expression::Math {
            fun: F::Determinant,
            args: smallvec::smallvec![mx],
        },
        f32t,
    );
    add_f(&mut fb, det);
    let tr = fb.emit(
        Expression::Math {
            fun: F::Transpose,
            args: smallvec::smallvec![mx],
        },
        m2,
    );
    let madd = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Add,
            left: tr,
            right: mx,
        },
        m2,
    );
    let mcol = fb.emit(
        Expression::AccessIndex {
            base: madd,
            index: 0,
        },
        v2,
    );
    let c0 = fb.emit(
        Expression::AccessIndex {
            base: mcol,
            index: 1,
        },
        f32t,
    );
    add_f(&mut fb, c0);
    let up = fb.emit(
        Expression::Math {
            fun: F::Unpack2x16Float,
            args: smallvec::smallvec![u],
        },
        v2,
    );
    let up0 = fb.emit(Expression::AccessIndex { base: up, index: 0 }, f32t);
    add_f(&mut fb, up0);
    let q = fb.emit(
        Expression::Math {
            fun: F::QuantizeToF16,
            args: smallvec::smallvec![x],
        },
        f32t,
    );
    add_f(&mut fb, q);
    let fdiv = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Modulo,
            left: fsum,
            right: x,
        },
        f32t,
    );
    fb.stmt(Statement::Store {
        pointer: pf,
        value: fdiv,
    });

    let mut isum = i;
    let mut add_i = |fb: &mut Fb, v: Handle<Expression>| {
        isum = fb.emit(
            Expression::Binary {
                op: BinaryOperator::Add,
                left: isum,
                right: v,
            },
            i32t,
        );
    };
    for fun in [
        F::Abs,
        F::Sign,
        F::CountLeadingZeros,
        F::CountOneBits,
        F::CountTrailingZeros,
        F::FirstLeadingBit,
        F::FirstTrailingBit,
        F::ReverseBits,
    ] {
        let r = fb.emit(
            Expression::Math {
                fun,
                args: smallvec::smallvec![i],
            },
            i32t,
        );
        add_i(&mut fb, r);
    }
    let eb = fb.emit(
        Expression::Math {
            fun: F::ExtractBits,
            args: smallvec::smallvec![i, u, u],
        },
        i32t,
    );
    add_i(&mut fb, eb);
    let ib = fb.emit(
        Expression::Math {
            fun: F::InsertBits,
            args: smallvec::smallvec![i, i, u, u],
        },
        i32t,
    );
    add_i(&mut fb, ib);
    let d4 = fb.emit(
        Expression::Math {
            fun: F::Dot4I8Packed,
            args: smallvec::smallvec![u, u],
        },
        i32t,
    );
    add_i(&mut fb, d4);
    let di = fb.emit(
        Expression::Math {
            fun: F::Dot,
            args: smallvec::smallvec![vi4, vi4],
        },
        i32t,
    );
    add_i(&mut fb, di);
    let un = fb.emit(
        Expression::Math {
            fun: F::Unpack4xI8,
            args: smallvec::smallvec![u],
        },
        v4i,
    );
    let un0 = fb.emit(Expression::AccessIndex { base: un, index: 3 }, i32t);
    add_i(&mut fb, un0);
    let conv = fb.emit(Expression::Convert { expr: x, ty: i32t }, i32t);
    add_i(&mut fb, conv);
    let cond = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Less,
            left: x,
            right: x,
        },
        boolt,
    );
    let bi = fb.emit(
        Expression::Convert {
            expr: cond,
            ty: i32t,
        },
        i32t,
    );
    add_i(&mut fb, bi);
    let bc = fb.emit(Expression::Bitcast { expr: x, ty: i32t }, i32t);
    add_i(&mut fb, bc);
    let neg = fb.emit(
        Expression::Unary {
            op: UnaryOperator::Negate,
            expr: isum,
        },
        i32t,
    );
    let sh = fb.emit(
        Expression::Binary {
            op: BinaryOperator::ShiftLeft,
            left: neg,
            right: u,
        },
        i32t,
    );
    fb.stmt(Statement::Store {
        pointer: pi,
        value: sh,
    });

    let mut usum = u;
    let mut add_u = |fb: &mut Fb, v: Handle<Expression>| {
        usum = fb.emit(
            Expression::Binary {
                op: BinaryOperator::Add,
                left: usum,
                right: v,
            },
            u32t,
        );
    };
    for fun in [F::Pack4x8Snorm, F::Pack4x8Unorm] {
        let r = fb.emit(
            Expression::Math {
                fun,
                args: smallvec::smallvec![vx4],
            },
            u32t,
        );
        add_u(&mut fb, r);
    }
    for fun in [F::Pack2x16Snorm, F::Pack2x16Unorm, F::Pack2x16Float] {
        let r = fb.emit(
            Expression::Math {
                fun,
                args: smallvec::smallvec![vx2],
            },
            u32t,
        );
        add_u(&mut fb, r);
    }
    for (fun, arg) in [
        (F::Pack4xI8, vi4),
        (F::Pack4xI8Clamp, vi4),
        (F::Pack4xU8, vu4),
        (F::Pack4xU8Clamp, vu4),
    ] {
        let r = fb.emit(
            Expression::Math {
                fun,
                args: smallvec::smallvec![arg],
            },
            u32t,
        );
        add_u(&mut fb, r);
    }
    let cu = fb.emit(Expression::Convert { expr: x, ty: u32t }, u32t);
    add_u(&mut fb, cu);
    let d4u = fb.emit(
        Expression::Math {
            fun: F::Dot4U8Packed,
            args: smallvec::smallvec![u, u],
        },
        u32t,
    );
    add_u(&mut fb, d4u);
    let div = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Divide,
            left: usum,
            right: u,
        },
        u32t,
    );
    let lt = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Less,
            left: vx2,
            right: vx2,
        },
        v2b,
    );
    let any = fb.emit(
        Expression::Math {
            fun: F::Any,
            args: smallvec::smallvec![lt],
        },
        boolt,
    );
    let sel = fb.emit(
        Expression::Select {
            condition: any,
            accept: div,
            reject: u,
        },
        u32t,
    );
    fb.stmt(Statement::Store {
        pointer: pu,
        value: sel,
    });
    mb.compute("main", fb.finish(), 1);
    let dis = compile(&mb.m);
    assert!(
        dis.contains("FClamp"),
        "saturating float-to-int conversion: {dis}"
    );
    assert!(
        dis.contains("OpConvertFToS") && dis.contains("OpConvertFToU"),
        "{dis}"
    );
    assert!(
        dis.contains("FindUMsb") && dis.contains("FindILsb"),
        "{dis}"
    );
    assert!(
        dis.contains("OpBitFieldSExtract") && dis.contains("OpBitFieldInsert"),
        "{dis}"
    );
    assert!(dis.contains("OpFRem"), "{dis}");
    assert!(dis.contains("OpUDiv"), "{dis}");
}

#[test]
fn large_buffer_arrays_are_copied_with_a_loop_before_1_4() {
    let mut mb = Mb::new();
    let f32t = mb.scalar(Scalar::F32);
    let big = mb.array(f32t, ArraySize::Constant(1000));
    let s = mb.m.types.insert(
        Type {
            name: Some("Big".into()),
            inner: TypeInner::Struct {
                members: vec![
                    member("data", big, 0, 4000, 4),
                    member("tail", f32t, 4000, 4, 4),
                ],
                span: 4004,
            },
        },
        tessera::Span::UNDEFINED,
    );
    let src = mb.global("src", AddressSpace::Storage, Access::Read, s, Some((0, 0)));
    let dst = mb.global(
        "dst",
        AddressSpace::Storage,
        Access::ReadWrite,
        big,
        Some((0, 1)),
    );
    let ps = mb.ptr(s, AddressSpace::Storage, Access::Read);
    let pb = mb.ptr(big, AddressSpace::Storage, Access::ReadWrite);
    let pf = mb.ptr(s, AddressSpace::Function, Access::ReadWrite);
    let mut fb = Fb::new("main");
    let lv = fb.local("copy", s);
    let local = fb.e(Expression::LocalVariable(lv), pf);
    let gs = fb.e(Expression::GlobalVariable(src), ps);
    let gd = fb.e(Expression::GlobalVariable(dst), pb);
    let v = fb.emit(Expression::Load { pointer: gs }, s);
    fb.stmt(Statement::Store {
        pointer: local,
        value: v,
    });
    let arr = fb.emit(Expression::AccessIndex { base: v, index: 0 }, big);
    fb.stmt(Statement::Store {
        pointer: gd,
        value: arr,
    });
    mb.compute("main", fb.finish(), 1);
    let dis = compile(&mb.m);
    // One loop for the load, one for the store; no 1000-way unrolling.
    assert_eq!(dis.matches("OpLoopMerge").count(), 2, "{dis}");
    assert!(dis.matches("OpAccessChain").count() < 20, "{dis}");
}

#[test]
fn uniform_buffer_with_f16_and_matrices() {
    let mut mb = Mb::new();
    mb.m.extensions = Extensions::F16;
    let f16t = mb.scalar(Scalar::F16);
    let v4 = mb.vec(VectorSize::Quad, Scalar::F32);
    let m4 = mb.ty(TypeInner::Matrix {
        columns: VectorSize::Quad,
        rows: VectorSize::Quad,
        scalar: Scalar::F32,
    });
    let s = mb.m.types.insert(
        Type {
            name: Some("Params".into()),
            inner: TypeInner::Struct {
                members: vec![
                    member("transform", m4, 0, 64, 16),
                    member("scale", f16t, 64, 2, 2),
                ],
                span: 80,
            },
        },
        tessera::Span::UNDEFINED,
    );
    let u = mb.global(
        "params",
        AddressSpace::Uniform,
        Access::Read,
        s,
        Some((0, 0)),
    );
    let o = mb.global(
        "out",
        AddressSpace::Storage,
        Access::ReadWrite,
        v4,
        Some((0, 1)),
    );
    let pu = mb.ptr(s, AddressSpace::Uniform, Access::Read);
    let pm = mb.ptr(m4, AddressSpace::Uniform, Access::Read);
    let ph = mb.ptr(f16t, AddressSpace::Uniform, Access::Read);
    let po = mb.ptr(v4, AddressSpace::Storage, Access::ReadWrite);
    let f32t = mb.scalar(Scalar::F32);
    let mut fb = Fb::new("main");
    let gu = fb.e(Expression::GlobalVariable(u), pu);
    let go = fb.e(Expression::GlobalVariable(o), po);
    let mp = fb.emit(Expression::AccessIndex { base: gu, index: 0 }, pm);
    let hp = fb.emit(Expression::AccessIndex { base: gu, index: 1 }, ph);
    let m = fb.emit(Expression::Load { pointer: mp }, m4);
    let h = fb.emit(Expression::Load { pointer: hp }, f16t);
    let hf = fb.emit(Expression::Convert { expr: h, ty: f32t }, f32t);
    let v = fb.emit(
        Expression::Splat {
            size: VectorSize::Quad,
            value: hf,
        },
        v4,
    );
    let r = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Multiply,
            left: m,
            right: v,
        },
        v4,
    );
    fb.stmt(Statement::Store {
        pointer: go,
        value: r,
    });
    mb.compute("main", fb.finish(), 1);
    let dis = compile(&mb.m);
    assert!(
        dis.contains("OpCapability UniformAndStorageBuffer16BitAccess"),
        "{dis}"
    );
    assert!(dis.contains("SPV_KHR_16bit_storage"), "{dis}");
    assert!(dis.contains("OpMatrixTimesVector"), "{dis}");
    assert!(dis.contains("MatrixStride 16"), "{dis}");
    assert!(dis.contains("OpTypePointer Uniform"), "{dis}");
}

#[test]
fn selecting_one_entry_point_emits_only_its_code() {
    let mut mb = Mb::new();
    let f32t = mb.scalar(Scalar::F32);
    let a = mb.global(
        "a_buf",
        AddressSpace::Storage,
        Access::ReadWrite,
        f32t,
        Some((0, 0)),
    );
    let b = mb.global(
        "b_buf",
        AddressSpace::Storage,
        Access::ReadWrite,
        f32t,
        Some((0, 1)),
    );
    let pf = mb.ptr(f32t, AddressSpace::Storage, Access::ReadWrite);
    for (name, g) in [("first", a), ("second", b)] {
        let mut fb = Fb::new(name);
        let p = fb.e(Expression::GlobalVariable(g), pf);
        let one = fb.e(Expression::Literal(Literal::F32(1.0)), f32t);
        fb.stmt(Statement::Store {
            pointer: p,
            value: one,
        });
        mb.compute(name, fb.finish(), 1);
    }
    let mut p = pipeline(&mb.m);
    p.entry_points = vec![1];
    let dis = compile_pipeline(&p, (1, 3));
    assert!(dis.contains("\"second\""), "{dis}");
    assert!(!dis.contains("first") && !dis.contains("a_buf"), "{dis}");
    let p = pipeline(&mb.m);
    let both = compile_pipeline(&p, (1, 4));
    assert_eq!(both.matches("OpEntryPoint").count(), 2, "{both}");
}

//! Subgroup matrices as cooperative matrices; every output validated for
//! SPIR-V 1.3 and 1.6.

mod spv_util;

use spv_util::*;
use tessera::arena::Handle;
use tessera::ir::*;

fn mat(mb: &mut Mb, kind: SubgroupMatrixKind, scalar: Scalar) -> Handle<Type> {
    mb.ty(TypeInner::SubgroupMatrix {
        kind,
        scalar,
        columns: MatrixDim::Constant(8),
        rows: MatrixDim::Constant(8),
    })
}

/// Loads A and B from `input`, multiplies (optionally accumulating and
/// adding a scalar), stores the result to `output`.
fn matmul_module(comp: Scalar, out: Scalar, mem: Scalar, accumulate: bool) -> Mb {
    let mut mb = Mb::new();
    mb.m.extensions = Extensions::SUBGROUP_MATRIX | Extensions::SUBGROUPS;
    let memt = mb.scalar(mem);
    let u32t = mb.scalar(Scalar::U32);
    let arr = mb.array(memt, ArraySize::Runtime);
    let input = mb.global(
        "input",
        AddressSpace::Storage,
        Access::Read,
        arr,
        Some((0, 0)),
    );
    let output = mb.global(
        "output",
        AddressSpace::Storage,
        Access::ReadWrite,
        arr,
        Some((0, 1)),
    );
    let pin = mb.ptr(arr, AddressSpace::Storage, Access::Read);
    let pout = mb.ptr(arr, AddressSpace::Storage, Access::ReadWrite);
    let left = mat(&mut mb, SubgroupMatrixKind::Left, comp);
    let right = mat(&mut mb, SubgroupMatrixKind::Right, comp);
    let result = mat(&mut mb, SubgroupMatrixKind::Result, out);
    let mut fb = Fb::new("main");
    let pi = fb.e(Expression::GlobalVariable(input), pin);
    let po = fb.e(Expression::GlobalVariable(output), pout);
    let zero = fb.e(Expression::Literal(Literal::U32(0)), u32t);
    let stride = fb.e(Expression::Literal(Literal::U32(8)), u32t);
    let a = fb.emit(
        Expression::SubgroupMatrixLoad {
            ty: left,
            pointer: pi,
            offset: zero,
            stride,
            layout: MatrixLayout::RowMajor,
            proposal_form: false,
        },
        left,
    );
    let b = fb.emit(
        Expression::SubgroupMatrixLoad {
            ty: right,
            pointer: pi,
            offset: stride,
            stride,
            layout: MatrixLayout::ColumnMajor,
            proposal_form: false,
        },
        right,
    );
    let mut r = fb.emit(
        Expression::SubgroupMatrixMultiply {
            ty: result,
            left: a,
            right: b,
            acc: None,
        },
        result,
    );
    if accumulate {
        let shader = out.shader_scalar();
        let st = mb.scalar(shader);
        let lit = match shader {
            Scalar::F32 => Literal::F32(3.0),
            Scalar::F16 => Literal::F16(half::f16::from_f32(3.0)),
            Scalar::I32 => Literal::I32(300),
            _ => Literal::U32(300),
        };
        let three = fb.e(Expression::Literal(lit), st);
        let filled = fb.emit(
            Expression::SubgroupMatrixFill {
                ty: result,
                value: three,
            },
            result,
        );
        r = fb.emit(
            Expression::SubgroupMatrixMultiply {
                ty: result,
                left: a,
                right: b,
                acc: Some(filled),
            },
            result,
        );
        r = fb.emit(
            Expression::SubgroupMatrixScalar {
                op: MatrixScalarOp::Multiply,
                matrix: r,
                scalar: three,
            },
            result,
        );
    }
    fb.stmt(Statement::SubgroupMatrixStore {
        pointer: po,
        offset: zero,
        value: r,
        stride,
        layout: MatrixLayout::RowMajor,
        proposal_form: false,
    });
    mb.compute("main", fb.finish(), 64);
    mb
}

#[test]
fn f32_multiply_uses_cooperative_matrices_and_the_vulkan_memory_model() {
    let mb = matmul_module(Scalar::F32, Scalar::F32, Scalar::F32, false);
    let dis = compile(&mb.m);
    assert!(dis.contains("OpCapability CooperativeMatrixKHR"), "{dis}");
    assert!(dis.contains("OpCapability VulkanMemoryModel"), "{dis}");
    assert!(dis.contains("SPV_KHR_cooperative_matrix"), "{dis}");
    assert!(dis.contains("SPV_KHR_vulkan_memory_model"), "{dis}");
    assert!(dis.contains("OpMemoryModel Logical Vulkan"), "{dis}");
    assert!(dis.contains("OpTypeCooperativeMatrixKHR"), "{dis}");
    assert!(dis.contains("OpCooperativeMatrixLoadKHR"), "{dis}");
    assert!(dis.contains("OpCooperativeMatrixStoreKHR"), "{dis}");
    assert!(dis.contains("OpCooperativeMatrixMulAddKHR"), "{dis}");
    assert!(dis.contains("NonPrivatePointer"), "{dis}");
    // Plain multiply: the accumulator is a null matrix.
    assert!(dis.contains("OpConstantNull"), "{dis}");
    assert!(!dis.contains("Int8"), "{dis}");
}

#[test]
fn accumulate_fill_and_scalar_ops_f16() {
    let mb = matmul_module(Scalar::F16, Scalar::F32, Scalar::F16, true);
    let dis = compile(&mb.m);
    assert!(dis.contains("OpCapability Float16"), "{dis}");
    assert!(dis.contains("StorageBuffer16BitAccess"), "{dis}");
    assert!(dis.contains("OpCompositeConstruct"), "{dis}");
    assert!(dis.contains("OpFMul"), "{dis}");
}

#[test]
fn i8_matrices_clamp_and_narrow_scalars() {
    let mb = matmul_module(Scalar::I8, Scalar::I32, Scalar::I32, true);
    let dis = compile(&mb.m);
    assert!(dis.contains("OpCapability Int8"), "{dis}");
    assert!(dis.contains("OpTypeInt 8 1"), "{dis}");
    assert!(dis.contains("MATRIX_A_SIGNED_COMPONENTS_KHR"), "{dis}");
    assert!(dis.contains("MATRIX_RESULT_SIGNED_COMPONENTS_KHR"), "{dis}");
    assert!(dis.contains("OpIMul"), "{dis}");
}

#[test]
fn u8_fill_clamps_and_converts() {
    let mb = matmul_module(Scalar::U8, Scalar::U8, Scalar::U32, true);
    let dis = compile(&mb.m);
    // min(v, 255u) from the matrix-scalar-range pass, then narrowed.
    assert!(dis.contains("UMin"), "{dis}");
    assert!(dis.contains("OpUConvert"), "{dis}");
    assert!(!dis.contains("SIGNED_COMPONENTS"), "{dis}");
}

#[test]
fn override_dimension_uses_the_pipeline_value() {
    let mut mb = Mb::new();
    mb.m.extensions = Extensions::SUBGROUP_MATRIX;
    let u32t = mb.scalar(Scalar::U32);
    let f32t = mb.scalar(Scalar::F32);
    let o = mb.m.overrides.append(
        Override {
            name: "N".into(),
            id: None,
            ty: u32t,
            init: None,
        },
        tessera::Span::UNDEFINED,
    );
    let m = mb.ty(TypeInner::SubgroupMatrix {
        kind: SubgroupMatrixKind::Result,
        scalar: Scalar::F32,
        columns: MatrixDim::Override(o),
        rows: MatrixDim::Constant(8),
    });
    let arr = mb.array(f32t, ArraySize::Runtime);
    let g = mb.global(
        "out",
        AddressSpace::Storage,
        Access::ReadWrite,
        arr,
        Some((0, 0)),
    );
    let pa = mb.ptr(arr, AddressSpace::Storage, Access::ReadWrite);
    let mut fb = Fb::new("main");
    let p = fb.e(Expression::GlobalVariable(g), pa);
    let z = fb.emit(Expression::ZeroValue(m), m);
    let zero = fb.e(Expression::Literal(Literal::U32(0)), u32t);
    let stride = fb.e(Expression::Literal(Literal::U32(16)), u32t);
    fb.stmt(Statement::SubgroupMatrixStore {
        pointer: p,
        offset: zero,
        value: z,
        stride,
        layout: MatrixLayout::ColumnMajor,
        proposal_form: false,
    });
    mb.compute("main", fb.finish(), 32);
    let sixteen = mb.m.intern_constant(ConstValue::Scalar(Literal::U32(16)));
    let mut p = pipeline(&mb.m);
    p.override_values = vec![Some(sixteen)];
    let dis = compile_pipeline(&p, (1, 3));
    assert!(
        dis.contains("OpConstant  %2  16") || dis.contains(" 16\n"),
        "{dis}"
    );
    // Without a value the writer reports an error instead of panicking.
    let p = pipeline(&mb.m);
    let e = tessera::lower::spv::write(&p, &Default::default()).expect_err("no value");
    assert!(e.to_string().contains("override has no value"), "{e}");
}

#[test]
fn loads_and_stores_are_bounds_checked_unless_disabled() {
    let mb = matmul_module(Scalar::F32, Scalar::F32, Scalar::F32, false);
    let dis = compile(&mb.m);
    // Runtime-sized arrays: each access is guarded by a test against
    // arrayLength (one per buffer: the cse pass shares it), and a non-zero
    // offset is clamped; constant strides stay constants.
    assert_eq!(dis.matches("OpArrayLength").count(), 2, "{dis}");
    assert_eq!(dis.matches("OpSelectionMerge").count(), 3, "{dis}");
    assert!(dis.contains("UMin"), "offset clamped: {dis}");
    assert!(!dis.contains("UMax"), "constant stride: {dis}");
    let p = pipeline(&mb.m);
    let opts = tessera::back::spv::Options {
        bounds_checks: false,
        ..Default::default()
    };
    let words = tessera::lower::spv::write(&p, &opts).expect("write");
    validate(&words, (1, 3)).expect("valid");
    let dis = disasm(&words);
    assert!(!dis.contains("OpArrayLength"), "{dis}");
    assert!(!dis.contains("UMin"), "{dis}");
}

#[test]
fn matrices_in_arrays_structs_variables_and_calls() {
    let mut mb = Mb::new();
    mb.m.extensions = Extensions::SUBGROUP_MATRIX;
    let f32t = mb.scalar(Scalar::F32);
    let u32t = mb.scalar(Scalar::U32);
    let m = mat(&mut mb, SubgroupMatrixKind::Result, Scalar::F32);
    let am = mb.ty(TypeInner::Array {
        base: m,
        size: ArraySize::Constant(2),
        stride: 4,
    });
    let sm = mb.m.types.insert(
        Type {
            name: Some("Holder".into()),
            inner: TypeInner::Struct {
                members: vec![StructMember {
                    name: "m".into(),
                    ty: m,
                    binding: None,
                    offset: 0,
                    size: 4,
                    align: 4,
                }],
                span: 4,
            },
        },
        tessera::Span::UNDEFINED,
    );
    let arr = mb.array(f32t, ArraySize::Constant(256));
    let g = mb.global(
        "tile",
        AddressSpace::Workgroup,
        Access::ReadWrite,
        arr,
        None,
    );
    let pa = mb.ptr(arr, AddressSpace::Workgroup, Access::ReadWrite);
    let pam = mb.ptr(am, AddressSpace::Function, Access::ReadWrite);
    let pm = mb.ptr(m, AddressSpace::Function, Access::ReadWrite);

    let mut fb = Fb::new("pass");
    fb.f.arguments.push(FunctionArgument {
        name: "x".into(),
        ty: m,
        binding: None,
    });
    fb.f.result = Some(FunctionResult {
        ty: m,
        binding: None,
    });
    let x = fb.e(Expression::FunctionArgument(0), m);
    let held = fb.emit(
        Expression::Compose {
            ty: sm,
            components: vec![x],
        },
        sm,
    );
    let back = fb.emit(
        Expression::AccessIndex {
            base: held,
            index: 0,
        },
        m,
    );
    fb.stmt(Statement::Return { value: Some(back) });
    let pass = mb.add_function(fb.finish());

    let mut fb = Fb::new("main");
    let lv = fb.local("mats", am);
    let v = fb.e(Expression::LocalVariable(lv), pam);
    let z = fb.emit(Expression::ZeroValue(am), am);
    fb.stmt(Statement::Store {
        pointer: v,
        value: z,
    });
    let one = fb.e(Expression::Literal(Literal::F32(1.0)), f32t);
    let filled = fb.emit(Expression::SubgroupMatrixFill { ty: m, value: one }, m);
    let slot = fb.emit(Expression::AccessIndex { base: v, index: 1 }, pm);
    fb.stmt(Statement::Store {
        pointer: slot,
        value: filled,
    });
    let l = fb.emit(Expression::Load { pointer: slot }, m);
    let r = fb.e(Expression::CallResult(pass), m);
    fb.stmt(Statement::Call {
        function: pass,
        arguments: vec![l],
        result: Some(r),
    });
    let p = fb.e(Expression::GlobalVariable(g), pa);
    let zero = fb.e(Expression::Literal(Literal::U32(0)), u32t);
    let stride = fb.e(Expression::Literal(Literal::U32(16)), u32t);
    fb.stmt(Statement::SubgroupMatrixStore {
        pointer: p,
        offset: zero,
        value: r,
        stride,
        layout: MatrixLayout::RowMajor,
        proposal_form: false,
    });
    mb.compute("main", fb.finish(), 32);
    let dis = compile(&mb.m);
    assert!(dis.contains("OpTypeArray"), "{dis}");
    assert!(dis.contains("OpFunctionCall"), "{dis}");
    // Constant-size workgroup array: checked against its constant length.
    assert!(!dis.contains("OpArrayLength"), "{dis}");
    assert!(dis.contains("OpCooperativeMatrixStoreKHR"), "{dis}");
}

#[test]
fn vulkan_memory_model_atomics_and_barriers() {
    let mut mb = matmul_module(Scalar::F32, Scalar::F32, Scalar::F32, false);
    let u32t = mb.scalar(Scalar::U32);
    let at = mb.ty(TypeInner::atomic(Scalar::U32));
    let counter = mb.global(
        "counter",
        AddressSpace::Storage,
        Access::ReadWrite,
        at,
        Some((1, 0)),
    );
    let shared = mb.global(
        "shared",
        AddressSpace::Workgroup,
        Access::ReadWrite,
        u32t,
        None,
    );
    let pat = mb.ptr(at, AddressSpace::Storage, Access::ReadWrite);
    let pwu = mb.ptr(u32t, AddressSpace::Workgroup, Access::ReadWrite);
    let main = mb.m.entry_points[0].function;
    let f = &mut mb.m.functions[main];
    let c = f.add_expression(
        Expression::GlobalVariable(counter),
        pat,
        tessera::Span::UNDEFINED,
    );
    let s = f.add_expression(
        Expression::GlobalVariable(shared),
        pwu,
        tessera::Span::UNDEFINED,
    );
    let one = f.add_expression(
        Expression::Literal(Literal::U32(1)),
        u32t,
        tessera::Span::UNDEFINED,
    );
    let old = f.add_expression(
        Expression::AtomicResult { ty: u32t },
        u32t,
        tessera::Span::UNDEFINED,
    );
    let loaded = f.add_expression(
        Expression::WorkgroupUniformLoadResult { ty: u32t },
        u32t,
        tessera::Span::UNDEFINED,
    );
    let sp = tessera::Span::UNDEFINED;
    f.body.push(
        Statement::Store {
            pointer: s,
            value: one,
        },
        sp,
    );
    f.body.push(
        Statement::Atomic {
            pointer: c,
            fun: AtomicFunction::Add,
            value: Some(one),
            compare: None,
            result: Some(old),
        },
        sp,
    );
    f.body.push(
        Statement::Barrier(Barrier::STORAGE | Barrier::WORKGROUP),
        sp,
    );
    f.body.push(
        Statement::WorkgroupUniformLoad {
            pointer: s,
            result: loaded,
        },
        sp,
    );
    f.body.push(
        Statement::Atomic {
            pointer: c,
            fun: AtomicFunction::Store,
            value: Some(loaded),
            compare: None,
            result: None,
        },
        sp,
    );
    let dis = compile(&mb.m);
    assert!(
        dis.contains("OpCapability VulkanMemoryModelDeviceScope"),
        "{dis}"
    );
    assert!(
        dis.contains("OpAtomicIAdd") && dis.contains("OpAtomicStore"),
        "{dis}"
    );
    assert!(dis.matches("OpControlBarrier").count() >= 3, "{dis}");
}

//! Control flow, integer polyfills, atomics, barriers, workgroup memory and
//! subgroup builtins; every output validated for SPIR-V 1.3 and 1.6.

mod spv_util;

use spv_util::*;
use tessera::arena::HandleRange;
use tessera::ir::*;

/// fn f(a: i32, b: i32) -> i32 with loops, if, switch and a division.
fn control_module() -> Mb {
    let mut mb = Mb::new();
    let i32t = mb.scalar(Scalar::I32);
    let u32t = mb.scalar(Scalar::U32);
    let boolt = mb.scalar(Scalar::Bool);
    let pi = mb.ptr(i32t, AddressSpace::Function, Access::ReadWrite);
    let mut fb = Fb::new("helper");
    for n in ["a", "b"] {
        fb.f.arguments.push(FunctionArgument {
            name: n.into(),
            ty: i32t,
            binding: None,
        });
    }
    fb.f.result = Some(FunctionResult {
        ty: i32t,
        binding: None,
    });
    let a = fb.e(Expression::FunctionArgument(0), i32t);
    let b = fb.e(Expression::FunctionArgument(1), i32t);
    let lv = fb.local("acc", i32t);
    let acc = fb.e(Expression::LocalVariable(lv), pi);
    let zero = fb.e(Expression::Literal(Literal::I32(0)), i32t);
    fb.stmt(Statement::Store {
        pointer: acc,
        value: zero,
    });
    // loop { if acc > a { break; } acc = acc + a / b; continuing { break if acc == 7 } }
    fb.open();
    let cur = fb.emit(Expression::Load { pointer: acc }, i32t);
    let gt = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Greater,
            left: cur,
            right: a,
        },
        boolt,
    );
    fb.open();
    fb.stmt(Statement::Break);
    let accept = fb.close();
    fb.stmt(Statement::If {
        condition: gt,
        accept,
        reject: Block::new(),
    });
    let q = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Divide,
            left: a,
            right: b,
        },
        i32t,
    );
    let r = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Modulo,
            left: q,
            right: b,
        },
        i32t,
    );
    let sum = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Add,
            left: cur,
            right: r,
        },
        i32t,
    );
    fb.stmt(Statement::Store {
        pointer: acc,
        value: sum,
    });
    let body = fb.close();
    fb.open();
    let cur2 = fb.emit(Expression::Load { pointer: acc }, i32t);
    let seven = fb.e(Expression::Literal(Literal::I32(7)), i32t);
    let eq = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Equal,
            left: cur2,
            right: seven,
        },
        boolt,
    );
    let continuing = fb.close();
    fb.stmt(Statement::Loop {
        body,
        continuing,
        break_if: Some(eq),
        unroll: false,
    });
    // switch b { case 1, 2: { return a; } default: { break; } }
    fb.open();
    fb.stmt(Statement::Return { value: Some(a) });
    // Unreachable code after return must be skipped.
    fb.stmt(Statement::Store {
        pointer: acc,
        value: zero,
    });
    let c1 = fb.close();
    fb.open();
    fb.stmt(Statement::Break);
    let dflt = fb.close();
    fb.stmt(Statement::Switch {
        selector: b,
        cases: vec![
            SwitchCase {
                selectors: vec![CaseSelector::I32(1), CaseSelector::I32(2)],
                body: c1,
            },
            SwitchCase {
                selectors: vec![CaseSelector::Default],
                body: dflt,
            },
        ],
    });
    // Shifts with masked amounts.
    let fin = fb.emit(Expression::Load { pointer: acc }, i32t);
    let sh = fb.e(Expression::Literal(Literal::U32(33)), u32t);
    let shifted = fb.emit(
        Expression::Binary {
            op: BinaryOperator::ShiftRight,
            left: fin,
            right: sh,
        },
        i32t,
    );
    fb.stmt(Statement::Return {
        value: Some(shifted),
    });
    let helper = mb.add_function(fb.finish());

    let mut fb = Fb::new("main");
    let one = fb.e(Expression::Literal(Literal::I32(1)), i32t);
    let res = fb.e(Expression::CallResult(helper), i32t);
    fb.stmt(Statement::Call {
        function: helper,
        arguments: vec![one, one],
        result: Some(res),
    });
    mb.compute("main", fb.finish(), 1);
    mb
}

#[test]
fn structured_control_flow_and_integer_polyfills_validate() {
    let mb = control_module();
    let dis = compile(&mb.m);
    assert!(dis.contains("OpLoopMerge"), "{dis}");
    assert!(dis.contains("OpSelectionMerge"), "{dis}");
    assert!(dis.contains("OpSwitch"), "{dis}");
    // Vulkan leaves OpSRem undefined for negative operands: the signed
    // remainder is a - b * (a / b).
    assert!(dis.contains("OpSDiv") && !dis.contains("OpSRem"), "{dis}");
    assert!(dis.contains("OpShiftRightArithmetic"), "{dis}");
    assert!(dis.contains("OpFunctionCall"), "{dis}");
    // Division by zero and INT_MIN / -1 select a divisor of 1.
    assert!(dis.matches("OpSelect").count() >= 2, "{dis}");
    assert!(
        dis.contains("OpConstant  %2  -2147483648") || dis.contains("-2147483648"),
        "{dis}"
    );
}

#[test]
fn unused_functions_are_not_emitted() {
    let mut mb = control_module();
    let mut fb = Fb::new("never_called");
    fb.stmt(Statement::Return { value: None });
    // Insert before main would break callee order, so append after; it is unreachable.
    mb.add_function(fb.finish());
    let dis = compile(&mb.m);
    assert!(!dis.contains("never_called"), "{dis}");
}

#[test]
fn atomics_barriers_and_workgroup_zero_init() {
    let mut mb = Mb::new();
    let u32t = mb.scalar(Scalar::U32);
    let at = mb.ty(TypeInner::atomic(Scalar::U32));
    let wg = mb.global(
        "counter",
        AddressSpace::Workgroup,
        Access::ReadWrite,
        at,
        None,
    );
    let sb = mb.global(
        "out",
        AddressSpace::Storage,
        Access::ReadWrite,
        u32t,
        Some((0, 0)),
    );
    let pat = mb.ptr(at, AddressSpace::Workgroup, Access::ReadWrite);
    let pu = mb.ptr(u32t, AddressSpace::Storage, Access::ReadWrite);
    let mut fb = Fb::new("main");
    let c = fb.e(Expression::GlobalVariable(wg), pat);
    let o = fb.e(Expression::GlobalVariable(sb), pu);
    let one = fb.e(Expression::Literal(Literal::U32(1)), u32t);
    let old = fb.e(Expression::AtomicResult { ty: u32t }, u32t);
    fb.stmt(Statement::Atomic {
        pointer: c,
        fun: AtomicFunction::Add,
        value: Some(one),
        compare: None,
        result: Some(old),
    });
    fb.stmt(Statement::Barrier(Barrier::WORKGROUP | Barrier::STORAGE));
    let loaded = fb.e(Expression::AtomicResult { ty: u32t }, u32t);
    fb.stmt(Statement::Atomic {
        pointer: c,
        fun: AtomicFunction::Load,
        value: None,
        compare: None,
        result: Some(loaded),
    });
    let sum = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Add,
            left: old,
            right: loaded,
        },
        u32t,
    );
    fb.stmt(Statement::Store {
        pointer: o,
        value: sum,
    });
    mb.compute("main", fb.finish(), 64);
    let dis = compile(&mb.m);
    assert!(dis.contains("OpAtomicIAdd"), "{dis}");
    assert!(dis.contains("OpAtomicLoad"), "{dis}");
    assert!(dis.contains("OpControlBarrier"), "{dis}");
    assert!(
        dis.contains("BuiltIn LocalInvocationIndex"),
        "zero-init uses the invocation index: {dis}"
    );
    // The atomic workgroup variable is zeroed with an atomic store.
    assert!(dis.contains("OpAtomicStore"), "{dis}");
}

#[test]
fn subgroup_builtins_declare_their_capabilities() {
    let mut mb = Mb::new();
    let f32t = mb.scalar(Scalar::F32);
    let u32t = mb.scalar(Scalar::U32);
    let boolt = mb.scalar(Scalar::Bool);
    let v4u = mb.vec(VectorSize::Quad, Scalar::U32);
    let sb = mb.global(
        "out",
        AddressSpace::Storage,
        Access::ReadWrite,
        f32t,
        Some((0, 0)),
    );
    let pf = mb.ptr(f32t, AddressSpace::Storage, Access::ReadWrite);
    let mut fb = Fb::new("main");
    fb.f.arguments.push(FunctionArgument {
        name: "sid".into(),
        ty: u32t,
        binding: Some(Binding::BuiltIn(BuiltIn::SubgroupInvocationId)),
    });
    let sid = fb.e(Expression::FunctionArgument(0), u32t);
    let x = fb.emit(
        Expression::Convert {
            expr: sid,
            ty: f32t,
        },
        f32t,
    );
    let sum = fb.e(Expression::SubgroupResult { ty: f32t }, f32t);
    fb.stmt(Statement::Subgroup {
        op: SubgroupOp::Add,
        args: vec![x],
        result: sum,
    });
    let t = fb.e(Expression::Literal(Literal::Bool(true)), boolt);
    let ballot = fb.e(Expression::SubgroupResult { ty: v4u }, v4u);
    fb.stmt(Statement::Subgroup {
        op: SubgroupOp::Ballot,
        args: vec![t],
        result: ballot,
    });
    let shuf = fb.e(Expression::SubgroupResult { ty: f32t }, f32t);
    fb.stmt(Statement::Subgroup {
        op: SubgroupOp::ShuffleXor,
        args: vec![sum, sid],
        result: shuf,
    });
    let o = fb.e(Expression::GlobalVariable(sb), pf);
    fb.stmt(Statement::Store {
        pointer: o,
        value: shuf,
    });
    mb.compute("main", fb.finish(), 32);
    let dis = compile(&mb.m);
    for cap in [
        "GroupNonUniform\n",
        "GroupNonUniformArithmetic",
        "GroupNonUniformBallot",
        "GroupNonUniformShuffle\n",
    ] {
        assert!(
            dis.contains(&format!("OpCapability {cap}")),
            "missing {cap}: {dis}"
        );
    }
    assert!(!dis.contains("GroupNonUniformVote"), "{dis}");
    assert!(dis.contains("OpGroupNonUniformFAdd"), "{dis}");
    assert!(dis.contains("BuiltIn SubgroupLocalInvocationId"), "{dis}");
}

#[test]
fn emit_ranges_cover_multiple_expressions() {
    let mut mb = Mb::new();
    let f32t = mb.scalar(Scalar::F32);
    let v4 = mb.vec(VectorSize::Quad, Scalar::F32);
    let sb = mb.global(
        "out",
        AddressSpace::Storage,
        Access::ReadWrite,
        v4,
        Some((0, 0)),
    );
    let pv = mb.ptr(v4, AddressSpace::Storage, Access::ReadWrite);
    let mut fb = Fb::new("main");
    let one = fb.e(Expression::Literal(Literal::F32(1.5)), f32t);
    let a = fb.f.add_expression(
        Expression::Splat {
            size: VectorSize::Quad,
            value: one,
        },
        v4,
        tessera::Span::new(0, 1),
    );
    let b = fb.f.add_expression(
        Expression::Math {
            fun: MathFunction::Floor,
            args: smallvec::smallvec![a],
        },
        v4,
        tessera::Span::new(0, 1),
    );
    let c = fb.f.add_expression(
        Expression::Math {
            fun: MathFunction::Clamp,
            args: smallvec::smallvec![b, a, a],
        },
        v4,
        tessera::Span::new(0, 1),
    );
    fb.stmt(Statement::Emit(HandleRange::new_inclusive(a, c)));
    let o = fb.e(Expression::GlobalVariable(sb), pv);
    fb.stmt(Statement::Store {
        pointer: o,
        value: c,
    });
    mb.compute("main", fb.finish(), 1);
    let dis = compile(&mb.m);
    assert!(
        dis.contains("Floor") && dis.contains("FMax") && dis.contains("FMin"),
        "{dis}"
    );
}

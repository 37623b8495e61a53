//! Overrides, private initialisers, pointer parameters and very long
//! expression chains; every output validated for SPIR-V 1.3 and 1.6.

mod spv_util;

use spv_util::*;
use tessera::ir::*;

#[test]
fn overrides_private_initialisers_and_pointer_parameters() {
    let mut mb = Mb::new();
    let f32t = mb.scalar(Scalar::F32);
    let i32t = mb.scalar(Scalar::I32);
    let u32t = mb.scalar(Scalar::U32);
    let o = mb.m.overrides.append(
        Override {
            name: "K".into(),
            id: Some(3),
            ty: u32t,
            init: None,
        },
        tessera::Span::UNDEFINED,
    );
    let k =
        mb.m.add_global_expression(Expression::Override(o), u32t, tessera::Span::UNDEFINED);
    let init = mb.m.add_global_expression(
        Expression::Literal(Literal::F32(1.5)),
        f32t,
        tessera::Span::UNDEFINED,
    );
    let wg_arr = mb.array(f32t, ArraySize::Override(k));
    let wg = mb.global(
        "tile",
        AddressSpace::Workgroup,
        Access::ReadWrite,
        wg_arr,
        None,
    );
    let pv = mb.global("bias", AddressSpace::Private, Access::ReadWrite, f32t, None);
    mb.m.global_variables[pv].init = Some(init);
    let pwg = mb.ptr(wg_arr, AddressSpace::Workgroup, Access::ReadWrite);
    let pwf = mb.ptr(f32t, AddressSpace::Workgroup, Access::ReadWrite);
    let ppf = mb.ptr(f32t, AddressSpace::Private, Access::ReadWrite);
    let pfi = mb.ptr(i32t, AddressSpace::Function, Access::ReadWrite);

    // fn inc(p: ptr<function, i32>) { *p = *p + 1; }
    let mut fb = Fb::new("inc");
    fb.f.arguments.push(FunctionArgument {
        name: "p".into(),
        ty: pfi,
        binding: None,
    });
    let p = fb.e(Expression::FunctionArgument(0), pfi);
    let v = fb.emit(Expression::Load { pointer: p }, i32t);
    let one = fb.e(Expression::Literal(Literal::I32(1)), i32t);
    let s = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Add,
            left: v,
            right: one,
        },
        i32t,
    );
    fb.stmt(Statement::Store {
        pointer: p,
        value: s,
    });
    let inc = mb.add_function(fb.finish());

    let mut fb = Fb::new("main");
    fb.f.arguments.push(FunctionArgument {
        name: "lid".into(),
        ty: u32t,
        binding: Some(Binding::BuiltIn(BuiltIn::LocalInvocationIndex)),
    });
    let lid = fb.e(Expression::FunctionArgument(0), u32t);
    let lv = fb.local("x", i32t);
    let x = fb.e(Expression::LocalVariable(lv), pfi);
    let zero = fb.e(Expression::Literal(Literal::I32(0)), i32t);
    fb.stmt(Statement::Store {
        pointer: x,
        value: zero,
    });
    fb.stmt(Statement::Call {
        function: inc,
        arguments: vec![x],
        result: None,
    });
    let xv = fb.emit(Expression::Load { pointer: x }, i32t);
    let xf = fb.emit(Expression::Convert { expr: xv, ty: f32t }, f32t);
    let bias = fb.e(Expression::GlobalVariable(pv), ppf);
    let b = fb.emit(Expression::Load { pointer: bias }, f32t);
    let kk = fb.e(Expression::OverrideExpr(k), u32t);
    let kf = fb.emit(Expression::Convert { expr: kk, ty: f32t }, f32t);
    let sum = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Add,
            left: xf,
            right: b,
        },
        f32t,
    );
    let sum = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Add,
            left: sum,
            right: kf,
        },
        f32t,
    );
    let tile = fb.e(Expression::GlobalVariable(wg), pwg);
    let slot = fb.emit(
        Expression::Access {
            base: tile,
            index: lid,
        },
        pwf,
    );
    fb.stmt(Statement::Store {
        pointer: slot,
        value: sum,
    });
    let h = mb.add_function(fb.finish());
    mb.m.entry_points.push(EntryPoint {
        workgroup_size_spans: [tessera::Span::UNDEFINED; 3],
        subgroup_size: None,
        name: "main".into(),
        stage: ShaderStage::Compute,
        function: h,
        workgroup_size: [
            WorkgroupSizeDim::Override(k),
            WorkgroupSizeDim::Constant(1),
            WorkgroupSizeDim::Constant(1),
        ],
    });
    let four = mb.m.intern_constant(ConstValue::Scalar(Literal::U32(4)));
    let init_value = mb.m.intern_constant(ConstValue::Scalar(Literal::F32(1.5)));
    let mut p = pipeline(&mb.m);
    p.global_values = vec![Some(four), Some(init_value)];
    p.override_values = vec![Some(four)];
    let dis = compile_pipeline(&p, (1, 3));
    compile_pipeline(&p, (1, 6));
    assert!(dis.contains("LocalSize 4 1 1"), "{dis}");
    assert!(dis.contains("OpTypeArray"), "{dis}");
    assert!(dis.contains("OpFunctionParameter"), "{dis}");
    assert!(dis.contains("Private %"), "private initialiser: {dis}");
    // Without pipeline values: an error, not a panic.
    let e = tessera::lower::spv::write(&pipeline(&mb.m), &Default::default())
        .expect_err("missing values");
    assert!(e.to_string().contains("has no value"), "{e}");
}

fn chain(n: usize, emit: bool) -> Mb {
    let mut mb = Mb::new();
    let u32t = mb.scalar(Scalar::U32);
    let g = mb.global(
        "out",
        AddressSpace::Storage,
        Access::ReadWrite,
        u32t,
        Some((0, 0)),
    );
    let pu = mb.ptr(u32t, AddressSpace::Storage, Access::ReadWrite);
    let mut fb = Fb::new("main");
    let one = fb.e(Expression::Literal(Literal::U32(1)), u32t);
    // Start from memory, so the chain cannot be folded to a constant.
    let from = fb.e(Expression::GlobalVariable(g), pu);
    let mut acc = fb.emit(Expression::Load { pointer: from }, u32t);
    for i in 0..n {
        let op = if i % 2 == 0 {
            BinaryOperator::Add
        } else {
            BinaryOperator::Subtract
        };
        let e = Expression::Binary {
            op,
            left: acc,
            right: one,
        };
        acc = if emit {
            fb.emit(e, u32t)
        } else {
            fb.e(e, u32t)
        };
    }
    let o = fb.e(Expression::GlobalVariable(g), pu);
    fb.stmt(Statement::Store {
        pointer: o,
        value: acc,
    });
    mb.compute("main", fb.finish(), 1);
    mb
}

#[test]
fn long_emitted_chains_are_linear() {
    let mb = chain(100_000, true);
    let p = pipeline(&mb.m);
    let words = tessera::lower::spv::write(&p, &Default::default()).expect("write");
    validate(&words, (1, 3)).expect("valid");
    assert!(words.len() > 100_000 * 5);
}

#[test]
fn unemitted_deep_chains_are_an_error_not_a_crash() {
    let mb = chain(100_000, false);
    let p = pipeline(&mb.m);
    // The printer's own guard (the passes are left out: they verify the
    // IR first in debug builds).
    let info = tessera::valid::analyze(&p.module);
    let e =
        tessera::back::spv::print(&p.printed(), &info, &Default::default()).expect_err("too deep");
    let d = e.errors().next().expect("an error");
    assert!(d.message.contains("nested too deeply"), "{}", d.message);
    assert_eq!(d.span, tessera::Span::new(1, 2));
    // With the IR verifier on, the unemitted chain is reported before it
    // reaches the printer.
    let options = tessera::back::spv::Options {
        verify_ir: true,
        ..Default::default()
    };
    let e = tessera::lower::spv::write(&p, &options).expect_err("not emitted");
    let d = e.errors().next().expect("an error");
    assert!(
        d.message
            .contains("IR verification failed after pass 'pipeline'")
            && d.message.contains("which is not emitted before it"),
        "{}",
        d.message
    );
}

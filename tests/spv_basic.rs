//! Focused SPIR-V writer tests on hand-built IR; every output is validated
//! with SPIRV-Tools for SPIR-V 1.3 (Vulkan 1.1) and 1.6 (Vulkan 1.3).

mod spv_util;

use spv_util::*;
use tessera::ir::*;

/// `data[gid.x] = data[gid.x] * 2.0` over `array<f32>` in storage.
fn doubling_module() -> Mb {
    let mut mb = Mb::new();
    let f32t = mb.scalar(Scalar::F32);
    let u32t = mb.scalar(Scalar::U32);
    let v3u = mb.vec(VectorSize::Tri, Scalar::U32);
    let arr = mb.array(f32t, ArraySize::Runtime);
    let g = mb.global(
        "data",
        AddressSpace::Storage,
        Access::ReadWrite,
        arr,
        Some((0, 1)),
    );
    let parr = mb.ptr(arr, AddressSpace::Storage, Access::ReadWrite);
    let pf = mb.ptr(f32t, AddressSpace::Storage, Access::ReadWrite);
    let mut fb = Fb::new("main");
    fb.f.arguments.push(FunctionArgument {
        name: "gid".into(),
        ty: v3u,
        binding: Some(Binding::BuiltIn(BuiltIn::GlobalInvocationId)),
    });
    let gid = fb.e(Expression::FunctionArgument(0), v3u);
    let gv = fb.e(Expression::GlobalVariable(g), parr);
    let i = fb.emit(
        Expression::AccessIndex {
            base: gid,
            index: 0,
        },
        u32t,
    );
    let p = fb.emit(Expression::Access { base: gv, index: i }, pf);
    let v = fb.emit(Expression::Load { pointer: p }, f32t);
    let two = fb.e(Expression::Literal(Literal::F32(2.0)), f32t);
    let w = fb.emit(
        Expression::Binary {
            op: BinaryOperator::Multiply,
            left: v,
            right: two,
        },
        f32t,
    );
    fb.stmt(Statement::Store {
        pointer: p,
        value: w,
    });
    let f = fb.finish();
    mb.compute("main", f, 64);
    mb
}

#[test]
fn storage_buffer_runtime_array_is_wrapped_and_bounds_checked() {
    let mb = doubling_module();
    let dis = compile(&mb.m);
    assert!(dis.contains("OpEntryPoint GLCompute"), "{dis}");
    assert!(
        dis.contains("OpExecutionMode %1 LocalSize 64 1 1") || dis.contains("LocalSize 64 1 1"),
        "{dis}"
    );
    assert!(dis.contains("Block"), "{dis}");
    assert!(dis.contains("ArrayStride 4"), "{dis}");
    assert!(
        dis.contains("OpArrayLength"),
        "bounds check uses arrayLength: {dis}"
    );
    assert!(dis.contains("UMin"), "{dis}");
    assert!(dis.contains("BuiltIn GlobalInvocationId"), "{dis}");
    assert!(
        dis.contains("DescriptorSet 0") && dis.contains("Binding 1"),
        "{dis}"
    );
    // 1.3: the storage buffer is not in the interface list.
    let ep_line = dis
        .lines()
        .find(|l| l.contains("OpEntryPoint"))
        .unwrap_or_default();
    assert_eq!(ep_line.matches('%').count(), 2, "{ep_line}");
}

#[test]
fn interface_lists_all_globals_in_1_4() {
    let mb = doubling_module();
    let p = pipeline(&mb.m);
    let dis = compile_pipeline(&p, (1, 4));
    let ep_line = dis
        .lines()
        .find(|l| l.contains("OpEntryPoint"))
        .unwrap_or_default();
    assert_eq!(ep_line.matches('%').count(), 3, "{ep_line}");
}

#[test]
fn bounds_checks_can_be_disabled() {
    let mb = doubling_module();
    let p = pipeline(&mb.m);
    let opts = tessera::back::spv::Options {
        bounds_checks: false,
        ..Default::default()
    };
    let words = tessera::lower::spv::write(&p, &opts).expect("write");
    validate(&words, (1, 3)).expect("valid");
    let dis = disasm(&words);
    assert!(!dis.contains("OpArrayLength"), "{dis}");
}

#[test]
fn unsupported_version_is_an_error() {
    let mb = doubling_module();
    let p = pipeline(&mb.m);
    let opts = tessera::back::spv::Options {
        version: (1, 2),
        ..Default::default()
    };
    let e = tessera::lower::spv::write(&p, &opts).expect_err("1.2 is not supported");
    assert!(
        e.to_string().contains("unsupported SPIR-V version 1.2"),
        "{e}"
    );
}

#[test]
fn only_used_globals_are_emitted() {
    let mut mb = doubling_module();
    let f32t = mb.scalar(Scalar::F32);
    mb.global(
        "unused",
        AddressSpace::Private,
        Access::ReadWrite,
        f32t,
        None,
    );
    let dis = compile(&mb.m);
    assert!(!dis.contains("unused"), "{dis}");
    assert!(!dis.contains("Private"), "{dis}");
}

//! Tests of the special builtins: bitcast, arrayLength, atomics,
//! workgroupUniformLoad, subgroup builtins and subgroup matrices.

use super::tests::Env;
use super::*;
use crate::ir::{Access, AddressSpace, ArraySize, MatrixDim, SubgroupMatrixKind, TypeInner};

use Scalar::{AbstractFloat as AF, AbstractInt as AI, Bool, F16, F32, I32, I8, U32, U8};

fn bitcast(e: &mut Env, to: Handle<Type>, from: Handle<Type>) -> Result<String, OverloadError> {
    let r = e.call_t("bitcast", &[TemplateArg::Type(to)], &[from])?;
    Ok(e.params(&r)[0].clone())
}

#[test]
fn bitcast_pairs() {
    let mut e = Env::new();
    let (f, i, u, h, ai, af) = (e.s(F32), e.s(I32), e.s(U32), e.s(F16), e.s(AI), e.s(AF));
    let (v2h, v4h, v2f, v2u, v3f, v3u, v3i) = (
        e.v(2, F16),
        e.v(4, F16),
        e.v(2, F32),
        e.v(2, U32),
        e.v(3, F32),
        e.v(3, U32),
        e.v(3, I32),
    );
    assert_eq!(bitcast(&mut e, u, f).unwrap(), "f32");
    assert_eq!(bitcast(&mut e, f, i).unwrap(), "i32");
    assert_eq!(bitcast(&mut e, h, h).unwrap(), "f16");
    assert_eq!(bitcast(&mut e, v3u, v3f).unwrap(), "vec3<f32>");
    assert_eq!(bitcast(&mut e, v3i, v3u).unwrap(), "vec3<u32>");
    assert_eq!(bitcast(&mut e, u, v2h).unwrap(), "vec2<f16>");
    assert_eq!(bitcast(&mut e, v2h, f).unwrap(), "f32");
    assert_eq!(bitcast(&mut e, v2f, v4h).unwrap(), "vec4<f16>");
    assert_eq!(bitcast(&mut e, v4h, v2u).unwrap(), "vec2<u32>");
    // Abstract arguments: bitcast<u32>(abstract-int) keeps the abstract
    // parameter; others convert at the lowest rank.
    assert_eq!(bitcast(&mut e, u, ai).unwrap(), "abstract-int");
    assert_eq!(bitcast(&mut e, i, ai).unwrap(), "i32");
    assert_eq!(bitcast(&mut e, u, af).unwrap(), "f32");
    // Invalid pairs.
    let err = bitcast(&mut e, u, v3f).unwrap_err();
    assert_eq!(err.message, "no matching call to 'bitcast<u32>(vec3<f32>)'");
    assert_eq!(err.arg_index, Some(0));
    assert!(bitcast(&mut e, h, u).is_err());
    assert!(bitcast(&mut e, v3f, v4h).is_err());
    let b = e.s(Bool);
    let err = bitcast(&mut e, b, b).unwrap_err();
    assert!(err.message.starts_with("'bitcast' cannot produce 'bool'"));
    let err = e.call("bitcast", &[f]).unwrap_err();
    assert_eq!(
        err.message,
        "'bitcast' requires one template argument: the result type"
    );
}

#[test]
fn array_length_rules() {
    let mut e = Env::new();
    let u = e.s(U32);
    let rt = e.array(u, ArraySize::Runtime);
    let fixed = e.array(u, ArraySize::Constant(4));
    let p = e.ptr(rt, AddressSpace::Storage, Access::Read);
    assert_eq!(e.result("arrayLength", &[p]), "u32");
    let p = e.ptr(fixed, AddressSpace::Storage, Access::Read);
    let err = e.call("arrayLength", &[p]).unwrap_err();
    assert_eq!(
        err.message,
        "'arrayLength' requires a pointer to a runtime-sized array, found 'ptr<storage, array<u32, 4>, read>'"
    );
    assert_eq!(err.arg_index, Some(0));
    let err = e.call("arrayLength", &[u]).unwrap_err();
    assert_eq!(err.arg_index, Some(0));
}

#[test]
fn atomic_pointer_rules() {
    let mut e = Env::new();
    let (i, u, ai, f) = (e.s(I32), e.s(U32), e.s(AI), e.s(F32));
    let ai32 = e.m.intern(TypeInner::atomic(I32));
    let au32 = e.m.intern(TypeInner::atomic(U32));
    let p = e.ptr(ai32, AddressSpace::Storage, Access::ReadWrite);
    let pw = e.ptr(au32, AddressSpace::Workgroup, Access::ReadWrite);
    let pr = e.ptr(ai32, AddressSpace::Storage, Access::Read);
    assert_eq!(e.result("atomicLoad", &[p]), "i32");
    assert_eq!(e.result("atomicStore", &[pw, ai]), "void");
    let r = e.call("atomicAdd", &[p, ai]).unwrap();
    assert_eq!(e.params(&r)[1], "i32");
    assert_eq!(r.op, BuiltinOp::Atomic(AtomicFunction::Add));
    assert_eq!(e.result("atomicMax", &[pw, u]), "u32");
    assert_eq!(
        e.result("atomicCompareExchangeWeak", &[p, i, ai]),
        "__atomic_compare_exchange_result_i32"
    );
    // Value type must match the atomic's type.
    let err = e.call("atomicAdd", &[p, u]).unwrap_err();
    assert_eq!(
        err.message,
        "no matching call to 'atomicAdd(ptr<storage, atomic<i32>, read_write>, u32)'"
    );
    assert_eq!(err.arg_index, Some(1));
    assert!(e.call("atomicAdd", &[p, f]).is_err());
    // Access mode.
    let err = e.call("atomicLoad", &[pr]).unwrap_err();
    assert_eq!(
        err.message,
        "'atomicLoad' requires a pointer with read_write access, found 'read'"
    );
    assert_eq!(err.arg_index, Some(0));
    // Not a pointer to an atomic.
    let pi = e.ptr(i, AddressSpace::Storage, Access::ReadWrite);
    let err = e.call("atomicOr", &[pi, i]).unwrap_err();
    assert_eq!(
        err.message,
        "'atomicOr' requires a pointer to an atomic as argument 1"
    );
    // Address space.
    let pf = e.ptr(ai32, AddressSpace::Function, Access::ReadWrite);
    let err = e.call("atomicXor", &[pf, i]).unwrap_err();
    assert!(err.message.contains("'storage' or 'workgroup'"));
}

#[test]
fn barriers_and_workgroup_uniform_load() {
    let mut e = Env::new();
    let r = e.call("workgroupBarrier", &[]).unwrap();
    assert_eq!(r.op, BuiltinOp::Barrier(Barrier::WORKGROUP));
    assert_eq!(r.result, None);
    assert!(e.call("storageBarrier", &[]).is_ok());
    let u = e.s(U32);
    assert!(e.call("textureBarrier", &[u]).is_err());
    let arr = e.array(u, ArraySize::Constant(8));
    let p = e.ptr(arr, AddressSpace::Workgroup, Access::ReadWrite);
    assert_eq!(e.result("workgroupUniformLoad", &[p]), "array<u32, 8>");
    let ps = e.ptr(u, AddressSpace::Storage, Access::ReadWrite);
    let err = e.call("workgroupUniformLoad", &[ps]).unwrap_err();
    assert_eq!(
        err.message,
        "'workgroupUniformLoad' requires a pointer in the 'workgroup' address space, found 'storage'"
    );
    // ptr<workgroup, atomic<u32>>: an atomic load of u32.
    let at = e.m.intern(TypeInner::atomic(U32));
    let pa = e.ptr(at, AddressSpace::Workgroup, Access::ReadWrite);
    assert_eq!(e.result("workgroupUniformLoad", &[pa]), "u32");
    // Atomics inside an array are still rejected.
    let arr_at = e.array(at, ArraySize::Constant(2));
    let paa = e.ptr(arr_at, AddressSpace::Workgroup, Access::ReadWrite);
    let err = e.call("workgroupUniformLoad", &[paa]).unwrap_err();
    assert!(err.message.contains("must not contain atomics"));
}

#[test]
fn subgroup_family() {
    let mut e = Env::new();
    let (f, ai, u, b, h, af) = (e.s(F32), e.s(AI), e.s(U32), e.s(Bool), e.s(F16), e.s(AF));
    let v4u = e.v(4, U32);
    assert_eq!(e.result("subgroupAdd", &[f]), "f32");
    // Abstract arguments are materialized (not const-evaluable).
    let r = e.call("subgroupMul", &[ai]).unwrap();
    assert_eq!(e.params(&r), ["i32"]);
    let r = e.call("subgroupMax", &[af]).unwrap();
    assert_eq!(e.params(&r), ["f32"]);
    assert_eq!(e.result("subgroupAnd", &[v4u]), "vec4<u32>");
    assert!(e.call("subgroupXor", &[f]).is_err());
    assert_eq!(e.result("subgroupAll", &[b]), "bool");
    assert_eq!(e.result("subgroupBallot", &[b]), "vec4<u32>");
    assert_eq!(e.result("subgroupElect", &[]), "bool");
    let r = e.call("subgroupBroadcast", &[h, ai]).unwrap();
    assert_eq!(e.params(&r), ["f16", "i32"]);
    assert_eq!(e.result("subgroupShuffle", &[f, u]), "f32");
    let r = e.call("subgroupShuffleDown", &[f, ai]).unwrap();
    assert_eq!(e.params(&r), ["f32", "u32"]);
    assert!(e.call("subgroupShuffleXor", &[f, f]).is_err());
    assert_eq!(e.result("quadBroadcast", &[v4u, u]), "vec4<u32>");
    assert_eq!(e.result("quadSwapDiagonal", &[f]), "f32");
    assert!(e.call("subgroupAdd", &[b]).is_err());
    let def = lookup("textureSample").unwrap();
    let err = resolve_call(&mut e.m, def, &[], &[], &[]).unwrap_err();
    assert_eq!(err.message, "no matching call to 'textureSample()'");
}

fn sm(e: &mut Env, kind: SubgroupMatrixKind, s: Scalar, c: u32, r: u32) -> Handle<Type> {
    e.m.intern(TypeInner::SubgroupMatrix {
        kind,
        scalar: s,
        columns: MatrixDim::Constant(c),
        rows: MatrixDim::Constant(r),
    })
}

use SubgroupMatrixKind::{Left, Result as Res, Right};

fn load(
    e: &mut Env,
    t: &[TemplateArg],
    args: &[Handle<Type>],
    bools: &[Option<bool>],
) -> std::result::Result<ResolvedCall, OverloadError> {
    let def = lookup("subgroupMatrixLoad").unwrap();
    resolve_call(&mut e.m, def, t, args, bools)
}

fn store(
    e: &mut Env,
    t: &[TemplateArg],
    args: &[Handle<Type>],
    bools: &[Option<bool>],
) -> std::result::Result<ResolvedCall, OverloadError> {
    let def = lookup("subgroupMatrixStore").unwrap();
    resolve_call(&mut e.m, def, t, args, bools)
}

#[test]
fn matrix_load_chromium_form() {
    let mut e = Env::new();
    let (u, i, ai, f, h) = (e.s(U32), e.s(I32), e.s(AI), e.s(F32), e.s(F16));
    let t = sm(&mut e, Left, U8, 8, 8);
    let v4f = e.v(4, F32);
    let arr = e.array(v4f, ArraySize::Runtime);
    let p = e.ptr(arr, AddressSpace::Storage, Access::Read);
    let ta = [
        TemplateArg::Type(t),
        TemplateArg::Layout(MatrixLayout::ColumnMajor),
    ];
    let r = load(&mut e, &ta, &[p, ai, u], &[None; 3]).unwrap();
    assert_eq!(r.result, Some(t));
    assert_eq!(r.matrix_form, Some(MatrixLoadStoreForm::Chromium));
    assert_eq!(r.layout, Some(MatrixLayout::ColumnMajor));
    assert_eq!(e.params(&r)[1..], ["i32", "u32"]);
    assert_eq!(r.op, BuiltinOp::SubgroupMatrixLoad);
    // Workgroup, fixed-size array of f16 cannot back an f32 matrix.
    let tf = sm(&mut e, Right, F32, 8, 8);
    let arr16 = e.array(h, ArraySize::Constant(64));
    let p16 = e.ptr(arr16, AddressSpace::Workgroup, Access::ReadWrite);
    let ta = [
        TemplateArg::Type(tf),
        TemplateArg::Layout(MatrixLayout::RowMajor),
    ];
    let err = load(&mut e, &ta, &[p16, i, i], &[None; 3]).unwrap_err();
    assert_eq!(
        err.message,
        "the stride of the array (2 bytes) must be greater than or equal to the matrix element size (4 bytes)"
    );
    assert_eq!(err.arg_index, Some(0));
    // Float offset.
    let arr32 = e.array(f, ArraySize::Constant(64));
    let p32 = e.ptr(arr32, AddressSpace::Workgroup, Access::ReadWrite);
    let err = load(&mut e, &ta, &[p32, f, i], &[None; 3]).unwrap_err();
    assert_eq!(
        err.message,
        "the offset argument of 'subgroupMatrixLoad' must be i32 or u32, found 'f32'"
    );
    assert_eq!(err.arg_index, Some(1));
    // Write-only pointer, private address space, wrong arity.
    let pw = e.ptr(arr32, AddressSpace::Storage, Access::Write);
    let err = load(&mut e, &ta, &[pw, i, i], &[None; 3]).unwrap_err();
    assert_eq!(
        err.message,
        "'subgroupMatrixLoad' requires a pointer with read access"
    );
    let pp = e.ptr(arr32, AddressSpace::Private, Access::ReadWrite);
    assert!(load(&mut e, &ta, &[pp, i, i], &[None; 3]).is_err());
    let err = load(&mut e, &ta, &[p32, i], &[None; 2]).unwrap_err();
    assert!(err
        .message
        .starts_with("no matching call to 'subgroupMatrixLoad("));
    assert_eq!(err.notes.len(), 3);
    // Template argument that is not a matrix.
    let ta = [
        TemplateArg::Type(f),
        TemplateArg::Layout(MatrixLayout::RowMajor),
    ];
    let err = load(&mut e, &ta, &[p32, i, i], &[None; 3]).unwrap_err();
    assert_eq!(
        err.message,
        "the template argument of 'subgroupMatrixLoad' must be a subgroup matrix type, found 'f32'"
    );
}

#[test]
fn matrix_load_proposal_form() {
    let mut e = Env::new();
    let (u, ai, b, i, f) = (e.s(U32), e.s(AI), e.s(Bool), e.s(I32), e.s(F32));
    let t = sm(&mut e, Res, I8, 8, 8);
    let arr = e.array(i, ArraySize::Runtime);
    let p = e.ptr(arr, AddressSpace::Storage, Access::ReadWrite);
    let ta = [TemplateArg::Type(t)];
    let r = load(
        &mut e,
        &ta,
        &[p, ai, b, ai],
        &[None, None, Some(true), None],
    )
    .unwrap();
    assert_eq!(r.matrix_form, Some(MatrixLoadStoreForm::Proposal));
    assert_eq!(r.layout, Some(MatrixLayout::ColumnMajor));
    assert_eq!(e.params(&r)[1..], ["u32", "bool", "u32"]);
    let r = load(&mut e, &ta, &[p, u, b, u], &[None, None, Some(false), None]).unwrap();
    assert_eq!(r.layout, Some(MatrixLayout::RowMajor));
    // col_major must be const.
    let err = load(&mut e, &ta, &[p, u, b, u], &[None; 4]).unwrap_err();
    assert_eq!(
        err.message,
        "the 'col_major' argument of 'subgroupMatrixLoad' must be a const-expression"
    );
    assert_eq!(err.arg_index, Some(2));
    // The element must be the shader scalar type exactly.
    let arrf = e.array(f, ArraySize::Constant(64));
    let pf = e.ptr(arrf, AddressSpace::Workgroup, Access::ReadWrite);
    let err = load(&mut e, &ta, &[pf, u, b, u], &[None, None, Some(true), None]).unwrap_err();
    assert_eq!(
        err.message,
        "'subgroupMatrixLoad' with a 'col_major' argument requires an array of 'i32' for a matrix of 'i8', found 'array<f32, 64>'"
    );
    assert_eq!(err.arg_index, Some(0));
    let tf = sm(&mut e, Left, F32, 4, 8);
    let r = load(
        &mut e,
        &[TemplateArg::Type(tf)],
        &[pf, u, b, u],
        &[None, None, Some(false), None],
    )
    .unwrap();
    assert_eq!(r.result, Some(tf));
}

#[test]
fn matrix_store_both_forms() {
    let mut e = Env::new();
    let (u, i, b) = (e.s(U32), e.s(I32), e.s(Bool));
    let m = sm(&mut e, Res, U32, 8, 8);
    let arr = e.array(u, ArraySize::Runtime);
    let p = e.ptr(arr, AddressSpace::Storage, Access::ReadWrite);
    let pr = e.ptr(arr, AddressSpace::Storage, Access::Read);
    let ta = [TemplateArg::Layout(MatrixLayout::RowMajor)];
    let r = store(&mut e, &ta, &[p, i, m, u], &[None; 4]).unwrap();
    assert_eq!(r.result, None);
    assert_eq!(r.matrix_form, Some(MatrixLoadStoreForm::Chromium));
    assert_eq!(r.layout, Some(MatrixLayout::RowMajor));
    let err = store(&mut e, &ta, &[pr, i, m, u], &[None; 4]).unwrap_err();
    assert_eq!(
        err.message,
        "'subgroupMatrixStore' requires a pointer with write access"
    );
    assert_eq!(err.arg_index, Some(0));
    let err = store(&mut e, &ta, &[p, i, u, u], &[None; 4]).unwrap_err();
    assert_eq!(
        err.message,
        "the value argument of 'subgroupMatrixStore' must be a subgroup matrix, found 'u32'"
    );
    assert_eq!(err.arg_index, Some(2));
    // Proposal form.
    let r = store(
        &mut e,
        &[],
        &[p, u, m, b, u],
        &[None, None, None, Some(true), None],
    )
    .unwrap();
    assert_eq!(r.matrix_form, Some(MatrixLoadStoreForm::Proposal));
    assert_eq!(r.layout, Some(MatrixLayout::ColumnMajor));
    let err = store(&mut e, &[], &[p, u, m, b, u], &[None; 5]).unwrap_err();
    assert_eq!(
        err.message,
        "the 'col_major' argument of 'subgroupMatrixStore' must be a const-expression"
    );
    assert_eq!(err.arg_index, Some(3));
}

fn mul(
    e: &mut Env,
    name: &str,
    t: &[TemplateArg],
    args: &[Handle<Type>],
) -> std::result::Result<ResolvedCall, OverloadError> {
    let def = lookup(name).unwrap();
    resolve_call(&mut e.m, def, t, args, &[])
}

#[test]
fn matrix_multiply_shapes_and_types() {
    let mut e = Env::new();
    // left <T, K=4, M=8>, right <T, N=2, K=4> -> result <TR, N=2, M=8>.
    let l = sm(&mut e, Left, F16, 4, 8);
    let r = sm(&mut e, Right, F16, 2, 4);
    let f = e.s(F32);
    let h = e.s(F16);
    let res = mul(
        &mut e,
        "subgroupMatrixMultiply",
        &[TemplateArg::Type(f)],
        &[l, r],
    )
    .unwrap();
    let want = sm(&mut e, Res, F32, 2, 8);
    assert_eq!(res.result, Some(want));
    assert_eq!(res.op, BuiltinOp::SubgroupMatrixMultiply);
    // The result matrix type as template argument also works.
    let res = mul(
        &mut e,
        "subgroupMatrixMultiply",
        &[TemplateArg::Type(want)],
        &[l, r],
    )
    .unwrap();
    assert_eq!(res.result, Some(want));
    // Shapes that do not chain.
    let r_bad = sm(&mut e, Right, F16, 2, 8);
    let err = mul(
        &mut e,
        "subgroupMatrixMultiply",
        &[TemplateArg::Type(f)],
        &[l, r_bad],
    )
    .unwrap_err();
    assert_eq!(
        err.message,
        "the left matrix's column count (4) must equal the right matrix's row count (8) in 'subgroupMatrixMultiply'"
    );
    assert_eq!(err.arg_index, Some(1));
    // Kinds.
    let err = mul(
        &mut e,
        "subgroupMatrixMultiply",
        &[TemplateArg::Type(f)],
        &[r, l],
    )
    .unwrap_err();
    assert_eq!(
        err.message,
        "the first argument of 'subgroupMatrixMultiply' must be a 'subgroup_matrix_left', found 'subgroup_matrix_right<f16, 2, 4>'"
    );
    assert_eq!(err.arg_index, Some(0));
    // Component types.
    let r32 = sm(&mut e, Right, F32, 2, 4);
    let err = mul(
        &mut e,
        "subgroupMatrixMultiply",
        &[TemplateArg::Type(f)],
        &[l, r32],
    )
    .unwrap_err();
    assert!(err
        .message
        .contains("same component type, found 'f16' and 'f32'"));
    let l32 = sm(&mut e, Left, F32, 4, 8);
    let err = mul(
        &mut e,
        "subgroupMatrixMultiply",
        &[TemplateArg::Type(h)],
        &[l32, r32],
    )
    .unwrap_err();
    assert_eq!(
        err.message,
        "'subgroupMatrixMultiply' cannot produce a result of 'f16' from operands of 'f32'"
    );
    // Missing template argument.
    assert!(mul(&mut e, "subgroupMatrixMultiply", &[], &[l, r]).is_err());
    // Accepted integer pairs.
    let i8_ = e.s(I8);
    let u = e.s(U32);
    let li = sm(&mut e, Left, U8, 4, 8);
    let ri = sm(&mut e, Right, U8, 2, 4);
    for tr in [i8_, u] {
        assert!(mul(
            &mut e,
            "subgroupMatrixMultiply",
            &[TemplateArg::Type(tr)],
            &[li, ri]
        )
        .is_ok());
    }
    let err = mul(
        &mut e,
        "subgroupMatrixMultiply",
        &[TemplateArg::Type(f)],
        &[li, ri],
    )
    .unwrap_err();
    assert!(err.message.contains("cannot produce a result of 'f32'"));
}

#[test]
fn matrix_multiply_accumulate() {
    let mut e = Env::new();
    let l = sm(&mut e, Left, I32, 8, 8);
    let r = sm(&mut e, Right, I32, 8, 8);
    let acc = sm(&mut e, Res, U32, 8, 8);
    let name = "subgroupMatrixMultiplyAccumulate";
    let res = mul(&mut e, name, &[], &[l, r, acc]).unwrap();
    assert_eq!(res.result, Some(acc));
    assert_eq!(res.params[..], [l, r, acc]);
    let res = mul(&mut e, name, &[TemplateArg::Type(acc)], &[l, r, acc]).unwrap();
    assert_eq!(res.result, Some(acc));
    let acc_bad = sm(&mut e, Res, U32, 4, 8);
    let err = mul(&mut e, name, &[], &[l, r, acc_bad]).unwrap_err();
    assert!(err.message.starts_with(
        "the accumulator of 'subgroupMatrixMultiplyAccumulate' must have 8 columns and 8 rows"
    ));
    assert_eq!(err.arg_index, Some(2));
    let acc_f = sm(&mut e, Res, F32, 8, 8);
    let err = mul(&mut e, name, &[], &[l, r, acc_f]).unwrap_err();
    assert!(err
        .message
        .contains("cannot produce a result of 'f32' from operands of 'i32'"));
    let err = mul(&mut e, name, &[], &[l, r]).unwrap_err();
    assert_eq!(
        err.notes[0],
        "'subgroupMatrixMultiplyAccumulate' takes 3 arguments, found 2"
    );
}

#[test]
fn matrix_scalar_ops() {
    let mut e = Env::new();
    let (ai, af, u, i) = (e.s(AI), e.s(AF), e.s(U32), e.s(I32));
    let m8 = sm(&mut e, Left, U8, 8, 8);
    let mf = sm(&mut e, Res, F16, 8, 8);
    for name in [
        "subgroupMatrixScalarAdd",
        "subgroupMatrixScalarSubtract",
        "subgroupMatrixScalarMultiply",
    ] {
        let r = e.call(name, &[m8, ai]).unwrap();
        assert_eq!(r.result, Some(m8));
        assert_eq!(e.params(&r)[1], "u32");
    }
    let r = e.call("subgroupMatrixScalarMultiply", &[mf, af]).unwrap();
    assert_eq!(e.params(&r)[1], "f16");
    assert_eq!(
        r.op,
        BuiltinOp::SubgroupMatrixScalar(MatrixScalarOp::Multiply)
    );
    let err = e.call("subgroupMatrixScalarAdd", &[m8, i]).unwrap_err();
    assert_eq!(
        err.message,
        "the scalar argument of 'subgroupMatrixScalarAdd' must be 'u32' for a matrix of 'u8', found 'i32'"
    );
    assert_eq!(err.arg_index, Some(1));
    let err = e.call("subgroupMatrixScalarAdd", &[u, u]).unwrap_err();
    assert_eq!(err.arg_index, Some(0));
}

/// Every row, called with every small combination of assorted argument
/// types and template arguments, returns a result or an error (no panic),
/// and every error has a message.
#[test]
fn no_panic_sweep() {
    let mut e = Env::new();
    let (f, ai, u, b) = (e.s(F32), e.s(AI), e.s(U32), e.s(Bool));
    let v2h = e.v(2, F16);
    let at = e.m.intern(TypeInner::atomic(I32));
    let pa = e.ptr(at, AddressSpace::Storage, Access::ReadWrite);
    let arr = e.array(u, ArraySize::Runtime);
    let parr = e.ptr(arr, AddressSpace::Storage, Access::ReadWrite);
    let l = sm(&mut e, Left, F16, 8, 8);
    let r = sm(&mut e, Right, F16, 8, 8);
    let res = sm(&mut e, Res, F32, 8, 8);
    let pool = [f, ai, u, b, v2h, pa, parr, l, r, res];
    let templates: Vec<Vec<TemplateArg>> = vec![
        vec![],
        vec![TemplateArg::Type(f)],
        vec![TemplateArg::Type(res)],
        vec![TemplateArg::Layout(MatrixLayout::RowMajor)],
        vec![
            TemplateArg::Type(l),
            TemplateArg::Layout(MatrixLayout::ColumnMajor),
        ],
    ];
    let mut arg_lists: Vec<Vec<Handle<Type>>> = vec![vec![]];
    for &a in &pool {
        arg_lists.push(vec![a]);
        for &b2 in &pool {
            arg_lists.push(vec![a, b2]);
        }
    }
    arg_lists.push(vec![parr, ai, b, ai]);
    arg_lists.push(vec![parr, ai, res, ai]);
    arg_lists.push(vec![parr, u, res, b, u]);
    arg_lists.push(vec![l, r, res]);
    arg_lists.push(vec![pa, u, u]);
    let mut ok = 0;
    for def in all() {
        for t in &templates {
            for args in &arg_lists {
                let bools: Vec<Option<bool>> =
                    args.iter().map(|&a| (a == b).then_some(true)).collect();
                match resolve_call(&mut e.m, def, t, args, &bools) {
                    Ok(call) => {
                        assert_eq!(call.params.len(), args.len(), "{}", def.name);
                        ok += 1;
                    }
                    Err(err) => assert!(!err.message.is_empty(), "{}", def.name),
                }
            }
        }
    }
    assert!(ok > 100, "only {ok} calls resolved");
}

/// Exactly Chromium's 15 (T -> TR) multiply pairs are accepted.
#[test]
fn multiply_pairs_are_chromiums_fifteen() {
    let mut e = Env::new();
    let comps = [F32, F16, I32, U32, I8, U8];
    let mut accepted = Vec::new();
    for &t in &comps {
        for &tr in &comps {
            let l = sm(&mut e, Left, t, 8, 8);
            let r = sm(&mut e, Right, t, 8, 8);
            let acc = sm(&mut e, Res, tr, 8, 8);
            let trt = e.s(tr);
            let a = mul(
                &mut e,
                "subgroupMatrixMultiply",
                &[TemplateArg::Type(trt)],
                &[l, r],
            );
            let b = mul(
                &mut e,
                "subgroupMatrixMultiplyAccumulate",
                &[],
                &[l, r, acc],
            );
            assert_eq!(a.is_ok(), b.is_ok(), "{t:?} -> {tr:?}");
            if let Ok(call) = a {
                assert_eq!(call.result, Some(acc));
                accepted.push(format!("{}->{}", t.wgsl_name(), tr.wgsl_name()));
            }
        }
    }
    assert_eq!(accepted.len(), 15, "{accepted:?}");
    assert!(accepted.contains(&"f16->f32".to_string()));
    assert!(accepted.contains(&"u8->i8".to_string()));
    assert!(!accepted.contains(&"f32->f16".to_string()));
}

/// Override-sized dimensions chain when they name the same override.
#[test]
fn multiply_with_override_dims() {
    let mut e = Env::new();
    let u = e.s(U32);
    let k = e.m.overrides.append(
        crate::ir::Override {
            name: "K".into(),
            id: None,
            ty: u,
            init: None,
        },
        crate::span::Span::UNDEFINED,
    );
    let mk = |e: &mut Env, kind, c, r| {
        e.m.intern(TypeInner::SubgroupMatrix {
            kind,
            scalar: F32,
            columns: c,
            rows: r,
        })
    };
    let eight = MatrixDim::Constant(8);
    let kd = MatrixDim::Override(k);
    let l = mk(&mut e, Left, kd, eight);
    let r = mk(&mut e, Right, eight, kd);
    let f = e.s(F32);
    let res = mul(
        &mut e,
        "subgroupMatrixMultiply",
        &[TemplateArg::Type(f)],
        &[l, r],
    )
    .unwrap();
    let want = mk(&mut e, Res, eight, eight);
    assert_eq!(res.result, Some(want));
    let r8 = mk(&mut e, Right, eight, eight);
    let err = mul(
        &mut e,
        "subgroupMatrixMultiply",
        &[TemplateArg::Type(f)],
        &[l, r8],
    )
    .unwrap_err();
    assert_eq!(
        err.message,
        "the left matrix's column count ('K') must equal the right matrix's row count (8) in 'subgroupMatrixMultiply'"
    );
}

//! The builtin-function table: one row per WGSL builtin function.
//!
//! Pure functions are described by [`Overload`] patterns; the few builtins
//! whose rules do not fit patterns (`bitcast`, `arrayLength`,
//! `workgroupUniformLoad`, the subgroup-matrix functions) name a
//! [`Special`] checker instead.

use super::pattern::{
    MDim, NKind, Overload, Pat, Ret, Sc, ScalarSet, Shp, BOOL, CFLOAT, CINT, CNUMERIC, F32, FLOAT,
    NUMERIC, SCALAR, SIGNED,
};
use super::texture::TextureFn as X;
use super::{BuiltinDef, BuiltinOp, Signature, Special, Stages};
use crate::ir::{
    AtomicFunction as A, Barrier, DerivativeAxis, DerivativeControl, Extensions, MathFunction as M,
    MatrixReduceMode, MatrixReduceOp, MatrixScalarOp, Scalar, SubgroupOp as G, VectorSize,
};

// ---- pattern shorthands -------------------------------------------------

/// `T` (scalar or vector of the variable `T`).
const T: Pat = Pat::Val(Shp::N, Sc::S);
/// `I` with the shape of `T`.
const TI: Pat = Pat::Val(Shp::N, Sc::I);
/// The scalar `T`.
const S: Pat = Pat::Val(Shp::One, Sc::S);
/// The scalar `I`.
const SI: Pat = Pat::Val(Shp::One, Sc::I);
const U32: Pat = Pat::Val(Shp::One, Sc::Fix(Scalar::U32));
const I32: Pat = Pat::Val(Shp::One, Sc::Fix(Scalar::I32));
const BOOL1: Pat = Pat::Val(Shp::One, Sc::Fix(Scalar::Bool));
const VBOOL: Pat = Pat::Val(Shp::N, Sc::Fix(Scalar::Bool));
const V3: Pat = Pat::Val(Shp::V(VectorSize::Tri), Sc::S);
const fn vfix(size: VectorSize, s: Scalar) -> Pat {
    Pat::Val(Shp::V(size), Sc::Fix(s))
}
const PTR: Pat = Pat::AtomicPtr(Sc::S);
const MAT_CC: Pat = Pat::Mat(MDim::C, MDim::C, Sc::S);
const MAT_CR: Pat = Pat::Mat(MDim::C, MDim::R, Sc::S);
const MAT_RC: Pat = Pat::Mat(MDim::R, MDim::C, Sc::S);

/// `T` or `vecN<T>` overload returning `ret`.
const fn gen(s: ScalarSet, params: &'static [Pat], ret: Pat) -> Overload {
    Overload {
        s,
        i: ScalarSet::NONE,
        n: NKind::ScalarOrVec,
        params,
        ret: Ret::Pat(ret),
    }
}

/// `vecN<T>`-only overload.
const fn vec(s: ScalarSet, params: &'static [Pat], ret: Pat) -> Overload {
    Overload {
        s,
        i: ScalarSet::NONE,
        n: NKind::Vec,
        params,
        ret: Ret::Pat(ret),
    }
}

/// Overload with a special result.
const fn special_ret(s: ScalarSet, params: &'static [Pat], ret: Ret) -> Overload {
    Overload {
        s,
        i: ScalarSet::NONE,
        n: NKind::ScalarOrVec,
        params,
        ret,
    }
}

/// Overload with a second scalar variable `I`.
const fn with_i(s: ScalarSet, i: ScalarSet, params: &'static [Pat], ret: Pat) -> Overload {
    Overload {
        s,
        i,
        n: NKind::ScalarOrVec,
        params,
        ret: Ret::Pat(ret),
    }
}

// ---- common overload lists ----------------------------------------------

const FLOAT_UNARY: &[Overload] = &[gen(FLOAT, &[T], T)];
const FLOAT_BINARY: &[Overload] = &[gen(FLOAT, &[T, T], T)];
const FLOAT_TERNARY: &[Overload] = &[gen(FLOAT, &[T, T, T], T)];
const NUMERIC_BINARY: &[Overload] = &[gen(NUMERIC, &[T, T], T)];
const INT_UNARY: &[Overload] = &[gen(CINT, &[T], T)];
const PACK4_SCALAR: ScalarSet = ScalarSet::NONE;

// ---- row constructors ---------------------------------------------------

const ALL_STAGES: Stages = Stages {
    vertex: true,
    fragment: true,
    compute: true,
};
const COMPUTE: Stages = Stages {
    vertex: false,
    fragment: false,
    compute: true,
};
const FRAGMENT: Stages = Stages {
    vertex: false,
    fragment: true,
    compute: false,
};
const FRAGMENT_COMPUTE: Stages = Stages {
    vertex: false,
    fragment: true,
    compute: true,
};

/// A const-evaluable, `@must_use` pure function.
const fn math(name: &'static str, f: M, overloads: &'static [Overload]) -> BuiltinDef {
    BuiltinDef {
        name,
        op: BuiltinOp::Math(f),
        must_use: true,
        const_evaluable: true,
        extension: Extensions::empty(),
        stages: ALL_STAGES,
        const_args: &[],
        sig: Signature::Overloads(overloads),
    }
}

/// A packing function `param -> ret` with fixed types.
const fn pack(name: &'static str, f: M, overloads: &'static [Overload]) -> BuiltinDef {
    math(name, f, overloads)
}

const fn fixed(params: &'static [Pat], ret: Pat) -> Overload {
    Overload {
        s: PACK4_SCALAR,
        i: ScalarSet::NONE,
        n: NKind::ScalarOrVec,
        params,
        ret: Ret::Pat(ret),
    }
}

const ATOMIC_T: ScalarSet = CINT;
const NO_ARGS_VOID: &[Overload] = &[special_ret(ScalarSet::NONE, &[], Ret::Void)];

const fn atomic(name: &'static str, f: A, overloads: &'static [Overload]) -> BuiltinDef {
    BuiltinDef {
        name,
        op: BuiltinOp::Atomic(f),
        must_use: false,
        const_evaluable: false,
        extension: Extensions::empty(),
        stages: ALL_STAGES,
        const_args: &[],
        sig: Signature::Overloads(overloads),
    }
}

const ATOMIC_RMW: &[Overload] = &[special_ret(ATOMIC_T, &[PTR, S], Ret::Pat(S))];
/// `atomicStoreMax`/`atomicStoreMin`:
/// `(ptr<storage, atomic<vec2<u32>>, read_write>, vec2<u32>)`.
const ATOMIC_VEC2U: &[Overload] = &[special_ret(
    ScalarSet::NONE,
    &[
        Pat::AtomicVecPtr(VectorSize::Bi, Sc::Fix(Scalar::U32)),
        vfix(VectorSize::Bi, Scalar::U32),
    ],
    Ret::Void,
)];

const fn barrier(name: &'static str, b: Barrier) -> BuiltinDef {
    BuiltinDef {
        name,
        op: BuiltinOp::Barrier(b),
        must_use: false,
        const_evaluable: false,
        extension: Extensions::empty(),
        stages: COMPUTE,
        const_args: &[],
        sig: Signature::Overloads(NO_ARGS_VOID),
    }
}

const fn subgroup(
    name: &'static str,
    op: G,
    overloads: &'static [Overload],
    const_args: &'static [usize],
) -> BuiltinDef {
    BuiltinDef {
        name,
        op: BuiltinOp::Subgroup(op),
        must_use: true,
        const_evaluable: false,
        extension: Extensions::SUBGROUPS,
        stages: FRAGMENT_COMPUTE,
        const_args,
        sig: Signature::Overloads(overloads),
    }
}

const SG_NUMERIC: &[Overload] = &[gen(CNUMERIC, &[T], T)];
const SG_INT: &[Overload] = &[gen(CINT, &[T], T)];
const SG_BOOL: &[Overload] = &[fixed(&[BOOL1], BOOL1)];
const SG_ID: &[Overload] = &[with_i(CNUMERIC, CINT, &[T, SI], T)];
const SG_DELTA: &[Overload] = &[gen(CNUMERIC, &[T, U32], T)];

const fn matrix(name: &'static str, op: BuiltinOp, must_use: bool, sp: Special) -> BuiltinDef {
    BuiltinDef {
        name,
        op,
        must_use,
        const_evaluable: false,
        extension: Extensions::SUBGROUP_MATRIX,
        stages: COMPUTE,
        const_args: &[],
        sig: Signature::Special(sp),
    }
}

const fn coop(name: &'static str, op: BuiltinOp, must_use: bool, sp: Special) -> BuiltinDef {
    BuiltinDef {
        extension: Extensions::WGPU_COOPERATIVE_MATRIX,
        ..matrix(name, op, must_use, sp)
    }
}

/// A subgroup-matrix reduction row (`tessera_experimental_subgroup_matrix`).
const fn reduce(mode: MatrixReduceMode, op: MatrixReduceOp) -> BuiltinDef {
    BuiltinDef {
        extension: Extensions::TESSERA_SUBGROUP_MATRIX,
        ..matrix(
            mode.builtin(op),
            BuiltinOp::SubgroupMatrixReduce(mode, op),
            true,
            Special::MatrixReduce,
        )
    }
}

/// A cooperative-vector product row: every stage.
const fn coop_vec(name: &'static str, bias: bool) -> BuiltinDef {
    BuiltinDef {
        extension: Extensions::TESSERA_COOPERATIVE_VECTOR,
        stages: ALL_STAGES,
        ..matrix(
            name,
            BuiltinOp::CoopVecMatMul(bias, None),
            true,
            Special::CoopVecMatMul(bias),
        )
    }
}

/// A cooperative-vector product row in the device's inference layout:
/// every stage.
const fn coop_vec_optimal(name: &'static str, bias: bool) -> BuiltinDef {
    BuiltinDef {
        extension: Extensions::TESSERA_COOPERATIVE_VECTOR,
        stages: ALL_STAGES,
        ..matrix(
            name,
            BuiltinOp::CoopVecMatMulOptimal(bias, None),
            true,
            Special::CoopVecMatMulOptimal(bias),
        )
    }
}

/// A cooperative-vector training row: a statement, every stage.
const fn coop_vec_accumulate(name: &'static str, outer: bool) -> BuiltinDef {
    BuiltinDef {
        extension: Extensions::TESSERA_COOPERATIVE_VECTOR,
        stages: ALL_STAGES,
        ..matrix(
            name,
            BuiltinOp::CoopVecAccumulate {
                outer,
                element: crate::ir::Scalar::F32,
            },
            false,
            Special::CoopVecAccumulate(outer),
        )
    }
}

const fn special(
    name: &'static str,
    op: BuiltinOp,
    const_evaluable: bool,
    stages: Stages,
    sp: Special,
) -> BuiltinDef {
    BuiltinDef {
        name,
        op,
        must_use: true,
        const_evaluable,
        extension: Extensions::empty(),
        stages,
        const_args: &[],
        sig: Signature::Special(sp),
    }
}

/// `hasResource<T>` / `getResource<T>`: `@must_use`, any stage, behind
/// `enable chromium_experimental_resource_table;`.
const fn resource_table(name: &'static str, op: crate::ir::ResourceTableOp) -> BuiltinDef {
    BuiltinDef {
        extension: Extensions::RESOURCE_TABLE,
        ..special(
            name,
            BuiltinOp::ResourceTable(op),
            false,
            ALL_STAGES,
            Special::ResourceTable(op),
        )
    }
}

const DERIVATIVE: &[Overload] = &[gen(F32, &[T], T)];

/// `dpdx`, `dpdy`, `fwidth` and their `Coarse`/`Fine` forms: `f32` or
/// `vecN<f32>`, fragment stage only, and (in the uniformity analysis) only in
/// uniform control flow.
const fn derivative(
    name: &'static str,
    axis: DerivativeAxis,
    control: DerivativeControl,
) -> BuiltinDef {
    BuiltinDef {
        name,
        op: BuiltinOp::Derivative(axis, control),
        must_use: true,
        const_evaluable: false,
        extension: Extensions::empty(),
        stages: FRAGMENT,
        const_args: &[],
        sig: Signature::Overloads(DERIVATIVE),
    }
}

/// A texture builtin (`@must_use` except `textureStore`).
const fn texture(name: &'static str, f: X, stages: Stages) -> BuiltinDef {
    BuiltinDef {
        name,
        op: BuiltinOp::Texture(f),
        must_use: true,
        const_evaluable: false,
        extension: Extensions::empty(),
        stages,
        const_args: &[],
        sig: Signature::Special(Special::Texture(f)),
    }
}

// ---- the table ----------------------------------------------------------

/// Every builtin function.
pub(crate) static TABLE: &[BuiltinDef] = &[
    // Numeric.
    math("abs", M::Abs, &[gen(NUMERIC, &[T], T)]),
    math("acos", M::Acos, FLOAT_UNARY),
    math("acosh", M::Acosh, FLOAT_UNARY),
    math("asin", M::Asin, FLOAT_UNARY),
    math("asinh", M::Asinh, FLOAT_UNARY),
    math("atan", M::Atan, FLOAT_UNARY),
    math("atanh", M::Atanh, FLOAT_UNARY),
    math("atan2", M::Atan2, FLOAT_BINARY),
    math("ceil", M::Ceil, FLOAT_UNARY),
    math("clamp", M::Clamp, &[gen(NUMERIC, &[T, T, T], T)]),
    math("cos", M::Cos, FLOAT_UNARY),
    math("cosh", M::Cosh, FLOAT_UNARY),
    math("countLeadingZeros", M::CountLeadingZeros, INT_UNARY),
    math("countOneBits", M::CountOneBits, INT_UNARY),
    math("countTrailingZeros", M::CountTrailingZeros, INT_UNARY),
    math("cross", M::Cross, &[gen(FLOAT, &[V3, V3], V3)]),
    math("degrees", M::Degrees, FLOAT_UNARY),
    math("determinant", M::Determinant, &[gen(FLOAT, &[MAT_CC], S)]),
    math("distance", M::Distance, &[gen(FLOAT, &[T, T], S)]),
    math("dot", M::Dot, &[vec(NUMERIC, &[T, T], S)]),
    math("dot4I8Packed", M::Dot4I8Packed, &[fixed(&[U32, U32], I32)]),
    math("dot4U8Packed", M::Dot4U8Packed, &[fixed(&[U32, U32], U32)]),
    math("exp", M::Exp, FLOAT_UNARY),
    math("exp2", M::Exp2, FLOAT_UNARY),
    math(
        "extractBits",
        M::ExtractBits,
        &[gen(CINT, &[T, U32, U32], T)],
    ),
    math("faceForward", M::FaceForward, &[vec(FLOAT, &[T, T, T], T)]),
    math("firstLeadingBit", M::FirstLeadingBit, INT_UNARY),
    math("firstTrailingBit", M::FirstTrailingBit, INT_UNARY),
    math("floor", M::Floor, FLOAT_UNARY),
    math("fma", M::Fma, FLOAT_TERNARY),
    math("fract", M::Fract, FLOAT_UNARY),
    math("frexp", M::Frexp, &[special_ret(FLOAT, &[T], Ret::Frexp)]),
    math(
        "insertBits",
        M::InsertBits,
        &[gen(CINT, &[T, T, U32, U32], T)],
    ),
    math("inverseSqrt", M::InverseSqrt, FLOAT_UNARY),
    math(
        "ldexp",
        M::Ldexp,
        &[
            with_i(
                ScalarSet::of(&[Scalar::AbstractFloat]),
                ScalarSet::of(&[Scalar::AbstractInt]),
                &[T, TI],
                T,
            ),
            with_i(CFLOAT, ScalarSet::of(&[Scalar::I32]), &[T, TI], T),
        ],
    ),
    math("length", M::Length, &[gen(FLOAT, &[T], S)]),
    math("log", M::Log, FLOAT_UNARY),
    math("log2", M::Log2, FLOAT_UNARY),
    math("max", M::Max, NUMERIC_BINARY),
    math("min", M::Min, NUMERIC_BINARY),
    math(
        "mix",
        M::Mix,
        &[gen(FLOAT, &[T, T, T], T), vec(FLOAT, &[T, T, S], T)],
    ),
    math("modf", M::Modf, &[special_ret(FLOAT, &[T], Ret::Modf)]),
    math("normalize", M::Normalize, &[vec(FLOAT, &[T], T)]),
    math("pow", M::Pow, FLOAT_BINARY),
    math("quantizeToF16", M::QuantizeToF16, &[gen(F32, &[T], T)]),
    math("radians", M::Radians, FLOAT_UNARY),
    math("reflect", M::Reflect, &[vec(FLOAT, &[T, T], T)]),
    math("refract", M::Refract, &[vec(FLOAT, &[T, T, S], T)]),
    math("reverseBits", M::ReverseBits, INT_UNARY),
    math("round", M::Round, FLOAT_UNARY),
    math("saturate", M::Saturate, FLOAT_UNARY),
    math("sign", M::Sign, &[gen(SIGNED, &[T], T)]),
    math("sin", M::Sin, FLOAT_UNARY),
    math("sinh", M::Sinh, FLOAT_UNARY),
    math("smoothstep", M::Smoothstep, FLOAT_TERNARY),
    math("sqrt", M::Sqrt, FLOAT_UNARY),
    math("step", M::Step, FLOAT_BINARY),
    math("tan", M::Tan, FLOAT_UNARY),
    math("tanh", M::Tanh, FLOAT_UNARY),
    math("transpose", M::Transpose, &[gen(FLOAT, &[MAT_CR], MAT_RC)]),
    math("trunc", M::Trunc, FLOAT_UNARY),
    // Logical.
    math("all", M::All, &[gen(BOOL, &[VBOOL], BOOL1)]),
    math("any", M::Any, &[gen(BOOL, &[VBOOL], BOOL1)]),
    BuiltinDef {
        name: "select",
        op: BuiltinOp::Select,
        must_use: true,
        const_evaluable: true,
        extension: Extensions::empty(),
        stages: ALL_STAGES,
        const_args: &[],
        sig: Signature::Overloads(&[
            gen(SCALAR, &[T, T, BOOL1], T),
            vec(SCALAR, &[T, T, VBOOL], T),
        ]),
    },
    // Packing.
    pack(
        "pack4x8snorm",
        M::Pack4x8Snorm,
        &[fixed(&[vfix(VectorSize::Quad, Scalar::F32)], U32)],
    ),
    pack(
        "pack4x8unorm",
        M::Pack4x8Unorm,
        &[fixed(&[vfix(VectorSize::Quad, Scalar::F32)], U32)],
    ),
    pack(
        "pack4xI8",
        M::Pack4xI8,
        &[fixed(&[vfix(VectorSize::Quad, Scalar::I32)], U32)],
    ),
    pack(
        "pack4xU8",
        M::Pack4xU8,
        &[fixed(&[vfix(VectorSize::Quad, Scalar::U32)], U32)],
    ),
    pack(
        "pack4xI8Clamp",
        M::Pack4xI8Clamp,
        &[fixed(&[vfix(VectorSize::Quad, Scalar::I32)], U32)],
    ),
    pack(
        "pack4xU8Clamp",
        M::Pack4xU8Clamp,
        &[fixed(&[vfix(VectorSize::Quad, Scalar::U32)], U32)],
    ),
    pack(
        "pack2x16snorm",
        M::Pack2x16Snorm,
        &[fixed(&[vfix(VectorSize::Bi, Scalar::F32)], U32)],
    ),
    pack(
        "pack2x16unorm",
        M::Pack2x16Unorm,
        &[fixed(&[vfix(VectorSize::Bi, Scalar::F32)], U32)],
    ),
    pack(
        "pack2x16float",
        M::Pack2x16Float,
        &[fixed(&[vfix(VectorSize::Bi, Scalar::F32)], U32)],
    ),
    pack(
        "unpack4x8snorm",
        M::Unpack4x8Snorm,
        &[fixed(&[U32], vfix(VectorSize::Quad, Scalar::F32))],
    ),
    pack(
        "unpack4x8unorm",
        M::Unpack4x8Unorm,
        &[fixed(&[U32], vfix(VectorSize::Quad, Scalar::F32))],
    ),
    pack(
        "unpack4xI8",
        M::Unpack4xI8,
        &[fixed(&[U32], vfix(VectorSize::Quad, Scalar::I32))],
    ),
    pack(
        "unpack4xU8",
        M::Unpack4xU8,
        &[fixed(&[U32], vfix(VectorSize::Quad, Scalar::U32))],
    ),
    pack(
        "unpack2x16snorm",
        M::Unpack2x16Snorm,
        &[fixed(&[U32], vfix(VectorSize::Bi, Scalar::F32))],
    ),
    pack(
        "unpack2x16unorm",
        M::Unpack2x16Unorm,
        &[fixed(&[U32], vfix(VectorSize::Bi, Scalar::F32))],
    ),
    pack(
        "unpack2x16float",
        M::Unpack2x16Float,
        &[fixed(&[U32], vfix(VectorSize::Bi, Scalar::F32))],
    ),
    // Bit reinterpretation and arrays.
    special(
        "bitcast",
        BuiltinOp::Bitcast,
        true,
        ALL_STAGES,
        Special::Bitcast,
    ),
    special(
        "arrayLength",
        BuiltinOp::ArrayLength,
        false,
        ALL_STAGES,
        Special::ArrayLength,
    ),
    // Buffer views (language feature `buffer_view`).
    special(
        "bufferView",
        BuiltinOp::BufferView(false),
        false,
        ALL_STAGES,
        Special::BufferView(false),
    ),
    special(
        "bufferArrayView",
        BuiltinOp::BufferView(true),
        false,
        ALL_STAGES,
        Special::BufferView(true),
    ),
    special(
        "bufferLength",
        BuiltinOp::BufferLength,
        false,
        ALL_STAGES,
        Special::BufferLength,
    ),
    // Resource tables (`chromium_experimental_resource_table`).
    resource_table("hasResource", crate::ir::ResourceTableOp::Has),
    resource_table("getResource", crate::ir::ResourceTableOp::Get),
    // Atomics.
    atomic(
        "atomicLoad",
        A::Load,
        &[special_ret(ATOMIC_T, &[PTR], Ret::Pat(S))],
    ),
    atomic(
        "atomicStore",
        A::Store,
        &[special_ret(ATOMIC_T, &[PTR, S], Ret::Void)],
    ),
    atomic("atomicAdd", A::Add, ATOMIC_RMW),
    atomic("atomicSub", A::Subtract, ATOMIC_RMW),
    atomic("atomicMax", A::Max, ATOMIC_RMW),
    atomic("atomicMin", A::Min, ATOMIC_RMW),
    atomic("atomicAnd", A::And, ATOMIC_RMW),
    atomic("atomicOr", A::InclusiveOr, ATOMIC_RMW),
    atomic("atomicXor", A::ExclusiveOr, ATOMIC_RMW),
    atomic("atomicExchange", A::Exchange, ATOMIC_RMW),
    // `enable atomic_vec2u_min_max;`: the only functions of an
    // `atomic<vec2<u32>>`, and only of it.
    BuiltinDef {
        extension: Extensions::ATOMIC_VEC2U_MIN_MAX,
        ..atomic("atomicStoreMax", A::StoreMax, ATOMIC_VEC2U)
    },
    BuiltinDef {
        extension: Extensions::ATOMIC_VEC2U_MIN_MAX,
        ..atomic("atomicStoreMin", A::StoreMin, ATOMIC_VEC2U)
    },
    atomic(
        "atomicCompareExchangeWeak",
        A::CompareExchangeWeak,
        &[special_ret(ATOMIC_T, &[PTR, S, S], Ret::AtomicCmpXchg)],
    ),
    // Synchronization.
    barrier("storageBarrier", Barrier::STORAGE),
    barrier("textureBarrier", Barrier::TEXTURE),
    barrier("workgroupBarrier", Barrier::WORKGROUP),
    special(
        "workgroupUniformLoad",
        BuiltinOp::WorkgroupUniformLoad,
        false,
        COMPUTE,
        Special::WorkgroupUniformLoad,
    ),
    // Subgroups.
    subgroup("subgroupAdd", G::Add, SG_NUMERIC, &[]),
    subgroup("subgroupExclusiveAdd", G::ExclusiveAdd, SG_NUMERIC, &[]),
    subgroup("subgroupInclusiveAdd", G::InclusiveAdd, SG_NUMERIC, &[]),
    subgroup("subgroupMul", G::Mul, SG_NUMERIC, &[]),
    subgroup("subgroupExclusiveMul", G::ExclusiveMul, SG_NUMERIC, &[]),
    subgroup("subgroupInclusiveMul", G::InclusiveMul, SG_NUMERIC, &[]),
    subgroup("subgroupAnd", G::And, SG_INT, &[]),
    subgroup("subgroupOr", G::Or, SG_INT, &[]),
    subgroup("subgroupXor", G::Xor, SG_INT, &[]),
    subgroup("subgroupMin", G::Min, SG_NUMERIC, &[]),
    subgroup("subgroupMax", G::Max, SG_NUMERIC, &[]),
    subgroup("subgroupAll", G::All, SG_BOOL, &[]),
    subgroup("subgroupAny", G::Any, SG_BOOL, &[]),
    subgroup(
        "subgroupBallot",
        G::Ballot,
        &[fixed(&[BOOL1], vfix(VectorSize::Quad, Scalar::U32))],
        &[],
    ),
    subgroup("subgroupElect", G::Elect, &[fixed(&[], BOOL1)], &[]),
    subgroup("subgroupBroadcast", G::Broadcast, SG_ID, &[1]),
    subgroup("subgroupBroadcastFirst", G::BroadcastFirst, SG_NUMERIC, &[]),
    subgroup("subgroupShuffle", G::Shuffle, SG_ID, &[]),
    subgroup("subgroupShuffleDown", G::ShuffleDown, SG_DELTA, &[]),
    subgroup("subgroupShuffleUp", G::ShuffleUp, SG_DELTA, &[]),
    subgroup("subgroupShuffleXor", G::ShuffleXor, SG_DELTA, &[]),
    subgroup("quadBroadcast", G::QuadBroadcast, SG_ID, &[1]),
    subgroup("quadSwapX", G::QuadSwapX, SG_NUMERIC, &[]),
    subgroup("quadSwapY", G::QuadSwapY, SG_NUMERIC, &[]),
    subgroup("quadSwapDiagonal", G::QuadSwapDiagonal, SG_NUMERIC, &[]),
    // Subgroup matrices.
    matrix(
        "subgroupMatrixLoad",
        BuiltinOp::SubgroupMatrixLoad,
        true,
        Special::MatrixLoad,
    ),
    matrix(
        "subgroupMatrixStore",
        BuiltinOp::SubgroupMatrixStore,
        false,
        Special::MatrixStore,
    ),
    matrix(
        "subgroupMatrixMultiply",
        BuiltinOp::SubgroupMatrixMultiply,
        true,
        Special::MatrixMultiply,
    ),
    matrix(
        "subgroupMatrixMultiplyAccumulate",
        BuiltinOp::SubgroupMatrixMultiplyAccumulate,
        true,
        Special::MatrixMultiplyAccumulate,
    ),
    matrix(
        "subgroupMatrixScalarAdd",
        BuiltinOp::SubgroupMatrixScalar(MatrixScalarOp::Add),
        true,
        Special::MatrixScalar,
    ),
    matrix(
        "subgroupMatrixScalarSubtract",
        BuiltinOp::SubgroupMatrixScalar(MatrixScalarOp::Subtract),
        true,
        Special::MatrixScalar,
    ),
    matrix(
        "subgroupMatrixScalarMultiply",
        BuiltinOp::SubgroupMatrixScalar(MatrixScalarOp::Multiply),
        true,
        Special::MatrixScalar,
    ),
    // tessera's experimental subgroup-matrix operations.
    BuiltinDef {
        extension: Extensions::TESSERA_SUBGROUP_MATRIX,
        ..matrix(
            "subgroupMatrixConvert",
            BuiltinOp::SubgroupMatrixConvert,
            true,
            Special::MatrixConvert,
        )
    },
    BuiltinDef {
        extension: Extensions::TESSERA_SUBGROUP_MATRIX,
        ..matrix(
            "subgroupMatrixFromRows",
            BuiltinOp::SubgroupMatrixFromInvocations(false),
            true,
            Special::MatrixFromInvocations,
        )
    },
    BuiltinDef {
        extension: Extensions::TESSERA_SUBGROUP_MATRIX,
        ..matrix(
            "subgroupMatrixFromColumns",
            BuiltinOp::SubgroupMatrixFromInvocations(true),
            true,
            Special::MatrixFromInvocations,
        )
    },
    BuiltinDef {
        extension: Extensions::TESSERA_SUBGROUP_MATRIX,
        ..matrix(
            "subgroupMatrixRow",
            BuiltinOp::SubgroupMatrixToInvocations(false),
            true,
            Special::MatrixToInvocations,
        )
    },
    BuiltinDef {
        extension: Extensions::TESSERA_SUBGROUP_MATRIX,
        ..matrix(
            "subgroupMatrixColumn",
            BuiltinOp::SubgroupMatrixToInvocations(true),
            true,
            Special::MatrixToInvocations,
        )
    },
    reduce(MatrixReduceMode::Rows, MatrixReduceOp::Sum),
    reduce(MatrixReduceMode::Rows, MatrixReduceOp::Max),
    reduce(MatrixReduceMode::Rows, MatrixReduceOp::Min),
    reduce(MatrixReduceMode::Columns, MatrixReduceOp::Sum),
    reduce(MatrixReduceMode::Columns, MatrixReduceOp::Max),
    reduce(MatrixReduceMode::Columns, MatrixReduceOp::Min),
    reduce(MatrixReduceMode::All, MatrixReduceOp::Sum),
    reduce(MatrixReduceMode::All, MatrixReduceOp::Max),
    reduce(MatrixReduceMode::All, MatrixReduceOp::Min),
    BuiltinDef {
        extension: Extensions::TESSERA_SUBGROUP_MATRIX,
        ..matrix(
            "subgroupMatrixRowIndex",
            BuiltinOp::SubgroupMatrixIndex(false),
            true,
            Special::MatrixIndex,
        )
    },
    BuiltinDef {
        extension: Extensions::TESSERA_SUBGROUP_MATRIX,
        ..matrix(
            "subgroupMatrixColumnIndex",
            BuiltinOp::SubgroupMatrixIndex(true),
            true,
            Special::MatrixIndex,
        )
    },
    // wgpu's cooperative-matrix dialect: the same operations.
    coop(
        "coopLoad",
        BuiltinOp::SubgroupMatrixLoad,
        true,
        Special::CoopLoad,
    ),
    coop(
        "coopLoadT",
        BuiltinOp::SubgroupMatrixLoad,
        true,
        Special::CoopLoad,
    ),
    coop(
        "coopStore",
        BuiltinOp::SubgroupMatrixStore,
        false,
        Special::CoopStore,
    ),
    coop(
        "coopStoreT",
        BuiltinOp::SubgroupMatrixStore,
        false,
        Special::CoopStore,
    ),
    coop(
        "coopMultiplyAdd",
        BuiltinOp::SubgroupMatrixMultiplyAccumulate,
        true,
        Special::CoopMultiplyAdd,
    ),
    // Cooperative vectors (docs/cooperative-vectors.md).
    coop_vec("coopVecMatMul", false),
    coop_vec("coopVecMatMulAdd", true),
    coop_vec_optimal("coopVecMatMulOptimal", false),
    coop_vec_optimal("coopVecMatMulAddOptimal", true),
    coop_vec_accumulate("coopVecOuterProductAccumulate", true),
    coop_vec_accumulate("coopVecReduceSumAccumulate", false),
    // Derivatives (fragment stage only).
    derivative("dpdx", DerivativeAxis::X, DerivativeControl::None),
    derivative("dpdxCoarse", DerivativeAxis::X, DerivativeControl::Coarse),
    derivative("dpdxFine", DerivativeAxis::X, DerivativeControl::Fine),
    derivative("dpdy", DerivativeAxis::Y, DerivativeControl::None),
    derivative("dpdyCoarse", DerivativeAxis::Y, DerivativeControl::Coarse),
    derivative("dpdyFine", DerivativeAxis::Y, DerivativeControl::Fine),
    derivative("fwidth", DerivativeAxis::Width, DerivativeControl::None),
    derivative(
        "fwidthCoarse",
        DerivativeAxis::Width,
        DerivativeControl::Coarse,
    ),
    derivative("fwidthFine", DerivativeAxis::Width, DerivativeControl::Fine),
    // Textures (src/builtins/texture.rs checks the overloads).
    texture("textureDimensions", X::Dimensions, ALL_STAGES),
    texture("textureGather", X::Gather, ALL_STAGES),
    texture("textureGatherCompare", X::GatherCompare, ALL_STAGES),
    texture("textureLoad", X::Load, ALL_STAGES),
    texture("textureNumLayers", X::NumLayers, ALL_STAGES),
    texture("textureNumLevels", X::NumLevels, ALL_STAGES),
    texture("textureNumSamples", X::NumSamples, ALL_STAGES),
    texture("textureSample", X::Sample, FRAGMENT),
    texture("textureSampleBias", X::SampleBias, FRAGMENT),
    texture("textureSampleCompare", X::SampleCompare, FRAGMENT),
    texture(
        "textureSampleCompareLevel",
        X::SampleCompareLevel,
        ALL_STAGES,
    ),
    texture("textureSampleGrad", X::SampleGrad, ALL_STAGES),
    texture("textureSampleLevel", X::SampleLevel, ALL_STAGES),
    texture(
        "textureSampleBaseClampToEdge",
        X::SampleBaseClampToEdge,
        ALL_STAGES,
    ),
    BuiltinDef {
        must_use: false,
        ..texture("textureStore", X::Store, FRAGMENT_COMPUTE)
    },
    // `chromium_internal_input_attachments` (Tint: not `@must_use`).
    BuiltinDef {
        must_use: false,
        extension: Extensions::INPUT_ATTACHMENTS,
        ..texture("inputAttachmentLoad", X::InputAttachmentLoad, FRAGMENT)
    },
];

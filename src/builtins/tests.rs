//! Overload-resolution tests over the table (non-matrix families).

use super::*;
use crate::builtins::display::type_name;
use crate::ir::{Access, AddressSpace, ArraySize, TypeInner};

pub(super) struct Env {
    pub m: Module,
}

impl Env {
    pub fn new() -> Self {
        Env {
            m: Module::default(),
        }
    }
    pub fn s(&mut self, s: Scalar) -> Handle<Type> {
        self.m.intern(TypeInner::Scalar(s))
    }
    pub fn v(&mut self, n: u32, s: Scalar) -> Handle<Type> {
        let size = VectorSize::from_count(n).unwrap();
        self.m.intern(TypeInner::Vector { size, scalar: s })
    }
    pub fn ptr(&mut self, base: Handle<Type>, space: AddressSpace, access: Access) -> Handle<Type> {
        self.m.intern(TypeInner::Pointer {
            base,
            space,
            access,
        })
    }
    pub fn array(&mut self, base: Handle<Type>, size: ArraySize) -> Handle<Type> {
        let stride = crate::ir::layout::array_stride(&self.m, base);
        self.m.intern(TypeInner::Array { base, size, stride })
    }
    pub fn call(
        &mut self,
        name: &str,
        args: &[Handle<Type>],
    ) -> Result<ResolvedCall, OverloadError> {
        self.call_t(name, &[], args)
    }
    pub fn call_t(
        &mut self,
        name: &str,
        template: &[TemplateArg],
        args: &[Handle<Type>],
    ) -> Result<ResolvedCall, OverloadError> {
        let def = lookup(name).unwrap_or_else(|| panic!("no builtin {name}"));
        let bools = vec![None; args.len()];
        resolve_call(&mut self.m, def, template, args, &bools)
    }
    pub fn name(&self, t: Handle<Type>) -> String {
        type_name(&self.m, t)
    }
    pub fn result(&mut self, name: &str, args: &[Handle<Type>]) -> String {
        let r = self.call(name, args).unwrap_or_else(|e| panic!("{e:?}"));
        r.result.map_or("void".to_string(), |t| self.name(t))
    }
    pub fn params(&self, r: &ResolvedCall) -> Vec<String> {
        r.params.iter().map(|&p| self.name(p)).collect()
    }
}

use Scalar::{AbstractFloat as AF, AbstractInt as AI, Bool, F16, F32, I32, U32};

#[test]
fn table_is_well_formed() {
    let names: Vec<&str> = all().iter().map(|d| d.name).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len(), "duplicate rows");
    for def in all() {
        assert_eq!(lookup(def.name).map(|d| d.name), Some(def.name));
        if !matches!(def.op, BuiltinOp::Texture(_)) {
            assert!(!signatures(def).is_empty(), "{} has no signature", def.name);
        }
    }
    assert!(lookup("nope").is_none());
    for name in [
        "abs",
        "dot4I8Packed",
        "pack4xU8Clamp",
        "unpack2x16float",
        "atomicCompareExchangeWeak",
        "quadSwapDiagonal",
        "subgroupShuffleXor",
        "textureSample",
        "dpdx",
        "workgroupUniformLoad",
    ] {
        assert!(lookup(name).is_some(), "{name} missing");
    }
}

#[test]
fn row_flags() {
    let load = lookup("subgroupMatrixLoad").unwrap();
    assert!(load.must_use && !load.const_evaluable);
    assert_eq!(load.extension, Extensions::SUBGROUP_MATRIX);
    assert!(!load.stages.allows(ShaderStage::Fragment));
    assert!(!lookup("subgroupMatrixStore").unwrap().must_use);
    assert!(!lookup("atomicAdd").unwrap().must_use);
    assert!(lookup("max").unwrap().const_evaluable);
    let sg = lookup("subgroupBroadcast").unwrap();
    assert_eq!(sg.extension, Extensions::SUBGROUPS);
    assert_eq!(sg.const_args, &[1]);
    assert!(sg.stages.allows(ShaderStage::Fragment) && !sg.stages.allows(ShaderStage::Vertex));
    assert!(!lookup("workgroupBarrier")
        .unwrap()
        .stages
        .allows(ShaderStage::Vertex));
    assert_eq!(
        lookup("dpdxFine").unwrap().op,
        BuiltinOp::Derivative(
            crate::ir::DerivativeAxis::X,
            crate::ir::DerivativeControl::Fine
        )
    );
}

#[test]
fn abstract_conversion_ranking() {
    let mut e = Env::new();
    let (ai, af, u, i, f) = (e.s(AI), e.s(AF), e.s(U32), e.s(I32), e.s(F32));
    // max(1, 2.0): abstract-float, both stay abstract.
    let r = e.call("max", &[ai, af]).unwrap();
    assert_eq!(e.params(&r), ["abstract-float", "abstract-float"]);
    assert_eq!(r.result, Some(af));
    // max(1u, 2): u32.
    let r = e.call("max", &[u, ai]).unwrap();
    assert_eq!(e.params(&r), ["u32", "u32"]);
    // max(1, 2): abstract-int.
    assert_eq!(e.result("max", &[ai, ai]), "abstract-int");
    // max(x_f32, 1): f32.
    assert_eq!(e.result("max", &[f, ai]), "f32");
    // log2(32): abstract-float.
    let r = e.call("log2", &[ai]).unwrap();
    assert_eq!(e.params(&r), ["abstract-float"]);
    // min(1i, 1u): no overload.
    let err = e.call("min", &[i, u]).unwrap_err();
    assert_eq!(err.message, "no matching call to 'min(i32, u32)'");
    assert!(err.notes.contains(
        &"candidate: min(T, T) -> T  where T is abstract-int, abstract-float, f32, f16, i32 or u32"
            .to_string()
    ));
    assert!(err
        .notes
        .iter()
        .any(|n| n.starts_with("candidate: min(vecN<T>, vecN<T>) -> vecN<T>")));
}

#[test]
fn no_matching_call_message() {
    let mut e = Env::new();
    let (f, i) = (e.s(F32), e.s(I32));
    let err = e.call("max", &[f, i]).unwrap_err();
    assert_eq!(err.message, "no matching call to 'max(f32, i32)'");
    assert_eq!(err.arg_index, Some(1));
    let err = e.call("max", &[f]).unwrap_err();
    assert_eq!(err.message, "no matching call to 'max(f32)'");
    assert_eq!(err.notes[0], "'max' takes 2 arguments, found 1");
    assert_eq!(err.arg_index, None);
    let err = e.call("sqrt", &[i]).unwrap_err();
    assert_eq!(err.arg_index, Some(0));
    let err = e.call_t("sqrt", &[TemplateArg::Type(f)], &[f]).unwrap_err();
    assert_eq!(err.message, "'sqrt' does not take template arguments");
}

#[test]
fn numeric_family() {
    let mut e = Env::new();
    let (ai, af, f, h, i, u) = (e.s(AI), e.s(AF), e.s(F32), e.s(F16), e.s(I32), e.s(U32));
    let (v3f, v3i, v2f) = (e.v(3, F32), e.v(3, I32), e.v(2, F32));
    let v3af = e.v(3, AF);
    assert_eq!(e.result("abs", &[i]), "i32");
    assert_eq!(e.result("abs", &[v3i]), "vec3<i32>");
    assert_eq!(e.result("clamp", &[u, ai, ai]), "u32");
    assert_eq!(e.result("clamp", &[v3f, v3f, v3f]), "vec3<f32>");
    assert_eq!(e.result("sign", &[i]), "i32");
    assert!(e.call("sign", &[u]).is_err());
    assert_eq!(e.result("dot", &[v3i, v3i]), "i32");
    assert_eq!(e.result("dot", &[v3f, v3f]), "f32");
    assert!(e.call("dot", &[f, f]).is_err());
    assert!(e.call("dot", &[v3f, v2f]).is_err());
    assert_eq!(e.result("dot4I8Packed", &[u, ai]), "i32");
    assert_eq!(e.result("dot4U8Packed", &[u, u]), "u32");
    assert_eq!(e.result("cross", &[v3f, v3f]), "vec3<f32>");
    assert!(e.call("cross", &[v2f, v2f]).is_err());
    assert_eq!(e.result("length", &[v3f]), "f32");
    assert_eq!(e.result("distance", &[v3af, v3af]), "abstract-float");
    assert_eq!(e.result("normalize", &[v2f]), "vec2<f32>");
    assert!(e.call("normalize", &[f]).is_err());
    assert_eq!(e.result("mix", &[v3f, v3f, f]), "vec3<f32>");
    assert_eq!(e.result("mix", &[v3f, v3f, v3f]), "vec3<f32>");
    assert_eq!(e.result("mix", &[v3f, v3f, af]), "vec3<f32>");
    assert_eq!(e.result("refract", &[v3f, v3f, f]), "vec3<f32>");
    assert_eq!(e.result("faceForward", &[v3f, v3f, v3f]), "vec3<f32>");
    assert_eq!(e.result("fma", &[h, h, h]), "f16");
    assert_eq!(e.result("quantizeToF16", &[v2f]), "vec2<f32>");
    assert!(e.call("quantizeToF16", &[h]).is_err());
    assert_eq!(e.result("saturate", &[af]), "abstract-float");
    assert_eq!(e.result("step", &[f, ai]), "f32");
    // ldexp: I is concrete exactly when T is.
    assert_eq!(e.result("ldexp", &[af, ai]), "abstract-float");
    let r = e.call("ldexp", &[f, ai]).unwrap();
    assert_eq!(e.params(&r), ["f32", "i32"]);
    let r = e.call("ldexp", &[af, i]).unwrap();
    assert_eq!(e.params(&r), ["f32", "i32"]);
    assert!(e.call("ldexp", &[v3f, i]).is_err());
    assert!(e.call("ldexp", &[f, u]).is_err());
}

#[test]
fn matrix_builtins() {
    let mut e = Env::new();
    let m23 = e.m.intern(TypeInner::Matrix {
        columns: VectorSize::Bi,
        rows: VectorSize::Tri,
        scalar: F32,
    });
    let m33 = e.m.intern(TypeInner::Matrix {
        columns: VectorSize::Tri,
        rows: VectorSize::Tri,
        scalar: AF,
    });
    assert_eq!(e.result("transpose", &[m23]), "mat3x2<f32>");
    assert_eq!(e.result("determinant", &[m33]), "abstract-float");
    let err = e.call("determinant", &[m23]).unwrap_err();
    assert_eq!(
        err.message,
        "no matching call to 'determinant(mat2x3<f32>)'"
    );
    assert_eq!(err.arg_index, Some(0));
}

#[test]
fn bit_family() {
    let mut e = Env::new();
    let (ai, i, u, f) = (e.s(AI), e.s(I32), e.s(U32), e.s(F32));
    let v2u = e.v(2, U32);
    // Bit builtins take concrete integers: an abstract argument becomes i32.
    let r = e.call("countLeadingZeros", &[ai]).unwrap();
    assert_eq!(e.params(&r), ["i32"]);
    assert_eq!(e.result("countOneBits", &[v2u]), "vec2<u32>");
    assert!(e.call("reverseBits", &[f]).is_err());
    let r = e.call("extractBits", &[i, ai, ai]).unwrap();
    assert_eq!(e.params(&r), ["i32", "u32", "u32"]);
    assert_eq!(e.result("extractBits", &[v2u, u, u]), "vec2<u32>");
    assert!(e.call("extractBits", &[u, i, u]).is_err());
    assert_eq!(e.result("insertBits", &[u, ai, u, u]), "u32");
    assert_eq!(e.result("firstLeadingBit", &[i]), "i32");
    assert_eq!(e.result("firstTrailingBit", &[v2u]), "vec2<u32>");
}

#[test]
fn packing_family() {
    let mut e = Env::new();
    let (u, v4f, v4i, v4u, v2f, v4af) = (
        e.s(U32),
        e.v(4, F32),
        e.v(4, I32),
        e.v(4, U32),
        e.v(2, F32),
        e.v(4, AF),
    );
    assert_eq!(e.result("pack4x8snorm", &[v4f]), "u32");
    assert_eq!(e.result("pack4x8unorm", &[v4af]), "u32");
    assert_eq!(e.result("pack4xI8", &[v4i]), "u32");
    assert_eq!(e.result("pack4xU8Clamp", &[v4u]), "u32");
    assert!(e.call("pack4xI8Clamp", &[v4u]).is_err());
    assert_eq!(e.result("pack2x16float", &[v2f]), "u32");
    assert_eq!(e.result("unpack4xI8", &[u]), "vec4<i32>");
    assert_eq!(e.result("unpack4xU8", &[u]), "vec4<u32>");
    assert_eq!(e.result("unpack2x16snorm", &[u]), "vec2<f32>");
    assert_eq!(e.result("unpack4x8unorm", &[u]), "vec4<f32>");
}

#[test]
fn logical_and_select() {
    let mut e = Env::new();
    let (b, vb3, vb2, f, ai, af, v3f) = (
        e.s(Bool),
        e.v(3, Bool),
        e.v(2, Bool),
        e.s(F32),
        e.s(AI),
        e.s(AF),
        e.v(3, F32),
    );
    assert_eq!(e.result("all", &[vb3]), "bool");
    assert_eq!(e.result("any", &[b]), "bool");
    assert!(e.call("all", &[f]).is_err());
    assert_eq!(e.result("select", &[f, ai, b]), "f32");
    assert_eq!(e.result("select", &[v3f, v3f, vb3]), "vec3<f32>");
    assert_eq!(e.result("select", &[v3f, v3f, b]), "vec3<f32>");
    assert!(e.call("select", &[v3f, v3f, vb2]).is_err());
    // A bool argument is concrete, so the result is materialized.
    let r = e.call("select", &[ai, af, b]).unwrap();
    assert_eq!(e.params(&r), ["f32", "f32", "bool"]);
}

#[test]
fn frexp_and_modf_results() {
    let mut e = Env::new();
    let (f, af, v3h) = (e.s(F32), e.s(AF), e.v(3, F16));
    let ai = e.s(AI);
    assert_eq!(e.result("frexp", &[f]), "__frexp_result_f32");
    assert_eq!(e.result("frexp", &[v3h]), "__frexp_result_vec3_f16");
    assert_eq!(e.result("frexp", &[ai]), "__frexp_result_abstract");
    assert_eq!(e.result("modf", &[af]), "__modf_result_abstract");
    assert_eq!(e.result("modf", &[v3h]), "__modf_result_vec3_f16");
    let r = e.call("modf", &[f]).unwrap();
    assert_eq!(r.op, BuiltinOp::Math(MathFunction::Modf));
    assert_eq!(
        r.result,
        Some(modf_result_type(&mut e.m, F32, None)),
        "same interned struct"
    );
}

#[test]
fn readable_signatures() {
    let sigs = signatures(lookup("all").unwrap());
    assert_eq!(sigs, ["all(bool) -> bool", "all(vecN<bool>) -> bool"]);
    let sigs = signatures(lookup("dot").unwrap());
    assert_eq!(
        sigs,
        ["dot(vecN<T>, vecN<T>) -> T  where T is abstract-int, abstract-float, f32, f16, i32 or u32"]
    );
    let sigs = signatures(lookup("ldexp").unwrap());
    assert_eq!(sigs.len(), 4);
    assert_eq!(sigs[2], "ldexp(T, I) -> T  where T is f32 or f16, I is i32");
    let sigs = signatures(lookup("atomicCompareExchangeWeak").unwrap());
    assert_eq!(
        sigs,
        ["atomicCompareExchangeWeak(ptr<AS, atomic<T>, read_write>, T, T) -> __atomic_compare_exchange_result_T  where T is i32 or u32"]
    );
    let sigs = signatures(lookup("transpose").unwrap());
    assert_eq!(
        sigs,
        ["transpose(matCxR<T>) -> matRxC<T>  where T is abstract-float, f32 or f16"]
    );
    assert_eq!(signatures(lookup("subgroupMatrixLoad").unwrap()).len(), 2);
    let sigs = signatures(lookup("textureLoad").unwrap());
    assert!(
        sigs.contains(&"textureLoad(t: texture_2d_array<T>, coords: vec2<C>, array_index: A, level: L) -> vec4<T>".to_string()),
        "{sigs:?}"
    );
    assert!(
        sigs.contains(&"textureLoad(t: texel_buffer<F, A>, coords: C) -> vec4<T>".to_string()),
        "{sigs:?}"
    );
}

//! The predeclared result structures of `frexp`, `modf` and
//! `atomicCompareExchangeWeak`, interned with their WGSL names and layout.

use crate::arena::Handle;
use crate::ir::{Module, Scalar, StructMember, Type, TypeInner, VectorSize};
use crate::span::Span;

/// Interns a value type: `scalar` or `vec<size><scalar>`.
fn value(module: &mut Module, scalar: Scalar, size: Option<VectorSize>) -> Handle<Type> {
    module.intern(match size {
        None => TypeInner::Scalar(scalar),
        Some(size) => TypeInner::Vector { size, scalar },
    })
}

/// The name suffix: `f32`, `vec3_f16`, `abstract`, `vec2_abstract`.
fn suffix(scalar: Scalar, size: Option<VectorSize>) -> String {
    let s = if scalar.is_abstract() {
        "abstract"
    } else {
        scalar.wgsl_name()
    };
    match size {
        None => s.to_string(),
        Some(n) => format!("vec{}_{}", n.get(), s),
    }
}

/// Interns a named struct with laid-out members.
fn named_struct(
    module: &mut Module,
    name: String,
    fields: &[(&str, Handle<Type>)],
) -> Handle<Type> {
    let mut members: Vec<StructMember> = fields
        .iter()
        .map(|&(name, ty)| StructMember {
            name: name.to_string(),
            ty,
            binding: None,
            offset: 0,
            size: 0,
            align: 0,
        })
        .collect();
    let span = crate::ir::layout::layout_struct(module, &mut members, &[]);
    module.types.insert(
        Type {
            name: Some(name),
            inner: TypeInner::Struct { members, span },
        },
        Span::UNDEFINED,
    )
}

/// `__frexp_result_*`: `fract` of the argument's type, `exp` of the same
/// shape of `i32` (abstract-int for abstract-float arguments).
pub fn frexp(module: &mut Module, scalar: Scalar, size: Option<VectorSize>) -> Handle<Type> {
    let exp_scalar = if scalar.is_abstract() {
        Scalar::AbstractInt
    } else {
        Scalar::I32
    };
    let fract = value(module, scalar, size);
    let exp = value(module, exp_scalar, size);
    let name = format!("__frexp_result_{}", suffix(scalar, size));
    named_struct(module, name, &[("fract", fract), ("exp", exp)])
}

/// `__modf_result_*`: `fract` and `whole`, both of the argument's type.
pub fn modf(module: &mut Module, scalar: Scalar, size: Option<VectorSize>) -> Handle<Type> {
    let t = value(module, scalar, size);
    let name = format!("__modf_result_{}", suffix(scalar, size));
    named_struct(module, name, &[("fract", t), ("whole", t)])
}

/// `__atomic_compare_exchange_result_*`: `old_value` and `exchanged`.
pub fn atomic_compare_exchange(module: &mut Module, scalar: Scalar) -> Handle<Type> {
    let t = value(module, scalar, None);
    let b = value(module, Scalar::Bool, None);
    let name = format!("__atomic_compare_exchange_result_{}", scalar.wgsl_name());
    named_struct(module, name, &[("old_value", t), ("exchanged", b)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(module: &Module, ty: Handle<Type>) -> Vec<(String, u32, String)> {
        match &module.types[ty].inner {
            TypeInner::Struct { members, .. } => members
                .iter()
                .map(|m| {
                    (
                        m.name.clone(),
                        m.offset,
                        crate::builtins::display::type_name(module, m.ty),
                    )
                })
                .collect(),
            other => panic!("not a struct: {other:?}"),
        }
    }

    #[test]
    fn frexp_structs() {
        let mut m = Module::default();
        let t = frexp(&mut m, Scalar::F32, None);
        assert_eq!(m.types[t].name.as_deref(), Some("__frexp_result_f32"));
        assert_eq!(
            members(&m, t),
            vec![
                ("fract".to_string(), 0, "f32".to_string()),
                ("exp".to_string(), 4, "i32".to_string())
            ]
        );
        let t3 = frexp(&mut m, Scalar::F16, Some(VectorSize::Tri));
        assert_eq!(m.types[t3].name.as_deref(), Some("__frexp_result_vec3_f16"));
        // vec3<f16> is 6 bytes aligned to 8; vec3<i32> is aligned to 16.
        assert_eq!(members(&m, t3)[1].1, 16);
        let ta = frexp(&mut m, Scalar::AbstractFloat, None);
        assert_eq!(m.types[ta].name.as_deref(), Some("__frexp_result_abstract"));
        assert_eq!(members(&m, ta)[1].2, "abstract-int");
        // Interning is idempotent.
        assert_eq!(frexp(&mut m, Scalar::F32, None), t);
    }

    #[test]
    fn modf_and_atomic_structs() {
        let mut m = Module::default();
        let t = modf(&mut m, Scalar::AbstractFloat, Some(VectorSize::Bi));
        assert_eq!(
            m.types[t].name.as_deref(),
            Some("__modf_result_vec2_abstract")
        );
        assert_eq!(members(&m, t)[1].0, "whole");
        let a = atomic_compare_exchange(&mut m, Scalar::U32);
        assert_eq!(
            m.types[a].name.as_deref(),
            Some("__atomic_compare_exchange_result_u32")
        );
        assert_eq!(
            members(&m, a),
            vec![
                ("old_value".to_string(), 0, "u32".to_string()),
                ("exchanged".to_string(), 4, "bool".to_string())
            ]
        );
    }
}

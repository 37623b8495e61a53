//! How the MSL output spells scalar, vector and subgroup-matrix types,
//! float literals and address spaces, for the modules that print builtins
//! (`math`, `matrix`, `intrinsic`). A leaf module. The printer writes no
//! helper functions: what Metal spells differently from WGSL, the MSL
//! lowering passes (`msl-builtins`, `msl-simdgroup`) build as IR.

use crate::ir::{AddressSpace, Scalar, VectorSize};

/// A scalar or vector value type, as the printer spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct ValTy {
    /// Component type (bool, i32, u32, f32 or f16).
    pub scalar: Scalar,
    /// `None` for a scalar.
    pub size: Option<VectorSize>,
}

impl ValTy {
    /// The MSL spelling: `float`, `metal::int3`, ...
    pub fn name(self) -> String {
        let s = scalar_name(self.scalar);
        match self.size {
            None => s.to_string(),
            Some(n) => format!("metal::{s}{}", n.get()),
        }
    }

    /// The same shape with `scalar` components.
    pub fn with_scalar(self, scalar: Scalar) -> ValTy {
        ValTy {
            scalar,
            size: self.size,
        }
    }
}

/// The MSL name of a scalar type ([`super::types::scalar_name`], with
/// abstract types named as their concrete defaults).
pub(super) fn scalar_name(s: Scalar) -> &'static str {
    super::types::scalar_name(s).unwrap_or(match s {
        Scalar::AbstractInt => "int",
        _ => "float",
    })
}

/// A floating-point literal of scalar type `s` (`1.0f`, `1.0h`).
pub(super) fn float_literal(s: Scalar, text: &str) -> String {
    match s {
        Scalar::F16 => format!("{text}h"),
        _ => format!("{text}f"),
    }
}

/// The MSL address-space qualifier of a buffer or workgroup pointer.
pub(super) fn space_qualifier(space: AddressSpace) -> &'static str {
    match space {
        AddressSpace::Workgroup => "threadgroup",
        AddressSpace::Uniform | AddressSpace::Immediate => "constant",
        // `pixel_local` never gets here: the pass list rejects it.
        AddressSpace::Function | AddressSpace::Private | AddressSpace::PixelLocal => "thread",
        AddressSpace::Storage | AddressSpace::Handle => "device",
    }
}

/// The Metal type of an 8x8 subgroup matrix with `comp` components.
pub(super) fn comp_type_name(comp: Scalar) -> &'static str {
    match comp {
        Scalar::F16 => "metal::simdgroup_half8x8",
        Scalar::BF16 => "metal::simdgroup_bfloat8x8",
        _ => "metal::simdgroup_float8x8",
    }
}

/// `metal::make_filled_simdgroup_matrix` with `comp` components.
pub(super) fn filled(comp: Scalar, value: &str) -> String {
    if comp == Scalar::BF16 {
        // The shader scalar of a bf16 matrix is f32, which Metal converts
        // to bfloat only explicitly.
        return format!("metal::make_filled_simdgroup_matrix<bfloat, 8, 8>(bfloat({value}))");
    }
    format!(
        "metal::make_filled_simdgroup_matrix<{}, 8, 8>({value})",
        scalar_name(comp)
    )
}

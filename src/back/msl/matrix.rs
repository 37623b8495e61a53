//! Subgroup matrices as Metal `simdgroup_matrix` values.
//!
//! Mapping (the proposal's MSL column; `capability` has already rejected
//! what Metal cannot express, so every matrix here is 8x8 with f32 or f16
//! components):
//! - left, right and result types all become `metal::simdgroup_float8x8`,
//!   `metal::simdgroup_half8x8` or (MSL 3.1) `metal::simdgroup_bfloat8x8`;
//!   a bf16 fill value (an `f32`) is converted explicitly, `bfloat(x)`,
//!   as Metal converts to `bfloat` only explicitly;
//! - `M()` and `M(v)` become `metal::make_filled_simdgroup_matrix<T, 8, 8>`;
//! - `subgroupMatrixLoad`/`Store` call `metal::simdgroup_load`/`_store`
//!   through helpers (so a load composes as an expression). The pointer is
//!   the array's element 0 reinterpreted as a pointer to the component type
//!   and advanced by `offset * k` components, where `k` is the array stride
//!   over the component size (the IR counts offset and stride in array
//!   elements, which may be vectors or wider scalars); `elements_per_row`
//!   is `stride * k`; the origin is `(0, 0)`; `transpose` is `true` for
//!   column-major. The robustness pass has already clamped offset and
//!   stride (or guarded the access) when bounds checks are on;
//! - `subgroupMatrixMultiply(Accumulate)` call `metal::simdgroup_multiply`
//!   / `simdgroup_multiply_accumulate` into a temporary in a helper;
//! - the scalar builtins follow the proposal's table, with `I` the
//!   identity (`simdgroup_matrix<T, 8, 8>(1)` is the diagonal constructor)
//!   and `F(x)` the filled matrix:
//!   `add(m, s) = m * I + F(s)`, `subtract(m, s) = m * I + F(-s)`,
//!   `multiply(m, s) = m * diag(s)`. Since `(m I)[r][c] = sum_k m[r][k]
//!   I[k][c] = m[r][c]` and `(m diag(s))[r][c] = m[r][c] s`, these are the
//!   element-wise operations for finite values (an infinite or NaN element
//!   of `m` also reaches the other elements of its row through the zero
//!   products, a known limit of the proposal's mapping).
//!
//! Metal's documented functions take their matrix operands as `thread`
//! references, so the helpers pass only named locals and parameters.

use super::polyfill::{
    comp_type_name, filled, float_literal, scalar_name, space_qualifier, Helper, Helpers,
};
use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{AddressSpace, MatrixLayout, MatrixScalarOp, Module, Scalar, Type, TypeInner};

fn err(message: impl Into<String>) -> Box<Diagnostic> {
    Box::new(Diagnostic::without_location(message))
}

/// The component type of a subgroup-matrix type that Metal can express
/// (f32 or f16).
fn component(module: &Module, ty: Handle<Type>) -> Result<Scalar, Box<Diagnostic>> {
    match module.types.try_get(ty).map(|t| &t.inner) {
        Some(TypeInner::SubgroupMatrix { scalar, .. })
            if matches!(scalar, Scalar::F32 | Scalar::F16 | Scalar::BF16) =>
        {
            Ok(*scalar)
        }
        Some(TypeInner::SubgroupMatrix { .. }) => Err(err(format!(
            "Metal cannot express '{}': simdgroup matrices have f32, f16 or bf16 components",
            crate::ir::display::type_name(module, ty)
        ))),
        _ => Err(err("expected a subgroup matrix type")),
    }
}

/// The MSL type of a subgroup-matrix type (all three kinds map to the same
/// Metal type); an error for what Metal cannot express.
pub(super) fn matrix_type_name(
    module: &Module,
    ty: Handle<Type>,
) -> Result<String, Box<Diagnostic>> {
    Ok(comp_type_name(component(module, ty)?).to_string())
}

/// The zero matrix `M()`.
pub(super) fn zero(module: &Module, ty: Handle<Type>) -> Result<String, Box<Diagnostic>> {
    let comp = component(module, ty)?;
    Ok(filled(comp, &float_literal(comp, "0.0")))
}

/// The fill constructor `M(value)`.
pub(super) fn fill(
    module: &Module,
    ty: Handle<Type>,
    value: &str,
) -> Result<String, Box<Diagnostic>> {
    Ok(filled(component(module, ty)?, value))
}

/// Where a load or store accesses memory.
pub(super) struct MatrixAccess<'a> {
    /// An MSL expression that indexes the array (`name`, `buf.inner`,
    /// `(*p)`): `&(array)[0]` must be a pointer to its element 0.
    pub array: &'a str,
    /// The IR array type.
    pub array_ty: Handle<Type>,
    /// Storage or workgroup.
    pub space: AddressSpace,
    /// The offset (array elements) and whether it is an `i32`.
    pub offset: (&'a str, bool),
    /// The stride (array elements) and whether it is an `i32`.
    pub stride: (&'a str, bool),
    /// Majorness.
    pub layout: MatrixLayout,
}

fn to_uint((value, signed): (&str, bool)) -> String {
    if signed {
        format!("as_type<uint>({value})")
    } else {
        value.to_string()
    }
}

/// The call arguments shared by loads and stores after the matrix:
/// `(component pointer to element 0, offset, stride, k, transpose)`.
fn access_args(
    module: &Module,
    comp: Scalar,
    access: &MatrixAccess,
    constness: &str,
) -> Result<String, Box<Diagnostic>> {
    let array_stride = match module.types.try_get(access.array_ty).map(|t| &t.inner) {
        Some(TypeInner::Array { stride, .. }) => *stride,
        _ => return Err(err("subgroup matrix pointer does not point to an array")),
    };
    let size = comp.size();
    if array_stride == 0 || array_stride % size != 0 {
        return Err(err(format!(
            "cannot write a subgroup matrix access in MSL: the array stride ({array_stride} bytes) is not a multiple of the component size ({size} bytes)"
        )));
    }
    let k = array_stride / size;
    let ptr = format!(
        "reinterpret_cast<{constness}{} {}*>(&({})[0])",
        space_qualifier(access.space),
        scalar_name(comp),
        access.array
    );
    let transpose = matches!(access.layout, MatrixLayout::ColumnMajor);
    let mut args = vec![ptr];
    args.push(to_uint(access.offset));
    args.push(to_uint(access.stride));
    args.push(format!("{k}u"));
    args.push(transpose.to_string());
    Ok(args.join(", "))
}

/// `subgroupMatrixLoad` of type `ty`.
pub(super) fn load(
    module: &Module,
    ty: Handle<Type>,
    access: &MatrixAccess,
    helpers: &mut Helpers,
) -> Result<String, Box<Diagnostic>> {
    let comp = component(module, ty)?;
    let args = access_args(module, comp, access, "const ")?;
    let name = helpers.request(Helper::MatrixLoad {
        comp,
        space: access.space,
    });
    Ok(format!("{name}({args})"))
}

/// `subgroupMatrixStore` of `value` (of type `ty`): an expression to write
/// as a statement.
pub(super) fn store(
    module: &Module,
    ty: Handle<Type>,
    value: &str,
    access: &MatrixAccess,
    helpers: &mut Helpers,
) -> Result<String, Box<Diagnostic>> {
    let comp = component(module, ty)?;
    let args = access_args(module, comp, access, "")?;
    let name = helpers.request(Helper::MatrixStore {
        comp,
        space: access.space,
    });
    Ok(format!("{name}({value}, {args})"))
}

/// `subgroupMatrixMultiply(left, right)` (`acc` is `None`) or
/// `subgroupMatrixMultiplyAccumulate(left, right, acc)` with result type
/// `ty`. The operands must have the result's component type (checked by
/// `capability`).
pub(super) fn multiply(
    module: &Module,
    ty: Handle<Type>,
    left_ty: Handle<Type>,
    left: &str,
    right: &str,
    acc: Option<&str>,
    helpers: &mut Helpers,
) -> Result<String, Box<Diagnostic>> {
    let comp = component(module, ty)?;
    let operand = component(module, left_ty)?;
    if operand != comp {
        return Err(err(format!(
            "Metal cannot express a multiply of '{}' operands into '{}': simdgroup_multiply takes operands of one component type",
            crate::ir::display::type_name(module, left_ty),
            crate::ir::display::type_name(module, ty)
        )));
    }
    Ok(match acc {
        None => {
            let name = helpers.request(Helper::MatrixMultiply { comp });
            format!("{name}({left}, {right})")
        }
        Some(acc) => {
            let name = helpers.request(Helper::MatrixMultiplyAccumulate { comp });
            format!("{name}({left}, {right}, {acc})")
        }
    })
}

/// `subgroupMatrixScalarAdd/Subtract/Multiply(matrix, scalar)` for a matrix
/// of type `ty`.
pub(super) fn scalar_op(
    module: &Module,
    ty: Handle<Type>,
    op: MatrixScalarOp,
    matrix: &str,
    scalar: &str,
    helpers: &mut Helpers,
) -> Result<String, Box<Diagnostic>> {
    let comp = component(module, ty)?;
    let name = helpers.request(Helper::MatrixScalar { op, comp });
    Ok(format!("{name}({matrix}, {scalar})"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{ArraySize, MatrixDim, SubgroupMatrixKind};

    fn matrix(m: &mut Module, kind: SubgroupMatrixKind, scalar: Scalar) -> Handle<Type> {
        m.intern(TypeInner::SubgroupMatrix {
            kind,
            scalar,
            columns: MatrixDim::Constant(8),
            rows: MatrixDim::Constant(8),
        })
    }

    fn array(m: &mut Module, elem: TypeInner, stride: u32) -> Handle<Type> {
        let base = m.intern(elem);
        m.intern(TypeInner::Array {
            base,
            size: ArraySize::Runtime,
            stride,
        })
    }

    #[test]
    fn types_and_constructors() {
        let mut m = Module::default();
        let l = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::F32);
        let r = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F16);
        assert_eq!(
            matrix_type_name(&m, l).unwrap(),
            "metal::simdgroup_float8x8"
        );
        assert_eq!(matrix_type_name(&m, r).unwrap(), "metal::simdgroup_half8x8");
        assert_eq!(
            zero(&m, l).unwrap(),
            "metal::make_filled_simdgroup_matrix<float, 8, 8>(0.0f)"
        );
        assert_eq!(
            fill(&m, r, "v").unwrap(),
            "metal::make_filled_simdgroup_matrix<half, 8, 8>(v)"
        );
        let i = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::I8);
        assert_eq!(
            zero(&m, i).unwrap_err().message,
            "Metal cannot express 'subgroup_matrix_left<i8, 8, 8>': simdgroup matrices have f32, f16 or bf16 components"
        );
        let b = matrix(&mut m, SubgroupMatrixKind::Right, Scalar::BF16);
        assert_eq!(
            matrix_type_name(&m, b).unwrap(),
            "metal::simdgroup_bfloat8x8"
        );
        assert_eq!(
            fill(&m, b, "v").unwrap(),
            "metal::make_filled_simdgroup_matrix<bfloat, 8, 8>(bfloat(v))"
        );
    }

    #[test]
    fn load_same_element_type() {
        let mut m = Module::default();
        let ty = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::F32);
        let arr = array(&mut m, TypeInner::Scalar(Scalar::F32), 4);
        let mut h = Helpers::default();
        let access = MatrixAccess {
            array: "buf.inner",
            array_ty: arr,
            space: AddressSpace::Storage,
            offset: ("o", false),
            stride: ("s", true),
            layout: MatrixLayout::RowMajor,
        };
        assert_eq!(
            load(&m, ty, &access, &mut h).unwrap(),
            "tessera_simdgroup_load_device_float(reinterpret_cast<const device float*>(&(buf.inner)[0]), o, as_type<uint>(s), 1u, false)"
        );
        let mut out = String::new();
        h.write(&mut out);
        assert_eq!(
            out,
            "metal::simdgroup_float8x8 tessera_simdgroup_load_device_float(const device float* base, uint offset, uint stride, uint k, bool transpose) {\n  metal::simdgroup_float8x8 m;\n  metal::simdgroup_load(m, base + ulong(offset) * k, ulong(stride) * k, ulong2(0, 0), transpose);\n  return m;\n}\n\n"
        );
    }

    #[test]
    fn store_vector_elements_column_major() {
        let mut m = Module::default();
        let ty = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F16);
        // array<vec4<f32>>: 16-byte elements hold 8 f16 components.
        let arr = array(
            &mut m,
            TypeInner::Vector {
                size: crate::ir::VectorSize::Quad,
                scalar: Scalar::F32,
            },
            16,
        );
        let mut h = Helpers::default();
        let access = MatrixAccess {
            array: "wg",
            array_ty: arr,
            space: AddressSpace::Workgroup,
            offset: ("2u", false),
            stride: ("4u", false),
            layout: MatrixLayout::ColumnMajor,
        };
        assert_eq!(
            store(&m, ty, "r", &access, &mut h).unwrap(),
            "tessera_simdgroup_store_threadgroup_half(r, reinterpret_cast<threadgroup half*>(&(wg)[0]), 2u, 4u, 8u, true)"
        );
        let mut out = String::new();
        h.write(&mut out);
        assert!(out.starts_with("void tessera_simdgroup_store_threadgroup_half(metal::simdgroup_half8x8 value, threadgroup half* base, uint offset, uint stride, uint k, bool transpose) {\n"), "{out}");
        assert!(out.contains("  metal::simdgroup_store(value, base + ulong(offset) * k, ulong(stride) * k, ulong2(0, 0), transpose);\n"), "{out}");
    }

    #[test]
    fn stride_must_hold_whole_components() {
        let mut m = Module::default();
        let ty = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::F32);
        let arr = array(&mut m, TypeInner::Scalar(Scalar::F16), 2);
        let mut h = Helpers::default();
        let access = MatrixAccess {
            array: "a",
            array_ty: arr,
            space: AddressSpace::Storage,
            offset: ("0u", false),
            stride: ("8u", false),
            layout: MatrixLayout::RowMajor,
        };
        assert_eq!(
            load(&m, ty, &access, &mut h).unwrap_err().message,
            "cannot write a subgroup matrix access in MSL: the array stride (2 bytes) is not a multiple of the component size (4 bytes)"
        );
    }

    #[test]
    fn multiplies() {
        let mut m = Module::default();
        let l = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::F16);
        let r = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F16);
        let r32 = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F32);
        let mut h = Helpers::default();
        assert_eq!(
            multiply(&m, r, l, "a", "b", None, &mut h).unwrap(),
            "tessera_simdgroup_multiply_half(a, b)"
        );
        assert_eq!(
            multiply(&m, r, l, "a", "b", Some("c"), &mut h).unwrap(),
            "tessera_simdgroup_multiply_accumulate_half(a, b, c)"
        );
        let mut out = String::new();
        h.write(&mut out);
        assert!(out.contains("metal::simdgroup_half8x8 tessera_simdgroup_multiply_accumulate_half(metal::simdgroup_half8x8 a, metal::simdgroup_half8x8 b, metal::simdgroup_half8x8 c) {\n  metal::simdgroup_half8x8 d;\n  metal::simdgroup_multiply_accumulate(d, a, b, c);\n  return d;\n}\n"), "{out}");
        assert_eq!(
            multiply(&m, r32, l, "a", "b", None, &mut h).unwrap_err().message,
            "Metal cannot express a multiply of 'subgroup_matrix_left<f16, 8, 8>' operands into 'subgroup_matrix_result<f32, 8, 8>': simdgroup_multiply takes operands of one component type"
        );
    }

    #[test]
    fn scalar_ops_follow_the_proposal() {
        let mut m = Module::default();
        let ty = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F32);
        let mut h = Helpers::default();
        assert_eq!(
            scalar_op(&m, ty, MatrixScalarOp::Subtract, "x", "1.0f", &mut h).unwrap(),
            "tessera_simdgroup_scalar_subtract_float(x, 1.0f)"
        );
        scalar_op(&m, ty, MatrixScalarOp::Multiply, "x", "2.0f", &mut h).unwrap();
        let mut out = String::new();
        h.write(&mut out);
        assert!(out.contains("metal::simdgroup_float8x8 tessera_simdgroup_scalar_subtract_float(metal::simdgroup_float8x8 m, float s) {\n  metal::simdgroup_float8x8 d;\n  metal::simdgroup_float8x8 identity = metal::simdgroup_float8x8(1.0f);\n  metal::simdgroup_float8x8 filled = metal::make_filled_simdgroup_matrix<float, 8, 8>(-s);\n  metal::simdgroup_multiply_accumulate(d, m, identity, filled);\n  return d;\n}\n"), "{out}");
        assert!(out.contains("  metal::simdgroup_float8x8 diagonal = metal::simdgroup_float8x8(s);\n  metal::simdgroup_multiply(d, m, diagonal);\n"), "{out}");
    }
}

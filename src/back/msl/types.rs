//! Type spellings and struct layout.

use crate::arena::Handle;
use crate::ir::{MatrixDim, Module, Scalar, SubgroupMatrixKind, Type, TypeInner};
use crate::pipeline::Pipeline;

/// A subgroup matrix type with its dimensions known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MatrixShape {
    /// Left, right or result.
    pub kind: SubgroupMatrixKind,
    /// Component type.
    pub scalar: Scalar,
    /// Columns.
    pub columns: u32,
    /// Rows.
    pub rows: u32,
}

/// What builtin helpers need to know about types: the module and the MSL
/// spelling of each type.
pub(super) struct TypeCtx<'a> {
    /// The module being written.
    pub module: &'a Module,
    /// The pipeline (override values for matrix dimensions).
    pub pipeline: &'a Pipeline,
    /// MSL spelling per type, parallel to `module.types`.
    pub names: Vec<String>,
}

impl<'a> TypeCtx<'a> {
    /// The MSL spelling of a type (e.g. `float`, `metal::float4`,
    /// `metal::simdgroup_float8x8`, a struct's name).
    pub fn type_name(&self, ty: Handle<Type>) -> String {
        self.names.get(ty.index()).cloned().unwrap_or_default()
    }

    /// The inner type.
    pub fn inner(&self, ty: Handle<Type>) -> &'a TypeInner {
        self.module.inner(ty)
    }

    /// A subgroup matrix type's shape (`None` for other types or dimensions
    /// that are not known).
    pub fn matrix_shape(&self, ty: Handle<Type>) -> Option<MatrixShape> {
        match *self.module.inner(ty) {
            TypeInner::SubgroupMatrix {
                kind,
                scalar,
                columns,
                rows,
            } => Some(MatrixShape {
                kind,
                scalar,
                columns: self.dim(columns)?,
                rows: self.dim(rows)?,
            }),
            _ => None,
        }
    }

    fn dim(&self, d: MatrixDim) -> Option<u32> {
        match d {
            MatrixDim::Constant(n) => Some(n),
            MatrixDim::Override(o) => {
                let v = *self.pipeline.override_values.get(o.index())?;
                match self.module.constants[v] {
                    crate::ir::ConstValue::Scalar(l) => match l {
                        crate::ir::Literal::I32(x) => u32::try_from(x).ok(),
                        crate::ir::Literal::U32(x) => Some(x),
                        crate::ir::Literal::AbstractInt(x) => u32::try_from(x).ok(),
                        _ => None,
                    },
                    _ => None,
                }
            }
        }
    }
}

/// The MSL spelling of a scalar (`None` for abstract and 8-bit types).
pub(super) fn scalar_name(s: Scalar) -> Option<&'static str> {
    Some(match s {
        Scalar::Bool => "bool",
        Scalar::I32 => "int",
        Scalar::U32 => "uint",
        Scalar::F32 => "float",
        Scalar::F16 => "half",
        Scalar::I8 => "char",
        Scalar::U8 => "uchar",
        Scalar::AbstractInt | Scalar::AbstractFloat => return None,
    })
}

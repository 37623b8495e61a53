//! The declarative table of WGSL builtin functions, and the overload
//! matcher over it (DESIGN.md section 5).
//!
//! Every builtin function is declared once, as data: name, overloads with
//! type patterns, required extension, allowed stages, `@must_use`,
//! const-evaluability, and the IR operation it lowers to. Overload
//! resolution ([`resolve_call`]) is one generic matcher implementing WGSL's
//! overload resolution (automatic conversions of abstract arguments,
//! conversion rank). Value constructors (`vec3f(...)`, `array(...)`,
//! `f32(x)`) are types, not builtins, and are resolved by the resolver.
//!
//! STATUS: API contract. Bodies are implemented by the builtins work item.

use crate::arena::Handle;
use crate::ir::{
    AtomicFunction, Barrier, Extensions, MathFunction, MatrixLayout, MatrixScalarOp, Module,
    Scalar, ShaderStage, SubgroupOp, Type, VectorSize,
};

/// What a builtin call lowers to in the IR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltinOp {
    /// A pure function: [`crate::ir::Expression::Math`].
    Math(MathFunction),
    /// `select`.
    Select,
    /// `bitcast<T>`.
    Bitcast,
    /// `arrayLength`.
    ArrayLength,
    /// `atomic*`.
    Atomic(AtomicFunction),
    /// `workgroupBarrier`, `storageBarrier`, `textureBarrier`.
    Barrier(Barrier),
    /// `workgroupUniformLoad`.
    WorkgroupUniformLoad,
    /// Subgroup and quad builtins.
    Subgroup(SubgroupOp),
    /// `subgroupMatrixLoad` (either form).
    SubgroupMatrixLoad,
    /// `subgroupMatrixStore` (either form).
    SubgroupMatrixStore,
    /// `subgroupMatrixMultiply`.
    SubgroupMatrixMultiply,
    /// `subgroupMatrixMultiplyAccumulate`.
    SubgroupMatrixMultiplyAccumulate,
    /// `subgroupMatrixScalarAdd/Subtract/Multiply`.
    SubgroupMatrixScalar(MatrixScalarOp),
    /// A builtin of the render stages (derivatives, textures, ...): parsed,
    /// but reported as "not supported yet".
    Unsupported,
}

/// Stages a builtin may be used in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stages {
    /// Allowed in vertex shaders.
    pub vertex: bool,
    /// Allowed in fragment shaders.
    pub fragment: bool,
    /// Allowed in compute shaders.
    pub compute: bool,
}

impl Stages {
    /// Whether `stage` is allowed.
    pub fn allows(self, stage: ShaderStage) -> bool {
        match stage {
            ShaderStage::Vertex => self.vertex,
            ShaderStage::Fragment => self.fragment,
            ShaderStage::Compute => self.compute,
        }
    }
}

/// A builtin function's static description (one table row). The overload
/// patterns are private to this module.
#[derive(Debug)]
pub struct BuiltinDef {
    /// WGSL name.
    pub name: &'static str,
    /// IR operation.
    pub op: BuiltinOp,
    /// `@must_use`.
    pub must_use: bool,
    /// Whether calls with const-expression arguments are const-expressions.
    pub const_evaluable: bool,
    /// Extension that must be enabled (empty if none).
    pub extension: Extensions,
    /// Stages where it may be used.
    pub stages: Stages,
}

/// A resolved template argument of a builtin call (`bitcast<T>`,
/// `subgroupMatrixLoad<T, row_major>`, `subgroupMatrixMultiply<TR>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TemplateArg {
    /// A type.
    Type(Handle<Type>),
    /// A matrix layout enumerant (`row_major`, `col_major`).
    Layout(MatrixLayout),
}

/// The outcome of overload resolution.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolvedCall {
    /// The type each argument must be converted to (equal to the argument's
    /// own type when no conversion is needed; may stay abstract when every
    /// argument is abstract and the builtin is const-evaluable).
    pub params: Vec<Handle<Type>>,
    /// The return type (`None` for builtins that return nothing).
    pub result: Option<Handle<Type>>,
    /// The chosen operation (as in the table, refined where the overload
    /// decides it).
    pub op: BuiltinOp,
    /// For subgroup-matrix load/store: which form matched.
    pub matrix_form: Option<MatrixLoadStoreForm>,
    /// For subgroup-matrix load/store: the layout (from the template argument
    /// or the const `col_major` argument, which the resolver supplies via
    /// `const_bool_args`).
    pub layout: Option<MatrixLayout>,
}

/// The two spellings of subgroup-matrix load/store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixLoadStoreForm {
    /// `subgroupMatrixLoad<T>(p, offset, col_major, stride)`: offset/stride
    /// count matrix components; the array element is the shader scalar type.
    Proposal,
    /// `subgroupMatrixLoad<T, row_major|col_major>(p, offset, stride)`:
    /// offset/stride count array elements; any f32/i32/u32/f16 scalar or
    /// vector array element whose stride is at least the component size.
    Chromium,
}

/// Why no overload matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverloadError {
    /// One-line message, e.g. `no matching call to 'max(f32, i32)'`.
    pub message: String,
    /// Notes, e.g. the candidate overloads (`candidate: max(T, T) -> T where T is ...`).
    pub notes: Vec<String>,
    /// The argument the error is about, if one is to blame.
    pub arg_index: Option<usize>,
}

/// Finds a builtin function by name.
pub fn lookup(name: &str) -> Option<&'static BuiltinDef> {
    let _ = name;
    None
}

/// Resolves a call of `def` with the given template arguments and argument
/// types (abstract types for abstract arguments). `const_bool_args` gives the
/// value of arguments that are bool const-expressions (the proposal form's
/// `col_major`), `None` elsewhere. Interns any types it needs in `module`.
pub fn resolve_call(
    module: &mut Module,
    def: &'static BuiltinDef,
    template_args: &[TemplateArg],
    args: &[Handle<Type>],
    const_bool_args: &[Option<bool>],
) -> Result<ResolvedCall, OverloadError> {
    let _ = (module, template_args, args, const_bool_args);
    Err(OverloadError {
        message: format!("builtin '{}' is not supported yet", def.name),
        notes: Vec::new(),
        arg_index: None,
    })
}

/// The result struct type of `frexp` (`__frexp_result_f32`, ...), interned.
/// `size` is `None` for the scalar overload.
pub fn frexp_result_type(
    module: &mut Module,
    scalar: Scalar,
    size: Option<VectorSize>,
) -> Handle<Type> {
    let _ = (scalar, size);
    module.intern(crate::ir::TypeInner::Scalar(Scalar::F32))
}

/// The result struct type of `modf` (`__modf_result_f32`, ...), interned.
pub fn modf_result_type(
    module: &mut Module,
    scalar: Scalar,
    size: Option<VectorSize>,
) -> Handle<Type> {
    let _ = (scalar, size);
    module.intern(crate::ir::TypeInner::Scalar(Scalar::F32))
}

/// The result struct type of `atomicCompareExchangeWeak`
/// (`__atomic_compare_exchange_result_i32/u32`), interned.
pub fn atomic_compare_exchange_result_type(module: &mut Module, scalar: Scalar) -> Handle<Type> {
    let _ = scalar;
    module.intern(crate::ir::TypeInner::Scalar(Scalar::U32))
}

/// Every builtin in the table (for documentation and tests).
pub fn all() -> &'static [BuiltinDef] {
    &[]
}

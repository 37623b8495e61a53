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
//! Submodules: [`display`] (type spellings for messages), `pattern` (type
//! patterns and conversion ranks), `table` (the rows), `matcher` (overload
//! resolution over patterns), `special` (`bitcast`, `arrayLength`,
//! `workgroupUniformLoad`), `subgroup_matrix` (the subgroup-matrix
//! functions), `result_types` (the `frexp`/`modf`/atomic result structs).
//!
//! Contract with the resolver: argument types are the types of the argument
//! *values* (the resolver applies the Load Rule to references first), except
//! for pointer parameters (atomics, `arrayLength`, `workgroupUniformLoad`,
//! subgroup-matrix load/store), which receive the pointer type. The resolver
//! reports the row's extension and stage requirements and checks that the
//! arguments listed in [`BuiltinDef::const_args`] are const-expressions.

mod buffer_view;
mod coop_matrix;
mod coop_vector;
pub mod display;
mod matcher;
pub(crate) mod matrix_bounds;
mod matrix_reduce;
mod pattern;
mod resource_table;
pub(crate) mod result_types;
mod special;
mod subgroup_matrix;
mod subgroup_matrix_standard;
mod table;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_matrix;
pub mod texture;

use crate::arena::Handle;
use crate::ir::{
    AtomicFunction, Barrier, DerivativeAxis, DerivativeControl, Extensions, MathFunction,
    MatrixLayout, MatrixScalarOp, Module, Scalar, ShaderStage, SubgroupOp, Type, VectorSize,
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
    /// `bufferView` (`false`) / `bufferArrayView` (`true`).
    BufferView(bool),
    /// `bufferLength`.
    BufferLength,
    /// `atomic*`.
    Atomic(AtomicFunction),
    /// `workgroupBarrier`, `storageBarrier`, `textureBarrier`.
    Barrier(Barrier),
    /// `workgroupUniformLoad`.
    WorkgroupUniformLoad,
    /// `hasResource<T>` / `getResource<T>`
    /// (`chromium_experimental_resource_table`).
    ResourceTable(crate::ir::ResourceTableOp),
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
    /// `subgroupMatrixConvert<T>(m)` (`tessera_experimental_subgroup_matrix`).
    SubgroupMatrixConvert,
    /// `subgroupMatrixFromRows<T>(v)` (`false`) / `subgroupMatrixFromColumns<T>(v)` (`true`).
    SubgroupMatrixFromInvocations(bool),
    /// `subgroupMatrixRow(m)` (`false`) / `subgroupMatrixColumn(m)` (`true`).
    SubgroupMatrixToInvocations(bool),
    /// `subgroupMatrixScalarAdd/Subtract/Multiply`.
    SubgroupMatrixScalar(MatrixScalarOp),
    /// `dpdx*`, `dpdy*`, `fwidth*`: [`crate::ir::Expression::Derivative`].
    Derivative(DerivativeAxis, DerivativeControl),
    /// `coopVecMatMul` (`false`) / `coopVecMatMulAdd` (`true`), with the
    /// matrix's 8-bit element type when the call names one (refined by the
    /// overload check).
    CoopVecMatMul(bool, Option<crate::ir::Scalar>),
    /// `coopVecMatMulOptimal` (`false`) / `coopVecMatMulAddOptimal`
    /// (`true`), likewise.
    CoopVecMatMulOptimal(bool, Option<crate::ir::Scalar>),
    /// `coopVecOuterProductAccumulate` (`outer`) /
    /// `coopVecReduceSumAccumulate`, with the element type in memory (the
    /// table's `F32` is refined by the overload check).
    CoopVecAccumulate {
        /// The outer product (else the reduction).
        outer: bool,
        /// The element type in memory.
        element: crate::ir::Scalar,
    },
    /// `subgroupMatrixRowSum` and the other reductions.
    SubgroupMatrixReduce(crate::ir::MatrixReduceMode, crate::ir::MatrixReduceOp),
    /// `subgroupMatrixRowIndex<T>()` (`false`) /
    /// `subgroupMatrixColumnIndex<T>()` (`true`).
    SubgroupMatrixIndex(bool),
    /// A texture builtin.
    Texture(texture::TextureFn),
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
    /// Argument positions that must be const-expressions (`subgroupBroadcast`
    /// and `quadBroadcast`'s `id`). The proposal form's `col_major` is
    /// checked by [`resolve_call`] through `const_bool_args`.
    pub const_args: &'static [usize],
    /// The overloads.
    sig: Signature,
}

/// How a row's overloads are described.
#[derive(Debug)]
enum Signature {
    /// Type patterns, resolved by the generic matcher.
    Overloads(&'static [pattern::Overload]),
    /// A builtin whose rules do not fit patterns.
    Special(Special),
}

/// The builtins checked by dedicated code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Special {
    /// `bitcast<T>`.
    Bitcast,
    /// `arrayLength`.
    ArrayLength,
    /// `bufferView` (`false`) / `bufferArrayView` (`true`).
    BufferView(bool),
    /// `bufferLength`.
    BufferLength,
    /// `workgroupUniformLoad`.
    WorkgroupUniformLoad,
    /// `hasResource<T>` / `getResource<T>`.
    ResourceTable(crate::ir::ResourceTableOp),
    /// `subgroupMatrixLoad`.
    MatrixLoad,
    /// `subgroupMatrixStore`.
    MatrixStore,
    /// `subgroupMatrixMultiply`.
    MatrixMultiply,
    /// `subgroupMatrixMultiplyAccumulate`.
    MatrixMultiplyAccumulate,
    /// `subgroupMatrixScalarAdd/Subtract/Multiply`.
    MatrixScalar,
    /// `subgroupMatrixConvert`.
    MatrixConvert,
    /// `subgroupMatrixFromRows/Columns`.
    MatrixFromInvocations,
    /// `subgroupMatrixRow/Column`.
    MatrixToInvocations,
    /// wgpu's `coopLoad`/`coopLoadT`.
    CoopLoad,
    /// wgpu's `coopStore`/`coopStoreT`.
    CoopStore,
    /// wgpu's `coopMultiplyAdd`.
    CoopMultiplyAdd,
    /// `coopVecMatMul` / `coopVecMatMulAdd`.
    CoopVecMatMul(bool),
    /// `coopVecMatMulOptimal` / `coopVecMatMulAddOptimal`.
    CoopVecMatMulOptimal(bool),
    /// `coopVecOuterProductAccumulate` (`true`) /
    /// `coopVecReduceSumAccumulate` (`false`).
    CoopVecAccumulate(bool),
    /// The subgroup-matrix reductions.
    MatrixReduce,
    /// `subgroupMatrixRowIndex` / `subgroupMatrixColumnIndex`.
    MatrixIndex,
    /// The texture builtins.
    Texture(texture::TextureFn),
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
    pub params: smallvec::SmallVec<[Handle<Type>; 4]>,
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
    /// wgpu's `coopLoad<M>(p, stride?)` / `coopStore(m, p, stride?)`: `p`
    /// points to an array element (the offset); stride counts array
    /// elements; the layout comes from the name (`...T` is row-major).
    Wgpu,
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
    static INDEX: std::sync::OnceLock<rustc_hash::FxHashMap<&'static str, usize>> =
        std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| {
        table::TABLE
            .iter()
            .enumerate()
            .map(|(i, def)| (def.name, i))
            .collect()
    });
    index.get(name).and_then(|&i| table::TABLE.get(i))
}

/// The readable overloads of a builtin, as listed in "no matching call"
/// notes (without the `candidate: ` prefix).
#[cfg(test)]
pub fn signatures(def: &BuiltinDef) -> Vec<String> {
    match def.sig {
        Signature::Overloads(ovs) => ovs
            .iter()
            .flat_map(|ov| pattern::describe(def.name, ov))
            .collect(),
        Signature::Special(Special::Texture(f)) => texture::signatures(f),
        Signature::Special(sp) => special_signatures(sp)
            .iter()
            .map(|s| s.to_string())
            .collect(),
    }
}

#[cfg(test)]
fn special_signatures(sp: Special) -> &'static [&'static str] {
    match sp {
        Special::Bitcast => special::BITCAST_SIGNATURES,
        Special::ArrayLength => special::ARRAY_LENGTH_SIGNATURES,
        Special::BufferView(false) => buffer_view::VIEW_SIGNATURES,
        Special::BufferView(true) => buffer_view::ARRAY_VIEW_SIGNATURES,
        Special::BufferLength => buffer_view::LENGTH_SIGNATURES,
        Special::WorkgroupUniformLoad => special::WORKGROUP_UNIFORM_LOAD_SIGNATURES,
        Special::ResourceTable(crate::ir::ResourceTableOp::Has) => resource_table::HAS_SIGNATURES,
        Special::ResourceTable(crate::ir::ResourceTableOp::Get) => resource_table::GET_SIGNATURES,
        Special::MatrixLoad => subgroup_matrix::LOAD_SIGNATURES,
        Special::MatrixStore => subgroup_matrix::STORE_SIGNATURES,
        Special::MatrixMultiply => subgroup_matrix::MULTIPLY_SIGNATURES,
        Special::MatrixMultiplyAccumulate => subgroup_matrix::MULTIPLY_ACCUMULATE_SIGNATURES,
        Special::MatrixScalar => subgroup_matrix::SCALAR_SIGNATURES,
        Special::MatrixConvert => coop_matrix::CONVERT_SIGNATURES,
        Special::MatrixFromInvocations => coop_matrix::FROM_SIGNATURES,
        Special::MatrixToInvocations => coop_matrix::TO_SIGNATURES,
        Special::CoopLoad => coop_matrix::LOAD_SIGNATURES,
        Special::CoopStore => coop_matrix::STORE_SIGNATURES,
        Special::CoopMultiplyAdd => coop_matrix::MULTIPLY_ADD_SIGNATURES,
        Special::CoopVecMatMul(false) => coop_vector::MAT_MUL_SIGNATURES,
        Special::CoopVecMatMul(true) => coop_vector::MAT_MUL_ADD_SIGNATURES,
        Special::CoopVecMatMulOptimal(false) => coop_vector::MAT_MUL_OPTIMAL_SIGNATURES,
        Special::CoopVecMatMulOptimal(true) => coop_vector::MAT_MUL_ADD_OPTIMAL_SIGNATURES,
        Special::CoopVecAccumulate(true) => coop_vector::OUTER_PRODUCT_SIGNATURES,
        Special::CoopVecAccumulate(false) => coop_vector::REDUCE_SUM_SIGNATURES,
        Special::MatrixReduce => matrix_reduce::REDUCE_SIGNATURES,
        Special::MatrixIndex => matrix_reduce::INDEX_SIGNATURES,
        Special::Texture(_) => &[],
    }
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
    match def.sig {
        Signature::Overloads(overloads) => {
            if !template_args.is_empty() {
                return Err(OverloadError {
                    message: format!("'{}' does not take template arguments", def.name),
                    notes: Vec::new(),
                    arg_index: None,
                });
            }
            matcher::resolve(module, def, overloads, args)
        }
        Signature::Special(sp) => {
            let call = special::Call {
                def,
                template_args,
                args,
                const_bool_args,
            };
            match sp {
                Special::Bitcast => special::bitcast(module, &call),
                Special::ArrayLength => special::array_length(module, &call),
                Special::BufferView(array) => buffer_view::view(module, &call, array),
                Special::BufferLength => buffer_view::length(module, &call),
                Special::WorkgroupUniformLoad => special::workgroup_uniform_load(module, &call),
                Special::ResourceTable(op) => resource_table::check(module, &call, op),
                Special::MatrixLoad => subgroup_matrix::load(module, &call),
                Special::MatrixStore => subgroup_matrix::store(module, &call),
                Special::MatrixMultiply => subgroup_matrix::multiply(module, &call, false),
                Special::MatrixMultiplyAccumulate => subgroup_matrix::multiply(module, &call, true),
                Special::MatrixScalar => subgroup_matrix::scalar(module, &call),
                Special::MatrixConvert => coop_matrix::convert(module, &call),
                Special::MatrixFromInvocations => coop_matrix::from_invocations(module, &call),
                Special::MatrixToInvocations => coop_matrix::to_invocations(module, &call),
                Special::CoopLoad => coop_matrix::load(module, &call),
                Special::CoopStore => coop_matrix::store(module, &call),
                Special::CoopMultiplyAdd => coop_matrix::multiply_add(module, &call),
                Special::CoopVecMatMul(bias) => coop_vector::mat_mul(module, &call, bias),
                Special::CoopVecMatMulOptimal(bias) => {
                    coop_vector::mat_mul_optimal(module, &call, bias)
                }
                Special::CoopVecAccumulate(outer) => coop_vector::accumulate(module, &call, outer),
                Special::MatrixReduce => matrix_reduce::reduce(module, &call),
                Special::MatrixIndex => matrix_reduce::index(module, &call),
                Special::Texture(f) => texture::check(module, &call, f),
            }
        }
    }
}

/// The result struct type of `frexp` (`__frexp_result_f32`, ...), interned.
/// `size` is `None` for the scalar overload.
pub fn frexp_result_type(
    module: &mut Module,
    scalar: Scalar,
    size: Option<VectorSize>,
) -> Handle<Type> {
    result_types::frexp(module, scalar, size)
}

/// The result struct type of `modf` (`__modf_result_f32`, ...), interned.
pub fn modf_result_type(
    module: &mut Module,
    scalar: Scalar,
    size: Option<VectorSize>,
) -> Handle<Type> {
    result_types::modf(module, scalar, size)
}

/// The WGSL name of a texture builtin.
pub(crate) fn table_name(fun: texture::TextureFn) -> &'static str {
    table::TABLE
        .iter()
        .find(|d| d.op == BuiltinOp::Texture(fun))
        .map_or("texture", |d| d.name)
}

/// Every builtin in the table (for documentation and tests).
pub fn all() -> &'static [BuiltinDef] {
    table::TABLE
}

//! The intermediate representation.
//!
//! A [`Module`] owns arenas of types, constant values, overrides, global
//! variables, module-scope (override-)expressions and functions, all addressed
//! by typed [`Handle`]s. Function bodies are trees of [`Statement`]s over a
//! per-function arena of [`Expression`]s; as in naga, an expression is
//! evaluated at the [`Statement::Emit`] that covers its handle (so loads and
//! other memory reads happen in program order), except for the expressions
//! that need no evaluation (literals, constants, variables, arguments, and
//! the `*Result` expressions, which are defined by the statement that
//! produces them).
//!
//! Invariants a resolved and validated module guarantees:
//! - abstract scalar types never appear in declarations or in the type of a
//!   function expression;
//! - `const` declarations are fully evaluated away: their values appear as
//!   [`Expression::Constant`]s;
//! - override-expressions (expressions that depend on an `override`) are
//!   built in [`Module::global_expressions`] and referenced from functions by
//!   [`Expression::OverrideExpr`]; the pipeline step evaluates them;
//! - every expression of a function has its type recorded in
//!   [`Function::expression_types`] (the resolver computes types, so nothing
//!   downstream re-derives them);
//! - every local variable is initialised by an explicit [`Statement::Store`]
//!   where it is declared (a zero value when the source has no initialiser),
//!   which gives WGSL's re-initialisation semantics inside loops. The one
//!   exception is a local that target lowering adds as an out-parameter of
//!   a [`Statement::Intrinsic`], which the intrinsic writes.

mod call_order;
mod call_spans;
mod code;
pub(crate) mod display;
pub mod filters;
mod image;
pub mod intrinsic;
pub(crate) mod layout;
mod names;
mod operators;
mod pipeline_module;
mod types;
pub mod verify;
mod verify_coop_vector;
mod verify_rules;
mod verify_statements;
mod verify_types;
pub mod visit;

pub use call_spans::CallArgumentSpans;
pub use code::*;
pub use filters::{DiagnosticFilter, DiagnosticRule, FilterIndex, FilterSeverity};
pub use image::*;
pub use intrinsic::{Intrinsic, MslIntrinsic};
pub use operators::*;
pub use pipeline_module::{PipelineModule, SpecConstant};
pub use types::*;

use crate::arena::{Arena, Handle, UniqueArena};
use crate::span::Span;

bitflags::bitflags! {
    /// `enable` extensions in effect for a module.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct Extensions: u32 {
        /// `enable f16;`
        const F16 = 1 << 0;
        /// `enable subgroups;` (also implied by the subgroup-matrix extension)
        const SUBGROUPS = 1 << 1;
        /// Subgroup matrices are available: `enable
        /// chromium_experimental_subgroup_matrix;` or `enable
        /// subgroup_matrix;` (the latter also sets
        /// [`Extensions::SUBGROUP_MATRIX_STANDARD`]).
        const SUBGROUP_MATRIX = 1 << 2;
        /// `enable subgroup_matrix;`, the standard-track spelling: with
        /// [`Extensions::SUBGROUP_MATRIX`], the proposal's rules apply
        /// instead of Chromium's (see `docs/design-notes.md`, "Two
        /// spellings of subgroup matrices"). The IR is otherwise the same.
        const SUBGROUP_MATRIX_STANDARD = 1 << 12;
        /// `enable clip_distances;` (render stages; parsed only)
        const CLIP_DISTANCES = 1 << 3;
        /// `enable dual_source_blending;` (render stages; parsed only)
        const DUAL_SOURCE_BLENDING = 1 << 4;
        /// `enable primitive_index;` (render stages; parsed only)
        const PRIMITIVE_INDEX = 1 << 5;
        /// `enable chromium_experimental_barycentric_coord;` (Chromium's
        /// experiment, as Tint accepts it): `@builtin(barycentric_coord)`
        const BARYCENTRIC_COORD = 1 << 14;
        /// `enable subgroup_size_control;` (`@subgroup_size`; implies
        /// `subgroups`)
        const SUBGROUP_SIZE_CONTROL = 1 << 6;
        /// `enable wgpu_cooperative_matrix;` (wgpu's `coop_mat` dialect:
        /// the same IR types and operations as the Chromium syntax)
        const WGPU_COOPERATIVE_MATRIX = 1 << 8;
        /// `enable tessera_experimental_subgroup_matrix;`: conversions,
        /// element-wise arithmetic and math on subgroup matrices
        /// (docs/subgroup-matrix-extensions.md)
        const TESSERA_SUBGROUP_MATRIX = 1 << 9;
        /// `enable tessera_experimental_bf16;`: `bf16` subgroup-matrix
        /// components (docs/subgroup-matrix-extensions.md)
        const TESSERA_BF16 = 1 << 10;
        /// `enable chromium_disable_uniformity_analysis;` (Chromium's
        /// internal extension, accepted as Tint does): the uniformity
        /// analysis reports nothing.
        const DISABLE_UNIFORMITY_ANALYSIS = 1 << 13;
        /// `enable tessera_experimental_cooperative_vector;`: `coop_vec<T, N>`
        /// and its operations (docs/cooperative-vectors.md)
        const TESSERA_COOPERATIVE_VECTOR = 1 << 15;
        /// `enable atomic_vec2u_min_max;` (Chromium's, as Tint accepts it):
        /// `atomic<vec2<u32>>` in the 'storage' address space, with
        /// `atomicStoreMax` and `atomicStoreMin`
        const ATOMIC_VEC2U_MIN_MAX = 1 << 16;
        /// `enable chromium_experimental_framebuffer_fetch;` (Chromium's
        /// experiment, as Tint accepts it): `@color(N)` fragment inputs
        /// read the render pass's colour attachment `N`.
        const FRAMEBUFFER_FETCH = 1 << 17;
        /// `enable chromium_internal_input_attachments;` (Chromium's
        /// internal extension, as Tint accepts it): `input_attachment<T>`,
        /// `@input_attachment_index` and `inputAttachmentLoad`.
        const INPUT_ATTACHMENTS = 1 << 18;
        /// `enable chromium_experimental_resource_table;` (Chromium's
        /// experiment, as Tint accepts it): `hasResource<T>` and
        /// `getResource<T>` read a table of textures and samplers the
        /// embedder binds (`passes::resource_table`).
        const RESOURCE_TABLE = 1 << 19;
        /// `enable chromium_experimental_pixel_local;` (Chromium's
        /// experiment, as Tint accepts it): the `pixel_local` address
        /// space. Neither backend lowers it.
        const PIXEL_LOCAL = 1 << 20;
    }
}

impl Extensions {
    /// Every enable that makes subgroup-matrix types and operations
    /// available, whatever their spelling.
    pub const ANY_SUBGROUP_MATRIX: Extensions =
        Extensions::SUBGROUP_MATRIX.union(Extensions::WGPU_COOPERATIVE_MATRIX);

    /// Whether the module spells subgroup matrices only in wgpu's `coop_mat`
    /// dialect (messages then name types as `coop_mat16x16<f16, A>`).
    pub fn wgpu_dialect_only(self) -> bool {
        self.contains(Extensions::WGPU_COOPERATIVE_MATRIX)
            && !self.contains(Extensions::SUBGROUP_MATRIX)
    }
}

/// One name of an `enable` or `requires` directive and its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnableName {
    /// The extension's name, e.g. `f16`.
    pub name: String,
    /// The span of the name.
    pub span: Span,
}

/// A concrete scalar value. Floating-point values compare and hash by bits,
/// so `ConstValue`s can be interned.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Literal {
    /// `bool`
    Bool(bool),
    /// `i32`
    I32(i32),
    /// `u32`
    U32(u32),
    /// `f32`
    F32(f32),
    /// `f16`
    F16(half::f16),
    /// AbstractInt (resolver and const-evaluation only).
    AbstractInt(i64),
    /// AbstractFloat (resolver and const-evaluation only).
    AbstractFloat(f64),
}

impl Literal {
    /// The scalar type of the literal.
    pub fn scalar(&self) -> Scalar {
        match self {
            Literal::Bool(_) => Scalar::Bool,
            Literal::I32(_) => Scalar::I32,
            Literal::U32(_) => Scalar::U32,
            Literal::F32(_) => Scalar::F32,
            Literal::F16(_) => Scalar::F16,
            Literal::AbstractInt(_) => Scalar::AbstractInt,
            Literal::AbstractFloat(_) => Scalar::AbstractFloat,
        }
    }

    fn key(&self) -> (u8, u64) {
        match *self {
            Literal::Bool(b) => (0, b as u64),
            Literal::I32(v) => (1, v as u32 as u64),
            Literal::U32(v) => (2, v as u64),
            Literal::F32(v) => (3, v.to_bits() as u64),
            Literal::F16(v) => (4, v.to_bits() as u64),
            Literal::AbstractInt(v) => (5, v as u64),
            Literal::AbstractFloat(v) => (6, v.to_bits()),
        }
    }

    /// The zero value of a scalar type (`false` for bool).
    pub fn zero(scalar: Scalar) -> Literal {
        match scalar {
            Scalar::Bool => Literal::Bool(false),
            Scalar::I32 | Scalar::I8 => Literal::I32(0),
            Scalar::U32 | Scalar::U8 => Literal::U32(0),
            Scalar::F32 | Scalar::BF16 => Literal::F32(0.0),
            Scalar::F16 => Literal::F16(half::f16::ZERO),
            Scalar::AbstractInt => Literal::AbstractInt(0),
            Scalar::AbstractFloat => Literal::AbstractFloat(0.0),
        }
    }
}

impl PartialEq for Literal {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}
impl Eq for Literal {}
impl std::hash::Hash for Literal {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state)
    }
}

/// A fully evaluated constant value, interned in [`Module::constants`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstValue {
    /// A scalar.
    Scalar(Literal),
    /// A vector (components), matrix (column vectors), array (elements) or
    /// structure (members) of type `ty`.
    Composite {
        /// The composite's type.
        ty: Handle<Type>,
        /// The parts, in order.
        components: Vec<Handle<ConstValue>>,
    },
    /// The zero value of `ty`.
    Zero(Handle<Type>),
}

/// An `override` declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct Override {
    /// Declared name.
    pub name: String,
    /// `@id(n)`, if given.
    pub id: Option<u16>,
    /// Declared or inferred type (a concrete scalar).
    pub ty: Handle<Type>,
    /// Default value: an override-expression in [`Module::global_expressions`].
    pub init: Option<Handle<Expression>>,
}

/// A `@group(g) @binding(b)` pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResourceBinding {
    /// Bind group index.
    pub group: u32,
    /// Binding index within the group.
    pub binding: u32,
}

/// A module-scope `var`.
#[derive(Clone, Debug, PartialEq)]
pub struct GlobalVariable {
    /// Declared name.
    pub name: String,
    /// Address space.
    pub space: AddressSpace,
    /// Access mode (`Read` for uniform, `ReadWrite` for private/workgroup).
    pub access: Access,
    /// Resource binding, for uniform and storage buffers.
    pub binding: Option<ResourceBinding>,
    /// Store type.
    pub ty: Handle<Type>,
    /// Initialiser (private only): a const- or override-expression in
    /// [`Module::global_expressions`]. `None` means zero-initialised (private,
    /// workgroup) or not initialised by the shader (buffers).
    pub init: Option<Handle<Expression>>,
    /// `@input_attachment_index(N)` of an `input_attachment<T>` variable
    /// (`enable chromium_internal_input_attachments;`); `None` for every
    /// other variable.
    pub input_attachment_index: Option<u32>,
}

/// The promise a fragment shader makes about the depth it writes
/// (`@builtin(frag_depth, less|greater)`): lets the device keep early depth
/// tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DepthCondition {
    /// Any value (plain `@builtin(frag_depth)`).
    Any,
    /// At most the fragment's interpolated depth.
    Less,
    /// At least the fragment's interpolated depth.
    Greater,
}

/// A built-in value (`@builtin(...)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltIn {
    /// `position`; `invariant` is `@invariant` (vertex output only)
    Position {
        /// `@invariant`
        invariant: bool,
    },
    /// `vertex_index`
    VertexIndex,
    /// `instance_index`
    InstanceIndex,
    /// `front_facing`
    FrontFacing,
    /// `frag_depth`, with the `fragment_depth` language feature's
    /// `less`/`greater` condition (`@builtin(frag_depth, less)`)
    FragDepth {
        /// What the shader promises about the written depth
        condition: DepthCondition,
    },
    /// `sample_index`
    SampleIndex,
    /// `sample_mask`
    SampleMask,
    /// `clip_distances`
    ClipDistances,
    /// `primitive_index`
    PrimitiveIndex,
    /// `barycentric_coord` (`chromium_experimental_barycentric_coord`): the
    /// fragment's perspective-correct barycentric coordinates in its
    /// primitive
    BarycentricCoord,
    /// `local_invocation_id`
    LocalInvocationId,
    /// `local_invocation_index`
    LocalInvocationIndex,
    /// `global_invocation_id`
    GlobalInvocationId,
    /// `workgroup_id`
    WorkgroupId,
    /// `num_workgroups`
    NumWorkgroups,
    /// `subgroup_invocation_id`
    SubgroupInvocationId,
    /// `subgroup_size`
    SubgroupSize,
    /// `subgroup_id`
    SubgroupId,
    /// `num_subgroups`
    NumSubgroups,
}

/// How an entry-point parameter, return value or struct member is bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binding {
    /// `@builtin(...)`
    BuiltIn(BuiltIn),
    /// `@location(n)` (render stages).
    Location {
        /// Location index.
        location: u32,
        /// `@interpolate(type)`, if written.
        interpolation: Option<Interpolation>,
        /// `@interpolate(type, sampling)`, if written.
        sampling: Option<Sampling>,
        /// `@blend_src(n)` (`enable dual_source_blending`), if written.
        blend_src: Option<u32>,
    },
    /// `@color(n)` (`enable chromium_experimental_framebuffer_fetch`): a
    /// fragment input holding the value of colour attachment `n` at the
    /// fragment, before the fragment's own outputs.
    Color(u32),
}

impl Binding {
    /// `@location(n)` with no interpolation or blend attributes.
    pub const fn location(location: u32) -> Binding {
        Binding::Location {
            location,
            interpolation: None,
            sampling: None,
            blend_src: None,
        }
    }
}

/// Pipeline stage of an entry point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ShaderStage {
    /// `@vertex`
    Vertex,
    /// `@fragment`
    Fragment,
    /// `@compute` (the default, for reflection built by other means)
    #[default]
    Compute,
}

/// One dimension of `@workgroup_size` (also the value of `@subgroup_size`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WorkgroupSizeDim {
    /// A const-expression value.
    Constant(u32),
    /// An override-expression in [`Module::global_expressions`].
    Override(Handle<Expression>),
}

/// An entry point.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryPoint {
    /// The function's name.
    pub name: String,
    /// Stage.
    pub stage: ShaderStage,
    /// The function (also in [`Module::functions`]).
    pub function: Handle<Function>,
    /// `@workgroup_size` (compute); missing dimensions are `Constant(1)`.
    pub workgroup_size: [WorkgroupSizeDim; 3],
    /// The source span of each `@workgroup_size` argument (the attribute's
    /// span for missing dimensions; `Span::UNDEFINED` for built IR), for
    /// pipeline-creation errors about a dimension.
    pub workgroup_size_spans: [Span; 3],
    /// `@subgroup_size(n)` (compute, `enable subgroup_size_control`): the
    /// subgroup size the pipeline must run with, a const- or
    /// override-expression, and the span of its argument.
    pub subgroup_size: Option<(WorkgroupSizeDim, Span)>,
}

/// A function parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionArgument {
    /// Name.
    pub name: String,
    /// Type.
    pub ty: Handle<Type>,
    /// Entry-point IO binding.
    pub binding: Option<Binding>,
}

/// A function's return value.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionResult {
    /// Type.
    pub ty: Handle<Type>,
    /// Entry-point IO binding.
    pub binding: Option<Binding>,
}

/// A function-scope `var`.
#[derive(Clone, Debug, PartialEq)]
pub struct LocalVariable {
    /// Name.
    pub name: String,
    /// Store type.
    pub ty: Handle<Type>,
}

/// A function.
#[derive(Clone, Debug, Default)]
pub struct Function {
    /// Name.
    pub name: String,
    /// Parameters.
    pub arguments: Vec<FunctionArgument>,
    /// Return value.
    pub result: Option<FunctionResult>,
    /// `@must_use`.
    pub must_use: bool,
    /// Function-scope variables.
    pub local_variables: Arena<LocalVariable>,
    /// Expressions (with spans).
    pub expressions: Arena<Expression>,
    /// The type of each expression, parallel to `expressions`.
    pub expression_types: Vec<Handle<Type>>,
    /// Names given by `let` declarations (for readable output).
    pub named_expressions:
        indexmap::IndexMap<Handle<Expression>, String, rustc_hash::FxBuildHasher>,
    /// The source span of each argument of each user-function call, keyed
    /// by the span of the [`Statement::Call`] (for diagnostics that point
    /// at arguments: an argument expression may be shared, e.g. a local
    /// variable's pointer). IR built by other means may leave it empty.
    pub call_argument_spans: CallArgumentSpans,
    /// The body.
    pub body: Block,
}

impl Function {
    /// Appends an expression with its type and span.
    pub fn add_expression(
        &mut self,
        expr: Expression,
        ty: Handle<Type>,
        span: Span,
    ) -> Handle<Expression> {
        self.expression_types.push(ty);
        self.expressions.append(expr, span)
    }

    /// The recorded type of an expression.
    pub fn expression_type(&self, expr: Handle<Expression>) -> Handle<Type> {
        self.expression_types[expr.index()]
    }

    /// Gives back the spare capacity of the function's tables and blocks
    /// (once it is built: growth by doubling leaves up to half unused).
    /// Vectors with less than [`crate::arena::SHRINK_MIN_BYTES`] spare are
    /// left as they are.
    pub fn shrink_to_fit(&mut self) {
        use crate::arena::shrink_vec;
        shrink_vec(&mut self.arguments);
        self.local_variables.shrink_to_fit();
        self.expressions.shrink_to_fit();
        shrink_vec(&mut self.expression_types);
        let entry = std::mem::size_of::<(Handle<Expression>, String)>();
        if (self.named_expressions.capacity() - self.named_expressions.len()) * entry
            >= crate::arena::SHRINK_MIN_BYTES
        {
            self.named_expressions.shrink_to_fit();
        }
        self.call_argument_spans.shrink_to_fit();
        crate::ir::visit::walk_blocks_mut(&mut self.body, &mut Block::shrink_to_fit);
    }
}

/// A WGSL module in IR form.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// `enable` extensions.
    pub extensions: Extensions,
    /// Each known extension name of the `enable` directives, as written
    /// and in source order (`enable f16, subgroups;` gives two), for the
    /// validator's device-feature check ([`crate::device::Features`]).
    /// Empty for a module not built from WGSL.
    pub enables: Vec<EnableName>,
    /// Each language feature name of the `requires` directives, as written
    /// and in source order, for the validator's check against the
    /// target's language features ([`crate::device::LanguageFeatures`]).
    /// Empty for a module not built from WGSL.
    pub requires: Vec<EnableName>,
    /// Interned types.
    pub types: UniqueArena<Type>,
    /// Interned constant values.
    pub constants: UniqueArena<ConstValue>,
    /// `override` declarations.
    pub overrides: Arena<Override>,
    /// Module-scope variables.
    pub global_variables: Arena<GlobalVariable>,
    /// Override-expressions and initialisers of module-scope declarations.
    pub global_expressions: Arena<Expression>,
    /// The type of each global expression, parallel to `global_expressions`.
    pub global_expression_types: Vec<Handle<Type>>,
    /// Functions, entry points included, callees before callers.
    pub functions: Arena<Function>,
    /// Entry points.
    pub entry_points: Vec<EntryPoint>,
    /// Diagnostic filters of known rules (directives and `@diagnostic`
    /// attributes), in source order; see [`filters`].
    pub diagnostic_filters: Vec<DiagnosticFilter>,
}

impl Module {
    /// The element stride of `array<base, N>` in this module (WGSL's
    /// `roundUp(AlignOf(base), SizeOf(base))`): what
    /// [`TypeInner::Array::stride`] holds for IR built by hand.
    pub fn array_stride(&self, base: Handle<Type>) -> u32 {
        crate::ir::layout::array_stride(self, base)
    }

    /// A measure of the module's size: its expressions, local variables
    /// and arguments, types, constants, globals and module-scope
    /// expressions. Stages whose cost can multiply (passes that copy or
    /// unroll code, the validator's per-entry-point facts) bound it by a
    /// multiple of this, so every stage stays linear in its input.
    pub fn size(&self) -> usize {
        self.functions
            .iter()
            .map(|(_, f)| f.expressions.len() + f.local_variables.len() + f.arguments.len())
            .sum::<usize>()
            + self.types.len()
            + self.constants.len()
            + self.global_variables.len()
            + self.global_expressions.len()
    }

    /// Interns a type with no name. Scalars, vectors and matrices, most of
    /// the types a front end asks for, are found by a small key instead of
    /// by hashing (`UniqueArena::insert_keyed`).
    pub fn intern(&mut self, inner: TypeInner) -> Handle<Type> {
        let key = numeric_type_key(&inner);
        let ty = Type { name: None, inner };
        match key {
            Some(key) => self.types.insert_keyed(key, ty, Span::UNDEFINED),
            None => self.types.insert(ty, Span::UNDEFINED),
        }
    }

    /// Interns a constant value.
    pub fn intern_constant(&mut self, value: ConstValue) -> Handle<ConstValue> {
        self.constants.insert(value, Span::UNDEFINED)
    }

    /// Appends a global expression with its type.
    pub fn add_global_expression(
        &mut self,
        expr: Expression,
        ty: Handle<Type>,
        span: Span,
    ) -> Handle<Expression> {
        self.global_expression_types.push(ty);
        self.global_expressions.append(expr, span)
    }

    /// The inner type of a handle.
    pub fn inner(&self, ty: Handle<Type>) -> &TypeInner {
        &self.types[ty].inner
    }

    /// The address space, access mode and byte size of `ty` when it is a
    /// pointer to a `buffer` (language feature `buffer_view`).
    pub fn buffer_pointer(&self, ty: Handle<Type>) -> Option<(AddressSpace, Access, ArraySize)> {
        match *self.types.try_get(ty)?.inner.pointee_inner(self)? {
            TypeInner::Buffer { size } => match self.types.try_get(ty)?.inner {
                TypeInner::Pointer { space, access, .. } => Some((space, access, size)),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether the module has a subgroup-matrix type (every subgroup-matrix
    /// value, variable and operation has one): passes that only rewrite
    /// matrix operations have nothing to do without one.
    pub fn has_subgroup_matrix_type(&self) -> bool {
        self.types
            .iter()
            .any(|(_, t)| matches!(t.inner, TypeInner::SubgroupMatrix { .. }))
    }

    /// The type of a constant value.
    pub fn constant_type(&mut self, value: Handle<ConstValue>) -> Handle<Type> {
        match self.constants[value] {
            ConstValue::Scalar(lit) => self.intern(TypeInner::Scalar(lit.scalar())),
            ConstValue::Composite { ty, .. } | ConstValue::Zero(ty) => ty,
        }
    }

    /// Whether `pred` holds for `ty` or for any type it is made of (array
    /// elements and struct members, recursively; pointers are not
    /// followed). Iterative, so deep nesting cannot overflow the stack, and
    /// visits each type once.
    pub fn any_component(&self, ty: Handle<Type>, pred: &dyn Fn(&TypeInner) -> bool) -> bool {
        // Fast path without allocating: most types have no components.
        let inner = self.inner(ty);
        if pred(inner) {
            return true;
        }
        if !matches!(inner, TypeInner::Array { .. } | TypeInner::Struct { .. }) {
            return false;
        }
        // Each type once: struct types shared along many paths (a member
        // type used twice per level) would otherwise cost 2^depth. Small
        // types (nearly all) are walked with inline lists; a hash set takes
        // over from the 32nd distinct type.
        let mut seen_few: smallvec::SmallVec<[Handle<Type>; 32]> = smallvec::SmallVec::new();
        let mut seen_many = rustc_hash::FxHashSet::default();
        let mut stack: smallvec::SmallVec<[Handle<Type>; 16]> = smallvec::smallvec![ty];
        while let Some(t) = stack.pop() {
            // The first 32 distinct types are in `seen_few`, the rest in
            // `seen_many`.
            if seen_few.contains(&t) || seen_many.contains(&t) {
                continue;
            }
            if seen_few.len() < seen_few.inline_size() {
                seen_few.push(t);
            } else {
                seen_many.insert(t);
            }
            let inner = self.inner(t);
            if pred(inner) {
                return true;
            }
            match inner {
                TypeInner::Array { base, .. } => stack.push(*base),
                TypeInner::Struct { members, .. } => stack.extend(members.iter().map(|m| m.ty)),
                _ => {}
            }
        }
        false
    }

    /// Whether a type is or contains a subgroup matrix (while types are
    /// being built; afterwards `valid::type_facts::TypeFacts` answers from
    /// a table).
    pub fn contains_subgroup_matrix(&self, ty: Handle<Type>) -> bool {
        self.any_component(ty, &|t| matches!(t, TypeInner::SubgroupMatrix { .. }))
    }

    /// The entry point with the given name.
    pub fn entry_point(&self, name: &str) -> Option<&EntryPoint> {
        self.entry_points.iter().find(|ep| ep.name == name)
    }
}

/// Number of scalar kinds, for [`numeric_type_key`].
const SCALARS: usize = Scalar::ALL.len();

/// A distinct small number for each scalar, vector and matrix type
/// (`None` for other types): scalars take `0..SCALARS`, vectors the next
/// `3 * SCALARS`, matrices the next `9 * SCALARS`.
fn numeric_type_key(inner: &TypeInner) -> Option<usize> {
    let size = |s: VectorSize| s as usize - 2;
    match *inner {
        TypeInner::Scalar(s) => Some(s as usize),
        TypeInner::Vector { size: n, scalar } => Some(SCALARS * (1 + size(n)) + scalar as usize),
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => Some(SCALARS * (4 + 3 * size(columns) + size(rows)) + scalar as usize),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZES: [VectorSize; 3] = [VectorSize::Bi, VectorSize::Tri, VectorSize::Quad];

    fn numeric_types() -> Vec<TypeInner> {
        let mut all = Vec::new();
        for scalar in Scalar::ALL {
            all.push(TypeInner::Scalar(scalar));
            for size in SIZES {
                all.push(TypeInner::Vector { size, scalar });
                for rows in SIZES {
                    all.push(TypeInner::Matrix {
                        columns: size,
                        rows,
                        scalar,
                    });
                }
            }
        }
        all
    }

    #[test]
    fn numeric_type_keys_are_distinct_and_dense() {
        // The keys use the discriminant: `Scalar::ALL` lists every scalar
        // in that order.
        for (i, s) in Scalar::ALL.iter().enumerate() {
            assert_eq!(*s as usize, i);
        }
        let all = numeric_types();
        let mut keys: Vec<usize> = all.iter().filter_map(numeric_type_key).collect();
        assert_eq!(keys.len(), all.len());
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys, (0..13 * SCALARS).collect::<Vec<_>>());
        assert_eq!(numeric_type_key(&TypeInner::atomic(Scalar::U32)), None);
    }

    #[test]
    fn interning_by_key_matches_interning_by_value() {
        let mut m = Module::default();
        // A type interned first without its key is found by key later, and
        // the other way round.
        let early = m.types.insert(
            Type {
                name: None,
                inner: TypeInner::Scalar(Scalar::F32),
            },
            Span::UNDEFINED,
        );
        let handles: Vec<_> = numeric_types().into_iter().map(|t| m.intern(t)).collect();
        // Each scalar gives 13 types, itself first; f32 is the fourth.
        assert_eq!(handles[13 * 3], early);
        for (t, h) in numeric_types().into_iter().zip(&handles) {
            assert_eq!(m.intern(t.clone()), *h);
            assert_eq!(
                m.types.get(&Type {
                    name: None,
                    inner: t
                }),
                Some(*h)
            );
        }
        assert_eq!(m.types.len(), numeric_types().len());
    }
}

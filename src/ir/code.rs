//! Expressions, blocks and statements: the code of IR functions.

use super::*;
use crate::arena::{Handle, HandleRange};
use crate::span::Span;

/// An expression in a function or in [`Module::global_expressions`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expression {
    /// A concrete scalar literal.
    Literal(Literal),
    /// A constant value.
    Constant(Handle<ConstValue>),
    /// The value of an override (global expressions only).
    Override(Handle<Override>),
    /// A function's use of an override-expression living in
    /// [`Module::global_expressions`].
    OverrideExpr(Handle<Expression>),
    /// The zero value of a type (also `T()` for subgroup matrices).
    ZeroValue(Handle<Type>),
    /// Builds a vector, matrix, array or struct from its parts.
    Compose {
        /// Result type.
        ty: Handle<Type>,
        /// Parts: scalars or vectors for vectors (flattened by the resolver
        /// to exactly `size` scalars or a mix summing to `size`), columns for
        /// matrices, elements for arrays, members for structs.
        components: Vec<Handle<Expression>>,
    },
    /// A vector with every component `value`.
    Splat {
        /// Component count.
        size: VectorSize,
        /// The scalar.
        value: Handle<Expression>,
    },
    /// `v.xyz`-style swizzle of a vector value.
    Swizzle {
        /// Result size.
        size: VectorSize,
        /// The vector value.
        vector: Handle<Expression>,
        /// Component indices (the first `size` are used).
        pattern: [u8; 4],
    },
    /// Dynamic index. If `base` is a pointer, the result is a pointer to the
    /// element; otherwise the element value.
    Access {
        /// Pointer or value.
        base: Handle<Expression>,
        /// Index (i32 or u32).
        index: Handle<Expression>,
    },
    /// Constant index or struct member. Same pointer/value rule as `Access`.
    AccessIndex {
        /// Pointer or value.
        base: Handle<Expression>,
        /// Index or member number.
        index: u32,
    },
    /// Function argument `n` (a value; pointer parameters are pointers).
    FunctionArgument(u32),
    /// Pointer to a global variable.
    GlobalVariable(Handle<GlobalVariable>),
    /// Pointer to a local variable.
    LocalVariable(Handle<LocalVariable>),
    /// Reads through a pointer.
    Load {
        /// The pointer.
        pointer: Handle<Expression>,
    },
    /// Unary operator.
    Unary {
        /// Operator.
        op: UnaryOperator,
        /// Operand.
        expr: Handle<Expression>,
    },
    /// Binary operator.
    Binary {
        /// Operator.
        op: BinaryOperator,
        /// Left operand.
        left: Handle<Expression>,
        /// Right operand.
        right: Handle<Expression>,
    },
    /// `select(reject, accept, condition)`.
    Select {
        /// `bool` or `vecN<bool>`.
        condition: Handle<Expression>,
        /// Value when true.
        accept: Handle<Expression>,
        /// Value when false.
        reject: Handle<Expression>,
    },
    /// A pure builtin function.
    Math {
        /// Which one.
        fun: MathFunction,
        /// Arguments, in WGSL order.
        args: MathArgs,
    },
    /// Value conversion (`f32(x)`, `vec3<i32>(v)`), to a scalar or vector type.
    Convert {
        /// Operand.
        expr: Handle<Expression>,
        /// Target type.
        ty: Handle<Type>,
    },
    /// `bitcast<T>(x)`.
    Bitcast {
        /// Operand.
        expr: Handle<Expression>,
        /// Target type.
        ty: Handle<Type>,
    },
    /// `arrayLength(p)`: p points to a runtime-sized array.
    ArrayLength(Handle<Expression>),
    /// `bufferView<T>(pointer, offset)` (`size` `None`) or
    /// `bufferArrayView<T>(pointer, offset, size)` (language feature
    /// `buffer_view`): `pointer` points to a buffer ([`TypeInner::Buffer`]),
    /// `offset` and `size` are i32 or u32 byte counts; the result, of type
    /// `ptr<AS, T, AM>` (the expression's type), views the buffer's bytes
    /// from `offset` as a `T`. Lowered by the `buffer-view` pass.
    ///
    /// [`TypeInner::Buffer`]: crate::ir::TypeInner::Buffer
    BufferView {
        /// Pointer to the buffer.
        pointer: Handle<Expression>,
        /// Byte offset of the view.
        offset: Handle<Expression>,
        /// Byte size of the view (`bufferArrayView`).
        size: Option<Handle<Expression>>,
    },
    /// `bufferLength(p)`: the byte size of the buffer `p` points to (u32).
    BufferLength(Handle<Expression>),
    /// `hasResource<T>(index)` (a `bool`) or `getResource<T>(index)` (a
    /// value of the texture or sampler type `T`), of
    /// `enable chromium_experimental_resource_table;`. Lowered by the
    /// `resource-table` pass (`passes::resource_table`).
    ResourceTable {
        /// Which of the two builtins.
        op: ResourceTableOp,
        /// `T`: a sampled, multisampled or depth texture type, or a
        /// sampler type.
        ty: Handle<Type>,
        /// The table slot (`i32` or `u32`).
        index: Handle<Expression>,
    },
    /// Result of a [`Statement::Call`].
    CallResult(Handle<Function>),
    /// Result of a [`Statement::Atomic`].
    AtomicResult {
        /// Result type.
        ty: Handle<Type>,
    },
    /// Result of a [`Statement::WorkgroupUniformLoad`].
    WorkgroupUniformLoadResult {
        /// Result type.
        ty: Handle<Type>,
    },
    /// Result of a [`Statement::Subgroup`].
    SubgroupResult {
        /// Result type.
        ty: Handle<Type>,
    },
    /// Result of a [`Statement::Intrinsic`].
    IntrinsicResult {
        /// Result type.
        ty: Handle<Type>,
    },
    /// `subgroupMatrixLoad`: reads a matrix from an array. Both WGSL forms
    /// lower to this; `offset` and `stride` count elements of the pointed-to
    /// array (the resolver converts the proposal form's component units).
    SubgroupMatrixLoad {
        /// Matrix type.
        ty: Handle<Type>,
        /// Pointer to an array in storage or workgroup.
        pointer: Handle<Expression>,
        /// Index of the array element holding component [0, 0] (i32 or u32).
        offset: Handle<Expression>,
        /// Elements between rows (row-major) or columns (column-major).
        stride: Handle<Expression>,
        /// Majorness.
        layout: MatrixLayout,
        /// Written in the proposal's form (`col_major` as an argument before
        /// the stride), so diagnostics can number arguments as written.
        proposal_form: bool,
    },
    /// `subgroupMatrixMultiply` (`acc` is `None`) or
    /// `subgroupMatrixMultiplyAccumulate`.
    SubgroupMatrixMultiply {
        /// Result matrix type.
        ty: Handle<Type>,
        /// Left operand.
        left: Handle<Expression>,
        /// Right operand.
        right: Handle<Expression>,
        /// Accumulator.
        acc: Option<Handle<Expression>>,
    },
    /// `subgroupMatrixScalarAdd/Subtract/Multiply`. The scalar has the
    /// matrix's shader scalar type; backends clamp it for 8-bit components.
    SubgroupMatrixScalar {
        /// Operation.
        op: MatrixScalarOp,
        /// The matrix.
        matrix: Handle<Expression>,
        /// The scalar.
        scalar: Handle<Expression>,
    },
    /// `subgroupMatrixFromRows<T>(v)` / `subgroupMatrixFromColumns<T>(v)`
    /// (`tessera_experimental_subgroup_matrix`): invocation `i` of the
    /// subgroup supplies row (column) `i` of the matrix `ty` as the array
    /// `array`. Lowered through workgroup scratch by a pass.
    SubgroupMatrixFromInvocations {
        /// Matrix type.
        ty: Handle<Type>,
        /// This invocation's row or column (an array value).
        array: Handle<Expression>,
        /// Columns rather than rows.
        columns: bool,
    },
    /// `subgroupMatrixRow(m)` / `subgroupMatrixColumn(m)`: invocation `i`
    /// receives row (column) `i` of `matrix` as an array, zeros past the
    /// last one. Lowered through workgroup scratch by a pass.
    SubgroupMatrixToInvocations {
        /// The matrix.
        matrix: Handle<Expression>,
        /// Columns rather than rows.
        columns: bool,
    },
    /// How many of a subgroup matrix's elements each invocation holds (u32;
    /// SPIR-V's `OpCooperativeMatrixLengthKHR`). Only passes create it:
    /// with an `Access` into a function-scope matrix variable it lets a
    /// lowering visit an invocation's own elements.
    SubgroupMatrixLength(Handle<Type>),
    /// `function(row, column, element, arguments...)` applied to each
    /// element of `matrix`, giving a matrix of the same type
    /// (`SPV_NV_cooperative_matrix2`'s `OpCooperativeMatrixPerElementOpNV`).
    /// Only the matrix-elementwise pass creates it, with the SPIR-V
    /// writer's `nv_cooperative_matrix2` option; `function` takes two
    /// `u32` (row, column), an element of `matrix`'s component type and
    /// one parameter per argument, and returns the new element.
    SubgroupMatrixPerElement {
        /// The matrix.
        matrix: Handle<Expression>,
        /// The function applied to each element.
        function: Handle<super::Function>,
        /// The arguments passed to `function` after the element.
        arguments: Vec<Handle<Expression>>,
    },
    /// Fill constructor `M(v)`: every component is `value` (shader scalar
    /// type; backends clamp and narrow for 8-bit components).
    SubgroupMatrixFill {
        /// Matrix type.
        ty: Handle<Type>,
        /// The fill value.
        value: Handle<Expression>,
    },
    /// `subgroupMatrixRowSum(m)` and the other reductions
    /// (`tessera_experimental_subgroup_matrix`): a matrix of `matrix`'s
    /// type (a result matrix) whose element `(r, c)` is the reduction of
    /// row `r`, column `c` or the whole matrix. `function` is set by the
    /// `matrix-reduce` pass for `SPV_NV_cooperative_matrix2`: the
    /// two-argument combining function of `OpCooperativeMatrixReduceNV`;
    /// without it the pass rewrites the expression.
    SubgroupMatrixReduce {
        /// The matrix.
        matrix: Handle<Expression>,
        /// Rows, columns or all.
        mode: MatrixReduceMode,
        /// Sum, maximum or minimum.
        op: MatrixReduceOp,
        /// The combining function (NV2 only).
        function: Option<Handle<super::Function>>,
    },
    /// `subgroupMatrixRowIndex<T>()` / `subgroupMatrixColumnIndex<T>()`:
    /// the matrix `ty` whose element `(r, c)` is `r` (`columns`: `c`) in
    /// its component type.
    SubgroupMatrixIndex {
        /// Matrix type.
        ty: Handle<Type>,
        /// Column indices rather than row indices.
        columns: bool,
    },
    /// `coopVecMatMul` / `coopVecMatMulAdd`
    /// (docs/cooperative-vectors.md): `ty` is the result `coop_vec<R, M>`;
    /// element `(r, k)` of the matrix is `matrix[offset + r * stride + k]`
    /// (row-major) or `matrix[offset + k * stride + r]` (column-major).
    CoopVecMatMul {
        /// Result type.
        ty: Handle<Type>,
        /// The input vector (`coop_vec<T, K>`).
        input: Handle<Expression>,
        /// Pointer to an array of `T` in a storage buffer.
        matrix: Handle<Expression>,
        /// Index of element `(0, 0)` (u32).
        offset: Handle<Expression>,
        /// Elements between rows (row-major) or columns (u32).
        stride: Handle<Expression>,
        /// Majorness.
        layout: MatrixLayout,
        /// Pointer to the bias array (`coopVecMatMulAdd`).
        bias: Option<Handle<Expression>>,
        /// Index of the first bias element (u32; with `bias`).
        bias_offset: Option<Handle<Expression>>,
        /// `coopVecMatMulOptimal` / `coopVecMatMulAddOptimal`: the matrix
        /// is in the device's inference layout (natively the driver's
        /// inferencing-optimal one; row-major with `stride` = K in the loop
        /// form), and a region that is misaligned or outside its array
        /// gives zero. With `layout` column-major the stored matrix is the
        /// transposed `K x M` one (the `transpose` argument; its loop form
        /// reads it column-major with `stride` = M).
        optimal: bool,
        /// The matrix's element type in memory: the input's component type
        /// for float products; `I8` or `U8` for the 8-bit integer ones,
        /// whose matrix is an array of `u32` holding four elements each
        /// (element `e` in byte `e % 4` of word `e / 4`), whose bias is
        /// `i32` and whose input is read as this type (a `u32` input: four
        /// packed elements per component, so `K` is four times its size).
        element: Scalar,
    },
    /// `textureSample*`, `textureGather*`, `textureSampleBaseClampToEdge`.
    ImageSample {
        /// The texture value.
        image: Handle<Expression>,
        /// The sampler value.
        sampler: Handle<Expression>,
        /// `textureGather*`: the component gathered (0..=3; 0 for depth
        /// textures), or `None` for the sampling builtins.
        gather: Option<u8>,
        /// Texture coordinates (`f32` scalar or vector).
        coordinate: Handle<Expression>,
        /// Array layer (`i32` or `u32`) of arrayed textures.
        array_index: Option<Handle<Expression>>,
        /// Texel offset: a const-expression (`vec2<i32>` or `vec3<i32>`).
        offset: Option<Handle<Expression>>,
        /// Level of detail.
        level: SampleLevel,
        /// Depth reference of the comparison builtins (`f32`).
        depth_ref: Option<Handle<Expression>>,
        /// `textureSampleBaseClampToEdge`: coordinates are clamped so
        /// sampling never reads past the edge texels' centres.
        clamp_to_edge: bool,
    },
    /// `textureLoad`: one texel, without a sampler.
    ImageLoad {
        /// The texture value.
        image: Handle<Expression>,
        /// Texel coordinates (`i32`/`u32` scalar or vector).
        coordinate: Handle<Expression>,
        /// Array layer of arrayed textures.
        array_index: Option<Handle<Expression>>,
        /// Sample index of multisampled textures.
        sample: Option<Handle<Expression>>,
        /// Mip level of sampled and depth textures.
        level: Option<Handle<Expression>>,
    },
    /// `textureDimensions`, `textureNumLevels`, `textureNumLayers`,
    /// `textureNumSamples`.
    ImageQuery {
        /// The texture value.
        image: Handle<Expression>,
        /// What is asked.
        query: ImageQuery,
    },
    /// `dpdx`, `dpdy`, `fwidth` and their `Coarse`/`Fine` forms (fragment
    /// stage only).
    Derivative {
        /// Direction.
        axis: DerivativeAxis,
        /// Precision.
        control: DerivativeControl,
        /// The operand (`f32` scalar or vector, or `f16` with `enable f16`).
        expr: Handle<Expression>,
    },
}

/// The builtin of an [`Expression::ResourceTable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceTableOp {
    /// `hasResource<T>`: whether the slot holds a resource `T` can read.
    Has,
    /// `getResource<T>`: the slot's resource, or the table's default
    /// resource of `T`'s type when the slot holds no such resource.
    Get,
}

/// A selector of a switch case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaseSelector {
    /// An i32 case value.
    I32(i32),
    /// A u32 case value.
    U32(u32),
    /// `default`
    Default,
}

/// One clause of a switch.
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchCase {
    /// The selectors (at least one).
    pub selectors: Vec<CaseSelector>,
    /// The body.
    pub body: Block,
}

/// A sequence of statements with their spans.
///
/// One pointer wide: the statements live in a box allocated on the first
/// push, and an empty block (the `else` of most `if`s, the `continuing` of
/// most loops) allocates nothing. It dereferences to [`BlockData`], so
/// `block.statements` and `block.spans` read and write as fields; reading
/// an empty block gives empty vectors, and writing through `DerefMut`
/// allocates the box. [`Block::statements_mut`], [`Block::reserve`],
/// [`Block::take_statements`], [`Block::shrink_to_fit`] and owned
/// iteration (`for (st, span) in block`) do not allocate for an empty
/// block.
#[derive(Default)]
pub struct Block(Option<Box<BlockData>>);

/// The contents of a nonempty [`Block`]: two parallel vectors.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlockData {
    /// The statements.
    pub statements: Vec<Statement>,
    /// One span per statement.
    pub spans: Vec<Span>,
}

/// What an empty block dereferences to.
static EMPTY_BLOCK: BlockData = BlockData {
    statements: Vec::new(),
    spans: Vec::new(),
};

impl Block {
    /// An empty block.
    pub const fn new() -> Self {
        Block(None)
    }

    /// Appends a statement.
    pub fn push(&mut self, statement: Statement, span: Span) {
        let data = self.0.get_or_insert_with(Default::default);
        data.statements.push(statement);
        data.spans.push(span);
    }

    /// Iterates over statements with spans.
    pub fn iter(&self) -> impl Iterator<Item = (&Statement, Span)> {
        self.statements.iter().zip(self.spans.iter().copied())
    }

    /// Number of statements.
    pub fn len(&self) -> usize {
        self.0.as_ref().map_or(0, |d| d.statements.len())
    }

    /// Whether the block is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The statements, mutably, without allocating for an empty block
    /// (unlike `&mut block.statements`).
    pub fn statements_mut(&mut self) -> &mut [Statement] {
        match &mut self.0 {
            Some(d) => &mut d.statements,
            None => &mut [],
        }
    }

    /// Moves the statements out with their spans, leaving the block empty
    /// but keeping its box, so that a block rebuilt in place (a pass
    /// pushing the rewritten statements back) allocates no new box; use
    /// `std::mem::take` for a block that stays empty.
    pub fn take_statements(&mut self) -> BlockIntoIter {
        match &mut self.0 {
            Some(d) => {
                let statements = std::mem::take(&mut d.statements);
                statements.into_iter().zip(std::mem::take(&mut d.spans))
            }
            None => Vec::new().into_iter().zip(Vec::new()),
        }
    }

    /// Makes room for `additional` more statements (nothing is allocated
    /// when `additional` is 0).
    pub fn reserve(&mut self, additional: usize) {
        if additional > 0 {
            let data = self.0.get_or_insert_with(Default::default);
            data.statements.reserve(additional);
            data.spans.reserve(additional);
        }
    }

    /// Gives back spare capacity (see [`crate::arena::shrink_vec`]); an
    /// empty block frees its box.
    pub fn shrink_to_fit(&mut self) {
        match &mut self.0 {
            Some(d) if d.statements.is_empty() => self.0 = None,
            Some(d) => {
                crate::arena::shrink_vec(&mut d.statements);
                crate::arena::shrink_vec(&mut d.spans);
            }
            None => {}
        }
    }
}

impl std::ops::Deref for Block {
    type Target = BlockData;
    fn deref(&self) -> &BlockData {
        self.0.as_deref().unwrap_or(&EMPTY_BLOCK)
    }
}

impl std::ops::DerefMut for Block {
    /// Allocates the box of an empty block.
    fn deref_mut(&mut self) -> &mut BlockData {
        self.0.get_or_insert_with(Default::default)
    }
}

impl Clone for Block {
    /// A clone of an empty block allocates nothing, even if the block has
    /// an (empty) box.
    fn clone(&self) -> Self {
        match &self.0 {
            Some(d) if !d.statements.is_empty() => Block(Some(d.clone())),
            _ => Block(None),
        }
    }
}

impl PartialEq for Block {
    /// Contents only: an empty box equals no box.
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl std::fmt::Debug for Block {
    /// Prints as the two-field struct it used to be.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Block")
            .field("statements", &self.statements)
            .field("spans", &self.spans)
            .finish()
    }
}

/// The arguments of a [`Expression::Math`]: inline up to four (no math
/// builtin takes more), so a call allocates nothing.
pub type MathArgs = smallvec::SmallVec<[Handle<Expression>; 4]>;

/// The statements of a block by value, with their spans.
pub type BlockIntoIter = std::iter::Zip<std::vec::IntoIter<Statement>, std::vec::IntoIter<Span>>;

impl IntoIterator for Block {
    type Item = (Statement, Span);
    type IntoIter = BlockIntoIter;
    /// The statements with their spans, by value.
    fn into_iter(self) -> Self::IntoIter {
        let BlockData { statements, spans } = self.0.map(|d| *d).unwrap_or_default();
        statements.into_iter().zip(spans)
    }
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    /// Evaluates the expressions in the range, in order.
    Emit(HandleRange<Expression>),
    /// A nested block (a WGSL compound statement).
    Block(Block),
    /// `if`.
    If {
        /// bool condition.
        condition: Handle<Expression>,
        /// Taken when true.
        accept: Block,
        /// Taken when false (`else`; empty if none).
        reject: Block,
    },
    /// `switch`. Cases do not fall through.
    Switch {
        /// i32 or u32 selector.
        selector: Handle<Expression>,
        /// Clauses; exactly one contains `Default`.
        cases: Vec<SwitchCase>,
    },
    /// `loop`, and `for`/`while` lowered to it.
    Loop {
        /// The body.
        body: Block,
        /// The `continuing` block.
        continuing: Block,
        /// `break if` condition, evaluated at the end of `continuing`.
        break_if: Option<Handle<Expression>>,
        /// A hint that the loop is a small counted loop worth unrolling by
        /// the target's compiler (SPIR-V's `Unroll` loop control). It has no
        /// meaning in WGSL. It also promises that the loop ends (the
        /// `unroll` pass sets it only on loops with a known trip count), so
        /// the MSL printer leaves out the guard against C++'s
        /// forward-progress rule.
        unroll: bool,
    },
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `return`.
    Return {
        /// The returned value.
        value: Option<Handle<Expression>>,
    },
    /// Writes `value` through `pointer`.
    Store {
        /// Destination.
        pointer: Handle<Expression>,
        /// Value.
        value: Handle<Expression>,
    },
    /// A user function call.
    Call {
        /// Callee.
        function: Handle<Function>,
        /// Arguments.
        arguments: Vec<Handle<Expression>>,
        /// The `CallResult` expression, if the callee returns a value.
        result: Option<Handle<Expression>>,
    },
    /// An atomic operation.
    Atomic {
        /// Pointer to `atomic<T>`.
        pointer: Handle<Expression>,
        /// Operation.
        fun: AtomicFunction,
        /// The operand (not used by `Load`).
        value: Option<Handle<Expression>>,
        /// The comparand of `CompareExchangeWeak`.
        compare: Option<Handle<Expression>>,
        /// The `AtomicResult` expression, if any (none for `Store`).
        result: Option<Handle<Expression>>,
    },
    /// `workgroupUniformLoad(p)`.
    WorkgroupUniformLoad {
        /// Pointer into workgroup memory.
        pointer: Handle<Expression>,
        /// The `WorkgroupUniformLoadResult` expression.
        result: Handle<Expression>,
    },
    /// `workgroupBarrier()`, `storageBarrier()`, `textureBarrier()`.
    Barrier(Barrier),
    /// A subgroup or quad builtin.
    Subgroup {
        /// Which one.
        op: SubgroupOp,
        /// Arguments, in WGSL order.
        args: Vec<Handle<Expression>>,
        /// The `SubgroupResult` expression.
        result: Handle<Expression>,
    },
    /// `textureStore`.
    ImageStore {
        /// The texture value (a writable storage texture or texel buffer).
        image: Handle<Expression>,
        /// Texel coordinates.
        coordinate: Handle<Expression>,
        /// Array layer of arrayed textures.
        array_index: Option<Handle<Expression>>,
        /// The texel (`vec4` of the format's channel type).
        value: Handle<Expression>,
    },
    /// `discard`: the invocation becomes a helper invocation (WGSL's
    /// demote-to-helper semantics): its outputs and later writes to
    /// memory are discarded, but it keeps running, so derivatives and
    /// subgroup operations of its quad stay defined.
    Discard,
    /// A cooperative-vector training accumulation
    /// (docs/cooperative-vectors.md): `coopVecOuterProductAccumulate<T>(a,
    /// b, pointer, offset)` when `b` is set, else
    /// `coopVecReduceSumAccumulate(a, pointer, offset)`. The array holds
    /// elements of `element` in `u32` atomics (f16: two per word, the
    /// lower-numbered element in the low half).
    CoopVecAccumulate {
        /// Pointer to an `array<atomic<u32>>` in storage.
        pointer: Handle<Expression>,
        /// Element index (in elements of `element`) of the region.
        offset: Handle<Expression>,
        /// The vector `a` of the outer product, `v` of the reduction.
        a: Handle<Expression>,
        /// The vector `b` of the outer product; `None`: the reduction.
        b: Option<Handle<Expression>>,
        /// The element type in memory: `f16` or `f32`.
        element: Scalar,
    },
    /// A target operation that the target's lowering left for its printer
    /// (see [`crate::ir::intrinsic`]); no other target's printer accepts
    /// it.
    Intrinsic {
        /// The operation.
        fun: crate::ir::Intrinsic,
        /// Arguments, in the operation's order.
        arguments: Vec<Handle<Expression>>,
        /// The `IntrinsicResult` expression, if the operation has a result.
        result: Option<Handle<Expression>>,
    },
    /// `subgroupMatrixStore`; offset/stride as in
    /// [`Expression::SubgroupMatrixLoad`].
    SubgroupMatrixStore {
        /// Pointer to an array in storage or workgroup.
        pointer: Handle<Expression>,
        /// Element index of component [0, 0].
        offset: Handle<Expression>,
        /// The matrix.
        value: Handle<Expression>,
        /// Elements between rows or columns.
        stride: Handle<Expression>,
        /// Majorness.
        layout: MatrixLayout,
        /// Written in the proposal's form (see
        /// [`Expression::SubgroupMatrixLoad`]).
        proposal_form: bool,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Statements are moved whenever a pass rebuilds a block, and a large
    /// module holds hundreds of thousands: keep them small (112 bytes when
    /// `Block` held its two vectors inline).
    #[test]
    fn statement_and_block_stay_small() {
        assert_eq!(std::mem::size_of::<Block>(), std::mem::size_of::<usize>());
        assert!(std::mem::size_of::<Statement>() <= 40);
        // Likewise expressions (56 bytes when an optional handle took 8).
        assert!(std::mem::size_of::<Expression>() <= 40);
    }

    fn boxed_empty() -> Block {
        let mut b = Block::new();
        // Writing through `DerefMut` allocates the box even for nothing.
        b.statements.clear();
        assert!(b.0.is_some());
        b
    }

    #[test]
    fn empty_blocks_do_not_allocate() {
        let mut b = Block::new();
        assert!(b.0.is_none() && Block::default().0.is_none());
        assert!(b.is_empty() && b.statements.is_empty() && b.spans.is_empty());
        assert_eq!(b.statements_mut().len(), 0);
        b.reserve(0);
        assert_eq!(b.iter().count(), 0);
        assert_eq!(b.clone().into_iter().count(), 0);
        assert!(b.0.is_none());
        assert!(boxed_empty().clone().0.is_none());
        let mut e = boxed_empty();
        e.shrink_to_fit();
        assert!(e.0.is_none());
    }

    #[test]
    fn empty_equals_boxed_empty() {
        assert_eq!(Block::new(), boxed_empty());
        assert_eq!(boxed_empty(), Block::new());
        let mut one = Block::new();
        one.push(Statement::Break, Span::new(1, 2));
        assert_ne!(one, Block::new());
        assert_ne!(boxed_empty(), one);
    }

    #[test]
    fn push_clone_and_iterate() {
        let mut b = Block::new();
        b.push(Statement::Break, Span::new(1, 2));
        b.push(Statement::Continue, Span::new(3, 4));
        assert_eq!(b.len(), 2);
        assert_eq!(b.statements, [Statement::Break, Statement::Continue]);
        assert_eq!(b.spans, [Span::new(1, 2), Span::new(3, 4)]);
        let c = b.clone();
        assert_eq!(c, b);
        let borrowed: Vec<_> = b.iter().map(|(s, sp)| (s.clone(), sp)).collect();
        let owned: Vec<_> = c.into_iter().collect();
        assert_eq!(borrowed, owned);
        b.statements_mut()[0] = Statement::Discard;
        assert_eq!(b.statements[0], Statement::Discard);
        b.shrink_to_fit();
        assert_eq!(b.len(), 2);
        let taken: Vec<_> = b.take_statements().collect();
        assert_eq!(taken[1..], owned[1..]);
        assert_eq!(taken[0], (Statement::Discard, Span::new(1, 2)));
        assert!(b.is_empty() && b.0.is_some());
        assert_eq!(b, Block::new());
        assert_eq!(Block::new().take_statements().len(), 0);
    }

    /// `{:?}` and `{:#?}` print as the derived output of the former
    /// two-field struct, empty or not.
    #[test]
    fn debug_unchanged() {
        #[derive(Debug)]
        #[allow(dead_code)]
        struct Block {
            statements: Vec<Statement>,
            spans: Vec<Span>,
        }
        let old_empty = Block {
            statements: vec![],
            spans: vec![],
        };
        for empty in [super::Block::new(), boxed_empty()] {
            assert_eq!(format!("{empty:?}"), format!("{old_empty:?}"));
            assert_eq!(format!("{empty:#?}"), format!("{old_empty:#?}"));
        }
        let mut inner = super::Block::new();
        inner.push(Statement::Break, Span::new(5, 6));
        let mut b = super::Block::new();
        b.push(
            Statement::Loop {
                body: inner.clone(),
                continuing: super::Block::new(),
                break_if: None,
                unroll: false,
            },
            Span::new(1, 9),
        );
        let old = format!(
            "Block {{ statements: [Loop {{ body: {:?}, continuing: {:?}, break_if: None, unroll: false }}], spans: [{:?}] }}",
            Block {
                statements: vec![Statement::Break],
                spans: vec![Span::new(5, 6)],
            },
            old_empty,
            Span::new(1, 9)
        );
        assert_eq!(format!("{b:?}"), old);
    }
}

//! The Metal Shading Language (MSL) backend.
//!
//! [`print()`] prints a lowered pipeline, an [`crate::ir::PipelineModule`]
//! (the module after [`crate::lower::msl::lower`], with the chosen entry
//! points and the pipeline step's values), as MSL source text for compute
//! kernels (with textures and samplers) and, through `render`, vertex and
//! fragment functions. Only what the selected entry points use is emitted, in a
//! deterministic order: structs and array wrappers, program-scope
//! `constant` variables (constant values too
//! long to spell out at each use, such as lookup tables), user functions
//! (callees first), then one `kernel` per entry point.
//!
//! # Resources
//!
//! Every `uniform` or `storage` buffer variable an entry point uses becomes
//! a kernel parameter `constant T& name [[buffer(n)]]` (uniform, read-only
//! storage) or `device T& name [[buffer(n)]]` (writable storage). The
//! buffer index `n` is [`Options::binding_map`]'s entry for the variable's
//! `@group/@binding` when present; otherwise the entry point's remaining
//! buffers, sorted by `(group, binding)`, take the lowest indices not used
//! by the map, in order (so with an empty map the buffers get 0, 1, 2, ...
//! per entry point). Two bindings mapped to the same index are an error.
//!
//! Every texture or sampler variable an entry point uses becomes a kernel
//! parameter `metal::texture2d<float, metal::access::sample> name
//! [[texture(n)]]` or `metal::sampler name [[sampler(n)]]` (see `image` for
//! the texture types). Textures and samplers have their own index tables,
//! assigned as buffers are: [`Options::binding_map`]'s entry for the
//! binding (read as a texture or sampler index for those variables), else
//! the lowest free index in `(group, binding)` order. User functions that
//! use a texture or sampler variable take it as a by-value parameter (as
//! Metal passes textures), like texture and sampler arguments.
//! [`Translation::resources`] lists every index an entry point uses.
//!
//! The immediate data variable (`var<immediate>`, at most one per entry
//! point) becomes `constant T& name [[buffer(n)]]` with the lowest index
//! not taken by the entry point's buffers: the embedder sets it with
//! `setBytes` before each dispatch.
//!
//! # Runtime-sized array lengths
//!
//! MSL buffers carry no length, so `arrayLength` and bounds checks read a
//! *sizes buffer*: when an entry point uses a buffer whose store type ends
//! with a runtime-sized array, it gets a parameter
//! `constant tessera_buffer_sizes& _buffer_sizes [[buffer(k)]]` where
//! `tessera_buffer_sizes` is `struct { uint size[N]; }`. Entry `i` holds the
//! byte size of the `i`-th runtime-sized buffer, counting the buffers of
//! all chosen entry points whose store type ends with a runtime-sized array
//! in `(group, binding)` order (with one entry point: its own runtime-sized
//! buffers). The element count is computed in the shader as
//! `(size - offset_of_array) / stride`. `k` is [`Options::sizes_buffer`]
//! when given, else the index after the largest buffer index in use.
//! Functions that take a pointer to such an array get its element count as
//! a hidden `uint NAME_length` parameter after the pointer.
//!
//! # WGSL semantics
//!
//! Where Metal differs from WGSL, the passes of
//! [`crate::lower::msl::passes`] lower the module before this printer runs:
//! integer division and remainder by zero (and `i32::MIN / -1`) give WGSL's
//! results, shift amounts are masked to the bit width, float-to-integer
//! conversions saturate, the norm packing builtins follow the spec's
//! formula, dynamic indices are clamped when [`Options::bounds_checks`] is
//! on, workgroup memory is zeroed, and the builtins whose Metal form has
//! another shape (`modf`, `frexp`, `atomicCompareExchangeWeak`,
//! `subgroupBallot`, the subgroup-matrix operations) become Metal's
//! operations as IR ([`crate::ir::MslIntrinsic`]), which `intrinsic`
//! writes one-to-one: the printer writes no helper functions. And `vec3` members of structs use
//! `packed_float3`-style types with explicit padding so that offsets match
//! WGSL's layout. `@workgroup_size` cannot be written in MSL (the API
//! chooses the threadgroup size at dispatch); it is printed as a comment and
//! is in the reflection (`pipeline::Reflection`).
//!
//! # Output shape
//!
//! Names are kept where legal (`names` renames MSL/C++ keywords, Metal
//! library names and `main` with a `_` suffix, and names taken twice more
//! with `_2`, `_3`, ...; [`Translation::entry_points`] maps WGSL entry
//! points to kernel names). Fixed-size and runtime-sized
//! arrays become wrapper structs `array_<element>_<N>` / `array_<element>_rt`
//! with an `inner` member, so they can be assigned and returned. Function
//! pointer parameters become references in their address space (`thread`,
//! `threadgroup`, `device`, `constant`); the globals a function uses are
//! passed to it as extra reference parameters (MSL has no mutable globals):
//! buffers are kernel parameters, workgroup variables are `threadgroup`
//! variables declared in the kernel, private variables are kernel locals.
//! Expressions are printed inline when they are pure and used once; `let`
//! values, values used more than once, memory reads (unless their only use
//! is the next statement) and subgroup-matrix operations get a temporary
//! where the source evaluates them, so evaluation order and control flow
//! are the source's. Every loop is `for (volatile bool tessera_loop = true;
//! tessera_loop;) { ... }`: the volatile read keeps the C++ forward-progress
//! rule from letting the Metal compiler delete a loop that WGSL says runs
//! (Tint guards its loops the same way); a counted loop the `unroll` pass
//! recognised but kept (its trip count is a known constant, so it ends) is
//! a plain `for (;;)`, which the Metal compiler may unroll. Loops with a
//! `continuing` block
//! become `bool loop_init = true; <loop> { if (!loop_init) { continuing }
//! loop_init = false; body }`.
//!
//! # Module map
//!
//! The printer's modules, from the driver down; none imports one above it
//! (`tests/architecture.rs` fails on an import circle):
//! - `module`: the driver: option checks, reachability, type and global
//!   names, type declarations, and the assembled output;
//! - `entry_point`: the module-level checks of the chosen entry points and
//!   each kernel's signature and prologue;
//! - `function`: per-function analysis (uses, hoisting), parameter and local
//!   names, user-function signatures and every body;
//! - `statement`: blocks, control flow, stores, calls and builtin statements;
//! - `expression`: expressions (inline or temporaries) with WGSL's operator
//!   semantics, builtin calls and subgroup-matrix operations;
//! - `access`: the pointee and address space of a pointer; `operand`: the
//!   text of an evaluated expression or a leaf;
//! - `value`: literals, constants, zero values, composites;
//! - `context`: the shared state (`Writer`, `FnCtx`, a render stage's
//!   output struct), the result type and errors, and the temporaries of a
//!   function;
//! - the builtins, each printed as Metal's call from printed operands:
//!   `math`, `atomics`, `subgroup`, `matrix` (subgroup-matrix types and
//!   constructors), `intrinsic` (the target operations the lowering
//!   left), `barrier`, `image` (texture types and the texture builtins);
//!   `capability` (public) holds the "Metal cannot express" checks;
//! - leaves: `types` (type spellings and struct layout), `names`
//!   (identifier renaming) and `spelling` (scalar, vector and matrix type
//!   names, float literals, address-space qualifiers).

mod access;
mod atomics;
mod barrier;
pub mod capability;
mod context;
mod entry_point;
mod expression;
mod function;
mod image;
mod intrinsic;
mod math;
mod matrix;
mod module;
mod names;
mod operand;
mod render;
mod spelling;
mod statement;
mod subgroup;
mod types;
mod value;

use std::collections::BTreeMap;

use crate::diagnostic::{Diagnostic, Error};
use crate::ir::PipelineModule;
use crate::ir::ResourceBinding;
use crate::valid::ModuleInfo;

/// MSL writer options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The MSL language version (major, minor), default (2, 4). Metal has
    /// 1.0-1.2, 2.0-2.4, 3.0-3.2; other values are errors, and subgroup
    /// matrices (`simdgroup_matrix`) need 2.3 or later.
    pub lang_version: (u8, u8),
    /// Explicit argument-table index per `@group/@binding`: the
    /// `[[buffer(n)]]` index of a buffer, the `[[texture(n)]]` index of a
    /// texture, the `[[sampler(n)]]` index of a sampler (each table has its
    /// own indices: buffers 0-30, textures 0-127, samplers 0-15). Bindings
    /// not in the map get the lowest free indices of their table, in
    /// `(group, binding)` order.
    pub binding_map: BTreeMap<ResourceBinding, u32>,
    /// The `[[buffer(n)]]` index of the sizes buffer that carries the byte
    /// sizes of runtime-sized buffers (see the module docs); `None` uses the
    /// index after the largest buffer index of the entry point.
    pub sizes_buffer: Option<u32>,
    /// Clamp dynamic indices of fixed-size arrays, vectors and matrices to
    /// the last element, and of runtime-sized arrays to `arrayLength - 1`
    /// (default `true`; as in the SPIR-V writer).
    pub bounds_checks: bool,
    /// Zero the workgroup variables each entry point uses before its body
    /// runs (WGSL semantics; default `true`).
    pub zero_initialize_workgroup_memory: bool,
    /// Which counted loops tessera unrolls.
    pub unroll: crate::unroll_policy::UnrollPolicy,
    /// Leave indices into buffers to the device (see the SPIR-V option of
    /// the same name); Metal needs the embedder to guarantee it.
    pub buffers_robust_by_device: bool,
    /// Run tessera's optimising passes (default `true`): `unroll`, `fold`,
    /// `sroa`, `dse` and `cse`. Off, only the passes WGSL's semantics need
    /// run, and the output computes the same with less work done by
    /// tessera (e.g. for differential testing); [`Options::unroll`] then
    /// has no effect.
    pub optimize: bool,
    /// Verify the IR ([`crate::ir::verify`]) before the first pass and
    /// after each one, reporting a broken invariant as an internal error
    /// naming the pass (default `false`; always on in debug builds).
    pub verify_ir: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            lang_version: (2, 4),
            binding_map: BTreeMap::new(),
            sizes_buffer: None,
            bounds_checks: true,
            zero_initialize_workgroup_memory: true,
            unroll: Default::default(),
            buffers_robust_by_device: false,
            optimize: true,
            verify_ir: false,
        }
    }
}

/// What the writer produced besides the text: the MSL name of each kernel
/// and the argument-table index of each resource.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Translation {
    /// The MSL source.
    pub source: String,
    /// `(WGSL entry-point name, MSL kernel name)` per chosen entry point
    /// (names that are not legal in MSL, such as `main`, are renamed).
    pub entry_points: Vec<(String, String)>,
    /// The index each entry point gives each resource it uses, in entry
    /// point order, then by table and index.
    pub resources: Vec<ResourceIndex>,
}

/// Which argument table an index is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ResourceKind {
    /// `[[buffer(n)]]`: a uniform or storage buffer.
    Buffer,
    /// `[[buffer(n)]]`: the immediate data (`var<immediate>`), set with
    /// `setBytes`.
    Immediate,
    /// `[[buffer(n)]]`: the sizes buffer of runtime-sized arrays (see the
    /// module docs).
    SizesBuffer,
    /// `[[texture(n)]]`: a texture or texel buffer.
    Texture,
    /// `[[sampler(n)]]`: a sampler or comparison sampler.
    Sampler,
}

/// One resource of one entry point and its argument-table index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceIndex {
    /// The WGSL entry-point name.
    pub entry_point: String,
    /// The variable's `@group/@binding` (`None` for the immediate data and
    /// the sizes buffer).
    pub binding: Option<ResourceBinding>,
    /// The table.
    pub kind: ResourceKind,
    /// The index in the table.
    pub index: u32,
}

/// Prints a lowered pipeline (see [`crate::lower::msl::lower`]) as MSL; `info` is what
/// [`crate::lower::msl::lower`] returned.
pub fn print(
    pipeline: &PipelineModule<'_>,
    info: &ModuleInfo,
    options: &Options,
) -> Result<Translation, Error> {
    module::write(pipeline, info, options)
}

#[cfg(test)]
mod image_tests;
#[cfg(test)]
mod tests;

/// The error for an override-expression that reads a specialization
/// constant ([`crate::pipeline::PipelineOptions::spec_constants`]).
pub(crate) fn spec_constants_error(span: crate::span::Span) -> Error {
    Diagnostic::error(
        "this override-expression reads a specialization constant, which MSL output does not support",
        span,
    )
    .with_note("specialization constants are for SPIR-V output: give every override a value (pipeline constants)")
    .into()
}

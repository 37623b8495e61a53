//! Random, UB-free WGSL compute programs for differential testing.
//!
//! [`generate`] turns a seed into a compute shader whose output buffers are
//! fully determined by the WGSL specification: every correct compiler, on
//! every correct device, produces the same bytes. The differential runner
//! compiles each program with tessera (optimised and not), naga and Tint,
//! runs it and compares the buffers; any difference is a bug in one of
//! them. `README.md` beside this crate says what is generated and why each
//! construct is free of undefined, implementation-defined and
//! indeterminate behaviour.
//!
//! The same seed gives the same program on every platform (the generator's
//! random numbers come from its own SplitMix64, [`rng::Rng`]).

pub mod check;
pub mod diff;
mod ex;
mod expr;
mod expr_float;
mod expr_int;
mod gen;
mod gen_observe;
mod gen_program;
pub mod reduce;
pub mod rng;
mod stmt;
pub mod types;

/// What a generated program may contain, and how big it may get.
#[derive(Clone, Debug)]
pub struct GenOptions {
    /// Helper functions besides the entry point (at most).
    pub max_functions: u32,
    /// Statements generated in one block (at most; a block also gets the
    /// statements that observe its locals).
    pub max_stmts_per_block: u32,
    /// Statements generated in one function (at most), which bounds the
    /// program's length.
    pub max_stmts_per_function: u32,
    /// Depth of a generated expression tree.
    pub max_expr_depth: u32,
    /// Nesting of loops.
    pub max_loop_nesting: u32,
    /// Nesting of blocks (if, switch, loops, `{}`).
    pub max_block_depth: u32,
    /// Statements one invocation may execute, counted statically (loop
    /// trip counts multiplied out, callees included): bounds the run time.
    pub max_dynamic_statements: u64,
    /// Struct types.
    pub structs: bool,
    /// Fixed-size arrays.
    pub arrays: bool,
    /// `let` pointers and pointer parameters (`ptr<function>`,
    /// `ptr<private>`).
    pub pointers: bool,
    /// Pointer arguments to parts of variables: `&s.member`, `&a[i]`, `let`
    /// pointers to them (WGSL's `unrestricted_pointer_parameters` language
    /// feature). Off by default: naga 30's SPIR-V writer panics on them.
    pub unrestricted_pointer_parameters: bool,
    /// `p.member` / `p[i]` on pointers (WGSL's
    /// `pointer_composite_access` language feature).
    pub pointer_composite_access: bool,
    /// `ptr<storage, ...>` parameters (naga rejects them).
    pub storage_pointers: bool,
    /// `switch` statements.
    pub switch: bool,
    /// Exactly representable f32 arithmetic.
    pub f32: bool,
    /// Exactly representable f16 arithmetic (`enable f16;`).
    pub f16: bool,
    /// `var<workgroup>` memory with barriers and `workgroupUniformLoad`.
    pub workgroup_memory: bool,
    /// Atomics (workgroup and storage), used order-independently.
    pub atomics: bool,
    /// Subgroup operations on workgroup-uniform values (`enable
    /// subgroups;`).
    pub subgroups: bool,
    /// The packed 4x8-bit integer builtins (`dot4U8Packed`, `pack4xI8`,
    /// ...).
    pub packed_integer_builtins: bool,
    /// A uniform buffer.
    pub uniform_buffer: bool,
    /// The input buffer is a runtime-sized array (indexed through
    /// `arrayLength`).
    pub runtime_sized_input: bool,
    /// `override` declarations.
    pub overrides: bool,
}

impl Default for GenOptions {
    fn default() -> Self {
        GenOptions {
            max_functions: 4,
            max_stmts_per_block: 5,
            max_stmts_per_function: 30,
            max_expr_depth: 4,
            max_loop_nesting: 3,
            max_block_depth: 4,
            max_dynamic_statements: 8000,
            structs: true,
            arrays: true,
            pointers: true,
            unrestricted_pointer_parameters: false,
            pointer_composite_access: true,
            storage_pointers: false,
            switch: true,
            f32: true,
            f16: false,
            workgroup_memory: true,
            atomics: true,
            subgroups: false,
            packed_integer_builtins: true,
            uniform_buffer: true,
            runtime_sized_input: true,
            overrides: true,
        }
    }
}

impl GenOptions {
    /// Small programs (two helpers, few statements, shallow expressions):
    /// the shortest reproducers of a failure.
    pub fn small() -> Self {
        GenOptions {
            max_functions: 2,
            max_stmts_per_function: 10,
            max_stmts_per_block: 3,
            max_expr_depth: 3,
            ..GenOptions::default()
        }
    }
}

/// A generated compute program and what running it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The WGSL source (a header comment gives the dispatch and buffers).
    pub wgsl: String,
    /// The entry point: always `main`.
    pub entry: String,
    /// `@workgroup_size` of the entry point.
    pub workgroup_size: [u32; 3],
    /// Workgroups to dispatch.
    pub dispatch: [u32; 3],
    /// Every binding the program declares, in binding order.
    pub buffers: Vec<BufferSpec>,
}

/// One buffer binding of a [`Program`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferSpec {
    pub group: u32,
    pub binding: u32,
    /// Size in bytes; bind the whole buffer (a runtime-sized array's length
    /// is derived from it).
    pub size: u64,
    /// Initial contents (`size` bytes, little-endian words).
    pub init: Vec<u8>,
    /// A uniform buffer (otherwise storage).
    pub uniform: bool,
    /// A `read_write` storage buffer: its final contents are the program's
    /// output and are compared.
    pub writable: bool,
}

/// The program for `seed`: the same on every platform and every run.
pub fn generate(seed: u64, options: &GenOptions) -> Program {
    gen::Gen::new(seed, options).program()
}

impl Program {
    /// The header comment the WGSL source starts with.
    pub fn header(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!(
            "// dispatch: {} {} {}; workgroup_size: {} {} {}; entry: {}\n",
            self.dispatch[0],
            self.dispatch[1],
            self.dispatch[2],
            self.workgroup_size[0],
            self.workgroup_size[1],
            self.workgroup_size[2],
            self.entry
        ));
        for b in &self.buffers {
            s.push_str(&format!(
                "// buffer @group({}) @binding({}): {} bytes, {}{}\n",
                b.group,
                b.binding,
                b.size,
                if b.uniform {
                    "uniform"
                } else if b.writable {
                    "storage read_write (output)"
                } else {
                    "storage read"
                },
                if b.init.iter().all(|&x| x == 0) {
                    ", zero-initialised".to_string()
                } else {
                    format!(", init words: {}", words_preview(&b.init))
                }
            ));
        }
        s
    }
}

fn words_preview(bytes: &[u8]) -> String {
    let words: Vec<String> = bytes
        .chunks(4)
        .map(|c| format!("0x{:08x}", u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
        .collect();
    words.join(" ")
}

//! Helpers for SPIR-V writer tests: hand-built IR modules, compilation,
//! validation with SPIRV-Tools, and disassembly.
#![allow(dead_code)]

use spirv_tools::val::Validator;
use tessera::arena::Handle;
use tessera::back::spv::Options;
use tessera::ir::*;
use tessera::lower::spv::write;
use tessera::pipeline::Pipeline;
use tessera::Span;

/// A module under construction.
#[derive(Default)]
pub struct Mb {
    pub m: Module,
}

impl Mb {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn ty(&mut self, inner: TypeInner) -> Handle<Type> {
        self.m.intern(inner)
    }
    pub fn scalar(&mut self, s: Scalar) -> Handle<Type> {
        self.ty(TypeInner::Scalar(s))
    }
    pub fn vec(&mut self, n: VectorSize, s: Scalar) -> Handle<Type> {
        self.ty(TypeInner::Vector { size: n, scalar: s })
    }
    pub fn ptr(&mut self, base: Handle<Type>, space: AddressSpace, access: Access) -> Handle<Type> {
        self.ty(TypeInner::Pointer {
            base,
            space,
            access,
        })
    }
    pub fn array(&mut self, base: Handle<Type>, size: ArraySize) -> Handle<Type> {
        let stride = self.m.array_stride(base);
        self.ty(TypeInner::Array { base, size, stride })
    }
    pub fn global(
        &mut self,
        name: &str,
        space: AddressSpace,
        access: Access,
        ty: Handle<Type>,
        binding: Option<(u32, u32)>,
    ) -> Handle<GlobalVariable> {
        self.m.global_variables.append(
            GlobalVariable {
                name: name.into(),
                space,
                access,
                binding: binding.map(|(group, binding)| ResourceBinding { group, binding }),
                ty,
                init: None,
                input_attachment_index: None,
            },
            Span::UNDEFINED,
        )
    }
    pub fn add_function(&mut self, f: Function) -> Handle<Function> {
        self.m.functions.append(f, Span::UNDEFINED)
    }
    pub fn compute(&mut self, name: &str, f: Function, size: u32) -> Handle<Function> {
        let h = self.add_function(f);
        self.m.entry_points.push(EntryPoint {
            workgroup_size_spans: [tessera::Span::UNDEFINED; 3],
            subgroup_size: None,
            name: name.into(),
            stage: ShaderStage::Compute,
            function: h,
            workgroup_size: [
                WorkgroupSizeDim::Constant(size),
                WorkgroupSizeDim::Constant(1),
                WorkgroupSizeDim::Constant(1),
            ],
        });
        h
    }
}

/// A function under construction; `emit` appends an expression together with
/// an `Emit` statement for it in the current block.
pub struct Fb {
    pub f: Function,
    /// Stack of blocks being built (the last is current).
    pub blocks: Vec<Block>,
}

impl Fb {
    pub fn new(name: &str) -> Self {
        Fb {
            f: Function {
                name: name.into(),
                ..Default::default()
            },
            blocks: vec![Block::new()],
        }
    }
    /// An expression that needs no `Emit` (literals, variables, ...).
    pub fn e(&mut self, e: Expression, ty: Handle<Type>) -> Handle<Expression> {
        self.f.add_expression(e, ty, Span::new(1, 2))
    }
    /// An expression with its `Emit`.
    pub fn emit(&mut self, e: Expression, ty: Handle<Type>) -> Handle<Expression> {
        let h = self.f.add_expression(e, ty, Span::new(3, 4));
        self.stmt(Statement::Emit(tessera::arena::HandleRange::new_inclusive(
            h, h,
        )));
        h
    }
    pub fn stmt(&mut self, s: Statement) {
        if let Some(b) = self.blocks.last_mut() {
            b.push(s, Span::new(5, 6));
        }
    }
    pub fn open(&mut self) {
        self.blocks.push(Block::new());
    }
    pub fn close(&mut self) -> Block {
        self.blocks.pop().unwrap_or_default()
    }
    pub fn local(&mut self, name: &str, ty: Handle<Type>) -> Handle<LocalVariable> {
        self.f.local_variables.append(
            LocalVariable {
                name: name.into(),
                ty,
            },
            Span::UNDEFINED,
        )
    }
    pub fn finish(mut self) -> Function {
        self.f.body = self.blocks.pop().unwrap_or_default();
        self.f
    }
}

/// The pipeline for all entry points of a module (no overrides).
pub fn pipeline(m: &Module) -> Pipeline {
    Pipeline {
        module: m.clone(),
        entry_points: (0..m.entry_points.len()).collect(),
        global_values: Vec::new(),
        override_values: Vec::new(),
        spec_constants: Vec::new(),
        reflection: Default::default(),
        subgroup_sizes: [4, 128],
        external_textures: Vec::new(),
        framebuffer_fetch_group: tessera::pipeline::DEFAULT_FRAMEBUFFER_FETCH_GROUP,
        resource_table: Default::default(),
        cooperative_vector_configs: Vec::new(),
        cooperative_vector_max_components: None,
        cooperative_vector_training: Vec::new(),
        cooperative_vector_optimal_layouts: Vec::new(),
    }
}

fn env(version: (u8, u8)) -> spirv_tools::TargetEnv {
    match version {
        (1, 3) => spirv_tools::TargetEnv::Vulkan_1_1,
        (1, 4) => spirv_tools::TargetEnv::Vulkan_1_1_Spirv_1_4,
        (1, 5) => spirv_tools::TargetEnv::Vulkan_1_2,
        _ => spirv_tools::TargetEnv::Vulkan_1_3,
    }
}

/// Validates words for the environment matching `version`.
pub fn validate(words: &[u32], version: (u8, u8)) -> Result<(), String> {
    let v = spirv_tools::val::create(Some(env(version)));
    v.validate(words, None)
        .map_err(|e| format!("{e}\n{}", disasm(words)))
}

#[path = "../common/disasm.rs"]
mod disasm_impl;

/// Disassembles words.
pub fn disasm(words: &[u32]) -> String {
    match disasm_impl::disassemble(words) {
        Ok(text) => text,
        Err(e) => format!("<unparsable: {e}>"),
    }
}

/// Writes a pipeline and validates it; returns the disassembly.
pub fn compile_pipeline(p: &Pipeline, version: (u8, u8)) -> String {
    let opts = Options {
        version,
        ..Options::default()
    };
    let words = match write(p, &opts) {
        Ok(w) => w,
        Err(e) => panic!("write failed: {e}"),
    };
    if let Err(e) = validate(&words, version) {
        panic!("validation failed for {version:?}: {e}");
    }
    let again = write(p, &opts).ok();
    assert_eq!(
        again.as_deref(),
        Some(&words[..]),
        "output is not deterministic"
    );
    disasm(&words)
}

/// Compiles a module for SPIR-V 1.3 to 1.6 (validating each); returns the
/// 1.3 disassembly.
pub fn compile(m: &Module) -> String {
    let p = pipeline(m);
    let out = compile_pipeline(&p, (1, 3));
    for version in [(1, 4), (1, 5), (1, 6)] {
        compile_pipeline(&p, version);
    }
    out
}

/// Compiles WGSL source for SPIR-V 1.3 and 1.6, validates both with
/// SPIRV-Tools, and returns the 1.3 disassembly.
#[allow(dead_code)]
pub fn compile_wgsl(source: &str) -> String {
    let mut out = String::new();
    for version in [(1, 3), (1, 6)] {
        let mut opts = tessera::CompileOptions::default();
        opts.spv.version = version;
        let words = match tessera::compile_to_spirv(source, &opts) {
            Ok(o) => o.words,
            Err(e) => panic!(
                "compilation failed: {}",
                e.error().render("test.wgsl", source)
            ),
        };
        if let Err(e) = validate(&words, version) {
            panic!("invalid SPIR-V for {version:?}: {e}");
        }
        if version == (1, 3) {
            out = disasm(&words);
        }
    }
    out
}

//! Regression tests for SPIR-V writer fixes found by integration: modules
//! without entry points, and std140-style decomposition of uniform matrices
//! whose column stride is not a multiple of 16. Outputs are validated with
//! SPIRV-Tools.

mod spv_util;

use spv_util::{disasm, pipeline, validate};
use tessera::back::spv::{write, Options};
use tessera::ir::Module;
use tessera::valid::ModuleInfo;
use tessera::{compile_to_spirv, CompileOptions};

/// Compiles for 1.3 and 1.6, validates both, returns the 1.3 disassembly.
fn compile(source: &str) -> String {
    let mut out = String::new();
    for version in [(1, 3), (1, 6)] {
        let mut opts = CompileOptions::default();
        opts.spv.version = version;
        let words = match compile_to_spirv(source, &opts) {
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

#[test]
fn a_module_without_entry_points_is_an_error() {
    let p = pipeline(&Module::default());
    let e = write(&p, &ModuleInfo::default(), &Options::default()).expect_err("no entry point");
    assert_eq!(e.to_string(), "the module has no entry point to write");
    let src = "fn f() -> i32 { return 1; }";
    let e = compile_to_spirv(src, &CompileOptions::default()).expect_err("no entry point");
    assert!(
        e.error()
            .render("t.wgsl", src)
            .contains("the module has no entry point to write"),
        "{}",
        e.error().render("t.wgsl", src)
    );
}

//! Negative tests for pixel local storage (`enable chromium_experimental_pixel_local;`,
//! Tint's rules): each rule's message and span, and the backends'
//! refusal (neither tessera's nor Tint's SPIR-V and MSL writers lower
//! `pixel_local`).

#[path = "common/check.rs"]
mod check;

use check::{check_error, check_ok_with};
use tessera::pipeline::PipelineOptions;

const ENABLE: &str = "enable chromium_experimental_pixel_local;";
const PLS: &str = "struct P { a: u32, b: i32, c: f32 }\nvar<pixel_local> pls: P;";

fn shader(decls: &str, entry: &str) -> String {
    format!("{ENABLE}\n{decls}\n{entry}\n")
}

const FRAGMENT: &str = "@fragment fn main() { pls.a += 1u; }";

#[test]
fn a_fragment_shader_may_use_it() {
    check_ok_with(&shader(PLS, FRAGMENT), &PipelineOptions::default());
}

#[test]
fn the_enable_is_required() {
    check_error(
        "struct P { a: u32 }\nvar<pixel_local> pls: P;",
        "'pixel_local' address space requires the 'chromium_experimental_pixel_local' extension enabled",
        "pixel_local",
    );
}

#[test]
fn the_store_type_is_a_structure_of_32_bit_scalars() {
    check_error(
        &shader("var<pixel_local> pls: u32;", ""),
        "'pixel_local' variables must have a structure type, not 'u32'",
        "u32",
    );
    for (member, name) in [
        ("vec4<f32>", "vec4<f32>"),
        ("bool", "bool"),
        ("array<u32, 4>", "array<u32, 4>"),
        ("atomic<u32>", "atomic<u32>"),
    ] {
        check_error(
            &shader(
                &format!("struct P {{ a: i32, m: {member} }}\nvar<pixel_local> pls: P;"),
                "",
            ),
            &format!(
                "the members of a structure in the 'pixel_local' address space can only be 'i32', 'u32' or 'f32', but 'm' of 'P' is '{name}'"
            ),
            "P",
        );
    }
}

#[test]
fn no_initializer_or_access_mode() {
    check_error(
        &shader("struct P { a: u32 }\nvar<pixel_local> pls: P = P(1u);", ""),
        "variables in the 'pixel_local' address space cannot have an initializer",
        "P(1u)",
    );
    check_error(
        &shader("struct P { a: u32 }\nvar<pixel_local, read_write> pls: P;", ""),
        "only variables in the 'storage' address space may specify an access mode, not 'pixel_local'",
        "read_write",
    );
}

#[test]
fn fragment_stage_only() {
    check_error(
        &shader(PLS, "@compute @workgroup_size(1) fn main() { pls.a = 1u; }"),
        "pixel_local variable 'pls' cannot be used in the compute pipeline stage",
        "pls",
    );
    check_error(
        &shader(
            PLS,
            "fn f() -> u32 { return pls.a; }\n@vertex fn main() -> @builtin(position) vec4f { return vec4f(f32(f())); }",
        ),
        "pixel_local variable 'pls' cannot be used in the vertex pipeline stage",
        "pls",
    );
}

#[test]
fn one_variable_per_entry_point() {
    check_error(
        &shader(
            "struct P { a: u32 }\nvar<pixel_local> x: P;\nvar<pixel_local> y: P;",
            "@fragment fn main() { x.a = y.a; }",
        ),
        "entry point 'main' uses the pixel_local variables 'x' and 'y', but may use at most one",
        "@fragment fn main() { x.a = y.a; }",
    );
}

#[test]
fn not_with_framebuffer_fetch() {
    check_error(
        &format!("enable chromium_experimental_framebuffer_fetch;\n{ENABLE}\n{PLS}"),
        "extension 'chromium_experimental_pixel_local' cannot be used with extension 'chromium_experimental_framebuffer_fetch'",
        "chromium_experimental_pixel_local",
    );
}

#[test]
fn no_backend_lowers_it() {
    let source = shader(PLS, FRAGMENT);
    let spv = tessera::compile_to_spirv(&source, &Default::default()).expect_err("SPIR-V");
    let msl = tessera::compile_to_msl(&source, &Default::default()).expect_err("MSL");
    for (e, target) in [(spv, "SPIR-V"), (msl, "MSL")] {
        let d = e.error().errors().next().expect("an error").clone();
        assert_eq!(
            d.message,
            format!("the 'pixel_local' address space is not supported by the {target} backend")
        );
        assert_eq!(
            source.get(d.span.to_range()),
            Some("var<pixel_local> pls: P")
        );
    }
    // WGSL output keeps it.
    let parsed = tessera::front::wgsl::parse_str(&source).expect("parses");
    let wgsl = tessera::back::wgsl::write(&parsed.module).expect("WGSL");
    assert!(wgsl.contains("var<pixel_local> pls: P;"), "{wgsl}");
}

#[test]
fn an_unused_declaration_compiles() {
    let source = shader(PLS, "@fragment fn main() {}");
    tessera::compile_to_spirv(&source, &Default::default()).expect("not used: nothing to lower");
}

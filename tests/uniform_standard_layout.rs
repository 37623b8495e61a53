//! The WGSL language feature `uniform_buffer_standard_layout`: uniform
//! buffers with the storage layout rules where the target supports it
//! (the default, the `webgpu` and `metal` profiles, a Vulkan device with
//! `uniformBufferStandardLayout`), the stricter rules and an error for
//! `requires uniform_buffer_standard_layout;` where it does not; SPIR-V
//! that is valid for a device with `uniformBufferStandardLayout`
//! (`spirv-val --uniform-buffer-standard-layout`), the reflection that
//! says so, binding sizes, MSL and the WGSL printer's `requires`.

mod common;

use spirv_tools::TargetEnv;
use tessera::device::{
    vulkan::{profile_from_vulkan, VulkanDeviceFacts},
    DeviceProfile, Features, LanguageFeatures,
};
use tessera::{CompileError, CompileOptions, MslCompileOptions};

/// A uniform `array<u32, 4>` (stride 4) and a struct with an `f32` after a
/// `vec3<f32>` and after a small array, and a member 4 bytes after a
/// struct member: valid only with the storage rules.
const RELAXED: &str = "struct Inner { x: f32 }
struct Params {
    v: vec3<f32>,
    f: f32,
    small: array<f32, 2>,
    g: f32,
    inner: Inner,
    h: f32,
}
@group(0) @binding(0) var<uniform> input: array<u32, 4>;
@group(0) @binding(1) var<uniform> params: Params;
@group(0) @binding(2) var<storage, read_write> out: array<f32, 4>;
@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
    out[0] = f32(input[i % 4u]);
    out[1] = params.f + params.v.y;
    out[2] = params.small[i % 2u] + params.g;
    out[3] = params.inner.x + params.h;
}
";

/// The same module, saying that it uses the language feature.
fn with_requires(source: &str) -> String {
    format!("requires uniform_buffer_standard_layout;\n{source}")
}

/// A Vulkan 1.1 device without `VK_KHR_uniform_buffer_standard_layout`.
fn vulkan_without() -> DeviceProfile {
    profile_from_vulkan(&VulkanDeviceFacts {
        device_name: "old GPU".into(),
        max_compute_work_group_size: [1024, 1024, 64],
        max_compute_work_group_invocations: 1024,
        max_compute_shared_memory_size: 32768,
        max_push_constants_size: 128,
        ..Default::default()
    })
}

/// The error diagnostics of validating `source` for a target with
/// `language`.
fn errors(source: &str, language: LanguageFeatures) -> Vec<tessera::Diagnostic> {
    let parsed = tessera::front::wgsl::parse_str(source)
        .unwrap_or_else(|e| panic!("{}", e.render("test.wgsl", source)));
    match tessera::valid::validate_with_language_features(&parsed.module, Features::all(), language)
    {
        Ok(_) => Vec::new(),
        Err(e) => e.errors().cloned().collect(),
    }
}

fn spanned<'s>(source: &'s str, d: &tessera::Diagnostic) -> &'s str {
    &source[d.span.to_range()]
}

#[test]
fn requires_without_support_is_an_error_at_the_name() {
    let source = with_requires(
        "@group(0) @binding(0) var<uniform> u: vec4<f32>;\n@compute @workgroup_size(1) fn main() { _ = u; }\n",
    );
    let diags = errors(&source, LanguageFeatures::empty());
    let rendered = tessera::diagnostic::render_all(&diags, "test.wgsl", &source);
    assert_eq!(diags.len(), 1, "{rendered}");
    assert_eq!(
        diags[0].message,
        "`requires uniform_buffer_standard_layout;` needs the WGSL language feature `uniform_buffer_standard_layout`, which the target does not support"
    );
    assert_eq!(
        spanned(&source, &diags[0]),
        "uniform_buffer_standard_layout"
    );
    assert!(
        diags[0]
            .notes
            .iter()
            .any(|n| n.contains("uniformBufferStandardLayout")),
        "{rendered}"
    );
    // Supported: accepted (the directive only documents the use).
    assert!(errors(&source, LanguageFeatures::all()).is_empty());
    // Through a device profile: a shader-module error.
    let options = CompileOptions::for_device(&vulkan_without());
    let err = tessera::compile_to_spirv(&source, &options).unwrap_err();
    assert!(matches!(err, CompileError::ShaderModule(_)), "{err}");
    let msl_options = MslCompileOptions {
        language_features: LanguageFeatures::empty(),
        ..Default::default()
    };
    assert!(tessera::compile_to_msl(&source, &msl_options).is_err());
}

#[test]
fn relaxed_layouts_without_support_are_errors() {
    let diags = errors(RELAXED, LanguageFeatures::empty());
    let got: Vec<(&str, &str)> = diags
        .iter()
        .map(|d| (d.message.as_str(), spanned(RELAXED, d)))
        .collect();
    let input = "@group(0) @binding(0) var<uniform> input: array<u32, 4>";
    let params = "@group(0) @binding(1) var<uniform> params: Params";
    assert_eq!(
        got,
        [
            (
                "array stride 4 of 'array<u32, 4>' is not a multiple of 16, as the 'uniform' address space requires",
                input
            ),
            (
                "member 'inner' of 'Params' has offset 28 which is not a multiple of its required alignment 16 in the 'uniform' address space",
                params
            ),
            (
                "member 'h' of 'Params' starts 4 bytes after struct member 'inner', but the 'uniform' address space requires at least 16",
                params
            ),
            (
                "array stride 4 of 'array<f32, 2>' is not a multiple of 16, as the 'uniform' address space requires",
                params
            ),
        ]
    );
    // Each error says what would allow it.
    for d in &diags {
        assert!(
            d.notes
                .iter()
                .any(|n| n.contains("'uniform_buffer_standard_layout'")),
            "{d:?}"
        );
    }
    // With the language feature, the storage rules: no error.
    assert!(errors(RELAXED, LanguageFeatures::all()).is_empty());
}

/// Compiles `source` with `options` to SPIR-V `version`.
fn spirv(source: &str, options: &CompileOptions, version: (u8, u8)) -> tessera::SpirvOutput {
    let mut options = options.clone();
    options.spv.version = version;
    tessera::compile_to_spirv(source, &options)
        .unwrap_or_else(|e| panic!("{}", e.render_to_string("test.wgsl", source)))
}

#[test]
fn spirv_is_valid_with_uniform_buffer_standard_layout_only() {
    for (version, env) in [
        ((1, 3), TargetEnv::Vulkan_1_1),
        ((1, 6), TargetEnv::Vulkan_1_3),
    ] {
        for source in [RELAXED.to_string(), with_requires(RELAXED)] {
            let out = spirv(&source, &CompileOptions::default(), version);
            assert!(out.reflection.needs_uniform_buffer_standard_layout());
            common::validate_spirv_with(&out.words, env, true).unwrap_or_else(|e| {
                panic!(
                    "{e}\n{}",
                    common::disassemble(&out.words).unwrap_or_default()
                )
            });
            // spirv-val's default (a device without the feature) rejects
            // the uniform blocks' layout: the requirement is real.
            let e = common::validate_spirv(&out.words, env).unwrap_err();
            assert!(e.contains("layout"), "{e}");
        }
    }
    let dis =
        common::disassemble(&spirv(RELAXED, &CompileOptions::default(), (1, 3)).words).unwrap();
    // The WGSL offsets and strides, as written.
    for decoration in [
        "ArrayStride 4",
        "OpMemberDecorate %",
        " 1 Offset 12",
        " 2 Offset 16",
        " 3 Offset 24",
        " 4 Offset 28",
        " 5 Offset 32",
    ] {
        assert!(dis.contains(decoration), "no `{decoration}`:\n{dis}");
    }
}

#[test]
fn strict_layouts_need_nothing() {
    // Valid under the stricter rules: no device feature needed, whatever
    // the target supports, and the SPIR-V validates without the option
    // (matrices with 8-byte columns are still split into columns).
    let source = "struct P { m: mat2x2<f32>, a: array<vec4<f32>, 2>, s: f32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read_write> out: array<f32, 2>;
@compute @workgroup_size(1) fn main() { out[0] = p.m[1].y + p.a[1].w + p.s; }
";
    let out = spirv(source, &CompileOptions::default(), (1, 3));
    assert!(!out.reflection.needs_uniform_buffer_standard_layout());
    common::validate_spirv(&out.words, TargetEnv::Vulkan_1_1).unwrap();
    assert!(errors(source, LanguageFeatures::empty()).is_empty());
}

#[test]
fn reflection_says_which_uniform_buffers_need_it() {
    let out = spirv(RELAXED, &CompileOptions::default(), (1, 3));
    let ep = &out.reflection.entry_points[0];
    assert!(ep.needs_uniform_buffer_standard_layout());
    let sizes: Vec<(&str, u64, bool)> = ep
        .bindings
        .iter()
        .map(|b| {
            (
                b.name.as_str(),
                b.min_binding_size,
                b.uniform_standard_layout,
            )
        })
        .collect();
    // `Params` ends with `h` at 32: size 36 rounded up to its alignment
    // 16 (the vec3), the same under either rule set.
    assert_eq!(
        sizes,
        [
            ("input", 16, true),
            ("params", 48, true),
            ("out", 16, false)
        ]
    );
    let json: serde_json::Value = serde_json::from_str(&out.reflection_json()).unwrap();
    let bindings = &json["entry_points"][0]["bindings"];
    assert_eq!(bindings[0]["uniform_standard_layout"], true);
    assert_eq!(bindings[0]["min_binding_size"], 16);
    assert_eq!(bindings[2]["uniform_standard_layout"], false);

    // A uniform buffer the entry point does not use is not reflected.
    let source = "@group(0) @binding(0) var<uniform> unused: array<u32, 4>;
@group(0) @binding(1) var<uniform> used: vec4<u32>;
@group(0) @binding(2) var<storage, read_write> out: u32;
@compute @workgroup_size(1) fn main() { out = used.x; }
@compute @workgroup_size(1) fn other() { out = unused[1]; }
";
    let mut options = CompileOptions::default();
    options.pipeline.entry_point = Some("main".into());
    let out = spirv(source, &options, (1, 3));
    assert!(!out.reflection.needs_uniform_buffer_standard_layout());
    common::validate_spirv(&out.words, TargetEnv::Vulkan_1_1).unwrap();
    options.pipeline.entry_point = Some("other".into());
    let out = spirv(source, &options, (1, 3));
    assert!(out.reflection.needs_uniform_buffer_standard_layout());
}

#[test]
fn profiles_decide() {
    for profile in [
        DeviceProfile::default(),
        DeviceProfile::webgpu(),
        DeviceProfile::metal(),
    ] {
        let options = CompileOptions::for_device(&profile);
        let source = with_requires(RELAXED);
        assert!(
            tessera::compile_to_spirv(&source, &options).is_ok(),
            "{}",
            profile.name
        );
    }
    for name in ["h100-vulkan", "h200-vulkan"] {
        let p = DeviceProfile::builtin(name).unwrap();
        assert!(p
            .language_features
            .contains(LanguageFeatures::UNIFORM_BUFFER_STANDARD_LAYOUT));
    }
    let err = tessera::compile_to_spirv(RELAXED, &CompileOptions::for_device(&vulkan_without()))
        .unwrap_err();
    assert!(matches!(err, CompileError::ShaderModule(_)), "{err}");
}

#[test]
fn msl_constant_buffers_have_the_storage_layout() {
    let out = tessera::compile_to_msl(
        RELAXED,
        &MslCompileOptions::for_device(&DeviceProfile::metal()),
    )
    .unwrap_or_else(|e| panic!("{}", e.render_to_string("test.wgsl", RELAXED)));
    // The same struct types as a device buffer would use: natural strides.
    assert!(out.source.contains("uint inner[4];"), "{}", out.source);
    assert!(out.source.contains("float inner[2];"), "{}", out.source);
    assert!(
        out.source.contains("constant array_uint_4& input"),
        "{}",
        out.source
    );
    assert!(out.reflection.needs_uniform_buffer_standard_layout());
}

#[test]
fn wgsl_output_says_requires() {
    let parsed = tessera::front::wgsl::parse_str(RELAXED).unwrap();
    let text = tessera::back::wgsl::write(&parsed.module).unwrap();
    assert!(
        text.starts_with("requires uniform_buffer_standard_layout;\n"),
        "{text}"
    );
    // ... which a target without the feature rejects, at the name.
    let diags = errors(&text, LanguageFeatures::empty());
    assert!(diags[0]
        .message
        .starts_with("`requires uniform_buffer_standard_layout;`"));
    // A module that needs nothing prints no `requires`.
    let plain = "@group(0) @binding(0) var<uniform> u: vec4<f32>;\n";
    let parsed = tessera::front::wgsl::parse_str(plain).unwrap();
    let text = tessera::back::wgsl::write(&parsed.module).unwrap();
    assert!(!text.contains("requires"), "{text}");
    // One the source said it uses keeps it.
    let source = with_requires(plain);
    let parsed = tessera::front::wgsl::parse_str(&source).unwrap();
    let text = tessera::back::wgsl::write(&parsed.module).unwrap();
    assert!(
        text.starts_with("requires uniform_buffer_standard_layout;\n"),
        "{text}"
    );
}

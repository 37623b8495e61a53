//! Negative tests for resource tables (`enable chromium_experimental_resource_table;`,
//! Tint's rules): each rule's message and span, the pipeline's binding
//! check, the device feature and the MSL backend's refusal.

#[path = "common/check.rs"]
mod check;

use check::{check_error, check_error_with, check_ok_with};
use tessera::pipeline::{PipelineOptions, ResourceTableOptions};

const ENABLE: &str = "enable chromium_experimental_resource_table;";

/// A fragment entry point with `body`, after the enable and `decls`.
fn shader(decls: &str, body: &str) -> String {
    format!("{ENABLE}\n{decls}\n@fragment\nfn main() {{\n{body}\n}}\n")
}

#[test]
fn every_table_type_compiles() {
    for t in [
        "texture_1d<f32>",
        "texture_2d<i32>",
        "texture_2d_array<u32>",
        "texture_3d<f32>",
        "texture_cube<f32>",
        "texture_cube_array<i32>",
        "texture_multisampled_2d<f32>",
        "texture_depth_2d",
        "texture_depth_2d_array",
        "texture_depth_cube",
        "texture_depth_cube_array",
        "texture_depth_multisampled_2d",
        "sampler",
        "sampler_comparison",
    ] {
        check_ok_with(
            &shader(
                "",
                &format!("  let h = hasResource<{t}>(1u);\n  let r = getResource<{t}>(2i);"),
            ),
            &PipelineOptions::default(),
        );
    }
}

#[test]
fn the_enable_is_required() {
    check_error(
        "@fragment fn main() { let h = hasResource<sampler>(0u); }",
        "'hasResource' requires enabling extension 'chromium_experimental_resource_table'",
        "hasResource",
    );
    check_error(
        "@fragment fn main() { let t = getResource<texture_2d<f32>>(0u); }",
        "'getResource' requires enabling extension 'chromium_experimental_resource_table'",
        "getResource",
    );
}

#[test]
fn the_type_must_be_a_table_type() {
    check_error(
        &shader(
            "",
            "  let t = getResource<texture_storage_2d<rgba8unorm, write>>(0u);",
        ),
        "'getResource' cannot be used with 'texture_storage_2d<rgba8unorm, write>': the resource type must be a sampled, multisampled or depth texture type, or a sampler type",
        "getResource<texture_storage_2d<rgba8unorm, write>>(0u)",
    );
    check_error(
        &shader("", "  let t = hasResource<texture_external>(0u);"),
        "'hasResource' cannot be used with 'texture_external'",
        "hasResource<texture_external>(0u)",
    );
    check_error(
        &shader("", "  let t = hasResource<f32>(0u);"),
        "'hasResource' cannot be used with 'f32'",
        "hasResource<f32>(0u)",
    );
}

#[test]
fn the_type_is_a_template_argument() {
    check_error(
        &shader("", "  let t = hasResource(0u);"),
        "'hasResource' requires one template argument, the resource's type",
        "hasResource(0u)",
    );
}

#[test]
fn the_index_is_one_integer() {
    check_error(
        &shader("", "  let t = getResource<sampler>(1.5);"),
        "the index of 'getResource' must be 'i32' or 'u32', found 'abstract-float'",
        "1.5",
    );
    check_error(
        &shader("", "  let t = hasResource<sampler>(0u, 1u);"),
        "no matching call to 'hasResource(u32, u32)'",
        "hasResource<sampler>(0u, 1u)",
    );
}

#[test]
fn the_result_must_be_used() {
    check_error(
        &shader("", "  hasResource<sampler>(0u);"),
        "ignoring return value of builtin 'hasResource'",
        "hasResource<sampler>(0u)",
    );
}

#[test]
fn the_table_must_not_share_a_binding() {
    let source = shader(
        "@group(0) @binding(1) var s: sampler;",
        "  _ = textureSample(getResource<texture_2d<f32>>(3), s, vec2f(0));",
    );
    let dawn = PipelineOptions {
        resource_table: ResourceTableOptions {
            metadata: tessera::ir::ResourceBinding {
                group: 0,
                binding: 0,
            },
            table: tessera::ir::ResourceBinding {
                group: 0,
                binding: 1,
            },
            ..Default::default()
        },
        ..Default::default()
    };
    check_error_with(
        &source,
        &dawn,
        "the resource table's table would be at @group(0) @binding(1), which 's' uses",
        "getResource<texture_2d<f32>>(3)",
    );
    // Tint's default binding points leave group 0 to the application.
    check_ok_with(&source, &PipelineOptions::default());
}

#[test]
fn the_device_must_have_the_feature() {
    let source = shader("", "  let h = hasResource<sampler>(0u);");
    let parsed = tessera::front::wgsl::parse_str(&source).expect("parses");
    let e =
        tessera::valid::validate_with_features(&parsed.module, tessera::device::Features::empty())
            .expect_err("no feature");
    let d = e.errors().next().expect("an error");
    assert!(
        d.message.contains("`enable chromium_experimental_resource_table;` needs the device feature `chromium-experimental-sampling-resource-table`"),
        "{}",
        d.message
    );
    assert_eq!(
        source.get(d.span.to_range()),
        Some("chromium_experimental_resource_table")
    );
}

#[test]
fn msl_has_no_resource_table() {
    let source = shader("", "  let t = getResource<texture_2d<f32>>(0u);");
    let e = tessera::compile_to_msl(&source, &Default::default()).expect_err("MSL refuses");
    let d = e.error().errors().next().expect("an error").clone();
    assert!(
        d.message
            .contains("resource tables (`chromium_experimental_resource_table`) are not supported by the MSL backend"),
        "{}",
        d.message
    );
    assert_eq!(
        source.get(d.span.to_range()),
        Some("getResource<texture_2d<f32>>(0u)")
    );
}

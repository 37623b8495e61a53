//! Negative tests for `binding_array<T, N>` (language feature
//! `sized_binding_array`, as Tint has it): each rule's message and span.

#[path = "common/check.rs"]
mod check;

use check::{check_error, check_error_for};
use tessera::device::LanguageFeatures;
use tessera::pipeline::PipelineOptions;

#[test]
fn element_type_must_be_a_sampled_texture() {
    check_error(
        "@group(0) @binding(0) var t: binding_array<texture_depth_2d, 2>;",
        "binding_array element type must be a sampled texture type, not 'texture_depth_2d'",
        "texture_depth_2d",
    );
    check_error(
        "@group(0) @binding(0) var t: binding_array<sampler, 2>;",
        "binding_array element type must be a sampled texture type, not 'sampler'",
        "sampler",
    );
    check_error(
        "@group(0) @binding(0) var t: binding_array<texture_multisampled_2d<f32>, 2>;",
        "binding_array element type must be a sampled texture type, not 'texture_multisampled_2d<f32>'",
        "texture_multisampled_2d<f32>",
    );
}

#[test]
fn count_must_be_a_positive_constant() {
    check_error(
        "@group(0) @binding(0) var t: binding_array<texture_2d<f32>>;",
        "binding_array count must be a constant expression (runtime-sized binding arrays are not supported)",
        "binding_array<texture_2d<f32>>",
    );
    check_error(
        "override n = 2;\n@group(0) @binding(0) var t: binding_array<texture_2d<f32>, n>;",
        "binding_array count must be a constant expression",
        "n",
    );
    check_error(
        "@group(0) @binding(0) var t: binding_array<texture_2d<f32>, 0>;",
        "binding_array count (0) must be greater than 0",
        "0",
    );
}

#[test]
fn not_in_memory() {
    check_error(
        "struct S { t: binding_array<texture_2d<f32>, 2> }",
        "'binding_array<texture_2d<f32>, 2>' cannot be used as a struct member type: textures and samplers are not in memory",
        "binding_array<texture_2d<f32>, 2>",
    );
    check_error(
        "@group(0) @binding(0) var t: binding_array<texture_2d<f32>, 2>;\n@compute @workgroup_size(1)\nfn main() { _ = textureLoad(t[2], vec2(0), 0); }",
        "index 2 is out of bounds for 'binding_array<texture_2d<f32>, 2>' (valid indices are 0 to 1)",
        "2",
    );
}

#[test]
fn a_parameter_takes_constant_indices_only() {
    check_error(
        "fn f(ts: binding_array<texture_2d<f32>, 2>, i: u32) -> vec4f { return textureLoad(ts[i], vec2(0), 0); }",
        "a 'binding_array<texture_2d<f32>, 2>' value (a function parameter) can only be indexed by a const-expression",
        "i",
    );
}

#[test]
fn needs_the_language_feature() {
    check_error_for(
        "@group(0) @binding(0) var t: binding_array<texture_2d<f32>, 2>;",
        &PipelineOptions::default(),
        LanguageFeatures::UNIFORM_BUFFER_STANDARD_LAYOUT,
        "'binding_array<texture_2d<f32>, 2>' needs the WGSL language feature `sized_binding_array`, which the target does not support",
        "binding_array<texture_2d<f32>, 2>",
    );
}

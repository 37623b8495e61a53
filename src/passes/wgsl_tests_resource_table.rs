//! WGSL-in/WGSL-out tests of the `resource-table` pass (SPIR-V's list),
//! with a table of fixed capacity. The printed module is not WGSL that
//! parses again, unlike the other passes' (`wgsl_tests`): the table's
//! `binding_array`s of samplers and depth textures, and its variables
//! sharing one binding point, are Chrome's ABI, not WGSL.

use super::wgsl_tests::{printed_after, snapshot};
use crate::pipeline::{PipelineOptions, ResourceTableOptions};

fn lowered(src: &str) -> String {
    let options = PipelineOptions {
        resource_table: ResourceTableOptions {
            capacity: Some(64),
            ..Default::default()
        },
        ..Default::default()
    };
    printed_after(
        src,
        "resource-table",
        crate::lower::spv::passes(&Default::default()),
        &options,
    )
}

/// `hasResource` reads the metadata only for a slot below
/// `array_length`, and accepts each id its type converts from (a
/// `texture_2d<f32>` slot may hold a filterable, unfilterable or depth
/// texture: ids 6, 7, 34; an `i32` index is bitcast); `getResource` reads
/// the slot when it holds such a resource, else the type's default after
/// the application's slots (`texture_2d<i32>`'s is the 20th default: 19).
#[test]
fn has_and_get() {
    let src = "
enable chromium_experimental_resource_table;
@group(0) @binding(0) var<storage, read_write> o: vec4i;
@compute @workgroup_size(1) fn main() {
    if (hasResource<texture_2d<f32>>(-1i)) { o.x = 1; }
    o = textureLoad(getResource<texture_2d<i32>>(5u), vec2u(0), 0);
}";
    let out = lowered(src);
    assert!(out.contains("(_e") && out.contains("== 6u") && out.contains("== 34u"));
    snapshot("resource_table_has_get", src, &out);
}

/// Sampling with a table sampler: a bound float texture is filterable
/// (the default kind), so the call stays as it is; a table texture with a
/// table sampler runs only when the sampler is not filtering or the
/// texture is filterable (else zero); a depth texture from the table
/// with a bound sampler (non-filtering by default) needs no check.
#[test]
fn sampling_checks() {
    let src = "
enable chromium_experimental_resource_table;
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@fragment fn main() -> @location(0) vec4f {
    let a = textureSample(t, getResource<sampler>(1u), vec2f(0.5));
    let b = textureSample(getResource<texture_2d<f32>>(2u), getResource<sampler>(3u), vec2f(0.5));
    let c = textureSample(getResource<texture_depth_2d>(4u), s, vec2f(0.5));
    return a + b + vec4f(c);
}";
    let out = lowered(src);
    snapshot("resource_table_sampling", src, &out);
}

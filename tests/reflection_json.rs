//! The reflection as JSON (`Reflection::to_json`, `to_json_msl`;
//! `tessera --reflect`): snapshots of a representative module for SPIR-V
//! and MSL, and checks that the text parses as JSON with the documented
//! shape.

use tessera::{CompileOptions, MslCompileOptions};

/// Buffers (uniform struct, read-only and read-write storage), a texture
/// and a sampler, overrides (with `@id`, with a default, unused without
/// one), a compute and a fragment entry point.
const MODULE: &str = "struct Params {
    scale: f32,
    count: u32,
}

@id(7) override block_size: u32 = 64;
override gain: f32 = 1.5;
override unused_flag: bool;

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> input: array<f32>;
@group(0) @binding(2) var<storage, read_write> output: array<f32>;
@group(1) @binding(0) var tex: texture_2d<f32>;
@group(1) @binding(1) var samp: sampler;
@group(1) @binding(2) var shadow: texture_depth_2d;
@group(1) @binding(3) var shadow_samp: sampler_comparison;
@group(2) @binding(0) var img: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(block_size)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x < params.count {
        output[id.x] = input[id.x] * params.scale * gain;
    }
    textureStore(img, vec2<i32>(id.xy), vec4<f32>(0.5));
}

@fragment
fn fs(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    let lit = textureSampleCompare(shadow, shadow_samp, uv, 0.5);
    return textureSample(tex, samp, uv) * params.scale * lit;
}
";

/// Subgroup matrices: matrix types, multiplies and `MinStorageSize`.
const MATRICES: &str = "enable chromium_experimental_subgroup_matrix;
enable f16;
@group(0) @binding(0) var<storage, read> a: array<f16>;
@group(0) @binding(1) var<storage, read_write> c: array<f32>;

@compute @workgroup_size(64)
fn matmul() {
    let l = subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>>(&a, 0, false, 8);
    let r = subgroupMatrixLoad<subgroup_matrix_right<f16, 8, 8>>(&a, 64, false, 8);
    let m = subgroupMatrixMultiply<f32>(l, r);
    subgroupMatrixStore(&c, 0, m, false, 8);
}
";

fn parse(json: &str) -> serde_json::Value {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("invalid JSON ({e}):\n{json}"))
}

#[test]
fn spirv() {
    let out = tessera::compile_to_spirv(MODULE, &CompileOptions::default()).unwrap();
    let json = out.reflection_json();
    let v = parse(&json);
    assert_eq!(v["tessera_reflection"], 1);
    assert_eq!(v["entry_points"][0]["stage"], "compute");
    assert_eq!(v["entry_points"][1]["stage"], "fragment");
    assert!(v["entry_points"][0].get("msl").is_none());
    snapshot("reflection@spirv", &json);
}

#[test]
fn msl() {
    let out = tessera::compile_to_msl(MODULE, &MslCompileOptions::default()).unwrap();
    let json = out.reflection_json();
    let v = parse(&json);
    assert_eq!(v["entry_points"][0]["name"], "main");
    assert_eq!(v["entry_points"][0]["msl"]["name"], "main_");
    snapshot("reflection@msl", &json);
}

#[test]
fn spec_constants() {
    let mut options = CompileOptions::default();
    options.pipeline.spec_constants = true;
    options.pipeline.overrides.insert("gain".into(), 2.0);
    let out = tessera::compile_to_spirv(MODULE, &options).unwrap();
    let v = parse(&out.reflection_json());
    let main = &v["entry_points"][0];
    assert_eq!(main["workgroup_size"], serde_json::json!([0, 1, 1]));
    assert_eq!(
        main["workgroup_size_spec"],
        serde_json::json!([{"spec_id": 7}, null, null])
    );
    let overrides = &v["overrides"];
    assert_eq!(overrides[0]["spec_id"], 7);
    assert_eq!(overrides[0]["value"], serde_json::Value::Null);
    assert_eq!(overrides[1]["value"], 2.0);
    assert_eq!(overrides[2]["spec_id"], serde_json::Value::Null);
    assert_eq!(v["spec_constants"][0]["name"], "block_size");
    assert_eq!(v["spec_constants"][0]["default"], 64);
    assert_eq!(v["spec_constants"][0]["has_default"], true);
}

#[test]
fn matrices() {
    let out = tessera::compile_to_spirv(MATRICES, &CompileOptions::default()).unwrap();
    let json = out.reflection_json();
    parse(&json);
    snapshot("reflection@matrices", &json);
}

#[test]
fn entry_point_only() {
    let mut options = CompileOptions::default();
    options.pipeline.entry_point = Some("fs".into());
    let out = tessera::compile_to_spirv(MODULE, &options).unwrap();
    let v = parse(&out.reflection_json());
    assert_eq!(v["entry_points"].as_array().unwrap().len(), 1);
    assert_eq!(v["entry_points"][0]["name"], "fs");
}

#[test]
fn strings_are_escaped() {
    let mut r = tessera::pipeline::Reflection::default();
    r.entry_points
        .push(tessera::pipeline::EntryPointReflection {
            name: "a\"b\\c\nd\u{1}é".into(),
            ..Default::default()
        });
    let v = parse(&r.to_json());
    assert_eq!(v["entry_points"][0]["name"], "a\"b\\c\nd\u{1}é");
}

/// Asserts a snapshot in the repository's `snapshots/` directory, as the
/// other snapshot tests do.
fn snapshot(name: &str, json: &str) {
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, json);
    });
}

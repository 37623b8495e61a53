//! `tessera --reflect FILE.json`: the reflection as JSON next to SPIR-V
//! and MSL output (issue 17, section 3), and its exit statuses.

use std::path::{Path, PathBuf};

mod common;
use common::*;

const SHADER: &str = "@id(3) override block: u32 = 32;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var tex: texture_2d<f32>;
@group(0) @binding(2) var samp: sampler;

@compute @workgroup_size(block)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * 2u;
}

@fragment
fn fs(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    return textureSample(tex, samp, uv);
}
";

fn input(dir: &Path, source: &str) -> PathBuf {
    write_input(dir, "in.wgsl", source)
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("invalid JSON ({e}):\n{text}"))
}

#[test]
fn spirv_writes_json_file() {
    let dir = scratch("spv");
    let src = input(&dir, SHADER);
    let spv = dir.join("out.spv");
    let refl = dir.join("out.json");
    let out = run(tessera()
        .arg(&src)
        .arg("-o")
        .arg(&spv)
        .arg("--reflect")
        .arg(&refl));
    assert_code(&out, 0);
    assert!(std::fs::metadata(&spv).unwrap().len() > 20);
    let v = json(&std::fs::read_to_string(&refl).unwrap());
    assert_eq!(v["tessera_reflection"], 1);
    let eps = v["entry_points"].as_array().unwrap();
    assert_eq!(eps.len(), 2);
    assert_eq!(eps[0]["name"], "main");
    assert_eq!(eps[0]["stage"], "compute");
    assert_eq!(eps[0]["workgroup_size"], serde_json::json!([32, 1, 1]));
    assert_eq!(eps[0]["bindings"][0]["kind"], "storage-buffer");
    assert_eq!(eps[0]["bindings"][0]["min_binding_size"], 4);
    assert_eq!(eps[1]["stage"], "fragment");
    let kinds: Vec<&str> = eps[1]["bindings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["sampled-texture", "sampler"]);
    assert!(eps[0].get("msl").is_none());
    assert_eq!(v["overrides"][0]["id"], 3);
    assert_eq!(v["overrides"][0]["value"], 32);
}

#[test]
fn spvasm_to_stdout_and_json_to_file() {
    let dir = scratch("spvasm");
    let src = input(&dir, SHADER);
    let refl = dir.join("r.json");
    let out = run(tessera()
        .arg(&src)
        .args(["--override", "3=64", "--reflect"])
        .arg(&refl));
    assert_code(&out, 0);
    assert!(String::from_utf8_lossy(&out.stdout).contains("OpEntryPoint"));
    let v = json(&std::fs::read_to_string(&refl).unwrap());
    assert_eq!(
        v["entry_points"][0]["workgroup_size"],
        serde_json::json!([64, 1, 1])
    );
}

#[test]
fn msl_json_to_stdout() {
    let dir = scratch("msl");
    let src = input(&dir, SHADER);
    let metal = dir.join("out.metal");
    let out = run(tessera()
        .arg(&src)
        .arg("-o")
        .arg(&metal)
        .args(["--reflect", "-"]));
    assert_code(&out, 0);
    assert!(std::fs::read_to_string(&metal).unwrap().contains("kernel"));
    let v = json(&String::from_utf8_lossy(&out.stdout));
    let main = &v["entry_points"][0];
    assert_eq!(main["name"], "main");
    assert_eq!(main["msl"]["name"], "main_");
    assert_eq!(main["msl"]["resources"][0]["kind"], "buffer");
    let fs = &v["entry_points"][1]["msl"]["resources"];
    let kinds: Vec<&str> = fs
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["texture", "sampler"]);
}

#[test]
fn stdout_twice_is_usage_error() {
    let dir = scratch("stdout");
    let src = input(&dir, SHADER);
    let out = run(tessera().arg(&src).args(["--reflect", "-"]));
    assert_code(&out, 2);
    assert!(stderr(&out).contains("--reflect -"), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
}

#[test]
fn same_file_as_output_is_usage_error() {
    let dir = scratch("same");
    let src = input(&dir, SHADER);
    let spv = dir.join("out.spv");
    let out = run(tessera()
        .arg(&src)
        .arg("-o")
        .arg(&spv)
        .arg("--reflect")
        .arg(&spv));
    assert_code(&out, 2);
    assert!(!spv.exists());
}

#[test]
fn with_validate_only_is_usage_error() {
    let dir = scratch("validate");
    let src = input(&dir, SHADER);
    let refl = dir.join("r.json");
    let out = run(tessera()
        .arg(&src)
        .arg("--validate-only")
        .arg("--reflect")
        .arg(&refl));
    assert_code(&out, 2);
    assert!(stderr(&out).contains("--validate-only"), "{}", stderr(&out));
    assert!(!refl.exists());
}

#[test]
fn unwritable_json_is_io_error() {
    let dir = scratch("io");
    let src = input(&dir, SHADER);
    let spv = dir.join("out.spv");
    let out = run(tessera()
        .arg(&src)
        .arg("-o")
        .arg(&spv)
        .args(["--reflect", "/nonexistent/dir/r.json"]));
    assert_code(&out, 3);
    assert!(
        stderr(&out).contains("/nonexistent/dir/r.json"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn compile_error_writes_no_json() {
    let dir = scratch("error");
    let src = input(
        &dir,
        "@compute @workgroup_size(1) fn main() { let x = y; }\n",
    );
    let refl = dir.join("r.json");
    let out = run(tessera()
        .arg(&src)
        .arg("-o")
        .arg(dir.join("out.spv"))
        .arg("--reflect")
        .arg(&refl));
    assert_code(&out, 1);
    assert!(!refl.exists());
}

#[test]
fn wgsl_output_warns_and_writes_no_json() {
    let dir = scratch("wgsl");
    let src = input(&dir, SHADER);
    let refl = dir.join("r.json");
    let out = run(tessera()
        .arg(&src)
        .arg("-o")
        .arg(dir.join("out.wgsl"))
        .arg("--reflect")
        .arg(&refl));
    assert_code(&out, 0);
    let err = stderr(&out);
    assert!(
        err.contains("--reflect") && err.contains("ignored for WGSL output"),
        "{err}"
    );
    assert!(!refl.exists());
}

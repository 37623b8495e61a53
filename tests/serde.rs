//! The `serde` feature (on for the tests: see the self dev-dependency in
//! Cargo.toml): the reflection, device profiles and diagnostics serialize
//! and deserialize back to equal values, and what serde gives carries the
//! same facts as the hand-written JSON of `tessera --reflect` and of
//! device profiles. The hand-written writers stay what the CLI prints:
//! their bytes are pinned by the snapshots of tests/reflection_json.rs and
//! the profile files (checked here), which run with the feature on.

use serde::{de::DeserializeOwned, Serialize};
use serde_json::Value;
use tessera::device::{DeviceProfile, BUILTIN_PROFILES};
use tessera::{compile_to_msl, compile_to_spirv, CompileOptions, MslCompileOptions};

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// `value` through serde_json and back.
#[track_caller]
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> Value {
    let text = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&text).expect("deserializes");
    assert_eq!(&back, value, "{text}");
    serde_json::from_str(&text).unwrap()
}

/// The shaders whose reflection is checked: the examples and the inputs
/// with textures, overrides and render stages.
fn shaders() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in ["examples", "tests/in"] {
        let mut paths: Vec<_> = std::fs::read_dir(root().join(dir))
            .expect("readable")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "wgsl"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.display().to_string();
            let keep = dir == "examples"
                || [
                    "overrides",
                    "render_io",
                    "image_blur",
                    "struct_layout",
                    "immediates",
                ]
                .iter()
                .any(|n| name.ends_with(&format!("/{n}.wgsl")));
            if keep {
                out.push((name, std::fs::read_to_string(&path).expect("readable")));
            }
        }
    }
    assert!(out.len() >= 10, "{} shaders", out.len());
    out
}

/// The facts both JSON forms state about an entry point: name, stage,
/// workgroup size, and each binding's group, binding, name and minimum
/// size (serde's `bindings` and `resources` are one list in the CLI's).
fn facts_of_hand(ep: &Value) -> Value {
    let mut bindings: Vec<Value> = ep["bindings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| serde_json::json!([b["group"], b["binding"], b["name"], b["min_binding_size"]]))
        .collect();
    bindings.sort_by_key(|b| b.to_string());
    serde_json::json!([ep["name"], ep["stage"], ep["workgroup_size"], bindings])
}

fn facts_of_serde(ep: &Value) -> Value {
    let buffers =
        ep["bindings"].as_array().unwrap().iter().map(|b| {
            serde_json::json!([b["group"], b["binding"], b["name"], b["min_binding_size"]])
        });
    let handles = ep["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| serde_json::json!([r["group"], r["binding"], r["name"], null]));
    let mut bindings: Vec<Value> = buffers.chain(handles).collect();
    bindings.sort_by_key(|b| b.to_string());
    let stage = ep["stage"].as_str().unwrap().to_lowercase();
    serde_json::json!([ep["name"], stage, ep["workgroup_size"], bindings])
}

#[test]
fn reflection_round_trips_and_agrees_with_the_cli_json() {
    let mut entry_points = 0;
    for (name, source) in shaders() {
        // Overrides without a value become specialization constants.
        let mut options = CompileOptions::default();
        options.pipeline.spec_constants = true;
        let out = compile_to_spirv(&source, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
        let serde_value = round_trip(&out.reflection);
        let hand: Value = serde_json::from_str(&out.reflection_json()).expect("the CLI's JSON");
        let serde_eps = serde_value["entry_points"].as_array().unwrap();
        let hand_eps = hand["entry_points"].as_array().unwrap();
        assert_eq!(serde_eps.len(), hand_eps.len(), "{name}");
        for (s, h) in serde_eps.iter().zip(hand_eps) {
            assert_eq!(facts_of_serde(s), facts_of_hand(h), "{name}");
            entry_points += 1;
        }
        let names = |v: &Value| -> Vec<Value> {
            v["overrides"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o["name"].clone())
                .collect()
        };
        assert_eq!(names(&serde_value), names(&hand), "{name}");
    }
    assert!(entry_points >= 12, "{entry_points} entry points");
}

#[test]
fn msl_reflection_round_trips() {
    let source =
        std::fs::read_to_string(root().join("examples/matmul_subgroup_metal.wgsl")).unwrap();
    let profile = DeviceProfile::builtin("metal").unwrap();
    let out = compile_to_msl(&source, &MslCompileOptions::for_device(&profile)).expect("compiles");
    round_trip(&out.reflection);
}

#[test]
fn device_profiles_round_trip() {
    for name in BUILTIN_PROFILES {
        let profile = DeviceProfile::builtin(name).expect("built in");
        let v = round_trip(&profile);
        // Features are their WebGPU flag names, as bitflags spells them.
        let features = v["features"].as_str().expect("a string of flags");
        if *name != "webgpu" {
            assert!(features.contains("SUBGROUPS"), "{name}: {features}");
        }
        // The hand-written profile JSON is unchanged: the NVIDIA profiles
        // are the shipped files, byte for byte.
        if name.ends_with("-vulkan") {
            let file =
                std::fs::read_to_string(root().join(format!("profiles/{name}.json"))).unwrap();
            assert_eq!(profile.to_json(), file, "{name}");
        }
    }
}

#[test]
fn diagnostics_round_trip_with_positions() {
    let source = "// café\nfn f() {\n    let a = nope1;\n    let b: u32 = 1.5;\n}\n";
    let e = compile_to_spirv(source, &CompileOptions::default()).expect_err("two errors");
    let v = round_trip(e.error());
    let diags = v["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 2, "{v}");
    assert_eq!(diags[0]["severity"], "Error");
    assert_eq!(diags[0]["message"], "unresolved identifier 'nope1'");
    let start = source.find("nope1").unwrap() as u64;
    assert_eq!(diags[0]["span"]["start"], start);
    let d = &e.error().diagnostics[0];
    let pos = d.position(source).expect("a position");
    let p = round_trip(&pos);
    // "// café\n" is 9 bytes and 8 UTF-16 units.
    assert_eq!(p["offset"], start);
    assert_eq!(p["offset_utf16"], start - 1);
    assert_eq!(
        (p["line"].as_u64(), p["column_utf16"].as_u64()),
        (Some(3), Some(13))
    );
}

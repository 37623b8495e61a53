//! End-to-end tests of `--device-profile` (issue 17, section 2): profile
//! files and built-in profiles, the `enable` check, limits and
//! configurations, how the device flags combine with a profile, and the
//! exit status of each failure.

mod common;
use common::*;

const F16: &str = "enable f16;
@compute @workgroup_size(1)
fn main() {
    let x = 1h;
}
";

const WIDE: &str = "@compute @workgroup_size(512)
fn main() {
}
";

/// A 16x16 f16 matrix: an H100 configuration, not a Metal one.
const MATRIX_16: &str = "enable f16;
enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> data: array<f16>;
@compute @workgroup_size(32)
fn main() {
    let m = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>>(&data, 0, false, 16);
    subgroupMatrixStore(&data, 256, m, false, 16);
}
";

/// An 8x8 f32 matrix: a Metal configuration, not an H100 one.
const MATRIX_8: &str = "enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@compute @workgroup_size(32)
fn main() {
    let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&data, 0, false, 8);
    subgroupMatrixStore(&data, 64, m, false, 8);
}
";

const PROFILE: &str = r#"{
  "name": "small test GPU",
  "features": ["subgroups", "timestamp-query"],
  "limits": {
    "maxComputeInvocationsPerWorkgroup": 256,
    "maxComputeWorkgroupSizeX": 256
  }
}
"#;

/// Runs `tessera INPUT --validate-only ARGS...` on `source`.
fn check(dir: &std::path::Path, source: &str, args: &[&str]) -> std::process::Output {
    let input = write_input(dir, "shader.wgsl", source);
    run(tessera()
        .arg(&input)
        .arg("--validate-only")
        .args(["--color", "never"])
        .args(args))
}

#[test]
fn valid_profile_file() {
    let dir = scratch("valid");
    let profile = write_input(&dir, "gpu.json", PROFILE);
    let profile = profile.to_str().unwrap();
    // Within its limits: compiles (to SPIR-V too).
    let input = write_input(
        &dir,
        "ok.wgsl",
        "@compute @workgroup_size(64) fn main() {}\n",
    );
    let out = run(tessera().arg(&input).args(["--device-profile", profile]));
    assert_code(&out, 0);
    assert!(stdout(&out).contains("OpEntryPoint"), "{}", stdout(&out));
    // Over its invocation limit: a pipeline-creation error.
    let out = check(&dir, WIDE, &["--device-profile", profile]);
    assert_code(&out, 1);
    assert!(
        stderr(&out).contains("exceeds the limit 256"),
        "{}",
        stderr(&out)
    );
    // Without the profile the CLI checks no limit.
    assert_code(&check(&dir, WIDE, &[]), 0);
}

#[test]
fn enable_without_the_feature() {
    let dir = scratch("f16");
    let profile = write_input(&dir, "gpu.json", PROFILE);
    let out = check(&dir, F16, &["--device-profile", profile.to_str().unwrap()]);
    assert_code(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains("error: `enable f16;` needs the device feature `shader-f16`, which the device profile does not have"),
        "{err}"
    );
    // The span: line 1, column 8, under `f16`.
    assert!(err.contains("shader.wgsl:1:8"), "{err}");
    assert!(err.contains("1 │ enable f16;\n  │        ^^^"), "{err}");
    assert!(
        err.contains("= the device profile's features: subgroups"),
        "{err}"
    );
    // The built-in WebGPU profile has no optional feature either.
    let out = check(&dir, F16, &["--device-profile", "webgpu"]);
    assert_code(&out, 1);
    assert!(
        stderr(&out).contains("has no optional features"),
        "{}",
        stderr(&out)
    );
    // WGSL output validates too.
    let input = write_input(&dir, "f16.wgsl", F16);
    let out = run(tessera()
        .arg(&input)
        .args(["--format", "wgsl", "--device-profile", "webgpu"]));
    assert_code(&out, 1);
}

/// A uniform `array<u32, 4>`: needs `uniform_buffer_standard_layout`.
const STANDARD_LAYOUT: &str = "requires uniform_buffer_standard_layout;
@group(0) @binding(0) var<uniform> u: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> out: u32;
@compute @workgroup_size(1)
fn main() {
    out = u[3];
}
";

#[test]
fn language_features() {
    let dir = scratch("language");
    // The profile above gives no `wgslLanguageFeatures`: every one.
    let profile = write_input(&dir, "gpu.json", PROFILE);
    let out = check(
        &dir,
        STANDARD_LAYOUT,
        &["--device-profile", profile.to_str().unwrap()],
    );
    assert_code(&out, 0);
    // The built-in profiles support it (Chrome ships it; Metal).
    for name in ["webgpu", "metal", "h200-vulkan"] {
        let out = check(&dir, STANDARD_LAYOUT, &["--device-profile", name]);
        assert_code(&out, 0);
    }
    // A profile without it: an error at the `requires`, and the layout.
    let without = write_input(
        &dir,
        "old.json",
        r#"{"features": [], "wgslLanguageFeatures": ["pointer_composite_access"]}"#,
    );
    let out = check(
        &dir,
        STANDARD_LAYOUT,
        &["--device-profile", without.to_str().unwrap()],
    );
    assert_code(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains("error: `requires uniform_buffer_standard_layout;` needs the WGSL language feature `uniform_buffer_standard_layout`, which the target does not support"),
        "{err}"
    );
    assert!(err.contains("shader.wgsl:1:10"), "{err}");
    assert!(
        err.contains("array stride 4 of 'array<u32, 4>' is not a multiple of 16"),
        "{err}"
    );
    // An unknown name in the profile: a usage error.
    let bad = write_input(
        &dir,
        "bad.json",
        r#"{"features": [], "wgslLanguageFeatures": ["uniform_layout"]}"#,
    );
    let out = check(
        &dir,
        STANDARD_LAYOUT,
        &["--device-profile", bad.to_str().unwrap()],
    );
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("unknown WGSL language feature `uniform_layout`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn missing_file_is_an_io_error() {
    let dir = scratch("missing");
    let missing = dir.join("absent.json");
    let out = check(&dir, F16, &["--device-profile", missing.to_str().unwrap()]);
    assert_code(&out, 3);
    let err = stderr(&out);
    assert!(err.contains("error: cannot read device profile `"), "{err}");
    assert!(err.contains("absent.json`"), "{err}");
}

#[test]
fn bad_json_is_a_usage_error_with_line_and_column() {
    let dir = scratch("bad-json");
    let profile = write_input(
        &dir,
        "bad.json",
        "{\n  \"features\": [\"shader-f16\",]\n}\n",
    );
    let out = check(&dir, F16, &["--device-profile", profile.to_str().unwrap()]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("bad.json`: line 2, column 29: expected a JSON value, found `]`"),
        "{err}"
    );
}

#[test]
fn unknown_feature_is_a_usage_error() {
    let dir = scratch("unknown-feature");
    let profile = write_input(&dir, "typo.json", "{\"features\": [\"shader-f61\"]}");
    let out = check(&dir, F16, &["--device-profile", profile.to_str().unwrap()]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("typo.json`: line 1, column 15: unknown feature `shader-f61` (did you mean `shader-f16`?)"),
        "{err}"
    );
}

#[test]
fn bad_configuration_is_a_usage_error() {
    let dir = scratch("bad-config");
    let profile = write_input(
        &dir,
        "cfg.json",
        "{\"features\": [], \"subgroupMatrixConfigs\": [\"f64:f64:8x8x8\"]}",
    );
    let out = check(&dir, F16, &["--device-profile", profile.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("unknown subgroup matrix component type 'f64'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn unknown_builtin_name_is_a_usage_error() {
    let dir = scratch("unknown-name");
    let out = check(&dir, F16, &["--device-profile", "h300-vulkan"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("no built-in device profile named `h300-vulkan` (built-in: metal, webgpu, h100-vulkan, h200-vulkan"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn metal_builtin() {
    let dir = scratch("metal");
    // Metal's table is 8x8x8: a 16x16 matrix is a pipeline error ...
    let out = check(&dir, MATRIX_16, &["--device-profile", "metal"]);
    assert_code(&out, 1);
    assert!(
        stderr(&out).contains("is not supported by the device"),
        "{}",
        stderr(&out)
    );
    // ... and 8x8 f32 compiles, to MSL too, without the missing-config note.
    let input = write_input(&dir, "m8.wgsl", MATRIX_8);
    let out = run(tessera()
        .arg(&input)
        .args(["--format", "msl", "--device-profile", "metal"]));
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("simdgroup_float8x8"),
        "{}",
        stdout(&out)
    );
    assert!(!stderr(&out).contains("note"), "{}", stderr(&out));
    // Metal has no bf16 matrices.
    let bf16 = "enable chromium_experimental_subgroup_matrix;\nenable tessera_experimental_bf16;\n";
    let out = check(&dir, bf16, &["--device-profile", "metal"]);
    assert_code(&out, 1);
    assert!(
        stderr(&out).contains("needs the device feature `tessera-experimental-bf16`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn measured_builtins() {
    let dir = scratch("h100");
    for name in ["h100-vulkan", "h200-vulkan"] {
        assert_code(&check(&dir, MATRIX_16, &["--device-profile", name]), 0);
        // No 8x8 f32 configuration on NVIDIA.
        assert_code(&check(&dir, MATRIX_8, &["--device-profile", name]), 1);
    }
    // The shipped files are the same as the built-in profiles.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../profiles/h100-vulkan.json");
    assert_code(&check(&dir, MATRIX_16, &["--device-profile", file]), 0);
    assert_code(&check(&dir, MATRIX_8, &["--device-profile", file]), 1);
}

#[test]
fn flags_replace_the_profile_values() {
    let dir = scratch("flags");
    let profile = write_input(&dir, "gpu.json", PROFILE);
    let profile = profile.to_str().unwrap();
    // The flag raises the profile's invocation limit.
    let out = check(
        &dir,
        WIDE,
        &[
            "--device-profile",
            profile,
            "--max-workgroup-invocations",
            "1024",
        ],
    );
    assert_code(&out, 0);
    // --subgroup-matrix-config replaces Metal's list.
    let out = check(
        &dir,
        MATRIX_16,
        &[
            "--device-profile",
            "metal",
            "--subgroup-matrix-config",
            "f16:f16:16x16x16",
        ],
    );
    assert_code(&out, 0);
    // --max-subgroup-size replaces the H100's 32: 32 is not a multiple of 64.
    let out = check(
        &dir,
        MATRIX_16,
        &[
            "--device-profile",
            "h100-vulkan",
            "--max-subgroup-size",
            "64",
        ],
    );
    assert_code(&out, 1);
    assert!(
        stderr(&out).contains("multiple of the maximum subgroup size"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn profile_without_configurations_notes_it() {
    let dir = scratch("no-configs");
    let profile = write_input(
        &dir,
        "gpu.json",
        "{\"name\": \"no list\", \"features\": [\"chromium-experimental-subgroup-matrix\"]}",
    );
    let out = check(
        &dir,
        MATRIX_8,
        &["--device-profile", profile.to_str().unwrap()],
    );
    assert_code(&out, 0);
    assert!(
        stderr(&out).contains("note: device profile 'no list' lists no subgroupMatrixConfigs and no --subgroup-matrix-config was given: subgroup-matrix pipeline checks skipped"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn given_once() {
    let dir = scratch("twice");
    let out = check(
        &dir,
        F16,
        &["--device-profile", "metal", "--device-profile", "webgpu"],
    );
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("cannot be used multiple times"),
        "{}",
        stderr(&out)
    );
}

/// A storage write and read whose indices nothing bounds, and a uniform.
const BUFFER_INDICES: &str = "@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@group(0) @binding(1) var<uniform> n: vec4<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    a[g.x * n.x] = a[g.x + n.y];
}
";

/// `--buffer-bounds device`: plain buffer indices left to the device's
/// `robustBufferAccess2`, only when the profile guarantees it, only for
/// SPIR-V, never with `--no-bounds-checks`; each refusal is a usage error
/// (exit 2) that says why.
#[test]
fn buffer_bounds_left_to_the_device() {
    let dir = scratch("buffer-bounds");
    let input = write_input(&dir, "b.wgsl", BUFFER_INDICES);
    let spirv = |args: &[&str]| {
        run(tessera()
            .arg(&input)
            .args(["--color", "never", "--format", "spvasm"])
            .args(args))
    };
    let checked = spirv(&["--device-profile", "h200-vulkan"]);
    assert_code(&checked, 0);
    // tessera clamps both indices against the array's length.
    assert_eq!(
        stdout(&checked).matches("UMin").count(),
        2,
        "{}",
        stdout(&checked)
    );
    let device = spirv(&[
        "--device-profile",
        "h200-vulkan",
        "--buffer-bounds",
        "device",
    ]);
    assert_code(&device, 0);
    assert_eq!(
        stdout(&device).matches("UMin").count(),
        0,
        "{}",
        stdout(&device)
    );
    // `shader` is the default.
    let shader = spirv(&[
        "--device-profile",
        "h200-vulkan",
        "--buffer-bounds",
        "shader",
    ]);
    assert_eq!(stdout(&shader), stdout(&checked));

    let refused = |args: &[&str], message: &str| {
        let out = run(tessera().arg(&input).args(["--color", "never"]).args(args));
        assert_code(&out, 2);
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    };
    refused(
        &["--buffer-bounds", "device", "-o", "/dev/null"],
        "error: --buffer-bounds device needs a --device-profile whose `robustness` guarantees robustBufferAccess2 (e.g. h200-vulkan)",
    );
    refused(
        &["--buffer-bounds", "device", "--device-profile", "h100-vulkan", "-o", "/dev/null"],
        "error: --buffer-bounds device: device profile 'NVIDIA H100 80GB HBM3 (Vulkan)' does not guarantee robustBufferAccess2",
    );
    refused(
        &[
            "--buffer-bounds",
            "device",
            "--device-profile",
            "h200-vulkan",
            "--no-bounds-checks",
            "-o",
            "/dev/null",
        ],
        "error: --buffer-bounds device and --no-bounds-checks conflict",
    );
    refused(
        &[
            "--buffer-bounds",
            "device",
            "--device-profile",
            "h200-vulkan",
            "--format",
            "msl",
        ],
        "error: --buffer-bounds device is for SPIR-V output",
    );
}

//! `tessera run`: a compute shader run on the first Vulkan device
//! (lavapipe in CI; scripts/test.sh installs it), its buffers printed as
//! text or JSON, and every usage, shader and device error with its exit
//! status (1 shader, 2 usage, 3 I/O or device).

mod common;

use common::{run, scratch, stderr, tessera, write_input};

const SQUARES: &str = "
struct S { a: vec3<f32>, n: atomic<u32> }
@group(0) @binding(0) var<storage, read> inp: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(2) var<storage, read_write> s: S;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
    out[i] = inp[i % arrayLength(&inp)] * i;
    atomicAdd(&s.n, 1u);
    if i == 0u { s.a = vec3(1.5, -0.0, 3.0); }
}
";

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn prints_writable_buffers_as_text_and_json() {
    let dir = scratch("print");
    let file = write_input(&dir, "sq.wgsl", SQUARES);
    let out = run(tessera()
        .arg("run")
        .arg(&file)
        .args(["--buffer", "0:0=u32:1,2,3", "-q"]));
    assert!(out.status.success(), "{}", stderr(&out));
    // 8 invocations: out[i] = inp[i % 3] * i; every one adds 1 to s.n.
    assert_eq!(
        stdout(&out),
        "@group(0) @binding(1) out: array<u32, 8> (32 bytes)\n  [0] 0 2 6 3 8 15 6 14\n\
         @group(0) @binding(2) s: S (16 bytes)\n  .a.x = 1.5\n  .a.y = -0\n  .a.z = 3\n  .n = 8\n"
    );
    let out = run(tessera().arg("run").arg(&file).args([
        "--buffer",
        "0:0=u32:1,2,3",
        "--format",
        "json",
        "-q",
    ]));
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(
        json,
        serde_json::json!({"0:1": [0, 2, 6, 3, 8, 15, 6, 14], "0:2": [1.5, -0.0, 3.0, 8]})
    );
}

#[test]
fn overrides_dispatch_and_entry_points() {
    let dir = scratch("overrides");
    let file = write_input(
        &dir,
        "o.wgsl",
        "override k: u32 = 1u;
         @group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
         @compute @workgroup_size(1) fn a(@builtin(workgroup_id) w: vec3<u32>) { out[w.x] = k * (w.x + 1u); }
         @compute @workgroup_size(1) fn b() { out[3] = 99u; }",
    );
    let out = run(tessera().arg("run").arg(&file).arg("-q"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("several entry points (a, b): choose one with --entry NAME"),
        "{}",
        stderr(&out)
    );
    let out = run(tessera().arg("run").arg(&file).args([
        "--entry",
        "a",
        "--override",
        "k=5",
        "--dispatch",
        "3",
        "--format",
        "json",
        "-q",
    ]));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), r#"{"0:0":[5,10,15,0]}"#);
}

#[test]
fn usage_errors_exit_2() {
    let dir = scratch("usage");
    let file = write_input(&dir, "sq.wgsl", SQUARES);
    let cases: &[(&[&str], &str)] = &[
        (
            &[],
            "binding 0:0 `inp: array<u32>` is runtime-sized: give its contents with --buffer 0:0=INIT",
        ),
        (
            &["--buffer", "0:0=u32:1", "--buffer", "0:7=zeros:4"],
            "--buffer 0:7: entry point `main` has no buffer at @group(0) @binding(7) (its bindings: 0:0 `inp`, 0:1 `out`, 0:2 `s`)",
        ),
        (
            &["--buffer", "0:0=u32:x"],
            "`0:0=u32:x`: `x` is not a u32 value",
        ),
        (
            &["--buffer", "0:0=u32:1", "--buffer", "0:1=zeros:8"],
            "binding 0:1 `out: array<u32, 8>` needs at least 32 bytes; --buffer 0:1 gives 8",
        ),
        (
            &["--buffer", "0:0=u32:1", "--buffer", "0:0=u32:2"],
            "--buffer 0:0 is given twice",
        ),
        (&["--dispatch", "0"], "positive counts"),
        (
            &["--buffer", "0:0=u32:1", "--dispatch", "4000000000"],
            "maxComputeWorkGroupCount",
        ),
    ];
    for (args, message) in cases {
        let out = run(tessera().arg("run").arg(&file).args(*args).arg("-q"));
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn shader_errors_exit_1_with_diagnostics() {
    let dir = scratch("shader");
    let file = write_input(
        &dir,
        "bad.wgsl",
        "@compute @workgroup_size(1) fn main() { let x: u32 = 1.5; }",
    );
    let out = run(tessera().arg("run").arg(&file).arg("--color=never"));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("bad.wgsl:1:"), "{}", stderr(&out));
    let render = write_input(
        &dir,
        "frag.wgsl",
        "@fragment fn main() -> @location(0) vec4f { return vec4f(1.0); }",
    );
    let out = run(tessera().arg("run").arg(&render).arg("-q"));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("entry point `main` is not a compute shader"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn writes_outside_a_binding_are_caught() {
    let dir = scratch("guards");
    // Index 40 of an 8-element array: 128 bytes past its end, inside the
    // runner's guard bytes.
    let file = write_input(
        &dir,
        "oob.wgsl",
        "@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
         @group(0) @binding(1) var<storage, read> k: u32;
         @compute @workgroup_size(1) fn main() { out[k] = 7u; }",
    );
    // With bounds checks the store is clamped into the array: no guard
    // byte changes.
    let out = run(tessera().arg("run").arg(&file).args([
        "--buffer",
        "0:1=u32:40",
        "-q",
        "--format",
        "json",
    ]));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), r#"{"0:0":[0,0,0,0,0,0,0,7]}"#);
    // Without, the store lands in the guard bytes: a warning names it.
    let out = run(tessera().arg("run").arg(&file).args([
        "--buffer",
        "0:1=u32:40",
        "--no-bounds-checks",
        "--color=never",
    ]));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(
            "warning: binding 0:0 was written outside its range: 4 guard bytes changed, the first at byte 160 of the binding"
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn device_errors_exit_3() {
    let dir = scratch("device");
    let file = write_input(&dir, "sq.wgsl", SQUARES);
    // A loader that finds no driver.
    let out = run(tessera()
        .arg("run")
        .arg(&file)
        .args(["--buffer", "0:0=u32:1"])
        .env("VK_ICD_FILENAMES", dir.join("none.json"))
        .env("VK_DRIVER_FILES", dir.join("none.json")));
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("no Vulkan device found")
            || stderr(&out).contains("vkCreateInstance"),
        "{}",
        stderr(&out)
    );
    let out = run(tessera().arg("run").arg(&file).args([
        "--device",
        "no-such-gpu",
        "--buffer",
        "0:0=u32:1",
    ]));
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("no Vulkan device named like `no-such-gpu`"),
        "{}",
        stderr(&out)
    );
    let out = run(tessera().arg("run").arg(dir.join("missing.wgsl")));
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
}

#[test]
fn a_feature_the_device_lacks_exits_3() {
    let dir = scratch("feature");
    // lavapipe has no cooperative matrices; neither does a GPU without
    // VK_KHR_cooperative_matrix. On a device with them this case is moot:
    // a 16x16 f32 configuration is refused by a profile without it.
    let file = write_input(
        &dir,
        "m.wgsl",
        "enable chromium_experimental_subgroup_matrix;
         @group(0) @binding(0) var<storage, read_write> s: array<f32, 256>;
         @compute @workgroup_size(32) fn main() {
             let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 16, 16>, row_major>(&s, 0u, 16u);
             subgroupMatrixStore<row_major>(&s, 0u, m, 16u);
         }",
    );
    let out = run(tessera().arg("run").arg(&file).args([
        "--color=never",
        "--subgroup-matrix-config",
        "f16:f16:8x8x8",
    ]));
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cannot run this shader"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn textures_are_bound_and_read_back() {
    let dir = scratch("textures");
    let file = write_input(
        &dir,
        "t.wgsl",
        "@group(0) @binding(0) var src: texture_2d<f32>;
         @group(0) @binding(1) var dst: texture_storage_2d<rgba8unorm, write>;
         @compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
             textureStore(dst, vec2(i, 0u), textureLoad(src, vec2(i, 0u), 0) * 0.2);
         }",
    );
    let out = run(tessera().arg("run").arg(&file).args([
        "--texture",
        "0:0=2x1:f32:1,0,0,1,5,5,0,0",
        "--texture",
        "0:1=2x1",
        "--format",
        "json",
        "-q",
    ]));
    assert!(out.status.success(), "{}", stderr(&out));
    // 0.2 * 255 = 51; 1.0 * 255 = 255 (5 * 0.2 = 1).
    assert_eq!(stdout(&out).trim(), r#"{"0:1":[51,0,0,51,255,255,0,0]}"#);
    let out = run(tessera().arg("run").arg(&file).arg("-q"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("needs a size: --texture 0:0=WxH[xD][/LEVELS][:INIT]"),
        "{}",
        stderr(&out)
    );
}

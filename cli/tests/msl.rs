//! End-to-end tests of `tessera --format msl` / `-o out.metal` and the MSL
//! flags (`--msl-version`, `--msl-binding`, `--msl-sizes-buffer`,
//! `--no-bounds-checks`). Every MSL output is also compiled with clang
//! against the Metal shim (`tests/metal-shim`).

#[path = "../../tests/msl_shim_util/mod.rs"]
mod msl_shim_util;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Two buffers, a uniform, `arrayLength` and a dynamic index into a local
/// array (bounds-checked by default).
const BUFFERS: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<uniform> scale: vec4<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var a = array<u32, 4>(1u, 2u, 3u, 4u);
    data[id.x] = data[id.x] * scale.x + a[id.y] + arrayLength(&data);
}
";

const SUBGROUP_MATRIX: &str = "enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main() {
    let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&data, 0, false, 8);
    subgroupMatrixStore(&data, 64, m, false, 8);
}
";

fn tessera() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tessera"));
    cmd.env("NO_COLOR", "1");
    cmd
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-cli-msl-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn input(dir: &Path, source: &str) -> PathBuf {
    let path = dir.join("in.wgsl");
    std::fs::write(&path, source).unwrap();
    path
}

fn run(args: &[&str], dir: &Path) -> Output {
    tessera().args(args).current_dir(dir).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn assert_code(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}

/// Compiles MSL with clang through the shim (skipped only with
/// `TESSERA_SKIP_CLANG=1`).
fn assert_shim_compiles(msl: &str) {
    if let Some(clang) = msl_shim_util::require_clang() {
        if let Err(e) = clang.check(msl) {
            panic!("the MSL output fails the shim check:\n{e}\n\n{msl}");
        }
    }
}

#[test]
fn format_msl_writes_a_kernel_to_stdout() {
    let dir = scratch("stdout");
    let path = input(&dir, BUFFERS);
    let out = run(&[path.to_str().unwrap(), "--format", "msl"], &dir);
    assert_code(&out, 0);
    let msl = text(&out.stdout);
    assert!(msl.contains("#include <metal_stdlib>"), "{msl}");
    assert!(msl.contains("kernel void main_("), "{msl}");
    assert!(msl.contains("[[thread_position_in_grid]]"), "{msl}");
    assert!(
        msl.contains("device array_uint_rt& data [[buffer(0)]]"),
        "{msl}"
    );
    assert!(
        msl.contains("constant metal::uint4& scale [[buffer(1)]]"),
        "{msl}"
    );
    // The sizes buffer takes the index after the largest buffer index.
    assert!(msl.contains("[[buffer(2)]]"), "{msl}");
    assert!(text(&out.stderr).is_empty(), "{}", text(&out.stderr));
    assert_shim_compiles(&msl);
}

#[test]
fn metal_and_msl_extensions_select_msl() {
    let dir = scratch("ext");
    let path = input(&dir, BUFFERS);
    let stdout = text(&run(&[path.to_str().unwrap(), "--format", "msl"], &dir).stdout);
    for name in ["out.metal", "OUT.MSL"] {
        let out = run(&[path.to_str().unwrap(), "-o", name], &dir);
        assert_code(&out, 0);
        assert!(out.stdout.is_empty());
        let written = std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(written, stdout, "{name}");
    }
    // An explicit --format wins over the extension.
    let out = run(
        &[path.to_str().unwrap(), "-o", "x.metal", "--format", "wgsl"],
        &dir,
    );
    assert_code(&out, 0);
    let written = std::fs::read_to_string(dir.join("x.metal")).unwrap();
    assert!(written.contains("@compute"), "{written}");
}

#[test]
fn msl_binding_and_sizes_buffer() {
    let dir = scratch("binding");
    let path = input(&dir, BUFFERS);
    let out = run(
        &[
            path.to_str().unwrap(),
            "--format",
            "msl",
            "--msl-binding",
            "0:1=4",
            "--msl-sizes-buffer",
            "9",
        ],
        &dir,
    );
    assert_code(&out, 0);
    let msl = text(&out.stdout);
    // The unmapped binding 0:0 takes the lowest free index.
    assert!(
        msl.contains("device array_uint_rt& data [[buffer(0)]]"),
        "{msl}"
    );
    assert!(
        msl.contains("constant metal::uint4& scale [[buffer(4)]]"),
        "{msl}"
    );
    assert!(msl.contains("_buffer_sizes [[buffer(9)]]"), "{msl}");
    assert_shim_compiles(&msl);

    // The same binding given the same index twice is harmless.
    let again = run(
        &[
            path.to_str().unwrap(),
            "--format",
            "msl",
            "--msl-binding",
            "0:1=4",
            "--msl-binding",
            "0:1=4",
        ],
        &dir,
    );
    assert_code(&again, 0);
}

#[test]
fn msl_binding_usage_errors() {
    let dir = scratch("binding-usage");
    let path = input(&dir, BUFFERS);
    let p = path.to_str().unwrap();
    let twice = run(
        &[
            p,
            "--format",
            "msl",
            "--msl-binding",
            "0:1=4",
            "--msl-binding",
            "0:1=5",
        ],
        &dir,
    );
    assert_code(&twice, 2);
    assert!(
        text(&twice.stderr).contains("error: --msl-binding 0:1 is given twice (buffer 4 and 5)"),
        "{}",
        text(&twice.stderr)
    );
    let syntax = run(&[p, "--format", "msl", "--msl-binding", "0:1"], &dir);
    assert_code(&syntax, 2);
    assert!(
        text(&syntax.stderr).contains("expected GROUP:BINDING=INDEX (e.g. 0:1=3), found `0:1`"),
        "{}",
        text(&syntax.stderr)
    );
    assert!(syntax.stdout.is_empty());
}

#[test]
fn msl_binding_collision_is_a_compile_error() {
    let dir = scratch("collision");
    let path = input(&dir, BUFFERS);
    let out = run(
        &[
            path.to_str().unwrap(),
            "-o",
            "out.metal",
            "--msl-binding",
            "0:0=3",
            "--msl-binding",
            "0:1=3",
        ],
        &dir,
    );
    assert_code(&out, 1);
    let err = text(&out.stderr);
    assert!(err.contains("error"), "{err}");
    assert!(
        err.contains("in.wgsl"),
        "the diagnostic names the input: {err}"
    );
    assert!(!dir.join("out.metal").exists());
}

#[test]
fn msl_version() {
    let dir = scratch("version");
    let path = input(&dir, SUBGROUP_MATRIX);
    let p = path.to_str().unwrap();
    let bad = run(&[p, "--format", "msl", "--msl-version", "2.5"], &dir);
    assert_code(&bad, 2);
    assert!(
        text(&bad.stderr).contains("`2.5` is not a Metal Shading Language version (known: 1.0, 1.1, 1.2, 2.0, 2.1, 2.2, 2.3, 2.4, 3.0, 3.1, 3.2)"),
        "{}",
        text(&bad.stderr)
    );
    // Subgroup matrices need MSL 2.3: a compile error (exit 1) pointing at
    // the matrix type in the source.
    let old = run(&[p, "--format", "msl", "--msl-version", "2.2"], &dir);
    assert_code(&old, 1);
    let err = text(&old.stderr);
    assert!(
        err.contains("error: subgroup matrices need MSL 2.3 or later, but the target is MSL 2.2"),
        "{err}"
    );
    assert!(err.contains("in.wgsl:6:"), "{err}");
    assert!(old.stdout.is_empty());
}

#[test]
fn no_bounds_checks_applies_to_msl_and_spirv() {
    let dir = scratch("bounds");
    let path = input(&dir, BUFFERS);
    let p = path.to_str().unwrap();
    let checked = text(&run(&[p, "--format", "msl"], &dir).stdout);
    let unchecked_out = run(&[p, "--format", "msl", "--no-bounds-checks"], &dir);
    assert_code(&unchecked_out, 0);
    let unchecked = text(&unchecked_out.stdout);
    assert!(
        checked.contains("a.inner[metal::min(id.y, 3u)]"),
        "{checked}"
    );
    assert!(unchecked.contains("a.inner[id.y]"), "{unchecked}");
    assert!(!unchecked.contains("metal::min"), "{unchecked}");
    assert_shim_compiles(&unchecked);

    let spv_checked = text(&run(&[p, "--format", "spvasm"], &dir).stdout);
    let spv_unchecked = text(&run(&[p, "--format", "spvasm", "--no-bounds-checks"], &dir).stdout);
    assert_ne!(spv_checked, spv_unchecked);
    assert!(spv_checked.contains("UMin"), "{spv_checked}");
    assert!(!spv_unchecked.contains("UMin"), "{spv_unchecked}");
}

#[test]
fn msl_validate_only_writes_nothing() {
    let dir = scratch("validate");
    let path = input(&dir, BUFFERS);
    let out = run(
        &[path.to_str().unwrap(), "-o", "out.metal", "--validate-only"],
        &dir,
    );
    assert_code(&out, 0);
    assert!(!dir.join("out.metal").exists());
}

#[test]
fn subgroup_matrices_with_apple_configs() {
    let dir = scratch("matrix");
    let path = input(&dir, SUBGROUP_MATRIX);
    let out = run(
        &[
            path.to_str().unwrap(),
            "-o",
            "m.metal",
            "--subgroup-matrix-config",
            "f32:f32:8x8x8",
        ],
        &dir,
    );
    assert_code(&out, 0);
    let msl = std::fs::read_to_string(dir.join("m.metal")).unwrap();
    assert!(msl.contains("simdgroup_float8x8"), "{msl}");
    assert!(msl.contains("simdgroup_load("), "{msl}");
    assert!(msl.contains("simdgroup_store("), "{msl}");
    assert_shim_compiles(&msl);
}

#[test]
fn metal_cannot_express_is_a_compile_error() {
    let dir = scratch("cannot");
    let source = SUBGROUP_MATRIX
        .replace("array<f32>", "array<i32>")
        .replace("<f32, 8, 8>", "<i32, 8, 8>");
    let path = input(&dir, &source);
    let out = run(&[path.to_str().unwrap(), "-o", "out.metal"], &dir);
    assert_code(&out, 1);
    let err = text(&out.stderr);
    assert!(
        err.contains("error: Metal cannot express 'subgroup_matrix_result<i32, 8, 8>'"),
        "{err}"
    );
    assert!(err.contains("in.wgsl:6:"), "{err}");
    assert!(!dir.join("out.metal").exists());
}

#[test]
fn msl_flags_with_another_format_warn() {
    let dir = scratch("other-format");
    let path = input(&dir, BUFFERS);
    let out = run(
        &[
            path.to_str().unwrap(),
            "--format",
            "wgsl",
            "--msl-binding",
            "0:0=1",
        ],
        &dir,
    );
    assert_code(&out, 0);
    assert!(
        text(&out.stderr).contains(
            "warning: --msl-binding only applies to MSL output (--format msl or -o FILE.metal): it is ignored for WGSL output\n"
        ),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains("@compute"));
    // --no-bounds-checks applies to SPIR-V too: no warning.
    let spv = run(&[path.to_str().unwrap(), "--no-bounds-checks"], &dir);
    assert_code(&spv, 0);
    assert!(text(&spv.stderr).is_empty(), "{}", text(&spv.stderr));
}

//! End-to-end tests of the `tessera` binary: exit codes, format inference,
//! standard output and standard error.

use std::io::Write;
use std::process::{Command, Output, Stdio};

mod common;
use common::*;

const SIMPLE: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * 2u;
}
";

const OVERRIDES: &str = "override scale: f32 = 1.0;
@id(7) override block: u32 = 64;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(block)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * scale;
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

/// A bad shader: `y` is not declared; the error is on line 3.
const UNDECLARED: &str = "@compute @workgroup_size(1)
fn main() {
    let x = y + 1;
}
";

fn run_with_stdin(cmd: &mut Command, input: &str) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

// ---- usage errors (exit 2) ----

#[test]
fn help_exits_zero() {
    let out = run(tessera().arg("--help"));
    assert_code(&out, 0);
    let text = stdout(&out);
    for flag in [
        "--format",
        "--entry-point",
        "--override",
        "--spirv-version",
        "--validate-only",
        "--subgroup-matrix-config",
        "--max-subgroup-size",
        "--spec-constants",
        "--spirv-cooperative-matrix",
        "--debug-info",
    ] {
        assert!(text.contains(flag), "help lacks {flag}:\n{text}");
    }
}

#[test]
fn missing_input_is_usage_error() {
    let out = run(&mut tessera());
    assert_code(&out, 2);
    assert!(stderr(&out).contains("INPUT"), "{}", stderr(&out));
}

#[test]
fn unknown_flag_is_usage_error() {
    let out = run(tessera().args(["x.wgsl", "--bogus"]));
    assert_code(&out, 2);
    assert!(stderr(&out).contains("--bogus"), "{}", stderr(&out));
}

#[test]
fn unreadable_input_is_io_error() {
    let out = run(tessera().arg("/nonexistent/dir/shader.wgsl"));
    assert_code(&out, 3);
    assert!(
        stderr(&out).contains("error: cannot read `/nonexistent/dir/shader.wgsl`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_override_syntax_is_usage_error() {
    let dir = scratch("bad-override");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let out = run(tessera().arg(&input).args(["--override", "scale"]));
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("expected NAME=VALUE"),
        "{}",
        stderr(&out)
    );
    let out = run(tessera().arg(&input).args(["--override", "scale=abc"]));
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("invalid override value `abc`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_subgroup_matrix_config_is_usage_error() {
    let dir = scratch("bad-config");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let out = run(tessera()
        .arg(&input)
        .args(["--subgroup-matrix-config", "f64:f32:8x8x8"]));
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("unknown subgroup matrix component type 'f64'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_spirv_version_is_usage_error() {
    let out = run(tessera().args(["a.wgsl", "--spirv-version", "1.2"]));
    assert_code(&out, 2);
    assert!(stderr(&out).contains("1.2"), "{}", stderr(&out));
}

#[test]
fn unknown_output_extension_is_usage_error() {
    let dir = scratch("unknown-ext");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let out = run(tessera().arg(&input).arg("-o").arg(dir.join("a.txt")));
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("cannot infer the output format"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.join("a.txt").exists());
}

#[test]
fn unknown_format_is_usage_error() {
    let out = run(tessera().args(["a.wgsl", "--format", "hlsl"]));
    assert_code(&out, 2);
}

#[test]
fn compile_error_is_rendered_with_location() {
    let dir = scratch("compile-error");
    let input = write_input(&dir, "bad.wgsl", UNDECLARED);
    let out = run(tessera().arg(&input));
    assert_code(&out, 1);
    let err = stderr(&out);
    assert!(err.contains("error"), "{err}");
    assert!(err.contains("bad.wgsl:3:13"), "{err}");
    assert!(
        !err.contains('\u{1b}'),
        "colour escape on a non-terminal: {err}"
    );
    assert!(stdout(&out).is_empty());
}

#[test]
fn compile_error_from_stdin_names_stdin() {
    let out = run_with_stdin(tessera().arg("-"), UNDECLARED);
    assert_code(&out, 1);
    assert!(stderr(&out).contains("<stdin>:3:13"), "{}", stderr(&out));
}

#[test]
fn unknown_entry_point_fails() {
    let dir = scratch("entry");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let out = run(tessera().arg(&input).args(["--entry-point", "nope"]));
    assert_code(&out, 1);
    assert!(stderr(&out).contains("nope"), "{}", stderr(&out));
}

// ---- successful compilation ----

#[test]
fn default_output_is_spvasm_on_stdout() {
    let dir = scratch("default");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let out = run(tessera().arg(&input));
    assert_code(&out, 0);
    let text = stdout(&out);
    assert!(text.contains("OpCapability Shader"), "{text}");
    assert!(text.contains("OpEntryPoint GLCompute"), "{text}");
}

#[test]
fn stdin_input() {
    let out = run_with_stdin(tessera().arg("-"), SIMPLE);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("OpEntryPoint GLCompute"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn spv_inferred_from_extension() {
    let dir = scratch("spv");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let spv = dir.join("a.spv");
    let out = run(tessera().arg(&input).arg("-o").arg(&spv));
    assert_code(&out, 0);
    let bytes = std::fs::read(&spv).unwrap();
    assert!(bytes.len() >= 20 && bytes.len() % 4 == 0);
    assert_eq!(&bytes[0..4], &0x0723_0203u32.to_le_bytes());
    // Version word: SPIR-V 1.3 by default.
    assert_eq!(&bytes[4..8], &0x0001_0300u32.to_le_bytes());
}

#[test]
fn spirv_version_flag() {
    let dir = scratch("version");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let spv = dir.join("a.spv");
    let out = run(tessera()
        .arg(&input)
        .arg("-o")
        .arg(&spv)
        .args(["--spirv-version", "1.6"]));
    assert_code(&out, 0);
    let bytes = std::fs::read(&spv).unwrap();
    assert_eq!(&bytes[4..8], &0x0001_0600u32.to_le_bytes());
}

#[test]
fn binary_spv_to_piped_stdout() {
    let dir = scratch("spv-stdout");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let out = run(tessera().arg(&input).args(["--format", "spv"]));
    assert_code(&out, 0);
    assert_eq!(&out.stdout[0..4], &0x0723_0203u32.to_le_bytes());
}

#[test]
fn format_flag_beats_extension() {
    let dir = scratch("format-flag");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let path = dir.join("out.spv");
    let out = run(tessera()
        .arg(&input)
        .arg("-o")
        .arg(&path)
        .args(["--format", "spvasm"]));
    assert_code(&out, 0);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("OpCapability Shader"), "{text}");
}

#[test]
fn wgsl_output_reparses() {
    let dir = scratch("wgsl");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let path = dir.join("out.wgsl");
    let out = run(tessera().arg(&input).arg("-o").arg(&path));
    assert_code(&out, 0);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("fn main"), "{text}");
    let again = run(tessera().arg(&path).arg("--validate-only"));
    assert_code(&again, 0);
}

#[test]
fn validate_only_writes_nothing() {
    let dir = scratch("validate-only");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let path = dir.join("a.spv");
    let out = run(tessera()
        .arg(&input)
        .arg("--validate-only")
        .arg("-o")
        .arg(&path));
    assert_code(&out, 0);
    assert!(stdout(&out).is_empty());
    assert!(!path.exists());
}

#[test]
fn overrides_by_name_and_id() {
    let dir = scratch("overrides");
    let input = write_input(&dir, "a.wgsl", OVERRIDES);
    let out = run(tessera()
        .arg(&input)
        .args(["--override", "scale=2.5", "--override", "7=32"]));
    assert_code(&out, 0);
    let text = stdout(&out);
    // Overrides are applied at pipeline creation: no specialization constants.
    assert!(!text.contains("OpSpecConstant"), "{text}");
    assert!(text.contains("LocalSize 32 1 1"), "{text}");
}

#[test]
fn subgroup_matrix_note_without_configs() {
    let dir = scratch("sgm-note");
    let input = write_input(&dir, "a.wgsl", SUBGROUP_MATRIX);
    let out = run(tessera().arg(&input).arg("--validate-only"));
    assert_code(&out, 0);
    let note = "note: no --subgroup-matrix-config given: subgroup-matrix pipeline checks skipped";
    assert_eq!(stderr(&out).matches(note).count(), 1, "{}", stderr(&out));

    let out = run(tessera().arg(&input).args([
        "--validate-only",
        "--subgroup-matrix-config",
        "f32:f32:8x8x8",
    ]));
    assert_code(&out, 0);
    assert!(!stderr(&out).contains("note: no --subgroup-matrix-config"));
}

#[test]
fn no_subgroup_matrix_note_for_plain_modules() {
    let dir = scratch("no-sgm-note");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let out = run(tessera().arg(&input).arg("--validate-only"));
    assert_code(&out, 0);
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn unsupported_subgroup_matrix_config_is_pipeline_error() {
    let dir = scratch("sgm-config");
    let input = write_input(&dir, "a.wgsl", SUBGROUP_MATRIX);
    let out = run(tessera().arg(&input).args([
        "--validate-only",
        "--subgroup-matrix-config",
        "f16:f16:16x16x16",
    ]));
    assert_code(&out, 1);
    assert!(stderr(&out).contains("error"), "{}", stderr(&out));
}

/// An array indexed by an override (spec, "Array Access Expression").
const OVERRIDE_INDEX: &str = "override N: u32 = 4;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(1) fn main() {
    var a = array<u32, 4>(1u, 2u, 3u, 4u);
    out[0] = a[N];
}
";

#[test]
fn override_index_out_of_range_is_pipeline_error() {
    let dir = scratch("override-index");
    let input = write_input(&dir, "a.wgsl", OVERRIDE_INDEX);
    for format in ["spvasm", "msl", "wgsl"] {
        let out = run(tessera()
            .arg(&input)
            .args(["--format", format, "--override", "N=6"]));
        assert_code(&out, 1);
        let err = stderr(&out);
        assert!(
            err.contains(
                "error: index 6 is out of bounds for 'array<u32, 4>' (valid indices are 0 to 3)"
            ),
            "{err}"
        );
        assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    }
    let out = run(tessera().arg(&input).args(["--override", "N=3"]));
    assert_code(&out, 0);
    // As a specialization constant the value is unknown: no error.
    let out = run(tessera().arg(&input).arg("--spec-constants"));
    assert_code(&out, 0);
}

/// Overrides without defaults: a workgroup size and a scale.
const SPEC: &str = "override scale: f32;
@id(7) override block: u32;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(block)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * scale;
}
";

#[test]
fn spec_constants_flag() {
    let dir = scratch("spec-constants");
    let input = write_input(&dir, "a.wgsl", SPEC);
    // Without the flag the overrides need values.
    let out = run(tessera().arg(&input));
    assert_code(&out, 1);
    assert!(
        stderr(&out).contains("override 'scale' has no default value"),
        "{}",
        stderr(&out)
    );
    // With it they are specialization constants: `scale` takes id 0,
    // `block` keeps its @id.
    let out = run(tessera().arg(&input).arg("--spec-constants"));
    assert_code(&out, 0);
    let text = stdout(&out);
    assert!(text.contains("OpSpecConstant"), "{text}");
    assert!(text.contains("SpecId 0"), "{text}");
    assert!(text.contains("SpecId 7"), "{text}");
    assert!(text.contains("BuiltIn WorkgroupSize"), "{text}");
    let out = run(tessera()
        .arg(&input)
        .args(["--spec-constants", "--spirv-version", "1.6"]));
    assert_code(&out, 0);
    assert!(stdout(&out).contains("LocalSizeId"), "{}", stdout(&out));
    // A value given on the command line still specialises at compile time.
    let out = run(tessera()
        .arg(&input)
        .args(["--spec-constants", "--override", "7=32"]));
    assert_code(&out, 0);
    let text = stdout(&out);
    assert!(text.contains("LocalSize 32 1 1"), "{text}");
    assert!(!text.contains("SpecId 7"), "{text}");
    assert!(text.contains("SpecId 0"), "{text}");
}

#[test]
fn spec_constants_need_spirv_output() {
    let dir = scratch("spec-constants-msl");
    let input = write_input(&dir, "a.wgsl", SPEC);
    // Ignored with a warning: the overrides then need values (a
    // pipeline-creation error without them).
    for format in ["msl", "wgsl"] {
        let out = run(tessera()
            .arg(&input)
            .args(["--spec-constants", "--format", format]));
        assert_code(&out, 1);
        let err = stderr(&out);
        assert!(
            err.starts_with(&format!(
                "warning: --spec-constants only applies to SPIR-V output (--format spv or spvasm): it is ignored for {} output\n",
                if format == "msl" { "MSL" } else { "WGSL" }
            )),
            "{err}"
        );
        assert!(
            err.contains("override 'scale' has no default value"),
            "{err}"
        );
    }
    let out = run(tessera().arg(&input).args([
        "--spec-constants",
        "--format",
        "msl",
        "--override",
        "scale=2",
        "--override",
        "7=64",
    ]));
    assert_code(&out, 0);
    assert!(stdout(&out).contains("kernel void"), "{}", stdout(&out));
}

#[test]
fn spirv_cooperative_matrix_flag() {
    let dir = scratch("coop-nv");
    let input = write_input(&dir, "m.wgsl", SUBGROUP_MATRIX);
    // The default, and `khr` given explicitly: SPV_KHR_cooperative_matrix.
    for extra in [&[][..], &["--spirv-cooperative-matrix", "khr"][..]] {
        let out = run(tessera().arg(&input).args(extra));
        assert_code(&out, 0);
        let text = stdout(&out);
        assert!(text.contains("OpCapability CooperativeMatrixKHR"), "{text}");
        assert!(text.contains("OpCooperativeMatrixLoadKHR"), "{text}");
        assert!(!text.contains("NV"), "{text}");
    }
    // `nv`: SPV_NV_cooperative_matrix, for SPIR-V 1.3 and 1.6, text and
    // binary output.
    for version in ["1.3", "1.6"] {
        let out = run(tessera().arg(&input).args([
            "--spirv-cooperative-matrix",
            "nv",
            "--spirv-version",
            version,
        ]));
        assert_code(&out, 0);
        let text = stdout(&out);
        assert!(text.contains("OpCapability CooperativeMatrixNV"), "{text}");
        assert!(text.contains("\"SPV_NV_cooperative_matrix\""), "{text}");
        assert!(text.contains("OpTypeCooperativeMatrixNV"), "{text}");
        assert!(text.contains("OpCooperativeMatrixLoadNV"), "{text}");
        assert!(text.contains("OpCooperativeMatrixStoreNV"), "{text}");
        assert!(!text.contains("KHR_cooperative"), "{text}");
    }
    let spv = dir.join("m.spv");
    let out = run(tessera()
        .arg(&input)
        .args(["--spirv-cooperative-matrix", "nv", "-o"])
        .arg(&spv));
    assert_code(&out, 0);
    let bytes = std::fs::read(&spv).unwrap();
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    // OpCapability CooperativeMatrixNV (5357).
    assert!(words.windows(2).any(|w| w == [(2 << 16) | 17, 5357]));
    // A bad value is a usage error naming the choices.
    let out = run(tessera()
        .arg(&input)
        .args(["--spirv-cooperative-matrix", "amd"]));
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(err.contains("khr") && err.contains("nv"), "{err}");
}

#[test]
fn spirv_cooperative_matrix_needs_spirv_output() {
    let dir = scratch("coop-nv-msl");
    let input = write_input(&dir, "m.wgsl", SUBGROUP_MATRIX);
    for format in ["msl", "wgsl"] {
        for value in ["nv", "khr"] {
            let out = run(tessera().arg(&input).args([
                "--spirv-cooperative-matrix",
                value,
                "--format",
                format,
            ]));
            assert_code(&out, 0);
            assert!(
                stderr(&out)
                    .contains("warning: --spirv-cooperative-matrix only applies to SPIR-V output"),
                "{}",
                stderr(&out)
            );
        }
    }
    let metal = dir.join("m.metal");
    let out = run(tessera()
        .arg(&input)
        .args(["--spirv-cooperative-matrix", "nv", "-o"])
        .arg(&metal));
    assert_code(&out, 0);
    assert!(
        stderr(&out).contains("--spirv-cooperative-matrix only applies"),
        "{}",
        stderr(&out)
    );
    assert!(std::fs::read_to_string(&metal)
        .unwrap()
        .contains("simdgroup"));
}

#[test]
fn spirv_nv_cooperative_matrix2_flag() {
    let dir = scratch("coop-nv2");
    let src = "enable f16;
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> s: array<f32>;
@group(0) @binding(1) var<storage, read_write> h: array<f16>;
@compute @workgroup_size(32) fn main() {
  let a = subgroupMatrixLoad<subgroup_matrix_result<f32, 16, 16>, row_major>(&s, 0u, 16u);
  let l = subgroupMatrixConvert<subgroup_matrix_left<f16, 16, 16>>(a);
  subgroupMatrixStore<row_major>(&h, 0u, l, 16u);
}
";
    let input = write_input(&dir, "c.wgsl", src);
    let out = run(tessera().arg(&input).arg("--spirv-nv-cooperative-matrix2"));
    assert_code(&out, 0);
    let text = stdout(&out);
    assert!(text.contains("OpCooperativeMatrixConvertNV"), "{text}");
    assert!(text.contains("\"SPV_NV_cooperative_matrix2\""), "{text}");
    assert!(!text.contains("tessera_matrix_scratch"), "{text}");
    // Without it: the workgroup-scratch fallback.
    let out = run(tessera().arg(&input));
    assert_code(&out, 0);
    assert!(stdout(&out).contains("tessera_matrix_scratch_f16"));
    // Only with KHR matrices: with NV ones a usage error.
    let out = run(tessera().arg(&input).args([
        "--spirv-nv-cooperative-matrix2",
        "--spirv-cooperative-matrix",
        "nv",
    ]));
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("error: --spirv-nv-cooperative-matrix2 only applies to SPIR-V output with KHR cooperative matrices"),
        "{}",
        stderr(&out)
    );
    // Only with SPIR-V output: ignored with a warning for WGSL.
    let out =
        run(tessera()
            .arg(&input)
            .args(["--spirv-nv-cooperative-matrix2", "--format", "wgsl"]));
    assert_code(&out, 0);
    assert!(
        stderr(&out).starts_with("warning: --spirv-nv-cooperative-matrix2 only applies to SPIR-V output (--format spv or spvasm): it is ignored for WGSL output\n"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn spirv_qcom_cooperative_matrix_conversion_flag() {
    let input = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/qcom/rows.wgsl");
    let out = run(tessera().arg(&input).args([
        "--spirv-qcom-cooperative-matrix-conversion",
        "--format",
        "spvasm",
        "-q",
    ]));
    assert_code(&out, 0);
    let text = stdout(&out);
    assert!(text.contains("OpCompositeConstructCoopMatQCOM"), "{text}");
    assert!(text.contains("OpCompositeExtractCoopMatQCOM"), "{text}");
    assert!(
        text.contains("\"SPV_QCOM_cooperative_matrix_conversion\""),
        "{text}"
    );
    // Without it: no QCOM instruction.
    let out = run(tessera().arg(&input).args(["--format", "spvasm", "-q"]));
    assert_code(&out, 0);
    assert!(!stdout(&out).contains("QCOM"));
    // Only with KHR matrices: with NV ones a usage error.
    let out = run(tessera().arg(&input).args([
        "--spirv-qcom-cooperative-matrix-conversion",
        "--spirv-cooperative-matrix",
        "nv",
    ]));
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("error: --spirv-qcom-cooperative-matrix-conversion only applies to SPIR-V output with KHR cooperative matrices"),
        "{}",
        stderr(&out)
    );
    // Only with SPIR-V output: ignored with a warning for WGSL.
    let out = run(tessera().arg(&input).args([
        "--spirv-qcom-cooperative-matrix-conversion",
        "--format",
        "wgsl",
    ]));
    assert_code(&out, 0);
    assert!(
        stderr(&out).starts_with("warning: --spirv-qcom-cooperative-matrix-conversion only applies to SPIR-V output (--format spv or spvasm): it is ignored for WGSL output\n"),
        "{}",
        stderr(&out)
    );
}

const EXTERNAL: &str = "@group(0) @binding(0) var t: texture_external;
@group(0) @binding(1) var<storage, read_write> out: vec4f;
@compute @workgroup_size(1)
fn main() {
    out = textureLoad(t, vec2u(0u));
}
";

#[test]
fn external_texture_bindings() {
    let dir = scratch("external");
    let input = write_input(&dir, "e.wgsl", EXTERNAL);
    // Defaults: the next binding numbers of the group, reported in a note.
    let out = run(tessera().arg(&input));
    assert_code(&out, 0);
    let note = stderr(&out);
    assert!(
        note.contains(
            "note: external texture 't' at 0:0: plane 1 at 0:2, parameters at 0:3 (set them with --external-texture 0:0=0:2,0:3)"
        ),
        "{note}"
    );
    let text = stdout(&out);
    assert!(text.contains("Binding 3"), "{text}");
    // Given binding points: used, and no note.
    let out = run(tessera()
        .arg(&input)
        .args(["--external-texture", "0:0=1:4,2:0"]));
    assert_code(&out, 0);
    assert!(
        !stderr(&out).contains("external texture"),
        "{}",
        stderr(&out)
    );
    let text = stdout(&out);
    assert!(text.contains("DescriptorSet 2"), "{text}");
    assert!(text.contains("Binding 4"), "{text}");
    // A collision is a pipeline error.
    let out = run(tessera()
        .arg(&input)
        .args(["--external-texture", "0:0=0:1,0:5"]));
    assert_code(&out, 1);
    assert!(
        stderr(&out).contains("@group(0) @binding(1) given for plane 1 of external texture 't' is already used by 'out'"),
        "{}",
        stderr(&out)
    );
}

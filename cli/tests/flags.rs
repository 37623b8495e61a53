//! End-to-end tests of the `tessera` binary's output targets, flag rules,
//! exit statuses, colour and `--quiet` (issue 17, section 5).

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};

mod common;
use common::*;

const SIMPLE: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * 2u;
}
";

/// Overrides: `block` sizes the workgroup.
const OVERRIDES: &str = "override scale: f32 = 1.0;
@id(7) override block: u32 = 64;
override flag: bool = false;
override offset: i32 = 0;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(block)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if flag {
        data[id.x] = data[id.x] * scale + f32(offset);
    }
}
";

/// Compiles, with a note about the missing --subgroup-matrix-config.
const SUBGROUP_MATRIX: &str = "enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main() {
    let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&data, 0, false, 8);
    subgroupMatrixStore(&data, 64, m, false, 8);
}
";

/// Compiles, with one warning (a misspelt `chromium.` rule).
const WARNS: &str = "diagnostic(warning, chromium.subgroup_matrix_uniformty);
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * 2u;
}
";

/// A compile error: `y` is not declared.
const UNDECLARED: &str = "@compute @workgroup_size(1)
fn main() {
    let x = y + 1;
}
";

/// The SPIR-V magic number, little-endian.
const MAGIC: [u8; 4] = [0x03, 0x02, 0x23, 0x07];

// ---- 1. output targets ----

#[test]
fn dash_output_is_standard_output() {
    let dir = scratch("dash");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let out = run(tessera().arg(&input).args(["-o", "-"]));
    assert_code(&out, 0);
    assert!(stdout(&out).starts_with("; SPIR-V\n"), "{}", stdout(&out));
    assert!(!dir.join("-").exists() && !Path::new("-").exists());
    // With a format: binary SPIR-V to a pipe, WGSL.
    let out = run(tessera().arg(&input).args(["-o", "-", "--format", "spv"]));
    assert_code(&out, 0);
    assert_eq!(out.stdout[..4], MAGIC);
    let out = run(tessera()
        .arg(&input)
        .args(["--output=-", "--format", "wgsl"]));
    assert_code(&out, 0);
    assert!(stdout(&out).contains("@compute"), "{}", stdout(&out));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn device_output_with_format() {
    let dir = scratch("dev-null");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    for format in ["spv", "spvasm", "wgsl", "msl"] {
        let out = run(tessera()
            .arg(&input)
            .args(["-o", "/dev/null", "--format", format]));
        assert_code(&out, 0);
        assert!(out.stdout.is_empty());
        assert!(stderr(&out).is_empty(), "{format}: {}", stderr(&out));
    }
    // Without --format a device takes the standard output's format: `-o
    // /dev/null` checks that a shader compiles.
    let out = run(tessera().arg(&input).args(["-o", "/dev/null"]));
    assert_code(&out, 0);
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    // An invalid shader still fails, with its diagnostic.
    let bad = write_input(&dir, "bad.wgsl", "fn main( {");
    let out = run(tessera().arg(&bad).args(["-o", "/dev/null"]));
    assert_code(&out, 1);
    assert!(stderr(&out).contains("error"), "{}", stderr(&out));
    // An extension-less regular file still needs --format.
    let out = run(tessera().arg(&input).arg("-o").arg(dir.join("plain-out")));
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("cannot infer the output format from"),
        "{}",
        stderr(&out)
    );
    // An extension-less file is fine with --format too.
    let plain = dir.join("shader");
    let out = run(tessera()
        .arg(&input)
        .args(["--format", "spv", "-o"])
        .arg(&plain));
    assert_code(&out, 0);
    assert_eq!(std::fs::read(&plain).unwrap()[..4], MAGIC);
}

// ---- 2. the output as a second positional argument ----

#[test]
fn positional_output() {
    let dir = scratch("positional");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let spv = dir.join("a.spv");
    let out = run(tessera().arg(&input).arg(&spv));
    assert_code(&out, 0);
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read(&spv).unwrap()[..4], MAGIC);
    // Its extension gives the format, as -o's does; `-` is standard output.
    let metal = dir.join("a.metal");
    assert_code(&run(tessera().arg(&input).arg(&metal)), 0);
    assert!(std::fs::read_to_string(&metal)
        .unwrap()
        .contains("kernel void"));
    let out = run(tessera().arg(&input).args(["-", "--format", "wgsl"]));
    assert_code(&out, 0);
    assert!(stdout(&out).contains("@compute"));
    // Both it and -o: a usage error naming both.
    let out = run(tessera()
        .arg(&input)
        .arg(&spv)
        .arg("-o")
        .arg(dir.join("b.spv")));
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("'[OUTPUT]' cannot be used with '--output <OUTPUT>'"),
        "{err}"
    );
    assert!(!dir.join("b.spv").exists());
    // A third positional argument is unexpected.
    let out = run(tessera().arg(&input).arg(&spv).arg("c.spv"));
    assert_code(&out, 2);
    assert!(stderr(&out).contains("unexpected argument 'c.spv'"));
}

// ---- 3. warnings ----

#[test]
fn format_contradicting_extension_warns() {
    let dir = scratch("contradiction");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let spv = dir.join("x.spv");
    let out = run(tessera()
        .arg(&input)
        .args(["--format", "msl", "-o"])
        .arg(&spv));
    assert_code(&out, 0);
    assert_eq!(
        stderr(&out),
        format!(
            "warning: --format msl writes MSL to `{}`, whose extension means binary SPIR-V\n",
            spv.display()
        )
    );
    // --format wins: the file holds MSL.
    assert!(std::fs::read_to_string(&spv)
        .unwrap()
        .contains("kernel void"));
    // spv and spvasm are different formats too.
    let out = run(tessera()
        .arg(&input)
        .args(["--format", "spvasm", "-o"])
        .arg(&spv));
    assert_code(&out, 0);
    assert!(
        stderr(&out).contains("--format spvasm writes SPIR-V disassembly to"),
        "{}",
        stderr(&out)
    );
    // Agreeing, or an unknown extension: no warning.
    for (format, name) in [("spv", "y.spv"), ("msl", "y.metal"), ("wgsl", "y.txt")] {
        let out = run(tessera()
            .arg(&input)
            .args(["--format", format, "-o"])
            .arg(dir.join(name)));
        assert_code(&out, 0);
        assert!(stderr(&out).is_empty(), "{name}: {}", stderr(&out));
    }
}

#[test]
fn flags_for_other_formats_warn() {
    let dir = scratch("inapplicable");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    let cases: &[(&[&str], &str)] = &[
        (
            &["--format", "wgsl", "--entry-point", "main"],
            "warning: --entry-point only applies to SPIR-V and MSL output (WGSL output prints the module as written): it is ignored for WGSL output\n",
        ),
        (
            &["--format", "msl", "--spirv-version", "1.4"],
            "warning: --spirv-version only applies to SPIR-V output (--format spv or spvasm): it is ignored for MSL output\n",
        ),
        (
            &["--format", "msl", "--spirv-version", "1.4", "--spirv-cooperative-matrix", "nv", "--spec-constants"],
            "warning: --spirv-version, --spirv-cooperative-matrix and --spec-constants only apply to SPIR-V output (--format spv or spvasm): they are ignored for MSL output\n",
        ),
        (
            &["--msl-version", "2.3", "--msl-binding", "0:0=1", "--msl-sizes-buffer", "3"],
            "warning: --msl-version, --msl-binding and --msl-sizes-buffer only apply to MSL output (--format msl or -o FILE.metal): they are ignored for SPIR-V disassembly output\n",
        ),
        (
            &["--format", "wgsl", "--no-bounds-checks", "--unroll", "off", "--print-ir-after", "all"],
            "warning: --no-bounds-checks, --unroll and --print-ir-after only apply to SPIR-V and MSL output (WGSL output prints the module as written): they are ignored for WGSL output\n",
        ),
    ];
    for (flags, warning) in cases {
        let out = run(tessera().arg(&input).args(*flags));
        assert_code(&out, 0);
        assert_eq!(stderr(&out), *warning, "{flags:?}");
        assert!(!out.stdout.is_empty());
    }
    // An ignored --entry-point is not checked either.
    let out = run(tessera()
        .arg(&input)
        .args(["--format", "wgsl", "--entry-point", "nope"]));
    assert_code(&out, 0);
    // Flags that apply: no warning.
    for flags in [
        &[
            "--entry-point",
            "main",
            "--spirv-version",
            "1.4",
            "--no-bounds-checks",
        ][..],
        &[
            "--format",
            "msl",
            "--msl-version",
            "2.3",
            "--entry-point",
            "main",
        ][..],
    ] {
        let out = run(tessera().arg(&input).args(flags));
        assert_code(&out, 0);
        assert!(stderr(&out).is_empty(), "{flags:?}: {}", stderr(&out));
    }
}

// ---- 4. a closed pipe ----

/// A module whose SPIR-V disassembly (about 1 MB) and WGSL (about 160 KB)
/// are far larger than a pipe's buffer (64 KiB), so that the writer is
/// still writing when the reader goes: a chain of called functions (the
/// backends drop uncalled ones).
fn large_module() -> String {
    let mut text = String::from(
        "@group(0) @binding(0) var<storage, read_write> data: array<u32>;\n\
         fn f0(a: u32, b: u32) -> u32 { return a + b; }\n",
    );
    for i in 1..1500 {
        text.push_str(&format!(
            "fn f{i}(a: u32, b: u32) -> u32 {{ var x = a * {i}u; x = x + b / (a + 1u); return f{}(x ^ b, a); }}\n",
            i - 1
        ));
    }
    text.push_str(
        "@compute @workgroup_size(64)\n\
         fn main(@builtin(global_invocation_id) id: vec3<u32>) {\n\
         data[id.x] = f1499(data[id.x], 2u);\n\
         }\n",
    );
    text
}

#[test]
fn closed_pipe_ends_quietly() {
    let dir = scratch("pipe");
    let input = write_input(&dir, "big.wgsl", &large_module());
    for extra in [&["--format", "spvasm"][..], &["--format", "wgsl"][..]] {
        let mut child = tessera()
            .arg(&input)
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Read the first line, as `| head -1` does, then close the pipe.
        let mut stdout = child.stdout.take().unwrap();
        let mut first = Vec::new();
        let mut byte = [0u8];
        while stdout.read(&mut byte).unwrap() == 1 && byte[0] != b'\n' {
            first.push(byte[0]);
        }
        drop(stdout);
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert!(!first.is_empty(), "{extra:?}");
        assert_eq!(status.code(), Some(0), "{extra:?}: {err}");
        assert_eq!(err, "", "{extra:?}");
    }
}

#[test]
fn closed_pipe_through_a_shell() {
    let dir = scratch("pipe-shell");
    let input = write_input(&dir, "big.wgsl", &large_module());
    let script = format!(
        "set -o pipefail 2>/dev/null; '{}' '{}' --format spvasm | head -1",
        env!("CARGO_BIN_EXE_tessera"),
        input.display()
    );
    let out = run(Command::new("bash").args(["-c", &script]));
    assert_code(&out, 0);
    assert_eq!(stdout(&out), "; SPIR-V\n");
    assert_eq!(stderr(&out), "");
}

// ---- 5. exit statuses ----

#[test]
fn io_errors_have_their_own_status() {
    let dir = scratch("io");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    // Unreadable input: missing, a directory, not UTF-8.
    let out = run(tessera().arg(dir.join("missing.wgsl")));
    assert_code(&out, 3);
    assert!(
        stderr(&out).starts_with("error: cannot read `"),
        "{}",
        stderr(&out)
    );
    let out = run(tessera().arg(&dir));
    assert_code(&out, 3);
    let latin1 = dir.join("latin1.wgsl");
    std::fs::write(&latin1, b"// caf\xe9\n").unwrap();
    let out = run(tessera().arg(&latin1));
    assert_code(&out, 3);
    assert!(
        stderr(&out).contains("is not valid UTF-8"),
        "{}",
        stderr(&out)
    );
    // Unwritable output: a missing directory, a directory.
    let out = run(tessera()
        .arg(&input)
        .arg("-o")
        .arg(dir.join("no/such/dir/a.spv")));
    assert_code(&out, 3);
    assert!(
        stderr(&out).starts_with("error: cannot write `"),
        "{}",
        stderr(&out)
    );
    let out = run(tessera()
        .arg(&input)
        .args(["--format", "spv", "-o"])
        .arg(&dir));
    assert_code(&out, 3);
    // Standard output that fails otherwise than by a closed pipe.
    if Path::new("/dev/full").exists() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = tessera()
            .arg(&input)
            .stdin(Stdio::null())
            .stdout(full)
            .output()
            .unwrap();
        assert_code(&out, 3);
        assert!(
            stderr(&out).starts_with("error: cannot write to standard output"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn exit_statuses_are_distinct() {
    let dir = scratch("statuses");
    let good = write_input(&dir, "good.wgsl", SIMPLE);
    let bad = write_input(&dir, "bad.wgsl", UNDECLARED);
    assert_code(&run(tessera().arg(&good)), 0);
    assert_code(&run(tessera().arg(&bad)), 1);
    assert_code(&run(tessera().arg(&good).arg("--bogus")), 2);
    assert_code(&run(tessera().arg(dir.join("missing.wgsl"))), 3);
    // A usage error is found before the input is read.
    assert_code(
        &run(tessera()
            .arg(dir.join("missing.wgsl"))
            .args(["-o", "x.unknown"])),
        2,
    );
}

// ---- 6. colour ----

#[test]
fn color_flag() {
    let dir = scratch("color");
    let bad = write_input(&dir, "bad.wgsl", UNDECLARED);
    let escape = "\x1b[";
    // Standard error is a pipe: `auto` (the default) does not colour.
    for flags in [&[][..], &["--color", "auto"][..], &["--color", "never"][..]] {
        let out = run(tessera().arg(&bad).args(flags));
        assert_code(&out, 1);
        assert!(!stderr(&out).contains(escape), "{flags:?}");
        assert!(stderr(&out).starts_with("error: "), "{}", stderr(&out));
    }
    // `always` colours diagnostics and driver messages, NO_COLOR or not.
    for no_color in [None, Some("1")] {
        let mut cmd = tessera();
        if let Some(v) = no_color {
            cmd.env("NO_COLOR", v);
        }
        let out = run(cmd.arg(&bad).args(["--color", "always"]));
        assert_code(&out, 1);
        assert!(stderr(&out).contains(escape), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("unresolved identifier"),
            "{}",
            stderr(&out)
        );
        let out = run(tessera()
            .arg(dir.join("missing.wgsl"))
            .args(["--color", "always"]));
        assert_code(&out, 3);
        assert!(
            stderr(&out).starts_with("\x1b[0m\x1b[1m\x1b[38;5;9merror"),
            "{:?}",
            stderr(&out)
        );
    }
    let out = run(tessera().arg(&bad).args(["--color", "sometimes"]));
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("auto") && stderr(&out).contains("always"),
        "{}",
        stderr(&out)
    );
}

// ---- 7. --quiet ----

#[test]
fn quiet_suppresses_notes_and_warnings() {
    let dir = scratch("quiet");
    let matrix = write_input(&dir, "m.wgsl", SUBGROUP_MATRIX);
    let warns = write_input(&dir, "w.wgsl", WARNS);
    let simple = write_input(&dir, "s.wgsl", SIMPLE);
    // Without it: the note, the shader warning, the flag warning.
    let out = run(tessera().arg(&matrix));
    assert_code(&out, 0);
    assert!(stderr(&out).starts_with("note: no --subgroup-matrix-config given"));
    let out = run(tessera().arg(&warns));
    assert_code(&out, 0);
    assert!(stderr(&out).starts_with("warning: unknown diagnostic rule"));
    for quiet in ["-q", "--quiet"] {
        for (input, extra) in [
            (&matrix, &[][..]),
            (&warns, &[][..]),
            (&simple, &["--format", "wgsl", "--entry-point", "main"][..]),
            (&warns, &["--validate-only"][..]),
        ] {
            let out = run(tessera().arg(input).arg(quiet).args(extra));
            assert_code(&out, 0);
            assert_eq!(stderr(&out), "", "{quiet} {extra:?}");
        }
    }
    // Errors are still printed, and so are the usage errors.
    let bad = write_input(&dir, "bad.wgsl", UNDECLARED);
    let out = run(tessera().arg(&bad).arg("-q"));
    assert_code(&out, 1);
    assert!(stderr(&out).starts_with("error: "), "{}", stderr(&out));
    let out = run(tessera().arg(&simple).args(["-q", "-o", "x.unknown"]));
    assert_code(&out, 2);
    assert!(stderr(&out).contains("cannot infer"), "{}", stderr(&out));
}

// ---- 8. repeated flags ----

#[test]
fn single_value_flags_given_twice_are_usage_errors() {
    let dir = scratch("twice");
    let input = write_input(&dir, "a.wgsl", SIMPLE);
    for (flags, name) in [
        (
            &["--format", "spv", "--format", "wgsl"][..],
            "--format <FORMAT>",
        ),
        (
            &["-o", "a.spv", "--output", "b.spv"][..],
            "--output <OUTPUT>",
        ),
        (
            &["--entry-point", "main", "--entry-point", "main"][..],
            "--entry-point <NAME>",
        ),
        (
            &["--spirv-version", "1.3", "--spirv-version", "1.4"][..],
            "--spirv-version <SPIRV_VERSION>",
        ),
        (
            &["--color", "never", "--color", "always"][..],
            "--color <WHEN>",
        ),
        (
            &["--unroll", "all", "--unroll", "off"][..],
            "--unroll <UNROLL>",
        ),
        (
            &["--max-subgroup-size", "32", "--max-subgroup-size", "64"][..],
            "--max-subgroup-size <N>",
        ),
        (
            &["--spec-constants", "--spec-constants"][..],
            "--spec-constants",
        ),
        (&["-q", "--quiet"][..], "--quiet"),
        (
            &["--validate-only", "--validate-only"][..],
            "--validate-only",
        ),
    ] {
        let out = run(tessera().arg(&input).args(flags));
        assert_code(&out, 2);
        let err = stderr(&out);
        assert!(
            err.starts_with(&format!(
                "error: the argument '{name}' cannot be used multiple times"
            )),
            "{flags:?}: {err}"
        );
    }
}

#[test]
fn repeatable_flags() {
    let dir = scratch("repeatable");
    let input = write_input(&dir, "a.wgsl", OVERRIDES);
    // Different keys, or the same key with the same value: fine.
    let out = run(tessera().arg(&input).args([
        "--override",
        "7=32",
        "--override",
        "scale=2",
        "--override",
        "7=32",
        "--subgroup-matrix-config",
        "f16:f32:8x8x8",
        "--subgroup-matrix-config",
        "f32:f32:8x8x8",
        "--print-ir-after",
        "int-division",
        "--print-ir-after",
        "int-division",
    ]));
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("LocalSize 32 1 1"),
        "{}",
        stdout(&out)
    );
    // The same key with another value: a usage error naming the flag.
    for (flags, message) in [
        (
            &["--override", "7=32", "--override", "7=16"][..],
            "error: --override 7 is given twice (32 and 16)\n",
        ),
        (
            &[
                "--format",
                "msl",
                "--msl-binding",
                "0:0=1",
                "--msl-binding",
                "0:0=2",
            ][..],
            "error: --msl-binding 0:0 is given twice (buffer 1 and 2)\n",
        ),
        (
            &[
                "--external-texture",
                "0:0=0:5,0:6",
                "--external-texture",
                "0:0=0:7,0:8",
            ][..],
            "error: --external-texture 0:0 is given twice (0:5,0:6 and 0:7,0:8)\n",
        ),
    ] {
        let out = run(tessera().arg(&input).args(flags));
        assert_code(&out, 2);
        assert_eq!(stderr(&out), message, "{flags:?}");
    }
}

// ---- 9. override values ----

#[test]
fn override_value_forms() {
    let dir = scratch("override-values");
    let input = write_input(&dir, "a.wgsl", OVERRIDES);
    for (value, size) in [("0x20", 32), ("0X10", 16), ("48", 48), ("1.6e1", 16)] {
        let out = run(tessera()
            .arg(&input)
            .args(["--override", &format!("7={value}")]));
        assert_code(&out, 0);
        assert!(
            stdout(&out).contains(&format!("LocalSize {size} 1 1")),
            "{value}: {}",
            stdout(&out)
        );
    }
    for value in [
        "offset=-0x10",
        "offset=-3",
        "scale=-0.5",
        "flag=true",
        "flag=false",
        "7=0x40",
    ] {
        let out = run(tessera().arg(&input).args(["--override", value]));
        assert_code(&out, 0);
    }
    let out = run(tessera().arg(&input).args(["--override", "block=0xZZ"]));
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("invalid override value `0xZZ`"),
        "{}",
        stderr(&out)
    );
}

// ---- 10. --help ----

#[test]
fn help_documents_exit_statuses_and_environment() {
    for flag in ["--help", "-h"] {
        let out = run(tessera().arg(flag));
        assert_code(&out, 0);
        let text = stdout(&out);
        for want in [
            "Exit status:",
            "  0  success",
            "  1  compile error",
            "  2  usage error",
            "  3  I/O error",
            "Environment:",
            "NO_COLOR",
            "--color",
            "--quiet",
            "[OUTPUT]",
        ] {
            assert!(text.contains(want), "{flag} lacks {want:?}:\n{text}");
        }
    }
}

#[test]
fn help_to_a_closed_pipe() {
    let mut child = tessera()
        .arg("--help")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(child.wait().unwrap().success(), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn the_guide_names_every_pass_of_both_lists() {
    // The user guide's compiler-pipeline section lists the passes by name;
    // a pass added to a target's list must appear there too.
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/guide/internals.md"
    ))
    .expect("docs/guide/internals.md");
    let start = readme
        .find("WGSL's semantics that targets lack")
        .expect("the compiler-pipeline paragraph");
    let section = &readme[start..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    for format in ["spvasm", "msl"] {
        let out = run(tessera().args(["--list-passes", "--format", format]));
        assert_code(&out, 0);
        let listed = String::from_utf8_lossy(&out.stdout).to_string();
        let names: Vec<&str> = listed
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .collect();
        assert!(names.len() > 10, "{listed}");
        for name in names {
            assert!(
                section.contains(&format!("`{name}`")),
                "the guide's pipeline section does not name pass `{name}` ({format})"
            );
        }
    }
}

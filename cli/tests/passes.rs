//! `--list-passes` and `--print-ir-after`: the pass pipeline as users see
//! it.

use std::process::{Command, Output, Stdio};

const SOURCE: &str = "@group(0) @binding(0) var<storage, read_write> data: array<i32>;
var<workgroup> tile: array<i32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    tile[i] = data[i] / data[0];
    data[i] = tile[63u - i];
}
";

fn tessera(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tessera"));
    cmd.args(args).env("NO_COLOR", "1");
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("runs");
    if let Some(text) = stdin {
        use std::io::Write;
        let mut pipe = child.stdin.take().expect("stdin");
        // A usage error can exit before reading standard input.
        if let Err(e) = pipe.write_all(text.as_bytes()) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "writes: {e}");
        }
    }
    child.wait_with_output().expect("finishes")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn list_passes_names_each_pass_in_order_without_an_input() {
    let out = tessera(&["--list-passes"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let list = text(&out.stdout);
    let names: Vec<&str> = list
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        names,
        [
            "spec-constants",
            "pixel-local",
            "framebuffer-fetch",
            "resource-table",
            "external-texture",
            "pointer-args",
            "coop-vec",
            "matrix-reduce",
            "buffer-view",
            "strided-loops",
            "unroll",
            "fold",
            "sroa",
            "dse",
            "int-division",
            "signed-remainder",
            "shift-amount",
            "float-to-int",
            "pack-norm",
            "int-dot",
            "bits-clamp",
            "matrix-scalar-range",
            "matrix-elementwise",
            "robustness",
            "texture-clamp",
            "cse",
            "workgroup-zero",
            "matrix-scratch",
            "clamp-formula"
        ],
        "{list}"
    );
    // Every line has a summary.
    assert!(
        list.lines().all(|l| l.split_whitespace().count() > 2),
        "{list}"
    );
}

#[test]
fn list_passes_follows_the_options() {
    let out = tessera(&["--list-passes", "--no-bounds-checks"], None);
    assert!(!text(&out.stdout).contains("robustness"));
    let out = tessera(&["--list-passes", "--format", "msl"], None);
    assert!(text(&out.stdout).contains("workgroup-zero"));
    assert!(text(&out.stdout).contains("first-bit"));
    let out = tessera(&["--list-passes", "--format", "wgsl"], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("no passes run"));
}

#[test]
fn print_ir_after_one_pass_prints_valid_wgsl_on_stderr() {
    let out = tessera(&["-", "--print-ir-after", "int-division"], Some(SOURCE));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.starts_with("// IR after int-division\n"), "{err}");
    assert_eq!(err.matches("// IR after").count(), 1, "{err}");
    assert!(err.contains("select("), "the division is guarded: {err}");
    // Standard output still carries the SPIR-V disassembly.
    assert!(text(&out.stdout).contains("OpEntryPoint"));
    // The printed IR is WGSL tessera accepts again.
    let wgsl = err.trim_start_matches("// IR after int-division\n");
    let again = tessera(&["-", "--validate-only"], Some(wgsl));
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
}

#[test]
fn print_ir_after_all_prints_every_pass() {
    let out = tessera(
        &["-", "--print-ir-after", "all", "--format", "msl"],
        Some(SOURCE),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    // MSL: pixel-local and resource-table (which only reject), the shared
    // passes (with int-dot and buffer-view), coop-vec, matrix-reduce,
    // first-bit, int-abs-sign, float-formulas, bit-fields,
    // matrix-scratch, msl-builtins, msl-simdgroup and clamp-formula.
    assert_eq!(err.matches("// IR after ").count(), 31, "{err}");
    assert!(
        err.contains("// IR after msl-builtins\n") && err.contains("// IR after msl-simdgroup\n"),
        "{err}"
    );
    let last = err
        .rsplit("// IR after workgroup-zero\n")
        .next()
        .and_then(|t| t.split("// IR after matrix-scratch").next())
        .unwrap_or("");
    assert!(last.contains("workgroupBarrier()"), "{last}");
    assert!(
        last.contains("arrayLength(&data)"),
        "robustness ran: {last}"
    );
}

#[test]
fn unknown_pass_is_a_usage_error_listing_the_passes() {
    let out = tessera(&["-", "--print-ir-after", "robust"], Some(SOURCE));
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("--print-ir-after: no pass named `robust` (passes: spec-constants, pixel-local, framebuffer-fetch, resource-table, external-texture, pointer-args, coop-vec, matrix-reduce, buffer-view, strided-loops, unroll"),
        "{err}"
    );
    let out = tessera(
        &["-", "--print-ir-after", "dse", "--format", "wgsl"],
        Some(SOURCE),
    );
    // WGSL output runs no passes: the flag is ignored with a warning (its
    // names are not checked).
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).starts_with("warning: --print-ir-after only applies to SPIR-V and MSL output (WGSL output prints the module as written): it is ignored for WGSL output\n"),
        "{}",
        text(&out.stderr)
    );
}

/// The passes `--list-passes` names with `args`.
fn pass_names(args: &[&str]) -> Vec<String> {
    let out = tessera(args, None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

#[test]
fn no_optimize_leaves_out_the_optimising_passes() {
    const OPTIMIZING: [&str; 6] = ["strided-loops", "unroll", "fold", "sroa", "dse", "cse"];
    for format in ["spvasm", "msl"] {
        let all = pass_names(&["--list-passes", "--format", format]);
        let fewer = pass_names(&["--list-passes", "--format", format, "--no-optimize"]);
        let expected: Vec<String> = all
            .iter()
            .filter(|n| !OPTIMIZING.contains(&n.as_str()))
            .cloned()
            .collect();
        assert_eq!(fewer, expected, "{format}");
        assert_eq!(fewer.len() + OPTIMIZING.len(), all.len(), "{format}");
    }
    // A shader compiles with them left out, to both targets.
    for format in ["spvasm", "msl"] {
        let out = tessera(
            &["-", "--no-optimize", "--verify-ir", "--format", format],
            Some(SOURCE),
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(text(&out.stderr).is_empty(), "{}", text(&out.stderr));
        assert!(!text(&out.stdout).is_empty());
    }
    // `cse` is gone from the pass list the printer sees.
    let out = tessera(
        &["-", "--no-optimize", "--print-ir-after", "cse"],
        Some(SOURCE),
    );
    assert_eq!(out.status.code(), Some(2));
    // `--unroll` means nothing without the unroll pass; WGSL output runs
    // no passes.
    let out = tessera(&["-", "--no-optimize", "--unroll", "hint"], Some(SOURCE));
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains(
            "warning: --unroll has no effect with --no-optimize (the unroll pass is left out): it is ignored"
        ),
        "{}",
        text(&out.stderr)
    );
    let out = tessera(&["-", "--no-optimize", "--format", "wgsl"], Some(SOURCE));
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("--no-optimize only applies to SPIR-V and MSL output"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn verify_ir_checks_every_stage_quietly() {
    // A valid module passes the verifier after the front end and every
    // pass: the output is the same as without the flag.
    for format in ["spvasm", "msl", "wgsl"] {
        let plain = tessera(&["-", "--format", format], Some(SOURCE));
        let verified = tessera(&["-", "--verify-ir", "--format", format], Some(SOURCE));
        assert_eq!(
            verified.status.code(),
            Some(0),
            "{}",
            text(&verified.stderr)
        );
        assert!(
            text(&verified.stderr).is_empty(),
            "{}",
            text(&verified.stderr)
        );
        assert_eq!(verified.stdout, plain.stdout, "{format}");
    }
    // With every pass printed as well.
    let out = tessera(
        &["-", "--verify-ir", "--print-ir-after", "all"],
        Some(SOURCE),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr).matches("// IR after ").count(), 29);
}

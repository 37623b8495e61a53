//! The Metal shim check: generated MSL must compile with clang against
//! `tests/metal-shim` (see its README), whose own self-tests pin what it
//! accepts and rejects.
//!
//! - `selftest_pass`: hand-written Metal kernels that must compile;
//! - `selftest_fail`: kernels that Metal rejects and the shim must reject,
//!   each with the expected clang message on its first line (`// expect:`);
//! - `snapshots_compile`: every `snapshots/*msl@*.snap` body;
//! - `examples_compile`: `tessera::compile_to_msl` of `examples/*.wgsl`;
//! - `check_dir` (ignored; used by `scripts/msl-conformance.sh`): every
//!   `.metal` file under `$TESSERA_MSL_SHIM_DIR`.
//!
//! Without `clang++` these tests fail, unless `TESSERA_SKIP_CLANG=1`.

mod msl_shim_util;

use std::path::{Path, PathBuf};

use msl_shim_util::{check_all, clang_major, require_clang, root, snapshot_body};

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    out.sort();
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn report(failures: &[(String, String)], total: usize, what: &str) {
    if failures.is_empty() {
        return;
    }
    let mut text = format!(
        "{} of {total} {what} failed the Metal shim check:\n",
        failures.len()
    );
    for (name, errors) in failures {
        text.push_str(&format!("\n== {name}\n{errors}\n"));
    }
    panic!("{text}");
}

#[test]
fn selftest_pass() {
    let Some(clang) = require_clang() else { return };
    let dir = root().join("tests/metal-shim/selftest/pass");
    let items: Vec<(String, String)> = files(&dir, "metal")
        .iter()
        .map(|p| (p.display().to_string(), read(p)))
        .collect();
    assert!(
        items.len() >= 4,
        "expected the shim's pass self-tests in {}",
        dir.display()
    );
    report(
        &check_all(&clang, &items),
        items.len(),
        "shim self-tests (pass)",
    );
}

#[test]
fn selftest_fail() {
    let Some(clang) = require_clang() else { return };
    let dir = root().join("tests/metal-shim/selftest/fail");
    let paths = files(&dir, "metal");
    assert!(
        paths.len() >= 15,
        "expected the shim's fail self-tests in {}",
        dir.display()
    );
    let mut problems = Vec::new();
    for path in &paths {
        let text = read(path);
        let expect = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect: "))
            .unwrap_or_else(|| {
                panic!(
                    "{}: first line must be `// expect: MESSAGE`",
                    path.display()
                )
            });
        match clang.check(&text) {
            Ok(()) => problems.push(format!(
                "{}: compiled, but Metal rejects it",
                path.display()
            )),
            Err(errors) if !errors.contains(expect) => problems.push(format!(
                "{}: rejected, but without `{expect}`:\n{errors}",
                path.display()
            )),
            Err(_) => {}
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn snapshots_compile() {
    let Some(clang) = require_clang() else { return };
    let items: Vec<(String, String)> = files(&root().join("snapshots"), "snap")
        .iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().contains("msl@"))
        })
        .map(|p| (p.display().to_string(), snapshot_body(&read(p)).to_string()))
        .collect();
    assert!(!items.is_empty(), "no snapshots/*msl@*.snap found");
    report(&check_all(&clang, &items), items.len(), "MSL snapshots");
}

/// The message of the errors the MSL writer gives for what Metal cannot
/// express (matrix shapes, component types, mixed precision).
const CANNOT_EXPRESS: &str = "Metal cannot express";

#[test]
fn examples_compile() {
    let Some(clang) = require_clang() else { return };
    let mut items = Vec::new();
    let mut problems = Vec::new();
    for path in files(&root().join("examples"), "wgsl") {
        let source = read(&path);
        let name = path.display().to_string();
        match tessera::compile_to_msl(&source, &tessera::MslCompileOptions::default()) {
            Ok(out) => items.push((name, out.source)),
            Err(e) => {
                let text = e.error().render(&name, &source);
                if text.contains(CANNOT_EXPRESS) {
                    eprintln!("{name}: not expressible in Metal (skipped):\n{text}");
                } else {
                    problems.push(format!("{name}: compile_to_msl failed:\n{text}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(!items.is_empty(), "no example compiled to MSL");
    report(&check_all(&clang, &items), items.len(), "examples");
}

/// Runs the check over `$TESSERA_MSL_SHIM_DIR/**/*.metal`, printing
/// `shim-ok PATH` or `shim-fail PATH` and the errors, for
/// `scripts/msl-conformance.sh`.
#[test]
#[ignore = "driven by scripts/msl-conformance.sh"]
fn check_dir() {
    let Some(clang) = require_clang() else { return };
    let dir = std::env::var("TESSERA_MSL_SHIM_DIR").expect("set TESSERA_MSL_SHIM_DIR");
    let mut paths = Vec::new();
    let mut stack = vec![PathBuf::from(dir)];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "metal") {
                paths.push(p);
            }
        }
    }
    paths.sort();
    let items: Vec<(String, String)> = paths
        .iter()
        .map(|p| (p.display().to_string(), read(p)))
        .collect();
    let failures = check_all(&clang, &items);
    for (name, _) in &items {
        match failures.iter().find(|(n, _)| n == name) {
            None => println!("shim-ok {name}"),
            Some((_, errors)) => {
                println!("shim-fail {name}");
                for line in errors.lines() {
                    println!("    {line}");
                }
            }
        }
    }
}

#[test]
fn attribute_lint() {
    let Some(clang) = require_clang() else { return };
    let cases = [
        (
            "kernel void k(device float *p [[buffer(0)]], float gid [[thread_position_in_grid]]) { p[0] = gid; }",
            "parameter `gid` of type `float` cannot have `[[thread_position_in_grid]]` (allowed: uint, ushort, uint2, ushort2, uint3, ushort3)",
        ),
        (
            "kernel void k(device float *p [[buffer(0)]], device float *q [[buffer(0)]]) { p[0] = q[0]; }",
            "kernel `k`: `[[buffer(0)]]` is used by both `p` and `q`",
        ),
        (
            "kernel void k(device float *p [[buffer(0)]], uint i [[thread_postion_in_grid]]) { p[0] = 1.0f; }",
            "attribute `thread_postion_in_grid` is not a Metal attribute the shim knows",
        ),
        (
            "kernel void k(threadgroup float *p [[buffer(0)]]) { }",
            "parameter `p` of type `threadgroup float*` cannot have `[[buffer(0)]]`",
        ),
        (
            "kernel void k(texture2d<float> a [[texture(1)]], depth2d<float> b [[texture(1)]]) { }",
            "kernel `k`: `[[texture(1)]]` is used by both `a` and `b`",
        ),
        (
            "kernel void k(array<texture2d<float>, 3> a [[texture(0)]], texture2d<float> b [[texture(2)]]) { }",
            "kernel `k`: `[[texture(2)]]` is used by both `a` and `b`",
        ),
        (
            "kernel void k(sampler a [[sampler(0)]], sampler b [[sampler(0)]], device float *p [[buffer(0)]]) { }",
            "kernel `k`: `[[sampler(0)]]` is used by both `a` and `b`",
        ),
        (
            "kernel void k(device float *p [[texture(0)]]) { }",
            "parameter `p` of type `device float*` cannot have `[[texture(0)]]` (allowed: a texture type)",
        ),
        (
            "kernel void k(texture2d<float> t [[sampler(0)]]) { }",
            "parameter `t` of type `texture2d<float>` cannot have `[[sampler(0)]]` (allowed: sampler)",
        ),
        (
            "kernel void k(device float *p [[buffer(0)]], uint2 s [[simdgroup_index_in_threadgroup]]) { }",
            "parameter `s` of type `uint2` cannot have `[[simdgroup_index_in_threadgroup]]` (allowed: uint, ushort)",
        ),
    ];
    for (body, expect) in cases {
        let source = format!("#include <metal_stdlib>\nusing namespace metal;\n{body}\n");
        match clang.check(&source) {
            Ok(()) => panic!("accepted:\n{source}"),
            Err(e) => assert!(e.contains(expect), "expected `{expect}` in:\n{e}"),
        }
    }
    let scope = [
        (
            "float g;\n",
            "program-scope variable `float g` is not in the constant address space",
        ),
        (
            "device float* p;\n",
            "program-scope variable `device float* p` is not in the constant address space",
        ),
        (
            "metal::float4 v = metal::float4(1.0f);\n",
            "program-scope variable `metal::float4 v` is not",
        ),
        (
            "static int counter = 0;\n",
            "program-scope variable `static int counter` is not",
        ),
    ];
    for (decl, expect) in scope {
        let source = format!("#include <metal_stdlib>\nusing namespace metal;\n{decl}kernel void k(device float *p [[buffer(0)]]) {{ p[0] = 1.0f; }}\n");
        match clang.check(&source) {
            Ok(()) => panic!("accepted:\n{source}"),
            Err(e) => assert!(e.contains(expect), "expected `{expect}` in:\n{e}"),
        }
    }
    let good = "#include <metal_stdlib>\nusing namespace metal;\nkernel void k(metal::texture2d<float, metal::access::read> tex [[texture(0)]], sampler s [[sampler(0)]], texture2d<uint, access::write> u [[texture(1)]], device float *p [[buffer(0)]], constant metal::uint3 &n [[buffer(1)]], threadgroup float *t [[threadgroup(0)]], metal::uint3 gid [[thread_position_in_grid]], ushort lane [[thread_index_in_simdgroup]]) { p[gid.x] = float(n.x + lane) + t[0]; }\n";
    if let Err(e) = clang.check(good) {
        panic!("rejected a good kernel:\n{e}");
    }
}

#[test]
fn harness_helpers() {
    assert_eq!(
        snapshot_body(
            "---\nsource: tests/snapshots.rs\nexpression: x\n---\n#include <metal_stdlib>\n"
        ),
        "#include <metal_stdlib>\n"
    );
    assert_eq!(snapshot_body("no header\n"), "no header\n");
    assert_eq!(
        clang_major("Debian clang version 14.0.6\nTarget: x86_64"),
        Some(14)
    );
    assert_eq!(
        clang_major("Ubuntu clang version 18.1.3 (1ubuntu1)"),
        Some(18)
    );
    assert_eq!(clang_major("gcc (Debian 12.2.0-14) 12.2.0"), None);
    assert_eq!(
        msl_shim_util::unknown_attribute_names(
            "<stdin>:3:34: warning: unknown attribute 'buffer' ignored [-Wunknown-attributes]\n\
             <stdin>:3:60: warning: unknown attribute '__local' ignored [-Wunknown-attributes]\n"
        ),
        ["buffer", "__local"]
    );
    let table = msl_shim_util::attributes::Table::parse("buffer buffer\nfoo\n").err();
    assert_eq!(table.as_deref(), Some("`foo` lists no allowed types"));
}

//! `-g`/`--debug-info`: SPIR-V with OpSource (the input's path and text),
//! OpLine and `let` names (issue 17, section 3); ignored with a warning
//! for WGSL and MSL output.

use std::io::Write;
use std::process::Stdio;

mod common;
use common::*;

const SOURCE: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let doubled = data[id.x] * 2u;
    data[id.x] = doubled;
}
";

/// The `OpLine` lines of a disassembly: (line, column) in order.
fn lines(text: &str) -> Vec<(u32, u32)> {
    text.lines()
        .filter_map(|l| l.strip_prefix("OpLine "))
        .map(|rest| {
            let parts: Vec<&str> = rest.split_whitespace().collect();
            (parts[1].parse().unwrap(), parts[2].parse().unwrap())
        })
        .collect()
}

#[test]
fn dash_g_adds_source_lines_and_names() {
    let dir = scratch("g");
    let input = write_input(&dir, "shader.wgsl", SOURCE);
    for flag in ["-g", "--debug-info"] {
        let out = run(tessera().arg(flag).arg(&input));
        assert_code(&out, 0);
        assert!(stderr(&out).is_empty(), "{}", stderr(&out));
        let text = stdout(&out);
        let path = input.display().to_string();
        assert!(text.contains(&format!("OpString \"{path}\"")), "{text}");
        assert!(text.contains("OpSource Unknown 0 %"), "{text}");
        assert!(text.contains("let doubled = data[id.x] * 2u;"), "{text}");
        assert!(
            text.contains("OpName %") && text.contains("\"doubled\""),
            "{text}"
        );
        let lines = lines(&text);
        // The multiplication (line 5, at `data`) and the store (line 6).
        assert!(lines.contains(&(5, 19)), "{lines:?}\n{text}");
        assert!(lines.contains(&(6, 5)), "{lines:?}\n{text}");
        assert!(
            lines.iter().all(|&(l, _)| (4..=7).contains(&l)),
            "{lines:?}"
        );
    }
}

#[test]
fn without_g_no_debug_information() {
    let dir = scratch("plain");
    let input = write_input(&dir, "shader.wgsl", SOURCE);
    let out = run(tessera().arg(&input));
    assert_code(&out, 0);
    let text = stdout(&out);
    for op in ["OpLine", "OpString", "OpSource", "\"doubled\""] {
        assert!(!text.contains(op), "{op}: {text}");
    }
}

#[test]
fn binary_output_and_standard_input() {
    let dir = scratch("binary");
    let output = dir.join("out.spv");
    let mut child = tessera()
        .args(["-g", "-", "-o"])
        .arg(&output)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(SOURCE.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_code(&out, 0);
    let bytes = std::fs::read(&output).unwrap();
    let words: Vec<u32> = bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(words[0], 0x0723_0203);
    // Walk the instructions: an OpString "<stdin>" and some OpLine (8).
    let (mut at, mut saw_line, mut saw_stdin) = (5, false, false);
    let stdin_name: Vec<u8> = b"<stdin>\0".to_vec();
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let op = words[at] & 0xFFFF;
        saw_line |= op == 8;
        if op == 7 {
            let bytes: Vec<u8> = words[at + 2..at + count]
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect();
            saw_stdin |= bytes.starts_with(&stdin_name);
        }
        assert!(count > 0);
        at += count;
    }
    assert!(saw_line && saw_stdin);
}

#[test]
fn other_formats_warn() {
    let dir = scratch("formats");
    let input = write_input(&dir, "shader.wgsl", SOURCE);
    for format in ["wgsl", "msl"] {
        let out = run(tessera().arg(&input).args(["-g", "--format", format]));
        assert_code(&out, 0);
        let name = if format == "wgsl" { "WGSL" } else { "MSL" };
        assert_eq!(
            stderr(&out),
            format!("warning: -g/--debug-info only applies to SPIR-V output (--format spv or spvasm): it is ignored for {name} output\n")
        );
    }
}

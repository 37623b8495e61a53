//! Every command the README and the user guide (`docs/guide/*.md`) show is
//! run here, so the docs cannot go stale:
//!
//! - each line of a ```` ```sh ```` block that runs the CLI
//!   (`tessera ARGS` or `cargo run -p tessera-cli -- ARGS`) is run with the
//!   built binary in a scratch folder (with `shader.wgsl`, `in.wgsl`,
//!   `x.wgsl`, `my-gpu.json` and `examples/` there) and must exit 0;
//!   `tessera run` uses the first Vulkan device (lavapipe in CI);
//! - inline `` `tessera ...` `` commands with arguments are run the same
//!   way;
//! - the other commands (the scripts, benchmarks, fuzzing, the GPU tool)
//!   take minutes or hardware: what they name must exist (script, flags,
//!   bench and fuzz targets, packages). CI runs `scripts/test.sh` and
//!   `scripts/playground.sh test` (which builds and serves the page)
//!   itself.
//!
//! A command of another kind fails the test until it is handled here.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The pages whose commands are checked.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut guide: Vec<PathBuf> = std::fs::read_dir(root().join("docs/guide"))
        .expect("docs/guide")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    guide.sort();
    assert!(guide.len() >= 5, "{guide:?}");
    pages.extend(guide);
    pages
}

/// The commands of a page: each line of its `sh` blocks (comments cut),
/// then each inline code span that starts with `tessera ` and has
/// arguments. `(line number, command)`.
fn commands(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_sh = false;
    let mut in_other = false;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if let Some(lang) = line.strip_prefix("```") {
            if in_sh || in_other {
                in_sh = false;
                in_other = false;
            } else if lang == "sh" {
                in_sh = true;
            } else {
                in_other = true;
            }
            continue;
        }
        if in_sh {
            let command = line.split(" #").next().unwrap().trim();
            if !command.is_empty() && !command.starts_with('#') {
                out.push((n, command.to_string()));
            }
        } else if !in_other {
            for (j, span) in line.split('`').enumerate() {
                // Odd pieces are inside backticks.
                if j % 2 == 1 && span.starts_with("tessera ") {
                    let args = span.trim_start_matches("tessera ").trim();
                    if !args.is_empty() && args != "run" {
                        out.push((n, span.to_string()));
                    }
                }
            }
        }
    }
    out
}

/// The scratch folder the CLI commands run in.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-docs-commands-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // `shader.wgsl` fits every command the guide runs on it: an override
    // `k`, the entry point `main`, fixed-size buffers at 0:0 and 0:1.
    let shader = "override k: u32 = 1;
@group(0) @binding(0) var<storage, read> input: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    out[i] = (input[i] + i) * k;
}
";
    for name in ["shader.wgsl", "in.wgsl", "x.wgsl"] {
        std::fs::write(dir.join(name), shader).unwrap();
    }
    std::fs::copy(
        root().join("profiles/h100-vulkan.json"),
        dir.join("my-gpu.json"),
    )
    .unwrap();
    std::os::unix::fs::symlink(root().join("examples"), dir.join("examples")).unwrap();
    dir
}

/// Runs a CLI command in `dir`; `Err` says why it failed. An absolute `-o`
/// path is moved into `dir`; a `| head -1` reads the first line only.
fn run_cli(dir: &Path, args: &str) -> Result<(), String> {
    let (args, head) = match args.split_once(" | ") {
        Some((a, "head -1")) => (a, true),
        Some((_, pipe)) => return Err(format!("unknown pipe `{pipe}`")),
        None => (args, false),
    };
    if args.contains(['"', '\'', '$', '*']) {
        return Err("quotes and shell expansions are not run here".into());
    }
    let mut words: Vec<String> = Vec::new();
    let mut it = args.split_whitespace();
    while let Some(w) = it.next() {
        words.push(w.to_string());
        if w == "-o" {
            let path = it.next().ok_or("-o names no file")?;
            let name = Path::new(path).file_name().ok_or("-o names no file")?;
            words.push(dir.join(name).display().to_string());
        }
    }
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tessera"));
    cmd.args(&words).current_dir(dir).env("NO_COLOR", "1");
    let out = if head {
        // The reader stops after one line: tessera must exit 0 quietly.
        use std::io::{BufRead, BufReader};
        let mut child = cmd
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .map_err(|e| e.to_string())?;
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .map_err(|e| e.to_string())?;
        if first.is_empty() {
            return Err("no output".into());
        }
        child.wait_with_output().map_err(|e| e.to_string())?
    } else {
        cmd.output().map_err(|e| e.to_string())?
    };
    if !out.status.success() {
        return Err(format!(
            "exit {:?}\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    if args.contains("--format json") {
        let text = String::from_utf8_lossy(&out.stdout);
        serde_json::from_str::<serde_json::Value>(&text)
            .map_err(|e| format!("not JSON ({e}): {text}"))?;
    }
    Ok(())
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Checks a command that is not run here; `Err` says what is wrong.
fn check_named(command: &str) -> Result<(), String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let flags_in = |text: &str, from: usize| -> Result<(), String> {
        for w in &words[from..] {
            if w.starts_with("--") && !text.contains(w) {
                return Err(format!("`{w}` is not in the source"));
            }
        }
        Ok(())
    };
    match words.as_slice() {
        [script, ..] if script.starts_with("scripts/") => {
            let text = read(script);
            flags_in(&text, 1)?;
            // A subcommand (`scripts/playground.sh build`) is a case of it.
            match words.get(1) {
                Some(sub) if !sub.starts_with('-') && !sub.contains('/') => {
                    if text.contains(&format!("    {sub})")) {
                        Ok(())
                    } else {
                        Err(format!("{script} has no `{sub}` command"))
                    }
                }
                _ => Ok(()),
            }
        }
        ["cargo", "bench", "--bench", name, ..] => {
            if read("Cargo.toml").contains(&format!("[[bench]]\nname = \"{name}\"")) {
                Ok(())
            } else {
                Err(format!("no bench `{name}`"))
            }
        }
        ["cargo", "install", "cargo-fuzz"] => Ok(()),
        ["cd", dir] if root().join(dir).is_dir() => Ok(()),
        ["cargo", "+nightly", "fuzz", "run", name, ..] => {
            let manifest = read("fuzz/Cargo.toml");
            if !manifest.contains(&format!("name = \"{name}\"")) {
                return Err(format!("no fuzz target `{name}`"));
            }
            match words.iter().position(|w| *w == "--features") {
                Some(i) if !manifest.contains(&format!("{} = ", words[i + 1])) => {
                    Err(format!("no fuzz feature `{}`", words[i + 1]))
                }
                _ => Ok(()),
            }
        }
        ["tessera-gpu", ..] => flags_in(&read("gpu/src/main.rs"), 1),
        _ => Err("a kind of command this test neither runs nor checks".into()),
    }
}

#[test]
fn every_command_in_the_docs_works() {
    let dir = scratch();
    let mut problems = Vec::new();
    let (mut ran, mut checked) = (0, 0);
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let name = page
            .strip_prefix(root())
            .unwrap_or(&page)
            .display()
            .to_string();
        for (line, command) in commands(&text) {
            let cli = command
                .strip_prefix("cargo run -p tessera-cli -- ")
                .or_else(|| command.strip_prefix("tessera "));
            let result = match cli {
                Some(args) => {
                    ran += 1;
                    run_cli(&dir, args)
                }
                None => {
                    checked += 1;
                    check_named(&command)
                }
            };
            if let Err(e) = result {
                problems.push(format!("{name}:{line}: `{command}`: {e}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The README's quick start, the guide's CLI, MSL and `tessera run`
    // examples; the scripts, benchmarks and fuzz targets.
    assert!(ran >= 18, "{ran} commands run");
    assert!(checked >= 15, "{checked} commands checked");
}

/// The extraction sees through comments, other code blocks and prose.
#[test]
fn commands_are_found() {
    let page = "Run `tessera a.wgsl -o -` or `tessera run`.\n```sh\ntessera b.wgsl   # note\n# a comment\n```\n```\ntessera not-a-command\n```\n";
    assert_eq!(
        commands(page),
        [
            (1, "tessera a.wgsl -o -".to_string()),
            (3, "tessera b.wgsl".to_string())
        ]
    );
}

//! The examples fit the devices they say they fit: every `examples/*.wgsl`
//! has a `// fits: PROFILE ...` line naming built-in device profiles, and
//! compiles with each (`--device-profile P`; to MSL for `metal`, to SPIR-V
//! for the others). The README's first command compiles its example with
//! the profile it names. (tests/docs_commands.rs runs every command of the
//! README and the guide.)

use std::path::{Path, PathBuf};
use std::process::Command;

const PROFILES: &[&str] = &["webgpu", "h100-vulkan", "h200-vulkan", "metal"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs the CLI; `Err` holds its standard error.
fn compile(args: &[&str]) -> Result<(), String> {
    let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("runs");
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

#[test]
fn every_example_compiles_for_the_profiles_it_fits() {
    let dir = root().join("examples");
    let mut examples: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("examples/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "wgsl"))
        .collect();
    examples.sort();
    assert!(examples.len() >= 5, "{} examples", examples.len());
    let mut problems = Vec::new();
    let mut checked = 0;
    for path in &examples {
        let name = path.display().to_string();
        let source = std::fs::read_to_string(path).expect("readable");
        let Some(fits) = source
            .lines()
            .find_map(|l| l.strip_prefix("// fits:"))
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
        else {
            problems.push(format!("{name}: no `// fits:` line"));
            continue;
        };
        if fits.is_empty() {
            problems.push(format!("{name}: `// fits:` names no profile"));
        }
        for profile in fits {
            if !PROFILES.contains(&profile) {
                problems.push(format!("{name}: unknown profile `{profile}`"));
                continue;
            }
            let mut args = vec![name.as_str(), "--device-profile", profile];
            if profile == "metal" {
                args.extend(["--format", "msl"]);
            }
            args.extend(["-o", "/dev/null"]);
            checked += 1;
            if let Err(e) = compile(&args) {
                problems.push(format!("{name} with {profile}:\n{e}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked >= 10, "{checked} example/profile pairs");
}

/// The subgroup-matrix example the README compiles first fits that
/// profile; the same source is refused by a profile of another shape
/// (so the check above can fail).
#[test]
fn the_readme_example_fits_its_profile() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let first = readme
        .lines()
        .find(|l| l.starts_with("cargo run -p tessera-cli -- "))
        .expect("the README's first command");
    let args: Vec<&str> = first
        .trim_start_matches("cargo run -p tessera-cli -- ")
        .split('#')
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    let example = root().join(args[0]);
    let profile = args
        .iter()
        .position(|a| *a == "--device-profile")
        .map(|i| args[i + 1])
        .expect("the README's first command names a device profile");
    let example = example.display().to_string();
    compile(&[&example, "--device-profile", profile, "-o", "/dev/null"])
        .unwrap_or_else(|e| panic!("{first}\n{e}"));
    let other = compile(&[
        &example,
        "--device-profile",
        "metal",
        "--format",
        "msl",
        "-o",
        "/dev/null",
    ]);
    let e = other.expect_err("a 16x16 f16 example does not fit Metal's 8x8 shapes");
    assert!(
        e.contains("not supported by the device") || e.contains("does not match any configuration"),
        "{e}"
    );
}

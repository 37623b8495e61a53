//! The programs in `difftest/cases/nvidia/` split the compilers' modules
//! into different results on the H200 (NVIDIA 580.159.04) and nowhere
//! else: each is a generated program reduced there, and the
//! differential-testing doc counts them as driver bugs because every
//! module agrees on lavapipe. This test keeps that claim true: on lavapipe
//! (Mesa's CPU driver, which `scripts/test.sh` installs) all four modules
//! of each case (tessera optimised and not, naga, Tint where present) give
//! one result, and a module run a second time as an extra module (the
//! `--spv` path of `tessera-difftest --repeat`) gives the same digest.

use std::path::Path;

use tessera_difftest::diff::{distinct_results, options_for, repeat_program, Compilers};
use tessera_difftest::generate;
use tessera_runner::vulkan::{Device, DeviceChoice};

fn cases() -> Vec<(u64, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/nvidia");
    let mut out = Vec::new();
    for e in std::fs::read_dir(&dir).expect("difftest/cases/nvidia") {
        let p = e.expect("a directory entry").path();
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        let seed: u64 = name
            .strip_prefix("seed-")
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{}: not seed-N.wgsl", p.display()));
        out.push((seed, std::fs::read_to_string(&p).unwrap()));
    }
    out.sort();
    out
}

#[test]
fn every_module_of_the_nvidia_cases_agrees_on_lavapipe() {
    let cases = cases();
    assert!(cases.len() >= 6, "{} cases", cases.len());
    let mut device = Device::open(&DeviceChoice::parse("llvmpipe"), false)
        .unwrap_or_else(|e| panic!("needs lavapipe (scripts/test.sh installs it): {e}"));
    device.timeout = std::time::Duration::from_secs(30);
    let compilers = Compilers::find();
    let mut wrong = Vec::new();
    for (seed, wgsl) in &cases {
        let p = generate(*seed, &options_for(*seed));
        let n = distinct_results(&device, wgsl, &p, &compilers);
        if n != 1 {
            wrong.push(format!("seed {seed}: {n} different results"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn an_extra_module_runs_with_the_seeds_buffers() {
    let (seed, wgsl) = cases().remove(0);
    let mut device = Device::open(&DeviceChoice::parse("llvmpipe"), false)
        .unwrap_or_else(|e| panic!("needs lavapipe (scripts/test.sh installs it): {e}"));
    device.timeout = std::time::Duration::from_secs(30);
    let p = generate(seed, &options_for(seed));
    let compilers = Compilers::find();
    let only = vec!["tessera".to_string()];
    let dir = std::env::temp_dir().join(format!("tessera-nvidia-case-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let first = repeat_program(&device, &wgsl, &p, &compilers, 1, Some(&dir), &only, &[]);
    let bytes = std::fs::read(dir.join("tessera.spv")).unwrap();
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let extra = vec![("copy".to_string(), words)];
    let report = repeat_program(&device, &wgsl, &p, &compilers, 1, None, &only, &extra);
    let _ = std::fs::remove_dir_all(&dir);
    let digest = |name: &str, text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{name}: ")))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("no {name} line in {text}"))
    };
    let tessera = digest("tessera", &first);
    assert_eq!(tessera.len(), 16, "{first}");
    assert_eq!(digest("copy", &report), tessera, "{report}");
}

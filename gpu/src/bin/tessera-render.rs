//! `tessera-render`: the render smoke suite (see `tessera_gpu::render`).
//! Draws each case off-screen on the first Vulkan 1.3 device with a
//! graphics queue, with SPIR-V 1.3 and 1.6, checks every pixel against a
//! CPU reference, prints one line per case and writes `render.json` to
//! `--out DIR` (default `.`).
//!
//! Exit codes: 0 every case passed, 1 some case failed, 2 bad arguments
//! or output directory, 3 no suitable Vulkan device.

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;
use tessera_gpu::render::{self, vk::Renderer};

fn main() -> ExitCode {
    let mut out = PathBuf::from(".");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match (a.as_str(), args.next()) {
            ("--out", Some(dir)) => out = dir.into(),
            _ => {
                eprintln!("usage: tessera-render [--out DIR]");
                return ExitCode::from(2);
            }
        }
    }
    let renderer = match Renderer::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tessera-render: {e}");
            return ExitCode::from(3);
        }
    };
    println!("device: {} ({})", renderer.name, renderer.driver);
    let mut results = Vec::new();
    for version in [(1, 3), (1, 6)] {
        results.extend(render::run(&renderer, version));
    }
    let mut failed = 0;
    for r in &results {
        let status = if r.passed { "PASS" } else { "FAIL" };
        failed += usize::from(!r.passed);
        println!(
            "{status} {:<32} max error {:.3e} {}",
            r.name, r.max_error, r.detail
        );
    }
    println!(
        "{} of {} render cases passed",
        results.len() - failed,
        results.len()
    );
    let json = json!({
        "device": renderer.name,
        "driver": renderer.driver,
        "render": results.iter().map(|r| json!({
            "case": r.name,
            "passed": r.passed,
            "max_error": if r.max_error.is_finite() { json!(r.max_error) } else { json!(null) },
            "detail": r.detail,
        })).collect::<Vec<_>>(),
    });
    let path = out.join("render.json");
    if let Err(e) = std::fs::create_dir_all(&out).and_then(|()| {
        std::fs::write(
            &path,
            serde_json::to_string_pretty(&json).unwrap_or_default(),
        )
    }) {
        eprintln!("{}: {e}", path.display());
        return ExitCode::from(2);
    }
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

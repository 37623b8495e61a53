//! Snapshot tests over every `tests/in/*.wgsl`.
//!
//! Each input is compiled (parse, validate, pipeline step, SPIR-V write)
//! for SPIR-V 1.3 (validated by SPIRV-Tools for Vulkan 1.1) and SPIR-V 1.6
//! (validated for Vulkan 1.3). The 1.3 disassembly is snapshotted as
//! `snapshots/spv@NAME.snap`, the WGSL writer's output as
//! `snapshots/wgsl@NAME.snap`, and that WGSL must parse and validate again.
//! The MSL writer's output is snapshotted as `snapshots/msl@NAME.snap`
//! (compiled by clang through the Metal shim in `tests/msl_shim.rs`);
//! inputs MSL cannot express are listed in `MSL_REJECTED` with their error.
//!
//! Every input is checked and all failures are reported together. Set
//! `TESSERA_SNAPSHOT_FILTER=substring` to run a subset; review snapshot
//! changes with `cargo insta review` (or `INSTA_UPDATE=always`).

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};

use spirv_tools::TargetEnv;

/// Checks one input; returns every problem found.
fn check_input(name: &str, source: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let directives = match common::directives(source) {
        Ok(d) => d,
        Err(e) => return vec![e],
    };
    let compiled = match common::compile(name, source, &directives) {
        Ok(c) => c,
        Err(e) => return vec![e],
    };

    match common::spirv(name, source, &compiled, (1, 3), TargetEnv::Vulkan_1_1) {
        Ok(words) => match common::disassemble(&words) {
            Ok(text) => snapshot(&format!("spv@{name}"), &text, &mut problems),
            Err(e) => problems.push(format!("rspirv cannot read the SPIR-V: {e}")),
        },
        Err(e) => problems.push(e),
    }
    if let Err(e) = common::spirv(name, source, &compiled, (1, 6), TargetEnv::Vulkan_1_3) {
        problems.push(e);
    }

    match tessera::back::wgsl::write(&compiled.module) {
        Ok(text) => {
            snapshot(&format!("wgsl@{name}"), &text, &mut problems);
            let out_name = format!("{name} (WGSL output)");
            if let Err(e) = common::compile(&out_name, &text, &directives) {
                problems.push(format!("WGSL output does not compile again: {e}\n{text}"));
            }
        }
        Err(e) => problems.push(format!("wgsl write:\n{}", e.render(name, source))),
    }

    check_msl(
        name,
        source,
        &compiled,
        directives.msl_version,
        &mut problems,
    );
    problems
}

/// Inputs the MSL writer rejects, with the start of the expected message.
const MSL_REJECTED: &[(&str, &str)] = &[
    // Integer and 8-bit component types: Metal has float and half matrices only.
    (
        "subgroup_matrix_components.wgsl",
        "Metal cannot express 'subgroup_matrix_right<u32, 8, 8>'",
    ),
    // f16 x f16 -> f32: simdgroup_multiply takes one component type.
    (
        "subgroup_matrix_matmul_f16.wgsl",
        "Metal cannot express a multiply of 'subgroup_matrix_left<f16, 8, 8>'",
    ),
    // 16x8 and 8x16 shapes: simdgroup matrices are 8x8.
    (
        "subgroup_matrix_multiply.wgsl",
        "Metal cannot express 'subgroup_matrix_left<f16, 16, 8>'",
    ),
    // u8 and i8 components.
    (
        "subgroup_matrix_scalar.wgsl",
        "Metal cannot express 'subgroup_matrix_result<u8, 8, 8>'",
    ),
    (
        "subgroup_matrix_vector_arrays.wgsl",
        "Metal cannot express 'subgroup_matrix_left<u8, 8, 8>'",
    ),
    // Metal has no input attachments (Tint rejects them too).
    (
        "input_attachments.wgsl",
        "`input_attachment<f32>` (chromium_internal_input_attachments) is not supported by the MSL backend",
    ),
    // wgpu's dialect at 16x16: simdgroup matrices are 8x8.
    (
        "wgpu_coop_matrix_16x16.wgsl",
        "Metal cannot express 'coop_mat16x16<f16, A>'",
    ),
];

/// Snapshots the MSL output as `msl@NAME`, or checks the expected error.
fn check_msl(
    name: &str,
    source: &str,
    compiled: &common::Compiled,
    version: Option<(u8, u8)>,
    problems: &mut Vec<String>,
) {
    let mut options = tessera::back::msl::Options::default();
    if let Some(v) = version {
        options.lang_version = v;
    }
    let result = tessera::lower::msl::write(&compiled.pipeline, &options);
    let expected = MSL_REJECTED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, m)| *m);
    match (result, expected) {
        (Ok(text), None) => snapshot(&format!("msl@{name}"), &text, problems),
        (Ok(_), Some(m)) => problems.push(format!("MSL: expected the error `{m}`, got output")),
        (Err(e), Some(m)) => {
            let first = e
                .diagnostics
                .first()
                .map(|d| d.message.as_str())
                .unwrap_or("");
            if !first.starts_with(m) {
                problems.push(format!(
                    "MSL: expected `{m}`, got:\n{}",
                    e.render(name, source)
                ));
            }
        }
        (Err(e), None) => problems.push(format!("msl write:\n{}", e.render(name, source))),
    }
}

/// Asserts a snapshot, turning insta's panic into a reported problem.
fn snapshot(snapshot_name: &str, text: &str, problems: &mut Vec<String>) {
    let result = catch_unwind(AssertUnwindSafe(|| {
        insta::with_settings!({
            snapshot_path => "../snapshots",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(snapshot_name, text);
        });
    }));
    if result.is_err() {
        problems.push(format!("snapshot `{snapshot_name}` does not match"));
    }
}

#[test]
fn snapshots() {
    let filter = std::env::var("TESSERA_SNAPSHOT_FILTER").unwrap_or_default();
    let inputs = common::inputs();
    assert!(
        inputs.len() >= 30,
        "expected the tests/in inputs, found {}",
        inputs.len()
    );
    let mut failed = Vec::new();
    let mut checked = 0;
    for (name, source) in &inputs {
        if !name.contains(&filter) {
            continue;
        }
        checked += 1;
        let problems = match catch_unwind(AssertUnwindSafe(|| check_input(name, source))) {
            Ok(problems) => problems,
            Err(_) => vec!["the compiler panicked".to_string()],
        };
        if !problems.is_empty() {
            failed.push((name.clone(), problems));
        }
    }
    assert!(
        checked > 0,
        "no input matches TESSERA_SNAPSHOT_FILTER={filter}"
    );
    if !failed.is_empty() {
        let mut report = format!("{} of {checked} inputs failed:\n", failed.len());
        for (name, problems) in &failed {
            report.push_str(&format!("\n=== {name}\n"));
            for p in problems {
                report.push_str(p);
                report.push('\n');
            }
        }
        report.push_str("\nfailing inputs: ");
        report.push_str(
            &failed
                .iter()
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        );
        panic!("{report}");
    }
}

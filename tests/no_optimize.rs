//! tessera with its optimising passes off (`optimize: false`, the CLI's
//! `--no-optimize`): every `tests/in` input still compiles to SPIR-V that
//! SPIRV-Tools accepts and to the same MSL outcome (MSL the Metal shim
//! compiles, or the same rejection), with the IR verified after every pass.
//! None of `unroll`, `fold`, `sroa`, `dse`, `cse` is needed for WGSL's
//! semantics or by a printer.

mod common;
mod msl_shim_util;

use spirv_tools::TargetEnv;

/// The first error's message.
fn message(e: &tessera::Error) -> String {
    e.errors()
        .next()
        .map(|d| d.message.clone())
        .unwrap_or_default()
}

#[test]
fn every_input_compiles_without_the_optimising_passes() {
    let mut problems = Vec::new();
    let mut msl = Vec::new();
    let mut differ = 0;
    for (name, source) in common::inputs() {
        let d = common::directives(&source).expect("directives");
        let c = common::compile(&name, &source, &d).expect("compiles");
        let spv = tessera::back::spv::Options {
            optimize: false,
            verify_ir: true,
            ..Default::default()
        };
        match tessera::lower::spv::write(&c.pipeline, &spv) {
            Ok(words) => {
                let standard_layout = c.pipeline.reflection.needs_uniform_buffer_standard_layout();
                if let Err(e) =
                    common::validate_spirv_with(&words, TargetEnv::Vulkan_1_1, standard_layout)
                {
                    problems.push(format!("{name}: spirv-val: {e}"));
                }
                let optimised = tessera::lower::spv::write(&c.pipeline, &Default::default());
                differ += usize::from(optimised.is_ok_and(|w| w != words));
            }
            Err(e) => problems.push(format!("{name}: spv: {}", message(&e))),
        }
        let options = tessera::back::msl::Options {
            lang_version: d.msl_version.unwrap_or((2, 4)),
            ..Default::default()
        };
        let plain = tessera::lower::msl::write(&c.pipeline, &options);
        let options = tessera::back::msl::Options {
            optimize: false,
            verify_ir: true,
            ..options
        };
        match (tessera::lower::msl::write(&c.pipeline, &options), plain) {
            (Ok(text), Ok(_)) => msl.push((name, text)),
            (Err(a), Err(b)) if message(&a) == message(&b) => {}
            (a, b) => problems.push(format!(
                "{name}: MSL without the optimising passes {:?}, with them {:?}",
                a.map(|_| ()).map_err(|e| message(&e)),
                b.map(|_| ()).map_err(|e| message(&e))
            )),
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    // The option changes the output of many inputs (a loop left rolled,
    // an expression evaluated twice).
    assert!(differ >= 10, "only {differ} inputs differ");
    assert!(msl.len() > 40, "only {} MSL outputs", msl.len());
    if let Some(clang) = msl_shim_util::require_clang() {
        let failures = msl_shim_util::check_all(&clang, &msl);
        assert!(
            failures.is_empty(),
            "{} MSL outputs fail the Metal shim check:\n{}",
            failures.len(),
            failures
                .iter()
                .map(|(n, e)| format!("== {n}\n{e}"))
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

//! The whole pipeline must never panic, no pass may break the IR (the
//! verifier is on: cargo-fuzz builds with debug assertions unless `-O`),
//! and whatever it accepts must be SPIR-V that SPIRV-Tools accepts (Vulkan
//! 1.1, SPIR-V 1.3; with `uniformBufferStandardLayout` where the reflection
//! says the uniform buffers need it).
#![no_main]

use libfuzzer_sys::fuzz_target;
use spirv_tools::val::Validator as _;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    match tessera::compile_to_spirv(source, &tessera::CompileOptions::default()) {
        Ok(out) => {
            let validator = spirv_tools::val::create(Some(spirv_tools::TargetEnv::Vulkan_1_1));
            let options = spirv_tools::val::ValidatorOptions {
                uniform_buffer_standard_layout: out
                    .reflection
                    .needs_uniform_buffer_standard_layout(),
                ..Default::default()
            };
            if let Err(e) = validator.validate(&out.words, Some(options)) {
                panic!("accepted input produced invalid SPIR-V: {e}\n{source}");
            }
        }
        // The IR verifier (on in fuzz builds, which have debug assertions)
        // reports a pass that broke the module: a bug, not a rejection.
        Err(e) => {
            if let Some(d) = e
                .error()
                .diagnostics
                .iter()
                .find(|d| d.message.contains("IR verification failed"))
            {
                panic!("{}\n{source}", d.message);
            }
        }
    }
});

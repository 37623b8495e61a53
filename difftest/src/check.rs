//! The offline checks: a generated program must compile with tessera's
//! whole pipeline and with naga 30 (front end, validator, override
//! processing and SPIR-V writer). No GPU is needed.

/// Compiles `wgsl` to SPIR-V with tessera (default options: every
/// feature, optimising passes on). A panic is reported as an error.
pub fn tessera_spirv(wgsl: &str) -> Result<Vec<u32>, String> {
    catch(|| {
        tessera::compile_to_spirv(wgsl, &tessera::CompileOptions::default())
            .map(|o| o.words)
            .map_err(|e| e.render_to_string("program.wgsl", wgsl))
    })
}

/// Compiles `wgsl` to SPIR-V with naga 30, overrides at their defaults. A
/// panic is reported as an error.
pub fn naga_spirv(wgsl: &str) -> Result<Vec<u32>, String> {
    catch(|| naga_spirv_inner(wgsl))
}

fn catch(f: impl FnOnce() -> Result<Vec<u32>, String>) -> Result<Vec<u32>, String> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    std::panic::set_hook(hook);
    match r {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("panic: {msg}"))
        }
    }
}

/// `wgsl` as naga 30 takes it: naga has the subgroup builtins but rejects
/// the standard `enable subgroups;` directive ("not yet supported").
pub fn for_naga(wgsl: &str) -> std::borrow::Cow<'_, str> {
    if wgsl.contains("enable subgroups;") {
        wgsl.replace("enable subgroups;", "").into()
    } else {
        wgsl.into()
    }
}

fn naga_spirv_inner(wgsl: &str) -> Result<Vec<u32>, String> {
    let wgsl = &*for_naga(wgsl);
    let module = naga::front::wgsl::parse_str(wgsl).map_err(|e| e.emit_to_string(wgsl))?;
    let caps = naga::valid::Capabilities::default()
        | naga::valid::Capabilities::SHADER_FLOAT16
        | naga::valid::Capabilities::SUBGROUP;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), caps)
        .subgroup_stages(naga::valid::ShaderStages::COMPUTE)
        .subgroup_operations(naga::valid::SubgroupOperationSet::all())
        .validate(&module)
        .map_err(|e| e.emit_to_string(wgsl))?;
    let (module, info) = naga::back::pipeline_constants::process_overrides(
        &module,
        &info,
        Some((naga::ShaderStage::Compute, "main")),
        &Default::default(),
    )
    .map_err(|e| format!("override processing: {}", error_chain(&e)))?;
    let options = naga::back::spv::Options {
        lang_version: (1, 3),
        ..Default::default()
    };
    let pipeline = naga::back::spv::PipelineOptions {
        shader_stage: naga::ShaderStage::Compute,
        entry_point: "main".to_string(),
    };
    naga::back::spv::write_vec(&module, &info, &options, Some(&pipeline))
        .map_err(|e| format!("SPIR-V writer: {}", error_chain(&e)))
}

/// An error and its sources, one per line.
fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut cur = e.source();
    while let Some(c) = cur {
        s.push_str(&format!("\n  caused by: {c}"));
        cur = c.source();
    }
    s
}

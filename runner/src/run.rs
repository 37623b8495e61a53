//! Compiling for the opened device and running one dispatch: what
//! `tessera run` does, as a library.
//!
//! [`compile`] compiles with the device's own profile
//! ([`tessera::device::vulkan::profile_from_vulkan`]): its features decide
//! which `enable`s the shader may use, its limits and subgroup-matrix
//! configurations which pipelines it may create. [`bind`] makes the
//! bindings from the reflection ([`tessera::pipeline::BindingReflection`]:
//! minimum sizes, layouts) and the contents the caller gives; [`run`]
//! dispatches and returns every writable storage buffer.

use std::collections::BTreeMap;

use tessera::ir::{Access, AddressSpace};
use tessera::pipeline::{EntryPointReflection, HostLayout};
use tessera::{CompileError, CompileOptions, SpirvOutput};

use crate::vulkan::{BufferBinding, Device, GuardViolation, PipelineFlags};
use crate::RunError;

/// What the device runs: the compiled module and its entry point's
/// reflection.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The SPIR-V module and the reflection of its one entry point.
    pub output: SpirvOutput,
}

impl Compiled {
    /// The entry point's reflection.
    pub fn entry(&self) -> &EntryPointReflection {
        &self.output.reflection.entry_points[0]
    }
}

/// Compiles `source` for `device`: `options` with the features, limits
/// and subgroup-matrix configurations of the device's profile (the
/// configurations only where `options` gives none). One compute entry
/// point must be chosen (`options.pipeline.entry_point`, or the module's
/// only one).
///
/// A shader that compiles without the device's profile but not with it
/// uses something the device lacks: that is [`RunError::Unsupported`],
/// not a shader error.
pub fn compile(
    device: &Device,
    source: &str,
    options: &CompileOptions,
) -> Result<Compiled, RunError> {
    let profile = tessera::device::vulkan::profile_from_vulkan(&device.info.facts);
    let mut for_device = options.clone();
    for_device.features = profile.features;
    let configs = options.pipeline.subgroup_matrix_configs.clone();
    profile.apply(&mut for_device.pipeline);
    if configs.is_some() {
        for_device.pipeline.subgroup_matrix_configs = configs;
    }
    let (major, minor) = for_device.spv.version;
    if (major, minor) > device.max_spirv() {
        return Err(RunError::device(format!(
            "{} supports SPIR-V up to {}.{} (Vulkan {}), not {major}.{minor}",
            device.info.name,
            device.max_spirv().0,
            device.max_spirv().1,
            device.info.api_version
        )));
    }
    let output = match tessera::compile_to_spirv(source, &for_device) {
        Ok(o) => o,
        Err(e) => {
            // Without the device's limits and features: does it compile?
            return Err(if tessera::compile_to_spirv(source, options).is_ok() {
                RunError::Unsupported(e)
            } else {
                RunError::Shader(e)
            });
        }
    };
    let entries = &output.reflection.entry_points;
    let compute: Vec<&str> = entries
        .iter()
        .filter(|e| e.stage == tessera::ir::ShaderStage::Compute)
        .map(|e| e.name.as_str())
        .collect();
    match (entries.len(), compute.len()) {
        (1, 1) => Ok(Compiled { output }),
        (_, 0) if entries.len() == 1 => Err(RunError::usage(format!(
            "entry point `{}` is not a compute shader: `tessera run` runs compute shaders",
            entries[0].name
        ))),
        (0, _) | (_, 0) => Err(RunError::usage(
            "the module has no compute entry point to run",
        )),
        _ => Err(RunError::usage(format!(
            "the module has several entry points ({}): choose one with --entry NAME",
            entries
                .iter()
                .map(|e| e.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// A buffer of the dispatch, with what the reflection says of it.
#[derive(Clone, Debug)]
pub struct Buffer {
    /// `@group`.
    pub group: u32,
    /// `@binding`.
    pub binding: u32,
    /// The variable's name.
    pub name: String,
    /// Its store type as WGSL spells it.
    pub type_name: String,
    /// A storage buffer the shader may write.
    pub writable: bool,
    /// A uniform buffer.
    pub uniform: bool,
    /// How the store type lies in memory.
    pub layout: HostLayout,
    /// The contents: before the dispatch in [`bind`]'s result, after it in
    /// [`run`]'s.
    pub bytes: Vec<u8>,
}

/// The bindings of `compiled`'s entry point, filled from `given` (keyed by
/// group and binding). A binding not given is zero-filled at its minimum
/// size; a runtime-sized one must be given; contents shorter than the
/// binding's minimum size, or given for a binding the entry point does not
/// use, are usage errors. Textures, samplers and immediate data are not
/// supported yet (an error says so).
pub fn bind(
    compiled: &Compiled,
    given: &BTreeMap<(u32, u32), Vec<u8>>,
) -> Result<Vec<Buffer>, RunError> {
    let entry = compiled.entry();
    if let Some(r) = entry.resources.first() {
        return Err(RunError::usage(format!(
            "entry point `{}` uses the {} `{}` at @group({}) @binding({}): `tessera run` binds buffers only",
            entry.name, r.type_name, r.name, r.group, r.binding
        )));
    }
    let known: Vec<String> = entry
        .bindings
        .iter()
        .map(|b| format!("{}:{} `{}`", b.group, b.binding, b.name))
        .collect();
    for &(g, b) in given.keys() {
        if !entry
            .bindings
            .iter()
            .any(|r| (r.group, r.binding) == (g, b))
        {
            return Err(RunError::usage(format!(
                "--buffer {g}:{b}: entry point `{}` has no buffer at @group({g}) @binding({b}) (its buffers: {})",
                entry.name,
                if known.is_empty() { "none".to_string() } else { known.join(", ") }
            )));
        }
    }
    let mut out = Vec::with_capacity(entry.bindings.len());
    for r in &entry.bindings {
        let what = format!(
            "binding {}:{} `{}: {}`",
            r.group, r.binding, r.name, r.type_name
        );
        let bytes = match given.get(&(r.group, r.binding)) {
            Some(bytes) => {
                if (bytes.len() as u64) < r.min_binding_size {
                    return Err(RunError::usage(format!(
                        "{what} needs at least {} bytes; --buffer {}:{} gives {}",
                        r.min_binding_size,
                        r.group,
                        r.binding,
                        bytes.len()
                    )));
                }
                bytes.clone()
            }
            None if r.layout.is_runtime_sized() => {
                return Err(RunError::usage(format!(
                    "{what} is runtime-sized: give its contents with --buffer {}:{}=INIT (e.g. zeros:BYTES; at least {} bytes)",
                    r.group, r.binding, r.min_binding_size
                )))
            }
            None => vec![0; r.min_binding_size as usize],
        };
        out.push(Buffer {
            group: r.group,
            binding: r.binding,
            name: r.name.clone(),
            type_name: r.type_name.clone(),
            writable: r.space == AddressSpace::Storage && r.access != Access::Read,
            uniform: r.space == AddressSpace::Uniform,
            layout: r.layout.clone(),
            bytes,
        });
    }
    Ok(out)
}

/// What a run leaves.
#[derive(Clone, Debug)]
pub struct RunOutput {
    /// Every binding after the dispatch (read-only ones unchanged).
    pub buffers: Vec<Buffer>,
    /// Writes outside a binding, seen in the guard bytes around it.
    pub violations: Vec<GuardViolation>,
}

/// Dispatches `compiled` over `groups` workgroups with `buffers` bound.
pub fn run(
    device: &Device,
    compiled: &Compiled,
    buffers: Vec<Buffer>,
    groups: [u32; 3],
) -> Result<RunOutput, RunError> {
    let limit = device.info.max_workgroup_count;
    for (i, (&n, &max)) in groups.iter().zip(&limit).enumerate() {
        if n > max {
            return Err(RunError::usage(format!(
                "--dispatch: {n} workgroups in dimension {} is more than the device's maxComputeWorkGroupCount ({max})",
                ["x", "y", "z"][i]
            )));
        }
    }
    let entry = compiled.entry();
    let bindings: Vec<BufferBinding> = buffers
        .iter()
        .map(|b| BufferBinding {
            group: b.group,
            binding: b.binding,
            uniform: b.uniform,
            data: b.bytes.clone(),
        })
        .collect();
    let flags = PipelineFlags {
        full_subgroups: !entry.matrix_types.is_empty(),
        required_subgroup_size: entry.subgroup_size,
    };
    let done = device.dispatch(
        &compiled.output.words,
        &entry.name,
        &bindings,
        groups,
        flags,
    )?;
    let buffers = buffers
        .into_iter()
        .zip(done.buffers)
        .map(|(b, bytes)| Buffer { bytes, ..b })
        .collect();
    Ok(RunOutput {
        buffers,
        violations: done.violations,
    })
}

/// The shader-module or pipeline error of a failed compile.
pub fn compile_error(e: &RunError) -> Option<&CompileError> {
    match e {
        RunError::Shader(c) | RunError::Unsupported(c) => Some(c),
        _ => None,
    }
}

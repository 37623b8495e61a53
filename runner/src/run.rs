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

use crate::values::{decode, Value};
use crate::vulkan::{Binding, Device, GuardViolation, PipelineFlags, Resource, Sampler, Texture};
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
    for_device.language_features = profile.language_features;
    let configs = options.pipeline.subgroup_matrix_configs.clone();
    for_device.pipeline.apply_profile(&profile);
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
            // On a device with every feature, no limits and no
            // subgroup-matrix configuration check: does it compile?
            let mut ideal = options.clone();
            ideal.features = tessera::device::Features::all();
            ideal.language_features = tessera::device::LanguageFeatures::all();
            ideal.pipeline.subgroup_matrix_configs = None;
            ideal.pipeline.max_subgroup_size = None;
            ideal.pipeline.max_workgroup_storage_size = u32::MAX;
            ideal.pipeline.max_invocations = u32::MAX;
            ideal.pipeline.max_workgroup_size = [u32::MAX; 3];
            ideal.pipeline.max_immediate_size = u32::MAX;
            return Err(if tessera::compile_to_spirv(source, &ideal).is_ok() {
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

/// One binding of the dispatch, with what the reflection says of it.
#[derive(Clone, Debug)]
pub struct Bound {
    /// `@group`.
    pub group: u32,
    /// `@binding`.
    pub binding: u32,
    /// The variable's name.
    pub name: String,
    /// Its type as WGSL spells it.
    pub type_name: String,
    /// A storage buffer or storage texture the shader may write: what a run
    /// reports.
    pub writable: bool,
    /// What is bound; a buffer's or texture's `data` is its contents:
    /// before the dispatch in [`bind`]'s result, after it in [`run`]'s.
    pub resource: Resource,
    /// A buffer's memory layout (`None` for textures and samplers).
    pub layout: Option<HostLayout>,
}

impl Bound {
    /// The contents' scalars, each with a path: a buffer's components in
    /// memory order (padding skipped), a texture's channels texel by texel
    /// (`[level][layer or z][y][x].channel`).
    pub fn values(&self) -> Vec<(String, Value)> {
        match (&self.resource, &self.layout) {
            (Resource::Buffer { data, .. }, Some(layout)) => decode(layout, data),
            (Resource::Texture(t), _) => {
                let values = t.format.decode(&t.data);
                let per_texel = t.format.channels as usize;
                let mut paths = Vec::with_capacity(values.len());
                for level in 0..t.levels {
                    let e = t.extent(level);
                    for z in 0..e.depth * t.layers() {
                        for y in 0..e.height {
                            for x in 0..e.width {
                                for c in 0..per_texel {
                                    paths.push(format!(
                                        "[{level}][{z}][{y}][{x}].{}",
                                        b"rgba"[c] as char
                                    ));
                                }
                            }
                        }
                    }
                }
                paths.into_iter().zip(values).collect()
            }
            _ => Vec::new(),
        }
    }
}

/// What the caller gives for the bindings, keyed by group and binding.
#[derive(Clone, Debug, Default)]
pub struct Given {
    /// Buffer contents.
    pub buffers: BTreeMap<(u32, u32), Vec<u8>>,
    /// Textures: size, levels and texels (zeros when `None`).
    pub textures: BTreeMap<(u32, u32), TextureInit>,
    /// Samplers (default: nearest, clamp to edge; a comparison sampler
    /// compares with `less`).
    pub samplers: BTreeMap<(u32, u32), Sampler>,
}

/// A texture's size and contents as given.
#[derive(Clone, Debug, PartialEq)]
pub struct TextureInit {
    /// Width, height, and depth or array layers (six per cube).
    pub size: [u32; 3],
    /// Mip levels.
    pub levels: u32,
    /// Every level's texels, level 0 first (zeros when `None`).
    pub data: Option<Vec<u8>>,
}

impl TextureInit {
    /// Parses `SIZE[/LEVELS][:INIT]` (SIZE is `W`, `WxH` or `WxHxD`).
    pub fn parse(text: &str) -> Result<TextureInit, String> {
        let (size, init) = match text.split_once(':') {
            Some((s, i)) => (s, Some(i)),
            None => (text, None),
        };
        let (size, levels) = match size.split_once('/') {
            Some((s, l)) => (
                s,
                l.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|&l| (1..=16).contains(&l))
                    .ok_or_else(|| format!("bad mip level count `{l}` (1 to 16)"))?,
            ),
            None => (size, 1),
        };
        let mut dims = [1u32; 3];
        let parts: Vec<&str> = size.split('x').collect();
        if parts.is_empty() || parts.len() > 3 {
            return Err(format!("expected a size W, WxH or WxHxD, found `{size}`"));
        }
        for (slot, p) in dims.iter_mut().zip(&parts) {
            *slot = p
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|&v| (1..=16384).contains(&v))
                .ok_or_else(|| {
                    format!("expected a size W, WxH or WxHxD of 1 to 16384, found `{size}`")
                })?;
        }
        let data = match init {
            Some(i) => Some(
                crate::init::Init::parse(i)?
                    .bytes()
                    .map_err(|e| e.to_string())?,
            ),
            None => None,
        };
        Ok(TextureInit {
            size: dims,
            levels,
            data,
        })
    }
}

/// Parses `FILTER[,ADDRESS][,compare=OP]`: FILTER `nearest` or `linear`,
/// ADDRESS `clamp`, `repeat` or `mirror`, OP `never`, `less`, `equal`,
/// `less-equal`, `greater`, `not-equal`, `greater-equal`, `always`.
pub fn parse_sampler(text: &str) -> Result<Sampler, String> {
    let mut s = Sampler {
        linear: false,
        address: ash::vk::SamplerAddressMode::CLAMP_TO_EDGE,
        compare: None,
    };
    for part in text.split(',').map(str::trim) {
        use ash::vk::{CompareOp as C, SamplerAddressMode as A};
        match part {
            "nearest" => s.linear = false,
            "linear" => s.linear = true,
            "clamp" => s.address = A::CLAMP_TO_EDGE,
            "repeat" => s.address = A::REPEAT,
            "mirror" => s.address = A::MIRRORED_REPEAT,
            _ => {
                let op = part
                    .strip_prefix("compare=")
                    .ok_or_else(|| format!("unknown sampler setting `{part}` (nearest, linear, clamp, repeat, mirror, compare=OP)"))?;
                s.compare = Some(match op {
                    "never" => C::NEVER,
                    "less" => C::LESS,
                    "equal" => C::EQUAL,
                    "less-equal" => C::LESS_OR_EQUAL,
                    "greater" => C::GREATER,
                    "not-equal" => C::NOT_EQUAL,
                    "greater-equal" => C::GREATER_OR_EQUAL,
                    "always" => C::ALWAYS,
                    _ => return Err(format!("unknown comparison `{op}`")),
                });
            }
        }
    }
    Ok(s)
}

/// The bindings of `compiled`'s entry point, filled from `given`. A
/// buffer not given is zero-filled at its minimum size; a runtime-sized
/// one must be given; a texture must be given (its size); a sampler not
/// given is nearest and clamps. Contents shorter than the binding's
/// minimum size, or given for a binding the entry point does not use, are
/// usage errors.
pub fn bind(compiled: &Compiled, given: &Given) -> Result<Vec<Bound>, RunError> {
    let entry = compiled.entry();
    let mut known: Vec<(u32, u32, &str)> = entry
        .bindings
        .iter()
        .map(|b| (b.group, b.binding, b.name.as_str()))
        .chain(
            entry
                .resources
                .iter()
                .map(|r| (r.group, r.binding, r.name.as_str())),
        )
        .collect();
    known.sort();
    let listing = || {
        if known.is_empty() {
            "none".to_string()
        } else {
            known
                .iter()
                .map(|(g, b, n)| format!("{g}:{b} `{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    let keys = given
        .buffers
        .keys()
        .map(|k| ("--buffer", *k))
        .chain(given.textures.keys().map(|k| ("--texture", *k)))
        .chain(given.samplers.keys().map(|k| ("--sampler", *k)));
    for (flag, (g, b)) in keys {
        let is = |want: &str| match flag {
            "--buffer" => entry
                .bindings
                .iter()
                .any(|r| (r.group, r.binding) == (g, b)),
            _ => entry.resources.iter().any(|r| {
                (r.group, r.binding) == (g, b)
                    && (r.kind == tessera::pipeline::HandleKind::Sampler
                        || r.kind == tessera::pipeline::HandleKind::ComparisonSampler)
                        == (want == "sampler")
            }),
        };
        let want = match flag {
            "--buffer" => "buffer",
            "--texture" => "texture",
            _ => "sampler",
        };
        if !is(want) {
            return Err(RunError::usage(format!(
                "{flag} {g}:{b}: entry point `{}` has no {want} at @group({g}) @binding({b}) (its bindings: {})",
                entry.name,
                listing()
            )));
        }
    }
    let mut out = Vec::with_capacity(entry.bindings.len() + entry.resources.len());
    for r in &entry.bindings {
        let what = format!(
            "binding {}:{} `{}: {}`",
            r.group, r.binding, r.name, r.type_name
        );
        let bytes = match given.buffers.get(&(r.group, r.binding)) {
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
        out.push(Bound {
            group: r.group,
            binding: r.binding,
            name: r.name.clone(),
            type_name: r.type_name.clone(),
            writable: r.space == AddressSpace::Storage && r.access != Access::Read,
            resource: Resource::Buffer {
                uniform: r.space == AddressSpace::Uniform,
                data: bytes,
                guard_in_range: !r.layout.is_runtime_sized(),
            },
            layout: Some(r.layout.clone()),
        });
    }
    for r in &entry.resources {
        let key = (r.group, r.binding);
        let what = format!("{}:{} `{}: {}`", r.group, r.binding, r.name, r.type_name);
        let (resource, writable) = match r.image {
            None => {
                let comparison = r.kind == tessera::pipeline::HandleKind::ComparisonSampler;
                let mut s = given.samplers.get(&key).copied().unwrap_or(Sampler {
                    linear: false,
                    address: ash::vk::SamplerAddressMode::CLAMP_TO_EDGE,
                    compare: None,
                });
                if comparison && s.compare.is_none() {
                    s.compare = Some(ash::vk::CompareOp::LESS);
                }
                if !comparison && s.compare.is_some() {
                    return Err(RunError::usage(format!(
                        "--sampler {}:{}: `{}` is not a comparison sampler",
                        r.group, r.binding, r.name
                    )));
                }
                (Resource::Sampler(s), false)
            }
            Some((dim, arrayed, class)) => {
                use ash::vk::ImageViewType as V;
                use tessera::ir::{ImageClass, ImageDimension as D};
                let view = match (dim, arrayed) {
                    (D::D1, _) => V::TYPE_1D,
                    (D::D2, false) => V::TYPE_2D,
                    (D::D2, true) => V::TYPE_2D_ARRAY,
                    (D::D3, _) => V::TYPE_3D,
                    (D::Cube, false) => V::CUBE,
                    (D::Cube, true) => V::CUBE_ARRAY,
                    (D::Buffer, _) => {
                        return Err(RunError::usage(format!(
                            "{what}: texel buffers are not supported by the runner yet"
                        )))
                    }
                };
                if class.is_multisampled() || matches!(class, ImageClass::External) {
                    return Err(RunError::usage(format!(
                        "{what}: multisampled and external textures are not supported by the runner yet"
                    )));
                }
                let storage = matches!(class, ImageClass::Storage { .. });
                let writable = matches!(
                    class,
                    ImageClass::Storage { access, .. } if access != Access::Read
                );
                let init = given.textures.get(&key).ok_or_else(|| {
                    RunError::usage(format!(
                        "texture {what} needs a size: --texture {}:{}=WxH[xD][/LEVELS][:INIT]",
                        r.group, r.binding
                    ))
                })?;
                let mut size = init.size;
                if matches!(view, V::CUBE | V::CUBE_ARRAY) && size[2] % 6 != 0 {
                    return Err(RunError::usage(format!(
                        "{what}: a cube texture's layer count (the size's third number) must be a multiple of 6"
                    )));
                }
                if view == V::TYPE_1D {
                    size[1] = 1;
                }
                let mut t = Texture {
                    storage,
                    format: crate::texel::Format::for_class(class),
                    view,
                    size,
                    levels: init.levels,
                    data: Vec::new(),
                };
                // A binding array of N textures: N textures of the size
                // given, their texels one after another.
                let count = u64::from(r.count.max(1));
                t.data = match &init.data {
                    Some(d) => d.clone(),
                    None => vec![0; (t.bytes() * count) as usize],
                };
                if count > 1 {
                    let one = t.bytes() as usize;
                    if t.data.len() as u64 != t.bytes() * count {
                        return Err(RunError::usage(format!(
                            "texture {what}: {} bytes given; a binding array of {count} textures of {} bytes needs {}",
                            t.data.len(),
                            one,
                            t.bytes() * count
                        )));
                    }
                    let all = std::mem::take(&mut t.data);
                    let ts = all
                        .chunks(one.max(1))
                        .map(|c| Texture {
                            data: c.to_vec(),
                            ..t.clone()
                        })
                        .collect();
                    (Resource::Textures(ts), false)
                } else if t.data.len() as u64 != t.bytes() {
                    return Err(RunError::usage(format!(
                        "texture {what}: {} bytes given; {} levels of {}x{}x{} {:?} texels need {}",
                        t.data.len(),
                        t.levels,
                        size[0],
                        size[1],
                        size[2],
                        t.format.vk,
                        t.bytes()
                    )));
                } else {
                    (Resource::Texture(t), writable)
                }
            }
        };
        out.push(Bound {
            group: r.group,
            binding: r.binding,
            name: r.name.clone(),
            type_name: r.type_name.clone(),
            writable,
            resource,
            layout: None,
        });
    }
    out.sort_by_key(|b| (b.group, b.binding));
    Ok(out)
}

/// What a run leaves.
#[derive(Clone, Debug)]
pub struct RunOutput {
    /// Every binding after the dispatch (read-only ones unchanged).
    pub bound: Vec<Bound>,
    /// Writes outside a binding, seen in the guard bytes around it.
    pub violations: Vec<GuardViolation>,
}

/// Dispatches `compiled` over `groups` workgroups with `bound` bound.
pub fn run(
    device: &Device,
    compiled: &Compiled,
    bound: Vec<Bound>,
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
    let bindings: Vec<Binding> = bound
        .iter()
        .map(|b| Binding {
            group: b.group,
            binding: b.binding,
            resource: b.resource.clone(),
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
    let bound = bound
        .into_iter()
        .zip(done.contents)
        .map(|(mut b, bytes)| {
            match &mut b.resource {
                Resource::Buffer { data, .. } => *data = bytes,
                Resource::Texture(t) => t.data = bytes,
                Resource::Textures(_) | Resource::Sampler(_) | Resource::Table(_) => {}
            }
            b
        })
        .collect();
    Ok(RunOutput {
        bound,
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

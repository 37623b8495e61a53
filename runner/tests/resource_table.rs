//! Execution of `chromium_experimental_resource_table`: a shader compiled
//! by tessera reads a resource table bound as Chrome binds it (a metadata
//! storage buffer, and one binding of combined image-sampler descriptors:
//! the application's slots, then the 35 default resources in Dawn's
//! order). The expected values follow from the extension's definition
//! (`docs/guide/resource-tables.md`), worked out by hand below.
//!
//! On lavapipe (no `runtimeDescriptorArray`) the table has a fixed
//! capacity; on a device with it, the runtime-sized table Chrome uses is
//! run as well. Like the execution suite, this needs a Vulkan device.

mod common;

use ash::vk;
use common::{device, vec4s};
use tessera::ir::{ImageClass, ResourceBinding, Scalar};
use tessera::pipeline::{ResourceTableOptions, ResourceType, DEFAULT_ORDER};
use tessera_runner::texel::Format;
use tessera_runner::vulkan::{
    Binding, Device, PipelineFlags, Resource, Sampler, TableEntry, Texture,
};

/// A 1x1 sampled texture of `kind` holding `texel` (its bits, as the
/// format of `texture_2d<kind>` stores them).
fn texture(kind: Scalar, texel: [u32; 4]) -> Texture {
    Texture {
        storage: false,
        format: Format::for_class(ImageClass::Sampled {
            kind,
            multisampled: false,
        }),
        view: vk::ImageViewType::TYPE_2D,
        size: [1, 1, 1],
        levels: 1,
        data: texel.iter().flat_map(|c| c.to_le_bytes()).collect(),
    }
}

fn f32_texture(texel: [f32; 4]) -> Texture {
    texture(Scalar::F32, texel.map(f32::to_bits))
}

fn sampler(linear: bool) -> Sampler {
    Sampler {
        linear,
        address: vk::SamplerAddressMode::CLAMP_TO_EDGE,
        compare: None,
    }
}

const SHADER: &str = "
enable chromium_experimental_resource_table;
@group(0) @binding(0) var<storage, read_write> o: array<vec4f, 7>;
@compute @workgroup_size(1) fn main() {
    o[0] = vec4f(f32(hasResource<texture_2d<f32>>(0u)), f32(hasResource<texture_2d<u32>>(0u)), f32(hasResource<sampler>(2i)), f32(hasResource<texture_2d<f32>>(7u)));
    o[1] = textureLoad(getResource<texture_2d<f32>>(0u), vec2u(0), 0);
    o[2] = vec4f(textureLoad(getResource<texture_2d<u32>>(0u), vec2u(0), 0));
    o[3] = textureSampleLevel(getResource<texture_2d<f32>>(1u), getResource<sampler>(2u), vec2f(0.5), 0.0);
    o[4] = textureSampleLevel(getResource<texture_2d<f32>>(0u), getResource<sampler>(2u), vec2f(0.5), 0.0);
    o[5] = textureSampleLevel(getResource<texture_2d<f32>>(1u), getResource<sampler>(3u), vec2f(0.5), 0.0);
    o[6] = textureLoad(getResource<texture_2d<f32>>(-1i), vec2u(0), 0);
}";

const A: [f32; 4] = [1.0, 2.0, 3.0, 4.0];
const B: [f32; 4] = [-5.5, 6.25, 0.0, 1e6];
/// The default `texture_2d<f32>` (filterable) and `texture_2d<u32>`.
const DEFAULT_F32: [f32; 4] = [0.25, 0.5, 0.75, 1.0];
const DEFAULT_U32: [u32; 4] = [7, 8, 9, 10];

/// The application's four slots (a filterable and an unfilterable
/// `texture_2d<f32>`, a filtering and a non-filtering sampler), then the
/// defaults; only the two defaults the shader can read hold data.
fn table() -> (Vec<u32>, Vec<TableEntry>) {
    let slots = [
        ResourceType::Texture2dF32Filterable,
        ResourceType::Texture2dF32Unfilterable,
        ResourceType::SamplerFiltering,
        ResourceType::SamplerNonFiltering,
    ];
    let mut metadata = vec![slots.len() as u32];
    metadata.extend(slots.iter().map(|&k| k as u32));
    let mut entries = vec![
        TableEntry {
            texture: Some(f32_texture(A)),
            sampler: None,
        },
        TableEntry {
            texture: Some(f32_texture(B)),
            sampler: None,
        },
        TableEntry {
            texture: None,
            sampler: Some(sampler(true)),
        },
        TableEntry {
            texture: None,
            sampler: Some(sampler(false)),
        },
    ];
    for kind in DEFAULT_ORDER {
        entries.push(match kind {
            ResourceType::Texture2dF32Filterable => TableEntry {
                texture: Some(f32_texture(DEFAULT_F32)),
                sampler: None,
            },
            ResourceType::Texture2dU32 => TableEntry {
                texture: Some(texture(Scalar::U32, DEFAULT_U32)),
                sampler: None,
            },
            _ => TableEntry::default(),
        });
    }
    (metadata, entries)
}

fn run(device: &Device, capacity: Option<u32>) -> Vec<[f32; 4]> {
    let (metadata, mut entries) = table();
    if let Some(n) = capacity {
        entries.truncate(n as usize);
    }
    let mut options = tessera::CompileOptions::default();
    options.pipeline.resource_table = ResourceTableOptions {
        metadata: ResourceBinding {
            group: 1,
            binding: 0,
        },
        table: ResourceBinding {
            group: 1,
            binding: 1,
        },
        capacity,
        ..Default::default()
    };
    let out = tessera::compile_to_spirv(SHADER, &options).unwrap_or_else(|e| panic!("{e}"));
    let bindings = [
        Binding {
            group: 0,
            binding: 0,
            resource: Resource::Buffer {
                uniform: false,
                data: vec![0; 16 * 7],
                guard_in_range: true,
            },
        },
        Binding {
            group: 1,
            binding: 0,
            resource: Resource::Buffer {
                uniform: false,
                data: metadata.iter().flat_map(|w| w.to_le_bytes()).collect(),
                // The length of `bindings` is the range: keep it exact.
                guard_in_range: false,
            },
        },
        Binding {
            group: 1,
            binding: 1,
            resource: Resource::Table(entries),
        },
    ];
    let done = device
        .dispatch(
            &out.words,
            "main",
            &bindings,
            [1, 1, 1],
            PipelineFlags::default(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(done.violations.is_empty(), "{:?}", done.violations);
    vec4s(&done.contents[0])
}

/// What the extension's definition gives for [`SHADER`] over [`table`].
fn expected() -> Vec<[f32; 4]> {
    vec![
        // Slot 0 holds a filterable texture_2d<f32>: a texture_2d<f32>,
        // not a texture_2d<u32>; slot 2 a filtering sampler; slot 7 is
        // past the four slots.
        [1.0, 0.0, 1.0, 0.0],
        // Slot 0 itself.
        A,
        // Slot 0 holds no texture_2d<u32>: the default one.
        DEFAULT_U32.map(|c| c as f32),
        // An unfilterable texture with a filtering sampler: zero.
        [0.0; 4],
        // Filterable with filtering: a 1x1 texture samples as its texel.
        A,
        // Unfilterable with a non-filtering sampler.
        B,
        // u32(-1) is past the slots: the default texture_2d<f32>.
        DEFAULT_F32,
    ]
}

/// A table of 18 descriptors: the four slots and the first 14 defaults,
/// which hold the two the shader reads (`texture_2d<f32>` filterable is
/// default 1, `texture_2d<u32>` default 13). Lavapipe allows 32 samplers
/// per stage, fewer than Chrome's four slots plus 35 defaults (each
/// combined image-sampler descriptor counts as a sampler).
#[test]
fn a_fixed_capacity_table_runs_as_defined() {
    let device = device();
    assert_eq!(DEFAULT_ORDER[1], ResourceType::Texture2dF32Filterable);
    assert_eq!(DEFAULT_ORDER[13], ResourceType::Texture2dU32);
    assert_eq!(run(&device, Some(18)), expected());
}

#[test]
fn a_runtime_sized_table_runs_as_defined_where_the_device_can() {
    let device = device();
    if !device.info.runtime_descriptor_array {
        eprintln!(
            "{} has no runtimeDescriptorArray: the fixed-capacity test covers it",
            device.info.name
        );
        return;
    }
    assert_eq!(run(&device, None), expected());
}

//! Resource tables ([`Resource::Table`]): one binding of combined
//! image-sampler descriptors that the shader reads through variables of
//! other types aliasing it (an array of sampled images, an array of
//! samplers), as Dawn's Vulkan backend binds Chrome's resource tables.
//!
//! Like the execution suite, these tests need a Vulkan device (lavapipe
//! on a machine without a GPU) and fail without one.

mod common;

use ash::vk;
use common::{device, vec4s};
use spirv_tools::assembler::Assembler;
use spirv_tools::val::Validator;
use tessera::ir::{ImageClass, Scalar};
use tessera_runner::run;
use tessera_runner::texel::Format;
use tessera_runner::vulkan::{Binding, PipelineFlags, Resource, Sampler, TableEntry, Texture};

/// A sampled `texture_2d<f32>` (`rgba32float`, one level) of `texels`
/// in a row.
fn texture(texels: &[[f32; 4]]) -> Texture {
    Texture {
        storage: false,
        format: Format::for_class(ImageClass::Sampled {
            kind: Scalar::F32,
            multisampled: false,
        }),
        view: vk::ImageViewType::TYPE_2D,
        size: [texels.len() as u32, 1, 1],
        levels: 1,
        data: texels
            .iter()
            .flatten()
            .flat_map(|c| c.to_le_bytes())
            .collect(),
    }
}

fn nearest(address: vk::SamplerAddressMode) -> Sampler {
    Sampler {
        linear: false,
        address,
        compare: None,
    }
}

/// An `array<vec4f, n>` storage buffer of zeros at `@group(0) @binding(1)`.
fn output(n: usize) -> Binding {
    Binding {
        group: 0,
        binding: 1,
        resource: Resource::Buffer {
            uniform: false,
            data: vec![0; 16 * n],
            guard_in_range: true,
        },
    }
}

/// Tessera's `binding_array<texture_2d<f32>, 3>` (sampled images) reads a
/// table of three entries, one of which also holds a sampler.
#[test]
fn wgsl_binding_array_reads_a_table() {
    let device = device();
    let source = "
        @group(0) @binding(0) var t: binding_array<texture_2d<f32>, 3>;
        @group(0) @binding(1) var<storage, read_write> o: array<vec4f, 3>;
        @compute @workgroup_size(1) fn main() {
            for (var i = 0u; i < 3u; i++) { o[i] = textureLoad(t[i], vec2u(0), 0); }
        }";
    let compiled =
        run::compile(&device, source, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
    let texels = [
        [1.0, 2.0, 3.0, 4.0],
        [-5.5, 6.25, 0.0, 1e6],
        [7.0, -8.0, 9.5, -0.125],
    ];
    let entries = texels
        .iter()
        .enumerate()
        .map(|(k, t)| TableEntry {
            texture: Some(texture(&[*t])),
            sampler: (k == 1).then(|| nearest(vk::SamplerAddressMode::REPEAT)),
        })
        .collect();
    let bindings = [
        Binding {
            group: 0,
            binding: 0,
            resource: Resource::Table(entries),
        },
        output(3),
    ];
    let done = device
        .dispatch(
            &compiled.output.words,
            "main",
            &bindings,
            [1, 1, 1],
            PipelineFlags::default(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(done.contents[0].is_empty(), "a table reads back as nothing");
    assert_eq!(vec4s(&done.contents[1]), texels);
    assert!(done.violations.is_empty(), "{:?}", done.violations);
}

/// Hand-written SPIR-V in the shape of Dawn's resource tables: an array of
/// sampled images and an array of samplers, both at `@group(0)
/// @binding(0)`. Entry 0 holds only a texture (its sampler is the
/// placeholder), entries 1 and 2 only samplers (their images are the
/// placeholder). The texture (2x1: `A`, `B`) is sampled at u = 1.25 with
/// each sampler: clamping gives `B`, repeating (u = 0.25) gives `A`.
const ALIASED: &str = "
    OpCapability Shader
    OpMemoryModel Logical GLSL450
    OpEntryPoint GLCompute %main \"main\"
    OpExecutionMode %main LocalSize 1 1 1
    OpDecorate %textures DescriptorSet 0
    OpDecorate %textures Binding 0
    OpDecorate %samplers DescriptorSet 0
    OpDecorate %samplers Binding 0
    OpDecorate %out DescriptorSet 0
    OpDecorate %out Binding 1
    OpDecorate %Out Block
    OpMemberDecorate %Out 0 Offset 0
    OpDecorate %vec4s ArrayStride 16
    %void = OpTypeVoid
    %fn = OpTypeFunction %void
    %f32 = OpTypeFloat 32
    %u32 = OpTypeInt 32 0
    %v2 = OpTypeVector %f32 2
    %v4 = OpTypeVector %f32 4
    %c0 = OpConstant %u32 0
    %c1 = OpConstant %u32 1
    %c2 = OpConstant %u32 2
    %c3 = OpConstant %u32 3
    %lod = OpConstant %f32 0
    %u = OpConstant %f32 1.25
    %v = OpConstant %f32 0.5
    %uv = OpConstantComposite %v2 %u %v
    %image = OpTypeImage %f32 2D 0 0 0 1 Unknown
    %sampler = OpTypeSampler
    %sampled = OpTypeSampledImage %image
    %images = OpTypeArray %image %c3
    %samplers_t = OpTypeArray %sampler %c3
    %p_images = OpTypePointer UniformConstant %images
    %p_samplers = OpTypePointer UniformConstant %samplers_t
    %p_image = OpTypePointer UniformConstant %image
    %p_sampler = OpTypePointer UniformConstant %sampler
    %vec4s = OpTypeArray %v4 %c2
    %Out = OpTypeStruct %vec4s
    %p_Out = OpTypePointer StorageBuffer %Out
    %p_v4 = OpTypePointer StorageBuffer %v4
    %textures = OpVariable %p_images UniformConstant
    %samplers = OpVariable %p_samplers UniformConstant
    %out = OpVariable %p_Out StorageBuffer
    %main = OpFunction %void None %fn
    %entry = OpLabel
    %tp = OpAccessChain %p_image %textures %c0
    %t = OpLoad %image %tp
    %s1p = OpAccessChain %p_sampler %samplers %c1
    %s1 = OpLoad %sampler %s1p
    %ts1 = OpSampledImage %sampled %t %s1
    %r1 = OpImageSampleExplicitLod %v4 %ts1 %uv Lod %lod
    %o0 = OpAccessChain %p_v4 %out %c0 %c0
    OpStore %o0 %r1
    %s2p = OpAccessChain %p_sampler %samplers %c2
    %s2 = OpLoad %sampler %s2p
    %ts2 = OpSampledImage %sampled %t %s2
    %r2 = OpImageSampleExplicitLod %v4 %ts2 %uv Lod %lod
    %o1 = OpAccessChain %p_v4 %out %c0 %c1
    OpStore %o1 %r2
    OpReturn
    OpFunctionEnd
";

#[test]
fn aliased_image_and_sampler_arrays_read_a_table() {
    let env = spirv_tools::TargetEnv::Vulkan_1_1;
    let words = spirv_tools::assembler::create(Some(env))
        .assemble(ALIASED, Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    spirv_tools::val::create(Some(env))
        .validate(words.as_words(), None)
        .unwrap_or_else(|e| panic!("{e}"));
    let device = device();
    let a = [1.0, 2.0, 3.0, 4.0];
    let b = [10.0, 20.0, 30.0, 40.0];
    let entries = vec![
        TableEntry {
            texture: Some(texture(&[a, b])),
            sampler: None,
        },
        TableEntry {
            texture: None,
            sampler: Some(nearest(vk::SamplerAddressMode::CLAMP_TO_EDGE)),
        },
        TableEntry {
            texture: None,
            sampler: Some(nearest(vk::SamplerAddressMode::REPEAT)),
        },
    ];
    let bindings = [
        Binding {
            group: 0,
            binding: 0,
            resource: Resource::Table(entries),
        },
        output(2),
    ];
    let done = device
        .dispatch(
            words.as_words(),
            "main",
            &bindings,
            [1, 1, 1],
            PipelineFlags::default(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(vec4s(&done.contents[1]), [b, a]);
    assert!(done.violations.is_empty(), "{:?}", done.violations);
}

/// An empty table, or one holding a storage texture, is a usage error.
#[test]
fn empty_and_storage_tables_are_refused() {
    let device = device();
    let words = run::compile(
        &device,
        "@group(0) @binding(1) var<storage, read_write> o: array<vec4f, 1>;
         @compute @workgroup_size(1) fn main() { o[0] = vec4f(1); }",
        &Default::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"))
    .output
    .words;
    let mut storage = texture(&[[0.0; 4]]);
    storage.storage = true;
    for entries in [
        Vec::new(),
        vec![TableEntry {
            texture: Some(storage),
            sampler: None,
        }],
    ] {
        let bindings = [
            Binding {
                group: 0,
                binding: 0,
                resource: Resource::Table(entries),
            },
            output(1),
        ];
        let e = device
            .dispatch(
                &words,
                "main",
                &bindings,
                [1, 1, 1],
                PipelineFlags::default(),
            )
            .expect_err("the table is refused");
        assert!(matches!(e, tessera_runner::RunError::Usage(_)), "{e}");
    }
}

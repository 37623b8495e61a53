// textureStore converts to the storage format (WebGPU/Vulkan format
// conversion rules): unorm8 stores round(clamp(v, 0, 1) * 255), snorm8
// round(clamp(v, -1, 1) * 127); values chosen away from rounding ties:
// 0.2 * 255 = 51 exactly, 0.6 * 255 = 153. rgba16float stores the
// nearest f16 (1.5 and -2 are exact; 65504 is the largest finite f16).
// r32uint stores the value as is. Normalized channels read back as the
// stored integers.
// texture 0:0 = 2x1
// texture 0:1 = 2x1
// texture 0:2 = 1x1
// texture 0:3 = 3x1
// expect 0:0 = u32:0, 51, 255, 255, 255, 0, 153, 0
// expect 0:1 = i32:-127, 127, 0, -127, 127, -127, 0, 127
// expect 0:2 = f16:1.5, -2, 65504, 0
// expect 0:3 = u32:0, 4294967295, 123456789

@group(0) @binding(0) var t_unorm: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(1) var t_snorm: texture_storage_2d<rgba8snorm, write>;
@group(0) @binding(2) var t_half: texture_storage_2d<rgba16float, write>;
@group(0) @binding(3) var words: texture_storage_1d<r32uint, write>;

@compute @workgroup_size(1)
fn main() {
    textureStore(t_unorm, vec2(0, 0), vec4(0.0, 0.2, 1.0, 7.0));
    textureStore(t_unorm, vec2(1, 0), vec4(1.0, -3.0, 0.6, 0.0));
    textureStore(t_snorm, vec2(0, 0), vec4(-1.0, 1.0, 0.0, -5.0));
    textureStore(t_snorm, vec2(1, 0), vec4(2.0, -1.0, 0.0, 1.0));
    textureStore(t_half, vec2(0u, 0u), vec4(1.5, -2.0, 65504.0, 0.0));
    textureStore(words, 0, vec4(0u));
    textureStore(words, 1, vec4(4294967295u));
    textureStore(words, 2, vec4(123456789u, 1u, 2u, 3u));
}

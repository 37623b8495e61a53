// Uniform buffers with the storage layout rules (the language feature
// uniform_buffer_standard_layout, which the default target supports):
// array strides and struct alignments are not rounded up to 16, and a
// member may follow a struct member at once. The SPIR-V needs the Vulkan
// device feature uniformBufferStandardLayout (the reflection says so; the
// snapshot test validates it with spirv-val's option of that name).
requires uniform_buffer_standard_layout;

struct Inner {
    x: f32,
}

struct Params {
    v: vec3<f32>,
    f: f32,        // offset 12, after a vec3
    small: array<f32, 2>, // offset 16, stride 4
    g: f32,        // offset 24, after a small array
    inner: Inner,  // offset 28, a struct aligned to 4
    h: f32,        // offset 32, 4 bytes after the struct member
    m: array<mat3x2<f32>, 2>, // offset 40, stride 24 (columns 8 apart)
}

@group(0) @binding(0) var<uniform> input: array<u32, 4>;
@group(0) @binding(1) var<uniform> params: Params;
@group(0) @binding(2) var<storage, read_write> out: array<f32, 8>;

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
    out[0] = f32(input[0] + input[3]);
    out[1] = f32(input[i % 4u]);
    out[2] = params.f + params.v.z;
    out[3] = params.small[1] + params.small[i % 2u];
    out[4] = params.g + params.inner.x + params.h;
    out[5] = params.m[1][2].y;
    out[6] = params.m[i % 2u][i % 3u].x;
    let m = params.m[0];
    out[7] = m[1].x;
}

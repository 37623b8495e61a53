// binding_array<T, N> (language feature sized_binding_array): N sampled
// textures at one binding, indexed by a constant or a runtime value
// (clamped to N - 1), and passed to a function.
@group(0) @binding(0) var textures: binding_array<texture_2d<f32>, 4>;
@group(0) @binding(1) var<uniform> index: u32;
@group(0) @binding(2) var<storage, read_write> out: vec4<f32>;

fn last(ts: binding_array<texture_2d<f32>, 4>) -> vec4<f32> {
    return textureLoad(ts[3], vec2<i32>(0, 0), 0);
}

@compute @workgroup_size(1)
fn main() {
    out = textureLoad(textures[index], vec2<i32>(0, 0), 0) + textureLoad(textures[0], vec2<i32>(1, 0), 0) + last(textures);
}

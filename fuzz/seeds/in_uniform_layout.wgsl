// Uniform address space layout: 16-byte array strides, vec3 and matrix members.
struct Light {
    position: vec3<f32>,
    intensity: f32,
    color: vec3<f32>,
}

struct Scene {
    view: mat4x4<f32>,
    lights: array<Light, 4>,
    light_count: u32,
    exposure: f32,
    @align(16) padded: array<vec4<u32>, 2>,
    rot: mat3x3<f32>,
    pairs: array<vec4<f32>, 3>,
}

@group(0) @binding(0) var<uniform> scene: Scene;
@group(1) @binding(0) var<storage, read_write> result: array<vec4<f32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    var total = vec3f(0.0);
    for (var i = 0u; i < min(scene.light_count, 4u); i++) {
        let l = scene.lights[i];
        total += l.color * l.intensity / max(length(l.position), 0.001);
    }
    let p = scene.pairs[gid.x % 3u];
    let extra = f32(scene.padded[gid.x & 1u].z);
    result[gid.x] = scene.view * vec4f(scene.rot * total * scene.exposure, p.x + p.y + extra);
}

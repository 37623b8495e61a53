// Runtime-sized arrays: bare and as the last struct member, arrayLength.
struct Particles {
    count: u32,
    gravity: f32,
    items: array<Particle>,
}

struct Particle {
    position: vec3<f32>,
    mass: f32,
    velocity: vec3<f32>,
}

@group(0) @binding(0) var<storage, read_write> particles: Particles;
@group(0) @binding(1) var<storage, read> forces: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> lengths: array<u32, 2>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let n = min(arrayLength(&particles.items), particles.count);
    if gid.x >= n {
        return;
    }
    let f = forces[gid.x % arrayLength(&forces)];
    let p = &particles.items[gid.x];
    (*p).velocity += (f.xyz / (*p).mass + vec3f(0.0, -particles.gravity, 0.0)) * f.w;
    p.position += p.velocity * f.w;
    if gid.x == 0u {
        lengths[0] = arrayLength(&particles.items);
        lengths[1] = arrayLength(&forces);
    }
}

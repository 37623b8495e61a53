// A storage struct ending in a runtime-sized array of structs with vec3
// members, read and written in place (spec, "Structure Types": only the last
// member may be a runtime-sized array; "Alignment and Size"):
//   struct Particle { pos: vec3<f32> (offset 0), mass: f32 (12), vel: vec2<f32> (16) }
//     AlignOf 16, SizeOf roundUp(16, 24) = 32
//   struct World { count: u32 (0), dt: f32 (4), particles: array<Particle> (16, stride 32) }
// The input is given as raw words in that layout: count 0, dt 0.5, 2 padding
// words, then three particles of 8 words (pos, mass, vel, 2 padding words):
//   Particle 0: pos (1, 2, 3) mass 1 vel (2, 4)
//   Particle 1: pos (0, 0, 0) mass 2 vel (-2, 8)
//   Particle 2: pos (10, 20, 30) mass 0.5 vel (1, 1)
// The shader sets count = arrayLength = 3 and, for each particle through a
// ptr<storage, Particle, read_write>:
//   pos.xy += vel * dt, pos.z += mass, mass *= 2, vel = vel.yx
//   Particle 0: pos (2, 4, 4), mass 2, vel (4, 2)
//   Particle 1: pos (-1, 4, 2), mass 4, vel (8, -2)
//   Particle 2: pos (10.5, 20.5, 30.5), mass 1, vel (1, 1)
// Padding words are left alone (the harness does not read them).
// buffer 0:0 = f32:0, 0.5, 0, 0, 1, 2, 3, 1, 2, 4, 0, 0, 0, 0, 0, 2, -2, 8, 0, 0, 10, 20, 30, 0.5, 1, 1, 0, 0
// expect 0:0 = 3, 0.5, 2, 4, 4, 2, 4, 2, -1, 4, 2, 4, 8, -2, 10.5, 20.5, 30.5, 1, 1, 1

struct Particle {
    pos: vec3<f32>,
    mass: f32,
    vel: vec2<f32>,
}
struct World {
    count: u32,
    dt: f32,
    particles: array<Particle>,
}

@group(0) @binding(0) var<storage, read_write> world: World;

fn step(p: ptr<storage, Particle, read_write>, dt: f32) {
    (*p).pos = vec3((*p).pos.xy + (*p).vel * dt, (*p).pos.z + (*p).mass);
    (*p).mass *= 2.0;
    (*p).vel = (*p).vel.yx;
}

@compute @workgroup_size(1)
fn main() {
    let n = arrayLength(&world.particles);
    world.count = n;
    for (var i = 0u; i < n; i++) {
        step(&world.particles[i], world.dt);
    }
}

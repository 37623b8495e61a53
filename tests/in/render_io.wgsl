// Vertex and fragment stages: IO structures, every interpolation type and
// sampling, @invariant, render builtin values, dual-source blending,
// clip distances and primitive_index.
enable dual_source_blending;
enable clip_distances;
enable primitive_index;

struct VertexIn {
    @location(0) position: vec3f,
    @location(1) uv: vec2f,
    @location(2) @interpolate(flat) material: u32,
}

struct VertexOut {
    @invariant @builtin(position) position: vec4f,
    @location(0) uv: vec2f,
    @location(1) @interpolate(linear) screen: vec2f,
    @location(2) @interpolate(flat) material: u32,
    @location(3) @interpolate(perspective, centroid) tint: vec3f,
    @location(4) @interpolate(linear, sample) fog: f32,
    @location(5) @interpolate(flat, first) layer: i32,
    @location(6) @interpolate(flat, either) flags: vec2u,
    @builtin(clip_distances) clip: array<f32, 2>,
}

@vertex
fn vs(v: VertexIn, @builtin(vertex_index) vi: u32, @builtin(instance_index) ii: u32) -> VertexOut {
    var o: VertexOut;
    let offset = f32(ii) * 0.5;
    o.position = vec4f(v.position.xy + vec2f(offset, 0.0), v.position.z, 1.0);
    o.uv = v.uv;
    o.screen = o.position.xy;
    o.material = v.material;
    o.tint = vec3f(f32(vi & 1u), f32(vi & 2u), 1.0);
    o.fog = v.position.z;
    o.layer = i32(ii);
    o.flags = vec2u(vi, ii);
    o.clip = array(v.position.x, -v.position.x);
    return o;
}

// The fragment stage reads the same locations (clip distances are a
// vertex output only).
struct FragmentIn {
    @builtin(position) position: vec4f,
    @location(0) uv: vec2f,
    @location(1) @interpolate(linear) screen: vec2f,
    @location(2) @interpolate(flat) material: u32,
    @location(3) @interpolate(perspective, centroid) tint: vec3f,
    @location(4) @interpolate(linear, sample) fog: f32,
}

struct FragmentOut {
    @location(0) @blend_src(0) color: vec4f,
    @location(0) @blend_src(1) blend: vec4f,
    @builtin(sample_mask) mask: u32,
}

@fragment
fn fs(
    v: FragmentIn,
    @builtin(front_facing) front: bool,
    @builtin(sample_index) sample: u32,
    @builtin(sample_mask) coverage: u32,
    @builtin(primitive_index) primitive: u32,
) -> FragmentOut {
    let shade = select(0.25, 1.0, front) * (1.0 - v.fog);
    let c = vec4f(v.tint * shade, f32(v.material + primitive) / 255.0);
    return FragmentOut(c, vec4f(v.uv, v.screen), coverage & ~(1u << sample));
}

// A second fragment entry point: a plain location output.
@fragment
fn fs_simple(@location(0) uv: vec2f, @builtin(position) p: vec4f) -> @location(0) vec4f {
    return vec4f(uv, p.z, 1.0);
}

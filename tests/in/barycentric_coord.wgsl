// Chromium's `chromium_experimental_barycentric_coord`, as Tint accepts it:
// the fragment's barycentric coordinates, a vec3<f32> input (SPIR-V
// BaryCoordKHR with SPV_KHR_fragment_shader_barycentric; MSL 2.2's
// [[barycentric_coord]]).
enable chromium_experimental_barycentric_coord;

struct In {
    @builtin(barycentric_coord) bary: vec3f,
    @location(0) color: vec4f,
}

@fragment
fn weights(@builtin(barycentric_coord) bary: vec3f) -> @location(0) vec4f {
    return vec4f(bary, bary.x + bary.y + bary.z);
}

@fragment
fn blend(input: In) -> @location(0) vec4f {
    return input.color * input.bary.y;
}

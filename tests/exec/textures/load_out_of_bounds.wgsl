// textureLoad out of bounds (coordinate, level and layer): WGSL's
// robustness clamps or returns zero, so the value is open (`any`), but the
// load must not fault and in-bounds loads around it stay exact. The
// in-bounds texel (1, 1) of level 0 holds 4.
// bounds-checks: on
// texture 0:0 = 2x2:f32:1,0,0,0, 2,0,0,0, 3,0,0,0, 4,0,0,0
// buffer 0:2 = i32:5, -1, 1
// expect 0:1 = f32:any, any, any, 4, 4

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> r: array<f32, 5>;
@group(0) @binding(2) var<storage, read> k: array<i32, 3>;

@compute @workgroup_size(1)
fn main() {
    r[0] = textureLoad(t, vec2(k[0], 0), 0).r;
    r[1] = textureLoad(t, vec2(0, k[1]), 0).r;
    r[2] = textureLoad(t, vec2(0, 0), k[0]).r;
    r[3] = textureLoad(t, vec2(k[2], k[2]), 0).r;
    r[4] = textureLoad(t, vec2(1, 1), 0).r;
}

// Const declarations, const-evaluated builtins and const_assert.
const TILE: u32 = 8u;
const TILE_AREA = TILE * TILE;
const PI = 3.14159265358979;
const HALF_ANGLE = sin(PI / 6.0);
const SQRT2 = sqrt(2.0);
const MASK = (1u << TILE) - 1u;
const LOG = countOneBits(MASK) + firstLeadingBit(TILE_AREA);
const CLAMPED = clamp(-5, 0, 10);
const V = normalize(vec3(3.0, 0.0, 4.0));
const M = mat2x2(1.0, 2.0, 3.0, 4.0) * mat2x2(0.0, 1.0, 1.0, 0.0);
const PACKED = pack4x8unorm(vec4(1.0, 0.5, 0.0, 1.0));
const SEL = select(10, 20, TILE > 4u);
const ARR = array(TILE, TILE_AREA, MASK);
const POW = pow(2.0, 10.0);

const_assert TILE_AREA == 64u;
const_assert LOG == 14u;
const_assert abs(HALF_ANGLE - 0.5) < 1e-6;
const_assert CLAMPED == 0 && SEL == 20;

@group(0) @binding(0) var<storage, read_write> out: array<f32, TILE_AREA>;

fn helper() -> f32 {
    const local = max(SQRT2, 1.0) * 2.0;
    const_assert local > 2.8;
    return local;
}

@compute @workgroup_size(TILE, TILE)
fn main(@builtin(local_invocation_index) i: u32) {
    let m = M;
    out[i] = helper() + V.z + m[0][1] + f32(PACKED & 0xffu) + f32(ARR[i % 3u]) + POW;
}

// Subgroup reductions subgroupAdd / Mul / Min / Max on u32, i32, f32 and
// vectors, in uniform control flow, with inputs chosen so the result does not
// depend on the subgroup size (only IDs 0..3 differ, and every size >= 4):
// For u32: add(sid == 1 ? 7 : 0) = 7; max(sid == 2 ? 77 : 5) = 77;
//   min(sid == 3 ? 3 : 50 + sid) = 3; mul(sid < 4 ? 3 : 1) = 81.
// For i32: add(sid == 0 ? -9 : 0) = -9; min(sid == 1 ? -100 : sid) = -100 (an
//   unsigned min would give 0); max(sid == 2 ? 5 : -sid - 1) = 5 (an unsigned
//   max would give -1); mul(sid < 3 ? -1 : 1) = -1.
// For f32: add(sid < 2 ? 2.5 : 0) = 5; mul(sid < 3 ? -2 : 1) = -8;
//   min(sid == 1 ? -1.5 : sid) = -1.5; max(sid == 3 ? 9.25 : -sid) = 9.25.
// Vectors: add(vec2<u32>(sid == 0, 2 (sid == 1))) = (1, 2);
//   max(vec3<i32>(-sid, sid == 3 ? 40 : 0, -7)) = (0, 40, -7).
// Size-dependent identities, as a bit mask of failures (expect 0):
// add(1) = size, add(sid) = size (size - 1) / 2, add(0.5) = size / 2 and,
// for size < 128, mul(2.0) = 2^size, exact in f32 (built from its bits,
// (127 + size) << 23, since exp2 need not be exact).
// Results are stored result-major: out[k][invocation].
// dispatch: 2,1,1
// expect 0:0 = 7*256, 77*256, 3*256, 81*256
// expect 0:1 = -9*256, -100*256, 5*256, -1*256
// expect 0:2 = 5.0*256, -8.0*256, -1.5*256, 9.25*256
// expect 0:3 = 1*256, 2*256, 0*256, 40*256, -7*256, 0*256
enable subgroups;

@group(0) @binding(0) var<storage, read_write> ou: array<array<u32, 256>, 4>;
@group(0) @binding(1) var<storage, read_write> oi: array<array<i32, 256>, 4>;
@group(0) @binding(2) var<storage, read_write> ofl: array<array<f32, 256>, 4>;
@group(0) @binding(3) var<storage, read_write> ov: array<array<i32, 256>, 6>;

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(subgroup_invocation_id) sid: u32,
        @builtin(subgroup_size) size: u32) {
    let g = gid.x;
    let s = i32(sid);
    let f = f32(sid);
    ou[0][g] = subgroupAdd(select(0u, 7u, sid == 1u));
    ou[1][g] = subgroupMax(select(5u, 77u, sid == 2u));
    ou[2][g] = subgroupMin(select(50u + sid, 3u, sid == 3u));
    ou[3][g] = subgroupMul(select(1u, 3u, sid < 4u));
    oi[0][g] = subgroupAdd(select(0, -9, sid == 0u));
    oi[1][g] = subgroupMin(select(s, -100, sid == 1u));
    oi[2][g] = subgroupMax(select(-s - 1, 5, sid == 2u));
    oi[3][g] = subgroupMul(select(1, -1, sid < 3u));
    ofl[0][g] = subgroupAdd(select(0.0, 2.5, sid < 2u));
    ofl[1][g] = subgroupMul(select(1.0, -2.0, sid < 3u));
    ofl[2][g] = subgroupMin(select(f, -1.5, sid == 1u));
    ofl[3][g] = subgroupMax(select(-f, 9.25, sid == 3u));
    let va = subgroupAdd(vec2<u32>(select(0u, 1u, sid == 0u), select(0u, 2u, sid == 1u)));
    let vm = subgroupMax(vec3<i32>(-s, select(0, 40, sid == 3u), -7));
    ov[0][g] = i32(va.x);
    ov[1][g] = i32(va.y);
    ov[2][g] = vm.x;
    ov[3][g] = vm.y;
    ov[4][g] = vm.z;
    var b = 0u;
    let n = subgroupAdd(1u);
    let t = subgroupAdd(sid);
    let h = subgroupAdd(0.5);
    let m = subgroupMul(2.0);
    if n != size { b |= 1u; }
    if t != size * (size - 1u) / 2u { b |= 2u; }
    if h != f32(size) * 0.5 { b |= 4u; }
    if size < 128u && m != bitcast<f32>((127u + size) << 23u) { b |= 8u; }
    ov[5][g] = i32(b);
}

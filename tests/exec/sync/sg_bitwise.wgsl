// subgroupAnd / subgroupOr / subgroupXor on u32, i32 and vectors, in uniform
// control flow; inputs differ only in IDs 0..3 or depend on sid % 4, so
// results hold for any subgroup size (>= 4, a power of two):
// and(sid == 1 ? 0xf0 : 0xff) = 0xf0; or(sid == 2 ? 0x100 : 0) = 0x100;
// or(1 << sid % 4) = 0xf; xor(sid == 0 ? 0xf0f0 : 0) = 0xf0f0;
// xor(1u) = 0 (an even count of ones); xor(sid) = 0 (0 ^ 1 ^ .. ^ (size - 1)
// cancels for size a multiple of 4); xor(sid < 4 ? 1 << sid : 0) = 0xf.
// For i32: and(sid == 3 ? -2 : -1) = -2; or(sid == 1 ? i32 min : 0) = i32 min;
// xor(sid < 3 ? -1 : 0) = -1.
// Vectors: and(vec2<u32>(~(1 << sid % 4), 0xffff)) = (0xfffffff0, 0xffff);
// xor(vec3<i32>(sid == 0 ? 5 : 0, -1, sid == 2 ? -8 : 0)) = (5, 0, -8)
// (-1 an even number of times is 0).
// Results are stored result-major: out[k][invocation].
// dispatch: 2,1,1
// expect 0:0 = 0xf0*256, 0x100*256, 0xf*256, 0xf0f0*256, 0*256, 0*256, 0xf*256, 0xfffffff0*256, 0xffff*256
// expect 0:1 = -2*256, -2147483648*256, -1*256, 5*256, 0*256, -8*256
enable subgroups;

@group(0) @binding(0) var<storage, read_write> ou: array<array<u32, 256>, 9>;
@group(0) @binding(1) var<storage, read_write> oi: array<array<i32, 256>, 6>;

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(subgroup_invocation_id) sid: u32) {
    let g = gid.x;
    ou[0][g] = subgroupAnd(select(0xffu, 0xf0u, sid == 1u));
    ou[1][g] = subgroupOr(select(0u, 0x100u, sid == 2u));
    ou[2][g] = subgroupOr(1u << (sid % 4u));
    ou[3][g] = subgroupXor(select(0u, 0xf0f0u, sid == 0u));
    ou[4][g] = subgroupXor(1u);
    ou[5][g] = subgroupXor(sid);
    ou[6][g] = subgroupXor(select(0u, 1u << sid, sid < 4u));
    let va = subgroupAnd(vec2<u32>(~(1u << (sid % 4u)), 0xffffu));
    ou[7][g] = va.x;
    ou[8][g] = va.y;
    oi[0][g] = subgroupAnd(select(-1, -2, sid == 3u));
    oi[1][g] = subgroupOr(select(0, i32(-2147483648), sid == 1u));
    oi[2][g] = subgroupXor(select(0, -1, sid < 3u));
    let vx = subgroupXor(vec3<i32>(select(0, 5, sid == 0u), -1, select(0, -8, sid == 2u)));
    oi[3][g] = vx.x;
    oi[4][g] = vx.y;
    oi[5][g] = vx.z;
}

// Subgroup and quad operations on f16 scalars and vectors (enable f16 and
// subgroups), uniform control flow, values exact in f16, size-free results:
// 0: add(sid < 2 ? 1.5 : 0) = 3;
// 1, 2: max(vec2<f16>(-sid, sid == 3 ? 0.25 : 0)) = (0, 0.25);
// 3: exclusiveAdd(0.5) - 0.5 sid = 0 (sid <= 127: all exact in f16);
// 4: inclusiveMul(sid < 3 ? -2 : 1) equals -2, 4, -8 for sid 0, 1, >= 2,
//   written as 1/0;
// 5: broadcast(0.25 sid, 3u) = 0.75;
// 6: shuffleXor(sid, 1u) - (sid ^ 1) = 0;
// 7: quadSwapX(sid) - (sid ^ 1) = 0 (quad ID sid % 4, as in quad_ops.wgsl).
// Results are stored result-major: out[k][invocation].
// dispatch: 2,1,1
// expect 0:0 = 3.0*256, 0.0*256, 0.25*256, 0.0*256, 1.0*256, 0.75*256, 0.0*256, 0.0*256
enable f16;
enable subgroups;

@group(0) @binding(0) var<storage, read_write> out: array<array<f16, 256>, 8>;

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(subgroup_invocation_id) sid: u32) {
    let g = gid.x;
    let h = f16(sid);
    out[0][g] = subgroupAdd(select(0.0h, 1.5h, sid < 2u));
    let m = subgroupMax(vec2<f16>(-h, select(0.0h, 0.25h, sid == 3u)));
    out[1][g] = m.x;
    out[2][g] = m.y;
    out[3][g] = subgroupExclusiveAdd(0.5h) - 0.5h * h;
    let p = subgroupInclusiveMul(select(1.0h, -2.0h, sid < 3u));
    let want = select(select(4.0h, -8.0h, sid >= 2u), -2.0h, sid == 0u);
    out[4][g] = select(0.0h, 1.0h, p == want);
    out[5][g] = subgroupBroadcast(0.25h * h, 3u);
    out[6][g] = subgroupShuffleXor(h, 1u) - f16(sid ^ 1u);
    out[7][g] = quadSwapX(h) - f16(sid ^ 1u);
}

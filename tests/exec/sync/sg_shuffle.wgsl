// subgroupShuffle / ShuffleXor / ShuffleUp / ShuffleDown in uniform control
// flow. Values are functions of sid, so each result is checked against the
// function at the source ID; where the source ID is not an active invocation
// (below 0 or at/above size) the spec leaves the value indeterminate and the
// expected value is substituted instead. All written values are size-free:
// 0: shuffleXor(sid, 1u) ^ sid = 1;  1: shuffleXor(sid, 2u) ^ sid = 2;
// 2: shuffleXor(sid, size / 2) ^ sid == size / 2 (1/0);
// 3: shuffle(sid, i32(sid ^ 3)) ^ sid = 3 (an i32, varying id);
// 4: shuffle(5 sid, size - 1 - sid) == 5 (size - 1 - sid) (1/0);
// 5: (2 sid + 1) - shuffleUp(2 sid + 1, 1u) = 2 (for sid >= 1);
// 6: shuffleDown(2 sid + 1, 3u) - (2 sid + 1) = 6 (for sid + 3 < size);
// 7: with delta = 2 read from a read-only storage buffer (a uniform value),
//   shuffleUp by delta is sid - 2 (for sid >= 2) and shuffleDown by delta is
//   sid + 2 (for sid + 2 < size), 1/0;
// 8: shuffle of a per-invocation value li with id (sid + 1) % size equals
//   shuffleDown(li, 1) for sid + 1 < size, 1/0.
// For i32: shuffleXor(-sid, 3u) = -(sid ^ 3), written plus (sid ^ 3): 0.
// For f32: shuffle(vec2<f32>(sid, -0.5 sid), 1u) = (1, -0.5).
// Results are stored result-major: out[k][invocation].
// dispatch: 2,1,1
// buffer 0:0 = u32:2
// expect 0:1 = 1*256, 2*256, 1*256, 3*256, 1*256, 2*256, 6*256, 1*256, 1*256
// expect 0:2 = 0*256
// expect 0:3 = 1.0*256, -0.5*256
enable subgroups;

@group(0) @binding(0) var<storage, read> delta: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> ou: array<array<u32, 256>, 9>;
@group(0) @binding(2) var<storage, read_write> oi: array<i32, 256>;
@group(0) @binding(3) var<storage, read_write> of32: array<array<f32, 256>, 2>;

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) li: u32,
        @builtin(subgroup_invocation_id) sid: u32,
        @builtin(subgroup_size) size: u32) {
    let g = gid.x;
    ou[0][g] = subgroupShuffleXor(sid, 1u) ^ sid;
    ou[1][g] = subgroupShuffleXor(sid, 2u) ^ sid;
    let half = size / 2u;
    ou[2][g] = select(0u, 1u, (subgroupShuffleXor(sid, half) ^ sid) == half);
    ou[3][g] = subgroupShuffle(sid, i32(sid ^ 3u)) ^ sid;
    let src = size - 1u - sid;
    ou[4][g] = select(0u, 1u, subgroupShuffle(5u * sid, src) == 5u * src);
    let v = 2u * sid + 1u;
    let up = subgroupShuffleUp(v, 1u);
    ou[5][g] = select(2u, v - up, sid >= 1u);
    let down = subgroupShuffleDown(v, 3u);
    ou[6][g] = select(6u, down - v, sid + 3u < size);
    let d = delta[0];
    let up2 = subgroupShuffleUp(sid, d);
    let down2 = subgroupShuffleDown(sid, d);
    let ok_up = sid < 2u || up2 == sid - 2u;
    let ok_down = sid + 2u >= size || down2 == sid + 2u;
    ou[7][g] = select(0u, 1u, ok_up && ok_down);
    let nxt = subgroupShuffle(li, (sid + 1u) % size);
    let dn = subgroupShuffleDown(li, 1u);
    ou[8][g] = select(0u, 1u, sid + 1u >= size || nxt == dn);
    oi[g] = subgroupShuffleXor(-i32(sid), 3u) + i32(sid ^ 3u);
    let f = subgroupShuffle(vec2<f32>(f32(sid), -0.5 * f32(sid)), 1u);
    of32[0][g] = f.x;
    of32[1][g] = f.y;
}

// subgroupBroadcast (constant id, u32 or i32, in the range every subgroup of
// size >= 4 has active) and subgroupBroadcastFirst, in uniform control flow
// (so the first active invocation is ID 0), on scalars and vectors:
// broadcast(3 sid + 1, 2u) = 7; broadcast(-sid, 3i) = -3;
// broadcast(vec2<f32>(sid, sid / 2), 1u) = (1, 0.5); broadcastFirst(sid + 100)
// = 100; broadcastFirst(vec3<i32>(sid - 4, 2 sid, -sid)) = (-4, 0, 0);
// broadcast(sid * sid, K) with const K = 3u gives 9.
// Per-invocation data (li, the local index): broadcast(li, 0u),
// broadcastFirst(li) and subgroupShuffle(li, 0u) agree, written as 1/0.
// Results are stored result-major: out[k][invocation].
// dispatch: 2,1,1
// expect 0:0 = 7*256, 100*256, 9*256, 1*256
// expect 0:1 = -3*256, -4*256, 0*256, 0*256
// expect 0:2 = 1.0*256, 0.5*256
enable subgroups;

const K = 3u;

@group(0) @binding(0) var<storage, read_write> ou: array<array<u32, 256>, 4>;
@group(0) @binding(1) var<storage, read_write> oi: array<array<i32, 256>, 4>;
@group(0) @binding(2) var<storage, read_write> of32: array<array<f32, 256>, 2>;

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) li: u32,
        @builtin(subgroup_invocation_id) sid: u32) {
    let g = gid.x;
    let s = i32(sid);
    ou[0][g] = subgroupBroadcast(3u * sid + 1u, 2u);
    ou[1][g] = subgroupBroadcastFirst(sid + 100u);
    ou[2][g] = subgroupBroadcast(sid * sid, K);
    let a = subgroupBroadcast(li, 0u);
    let b = subgroupBroadcastFirst(li);
    let c = subgroupShuffle(li, 0u);
    ou[3][g] = select(0u, 1u, a == b && b == c);
    oi[0][g] = subgroupBroadcast(-s, 3i);
    let v = subgroupBroadcastFirst(vec3<i32>(s - 4, 2 * s, -s));
    oi[1][g] = v.x;
    oi[2][g] = v.y;
    oi[3][g] = v.z;
    let f = subgroupBroadcast(vec2<f32>(f32(sid), f32(sid) / 2.0), 1u);
    of32[0][g] = f.x;
    of32[1][g] = f.y;
}

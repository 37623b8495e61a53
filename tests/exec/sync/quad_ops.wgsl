// quadBroadcast / quadSwapX / quadSwapY / quadSwapDiagonal in a compute shader,
// uniform control flow. The spec defines quads and the quad invocation ID for
// fragment shaders; in compute shaders a quad is taken, as in SPIR-V's
// GroupNonUniformQuad* (Vulkan), to be four consecutive subgroup invocation
// IDs 4q..4q+3 with quad ID sid % 4. Then (bit k = result k):
// 0: quadSwapX(sid) ^ sid = 1 (IDs 0<->1, 2<->3);
// 1: quadSwapY(sid) ^ sid = 2 (0<->2, 1<->3);
// 2: quadSwapDiagonal(sid) ^ sid = 3 (0<->3, 1<->2);
// 3: quadBroadcast(sid, 2u) - (sid & ~3) = 2;
// 4: quadBroadcast(sid, 3i) - (sid & ~3) = 3 (an i32 id);
// 5: checks that hold for any quad layout, on per-invocation data li: each
//   swap applied twice is the identity, diagonal = X after Y,
//   quadBroadcast(li, 0) is the same for the four members (all 1/0);
// 6: quadSwapY(vec2<i32>(-sid, 7)) = (-(sid ^ 2), 7), written as x + (sid ^ 2)
//   plus y: 7;
// 7: quadSwapDiagonal(f32 sid / 4) * 4 - (sid ^ 3) = 0 as f32.
// Results are stored result-major: out[k][invocation].
// dispatch: 2,1,1
// expect 0:0 = 1*256, 2*256, 3*256, 2*256, 3*256, 1*256, 7*256
// expect 0:1 = 0.0*256
enable subgroups;

@group(0) @binding(0) var<storage, read_write> ou: array<array<u32, 256>, 7>;
@group(0) @binding(1) var<storage, read_write> of32: array<f32, 256>;

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) li: u32,
        @builtin(subgroup_invocation_id) sid: u32) {
    let g = gid.x;
    let base = sid & ~3u;
    ou[0][g] = quadSwapX(sid) ^ sid;
    ou[1][g] = quadSwapY(sid) ^ sid;
    ou[2][g] = quadSwapDiagonal(sid) ^ sid;
    ou[3][g] = quadBroadcast(sid, 2u) - base;
    ou[4][g] = quadBroadcast(sid, 3i) - base;
    let x = quadSwapX(li);
    let xx = quadSwapX(x);
    let y = quadSwapY(li);
    let yy = quadSwapY(y);
    let d = quadSwapDiagonal(li);
    let dd = quadSwapDiagonal(d);
    let xy = quadSwapX(y);
    let b0 = quadBroadcast(li, 0u);
    let b0x = quadSwapX(b0);
    let b0y = quadSwapY(b0);
    let b0d = quadSwapDiagonal(b0);
    let ok = xx == li && yy == li && dd == li && xy == d && b0 == b0x && b0 == b0y && b0 == b0d;
    ou[5][g] = select(0u, 1u, ok);
    let v = quadSwapY(vec2<i32>(-i32(sid), 7));
    ou[6][g] = u32(v.x + i32(sid ^ 2u) + v.y);
    of32[g] = quadSwapDiagonal(f32(sid) / 4.0) * 4.0 - f32(sid ^ 3u);
}

// Differential seed 1033752, reduced on the H200 (NVIDIA 580.159.04) with
// `tessera-difftest --reduce-split 1033752`: the compilers' modules split into two
// results there; on lavapipe all four agree. See docs/differential-testing.md
// ("Proven by semantically equal edits").
// Run: tessera-difftest --from 1033752 --file THIS --repeat 5
// dispatch: 2 1 2; workgroup_size: 2 3 4; entry: main
// buffer @group(0) @binding(0): 256 bytes, storage read, init words: 0x0a896468 0x831c428a 0x0000001f 0x0000ffff 0x0000003e 0x00000041 0x00000007 0x55555555 0x00000039 0x030fd4ee 0x00000014 0x7a16cf66 0x00000055 0xe1935f7e 0x2b4273c4 0x00000021 0x00010000 0x0000ffff 0x9f0e60bf 0x00000063 0x69ee0779 0x00000015 0xbda51deb 0x9be408cb 0x000000ff 0x7ca082fe 0x06160112 0x0000001c 0x0000ffff 0x00000007 0x00000054 0x72057eec 0xd005f543 0xf02a68ba 0x00000032 0x00000020 0xcea0e59c 0x00000004 0x55555555 0x55555555 0x752311ce 0x00000003 0x00000007 0x60a099b4 0x24e48487 0x9df49017 0xf12d4fdc 0xcdd056a6 0xbd9059bb 0xd001dace 0x8e252036 0x00000020 0xa50ae096 0x55555555 0x740c9378 0x00000001 0xe3d24c02 0x00000020 0x25cc5ce0 0x80000001 0x16b3289f 0x00000059 0x00000002 0x1cbe3ce9
// buffer @group(0) @binding(1): 2688 bytes, storage read_write (output), zero-initialised
// buffer @group(0) @binding(2): 56 bytes, storage read_write (output), init words: 0x0000ffff 0x00000012 0x0bb6383f 0x0000002a 0x69269099 0x55555555 0xd3273339 0x55555555 0x00000007 0xffffffff 0x0000002d 0x00010000 0xfffffffe 0xc3621e22
// buffer @group(0) @binding(3): 64 bytes, uniform, init words: 0x7bcfdcdc 0x7fffffff 0x00000045 0x967c70a7 0x00000033 0xf8e30efb 0x39bbea23 0x2a231100 0xe890bbe6 0x28cfdb9f 0x00000054 0x19b253f4 0x05bf994f 0x00000007 0x00000023 0x8f9a6ff3

struct S2 {
    v: vec4<f32>,
    b: u32,
    x: i32,
    g: vec4u,
}
const C0: u32 = 0x8u;
const C1: bool = true;
@id(10) override O0: i32 = 38i;
@group(0) @binding(0) var<storage, read> inp: array<u32>;
@group(0) @binding(1) var<storage, read_write> outp: array<u32, 672>;
@group(0) @binding(3) var<uniform> params: array<vec4<u32>, 4>;
var<private> acc: u32 = 2166136261u;
var<private> g0: vec2<i32> = vec2<i32>(512i);
var<private> g1: vec4<u32> = vec4u(65536u, 1u, 25u, 0x800u);
var<private> g2: vec2<bool>;
var<workgroup> wgm9: array<i32, 24>;
fn hmix(h: u32, v: u32) -> u32 {
    let x = (h ^ v) * 0x9e3779b1u;
    return x ^ (x >> 15u);
}
fn h_v2i32(h: u32, v: vec2<i32>) -> u32 {
    let b = bitcast<vec2<u32>>(v);
    var r = h;
    r = hmix(r, b.x);
    return r;
}
fn observe_privates() {
    acc = h_v2i32(acc, g0);
}
fn f3(d: ptr<private, vec2<bool>>, p1: bool) -> i32 {
    if ((S2((vec4f(0.5f, -0.5f, 0x1p0f, 1.0f) * vec4<f32>(-0.75f)), (g1.xyw)[((~(params[(u32(O0) % 4u)].x) | max(C0, 3781978445u)) % 3u)], firstTrailingBit(O0), params[2]).v.x + (select(vec3<f32>(294.0f, 3.0f, -1.0f), vec3<f32>(64.0f), g2.y))[2u]) < 16.0f) {
        for (var b = 0i; b < 5i; b++) {
            var j = 0u;
            while j < 2u {
                j += 1u;
            }
        }
    } else {
    }
    return (i32((f32(inp[16] & 255u)) * 256.0f) | i32((f32(inp[16] & 255u)) * 256.0f));
}
@compute @workgroup_size(2, 3, 4)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lidx: u32, @builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3<u32>) {
    let gidx = gid.x + gid.y * 4u + gid.z * 12u;
    let base = gidx * 7u;
    if ((g2[1] && ((bool(C0) && (-1.0f <= 2.0f)) || ((vec2<u32>(13u, 34u)).x < (vec2<u32>(13u, 34u)).x)))) {
    } else {
            g0[(u32(insertBits(i32(g2.g), countOneBits(409i), 20u, 1u)) % 2u)] = (sign(firstTrailingBit((g0.yyxy)[2u])) % clamp(i32((inp[28] != inp[28])), (insertBits(i32(g2.g), countOneBits(409i), 20u, 1u) << 14), min(i32(f32(inp[56] & 255u)), -(g0.r))));
            if !(!((C1 && !(true)))) {
            } else {
                var t = 0u;
                while t < 5u {
                    t += 1u;
                }
            }
    }
    workgroupBarrier();
    workgroupBarrier();
    workgroupBarrier();
    let wr9 = wgm9[11u];
    observe_privates();
    outp[base + 6u] = acc;
}

// Differential seed 1012732, reduced on the H200 (NVIDIA 580.159.04) with
// `tessera-difftest --reduce-split 1012732`: the compilers' modules split into two
// results there; on lavapipe all four agree. See docs/differential-testing.md.
// Run: tessera-difftest --from 1012732 --file THIS --repeat 5
// dispatch: 3 1 2; workgroup_size: 7 3 1; entry: main
// buffer @group(0) @binding(0): 128 bytes, storage read, init words: 0xd4b9da1b 0x80000000 0x80000000 0xfffffffe 0xa4304437 0x4694d56b 0x448f86ae 0x87a564ca 0x50c9755a 0x10281ad5 0x76cfb847 0x00000003 0x0ba55f12 0x223bc02f 0x000000ff 0x6916bbed 0xfce04856 0xe7df05c3 0x917c5d2b 0x0fad7cfe 0xcce72699 0x00000000 0xd5de5d2a 0x2907668a 0x579dc6c5 0x7fffffff 0x00000010 0x00010000 0x5620a9ab 0x5c7786f0 0xbed507da 0xfcf2f742
// buffer @group(0) @binding(1): 2016 bytes, storage read_write (output), zero-initialised
// buffer @group(0) @binding(2): 56 bytes, storage read_write (output), init words: 0x4059b8ac 0xaf925984 0x00000043 0x80000000 0x00000061 0xaf08d4a1 0x123b6d71 0x097fe2a3 0x774489e8 0x6487b902 0x121e64e1 0x2b1675a0 0x37e7e595 0x1d96efb9
// buffer @group(0) @binding(3): 64 bytes, uniform, init words: 0x00000012 0x016af409 0xd696e3e5 0x76ee8169 0xc6c47804 0x00000020 0x00000044 0x0000000b 0x00000001 0x80000001 0xc9d2ffed 0x00000007 0x0000ffff 0x95a2613a 0x941909b5 0x4c3fb491

struct S0 {
    b: i32,
    n: vec4i,
    y: vec4<i32>,
    data: vec4f,
}
const C1: u32 = 31u;
@group(0) @binding(0) var<storage, read> inp: array<u32>;
@group(0) @binding(1) var<storage, read_write> outp: array<u32, 504>;
var<private> acc: u32 = 2166136261u;
var<private> g0: vec2<i32> = vec2i(8192i);
var<private> g1: vec2i = vec2<i32>(0x34fi, -67108864i);
var<private> g3: vec4<bool> = vec4<bool>(true, false, false, false);
struct Inputs {
    @builtin(global_invocation_id) gid: vec3u,
    @builtin(local_invocation_index) lidx: u32,
    @builtin(num_workgroups) nwg: vec3u,
}
var<workgroup> wgm1: array<u32, 21>;
var<workgroup> wgm2: array<i32, 21>;
fn hmix(h: u32, v: u32) -> u32 {
    let x = (h ^ v) * 0x9e3779b1u;
    return x ^ (x >> 15u);
}
fn h_v2i32(h: u32, v: vec2<i32>) -> u32 {
    let b = bitcast<vec2<u32>>(v);
    var r = h;
    r = hmix(r, b.y);
    return r;
}
fn observe_privates() {
    acc = h_v2i32(acc, g1);
}
@compute @workgroup_size(7, 3, 1)
fn main(inb: Inputs) {
    let gidx = inb.gid.x + inb.gid.y * 21u + inb.gid.z * 63u;
    let base = gidx * 4u;
    let lidx = inb.lidx;
    g1 -= array(((abs(g1) >> vec2<u32>(15u, 8u))).yx, (clamp((vec2<i32>(-0x29di, -20i) % g1), countLeadingZeros(vec2<i32>(0x125i, 268i)), g0) + abs(vec2i(vec2f(f32(inp[15] & 255u))))), vec2<i32>(-749713960i, 3i), (bitcast<vec2<i32>>(bitcast<vec2u>((clamp((vec2<i32>(-0x29di, -20i) % g1), countLeadingZeros(vec2<i32>(0x125i, 268i)), g0) + abs(vec2i(vec2f(f32(inp[15] & 255u))))))) % max((vec2<i32>(-26i) & clamp((vec2<i32>(-0x29di, -20i) % g1), countLeadingZeros(vec2<i32>(0x125i, 268i)), g0)), (g0[0] - g1))))[(u32(-1040765533i) % 4u)];
    workgroupBarrier();
    let wr1 = wgm1[20u - lidx];
    workgroupBarrier();
    let wr2 = wgm2[20u];
    switch S0(i32((f32(inp[13] & 255u)) * 1099511627776.0f), max(vec4i(32768i), bitcast<vec4<i32>>(inb.gid.zxxz)), ~(bitcast<vec4i>(vec4<u32>(134217728u, 1073741824u, 32768u, 36u))), clamp((vec4<f32>(-0x109p1f) * vec4f(f32(inp[22] & 255u))), vec4<f32>(-256.0f), vec4<f32>(256.0f))).b {
    case 6i, -3 {
        g3.r = select((abs(f32((18u & 63u))) != round(min(162.5f, -594.0f))), select(((bitcast<i32>(inp[19]) >= g1[1]) || !(true)), g3[(u32(i32((1i > g1.r))) % 4u)], !((wr2 <= g0[(u32(((4i << 24) % extractBits(34i, wr1, 26u))) % 2u)]))), (((g0.r & g0.y) != countTrailingZeros(wr2)) == bool((-1757036059i + g0.x))));
        if ((((f32(inp[3] & 255u) < f32(((inp[29] & 1u) == 0u))) == ((-370.5f - 1024.0f) < ldexp(20.0f, ((select(wr2, -926i, g3.r)) & 3i) - 1i))) | (vec4<bool>((2.0 != f32(inp[1] & 255u)), (g3.zxx != g3.zxx))).z)) {
            var w = vec2f(-115.5f, 99.5f);
            g1[((0xbu / ~(inp[22])) % 2u)] = (min(i32(f32(countOneBits(acc))), ((vec3i(-6i, 24i, 38i) & vec3<i32>(3i, 0i, -0xc7f15c0i))).r) ^ i32(w[1u]));
        } else if any(((vec3<f32>(-4.0f, -721.0f, 680.0f) * vec3f(365.0f)) >= vec3<f32>(-4.0f, -721.0f, 680.0f))) {
        } else {
            switch clamp(((dot4I8Packed(inp[2], 0xbd1b80cdu) - dot(g1, g0)) + dot4I8Packed((inb.nwg[1i] / C1), u32(f32(inp[27] & 255u)))), -2i, 6i) {
            case -3, 261i: {
                var z = 0i;
                loop {
                    if z >= 4i { break; }
                    z += 1i;
                }
            }
            default: {
            }
            }
        }
    }
    case default {
    }
    }
    workgroupBarrier();
    observe_privates();
    outp[base + 3u] = acc;
}

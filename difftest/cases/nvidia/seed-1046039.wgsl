// Differential seed 1046039, reduced on the H200 (NVIDIA 580.159.04) with
// `tessera-difftest --reduce-split 1046039`: the compilers' modules split into two
// results there; on lavapipe all four agree. See docs/differential-testing.md.
// Run: tessera-difftest --from 1046039 --file THIS --repeat 5
// dispatch: 2 1 1; workgroup_size: 64 1 1; entry: main
// buffer @group(0) @binding(0): 256 bytes, storage read, init words: 0xcb33c693 0x908fd3bc 0x00000063 0xb58777e2 0x0000005b 0x466f4023 0xffffffff 0x00000063 0x0000ffff 0x78d7216c 0x1105a7ea 0x6b44a681 0xca479132 0x0000001d 0x198f0503 0xd7ca43b8 0x00000007 0x00000001 0x6d394e81 0x79f458af 0xca1ab1d0 0x55555555 0x00000039 0x00000003 0x80be409a 0x00000007 0x7fec4149 0xb5ebc929 0x80000001 0xaaa1ce02 0x9da1de57 0x217b2f52 0x872b755c 0x00000020 0x00000000 0x00010000 0x61c46edd 0x00000018 0x00010000 0x0000000d 0xbba47638 0x8727d23c 0xffffffff 0xb4ce3494 0x0000003d 0x7fffffff 0x08d16d03 0x31369771 0xf720db88 0x17b83e47 0x5813c45c 0x18a113fe 0x55555555 0x58b93ab6 0xd8c56dbd 0x4f300d8e 0x00000001 0x0000ffff 0x00000003 0x00000030 0x6cc6419b 0x419e9727 0x00000059 0x80000000
// buffer @group(0) @binding(1): 4096 bytes, storage read_write (output), zero-initialised
// buffer @group(0) @binding(2): 56 bytes, storage read_write (output), init words: 0x7fffffff 0x00000035 0x00000007 0x4fc5d9a0 0x00000038 0xe422816e 0x00000000 0xe7329d23 0x00000056 0x0000004e 0x43277075 0x00000022 0x00000022 0xe1857c5e
// buffer @group(0) @binding(3): 64 bytes, uniform, init words: 0x62bd8f8c 0x02bed830 0x9ff2e1e1 0x00000037 0x00000001 0x00000049 0x0000000e 0x6df73596 0x00000040 0xffffffff 0x7fffffff 0xfffffffe 0xd1606638 0xe1e1ce7b 0x5f9e7da9 0x00000040

const C0: u32 = 4u;
const C1: u32 = 512u;
const C3: bool = true;
@group(0) @binding(0) var<storage, read> inp: array<u32>;
@group(0) @binding(1) var<storage, read_write> outp: array<u32, 1024>;
@group(0) @binding(3) var<uniform> params: array<vec4<u32>, 4>;
var<private> acc: u32 = 2166136261u;
var<workgroup> wgv1: u32;
var<workgroup> wgm2: array<u32, 64>;
fn hmix(h: u32, v: u32) -> u32 {
    let x = (h ^ v) * 0x9e3779b1u;
    return x ^ (x >> 15u);
}
fn h_v4f32(h: u32, v: vec4<f32>) -> u32 {
    let b = select(bitcast<vec4<u32>>(v), vec4<u32>(0u), v == vec4<f32>(0.0f));
    var r = h;
    r = hmix(r, b.z);
    r = hmix(r, b.w);
    return r;
}
fn h_v2u32(h: u32, v: vec2<u32>) -> u32 {
    let b = bitcast<vec2<u32>>(v);
    var r = h;
    r = hmix(r, b.x);
    r = hmix(r, b.y);
    return r;
}
fn f0(p0: array<f32, 4>) -> vec3f {
    let C0 = ((2 + (bitcast<i32>(535u) << (C1 / arrayLength(&inp)))) - array((i32(C3) * ((bitcast<i32>(535u) << (C1 / arrayLength(&inp))) + -1i)), bitcast<i32>((C0 % C1)), firstLeadingBit(select(bitcast<i32>(inp[39]), bitcast<i32>(inp[0]), C3)))[(u32(bitcast<f32>(bitcast<u32>(p0[2i]))) % 3u)]);
    acc = hmix(acc, bitcast<u32>(C0));
    return clamp((array<vec3<f32>, 4>(clamp((clamp(vec3<f32>(f32(inp[18] & 255u)), vec3f(0.25f), vec3f(324.5f)) * 16.0f), vec3f(-256.0f), vec3<f32>(256.0f)), clamp((clamp(vec3<f32>(f32(inp[18] & 255u)), vec3f(0.25f), vec3f(324.5f)) * clamp(vec3f(1.0f, 208.25f, -449.0f), vec3<f32>(-1.0f), vec3<f32>(4.0f))), vec3f(-256.0f), vec3f(256.0f)), clamp((select(vec3<f32>(64.0f), vec3f(-3.0f, 692.0f, 1.0f), C3) + clamp(vec3f(1.0f, 208.25f, -449.0f), vec3<f32>(-1.0f), vec3<f32>(4.0f))), vec3f(-256.0f), vec3f(256.0f)), clamp(clamp(vec3f(countOneBits(vec3<i32>(0i))), vec3<f32>(2.0f), vec3<f32>(272.0f)), vec3f(-256.0f), vec3f(256.0f)))[(bitcast<u32>((C0 / -1731095170)) % 4u)] * vec3f(countOneBits(vec3<i32>(0i)))), vec3f(-256.0f), vec3<f32>(256.0f));
}
fn f1(p0: vec4<u32>, i: ptr<function, vec2<u32>>) -> vec3<u32> {
    var a = 0u;
    loop {
        if a >= 5u { break; }
        a += 1u;
    }
    if ((vec2<bool>(false, true)).y) {
        switch clamp((i32((f32(inp[62] & 255u) - 8.0f)) + i32((f32(inp[62] & 255u) - 8.0f))), -2i, 6i) {
        case default, -1i: {
        }
        case 156, 150i {
            let C1: vec4<f32> = ((ceil((select(vec4<f32>(f32(inp[2] & 255u)), (bitcast<vec4<f32>>(bitcast<vec4<u32>>(vec4<f32>(f32(inp[2] & 255u)))) + (vec4<f32>(0.75f, 474.25f, -0x3fdp-2f, 2.0f) * 0.5f)), (floor(f32(inp[47] & 255u)) == (f32(inp[47] & 255u) * -957.75)))) * 4.0f) * 0.25f) * clamp(vec4<f32>(((vec4u(vec4f(f32(inp[26] & 255u))) << ((*i).yyyy << vec4<u32>(17u, 1u, 18u, 23u))) & vec4u(16383u))), vec4<f32>(-1024.0f), vec4f(1024.0f)));
            (*i).x = ~(((array(4u, acc)[min(countLeadingZeros((inp[40] % arrayLength(&inp))), 1u)] & (params[1u].arg).b) / ((inp[40] % arrayLength(&inp)) / ~(C0))));
            acc = h_v4f32(acc, C1);
        }
        }
    } else {
    }
    return clamp(((*i).xxx - ~((C1 % p0.wwz))), ((countOneBits(vec3u(0x2u)) ^ (*i).yxy) >> (i.grg / (params[(0x200u & 3u)].y % C1))), min(((vec3<u32>(3u, 702u, 16384u) - i.xyx) + (params[1u].yxy + i.xyx)), p0.xzz));
}
@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lidx: u32, @builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3u) {
    let gidx = gid.x + gid.y * 128u + gid.z * 128u;
    let base = gidx * 8u;
    var d = 0u;
    while d < 2u {
        d += 1u;
    }
    var b: u32 = u32(((min(vec2i(6i, -1878247209i), vec2i(43i, -3i))).y << extractBits(u32(bitcast<i32>(inp[45])), 15u, countOneBits(base))));
    let v = (i32(gidx) | sign(bitcast<i32>(inp[17])));
    let wu1 = workgroupUniformLoad(&wgv1);
    for (var q = 0u; q < (wu1 & 3u); q++) {
        workgroupBarrier();
        workgroupBarrier();
    }
    workgroupBarrier();
    let wr2 = wgm2[(u32(((447.0f - f32(inp[11] & 255u))) * 16777216.0f)) % 64u];
        f0(array(clamp((bitcast<f32>(bitcast<u32>(-870.0f)) + clamp(923.5f, -369.5f, 509.5f)), -256.0f, 256.0f), clamp(round(bitcast<f32>(bitcast<u32>(-870.0f))), -256.0f, 256.0f), min(max(((4.0f * 90.5f) - clamp(923.5f, -369.5f, 509.5f)), -256.0f), 256.0f), min(max(max(bitcast<f32>(bitcast<u32>(-870.0f)), bitcast<f32>(bitcast<u32>(-870.0f))), -256.0f), 256.0f)));
    var C3 = 0u;
    while C3 < 1u {
        C3 += 1u;
    }
    var i = 0u;
    loop {
        if i >= 2u { break; }
        i += 1u;
        outp[base + 1u] = extractBits(((u32(false) & inp[(u32(false) % 64u)]) - ~((nwg.x << wr2))), bitcast<u32>(v), 23u);
    }
    var c: f32;
    var y = 0u;
    while y < 1u {
        y += 1u;
        for (var i = 0u; (i < 16u) && !((431u > inp[7])); i = i + 1u) {
            var C1 = (array(((nwg.zyzx / params[(abs((wu1 | 64)) % 4u)])).xy, array<vec2<u32>, 4>(vec2<u32>(vec2f(f32(inp[53] & 255u))), params[3i].xy, ~(gid.xx), (gid.xx - vec2u(inp[42])))[3])[1i] | bitcast<vec2<u32>>(-((vec2<i32>(33i, -0x25i) - vec2i(bitcast<i32>(inp[11]))))));
            f1(~(vec4u((vec4<i32>(794i, -0x4i, -1981241005i, 0x1i) | vec4<i32>(-0x7fffffffi, 862113287i, 33554432i, -1164068888i)))), &C1);
            acc = h_v2u32(acc, C1);
        }
    }
    switch ((firstLeadingBit((v + v)) << u32((c * c)))) % 5i {
    case default, 5: {
        C3 = extractBits(19u, 27u, 3u);
    }
    case 3i {
    }
    }
    workgroupBarrier();
    acc = hmix(acc, d);
    acc = hmix(acc, b);
    acc = hmix(acc, wu1);
    acc = hmix(acc, wr2);
    acc = hmix(acc, C3);
    acc = hmix(acc, i);
    outp[base + 7u] = acc;
}

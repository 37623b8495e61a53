// Differential seed 1000812, reduced on the H200 (NVIDIA 580.159.04) with
// `tessera-difftest --reduce-split 1000812`: the compilers' modules split into two
// results there; on lavapipe all four agree. See docs/differential-testing.md.
// Run: tessera-difftest --from 1000812 --file THIS --repeat 5
// dispatch: 1 2 1; workgroup_size: 64 1 1; entry: main
// buffer @group(0) @binding(0): 64 bytes, storage read, init words: 0x00000000 0x0000005c 0x00000020 0x0000001f 0x55555555 0xf4ff9875 0x36ae9f9f 0x081287f6 0x55e6c867 0x00000003 0x00000049 0x1a7cb68c 0x0000ffff 0xfffffffe 0x000000ff 0x00000001
// buffer @group(0) @binding(1): 2560 bytes, storage read_write (output), zero-initialised
// buffer @group(0) @binding(2): 56 bytes, storage read_write (output), init words: 0x00000051 0x00000061 0x00000026 0x48c2aedf 0x55555555 0xf2a03838 0xa9b7ea1b 0x000000ff 0x00000000 0x00000046 0xe667458a 0x2999e551 0xfffffffe 0x30276a00
// buffer @group(0) @binding(3): 64 bytes, uniform, init words: 0x7fffffff 0x00000003 0x364b184a 0x0000004d 0x00000003 0x0000004f 0xe21553cc 0x00000042 0x00000004 0x567a18cb 0x15f63409 0x1082f864 0x00000003 0xa84ad07a 0x00000002 0x00000027

struct S0 {
    c: array<vec3<u32>,5>,
    g: f32,
    y: array<u32,8>,
    v: array<i32, 2>
}
override O0: bool = false;
override O1: u32 = 1u;
@group(0) @binding(0) var<storage, read> inp: array<u32>;
@group(0) @binding(1) var<storage, read_write> outp: array<u32, 640>;
@group(0) @binding(3) var<uniform> params: array<vec4<u32>, 4>;
var<private> acc: u32 = 2166136261u;
var<private> g0: array<array<u32, 8>, 3>;
var<workgroup> wgv0: u32;
fn hmix(h: u32, v: u32) -> u32 {
    let x = (h ^ v) * 0x9e3779b1u;
    return x ^ (x >> 15u);
}
fn h_v3u32(h: u32, v: vec3<u32>) -> u32 {
    let b = bitcast<vec3<u32>>(v);
    var r = h;
    r = hmix(r, b.x);
    return r;
}
fn h_a5_v3u32(h: u32, v: array<vec3<u32>, 5>) -> u32 {
    var r = h;
    for (var i = 0u; i < 5u; i++) {
        r = h_v3u32(r, v[i]);
    }
    return r;
}
fn h_S0(h: u32, v: S0) -> u32 {
    var r = h;
    r = h_a5_v3u32(r, v.c);
    return r;
}
fn h_a3_S0(h: u32, v: array<S0, 3>) -> u32 {
    var r = h;
    for (var i = 0u; i < 3u; i++) {
        r = h_S0(r, v[i]);
    }
    return r;
}
@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lidx: u32, @builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
    let gidx = gid.x + gid.y * 64u + gid.z * 128u;
    let base = gidx * 5u;
    let wu0 = workgroupUniformLoad(&wgv0);
    let w = &g0;
    let c: i32 = sign(-37i);
    var t = 0i;
    loop {
        if t >= 4i { break; }
        t += 1i;
        let n: array<S0,3> = array<S0,3>(S0(array<vec3<u32>, 5>((lid / gid), vec3<u32>(vec3i(216i)), vec3<u32>(vec3<bool>(false)), extractBits(nwg, lidx, 7u), (vec3<u32>(8192u, 1388176965u, 32u) + gid)), min(max(0x5f9p-1f, -256.0f), 256.0f), array<u32, 8>((lidx - 3902425u), (482081659 & lidx), u32((f32(inp[5] & 255u)) * 65536.0f), lidx, countLeadingZeros(acc), extractBits(acc, 30u, gidx), lidx, u32(true)), array<i32,2>((vec4<i32>(bitcast<i32>(inp[1]))).g, i32(f32(inp[0] & 255u)))), S0(array<vec3u, 5>(select(nwg, gid, ((inp[14] & 1u) == 0u)), countTrailingZeros(params[2].yyy), vec3u(vec3f(f32(inp[14] & 255u))), max(vec3<u32>(inp[0]), vec3u(0xc0ee959au)), (gid / vec3u(inp[11]))), clamp((dot(vec3f(243.0f, -0x1b1p0f, -0x1p1f), vec3<f32>(f32(inp[13] & 255u))) - fma(min(max(dot(vec3f(243.0f, -0x1b1p0f, -0x1p1f), vec3<f32>(f32(inp[13] & 255u))), -8.0f), 8.0f), 2.0f, clamp(382.0f, -8.0f, 8.0f))), -256.0f, 256.0f), (*w)[(~(clamp(wu0, wu0, arrayLength(&inp))) % 3u)], array<i32,2>(-(t), c)), S0(array<vec3<u32>, 5u>((lid.zxz + params[3u].abr), insertBits(nwg, vec3<u32>(4159358551u, 65536u, 26u), wu0, 30u), (nwg + vec3<u32>(inp[10])), vec3u((vec3<f32>(f32(inp[12] & 255u))) * 65536.0f), vec3<u32>(vec3<bool>(false, true, true))), saturate((-462.0f * -462.0f)), g0[(wu0 % 3u)], array<i32, 2>(insertBits(0x20000i, 1073741824i, 20u, nwg.x), i32(nwg.x))));
        acc = h_a3_S0(acc, n);
    }
    if (!(((wu0 * 4u) <= (arrayLength(&inp) - O1))) | (O0 || (u32(false) <= (arrayLength(&inp) + 2018826189u)))) {
        var j = 0i;
        loop {
            continuing {
                j += 1i;
                break if j >= 3i;
            }
        }
    } else if O0 {
    } else {
    }
    workgroupBarrier();
    workgroupBarrier();
    workgroupBarrier();
    outp[base + 4u] = acc;
}

// Differential seed 1152283, reduced on the H200 (NVIDIA 580.159.04) with
// `tessera-difftest --reduce-split 1152283`: the compilers' modules split into two
// results there; on lavapipe all four agree. See docs/differential-testing.md
// ("Proven by semantically equal edits").
// Run: tessera-difftest --from 1152283 --file THIS --repeat 5
// dispatch: 1 1 1; workgroup_size: 64 1 1; entry: main
// buffer @group(0) @binding(0): 256 bytes, storage read, init words: 0x4fcad3b3 0x22c99ccf 0x00000039 0x5bee2b06 0x90764157 0x0000004f 0x0b17b11a 0x67ba0c9b 0x00000000 0x556fd433 0x0000002d 0x23ba3e28 0x00000001 0x8f1211db 0x9c2a4d96 0x7e515609 0x34cd1c50 0x00000003 0x15e9fb9f 0xa696996f 0xffffffff 0xece8cc47 0xffffffff 0x3d309dde 0x9214e15f 0x862101b4 0x00000026 0x312d49c3 0x00000025 0x0000003b 0x55555555 0x0667e65c 0x3d13620f 0x00000037 0xda98f41c 0x0350eb0c 0x00000060 0x00000020 0x9f42ca64 0x80000001 0x00000060 0xde417254 0x640ae2cb 0x17637953 0x00000014 0x05d56454 0x00010000 0xa5d5249f 0x0000003d 0xb85ae0a8 0x996b0123 0x00000000 0x80000001 0x7842d76a 0x00000054 0xfffffffe 0x7f110c9d 0x993acac6 0x18eff4a5 0xef68dfdc 0x00000020 0x0000001f 0xd384e8e7 0x5bbb3694
// buffer @group(0) @binding(1): 1280 bytes, storage read_write (output), zero-initialised
// buffer @group(0) @binding(2): 56 bytes, storage read_write (output), init words: 0x80000001 0xf28cca12 0xbcb0b014 0x000000ff 0x0000003f 0xfa5ac8d4 0x00010000 0x8e1a0a67 0xc78ce457 0x0000004b 0x7aa1a1ad 0x00000003 0xc4e54d9f 0x7dd4a15e
// buffer @group(0) @binding(3): 64 bytes, uniform, init words: 0x00000018 0xfffffffe 0x9ef20454 0xe80f2797 0xffb660dc 0x65f96037 0x00000036 0x0000000e 0xa72e5169 0x00000043 0x43c44b41 0x000000ff 0x7fffffff 0xd585949f 0x80000000 0xfcf66d16

@group(0) @binding(0) var<storage, read> inp: array<u32>;
@group(0) @binding(1) var<storage, read_write> outp: array<u32, 320>;
@group(0) @binding(3) var<uniform> params: array<vec4<u32>, 4>;
var<private> g0: vec2u = vec2<u32>(0x1fu);
var<workgroup> wgm2: array<i32, 64>;
@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lidx: u32, @builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
    let gidx = gid.x + gid.y * 64u + gid.z * 64u;
    let base = gidx * 5u;
    workgroupBarrier();
    outp[base + 2u] = clamp(lidx, (select((params[2i].gb + 3738382937u), (vec2u(inp[53]) % g0), (lid.bg >= lid.bg))).g, u32(0x1000000i));
    workgroupBarrier();
    let wr2 = wgm2[(lidx + 38u) % 64u];
    if (false) {
    } else if ((256.0f - f32((3u & 63u))) < (256.0f * (256.0f - f32((3u & 63u))))) {
        if ((28 | select((wr2 / 0x234557fc), countOneBits(bitcast<i32>(inp[27])), (true != true))) == select((wr2 / 0x234557fc), countOneBits(bitcast<i32>(inp[27])), (true != true))) {
            for (var d = 5i; d > 0i; d--) {
                var d = 0u;
                loop {
                    if d >= 4u { break; }
                    d += 1u;
                }
            }
        } else {
        }
    } else {
    }
}

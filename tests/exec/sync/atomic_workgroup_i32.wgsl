// Every atomic builtin on var<workgroup> atomic<i32> (signed semantics):
// the first invocation atomicStore()s the start values, barrier, 64 invocations apply
// the operation, barrier, invocation 0 atomicLoad()s. Two workgroups (w = 0, 1).
// Add of li - 40 starting at -5: -5 + 2016 - 2560 = -549.
// Sub of li + 2^25 starting at 0: 0 - (2016 + 2^31) wraps (two's complement),
// = 2^31 - 2016 = 2147481632.
// Max of (li == 20 ? 5 + w : -li - 1) starting at i32 min: signed, 5 + w
// (an unsigned max would give -1).
// Min of (li == 30 ? i32 min + w : li) starting at i32 max: signed, i32 min + w
// (an unsigned min would give 0).
// And of 0x7fffffff (li == 63) and of ~(1 << li % 32) (32 <= li < 36) from -1:
// 0x7ffffff0 = 2147483632.
// Or of i32 min >> li (arithmetic shift) for li < 4 starting at 0: 0x80000000,
// 0xc0000000, 0xe0000000, 0xf0000000 OR-ed = 0xf0000000 = -268435456.
// Xor of 1 << li % 32 for li < 48 starting at 0: 0xffff0000 = -65536.
// Exchange: starting at 32, each exchanges li - 32; the returned values plus the
// final one are -32..32 each exactly once: mask of v + 32 is ~0, ~0, 1.
// Store: all store -1.
// dispatch: 2,1,1
// expect 0:0 = i32:-549, 2147481632, 5, -2147483648, 2147483632, -268435456, -65536, -1, -1, 1, -1
// expect 0:0 = i32:-549, 2147481632, 6, -2147483647, 2147483632, -268435456, -65536, -1, -1, 1, -1

@group(0) @binding(0) var<storage, read_write> out: array<i32, 22>;

var<workgroup> a: array<atomic<i32>, 9>;
var<workgroup> seen: array<atomic<i32>, 3>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    let w = i32(wid.x);
    let l = i32(li);
    if li == 0u {
        atomicStore(&a[0], -5);
        atomicStore(&a[1], 0);
        atomicStore(&a[2], i32(-2147483648));
        atomicStore(&a[3], 2147483647);
        atomicStore(&a[4], -1);
        atomicStore(&a[5], 0);
        atomicStore(&a[6], 0);
        atomicStore(&a[7], 32);
    }
    workgroupBarrier();
    atomicAdd(&a[0], l - 40);
    atomicSub(&a[1], l + 33554432);
    atomicMax(&a[2], select(-l - 1, 5 + w, l == 20));
    atomicMin(&a[3], select(l, i32(-2147483648) + w, l == 30));
    if l == 63 {
        atomicAnd(&a[4], 0x7fffffff);
    }
    if l >= 32 && l < 36 {
        atomicAnd(&a[4], ~(1i << (li % 32u)));
    }
    if l < 4 {
        atomicOr(&a[5], i32(-2147483648) >> li);
    }
    if l < 48 {
        atomicXor(&a[6], 1i << (li % 32u));
    }
    let old = atomicExchange(&a[7], l - 32) + 32;
    atomicOr(&seen[old / 32], 1i << u32(old % 32));
    atomicStore(&a[8], -1);
    workgroupBarrier();
    if li == 0u {
        let fin = atomicLoad(&a[7]) + 32;
        atomicOr(&seen[fin / 32], 1i << u32(fin % 32));
    }
    workgroupBarrier();
    if li == 0u {
        let o = 11u * wid.x;
        for (var k = 0u; k < 7u; k++) {
            out[o + k] = atomicLoad(&a[k]);
        }
        for (var k = 0u; k < 3u; k++) {
            out[o + 7u + k] = atomicLoad(&seen[k]);
        }
        out[o + 10u] = atomicLoad(&a[8]);
    }
}

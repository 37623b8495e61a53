// Every atomic builtin on var<workgroup> atomic<u32>: invocation 0 atomicStore()s
// each start value, workgroupBarrier(), all 64 invocations (li = 0..63) apply
// the operation, workgroupBarrier(), invocation 0 atomicLoad()s the results.
// Two workgroups (w = 0, 1), each with its own atomics.
// Add: 5 + (1 + .. + 64) = 2085. Sub: 10000 - 2 * (0 + .. + 63) = 5968.
// Max of (li == 9 ? 0x80000000 + w : li) starting at 7: unsigned, 0x80000000 + w.
// Min of (li == 5 ? 3 + w : 0x80000000 | li) starting at ~0: unsigned, 3 + w.
// And of ~(1 << li % 32) for li % 32 < 8 + w starting at ~0: 0xffffff00 for
// w = 0, 0xfffffe00 for w = 1. Or of 1 << li % 32 for odd li: 0xaaaaaaaa.
// Xor of 1 << li % 32 for li < 48 starting at 0xff: the bits 0..15 toggle
// twice, the bits 16..31 once: 0xffff00ff.
// Exchange: starting at 0, each invocation exchanges li + 1; whatever the order,
// the returned values (64) plus the final value are 0..64 each exactly once
// (each stored value is returned at most once, one stays): their bits OR-ed
// into a 65-bit mask give 0xffffffff, 0xffffffff, 1.
// Store: all store 0x5a5a.
// dispatch: 2,1,1
// expect 0:0 = 2085, 5968, 0x80000000, 3, 0xffffff00, 0xaaaaaaaa, 0xffff00ff, 0xffffffff, 0xffffffff, 1, 0x5a5a
// expect 0:0 = 2085, 5968, 0x80000001, 4, 0xfffffe00, 0xaaaaaaaa, 0xffff00ff, 0xffffffff, 0xffffffff, 1, 0x5a5a

@group(0) @binding(0) var<storage, read_write> out: array<u32, 22>;

var<workgroup> a: array<atomic<u32>, 9>;
var<workgroup> seen: array<atomic<u32>, 3>;

fn mark(v: u32) {
    atomicOr(&seen[v / 32u], 1u << (v % 32u));
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    let w = wid.x;
    if li == 0u {
        atomicStore(&a[0], 5u);
        atomicStore(&a[1], 10000u);
        atomicStore(&a[2], 7u);
        atomicStore(&a[3], 0xffffffffu);
        atomicStore(&a[4], 0xffffffffu);
        atomicStore(&a[5], 0u);
        atomicStore(&a[6], 0xffu);
        atomicStore(&a[7], 0u);
    }
    workgroupBarrier();
    atomicAdd(&a[0], li + 1u);
    atomicSub(&a[1], 2u * li);
    atomicMax(&a[2], select(li, 0x80000000u + w, li == 9u));
    atomicMin(&a[3], select(0x80000000u | li, 3u + w, li == 5u));
    if li % 32u < 8u + w {
        atomicAnd(&a[4], ~(1u << (li % 32u)));
    }
    if li % 2u == 1u {
        atomicOr(&a[5], 1u << (li % 32u));
    }
    if li < 48u {
        atomicXor(&a[6], 1u << (li % 32u));
    }
    mark(atomicExchange(&a[7], li + 1u));
    atomicStore(&a[8], 0x5a5au);
    workgroupBarrier();
    if li == 0u {
        mark(atomicLoad(&a[7]));
    }
    workgroupBarrier();
    if li == 0u {
        let o = 11u * w;
        for (var k = 0u; k < 7u; k++) {
            out[o + k] = atomicLoad(&a[k]);
        }
        for (var k = 0u; k < 3u; k++) {
            out[o + 7u + k] = atomicLoad(&seen[k]);
        }
        out[o + 10u] = atomicLoad(&a[8]);
    }
}

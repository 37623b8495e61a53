// The values returned by racing atomics are order-dependent one by one, but
// their set is not: 256 invocations (4 workgroups x 64) doing atomicAdd(1) on
// one storage counter get 0..255 each exactly once; atomicSub(1) on a counter
// starting at 256 returns 256..1 each once; per workgroup, atomicAdd(2) on a
// workgroup counter returns 0, 2, .., 126 each once. Each returned value is
// recorded in a histogram (atomicAdd) and a bit mask (atomicOr).
// Storage: counter 256, sub counter 0, then the add and sub bit masks (8 words
// each, all ones), then the add histogram (256 ones).
// Per workgroup: the workgroup counter (128) and its 64-bit mask of value / 2.
// dispatch: 4,1,1
// buffer 0:0 = u32:0, 256, 0*16
// expect 0:0 = 256, 0, 0xffffffff*16
// expect 0:1 = 1*256
// expect 0:2 = 128, 0xffffffff, 0xffffffff, 128, 0xffffffff, 0xffffffff, 128, 0xffffffff, 0xffffffff, 128, 0xffffffff, 0xffffffff

struct Counters {
    add: atomic<u32>,
    sub: atomic<u32>,
    add_bits: array<atomic<u32>, 8>,
    sub_bits: array<atomic<u32>, 8>,
}

@group(0) @binding(0) var<storage, read_write> c: Counters;
@group(0) @binding(1) var<storage, read_write> hist: array<atomic<u32>, 256>;
@group(0) @binding(2) var<storage, read_write> per_wg: array<array<u32, 3>, 4>;

var<workgroup> wcount: atomic<u32>;
var<workgroup> wbits: array<atomic<u32>, 2>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    let r = atomicAdd(&c.add, 1u);
    atomicOr(&c.add_bits[r / 32u], 1u << (r % 32u));
    atomicAdd(&hist[r], 1u);
    let s = atomicSub(&c.sub, 1u) - 1u;
    atomicOr(&c.sub_bits[s / 32u], 1u << (s % 32u));
    let w = atomicAdd(&wcount, 2u) / 2u;
    atomicOr(&wbits[w / 32u], 1u << (w % 32u));
    workgroupBarrier();
    if li == 0u {
        per_wg[wid.x][0] = atomicLoad(&wcount);
        per_wg[wid.x][1] = atomicLoad(&wbits[0]);
        per_wg[wid.x][2] = atomicLoad(&wbits[1]);
    }
}

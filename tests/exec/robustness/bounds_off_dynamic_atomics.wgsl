// Bounds checks off, all indices in bounds: dynamically indexed atomics in a
// storage runtime-sized array, a storage struct's fixed array and a
// workgroup array, from 64 invocations, plus dynamically indexed workgroup
// and private arrays at their last elements. Without clamps the addressing
// alone must be right.
// Runtime array of 5 atomic<u32>: li % 5 gets += 1: 13, 13, 13, 13, 12.
// Struct { n: u32, bins: array<atomic<i32>, 3> }: bins[li % 3] -= li:
// bin 0 gets -(0 + 3 + .. + 63) = -693, bin 1 -(1 + 4 + .. + 61) = -651,
// bin 2 -(2 + 5 + .. + 62) = -672; n (7) is untouched.
// Workgroup array<atomic<u32>, 4>: [li / 16] += li, then copied out after
// a barrier: 120, 376, 632, 888. Workgroup array<u32, 64> w[63 - li] = li,
// barrier, out[li] = w[li] + private p[li % 8] (p[k] = 1000 k): 63 - li +
// 1000 (li % 8), checked here as the sum over all invocations:
// 2016 + 1000 * 8 * 28 = 226016, accumulated with atomicAdd.
// bounds-checks: off
// buffer 0:0 = zeros:20
// buffer 0:1 = i32:7, 0, 0, 0
// expect 0:0 = 13, 13, 13, 13, 12
// expect 0:1 = 7, -693, -651, -672
// expect 0:2 = 120, 376, 632, 888, 226016

struct B {
    n: u32,
    bins: array<atomic<i32>, 3>,
}

@group(0) @binding(0) var<storage, read_write> rt: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read_write> b: B;
@group(0) @binding(2) var<storage, read_write> out: array<atomic<u32>, 5>;

var<workgroup> wa: array<atomic<u32>, 4>;
var<workgroup> w: array<u32, 64>;
var<private> p = array<u32, 8>(0u, 1000u, 2000u, 3000u, 4000u, 5000u, 6000u, 7000u);

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
    atomicAdd(&rt[li % arrayLength(&rt)], 1u);
    atomicSub(&b.bins[li % 3u], i32(li));
    atomicAdd(&wa[li / 16u], li);
    w[63u - li] = li;
    workgroupBarrier();
    if li < 4u {
        atomicStore(&out[li], atomicLoad(&wa[li]));
    }
    atomicAdd(&out[4], w[li] + p[li % 8u]);
}

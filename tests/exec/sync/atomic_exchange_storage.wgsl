// atomicExchange on a storage atomic, racing within a workgroup: each of 128
// invocations exchanges li + 1 into its workgroup's slot (start 0). Whatever
// the order, the returned values plus the value left at the end are 0..128
// each exactly once (every stored value is returned at most once and one of
// them stays). The returned values are marked in a storage bit mask with
// atomicOr; after storageBarrier() invocation 0 marks the final value too.
// Mask per workgroup: 129 bits = 0xffffffff * 4, then 1. Both workgroups use
// their own slot and mask.
// The final slot values are order-dependent (any of 1..128): read back as any,
// but invocation 0 also writes whether it lies in 1..128 (expect 1).
// dispatch: 2,1,1
// expect 0:0 = any, any
// expect 0:1 = 0xffffffff*4, 1, 0xffffffff*4, 1
// expect 0:2 = 1, 1

@group(0) @binding(0) var<storage, read_write> slot: array<atomic<u32>, 2>;
@group(0) @binding(1) var<storage, read_write> seen: array<array<atomic<u32>, 5>, 2>;
@group(0) @binding(2) var<storage, read_write> ok: array<u32, 2>;

@compute @workgroup_size(128)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    let w = wid.x;
    let old = atomicExchange(&slot[w], li + 1u);
    atomicOr(&seen[w][old / 32u], 1u << (old % 32u));
    storageBarrier();
    if li == 0u {
        let fin = atomicLoad(&slot[w]);
        atomicOr(&seen[w][fin / 32u], 1u << (fin % 32u));
        ok[w] = select(0u, 1u, fin >= 1u && fin <= 128u);
    }
}

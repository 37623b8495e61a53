// Subgroup operations combined with workgroup memory, the way a reduction
// or a stream compaction uses them; the results are size-independent.
// Sum: each subgroup reduces 3 li + 1 + w with subgroupAdd, its elected
// invocation adds that into a workgroup atomic: 3 * 8128 + 128 + 128 w
// (24512 + 128 w) for the 128 invocations of workgroup w.
// Compaction: the invocations with (5 li) % 7 < 3 (li % 7 in {0, 3, 6}; 55
// in all) each get a distinct slot: the elected invocation reserves
// subgroupAdd(p) slots with atomicAdd, subgroupBroadcastFirst shares the base,
// subgroupExclusiveAdd(p) is the offset in it. They write li into their slot.
// After a barrier invocation 0 reads the 55 slots back into a bit mask of the
// li values found: exactly the bits of the selected li, and 1 if no slot was
// left at the 0xffffffff it was filled with (no gaps, no collisions).
// Per workgroup: sum, count, 4 mask words, no-gap flag.
// dispatch: 2,1,1
// expect 0:0 = 24512, 55, 0x993264c9, 0xc993264c, 0x4c993264, 0x64c99326, 1, 24640, 55, 0x993264c9, 0xc993264c, 0x4c993264, 0x64c99326, 1
enable subgroups;

@group(0) @binding(0) var<storage, read_write> out: array<array<u32, 7>, 2>;

var<workgroup> sum: atomic<u32>;
var<workgroup> next: atomic<u32>;
var<workgroup> slots: array<u32, 128>;

@compute @workgroup_size(128)
fn main(@builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
    slots[li] = 0xffffffffu;
    workgroupBarrier();
    let part = subgroupAdd(3u * li + 1u + wid.x);
    if subgroupElect() {
        atomicAdd(&sum, part);
    }
    let p = (5u * li) % 7u < 3u;
    let one = select(0u, 1u, p);
    let n = subgroupAdd(one);
    var base = 0u;
    if subgroupElect() {
        base = atomicAdd(&next, n);
    }
    base = subgroupBroadcastFirst(base);
    let off = subgroupExclusiveAdd(one);
    if p {
        slots[base + off] = li;
    }
    workgroupBarrier();
    if li == 0u {
        let count = atomicLoad(&next);
        var mask = array<u32, 4>();
        var filled = 1u;
        for (var k = 0u; k < count; k++) {
            let v = slots[k];
            if v == 0xffffffffu {
                filled = 0u;
            } else {
                mask[v / 32u] |= 1u << (v % 32u);
            }
        }
        out[wid.x][0] = atomicLoad(&sum);
        out[wid.x][1] = count;
        for (var k = 0u; k < 4u; k++) {
            out[wid.x][2u + k] = mask[k];
        }
        out[wid.x][6] = filled;
    }
}

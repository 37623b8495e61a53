// subgroupElect and subgroupBallot in uniform control flow (all invocations
// of each subgroup active), size-independent.
// Elect is true exactly for the invocation with the lowest active ID, here
// ID 0; counting the electees of a workgroup of 128 gives 128 / size, so
// electees * size = 128 (written per workgroup).
// Ballot(sid < 3) is vec4(7, 0, 0, 0) for any size >= 4 (every invocation
// writes its x; y, z, w are checked to be 0). Ballot(false) is 0. Ballot(sid % 2 == 0) is 0x55555555 in each
// 32-bit word, masked to the IDs below size; ballot(sid == size - 1) has the
// single bit size - 1; the invocation's own bit of ballot(p) is p, with p
// depending on local_invocation_index; popcount of ballot(p) equals
// subgroupAdd(p ? 1 : 0). Failed checks form a bit mask per invocation
// (expect 0).
// dispatch: 2,1,1
// expect 0:0 = 0*256
// expect 0:1 = 7*256
// expect 0:2 = 128, 128
enable subgroups;

@group(0) @binding(0) var<storage, read_write> bad: array<u32, 256>;
@group(0) @binding(1) var<storage, read_write> low3: array<u32, 256>;
@group(0) @binding(2) var<storage, read_write> electees: array<u32, 2>;

var<workgroup> count: atomic<u32>;

fn word_mask(size: u32, c: u32) -> u32 {
    let lo = 32u * c;
    if size <= lo {
        return 0u;
    }
    let n = min(size - lo, 32u);
    return select((1u << n) - 1u, 0xffffffffu, n == 32u);
}

@compute @workgroup_size(128)
fn main(@builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(subgroup_invocation_id) sid: u32,
        @builtin(subgroup_size) size: u32) {
    let g = wid.x * 128u + li;
    var b = 0u;
    let e = subgroupElect();
    if e != (sid == 0u) { b |= 1u; }
    if e {
        atomicAdd(&count, 1u);
    }
    let l3 = subgroupBallot(sid < 3u);
    low3[g] = l3.x;
    if any(l3.yzw != vec3<u32>()) { b |= 64u; }
    if any(subgroupBallot(false) != vec4<u32>()) { b |= 2u; }
    let even = subgroupBallot(sid % 2u == 0u);
    for (var c = 0u; c < 4u; c++) {
        if even[c] != (0x55555555u & word_mask(size, c)) { b |= 4u; }
    }
    let last = subgroupBallot(sid == size - 1u);
    var want = vec4<u32>();
    want[(size - 1u) / 32u] = 1u << ((size - 1u) % 32u);
    if any(last != want) { b |= 8u; }
    let p = (li * 7u) % 3u == 0u;
    let bp = subgroupBallot(p);
    let mine = ((bp[sid / 32u] >> (sid % 32u)) & 1u) == 1u;
    if mine != p { b |= 16u; }
    let pc = countOneBits(bp);
    let cnt = subgroupAdd(select(0u, 1u, p));
    if pc.x + pc.y + pc.z + pc.w != cnt { b |= 32u; }
    bad[g] = b;
    workgroupBarrier();
    if li == 0u {
        electees[wid.x] = atomicLoad(&count) * size;
    }
}

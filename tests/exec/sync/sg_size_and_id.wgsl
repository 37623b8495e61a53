// The subgroup_size and subgroup_invocation_id built-ins (spec "Subgroups",
// "subgroup_invocation_id", "subgroup_size"), size-independent: the size is a
// power of two in [4, 128], the same in the whole workgroup; IDs lie in
// [0, size) and are dense; a workgroup of 128 (a multiple of every subgroup
// size) is made of whole subgroups, so subgroupAdd(1) == size, ballot(true)
// has size bits, the IDs of a subgroup sum to size (size - 1) / 2 with max
// size - 1 and min 0, and the number of invocations with ID 0 times the size
// makes exactly 128. Built-ins arrive in an input struct.
// Each invocation writes a bit mask of failed checks (expect 0); invocation 0
// of each workgroup writes (number of subgroups) * size and 1 if size was
// uniform across the workgroup.
// dispatch: 2,1,1
// expect 0:0 = 0*256
// expect 0:1 = 128, 1, 128, 1
enable subgroups;

struct In {
    @builtin(local_invocation_index) li: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
    @builtin(subgroup_invocation_id) sid: u32,
    @builtin(subgroup_size) size: u32,
}

@group(0) @binding(0) var<storage, read_write> bad: array<u32, 256>;
@group(0) @binding(1) var<storage, read_write> wg: array<vec2<u32>, 2>;

var<workgroup> leaders: atomic<u32>;
var<workgroup> min_size: atomic<u32>;
var<workgroup> max_size: atomic<u32>;

@compute @workgroup_size(128)
fn main(in: In) {
    if in.li == 0u {
        atomicStore(&min_size, 0xffffffffu);
    }
    workgroupBarrier();
    let size = in.size;
    let sid = in.sid;
    var b = 0u;
    if countOneBits(size) != 1u || size < 4u || size > 128u { b |= 1u; }
    if sid >= size { b |= 2u; }
    if subgroupAdd(1u) != size { b |= 4u; }
    let bal = countOneBits(subgroupBallot(true));
    if bal.x + bal.y + bal.z + bal.w != size { b |= 8u; }
    if subgroupAdd(sid) != size * (size - 1u) / 2u { b |= 16u; }
    if subgroupMax(sid) != size - 1u { b |= 32u; }
    if subgroupMin(sid) != 0u { b |= 64u; }
    let smin = subgroupMin(size);
    let smax = subgroupMax(size);
    if smin != size || smax != size { b |= 128u; }
    if sid == 0u {
        atomicAdd(&leaders, 1u);
    }
    atomicMin(&min_size, size);
    atomicMax(&max_size, size);
    workgroupBarrier();
    bad[in.wid.x * 128u + in.li] = b;
    if in.li == 0u {
        let same = atomicLoad(&min_size) == atomicLoad(&max_size) && atomicLoad(&max_size) == size;
        wg[in.wid.x] = vec2<u32>(atomicLoad(&leaders) * size, select(0u, 1u, same));
    }
}

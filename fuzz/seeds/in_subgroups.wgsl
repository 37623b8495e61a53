// Subgroup builtins (enable subgroups): reductions, scans, ballot, elect,
// broadcast, shuffles and quad operations, with the subgroup builtin values.
enable subgroups;

@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@group(0) @binding(1) var<storage, read_write> ints: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(subgroup_invocation_id) lane: u32,
        @builtin(subgroup_size) size: u32) {
    let x = data[gid.x];
    let n = ints[gid.x];
    let total = subgroupAdd(x);
    let before = subgroupExclusiveAdd(x);
    let upto = subgroupInclusiveAdd(x);
    let prod = subgroupMul(x) + subgroupExclusiveMul(x) + subgroupInclusiveMul(x);
    let lo = subgroupMin(x);
    let hi = subgroupMax(x);
    let and_bits = subgroupAnd(n);
    let or_bits = subgroupOr(n);
    let xor_bits = subgroupXor(n);
    let ballot = subgroupBallot(x > 0.0);
    let all_pos = subgroupAll(x > 0.0);
    let any_pos = subgroupAny(x > 0.0);
    let first = subgroupBroadcastFirst(x);
    let from_zero = subgroupBroadcast(x, 0u);
    let shuffled = subgroupShuffle(x, (lane + 1u) % size);
    let down = subgroupShuffleDown(x, 1u);
    let up = subgroupShuffleUp(x, 1u);
    let mirrored = subgroupShuffleXor(x, 1u);
    let quad = quadBroadcast(x, 0u) + quadSwapX(x) + quadSwapY(x) + quadSwapDiagonal(x);
    if subgroupElect() {
        ints[gid.x / size] = countOneBits(ballot.x) + and_bits + or_bits + xor_bits;
    }
    data[gid.x] = total + before + upto + prod + lo + hi + first + from_zero + shuffled
        + down + up + mirrored + quad + select(0.0, 1.0, all_pos) + select(0.0, 2.0, any_pos);
}

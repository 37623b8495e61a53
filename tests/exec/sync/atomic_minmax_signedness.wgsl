// atomicMax / atomicMin compare as signed for atomic<i32> and as unsigned for
// atomic<u32>, with the same bit patterns; storage and workgroup atomics. Each
// invocation (8 of them) owns its atomics (no race), stores a, then applies
// max or min with b, so the returned old value is a, exactly.
// Pairs (a, b) as bits: (-1, 1), (1, -1), (i32 min, i32 max), (0, i32 min),
// (-5, -3), (0x7fffffff, 0x80000000), (7, 7), (0x80000001, 0xfffffffe).
// For pair k the output is: i32 max, i32 min, u32 max, u32 min (storage), the
// same four from workgroup atomics, then the sum of the old values returned by
// these eight operations minus 8a (expect 0).
// Pair (-1, 1): i32 max 1, min -1; u32 max 0xffffffff, min 1.
// Pair (1, -1): the same four values.
// Pair (i32 min, i32 max): i32 max 0x7fffffff, min 0x80000000; u32 the reverse.
// Pair (0, i32 min): i32 max 0, min 0x80000000; u32 max 0x80000000, min 0.
// Pair (-5, -3): i32 max -3, min -5; u32 max 0xfffffffd, min 0xfffffffb.
// Pair (0x7fffffff, 0x80000000): i32 max 0x7fffffff, min 0x80000000; u32 the
// reverse. Pair (7, 7): all 7.
// Pair (0x80000001, 0xfffffffe): i32 -2147483647 vs -2: max -2 (0xfffffffe),
// and min 0x80000001; u32 max 0xfffffffe, min 0x80000001.
// The scratch storage cells end with the first four values of each pair.
// buffer 0:0 = u32:0xffffffff, 1, 1, 0xffffffff, 0x80000000, 0x7fffffff, 0, 0x80000000, 0xfffffffb, 0xfffffffd, 0x7fffffff, 0x80000000, 7, 7, 0x80000001, 0xfffffffe
// expect 0:1 = 1, 0xffffffff, 0xffffffff, 1, 1, 0xffffffff, 0xffffffff, 1, 0
// expect 0:1 = 1, 0xffffffff, 0xffffffff, 1, 1, 0xffffffff, 0xffffffff, 1, 0
// expect 0:1 = 0x7fffffff, 0x80000000, 0x80000000, 0x7fffffff, 0x7fffffff, 0x80000000, 0x80000000, 0x7fffffff, 0
// expect 0:1 = 0, 0x80000000, 0x80000000, 0, 0, 0x80000000, 0x80000000, 0, 0
// expect 0:1 = 0xfffffffd, 0xfffffffb, 0xfffffffd, 0xfffffffb, 0xfffffffd, 0xfffffffb, 0xfffffffd, 0xfffffffb, 0
// expect 0:1 = 0x7fffffff, 0x80000000, 0x80000000, 0x7fffffff, 0x7fffffff, 0x80000000, 0x80000000, 0x7fffffff, 0
// expect 0:1 = 7, 7, 7, 7, 7, 7, 7, 7, 0
// expect 0:1 = 0xfffffffe, 0x80000001, 0xfffffffe, 0x80000001, 0xfffffffe, 0x80000001, 0xfffffffe, 0x80000001, 0
// expect 0:2 = 1, -1, 0xffffffff, 1, 1, -1, 0xffffffff, 1
// expect 0:2 = 2147483647, -2147483648, 0x80000000, 0x7fffffff, 0, -2147483648, 0x80000000, 0
// expect 0:2 = -3, -5, 0xfffffffd, 0xfffffffb, 2147483647, -2147483648, 0x80000000, 0x7fffffff
// expect 0:2 = 7, 7, 7, 7, -2, -2147483647, 0xfffffffe, 0x80000001

struct Cell {
    imax: atomic<i32>,
    imin: atomic<i32>,
    umax: atomic<u32>,
    umin: atomic<u32>,
}

@group(0) @binding(0) var<storage, read> pairs: array<vec2<u32>, 8>;
@group(0) @binding(1) var<storage, read_write> out: array<array<u32, 9>, 8>;
@group(0) @binding(2) var<storage, read_write> cells: array<Cell, 8>;

var<workgroup> wcells: array<Cell, 8>;

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) k: u32) {
    let a = pairs[k].x;
    let b = pairs[k].y;
    let ia = bitcast<i32>(a);
    let ib = bitcast<i32>(b);
    let s = &cells[k];
    let w = &wcells[k];
    atomicStore(&(*s).imax, ia);
    atomicStore(&(*s).imin, ia);
    atomicStore(&(*s).umax, a);
    atomicStore(&(*s).umin, a);
    atomicStore(&(*w).imax, ia);
    atomicStore(&(*w).imin, ia);
    atomicStore(&(*w).umax, a);
    atomicStore(&(*w).umin, a);
    var olds = 0u;
    olds += bitcast<u32>(atomicMax(&(*s).imax, ib));
    olds += bitcast<u32>(atomicMin(&(*s).imin, ib));
    olds += atomicMax(&(*s).umax, b);
    olds += atomicMin(&(*s).umin, b);
    olds += bitcast<u32>(atomicMax(&(*w).imax, ib));
    olds += bitcast<u32>(atomicMin(&(*w).imin, ib));
    olds += atomicMax(&(*w).umax, b);
    olds += atomicMin(&(*w).umin, b);
    out[k][0] = bitcast<u32>(atomicLoad(&(*s).imax));
    out[k][1] = bitcast<u32>(atomicLoad(&(*s).imin));
    out[k][2] = atomicLoad(&(*s).umax);
    out[k][3] = atomicLoad(&(*s).umin);
    out[k][4] = bitcast<u32>(atomicLoad(&(*w).imax));
    out[k][5] = bitcast<u32>(atomicLoad(&(*w).imin));
    out[k][6] = atomicLoad(&(*w).umax);
    out[k][7] = atomicLoad(&(*w).umin);
    out[k][8] = olds - 8u * a;
}

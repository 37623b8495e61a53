// Workgroup arrays indexed out of bounds by several invocations, kept free
// of data races (an OOB store may land anywhere in the variable, spec
// "Out-of-Bounds Access", so it gets a phase of its own), bounds checks on.
// One array is array<u32, 64>, the other array<u32, N> with the override N
// set to 6 (default 4): the bound is the override's value, so index 5 is in
// bounds and 6, 7 are not.
// Phase 1: invocation 0 alone stores 7777 at a[64], a[1000], a[i32 -1],
// o[N], o[N + 10] (runtime indices: an override-expression index out of
// bounds would be a pipeline-creation error). Barrier. Phase 2: every
// invocation stores a[li] = 2 li, and o[li] = 50 + li for li < N, overwriting
// whatever phase 1 did. Barrier.
// Phase 3 reads: a[li] exact (2 li); a[li + 64] is OOB, its value is some
// element of a (an even number below 128) or 0: flag 1; o[li % 8] is exact
// for li % 8 < 6 (50 + li % 8) and otherwise OOB (raw any, flag 1 when it is
// some 50..55 or 0).
// bounds-checks: on
// override N = 6
// buffer 0:0 = i32:64, 1000, -1
// expect 0:1 = 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 98, 100, 102, 104, 106, 108, 110, 112, 114, 116, 118, 120, 122, 124, 126
// expect 0:2 = 50, 51, 52, 53, 54, 55, any, any, 50, 51, 52, 53, 54, 55, any, any, 50, 51, 52, 53, 54, 55, any, any, 50, 51, 52, 53, 54, 55, any, any, 50, 51, 52, 53, 54, 55, any, any, 50, 51, 52, 53, 54, 55, any, any, 50, 51, 52, 53, 54, 55, any, any, 50, 51, 52, 53, 54, 55, any, any
// expect 0:3 = 1*128

override N: u32 = 4;

@group(0) @binding(0) var<storage, read> idx: array<i32, 3>;
@group(0) @binding(1) var<storage, read_write> out_a: array<u32, 64>;
@group(0) @binding(2) var<storage, read_write> out_o: array<u32, 64>;
@group(0) @binding(3) var<storage, read_write> flags: array<u32, 128>;

var<workgroup> a: array<u32, 64>;
var<workgroup> o: array<u32, N>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
    if li == 0u {
        for (var k = 0u; k < 3u; k++) {
            a[idx[k]] = 7777u;
        }
        o[N + u32(idx[0]) - 64u] = 7777u;
        o[N + u32(idx[0]) - 54u] = 7777u;
    }
    workgroupBarrier();
    a[li] = 2u * li;
    if li < N {
        o[li] = 50u + li;
    }
    workgroupBarrier();
    out_a[li] = a[li];
    let x = a[li + u32(idx[0])];
    flags[li] = select(0u, 1u, x % 2u == 0u && x < 128u);
    let y = o[li % 8u];
    out_o[li] = y;
    flags[64u + li] = select(0u, 1u, y == 0u || (y >= 50u && y <= 55u));
}

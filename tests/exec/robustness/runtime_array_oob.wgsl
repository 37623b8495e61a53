// Runtime-sized arrays indexed out of bounds, with bounds checks on. NRuntime
// is fixed by the binding size (spec "Buffer Binding Determines Runtime-Sized
// Array Element Count": the largest N whose SizeOf fits): 24 bytes of u32
// give 6; a struct { head: vec2<u32>, data: array<vec4<i32>> } (data at
// offset 16, stride 16) bound with 72 bytes gives trunc((72 - 16) / 16) = 3.
// Reads at arrayLength, arrayLength + 1, 0xffffffff, i32 -1 and i32 min are
// invalid (spec "Out-of-Bounds Access"): any value from the buffer, or zero,
// or for a vector (0, 0, 0, x) with x in {0, 1, i32 max}: the raw values are
// not written, only flags (1 = each component is one of the buffer's values
// or 0, 1, i32 max). In-bounds reads through the same code are exact.
// Then OOB stores (which may land anywhere in the buffer), then in-bounds
// stores to every element and member: exact afterwards.
// Flat: lengths 6, flags, in-bounds value 16; rewritten to 21..26.
// Struct: length 3; rewritten head (7, 8), data[k] = (10k, -10k, k, -k).
// bounds-checks: on
// buffer 0:0 = u32:11, 12, 13, 14, 15, 16
// buffer 0:1 = i32:1000, 1001, 0, 0, 100, 101, 102, 103, 110, 111, 112, 113, 120, 121, 122, 123, 130, 131
// buffer 0:2 = i32:5, 6, 7, -1, -2147483648
// expect 0:0 = 21, 22, 23, 24, 25, 26
// expect 0:1 = 7, 8, 0, 0, 0, 0, 10, -10, 1, -1, 20, -20, 2, -2
// expect 0:3 = 6, 3, 16, 123, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1

struct S {
    head: vec2<u32>,
    data: array<vec4<i32>>,
}

@group(0) @binding(0) var<storage, read_write> flat: array<u32>;
@group(0) @binding(1) var<storage, read_write> s: S;
@group(0) @binding(2) var<storage, read> idx: array<i32, 5>;
@group(0) @binding(3) var<storage, read_write> out: array<u32, 14>;

fn flat_member(v: u32) -> bool {
    return v == 0u || (v >= 11u && v <= 16u);
}

fn s_member(v: i32) -> bool {
    // every value in the 72 bytes of binding 1, plus 0, 1 and i32 max
    return v == 0 || v == 1 || v == 2147483647 || v == 1000 || v == 1001 ||
           (v >= 100 && v <= 103) || (v >= 110 && v <= 113) ||
           (v >= 120 && v <= 123) || v == 130 || v == 131;
}

@compute @workgroup_size(1)
fn main() {
    let n = arrayLength(&flat);
    let m = arrayLength(&s.data);
    out[0] = n;
    out[1] = m;
    out[2] = flat[idx[0]];
    out[3] = u32(s.data[idx[0] - 3].w);
    let fi = array<u32, 5>(n, n + 1u, 0xffffffffu, u32(idx[3]), u32(idx[4]));
    for (var k = 0u; k < 5u; k++) {
        out[4u + k] = select(0u, 1u, flat_member(flat[fi[k]]));
    }
    let si = array<i32, 5>(i32(m), i32(m) + 1, -1, idx[3], idx[4]);
    for (var k = 0u; k < 5u; k++) {
        let v = s.data[si[k]];
        out[9u + k] = select(0u, 1u, s_member(v.x) && s_member(v.y) && s_member(v.z) && s_member(v.w));
    }
    for (var k = 0u; k < 5u; k++) {
        flat[fi[k]] = 99u;
        s.data[si[k]] = vec4<i32>(-5);
        s.data[si[k]].y = -6;
    }
    for (var k = 0u; k < n; k++) {
        flat[k] = 21u + k;
    }
    s.head = vec2<u32>(7u, 8u);
    for (var k = 0u; k < m; k++) {
        let i = i32(k);
        s.data[k] = vec4<i32>(10 * i, -10 * i, i, -i);
    }
}

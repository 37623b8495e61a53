// Reads of a fixed-size storage array at dynamic indices past the end, huge,
// and negative (i32), with bounds checks on. The spec (Out-of-Bounds Access)
// makes such a read an invalid memory reference: the load may return a value
// from any memory location of the buffer bound to the variable, or zero; so
// the raw values are `any`, and each invocation also writes 1 if the value
// read is one of the array's elements or 0 (all 8 elements are distinct and
// nonzero). In-bounds reads with the same indices in other slots are exact.
// Indices: u32 3, 7, 8, 9, 1000, 0x7fffffff, 0x80000000, 0xffffffff;
// and i32 indices 0, 7, 8, -1, -8, i32 min, i32 max, 5.
// Raw values: u32 indices give 40, 80, then six any; i32 give 10, 80, any,
// any, any, any, any, 60. Membership flags: all 1.
// bounds-checks: on
// buffer 0:0 = u32:10, 20, 30, 40, 50, 60, 70, 80
// buffer 0:1 = u32:3, 7, 8, 9, 1000, 0x7fffffff, 0x80000000, 0xffffffff
// buffer 0:2 = i32:0, 7, 8, -1, -8, -2147483648, 2147483647, 5
// expect 0:3 = 40, 80, any, any, any, any, any, any, 10, 80, any, any, any, any, any, 60
// expect 0:4 = 1*16

@group(0) @binding(0) var<storage, read> data: array<u32, 8>;
@group(0) @binding(1) var<storage, read> uidx: array<u32, 8>;
@group(0) @binding(2) var<storage, read> iidx: array<i32, 8>;
@group(0) @binding(3) var<storage, read_write> raw: array<u32, 16>;
@group(0) @binding(4) var<storage, read_write> member: array<u32, 16>;

fn is_member(v: u32) -> u32 {
    var found = v == 0u;
    for (var k = 0u; k < 8u; k++) {
        found = found || data[k] == v;
    }
    return select(0u, 1u, found);
}

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) li: u32) {
    let a = data[uidx[li]];
    raw[li] = a;
    member[li] = is_member(a);
    let b = data[iidx[li]];
    raw[8u + li] = b;
    member[8u + li] = is_member(b);
}

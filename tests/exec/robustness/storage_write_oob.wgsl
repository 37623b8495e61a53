// Stores to a fixed-size storage array at indices past the end, huge and
// negative, with bounds checks on. The spec (Out-of-Bounds Access) lets such a
// store write its value to any memory location of the buffer bound to the
// variable, or not happen; it never touches other bindings or memory outside
// the binding (the runner's guard bytes check that).
// Array `late`: in-bounds stores of 100 + k first, then eight stores of
// 999 at OOB indices (8, 9, 100, 0x80000000, 0xffffffff via u32; -1, -9,
// i32 min via i32); each slot is left holding 100 + k or 999: raw values are
// any, and one invocation reads them back (program order, same invocation)
// and writes 1 if every slot holds 100 + k or 999.
// Array `early`: the same OOB stores first, then in-bounds stores of 200 + k
// to every slot, in the same invocation: all exact.
// Binding `other` (written in bounds only) is exact.
// bounds-checks: on
// buffer 0:0 = u32:8, 9, 100, 0x80000000, 0xffffffff
// buffer 0:1 = i32:-1, -9, -2147483648
// expect 0:2 = any*8
// expect 0:3 = 200, 201, 202, 203, 204, 205, 206, 207
// expect 0:4 = 7, 1

@group(0) @binding(0) var<storage, read> uidx: array<u32, 5>;
@group(0) @binding(1) var<storage, read> iidx: array<i32, 3>;
@group(0) @binding(2) var<storage, read_write> late: array<u32, 8>;
@group(0) @binding(3) var<storage, read_write> early: array<u32, 8>;
@group(0) @binding(4) var<storage, read_write> other: array<u32, 2>;

@compute @workgroup_size(1)
fn main() {
    for (var k = 0u; k < 8u; k++) {
        late[k] = 100u + k;
    }
    for (var k = 0u; k < 5u; k++) {
        late[uidx[k]] = 999u;
        early[uidx[k]] = 999u;
    }
    for (var k = 0u; k < 3u; k++) {
        late[iidx[k]] = 999u;
        early[iidx[k]] = 999u;
    }
    for (var k = 0u; k < 8u; k++) {
        early[k] = 200u + k;
    }
    var ok = true;
    for (var k = 0u; k < 8u; k++) {
        let v = late[k];
        ok = ok && (v == 100u + k || v == 999u);
    }
    other[0] = 7u;
    other[1] = select(0u, 1u, ok);
}

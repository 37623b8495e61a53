// return from the entry point (spec, "Return Statement": in an entry point it
// ends the invocation), from inside two nested for loops, differently in
// each of the 16 invocations of one workgroup.
// Each invocation id writes 1, returns at once for id 0, else looks for the
// first (i, j), i = 1..7 ascending, j = 1..i, with i*j == id, writes 10*i + j
// and returns; when there is none it falls through and writes 999.
//   Id:  0  1  2  3  4  5  6  7  8  9  10 11  12 13  14 15
//   Out: 1  11 21 31 22 51 32 71 42 33 52 999 43 999 72 53
// (e.g. id 6: i=3, j=2 comes before i=6, j=1; id 11 and 13 are primes > 7.)
// The second buffer counts, per invocation, the inner iterations run before
// returning (id 0: 0; id 1: 1; id 2: i=1 (1) + i=2,j=1 -> 2; id 11 and 13:
// all of 1+2+...+7 = 28).
// Per id: i-th triangle T(i-1) = (i-1)i/2 iterations for rows before i, plus j.
//   Id:  0 1 2 3 4 5  6 7  8 9 10 11 12 13 14 15
//   Cnt: 0 1 2 4 3 11 5 22 8 6 12 28 9  28 23 13
// dispatch: 1
// expect 0:0 = 1, 11, 21, 31, 22, 51, 32, 71, 42, 33, 52, 999, 43, 999, 72, 53
// expect 0:1 = 0, 1, 2, 4, 3, 11, 5, 22, 8, 6, 12, 28, 9, 28, 23, 13

@group(0) @binding(0) var<storage, read_write> out: array<u32, 16>;
@group(0) @binding(1) var<storage, read_write> cnt: array<u32, 16>;

@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) id: u32) {
    out[id] = 1u;
    if id == 0u { return; }
    for (var i = 1u; i < 8u; i++) {
        for (var j = 1u; j <= i; j++) {
            cnt[id] += 1u;
            if i * j == id {
                out[id] = i * 10u + j;
                return;
            }
        }
    }
    out[id] = 999u;
}

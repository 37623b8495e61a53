// Nested fixed-size arrays array<array<u32, 4>, 3> with out-of-bounds outer,
// inner, or both indices, in storage, workgroup and function memory, bounds
// checks on. An OOB index at either level makes the reference invalid (spec
// "Valid and Invalid Memory References"): a load returns a value from the
// originating variable (for storage, the buffer) or zero; a store may land
// anywhere in it or be dropped.
// Element [i][j] starts as 10 i + j + 1 (1..4, 11..14, 21..24) everywhere.
// Index pairs (runtime): (2, 3) in bounds, (1, 4), (3, 0), (7, 9), (-1, 2),
// (0, -1) as i32. Reads: the in-bounds one is exact (24, three times); the
// five OOB ones each give a flag, 1 when the value is an element value or
// 0 (5 flags x 3 memories).
// Stores: 77 through every OOB pair, then [1][2] = 55 in bounds. Storage:
// the stores went first into `early`, which is then fully rewritten with
// 100 + 4 i + j: exact. Function and workgroup copies: each element must now
// hold its start value, 77, or (for [1][2]) 55: flags. The storage array
// `st` is only read out of bounds, then gets [1][2] = 55: exact.
// bounds-checks: on
// buffer 0:0 = i32:2, 3, 1, 4, 3, 0, 7, 9, -1, 2, 0, -1
// buffer 0:1 = u32:1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24
// expect 0:1 = 1, 2, 3, 4, 11, 12, 55, 14, 21, 22, 23, 24
// expect 0:2 = 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111
// expect 0:3 = 24, 24, 24, 1*15, 1, 1

@group(0) @binding(0) var<storage, read> pairs: array<vec2<i32>, 6>;
@group(0) @binding(1) var<storage, read_write> st: array<array<u32, 4>, 3>;
@group(0) @binding(2) var<storage, read_write> early: array<array<u32, 4>, 3>;
@group(0) @binding(3) var<storage, read_write> out: array<u32, 20>;

var<workgroup> wg: array<array<u32, 4>, 3>;

fn start_value(v: u32) -> bool {
    return v == 0u || (v >= 1u && v <= 4u) || (v >= 11u && v <= 14u) || (v >= 21u && v <= 24u);
}

fn after_value(i: u32, j: u32, v: u32) -> bool {
    return v == 10u * i + j + 1u || v == 77u || (i == 1u && j == 2u && v == 55u);
}

@compute @workgroup_size(1)
fn main() {
    var fn_arr: array<array<u32, 4>, 3>;
    for (var i = 0u; i < 3u; i++) {
        for (var j = 0u; j < 4u; j++) {
            fn_arr[i][j] = 10u * i + j + 1u;
            wg[i][j] = 10u * i + j + 1u;
        }
    }
    let p0 = pairs[0];
    out[0] = st[p0.x][p0.y];
    out[1] = wg[p0.x][p0.y];
    out[2] = fn_arr[p0.x][p0.y];
    for (var k = 1u; k < 6u; k++) {
        let p = pairs[k];
        out[3u * k] = select(0u, 1u, start_value(st[p.x][p.y]));
        out[3u * k + 1u] = select(0u, 1u, start_value(wg[p.x][p.y]));
        out[3u * k + 2u] = select(0u, 1u, start_value(fn_arr[p.x][p.y]));
    }
    for (var k = 1u; k < 6u; k++) {
        let p = pairs[k];
        early[p.x][p.y] = 77u;
        wg[p.x][p.y] = 77u;
        fn_arr[p.x][p.y] = 77u;
    }
    st[1][pairs[0].x] = 55u;
    wg[1][pairs[0].x] = 55u;
    fn_arr[1][pairs[0].x] = 55u;
    for (var i = 0u; i < 3u; i++) {
        for (var j = 0u; j < 4u; j++) {
            early[i][j] = 100u + 4u * i + j;
        }
    }
    var ok_wg = true;
    var ok_fn = true;
    for (var i = 0u; i < 3u; i++) {
        for (var j = 0u; j < 4u; j++) {
            ok_wg = ok_wg && after_value(i, j, wg[i][j]);
            ok_fn = ok_fn && after_value(i, j, fn_arr[i][j]);
        }
    }
    out[18] = select(0u, 1u, ok_wg);
    out[19] = select(0u, 1u, ok_fn);
}

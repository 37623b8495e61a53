// Pointers formed from out-of-bounds indices (invalid pointers, spec "Valid
// and Invalid Memory References"), bounds checks on: `let p = &a[i]` taken
// once and used for several loads and stores, passed to a function
// (ptr<function>, ptr<workgroup>, ptr<storage> parameters), a pointer to an
// OOB row `&n[i]` then indexed in bounds, and pointer composite access
// `q[i]` on q = &a. Loads through an invalid pointer give a value of the
// originating variable (for storage, the buffer) or zero; stores land in the
// variable or nowhere. Read-modify-writes through them can thus only produce
// bounded values: a (start 1..4; stores of 77, then +1 three times at most)
// stays <= 100; n only ever gets 99 stored (loads 0, 10..12 or 99);
// wa (start 1000 + k; +100 per bump, on a value of wa or 0, three bumps)
// holds values v with v % 100 <= 3 and v <= 1303: flags for the loads and
// for the arrays afterwards. The storage array got its OOB stores first and
// is then rewritten in bounds: exact.
// In-bounds use of the same helpers: exact (p to a[1] gets 5 + 1 = 6, row
// pointer &n[1] then [2] reads 12, q[3] reads 4).
// bounds-checks: on
// buffer 0:0 = u32:4, 9, 0xffffffff
// expect 0:1 = 20, 21, 22, 23
// expect 0:2 = 6, 12, 4, 1*16

@group(0) @binding(0) var<storage, read> idx: array<u32, 3>;
@group(0) @binding(1) var<storage, read_write> sa: array<u32, 4>;
@group(0) @binding(2) var<storage, read_write> out: array<u32, 19>;

var<workgroup> wa: array<u32, 4>;

fn bump_f(p: ptr<function, u32>) -> u32 {
    *p += 1u;
    return *p;
}

fn bump_w(p: ptr<workgroup, u32>) -> u32 {
    *p = *p + 100u;
    return *p;
}

fn put_s(p: ptr<storage, u32, read_write>, v: u32) {
    *p = v;
}


@compute @workgroup_size(1)
fn main() {
    var a = array<u32, 4>(1u, 2u, 3u, 4u);
    var n = array<array<u32, 3>, 2>(array<u32, 3>(10u, 11u, 12u), array<u32, 3>(10u, 11u, 12u));
    for (var k = 0u; k < 4u; k++) {
        wa[k] = 1000u + k;
    }
    let four = idx[0];
    let one = four - 3u;
    let pin = &a[one];
    *pin = 5u;
    out[0] = bump_f(pin);
    let row = &n[one];
    out[1] = (*row)[2];
    let q = &a;
    out[2] = q[four - 1u];
    var f = 3u;
    for (var k = 0u; k < 3u; k++) {
        let i = idx[k];
        let p = &a[i];
        let v0 = *p;
        out[f] = select(0u, 1u, v0 <= 100u); f++;
        *p = 77u;
        let v1 = bump_f(p);
        out[f] = select(0u, 1u, v1 <= 100u); f++;
        let r = &n[i];
        let v2 = (*r)[1];
        (*r)[0] = 99u;
        out[f] = select(0u, 1u, v2 == 0u || v2 == 10u || v2 == 11u || v2 == 12u || v2 == 99u); f++;
        let wp = &wa[i];
        let v3 = bump_w(wp);
        out[f] = select(0u, 1u, v3 % 100u <= 3u && v3 <= 1303u); f++;
        put_s(&sa[i], 55u);
        _ = q[i];
    }
    for (var k = 0u; k < 4u; k++) {
        sa[k] = 20u + k;
    }
    var ok_a = true;
    for (var k = 0u; k < 4u; k++) {
        ok_a = ok_a && a[k] <= 100u;
    }
    var ok_n = true;
    for (var r = 0u; r < 2u; r++) {
        for (var c = 0u; c < 3u; c++) {
            let v = n[r][c];
            ok_n = ok_n && (v == 10u + c || v == 99u);
        }
    }
    var ok_w = true;
    for (var k = 0u; k < 4u; k++) {
        let v = wa[k];
        ok_w = ok_w && v % 100u <= 3u && v <= 1303u;
    }
    out[f] = select(0u, 1u, ok_a); f++;
    out[f] = select(0u, 1u, ok_n); f++;
    out[f] = select(0u, 1u, ok_w); f++;
    out[f] = select(0u, 1u, f == 18u);
}

// Private and function-scope arrays indexed out of bounds (also through
// pointer parameters, and array values held in a let), bounds checks on, then
// copied to an output. For a reference (spec "Out-of-Bounds Access"), an OOB
// load returns a value from the same variable or zero, and an OOB store lands
// somewhere in the same variable or nowhere. Indices: 5, 6, 1000, 0xffffffff
// (u32), -1 and i32 min (i32); the arrays have 5 elements.
// Private pv: array<i32, 5> = (-1, -2, -3, -4, -5): read OOB (flags: value in
// -5..-1 or 0), then stores of 42 at every OOB index through a pointer
// parameter, so each element is afterwards its start value or 42 (raw any,
// plus a flag).
// Function fv: array<vec2<u32>, 5> with (k, 10 k): OOB stores of (7, 7) and
// of .y = 8 first, then every element rewritten to (k + 100, k + 200):
// exact. OOB reads of fv[i].x through ptr<function> give some component of
// fv (0..4, or 10 k from a .y) or 0: flags.
// Let value lv = array<u32, 5>(..): an OOB element is an indeterminate u32
// (spec "Array Access Expression"), one value per evaluation: e == e (flag).
// In-bounds reads through the same code: pv[4] = -5, fv[4].y = 40,
// lv[4] = 54.
// bounds-checks: on
// buffer 0:0 = u32:5, 6, 1000, 0xffffffff
// buffer 0:1 = i32:-1, -2147483648, 4
// expect 0:2 = any*5
// expect 0:3 = 100, 200, 101, 201, 102, 202, 103, 203, 104, 204
// expect 0:4 = 0xfffffffb, 40, 54, 1*19

@group(0) @binding(0) var<storage, read> uidx: array<u32, 4>;
@group(0) @binding(1) var<storage, read> iidx: array<i32, 3>;
@group(0) @binding(2) var<storage, read_write> out_pv: array<i32, 5>;
@group(0) @binding(3) var<storage, read_write> out_fv: array<vec2<u32>, 5>;
@group(0) @binding(4) var<storage, read_write> out: array<u32, 22>;

var<private> pv = array<i32, 5>(-1, -2, -3, -4, -5);

fn store_p(p: ptr<private, array<i32, 5>>, i: u32, v: i32) {
    (*p)[i] = v;
}

fn load_x(p: ptr<function, array<vec2<u32>, 5>>, i: i32) -> u32 {
    return (*p)[i].x;
}

@compute @workgroup_size(1)
fn main() {
    var fv: array<vec2<u32>, 5>;
    for (var k = 0u; k < 5u; k++) {
        fv[k] = vec2<u32>(k, 10u * k);
    }
    let lv = array<u32, 5>(50u, 51u, 52u, 53u, 54u);
    let four = iidx[2];
    out[0] = bitcast<u32>(pv[four]);
    out[1] = fv[four].y;
    out[2] = lv[four];
    var idx = array<i32, 6>(i32(uidx[0]), i32(uidx[1]), i32(uidx[2]), i32(uidx[3]), iidx[0], iidx[1]);
    for (var k = 0u; k < 6u; k++) {
        let i = idx[k];
        let a = pv[i];
        out[3u + k] = select(0u, 1u, a >= -5 && a <= 0);
        let b = load_x(&fv, i);
        out[9u + k] = select(0u, 1u, b <= 4u || (b % 10u == 0u && b <= 40u));
    }
    let e1 = lv[uidx[1]];
    let e2 = lv[iidx[1]];
    out[15] = select(0u, 1u, e1 == e1);
    out[16] = select(0u, 1u, e2 == e2);
    for (var k = 0u; k < 6u; k++) {
        store_p(&pv, u32(idx[k]), 42);
        fv[idx[k]] = vec2<u32>(7u);
        fv[idx[k]].y = 8u;
    }
    for (var k = 0u; k < 5u; k++) {
        fv[k] = vec2<u32>(k + 100u, k + 200u);
    }
    var ok = true;
    for (var k = 0; k < 5; k++) {
        let v = pv[k];
        ok = ok && (v == -1 - k || v == 42);
        out_pv[k] = v;
    }
    out[17] = select(0u, 1u, ok);
    for (var k = 0u; k < 5u; k++) {
        out_fv[k] = fv[k];
    }
    // The in-bounds last elements again, after all the OOB traffic.
    out[18] = select(0u, 1u, lv[four] == 54u);
    out[19] = select(0u, 1u, fv[four].x == 104u);
    out[20] = select(0u, 1u, load_x(&fv, four) == 104u);
    out[21] = select(0u, 1u, pv[0] == -1 || pv[0] == 42);
}

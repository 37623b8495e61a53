// Uniform buffers read at out-of-bounds dynamic indices, bounds checks on.
// An invalid load from a uniform buffer returns a value from any location of
// the bound buffer, or zero, or for a vector (0, .., x) with x in {0, 1,
// i32/u32 max} (spec "Out-of-Bounds Access"); flags are 1 when every
// component read is such a value. Buffer U = struct { head: vec4<u32>,
// then rows: array<vec4<u32>, 3>, then tail: u32 } (80 bytes, values 1..17
// and 0 in the 3 padding words after tail) and a uniform
// array<vec4<i32>, 2> (values -1..-8). Indices: rows[i] and rows[1][i], rows[i][j] with i and j
// in {3, 4, 0xffffffff}, plus i32 -1 and i32 min on the second buffer.
// In bounds through the same code: rows[2] = (13, 14, 15, 16),
// rows[1][3] = 12, tail = 17, a[1].w = -8.
// bounds-checks: on
// buffer 0:0 = u32:1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 0, 0, 0
// buffer 0:1 = i32:-1, -2, -3, -4, -5, -6, -7, -8
// buffer 0:2 = i32:3, 4, -1, -2147483648
// expect 0:3 = 13, 14, 15, 16, 12, 17, 0xfffffff8, 1*17

struct U {
    head: vec4<u32>,
    rows: array<vec4<u32>, 3>,
    tail: u32,
}

@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<uniform> a: array<vec4<i32>, 2>;
@group(0) @binding(2) var<storage, read> idx: array<i32, 4>;
@group(0) @binding(3) var<storage, read_write> out: array<u32, 24>;

fn um(v: u32) -> bool {
    return v <= 17u || v == 0xffffffffu || v == 0x7fffffffu;
}

fn am(v: i32) -> bool {
    return (v >= -8 && v <= 1) || v == 2147483647;
}

@compute @workgroup_size(1)
fn main() {
    let three = idx[0];
    let two = three - 1;
    let one = two - 1;
    let r2 = u.rows[two];
    out[0] = r2.x;
    out[1] = r2.y;
    out[2] = r2.z;
    out[3] = r2.w;
    out[4] = u.rows[one][three];
    out[5] = u.tail;
    out[6] = bitcast<u32>(a[one][three]);
    var f = 7u;
    let ui = array<u32, 3>(u32(idx[0]), u32(idx[1]), 0xffffffffu);
    for (var k = 0u; k < 3u; k++) {
        let i = ui[k];
        let r = u.rows[i];
        out[f] = select(0u, 1u, um(r.x) && um(r.y) && um(r.z) && um(r.w)); f++;
        out[f] = select(0u, 1u, um(u.rows[1][i])); f++;
        out[f] = select(0u, 1u, um(u.rows[i][i])); f++;
        out[f] = select(0u, 1u, um(u.rows[i].y)); f++;
    }
    for (var k = 1u; k < 4u; k++) {
        let i = idx[k];
        let v = a[i];
        out[f] = select(0u, 1u, am(v.x) && am(v.y) && am(v.z) && am(v.w)); f++;
    }
    out[f] = select(0u, 1u, am(a[idx[2]][idx[3]])); f++;
    out[f] = select(0u, 1u, f == 23u);
}

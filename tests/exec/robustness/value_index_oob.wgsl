// Out-of-bounds runtime indices into values (not memory views), bounds
// checks on: array values from a let, a constructor expression and a
// function's return value, nested array values, a struct value's array
// member, a swizzle result, and a matrix value. The spec ("Array Access
// Expression", "Vector Access Expression", "Matrix Access Expression")
// makes the result an indeterminate value of the element type: any value,
// but one value per evaluation ("Indeterminate values": x == x holds for an
// integer x, its bits equal themselves for a float). Flags are 1 when that
// holds; the raw values are not written.
// The same expressions with in-bounds runtime indices are exact:
// lv[3] = 13, ctor [0] = 20, make()[2] = 32, nested [1][1] = 4,
// struct .arr[1] = 8, (v.zyx)[2] = 1 (v = (1, 2, 3)), mat [1][0] = 3.
// Indices tried: 4, 0xffffffff, i32 -1.
// bounds-checks: on
// buffer 0:0 = u32:4, 0xffffffff, 3, 0, 2, 1
// buffer 0:1 = i32:-1
// expect 0:2 = 13, 20, 32, 4, 8, 1, 0x40400000, 1*21

struct P {
    tag: u32,
    arr: array<u32, 2>,
}

@group(0) @binding(0) var<storage, read> uidx: array<u32, 6>;
@group(0) @binding(1) var<storage, read> iidx: array<i32, 1>;
@group(0) @binding(2) var<storage, read_write> out: array<u32, 28>;

fn make(base: u32) -> array<u32, 3> {
    return array<u32, 3>(base, base + 1u, base + 2u);
}

fn same_u(x: u32) -> u32 {
    return select(0u, 1u, x == x);
}

fn same_f(x: vec2<f32>) -> u32 {
    return select(0u, 1u, all(bitcast<vec2<u32>>(x) == bitcast<vec2<u32>>(x)));
}

@compute @workgroup_size(1)
fn main() {
    let lv = array<u32, 4>(10u, 11u, 12u, 13u);
    let nested = array<array<u32, 2>, 2>(array<u32, 2>(1u, 2u), array<u32, 2>(3u, 4u));
    let p = P(6u, array<u32, 2>(7u, 8u));
    let v = vec3<u32>(1u, 2u, 3u);
    let m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);
    let three = uidx[2];
    let zero = uidx[3];
    let two = uidx[4];
    let one = uidx[5];
    out[0] = lv[three];
    out[1] = array<u32, 3>(20u, 21u, 22u)[zero];
    out[2] = make(30u)[two];
    out[3] = nested[one][one];
    out[4] = p.arr[one];
    out[5] = v.zyx[two];
    out[6] = bitcast<u32>(m[one][zero]);
    var f = 7u;
    for (var k = 0u; k < 3u; k++) {
        let i = select(i32(uidx[k]), iidx[0], k == 2u);
        out[f] = same_u(lv[i]); f++;
        out[f] = same_u(array<u32, 3>(20u, 21u, 22u)[i]); f++;
        out[f] = same_u(make(30u)[i]); f++;
        out[f] = same_u(nested[i][one] + nested[one][i]); f++;
        out[f] = same_u(p.arr[i]); f++;
        out[f] = same_u(v.zyx[i]); f++;
        out[f] = same_f(m[i]); f++;
    }
}

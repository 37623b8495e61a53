// Runtime integer comparisons (spec, "Comparison Expressions"): i32 compares
// as signed, u32 as unsigned, component-wise on vectors. For each pair
// (x, y) the shader writes x<y, x<=y, x>y, x>=y, x==y, x!=y as 0/1.
// i32 pairs: (-1,0) (MIN,MAX) (5,5) (MAX,MIN)
// u32 pairs: (0xFFFFFFFF,0) (0,0xFFFFFFFF) (0x80000000,0x7FFFFFFF) (7,7)
//   (the same bit patterns as i32 -1 < 0 compare the other way as u32)
// Then the same six comparisons on vec4<i32>(x0..x3) vs vec4<i32>(y0..y3),
// written as six vec4<u32> masks via select.
// buffer 0:0 = i32:-1,0, -2147483648,2147483647, 5,5, 2147483647,-2147483648
// buffer 0:1 = u32:0xFFFFFFFF,0, 0,0xFFFFFFFF, 0x80000000,0x7FFFFFFF, 7,7
// expect 0:2 = u32:1,1,0,0,0,1, 1,1,0,0,0,1, 0,1,0,1,1,0, 0,0,1,1,0,1
// expect 0:3 = u32:0,0,1,1,0,1, 1,1,0,0,0,1, 0,0,1,1,0,1, 0,1,0,1,1,0
// expect 0:4 = u32:1,1,0,0, 1,1,1,0, 0,0,0,1, 0,0,1,1, 0,0,1,0, 1,1,0,1

@group(0) @binding(0) var<storage, read> a: array<i32, 8>;
@group(0) @binding(1) var<storage, read> ua: array<u32, 8>;
@group(0) @binding(2) var<storage, read_write> r: array<u32, 24>;
@group(0) @binding(3) var<storage, read_write> ur: array<u32, 24>;
@group(0) @binding(4) var<storage, read_write> vr: array<vec4<u32>, 6>;

fn b(c: bool) -> u32 { return select(0u, 1u, c); }

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 4u; i++) {
        let x = a[2u * i];
        let y = a[2u * i + 1u];
        r[6u * i] = b(x < y);
        r[6u * i + 1u] = b(x <= y);
        r[6u * i + 2u] = b(x > y);
        r[6u * i + 3u] = b(x >= y);
        r[6u * i + 4u] = b(x == y);
        r[6u * i + 5u] = b(x != y);
        let p = ua[2u * i];
        let q = ua[2u * i + 1u];
        ur[6u * i] = b(p < q);
        ur[6u * i + 1u] = b(p <= q);
        ur[6u * i + 2u] = b(p > q);
        ur[6u * i + 3u] = b(p >= q);
        ur[6u * i + 4u] = b(p == q);
        ur[6u * i + 5u] = b(p != q);
    }
    let x = vec4<i32>(a[0], a[2], a[4], a[6]);
    let y = vec4<i32>(a[1], a[3], a[5], a[7]);
    let z = vec4<u32>(0u);
    let o = vec4<u32>(1u);
    vr[0] = select(z, o, x < y);
    vr[1] = select(z, o, x <= y);
    vr[2] = select(z, o, x > y);
    vr[3] = select(z, o, x >= y);
    vr[4] = select(z, o, x == y);
    vr[5] = select(z, o, x != y);
}

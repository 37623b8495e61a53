// Assigning an array or a struct copies the value (spec, "Simple Assignment":
// the value of the right-hand side is written to the memory of the left; "var
// Declarations": an initializer is evaluated and stored; "let Declarations":
// a let names a value, not memory). After each copy the two are changed
// independently.
// a = 1 2 3 4 (input); var b = a; b[0] = 100; a[1] = 200
//   -> a = 1 200 3 4, b = 100 2 3 4
// let l = a; a[2] = 300 -> l[2] = 3 and a = 1 200 300 4 (written out at the end)
// Struct s1 = S(5, (6, 7), (8, 9)); var s2 = s1; s2.arr[1] = 50; s1.v.x = 60
//   -> s1 = 5, 6 7, 60 9; s2 = 5, 6 50, 8 9
// var s3: S; s3 = s1; s1.x = 70 -> s3.x = 5, s1.x = 70
// var g: array<array<u32, 2>, 2> = ((1, 2), (3, 4)); var row = g[1];
//   row[0] = 30; g[1][1] = 40 -> row = 30 4, g[1] = 3 40
// var snap = st (a storage array, 11 12), then st[0] = 13 -> snap[0] = 11
// Results in order: a(4) b(4) l[2] a[2] s1(5) s2(5) s3.x s1.x row(2) g[1](2)
//   snap[0] st[0] st[1]
// buffer 0:0 = u32:1, 2, 3, 4
// buffer 0:2 = u32:11, 12
// expect 0:1 = 1, 200, 300, 4, 100, 2, 3, 4, 3, 300
// expect 0:1 = 70, 6, 7, 60, 9, 5, 6, 50, 8, 9, 5, 70, 30, 4, 3, 40, 11
// expect 0:2 = 13, 12

@group(0) @binding(0) var<storage, read> inp: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 27>;
@group(0) @binding(2) var<storage, read_write> st: array<u32, 2>;

struct S {
    x: u32,
    arr: array<u32, 2>,
    v: vec2<u32>,
}

@compute @workgroup_size(1)
fn main() {
    var a = inp;
    var b = a;
    b[0] = 100u;
    a[1] = 200u;
    let l = a;
    a[2] = 300u;
    for (var i = 0u; i < 4u; i++) {
        out[i] = a[i];
        out[4u + i] = b[i];
    }
    out[8] = l[2];
    out[9] = a[2];
    var s1 = S(inp[3] + 1u, array(inp[3] + 2u, inp[3] + 3u), vec2(inp[3] + 4u, inp[3] + 5u));
    var s2 = s1;
    s2.arr[1] = 50u;
    s1.v.x = 60u;
    var s3: S;
    s3 = s1;
    s1.x = 70u;
    out[10] = s1.x;
    out[11] = s1.arr[0];
    out[12] = s1.arr[1];
    out[13] = s1.v.x;
    out[14] = s1.v.y;
    out[15] = s2.x;
    out[16] = s2.arr[0];
    out[17] = s2.arr[1];
    out[18] = s2.v.x;
    out[19] = s2.v.y;
    out[20] = s3.x;
    out[21] = s1.x;
    var g = array(array(inp[0], inp[1]), array(inp[2], inp[3]));
    var row = g[1];
    row[0] = 30u;
    g[1][1] = 40u;
    out[22] = row[0];
    out[23] = row[1];
    out[24] = g[1][0];
    out[25] = g[1][1];
    var snap = st;
    st[0] = 13u;
    out[26] = snap[0];
}

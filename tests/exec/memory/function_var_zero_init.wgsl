// Function-scope `var` without initializer starts at the zero value of its
// store type on every execution of the declaration (spec, "var Declarations":
// "For variables in the function address space: The zero value of the store
// type, if the variable declaration did not specify an initializer"; the
// lifetime "starts when control enters the variable's declaration").
// probe(x) declares vars of many types, records them, then writes x into all
// of them; it is called twice (x = 5, then 6), and each call must see zeros:
//   Values: u32, i32, f32 bits, vec4<u32>.w, mat3x3<f32>[2][1] bits, array<vec2<u32>, 3>[2].y,
//   S.flag (bool) as u32, S.arr[1], array<S, 2>[1].n
//   -> 0 0 0 0 0 0 0 0 0 for both calls
// The last value of each call is a var with initializer x * 2 read before the
// writes (10, then 12). Float zeros are written as bit patterns (bitcast), so
// that a negative zero would not pass for +0.0.
// buffer 0:0 = u32:5, 6
// expect 0:1 = 0*9, 10, 0*9, 12

@group(0) @binding(0) var<storage, read> inp: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 20>;

struct S {
    flag: bool,
    arr: array<u32, 2>,
    n: u32,
}

var<private> at: u32;
fn rec(v: u32) { out[at] = v; at++; }

fn probe(x: u32) {
    var a: u32;
    var b: i32;
    var c: f32;
    var d: vec4<u32>;
    var m: mat3x3<f32>;
    var arr: array<vec2<u32>, 3>;
    var s: S;
    var list: array<S, 2>;
    var w = x * 2u;
    rec(a);
    rec(u32(b));
    rec(bitcast<u32>(c));
    rec(d.w);
    rec(bitcast<u32>(m[2][1]));
    rec(arr[2].y);
    rec(u32(s.flag));
    rec(s.arr[1]);
    rec(list[1].n);
    rec(w);
    a = x;
    b = i32(x);
    c = f32(x);
    d = vec4(x);
    m[2][1] = f32(x);
    arr[2].y = x;
    s.flag = true;
    s.arr[1] = x;
    list[1].n = x;
    w = 0u;
}

@compute @workgroup_size(1)
fn main() {
    probe(inp[0]);
    probe(inp[1]);
}

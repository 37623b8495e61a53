// var<private> with and without initializers (spec, "var Declarations": a
// private variable without initializer starts at the zero value of its store
// type; with one, at the concretized initializer, which must be an
// override-expression; "There is an independent version of a variable in the
// private ... address space for each invocation").
// Four invocations, each starting from the same initial values:
//   * a: u32 (none) -> 0; b: i32 = -7; c: vec3<f32> (none) -> 0 0 0
//   * d: array<u32, 3> = (1, 2, 3); e: S (none) -> flag false, n 0, v (0, 0)
//   * f = 2.5 (AbstractFloat, concretized to f32); g: mat2x2<f32> (none) -> 0s
//   * h: array<S, 2> (none) -> h[1].n 0; k = K * 2 with const K = 21 -> 42
//   * o: u32 = ov + 1 with override ov default 4 -> 5
// Each invocation id then adds id to a, d[id % 3] and counter (initialised 10),
// and writes, at u32 offset 12 * id:
//   a, u32(b + 10), d[0], d[1], d[2], u32(e.flag), e.n, e.v.y, h[1].n, k, o, counter
//   Id 0: 0, 3, 1, 2, 3, 0, 0, 0, 0, 42, 5, 10
//   Id 1: 1, 3, 1, 3, 3, 0, 0, 0, 0, 42, 5, 11
//   Id 2: 2, 3, 1, 2, 5, 0, 0, 0, 0, 42, 5, 12
//   Id 3: 3, 3, 4, 2, 3, 0, 0, 0, 0, 42, 5, 13
// and f32 values at offset 8 * id: c.x, c.y, c.z, f, g[0][0], g[0][1], g[1][0], g[1][1]
//   -> 0, 0, 0, 2.5, 0, 0, 0, 0 for every invocation
// expect 0:0 = 0, 3, 1, 2, 3, 0, 0, 0, 0, 42, 5, 10
// expect 0:0 = 1, 3, 1, 3, 3, 0, 0, 0, 0, 42, 5, 11
// expect 0:0 = 2, 3, 1, 2, 5, 0, 0, 0, 0, 42, 5, 12
// expect 0:0 = 3, 3, 4, 2, 3, 0, 0, 0, 0, 42, 5, 13
// expect 0:1 = 0, 0, 0, 2.5, 0, 0, 0, 0, 0, 0, 0, 2.5, 0, 0, 0, 0
// expect 0:1 = 0, 0, 0, 2.5, 0, 0, 0, 0, 0, 0, 0, 2.5, 0, 0, 0, 0

@group(0) @binding(0) var<storage, read_write> outu: array<u32, 48>;
@group(0) @binding(1) var<storage, read_write> outf: array<f32, 32>;

struct S {
    flag: bool,
    n: u32,
    v: vec2<u32>,
}

const K = 21;
override ov: u32 = 4u;

var<private> a: u32;
var<private> b: i32 = -7;
var<private> c: vec3<f32>;
var<private> d: array<u32, 3> = array(1u, 2u, 3u);
var<private> e: S;
var<private> f = 2.5;
var<private> g: mat2x2<f32>;
var<private> h: array<S, 2>;
var<private> k: u32 = K * 2;
var<private> o: u32 = ov + 1u;
var<private> counter: u32 = 10u;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) id: u32) {
    a += id;
    d[id % 3u] += id;
    counter += id;
    let u = id * 12u;
    outu[u] = a;
    outu[u + 1u] = u32(b + 10);
    outu[u + 2u] = d[0];
    outu[u + 3u] = d[1];
    outu[u + 4u] = d[2];
    outu[u + 5u] = u32(e.flag);
    outu[u + 6u] = e.n;
    outu[u + 7u] = e.v.y;
    outu[u + 8u] = h[1].n;
    outu[u + 9u] = k;
    outu[u + 10u] = o;
    outu[u + 11u] = counter;
    let w = id * 8u;
    outf[w] = c.x;
    outf[w + 1u] = c.y;
    outf[w + 2u] = c.z;
    outf[w + 3u] = f;
    outf[w + 4u] = g[0][0];
    outf[w + 5u] = g[0][1];
    outf[w + 6u] = g[1][0];
    outf[w + 7u] = g[1][1];
}

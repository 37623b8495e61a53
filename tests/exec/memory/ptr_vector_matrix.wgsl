// Pointers to vectors and matrix columns (spec, "Address-Of Expression": taking
// the address of a vector component such as `&v[1]` or `&v.y` is a
// shader-creation error, so a component is written through a pointer to the
// whole vector: `(*p)[i]`, or `p.y` / `p[i]` with pointer_composite_access;
// a matrix column is a vector, and `&m[1]` is allowed).
// v = (1, 2, 3, 4):
//   (*p)[i] = 10 with i = 2 (runtime)   -> v.z = 10
//   p.y = 20                            -> v.y = 20
//   p[0] = 30                           -> v.x = 30
//   (*p).w += 5                         -> v.w = 9
//   setcomp(&v, j, 40) with j = 3: (*q)[j] = 40 in the callee -> v.w = 40
//   p.wz read through the pointer       -> (40, 10)
// m = mat2x2<f32>((1, 2), (3, 4)):
//   let c = &m[1]; *c = vec2(5, 6); (*c)[0] += 0.5   -> column 1 = (5.5, 6)
//   setcol(&m[0], 7): column 0 = (7, 8)               -> m = (7, 8), (5.5, 6)
//   m[k][1] = 9.25 with k = 0 (runtime)               -> m = (7, 9.25), (5.5, 6)
// buffer 0:0 = u32:2, 3, 0
// expect 0:1 = u32:30, 20, 10, 40, 40, 10
// expect 0:2 = f32:7, 9.25, 5.5, 6

@group(0) @binding(0) var<storage, read> inp: array<u32, 3>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 6>;
@group(0) @binding(2) var<storage, read_write> outm: mat2x2<f32>;

fn setcomp(q: ptr<function, vec4<u32>>, j: u32, val: u32) { (*q)[j] = val; }
fn setcol(c: ptr<function, vec2<f32>>, x: f32) { *c = vec2(x, x + 1.0); }

@compute @workgroup_size(1)
fn main() {
    var v = vec4(1u, 2u, 3u, 4u);
    let p = &v;
    (*p)[inp[0]] = 10u;
    p.y = 20u;
    p[0] = 30u;
    (*p).w += 5u;
    setcomp(&v, inp[1], 40u);
    let wz = p.wz;
    out[0] = v.x;
    out[1] = v.y;
    out[2] = v.z;
    out[3] = v.w;
    out[4] = wz.x;
    out[5] = wz.y;
    var m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);
    let c = &m[1];
    *c = vec2(5.0, 6.0);
    (*c)[0] += 0.5;
    setcol(&m[0], 7.0);
    m[inp[2]][1] = 9.25;
    outm = m;
}

// pack2x16float / unpack2x16float, runtime and const (spec, "Data Packing
// Built-in Functions", "Data Unpacking Built-in Functions"): component i
// goes to / comes from bits 16i..16i+15 as IEEE binary16. f16-representable
// values convert exactly ("Floating Point Conversion"); packing a value
// outside f16's finite range gives an indeterminate u32 at runtime (any);
// subnormal intermediate values of (un)packing may be flushed to zero
// ("Differences from IEEE-754"), and an inexact value may round either way,
// and the sign of a zero may be ignored: those are 0/1 flags.
// pack2x16float(1, -2) = 0xC0003C00; (65504, 2^-14) = 0x04007BFF;
//   (0.333251953125, -0.0999755859375) = 0xAE663555; (70000, 1) = any
// * flags: pack2x16float(-0, 0.5) in {0x38000000, 0x38008000};
//   pack2x16float(2^-24, 0) in {1, 0}; pack2x16float(1 + 2^-11, 0) in {0x3C00, 0x3C01}
// unpack2x16float(0xC0003C00) = (1, -2); (0x7BFF0400) = (2^-14, 65504);
//   (0xAE663555) = (0.333251953125, -0.0999755859375);
//   (0x80000001) = (2^-24 or 0 [flag], -0 compared as 0)
// buffer 0:0 = f32:1.0,-2.0, 65504.0,6.103515625e-05, 0.333251953125,-0.0999755859375, 70000.0,1.0, -0.0,0.5, 5.960464477539063e-08,0.0, 1.00048828125,0.0
// buffer 0:1 = u32:0xC0003C00,0x7BFF0400,0xAE663555,0x80000001
// expect 0:2 = u32:0xC0003C00,0x04007BFF,0xAE663555,any, 1,1,1
// expect 0:3 = f32:1,-2, 6.103515625e-05,65504, 0.333251953125,-0.0999755859375, 0
// expect 0:4 = u32:1
// expect 0:5 = u32:0xC0003C00,0x04007BFF,0xAE663555
// expect 0:6 = f32:1,-2, 6.103515625e-05,65504, 0.333251953125,-0.0999755859375

@group(0) @binding(0) var<storage, read> f: array<f32, 14>;
@group(0) @binding(1) var<storage, read> p: array<u32, 4>;
@group(0) @binding(2) var<storage, read_write> r: array<u32, 7>;
@group(0) @binding(3) var<storage, read_write> u: array<f32, 7>;
@group(0) @binding(4) var<storage, read_write> uf: array<u32, 1>;
@group(0) @binding(5) var<storage, read_write> c: array<u32, 3>;
@group(0) @binding(6) var<storage, read_write> cu: array<f32, 6>;

fn v2(i: u32) -> vec2<f32> { return vec2<f32>(f[i], f[i + 1u]); }
fn b(x: bool) -> u32 { return select(0u, 1u, x); }

@compute @workgroup_size(1)
fn main() {
    r[0] = pack2x16float(v2(0u));
    r[1] = pack2x16float(v2(2u));
    r[2] = pack2x16float(v2(4u));
    r[3] = pack2x16float(v2(6u));
    let z = pack2x16float(v2(8u));
    r[4] = b(z == 0x38000000u || z == 0x38008000u);
    let s = pack2x16float(v2(10u));
    r[5] = b(s == 1u || s == 0u);
    let t = pack2x16float(v2(12u));
    r[6] = b(t == 0x3C00u || t == 0x3C01u);
    let a = unpack2x16float(p[0]);
    let d = unpack2x16float(p[1]);
    let e = unpack2x16float(p[2]);
    let g = unpack2x16float(p[3]);
    u[0] = a.x; u[1] = a.y; u[2] = d.x; u[3] = d.y; u[4] = e.x; u[5] = e.y; u[6] = g.y;
    uf[0] = b(g.x == 0.0 || g.x == 5.960464477539063e-08);
    c[0] = pack2x16float(vec2<f32>(1.0, -2.0));
    c[1] = pack2x16float(vec2<f32>(65504.0, 6.103515625e-05));
    c[2] = pack2x16float(vec2<f32>(0.333251953125, -0.0999755859375));
    const ca = unpack2x16float(0xC0003C00u);
    const cd = unpack2x16float(0x7BFF0400u);
    const ce = unpack2x16float(0xAE663555u);
    cu[0] = ca.x; cu[1] = ca.y; cu[2] = cd.x; cu[3] = cd.y; cu[4] = ce.x; cu[5] = ce.y;
}

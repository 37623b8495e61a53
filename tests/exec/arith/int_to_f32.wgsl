// Integer -> f32 conversion (spec, "Floating Point Conversion", numeric
// scalar conversion to floating point): exactly representable values convert
// exactly (integer zero gives +0); otherwise the result is one of the two
// adjacent f32 values (the spec does not say which), so those are checked
// with a 0/1 flag "result is the lower or the upper neighbour".
// Exact (0:2): f32(16777216i) = 16777216, f32(MIN) = -2147483648,
//   f32(0x80000000u) = 2147483648, f32(0xFFFFFF00u) = 4294967040,
//   bitcast<u32>(f32(0i)) = 0 and bitcast<u32>(f32(0u)) = 0 (positive zero)
// Inexact (flags, 0:3): 16777217i -> 16777216|16777218;
//   2147483647i -> 2147483520|2147483648; -16777217i -> -16777216|-16777218;
//   123456789i -> 123456784|123456792 (f32 spacing 8 there);
//   4294967295u -> 4294967040|4294967296; 16777217u -> 16777216|16777218
// The same inexact checks on const operands (0:4), and a vec4<f32>(vec4<i32>)
// conversion (0:5, exact values 16777216, MIN, -3, 0 then flags on 0:3's set).
// buffer 0:0 = i32:16777216,-2147483648,0,16777217,2147483647,-16777217,123456789,-3
// buffer 0:1 = u32:0x80000000,0xFFFFFF00,0,4294967295,16777217
// expect 0:2 = f32:16777216,-2147483648,2147483648,4294967040
// expect 0:6 = u32:0,0
// expect 0:3 = u32:1,1,1,1,1,1
// expect 0:4 = u32:1,1,1,1,1,1
// expect 0:5 = f32:16777216,-2147483648,-3,0
// expect 0:7 = u32:1,1,1,1

@group(0) @binding(0) var<storage, read> ia: array<i32, 8>;
@group(0) @binding(1) var<storage, read> ua: array<u32, 5>;
@group(0) @binding(2) var<storage, read_write> ex: array<f32, 4>;
@group(0) @binding(3) var<storage, read_write> fl: array<u32, 6>;
@group(0) @binding(4) var<storage, read_write> cf: array<u32, 6>;
@group(0) @binding(5) var<storage, read_write> vf: vec4<f32>;
@group(0) @binding(6) var<storage, read_write> zb: array<u32, 2>;
@group(0) @binding(7) var<storage, read_write> vfl: vec4<u32>;

fn either(x: f32, lo: f32, hi: f32) -> u32 {
    return select(0u, 1u, x == lo || x == hi);
}

@compute @workgroup_size(1)
fn main() {
    ex[0] = f32(ia[0]);
    ex[1] = f32(ia[1]);
    ex[2] = f32(ua[0]);
    ex[3] = f32(ua[1]);
    zb[0] = bitcast<u32>(f32(ia[2]));
    zb[1] = bitcast<u32>(f32(ua[2]));
    fl[0] = either(f32(ia[3]), 16777216.0, 16777218.0);
    fl[1] = either(f32(ia[4]), 2147483520.0, 2147483648.0);
    fl[2] = either(f32(ia[5]), -16777216.0, -16777218.0);
    fl[3] = either(f32(ia[6]), 123456784.0, 123456792.0);
    fl[4] = either(f32(ua[3]), 4294967040.0, 4294967296.0);
    fl[5] = either(f32(ua[4]), 16777216.0, 16777218.0);
    const c0 = f32(16777217i);
    const c1 = f32(2147483647i);
    const c2 = f32(-16777217i);
    const c3 = f32(123456789i);
    const c4 = f32(4294967295u);
    const c5 = f32(16777217u);
    cf[0] = either(c0, 16777216.0, 16777218.0);
    cf[1] = either(c1, 2147483520.0, 2147483648.0);
    cf[2] = either(c2, -16777216.0, -16777218.0);
    cf[3] = either(c3, 123456784.0, 123456792.0);
    cf[4] = either(c4, 4294967040.0, 4294967296.0);
    cf[5] = either(c5, 16777216.0, 16777218.0);
    vf = vec4<f32>(vec4<i32>(ia[0], ia[1], ia[7], ia[2]));
    let w = vec4<f32>(vec4<i32>(ia[3], ia[4], ia[5], ia[6]));
    vfl = vec4<u32>(either(w.x, 16777216.0, 16777218.0), either(w.y, 2147483520.0, 2147483648.0),
                    either(w.z, -16777216.0, -16777218.0), either(w.w, 123456784.0, 123456792.0));
}

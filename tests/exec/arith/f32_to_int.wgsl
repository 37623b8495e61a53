// Runtime f32 -> i32 / u32 conversion (spec, "Floating Point Conversion",
// scalar floating point to integral conversion): truncate toward zero, and
// out-of-range values give the value of the target type closest to
// truncate(x) that is also exactly representable in f32. So the largest
// results are 2147483520 (i32) and 4294967040 (u32), as in the spec's own
// examples; negatives clamp to 0 for u32; -1e20 -> MIN for i32.
// x = 3.9, -3.9, -1, 1e20, -1e20, 2147483520, 2147483648, 4294967040,
//     4294967296, -0.5, -0, 0.99999994, -2147483648, -2147483904 (next f32
//     below MIN), 1e-45 (subnormal; 0 whether or not flushed), inf, -inf, nan
// i32: 3,-3,-1,2147483520,MIN,2147483520,2147483520,2147483520,2147483520,0,0,0,MIN,MIN,0
// u32: 3,0,0,4294967040,0,2147483520,2147483648,4294967040,4294967040,0,0,0,0,0,0
// inf, -inf, NaN: `any`. NaN -> integer is an indeterminate value (spec);
// infinities at runtime fall under the Finite Math Assumption (spec,
// "Differences from IEEE-754": a runtime expression yielding an infinity
// gives an indeterminate value), so they are `any` too.
// Vector forms (vec4<i32>(vec4<f32>), vec4<u32>(vec4<f32>)) on x[0..3] and x[4..7].
// buffer 0:0 = f32:3.9,-3.9,-1.0,1e20,-1e20,2147483520.0,2147483648.0,4294967040.0,4294967296.0,-0.5,-0.0,0.99999994,-2147483648.0,-2147483904.0,1e-45,inf,-inf,nan
// expect 0:1 = i32:3,-3,-1,2147483520,-2147483648,2147483520,2147483520,2147483520,2147483520,0,0,0,-2147483648,-2147483648,0,any,any,any
// expect 0:2 = u32:3,0,0,4294967040,0,2147483520,2147483648,4294967040,4294967040,0,0,0,0,0,0,any,any,any
// expect 0:3 = i32:3,-3,-1,2147483520, -2147483648,2147483520,2147483520,2147483520
// expect 0:4 = u32:3,0,0,4294967040, 0,2147483520,2147483648,4294967040

@group(0) @binding(0) var<storage, read> x: array<f32, 18>;
@group(0) @binding(1) var<storage, read_write> ri: array<i32, 18>;
@group(0) @binding(2) var<storage, read_write> ru: array<u32, 18>;
@group(0) @binding(3) var<storage, read_write> vi: array<vec4<i32>, 2>;
@group(0) @binding(4) var<storage, read_write> vu: array<vec4<u32>, 2>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 18u; i++) {
        ri[i] = i32(x[i]);
        ru[i] = u32(x[i]);
    }
    for (var j = 0u; j < 2u; j++) {
        let v = vec4<f32>(x[4u * j], x[4u * j + 1u], x[4u * j + 2u], x[4u * j + 3u]);
        vi[j] = vec4<i32>(v);
        vu[j] = vec4<u32>(v);
    }
}

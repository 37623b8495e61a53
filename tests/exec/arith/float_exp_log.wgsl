// exp, exp2, log, log2 on f32, runtime, vector and const, with a tolerance
// inside the spec's bounds ("Accuracy of Concrete Floating Point
// Expressions"): exp/exp2 are 3 + 2|x| ULP; log/log2 have absolute error
// <= 2^-21 for x in [0.5, 2], else 3 ULP. Worst case here: exp2(3) = 8 with
// 9 ULP = 9 * 2^-20 = 8.6e-6 absolute = 1.07e-6 relative, so tolerance 1.2e-6
// (relative for |w| >= 1, absolute below: log(2), log2(1.5) need 2^-21 = 4.8e-7).
// * exp: 0 -> 1; 1 -> 2.718281828459045; -1 -> 0.36787944117144233; 2 -> 7.38905609893065
// exp2: 3 -> 8; -2 -> 0.25; 0.5 -> 1.4142135623730951
// * log: 1 -> 0; 2 -> 0.6931471805599453; 0.5 -> -0.6931471805599453; 1024 -> 6.931471805599453
// log2: 8 -> 3; 0.25 -> -2; 1.5 -> 0.5849625007211562
// vec4: exp((0, 1, -1, 2)), log((1, 2, 0.5, 1024))
// tolerance: 1.2e-6
// buffer 0:0 = f32:0.0,1.0,-1.0,2.0
// buffer 0:1 = f32:3.0,-2.0,0.5
// buffer 0:2 = f32:1.0,2.0,0.5,1024.0
// buffer 0:3 = f32:8.0,0.25,1.5
// expect 0:4 = f32:1,2.718281828459045,0.36787944117144233,7.38905609893065, 8,0.25,1.4142135623730951, 0,0.6931471805599453,-0.6931471805599453,6.931471805599453, 3,-2,0.5849625007211562
// expect 0:5 = f32:1,2.718281828459045,0.36787944117144233,7.38905609893065, 0,0.6931471805599453,-0.6931471805599453,6.931471805599453
// expect 0:6 = f32:1,2.718281828459045,0.36787944117144233,7.38905609893065, 8,0.25,1.4142135623730951, 0,0.6931471805599453,-0.6931471805599453,6.931471805599453, 3,-2,0.5849625007211562

@group(0) @binding(0) var<storage, read> e: array<f32, 4>;
@group(0) @binding(1) var<storage, read> e2: array<f32, 3>;
@group(0) @binding(2) var<storage, read> l: array<f32, 4>;
@group(0) @binding(3) var<storage, read> l2: array<f32, 3>;
@group(0) @binding(4) var<storage, read_write> r: array<f32, 14>;
@group(0) @binding(5) var<storage, read_write> v: array<vec4<f32>, 2>;
@group(0) @binding(6) var<storage, read_write> c: array<f32, 14>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 4u; i++) {
        r[i] = exp(e[i]);
        r[7u + i] = log(l[i]);
    }
    for (var i = 0u; i < 3u; i++) {
        r[4u + i] = exp2(e2[i]);
        r[11u + i] = log2(l2[i]);
    }
    v[0] = exp(vec4<f32>(e[0], e[1], e[2], e[3]));
    v[1] = log(vec4<f32>(l[0], l[1], l[2], l[3]));
    c[0] = exp(0.0f); c[1] = exp(1.0f); c[2] = exp(-1.0f); c[3] = exp(2.0f);
    c[4] = exp2(3.0f); c[5] = exp2(-2.0f); c[6] = exp2(0.5f);
    c[7] = log(1.0f); c[8] = log(2.0f); c[9] = log(0.5f); c[10] = log(1024.0f);
    c[11] = log2(8.0f); c[12] = log2(0.25f); c[13] = log2(1.5f);
}

// pow on f32, runtime, vector and const. Accuracy is inherited from
// exp2(y * log2(x)) (spec, "Accuracy of Concrete Floating Point
// Expressions"). Worst case here, pow(2, 10): log2(2) off by up to 2^-21,
// times 10 = 4.8e-6 in the exponent (3.3e-6 relative after exp2), plus exp2's
// 3 + 2*10 = 23 ULP (2.7e-6 relative): about 6e-6, so tolerance 1e-5.
// pow(2, 10) = 1024; pow(4, 0.5) = 2; pow(0.5, 3) = 0.125; pow(10, 2) = 100;
// pow(2, -1) = 0.5; pow(9, 1.5) = 27
// vec4: pow((2, 4, 0.5, 10), (10, 0.5, 3, 2)) = (1024, 2, 0.125, 100)
// tolerance: 1e-5
// buffer 0:0 = f32:2.0,10.0, 4.0,0.5, 0.5,3.0, 10.0,2.0, 2.0,-1.0, 9.0,1.5
// expect 0:1 = f32:1024,2,0.125,100,0.5,27
// expect 0:2 = f32:1024,2,0.125,100
// expect 0:3 = f32:1024,2,0.125,100,0.5,27

@group(0) @binding(0) var<storage, read> a: array<f32, 12>;
@group(0) @binding(1) var<storage, read_write> r: array<f32, 6>;
@group(0) @binding(2) var<storage, read_write> v: vec4<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32, 6>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 6u; i++) {
        r[i] = pow(a[2u * i], a[2u * i + 1u]);
    }
    v = pow(vec4<f32>(a[0], a[2], a[4], a[6]), vec4<f32>(a[1], a[3], a[5], a[7]));
    c[0] = pow(2.0f, 10.0f);
    c[1] = pow(4.0f, 0.5f);
    c[2] = pow(0.5f, 3.0f);
    c[3] = pow(10.0f, 2.0f);
    c[4] = pow(2.0f, -1.0f);
    c[5] = pow(9.0f, 1.5f);
}

// sqrt and inverseSqrt on f32, runtime, vector and const (spec, `sqrt`,
// `inverseSqrt`). Even for perfect squares the result need not be exact:
// inverseSqrt is 2 ULP and sqrt is inherited from 1.0 / inverseSqrt(x)
// (2 ULP then a 2.5 ULP division), about 4.5 * 2^-23 relative at worst, so
// the tolerance is 6e-7 (relative for |w| >= 1). Results are kept >= 0.5 so
// that the tolerance (absolute below 1) stays meaningful.
// * sqrt: 16 -> 4; 6.25 -> 2.5; 2 -> 1.4142135623730951; 0.25 -> 0.5;
//   1e30f (= 1.0000000150474662e30) -> 1000000007523733.1; 123456 -> 351.363060095964
// inverseSqrt: 4 -> 0.5; 0.25 -> 2; 1e-4f -> 100.00000126310627; 0.5 -> 1.4142135623730951
// vec4: sqrt((16, 6.25, 2, 0.25)) and inverseSqrt((4, 0.25, 0.5, 1)) = (0.5, 2, 1.414.., 1)
// tolerance: 6e-7
// buffer 0:0 = f32:16.0,6.25,2.0,0.25,1e30,123456.0
// buffer 0:1 = f32:4.0,0.25,1e-4,0.5
// expect 0:2 = f32:4,2.5,1.4142135623730951,0.5,1000000007523733.1,351.363060095964, 0.5,2,100.00000126310627,1.4142135623730951
// expect 0:3 = f32:4,2.5,1.4142135623730951,0.5, 0.5,2,1.4142135623730951,1
// expect 0:4 = f32:4,2.5,1.4142135623730951,0.5,1000000007523733.1,351.363060095964, 0.5,2,100.00000126310627,1.4142135623730951

@group(0) @binding(0) var<storage, read> s: array<f32, 6>;
@group(0) @binding(1) var<storage, read> q: array<f32, 4>;
@group(0) @binding(2) var<storage, read_write> r: array<f32, 10>;
@group(0) @binding(3) var<storage, read_write> v: array<vec4<f32>, 2>;
@group(0) @binding(4) var<storage, read_write> c: array<f32, 10>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 6u; i++) {
        r[i] = sqrt(s[i]);
    }
    for (var i = 0u; i < 4u; i++) {
        r[6u + i] = inverseSqrt(q[i]);
    }
    v[0] = sqrt(vec4<f32>(s[0], s[1], s[2], s[3]));
    v[1] = inverseSqrt(vec4<f32>(q[0], q[1], q[3], q[0] * 0.25));
    c[0] = sqrt(16.0f);
    c[1] = sqrt(6.25f);
    c[2] = sqrt(2.0f);
    c[3] = sqrt(0.25f);
    c[4] = sqrt(1e30f);
    c[5] = sqrt(123456.0f);
    c[6] = inverseSqrt(4.0f);
    c[7] = inverseSqrt(0.25f);
    c[8] = inverseSqrt(1e-4f);
    c[9] = inverseSqrt(0.5f);
}

// f32 `/` and `%` (spec, "Arithmetic Expressions"), runtime and const.
// Division accuracy is 2.5 ULP for |y| in [2^-126, 2^126] (spec, "Accuracy
// of Concrete Floating Point Expressions"), so a tolerance of 3e-7 (>= 2.5 *
// 2^-23 relative) is used. `%` is x - y * trunc(x / y) with accuracy inherited
// from that expression: the operands are chosen so that x / y is far from an
// integer (trunc is then exact despite the 2.5 ULP) and y * trunc(x / y) and
// the subtraction are exact; the remainder has the sign of x.
// x / y: 1/4 = 0.25; -9/3 = -3; 1/3; 7.5/-2.5 = -3; MAXF/2 = 1.7014117331926443e38;
//   1/2^-126 = 2^126 = 8.507059173023462e37
// x % y: 7.5%2 = 1.5; -7.5%2 = -1.5; 7.5%-2 = 1.5; -7.5%-2 = -1.5; 5.25%0.5 = 0.25;
//   1%3 = 1; -1%3 = -1
// vec4(1, -9, 7.5, 3) / 4 = (0.25, -2.25, 1.875, 0.75);
// vec4(7.5, -7.5, 7.5, 5.25) % vec4(2, 2, -2, 0.5) = (1.5, -1.5, 1.5, 0.25);
// 7.5 % vec4(2, -2, 4, 7) = (1.5, 1.5, 3.5, 0.5)
// tolerance: 3e-7
// buffer 0:0 = f32:1.0,4.0, -9.0,3.0, 1.0,3.0, 7.5,-2.5, 3.4028234663852886e38,2.0, 1.0,1.1754943508222875e-38
// buffer 0:1 = f32:7.5,2.0, -7.5,2.0, 7.5,-2.0, -7.5,-2.0, 5.25,0.5, 1.0,3.0, -1.0,3.0
// expect 0:2 = f32:0.25,-3,0.3333333333333333,-3,1.7014117331926443e38,8.507059173023462e37
// expect 0:3 = f32:1.5,-1.5,1.5,-1.5,0.25,1,-1
// expect 0:4 = f32:0.25,-2.25,1.875,0.75, 1.5,-1.5,1.5,0.25, 1.5,1.5,3.5,0.5
// expect 0:5 = f32:0.25,-3,0.3333333333333333,-3,1.7014117331926443e38,8.507059173023462e37
// expect 0:6 = f32:1.5,-1.5,1.5,-1.5,0.25,1,-1
// expect 0:7 = f32:0.25,-2.25,1.875,0.75, 1.5,-1.5,1.5,0.25, 1.5,1.5,3.5,0.5

@group(0) @binding(0) var<storage, read> d: array<f32, 12>;
@group(0) @binding(1) var<storage, read> m: array<f32, 14>;
@group(0) @binding(2) var<storage, read_write> rd: array<f32, 6>;
@group(0) @binding(3) var<storage, read_write> rm: array<f32, 7>;
@group(0) @binding(4) var<storage, read_write> rv: array<vec4<f32>, 3>;
@group(0) @binding(5) var<storage, read_write> cd: array<f32, 6>;
@group(0) @binding(6) var<storage, read_write> cm: array<f32, 7>;
@group(0) @binding(7) var<storage, read_write> cv: array<vec4<f32>, 3>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 6u; i++) {
        rd[i] = d[2u * i] / d[2u * i + 1u];
    }
    for (var i = 0u; i < 7u; i++) {
        rm[i] = m[2u * i] % m[2u * i + 1u];
    }
    rv[0] = vec4<f32>(d[0], d[2], m[0], d[3]) / d[1];
    rv[1] = vec4<f32>(m[0], m[2], m[4], m[8]) % vec4<f32>(m[1], m[3], m[5], m[9]);
    rv[2] = m[0] % vec4<f32>(m[1], m[5], d[1], 7.0);
    cd[0] = 1.0f / 4.0f;
    cd[1] = -9.0f / 3.0f;
    cd[2] = 1.0f / 3.0f;
    cd[3] = 7.5f / -2.5f;
    cd[4] = 3.4028234663852886e38f / 2.0f;
    cd[5] = 1.0f / 1.1754943508222875e-38f;
    cm[0] = 7.5f % 2.0f;
    cm[1] = -7.5f % 2.0f;
    cm[2] = 7.5f % -2.0f;
    cm[3] = -7.5f % -2.0f;
    cm[4] = 5.25f % 0.5f;
    cm[5] = 1.0f % 3.0f;
    cm[6] = -1.0f % 3.0f;
    cv[0] = vec4<f32>(1.0, -9.0, 7.5, 3.0) / 4.0;
    cv[1] = vec4<f32>(7.5, -7.5, 7.5, 5.25) % vec4<f32>(2.0, 2.0, -2.0, 0.5);
    cv[2] = 7.5f % vec4<f32>(2.0, -2.0, 4.0, 7.0);
}

// sin, cos, atan, atan2 on f32, runtime, vector and const, with a tolerance
// inside the spec's accuracy bounds ("Accuracy of Concrete Floating Point
// Expressions"): sin/cos have absolute error <= 2^-11 for x in [-pi, pi];
// atan and atan2 are 4096 ULP (atan2 for |x| in [2^-126, 2^126] and y finite
// and normal). tolerance 2^-11 = 0.00048828125 (absolute below 1, relative
// above) is at least those bounds for every value here (4096 ULP of 2.36 is
// 9.8e-4 = 4.1e-4 relative).
// * sin: pi/6 -> 0.5; -pi/2 -> -1; pi/4 -> 0.7071067811865476; 3 -> 0.1411200080598672; -3 -> -0.1411200080598672
// * cos: 0 -> 1; pi/3 -> 0.5; pi -> -1; 2 -> -0.4161468365471424
// * atan: 1 -> 0.7853981633974483; -1 -> -0.7853981633974483
// atan2(y, x): (1, 1) -> 0.7853981633974483; (1, -1) -> 2.356194490192345;
//   (-1, -1) -> -2.356194490192345; (-2, 1) -> -1.1071487177940904; (3, 4) -> 0.6435011087932844
// vec4 sin/cos on (pi/6, -pi/2, pi/4, 3).
// tolerance: 0.00048828125
// buffer 0:0 = f32:0.5235987755982988,-1.5707963267948966,0.7853981633974483,3.0,-3.0
// buffer 0:1 = f32:0.0,1.0471975511965976,3.141592653589793,2.0
// buffer 0:2 = f32:1.0,1.0, 1.0,-1.0, -1.0,-1.0, -2.0,1.0, 3.0,4.0
// expect 0:3 = f32:0.5,-1,0.7071067811865476,0.1411200080598672,-0.1411200080598672, 1,0.5,-1,-0.4161468365471424, 0.7853981633974483,-0.7853981633974483, 0.7853981633974483,2.356194490192345,-2.356194490192345,-1.1071487177940904,0.6435011087932844
// expect 0:4 = f32:0.5,-1,0.7071067811865476,0.1411200080598672, 0.8660254037844387,0,0.7071067811865476,-0.9899924966004454
// expect 0:5 = f32:0.5,-1,0.7071067811865476,0.1411200080598672,-0.1411200080598672, 1,0.5,-1,-0.4161468365471424, 0.7853981633974483,-0.7853981633974483, 0.7853981633974483,2.356194490192345,-2.356194490192345,-1.1071487177940904,0.6435011087932844

@group(0) @binding(0) var<storage, read> s: array<f32, 5>;
@group(0) @binding(1) var<storage, read> c: array<f32, 4>;
@group(0) @binding(2) var<storage, read> t: array<f32, 10>;
@group(0) @binding(3) var<storage, read_write> r: array<f32, 16>;
@group(0) @binding(4) var<storage, read_write> v: array<vec4<f32>, 2>;
@group(0) @binding(5) var<storage, read_write> k: array<f32, 16>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 5u; i++) {
        r[i] = sin(s[i]);
        r[11u + i] = atan2(t[2u * i], t[2u * i + 1u]);
    }
    for (var i = 0u; i < 4u; i++) {
        r[5u + i] = cos(c[i]);
    }
    r[9] = atan(t[0]);
    r[10] = atan(t[3]);
    let w = vec4<f32>(s[0], s[1], s[2], s[3]);
    v[0] = sin(w);
    v[1] = cos(w);
    k[0] = sin(0.5235987755982988f);
    k[1] = sin(-1.5707963267948966f);
    k[2] = sin(0.7853981633974483f);
    k[3] = sin(3.0f);
    k[4] = sin(-3.0f);
    k[5] = cos(0.0f);
    k[6] = cos(1.0471975511965976f);
    k[7] = cos(3.141592653589793f);
    k[8] = cos(2.0f);
    k[9] = atan(1.0f);
    k[10] = atan(-1.0f);
    k[11] = atan2(1.0f, 1.0f);
    k[12] = atan2(1.0f, -1.0f);
    k[13] = atan2(-1.0f, -1.0f);
    k[14] = atan2(-2.0f, 1.0f);
    k[15] = atan2(3.0f, 4.0f);
}

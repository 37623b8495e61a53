// f32 matrix arithmetic with small integer entries, so every product and sum
// is exact (spec, "Arithmetic Expressions", matrix arithmetic; accuracy of
// matrix products is inherited from dot / sums of products, exact here;
// transpose is correctly rounded). Runtime (0:1) and const (0:2).
// A = mat2x3 (2 columns, 3 rows) with columns (1,2,3), (4,5,6);
// B = mat3x2 (3 columns, 2 rows) with columns (7,8), (9,10), (11,12).
// A * B (mat3x3, column j = A * B[j]) = columns (39,54,69), (49,68,87), (59,82,105)
// B * A (mat2x2) = columns (58,64), (139,154)
// A * vec2(1, -1) = (-3,-3,-3); vec3(1, 0, -1) * A = (dot(u, A[0]), dot(u, A[1])) = (-2, -2)
// transpose(A) = mat3x2 with columns (1,4), (2,5), (3,6)
// A + A = columns (2,4,6), (8,10,12); A - A = 0; 0.5 * A = (0.5,1,1.5), (2,2.5,3);
// A * 2 = (2,4,6), (8,10,12)
// mat4x4 M = diag(1, 2, 3, 4) + 1 in the last column's first row (M[3][0] = 1):
//   M * vec4(1,1,1,1) = (2, 2, 3, 4); vec4(1,1,1,1) * M = (1, 2, 3, 5)
// (storage layout: mat3x3 columns are vec3 with padding, mat3x2/mat2x2 columns are vec2;
//  the expect lists skip padding)
// buffer 0:0 = f32:1,2,3,4,5,6,7,8,9,10,11,12
// expect 0:1 = f32:39,54,69,49,68,87,59,82,105, 58,64,139,154, -3,-3,-3, -2,-2, 1,4,2,5,3,6, 2,4,6,8,10,12, 0,0,0,0,0,0, 0.5,1,1.5,2,2.5,3, 2,4,6,8,10,12, 2,2,3,4, 1,2,3,5
// expect 0:2 = f32:39,54,69,49,68,87,59,82,105, 58,64,139,154, -3,-3,-3, -2,-2, 1,4,2,5,3,6, 2,4,6,8,10,12, 0,0,0,0,0,0, 0.5,1,1.5,2,2.5,3, 2,4,6,8,10,12, 2,2,3,4, 1,2,3,5

struct R {
    ab: mat3x3<f32>,
    ba: mat2x2<f32>,
    av: vec3<f32>,
    ua: vec2<f32>,
    t: mat3x2<f32>,
    sum: mat2x3<f32>,
    diff: mat2x3<f32>,
    half: mat2x3<f32>,
    twice: mat2x3<f32>,
    mv: vec4<f32>,
    vm: vec4<f32>,
}

@group(0) @binding(0) var<storage, read> e: array<f32, 12>;
@group(0) @binding(1) var<storage, read_write> r: R;
@group(0) @binding(2) var<storage, read_write> c: R;

const CA = mat2x3<f32>(1, 2, 3, 4, 5, 6);
const CB = mat3x2<f32>(7, 8, 9, 10, 11, 12);
const CM = mat4x4<f32>(1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 1, 0, 0, 4);

@compute @workgroup_size(1)
fn main() {
    let a = mat2x3<f32>(e[0], e[1], e[2], e[3], e[4], e[5]);
    let b = mat3x2<f32>(e[6], e[7], e[8], e[9], e[10], e[11]);
    let one = e[0];
    let z = e[0] - e[0];
    let m = mat4x4<f32>(one, z, z, z, z, 2.0 * one, z, z, z, z, 3.0 * one, z, one, z, z, 4.0 * one);
    r.ab = a * b;
    r.ba = b * a;
    r.av = a * vec2<f32>(one, -one);
    r.ua = vec3<f32>(one, z, -one) * a;
    r.t = transpose(a);
    r.sum = a + a;
    r.diff = a - a;
    r.half = 0.5 * a;
    r.twice = a * 2.0;
    r.mv = m * vec4<f32>(one);
    r.vm = vec4<f32>(one) * m;
    c = R(CA * CB, CB * CA, CA * vec2<f32>(1, -1), vec3<f32>(1, 0, -1) * CA, transpose(CA),
          CA + CA, CA - CA, 0.5 * CA, CA * 2.0, CM * vec4<f32>(1), vec4<f32>(1) * CM);
}

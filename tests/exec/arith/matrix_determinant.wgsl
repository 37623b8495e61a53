// determinant of mat2x2 / mat3x3 / mat4x4<f32> with small integer entries,
// runtime (0:1) and const (0:2).
// NOTE: the spec gives determinant "Infinite ULP" accuracy (it only says
// implementations "should provide a pragmatically useful determinant"), so
// strictly any value is conformant. The expected values here are the exact
// results. With integer entries this small every product and partial sum of the
// textbook cofactor / Leibniz expansion is an integer far below 2^24, so any
// such f32 implementation is exact. Kept separate from matrix_arith so a
// deviation is visible on its own.
// det(columns (1,2), (3,4)) = 1*4 - 3*2 = -2
// det(columns (2,0,1), (1,3,2), (1,1,2)) = 6
// det(columns (1,2,0,1), (0,1,3,2), (2,0,1,1), (1,1,0,3)) = 31
// det(identity 4x4 * 2) = 16
// buffer 0:0 = f32:1,2,3,4, 2,0,1,1,3,2,1,1,2, 1,2,0,1,0,1,3,2,2,0,1,1,1,1,0,3
// expect 0:1 = f32:-2,6,31,16
// expect 0:2 = f32:-2,6,31,16

@group(0) @binding(0) var<storage, read> e: array<f32, 29>;
@group(0) @binding(1) var<storage, read_write> r: array<f32, 4>;
@group(0) @binding(2) var<storage, read_write> c: array<f32, 4>;

@compute @workgroup_size(1)
fn main() {
    let m2 = mat2x2<f32>(e[0], e[1], e[2], e[3]);
    let m3 = mat3x3<f32>(e[4], e[5], e[6], e[7], e[8], e[9], e[10], e[11], e[12]);
    let m4 = mat4x4<f32>(e[13], e[14], e[15], e[16], e[17], e[18], e[19], e[20],
                         e[21], e[22], e[23], e[24], e[25], e[26], e[27], e[28]);
    r[0] = determinant(m2);
    r[1] = determinant(m3);
    r[2] = determinant(m4);
    r[3] = determinant(mat4x4<f32>(e[1], 0, 0, 0, 0, e[1], 0, 0, 0, 0, e[1], 0, 0, 0, 0, e[1]));
    c[0] = determinant(mat2x2<f32>(1, 2, 3, 4));
    c[1] = determinant(mat3x3<f32>(2, 0, 1, 1, 3, 2, 1, 1, 2));
    c[2] = determinant(mat4x4<f32>(1, 2, 0, 1, 0, 1, 3, 2, 2, 0, 1, 1, 1, 1, 0, 3));
    c[3] = determinant(mat4x4<f32>(2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2));
}

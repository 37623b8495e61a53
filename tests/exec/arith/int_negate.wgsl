// Runtime unary `-` on i32 (spec, "Arithmetic Expressions", negation): if e
// is the largest negative value the result is e, so -MIN = MIN; otherwise
// ordinary negation. Component-wise on vectors. Also `0 - x` (wrapping
// subtraction) and double negation.
// x = (MIN, MAX, 0, -1)
// -x = (MIN, -MAX, 0, 1); -(-x) = x; 0 - x = (MIN, -MAX, 0, 1); -x.x (scalar) = MIN;
// -(x.x + 1) = -(MIN+1) = MAX
// buffer 0:0 = i32:-2147483648,2147483647,0,-1
// expect 0:1 = i32:-2147483648,-2147483647,0,1, -2147483648,2147483647,0,-1, -2147483648,-2147483647,0,1, -2147483648,2147483647,0,0

@group(0) @binding(0) var<storage, read> a: array<i32, 4>;
@group(0) @binding(1) var<storage, read_write> r: array<vec4<i32>, 4>;

@compute @workgroup_size(1)
fn main() {
    let x = vec4<i32>(a[0], a[1], a[2], a[3]);
    r[0] = -x;
    r[1] = -(-x);
    r[2] = 0 - x;
    r[3] = vec4<i32>(-a[0], -(a[0] + 1), 0, 0);
}

// A 1.6 GB private variable and a private variable of an enormous zero value.
var<private> p: array<vec4<f32>, 100000000>;
var<private> q = array<array<i32, 100000>, 100000>();
@compute @workgroup_size(1)
fn main() {
    p[3] = vec4(1.0);
    q[1][2] = 3;
}

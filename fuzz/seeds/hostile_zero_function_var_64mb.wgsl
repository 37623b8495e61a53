// A 64 MB function-scope variable initialised with a zero value.
@compute @workgroup_size(1)
fn main() {
    var a = array<array<f32, 4000>, 4000>();
    a[1][2] = 3.0;
}

// Composite types nested far beyond the spec's minimum limit of 15.
alias A = array<array<array<array<array<array<array<array<array<array<array<array<array<array<array<array<array<array<array<array<f32, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>;
var<private> p: A;
@compute @workgroup_size(1)
fn main() {
    p[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0] = 1.0;
}

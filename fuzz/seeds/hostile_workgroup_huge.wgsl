// Enormous workgroup variables: zeroing must be a loop, never one store per
// element, and the sizes must be refused clearly.
var<workgroup> w: array<u32, 1000000000>;
var<workgroup> a: array<atomic<u32>, 1000000000>;
struct S { x: array<atomic<i32>, 100000>, y: array<array<f32, 1000>, 1000> }
var<workgroup> s: array<S, 10>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    w[i] = 1u;
    atomicAdd(&a[i], 1u);
    atomicAdd(&s[i].x[i], 1);
    s[i].y[i][i] = 1.0;
}

// Squares each input: `tessera run examples/run_squares.wgsl --buffer 0:0=u32:1,2,3,4`
// prints `out` = 1 4 9 16.
// fits: webgpu h100-vulkan h200-vulkan metal
@group(0) @binding(0) var<storage, read> input: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    out[i] = input[i] * input[i];
}

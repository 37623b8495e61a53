// buffer 0:0 = u32:1,2,3,4
// expect 0:1 = u32:14,23,32,41
//
// A uniform buffer whose `array<u32, 4>` member has WGSL's storage stride
// of 4 bytes: valid with the language feature uniform_buffer_standard_layout
// (WGSL "Address Space Layout Constraints"). The input is 16 bytes, the
// four u32s packed. Invocation i stores values[i] * 10 + values[3 - i]:
// 1*10+4 = 14, 2*10+3 = 23, 3*10+2 = 32, 4*10+1 = 41. The SPIR-V needs a
// Vulkan device created with uniformBufferStandardLayout (the reflection's
// `uniform_standard_layout` says so for binding 0:0); read with std140's
// 16-byte stride the values would be wrong.
requires uniform_buffer_standard_layout;

struct Input {
    values: array<u32, 4>,
}

@group(0) @binding(0) var<uniform> input: Input;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    out[i] = input.values[i] * 10u + input.values[3u - i];
}

// Immediate data (the immediate_address_space language feature):
// var<immediate> is SPIR-V's PushConstant storage class (a Block struct
// with explicit layout) and an MSL `constant` buffer parameter. At most one
// immediate variable per entry point; here two entry points use one each,
// one of them through a helper function, with f16 members and dynamic
// matrix indexing.
requires immediate_address_space;
enable f16;

struct Params {
    scale: f32,
    offsets: vec2<f16>,
    bias: f16,
    transform: mat2x2f,
}

var<immediate> params: Params;
var<immediate> count: u32;

@group(0) @binding(0) var<storage, read_write> out: array<vec2f, 64>;

fn transformed(i: u32) -> vec2f {
    let column = params.transform[i % 2u];
    return column * params.scale + vec2f(params.offsets) + f32(params.bias);
}

@compute @workgroup_size(64)
fn apply(@builtin(local_invocation_index) i: u32) {
    out[i] = transformed(i);
}

@compute @workgroup_size(64)
fn fill(@builtin(local_invocation_index) i: u32) {
    if i < count {
        out[i] = vec2f(f32(count));
    }
}

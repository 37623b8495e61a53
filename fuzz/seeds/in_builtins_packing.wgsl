// Data packing and unpacking builtins.
@group(0) @binding(0) var<storage, read_write> colors: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> packed: array<u32>;
@group(0) @binding(2) var<storage, read_write> bytes: array<vec4<u32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let c = colors[gid.x];
    let p0 = pack4x8snorm(c);
    let p1 = pack4x8unorm(c);
    let p2 = pack2x16snorm(c.xy);
    let p3 = pack2x16unorm(c.zw);
    let p4 = pack2x16float(c.xy);
    let p5 = pack4xI8(vec4i(c * 100.0));
    let p6 = pack4xU8(vec4u(abs(c) * 100.0));
    let p7 = pack4xI8Clamp(vec4i(c * 1000.0));
    let p8 = pack4xU8Clamp(vec4u(abs(c) * 1000.0));
    packed[gid.x] = p0 ^ p1 ^ p2 ^ p3 ^ p4 ^ p5 ^ p6 ^ p7 ^ p8;
    colors[gid.x] = unpack4x8snorm(p0) + unpack4x8unorm(p1)
        + vec4f(unpack2x16snorm(p2), unpack2x16unorm(p3))
        + vec4f(unpack2x16float(p4), 0.0, 0.0);
    bytes[gid.x] = vec4u(unpack4xI8(p5)) + unpack4xU8(p6);
}

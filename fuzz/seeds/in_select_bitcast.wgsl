// select on scalars and vectors (scalar and vector conditions), bitcast
// between every 32-bit type and vectors.
@group(0) @binding(0) var<storage, read_write> f: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> bits: array<vec2<u32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let v = f[gid.x];
    let as_bits = bitcast<vec2<u32>>(v);
    let as_int = bitcast<i32>(v.x);
    let back = bitcast<f32>(as_bits.y);
    let from_int = bitcast<u32>(as_int);
    let sign_mask = vec2u(0x80000000u);
    let abs_bits = as_bits & ~sign_mask;
    let cond = v > vec2f(0.0);
    let chosen = select(-v, v, cond);
    let one = select(0.0, 1.0, back > 0.0);
    f[gid.x] = chosen + vec2f(one, bitcast<f32>(abs_bits.x));
    bits[gid.x] = select(abs_bits, vec2u(from_int), all(cond));
}

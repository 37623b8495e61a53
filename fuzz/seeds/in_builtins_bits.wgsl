// Bit-manipulation builtins on i32/u32 scalars and vectors.
@group(0) @binding(0) var<storage, read_write> u: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read_write> s: array<i32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let v = u[gid.x];
    let x = s[gid.x];
    var r = countOneBits(v) + countLeadingZeros(v) + countTrailingZeros(v);
    r += reverseBits(v) + firstLeadingBit(v) + firstTrailingBit(v);
    r += extractBits(v, 3u, 5u) + insertBits(v, vec2u(0x7u), 4u, 3u);
    u[gid.x] = r;
    s[gid.x] = countOneBits(x) + countLeadingZeros(x) + countTrailingZeros(x)
        + reverseBits(x) + firstLeadingBit(x) + firstTrailingBit(x)
        + extractBits(x, 1u, 7u) + insertBits(x, -1, 2u, 2u);
}

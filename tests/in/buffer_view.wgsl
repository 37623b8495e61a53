// Buffer views (language feature buffer_view): storage, uniform and
// workgroup buffers read and written as other types.
struct S {
    a: vec3<f32>,
    b: u32,
}

@group(0) @binding(0) var<storage, read> src: buffer;
@group(0) @binding(1) var<storage, read_write> dst: buffer<64>;
@group(0) @binding(2) var<uniform> uni: buffer<32>;
var<workgroup> wg: buffer<16>;

@compute @workgroup_size(1)
fn main() {
    let s = *bufferView<S>(&src, 16u);
    let p = bufferView<S>(&dst, 0);
    (*p).a = s.a * 2.0;
    p.b = s.b + *bufferView<u32>(&uni, 4);
    bufferView<array<i32, 4>>(&wg, 0)[1] = -1;
    let tail = bufferArrayView<array<u32>>(&src, 32, 16);
    *bufferView<vec2<u32>>(&dst, 32) = vec2<u32>(bufferLength(&src), arrayLength(tail));
}

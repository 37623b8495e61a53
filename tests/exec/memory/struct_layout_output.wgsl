// Writing a struct with @align, @size, vec3 and matrix members to a storage
// buffer (spec, "Memory Layout", "Alignment and Size"), in a struct that ends in
// a runtime-sized array, so the array's length (given by the buffer size, spec
// "Buffer Binding Determines Runtime-Sized Array Element Count") checks
// SizeOf(B) independently of the harness's decoding:
//   struct B {
//     - x: f32                     offset 0
//     - v: vec3<f32>               offset 16 (align 16), size 12
//     - y: u32                     offset 28 (packs after the vec3)
//     - @size(16) z: u32           offset 32, next member at 48
//     - m: mat3x3<f32>             offset 48, columns of vec3 at 48, 64, 80; size 48
//     - k: u32                     offset 96
//     - @align(32) w: vec2<u32>    offset 128
//   }  AlignOf 32, SizeOf roundUp(32, 136) = 160
//   struct Out { hdr: B, tail: array<u32> }: tail at offset 160, stride 4.
// The buffer is 200 bytes, so arrayLength(&o.tail) = (200 - 160) / 4 = 10.
// The shader writes x = 1.5, v = (2, 3, 4), y = 5, z = 6, m columns (7, 8, 9),
// (10, 11, 12), (13, 14, 15), k = 16, w = (17, 18), and tail[i] = 100 * len + i.
// The struct is built in a function variable and stored whole.
// buffer 0:0 = zeros:200
// expect 0:0 = 1.5, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18
// expect 0:0 = 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009

struct B {
    x: f32,
    v: vec3<f32>,
    y: u32,
    @size(16) z: u32,
    m: mat3x3<f32>,
    k: u32,
    @align(32) w: vec2<u32>,
}
struct Out {
    hdr: B,
    tail: array<u32>,
}

@group(0) @binding(0) var<storage, read_write> o: Out;

@compute @workgroup_size(1)
fn main() {
    var b: B;
    b.x = 1.5;
    b.v = vec3(2.0, 3.0, 4.0);
    b.y = 5u;
    b.z = 6u;
    b.m = mat3x3(7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0);
    b.k = 16u;
    b.w = vec2(17u, 18u);
    o.hdr = b;
    let len = arrayLength(&o.tail);
    for (var i = 0u; i < len; i++) {
        o.tail[i] = 100u * len + i;
    }
}

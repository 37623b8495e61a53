// Buffer views (WGSL language feature buffer_view, "Buffer View Built-in
// Functions"): a buffer's bytes read and written as other types. Each
// buffer is reflected as u32 words. Expected words, from the spec:
// - 0..3: S = {a: vec3f, b: u32} (align 16) viewed at byte 32 of src reads
//   words 8..11: a = (1.0, 2.0, -1.0) (bits 0x3F800000, 0x40000000,
//   0xBF800000), b = 7; stored as vec4<i32>(a * 10, b) = 10, 20, -10
//   (4294967286 as u32), 7.
// - 4, 5: bufferLength(&src) = 12 words * 4 = 48; bufferLength(&dst) = 128.
// - 6: arrayLength of bufferView<array<u32>>(&src, 8) = (48 - 8) / 4 = 10;
//   7: of bufferArrayView<array<vec2u>>(&src, 0, 24) = 24 / 8 = 3.
// - 8..11: bufferView<vec4u>(&src, 20) with the runtime offset 20 (read
//   from uni): vec4u's alignment is 16, so the offset rounds down to 16:
//   words 4..7 = 104, 105, 106, 107.
// - 12..14: U = {x: u32, y: vec2u} (y at byte 8) viewed at byte 0 of the
//   uniform buffer: x = 5, y = (30, 40); 15: array<u32, 8> view of uni
//   indexed by x = 5: word 5 = 60.
// - 16..19: a workgroup buffer written as array<u32, 8> (i * 3) and read as
//   vec4u at byte 16: 12, 15, 18, 21.
// - 20..23: S viewed at byte 80 of dst, members stored through the view:
//   a = (0.5, 1.5, 2.5) -> 0x3F000000 = 1056964608, 0x3FC00000 =
//   1069547520, 0x40200000 = 1075838976; b = 99.
// - 24: u32 at the i32 offset 96: 12345. 25: untouched (0).
// - 26..29: mat2x2f(1, 2, 3, 4) at byte 104: 0x3F800000 = 1065353216,
//   0x40000000 = 1073741824, 0x40400000 = 1077936128, 0x40800000 =
//   1082130432. 30, 31: untouched.
// buffer 0:0 = u32:100,101,102,103,104,105,106,107,1065353216,1073741824,3212836864,7
// buffer 0:1 = u32:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
// buffer 0:2 = u32:5,20,30,40,50,60,70,80
// expect 0:1 = u32:10,20,4294967286,7,48,128,10,3,104,105,106,107,5,30,40,60,12,15,18,21,1056964608,1069547520,1075838976,99,12345,0,1065353216,1073741824,1077936128,1082130432,0,0
requires buffer_view;

struct S {
    a: vec3<f32>,
    b: u32,
}

struct U {
    x: u32,
    y: vec2<u32>,
}

@group(0) @binding(0) var<storage, read> src: buffer;
@group(0) @binding(1) var<storage, read_write> dst: buffer<128>;
@group(0) @binding(2) var<uniform> uni: buffer<32>;
var<workgroup> wg: buffer<32>;

@compute @workgroup_size(1)
fn main() {
    let s = *bufferView<S>(&src, 32u);
    *bufferView<vec4<i32>>(&dst, 0) = vec4<i32>(vec3<i32>(s.a * 10.0), i32(s.b));

    *bufferView<vec2<u32>>(&dst, 16) = vec2<u32>(bufferLength(&src), bufferLength(&dst));

    let words = bufferView<array<u32>>(&src, 8u);
    let pairs = bufferArrayView<array<vec2<u32>>>(&src, 0, 24);
    *bufferView<vec2<u32>>(&dst, 24) = vec2<u32>(arrayLength(words), arrayLength(pairs));

    let off = *bufferView<u32>(&uni, 4);
    *bufferView<vec4<u32>>(&dst, 32) = *bufferView<vec4<u32>>(&src, off);

    let u = *bufferView<U>(&uni, 0);
    *bufferView<vec3<u32>>(&dst, 48) = vec3<u32>(u.x, u.y);
    *bufferView<u32>(&dst, 60) = bufferView<array<u32, 8>>(&uni, 0)[u.x];

    let w = bufferView<array<u32, 8>>(&wg, 0);
    for (var i = 0u; i < 8u; i++) {
        w[i] = i * 3u;
    }
    *bufferView<vec4<u32>>(&dst, 64) = *bufferView<vec4<u32>>(&wg, 16);

    let ps = bufferView<S>(&dst, 80);
    ps.b = 99u;
    (*ps).a = vec3<f32>(0.5, 1.5, 2.5);

    *bufferView<u32>(&dst, 96i) = 12345u;
    *bufferView<mat2x2<f32>>(&dst, 104) = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);
}

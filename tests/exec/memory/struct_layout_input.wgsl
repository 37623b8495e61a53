// Storage-buffer struct layout with @align, @size, vec3 and arrays of vec3
// (spec, "Memory Layout": AlignOf / SizeOf of vec3<T> are 16 / 12, a member
// follows the previous one at the next multiple of its alignment, @align(n)
// raises a member's alignment, @size(n) its size; an array's stride is
// roundUp(AlignOf(E), SizeOf(E)); a struct's size is rounded up to its
// alignment). The input is given as raw words, word w holding 1000 + w, and
// read through the struct, so each member's value names the word it starts at:
//   struct A {
//     - a: u32                      offset 0    -> word 0
//     - @align(16) b: u32           offset 16   -> word 4
//     - c: vec3<u32>                offset 32   -> words 8, 9, 10
//     - d: f32 (read as bits)       offset 44   -> word 11 (packs after the vec3)
//     - @size(20) e: u32            offset 48   -> word 12; next member at 68
//     - f: vec2<u32>                offset 72   -> words 18, 19 (align 8)
//     - g: array<vec3<u32>, 2>      offset 80   -> words 20-22 and 24-26 (stride 16)
//     - h: u32                      offset 112  -> word 28
//   }  AlignOf 16, SizeOf roundUp(16, 116) = 128: element 1 starts at word 32.
// The shader copies every member of both elements into a plain array.
// buffer 0:0 = u32:1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031, 1032, 1033, 1034, 1035, 1036, 1037, 1038, 1039, 1040, 1041, 1042, 1043, 1044, 1045, 1046, 1047, 1048, 1049, 1050, 1051, 1052, 1053, 1054, 1055, 1056, 1057, 1058, 1059, 1060, 1061, 1062, 1063
// expect 0:1 = 1000, 1004, 1008, 1009, 1010, 1011, 1012, 1018, 1019, 1020, 1021, 1022, 1024, 1025, 1026, 1028
// expect 0:1 = 1032, 1036, 1040, 1041, 1042, 1043, 1044, 1050, 1051, 1052, 1053, 1054, 1056, 1057, 1058, 1060

struct A {
    a: u32,
    @align(16) b: u32,
    c: vec3<u32>,
    d: f32,
    @size(20) e: u32,
    f: vec2<u32>,
    g: array<vec3<u32>, 2>,
    h: u32,
}

@group(0) @binding(0) var<storage, read> inp: array<A, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 32>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 2u; i++) {
        let s = inp[i];
        let o = 16u * i;
        out[o] = s.a;
        out[o + 1u] = s.b;
        out[o + 2u] = s.c.x;
        out[o + 3u] = s.c.y;
        out[o + 4u] = s.c.z;
        out[o + 5u] = bitcast<u32>(s.d);
        out[o + 6u] = s.e;
        out[o + 7u] = s.f.x;
        out[o + 8u] = s.f.y;
        out[o + 9u] = s.g[0].x;
        out[o + 10u] = s.g[0].y;
        out[o + 11u] = s.g[0].z;
        out[o + 12u] = s.g[1].x;
        out[o + 13u] = s.g[1].y;
        out[o + 14u] = s.g[1].z;
        out[o + 15u] = inp[i].h;
    }
}

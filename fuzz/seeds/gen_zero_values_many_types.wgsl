struct T0 { a: array<vec4<f32>, 1000>, b: i32 }
struct T1 { a: array<vec4<f32>, 1001>, b: i32 }
struct T2 { a: array<vec4<f32>, 1002>, b: i32 }
struct T3 { a: array<vec4<f32>, 1003>, b: i32 }
struct T4 { a: array<vec4<f32>, 1004>, b: i32 }
struct T5 { a: array<vec4<f32>, 1005>, b: i32 }
struct T6 { a: array<vec4<f32>, 1006>, b: i32 }
struct T7 { a: array<vec4<f32>, 1007>, b: i32 }
struct T8 { a: array<vec4<f32>, 1008>, b: i32 }
struct T9 { a: array<vec4<f32>, 1009>, b: i32 }
struct T10 { a: array<vec4<f32>, 1010>, b: i32 }
struct T11 { a: array<vec4<f32>, 1011>, b: i32 }
struct T12 { a: array<vec4<f32>, 1012>, b: i32 }
struct T13 { a: array<vec4<f32>, 1013>, b: i32 }
struct T14 { a: array<vec4<f32>, 1014>, b: i32 }
struct T15 { a: array<vec4<f32>, 1015>, b: i32 }
struct T16 { a: array<vec4<f32>, 1016>, b: i32 }
struct T17 { a: array<vec4<f32>, 1017>, b: i32 }
struct T18 { a: array<vec4<f32>, 1018>, b: i32 }
struct T19 { a: array<vec4<f32>, 1019>, b: i32 }
struct T20 { a: array<vec4<f32>, 1020>, b: i32 }
struct T21 { a: array<vec4<f32>, 1021>, b: i32 }
struct T22 { a: array<vec4<f32>, 1022>, b: i32 }
struct T23 { a: array<vec4<f32>, 1023>, b: i32 }
struct T24 { a: array<vec4<f32>, 1024>, b: i32 }
struct T25 { a: array<vec4<f32>, 1025>, b: i32 }
struct T26 { a: array<vec4<f32>, 1026>, b: i32 }
struct T27 { a: array<vec4<f32>, 1027>, b: i32 }
struct T28 { a: array<vec4<f32>, 1028>, b: i32 }
struct T29 { a: array<vec4<f32>, 1029>, b: i32 }
struct T30 { a: array<vec4<f32>, 1030>, b: i32 }
struct T31 { a: array<vec4<f32>, 1031>, b: i32 }
struct T32 { a: array<vec4<f32>, 1032>, b: i32 }
struct T33 { a: array<vec4<f32>, 1033>, b: i32 }
struct T34 { a: array<vec4<f32>, 1034>, b: i32 }
struct T35 { a: array<vec4<f32>, 1035>, b: i32 }
struct T36 { a: array<vec4<f32>, 1036>, b: i32 }
struct T37 { a: array<vec4<f32>, 1037>, b: i32 }
struct T38 { a: array<vec4<f32>, 1038>, b: i32 }
struct T39 { a: array<vec4<f32>, 1039>, b: i32 }
struct T40 { a: array<vec4<f32>, 1040>, b: i32 }
struct T41 { a: array<vec4<f32>, 1041>, b: i32 }
@group(0) @binding(0) var<storage, read_write> d: array<i32>;
@compute @workgroup_size(1)
fn main() {
 d[0] = T0().b;
 d[1] = T1().b;
 d[2] = T2().b;
 d[3] = T3().b;
 d[4] = T4().b;
 d[5] = T5().b;
 d[6] = T6().b;
 d[7] = T7().b;
 d[8] = T8().b;
 d[9] = T9().b;
 d[10] = T10().b;
 d[11] = T11().b;
 d[12] = T12().b;
 d[13] = T13().b;
 d[14] = T14().b;
 d[15] = T15().b;
 d[16] = T16().b;
 d[17] = T17().b;
 d[18] = T18().b;
 d[19] = T19().b;
 d[20] = T20().b;
 d[21] = T21().b;
 d[22] = T22().b;
 d[23] = T23().b;
 d[24] = T24().b;
 d[25] = T25().b;
 d[26] = T26().b;
 d[27] = T27().b;
 d[28] = T28().b;
 d[29] = T29().b;
 d[30] = T30().b;
 d[31] = T31().b;
 d[32] = T32().b;
 d[33] = T33().b;
 d[34] = T34().b;
 d[35] = T35().b;
 d[36] = T36().b;
 d[37] = T37().b;
 d[38] = T38().b;
 d[39] = T39().b;
 d[40] = T40().b;
 d[41] = T41().b;
}

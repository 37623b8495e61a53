// Workgroup memory as a scratchpad between invocations: each invocation writes
// its own slot of a var<workgroup> array, workgroupBarrier(), then reads its
// neighbour's slot (i + 1) % 64. A second phase keeps the value read in a
// register, barriers again before overwriting its own slot with twice that, and
// after a third barrier reads the mirrored slot 63 - i. Two workgroups, each with
// its own copy of the variable (values carry 1000 * workgroup_id).
// Phase 1: out1[64w + i] = 3 * ((i + 1) % 64) + 1 + 1000w.
// Phase 2: slot j holds 2 * (3 * ((j + 1) % 64) + 1 + 1000w); with j = 63 - i,
// so out2[64w + i] = 2 * (3 * ((64 - i) % 64) + 1 + 1000w).
// dispatch: 2,1,1
// expect 0:0 = 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 52, 55, 58, 61, 64, 67, 70, 73, 76, 79, 82, 85, 88, 91, 94, 97, 100, 103, 106, 109, 112, 115, 118, 121, 124, 127, 130, 133, 136, 139, 142, 145, 148, 151, 154, 157, 160, 163, 166, 169, 172, 175, 178, 181, 184, 187, 190, 1, 1004, 1007, 1010, 1013, 1016, 1019, 1022, 1025, 1028, 1031, 1034, 1037, 1040, 1043, 1046, 1049, 1052, 1055, 1058, 1061, 1064, 1067, 1070, 1073, 1076, 1079, 1082, 1085, 1088, 1091, 1094, 1097, 1100, 1103, 1106, 1109, 1112, 1115, 1118, 1121, 1124, 1127, 1130, 1133, 1136, 1139, 1142, 1145, 1148, 1151, 1154, 1157, 1160, 1163, 1166, 1169, 1172, 1175, 1178, 1181, 1184, 1187, 1190, 1001
// expect 0:1 = 2, 380, 374, 368, 362, 356, 350, 344, 338, 332, 326, 320, 314, 308, 302, 296, 290, 284, 278, 272, 266, 260, 254, 248, 242, 236, 230, 224, 218, 212, 206, 200, 194, 188, 182, 176, 170, 164, 158, 152, 146, 140, 134, 128, 122, 116, 110, 104, 98, 92, 86, 80, 74, 68, 62, 56, 50, 44, 38, 32, 26, 20, 14, 8, 2002, 2380, 2374, 2368, 2362, 2356, 2350, 2344, 2338, 2332, 2326, 2320, 2314, 2308, 2302, 2296, 2290, 2284, 2278, 2272, 2266, 2260, 2254, 2248, 2242, 2236, 2230, 2224, 2218, 2212, 2206, 2200, 2194, 2188, 2182, 2176, 2170, 2164, 2158, 2152, 2146, 2140, 2134, 2128, 2122, 2116, 2110, 2104, 2098, 2092, 2086, 2080, 2074, 2068, 2062, 2056, 2050, 2044, 2038, 2032, 2026, 2020, 2014, 2008

@group(0) @binding(0) var<storage, read_write> out1: array<u32, 128>;
@group(0) @binding(1) var<storage, read_write> out2: array<u32, 128>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(global_invocation_id) gid: vec3<u32>) {
    tile[li] = li * 3u + 1u + 1000u * wid.x;
    workgroupBarrier();
    let n = tile[(li + 1u) % 64u];
    out1[gid.x] = n;
    workgroupBarrier();
    tile[li] = 2u * n;
    workgroupBarrier();
    out2[gid.x] = tile[63u - li];
}

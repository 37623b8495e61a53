// Dynamic indices past a vector's size, bounds checks on.
// References (spec "Out-of-Bounds Access"): storage vec4<u32>, a storage
// struct { v: vec3<u32>, w: u32 } and a function-scope vec3<f32>, read and
// written at indices 3, 4, 100, 0xffffffff (u32) and -1 (i32). Loads return
// any value of the buffer (storage) or variable (function), or zero: flags.
// Stores go anywhere in the buffer / variable or nowhere: each component is
// afterwards checked to hold its start value or the stored value (flags).
// In-bounds index 2 through the same code: exact.
// Values (spec "Vector Access Expression": an OOB index on a vector value is
// an indeterminate value): a let vec4<i32> indexed at 4 and -1 gives some i32
// value, one value per evaluation, so x == x holds (written as 1), and in
// bounds v[2] is exact (-30).
// Through a pointer: (*p)[i] and p[i] on ptr<function, vec4<u32>>, as above.
// Results: in-bounds reads 3 (storage vec4), 33 (struct v), 2.5 (function),
// -30 (value), 30 (pointer), then 4 x 5 read flags, 4 store flags, 2 value
// flags = 1 each.
// bounds-checks: on
// buffer 0:0 = u32:3, 4, 100, 0xffffffff
// buffer 0:1 = i32:-1
// buffer 0:2 = u32:1, 2, 3, 4
// buffer 0:3 = u32:11, 22, 33, 44
// expect 0:2 = any*4
// expect 0:3 = any*4
// expect 0:4 = 3, 33, 0x40200000, 0xffffffe2, 30, 1*26

struct V3 {
    v: vec3<u32>,
    w: u32,
}

@group(0) @binding(0) var<storage, read> uidx: array<u32, 4>;
@group(0) @binding(1) var<storage, read> iidx: array<i32, 1>;
@group(0) @binding(2) var<storage, read_write> sv: vec4<u32>;
@group(0) @binding(3) var<storage, read_write> s3: V3;
@group(0) @binding(4) var<storage, read_write> out: array<u32, 31>;

@compute @workgroup_size(1)
fn main() {
    var fv = vec3<f32>(0.5, 1.5, 2.5);
    var pv = vec4<u32>(10u, 20u, 30u, 40u);
    let p = &pv;
    let lv = vec4<i32>(-10, -20, -30, -40);
    let in_b = uidx[0] - 1u;
    out[0] = sv[in_b];
    out[1] = s3.v[in_b];
    out[2] = bitcast<u32>(fv[in_b]);
    out[3] = bitcast<u32>(lv[in_b]);
    out[4] = (*p)[in_b];
    var idx = array<u32, 5>(uidx[0], uidx[1], uidx[2], uidx[3], u32(iidx[0]));
    for (var k = 0u; k < 5u; k++) {
        let a = sv[idx[k]];
        out[5u + 4u * k] = select(0u, 1u, a == 0u || (a >= 1u && a <= 4u));
        let b = s3.v[idx[k]];
        out[6u + 4u * k] = select(0u, 1u, b == 0u || b == 11u || b == 22u || b == 33u || b == 44u);
        let c = fv[idx[k]];
        out[7u + 4u * k] = select(0u, 1u, c == 0.0 || c == 0.5 || c == 1.5 || c == 2.5);
        let d = select(p[idx[k]], (*p)[idx[k]], k % 2u == 0u);
        out[8u + 4u * k] = select(0u, 1u, d == 0u || d == 10u || d == 20u || d == 30u || d == 40u);
    }
    for (var k = 0u; k < 5u; k++) {
        sv[idx[k]] = 9u;
        s3.v[idx[k]] = 99u;
        fv[idx[k]] = 9.5;
        p[idx[k]] = 999u;
        (*p)[idx[k]] = 999u;
    }
    let ok_sv = (sv.x == 1u || sv.x == 9u) && (sv.y == 2u || sv.y == 9u) &&
            (sv.z == 3u || sv.z == 9u) && (sv.w == 4u || sv.w == 9u);
    let ok_s3 = (s3.v.x == 11u || s3.v.x == 99u) && (s3.v.y == 22u || s3.v.y == 99u) &&
            (s3.v.z == 33u || s3.v.z == 99u) && (s3.w == 44u || s3.w == 99u);
    let ok_fv = (fv.x == 0.5 || fv.x == 9.5) && (fv.y == 1.5 || fv.y == 9.5) && (fv.z == 2.5 || fv.z == 9.5);
    let ok_pv = (pv.x == 10u || pv.x == 999u) && (pv.y == 20u || pv.y == 999u) &&
                (pv.z == 30u || pv.z == 999u) && (pv.w == 40u || pv.w == 999u);
    out[25] = select(0u, 1u, ok_sv);
    out[26] = select(0u, 1u, ok_s3);
    out[27] = select(0u, 1u, ok_fv);
    out[28] = select(0u, 1u, ok_pv);
    let e1 = lv[idx[1]];
    let e2 = lv[iidx[0]];
    out[29] = select(0u, 1u, e1 == e1);
    out[30] = select(0u, 1u, e2 == e2);
}

// bool <-> number conversions (spec, `bool`, `i32`, `u32`, `f32` value
// constructors): bool(e) is false exactly for zero (and -0.0), true
// otherwise; i32/u32/f32 of a bool are 1 / 0. Component-wise for vectors.
// Runtime and const. Results of bool(...) are written as 0/1 via select.
// bool(i32):  0, 1, -1, MIN              -> 0,1,1,1
// bool(u32):  0, 1, 0x80000000, 0xFFFFFFFF -> 0,1,1,1
// bool(f32):  0.0, -0.0, 0.5, -1e-30     -> 0,0,1,1
// i32(b), u32(b), f32(b) for b = true, false -> 1,0 / 1,0 / 1.0,0.0
// vec2<bool>(vec2<u32>(0, 5)) -> (false, true) (written .y then .x: 1,0)
// vec4<u32>(vec4<bool>(p)) with p = (x != 0) for x = (0, 7, 0, -1) -> (0,1,0,1)
// vec4<f32>(vec4<bool>(...)) -> (0,1,0,1); vec4<bool>(vec4<f32>(0, -0, 2, -2)) -> (0,0,1,1)
// Const: bool(0i), bool(i32(-2147483648)), bool(0u), bool(-0.0f), bool(1e-30f),
//   i32(true), u32(false), f32(true) -> 0,1,0,0,1, 1,0, 1.0
// buffer 0:0 = i32:0,1,-1,-2147483648
// buffer 0:1 = u32:0,1,0x80000000,0xFFFFFFFF
// buffer 0:2 = f32:0.0,-0.0,0.5,-1e-30, 2.0,-2.0
// expect 0:3 = u32:0,1,1,1, 0,1,1,1, 0,0,1,1, 1,0, 0,1,0,1, 0,0,1,1, 0,1,0,0,1,1,0, 1,0
// expect 0:4 = i32:1,0
// expect 0:5 = f32:1,0, 0,1,0,1, 1

@group(0) @binding(0) var<storage, read> ia: array<i32, 4>;
@group(0) @binding(1) var<storage, read> ua: array<u32, 4>;
@group(0) @binding(2) var<storage, read> fa: array<f32, 6>;
@group(0) @binding(3) var<storage, read_write> ru: array<u32, 31>;
@group(0) @binding(4) var<storage, read_write> ri: array<i32, 2>;
@group(0) @binding(5) var<storage, read_write> rf: array<f32, 7>;

fn b(c: bool) -> u32 { return select(0u, 1u, c); }

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 4u; i++) {
        ru[i] = b(bool(ia[i]));
        ru[4u + i] = b(bool(ua[i]));
        ru[8u + i] = b(bool(fa[i]));
    }
    let t = bool(ia[1]);
    let f = bool(ia[0]);
    ri[0] = i32(t);
    ri[1] = i32(f);
    ru[12] = u32(t);
    ru[13] = u32(f);
    rf[0] = f32(t);
    rf[1] = f32(f);
    let p = vec4<bool>(vec4<i32>(ia[0], 7, ia[0], ia[2]));
    let pu = vec4<u32>(p);
    ru[14] = pu.x; ru[15] = pu.y; ru[16] = pu.z; ru[17] = pu.w;
    let pf = vec4<f32>(p);
    rf[2] = pf.x; rf[3] = pf.y; rf[4] = pf.z; rf[5] = pf.w;
    let q = vec4<bool>(vec4<f32>(fa[0], fa[1], fa[4], fa[5]));
    ru[18] = b(q.x); ru[19] = b(q.y); ru[20] = b(q.z); ru[21] = b(q.w);
    ru[22] = b(bool(0i));
    ru[23] = b(bool(i32(-2147483648)));
    ru[24] = b(bool(0u));
    ru[25] = b(bool(-0.0f));
    ru[26] = b(bool(1e-30f));
    ru[27] = u32(i32(true));
    ru[28] = u32(false);
    ru[29] = b(vec2<bool>(vec2<u32>(0u, 5u)).y);
    ru[30] = b(vec2<bool>(vec2<u32>(0u, 5u)).x);
    rf[6] = f32(true);
}

// select, any, all (spec, "Logical Built-in Functions"), runtime and const:
// select(f, t, cond) returns t when cond is true, else f (note the order);
// with a vec<bool> condition it selects per component; with a scalar bool
// condition and vector operands it selects the whole vector. any(v) is true if
// some component is true, all(v) if every one is; any(b) = all(b) = b.
// Inputs: m = (1, 0, 1, 0) as bools (t, f, t, f).
// select(10i, 20i, true) = 20; select(10i, 20i, false) = 10; select(1.5, -2.5, t) = -2.5;
// select(0xFFFFFFFFu, 7u, f) = 0xFFFFFFFF; select(MIN, MAX, t) = MAX
// select(vec4<i32>(1,2,3,4), vec4<i32>(5,6,7,8), (t,f,t,f)) = (5,2,7,4)
// select(vec4<i32>(1,2,3,4), vec4<i32>(5,6,7,8), f) = (1,2,3,4)  [scalar condition]
// select(vec3<f32>(1,2,3), vec3<f32>(-1,-2,-3), vec3(f,t,t)) = (1,-2,-3)
// select(vec2<bool>(t,f), vec2<bool>(f,t), t) -> (f,t) -> as u32 (0,1)
// any/all: vec4 (t,f,t,f): any 1, all 0; vec4 all true: 1, 1; vec4 all false: 0, 0;
//   vec2 (f,t): 1, 0; vec3 (t,t,t): 1, 1; scalar t: 1, 1; scalar f: 0, 0
// buffer 0:0 = u32:1,0,1,0
// expect 0:1 = i32:20,10,0x7FFFFFFF, 5,2,7,4, 1,2,3,4
// expect 0:2 = f32:-2.5, 1,-2,-3
// expect 0:3 = u32:0xFFFFFFFF, 0,1, 1,0, 1,1, 0,0, 1,0, 1,1, 1,1, 0,0
// expect 0:4 = i32:20,10,0x7FFFFFFF, 5,2,7,4, 1,2,3,4
// expect 0:5 = f32:-2.5, 1,-2,-3
// expect 0:6 = u32:0xFFFFFFFF, 0,1, 1,0, 1,1, 0,0, 1,0, 1,1, 1,1, 0,0

@group(0) @binding(0) var<storage, read> m: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> ri: array<i32, 11>;
@group(0) @binding(2) var<storage, read_write> rf: array<f32, 4>;
@group(0) @binding(3) var<storage, read_write> ru: array<u32, 17>;
@group(0) @binding(4) var<storage, read_write> ci: array<i32, 11>;
@group(0) @binding(5) var<storage, read_write> cf: array<f32, 4>;
@group(0) @binding(6) var<storage, read_write> cu: array<u32, 17>;

fn b(c: bool) -> u32 { return select(0u, 1u, c); }

@compute @workgroup_size(1)
fn main() {
    let t = m[0] != 0u;
    let f = m[1] != 0u;
    let mv = vec4<bool>(t, f, m[2] != 0u, m[3] != 0u);
    ri[0] = select(10i, 20i, t);
    ri[1] = select(10i, 20i, f);
    ri[2] = select(i32(-2147483648), 2147483647i, t);
    let s4 = select(vec4<i32>(1, 2, 3, 4), vec4<i32>(5, 6, 7, 8), mv);
    ri[3] = s4.x; ri[4] = s4.y; ri[5] = s4.z; ri[6] = s4.w;
    let w4 = select(vec4<i32>(1, 2, 3, 4), vec4<i32>(5, 6, 7, 8), f);
    ri[7] = w4.x; ri[8] = w4.y; ri[9] = w4.z; ri[10] = w4.w;
    rf[0] = select(1.5, -2.5, t);
    let s3 = select(vec3<f32>(1.0, 2.0, 3.0), vec3<f32>(-1.0, -2.0, -3.0), vec3<bool>(f, t, t));
    rf[1] = s3.x; rf[2] = s3.y; rf[3] = s3.z;
    ru[0] = select(0xFFFFFFFFu, 7u, f);
    let sb = select(vec2<bool>(t, f), vec2<bool>(f, t), t);
    ru[1] = b(sb.x); ru[2] = b(sb.y);
    ru[3] = b(any(mv)); ru[4] = b(all(mv));
    ru[5] = b(any(vec4<bool>(t))); ru[6] = b(all(vec4<bool>(t)));
    ru[7] = b(any(vec4<bool>(f))); ru[8] = b(all(vec4<bool>(f)));
    ru[9] = b(any(vec2<bool>(f, t))); ru[10] = b(all(vec2<bool>(f, t)));
    ru[11] = b(any(vec3<bool>(t, t, t))); ru[12] = b(all(vec3<bool>(t, t, t)));
    ru[13] = b(any(t)); ru[14] = b(all(t));
    ru[15] = b(any(f)); ru[16] = b(all(f));

    const T = true;
    const F = false;
    const MV = vec4<bool>(T, F, T, F);
    ci[0] = select(10i, 20i, T);
    ci[1] = select(10i, 20i, F);
    ci[2] = select(i32(-2147483648), 2147483647i, T);
    const c4 = select(vec4<i32>(1, 2, 3, 4), vec4<i32>(5, 6, 7, 8), MV);
    ci[3] = c4.x; ci[4] = c4.y; ci[5] = c4.z; ci[6] = c4.w;
    const d4 = select(vec4<i32>(1, 2, 3, 4), vec4<i32>(5, 6, 7, 8), F);
    ci[7] = d4.x; ci[8] = d4.y; ci[9] = d4.z; ci[10] = d4.w;
    cf[0] = select(1.5, -2.5, T);
    const c3 = select(vec3<f32>(1.0, 2.0, 3.0), vec3<f32>(-1.0, -2.0, -3.0), vec3<bool>(F, T, T));
    cf[1] = c3.x; cf[2] = c3.y; cf[3] = c3.z;
    cu[0] = select(0xFFFFFFFFu, 7u, F);
    const cb = select(vec2<bool>(T, F), vec2<bool>(F, T), T);
    cu[1] = b(cb.x); cu[2] = b(cb.y);
    cu[3] = b(any(MV)); cu[4] = b(all(MV));
    cu[5] = b(any(vec4<bool>(T))); cu[6] = b(all(vec4<bool>(T)));
    cu[7] = b(any(vec4<bool>(F))); cu[8] = b(all(vec4<bool>(F)));
    cu[9] = b(any(vec2<bool>(F, T))); cu[10] = b(all(vec2<bool>(F, T)));
    cu[11] = b(any(vec3<bool>(T, T, T))); cu[12] = b(all(vec3<bool>(T, T, T)));
    cu[13] = b(any(T)); cu[14] = b(all(T));
    cu[15] = b(any(F)); cu[16] = b(all(F));
}

// Vector swizzles and component writes (spec, "Vector Access Expression":
// single and multiple component selection with xyzw or rgba letters, letters
// may repeat; "Component Reference from Vector Memory View": v.x = ..., v[i] = ...).
// v = (1, 2, 3, 4) from the input:
//   v.wzyx = (4,3,2,1); v.xxyy = (1,1,2,2); v.abgr = (4,3,2,1); v.zw + v.xy = (4,6) then
//   as vec4 (4,6,0,0); (v + v).yxwz = (4,2,8,6); v.xyz.zyx -> vec3 (3,2,1) stored in a
//   vec3 slot (padding skipped); v.w * v.xyz = (4,8,12)
// writes on w = v: w.x = 10; w[k] = 20 (runtime k = 2); w.a += 5; w[k + 1u] *= 2 ->
//   (10, 2, 20, 18); then w.y = w.z - w.x -> (10, 10, 20, 18)
// vec3 member write in storage: s.p.y = 7 after s.p = (1,2,3) -> (1,7,3); s.q = 9
// matrix column swizzle: mat2x3(1,2,3, 4,5,6)[1].zyx = (6,5,4); m[0].y = 2
// Const: const c = vec4<i32>(1,2,3,4).wzyx -> (4,3,2,1); const d = vec2(5,6).yxyx -> (6,5,6,5)
// buffer 0:0 = i32:1,2,3,4,2
// expect 0:1 = i32:4,3,2,1, 1,1,2,2, 4,3,2,1, 4,6,0,0, 4,2,8,6, 10,10,20,18, 4,3,2,1, 6,5,6,5
// expect 0:2 = i32:3,2,1, 4,8,12, 1,7,3, 9
// expect 0:3 = f32:6,5,4,2

struct S {
    a: vec3<i32>,
    b: vec3<i32>,
    p: vec3<i32>,
    q: i32,
}

@group(0) @binding(0) var<storage, read> inp: array<i32, 5>;
@group(0) @binding(1) var<storage, read_write> r: array<vec4<i32>, 8>;
@group(0) @binding(2) var<storage, read_write> s: S;
@group(0) @binding(3) var<storage, read_write> mf: vec4<f32>;

@compute @workgroup_size(1)
fn main() {
    let v = vec4<i32>(inp[0], inp[1], inp[2], inp[3]);
    let k = u32(inp[4]);
    r[0] = v.wzyx;
    r[1] = v.xxyy;
    r[2] = v.abgr;
    r[3] = vec4<i32>(v.zw + v.xy, 0, 0);
    r[4] = (v + v).yxwz;
    var w = v;
    w.x = 10;
    w[k] = 20;
    w.a += 5;
    w[k + 1u] *= 2;
    w.y = w.z - w.x;
    r[5] = w;
    const c = vec4<i32>(1, 2, 3, 4).wzyx;
    const d = vec2(5, 6).yxyx;
    r[6] = c;
    r[7] = d;
    s.a = v.xyz.zyx;
    s.b = v.w * v.xyz;
    s.p = vec3<i32>(1, 2, 3);
    s.p.y = 7;
    s.q = 9;
    let m = mat2x3<f32>(f32(inp[0]), f32(inp[1]), f32(inp[2]), f32(inp[3]), 5.0, 6.0);
    mf = vec4<f32>(m[1].zyx, m[0].y);
}

// Const-evaluated float -> integer conversion (spec, "Floating Point
// Conversion"): truncate, then saturate to the value of the target type
// closest to truncate(x) that is exactly representable in the *source*
// floating point type. The f32 cases are the spec's own examples
// (3.9f->3u, -1f->0u, 1e20f->4294967040u, -3.9f->-3i, 1e20f->2147483520i,
// -1e20f->MIN) plus 2147483648f->2147483520i and 4294967296f->4294967040u.
// For an AbstractFloat argument, overload resolution picks i32(AbstractFloat)
// / u32(AbstractFloat) (conversion rank 0), and the source type is binary64,
// where 2147483647 and 4294967295 are exact: i32(3e9) = 2147483647,
// i32(-3e9) = MIN, u32(5e9) = 4294967295, u32(-1.5) = 0,
// i32(2147483647.9) = 2147483647, i32(-2147483648.9) = MIN, u32(4294967295.5) = 4294967295,
// vec2<i32>(vec2(3e9, -3e9)) = (2147483647, MIN) (vec2<AbstractFloat> argument).
// Also vec4<i32>(vec4<f32>(1e20f, -1e20f, -0.5f, 2.5f)) = (2147483520, MIN, 0, 2)
// and vec4<u32>(vec4<f32>(1e20f, -1e20f, -0.5f, 2.5f)) = (4294967040, 0, 0, 2).
// expect 0:0 = i32:-3,2147483520,-2147483648,2147483520, 2147483647,-2147483648,2147483647,-2147483648, 2147483520,-2147483648,0,2, 2147483647,-2147483648
// expect 0:1 = u32:3,0,4294967040,4294967040, 4294967295,0, 4294967040,0,0,2, 4294967295

@group(0) @binding(0) var<storage, read_write> ri: array<i32, 14>;
@group(0) @binding(1) var<storage, read_write> ru: array<u32, 11>;

const vf = vec4<f32>(1e20f, -1e20f, -0.5f, 2.5f);
const vi = vec4<i32>(vf);
const vu = vec4<u32>(vf);
const va = vec2<i32>(vec2(3e9, -3e9));

@compute @workgroup_size(1)
fn main() {
    ri[0] = i32(-3.9f);
    ri[1] = i32(1e20f);
    ri[2] = i32(-1e20f);
    ri[3] = i32(2147483648.0f);
    ri[4] = i32(3e9);
    ri[5] = i32(-3e9);
    ri[6] = i32(2147483647.9);
    ri[7] = i32(-2147483648.9);
    ri[8] = vi.x;
    ri[9] = vi.y;
    ri[10] = vi.z;
    ri[11] = vi.w;
    ri[12] = va.x;
    ri[13] = va.y;
    ru[0] = u32(3.9f);
    ru[1] = u32(-1f);
    ru[2] = u32(1e20f);
    ru[3] = u32(4294967296.0f);
    ru[4] = u32(5e9);
    ru[5] = u32(-1.5);
    ru[6] = vu.x;
    ru[7] = vu.y;
    ru[8] = vu.z;
    ru[9] = vu.w;
    ru[10] = u32(4294967295.5);
}

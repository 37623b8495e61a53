// Bitwise `~`, `&`, `|`, `^` on i32, u32 and their vectors, runtime and
// const (spec, "Bit Expressions"): plain bit operations on the 32-bit
// patterns, component-wise on vectors.
// u32 x = 0xF0F0F0F0, y = 0xFF00FF00: ~x = 0x0F0F0F0F, x&y = 0xF000F000,
//   x|y = 0xFFF0FFF0, x^y = 0x0FF00FF0
// i32 x = MIN, y = -1: ~x = MAX, x&y = MIN, x|y = -1, x^y = MAX;
//   ~0 = -1, 0x12345678 ^ -1 = ~0x12345678 = -305419897
// vec4<i32>(MIN, -1, 0, 0x12345678) with ~, & y4, | y4, ^ y4 where
//   y4 = (-1, MIN, 0x7FFFFFFF, 0x0F0F0F0F):
//   ~ = (MAX, 0, -1, -305419897); & = (MIN, MIN, 0, 0x02040608 = 33818120);
//   | = (-1, -1, MAX, 0x1F3F5F7F = 524246911); ^ = (MAX, MAX, MAX, 0x1D3B5977 = 490428791)
// The u32 and i32 scalar results again from const operands (0:3, 0:4).
// buffer 0:0 = u32:0xF0F0F0F0,0xFF00FF00
// buffer 0:1 = i32:-2147483648,-1,0,305419896, -1,-2147483648,2147483647,252645135
// expect 0:2 = u32:0x0F0F0F0F,0xF000F000,0xFFF0FFF0,0x0FF00FF0
// expect 0:3 = u32:0x0F0F0F0F,0xF000F000,0xFFF0FFF0,0x0FF00FF0
// expect 0:4 = i32:2147483647,-2147483648,-1,2147483647,-1,-305419897, 2147483647,-2147483648,-1,2147483647,-1,-305419897
// expect 0:5 = i32:2147483647,0,-1,-305419897, -2147483648,-2147483648,0,33818120, -1,-1,2147483647,524246911, 2147483647,2147483647,2147483647,490428791

@group(0) @binding(0) var<storage, read> ua: array<u32, 2>;
@group(0) @binding(1) var<storage, read> ia: array<i32, 8>;
@group(0) @binding(2) var<storage, read_write> ur: array<u32, 4>;
@group(0) @binding(3) var<storage, read_write> uc: array<u32, 4>;
@group(0) @binding(4) var<storage, read_write> ir: array<i32, 12>;
@group(0) @binding(5) var<storage, read_write> vr: array<vec4<i32>, 4>;

@compute @workgroup_size(1)
fn main() {
    let x = ua[0];
    let y = ua[1];
    ur[0] = ~x;
    ur[1] = x & y;
    ur[2] = x | y;
    ur[3] = x ^ y;
    const cx = 0xF0F0F0F0u;
    const cy = 0xFF00FF00u;
    uc[0] = ~cx;
    uc[1] = cx & cy;
    uc[2] = cx | cy;
    uc[3] = cx ^ cy;
    let p = ia[0];
    let q = ia[1];
    ir[0] = ~p;
    ir[1] = p & q;
    ir[2] = p | q;
    ir[3] = p ^ q;
    ir[4] = ~ia[2];
    ir[5] = ia[3] ^ q;
    const cp = i32(-2147483648);
    const cq = -1i;
    ir[6] = ~cp;
    ir[7] = cp & cq;
    ir[8] = cp | cq;
    ir[9] = cp ^ cq;
    ir[10] = ~0i;
    ir[11] = 0x12345678i ^ -1i;
    let v = vec4<i32>(ia[0], ia[1], ia[2], ia[3]);
    let w = vec4<i32>(ia[4], ia[5], ia[6], ia[7]);
    vr[0] = ~v;
    vr[1] = v & w;
    vr[2] = v | w;
    vr[3] = v ^ w;
}

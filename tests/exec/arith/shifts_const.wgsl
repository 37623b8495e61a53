// Const-evaluated shifts (spec, "Bit Expressions"), with amounts below 32
// and no discarded bits that differ from the sign (either is a
// shader-creation error for const operands, so only valid ones are used).
// u32: 0x80000001>>31 = 1; 0x80000001>>1 = 0x40000000; 1<<31 = 0x80000000;
//   0xFFFFFFFF>>16 = 0xFFFF; 0xFFFF<<16 = 0xFFFF0000; 0xFFFFFFFF>>0 = 0xFFFFFFFF
// i32 (arithmetic >>): 0x80000001>>1 = -1073741824; -1>>31 = -1; -8>>2 = -2;
//   -1<<31 = MIN (the 32 top bits of -1 are all equal, so no overflow);
//   3<<29 = 0x60000000 = 1610612736; MAX>>30 = 1; -3<<1 = -6
// vec4<u32>(1) << (0,1,30,31) = (1, 2, 0x40000000, 0x80000000)
// vec4<i32>(MIN) >> (0,1,30,31) = (MIN, -1073741824, -2, -1)
// AbstractInt (64-bit, spec "Abstract Numeric Types"; abstract shift left):
//   u32((1 << 40u) / 1048576) = 2^20 = 1048576;
//   u32((-1 << 63u) / -4294967296) = 2^63 / 2^32 = 2^31 = 0x80000000
// expect 0:0 = u32:1,0x40000000,0x80000000,0xFFFF,0xFFFF0000,0xFFFFFFFF, 1,2,0x40000000,0x80000000, 1048576,0x80000000
// expect 0:1 = i32:-1073741824,-1,-2,-2147483648,1610612736,1,-6, -2147483648,-1073741824,-2,-1

@group(0) @binding(0) var<storage, read_write> ur: array<u32, 12>;
@group(0) @binding(1) var<storage, read_write> ir: array<i32, 11>;

const uv = vec4<u32>(1u) << vec4<u32>(0u, 1u, 30u, 31u);
const iv = vec4<i32>(i32(-2147483648)) >> vec4<u32>(0u, 1u, 30u, 31u);

@compute @workgroup_size(1)
fn main() {
    ur[0] = 0x80000001u >> 31u;
    ur[1] = 0x80000001u >> 1u;
    ur[2] = 1u << 31u;
    ur[3] = 0xFFFFFFFFu >> 16u;
    ur[4] = 0xFFFFu << 16u;
    ur[5] = 0xFFFFFFFFu >> 0u;
    ur[6] = uv.x;
    ur[7] = uv.y;
    ur[8] = uv.z;
    ur[9] = uv.w;
    ur[10] = u32((1 << 40u) / 1048576);
    ur[11] = u32((-1 << 63u) / -4294967296);
    ir[0] = i32(-2147483647) >> 1u;
    ir[1] = -1i >> 31u;
    ir[2] = -8i >> 2u;
    ir[3] = -1i << 31u;
    ir[4] = 3i << 29u;
    ir[5] = 0x7FFFFFFFi >> 30u;
    ir[6] = -3i << 1u;
    ir[7] = iv.x;
    ir[8] = iv.y;
    ir[9] = iv.z;
    ir[10] = iv.w;
}

// insertBits on u32, i32 and vectors at runtime (spec, `insertBits`):
// w = 32, o = min(offset, w), c = min(count, w - o); result e if c == 0;
// else bits o..o+c-1 of the result come from bits 0..c-1 of newbits, the
// other bits from e. offset + count past 32 is clamped (an error only for
// const operands).
// (newbits, offset, count) = (0xCAFEBABE,0,32) (0xCAFEBABE,0,0) (0xAB,4,8)
//   (0xFF,28,8) (0xFFFFFFFF,32,5) (0xFFFFFFFF,100,5) (0,4,0xFFFFFFFF)
//   (1,31,1) (0x1234ABCD,16,16) (0xFFFFFFFF,0xFFFFFFFF,0xFFFFFFFF)
//   (0xFFFFFFFF,8,24) (0xFFFFFFFF,0,1)
// e = 0x12345678 (u32): 0xCAFEBABE,0x12345678,0x12345AB8,0xF2345678,0x12345678,
//   0x12345678,8,0x92345678,0xABCD5678,0x12345678,0xFFFFFF78,0x12345679
// e = 0x8765ABCD (i32): -889275714,-2023380019,-2023380291 (0x8765AABD),
//   -144331827 (0xF765ABCD),-2023380019,-2023380019,13,-2023380019,
//   -1412584499 (0xABCDABCD),-2023380019,-51 (0xFFFFFFCD),-2023380019
// Vector: insertBits(vec4<u32>(0x12345678, 0x12345678, 0, 0xFFFFFFFF),
//   vec4<u32>(0xAB, 0xFFFFFFFF, 0x123, 0), 4, 8)
//   = (0x12345AB8, 0x12345FF8, 0x230, 0xFFFFF00F); the same as vec4<i32>.
// buffer 0:0 = u32:0xCAFEBABE,0,32, 0xCAFEBABE,0,0, 0xAB,4,8, 0xFF,28,8, 0xFFFFFFFF,32,5, 0xFFFFFFFF,100,5, 0,4,0xFFFFFFFF, 1,31,1, 0x1234ABCD,16,16, 0xFFFFFFFF,0xFFFFFFFF,0xFFFFFFFF, 0xFFFFFFFF,8,24, 0xFFFFFFFF,0,1
// buffer 0:1 = u32:0x12345678,0x8765ABCD,0,0xFFFFFFFF,0x123
// expect 0:2 = u32:0xCAFEBABE,0x12345678,0x12345AB8,0xF2345678,0x12345678,0x12345678,8,0x92345678,0xABCD5678,0x12345678,0xFFFFFF78,0x12345679
// expect 0:3 = i32:-889275714,-2023380019,-2023380291,-144331827,-2023380019,-2023380019,13,-2023380019,-1412584499,-2023380019,-51,-2023380019
// expect 0:4 = u32:0x12345AB8,0x12345FF8,0x230,0xFFFFF00F
// expect 0:5 = i32:305420984,305422328,560,-4081

@group(0) @binding(0) var<storage, read> t: array<u32, 36>;
@group(0) @binding(1) var<storage, read> e: array<u32, 5>;
@group(0) @binding(2) var<storage, read_write> ru: array<u32, 12>;
@group(0) @binding(3) var<storage, read_write> rs: array<i32, 12>;
@group(0) @binding(4) var<storage, read_write> vu: vec4<u32>;
@group(0) @binding(5) var<storage, read_write> vs: vec4<i32>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 12u; i++) {
        let nb = t[3u * i];
        let o = t[3u * i + 1u];
        let c = t[3u * i + 2u];
        ru[i] = insertBits(e[0], nb, o, c);
        rs[i] = insertBits(i32(e[1]), i32(nb), o, c);
    }
    let a = vec4<u32>(e[0], e[0], e[2], e[3]);
    let b = vec4<u32>(t[6], e[3], e[4], e[2]);
    vu = insertBits(a, b, t[7], t[8]);
    vs = insertBits(vec4<i32>(a), vec4<i32>(b), t[7], t[8]);
}

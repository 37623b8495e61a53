// extractBits, unsigned and signed, at runtime (spec, `extractBits`):
// w = 32, o = min(offset, w), c = min(count, w - o); result 0 if c == 0;
// else bits o..o+c-1 of e moved to bits 0..c-1, the other bits 0 (unsigned)
// or copies of bit c-1 (signed). So offset + count past 32 is clamped
// (an error only for const operands).
// (offset, count) = (0,32) (0,0) (4,8) (28,4) (28,8) (32,5) (100,5)
//   (4,0xFFFFFFFF) (31,1) (0,1) (16,16) (0xFFFFFFFF,0xFFFFFFFF) (8,24)
// e = 0x8765ABCD:
//   u32: 0x8765ABCD,0,0xBC,8,8,0,0,0x08765ABC,1,1,0x8765,0,0x8765AB
//   i32: -2023380019,0,-68,-8,-8,0,0,-126461252 (0xF8765ABC),-1,-1,-30875 (0xFFFF8765),0,-7903829 (0xFF8765AB)
// e = 0x12345678 (positive, no sign extension):
//   i32: 305419896,0,103,1,1,0,0,19088743,0,0,4660,0,1193046
// Vector forms (scalar offset/count): extractBits(vec4<i32>(0x8765ABCD, 0x12345678, -1, 0), 4, 8)
//   = (-68, 103, -1, 0); extractBits(vec4<u32>(0x8765ABCD, 0x12345678, 0xFFFFFFFF, 0), 28, 8)
//   = (8, 1, 15, 0)
// buffer 0:0 = u32:0,32, 0,0, 4,8, 28,4, 28,8, 32,5, 100,5, 4,0xFFFFFFFF, 31,1, 0,1, 16,16, 0xFFFFFFFF,0xFFFFFFFF, 8,24
// buffer 0:1 = u32:0x8765ABCD,0x12345678,0xFFFFFFFF,0
// expect 0:2 = u32:0x8765ABCD,0,0xBC,8,8,0,0,0x08765ABC,1,1,0x8765,0,0x8765AB
// expect 0:3 = i32:-2023380019,0,-68,-8,-8,0,0,-126461252,-1,-1,-30875,0,-7903829
// expect 0:4 = i32:305419896,0,103,1,1,0,0,19088743,0,0,4660,0,1193046
// expect 0:5 = i32:-68,103,-1,0
// expect 0:6 = u32:8,1,15,0

@group(0) @binding(0) var<storage, read> oc: array<u32, 26>;
@group(0) @binding(1) var<storage, read> e: array<u32, 4>;
@group(0) @binding(2) var<storage, read_write> ru: array<u32, 13>;
@group(0) @binding(3) var<storage, read_write> rs: array<i32, 13>;
@group(0) @binding(4) var<storage, read_write> rp: array<i32, 13>;
@group(0) @binding(5) var<storage, read_write> vs: vec4<i32>;
@group(0) @binding(6) var<storage, read_write> vu: vec4<u32>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 13u; i++) {
        let o = oc[2u * i];
        let c = oc[2u * i + 1u];
        ru[i] = extractBits(e[0], o, c);
        rs[i] = extractBits(i32(e[0]), o, c);
        rp[i] = extractBits(i32(e[1]), o, c);
    }
    let v = vec4<u32>(e[0], e[1], e[2], e[3]);
    vs = extractBits(vec4<i32>(v), oc[4], oc[5]);
    vu = extractBits(v, oc[8], oc[9]);
}

// Runtime i32 and u32 `+`, `-`, `*` wrap around modulo 2^32 (spec, "Integer
// Types": expressions on concrete integer types that overflow produce a
// result modulo 2^bitwidth). For each operand pair (x, y) the shader writes
// x + y, x - y, x * y.
// i32: MAX+1 = MIN; MIN-1 = MAX; MIN*-1 = MIN; 65536*65536 = 2^32 = 0;
// 46341^2 = 2147488281 = 2^32 - 2147479015 -> -2147479015;
// MAX*MAX = 2^62 - 2^32 + 1 = 1 (mod 2^32).
// u32: 0xFFFFFFFF+1 = 0; 0-1 = 0xFFFFFFFF; 65537^2 = 4295098369 -> 131073;
// 0xFFFFFFFF^2 = 2^64 - 2^33 + 1 = 1 (mod 2^32); 3-5 = 2^32-2.
// buffer 0:0 = i32:2147483647,1, -2147483648,-1, -2147483648,1, 65536,65536, 46341,46341, -7,3, 2147483647,2147483647, -1,-1
// expect 0:1 = i32:-2147483648,2147483646,2147483647, 2147483647,-2147483647,-2147483648, -2147483647,2147483647,-2147483648, 131072,0,0, 92682,0,-2147479015, -4,-10,-21, -2,0,1, -2,0,1
// buffer 0:2 = u32:4294967295,1, 0,1, 0x80000000,0x80000000, 65537,65537, 4294967295,4294967295, 3,5
// expect 0:3 = u32:0,4294967294,4294967295, 1,4294967295,0, 0,0,0, 131074,0,131073, 4294967294,0,1, 8,4294967294,15

@group(0) @binding(0) var<storage, read> a: array<i32, 16>;
@group(0) @binding(1) var<storage, read_write> r: array<i32, 24>;
@group(0) @binding(2) var<storage, read> ua: array<u32, 12>;
@group(0) @binding(3) var<storage, read_write> ur: array<u32, 18>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 8u; i++) {
        let x = a[2u * i];
        let y = a[2u * i + 1u];
        r[3u * i] = x + y;
        r[3u * i + 1u] = x - y;
        r[3u * i + 2u] = x * y;
    }
    for (var i = 0u; i < 6u; i++) {
        let x = ua[2u * i];
        let y = ua[2u * i + 1u];
        ur[3u * i] = x + y;
        ur[3u * i + 1u] = x - y;
        ur[3u * i + 2u] = x * y;
    }
}

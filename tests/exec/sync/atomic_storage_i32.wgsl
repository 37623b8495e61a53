// Every read-modify-write atomic on storage atomic<i32>, 4 workgroups x 64
// invocations (g = global index 0..255) on shared atomics; final values only.
// Slot 0, atomicAdd(g - 100) starting at -5: -5 + (32640 - 25600) = 7035.
// Slot 1, atomicSub(-g) starting at -1000: -1000 + 32640 = 31640.
// Slot 2, atomicMax(g == 37 ? 1000 : -1000000 * (g + 1)) starting at i32 min:
//   signed, so 1000 (an unsigned max would pick a negative value).
// Slot 3, atomicMin(g == 100 ? -7 : 3g + 1) starting at i32 max: signed, so -7
//   (an unsigned min would give 1).
// Slot 4, atomicAnd(~(1 << g % 32)) for g % 32 >= 24, starting at -1:
//   which clears bits 24..31: 0x00ffffff = 16777215.
// Slot 5, atomicOr((1 << g % 8) | (g == 13 ? i32 min : 0)) starting at 0:
//   0x800000ff = -2147483393.
// Slot 6, atomicXor(-1) for g < 3 and atomicXor(16) for 3 <= g < 8, from 0:
//   three times -1 is -1, five times 16 toggles bit 4: -1 ^ 16 = -17.
// Slot 7, atomicExchange(-77) starting at -3: -77; exactly one exchange
//   returned -3 and 255 returned -77 (counted in slots 8 and 9).
// Slot 10, atomicStore(-12345) by all. Slot 11 only loaded (-99) into out.
// dispatch: 4,1,1
// buffer 0:0 = i32:-5, -1000, -2147483648, 2147483647, -1, 0, 0, -3, 0, 0, 0, -99
// expect 0:0 = i32:7035, 31640, 1000, -7, 16777215, -2147483393, -17, -77, 1, 255, -12345, -99
// expect 0:1 = i32:-99*256

@group(0) @binding(0) var<storage, read_write> a: array<atomic<i32>, 12>;
@group(0) @binding(1) var<storage, read_write> out: array<i32, 256>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let g = i32(gid.x);
    atomicAdd(&a[0], g - 100);
    atomicSub(&a[1], -g);
    atomicMax(&a[2], select(-1000000 * (g + 1), 1000, g == 37));
    atomicMin(&a[3], select(3 * g + 1, -7, g == 100));
    if g % 32 >= 24 {
        atomicAnd(&a[4], ~(1i << u32(g % 32)));
    }
    atomicOr(&a[5], (1i << u32(g % 8)) | select(0i, i32(-2147483648), g == 13));
    if g < 3 {
        atomicXor(&a[6], -1);
    } else if g < 8 {
        atomicXor(&a[6], 16);
    }
    let old = atomicExchange(&a[7], -77);
    if old == -3 {
        atomicAdd(&a[8], 1);
    } else if old == -77 {
        atomicAdd(&a[9], 1);
    }
    atomicStore(&a[10], -12345);
    out[gid.x] = atomicLoad(&a[11]);
}

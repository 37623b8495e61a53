// Every read-modify-write atomic on storage atomic<u32>, 4 workgroups x 64
// invocations (g = global index 0..255) hitting the same atomics; only the
// final values (read after the dispatch) and order-independent facts about
// returned values are checked.
// Slot 0, atomicAdd(g + 1) from 5: 5 + 256 * 257 / 2 = 32901.
// Slot 1, atomicSub(g) from 100000: 100000 - 255 * 256 / 2 = 67360.
// Slot 2, atomicMax((g << 24) | g) from 7: unsigned, so g = 255 wins:
//   0xff0000ff (a signed max would give 0x7f00007f).
// Slot 3, atomicMin(g == 200 ? 216 : 0x90000000 + g) from 0xfffffff0:
//   unsigned min is 216 (a signed min would give 0x90000000).
// Slot 4, atomicAnd(~(1 << g % 32) if g % 32 < 20, else ~0) from ~0: 0xfff00000.
// Slot 5, atomicOr(1 << (g % 16 + 16)) from 0x100: 0xffff0100.
// Slot 6, atomicXor(1 << g % 32) for g < 40 (bits 0..7 twice, 8..31 once)
//   starting at 0xf0f0f0f0: 0xf0f0f0f0 ^ 0xffffff00 = 0x0f0f0ff0.
// Slot 7, atomicExchange(77) from 3: 77; exactly one exchange returned 3 and
//   the others 77, counted into slots 8 and 9 with atomicAdd(1): 1 and 255.
// Slot 10, atomicStore(0xabcd) by all: 0xabcd.
// Slot 11 is only atomicLoad()ed (0x12345678), copied to each out slot.
// dispatch: 4,1,1
// buffer 0:0 = u32:5, 100000, 7, 0xfffffff0, 0xffffffff, 0x100, 0xf0f0f0f0, 3, 0, 0, 0, 0x12345678
// expect 0:0 = 32901, 67360, 0xff0000ff, 216, 0xfff00000, 0xffff0100, 0x0f0f0ff0, 77, 1, 255, 0xabcd, 0x12345678
// expect 0:1 = 0x12345678*256

@group(0) @binding(0) var<storage, read_write> a: array<atomic<u32>, 12>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 256>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let g = gid.x;
    atomicAdd(&a[0], g + 1u);
    atomicSub(&a[1], g);
    atomicMax(&a[2], (g << 24u) | g);
    atomicMin(&a[3], select(0x90000000u + g, 216u, g == 200u));
    atomicAnd(&a[4], select(0xffffffffu, ~(1u << (g % 32u)), g % 32u < 20u));
    atomicOr(&a[5], 1u << (g % 16u + 16u));
    if g < 40u {
        atomicXor(&a[6], 1u << (g % 32u));
    }
    let old = atomicExchange(&a[7], 77u);
    if old == 3u {
        atomicAdd(&a[8], 1u);
    } else if old == 77u {
        atomicAdd(&a[9], 1u);
    }
    atomicStore(&a[10], 0xabcdu);
    out[g] = atomicLoad(&a[11]);
}

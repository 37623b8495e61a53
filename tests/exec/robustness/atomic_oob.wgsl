// Atomic built-ins on out-of-bounds elements of arrays of atomics (storage
// fixed-size, storage runtime-sized, workgroup), bounds checks on, one
// invocation. An atomic on an invalid reference (spec "Out-of-Bounds
// Access") may act on any location of the buffer / variable, or not happen,
// but it stays one atomic operation on one element:
// Fixed fa = (1, 2, 3, 4): atomicAdd(10) at indices 4, 1000, 0xffffffff: the
// sum of fa is afterwards 10 + 10 k for k in 0..3 (flag), and each returned
// old value is some element value: at most 34 (flag).
// Runtime ra (3 x i32: -1, -2, -3): atomicSub(5) at 3, i32 -1, i32 min: the
// sum is -6 - 5 k, k in 0..3 (flag).
// Workgroup wa (8 x u32, stored 0 first): atomicOr(1 << k) at 8 + k for
// k = 0..5: each element holds only bits 0..5 (flag).
// Then every other RMW at an OOB index on `early` (max, min, and, or, xor,
// exchange, compareExchangeWeak, store, load), after which all of `early` is
// atomicStore()d in bounds (7, 8, 9, 10): exact. In-bounds atomics on
// fa[1] and ra[2] after the OOB traffic are exact relative to the values
// just loaded (flags).
// bounds-checks: on
// buffer 0:0 = u32:1, 2, 3, 4
// buffer 0:1 = i32:-1, -2, -3
// buffer 0:3 = u32:4, 1000, 0xffffffff
// buffer 0:4 = i32:3, -1, -2147483648
// expect 0:0 = any*4
// expect 0:1 = any*3
// expect 0:2 = 7, 8, 9, 10
// expect 0:5 = 1*7

@group(0) @binding(0) var<storage, read_write> fa: array<atomic<u32>, 4>;
@group(0) @binding(1) var<storage, read_write> ra: array<atomic<i32>>;
@group(0) @binding(2) var<storage, read_write> early: array<atomic<u32>, 4>;
@group(0) @binding(3) var<storage, read> uidx: array<u32, 3>;
@group(0) @binding(4) var<storage, read> iidx: array<i32, 3>;
@group(0) @binding(5) var<storage, read_write> flags: array<u32, 7>;

var<workgroup> wa: array<atomic<u32>, 8>;

@compute @workgroup_size(1)
fn main() {
    var olds_ok = true;
    for (var k = 0u; k < 3u; k++) {
        let old = atomicAdd(&fa[uidx[k]], 10u);
        olds_ok = olds_ok && old <= 34u;
        atomicSub(&ra[iidx[k]], 5);
    }
    var fsum = 0u;
    for (var k = 0u; k < 4u; k++) {
        fsum += atomicLoad(&fa[k]);
    }
    var rsum = 0;
    for (var k = 0u; k < 3u; k++) {
        rsum += atomicLoad(&ra[k]);
    }
    flags[0] = select(0u, 1u, fsum >= 10u && fsum <= 40u && fsum % 10u == 0u);
    flags[1] = select(0u, 1u, olds_ok);
    flags[2] = select(0u, 1u, rsum == -6 || rsum == -11 || rsum == -16 || rsum == -21);

    for (var k = 0u; k < 8u; k++) {
        atomicStore(&wa[k], 0u);
    }
    for (var k = 0u; k < 6u; k++) {
        atomicOr(&wa[8u + k + uidx[0] - 4u], 1u << k);
    }
    var bits_ok = true;
    for (var k = 0u; k < 8u; k++) {
        bits_ok = bits_ok && (atomicLoad(&wa[k]) & ~0x3fu) == 0u;
    }
    flags[3] = select(0u, 1u, bits_ok);

    for (var k = 0u; k < 3u; k++) {
        let i = uidx[k];
        atomicMax(&early[i], 100u);
        atomicMin(&early[i], 0u);
        atomicAnd(&early[i], 0xf0u);
        atomicOr(&early[i], 0x0fu);
        atomicXor(&early[i], 0xffu);
        atomicExchange(&early[i], 55u);
        _ = atomicCompareExchangeWeak(&early[i], 55u, 66u);
        atomicStore(&early[i], 77u);
        _ = atomicLoad(&early[i]);
    }
    for (var k = 0u; k < 4u; k++) {
        atomicStore(&early[k], 7u + k);
    }

    let f1 = atomicLoad(&fa[1]);
    let f1old = atomicAdd(&fa[1], 1000u);
    flags[4] = select(0u, 1u, f1old == f1 && atomicLoad(&fa[1]) == f1 + 1000u);
    let r2 = atomicLoad(&ra[2]);
    let r2old = atomicExchange(&ra[2], -50);
    flags[5] = select(0u, 1u, r2old == r2 && atomicLoad(&ra[2]) == -50);
    flags[6] = select(0u, 1u, arrayLength(&ra) == 3u);
}

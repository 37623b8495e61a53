// Operands of binary operators are evaluated left to right (spec, "Program
// Order Within an Invocation": "`foo() + bar()` must evaluate `foo()` before
// `bar()`"), whatever the precedence: in a + b * c, a comes first. nxt(v)
// records v and returns it; cnt() increments ctr and returns its new value.
//  0. cnt() * 10 + cnt()              = 1*10 + 2 = 12
//  1. nxt(1) + nxt(2) * nxt(3)        = 7          trace 1 2 3
//  2. nxt(4) * nxt(5) + nxt(6)        = 26         trace 4 5 6
//  3. u32(nxt(8) < nxt(7))            = 0          trace 8 7
//  4. ctr + cnt(): ctr (2) is read before the call makes it 3 -> 5
//  5. cnt() + ctr: the call makes it 4, then ctr is read     -> 8
//  6. arr[cnt() % 4] * 10 + arr[cnt() % 4] with arr = 1,2,3,4 (input):
//     cnt() = 5 -> arr[1] = 2; cnt() = 6 -> arr[2] = 3       -> 23
//  7. (vec2(nxt(20), nxt(21)) + vec2(nxt(22), nxt(23))).y = 44   trace 20 21 22 23
//  8. nxt(30) - (nxt(31) - nxt(40)) as i32 = 30 - (31 - 40) = 39 trace 30 31 40
//  9. i32(cnt()) - i32(cnt()) = 7 - 8 = -1, stored as u32 0xffffffff
// 10. (nxt(50) << (nxt(2) - 1)) | nxt(3) = 100 | 3 = 103   trace 50 2 3
// 11. u32(nxt(60) == nxt(61) || nxt(62) != nxt(63)) = 1    trace 60 61 62 63
// buffer 0:0 = u32:1, 2, 3, 4
// expect 0:1 = 1, 2, 3, 4, 5, 6, 8, 7, 20, 21, 22, 23, 30, 31, 40, 50, 2, 3, 60, 61, 62, 63
// expect 0:2 = 12, 7, 26, 0, 5, 8, 23, 44, 39, 0xffffffff, 103, 1

@group(0) @binding(0) var<storage, read> arr: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 22>;
@group(0) @binding(2) var<storage, read_write> res: array<u32, 12>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }
fn nxt(v: u32) -> u32 {
    rec(v);
    return v * arr[0];
}
var<private> ctr: u32;
fn cnt() -> u32 {
    ctr++;
    return ctr;
}

@compute @workgroup_size(1)
fn main() {
    res[0] = cnt() * 10u + cnt();
    res[1] = nxt(1u) + nxt(2u) * nxt(3u);
    res[2] = nxt(4u) * nxt(5u) + nxt(6u);
    res[3] = u32(nxt(8u) < nxt(7u));
    res[4] = ctr + cnt();
    res[5] = cnt() + ctr;
    res[6] = arr[cnt() % 4u] * 10u + arr[cnt() % 4u];
    res[7] = (vec2(nxt(20u), nxt(21u)) + vec2(nxt(22u), nxt(23u))).y;
    res[8] = u32(i32(nxt(30u)) - (i32(nxt(31u)) - i32(nxt(40u))));
    res[9] = u32(i32(cnt()) - i32(cnt()));
    res[10] = (nxt(50u) << (nxt(2u) - 1u)) | nxt(3u);
    res[11] = u32(nxt(60u) == nxt(61u) || nxt(62u) != nxt(63u));
}

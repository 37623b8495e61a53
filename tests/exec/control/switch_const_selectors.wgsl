// Case selectors are const-expressions (spec, "Switch Statement"): module and
// function-scope `const`s, arithmetic on them, a const builtin call (max),
// hexadecimal literals; the selector itself is a runtime expression computed
// on the GPU.
// First switch, on s = x + 1 (i32):
//   const A = 3 (AbstractInt), const B: i32 = 10, function-scope const C = A + B = 13
//   case A -> 1; case B, C -> 2; case -A -> 3; case max(A, 7) + 1 (= 8) -> 4;
//   Case 0x10 -> 5; default -> 6
//   x = 2, 9, 12, -4, 7, 15, -1, 3  ->  s = 3, 10, 13, -3, 8, 16, 0, 4
//   Results 1, 2, 2, 3, 4, 5, 6, 6
// Second switch, on u32(x + 4) = 6, 13, 16, 0, 11, 19, 3, 7:
//   case UB, UB + 1u, u32(C) (10, 11, 13) -> 2; case 8u -> 4; case 0x10u -> 5;
//   default -> 6   ->  results 6, 2, 5, 6, 2, 6, 6, 6
// buffer 0:0 = i32:2, 9, 12, -4, 7, 15, -1, 3
// expect 0:1 = i32:1, 2, 2, 3, 4, 5, 6, 6
// expect 0:1 = i32:6, 2, 5, 6, 2, 6, 6, 6

@group(0) @binding(0) var<storage, read> inp: array<i32, 8>;
@group(0) @binding(1) var<storage, read_write> out: array<i32, 16>;

const A = 3;
const B: i32 = 10;
const UB = 10u;

@compute @workgroup_size(1)
fn main() {
    const C = A + B;
    for (var i = 0; i < 8; i++) {
        let x = inp[i];
        var r = 0;
        switch x + 1 {
            case A { r = 1; }
            case B, C { r = 2; }
            case -A { r = 3; }
            case max(A, 7) + 1 { r = 4; }
            case 0x10 { r = 5; }
            default { r = 6; }
        }
        out[i] = r;
        var r2 = 0;
        switch u32(x + 4) {
            case UB, UB + 1u, u32(C) { r2 = 2; }
            case 8u { r2 = 4; }
            case 0x10u { r2 = 5; }
            default { r2 = 6; }
        }
        out[8 + i] = r2;
    }
}

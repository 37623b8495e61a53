// Short-circuiting in const-expressions (spec, "const Expressions": the
// right-hand side of && / || is not evaluated when the left decides, so an
// operand that would be a shader-creation error is allowed there; the spec's
// own example is `false && (10i < i32(5 * 1000 * 1000 * 1000))`).
//   (c1) false && (10i < i32(5 * 1000 * 1000 * 1000))  -> false
//   (c2) true || (1 / 0 == 0)       (AbstractInt 1 / 0 would be an error) -> true
//   (c3) true && (7 > 3)            -> true
//   (c4) false || (2u < 1u)         -> false
// The module compiles and the shader writes them as 0/1, and also uses the
// constants in runtime expressions with the input x = 5:
// (c2 && x == 5) -> 1, (c1 || x == 4) -> 0.
// buffer 0:0 = u32:5
// expect 0:1 = 0, 1, 1, 0, 1, 0

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 6>;

const c1 = false && (10i < i32(5 * 1000 * 1000 * 1000));
const c2 = true || (1 / 0 == 0);

@compute @workgroup_size(1)
fn main() {
    const c3 = true && (7 > 3);
    const c4 = false || (2u < 1u);
    let x = inp[0];
    out[0] = u32(c1);
    out[1] = u32(c2);
    out[2] = u32(c3);
    out[3] = u32(c4);
    out[4] = u32(c2 && x == 5u);
    out[5] = u32(c1 || x == 4u);
}

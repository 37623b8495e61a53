// const_assert at module scope and in functions (spec, "Const Assertion
// Statement": a const-expression that must be true, otherwise a
// shader-creation error; it has no other effect). The asserts below all hold,
// so the module compiles, and the shader then writes values built from the
// same constants (N * 2 = 16, WORDS[2] = 30, P.b = 6, countOneBits(MASK) = 4,
// and a function-scope const from a const function call, clamp(N, 1, 4) = 4).
// They also mention a const declared after them (LATE) and use AbstractFloat
// comparisons (0.5 + 0.25 == 0.75 exactly).
// buffer 0:0 = u32:1
// expect 0:1 = 16, 30, 6, 4, 4, 7

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 6>;

struct Pair {
    a: u32,
    b: u32,
}

const N = 8u;
const WORDS = array(10u, 20u, 30u);
const P = Pair(5u, 6u);
const MASK = 0xF0u;

const_assert N == 8u;
const_assert(WORDS[2] == 30u);
const_assert P.a + 1u == P.b;
const_assert countOneBits(MASK) == 4u && firstTrailingBit(MASK) == 4u;
const_assert LATE > N;
const_assert 0.5 + 0.25 == 0.75;
const_assert 4000000000 * 2 > 0xffffffff;

const LATE = 9u;

fn helper(x: u32) -> u32 {
    const K = clamp(N, 1u, 4u);
    const_assert K == 4u;
    const_assert(K * 2u == N);
    return x * K;
}

@compute @workgroup_size(1)
fn main() {
    const_assert LATE - N == 1u;
    let one = inp[0];
    out[0] = N * 2u * one;
    out[1] = WORDS[2] * one;
    out[2] = P.b * one;
    out[3] = countOneBits(MASK) * one;
    out[4] = helper(one);
    out[5] = LATE - 2u * one;
}

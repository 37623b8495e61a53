// Module-scope `const` arrays, structs and vectors, indexed with runtime
// indices (spec, "const Declarations", "Array Access Expression" / "Composite
// Value Decomposition Expressions": a const array indexed by a runtime value
// is a runtime expression on the const value).
//   const TABLE = array<u32, 5>(3, 1, 4, 1, 5); TABLE[i] for i = 4, 0, 2, 2, 3
//     -> 5, 3, 4, 4, 1
//   const PRIMES = array(2, 3, 5, 7, 11) (an array of AbstractInt, concretized
//     to i32 where used): PRIMES[idx] for idx = 3 -> 7, as i32 negated -> -7
//   const NESTED = array(array(1u, 2u), array(3u, 4u)); NESTED[j][1 - j], j = 1 -> 3
//   const VEC = vec4(10u, 20u, 30u, 40u); VEC[j + 2] -> 40
//   const PC = P(7u, vec2(0.5, 1.5)); PC.a -> 7; PC.b[j] -> 1.5 (as f32 bits,
//     0x3fc00000)
//   TABLE[2] in a const-expression -> 4; const SUM = TABLE[0] + TABLE[4] -> 8
//   let t = TABLE; t[i] with i = 4 -> 5
//   a function-scope const array: const L = array(9u, 8u, 7u); L[j] -> 8
// buffer 0:0 = u32:4, 0, 2, 2, 3, 3, 1
// expect 0:1 = 5, 3, 4, 4, 1, 7, 0xfffffff9, 3, 40, 7, 0x3fc00000, 4, 8, 5, 8

@group(0) @binding(0) var<storage, read> inp: array<u32, 7>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 15>;

struct P {
    a: u32,
    b: vec2<f32>,
}

const TABLE = array<u32, 5>(3, 1, 4, 1, 5);
const PRIMES = array(2, 3, 5, 7, 11);
const NESTED = array(array(1u, 2u), array(3u, 4u));
const VEC = vec4(10u, 20u, 30u, 40u);
const PC = P(7u, vec2(0.5, 1.5));
const SUM = TABLE[0] + TABLE[4];

@compute @workgroup_size(1)
fn main() {
    for (var k = 0u; k < 5u; k++) {
        out[k] = TABLE[inp[k]];
    }
    let idx = inp[5];
    let j = inp[6];
    let p: i32 = PRIMES[idx];
    out[5] = u32(p);
    out[6] = u32(-p);
    out[7] = NESTED[j][1u - j];
    out[8] = VEC[j + 2u];
    out[9] = PC.a;
    out[10] = bitcast<u32>(PC.b[j]);
    out[11] = TABLE[2];
    out[12] = SUM;
    let t = TABLE;
    out[13] = t[inp[0]];
    const L = array(9u, 8u, 7u);
    out[14] = L[j];
}

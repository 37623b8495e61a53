// `false && z` and `true || z` with a runtime `z` are runtime expressions
// (a const-expression needs every operand to be one): their value is
// false / true, and arithmetic on them is runtime arithmetic, so
// 9u / u32(false && z) is 9u / 0u = 9u (WGSL's runtime division) and
// 1u << (u32(true || z) * 40u) shifts by 40 % 32 = 8 (runtime shifts use
// the low 5 bits), 256u. Neither right side is evaluated: the call to
// bump() never runs, so n stays 0. Found by the differential tester (the
// folded constant made these shader-creation errors).
// expect 0:0 = u32:9, 256, 7, 0

@group(0) @binding(0) var<storage, read_write> o: array<u32, 4>;
var<private> n: u32;

fn bump() -> bool {
    n += 1u;
    return true;
}

@compute @workgroup_size(1)
fn main() {
    let z = o[1] == 0u;
    o[0] = 9u / u32(false && z);
    o[1] = 1u << (u32(true || z) * 40u);
    o[2] = 7u % u32(false && bump()) + 7u * u32(true || bump());
    o[3] = n;
}

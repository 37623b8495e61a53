@group(0) @binding(0) var<storage, read_write> d: array<i32>;
var<workgroup> w0: array<atomic<u32>, 4>;
var<workgroup> w1: array<atomic<u32>, 4>;
var<workgroup> w2: array<atomic<u32>, 4>;
var<workgroup> w3: array<atomic<u32>, 4>;
var<workgroup> w4: array<atomic<u32>, 4>;
var<workgroup> w5: array<atomic<u32>, 4>;
var<workgroup> w6: array<atomic<u32>, 4>;
var<workgroup> w7: array<atomic<u32>, 4>;
var<workgroup> w8: array<atomic<u32>, 4>;
var<workgroup> w9: array<atomic<u32>, 4>;
var<workgroup> w10: array<atomic<u32>, 4>;
var<workgroup> w11: array<atomic<u32>, 4>;
var<workgroup> w12: array<atomic<u32>, 4>;
var<workgroup> w13: array<atomic<u32>, 4>;
var<workgroup> w14: array<atomic<u32>, 4>;
var<workgroup> w15: array<atomic<u32>, 4>;
var<workgroup> w16: array<atomic<u32>, 4>;
var<workgroup> w17: array<atomic<u32>, 4>;
var<workgroup> w18: array<atomic<u32>, 4>;
var<workgroup> w19: array<atomic<u32>, 4>;
var<workgroup> w20: array<atomic<u32>, 4>;
var<workgroup> w21: array<atomic<u32>, 4>;
var<workgroup> w22: array<atomic<u32>, 4>;
var<workgroup> w23: array<atomic<u32>, 4>;
var<workgroup> w24: array<atomic<u32>, 4>;
var<workgroup> w25: array<atomic<u32>, 4>;
var<workgroup> w26: array<atomic<u32>, 4>;
var<workgroup> w27: array<atomic<u32>, 4>;
var<workgroup> w28: array<atomic<u32>, 4>;
var<workgroup> w29: array<atomic<u32>, 4>;
var<workgroup> w30: array<atomic<u32>, 4>;
var<workgroup> w31: array<atomic<u32>, 4>;
fn use_all() {
 atomicAdd(&w0[1], 1u);
 atomicAdd(&w1[1], 1u);
 atomicAdd(&w2[1], 1u);
 atomicAdd(&w3[1], 1u);
 atomicAdd(&w4[1], 1u);
 atomicAdd(&w5[1], 1u);
 atomicAdd(&w6[1], 1u);
 atomicAdd(&w7[1], 1u);
 atomicAdd(&w8[1], 1u);
 atomicAdd(&w9[1], 1u);
 atomicAdd(&w10[1], 1u);
 atomicAdd(&w11[1], 1u);
 atomicAdd(&w12[1], 1u);
 atomicAdd(&w13[1], 1u);
 atomicAdd(&w14[1], 1u);
 atomicAdd(&w15[1], 1u);
 atomicAdd(&w16[1], 1u);
 atomicAdd(&w17[1], 1u);
 atomicAdd(&w18[1], 1u);
 atomicAdd(&w19[1], 1u);
 atomicAdd(&w20[1], 1u);
 atomicAdd(&w21[1], 1u);
 atomicAdd(&w22[1], 1u);
 atomicAdd(&w23[1], 1u);
 atomicAdd(&w24[1], 1u);
 atomicAdd(&w25[1], 1u);
 atomicAdd(&w26[1], 1u);
 atomicAdd(&w27[1], 1u);
 atomicAdd(&w28[1], 1u);
 atomicAdd(&w29[1], 1u);
 atomicAdd(&w30[1], 1u);
 atomicAdd(&w31[1], 1u);
}
@compute @workgroup_size(1) fn e0() { use_all(); }
@compute @workgroup_size(1) fn e1() { use_all(); }
@compute @workgroup_size(1) fn e2() { use_all(); }
@compute @workgroup_size(1) fn e3() { use_all(); }
@compute @workgroup_size(1) fn e4() { use_all(); }
@compute @workgroup_size(1) fn e5() { use_all(); }
@compute @workgroup_size(1) fn e6() { use_all(); }
@compute @workgroup_size(1) fn e7() { use_all(); }
@compute @workgroup_size(1) fn e8() { use_all(); }
@compute @workgroup_size(1) fn e9() { use_all(); }
@compute @workgroup_size(1) fn e10() { use_all(); }
@compute @workgroup_size(1) fn e11() { use_all(); }
@compute @workgroup_size(1) fn e12() { use_all(); }
@compute @workgroup_size(1) fn e13() { use_all(); }
@compute @workgroup_size(1) fn e14() { use_all(); }
@compute @workgroup_size(1) fn e15() { use_all(); }
@compute @workgroup_size(1) fn e16() { use_all(); }
@compute @workgroup_size(1) fn e17() { use_all(); }
@compute @workgroup_size(1) fn e18() { use_all(); }
@compute @workgroup_size(1) fn e19() { use_all(); }
@compute @workgroup_size(1) fn e20() { use_all(); }
@compute @workgroup_size(1) fn e21() { use_all(); }
@compute @workgroup_size(1) fn e22() { use_all(); }
@compute @workgroup_size(1) fn e23() { use_all(); }
@compute @workgroup_size(1) fn e24() { use_all(); }
@compute @workgroup_size(1) fn e25() { use_all(); }
@compute @workgroup_size(1) fn e26() { use_all(); }

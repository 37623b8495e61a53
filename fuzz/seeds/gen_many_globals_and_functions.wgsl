@group(0) @binding(0) var<storage, read_write> d: array<i32>;
var<private> g0: i32;
var<private> g1: i32;
var<private> g2: i32;
var<private> g3: i32;
var<private> g4: i32;
var<private> g5: i32;
var<private> g6: i32;
var<private> g7: i32;
var<private> g8: i32;
var<private> g9: i32;
var<private> g10: i32;
var<private> g11: i32;
var<private> g12: i32;
var<private> g13: i32;
var<private> g14: i32;
var<private> g15: i32;
var<private> g16: i32;
var<private> g17: i32;
var<private> g18: i32;
var<private> g19: i32;
var<private> g20: i32;
var<private> g21: i32;
var<private> g22: i32;
var<private> g23: i32;
var<private> g24: i32;
var<private> g25: i32;
var<private> g26: i32;
var<private> g27: i32;
var<private> g28: i32;
var<private> g29: i32;
var<private> g30: i32;
var<private> g31: i32;
var<private> g32: i32;
var<private> g33: i32;
var<private> g34: i32;
var<private> g35: i32;
var<private> g36: i32;
var<private> g37: i32;
var<private> g38: i32;
var<private> g39: i32;
var<private> g40: i32;
var<private> g41: i32;
var<private> g42: i32;
var<private> g43: i32;
var<private> g44: i32;
var<private> g45: i32;
var<private> g46: i32;
var<private> g47: i32;
var<private> g48: i32;
var<private> g49: i32;
var<private> g50: i32;
var<private> g51: i32;
var<private> g52: i32;
var<private> g53: i32;
var<private> g54: i32;
var<private> g55: i32;
var<private> g56: i32;
var<private> g57: i32;
var<private> g58: i32;
var<private> g59: i32;
var<private> g60: i32;
var<private> g61: i32;
var<private> g62: i32;
var<private> g63: i32;
var<private> g64: i32;
var<private> g65: i32;
var<private> g66: i32;
var<private> g67: i32;
var<private> g68: i32;
var<private> g69: i32;
var<private> g70: i32;
var<private> g71: i32;
var<private> g72: i32;
var<private> g73: i32;
var<private> g74: i32;
var<private> g75: i32;
var<private> g76: i32;
var<private> g77: i32;
var<private> g78: i32;
var<private> g79: i32;
var<private> g80: i32;
var<private> g81: i32;
var<private> g82: i32;
var<private> g83: i32;
var<private> g84: i32;
var<private> g85: i32;
var<private> g86: i32;
var<private> g87: i32;
var<private> g88: i32;
var<private> g89: i32;
fn f0() -> i32 { let x = g0; var y = x; return y; }
fn f1() -> i32 { let x = g1; var y = x; return y; }
fn f2() -> i32 { let x = g2; var y = x; return y; }
fn f3() -> i32 { let x = g3; var y = x; return y; }
fn f4() -> i32 { let x = g4; var y = x; return y; }
fn f5() -> i32 { let x = g5; var y = x; return y; }
fn f6() -> i32 { let x = g6; var y = x; return y; }
fn f7() -> i32 { let x = g7; var y = x; return y; }
fn f8() -> i32 { let x = g8; var y = x; return y; }
fn f9() -> i32 { let x = g9; var y = x; return y; }
fn f10() -> i32 { let x = g10; var y = x; return y; }
fn f11() -> i32 { let x = g11; var y = x; return y; }
fn f12() -> i32 { let x = g12; var y = x; return y; }
fn f13() -> i32 { let x = g13; var y = x; return y; }
fn f14() -> i32 { let x = g14; var y = x; return y; }
fn f15() -> i32 { let x = g15; var y = x; return y; }
fn f16() -> i32 { let x = g16; var y = x; return y; }
fn f17() -> i32 { let x = g17; var y = x; return y; }
fn f18() -> i32 { let x = g18; var y = x; return y; }
fn f19() -> i32 { let x = g19; var y = x; return y; }
fn f20() -> i32 { let x = g20; var y = x; return y; }
fn f21() -> i32 { let x = g21; var y = x; return y; }
fn f22() -> i32 { let x = g22; var y = x; return y; }
fn f23() -> i32 { let x = g23; var y = x; return y; }
fn f24() -> i32 { let x = g24; var y = x; return y; }
fn f25() -> i32 { let x = g25; var y = x; return y; }
fn f26() -> i32 { let x = g26; var y = x; return y; }
fn f27() -> i32 { let x = g27; var y = x; return y; }
fn f28() -> i32 { let x = g28; var y = x; return y; }
fn f29() -> i32 { let x = g29; var y = x; return y; }
fn f30() -> i32 { let x = g30; var y = x; return y; }
fn f31() -> i32 { let x = g31; var y = x; return y; }
fn f32() -> i32 { let x = g32; var y = x; return y; }
fn f33() -> i32 { let x = g33; var y = x; return y; }
fn f34() -> i32 { let x = g34; var y = x; return y; }
fn f35() -> i32 { let x = g35; var y = x; return y; }
fn f36() -> i32 { let x = g36; var y = x; return y; }
fn f37() -> i32 { let x = g37; var y = x; return y; }
fn f38() -> i32 { let x = g38; var y = x; return y; }
@compute @workgroup_size(1)
fn main() {
 d[0] = f0() + g1;
}

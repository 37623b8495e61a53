fn f0(p: ptr<function, i32>) { *p += 1; }
fn f1(p: ptr<function, i32>) { f0(p); }
fn f2(p: ptr<function, i32>) { f1(p); }
fn f3(p: ptr<function, i32>) { f2(p); }
fn f4(p: ptr<function, i32>) { f3(p); }
fn f5(p: ptr<function, i32>) { f4(p); }
fn f6(p: ptr<function, i32>) { f5(p); }
fn f7(p: ptr<function, i32>) { f6(p); }
fn f8(p: ptr<function, i32>) { f7(p); }
fn f9(p: ptr<function, i32>) { f8(p); }
fn f10(p: ptr<function, i32>) { f9(p); }
fn f11(p: ptr<function, i32>) { f10(p); }
fn f12(p: ptr<function, i32>) { f11(p); }
fn f13(p: ptr<function, i32>) { f12(p); }
fn f14(p: ptr<function, i32>) { f13(p); }
fn f15(p: ptr<function, i32>) { f14(p); }
fn f16(p: ptr<function, i32>) { f15(p); }
fn f17(p: ptr<function, i32>) { f16(p); }
fn f18(p: ptr<function, i32>) { f17(p); }
fn f19(p: ptr<function, i32>) { f18(p); }
fn f20(p: ptr<function, i32>) { f19(p); }
fn f21(p: ptr<function, i32>) { f20(p); }
fn f22(p: ptr<function, i32>) { f21(p); }
fn f23(p: ptr<function, i32>) { f22(p); }
fn f24(p: ptr<function, i32>) { f23(p); }
fn f25(p: ptr<function, i32>) { f24(p); }
fn f26(p: ptr<function, i32>) { f25(p); }
fn f27(p: ptr<function, i32>) { f26(p); }
fn f28(p: ptr<function, i32>) { f27(p); }
fn f29(p: ptr<function, i32>) { f28(p); }
fn f30(p: ptr<function, i32>) { f29(p); }
fn f31(p: ptr<function, i32>) { f30(p); }
fn f32(p: ptr<function, i32>) { f31(p); }
fn f33(p: ptr<function, i32>) { f32(p); }
fn f34(p: ptr<function, i32>) { f33(p); }
fn f35(p: ptr<function, i32>) { f34(p); }
fn f36(p: ptr<function, i32>) { f35(p); }
fn f37(p: ptr<function, i32>) { f36(p); }
fn f38(p: ptr<function, i32>) { f37(p); }
fn f39(p: ptr<function, i32>) { f38(p); }
fn f40(p: ptr<function, i32>) { f39(p); }
fn f41(p: ptr<function, i32>) { f40(p); }
fn f42(p: ptr<function, i32>) { f41(p); }
fn f43(p: ptr<function, i32>) { f42(p); }
fn f44(p: ptr<function, i32>) { f43(p); }
fn f45(p: ptr<function, i32>) { f44(p); }
fn f46(p: ptr<function, i32>) { f45(p); }
fn f47(p: ptr<function, i32>) { f46(p); }
fn f48(p: ptr<function, i32>) { f47(p); }
fn f49(p: ptr<function, i32>) { f48(p); }
fn f50(p: ptr<function, i32>) { f49(p); }
@group(0) @binding(0) var<storage, read_write> d: array<i32>;
@compute @workgroup_size(1)
fn main() {
 var v0 = d[0]; f50(&v0); d[0] = v0;
 var v1 = d[1]; f50(&v1); d[1] = v1;
 var v2 = d[2]; f50(&v2); d[2] = v2;
 var v3 = d[3]; f50(&v3); d[3] = v3;
 var v4 = d[4]; f50(&v4); d[4] = v4;
 var v5 = d[5]; f50(&v5); d[5] = v5;
 var v6 = d[6]; f50(&v6); d[6] = v6;
 var v7 = d[7]; f50(&v7); d[7] = v7;
 var v8 = d[8]; f50(&v8); d[8] = v8;
 var v9 = d[9]; f50(&v9); d[9] = v9;
 var v10 = d[10]; f50(&v10); d[10] = v10;
 var v11 = d[11]; f50(&v11); d[11] = v11;
 var v12 = d[12]; f50(&v12); d[12] = v12;
 var v13 = d[13]; f50(&v13); d[13] = v13;
 var v14 = d[14]; f50(&v14); d[14] = v14;
 var v15 = d[15]; f50(&v15); d[15] = v15;
 var v16 = d[16]; f50(&v16); d[16] = v16;
 var v17 = d[17]; f50(&v17); d[17] = v17;
 var v18 = d[18]; f50(&v18); d[18] = v18;
 var v19 = d[19]; f50(&v19); d[19] = v19;
 var v20 = d[20]; f50(&v20); d[20] = v20;
 var v21 = d[21]; f50(&v21); d[21] = v21;
 var v22 = d[22]; f50(&v22); d[22] = v22;
 var v23 = d[23]; f50(&v23); d[23] = v23;
 var v24 = d[24]; f50(&v24); d[24] = v24;
 var v25 = d[25]; f50(&v25); d[25] = v25;
 var v26 = d[26]; f50(&v26); d[26] = v26;
 var v27 = d[27]; f50(&v27); d[27] = v27;
 var v28 = d[28]; f50(&v28); d[28] = v28;
 var v29 = d[29]; f50(&v29); d[29] = v29;
 var v30 = d[30]; f50(&v30); d[30] = v30;
 var v31 = d[31]; f50(&v31); d[31] = v31;
 var v32 = d[32]; f50(&v32); d[32] = v32;
 var v33 = d[33]; f50(&v33); d[33] = v33;
 var v34 = d[34]; f50(&v34); d[34] = v34;
 var v35 = d[35]; f50(&v35); d[35] = v35;
 var v36 = d[36]; f50(&v36); d[36] = v36;
 var v37 = d[37]; f50(&v37); d[37] = v37;
 var v38 = d[38]; f50(&v38); d[38] = v38;
 var v39 = d[39]; f50(&v39); d[39] = v39;
 var v40 = d[40]; f50(&v40); d[40] = v40;
 var v41 = d[41]; f50(&v41); d[41] = v41;
 var v42 = d[42]; f50(&v42); d[42] = v42;
 var v43 = d[43]; f50(&v43); d[43] = v43;
 var v44 = d[44]; f50(&v44); d[44] = v44;
 var v45 = d[45]; f50(&v45); d[45] = v45;
 var v46 = d[46]; f50(&v46); d[46] = v46;
 var v47 = d[47]; f50(&v47); d[47] = v47;
 var v48 = d[48]; f50(&v48); d[48] = v48;
 var v49 = d[49]; f50(&v49); d[49] = v49;
}

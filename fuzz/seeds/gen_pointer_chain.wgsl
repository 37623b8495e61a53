fn g0(p: ptr<private, array<f32, 4>>, i: i32) { (*p)[i] += 1.0; }
fn g1(p: ptr<private, array<f32, 4>>, i: i32) { g0(p, i); g0(p, i + 1); }
fn g2(p: ptr<private, array<f32, 4>>, i: i32) { g1(p, i); g1(p, i + 1); }
fn g3(p: ptr<private, array<f32, 4>>, i: i32) { g2(p, i); g2(p, i + 1); }
fn g4(p: ptr<private, array<f32, 4>>, i: i32) { g3(p, i); g3(p, i + 1); }
fn g5(p: ptr<private, array<f32, 4>>, i: i32) { g4(p, i); g4(p, i + 1); }
fn g6(p: ptr<private, array<f32, 4>>, i: i32) { g5(p, i); g5(p, i + 1); }
fn g7(p: ptr<private, array<f32, 4>>, i: i32) { g6(p, i); g6(p, i + 1); }
fn g8(p: ptr<private, array<f32, 4>>, i: i32) { g7(p, i); g7(p, i + 1); }
fn g9(p: ptr<private, array<f32, 4>>, i: i32) { g8(p, i); g8(p, i + 1); }
fn g10(p: ptr<private, array<f32, 4>>, i: i32) { g9(p, i); g9(p, i + 1); }
fn g11(p: ptr<private, array<f32, 4>>, i: i32) { g10(p, i); g10(p, i + 1); }
fn g12(p: ptr<private, array<f32, 4>>, i: i32) { g11(p, i); g11(p, i + 1); }
fn g13(p: ptr<private, array<f32, 4>>, i: i32) { g12(p, i); g12(p, i + 1); }
fn g14(p: ptr<private, array<f32, 4>>, i: i32) { g13(p, i); g13(p, i + 1); }
fn g15(p: ptr<private, array<f32, 4>>, i: i32) { g14(p, i); g14(p, i + 1); }
fn g16(p: ptr<private, array<f32, 4>>, i: i32) { g15(p, i); g15(p, i + 1); }
fn g17(p: ptr<private, array<f32, 4>>, i: i32) { g16(p, i); g16(p, i + 1); }
fn g18(p: ptr<private, array<f32, 4>>, i: i32) { g17(p, i); g17(p, i + 1); }
fn g19(p: ptr<private, array<f32, 4>>, i: i32) { g18(p, i); g18(p, i + 1); }
fn g20(p: ptr<private, array<f32, 4>>, i: i32) { g19(p, i); g19(p, i + 1); }
fn g21(p: ptr<private, array<f32, 4>>, i: i32) { g20(p, i); g20(p, i + 1); }
fn g22(p: ptr<private, array<f32, 4>>, i: i32) { g21(p, i); g21(p, i + 1); }
fn g23(p: ptr<private, array<f32, 4>>, i: i32) { g22(p, i); g22(p, i + 1); }
fn g24(p: ptr<private, array<f32, 4>>, i: i32) { g23(p, i); g23(p, i + 1); }
fn g25(p: ptr<private, array<f32, 4>>, i: i32) { g24(p, i); g24(p, i + 1); }
fn g26(p: ptr<private, array<f32, 4>>, i: i32) { g25(p, i); g25(p, i + 1); }
fn g27(p: ptr<private, array<f32, 4>>, i: i32) { g26(p, i); g26(p, i + 1); }
var<private> v0: array<f32, 4>;
var<private> v1: array<f32, 4>;
var<private> v2: array<f32, 4>;
var<private> v3: array<f32, 4>;
var<private> v4: array<f32, 4>;
var<private> v5: array<f32, 4>;
var<private> v6: array<f32, 4>;
var<private> v7: array<f32, 4>;
var<private> v8: array<f32, 4>;
var<private> v9: array<f32, 4>;
var<private> v10: array<f32, 4>;
var<private> v11: array<f32, 4>;
var<private> v12: array<f32, 4>;
var<private> v13: array<f32, 4>;
var<private> v14: array<f32, 4>;
var<private> v15: array<f32, 4>;
var<private> v16: array<f32, 4>;
var<private> v17: array<f32, 4>;
var<private> v18: array<f32, 4>;
var<private> v19: array<f32, 4>;
var<private> v20: array<f32, 4>;
var<private> v21: array<f32, 4>;
var<private> v22: array<f32, 4>;
var<private> v23: array<f32, 4>;
var<private> v24: array<f32, 4>;
var<private> v25: array<f32, 4>;
var<private> v26: array<f32, 4>;
var<private> v27: array<f32, 4>;
var<private> v28: array<f32, 4>;
var<private> v29: array<f32, 4>;
var<private> v30: array<f32, 4>;
var<private> v31: array<f32, 4>;
var<private> v32: array<f32, 4>;
var<private> v33: array<f32, 4>;
var<private> v34: array<f32, 4>;
var<private> v35: array<f32, 4>;
var<private> v36: array<f32, 4>;
var<private> v37: array<f32, 4>;
var<private> v38: array<f32, 4>;
var<private> v39: array<f32, 4>;
var<private> v40: array<f32, 4>;
var<private> v41: array<f32, 4>;
var<private> v42: array<f32, 4>;
var<private> v43: array<f32, 4>;
var<private> v44: array<f32, 4>;
var<private> v45: array<f32, 4>;
var<private> v46: array<f32, 4>;
var<private> v47: array<f32, 4>;
var<private> v48: array<f32, 4>;
var<private> v49: array<f32, 4>;
var<private> v50: array<f32, 4>;
var<private> v51: array<f32, 4>;
var<private> v52: array<f32, 4>;
var<private> v53: array<f32, 4>;
var<private> v54: array<f32, 4>;
var<private> v55: array<f32, 4>;
var<private> v56: array<f32, 4>;
var<private> v57: array<f32, 4>;
var<private> v58: array<f32, 4>;
var<private> v59: array<f32, 4>;
var<private> v60: array<f32, 4>;
var<private> v61: array<f32, 4>;
var<private> v62: array<f32, 4>;
var<private> v63: array<f32, 4>;
var<private> v64: array<f32, 4>;
var<private> v65: array<f32, 4>;
var<private> v66: array<f32, 4>;
var<private> v67: array<f32, 4>;
var<private> v68: array<f32, 4>;
var<private> v69: array<f32, 4>;
var<private> v70: array<f32, 4>;
var<private> v71: array<f32, 4>;
var<private> v72: array<f32, 4>;
var<private> v73: array<f32, 4>;
var<private> v74: array<f32, 4>;
var<private> v75: array<f32, 4>;
var<private> v76: array<f32, 4>;
var<private> v77: array<f32, 4>;
var<private> v78: array<f32, 4>;
var<private> v79: array<f32, 4>;
var<private> v80: array<f32, 4>;
var<private> v81: array<f32, 4>;
var<private> v82: array<f32, 4>;
var<private> v83: array<f32, 4>;
var<private> v84: array<f32, 4>;
var<private> v85: array<f32, 4>;
var<private> v86: array<f32, 4>;
var<private> v87: array<f32, 4>;
var<private> v88: array<f32, 4>;
var<private> v89: array<f32, 4>;
var<private> v90: array<f32, 4>;
var<private> v91: array<f32, 4>;
var<private> v92: array<f32, 4>;
var<private> v93: array<f32, 4>;
var<private> v94: array<f32, 4>;
var<private> v95: array<f32, 4>;
var<private> v96: array<f32, 4>;
var<private> v97: array<f32, 4>;
var<private> v98: array<f32, 4>;
var<private> v99: array<f32, 4>;
var<private> v100: array<f32, 4>;
var<private> v101: array<f32, 4>;
var<private> v102: array<f32, 4>;
var<private> v103: array<f32, 4>;
var<private> v104: array<f32, 4>;
var<private> v105: array<f32, 4>;
var<private> v106: array<f32, 4>;
var<private> v107: array<f32, 4>;
@group(0) @binding(0) var<storage, read_write> d: array<i32>;
@compute @workgroup_size(1)
fn main() {
 g27(&v0, d[0]);
 g27(&v1, d[1]);
 g27(&v2, d[2]);
 g27(&v3, d[3]);
 g27(&v4, d[4]);
 g27(&v5, d[5]);
 g27(&v6, d[6]);
 g27(&v7, d[7]);
 g27(&v8, d[8]);
 g27(&v9, d[9]);
 g27(&v10, d[10]);
 g27(&v11, d[11]);
 g27(&v12, d[12]);
 g27(&v13, d[13]);
 g27(&v14, d[14]);
 g27(&v15, d[15]);
 g27(&v16, d[16]);
 g27(&v17, d[17]);
 g27(&v18, d[18]);
 g27(&v19, d[19]);
 g27(&v20, d[20]);
 g27(&v21, d[21]);
 g27(&v22, d[22]);
 g27(&v23, d[23]);
 g27(&v24, d[24]);
 g27(&v25, d[25]);
 g27(&v26, d[26]);
 g27(&v27, d[27]);
 g27(&v28, d[28]);
 g27(&v29, d[29]);
 g27(&v30, d[30]);
 g27(&v31, d[31]);
 g27(&v32, d[32]);
 g27(&v33, d[33]);
 g27(&v34, d[34]);
 g27(&v35, d[35]);
 g27(&v36, d[36]);
 g27(&v37, d[37]);
 g27(&v38, d[38]);
 g27(&v39, d[39]);
 g27(&v40, d[40]);
 g27(&v41, d[41]);
 g27(&v42, d[42]);
 g27(&v43, d[43]);
 g27(&v44, d[44]);
 g27(&v45, d[45]);
 g27(&v46, d[46]);
 g27(&v47, d[47]);
 g27(&v48, d[48]);
 g27(&v49, d[49]);
 g27(&v50, d[50]);
 g27(&v51, d[51]);
 g27(&v52, d[52]);
 g27(&v53, d[53]);
 g27(&v54, d[54]);
 g27(&v55, d[55]);
 g27(&v56, d[56]);
 g27(&v57, d[57]);
 g27(&v58, d[58]);
 g27(&v59, d[59]);
 g27(&v60, d[60]);
 g27(&v61, d[61]);
 g27(&v62, d[62]);
 g27(&v63, d[63]);
 g27(&v64, d[64]);
 g27(&v65, d[65]);
 g27(&v66, d[66]);
 g27(&v67, d[67]);
 g27(&v68, d[68]);
 g27(&v69, d[69]);
 g27(&v70, d[70]);
 g27(&v71, d[71]);
 g27(&v72, d[72]);
 g27(&v73, d[73]);
 g27(&v74, d[74]);
 g27(&v75, d[75]);
 g27(&v76, d[76]);
 g27(&v77, d[77]);
 g27(&v78, d[78]);
 g27(&v79, d[79]);
 g27(&v80, d[80]);
 g27(&v81, d[81]);
 g27(&v82, d[82]);
 g27(&v83, d[83]);
 g27(&v84, d[84]);
 g27(&v85, d[85]);
 g27(&v86, d[86]);
 g27(&v87, d[87]);
 g27(&v88, d[88]);
 g27(&v89, d[89]);
 g27(&v90, d[90]);
 g27(&v91, d[91]);
 g27(&v92, d[92]);
 g27(&v93, d[93]);
 g27(&v94, d[94]);
 g27(&v95, d[95]);
 g27(&v96, d[96]);
 g27(&v97, d[97]);
 g27(&v98, d[98]);
 g27(&v99, d[99]);
 g27(&v100, d[100]);
 g27(&v101, d[101]);
 g27(&v102, d[102]);
 g27(&v103, d[103]);
 g27(&v104, d[104]);
 g27(&v105, d[105]);
 g27(&v106, d[106]);
 g27(&v107, d[107]);
}

// Constant arrays that double in size through a chain of declarations.
const c0 = array(1.5, 2.5);
const c1 = array(c0, c0);
const c2 = array(c1, c1);
const c3 = array(c2, c2);
const c4 = array(c3, c3);
const c5 = array(c4, c4);
const c6 = array(c5, c5);
const c7 = array(c6, c6);
const c8 = array(c7, c7);
const c9 = array(c8, c8);
const c10 = array(c9, c9);
const c11 = array(c10, c10);
const c12 = array(c11, c11);
const c13 = array(c12, c12);
const c14 = array(c13, c13);
const c15 = array(c14, c14);
const c16 = array(c15, c15);
const c17 = array(c16, c16);
const c18 = array(c17, c17);
const c19 = array(c18, c18);
const c20 = array(c19, c19);
const c21 = array(c20, c20);
const c22 = array(c21, c21);
const c23 = array(c22, c22);
const c24 = array(c23, c23);
const c25 = array(c24, c24);
const c26 = array(c25, c25);
const c27 = array(c26, c26);
const c28 = array(c27, c27);
const c29 = array(c28, c28);
const c30 = array(c29, c29);
const c31 = array(c30, c30);
const c32 = array(c31, c31);
const c33 = array(c32, c32);
const c34 = array(c33, c33);
const c35 = array(c34, c34);
const c36 = array(c35, c35);
const c37 = array(c36, c36);
const c38 = array(c37, c37);
const c39 = array(c38, c38);
const c40 = array(c39, c39);
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
    out[0] = c40[1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][0];
    out[1] = c12[i][i][i][i][i][i][i][i][i][i][i][i][i];
}

// Dynamic column and element indices past a matrix's size, bounds checks on.
// Storage mat3x3<f32> (columns 16 bytes apart, the 4th float of each column
// is padding, given distinct values here since an invalid load may return
// any location of the buffer), a storage array<mat2x2<f32>, 3>, a workgroup
// mat4x4<f32> and a function-scope mat2x4<f32>. Column and element indices:
// 3, 4, 0xffffffff and i32 -1 on the column, then on the row.
// Reads (spec "Out-of-Bounds Access"): any value of the buffer / variable, or
// zero, or for a vector (0, .., x) with x in {0, 1}: a flag per read, 1 when
// every component is such a value. In-bounds reads through the same code
// are exact: m[2] = (7, 8, 9), m[1][2] = 6, arr[2][1][0] = 10.5, wm[3][3] =
// 16 and fm[1][3] = -8.
// Stores: OOB stores of 100 to columns and elements, then every element is
// checked to hold its start value or 100 (flags). Value matrices (spec "Matrix Access Expression"): an OOB
// column of a let matrix is an indeterminate vec2<f32>, one value per
// evaluation, so its bits equal themselves (flag).
// bounds-checks: on
// buffer 0:0 = u32:3, 4, 0xffffffff, 0xffffffff
// buffer 0:1 = f32:1, 2, 3, 91, 4, 5, 6, 92, 7, 8, 9, 93
// buffer 0:2 = f32:0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5
// expect 0:1 = any*9
// expect 0:2 = any*12
// expect 0:3 = 7.0, 8.0, 9.0, 6.0, 10.5, 16.0, -8.0
// expect 0:4 = 1*37

@group(0) @binding(0) var<storage, read> idx: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> m: mat3x3<f32>;
@group(0) @binding(2) var<storage, read_write> arr: array<mat2x2<f32>, 3>;
@group(0) @binding(3) var<storage, read_write> exact: array<f32, 7>;
@group(0) @binding(4) var<storage, read_write> flags: array<u32, 37>;

var<workgroup> wm: mat4x4<f32>;

fn m_val(v: f32) -> bool {
    return v == 0.0 || v == 1.0 || v == 2.0 || v == 3.0 || v == 4.0 || v == 5.0 ||
           v == 6.0 || v == 7.0 || v == 8.0 || v == 9.0 || v == 91.0 || v == 92.0 || v == 93.0;
}

fn arr_val(v: f32) -> bool {
    return v == 0.0 || v == 1.0 || (fract(v) == 0.5 && v > 0.0 && v < 12.0);
}

fn wm_val(v: f32) -> bool {
    return v == 0.0 || v == 1.0 || (v == floor(v) && v >= 1.0 && v <= 16.0);
}

fn fm_val(v: f32) -> bool {
    return v == 0.0 || v == 1.0 || (v == floor(v) && v >= -8.0 && v <= -1.0);
}

@compute @workgroup_size(1)
fn main() {
    wm = mat4x4<f32>(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0,
                     9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0);
    var fm = mat2x4<f32>(-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0);
    let lm = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);
    let two = idx[0] - 1u;
    let one = two - 1u;
    let three = idx[0];
    let c2 = m[two];
    exact[0] = c2.x;
    exact[1] = c2.y;
    exact[2] = c2.z;
    exact[3] = m[one][two];
    exact[4] = arr[two][one][0];
    exact[5] = wm[three][three];
    exact[6] = fm[one][three];
    var f = 0u;
    for (var k = 0u; k < 4u; k++) {
        let i = idx[k];
        let col = m[i];
        flags[f] = select(0u, 1u, m_val(col.x) && m_val(col.y) && m_val(col.z)); f++;
        flags[f] = select(0u, 1u, m_val(m[i][one])); f++;
        flags[f] = select(0u, 1u, m_val(m[one][i])); f++;
        let ac = arr[i][one];
        flags[f] = select(0u, 1u, arr_val(ac.x) && arr_val(ac.y)); f++;
        flags[f] = select(0u, 1u, arr_val(arr[one][i][one]) && arr_val(arr[one][one][i])); f++;
        let wc = wm[i];
        flags[f] = select(0u, 1u, wm_val(wc.x) && wm_val(wc.y) && wm_val(wc.z) && wm_val(wc.w)); f++;
        let fc = fm[i];
        flags[f] = select(0u, 1u, fm_val(fc.x) && fm_val(fc.y) && fm_val(fc.z) && fm_val(fc.w) && fm_val(fm[one][i])); f++;
        let lc = lm[i];
        flags[f] = select(0u, 1u, all(bitcast<vec2<u32>>(lc) == bitcast<vec2<u32>>(lc))); f++;
    }
    for (var k = 0u; k < 4u; k++) {
        let i = idx[k];
        m[i] = vec3<f32>(100.0);
        m[one][i] = 100.0;
        m[i][one] = 100.0;
        arr[i][one][i] = 100.0;
        arr[one][i] = vec2<f32>(100.0);
        wm[i][one] = 100.0;
        wm[one][i] = 100.0;
        wm[i] = vec4<f32>(100.0);
        fm[i][i] = 100.0;
        fm[i] = vec4<f32>(100.0);
    }
    var ok_m = true;
    for (var c = 0u; c < 3u; c++) {
        for (var r = 0u; r < 3u; r++) {
            let v = m[c][r];
            ok_m = ok_m && (v == f32(3u * c + r + 1u) || v == 100.0);
        }
    }
    var ok_arr = true;
    for (var a = 0u; a < 3u; a++) {
        for (var c = 0u; c < 2u; c++) {
            for (var r = 0u; r < 2u; r++) {
                let v = arr[a][c][r];
                ok_arr = ok_arr && (v == f32(4u * a + 2u * c + r) + 0.5 || v == 100.0);
            }
        }
    }
    var ok_wm = true;
    for (var c = 0u; c < 4u; c++) {
        for (var r = 0u; r < 4u; r++) {
            let v = wm[c][r];
            ok_wm = ok_wm && (v == f32(4u * c + r + 1u) || v == 100.0);
        }
    }
    var ok_fm = true;
    for (var c = 0u; c < 2u; c++) {
        for (var r = 0u; r < 4u; r++) {
            let v = fm[c][r];
            ok_fm = ok_fm && (v == -f32(4u * c + r + 1u) || v == 100.0);
        }
    }
    flags[32] = select(0u, 1u, ok_m);
    flags[33] = select(0u, 1u, ok_arr);
    flags[34] = select(0u, 1u, ok_wm);
    flags[35] = select(0u, 1u, ok_fm);
    flags[36] = select(0u, 1u, f == 32u);
}

// Runtime indices into values that are not in memory, and into vector and
// matrix components in memory (spec, "Composite Value Decomposition
// Expressions": e[i] on an array, vector or matrix value; "Vector Access
// Expression"/"Component Reference from Vector Memory View": v[i] = x writes one
// component, with a runtime i).
// i = 2, j = 1 from the input:
//   let a = array(10, 20, 30, 40) (from the input): a[i] -> 30
//   let g = array(array(1, 2), array(3, 4)) built at runtime: g[j][j - 1] -> 3
//   let s = S(array(5, 6, 7)): s.arr[i] -> 7
//   let v = vec4(11, 12, 13, 14): v[i] -> 13; a call result make()[i] -> 102
//   let m = mat3x2<f32>((1, 2), (3, 4), (5, 6)): m[i][j] -> 6.0 (as u32 6)
//   var w = vec3(0u); w[i] = 9; w[j] += 4 -> (0, 4, 9)
//   storage vec3 component: sv[j] = 21; sv[i] = sv[j] + 1 -> (0, 21, 22), stored
//   in buffer 0:2 as a vec3<u32>
// buffer 0:0 = u32:2, 1, 10, 20, 30, 40
// expect 0:1 = 30, 3, 7, 13, 102, 6, 0, 4, 9
// expect 0:2 = 0, 21, 22

@group(0) @binding(0) var<storage, read> inp: array<u32, 6>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 9>;
@group(0) @binding(2) var<storage, read_write> sv: vec3<u32>;

struct S {
    arr: array<u32, 3>,
}

fn make() -> array<u32, 3> { return array(100u, 101u, 102u); }

@compute @workgroup_size(1)
fn main() {
    let i = inp[0];
    let j = inp[1];
    let a = array(inp[2], inp[3], inp[4], inp[5]);
    out[0] = a[i];
    let g = array(array(j, j + 1u), array(j + 2u, j + 3u));
    out[1] = g[j][j - 1u];
    let s = S(array(i + 3u, i + 4u, i + 5u));
    out[2] = s.arr[i];
    let v = vec4(11u, 12u, 13u, 14u) * j;
    out[3] = v[i];
    out[4] = make()[i];
    let m = mat3x2<f32>(1.0, 2.0, 3.0, 4.0, 5.0, 6.0) * f32(j);
    out[5] = u32(m[i][j]);
    var w = vec3(0u);
    w[i] = 9u;
    w[j] += 4u;
    out[6] = w.x;
    out[7] = w.y;
    out[8] = w.z;
    sv[j] = 21u;
    sv[i] = sv[j] + 1u;
}

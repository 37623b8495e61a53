// f32 comparisons (spec, "Comparison Expressions"; accuracy: "Correct
// result"). -0 and +0 compare equal (spec, "Overview of IEEE-754": negative
// zero and positive zero compare as equal). For each pair (x, y) the shader
// writes x<y, x<=y, x>y, x>=y, x==y, x!=y as 0/1. No NaN, infinity or
// subnormal operands: the spec lets implementations assume none appear at
// runtime and lets comparison inputs be flushed to zero.
// * pairs: (-0,0) (1, 1.0000001 = next float) (-MAXF, MAXF) (1e-30, 0) (2.5, 2.5) (-1.5, -2)
// Runtime first (0:1), then the same with const operands (0:2), then vec4
// comparisons of (x0,x1,x2,x3) vs (y0,y1,y2,y3) as masks (0:3).
// buffer 0:0 = f32:-0.0,0.0, 1.0,1.0000001, -3.4028234663852886e38,3.4028234663852886e38, 1e-30,0.0, 2.5,2.5, -1.5,-2.0
// expect 0:1 = u32:0,1,0,1,1,0, 1,1,0,0,0,1, 1,1,0,0,0,1, 0,0,1,1,0,1, 0,1,0,1,1,0, 0,0,1,1,0,1
// expect 0:2 = u32:0,1,0,1,1,0, 1,1,0,0,0,1, 1,1,0,0,0,1, 0,0,1,1,0,1, 0,1,0,1,1,0, 0,0,1,1,0,1
// expect 0:3 = u32:0,1,1,0, 1,1,1,0, 0,0,0,1, 1,0,0,1, 1,0,0,0, 0,1,1,1

@group(0) @binding(0) var<storage, read> a: array<f32, 12>;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 36>;
@group(0) @binding(2) var<storage, read_write> c: array<u32, 36>;
@group(0) @binding(3) var<storage, read_write> vr: array<vec4<u32>, 6>;

fn b(c: bool) -> u32 { return select(0u, 1u, c); }

const K = array<f32, 12>(-0.0f, 0.0f, 1.0f, 1.0000001f, -3.4028234663852886e38f, 3.4028234663852886e38f,
                         1e-30f, 0.0f, 2.5f, 2.5f, -1.5f, -2.0f);

fn cmp6(x: f32, y: f32) -> array<u32, 6> {
    return array<u32, 6>(b(x < y), b(x <= y), b(x > y), b(x >= y), b(x == y), b(x != y));
}

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 6u; i++) {
        let x = a[2u * i];
        let y = a[2u * i + 1u];
        r[6u * i] = b(x < y);
        r[6u * i + 1u] = b(x <= y);
        r[6u * i + 2u] = b(x > y);
        r[6u * i + 3u] = b(x >= y);
        r[6u * i + 4u] = b(x == y);
        r[6u * i + 5u] = b(x != y);
    }
    // const-evaluated
    const c0 = array<bool, 6>(K[0] < K[1], K[0] <= K[1], K[0] > K[1], K[0] >= K[1], K[0] == K[1], K[0] != K[1]);
    const c1 = array<bool, 6>(K[2] < K[3], K[2] <= K[3], K[2] > K[3], K[2] >= K[3], K[2] == K[3], K[2] != K[3]);
    const c2 = array<bool, 6>(K[4] < K[5], K[4] <= K[5], K[4] > K[5], K[4] >= K[5], K[4] == K[5], K[4] != K[5]);
    const c3 = array<bool, 6>(K[6] < K[7], K[6] <= K[7], K[6] > K[7], K[6] >= K[7], K[6] == K[7], K[6] != K[7]);
    const c4 = array<bool, 6>(K[8] < K[9], K[8] <= K[9], K[8] > K[9], K[8] >= K[9], K[8] == K[9], K[8] != K[9]);
    const c5 = array<bool, 6>(K[10] < K[11], K[10] <= K[11], K[10] > K[11], K[10] >= K[11], K[10] == K[11], K[10] != K[11]);
    for (var j = 0u; j < 6u; j++) {
        c[j] = b(c0[j]);
        c[6u + j] = b(c1[j]);
        c[12u + j] = b(c2[j]);
        c[18u + j] = b(c3[j]);
        c[24u + j] = b(c4[j]);
        c[30u + j] = b(c5[j]);
    }
    let x = vec4<f32>(a[0], a[2], a[4], a[6]);
    let y = vec4<f32>(a[1], a[3], a[5], a[7]);
    let z = vec4<u32>(0u);
    let o = vec4<u32>(1u);
    vr[0] = select(z, o, x < y);
    vr[1] = select(z, o, x <= y);
    vr[2] = select(z, o, x > y);
    vr[3] = select(z, o, x >= y);
    vr[4] = select(z, o, x == y);
    vr[5] = select(z, o, x != y);
}

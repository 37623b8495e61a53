// wgpu's cooperative-matrix dialect (naga 30's syntax): a 16x16x16
// f16 x f16 -> f32 multiply-add per subgroup. coopLoad/coopStore are
// column-major, the `T` forms row-major; the stride defaults to 16.
enable f16;
enable wgpu_cooperative_matrix;

alias MatA = coop_mat16x16<f16, A>;
alias MatB = coop_mat16x16<f16, B>;
alias MatC = coop_mat16x16<f32, C>;

@group(0) @binding(0) var<storage, read> a: array<f16>;
@group(0) @binding(1) var<storage, read> b: array<f16>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
var<workgroup> staging: array<f32, 256>;

fn tile_mac(x: MatA, y: MatB, acc: MatC) -> MatC {
    return coopMultiplyAdd(x, y, acc);
}

@compute @workgroup_size(32)
fn main(@builtin(workgroup_id) wg: vec3<u32>) {
    let base = wg.x * 256u;
    let x = coopLoadT<MatA>(&a[base], 16u);
    let y = coopLoad<MatB>(&b[base]);
    var acc = MatC();
    for (var k = 0u; k < 2u; k++) {
        acc = tile_mac(x, y, acc);
    }
    let scaled = acc * 0.5;
    coopStoreT(scaled, &staging[0]);
    workgroupBarrier();
    let back = coopLoadT<MatC>(&staging[0], 16u);
    let out = &c[base];
    coopStore(back, out, 16u);
}

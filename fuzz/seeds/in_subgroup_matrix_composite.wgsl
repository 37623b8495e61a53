// Subgroup matrices inside composites and across calls: arrays and structs
// of matrices, function-space variables and pointers to them, matrices as
// parameters and return values.
enable chromium_experimental_subgroup_matrix;

alias Left = subgroup_matrix_left<f32, 8, 8>;
alias Right = subgroup_matrix_right<f32, 8, 8>;
alias Acc = subgroup_matrix_result<f32, 8, 8>;

struct Fragment {
    a: Left,
    b: array<Right, 2>,
    acc: Acc,
}

@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;

fn load_left(offset: u32) -> Left {
    return subgroupMatrixLoad<Left, row_major>(&input, offset, 8u);
}

fn load_fragment(base: u32) -> Fragment {
    var f: Fragment;
    f.a = load_left(base);
    f.b[0] = subgroupMatrixLoad<Right>(&input, base + 64u, false, 8u);
    f.b[1] = subgroupMatrixLoad<Right, col_major>(&input, base + 128u, 8u);
    f.acc = Acc(0.0);
    return f;
}

fn accumulate(acc: ptr<function, Acc>, a: Left, b: Right) {
    *acc = subgroupMatrixMultiplyAccumulate(a, b, *acc);
}

fn finish(f: Fragment) -> Acc {
    return subgroupMatrixScalarMultiply(f.acc, 0.5);
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
    var frag = load_fragment(wid.x * 192u);
    var tiles: array<Acc, 2>;
    for (var i = 0u; i < 2u; i++) {
        accumulate(&frag.acc, frag.a, frag.b[i]);
        tiles[i] = frag.acc;
    }
    let p = &tiles[1];
    accumulate(p, frag.a, frag.b[0]);
    var copy = frag;
    copy.acc = *p;
    subgroupMatrixStore(&output, wid.x * 128u, finish(copy), false, 8u);
    subgroupMatrixStore<row_major>(&output, wid.x * 128u + 64u, tiles[0], 8u);
}

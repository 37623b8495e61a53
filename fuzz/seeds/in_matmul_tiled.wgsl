// Tiled f32 matrix multiply C = A * B with 16x16 workgroup tiles staged in
// workgroup memory; sizes come from a uniform block.
const TILE: u32 = 16u;

struct Dims {
    m: u32,
    n: u32,
    k: u32,
}

@group(0) @binding(0) var<uniform> dims: Dims;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;

var<workgroup> tile_a: array<array<f32, TILE>, TILE>;
var<workgroup> tile_b: array<array<f32, TILE>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn main(@builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(workgroup_id) wid: vec3<u32>) {
    let row = wid.y * TILE + lid.y;
    let col = wid.x * TILE + lid.x;
    var acc = 0.0;
    let tiles = (dims.k + TILE - 1u) / TILE;
    for (var t = 0u; t < tiles; t++) {
        let ak = t * TILE + lid.x;
        let bk = t * TILE + lid.y;
        tile_a[lid.y][lid.x] = select(0.0, a[row * dims.k + ak], row < dims.m && ak < dims.k);
        tile_b[lid.y][lid.x] = select(0.0, b[bk * dims.n + col], bk < dims.k && col < dims.n);
        workgroupBarrier();
        for (var i = 0u; i < TILE; i++) {
            acc = fma(tile_a[lid.y][i], tile_b[i][lid.x], acc);
        }
        workgroupBarrier();
    }
    if row < dims.m && col < dims.n {
        c[row * dims.n + col] = acc;
    }
}

// Separable Gaussian blur and luminance on an RGBA8 image stored as packed
// u32 pixels in a storage buffer, with a halo tile in workgroup memory.
const RADIUS: i32 = 4;
const TILE_W: u32 = 64u;

struct Image {
    width: u32,
    height: u32,
}

@group(0) @binding(0) var<uniform> image: Image;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;
@group(0) @binding(3) var<storage, read_write> luma: array<f32>;

var<workgroup> row_cache: array<vec4<f32>, 72>;

fn load_pixel(x: i32, y: i32) -> vec4<f32> {
    let cx = clamp(x, 0, i32(image.width) - 1);
    let cy = clamp(y, 0, i32(image.height) - 1);
    return unpack4x8unorm(src[u32(cy) * image.width + u32(cx)]);
}

fn gaussian(offset: i32) -> f32 {
    let sigma = f32(RADIUS) / 2.0;
    let x = f32(offset);
    return exp(-(x * x) / (2.0 * sigma * sigma));
}

@compute @workgroup_size(TILE_W)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
    let y = i32(wid.y);
    let x0 = i32(wid.x * TILE_W) - RADIUS;
    row_cache[lid] = load_pixel(x0 + i32(lid), y);
    if lid < u32(2 * RADIUS) {
        row_cache[lid + TILE_W] = load_pixel(x0 + i32(lid + TILE_W), y);
    }
    workgroupBarrier();
    var sum = vec4f(0.0);
    var weight = 0.0;
    for (var o = -RADIUS; o <= RADIUS; o++) {
        let w = gaussian(o);
        sum += w * row_cache[u32(i32(lid) + RADIUS + o)];
        weight += w;
    }
    let color = sum / weight;
    let x = wid.x * TILE_W + lid;
    if x < image.width && u32(y) < image.height {
        let index = u32(y) * image.width + x;
        dst[index] = pack4x8unorm(color);
        luma[index] = dot(color.rgb, vec3f(0.2126, 0.7152, 0.0722));
    }
}

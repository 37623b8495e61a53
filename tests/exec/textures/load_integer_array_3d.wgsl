// textureLoad from an i32 2D array texture (layer selects the slice) and a
// u32 3D texture (z selects the slice), with textureNumLayers and the 3D
// textureDimensions. Texels are stored as given (rgba32sint/rgba32uint).
// texture 0:0 = 1x1x3:i32:-1,0,0,0, -2,0,0,0, -3,0,0,0
// texture 0:1 = 2x1x2:u32:5,0,0,0, 6,0,0,0, 7,0,0,0, 8,0,0,0
// expect 0:2 = i32:-1, -2, -3, 3
// expect 0:3 = u32:5, 6, 7, 8, 2, 1, 2

@group(0) @binding(0) var layers: texture_2d_array<i32>;
@group(0) @binding(1) var volume: texture_3d<u32>;
@group(0) @binding(2) var<storage, read_write> a: array<i32, 4>;
@group(0) @binding(3) var<storage, read_write> v: array<u32, 7>;

@compute @workgroup_size(1)
fn main() {
    for (var l = 0u; l < 3u; l++) {
        a[l] = textureLoad(layers, vec2<u32>(0u, 0u), l, 0).x;
    }
    a[3] = i32(textureNumLayers(layers));
    for (var i = 0u; i < 4u; i++) {
        v[i] = textureLoad(volume, vec3<u32>(i % 2u, 0u, i / 2u), 0).x;
    }
    let d = textureDimensions(volume);
    v[4] = d.x;
    v[5] = d.y;
    v[6] = d.z;
}

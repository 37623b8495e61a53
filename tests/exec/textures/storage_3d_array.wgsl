// textureStore into a 3D storage texture and a 2D array storage texture
// (rgba32sint), every texel written with its coordinates, so the read-back
// order (z or layer, then y, then x) is checked: texel (x, y, z) holds
// (x, y, z, 100x + 10y + z).
// texture 0:0 = 2x1x2
// texture 0:1 = 1x2x2
// expect 0:0 = i32:0,0,0,0, 1,0,0,100, 0,0,1,1, 1,0,1,101
// expect 0:1 = i32:0,0,0,0, 0,1,0,10, 0,0,1,1, 0,1,1,11

@group(0) @binding(0) var vol: texture_storage_3d<rgba32sint, write>;
@group(0) @binding(1) var arr: texture_storage_2d_array<rgba32sint, write>;

@compute @workgroup_size(2, 2, 2)
fn main(@builtin(local_invocation_id) id: vec3<u32>) {
    let p = vec3<i32>(id);
    let v = vec4(p, 100 * p.x + 10 * p.y + p.z);
    if id.y == 0u {
        textureStore(vol, p, v);
    }
    if id.x == 0u {
        textureStore(arr, p.xy, p.z, v);
    }
}

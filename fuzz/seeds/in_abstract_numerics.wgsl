// Abstract integers and floats: materialization in every context.
const big = 0x7fffffff;
const ratio = 1.0 / 3.0;
const mixed = 2 * 1.5;
const vec_abstract = vec3(1, 2, 3);
const arr_abstract = array(1.0, 2.0, 4.0);
const exact = 4294967295 - 4294967294;

@group(0) @binding(0) var<storage, read_write> out: array<f32, 16>;
@group(0) @binding(1) var<storage, read_write> out_i: array<i32, 4>;
@group(0) @binding(2) var<storage, read_write> out_u: array<u32, 4>;

@compute @workgroup_size(1)
fn main() {
    out[0] = ratio;
    out[1] = mixed;
    out[2] = f32(big);
    let v: vec3<f32> = vec_abstract;
    out[3] = v.x + v.y + v.z;
    out[4] = arr_abstract[2];
    out[5] = 1e3 + 0x1p4;
    out[6] = f32(exact);
    out_i[0] = big;
    out_i[1] = -2147483647 - 1;
    out_i[2] = 7 / 2;
    out_i[3] = i32(3.75);
    out_u[0] = 4000000000;
    out_u[1] = exact;
    out_u[2] = u32(vec_abstract.y);
    out_u[3] = 1u << 31;
}

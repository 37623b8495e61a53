// @workgroup_size with override-expressions (spec, "workgroup_size": each
// parameter is a const-expression or an override-expression of one integer
// type), given at pipeline creation: wgx = 4, wgy = 2 (defaults 1 and 1), and
// the z size written as the expression `zbase * 2u - 1u` with zbase left at
// its default of 1, giving 1. Two workgroups of 4 x 2 x 1 invocations.
// Each invocation writes, at 8 * wg + local_invocation_index:
//   1000 * wg + 100 * local_invocation_index + 10 * lid.y + lid.x
// and the index must equal lid.x + wgx * lid.y (checked by the value itself).
//   Workgroup 0: 0, 101, 202, 303, 410, 511, 612, 713
//   Workgroup 1: 1000, 1101, 1202, 1303, 1410, 1511, 1612, 1713
// The second buffer records wgx * wgy * (zbase * 2 - 1) = 8 from every invocation.
// dispatch: 2
// override wgx = 4
// override wgy = 2
// expect 0:0 = 0, 101, 202, 303, 410, 511, 612, 713
// expect 0:0 = 1000, 1101, 1202, 1303, 1410, 1511, 1612, 1713
// expect 0:1 = 8*16

@group(0) @binding(0) var<storage, read_write> out: array<u32, 16>;
@group(0) @binding(1) var<storage, read_write> sizes: array<u32, 16>;

override wgx: u32 = 1u;
override wgy: u32 = 1u;
override zbase: u32 = 1u;

@compute @workgroup_size(wgx, wgy, zbase * 2u - 1u)
fn main(@builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wg: vec3<u32>) {
    let slot = wg.x * 8u + li;
    out[slot] = 1000u * wg.x + 100u * li + 10u * lid.y + lid.x;
    sizes[slot] = wgx * wgy * (zbase * 2u - 1u);
}

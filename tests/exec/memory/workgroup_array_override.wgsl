// A var<workgroup> array whose element count is an override (spec, "Array
// Types": "The only valid use of an array type sized by an overridable
// constant is as a memory view in the workgroup address space"; two arrays
// sized by the same override identifier have the same type), with the
// workgroup size set by the same override. blockSize keeps its default 4 here
// (none given); the override `scale` is given as 3.
// Per workgroup wg (2 of them), invocation i (0..3):
//   a[i] = scale * i + 10 * wg; barrier; copy_elem(&b, &a, i) copies element i
//   through two pointer parameters of the one type ptr<workgroup,
//   array<u32, blockSize>> (a whole-array `b = a` would be an error: the type
//   is not constructible, "Constructible Types"); barrier;
//   out[4 * wg + i] = b[blockSize - 1 - i]
//   Workgroup 0: 9, 6, 3, 0; workgroup 1: 19, 16, 13, 10
// The second buffer holds blockSize as seen in the shader, from invocation 0 of
// each workgroup (4, 4).
// dispatch: 2
// override scale = 3
// expect 0:0 = 9, 6, 3, 0, 19, 16, 13, 10
// expect 0:1 = 4, 4

@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(1) var<storage, read_write> seen: array<u32, 2>;

override blockSize: u32 = 4u;
override scale: u32 = 1u;

var<workgroup> a: array<u32, blockSize>;
var<workgroup> b: array<u32, blockSize>;

fn copy_elem(dst: ptr<workgroup, array<u32, blockSize>>,
             src: ptr<workgroup, array<u32, blockSize>>, i: u32) {
    (*dst)[i] = (*src)[i];
}

@compute @workgroup_size(blockSize)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) wg: vec3<u32>) {
    a[i] = scale * i + 10u * wg.x;
    workgroupBarrier();
    copy_elem(&b, &a, i);
    workgroupBarrier();
    out[4u * wg.x + i] = b[blockSize - 1u - i];
    if i == 0u {
        seen[wg.x] = blockSize;
    }
}

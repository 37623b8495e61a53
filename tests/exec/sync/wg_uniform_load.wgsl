// workgroupUniformLoad: invocation 0 stores a value read from storage into a
// workgroup variable; workgroupUniformLoad (which includes a control barrier,
// spec "workgroupUniformLoad") returns it to every invocation, so it can bound a
// loop that executes workgroupBarrier() (uniform control flow). Also the array
// overload (slots written by invocations 0..3) and the atomic overload (after
// 64 atomicAdd(li), no explicit barrier: 0 + 1 + .. + 63 = 2016).
// Two workgroups: n = 5 and 3, loop sum 0+..+(n-1) = 10 and 3, array slots
// (li + 1) * (wid + 1) sum to 10 * (wid + 1).
// Each invocation writes vec4(n, array sum, atomic total, loop sum).
// dispatch: 2,1,1
// buffer 0:0 = u32:5, 3
// expect 0:1 = 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 5, 10, 2016, 10, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3, 3, 20, 2016, 3

@group(0) @binding(0) var<storage, read> cfg: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<vec4<u32>, 128>;

var<workgroup> count: u32;
var<workgroup> arr: array<u32, 4>;
var<workgroup> total: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(global_invocation_id) gid: vec3<u32>) {
    if li == 0u {
        count = cfg[wid.x];
    }
    if li < 4u {
        arr[li] = (li + 1u) * (wid.x + 1u);
    }
    atomicAdd(&total, li);
    let n = workgroupUniformLoad(&count);
    var loop_sum = 0u;
    for (var i = 0u; i < n; i++) {
        loop_sum += i;
        workgroupBarrier();
    }
    let a = workgroupUniformLoad(&arr);
    let t = workgroupUniformLoad(&total);
    out[gid.x] = vec4<u32>(n, a[0] + a[1] + a[2] + a[3], t, loop_sum);
}

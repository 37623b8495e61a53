// A loop whose exit is decided collectively: max-propagation along a line of
// 64 values in workgroup memory. Each iteration every invocation reads its
// neighbours, workgroupBarrier(), writes max(left, self, right), counts a
// change with atomicAdd, and workgroupUniformLoad() of the change counter
// (a uniform value) decides whether to break; the counter is reset between
// barriers. Barriers inside the loop are in uniform control flow.
// Workgroup 0 starts from (29 i) % 64, whose max 63 sits at i = 11
// (29 * 11 = 319 = 4 * 64 + 63); workgroup 1 from (29 i + 40) % 64, max 63
// at i = 3 (29 * 3 + 40 = 127). After k iterations the max has spread k
// places each way; the farthest slot (63) is 52 resp. 60 places away, then one
// more iteration sees no change: 53 resp. 61 iterations.
// Per workgroup: the 64 final values (all 63), then the iteration count.
// dispatch: 2,1,1
// expect 0:0 = 63*64, 53, 63*64, 61

@group(0) @binding(0) var<storage, read_write> out: array<array<u32, 65>, 2>;

var<workgroup> cur: array<u32, 64>;
var<workgroup> changed: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    cur[i] = (29u * i + 40u * wid.x) % 64u;
    workgroupBarrier();
    var iterations = 0u;
    loop {
        let m = max(cur[max(i, 1u) - 1u], max(cur[i], cur[min(i + 1u, 63u)]));
        workgroupBarrier();
        if m != cur[i] {
            atomicAdd(&changed, 1u);
        }
        cur[i] = m;
        iterations += 1u;
        if workgroupUniformLoad(&changed) == 0u {
            break;
        }
        workgroupBarrier();
        if i == 0u {
            atomicStore(&changed, 0u);
        }
        workgroupBarrier();
    }
    out[wid.x][i] = cur[i];
    if i == 0u {
        out[wid.x][64] = iterations;
    }
}

// Inclusive prefix sum (Hillis-Steele) in one var<workgroup> array, in place:
// at each step d = 1, 2, .., 32 every invocation reads slot li - d (if li >= d)
// into a register, workgroupBarrier(), adds it into its own slot,
// workgroupBarrier(): the barrier between the read and the write phases keeps
// the steps race-free. Workgroup size 8x8 (local_invocation_index is
// x + 8 * y); two workgroups scan their own 64 inputs.
// Inputs (i * 7) % 13 + 1; expected values are the running sums per workgroup.
// dispatch: 2,1,1
// buffer 0:0 = u32:1,8,2,9,3,10,4,11,5,12,6,13,7,1,8,2,9,3,10,4,11,5,12,6,13,7,1,8,2,9,3,10,4,11,5,12,6,13,7,1,8,2,9,3,10,4,11,5,12,6,13,7,1,8,2,9,3,10,4,11,5,12,6,13,7,1,8,2,9,3,10,4,11,5,12,6,13,7,1,8,2,9,3,10,4,11,5,12,6,13,7,1,8,2,9,3,10,4,11,5,12,6,13,7,1,8,2,9,3,10,4,11,5,12,6,13,7,1,8,2,9,3,10,4,11,5,12,6
// expect 0:1 = 1, 9, 11, 20, 23, 33, 37, 48, 53, 65, 71, 84, 91, 92, 100, 102, 111, 114, 124, 128, 139, 144, 156, 162, 175, 182, 183, 191, 193, 202, 205, 215, 219, 230, 235, 247, 253, 266, 273, 274, 282, 284, 293, 296, 306, 310, 321, 326, 338, 344, 357, 364, 365, 373, 375, 384, 387, 397, 401, 412, 417, 429, 435, 448, 7, 8, 16, 18, 27, 30, 40, 44, 55, 60, 72, 78, 91, 98, 99, 107, 109, 118, 121, 131, 135, 146, 151, 163, 169, 182, 189, 190, 198, 200, 209, 212, 222, 226, 237, 242, 254, 260, 273, 280, 281, 289, 291, 300, 303, 313, 317, 328, 333, 345, 351, 364, 371, 372, 380, 382, 391, 394, 404, 408, 419, 424, 436, 442

@group(0) @binding(0) var<storage, read> inp: array<u32, 128>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 128>;

var<workgroup> buf: array<u32, 64>;

@compute @workgroup_size(8, 8)
fn main(@builtin(local_invocation_index) li: u32,
        @builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(workgroup_id) wid: vec3<u32>) {
    let i = lid.x + 8u * lid.y;
    let g = wid.x * 64u + i;
    buf[li] = inp[g];
    workgroupBarrier();
    var d = 1u;
    loop {
        if d >= 64u { break; }
        var add = 0u;
        if li >= d {
            add = buf[li - d];
        }
        workgroupBarrier();
        buf[li] += add;
        workgroupBarrier();
        continuing {
            d *= 2u;
        }
    }
    out[g] = buf[i];
}

// enable atomic_vec2u_min_max: 256 invocations (4 workgroups x 64) race
// atomicStoreMax and atomicStoreMin on two atomic<vec2u> locations each.
// Each location holds the 64-bit unsigned number y * 2^32 + x (x the low
// word, y the high word), and the values are chosen so that comparing the
// low words, or the words the other way round, gives other results.
// Each buffer lists its atomics' x, y in memory order.
//
// Location 0, invocation i in 0..255 stores v = (x = 255 - i, y = i), so x
// falls as y rises:
// - max[0] starts at (0xffffffff, 0) = 2^32 - 1, below every v with y >= 1:
//   the max is the largest y, i = 255: (0, 255) (by x it would be (255, 0)).
// - min[0] starts at (0, 1) = 2^32, above v(0) = (255, 0) = 255: the min is
//   i = 0: (255, 0) (by x, or by x as the high word, (0, 255)).
// Location 1, v = (x = i ^ 0xa5, y = 7 if i % 4 == 1 else 2); x runs over
// 0..255 once. Max and min start at (0, 0) and (0xffffffff, 0xffffffff).
// - max[1]: the largest y is 7 (i % 4 == 1, low bits 01); 0xa5's low bits
//   are 01, so x's are 00 and x's upper six bits are (i >> 2) ^ 41, at most
//   63 (i = 22 * 4 + 1 = 89): (252, 7). By x alone it would be x = 255,
//   i = 90 (y = 2).
// - min[1]: the smallest y is 2 (i % 4 != 1); x = 0 needs i = 0xa5 = 165,
//   whose i % 4 is 1 (y = 7), so the min is x = 1, i = 164 (164 % 4 == 0):
//   (1, 2). By x alone it would be (0, 7).
// dispatch: 4,1,1
// buffer 0:0 = u32:0xffffffff, 0, 0, 0
// buffer 0:1 = u32:0, 1, 0xffffffff, 0xffffffff
// expect 0:0 = u32:0, 255, 252, 7
// expect 0:1 = u32:255, 0, 1, 2
enable atomic_vec2u_min_max;

@group(0) @binding(0) var<storage, read_write> maxes: array<atomic<vec2u>, 2>;
@group(0) @binding(1) var<storage, read_write> mins: array<atomic<vec2u>, 2>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
    let i = gid.x;
    let v0 = vec2u(255u - i, i);
    var y1 = 2u;
    if (i % 4u == 1u) {
        y1 = 7u;
    }
    let v1 = vec2u(i ^ 0xa5u, y1);
    atomicStoreMax(&maxes[0], v0);
    atomicStoreMin(&mins[0], v0);
    atomicStoreMax(&maxes[1], v1);
    atomicStoreMin(&mins[1], v1);
}

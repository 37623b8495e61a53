// Runtime-sized arrays of atomics: a binding that is array<atomic<u32>> (10
// elements bound) and a struct whose last member is array<atomic<i32>> (7
// elements after a leading atomic<u32>), indexed with arrayLength.
// 256 invocations: hist[g % 10] += 1 gives 26 for bins 0..5, 25 for 6..9
// (256 = 25 * 10 + 6); h.bins[g % 7] -= 1 gives -37 for bins 0..3, -36 for
// 4..6 (256 = 36 * 7 + 4); h.total += g gives 0 + .. + 255 = 32640.
// Invocation 0 also writes both arrayLength values: 10 and 7.
// dispatch: 4,1,1
// buffer 0:0 = zeros:40
// buffer 0:1 = zeros:32
// expect 0:0 = 26*6, 25*4
// expect 0:1 = 32640
// expect 0:1 = -37*4, -36*3
// expect 0:2 = 10, 7

struct H {
    total: atomic<u32>,
    bins: array<atomic<i32>>,
}

@group(0) @binding(0) var<storage, read_write> hist: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read_write> h: H;
@group(0) @binding(2) var<storage, read_write> lens: array<u32, 2>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let g = gid.x;
    atomicAdd(&hist[g % arrayLength(&hist)], 1u);
    atomicSub(&h.bins[g % arrayLength(&h.bins)], 1);
    atomicAdd(&h.total, g);
    if g == 0u {
        lens[0] = arrayLength(&hist);
        lens[1] = arrayLength(&h.bins);
    }
}

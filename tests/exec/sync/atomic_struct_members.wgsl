// Atomics as struct members (spec "Atomic Types": an atomic may be a member of
// a struct, also nested and in arrays), at non-zero offsets next to non-atomic
// members, in storage and in workgroup memory.
// Layout: Outer { pos: vec3<f32> at 0, count: atomic<i32> at 12,
// then inner: Inner at 16, tail: array<Inner, 2> at 32, last: u32 at 64 }, where
// Inner is { tag: u32, hits: array<atomic<u32>, 3> } (16 bytes).
// Storage, 128 invocations (g): count += 1 (from -100: 28); inner.hits[g % 3]
// += 1 (g % 3 over 0..127: 43, 43, 42); tail[g % 2].hits[(g / 2) % 3] += 1
// (g / 2 over 0..63 for each parity: 22, 21, 21 each). The non-atomic members
// keep their initial values, except last, set to 77 by g == 0. Outer has
// the alignment of vec3<f32>, 16, so its size is 80 (12 bytes of tail padding).
// Workgroup (per workgroup, 64 invocations li, copied out after a barrier):
// Count 64, inner.hits 22, 21, 21, tail hits 11, 11, 10 for each parity.
// dispatch: 2,1,1
// buffer 0:0 = u32:0x3f800000, 0x40000000, 0x40400000, 0xffffff9c, 5, 0, 0, 0, 6, 0, 0, 0, 7, 0, 0, 0, 9, 0, 0, 0
// expect 0:0 = 1.0, 2.0, 3.0, 28, 5, 43, 43, 42, 6, 22, 21, 21, 7, 22, 21, 21, 77
// expect 0:1 = 64, 22, 21, 21, 11, 11, 10, 11, 11, 10
// expect 0:1 = 64, 22, 21, 21, 11, 11, 10, 11, 11, 10

struct Inner {
    tag: u32,
    hits: array<atomic<u32>, 3>,
}

struct Outer {
    pos: vec3<f32>,
    count: atomic<i32>,
    inner: Inner,
    tail: array<Inner, 2>,
    last: u32,
}

@group(0) @binding(0) var<storage, read_write> o: Outer;
@group(0) @binding(1) var<storage, read_write> wout: array<array<u32, 10>, 2>;

var<workgroup> w: Outer;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(global_invocation_id) gid: vec3<u32>) {
    let g = gid.x;
    atomicAdd(&o.count, 1);
    atomicAdd(&o.inner.hits[g % 3u], 1u);
    atomicAdd(&o.tail[g % 2u].hits[(g / 2u) % 3u], 1u);
    if g == 0u {
        o.last = 77u;
    }

    atomicAdd(&w.count, 1);
    atomicAdd(&w.inner.hits[li % 3u], 1u);
    let t = &w.tail[li % 2u];
    atomicAdd(&(*t).hits[(li / 2u) % 3u], 1u);
    workgroupBarrier();
    if li == 0u {
        wout[wid.x][0] = u32(atomicLoad(&w.count));
        for (var k = 0u; k < 3u; k++) {
            wout[wid.x][1u + k] = atomicLoad(&w.inner.hits[k]);
            wout[wid.x][4u + k] = atomicLoad(&w.tail[0].hits[k]);
            wout[wid.x][7u + k] = atomicLoad(&w.tail[1].hits[k]);
        }
    }
}

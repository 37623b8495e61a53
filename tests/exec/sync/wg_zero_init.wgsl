// Workgroup variables start at their zero value in every workgroup (spec,
// "Variable and Value Declarations / initial values": in the workgroup address
// space the initial value is the zero value of the store type, atomics included,
// also for an array whose element count is an override).
// Eight workgroups each first only read their variables, barrier, then write
// non-zero values, so a workgroup that saw another's leftovers would report it.
// Each invocation writes a bit mask of the initial reads that were not zero
// (expect 0); invocation 0 writes the workgroup's atomic<i32> counter and the
// struct's atomic<u32> member after 64 atomicAdd(1) each (expect 64, not 64k).
// dispatch: 8,1,1
// expect 0:0 = 0*512
// expect 0:1 = 64, 64, 64, 64, 64, 64, 64, 64
// expect 0:2 = 64, 64, 64, 64, 64, 64, 64, 64

struct S {
    a: vec3<f32>,
    b: array<u32, 4>,
    c: atomic<u32>,
}

override N: u32 = 16;

@group(0) @binding(0) var<storage, read_write> dirty: array<u32, 512>;
@group(0) @binding(1) var<storage, read_write> counts: array<u32, 8>;
@group(0) @binding(2) var<storage, read_write> sums: array<u32, 8>;

var<workgroup> scalar: u32;
var<workgroup> arr: array<i32, 64>;
var<workgroup> s: S;
var<workgroup> counter: atomic<i32>;
var<workgroup> ovr: array<u32, N>;
var<workgroup> m: mat2x2<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(global_invocation_id) gid: vec3<u32>) {
    var bad = 0u;
    if scalar != 0u { bad |= 1u; }
    if arr[li] != 0 { bad |= 2u; }
    if any(s.a != vec3<f32>()) { bad |= 4u; }
    if s.b[li % 4u] != 0u { bad |= 8u; }
    if atomicLoad(&s.c) != 0u { bad |= 16u; }
    if atomicLoad(&counter) != 0 { bad |= 32u; }
    if ovr[li % N] != 0u { bad |= 64u; }
    if any(m[li % 2u] != vec2<f32>()) { bad |= 128u; }
    workgroupBarrier();
    // Leave non-zero values behind for whoever might reuse the memory.
    arr[li] = i32(li) + 1;
    atomicAdd(&counter, 1);
    atomicAdd(&s.c, 1u);
    if li == 0u {
        scalar = 0xdeadu;
        s.a = vec3<f32>(1.0, 2.0, 3.0);
        s.b = array<u32, 4>(5u, 6u, 7u, 8u);
        m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);
    }
    if li < N {
        ovr[li] = li + 1u;
    }
    workgroupBarrier();
    dirty[gid.x] = bad;
    if li == 0u {
        counts[wid.x] = u32(atomicLoad(&counter));
        sums[wid.x] = atomicLoad(&s.c);
    }
}

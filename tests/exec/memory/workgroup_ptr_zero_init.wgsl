// var<workgroup> variables start at the zero value in every workgroup (spec,
// "var Declarations": "For variables in the workgroup address space: ... the
// zero value for the store type") and are shared by the invocations of a
// workgroup; helpers take ptr<workgroup, T> parameters
// (unrestricted_pointer_parameters, "Language Extensions").
// 8 invocations per workgroup, 4 workgroups. After a barrier, invocation 0
// reads counter, arr[5], s.a, s.v.y: 0 0 0 0 in each workgroup. At the end
// Invocation 0 writes 99 into all of them, so a driver that reuses the memory
// for the next workgroup without zeroing it would show 99s.
// Each invocation i writes its own element through a pointer,
// put(&cells[i], 10*i + wg), and after a barrier reads cells[7 - i] through
// fetch(&cells, 7 - i) into out[8*wg + i] = 10*(7 - i) + wg:
//   Workgroup 0: 70 60 50 40 30 20 10 0; workgroup 1: 71 61 ... 1; and so on.
// dispatch: 4
// expect 0:0 = 70, 60, 50, 40, 30, 20, 10, 0, 71, 61, 51, 41, 31, 21, 11, 1
// expect 0:0 = 72, 62, 52, 42, 32, 22, 12, 2, 73, 63, 53, 43, 33, 23, 13, 3
// expect 0:1 = 0*16

@group(0) @binding(0) var<storage, read_write> out: array<u32, 32>;
@group(0) @binding(1) var<storage, read_write> zeros: array<u32, 16>;

struct S {
    a: u32,
    v: vec2<u32>,
}

var<workgroup> counter: u32;
var<workgroup> arr: array<u32, 8>;
var<workgroup> s: S;
var<workgroup> cells: array<u32, 8>;

fn put(p: ptr<workgroup, u32>, v: u32) { *p = v; }
fn fetch(p: ptr<workgroup, array<u32, 8>>, i: u32) -> u32 { return (*p)[i]; }

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) wg: vec3<u32>) {
    workgroupBarrier();
    if i == 0u {
        zeros[wg.x * 4u] = counter;
        zeros[wg.x * 4u + 1u] = arr[5];
        zeros[wg.x * 4u + 2u] = s.a;
        zeros[wg.x * 4u + 3u] = s.v.y;
    }
    workgroupBarrier();
    put(&cells[i], 10u * i + wg.x);
    workgroupBarrier();
    out[wg.x * 8u + i] = fetch(&cells, 7u - i);
    workgroupBarrier();
    if i == 0u {
        counter = 99u;
        arr = array<u32, 8>(99u, 99u, 99u, 99u, 99u, 99u, 99u, 99u);
        s = S(99u, vec2(99u));
    }
}

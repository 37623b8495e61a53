// Atomics reached through pointer parameters (ptr<workgroup, atomic<T>> and,
// with unrestricted pointer parameters, ptr<storage, atomic<T>, read_write>,
// also to an element of an array of atomics), and wrapping arithmetic: the
// spec defines atomicAdd / atomicSub as old + v / old - v, which wrap on
// overflow for both i32 and u32 (two's complement, like runtime + and -).
// 64 invocations each add or subtract 1 once per atomic:
// storage u32: 0xfffffff0 + 64 = 0x30; storage u32: 5 - 64 = 0xffffffc5;
// storage i32: 2147483600 + 64 = -2147483632; storage i32: i32 min + 10 - 64
// = 2147483594.
// Workgroup u32 (start 0) minus 64: 0xffffffc0; workgroup i32 (start
// 2147483647 - 31) plus 64: 2147483616 + 64 wraps to -2147483616.
// buffer 0:0 = u32:0xfffffff0, 5
// buffer 0:1 = i32:2147483600, -2147483638
// expect 0:0 = 0x30, 0xffffffc5
// expect 0:1 = -2147483632, 2147483594
// expect 0:2 = 0xffffffc0
// expect 0:3 = -2147483616

@group(0) @binding(0) var<storage, read_write> su: array<atomic<u32>, 2>;
@group(0) @binding(1) var<storage, read_write> si: array<atomic<i32>, 2>;
@group(0) @binding(2) var<storage, read_write> out_u: u32;
@group(0) @binding(3) var<storage, read_write> out_i: i32;

var<workgroup> wu: atomic<u32>;
var<workgroup> wi: atomic<i32>;

fn add_u(p: ptr<storage, atomic<u32>, read_write>, v: u32) -> u32 {
    return atomicAdd(p, v);
}

fn sub_u(p: ptr<storage, atomic<u32>, read_write>, v: u32) {
    atomicSub(p, v);
}

fn add_i(p: ptr<storage, atomic<i32>, read_write>, v: i32) {
    atomicAdd(p, v);
}

fn wsub(p: ptr<workgroup, atomic<u32>>) {
    atomicSub(p, 1u);
}

fn wadd(p: ptr<workgroup, atomic<i32>>) {
    atomicAdd(p, 1);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
    if li == 0u {
        atomicStore(&wi, 2147483647 - 31);
    }
    workgroupBarrier();
    _ = add_u(&su[0], 1u);
    sub_u(&su[1], 1u);
    add_i(&si[0], 1);
    add_i(&si[1], -1);
    wsub(&wu);
    wadd(&wi);
    workgroupBarrier();
    if li == 0u {
        out_u = atomicLoad(&wu);
        out_i = atomicLoad(&wi);
    }
}

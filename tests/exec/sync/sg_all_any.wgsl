// subgroupAll / subgroupAny in uniform control flow, size-independent.
// Each invocation packs eight results into bits (bit k = result k):
// 0 all(true) = 1; 1 all(sid != 0) = 0; 2 all(sid < size) = 1;
// 3 any(false) = 0; 4 any(sid == size - 1) = 1; 5 any(sid == 3) = 1 (size >= 4);
// 6 all(li < 200) = 1; 7 any(li >= 128) = 0; so 0b01110101 = 117.
// Data-driven, with an input that is false only at local index 5 (and one
// true only at 77): exactly the subgroup holding index 5 sees all() false and
// exactly the one holding 77 sees any() true, so counting such invocations in
// the workgroup gives size each; invocation 0 writes count == size for both.
// dispatch: 2,1,1
// buffer 0:0 = u32:1*5, 0, 1*122
// expect 0:1 = 117*256
// expect 0:2 = 1, 1, 1, 1
enable subgroups;

@group(0) @binding(0) var<storage, read> flag: array<u32, 128>;
@group(0) @binding(1) var<storage, read_write> bits: array<u32, 256>;
@group(0) @binding(2) var<storage, read_write> counted: array<vec2<u32>, 2>;

var<workgroup> not_all: atomic<u32>;
var<workgroup> some: atomic<u32>;

@compute @workgroup_size(128)
fn main(@builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(subgroup_invocation_id) sid: u32,
        @builtin(subgroup_size) size: u32) {
    var r = array<bool, 8>(
        subgroupAll(true),
        subgroupAll(sid != 0u),
        subgroupAll(sid < size),
        subgroupAny(false),
        subgroupAny(sid == size - 1u),
        subgroupAny(sid == 3u),
        subgroupAll(li < 200u),
        subgroupAny(li >= 128u),
    );
    var b = 0u;
    for (var k = 0u; k < 8u; k++) {
        if r[k] { b |= 1u << k; }
    }
    bits[wid.x * 128u + li] = b;
    let a = subgroupAll(flag[li] != 0u);
    let y = subgroupAny(li == 77u);
    if !a { atomicAdd(&not_all, 1u); }
    if y { atomicAdd(&some, 1u); }
    workgroupBarrier();
    if li == 0u {
        counted[wid.x] = vec2<u32>(select(0u, 1u, atomicLoad(&not_all) == size),
                                   select(0u, 1u, atomicLoad(&some) == size));
    }
}

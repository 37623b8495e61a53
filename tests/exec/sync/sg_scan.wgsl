// Inclusive and exclusive subgroup scans (subgroupExclusiveAdd / InclusiveAdd /
// ExclusiveMul / InclusiveMul) in uniform control flow, so every invocation is
// active and IDs are dense: the scan over IDs below (or up to) sid has a
// closed form in sid alone, whatever the size. Each invocation writes a bit
// mask of failed checks (expect 0):
// Bit 0: exclusiveAdd(1u) = sid. Bit 1: inclusiveAdd(1u) = sid + 1.
// Bit 2: exclusiveAdd(sid) = sid (sid - 1) / 2. Bit 3: inclusiveAdd(sid) =
// sid (sid + 1) / 2. Bit 4: exclusiveMul(sid < 4 ? 3u : 1u) = 3^min(sid, 4)
// (1 for sid 0, the spec's T(1)). Bit 5: inclusiveMul of the same =
// 3^min(sid + 1, 4). Bit 6: exclusiveAdd(vec2<i32>(1, -2)) = (sid, -2 sid).
// Bit 7: inclusiveAdd(0.5) = (sid + 1) / 2. Bit 8: exclusiveMul(-1.0) = +1
// or -1 as sid is even or odd. Bit 9: inclusiveMul(sid == 1 ? -2 : 1) = 1
// for sid 0, else -2. Bit 10: inclusiveAdd(0x40000000u) = (sid + 1) * 2^30
// (u32 wraps modulo 2^32). Bit 11: exclusiveAdd(vec4<f32>(1, 2, 0.25, -1)) =
// sid * (1, 2, 0.25, -1). Bit 12: exclusiveAdd of li (local index, differing
// per invocation) equals the sum of li over lower IDs, gathered with
// subgroupShuffle from IDs 0..sid-1.
// dispatch: 2,1,1
// expect 0:0 = 0*256
enable subgroups;

@group(0) @binding(0) var<storage, read_write> bad: array<u32, 256>;

fn pow3(e: u32) -> u32 {
    var r = 1u;
    for (var i = 0u; i < e; i++) { r *= 3u; }
    return r;
}

@compute @workgroup_size(128)
fn main(@builtin(local_invocation_index) li: u32,
        @builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(subgroup_invocation_id) sid: u32,
        @builtin(subgroup_size) size: u32) {
    let s = i32(sid);
    let ex1 = subgroupExclusiveAdd(1u);
    let in1 = subgroupInclusiveAdd(1u);
    let exs = subgroupExclusiveAdd(sid);
    let ins = subgroupInclusiveAdd(sid);
    let m3 = select(1u, 3u, sid < 4u);
    let exm = subgroupExclusiveMul(m3);
    let inm = subgroupInclusiveMul(m3);
    let exv = subgroupExclusiveAdd(vec2<i32>(1, -2));
    let inf = subgroupInclusiveAdd(0.5);
    let exf = subgroupExclusiveMul(-1.0);
    let ini = subgroupInclusiveMul(select(1, -2, sid == 1u));
    let inw = subgroupInclusiveAdd(0x40000000u);
    let exv4 = subgroupExclusiveAdd(vec4<f32>(1.0, 2.0, 0.25, -1.0));
    let exl = subgroupExclusiveAdd(li);
    var want_exl = 0u;
    for (var k = 0u; k < size; k++) {
        let other = subgroupShuffle(li, k);
        if k < sid { want_exl += other; }
    }
    var b = 0u;
    if ex1 != sid { b |= 1u << 0u; }
    if in1 != sid + 1u { b |= 1u << 1u; }
    if exs != sid * (sid - 1u) / 2u { b |= 1u << 2u; }
    if ins != sid * (sid + 1u) / 2u { b |= 1u << 3u; }
    if exm != pow3(min(sid, 4u)) { b |= 1u << 4u; }
    if inm != pow3(min(sid + 1u, 4u)) { b |= 1u << 5u; }
    if any(exv != vec2<i32>(s, -2 * s)) { b |= 1u << 6u; }
    if inf != 0.5 * f32(sid + 1u) { b |= 1u << 7u; }
    if exf != select(-1.0, 1.0, sid % 2u == 0u) { b |= 1u << 8u; }
    if ini != select(-2, 1, sid == 0u) { b |= 1u << 9u; }
    if inw != (sid + 1u) * 0x40000000u { b |= 1u << 10u; }
    if any(exv4 != f32(sid) * vec4<f32>(1.0, 2.0, 0.25, -1.0)) { b |= 1u << 11u; }
    if exl != want_exl { b |= 1u << 12u; }
    bad[gid.x] = b;
}

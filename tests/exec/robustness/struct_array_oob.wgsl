// Arrays of structs with arrays inside, in storage and function memory,
// indexed out of bounds at the outer level, the inner level or both, bounds
// checks on. S = { a: u32, b: vec3<f32>, c: array<i32, 2> } (a at 0, b at 16,
// c at 28, size 48), array<S, 4> in storage.
// Reads s[i].a, s[i].b, s[i].c[j], s[1].c[j] with i in {4, 0xffffffff} and
// j in {2, i32 -1}: an invalid load returns any word of the buffer or zero
// (or for a vector (0, 0, x), x in {0, 1.0}), so each word read is checked
// against a read-only copy of the buffer's 48 words (flags: 1).
// Then stores through the same OOB references (whole struct, member, inner
// element), then every struct rewritten in bounds to a = 200 + k,
// b = (10 + k, 20 + k, 30 + k), c = (-100 - k, -200 - k): exact.
// The same on a function-scope array<S, 2> (copied to the output after the
// in-bounds rewrite, so exact too; its reads are checked against its own
// start values 1, 2.5, 3.5, 4.5, -5, -6 and zero).
// In-bounds reads through the same code: s[3].c[1] = -14, s[2].b.z = 2.125.
// bounds-checks: on
// buffer 0:0 = u32:0x64, 0x0, 0x0, 0x0, 0x3f000000, 0x3e800000, 0x3e000000, 0xffffffff, 0xfffffff5, 0x0, 0x0, 0x0, 0x65, 0x0, 0x0, 0x0, 0x3fc00000, 0x3fa00000, 0x3f900000, 0xfffffffe, 0xfffffff4, 0x0, 0x0, 0x0, 0x66, 0x0, 0x0, 0x0, 0x40200000, 0x40100000, 0x40080000, 0xfffffffd, 0xfffffff3, 0x0, 0x0, 0x0, 0x67, 0x0, 0x0, 0x0, 0x40600000, 0x40500000, 0x40480000, 0xfffffffc, 0xfffffff2, 0x0, 0x0, 0x0
// buffer 0:1 = u32:0x64, 0x0, 0x0, 0x0, 0x3f000000, 0x3e800000, 0x3e000000, 0xffffffff, 0xfffffff5, 0x0, 0x0, 0x0, 0x65, 0x0, 0x0, 0x0, 0x3fc00000, 0x3fa00000, 0x3f900000, 0xfffffffe, 0xfffffff4, 0x0, 0x0, 0x0, 0x66, 0x0, 0x0, 0x0, 0x40200000, 0x40100000, 0x40080000, 0xfffffffd, 0xfffffff3, 0x0, 0x0, 0x0, 0x67, 0x0, 0x0, 0x0, 0x40600000, 0x40500000, 0x40480000, 0xfffffffc, 0xfffffff2, 0x0, 0x0, 0x0
// buffer 0:2 = u32:4, 0xffffffff, 3, 2
// buffer 0:3 = i32:2, -1, 1
// expect 0:0 = 200, 10.0, 20.0, 30.0, -100, -200, 201, 11.0, 21.0, 31.0, -101, -201, 202, 12.0, 22.0, 32.0, -102, -202, 203, 13.0, 23.0, 33.0, -103, -203
// expect 0:4 = 200, 10.0, 20.0, 30.0, -100, -200, 201, 11.0, 21.0, 31.0, -101, -201
// expect 0:5 = 0xfffffff2, 0x40080000, 1*17

struct S {
    a: u32,
    b: vec3<f32>,
    c: array<i32, 2>,
}

@group(0) @binding(0) var<storage, read_write> s: array<S, 4>;
@group(0) @binding(1) var<storage, read> copy: array<u32, 48>;
@group(0) @binding(2) var<storage, read> uidx: array<u32, 4>;
@group(0) @binding(3) var<storage, read> iidx: array<i32, 3>;
@group(0) @binding(4) var<storage, read_write> fout: array<S, 2>;
@group(0) @binding(5) var<storage, read_write> out: array<u32, 19>;

fn in_buffer(v: u32) -> bool {
    var found = v == 0u || v == 0x3f800000u;
    for (var k = 0u; k < 48u; k++) {
        found = found || copy[k] == v;
    }
    return found;
}

fn in_fn(v: u32) -> bool {
    return v == 0u || v == 1u || v == bitcast<u32>(2.5) || v == bitcast<u32>(3.5) ||
           v == bitcast<u32>(4.5) || v == bitcast<u32>(-5i) || v == bitcast<u32>(-6i) ||
           v == 0x3f800000u;
}

fn b3(v: vec3<f32>, fnscope: bool) -> bool {
    let w = bitcast<vec3<u32>>(v);
    if fnscope {
        return in_fn(w.x) && in_fn(w.y) && in_fn(w.z);
    }
    return in_buffer(w.x) && in_buffer(w.y) && in_buffer(w.z);
}

@compute @workgroup_size(1)
fn main() {
    var fs = array<S, 2>(S(1u, vec3<f32>(2.5, 3.5, 4.5), array<i32, 2>(-5, -6)),
                         S(1u, vec3<f32>(2.5, 3.5, 4.5), array<i32, 2>(-5, -6)));
    let three = uidx[2];
    let two = uidx[3];
    let one = iidx[2];
    out[0] = bitcast<u32>(s[three].c[one]);
    out[1] = bitcast<u32>(s[two].b.z);
    var f = 2u;
    for (var k = 0u; k < 2u; k++) {
        let i = uidx[k];
        let j = iidx[k];
        out[f] = select(0u, 1u, in_buffer(s[i].a)); f++;
        out[f] = select(0u, 1u, b3(s[i].b, false)); f++;
        out[f] = select(0u, 1u, in_buffer(bitcast<u32>(s[i].c[j]))); f++;
        out[f] = select(0u, 1u, in_buffer(bitcast<u32>(s[1].c[j]))); f++;
        out[f] = select(0u, 1u, in_fn(fs[i].a) && b3(fs[i].b, true)); f++;
        out[f] = select(0u, 1u, in_fn(bitcast<u32>(fs[i].c[j])) && in_fn(bitcast<u32>(fs[one].c[j]))); f++;
    }
    for (var k = 0u; k < 2u; k++) {
        let i = uidx[k];
        let j = iidx[k];
        s[i] = S(9u, vec3<f32>(9.0), array<i32, 2>(9, 9));
        s[i].b = vec3<f32>(8.0);
        s[i].c[j] = -999;
        s[1].c[j] = -998;
        fs[i] = S(9u, vec3<f32>(9.0), array<i32, 2>(9, 9));
        fs[i].c[j] = -999;
        fs[0].c[j] = -998;
    }
    for (var k = 0u; k < 4u; k++) {
        let ik = i32(k);
        let v = S(200u + k, vec3<f32>(f32(10u + k), f32(20u + k), f32(30u + k)),
                  array<i32, 2>(-100 - ik, -200 - ik));
        s[k] = v;
        if k < 2u {
            fs[k] = v;
        }
    }
    fout = fs;
    out[f] = select(0u, 1u, f == 14u); f++;
    out[f] = select(0u, 1u, s[three].c[one] == -203); f++;
    out[f] = select(0u, 1u, fs[one].b.y == 21.0); f++;
    out[f] = select(0u, 1u, f == 17u); f++;
    out[f] = select(0u, 1u, fs[0].a == 200u);
}

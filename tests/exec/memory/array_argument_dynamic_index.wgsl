// An array argument indexed with runtime indices many times, in several
// blocks and a loop, and through a member of an element (`p[j].a[i]`):
// each access reads the argument's value (spec, "Array Access Expression":
// a value's element; arguments are values, "Function Calls"). tessera
// stores such an argument once and indexes through that copy (a copy per
// access made drivers' compilers run for minutes: differential seeds
// 1076066, 1088798).
//  p[k].a[m] = 10k + m, p[k].c = 100 + k, k, m in 0..3.
//  f(p, i, j): rec(p[i].c); if i > 1 { rec(p[j].a[i]) } else { rec(p[j].c) };
//  for m in 0..3 { rec(p[m].a[j]) }; rec(p[i & 1].a[j]).
//  f(p, 2, 1): 102, 12, 1, 11, 21, 1
//  f(p, 0, 2): 100, 102, 2, 12, 22, 2
// buffer 0:0 = u32:2, 1, 0, 2
// expect 0:1 = 102, 12, 1, 11, 21, 1, 100, 102, 2, 12, 22, 2

struct S {
    a: array<u32, 3>,
    c: u32,
}

@group(0) @binding(0) var<storage, read> inp: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 12>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

fn f(p: array<S, 3>, i: u32, j: u32) {
    rec(p[i].c);
    if i > 1u {
        rec(p[j].a[i]);
    } else {
        rec(p[j].c);
    }
    for (var m = 0u; m < 3u; m++) {
        rec(p[m].a[j]);
    }
    rec(p[i & 1u].a[j]);
}

@compute @workgroup_size(1)
fn main() {
    var p: array<S, 3>;
    for (var k = 0u; k < 3u; k++) {
        for (var m = 0u; m < 3u; m++) {
            p[k].a[m] = 10u * k + m;
        }
        p[k].c = 100u + k;
    }
    f(p, inp[0], inp[1]);
    f(p, inp[2], inp[3]);
}

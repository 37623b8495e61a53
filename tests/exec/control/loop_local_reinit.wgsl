// Declarations in a loop body make a new instance each iteration and
// re-initialise it (spec, "Loop Statement" and "For Statement": "each new
// iteration creates a new instance of the variable or value, and
// re-initializes it"; a var without initializer is zero-initialised, "var
// Declarations").
//  for i = 0..3: var z (no initializer), var acc = 10, let l = i * 3;
//    z += i; acc += l; records z, acc:   0 10, 1 13, 2 16, 3 19
//  while w = 0..2: var arr: array<u32, 2>; arr[w % 2] += w + 1; records arr:
//    1 0, 0 2, 3 0
//  loop with var s: S (struct, no initializer); s.b += k + 1 and
//  let snap = k before k += 5; records snap, s.a, s.b:
//    0 0 1, 5 0 6   (two iterations, break-if k >= 10)
//  for j = 0..2 where iteration 0 writes q = 7 and continues; q is a new
//  zeroed instance in the next iteration: records q at the top of each
//  iteration, 0 0 0
// buffer 0:0 = u32:4, 3, 10
// expect 0:1 = 0, 10, 1, 13, 2, 16, 3, 19, 1, 0, 0, 2, 3, 0, 0, 0, 1, 5, 0, 6, 0, 0, 0

@group(0) @binding(0) var<storage, read> inp: array<u32, 3>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 23>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

struct S {
    a: u32,
    b: u32,
}

@compute @workgroup_size(1)
fn main() {
    let four = inp[0];
    let three = inp[1];
    let ten = inp[2];
    for (var i = 0u; i < four; i++) {
        var z: u32;
        var acc = 10u;
        let l = i * 3u;
        z += i;
        acc += l;
        rec(z);
        rec(acc);
    }
    var w = 0u;
    while w < three {
        var arr: array<u32, 2>;
        arr[w % 2u] += w + 1u;
        rec(arr[0]);
        rec(arr[1]);
        w++;
    }
    var k = 0u;
    loop {
        var s: S;
        s.b += k + 1u;
        let snap = k;
        k += 5u;
        rec(snap);
        rec(s.a);
        rec(s.b);
        continuing {
            break if k >= ten;
        }
    }
    for (var j = 0u; j < three; j++) {
        var q: u32;
        rec(q);
        if j == 0u {
            q = 7u;
            continue;
        }
        q = 9u;
    }
}

// A `continuing` block reads the body's `let` and `var` declarations (spec,
// "Loop Statement", "Continue Statement": a continue may not skip a declaration
// the continuing uses, so the continues here come after the declarations).
// Each iteration makes new instances: `sq` is i*i, `tmp` starts at sq + 1.
// i = 0: sq 0, tmp 1                      -> continuing records 0 1
// i = 1: tmp set to 100, then continue     -> 1 100
// i = 2: tmp += 10 (re-initialised to 5)   -> 4 15
// i = 3: continue (tmp re-initialised)     -> 9 10
// The continuing also records sq + tmp through a helper taking a pointer to
// the body's var: 1, 101, 19, 19. Loop ends by break-if at i == 4.
// buffer 0:0 = u32:4
// expect 0:1 = 0, 1, 1, 1, 100, 101, 4, 15, 19, 9, 10, 19, 12

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 13>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

fn sum(a: u32, p: ptr<function, u32>) -> u32 { return a + *p; }

@compute @workgroup_size(1)
fn main() {
    let limit = inp[0];
    var i = 0u;
    loop {
        let sq = i * i;
        var tmp = sq + 1u;
        if i == 1u {
            tmp = 100u;
            continue;
        }
        if i == 3u { continue; }
        tmp += 10u * (i / 2u);
        continuing {
            rec(sq);
            rec(tmp);
            rec(sum(sq, &tmp));
            i++;
            break if i == limit;
        }
    }
    out[12] = n;
}

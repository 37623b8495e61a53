// `continue` in a `for` loop runs the update part (spec, "For Statement": the
// update becomes the loop's continuing statement; "Continue Statement": control
// goes forward to the continuing statement); in a `while` loop it goes back to
// the condition; in a `loop` it runs the `continuing` block (and its break-if).
// In the for loop the update step(&i) records 100+i then increments i; the body skips
//   i == 1 and i == 3 with continue:      0 100 101 2 102 103
// while (w < 5): w++, continue at w == 2:  201 203 204 205
// loop, continue at l == 1, continuing records 400+l and breaks at l >= 3:
//   300 400 401 302 402
// 15 entries; the last element is the trace length.
// buffer 0:0 = u32:3, 4, 5
// expect 0:1 = 0, 100, 101, 2, 102, 103, 201, 203, 204, 205, 300, 400, 401, 302, 402
// expect 0:1 = 0*4, 15

@group(0) @binding(0) var<storage, read> inp: array<u32, 3>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 20>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

fn step(p: ptr<function, u32>) {
    rec(100u + *p);
    *p += 1u;
}

@compute @workgroup_size(1)
fn main() {
    let three = inp[0];
    let four = inp[1];
    let five = inp[2];
    for (var i = 0u; i < four; step(&i)) {
        if i == 1u { continue; }
        if i >= 2u {
            if i == 3u { continue; }
        }
        rec(i);
    }
    var w = 0u;
    while w < five {
        w++;
        if w == 2u { continue; }
        rec(200u + w);
    }
    var l = 0u;
    loop {
        if l == 1u { continue; }
        rec(300u + l);
        continuing {
            rec(400u + l);
            l++;
            break if l >= three;
        }
    }
    out[19] = n;
}

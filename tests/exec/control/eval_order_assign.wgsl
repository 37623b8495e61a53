// Evaluation order in assignments (spec, "Simple Assignment": "Evaluates r,
// then evaluates e, then writes"; "Compound Assignment": e1 is evaluated only
// once; "Increment and Decrement Statements"). nc() returns the private
// counter c and then increments it (0, 1, 2, ...).
//  res[nc()] = nc() + 10          -> index 0, value 1 + 10:  res[0] = 11
//  res[nc()] += nc() + 10         -> index 2 (once), value 0 + 3 + 10: res[2] = 13
//  res[nc()]++                    -> index 4:                res[4] = 1
//  a = 100..107 (input) in a function var:
//  a[nc()] = a[nc()]              -> a[5] = a[6] = 106
//  a[nc()] *= nc()                -> a[7] = 107 * 8 = 856
//  a[nc() - 9] -= nc() - 9        -> a[0] = 100 - (10 - 9) = 99
//  s.v[nc() - 11] = s.v[nc() - 11] + nc()
//     with s.v = (1, 2, 3): index 0 on the left (c 11), the right reads
//     s.v[1] (c 12) and adds 13 -> s.v = (15, 2, 3)
//  c ends at 14.
// Then res[1] = a[5], res[3] = a[7], res[5] = a[0], res[6..8] = s.v, res[9] = c.
// buffer 0:0 = u32:100, 101, 102, 103, 104, 105, 106, 107
// expect 0:1 = 11, 106, 13, 856, 1, 99, 15, 2, 3, 14

@group(0) @binding(0) var<storage, read> inp: array<u32, 8>;
@group(0) @binding(1) var<storage, read_write> res: array<u32, 10>;

var<private> c: u32;
fn nc() -> u32 {
    let v = c;
    c++;
    return v;
}

struct S {
    v: vec3<u32>,
}

@compute @workgroup_size(1)
fn main() {
    res[nc()] = nc() + 10u;
    res[nc()] += nc() + 10u;
    res[nc()]++;
    var a = inp;
    a[nc()] = a[nc()];
    a[nc()] *= nc();
    a[nc() - 9u] -= nc() - 9u;
    var s = S(vec3(inp[0] - 99u, inp[0] - 98u, inp[0] - 97u));
    s.v[nc() - 11u] = s.v[nc() - 11u] + nc();
    res[1] = a[5];
    res[3] = a[7];
    res[5] = a[0];
    res[6] = s.v.x;
    res[7] = s.v.y;
    res[8] = s.v.z;
    res[9] = c;
}

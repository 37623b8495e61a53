// ptr<function, T> parameters (spec, "Pointer Types", "Restrictions on
// Functions", "Alias Analysis"): the callee reads and writes the caller's
// function-scope variables through them; pointers are passed on to further
// calls, and `let q = p;` names the same memory view.
//  swap(&a, &b) with a = 3, b = 8 (input)                  -> a 8, b 3
//  incr(&a) three times through pass-on helper inc3(p)     -> a 11
//  scale(&v, 2) for v = vec3(1, 2, 3)                      -> 2 4 6
//  fill(&arr, 5) writes arr[i] = 5 + i for arr: array<u32, 4> -> 5 6 7 8
//  bump_s(&s) for struct S { x: u32, y: vec2<u32> } = (1, (2, 3))
//    s.x += 10, s.y = s.y.yx                               -> 11 3 2
//  read-only sum2(&a, &a): two pointers to the same variable are allowed
//  when neither is written (spec example f4/f5)            -> 22
//  via(&b): let q = p; *q = *q * 100                       -> b 300
// buffer 0:0 = u32:3, 8
// expect 0:1 = 8, 3, 11, 2, 4, 6, 5, 6, 7, 8, 11, 3, 2, 22, 300

@group(0) @binding(0) var<storage, read> inp: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 15>;

struct S {
    x: u32,
    y: vec2<u32>,
}

fn swap(p: ptr<function, u32>, q: ptr<function, u32>) {
    let t = *p;
    *p = *q;
    *q = t;
}
fn incr(p: ptr<function, u32>) { *p += 1u; }
fn inc3(p: ptr<function, u32>) {
    incr(p);
    incr(p);
    incr(p);
}
fn scale(p: ptr<function, vec3<u32>>, k: u32) { *p = *p * k; }
fn fill(p: ptr<function, array<u32, 4>>, base: u32) {
    for (var i = 0u; i < 4u; i++) {
        (*p)[i] = base + i;
    }
}
fn bump_s(p: ptr<function, S>) {
    (*p).x += 10u;
    (*p).y = (*p).y.yx;
}
fn sum2(p: ptr<function, u32>, q: ptr<function, u32>) -> u32 { return *p + *q; }
fn via(p: ptr<function, u32>) {
    let q = p;
    *q = *q * 100u;
}

@compute @workgroup_size(1)
fn main() {
    var a = inp[0];
    var b = inp[1];
    swap(&a, &b);
    out[0] = a;
    out[1] = b;
    inc3(&a);
    out[2] = a;
    var v = vec3(1u, 2u, 3u) * (b - 2u);
    scale(&v, 2u);
    out[3] = v.x;
    out[4] = v.y;
    out[5] = v.z;
    var arr: array<u32, 4>;
    fill(&arr, b + 2u);
    out[6] = arr[0];
    out[7] = arr[1];
    out[8] = arr[2];
    out[9] = arr[3];
    var s = S(b - 2u, vec2(b - 1u, b));
    bump_s(&s);
    out[10] = s.x;
    out[11] = s.y.x;
    out[12] = s.y.y;
    out[13] = sum2(&a, &a);
    via(&b);
    out[14] = b;
}

// Logical operators (spec, "Logical Expressions"): `!`, short-circuiting
// `&&` / `||` (e2 evaluated only if needed), non-short-circuiting `&` / `|`
// on bool (both sides always evaluated), component-wise `!`, `&`, `|` on
// vec4<bool>. Also `==`/`!=` on bool.
// Inputs: p, q over the four combinations (0,0) (0,1) (1,0) (1,1); for each
// the shader writes !p, p&&q, p||q, p&q, p|q, p==q, p!=q.
// Side effects: each call of `bump(v)` adds 1 to a counter and returns v.
//   false && bump  -> not called; true && bump -> called; true || bump -> not
//   called; false || bump -> called; false & bump, true | bump -> called.
//   So 4 calls in total (s[6]); s[0..5] are the six results (s[5] minus 1).
// Const: `false && (10i < i32(5 * 1000 * 1000 * 1000))` is valid and false
// (spec, "const Expressions": the right-hand side is not evaluated), and
// `true || (...)` likewise true.
// buffer 0:0 = u32:0,0, 0,1, 1,0, 1,1
// expect 0:1 = u32:1,0,0,0,0,1,0, 1,0,1,0,1,0,1, 0,0,1,0,1,0,1, 0,1,1,1,1,1,0
// expect 0:2 = u32:0,1,1,1,0,0, 4, 0,1
// expect 0:3 = u32:1,1,0,0, 0,0,0,1, 0,1,1,1

@group(0) @binding(0) var<storage, read> a: array<u32, 8>;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 28>;
@group(0) @binding(2) var<storage, read_write> s: array<u32, 9>;
@group(0) @binding(3) var<storage, read_write> vr: array<vec4<u32>, 3>;

var<private> calls: u32 = 0u;

fn bump(v: bool) -> bool {
    calls += 1u;
    return v;
}

fn b(c: bool) -> u32 { return select(0u, 1u, c); }

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 4u; i++) {
        let p = a[2u * i] != 0u;
        let q = a[2u * i + 1u] != 0u;
        r[7u * i] = b(!p);
        r[7u * i + 1u] = b(p && q);
        r[7u * i + 2u] = b(p || q);
        r[7u * i + 3u] = b(p & q);
        r[7u * i + 4u] = b(p | q);
        r[7u * i + 5u] = b(p == q);
        r[7u * i + 6u] = b(p != q);
    }
    let f = a[0] != 0u; // false
    let t = a[7] != 0u; // true
    s[0] = b(f && bump(true));  // 0, no call
    s[1] = b(t && bump(true));  // 1, call
    s[2] = b(t || bump(false)); // 1, no call
    s[3] = b(f || bump(true));  // 1, call
    s[4] = b(f & bump(true));   // 0, call
    s[5] = b(t | bump(false)) - 1u; // 0, call
    s[6] = calls;
    s[7] = b(false && (10i < i32(5 * 1000 * 1000 * 1000)));
    s[8] = b(true || (10i < i32(5 * 1000 * 1000 * 1000)));
    let pv = vec4<bool>(a[0] != 0u, a[2] != 0u, a[4] != 0u, a[6] != 0u); // (f, f, t, t)
    let qv = vec4<bool>(a[1] != 0u, a[3] != 0u, a[5] != 0u, a[7] != 0u); // (f, t, f, t)
    let z = vec4<u32>(0u);
    let o = vec4<u32>(1u);
    vr[0] = select(z, o, !pv);
    vr[1] = select(z, o, pv & qv);
    vr[2] = select(z, o, pv | qv);
}

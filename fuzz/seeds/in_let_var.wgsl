// let and var declarations: inferred and explicit types, shadowing,
// zero-initialised vars, private vars with initialisers.
var<private> seed: u32 = 12345u;
var<private> history: array<u32, 4>;

fn next_random() -> u32 {
    seed = seed * 1664525u + 1013904223u;
    return seed;
}

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    seed ^= gid.x;
    let a = next_random();
    let b: u32 = next_random();
    var c: u32;
    var d = a ^ b;
    var e: vec2<u32> = vec2(a, b);
    {
        let a = 5u;
        var d = a + 1u;
        d *= 2u;
        c = d;
    }
    history[gid.x % 4u] = d;
    var f: array<u32, 2>;
    f[1] = e.y;
    e.x = c;
    out[gid.x] = a + b + c + d + e.x + f[0] + f[1] + history[0];
}

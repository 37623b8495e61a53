// Locals shadowing module-scope declarations (spec, "Declaration and Scope":
// a non-module-scope declaration in scope wins over a module-scope one; a
// module-scope declaration may come after its use; user declarations may reuse
// the names of predeclared built-in functions).
//   rec(g) before any local: the private g = 7
//   var g = x + 100 (x = 5) shadows it; g += 1 -> 106
//   readg() still reads the private g -> 7
//   { let K = g * 2 } -> 212; outside, the module const K -> 3; helperK() -> 3
//   let max = x (a local named like the built-in max) -> max + 1 = 6
//   a module-scope var<private> named `min` (= 9): usemin() -> 10, min -> 9
//   later() returns a const declared after it -> 42
//   { let readg = 55 } -> 55; after the block readg() is the function again -> 7
//   setg(8) writes the private g: local g still 106, readg() -> 8
// buffer 0:0 = u32:5
// expect 0:1 = 7, 106, 7, 212, 3, 3, 6, 10, 9, 42, 55, 7, 106, 8

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 14>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

var<private> g: u32 = 7u;
const K = 3u;
var<private> min: u32 = 9u;

fn readg() -> u32 { return g; }
fn setg(v: u32) { g = v; }
fn helperK() -> u32 { return K; }
fn usemin() -> u32 { return min + 1u; }
fn later() -> u32 { return after_use; }

const after_use = 42u;

@compute @workgroup_size(1)
fn main() {
    let x = inp[0];
    rec(g);
    var g = x + 100u;
    g += 1u;
    rec(g);
    rec(readg());
    {
        let K = g * 2u;
        rec(K);
    }
    rec(K);
    rec(helperK());
    let max = x;
    rec(max + 1u);
    rec(usemin());
    rec(min);
    rec(later());
    {
        let readg = 55u;
        rec(readg);
    }
    rec(readg());
    setg(8u);
    rec(g);
    rec(readg());
}

// if / else if / else chains, nested (spec, "If Statement": the first clause
// whose condition is true runs; later conditions are not evaluated).
// Part 1, per input pair (x, y), a chain with nested chains inside:
//   x < 0:  y < 0 -> 1, y == 0 -> 2, else 3
//   x == 0: 4
//   x < y:  x even -> 5, else 6
//   x == y: 7
//   Otherwise: 8
//   pairs (-1,-5) (-1,0) (-1,3) (0,9) (2,5) (3,5) (4,4) (9,1) -> 1 2 3 4 5 6 7 8
// Part 2, conditions with side effects: cond(tag, b) records tag and returns b;
//   if cond(10, x > 5) {20} else if cond(11, x > 2) {21} else if cond(12, x > 0) {22} else {23}
//   (each branch records its number):
//   x = 3  -> 10 11 21        (12 is never evaluated)
//   x = 9  -> 10 20
//   x = -1 -> 10 11 12 23
// buffer 0:0 = i32:-1, -5, -1, 0, -1, 3, 0, 9, 2, 5, 3, 5, 4, 4, 9, 1
// expect 0:1 = 1, 2, 3, 4, 5, 6, 7, 8
// expect 0:1 = 10, 11, 21, 10, 20, 10, 11, 12, 23

@group(0) @binding(0) var<storage, read> inp: array<i32, 16>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 17>;

var<private> n: u32 = 8u;
fn rec(v: u32) { out[n] = v; n++; }
fn cond(tag: u32, b: bool) -> bool {
    rec(tag);
    return b;
}

fn chain(x: i32) {
    if cond(10u, x > 5) {
        rec(20u);
    } else if cond(11u, x > 2) {
        rec(21u);
    } else if cond(12u, x > 0) {
        rec(22u);
    } else {
        rec(23u);
    }
}

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 8u; i++) {
        let x = inp[2u * i];
        let y = inp[2u * i + 1u];
        var r = 0u;
        if x < 0 {
            if y < 0 {
                r = 1u;
            } else if y == 0 {
                r = 2u;
            } else {
                r = 3u;
            }
        } else if x == 0 {
            r = 4u;
        } else if x < y {
            if x % 2 == 0 {
                r = 5u;
            } else {
                r = 6u;
            }
        } else if x == y {
            r = 7u;
        } else {
            r = 8u;
        }
        out[i] = r;
    }
    chain(inp[10]);
    chain(inp[14]);
    chain(inp[0]);
}

// Pointers formed inside loops (spec, "let Declarations": a let is evaluated
// each time its declaration runs; "Forming Reference and Pointer Values":
// `&arr[i]` fixes the element when evaluated; "Loop Statement": a var in the
// body is a new, re-initialised instance each iteration).
//  1. for i = 0..3: let p = &items[i]; p.count += i + 1; p.total = p.count * 10
//     with items all (1, 0) at the start -> counts 2 3 4 5, totals 20 30 40 50
//  2. a pointer taken before the loop to the element chosen by k = 1, then k
//     changes inside the loop; the pointer still names items[1]: three times
//     (*e).count += 100 -> items[1].count = 303
//  3. for i = 0..2: var tmp = i; bump(&tmp) (+5) and record tmp -> 5 6 7; each
//     iteration starts a new tmp from i
//  4. a pointer to a private array element chosen by a loop counter, written
//     through a helper: pa[j] = j * j for j = 0..3 -> 0 1 4 9
// buffer 0:0 = u32:1, 4
// expect 0:1 = 2, 20, 303, 30, 4, 40, 5, 50
// expect 0:1 = 5, 6, 7, 0, 1, 4, 9

@group(0) @binding(0) var<storage, read> inp: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 15>;

struct Item {
    count: u32,
    total: u32,
}

var<private> pa: array<u32, 4>;

fn bump(p: ptr<function, u32>) { *p += 5u; }
fn psq(p: ptr<private, u32>, j: u32) { *p = j * j; }

@compute @workgroup_size(1)
fn main() {
    let n = inp[1];
    var items: array<Item, 4>;
    for (var i = 0u; i < n; i++) {
        items[i].count = inp[0];
    }
    for (var i = 0u; i < n; i++) {
        let p = &items[i];
        p.count += i + 1u;
        p.total = p.count * 10u;
    }
    var k = inp[0];
    let e = &items[k];
    for (var t = 0u; t < 3u; t++) {
        k = t + 2u;
        (*e).count += 100u;
    }
    for (var i = 0u; i < n; i++) {
        out[2u * i] = items[i].count;
        out[2u * i + 1u] = items[i].total;
    }
    for (var i = 0u; i < 3u; i++) {
        var tmp = i;
        bump(&tmp);
        out[8u + i] = tmp;
    }
    for (var j = 0u; j < n; j++) {
        psq(&pa[j], j);
    }
    for (var j = 0u; j < n; j++) {
        out[11u + j] = pa[j];
    }
}

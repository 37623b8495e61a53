// Nested arrays of structs holding arrays (spec, "Array Types", "Structure
// Types", "Composite Value Decomposition Expressions", "Simple Assignment"),
// with runtime indices at every level, copies of inner parts, and a whole-value
// store to a storage buffer of the same type.
//   struct Item { id: u32, tags: array<u32, 3> }
//   struct Group { items: array<Item, 2>, count: u32 }
//   var groups: array<Group, 2>, filled with loops:
//     groups[g].items[i].id = 100g + 10i, tags[t] = 100g + 10i + t + 1,
//     groups[g].count = g + 2
//   let snap = groups[1]; groups[1].items[0].id = 999 -> snap.items[0].id = 100 is kept
//   var it = groups[0].items[1]; it.tags[2] = 77 -> groups[0].items[1].tags[2] stays 13
//   groups[0].items[1] = groups[1].items[0] -> now id 999, tags 101 102 103
//   groups[k].items[k].tags[k] += 1000 with k = 1 -> groups[1].items[1].tags[1] = 1112
// Output buffer 0:1 is the whole array<Group, 2> in memory order
// (per group: item0 id, tags(3), item1 id, tags(3), count):
//   Group 0: 0, 1 2 3, 999, 101 102 103, 2
//   Group 1: 999, 101 102 103, 110, 111 1112 113, 3
// Buffer 0:2: snap.items[0].id, it.tags[2], it.id -> 100, 77, 10
// buffer 0:0 = u32:1
// expect 0:1 = 0, 1, 2, 3, 999, 101, 102, 103, 2
// expect 0:1 = 999, 101, 102, 103, 110, 111, 1112, 113, 3
// expect 0:2 = 100, 77, 10

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<Group, 2>;
@group(0) @binding(2) var<storage, read_write> out2: array<u32, 3>;

struct Item {
    id: u32,
    tags: array<u32, 3>,
}
struct Group {
    items: array<Item, 2>,
    count: u32,
}

@compute @workgroup_size(1)
fn main() {
    let k = inp[0];
    var groups: array<Group, 2>;
    for (var g = 0u; g < 2u; g++) {
        for (var i = 0u; i < 2u; i++) {
            groups[g].items[i].id = 100u * g + 10u * i;
            for (var t = 0u; t < 3u; t++) {
                groups[g].items[i].tags[t] = 100u * g + 10u * i + t + 1u;
            }
        }
        groups[g].count = g + 2u;
    }
    let snap = groups[k];
    groups[k].items[0].id = 999u;
    var it = groups[0].items[k];
    it.tags[2] = 77u;
    groups[0].items[k] = groups[k].items[0];
    groups[k].items[k].tags[k] += 1000u;
    out = groups;
    out2[0] = snap.items[0].id;
    out2[1] = it.tags[2];
    out2[2] = it.id;
}

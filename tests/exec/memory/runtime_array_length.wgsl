// arrayLength of runtime-sized arrays (spec, "Buffer Binding Determines
// Runtime-Sized Array Element Count": NRuntime = truncate((EBBS - array_offset)
// / array_stride); "arrayLength"), called on the variable, on a struct's last
// member, through a `let` pointer, and through a ptr<storage, array<u32>,
// read_write> parameter.
//   - data: array<u32>, 40 bytes -> 10 elements
//   - world: struct { count: u32, items: array<vec3<u32>> }: items at offset 16,
//     with stride 16; the buffer is 72 bytes -> truncate((72 - 16) / 16) = 3
//   - ro: array<vec2<f32>> (read-only), 5 vec2 = 40 bytes -> 5
// data[i] = 100 * i + n for i = 0..9 except data[0] = len_of(&data) (10).
// world.count = arrayLength(p) with let p = &world.items (3);
// world.items[i] = (i, arrayLength(&ro), u32(ro[i].y)).
// buffer 0:0 = zeros:40
// buffer 0:1 = zeros:72
// buffer 0:2 = f32:0, 7, 0, 8, 0, 9, 0, 10, 0, 11
// expect 0:0 = 10, 110, 210, 310, 410, 510, 610, 710, 810, 910
// expect 0:1 = 3, 0, 5, 7, 1, 5, 8, 2, 5, 9

struct World {
    count: u32,
    items: array<vec3<u32>>,
}

@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> world: World;
@group(0) @binding(2) var<storage, read> ro: array<vec2<f32>>;

fn len_of(p: ptr<storage, array<u32>, read_write>) -> u32 { return arrayLength(p); }

@compute @workgroup_size(1)
fn main() {
    let n = arrayLength(&data);
    for (var i = 1u; i < n; i++) {
        data[i] = 100u * i + n;
    }
    data[0] = len_of(&data);
    let p = &world.items;
    world.count = arrayLength(p);
    for (var i = 0u; i < arrayLength(&world.items); i++) {
        world.items[i] = vec3(i, arrayLength(&ro), u32(ro[i].y));
    }
}

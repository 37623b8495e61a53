// Integer division and remainder at the edges WGSL defines (spec,
// "Arithmetic Expressions"): x / 0 is x, x % 0 is 0; for i32 the most
// negative value / -1 is itself and % -1 is 0; the remainder takes the
// dividend's sign (truncated division).
// buffer 0:0 = i32:7, 0, -2147483648, -1, -7, 2, 7, -2
// expect 0:1 = i32:7, 0, -2147483648, 0, -3, -1, -3, 1
// buffer 0:2 = u32:7, 0, 4294967295, 2, 9, 9
// expect 0:3 = u32:7, 0, 2147483647, 1, 1, 0

@group(0) @binding(0) var<storage, read> a: array<i32, 8>;
@group(0) @binding(1) var<storage, read_write> r: array<i32, 8>;
@group(0) @binding(2) var<storage, read> ua: array<u32, 6>;
@group(0) @binding(3) var<storage, read_write> ur: array<u32, 6>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 4u; i++) {
        r[2u * i] = a[2u * i] / a[2u * i + 1u];
        r[2u * i + 1u] = a[2u * i] % a[2u * i + 1u];
    }
    for (var i = 0u; i < 3u; i++) {
        ur[2u * i] = ua[2u * i] / ua[2u * i + 1u];
        ur[2u * i + 1u] = ua[2u * i] % ua[2u * i + 1u];
    }
}

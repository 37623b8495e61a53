// `default` inside a case list (spec, "Switch Statement": a default clause is
// either default-alone or a case clause with `default` among its selectors).
// First switch on u32:
//   Case 0u -> 100; case 1u, default, 3u -> 200 + x; case 2u, 4u -> 300 + x;
//   Case 0xffffffffu -> 400
//   X:  0    1    2    3    4    5    6    0xffffffff  100
//   R:  100  201  302  203  304  205  206  400         300
//   (100 is no selector, so it takes the default clause: 200 + 100.)
// Second switch, `default` first in its list and AbstractInt selectors that
// convert to u32: case default, 7 -> 1; case 5, 6 -> 2; case 0 -> 3:
//   X:  0  1  2  3  4  5  6  0xffffffff  100
//   R:  3  1  1  1  1  2  2  1           1
// buffer 0:0 = u32:0, 1, 2, 3, 4, 5, 6, 0xffffffff, 100
// expect 0:1 = 100, 201, 302, 203, 304, 205, 206, 400, 300
// expect 0:1 = 3, 1, 1, 1, 1, 2, 2, 1, 1

@group(0) @binding(0) var<storage, read> inp: array<u32, 9>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 18>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 9u; i++) {
        let x = inp[i];
        switch x {
            case 0u { out[i] = 100u; }
            case 1u, default, 3u: { out[i] = 200u + x; }
            case 2u, 4u { out[i] = 300u + x; }
            case 0xffffffffu { out[i] = 400u; }
        }
        switch (x) {
            case default, 7 { out[9u + i] = 1u; }
            case 5, 6 { out[9u + i] = 2u; }
            case 0 { out[9u + i] = 3u; }
        }
    }
}

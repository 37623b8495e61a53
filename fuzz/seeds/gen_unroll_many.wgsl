@group(0) @binding(0) var<storage, read_write> d: array<i32>;
@compute @workgroup_size(1)
fn main() {
 var acc = 0;
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 0 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 1 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 2 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 3 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 4 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 5 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 6 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 7 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 8 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 9 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 10 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 11 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 12 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 13 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 14 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 15 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 16 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 17 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 18 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 19 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 20 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 21 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 22 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 23 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 24 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 25 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 26 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 27 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 28 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 29 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 30 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 31 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 32 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 33 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 34 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 35 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 36 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 37 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 38 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 39 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 40 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 41 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 42 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 43 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 44 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 45 + j]; } }
 for (var i = 0; i < 16; i++) { for (var j = 0; j < 16; j++) { acc += d[i * 46 + j]; } }
 d[0] = acc;
}

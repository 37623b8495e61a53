// return from inside nested loops in helper functions (spec, "Return
// Statement": it ends the function, whatever loops it is inside).
// find(t) walks a 4x4 grid with a for, a loop and a `while true` and returns
// 10*row + col of the first cell equal to t, or 999 when none:
//   grid rows: 5 6 7 8 / 1 2 3 4 / 9 9 9 9 / 0 2 4 6
//   find(3) = 12, find(9) = 20, find(6) = 1, find(11) = 999, find(0) = 30
// walk(limit): for i, for j, records 10*i + j until i*j >= limit, then records
// 500 + 10*i + j and returns; if the loops finish it records 777.
//   walk(2): i=0: 0 1 2, i=1: 10 11, then 1*2 >= 2 -> 512
//   walk(100): 0..22 all recorded (i, j in 0..2), then 777
// pick(x) returns from inside a switch inside a loop: the first k with
// (x + k) % 4 == 0 gives 100 + k; x = 6 -> k = 2 -> 102; x = 8 -> k = 0 -> 100
// buffer 0:0 = u32:5, 6, 7, 8, 1, 2, 3, 4, 9, 9, 9, 9, 0, 2, 4, 6
// expect 0:1 = 12, 20, 1, 999, 30, 102, 100
// expect 0:1 = 0, 1, 2, 10, 11, 512
// expect 0:1 = 0, 1, 2, 10, 11, 12, 20, 21, 22, 777
// expect 0:1 = 0*8, 16

@group(0) @binding(0) var<storage, read> grid: array<u32, 16>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 32>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

fn find(t: u32) -> u32 {
    for (var i = 0u; i < 4u; i++) {
        var j = 0u;
        loop {
            if j >= 4u { break; }
            while true {
                if grid[i * 4u + j] == t {
                    return i * 10u + j;
                }
                break;
            }
            j++;
        }
    }
    return 999u;
}

fn walk(limit: u32) {
    for (var i = 0u; i < 3u; i++) {
        for (var j = 0u; j < 3u; j++) {
            if i * j >= limit {
                rec(500u + 10u * i + j);
                return;
            }
            rec(10u * i + j);
        }
    }
    rec(777u);
}

fn pick(x: u32) -> u32 {
    var k = 0u;
    loop {
        switch (x + k) % 4u {
            case 0u { return 100u + k; }
            default {}
        }
        k++;
    }
}

@compute @workgroup_size(1)
fn main() {
    out[0] = find(grid[6]);
    out[1] = find(grid[8] + 0u);
    out[2] = find(grid[1]);
    out[3] = find(grid[0] + 6u);
    out[4] = find(grid[12]);
    out[5] = pick(grid[1]);
    out[6] = pick(grid[3]);
    n = 7u;
    walk(grid[13]);
    walk(grid[0] * 20u);
    out[31] = n - 7u;
}

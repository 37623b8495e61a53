// Name shadowing in nested scopes (spec, "Declaration and Scope": a
// declaration's scope starts right after its end, so `let x = x * 2;` reads the
// outer x; an identifier resolves to the nearest declaration in scope; each
// compound statement, if branch, loop body and switch clause is a scope).
// With x = 5 and y = 1 from the input:
//   A block: let x = x * 2 -> 10; var y = y + 100 -> 101, y += 1 -> 102;
//     inner block: let x = x + 1 -> 11; y += 1 (the middle y) -> 103
//     back in the block: x 10, y 103
//   Outside: x 5, y 1
//   if branch: let y = 7 -> 7; after it y 1
//   for body: let x = k + 20 -> 20, 21; after it x 5
//   switch clause: var y = 50, y++ -> 51; after it y 1
//   loop body: let y = y + 1 -> 2 (the initializer reads the outer y)
//   helper h(3): r = a; { let a = a * 10; r += a; } return r + a -> 3 + 30 + 3 = 36
//   A block: let x = i32(x) - 10 (an i32 now) -> -5, recorded as u32(x + 100) = 95
// Trace: 10 11 10 103 5 1 7 1 20 21 5 51 1 2 36 95
// buffer 0:0 = u32:5, 1, 3
// expect 0:1 = 10, 11, 10, 103, 5, 1, 7, 1, 20, 21, 5, 51, 1, 2, 36, 95

@group(0) @binding(0) var<storage, read> inp: array<u32, 3>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 16>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

fn h(a: u32) -> u32 {
    var r = a;
    {
        let a = a * 10u;
        r += a;
    }
    return r + a;
}

@compute @workgroup_size(1)
fn main() {
    let x = inp[0];
    var y = inp[1];
    {
        let x = x * 2u;
        rec(x);
        var y = y + 100u;
        y += 1u;
        {
            let x = x + 1u;
            rec(x);
            y += 1u;
        }
        rec(x);
        rec(y);
    }
    rec(x);
    rec(y);
    if x > 0u {
        let y = 7u;
        rec(y);
    } else {
        rec(99u);
    }
    rec(y);
    for (var k = 0u; k < 2u; k++) {
        let x = k + 20u;
        rec(x);
    }
    rec(x);
    switch x {
        case 5u {
            var y = 50u;
            y++;
            rec(y);
        }
        default {}
    }
    rec(y);
    loop {
        let y = y + 1u;
        rec(y);
        break;
    }
    rec(h(inp[2]));
    {
        let x = i32(x) - 10;
        rec(u32(x + 100));
    }
}

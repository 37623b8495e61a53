// expect 0:0 = u32:4,46,6,5
//
// Names in `for` and `loop` statements (WGSL "For Statement", "Loop
// Statement", "Continuing Statement"). A `for` desugars to
// `{ init; loop { if !(cond) { break; } body continuing { update } } }`,
// and the desugaring renames the body's declarations so that the update's
// names resolve as written: the update and the condition always mean the
// initializer's variable, even when the body declares the same name. A
// `continuing` block sees the top-level declarations of its `loop` body,
// not those of blocks nested in the body. Expected values:
//   out[0] = 4: the body's `var i` does not capture `i++`; four iterations.
//   out[1] = 46: each iteration adds the initializer's i (0+1+2+3 = 6) and
//            the body's `let i` (10, four times: 40).
//   out[2] = 6: nested `for`s reusing `i`, 2 x 3 iterations.
//   out[3] = 5: `continuing` reads the body's `j` (n + 1), not the nested
//            block's (100 and 101): n goes 1, 2, 3, 4, 5, then `break if`.
// Every loop has a guard (`n > 100u`) so that a compiler that gets the
// names wrong stores a wrong count instead of hanging the device.
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;

@compute @workgroup_size(1)
fn main() {
    var n = 0u;
    for (var i = 0; i < 4; i++) {
        var i = 7;
        i++;
        n += 1u;
        if n > 100u { break; }
    }
    out[0] = n;

    n = 0u;
    for (var i = 0u; i < 4u; i++) {
        let k = i;
        let i = 10u;
        n += k + i;
        if n > 1000u { break; }
    }
    out[1] = n;

    n = 0u;
    for (var i = 0u; i < 2u; i++) {
        for (var i = 0u; i < 3u; i++) {
            var i = 100u;
            i++;
            n += 1u;
            if n > 100u { break; }
        }
        if n > 100u { break; }
    }
    out[2] = n;

    n = 0u;
    loop {
        var j = n + 1u;
        {
            var j = 100u;
            j++;
        }
        if n > 100u { break; }
        continuing {
            n = j;
            break if n >= 5u;
        }
    }
    out[3] = n;
}

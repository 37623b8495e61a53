// Names in loop headers, bodies and continuing blocks. A `for` update sees
// the initializer's declarations, never the body's (WGSL "For Statement":
// the desugaring renames the body's declarations), so every loop here runs
// its four iterations; a `continuing` block sees the top-level declarations
// of its `loop` body, not those of blocks nested in it.
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;

var<private> g: i32;

@compute @workgroup_size(1)
fn main() {
    // The body's `var i` shadows the initializer's `i`; `i++` is the
    // initializer's.
    var n = 0u;
    for (var i = 0; i < 4; i++) {
        var i = 7;
        i++;
        n += 1u;
    }
    out[0] = n;

    // A body `let` of the same name: the condition and the update read the
    // initializer's `i`.
    n = 0u;
    for (var i = 0u; i < 4u; i++) {
        let i = 100u;
        n += i;
    }
    out[1] = n;

    // Nested `for`s reusing the name, each update its own initializer's.
    n = 0u;
    for (var i = 0; i < 4; i++) {
        for (var i = 0; i < 4; i++) {
            let i = 1u;
            n += i;
        }
    }
    out[2] = n;

    // The update names a module-scope variable the body shadows.
    n = 0u;
    g = 0;
    for (; g < 4; g++) {
        var g = 9;
        g++;
        n += 1u;
    }
    out[3] = n;

    // `continuing` sees the body's top-level `j`, not the nested block's.
    n = 0u;
    loop {
        var j = n;
        {
            var j = 100u;
            j++;
        }
        continuing {
            n = j + 1u;
            break if n >= 4u;
        }
    }
    out[4] = n;

    // A `continue` after the declaration the continuing block uses.
    n = 0u;
    loop {
        let step = 1u;
        if n == 1u {
            n += step;
            continue;
        }
        continuing {
            n += step;
            break if n >= 4u;
        }
    }
    out[5] = n;
}

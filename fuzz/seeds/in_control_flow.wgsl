// Every statement form: if/else if/else, switch with default and multiple
// selectors, loop with continuing and break if, for, while, break,
// continue, return.
@group(0) @binding(0) var<storage, read_write> data: array<i32>;

fn collatz_steps(start: u32) -> u32 {
    var n = start;
    var steps = 0u;
    loop {
        if n <= 1u {
            break;
        }
        if (n & 1u) == 0u {
            n = n / 2u;
        } else {
            n = 3u * n + 1u;
        }
        continuing {
            steps++;
            break if steps >= 1000u;
        }
    }
    return steps;
}

fn category(x: i32) -> i32 {
    switch x {
        case 0: {
            return 100;
        }
        case 1, 2, 3: {
            return 200;
        }
        case 4, default: {
            if x < 0 {
                return -1;
            } else if x > 1000 {
                return 1000;
            } else {
                return x;
            }
        }
    }
}

fn sum_odd(limit: i32) -> i32 {
    var total = 0;
    for (var i = 0; i < limit; i++) {
        if i % 2 == 0 {
            continue;
        }
        if total > 10000 {
            break;
        }
        total += i;
    }
    return total;
}

fn countdown(start_value: i32) -> i32 {
    var i = start_value;
    var acc = 0;
    while i > 0 {
        acc += i;
        i--;
    }
    while (acc > 100) {
        acc -= 100;
    }
    return acc;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let x = data[gid.x];
    var r = 0;
    switch gid.x % 4u {
        case 0u: { r = category(x); }
        case 1u: { r = sum_odd(x); }
        case 2u: { r = countdown(x); }
        default: { r = i32(collatz_steps(u32(x))); }
    }
    if r == 0 {
        return;
    }
    data[gid.x] = r;
}

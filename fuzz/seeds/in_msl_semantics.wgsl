// WGSL semantics that MSL spells differently: integer division and
// remainder (by zero, i32::MIN / -1), wrapping signed arithmetic, shift
// masking, saturating float-to-int conversion, select's argument order,
// bitcasts, packed vec3 members, names that are MSL keywords, and loops
// whose continuing block uses values from the body.
struct vec3_holder {
    position: vec3<f32>,
    weight: f32,
    id: vec3<u32>,
}

@group(0) @binding(0) var<storage, read_write> ints: array<i32>;
@group(0) @binding(1) var<storage, read_write> holders: array<vec3_holder, 4>;

var<private> kernel: i32 = 7;

fn device(thread: i32, constant: i32) -> i32 {
    return thread / constant + thread % constant;
}

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = i32(gid.x);
    let big = ints[0];
    ints[1] = big / i + big % i;
    ints[2] = device(-2147483647 - 1, -1);
    ints[3] = big * 65537 + big - i;
    ints[4] = -big;
    ints[5] = big << gid.y;
    ints[6] = big >> (gid.y + 33u);
    ints[7] = i32(f32(big) * 1e10);
    ints[8] = select(1, 2, big > i);
    ints[9] = bitcast<i32>(f32(kernel));
    let v = vec3<i32>(big, i, 3) / vec3<i32>(i);
    ints[10] = v.x + v.y + v.z;
    let h = holders[gid.x % 4u];
    holders[0].position = h.position * h.weight;
    holders[1].id.y = u32(length(h.position));
    var total = 0;
    var n = 0;
    loop {
        let step = n * 2;
        if (step == 4) {
            continue;
        }
        total += step;
        continuing {
            total += step;
            n++;
            break if n >= 4;
        }
    }
    ints[11] = total;
    let f = vec2<f32>(-1.5, 3e9);
    let u = vec2<u32>(f);
    ints[12] = i32(u.x + u.y);
}

// The MLP of mlp_coopvec.wgsl as it is written today without cooperative
// vectors: arrays of f16 and nested loops, accumulating in f16. Same
// bindings, inputs and output; tessera-gpu --coopvec compiles it with
// tessera (and, with --tint, with Tint).
enable f16;

const IN_VECTORS: u32 = 65536u;

@group(0) @binding(0) var<storage, read> input: array<f16>;
@group(0) @binding(1) var<storage, read> weights: array<f16>;
@group(0) @binding(2) var<storage, read> biases: array<f16>;
@group(0) @binding(3) var<storage, read_write> out: array<f32>;
@group(0) @binding(4) var<storage, read_write> full: array<f16>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(num_workgroups) groups: vec3<u32>) {
    let i = gid.y * groups.x * 64u + gid.x;
    let base = (i % IN_VECTORS) * 64u;
    var h: array<f16, 64>;
    for (var k = 0u; k < 64u; k++) {
        h[k] = input[base + k];
    }
    var y: array<f16, 64>;
    for (var l = 0u; l < 3u; l++) {
        for (var r = 0u; r < 64u; r++) {
            let row = l * 4096u + r * 64u;
            var acc = 0.0h;
            for (var k = 0u; k < 64u; k++) {
                acc += weights[row + k] * h[k];
            }
            y[r] = max(acc + biases[l * 64u + r], 0.0h);
        }
        h = y;
    }
    var s = 0.0;
    for (var k = 0u; k < 64u; k++) {
        s += f32(h[k]);
    }
    out[i] = s;
    // The first IN_VECTORS invocations (whole workgroups) also write their
    // 64 outputs, which the runner checks element by element.
    if (i < IN_VECTORS) {
        for (var k = 0u; k < 64u; k++) {
            full[i * 64u + k] = h[k];
        }
    }
}

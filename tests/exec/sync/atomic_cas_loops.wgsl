// Compare-exchange loops built on atomicCompareExchangeWeak, retrying with the
// returned old_value, so their final results do not depend on the order.
// Float max (storage, atomic<u32> holding f32 bits, start -inf): 256
// invocations offer f(g) = ((53 g) % 256 - 128) / 4; 53 is odd, so 53 g % 256
// runs through 0..255 and the max is 127 / 4 = 31.75. Per workgroup (workgroup
// atomic, start -inf) the offers are -1.5 (li + 1) - w: max -1.5 - w. A max on
// the raw bits instead of the float values would pick a negative value.
// Increment-if-less (storage): 256 invocations each try to raise the counter
// while it is below 10: final 10, exactly 10 winners. Decrement-if-greater
// (workgroup atomic<i32>, start 20, floor -17): final -17, 37 winners each.
// dispatch: 4,1,1
// buffer 0:0 = u32:0xff800000, 0, 0
// expect 0:0 = 0x41fe0000, 10, 10
// expect 0:1 = f32:-1.5, -2.5, -3.5, -4.5
// expect 0:2 = i32:-17, 37, -17, 37, -17, 37, -17, 37

struct Global {
    fmax: atomic<u32>,
    counter: atomic<u32>,
    winners: atomic<u32>,
}

@group(0) @binding(0) var<storage, read_write> gl: Global;
@group(0) @binding(1) var<storage, read_write> wg_max: array<f32, 4>;
@group(0) @binding(2) var<storage, read_write> wg_dec: array<vec2<i32>, 4>;

var<workgroup> wmax: atomic<u32>;
var<workgroup> wdec: atomic<i32>;
var<workgroup> wwin: atomic<i32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(global_invocation_id) gid: vec3<u32>) {
    if li == 0u {
        atomicStore(&wmax, 0xff800000u);
        atomicStore(&wdec, 20);
    }
    workgroupBarrier();

    // float max, storage
    let v = f32(i32((gid.x * 53u) % 256u) - 128) * 0.25;
    var old = atomicLoad(&gl.fmax);
    loop {
        if bitcast<f32>(old) >= v { break; }
        let r = atomicCompareExchangeWeak(&gl.fmax, old, bitcast<u32>(v));
        if r.exchanged { break; }
        old = r.old_value;
    }

    // float max, workgroup
    let wv = -1.5 * f32(li + 1u) - f32(wid.x);
    var wold = atomicLoad(&wmax);
    loop {
        if bitcast<f32>(wold) >= wv { break; }
        let r = atomicCompareExchangeWeak(&wmax, wold, bitcast<u32>(wv));
        if r.exchanged { break; }
        wold = r.old_value;
    }

    // increment-if-less, storage
    var cur = atomicLoad(&gl.counter);
    loop {
        if cur >= 10u { break; }
        let r = atomicCompareExchangeWeak(&gl.counter, cur, cur + 1u);
        if r.exchanged {
            atomicAdd(&gl.winners, 1u);
            break;
        }
        cur = r.old_value;
    }

    // decrement-if-greater, workgroup
    var icur = atomicLoad(&wdec);
    loop {
        if icur <= -17 { break; }
        let r = atomicCompareExchangeWeak(&wdec, icur, icur - 1);
        if r.exchanged {
            atomicAdd(&wwin, 1);
            break;
        }
        icur = r.old_value;
    }

    workgroupBarrier();
    if li == 0u {
        wg_max[wid.x] = bitcast<f32>(atomicLoad(&wmax));
        wg_dec[wid.x] = vec2<i32>(atomicLoad(&wdec), atomicLoad(&wwin));
    }
}

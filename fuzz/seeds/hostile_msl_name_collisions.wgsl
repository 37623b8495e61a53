// User identifiers equal to names the MSL, SPIR-V and WGSL writers generate
// (array wrappers, temporaries, helpers, padding, loop guards, sizes).
@group(0) @binding(0) var<storage, read_write> buf: array<f32, 8>;
@group(0) @binding(1) var<storage, read_write> rt: array<u32>;
var<private> array_float_8: f32;
var<private> array_uint_4: u32;
var<private> _e1: i32;
var<private> _e2_: i32;
var<private> loop_init_0: u32;
var<private> _pad0: u32;
var<private> i0: u32;
var<private> tessera_div: i32;
var<private> tessera_buffer_sizes: u32;
var<private> _buffer_sizes: u32;
var<private> _local_index: u32;
var<private> float4: f32;
var<private> u_array_float_8: f32;
var<private> u_tessera_div: f32;
var<private> _v: f32;
var<private> x_1: f32;
var<private> main_: f32;
var<private> kernel_: f32;
struct _pad1 { _pad0: u32, array_float_8: vec3<f32>, _pad2: f32 }
var<private> strct: _pad1;
fn tessera_clamp(array_int_2: i32, _e0: i32) -> i32 {
    var x = array<i32, 2>(array_int_2, _e0);
    var loop_init_1 = 0;
    loop { loop_init_1++; if loop_init_1 > 3 { break; } }
    return x[u32(_e0) & 1u] / array_int_2 + loop_init_1;
}
@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) _local_index_: u32) {
    var array_float_8_ = array<f32, 8>();
    buf[0] = array_float_8 + array_float_8_[_local_index_] + float4 + u_array_float_8 + _v + x_1;
    buf[1] = f32(tessera_clamp(_e1, _e2_)) + f32(strct._pad0) + strct.array_float_8.x + main_ + kernel_;
    rt[0] = arrayLength(&rt) + loop_init_0 + _pad0 + i0 + tessera_buffer_sizes + _buffer_sizes + array_uint_4 + _local_index + u32(tessera_div);
    for (var i = 0; i < 4; i++) { buf[i] += f32(i); }
}

// Buffer pointer conversions at calls (WGSL: a buffer<N1> pointer argument
// converts to a buffer<N2> parameter with N2 < N1, or to a runtime-sized
// buffer parameter), and the sizes the spec gives in a callee (its
// bufferLength example): the smallest buffer<N> parameter on the way from
// the variable, or the variable's size.
// - bufferLength(&b1), bufferLength(&b2): 2048, 4096.
// - foo(&b1), foo(&b2) with foo(p: buffer<256>): 256, 256.
// - foobar(&b1), foobar(&b2) with foobar(p: buffer): 2048, 4096.
// - viewlen(&b2): arrayLength of bufferView<array<u32>>(p, 16) through a
//   buffer<256> parameter: (256 - 16) / 4 = 60.
// - twice(&b1): twice(p: buffer<1024>) calls foo(p) (1024 -> 256): 256.
// expect 0:2 = u32:2048, 4096, 256, 256, 2048, 4096, 60, 256
requires buffer_view;
requires unrestricted_pointer_parameters;

@group(0) @binding(0) var<storage> b1: buffer<2048>;
@group(0) @binding(1) var<storage> b2: buffer<4096>;
@group(0) @binding(2) var<storage, read_write> out: array<u32, 8>;

fn foobar(p: ptr<storage, buffer>) -> u32 {
    return bufferLength(p);
}

fn foo(p: ptr<storage, buffer<256>>) -> u32 {
    return bufferLength(p);
}

fn viewlen(p: ptr<storage, buffer<256>>) -> u32 {
    return arrayLength(bufferView<array<u32>>(p, 16));
}

fn twice(p: ptr<storage, buffer<1024>>) -> u32 {
    return foo(p);
}

@compute @workgroup_size(1)
fn main() {
    out[0] = bufferLength(&b1);
    out[1] = bufferLength(&b2);
    out[2] = foo(&b1);
    out[3] = foo(&b2);
    out[4] = foobar(&b1);
    out[5] = foobar(&b2);
    out[6] = viewlen(&b2);
    out[7] = twice(&b1);
}

// Buffer views passed to functions (language features buffer_view and
// unrestricted_pointer_parameters): the callee's pointer parameter takes a
// view's pointer, and a buffer pointer parameter of the buffer's own type
// takes the buffer. Words as u32:
// - put(bufferView<vec2u>(&b, 8), 5): the view is words 2, 3 of b: both 5.
// - inc(bufferView<array<u32>>(&b, 16)[i]) for i = 0..2 (a dynamic index
//   into a view): words 4, 5, 6 go from 10, 11, 12 to 11, 12, 13.
// - fill(&b): through the buffer parameter, bufferView<u32>(p, 28) = 7 and
//   bufferLength(p) (32 bytes) at word 0: 32, word 7: 7.
// - Word 1 stays 1.
// buffer 0:0 = u32:0,1,0,0,10,11,12,0
// expect 0:0 = u32:32,1,5,5,11,12,13,7
requires buffer_view;
requires unrestricted_pointer_parameters;

@group(0) @binding(0) var<storage, read_write> b: buffer<32>;

fn put(p: ptr<storage, vec2<u32>, read_write>, v: u32) {
    *p = vec2<u32>(v);
}

fn inc(p: ptr<storage, u32, read_write>) {
    *p += 1u;
}

fn fill(p: ptr<storage, buffer<32>, read_write>) {
    *bufferView<u32>(p, 28) = 7u;
    *bufferView<u32>(p, 0) = bufferLength(p);
}

@compute @workgroup_size(1)
fn main() {
    put(bufferView<vec2<u32>>(&b, 8), 5u);
    for (var i = 0u; i < 3u; i++) {
        inc(&bufferView<array<u32>>(&b, 16)[i]);
    }
    fill(&b);
}

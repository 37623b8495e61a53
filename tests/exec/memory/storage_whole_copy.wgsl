// Whole-value copies between storage buffers, function variables and
// workgroup variables of struct and array types with vec3 members and padding
// (spec, "Simple Assignment", "Load Rule": loading a struct or array reads all
// of it; the copy keeps values, not layouts: each address space lays the value
// out its own way).
//   struct T { v: vec3<f32>, n: u32, arr: array<vec3<u32>, 2> }
//   src (read) = { v (1, 2, 3), n 4, arr ((5, 6, 7), (8, 9, 10)) }, given as raw
//   words (v at word 0, n at word 3, arr at words 4-6 and 8-10, stride 16)
//   var local = src; local.n += 100; local.arr[1].y = 99  -> dst0
//   wg = src (a workgroup copy), then dst1 = wg
//   For the array of two T, dst2 = array(src, local)
// buffer 0:0 = u32:0x3f800000, 0x40000000, 0x40400000, 4, 5, 6, 7, 0, 8, 9, 10, 0
// expect 0:1 = 1, 2, 3, 104, 5, 6, 7, 8, 99, 10
// expect 0:2 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
// expect 0:3 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2, 3, 104, 5, 6, 7, 8, 99, 10

struct T {
    v: vec3<f32>,
    n: u32,
    arr: array<vec3<u32>, 2>,
}

@group(0) @binding(0) var<storage, read> src: T;
@group(0) @binding(1) var<storage, read_write> dst0: T;
@group(0) @binding(2) var<storage, read_write> dst1: T;
@group(0) @binding(3) var<storage, read_write> dst2: array<T, 2>;

var<workgroup> wg: T;

@compute @workgroup_size(1)
fn main() {
    var local = src;
    local.n += 100u;
    local.arr[1].y = 99u;
    dst0 = local;
    wg = src;
    workgroupBarrier();
    dst1 = wg;
    dst2 = array(src, local);
}

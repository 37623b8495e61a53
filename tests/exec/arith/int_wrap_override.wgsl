// Override-expressions on concrete integers wrap modulo 2^32 like runtime and
// const ones (spec, "Integer Types": expressions on concrete integer types
// that overflow produce a result modulo 2^bitwidth; the arithmetic rules only
// make x/0, MIN/-1 and some shifts pipeline-creation errors). Float -> int
// conversion of an override saturates (spec, "Floating Point Conversion").
// With big = MAX, ubig = 0xFFFFFFFF, fl = 1e20, sh = 31:
// big + 1 = MIN (also through `override wrapped = big + 1`); big * big = 1;
// i32(fl) = 2147483520; -(big + 1) = -MIN = MIN; -1 >> sh = -1;
// ubig + 1 = 0; u32(fl) = 4294967040; 0 - ubig = 1
// override big = 2147483647
// override ubig = 4294967295
// override fl = 1e20
// override sh = 31
// expect 0:0 = i32:-2147483648,-2147483648,1,2147483520,-2147483648,-1
// expect 0:1 = u32:0,4294967040,1

override big: i32 = 0;
override ubig: u32 = 0u;
override fl: f32 = 0.0;
override sh: u32 = 0u;
override wrapped = big + 1;

@group(0) @binding(0) var<storage, read_write> r: array<i32, 6>;
@group(0) @binding(1) var<storage, read_write> u: array<u32, 3>;

@compute @workgroup_size(1)
fn main() {
    r[0] = big + 1;
    r[1] = wrapped;
    r[2] = big * big;
    r[3] = i32(fl);
    r[4] = -(big + 1);
    r[5] = i32(-1) >> sh;
    u[0] = ubig + 1u;
    u[1] = u32(fl);
    u[2] = 0u - ubig;
}

// A uniform buffer of a struct as input (spec, "Address Space Layout
// Constraints": without the uniform_buffer_standard_layout extension, arrays
// in the uniform address space need a 16-byte stride and a struct-typed member
// takes at least roundUp(16, SizeOf) bytes before the next member; the layout
// itself is the ordinary one of "Alignment and Size"). Word w of the buffer
// holds the value 2000 + w, so each value read names the word it came from:
//   struct Inner { v: vec3<u32>, w: u32 }    size 16, align 16
//   struct U {
//     - a: u32                        offset 0    -> word 0
//     - b: vec2<u32>                  offset 8    -> words 2, 3
//     - c: vec3<u32>                  offset 16   -> words 4, 5, 6
//     - d: u32                        offset 28   -> word 7
//     - inner: Inner                  offset 32   -> words 8-10, 11
//     - e: u32                        offset 48   -> word 12
//     - arr: array<vec4<u32>, 2>      offset 64   -> words 16-19, 20-23
//     - f: u32                        offset 96   -> word 24
//     - list: array<Inner, 2>         offset 112  -> words 28-30, 31, 32-34, 35
//   }  size 144
// Reads also go through a ptr<uniform, U> parameter and a ptr<uniform, Inner>
// to an array element (unrestricted_pointer_parameters), and use runtime
// indices, arr[d - 2006] = arr[1] and component [d - 2005] = [2], giving 2022.
// buffer 0:0 = u32:2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035
// expect 0:1 = 2000, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012
// expect 0:1 = 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024
// expect 0:1 = 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2022, 2035, 2012

struct Inner {
    v: vec3<u32>,
    w: u32,
}
struct U {
    a: u32,
    b: vec2<u32>,
    c: vec3<u32>,
    d: u32,
    inner: Inner,
    e: u32,
    arr: array<vec4<u32>, 2>,
    f: u32,
    list: array<Inner, 2>,
}

@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 32>;

fn read_e(p: ptr<uniform, U>) -> u32 { return (*p).e; }
fn read_w(p: ptr<uniform, Inner>) -> u32 { return (*p).w; }

@compute @workgroup_size(1)
fn main() {
    out[0] = u.a;
    out[1] = u.b.x;
    out[2] = u.b.y;
    out[3] = u.c.x;
    out[4] = u.c.y;
    out[5] = u.c.z;
    out[6] = u.d;
    out[7] = u.inner.v.x;
    out[8] = u.inner.v.y;
    out[9] = u.inner.v.z;
    out[10] = u.inner.w;
    out[11] = u.e;
    for (var i = 0u; i < 2u; i++) {
        let v = u.arr[i];
        out[12u + 4u * i] = v.x;
        out[13u + 4u * i] = v.y;
        out[14u + 4u * i] = v.z;
        out[15u + 4u * i] = v.w;
    }
    out[20] = u.f;
    let l = u.list;
    for (var i = 0u; i < 2u; i++) {
        out[21u + 4u * i] = l[i].v.x;
        out[22u + 4u * i] = l[i].v.y;
        out[23u + 4u * i] = l[i].v.z;
        out[24u + 4u * i] = l[i].w;
    }
    out[29] = u.arr[u.d - 2006u][u.d - 2005u];
    out[30] = read_w(&u.list[1]);
    out[31] = read_e(&u);
}

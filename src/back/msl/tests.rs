//! Unit tests of the MSL writer's options and scaling.

use super::Options;
use crate::ir::ResourceBinding;
use crate::{compile_to_msl, MslCompileOptions};

fn msl(source: &str, msl: Options) -> String {
    let options = MslCompileOptions {
        msl,
        ..MslCompileOptions::default()
    };
    match compile_to_msl(source, &options) {
        Ok(out) => out.source,
        Err(e) => panic!("{}", e.error().render("test.wgsl", source)),
    }
}

const BUFFERS: &str = "
@group(1) @binding(0) var<storage, read_write> c: array<u32>;
@group(0) @binding(5) var<storage, read> b: array<u32>;
@group(0) @binding(2) var<uniform> a: vec4<u32>;
var<workgroup> shared_data: array<u32, 8>;
@compute @workgroup_size(8, 2)
fn main(@builtin(local_invocation_index) li: u32) {
    shared_data[li % 8u] = a.x + b[li];
    workgroupBarrier();
    c[li] = shared_data[0] + arrayLength(&c);
}
";

#[test]
fn default_buffer_indices_follow_group_and_binding() {
    let out = msl(BUFFERS, Options::default());
    assert!(
        out.contains("constant metal::uint4& a [[buffer(0)]]"),
        "{out}"
    );
    assert!(
        out.contains("const device array_uint_rt& b [[buffer(1)]]"),
        "{out}"
    );
    assert!(
        out.contains("device array_uint_rt& c [[buffer(2)]]"),
        "{out}"
    );
    // Sizes of b (group 0) then c (group 1), after the last buffer.
    assert!(
        out.contains("constant tessera_buffer_sizes& _buffer_sizes [[buffer(3)]]"),
        "{out}"
    );
    assert!(out.contains("uint size[2];"), "{out}");
    assert!(out.contains("(_buffer_sizes.size[1] / 4u)"), "{out}");
    assert!(out.contains("// @workgroup_size(8, 2, 1)"), "{out}");
    assert!(out.contains("kernel void main_("), "{out}");
}

#[test]
fn binding_map_and_sizes_buffer_options() {
    let mut opts = Options::default();
    opts.binding_map.insert(
        ResourceBinding {
            group: 1,
            binding: 0,
        },
        0,
    );
    opts.sizes_buffer = Some(7);
    let out = msl(BUFFERS, opts);
    assert!(
        out.contains("device array_uint_rt& c [[buffer(0)]]"),
        "{out}"
    );
    // The others take the lowest free indices in (group, binding) order.
    assert!(
        out.contains("constant metal::uint4& a [[buffer(1)]]"),
        "{out}"
    );
    assert!(
        out.contains("const device array_uint_rt& b [[buffer(2)]]"),
        "{out}"
    );
    assert!(out.contains("_buffer_sizes [[buffer(7)]]"), "{out}");
}

#[test]
fn workgroup_zeroing_and_bounds_checks_can_be_turned_off() {
    let on = msl(BUFFERS, Options::default());
    assert!(
        on.contains("if (li < 8u) {\n    shared_data.inner[li] = uint{};\n  }"),
        "{on}"
    );
    assert!(
        on.contains("metal::min(li, (_buffer_sizes.size[0] / 4u) - 1u)"),
        "{on}"
    );
    let off = msl(
        BUFFERS,
        Options {
            bounds_checks: false,
            zero_initialize_workgroup_memory: false,
            ..Options::default()
        },
    );
    assert!(!off.contains("shared_data.inner[li] = uint{}"), "{off}");
    assert!(!off.contains("metal::min("), "{off}");
    assert!(off.contains("b.inner[li]"), "{off}");
}

#[test]
fn kernel_names_are_reported() {
    let options = MslCompileOptions::default();
    let out = compile_to_msl(BUFFERS, &options).expect("compiles");
    assert_eq!(
        out.entry_points,
        vec![("main".to_string(), "main_".to_string())]
    );
    assert_eq!(out.reflection.entry_points[0].workgroup_size, [8, 2, 1]);
}

#[test]
fn long_expression_chains_print_in_linear_time() {
    let mut src = String::from(
        "@group(0) @binding(0) var<storage, read_write> out: array<f32, 4>;\n\
         @compute @workgroup_size(1)\nfn main() {\n    let a = out[0];\n    let b = out[1];\n    out[2] = a",
    );
    for i in 0..100_000 {
        src.push_str(if i % 2 == 0 { " + b" } else { " - a" });
    }
    src.push_str(";\n}\n");
    let start = std::time::Instant::now();
    let out = msl(&src, Options::default());
    // Inline expressions are at most a few levels deep: no line is huge.
    let longest = out.lines().map(str::len).max().unwrap_or(0);
    assert!(longest < 400, "longest line has {longest} bytes");
    assert!(start.elapsed().as_secs() < 60);
}

#[test]
fn nested_struct_types_are_laid_out_in_linear_time() {
    // Each struct holds two of the previous one: 2^13 leaves, 14 types,
    // nested 15 deep (the spec's limit).
    let mut src = String::from("struct S0 { a: f32, b: vec3<f32> }\n");
    for i in 1..14 {
        src.push_str(&format!("struct S{i} {{ x: S{}, y: S{} }}\n", i - 1, i - 1));
    }
    src.push_str(&format!(
        "@group(0) @binding(0) var<storage, read_write> big: S13;\n\
         @compute @workgroup_size(1)\nfn main() {{ big{}.a = 1.0; }}\n",
        ".x".repeat(13)
    ));
    let start = std::time::Instant::now();
    let out = msl(&src, Options::default());
    assert!(
        out.contains("struct S13 {\n  S12 x;\n  S12 y;\n};"),
        "{out}"
    );
    assert!(out.contains("metal::packed_float3 b;"), "{out}");
    assert!(start.elapsed().as_secs() < 20);
}

#[test]
fn nested_atomic_structs_are_zeroed_atom_by_atom() {
    let mut src = String::from("struct S0 { a: atomic<u32> }\n");
    for i in 1..15 {
        src.push_str(&format!("struct S{i} {{ x: S{}, y: S{} }}\n", i - 1, i - 1));
    }
    src.push_str(
        "var<workgroup> w: S3;\n\
         @compute @workgroup_size(1)\nfn main() { atomicAdd(&w.x.y.x.a, 1u); }\n",
    );
    let out = msl(&src, Options::default());
    // S3 holds 8 atomics, each zeroed by an atomic store (the
    // workgroup-zero pass); the 16 larger struct types are not used.
    assert_eq!(
        out.matches("metal::atomic_store_explicit(").count(),
        8,
        "{out}"
    );
    assert!(
        out.contains("metal::atomic_store_explicit(&w.y.x.y.a, 0u, metal::memory_order_relaxed);"),
        "{out}"
    );
    assert!(out.lines().count() < 200, "{out}");
}

#[test]
fn large_constants_are_declared_once() {
    let mut src = String::from("const t = array(");
    for i in 0..200 {
        src.push_str(&format!("{i}.5, "));
    }
    src.push_str(
        ");\nconst small = array(1u, 2u);\n\
         @group(0) @binding(0) var<storage, read_write> d: array<f32>;\n\
         @compute @workgroup_size(1)\nfn main() {\n    let i = u32(d[0]);\n",
    );
    for k in 0..50 {
        src.push_str(&format!("    d[{k}] = t[i + {k}u] + f32(small[i]);\n"));
    }
    src.push_str("}\n");
    let out = msl(&src, Options::default());
    assert_eq!(out.matches("199.5f").count(), 1, "{out}");
    assert!(
        out.contains("constant array_float_200 tessera_const_0 = array_float_200{{0.5f, 1.5f, "),
        "{out}"
    );
    assert_eq!(out.matches("tessera_const_0.inner[").count(), 50, "{out}");
    // Short constants stay inline.
    assert!(out.contains("array_uint_2{{1u, 2u}}.inner["), "{out}");
    assert!(!out.contains("tessera_const_1"), "{out}");
}

#[test]
fn same_named_locals_get_short_names_in_linear_time() {
    let mut src = String::from(
        "@group(0) @binding(0) var<storage, read_write> d: array<i32>;\n\
         fn x() -> i32 { return 1; }\n\
         @compute @workgroup_size(1)\nfn main() {\n",
    );
    let n = 20_000;
    for i in 0..n {
        src.push_str(&format!(
            "    {{ let x = d[{i}]; var y = x; d[{i}] = y + 1; }}\n"
        ));
    }
    src.push_str("    d[0] = x();\n}\n");
    let start = std::time::Instant::now();
    let out = msl(&src, Options::default());
    // `x` is the function's; the lets are `x_`, `x_2`, ..., `x_20000`, the
    // variables `y`, `y_`, `y_2`, ..., `y_19999`.
    assert!(out.contains("int x() {"), "{}", &out[..2000]);
    assert!(out.contains(&format!("int x_{n} = ")));
    assert!(!out.contains(&format!("int x_{} = ", n + 1)));
    assert!(out.contains(&format!("int y_{} = {{}};", n - 1)));
    let longest = out.lines().map(str::len).max().unwrap_or(0);
    assert!(longest < 200, "longest line has {longest} bytes");
    // Quadratic naming takes minutes at this size.
    assert!(start.elapsed().as_secs() < 30);
}

/// WGSL's `array<vec3<f32>>` has a 16-byte stride: its elements are
/// Metal's aligned `float3` (16 bytes), never `packed_float3` (12), which
/// only struct members use.
#[test]
fn arrays_of_vec3_keep_a_16_byte_stride() {
    let out = msl(
        "@group(0) @binding(0) var<storage, read_write> a: array<vec3f, 4>;
struct S { v: vec3f, x: f32 }
@group(0) @binding(1) var<storage, read_write> s: S;
@compute @workgroup_size(1) fn main() { a[1] = a[2] * 2.0; s.x = s.v.y; }",
        Options::default(),
    );
    assert!(out.contains("metal::float3 inner[4];"), "{out}");
    assert!(!out.contains("packed_float3 inner"), "{out}");
    assert!(out.contains("metal::packed_float3 v;"), "{out}");
}

/// A function named like a Metal library type (`matrix`) is renamed: it
/// would be ambiguous with `metal::matrix` under `using namespace metal;`.
#[test]
fn module_names_avoid_metal_types() {
    let out = msl(
        "fn matrix() {}
fn vec() {}
@compute @workgroup_size(1) fn main() { matrix(); vec(); }",
        Options::default(),
    );
    assert!(!out.contains("void matrix("), "{out}");
    assert!(!out.contains("void vec("), "{out}");
}

/// A function whose body ends in a loop gets an unreachable return: the
/// `volatile` loop condition hides from the Metal compiler that the end is
/// never reached.
#[test]
fn functions_ending_in_a_loop_return_on_every_path() {
    let out = msl(
        "fn f() -> i32 { var i = 0; loop { i++; if i > 4 { return i; } } }
@compute @workgroup_size(1) fn main() { _ = f(); }",
        Options::default(),
    );
    assert!(out.contains("return {};"), "{out}");
}

/// A pointer made in a loop body and used in its `continuing` block (Tint's
/// bug 221): the MSL loop form prints `continuing` first, so the pointer is
/// printed there from its hoisted index.
#[test]
fn continuing_uses_a_pointer_made_in_the_body() {
    let out = msl(
        "struct Buf { count: u32, data: array<u32, 50> }
@group(0) @binding(0) var<storage, read_write> b: Buf;
@compute @workgroup_size(1) fn main() {
    var i = 0u;
    loop {
        if i >= b.count { break; }
        let p = &b.data[i];
        if i % 2u == 0u { continue; }
        *p = 0u;
        continuing {
            *p = *p * 2u;
            i = i + 1u;
        }
    }
}",
        Options::default(),
    );
    assert!(
        out.contains("b.data.inner[_e24] = b.data.inner[_e24] * 2u;"),
        "{out}"
    );
}

/// A counted loop the `unroll` pass keeps (its counter feeds no index) has
/// a known trip count: it is printed without the `volatile` guard, so the
/// Metal compiler may unroll it; other loops keep the guard.
#[test]
fn counted_loops_kept_as_loops_have_no_volatile_guard() {
    let out = msl(
        "@group(0) @binding(0) var<storage, read_write> b: array<f32>;
@compute @workgroup_size(1) fn main() {
    var s = 0.0;
    for (var i = 0; i < 3; i++) { s += f32(i); }
    var j = 0u;
    loop { j++; if f32(j) > b[0] { break; } }
    b[1] = s + f32(j);
}",
        Options::default(),
    );
    assert_eq!(out.matches("for (;;) {").count(), 1, "{out}");
    assert_eq!(
        out.matches("volatile bool tessera_loop").count(),
        1,
        "{out}"
    );
}

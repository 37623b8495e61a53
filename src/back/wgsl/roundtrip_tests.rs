//! Round-trip tests: WGSL -> IR -> WGSL -> IR -> WGSL must reach a fixed
//! point after one trip, and the printed WGSL must be accepted by naga's
//! independent front end where naga supports the features used.

use super::write;
use crate::front::wgsl::parse_str;

/// Parses, validates and prints `src`; panics (test only) with rendered
/// diagnostics on failure.
fn print(src: &str, what: &str) -> String {
    let parsed = match parse_str(src) {
        Ok(p) => p,
        Err(e) => panic!("{what} does not parse:\n{}\n{src}", e.render("t.wgsl", src)),
    };
    if let Err(e) = crate::valid::validate(&parsed.module) {
        panic!(
            "{what} does not validate:\n{}\n{src}",
            e.render("t.wgsl", src)
        );
    }
    match write(&parsed.module) {
        Ok(s) => s,
        Err(e) => panic!("{what} cannot be written: {e}\n{src}"),
    }
}

/// Checks the fixed point and returns the first output.
fn round_trip(src: &str) -> String {
    let first = print(src, "the input");
    let second = print(&first, "the first output");
    if std::env::var_os("WGSL_SHOW").is_some() {
        println!("{first}");
    }
    assert_eq!(first, second, "not a fixed point after one round trip");
    first
}

fn naga_accepts(src: &str) {
    if let Err(e) = naga::front::wgsl::parse_str(src) {
        panic!("naga rejects the output:\n{}\n{src}", e.emit_to_string(src));
    }
}

#[test]
fn storage_buffer_shader_prints_readably() {
    let out = round_trip(
        "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
         @compute @workgroup_size(64)
         fn main(@builtin(global_invocation_id) id: vec3<u32>) {
             data[id.x] = data[id.x] * 2u;
         }",
    );
    assert_eq!(
        out,
        "@group(0) @binding(0) var<storage, read_write> data: array<u32>;\n\n\
         @compute @workgroup_size(64)\n\
         fn main(@builtin(global_invocation_id) id: vec3<u32>) {\n  \
         data[id.x] = data[id.x] * 2u;\n}\n"
    );
    naga_accepts(&out);
}

#[test]
fn structs_globals_and_overrides() {
    let out = round_trip(
        "struct Light { pos: vec3<f32>, @align(32) color: vec4<f32>, @size(16) power: f32 }
         struct Lights { count: u32, items: array<Light> }
         @id(7) override count: u32 = 4u;
         override scale = 1.5;
         @group(0) @binding(0) var<storage, read> lights: Lights;
         @group(0) @binding(1) var<uniform> one: Light;
         var<private> p: vec2<f32> = vec2(1.0, -2.5);
         var<workgroup> tile: array<f32, count>;
         @compute @workgroup_size(count, 2)
         fn main(@builtin(local_invocation_index) i: u32) {
             tile[i] = lights.items[i].power * f32(scale) + one.color.w + p.y;
         }",
    );
    assert!(out.contains("@align(32) color: vec4<f32>,"), "{out}");
    assert!(out.contains("@size(16) power: f32,"), "{out}");
    assert!(out.contains("@id(7) override count: u32 = 4u;"), "{out}");
    assert!(
        out.contains("var<workgroup> tile: array<f32, count>;"),
        "{out}"
    );
    assert!(out.contains("@compute @workgroup_size(count, 2)"), "{out}");
    naga_accepts(&out);
}

#[test]
fn control_flow_round_trips() {
    let out = round_trip(
        "fn f(n: i32) -> i32 {
             var total = 0;
             for (var i = 0; i < n; i++) {
                 if i % 3 == 0 { continue; } else if i > 100 { break; }
                 total += i;
             }
             var j = 0u;
             while j < 10u { j = j + 2u; }
             loop {
                 j -= 1u;
                 continuing { break if j == 0u; }
             }
             switch n {
                 case 1, 2: { total = 1; }
                 case default, 5: { }
             }
             let doubled = total * 2;
             return doubled;
         }
         @compute @workgroup_size(1) fn main() { _ = f(3); }",
    );
    assert!(out.contains("let doubled = total * 2i;"), "{out}");
    assert!(out.contains("break if j == 0u;"), "{out}");
    naga_accepts(&out);
}

#[test]
fn pointers_atomics_and_builtins_round_trip() {
    let out = round_trip(
        "struct S { a: atomic<u32>, b: array<i32> }
         @group(0) @binding(0) var<storage, read_write> s: S;
         var<workgroup> w: u32;
         fn bump(p: ptr<function, vec2<f32>>) { (*p).x += 1.0; (*p)[1] = (*p).x; }
         @must_use fn twice(x: f32) -> f32 { return x * 2.0; }
         @compute @workgroup_size(8)
         fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
             var v = vec2<f32>(0.5, 0.25);
             bump(&v);
             let r = frexp(v.x);
             let m = modf(v);
             let old = atomicAdd(&s.a, 1u);
             let x = atomicCompareExchangeWeak(&s.a, old, 2u);
             atomicStore(&s.a, select(0u, 1u, x.exchanged));
             workgroupBarrier();
             storageBarrier();
             let u = workgroupUniformLoad(&w);
             s.b[lid.x % 4u] = bitcast<i32>(u) + r.exp + i32(m.whole.y) + i32(twice(m.fract.x));
             let n = arrayLength(&s.b);
             let mat = mat2x2<f32>(v, v.yx);
             _ = mat * v;
         }",
    );
    assert!(out.contains("let r = frexp(v.x);"), "{out}");
    assert!(out.contains("atomicAdd(&s.a, 1u)"), "{out}");
    assert!(!out.contains("__"), "{out}");
    // The phony assignment of a pure expression prints nothing.
    assert!(
        out.ends_with("  let mat = mat2x2<f32>(v, v.yx);\n}\n"),
        "{out}"
    );
    naga_accepts(&out);
}

#[test]
fn subgroups_and_subgroup_matrices_round_trip() {
    let out = round_trip(
        "enable f16;
         enable chromium_experimental_subgroup_matrix;
         @group(0) @binding(0) var<storage, read_write> a: array<f16>;
         @group(0) @binding(1) var<storage, read_write> c: array<f32>;
         @compute @workgroup_size(32)
         fn main(@builtin(subgroup_invocation_id) sid: u32) {
             let l = subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>>(&a, 0u, false, 8u);
             let r = subgroupMatrixLoad<subgroup_matrix_right<f16, 8, 8>, col_major>(&a, 64u, 8u);
             var acc = subgroup_matrix_result<f32, 8, 8>();
             acc = subgroupMatrixMultiplyAccumulate(l, r, acc);
             let p = subgroupMatrixMultiply<f32>(l, r);
             let q = subgroupMatrixScalarMultiply(p, 2.0);
             subgroupMatrixStore<row_major>(&c, 0u, acc, 8u);
             subgroupMatrixStore(&c, 64u, q, true, 8u);
             let s = subgroupAdd(sid);
             _ = subgroupBroadcast(s, 0u);
         }",
    );
    assert!(
        out.contains("enable chromium_experimental_subgroup_matrix;"),
        "{out}"
    );
    assert!(
        out.contains("subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>, row_major>(&a, 0u, 8u)"),
        "{out}"
    );
    assert!(
        out.contains("subgroupMatrixStore<col_major>(&c, 64u, q, 8u);"),
        "{out}"
    );
}

#[test]
fn entry_point_struct_inputs_round_trip() {
    let out = round_trip(
        "struct In { @builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32> }
         @group(0) @binding(0) var<storage, read_write> o: array<vec3<u32>>;
         @compute @workgroup_size(4, 4, 1)
         fn main(input: In) {
             var acc: vec3<u32>;
             acc = input.lid + input.wid * vec3(4u);
             o[input.lid.x] = acc.zyx;
         }",
    );
    assert!(
        out.contains("struct In {\n  @builtin(local_invocation_id) lid: vec3<u32>,"),
        "{out}"
    );
    assert!(
        out.contains("@compute @workgroup_size(4, 4)\nfn main(input: In) {"),
        "{out}"
    );
    naga_accepts(&out);
}

#[test]
fn long_expression_chains_round_trip() {
    let mut src = String::from("fn f(a: i32) -> i32 { return a");
    for i in 0..20_000 {
        src.push_str(if i % 2 == 0 { " + a" } else { " - a" });
    }
    src.push_str("; }");
    let out = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || print(&src, "the input"))
        .expect("thread")
        .join()
        .expect("no stack overflow");
    assert!(
        out.starts_with("fn f(a: i32) -> i32 {\n  return a + a - a + a"),
        "{}",
        &out[..80]
    );
}

#[test]
fn call_results_inline_only_where_order_is_kept() {
    let out = round_trip(
        "var<private> y: i32;
         fn g() -> i32 { y += 1; return y; }
         @compute @workgroup_size(1)
         fn main() {
             let t = g() + 1;
             var x = g() + y;
             x = y + g();
             y = g();
             if g() > t { x = 0; } else if g() == 2 { x = 1; }
         }",
    );
    let body: Vec<&str> = out
        .split("fn main() {\n")
        .nth(1)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .collect();
    assert_eq!(
        body,
        [
            "let t = g() + 1i;",
            // `y` is read after the call, so the call keeps its own `let`.
            "let _e3 = g();",
            "var x: i32 = _e3 + y;",
            // `y` is read before the call: bound first, call inline.
            "let _e9 = y;",
            "x = _e9 + g();",
            "y = g();",
            "if g() > t {",
            "x = 0i;",
            "} else if g() == 2i {",
            "x = 1i;",
            "}",
            "}",
        ],
        "{out}"
    );
    naga_accepts(&out);
}

#[test]
fn global_diagnostic_directives_round_trip() {
    let out = round_trip(
        "diagnostic(off, derivative_uniformity);
         diagnostic(warning, subgroup_uniformity);
         @compute @workgroup_size(1) fn main() {}",
    );
    assert!(
        out.starts_with(
            "diagnostic(off, derivative_uniformity);\ndiagnostic(warning, subgroup_uniformity);\n"
        ),
        "{out}"
    );
    naga_accepts(&out);
}

#[test]
fn large_constants_are_declared_once() {
    // A 100-element constant used at 200 places, and one built from 10
    // copies of it: the large one is spelled once, as a module-scope
    // `const`, and named everywhere else.
    let mut src = String::from("const t = array(");
    for i in 0..100 {
        src.push_str(&format!("{i}.5, "));
    }
    src.push_str(");\nconst u = array(t, t, t, t, t, t, t, t, t, t);\n");
    src.push_str("@group(0) @binding(0) var<storage, read_write> d: array<f32>;\n");
    src.push_str("@compute @workgroup_size(1) fn main() {\n  let i = u32(d[0]);\n");
    for k in 0..200 {
        src.push_str(&format!("  d[{k}] = t[i + {k}u] + u[i][i];\n"));
    }
    src.push('}');
    let out = round_trip(&src);
    assert_eq!(out.matches("99.5f").count(), 1, "{out}");
    assert!(
        out.starts_with("const const_value = array<f32, 100>(0.5f, 1.5f,"),
        "{}",
        &out[..80]
    );
    assert!(
        out.contains("const const_value_1 = array<array<f32, 100>, 10>(const_value, const_value,")
    );
    assert!(out.len() < src.len() * 2, "{} bytes", out.len());
    naga_accepts(&out);
}

#[test]
fn deep_expressions_print_on_a_small_stack() {
    // 5000 nested swizzles: the printer binds every 64 levels with `let`,
    // so it needs little stack.
    let src = format!(
        "fn f(v: vec4<f32>) -> vec4<f32> {{ return v{}; }}",
        ".wzyx".repeat(5000)
    );
    let out = std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(move || round_trip(&src))
        .expect("thread")
        .join()
        .expect("no stack overflow");
    assert!(out.lines().count() > 70, "{}", &out[..200]);
    assert!(out.lines().all(|l| l.len() < 1000));
}

#[test]
fn for_loop_body_shadowing_its_initializer_round_trips() {
    // The `for` becomes a `loop` whose continuing block updates the
    // initializer's `i`; the body's `i` is renamed so that the printed
    // continuing block, which sees the body's names, still means it.
    let out = round_trip(
        "@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
         @compute @workgroup_size(1)
         fn main() {
             var n = 0u;
             for (var i = 0; i < 4; i++) { var i = 7; i++; n += 1u; }
             out[0] = n;
         }",
    );
    let expected = "    var i: i32 = 0i;
    loop {
      if !(i < 4i) {
        break;
      }
      var i_1: i32 = 7i;
      i_1 = i_1 + 1i;
      n = n + 1u;
      continuing {
        i = i + 1i;
      }
    }";
    assert!(out.contains(expected), "{out}");
    naga_accepts(&out);
}

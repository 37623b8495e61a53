//! Front-end conformance with the WGSL spec on inputs Tint's test suite
//! compiles: inferred zero vectors, abstract values in phony assignments,
//! negation of the most negative integer, unevaluated right-hand sides of
//! short-circuit operators, abstract builtin result structures,
//! `bitcast` of AbstractInt, and saturating AbstractFloat-to-integer
//! conversion. Each test checks the resolved module (printed
//! as WGSL, so const-folded values are visible) and that the SPIR-V output
//! validates.

#[path = "common/check.rs"]
mod check;
mod spv_util;

use check::check_error;
use spv_util::compile_wgsl;

/// Resolves and validates `source` and prints the module as WGSL.
#[track_caller]
fn resolved_wgsl(source: &str) -> String {
    let parsed = match tessera::front::wgsl::parse_str(source) {
        Ok(p) => p,
        Err(e) => panic!("does not compile:\n{}", e.render("test.wgsl", source)),
    };
    if let Err(e) = tessera::valid::validate(&parsed.module) {
        panic!("does not validate:\n{}", e.render("test.wgsl", source));
    }
    match tessera::back::wgsl::write(&parsed.module) {
        Ok(text) => text,
        Err(e) => panic!("WGSL writer failed:\n{}", e.render("test.wgsl", source)),
    }
}

/// Asserts that the resolved module's WGSL contains every line of `lines`.
#[track_caller]
fn assert_lines(source: &str, lines: &[&str]) {
    let text = resolved_wgsl(source);
    for l in lines {
        assert!(text.contains(l), "missing `{l}` in:\n{text}");
    }
    compile_wgsl(source);
}

#[test]
fn inferred_zero_vectors_are_abstract_int() {
    assert_lines(
        "var<private> f: vec3f = vec3();
         var<private> i: vec3i = vec3();
         const v = vec4();
         const x = v.x * 2u;
         @group(0) @binding(0) var<storage, read_write> out: u32;
         fn take(a: vec2f) {}
         @compute @workgroup_size(1) fn main() {
             var a = vec4();
             a.x = 1;
             take(vec2());
             out = x + u32(f.x) + u32(i.y) + u32(a.w);
         }",
        &[
            "var<private> f: vec3<f32> = vec3<f32>(0.0f, 0.0f, 0.0f);",
            "var<private> i: vec3<i32> = vec3<i32>(0i, 0i, 0i);",
            // `vec4()` concretises to vec4<i32>.
            "var a: vec4<i32> = vec4<i32>(0i, 0i, 0i, 0i);",
            "take(vec2<f32>(0.0f, 0.0f));",
            "out = 0u + u32(f.x) + u32(i.y) + u32(a.w);",
        ],
    );
}

#[test]
fn inferred_zero_matrix_and_array_still_need_arguments() {
    check_error(
        "fn f() { let m = mat2x2(); }",
        "cannot infer the element type of 'mat2x2' without arguments",
        "mat2x2()",
    );
}

#[test]
fn phony_assignment_keeps_abstract_values() {
    // Both values only fit an AbstractInt: a phony assignment does not
    // concretise its right-hand side (WGSL spec, "Phony Assignment").
    assert_lines(
        "const a = 1 << 30u;
         const b = a << 10u;
         const c = 5000000000 << 3u;
         @group(0) @binding(0) var<storage, read_write> out: u32;
         @compute @workgroup_size(1) fn main() {
             _ = b;
             _ = c;
             out = u32(b >> 20u);
         }",
        &["out = 1048576u;"],
    );
}

#[test]
fn abstract_shift_result_is_abstract() {
    // `a << 10u` is valid only because `a` is AbstractInt; converting it to
    // i32 where it is used is still an error.
    check_error(
        "const a = 1 << 30u;
const b = a << 10u;
fn f() { let x: i32 = b; }",
        "value 1099511627776 cannot be represented as 'i32'",
        "b",
    );
}

#[test]
fn negating_the_most_negative_integer_gives_itself() {
    assert_lines(
        "@group(0) @binding(0) var<storage, read_write> out: array<i32, 3>;
         @compute @workgroup_size(1) fn main() {
             const m = -2147483647i - 1i;
             out[0] = -m;
             out[1] = i32(~~~~~~~~~~~~~~~~~-~~~~~~~~~~~~~~~~~~~~~~~~-~~~~~~~~~~~~~~~~~~~~~~~~~~~9223372036854775807 % (5));
             out[2] = i32(-(-9223372036854775807 - 1) >> 33u);
         }",
        &[
            "out[0] = i32(-2147483648);",
            "out[1] = 2i;",
            "out[2] = -1073741824i;",
        ],
    );
}

#[test]
fn right_side_of_false_and_is_not_evaluated() {
    // The conversion of 4294967295 to i32 and the division by zero would be
    // errors, but `false && e` and `true || e` do not evaluate `e`.
    assert_lines(
        "fn a(v: i32) -> i32 { return v; }
         @group(0) @binding(0) var<storage, read_write> out: u32;
         const k = false && (1 / 0 == 1);
         @compute @workgroup_size(1) fn main() {
             _ = false && (0 < a(4294967295));
             let t = true || (a(4294967295) > 0);
             out = select(0u, 1u, t) + select(0u, 2u, k);
         }",
        &["out = select(0u, 1u, true) + 0u;"],
    );
    // Nothing of the unevaluated call remains in the function.
    let text = resolved_wgsl(
        "fn a(v: i32) -> i32 { return v; }
         @compute @workgroup_size(1) fn main() { _ = false && (0 < a(4294967295)); }",
    );
    assert!(
        !text.contains("a(-1i)") && !text.contains("a(0i)"),
        "{text}"
    );
}

/// `false && z` is `false`, but a const-expression only when `z` is one:
/// with a runtime `z` the division by it is a runtime division (`9u / 0u`
/// is `9u`), not a shader-creation error; with a const `z` it is one.
/// Found by the differential tester.
#[test]
fn short_circuit_with_a_runtime_right_side_is_a_runtime_expression() {
    compile_wgsl(
        "@group(0) @binding(0) var<storage, read_write> o: array<u32, 4>;
         @compute @workgroup_size(1) fn main() {
             let z = o[1] == 0u;
             o[0] = 9u / u32(false && z);
             o[1] = 1u << (u32(true || z) * 40u);
             o[2] = 7u % u32(false && (o[3] > 2u));
         }",
    );
    check_error(
        "@group(0) @binding(0) var<storage, read_write> o: u32;
         @compute @workgroup_size(1) fn main() { o = 9u / u32(false && true); }",
        "division by zero",
        "9u / u32(false && true)",
    );
}

#[test]
fn right_side_of_false_and_is_still_type_checked() {
    check_error(
        "fn f() { let x = false && 1; }",
        "no matching overload for operator && (bool, abstract-int)",
        "false && 1",
    );
    check_error(
        "fn f() { let x = false && (0 < g()); }",
        "unresolved function 'g'",
        "g",
    );
}

#[test]
fn errors_in_an_evaluated_right_side_are_reported() {
    check_error(
        "fn a(v: i32) -> i32 { return v; }
fn f() { _ = true && (0 < a(4294967295)); }",
        "type mismatch in argument of 'a': expected 'i32', found 'abstract-int'",
        "4294967295",
    );
}

#[test]
fn bitcast_of_abstract_int_to_u32() {
    // `bitcast<u32>(AbstractInt)` is `u32(e)` (WGSL spec, "bitcast"): a
    // negative value is an error, while `bitcast<i32>` reinterprets.
    check_error(
        "fn f() { let x = bitcast<u32>(-2147483648); }",
        "value -2147483648 cannot be represented as 'u32'",
        "bitcast<u32>(-2147483648)",
    );
    assert_lines(
        "@group(0) @binding(0) var<storage, read_write> out: array<u32, 3>;
         @compute @workgroup_size(1) fn main() {
             out[0] = bitcast<u32>(4294967295);
             out[1] = bitcast<u32>(bitcast<i32>(-2147483648));
             out[2] = bitcast<vec2u>(vec2(7, 3)).y;
         }",
        &[
            "out[0] = 4294967295u;",
            "out[1] = 2147483648u;",
            "out[2] = 3u;",
        ],
    );
}

/// The type name of the local variable `name` of the first entry point.
fn local_type_name(source: &str, name: &str) -> String {
    let parsed = tessera::front::wgsl::parse_str(source)
        .unwrap_or_else(|e| panic!("{}", e.render("test.wgsl", source)));
    let m = &parsed.module;
    let f = &m.functions[m.entry_points[0].function];
    let Some((_, var)) = f.local_variables.iter().find(|(_, v)| v.name == name) else {
        panic!("no local variable `{name}`");
    };
    m.types[var.ty].name.clone().unwrap_or_default()
}

#[test]
fn abstract_frexp_and_modf_results_concretise() {
    let source = "@group(0) @binding(0) var<storage, read_write> out: vec2f;
         @compute @workgroup_size(1) fn main() {
             const c = vec2(1.25, 3.75);
             let r = vec2(1.25, 3.75);
             var res = modf(c);
             res = modf(r);
             res = modf(c);
             var fr = frexp(1.5);
             fr = frexp(r.x);
             var whole = modf(2.5).whole;
             let p = &fr;
             var e = p.exp;
             out = res.fract + res.whole + vec2(fr.fract + f32(e) + whole);
         }";
    // `var` concretises the abstract structures (WGSL spec, "Conversion
    // Rank": `__modf_result_vec2_abstract` -> `__modf_result_vec2_f32`).
    assert_eq!(local_type_name(source, "res"), "__modf_result_vec2_f32");
    assert_eq!(local_type_name(source, "fr"), "__frexp_result_f32");
    compile_wgsl(source);
}

#[test]
fn abstract_frexp_members_are_const() {
    assert_lines(
        "enable f16;
         @group(0) @binding(0) var<storage, read_write> out: f32;
         @compute @workgroup_size(1) fn main() {
             let h: f16 = frexp(1.5).fract;
             let e = frexp(vec2(8.0, 0.25)).exp;
             var m = modf(-2.5).whole;
             out = f32(h) + f32(e.y) + m;
         }",
        &[
            "var m: f32 = -2.0f;",
            "out = f32(0.75h) + f32(vec2<i32>(4i, -1i).y) + m;",
        ],
    );
}

#[test]
fn abstract_result_converts_to_f16_result() {
    compile_wgsl(
        "enable f16;
         @group(0) @binding(0) var<storage, read_write> out: f32;
         @compute @workgroup_size(1) fn main() {
             let x = 3.0h;
             var r = frexp(x);
             r = frexp(1.5);
             var w = modf(vec3(x));
             w = modf(vec3(0.5, 1.5, 2.5));
             out = f32(r.fract) + f32(w.whole.z);
         }",
    );
}

#[test]
fn abstract_result_does_not_convert_to_another_builtin_result() {
    check_error(
        "fn f() { var r = frexp(1.5); r = modf(1.5); }",
        "cannot convert value of type '__modf_result_abstract' to '__frexp_result_f32'",
        "modf(1.5)",
    );
    check_error(
        "fn f() { var r = frexp(vec2(1.5)); r = frexp(1.5); }",
        "cannot convert value of type '__frexp_result_abstract' to '__frexp_result_vec2_f32'",
        "frexp(1.5)",
    );
}

#[test]
fn workgroup_uniform_load_of_an_atomic_returns_its_value_type() {
    let dis = compile_wgsl(
        "var<workgroup> c: atomic<i32>;
         @group(0) @binding(0) var<storage, read_write> out: i32;
         @compute @workgroup_size(8) fn main() {
             atomicAdd(&c, 1);
             let v: i32 = workgroupUniformLoad(&c);
             if v > 4 { workgroupBarrier(); }
             out = v;
         }",
    );
    // Barrier, atomic load at workgroup scope, barrier.
    let at = |s: &str| dis.find(s).unwrap_or_else(|| panic!("no {s} in {dis}"));
    let load = at("OpAtomicLoad");
    assert!(dis[..load].contains("OpControlBarrier"), "{dis}");
    assert!(dis[load..].contains("OpControlBarrier"), "{dis}");
}

#[test]
fn workgroup_uniform_load_still_rejects_structures_with_atomics() {
    check_error(
        "struct S { a: atomic<u32> }
var<workgroup> s: S;
fn f() { let x = workgroupUniformLoad(&s); }",
        "'workgroupUniformLoad' cannot load 'S': the type must not contain atomics or runtime-sized arrays",
        "&s",
    );
}

#[test]
fn swizzle_assignment_errors() {
    check_error(
        "fn f() { var v: vec4f; v.xx = vec2(1.0, 2.0); }",
        "cannot assign to a vector swizzle with duplicate components",
        "v.xx",
    );
    // Duplicates in an intermediate view are fine; the final one counts.
    check_error(
        "fn f() { var v: vec4f; v.xyy.yz = vec2(1.0, 2.0); }",
        "cannot assign to a vector swizzle with duplicate components",
        "v.xyy.yz",
    );
    check_error(
        "fn f() { var v: vec2f; v.yz = vec2(1.0, 2.0); }",
        "invalid vector swizzle 'yz': component 'z' is out of range for 'vec2'",
        "yz",
    );
    check_error(
        "fn f() { var v: vec4f; v.xyz[3] = 1.0; }",
        "index 3 is out of bounds for 'vec3<f32>' (valid indices are 0 to 2)",
        "3",
    );
    check_error(
        "fn f() { var v: vec4f; v.zy.z = 1.0; }",
        "invalid vector swizzle 'z': component 'z' is out of range for 'vec2'",
        "z",
    );
    check_error(
        "fn f() { var v: vec4i; v.xy++; }",
        "increment and decrement require an 'i32' or 'u32' reference, found 'vec2<i32>'",
        "v.xy",
    );
    check_error(
        "fn f() { let v = vec4f(); v.xy = vec2(1.0); }",
        "cannot assign to a value that is not a reference",
        "v.xy",
    );
    check_error(
        "@group(0) @binding(0) var<uniform> u: vec4f;
fn f() { u.xy = vec2(1.0); }",
        "cannot assign to a read-only reference",
        "u.xy",
    );
    check_error(
        "fn f() { var v: vec4f; v.xy = vec3(1.0); }",
        "cannot convert value of type 'vec3<abstract-float>' to 'vec2<f32>'",
        "vec3(1.0)",
    );
    check_error(
        "fn f() { var v: vec4f; let p = &v.xy; }",
        "cannot take the address of an expression that is not a reference",
        "v.xy",
    );
}

#[test]
fn swizzle_assignment_writes_the_named_components() {
    // Single components stay component stores; views of several
    // components store the whole vector, merged with its old value.
    assert_lines(
        "@group(0) @binding(0) var<storage, read_write> out: vec4u;
         @compute @workgroup_size(1) fn main() {
             var v = vec4u(1, 2, 3, 4);
             v.yz.y = 7;
             v.zy = vec2(5, 6);
             v.wzyx = v;
             out = v;
         }",
        &[
            "v.z = 7u;",
            "v = vec4<u32>(_e5.x, vec2<u32>(5u, 6u).y, vec2<u32>(5u, 6u).x, _e5.w);",
            "v = v.wzyx;",
        ],
    );
}

#[test]
fn abstract_float_to_int_saturates_in_binary64() {
    // `i32(AbstractFloat)` / `u32(AbstractFloat)` are chosen (spec,
    // "Conversion Rank"), and an out-of-range value saturates to the
    // closest integer exactly representable in binary64, the original
    // floating point type ("Floating Point Conversion"): the integer
    // limits themselves, not the f32-saturated 2147483520 / 4294967040,
    // which an f32 argument still gives.
    assert_lines(
        "@group(0) @binding(0) var<storage, read_write> ri: array<i32, 8>;
         @group(0) @binding(1) var<storage, read_write> ru: array<u32, 5>;
         @compute @workgroup_size(1) fn main() {
             ri[0] = i32(3e9);
             ri[1] = i32(-3e9);
             ri[2] = i32(2147483647.9);
             ri[3] = i32(-2147483648.9);
             ri[4] = vec2<i32>(vec2(3e9, -3e9)).x;
             ri[5] = vec2<i32>(vec2(3e9, -3e9)).y;
             ri[6] = i32(1e20f);
             ri[7] = i32(1e300);
             ru[0] = u32(5e9);
             ru[1] = u32(4294967295.5);
             ru[2] = u32(-1.5);
             ru[3] = vec2<u32>(vec2(5e9, 1.5)).x;
             ru[4] = u32(1e20f);
         }",
        &[
            "ri[0] = 2147483647i;",
            "ri[1] = i32(-2147483648);",
            "ri[2] = 2147483647i;",
            "ri[3] = i32(-2147483648);",
            "ri[4] = 2147483647i;",
            "ri[5] = i32(-2147483648);",
            "ri[6] = 2147483520i;",
            "ri[7] = 2147483647i;",
            "ru[0] = 4294967295u;",
            "ru[1] = 4294967295u;",
            "ru[2] = 0u;",
            "ru[3] = 4294967295u;",
            "ru[4] = 4294967040u;",
        ],
    );
}

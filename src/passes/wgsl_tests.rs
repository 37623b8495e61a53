//! WGSL-in/WGSL-out tests of each pass: the module after the pass is
//! printed as WGSL (what `tessera --print-ir-after PASS` shows).

use super::{shared, PassOptions};
use crate::pipeline::{process, PipelineOptions};

/// Runs the shared passes up to and including `pass` over `src` and
/// returns the body of function `main` as printed WGSL (from its `fn`
/// line to the end of the module).
pub(crate) fn after(src: &str, pass: &str) -> String {
    after_with(src, pass, PassOptions::default())
}

pub(crate) fn after_with(src: &str, pass: &str, options: PassOptions) -> String {
    after_in(src, pass, shared(options))
}

/// Runs `list` up to and including `pass` over `src`; the printed module.
pub(crate) fn after_in(src: &str, pass: &str, list: Vec<super::Pass>) -> String {
    after_in_pipeline(src, pass, list, &PipelineOptions::default())
}

/// [`after_in`] with the pipeline step's options.
fn after_in_pipeline(
    src: &str,
    pass: &str,
    list: Vec<super::Pass>,
    options: &PipelineOptions,
) -> String {
    let text = printed_after(src, pass, list, options);
    // The printed WGSL must be valid WGSL again.
    if let Err(e) = crate::front::wgsl::parse_str(&text)
        .map_err(|e| format!("{e:?}"))
        .and_then(|p| crate::valid::validate(&p.module).map_err(|e| format!("{e:?}")))
    {
        panic!("pass output is not valid WGSL: {e}\n{text}");
    }
    text
}

/// The module after running `list` up to and including `pass`, printed
/// (not parsed again: [`after_in_pipeline`] checks that).
pub(super) fn printed_after(
    src: &str,
    pass: &str,
    list: Vec<super::Pass>,
    options: &PipelineOptions,
) -> String {
    let parsed = crate::front::wgsl::parse_str(src).unwrap_or_else(|e| panic!("{e:?}"));
    let info = crate::valid::validate(&parsed.module).unwrap_or_else(|e| panic!("{e:?}"));
    let mut p = process(&parsed.module, &info, options).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(list.iter().any(|p| p.name == pass), "no pass named {pass}");
    for pa in &list {
        (pa.run)(&mut p).unwrap_or_else(|e| panic!("{e:?}"));
        if pa.name == pass {
            break;
        }
    }
    crate::back::wgsl::write(&p.module).unwrap_or_else(|e| panic!("{e:?}"))
}

/// Asserts the snapshot `name` (in `snapshots/passes`) of a pass's
/// output `out`, described by its input `src`.
pub(super) fn snapshot(name: &str, src: &str, out: &str) {
    insta::with_settings!({
        snapshot_path => "../../snapshots/passes",
        prepend_module_to_snapshot => false,
        omit_expression => true,
        description => src,
    }, {
        insta::assert_snapshot!(name, out);
    });
}

/// The text from `fn name` to the end.
fn function<'a>(text: &'a str, name: &str) -> &'a str {
    let key = format!("fn {name}(");
    match text.find(&key) {
        Some(i) => &text[i..],
        None => panic!("no function {name} in\n{text}"),
    }
}

/// Snapshots the WGSL of `main` (and what follows) after `pass` in
/// `snapshots/passes/`.
macro_rules! check {
    ($name:literal, $pass:literal, $src:expr) => {
        check!($name, $pass, $src, PassOptions::default(), "main")
    };
    ($name:literal, $pass:literal, $src:expr, $options:expr, $from:literal) => {{
        let out = after_with($src, $pass, $options);
        insta::with_settings!({
            snapshot_path => "../../snapshots/passes",
            prepend_module_to_snapshot => false,
            omit_expression => true,
            description => $src,
        }, {
            insta::assert_snapshot!($name, function(&out, $from));
        });
    }};
}

/// Snapshots `main` after `$pass` run as part of a target's pass list
/// (`$passes`, e.g. `crate::lower::msl::passes(&Default::default())`).
macro_rules! check_in {
    ($name:literal, $pass:literal, $passes:expr, $src:expr) => {{
        let src = $src;
        let out = after_in(src, $pass, $passes);
        insta::with_settings!({
            snapshot_path => "../../snapshots/passes",
            prepend_module_to_snapshot => false,
            omit_expression => true,
            description => src,
        }, {
            insta::assert_snapshot!($name, function(&out, "main"));
        });
    }};
}

/// [`check!`] printing from function `$from` on.
macro_rules! check_from {
    ($name:literal, $pass:literal, $src:expr, $from:literal) => {
        check!($name, $pass, $src, PassOptions::default(), $from)
    };
}

#[test]
fn int_division() {
    check!(
        "int_division",
        "int-division",
        "
@group(0) @binding(0) var<storage, read_write> b: array<i32, 4>;
@group(0) @binding(1) var<storage, read_write> u: vec4<u32>;
@compute @workgroup_size(1) fn main() {
    b[0] = b[1] / b[2];
    b[1] = b[1] % 3;
    b[2] = b[1] / -1;
    u = u / u.x;
    u = u % vec4(2u);
    let f = f32(b[0]) / 0.0;
}"
    );
}

/// A divisor `clamp(x, lo, hi)` may be 0 when `lo > hi` (WGSL's integer
/// clamp is `min(max(x, lo), hi)`): the value-range analysis must not
/// prove it positive, so the guard stays. Found by the differential
/// tester (`255u / clamp(1u, 20u, 0u)` gave 4294967295).
#[test]
fn int_division_clamp_divisor() {
    check!(
        "int_division_clamp_divisor",
        "int-division",
        "
@group(0) @binding(0) var<storage, read_write> o: array<u32, 4>;
@compute @workgroup_size(1) fn main() {
    o[0] = 255u / clamp(1u, o[1], o[2]);
    o[3] = 255u / clamp(o[1], 1u, 8u);
}"
    );
}

/// The SPIR-V backend's remainder: `a - b * (a / b)` on the divisor
/// `int-division` guarded; a remainder of a non-negative dividend by a
/// positive constant, and every `u32` one, stay `%`.
#[test]
fn signed_remainder() {
    let src = "
@group(0) @binding(0) var<storage, read_write> b: array<i32, 4>;
@group(0) @binding(1) var<storage, read_write> u: vec4<u32>;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i: u32) {
    b[0] = b[1] % b[2];
    b[1] = b[1] % 3;
    b[2] = i32(i) % 4;
    let v = vec2(b[0], b[3]) % b[1];
    b[3] = v.x + v.y;
    u = u % vec4(2u);
}";
    check_in!(
        "signed_remainder",
        "signed-remainder",
        crate::lower::spv::passes(&Default::default()),
        src
    );
}

/// `clamp` as WGSL defines it, `min(max(e, low), high)`, on scalars and
/// vectors of each scalar kind, and the `clamp` inside MSL's `smoothstep`
/// formula (made by `float-formulas`, an earlier pass).
#[test]
fn clamp_formula() {
    let src = "
@group(0) @binding(0) var<storage, read_write> f: vec4<f32>;
@group(0) @binding(1) var<storage, read_write> i: vec2<i32>;
@group(0) @binding(2) var<storage, read_write> u: u32;
@compute @workgroup_size(1) fn main() {
    f = clamp(f, vec4(f.w), vec4(1.0));
    i = clamp(i, vec2(-3), vec2(i.y));
    u = clamp(u, 2u, u + 1u);
    f.x = smoothstep(f.y, f.z, f.w);
}";
    check_in!(
        "clamp_formula",
        "clamp-formula",
        crate::lower::msl::passes(&Default::default()),
        src
    );
}

/// The MSL lowering of `firstLeadingBit` / `firstTrailingBit`: clz/ctz
/// and a select (signed: on the bits that differ from the sign bit).
#[test]
fn first_bit() {
    let src = "
@group(0) @binding(0) var<storage, read_write> s: vec2<i32>;
@group(0) @binding(1) var<storage, read_write> u: array<u32, 4>;
@compute @workgroup_size(1) fn main() {
    s = firstLeadingBit(s);
    u[0] = firstLeadingBit(u[1]);
    u[2] = firstTrailingBit(u[3]);
    s.x = firstTrailingBit(s.y);
}";
    check_in!(
        "first_bit",
        "first-bit",
        crate::lower::msl::passes(&Default::default()),
        src
    );
}

#[test]
fn int_dot() {
    check!(
        "int_dot",
        "int-dot",
        "
@group(0) @binding(0) var<storage, read_write> i: vec3<i32>;
@group(0) @binding(1) var<storage, read_write> u: array<u32, 4>;
@compute @workgroup_size(1) fn main() {
    i.x = dot(i, vec3(2, -3, 4));
    u[0] = dot(vec2(u[1], u[2]), vec2(u[3], 4294967295u));
    let f = dot(vec4<f32>(1.0), vec4<f32>(f32(u[0])));
    u[3] = u32(f);
}"
    );
}

/// SPIR-V with specialization constants: `s * 2.0` (float arithmetic, no
/// `OpSpecConstantOp`) and the private initialiser `sin(s)` are computed in
/// the functions (the initialiser stored at the entry point's start);
/// `n + 1u` stays an override-expression (an `OpSpecConstantOp`).
#[test]
fn spec_constants() {
    let src = "
override s: f32 = 1.5;
override n: u32 = 4u;
var<private> p: f32 = sin(s);
@group(0) @binding(0) var<storage, read_write> o: array<f32, 4>;
@group(0) @binding(1) var<storage, read_write> u: u32;
fn twice() -> f32 { return s * 2.0; }
@compute @workgroup_size(1) fn main() {
    o[0] = twice() + p;
    u = n + 1u;
}";
    let options = PipelineOptions {
        spec_constants: true,
        ..Default::default()
    };
    let out = after_in_pipeline(
        src,
        "spec-constants",
        crate::lower::spv::passes(&Default::default()),
        &options,
    );
    insta::with_settings!({
        snapshot_path => "../../snapshots/passes",
        prepend_module_to_snapshot => false,
        omit_expression => true,
        description => src,
    }, {
        insta::assert_snapshot!("spec_constants", out);
    });
}

/// `dot4I8Packed`/`dot4U8Packed` become the sum of the products of the
/// unpacked bytes (both targets).
#[test]
fn int_dot_packed() {
    check!(
        "int_dot_packed",
        "int-dot",
        "
@group(0) @binding(0) var<storage, read_write> u: array<u32, 3>;
@group(0) @binding(1) var<storage, read_write> i: i32;
@compute @workgroup_size(1) fn main() {
    i = dot4I8Packed(u[0], u[1]);
    u[2] = dot4U8Packed(u[0], u[1]);
}"
    );
}

/// The MSL lowering of `fract` and `smoothstep`: the spec's formulas
/// (scalar, vector and f16).
#[test]
fn float_formulas() {
    let src = "
enable f16;
@group(0) @binding(0) var<storage, read_write> f: vec3<f32>;
@group(0) @binding(1) var<storage, read_write> h: f16;
@compute @workgroup_size(1) fn main() {
    f = fract(f) + smoothstep(vec3(0.5), f.zyx, f);
    f.x = fract(f.y);
    h = smoothstep(h, 2.0h, 1.5h) + fract(h);
}";
    check_in!(
        "float_formulas",
        "float-formulas",
        crate::lower::msl::passes(&Default::default()),
        src
    );
}

/// The MSL lowering of `extractBits`/`insertBits`: shifts and masks with
/// every amount masked below 32 and a select for a count of 0 (i32, u32,
/// vectors; after `bits-clamp`).
#[test]
fn bit_fields() {
    let src = "
@group(0) @binding(0) var<storage, read_write> u: vec3<u32>;
@group(0) @binding(1) var<storage, read_write> i: vec2<i32>;
@group(0) @binding(2) var<storage, read_write> n: array<u32, 2>;
@compute @workgroup_size(1) fn main() {
    u = extractBits(u, n[0], n[1]);
    i.x = extractBits(i.y, 4u, n[1]);
    i = insertBits(i, vec2(-1), n[0], 3u);
    u.x = insertBits(u.y, u.z, n[0], n[1]);
}";
    check_in!(
        "bit_fields",
        "bit-fields",
        crate::lower::msl::passes(&Default::default()),
        src
    );
}

/// The MSL lowering of `abs` and `sign` of `i32`: selects (negation
/// wraps, so `abs(-2147483648)` stays `-2147483648`); `u32` and float ones
/// stay.
#[test]
fn int_abs_sign() {
    let src = "
@group(0) @binding(0) var<storage, read_write> s: vec2<i32>;
@group(0) @binding(1) var<storage, read_write> f: f32;
@group(0) @binding(2) var<storage, read_write> u: u32;
@compute @workgroup_size(1) fn main() {
    s = abs(s) + sign(s);
    s.x = sign(s.y);
    f = abs(sign(f));
    u = abs(u);
}";
    check_in!(
        "int_abs_sign",
        "int-abs-sign",
        crate::lower::msl::passes(&Default::default()),
        src
    );
}

/// A shift amount that is a call's result: the pass adds the mask after
/// the shift that uses it (a larger handle than its user), which the WGSL
/// printer must still print (it once failed with "the result of a call is
/// used before the call statement").
#[test]
fn shift_amount_of_a_call() {
    check!(
        "shift_amount_of_a_call",
        "shift-amount",
        "
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
var<private> ctr: u32;
fn cnt() -> u32 { ctr++; return ctr; }
@compute @workgroup_size(1) fn main() {
    out[0] = (out[1] << (cnt() - 1u)) | 3u;
    out[2] = out[3] >> cnt();
}"
    );
}

#[test]
fn shift_amount() {
    check!(
        "shift_amount",
        "shift-amount",
        "
@group(0) @binding(0) var<storage, read_write> b: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> v: vec2<i32>;
@compute @workgroup_size(1) fn main() {
    b[0] = b[1] << b[2];
    b[1] = b[1] >> 3u;
    v = v >> vec2(b[3]);
}"
    );
}

#[test]
fn float_to_int() {
    check!(
        "float_to_int",
        "float-to-int",
        "
enable f16;
@group(0) @binding(0) var<storage, read_write> f: vec3<f32>;
@group(0) @binding(1) var<storage, read_write> i: vec3<i32>;
@group(0) @binding(2) var<storage, read_write> u: u32;
@group(0) @binding(3) var<storage, read_write> h: f16;
@compute @workgroup_size(1) fn main() {
    i = vec3<i32>(f);
    u = u32(f.x) + u32(h);
    f = vec3<f32>(i);
}"
    );
}

#[test]
fn float_to_int_subgroup_matrices() {
    check!(
        "float_to_int_subgroup_matrices",
        "float-to-int",
        "
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> f: array<f32, 256>;
@group(0) @binding(1) var<storage, read_write> i: array<i32, 1024>;
@compute @workgroup_size(32) fn main() {
    let a = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>, row_major>(&f, 0u, 8u);
    let b = subgroupMatrixConvert<subgroup_matrix_result<i32, 8, 8>>(a);
    subgroupMatrixStore<row_major>(&i, 0u, b, 8u);
    let c = subgroupMatrixConvert<subgroup_matrix_result<i8, 8, 8>>(b);
    subgroupMatrixStore<row_major>(&i, 64u, c, 8u);
    let d = subgroupMatrixConvert<subgroup_matrix_result<f32, 8, 8>>(c);
    subgroupMatrixStore<row_major>(&f, 64u, d, 8u);
}"
    );
}

#[test]
fn bits_clamp() {
    check!(
        "bits_clamp",
        "bits-clamp",
        "
@group(0) @binding(0) var<storage, read_write> b: array<u32, 4>;
@compute @workgroup_size(1) fn main() {
    b[0] = extractBits(b[1], b[2], b[3]);
    b[1] = insertBits(b[1], b[2], 4u, 8u);
    b[2] = extractBits(b[1], 30u, 8u);
}"
    );
}

#[test]
fn pack_norm() {
    // Each lane is floor(0.5 + K * clamp(e, lo, 1)); signed lanes are
    // masked to their width; pack2x16float and pack4xI8 are left alone.
    check!(
        "pack_norm",
        "pack-norm",
        "
@group(0) @binding(0) var<storage, read_write> b: array<u32, 6>;
@group(0) @binding(1) var<storage, read_write> v: vec4<f32>;
@compute @workgroup_size(1) fn main() {
    b[0] = pack4x8snorm(v);
    b[1] = pack4x8unorm(v);
    b[2] = pack2x16snorm(v.xy);
    b[3] = pack2x16unorm(v.zw);
    b[4] = pack2x16float(v.xy);
    b[5] = pack4x8snorm(vec4(0.5, -0.5, 0.0, 1.0));
}"
    );
}

const MATRIX_HEADER: &str = "
enable chromium_experimental_subgroup_matrix;
";

#[test]
fn matrix_scalar_range() {
    let src = format!(
        "{MATRIX_HEADER}
@group(0) @binding(0) var<storage, read_write> b: array<i32, 256>;
@group(0) @binding(1) var<storage> p: array<i32, 4>;
@compute @workgroup_size(64) fn main() {{
    let s = p[0];
    var m = subgroup_matrix_result<i8, 8, 8>(s);
    m = subgroupMatrixScalarAdd(m, s + 1);
    m = subgroupMatrixScalarMultiply(m, 3);
    subgroupMatrixStore(&b, 0u, m, false, 8u);
}}"
    );
    check!("matrix_scalar_range", "matrix-scalar-range", &src);
}

#[test]
fn robustness_indices() {
    check!(
        "robustness_indices",
        "robustness",
        "
@group(0) @binding(0) var<storage, read_write> rt: array<u32>;
@group(0) @binding(1) var<storage, read_write> s: S;
struct S { n: u32, data: array<vec4<f32>> }
var<workgroup> tile: array<array<f32, 8>, 4>;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) l: u32) {
    let i = rt[0];
    rt[i] = rt[3];
    tile[i][l] = s.data[i].y;
    let v = s.data[2];
    s.n = u32(v[i]);
    var m: mat3x3<f32>;
    let c = m[i];
    var a = array<i32, 3>(1, 2, 3);
    s.n = u32(a[i32(i)]) + u32(c[1]);
}"
    );
}

#[test]
fn robustness_matrices() {
    let src = format!(
        "{MATRIX_HEADER}
@group(0) @binding(0) var<storage, read_write> rt: array<f32>;
@group(0) @binding(1) var<storage> params: vec2<u32>;
var<workgroup> tile: array<f32, 1024>;
var<workgroup> small: array<f32, 64>;
@compute @workgroup_size(64) fn main() {{
    let off = params.x;
    // fixed array, constant stride: one clamp of the offset
    let a = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&tile, off, false, 32u);
    // fixed array, constant offset inside: untouched
    let b = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>>(&tile, 64u, true, 8u);
    // fixed array exactly one matrix
    let c = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&small, 0u, false, 8u);
    // runtime-sized array: guarded
    let d = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&rt, off, false, 8u);
    // runtime stride
    let e = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&tile, off, false, params.y);
    subgroupMatrixStore(&rt, off, subgroupMatrixMultiplyAccumulate(a, b, c), false, 16u);
    subgroupMatrixStore(&small, off, d, false, 8u);
    subgroupMatrixStore(&tile, off, e, true, params.y);
}}"
    );
    check!("robustness_matrices", "robustness", &src);
}

#[test]
fn workgroup_zero() {
    check!(
        "workgroup_zero",
        "workgroup-zero",
        "
struct S { a: atomic<u32>, b: array<f32, 4>, c: vec2<f32> }
var<workgroup> big: array<vec4<f32>, 500>;
var<workgroup> nested: array<array<u32, 16>, 64>;
var<workgroup> few: array<f32, 32>;
var<workgroup> one: f32;
var<workgroup> s: S;
var<workgroup> unused: array<f32, 4>;
fn helper() { one += 1.0; }
@compute @workgroup_size(8, 8) fn main() {
    big[0].x = f32(nested[1][2]) + few[3];
    helper();
    atomicAdd(&s.a, 1u);
    s.b[0] = s.c.x;
}"
    );
}

#[test]
fn workgroup_zero_uses_existing_local_index() {
    let out = after(
        "
var<workgroup> w: array<u32, 128>;
struct In { @builtin(local_invocation_index) i: u32 }
@compute @workgroup_size(64) fn main(input: In) { w[input.i] = 1u; }",
        "workgroup-zero",
    );
    assert!(!out.contains("tessera_local_index"), "{out}");
    assert!(out.contains("input.i"), "{out}");
}

#[test]
fn options_turn_passes_off() {
    let names = |o| super::shared(o).iter().map(|p| p.name).collect::<Vec<_>>();
    let all = names(PassOptions::default());
    assert!(all.contains(&"robustness") && all.contains(&"workgroup-zero"));
    let none = names(PassOptions {
        bounds_checks: false,
        zero_initialize_workgroup_memory: false,
        ..PassOptions::default()
    });
    assert!(!none.contains(&"robustness") && !none.contains(&"workgroup-zero"));
    let unoptimised = names(PassOptions {
        optimize: false,
        ..PassOptions::default()
    });
    let expected: Vec<_> = all
        .iter()
        .copied()
        .filter(|n| !super::OPTIMIZING.contains(n))
        .collect();
    assert_eq!(unoptimised, expected);
    assert_eq!(unoptimised.len() + super::OPTIMIZING.len(), all.len());
}

#[test]
fn pointer_args() {
    check_from!(
        "pointer_args",
        "pointer-args",
        "
struct S { n: u32, data: array<vec4<f32>> }
@group(0) @binding(0) var<storage, read_write> s: S;
var<workgroup> tile: array<array<f32, 8>, 4>;
var<private> pv: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> counter: u32;
fn bump(p: ptr<storage, u32, read_write>) { *p += 1u; }
fn set_row(row: ptr<workgroup, array<f32, 8>>, i: u32, v: f32) { (*row)[i] = v; }
fn scale(v: ptr<storage, vec4<f32>, read_write>, k: f32) { *v = *v * k; bump(&counter); }
fn inc(p: ptr<function, u32>) { *p += 1u; }
fn incp(p: ptr<private, u32>) { *p += 1u; }
fn len(a: ptr<storage, array<vec4<f32>>, read_write>) -> u32 { return arrayLength(a); }
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) l: u32) {
    bump(&s.n);
    set_row(&tile[l], l, 1.0);
    scale(&s.data[l], 2.0);
    var arr = array<u32, 4>();
    inc(&arr[i32(l)]);
    var x = 0u;
    inc(&x);
    incp(&pv[2]);
    s.n = arr[0] + x + pv[2] + len(&s.data);
}",
        "bump"
    );
}

#[test]
fn pointer_args_copies_are_shared_and_ordered() {
    // Two calls with the same root and path shape share one copy; the
    // copies come before their callers.
    let out = after(
        "
@group(0) @binding(0) var<storage, read_write> a: array<u32, 8>;
@group(0) @binding(1) var<storage, read_write> b: array<u32, 8>;
fn put(p: ptr<storage, u32, read_write>, v: u32) { *p = v; }
fn twice(p: ptr<storage, u32, read_write>) { put(p, 1u); put(p, 2u); }
@compute @workgroup_size(1) fn main() {
    twice(&a[1]);
    twice(&a[3]);
    twice(&b[0]);
}",
        "pointer-args",
    );
    assert_eq!(out.matches("fn twice_a(").count(), 1, "{out}");
    assert_eq!(out.matches("fn twice_b(").count(), 1, "{out}");
    assert_eq!(out.matches("fn put_a(").count(), 1, "{out}");
    let pos = |s: &str| out.find(s).unwrap_or_else(|| panic!("{s} in {out}"));
    assert!(pos("fn put_a(") < pos("fn twice_a("), "{out}");
    assert!(pos("fn twice_a(") < pos("fn main("), "{out}");
}

#[test]
fn fold_and_cse() {
    check!(
        "fold_and_cse",
        "cse",
        "
@group(0) @binding(0) var<storage, read_write> b: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) l: u32) {
    var acc = 0u;
    for (var t = 0u; t < 3u; t++) {
        acc += b[(l + t * 64u) / 8u + arrayLength(&b) / 2u];
    }
    if acc > 4u {
        b[l * 4u + 1u] = b[l * 4u + 2u];
    }
    b[l * 4u] = acc;
}"
    );
}

const EXTERNAL_TEXTURE: &str = "
@group(0) @binding(0) var t: texture_external;
@group(0) @binding(1) var s: sampler;
@group(1) @binding(0) var<storage, read_write> out: array<vec4f, 4>;
fn load_at(tex: texture_external, c: vec2i) -> vec4f {
    return textureLoad(tex, c);
}
@compute @workgroup_size(1) fn main() {
    let size = textureDimensions(t);
    out[0] = vec4f(vec2f(size), 0.0, 0.0);
    out[1] = textureLoad(t, vec2u(1u, 2u));
    out[2] = load_at(t, vec2i(3, 4));
    out[3] = textureSampleBaseClampToEdge(t, s, vec2f(0.5));
}";

#[test]
fn external_texture() {
    check_from!(
        "external_texture",
        "external-texture",
        EXTERNAL_TEXTURE,
        "tessera_gamma_correction"
    );
}

#[test]
fn external_texture_variables() {
    // The module-scope part of the lowering: plane 0 keeps the binding,
    // plane 1 and the parameters take the next numbers of the group.
    let out = after(EXTERNAL_TEXTURE, "external-texture");
    let header = &out[..out.find("fn ").unwrap_or(out.len())];
    insta::with_settings!({
        snapshot_path => "../../snapshots/passes",
        prepend_module_to_snapshot => false,
        omit_expression => true,
        description => EXTERNAL_TEXTURE,
    }, {
        insta::assert_snapshot!("external_texture_variables", header);
    });
}

#[test]
fn external_texture_parameter_only() {
    // textureDimensions through a parameter; a function that passes its
    // parameter on.
    check_from!(
        "external_texture_parameter",
        "external-texture",
        "
@group(0) @binding(0) var t: texture_external;
@group(0) @binding(1) var<storage, read_write> out: vec2u;
fn dims(tex: texture_external) -> vec2u {
    return textureDimensions(tex);
}
fn forward(a: u32, tex: texture_external, b: u32) -> vec2u {
    return dims(tex) + vec2u(a, b);
}
@compute @workgroup_size(1) fn main() {
    out = forward(1u, t, 2u);
}",
        "dims"
    );
}

#[test]
fn texture_clamp() {
    check!(
        "texture_clamp",
        "texture-clamp",
        "
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var ta: texture_2d_array<u32>;
@group(0) @binding(2) var ms: texture_multisampled_2d<f32>;
@group(0) @binding(3) var st: texture_storage_2d<r32float, write>;
@group(0) @binding(4) var t1: texture_1d<f32>;
@group(0) @binding(5) var<storage, read_write> out: vec4f;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_id) id: vec3u) {
    let c = vec2i(id.xy) - 1;
    var v = textureLoad(t, c, i32(id.z));
    v += vec4f(textureLoad(ta, id.xy, id.z, 0));
    v += textureLoad(ms, c, 2u);
    v += textureLoad(t1, -5, 0u);
    textureStore(st, c, v);
    out = v + vec4f(vec2f(textureDimensions(t, id.x)), 0.0, 0.0);
}"
    );
}

const COOP_VEC: &str = "enable f16;
enable tessera_experimental_cooperative_vector;
@group(0) @binding(0) var<storage, read> w: array<f16>;
@group(0) @binding(1) var<storage, read> b: array<f16, 4>;
@group(0) @binding(2) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1) fn main() {
    let x = coop_vec<f16, 2>(1.0h, 2.0h);
    let h = max(coopVecMatMulAdd<coop_vec<f16, 4>>(x, &w, 0u, false, 2u, &b, 0u), coop_vec<f16, 4>());
    let y = coopVecMatMul<coop_vec<f32, 2>>(h * 2.0h, &w, 64u, true, 8u);
    o[0] = y[0] + y[1];
}";

/// Cooperative vectors without native products (MSL, or a device that does
/// not list them): arrays, one operation per component, loops.
#[test]
fn coop_vec_loops() {
    check_in!(
        "coop_vec_loops",
        "coop-vec",
        crate::lower::msl::passes(&Default::default()),
        COOP_VEC
    );
}

/// Native products (SPIR-V 1.6, the device lists f16 -> f16 and f16 ->
/// f32): each guarded by the alignment and bounds Vulkan and WGSL need,
/// with its loop in the `else` branch; the vectors stay.
#[test]
fn coop_vec_native() {
    let options = PipelineOptions {
        cooperative_vector_configs: vec![
            "f16:f16".parse().expect("config"),
            "f16:f32".parse().expect("config"),
        ],
        ..PipelineOptions::default()
    };
    let spv = crate::back::spv::Options {
        version: (1, 6),
        ..Default::default()
    };
    let out = after_in_pipeline(
        COOP_VEC,
        "coop-vec",
        crate::lower::spv::passes(&spv),
        &options,
    );
    insta::with_settings!({
        snapshot_path => "../../snapshots/passes",
        prepend_module_to_snapshot => false,
        omit_expression => true,
        description => COOP_VEC,
    }, {
        insta::assert_snapshot!("coop_vec_native", function(&out, "main"));
    });
}

const COOP_VEC_TRAINING: &str = "enable f16;
enable tessera_experimental_cooperative_vector;
@group(0) @binding(0) var<storage, read_write> g: array<atomic<u32>>;
@compute @workgroup_size(1) fn main() {
    let a = coop_vec<f16, 2>(1.0h, 2.0h);
    coopVecOuterProductAccumulate<f16>(a, a, &g, 32u);
    coopVecReduceSumAccumulate(coop_vec<f32, 2>(3.0), &g, 4u);
}";

/// The training accumulations as compare-exchange loops (MSL): each guarded
/// by the alignment and bounds rule, the f16 element added in its half of
/// the word.
#[test]
fn coop_vec_training_loops() {
    check_in!(
        "coop_vec_training_loops",
        "coop-vec",
        crate::lower::msl::passes(&Default::default()),
        COOP_VEC_TRAINING
    );
}

const MATRIX_REDUCE: &str = "enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;
alias R = subgroup_matrix_result<f32, 4, 2>;
@group(0) @binding(0) var<storage, read_write> b: array<f32>;
@compute @workgroup_size(32) fn main() {
    let s = subgroupMatrixLoad<R>(&b, 0u, false, 4u);
    let t = subgroupMatrixRowMax(s) + subgroupMatrixSum(s);
    subgroupMatrixStore(&b, 16u, t * subgroupMatrixRowIndex<R>(), false, 4u);
}";

/// Reductions and index matrices through the invocations (SPIR-V KHR).
#[test]
fn matrix_reduce_scratch() {
    check_in!(
        "matrix_reduce_scratch",
        "matrix-reduce",
        crate::lower::spv::passes(&Default::default()),
        MATRIX_REDUCE
    );
}

/// The scratch lowering's row space: a softmax of each row makes one trip
/// out (`subgroupMatrixRow(s)`) and one back (`subgroupMatrixFromRows` of the
/// left operand); the matrices between them are zero matrices nothing
/// reads. `s * 2.0`, computed before any row form exists, stays a matrix
/// operation.
#[test]
fn matrix_reduce_softmax_rows() {
    check_in!(
        "matrix_reduce_softmax_rows",
        "matrix-reduce",
        crate::lower::spv::passes(&Default::default()),
        "enable f16;
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;
alias R = subgroup_matrix_result<f32, 4, 2>;
alias L = subgroup_matrix_left<f16, 4, 2>;
@group(0) @binding(0) var<storage, read_write> b: array<f32>;
@group(0) @binding(1) var<storage, read_write> h: array<f16>;
@compute @workgroup_size(32) fn main() {
    let s = subgroupMatrixLoad<R>(&b, 0u, false, 4u) * 2.0;
    let e = exp(s - subgroupMatrixRowMax(s));
    let p = subgroupMatrixConvert<L>(e / subgroupMatrixRowSum(e));
    subgroupMatrixStore(&h, 0u, p, false, 4u);
}"
    );
}

#[test]
fn buffer_view() {
    check!(
        "buffer_view",
        "buffer-view",
        "
struct S { a: vec2<f32>, b: u32 }
@group(0) @binding(0) var<storage, read> src: buffer;
@group(0) @binding(1) var<storage, read_write> dst: buffer<64>;
@group(0) @binding(2) var<uniform> uni: buffer<32>;
var<workgroup> wg: buffer<16>;
@compute @workgroup_size(1) fn main() {
    let s = *bufferView<S>(&src, 16u);
    let p = bufferView<S>(&dst, 0);
    (*p).b = s.b + *bufferView<u32>(&uni, 8);
    bufferView<array<i32, 4>>(&wg, 0)[1] = -1;
    *bufferView<vec2<u32>>(&dst, 16) = vec2<u32>(bufferLength(&src), arrayLength(bufferArrayView<array<vec2<f32>>>(&src, 8, 24)));
}"
    );
}

#[test]
fn buffer_view_f16() {
    check!(
        "buffer_view_f16",
        "buffer-view",
        "
enable f16;
@group(0) @binding(0) var<storage, read_write> b: buffer<8>;
@compute @workgroup_size(1) fn main() {
    *bufferView<f16>(&b, 6) = *bufferView<f16>(&b, 2) + 1.0h;
}"
    );
}

#[test]
fn pointer_args_buffer_view() {
    check_from!(
        "pointer_args_buffer_view",
        "pointer-args",
        "
@group(0) @binding(0) var<storage, read_write> b: buffer<32>;
fn inc(p: ptr<storage, u32, read_write>) { *p += 1u; }
@compute @workgroup_size(1) fn main() {
    for (var i = 0u; i < 3u; i++) {
        inc(&bufferArrayView<array<u32>>(&b, 16, 16)[i]);
    }
}",
        "inc_b"
    );
}

/// SPIR-V framebuffer fetch: each `@color(N)` input (a parameter, or a
/// member of an IO struct) becomes an `input_attachment<T>` variable at
/// group 66, binding N, index N; the entry point becomes `main_inner`, and
/// a new `main` reads the attachments (narrowed, `f16` converted) and
/// rebuilds the struct without its `@color` member.
#[test]
fn framebuffer_fetch() {
    let src = "
enable chromium_experimental_framebuffer_fetch;
enable f16;
struct In { @location(0) uv: vec2f, @color(2) prev: vec2u }
@fragment fn main(@color(0) c: vec4f, i: In, @color(1) h: f16) -> @location(0) vec4f {
    return c + vec4f(i.uv, vec2f(i.prev)) * f32(h);
}";
    let out = after_in_pipeline(
        src,
        "framebuffer-fetch",
        crate::lower::spv::passes(&Default::default()),
        &PipelineOptions::default(),
    );
    insta::with_settings!({
        snapshot_path => "../../snapshots/passes",
        prepend_module_to_snapshot => false,
        omit_expression => true,
        description => src,
    }, {
        insta::assert_snapshot!("framebuffer_fetch", out);
    });
}

//! The WGSL spec's alias analysis (`src/valid/alias.rs`): at a call, two
//! pointer arguments with the same root identifier must not be written
//! through, and a pointer argument into a module-scope variable must not
//! meet a write of that variable (or a write through the argument) in the
//! callee. Accesses count through callees; atomics other than `atomicLoad`
//! write; `subgroupMatrixLoad`/`Store` read/write the whole array.

#[path = "common/check.rs"]
mod check;

use check::{check_error, first_errors};
use tessera::pipeline::PipelineOptions;

/// Asserts that `source` compiles (parse, validate, pipeline step).
#[track_caller]
fn check_ok(source: &str) {
    if let Some((stage, diags)) = first_errors(source, &PipelineOptions::default()) {
        let rendered = tessera::diagnostic::render_all(&diags, "test.wgsl", source);
        panic!("{stage} failed:\n{rendered}");
    }
}

/// The (label text, labelled source) pairs of the first error.
fn labels(source: &str) -> Vec<(String, String)> {
    let Some((_, diags)) = first_errors(source, &PipelineOptions::default()) else {
        panic!("compiled:\n{source}");
    };
    diags[0]
        .labels
        .iter()
        .map(|l| (l.message.clone(), source[l.span.to_range()].to_string()))
        .collect()
}

const SPEC_EXAMPLE: &str = "var<private> x : i32 = 0;
fn f1(p1 : ptr<function, i32>, p2 : ptr<function, i32>) {
  *p1 = *p2;
}
fn f2(p1 : ptr<function, i32>, p2 : ptr<function, i32>) {
  f1(p1, p2);
}
fn f3() {
  var a : i32 = 0;
  f2(&a, &a);
}
";

#[test]
fn same_root_written_through_a_callee() {
    check_error(
        SPEC_EXAMPLE,
        "arguments 1 and 2 of 'f2' alias: both point into 'a', and 'f2' writes through argument 1",
        "&a",
    );
    assert_eq!(
        labels(SPEC_EXAMPLE),
        [
            ("argument 1: written by 'f2'".to_string(), "&a".to_string()),
            (
                "'f2' writes through parameter 1 here".to_string(),
                "f1(p1, p2)".to_string()
            ),
        ]
    );
    // The primary span is the second argument.
    let Some((_, diags)) = first_errors(SPEC_EXAMPLE, &PipelineOptions::default()) else {
        panic!("compiled");
    };
    let d = &diags[0];
    assert_eq!(d.span_label, "argument 2: read by 'f2'");
    let call = SPEC_EXAMPLE.find("f2(&a, &a)").unwrap_or(0);
    assert_eq!(d.span.start as usize, call + "f2(&a, ".len());
}

#[test]
fn same_root_read_only_is_fine() {
    check_ok(
        "fn f4(p1 : ptr<function, i32>, p2 : ptr<function, i32>) -> i32 {
  return *p1 + *p2;
}
fn f5() {
  var a : i32 = 0;
  let b = f4(&a, &a);
}",
    );
}

#[test]
fn distinct_roots_are_fine() {
    check_ok(
        "fn f1(p1 : ptr<function, i32>, p2 : ptr<function, i32>) { *p1 = *p2; }
@group(0) @binding(0) var<storage, read_write> s: array<i32, 4>;
@group(0) @binding(1) var<storage, read_write> t: array<i32, 4>;
fn g(p: ptr<storage, array<i32, 4>, read_write>, q: ptr<storage, array<i32, 4>, read_write>) {
  p[0] = q[1];
}
fn f() {
  var a = 1;
  var b = 2;
  f1(&a, &b);
  g(&s, &t);
}",
    );
}

#[test]
fn module_scope_variable_written_and_read_through_argument() {
    let src = "var<private> x : i32 = 0;
fn f6(p : ptr<private, i32>) {
  x = *p;
}
fn f8() {
  f6(&x);
}";
    check_error(
        src,
        "argument 1 of 'f6' aliases module-scope variable 'x': 'f6' reads through argument 1 and writes 'x'",
        "&x",
    );
    assert_eq!(
        labels(src),
        [("'x' accessed here".to_string(), "x = *p".to_string())]
    );
}

#[test]
fn module_scope_variable_read_and_written_through_argument() {
    check_error(
        "var<private> x : i32 = 0;
fn g(p : ptr<private, i32>) -> i32 {
  *p = 1;
  return x;
}
fn f() { let v = g(&x); }",
        "argument 1 of 'g' aliases module-scope variable 'x': 'g' writes through argument 1 and reads 'x'",
        "&x",
    );
    check_error(
        "var<private> x : i32 = 0;
fn g(p : ptr<private, i32>) {
  *p = 1;
  x = 2;
}
fn f() { g(&x); }",
        "argument 1 of 'g' aliases module-scope variable 'x': 'g' writes through argument 1 and writes 'x'",
        "&x",
    );
}

#[test]
fn module_scope_variable_only_read_is_fine() {
    check_ok(
        "var<private> x : i32 = 0;
fn f7(p : ptr<private, i32>) -> i32 {
  return x + *p;
}
fn f8() {
  let b = f7(&x);
}",
    );
}

#[test]
fn accesses_count_through_nested_calls() {
    // `g` writes `x` through its call `h(&x)`, and reads through `q`.
    check_error(
        "var<private> x : i32 = 0;
fn h(p : ptr<private, i32>) { *p = 1; }
fn g(q : ptr<private, i32>) -> i32 {
  h(&x);
  return *q;
}
fn f() { let v = g(&x); }",
        "argument 1 of 'g' aliases module-scope variable 'x': 'g' reads through argument 1 and writes 'x'",
        "&x",
    );
}

#[test]
fn roots_through_lets_accesses_and_parameters() {
    check_error(
        "fn w(p : ptr<function, i32>, q : ptr<function, i32>) { *p = *q; }
fn f() {
  var a : array<i32, 2>;
  let p = &a[0];
  w(p, &a[1]);
}",
        "arguments 1 and 2 of 'w' alias: both point into 'a', and 'w' writes through argument 1",
        "&a[1]",
    );
    check_error(
        "fn w(p : ptr<function, i32>, q : ptr<function, i32>) { *q = *p; }
fn g(p : ptr<function, i32>) { w(p, p); }",
        "arguments 1 and 2 of 'w' alias: both point into 'p', and 'w' writes through argument 2",
        "p",
    );
}

#[test]
fn atomics_write_except_atomic_load() {
    let src = |op: &str| {
        format!(
            "var<workgroup> c: atomic<u32>;
fn f(a: ptr<workgroup, atomic<u32>>, b: ptr<workgroup, atomic<u32>>) -> u32 {{
  {op}
  return atomicLoad(b);
}}
@compute @workgroup_size(1) fn main() {{ let v = f(&c, &c); }}"
        )
    };
    check_error(
        &src("atomicAdd(a, 1u);"),
        "arguments 1 and 2 of 'f' alias: both point into 'c', and 'f' writes through argument 1",
        "&c",
    );
    check_error(
        &src("atomicStore(a, 1u);"),
        "arguments 1 and 2 of 'f' alias: both point into 'c', and 'f' writes through argument 1",
        "&c",
    );
    check_ok(&src("let x = atomicLoad(a);"));
}

#[test]
fn workgroup_uniform_load_reads() {
    check_error(
        "var<workgroup> w: u32;
fn f(p: ptr<workgroup, u32>) -> u32 {
  w = 1u;
  return workgroupUniformLoad(p);
}
@compute @workgroup_size(1) fn main() { let v = f(&w); }",
        "argument 1 of 'f' aliases module-scope variable 'w': 'f' reads through argument 1 and writes 'w'",
        "&w",
    );
}

#[test]
fn array_length_is_not_an_access() {
    check_ok(
        "@group(0) @binding(0) var<storage, read_write> buf: array<u32>;
fn f(p: ptr<storage, array<u32>, read_write>) {
  buf[0] = arrayLength(p);
}
@compute @workgroup_size(1) fn main() { f(&buf); }",
    );
}

const MATRIX: &str = "enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> buf: array<f32, 256>;
fn copy(dst: ptr<storage, array<f32, 256>, read_write>, src: ptr<storage, array<f32, 256>, read_write>) {
  let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(src, 0u, false, 8u);
  subgroupMatrixStore(dst, 64u, m, false, 8u);
}
";

#[test]
fn subgroup_matrix_load_and_store_access_the_whole_array() {
    check_error(
        &format!("{MATRIX}@compute @workgroup_size(64) fn main() {{ copy(&buf, &buf); }}"),
        "arguments 1 and 2 of 'copy' alias: both point into 'buf', and 'copy' writes through argument 1",
        "&buf",
    );
    // Through a global: the callee loads the whole array that it is also
    // given to store into.
    check_error(
        "enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> buf: array<f32, 256>;
fn store(dst: ptr<storage, array<f32, 256>, read_write>) {
  let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&buf, 0u, false, 8u);
  subgroupMatrixStore(dst, 64u, m, false, 8u);
}
@compute @workgroup_size(64) fn main() { store(&buf); }",
        "argument 1 of 'store' aliases module-scope variable 'buf': 'store' writes through argument 1 and reads 'buf'",
        "&buf",
    );
    check_ok(&format!(
        "{MATRIX}@group(0) @binding(1) var<storage, read_write> other: array<f32, 256>;
@compute @workgroup_size(64) fn main() {{ copy(&buf, &other); }}"
    ));
}

/// Functions that access no memory (and call only such functions) are not
/// walked; a caller that writes through its pointers is still checked.
#[test]
fn pure_helpers_in_the_chain_do_not_hide_a_write() {
    check_error(
        "fn pure(x: i32) -> i32 { return x + 1; }
fn calls_pure(x: i32) -> i32 { return pure(x); }
fn f(p: ptr<function, i32>, q: ptr<function, i32>) { *p = calls_pure(*q); }
fn g() { var a = 0; f(&a, &a); }
",
        "arguments 1 and 2 of 'f' alias: both point into 'a', and 'f' writes through argument 1",
        "&a",
    );
}

/// Pointer parameters that the callee never accesses may alias.
#[test]
fn unaccessed_pointer_parameters_may_alias() {
    check_ok(
        "fn ignores(p: ptr<function, i32>, q: ptr<function, i32>) -> i32 { return 1; }
fn g() { var a = 0; let r = ignores(&a, &a); }
",
    );
}

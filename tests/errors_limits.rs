//! Negative tests for the limits that keep hostile inputs bounded: the
//! WGSL spec's "Limits" section (enforced by the resolver and the
//! validator) and the growth budgets of the passes. Each limit is tested
//! one past its value (message and span) and at its value (compiles).

#[path = "common/check.rs"]
mod check;

use check::{check_error, check_ok_with};
use std::fmt::Write as _;
use tessera::pipeline::PipelineOptions;

fn ok(source: &str) {
    check_ok_with(source, &PipelineOptions::default());
}

fn struct_with(members: usize) -> String {
    let mut s = String::from("struct S {\n");
    for i in 0..members {
        let _ = writeln!(s, "  m{i}: f32,");
    }
    s.push_str("}\nvar<private> p: S;\n@compute @workgroup_size(1)\nfn main() { p.m0 = 1.0; }\n");
    s
}

#[test]
fn struct_members() {
    ok(&struct_with(1023));
    check_error(
        &struct_with(1024),
        "struct 'S' has 1024 members, more than the limit of 1023",
        "m1023",
    );
}

fn struct_chain(depth: usize) -> String {
    // S0 nests 1 deep (it holds a scalar), each next struct one more.
    let mut s = String::from("struct S0 { v: f32 }\n");
    for i in 1..depth {
        let _ = writeln!(s, "struct S{i} {{ a: S{}, b: f32 }}", i - 1);
    }
    let _ = write!(
        s,
        "var<private> p: S{};\n@compute @workgroup_size(1)\nfn main() {{ p.b = 1.0; }}\n",
        depth - 1
    );
    s
}

#[test]
fn composite_nesting_of_structures() {
    // The spec asks for at least 15; Tint (Chrome) accepts 255, and so
    // does tessera.
    ok(&struct_chain(16));
    ok(&struct_chain(255));
    check_error(
        &struct_chain(256),
        "composite type is nested 256 levels deep, more than the limit of 255",
        "S255",
    );
}

#[test]
fn composite_nesting_of_arrays() {
    // Past the parser's own limit (128 nested template lists), aliases
    // nest deeper: `A{i}` is nested i + 1 deep (vec2 counts 1).
    let src = |d: usize| {
        let mut s = String::from("alias A0 = vec2<f32>;\n");
        for i in 1..=d {
            let _ = writeln!(s, "alias A{i} = array<A{}, 1>;", i - 1);
        }
        let _ = write!(
            s,
            "var<private> p: A{d};\n@compute @workgroup_size(1)\nfn main() {{ _ = p; }}\n"
        );
        s
    };
    ok(&src(254));
    check_error(
        &src(255),
        "composite type is nested 256 levels deep, more than the limit of 255",
        "array<A254, 1>",
    );
}

#[test]
fn composite_nesting_of_inferred_arrays() {
    let src = |d: usize| {
        let mut s = String::from("const c0 = 1;\n");
        for i in 1..=d {
            let _ = writeln!(s, "const c{i} = array(c{});", i - 1);
        }
        s
    };
    ok(&src(255));
    check_error(
        &src(256),
        "composite type is nested 256 levels deep, more than the limit of 255",
        "array(c255)",
    );
}

fn params(n: usize) -> String {
    let list: Vec<String> = (0..n).map(|i| format!("p{i}: i32")).collect();
    let args: Vec<String> = (0..n).map(|i| i.to_string()).collect();
    format!(
        "fn f({}) -> i32 {{ return p0; }}\n@compute @workgroup_size(1)\nfn main() {{ _ = f({}); }}\n",
        list.join(", "),
        args.join(", ")
    )
}

#[test]
fn function_parameters() {
    ok(&params(255));
    check_error(
        &params(256),
        "function 'f' has 256 parameters, more than the limit of 255",
        "p255",
    );
}

fn switch(selectors: usize) -> String {
    // `selectors` values in one case, plus `default`.
    let values: Vec<String> = (0..selectors).map(|i| format!("{i}i")).collect();
    format!(
        "@group(0) @binding(0) var<storage, read_write> d: array<i32>;\n\
         @compute @workgroup_size(1)\nfn main() {{\n switch d[0] {{\n  case {} {{ d[1] = 1; }}\n  default {{}}\n }}\n}}\n",
        values.join(", ")
    )
}

#[test]
fn case_selectors() {
    ok(&switch(1022));
    check_error(
        &switch(1023),
        "switch statement has 1024 case selectors, more than the limit of 1023",
        "default {}",
    );
    check_error(
        &switch(1100),
        "switch statement has 1101 case selectors, more than the limit of 1023",
        "1023i",
    );
}

fn array_constructor(n: usize, typed: bool) -> String {
    let values: Vec<String> = (0..n).map(|i| format!("{i}u")).collect();
    let ctor = if typed {
        format!("array<u32, {n}>")
    } else {
        "array".to_string()
    };
    format!(
        "@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n\
         @compute @workgroup_size(1)\nfn main() {{\n let i = d[0];\n let a = {ctor}({});\n d[1] = a[i];\n}}\n",
        values.join(", ")
    )
}

#[test]
fn array_constructor_elements() {
    ok(&array_constructor(32767, false));
    check_error(
        &array_constructor(32768, false),
        "array constructor has 32768 elements, more than the limit of 32767",
        "32767u",
    );
    check_error(
        &array_constructor(32768, true),
        "array constructor has 32768 elements, more than the limit of 32767",
        "32767u",
    );
}

#[test]
fn function_variable_bytes() {
    let src = |n: usize| {
        format!(
            "@compute @workgroup_size(1)\nfn main() {{\n var a: array<f32, {n}>;\n var b = array<f32, 4>();\n a[0] = b[1];\n}}\n"
        )
    };
    ok(&src(262140));
    check_error(
        &src(262141),
        "the function-scope variables of 'main' take 1048580 bytes, more than the limit of 1048576",
        "b",
    );
    // Zero values of huge types are symbolic, so only the limit stops them.
    check_error(
        "@compute @workgroup_size(1)\nfn main() {\n var big = array<array<f32, 4000>, 4000>();\n big[1][2] = 3.0;\n}\n",
        "the function-scope variables of 'main' take 64000000 bytes, more than the limit of 1048576",
        "big",
    );
}

#[test]
fn private_variable_bytes_per_entry_point() {
    let src = "var<private> p: array<f32, 200000>;\nvar<private> q: array<f32, 100000>;\n\
               fn g() { q[1] = 2.0; }\n\
               @compute @workgroup_size(1)\nfn a() { p[0] = 1.0; }\n\
               @compute @workgroup_size(1)\nfn b() { p[0] = 1.0; g(); }\n";
    // `a` alone uses 800000 bytes: only `b` is refused.
    check_error(
        src,
        "the private variables used by entry point 'b' take more than 1048576 bytes (the limit)",
        "var<private> q: array<f32, 100000>",
    );
    ok(&src.replace("100000", "60000"));
}

/// Workgroup structures whose atomic count quadruples per declaration.
fn atomics(levels: usize) -> String {
    let mut s = String::from("struct A0 { a: atomic<u32> }\n");
    for i in 1..=levels {
        let p = i - 1;
        let _ = writeln!(s, "struct A{i} {{ w: A{p}, x: A{p}, y: A{p}, z: A{p} }}");
    }
    let _ = write!(
        s,
        "var<workgroup> wg: A{levels};\n@compute @workgroup_size(1)\nfn main() {{ atomicAdd(&wg{}.a, 1u); }}\n",
        ".x".repeat(levels)
    );
    s
}

#[test]
fn workgroup_zeroing_budget() {
    let options = tessera::CompileOptions {
        pipeline: PipelineOptions {
            max_workgroup_storage_size: u32::MAX,
            ..Default::default()
        },
        ..Default::default()
    };
    // 4^7 = 16384 atomic stores: compiles.
    assert!(tessera::compile_to_spirv(&atomics(7), &options).is_ok());
    // 4^9 = 262144 atomic stores: refused by the pass, naming the variable.
    let src = atomics(9);
    let e = tessera::compile_to_spirv(&src, &options).expect_err("over the budget");
    let d = &e.error().diagnostics[0];
    assert_eq!(
        d.message,
        "zero-initialising workgroup variable 'wg' takes more than 32768 stores"
    );
    assert_eq!(&src[d.span.to_range()], "var<workgroup> wg: A9");
    assert!(matches!(e, tessera::CompileError::Backend(_)));
}

/// `vars` private variables, one function using all of them, and
/// `entries` entry points calling it.
fn entries_reaching(vars: usize, entries: usize) -> String {
    let mut src = String::new();
    for i in 0..vars {
        let _ = writeln!(src, "var<private> p{i}: u32;");
    }
    src.push_str("fn use_all() {\n");
    for i in 0..vars {
        let _ = writeln!(src, " p{i} = 1u;");
    }
    src.push_str("}\n");
    for i in 0..entries {
        let _ = writeln!(
            src,
            "@compute @workgroup_size(1) fn e{i}() {{ use_all(); }}"
        );
    }
    src
}

#[test]
fn entry_points_reaching_everything() {
    // 1200 entry points that each reach 1000 variables: 1.2 million
    // (entry point, variable) pairs, over the budget (16 per unit of
    // module size, at least 2^20): refused at the entry point that crosses
    // it, instead of costing entry points x variables.
    let src = entries_reaching(1000, 1200);
    let parsed = tessera::front::wgsl::parse_str(&src).expect("parses");
    let e = tessera::valid::validate(&parsed.module).expect_err("over the budget");
    let d = &e.diagnostics[0];
    assert_eq!(
        d.message,
        "the entry points up to 'e1046' reach more than 1048576 functions and variables in all (counted once per entry point): the module is too large to compile"
    );
    assert_eq!(
        &src[d.span.to_range()],
        "@compute @workgroup_size(1) fn e1046() { use_all(); }",
    );
    // 100 such entry points are fine.
    let src = entries_reaching(1000, 100);
    let parsed = tessera::front::wgsl::parse_str(&src).expect("parses");
    assert!(tessera::valid::validate(&parsed.module).is_ok());
}

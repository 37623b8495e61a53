//! Generators of hostile inputs for `tests/hostile_inputs.rs`: each builds
//! a module of about `n` bytes whose naive compilation costs more than
//! linear time or memory (deep nesting, long chains, shared type DAGs,
//! constants that grow through declarations, many names, many copies).

use std::fmt::Write as _;

/// What a case must end with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Output from every backend.
    Ok,
    /// An error (from some stage) whose message contains the text.
    Error(&'static str),
    /// Output or a clear error.
    Either,
}

/// A generated case: name, expectation and generator of about `n` bytes.
pub type Generator = (&'static str, Expect, fn(usize) -> String);

/// Repeats `unit(i)` for `i = 0, 1, ...` until `out` reaches `n` bytes;
/// returns how many units were written.
fn fill(out: &mut String, n: usize, mut unit: impl FnMut(&mut String, usize)) -> usize {
    let start = out.len();
    let mut i = 0;
    while out.len() - start < n {
        unit(out, i);
        i += 1;
    }
    i
}

/// `n / per` but at least 1.
fn count(n: usize, per: usize) -> usize {
    (n / per).max(1)
}

const MAIN: &str = "@compute @workgroup_size(1)\nfn main() {\n";
const BUF: &str = "@group(0) @binding(0) var<storage, read_write> d: array<i32>;\n";

fn deep_parens(n: usize) -> String {
    let depth = count(n, 2);
    format!(
        "{MAIN} let x = {}1{};\n _ = x;\n}}\n",
        "(".repeat(depth),
        ")".repeat(depth)
    )
}

fn deep_blocks(n: usize) -> String {
    let depth = count(n, 2);
    format!("{MAIN}{}{}}}\n", "{".repeat(depth), "}".repeat(depth))
}

fn deep_unary(n: usize) -> String {
    format!("{BUF}{MAIN} d[0] = {}d[1];\n}}\n", "-~".repeat(count(n, 2)))
}

fn deep_array_type(n: usize) -> String {
    let depth = count(n, 12);
    format!(
        "alias t = {}f32{};\n{MAIN} var x: t;\n}}\n",
        "array<".repeat(depth),
        ", 1>".repeat(depth)
    )
}

fn deep_index(n: usize) -> String {
    format!("{BUF}{MAIN} d[0] = d{};\n}}\n", "[0]".repeat(count(n, 3)))
}

fn deep_else_if(n: usize) -> String {
    let mut s = format!("{BUF}{MAIN} let c = d[0];\n if c == 0 {{ d[1] = 0; }}");
    fill(&mut s, n, |s, i| {
        let _ = write!(s, " else if c == {} {{ d[1] = {i}; }}", i + 1);
    });
    s.push_str("\n}\n");
    s
}

fn deep_calls(n: usize) -> String {
    let depth = count(n, 2);
    format!(
        "fn f(x: i32) -> i32 {{ return x + 1; }}\n{BUF}{MAIN} d[0] = {}d[1]{};\n}}\n",
        "f(".repeat(depth),
        ")".repeat(depth)
    )
}

fn long_runtime_chain(n: usize) -> String {
    let mut s = format!("{BUF}{MAIN} let a = d[0];\n let b = d[1];\n d[2] = a");
    fill(&mut s, n, |s, i| {
        s.push_str(if i % 2 == 0 { " + b" } else { " * a" })
    });
    s.push_str(";\n}\n");
    s
}

fn long_let_chain(n: usize) -> String {
    let mut s = format!("{BUF}{MAIN} let x0 = d[0];\n");
    let k = fill(&mut s, n, |s, i| {
        let _ = writeln!(s, " let x{} = x{i} * 3 + x{i};", i + 1);
    });
    let _ = writeln!(s, " d[1] = x{k};\n}}");
    s
}

fn const_scalar_chain(n: usize) -> String {
    let mut s = String::from("const c0 = 1;\n");
    let k = fill(&mut s, n, |s, i| {
        let _ = writeln!(s, "const c{} = c{i} + 1;", i + 1);
    });
    let _ = write!(s, "{BUF}{MAIN} d[0] = c{k};\n}}\n");
    s
}

/// `const a = array(...2000 values)`, `const b = array(a, a, ...)`: each
/// declaration multiplies the value's size by 2000.
fn const_wide_chain(n: usize) -> String {
    let width = 2000.min(count(n, 8));
    let mut s = String::from("const c0 = array(");
    for i in 0..width {
        let _ = write!(s, "{i},");
    }
    s.push_str(");\n");
    let mut level = 0;
    while s.len() < n && level < 20 {
        let _ = write!(s, "const c{} = array(", level + 1);
        for _ in 0..width {
            let _ = write!(s, "c{level},");
        }
        s.push_str(");\n");
        level += 1;
    }
    let _ = write!(
        s,
        "{BUF}{MAIN} d[0] = c{level}{}[7];\n}}\n",
        "[1]".repeat(level)
    );
    s
}

/// One constant array used at runtime in many places: a printer that
/// spells the constant out at every use writes uses x size.
fn const_array_uses(n: usize) -> String {
    let mut s = String::from("const t = array(");
    for i in 0..2000 {
        let _ = write!(s, "{i}.5,");
    }
    s.push_str(");\n");
    let _ = writeln!(s, "{BUF}{MAIN} let i = d[0];");
    fill(&mut s, n, |s, k| {
        let _ = writeln!(s, " d[{k}] = i32(t[i + {k}]);");
    });
    s.push_str("}\n");
    s
}

fn call_dag(n: usize) -> String {
    let mut s = String::from("fn h0(x: i32) -> i32 { return x + 1; }\n");
    let k = fill(&mut s, n, |s, i| {
        let _ = writeln!(
            s,
            "fn h{}(x: i32) -> i32 {{ return h{i}(x) + h{i}(x + 1); }}",
            i + 1
        );
    });
    let _ = write!(s, "{BUF}{MAIN} d[0] = h{k}(d[1]);\n}}\n");
    s
}

/// A chain of functions passing a pointer along, called with many
/// different roots (pointer-args specialises per root).
fn pointer_chain(n: usize) -> String {
    let mut s = String::from("fn g0(p: ptr<private, array<f32, 4>>, i: i32) { (*p)[i] += 1.0; }\n");
    let funcs = fill(&mut s, n / 2, |s, i| {
        let _ = writeln!(
            s,
            "fn g{}(p: ptr<private, array<f32, 4>>, i: i32) {{ g{i}(p, i); g{i}(p, i + 1); }}",
            i + 1
        );
    });
    let mut body = String::new();
    let roots = fill(&mut body, n / 2, |b, j| {
        let _ = writeln!(b, " g{funcs}(&v{j}, d[{j}]);");
    });
    for j in 0..roots {
        let _ = writeln!(s, "var<private> v{j}: array<f32, 4>;");
    }
    let _ = writeln!(s, "{BUF}{MAIN}{body}}}");
    s
}

/// Function-scope pointers into many different locals, through a chain.
fn pointer_chain_function(n: usize) -> String {
    let mut s = String::from("fn f0(p: ptr<function, i32>) { *p += 1; }\n");
    let funcs = fill(&mut s, n / 2, |s, i| {
        let _ = writeln!(s, "fn f{}(p: ptr<function, i32>) {{ f{i}(p); }}", i + 1);
    });
    let _ = write!(s, "{BUF}{MAIN}");
    fill(&mut s, n / 2, |s, j| {
        let _ = writeln!(s, " var v{j} = d[{j}]; f{funcs}(&v{j}); d[{j}] = v{j};");
    });
    s.push_str("}\n");
    s
}

fn huge_switch(n: usize) -> String {
    let mut s = format!("{BUF}{MAIN} switch d[0] {{\n");
    fill(&mut s, n, |s, i| {
        let _ = writeln!(s, "  case {i} {{ d[1] = {i}; }}");
    });
    s.push_str("  default {}\n }\n}\n");
    s
}

fn many_case_selectors(n: usize) -> String {
    let mut s = format!("{BUF}{MAIN} switch d[0] {{\n  case ");
    fill(&mut s, n, |s, i| {
        let _ = write!(s, "{i}, ");
    });
    s.push_str("default { d[1] = 1; }\n }\n}\n");
    s
}

fn swizzle_chain(n: usize) -> String {
    format!(
        "@group(0) @binding(0) var<storage, read_write> v: vec4<f32>;\n{MAIN} v = v{};\n}}\n",
        ".wzyx".repeat(count(n, 5))
    )
}

fn many_members(n: usize) -> String {
    let mut s = String::from("struct S {\n");
    fill(&mut s, n, |s, i| {
        let _ = writeln!(s, " m{i}: f32,");
    });
    let _ = write!(s, "}}\nvar<private> p: S;\n{MAIN} p.m0 = 1.0;\n}}\n");
    s
}

fn many_params(n: usize) -> String {
    let mut s = String::from("fn f(");
    let k = fill(&mut s, n / 2, |s, i| {
        let _ = write!(s, "p{i}: i32, ");
    });
    s.push_str(") -> i32 { return p0; }\n");
    let _ = write!(s, "{BUF}{MAIN} d[0] = f(");
    for i in 0..k {
        let _ = write!(s, "{i}, ");
    }
    s.push_str(");\n}\n");
    s
}

/// Many functions and many globals, every function naming its own locals
/// like every other one (per-function name tables).
fn many_globals_and_functions(n: usize) -> String {
    let mut s = String::from(BUF);
    let k = fill(&mut s, n / 2, |s, i| {
        let _ = writeln!(s, "var<private> g{i}: i32;");
    });
    fill(&mut s, n / 2, |s, i| {
        let _ = writeln!(
            s,
            "fn f{i}() -> i32 {{ let x = g{}; var y = x; return y; }}",
            i % k
        );
    });
    let _ = write!(s, "{MAIN} d[0] = f0() + g1;\n}}\n");
    s
}

/// Sibling blocks declaring the same name in one function.
fn same_name_siblings(n: usize) -> String {
    let mut s = format!("{BUF}{MAIN}");
    fill(&mut s, n, |s, i| {
        let _ = writeln!(s, " {{ let x = d[{i}]; d[{i}] = x + 1; }}");
    });
    s.push_str("}\n");
    s
}

/// Constant-bound loops nested in each other: unrolling multiplies.
fn unroll_nest(n: usize) -> String {
    let mut s = format!("{BUF}{MAIN} var acc = 0;\n");
    let depth = 12;
    for k in 0..depth {
        let _ = writeln!(s, " for (var i{k} = 0; i{k} < 8; i{k}++) {{");
    }
    let rest = n.saturating_sub(s.len() + 40 * depth);
    fill(&mut s, rest, |s, i| {
        let _ = writeln!(s, "  acc += d[i0 + i{}];", i % depth);
    });
    s.push_str(&" }\n".repeat(depth));
    s.push_str(" d[0] = acc;\n}\n");
    s
}

/// Many loops with constant bounds one after another (each small enough
/// to unroll on its own).
fn unroll_many(n: usize) -> String {
    let mut s = format!("{BUF}{MAIN} var acc = 0;\n");
    fill(&mut s, n, |s, i| {
        let _ = writeln!(
            s,
            " for (var i = 0; i < 16; i++) {{ for (var j = 0; j < 16; j++) {{ acc += d[i * {i} + j]; }} }}"
        );
    });
    s.push_str(" d[0] = acc;\n}\n");
    s
}

/// Many workgroup variables and many entry points using all of them.
fn many_entry_points_workgroup(n: usize) -> String {
    let mut s = String::from(BUF);
    let vars = fill(&mut s, n / 3, |s, i| {
        let _ = writeln!(s, "var<workgroup> w{i}: array<atomic<u32>, 4>;");
    });
    s.push_str("fn use_all() {\n");
    for i in 0..vars {
        let _ = writeln!(s, " atomicAdd(&w{i}[1], 1u);");
    }
    s.push_str("}\n");
    fill(&mut s, n / 3, |s, i| {
        let _ = writeln!(s, "@compute @workgroup_size(1) fn e{i}() {{ use_all(); }}");
    });
    s
}

fn deep_struct_chain(n: usize) -> String {
    let mut s = String::from("struct S0 { v: f32 }\n");
    let k = fill(&mut s, n, |s, i| {
        let _ = writeln!(s, "struct S{} {{ a: S{i}, b: f32 }}", i + 1);
    });
    let _ = write!(s, "var<private> p: S{k};\n{MAIN} p.b = 1.0;\n}}\n");
    s
}

fn override_chain(n: usize) -> String {
    let mut s = String::from("override o0: i32 = 1;\n");
    let k = fill(&mut s, n, |s, i| {
        let _ = writeln!(s, "override o{}: i32 = o{i} + o{i} % 3;", i + 1);
    });
    let _ = write!(s, "{BUF}{MAIN} d[0] = o{k};\n}}\n");
    s
}

fn big_array_constructor(n: usize) -> String {
    let mut s = format!("{BUF}{MAIN} let x = d[0];\n var a = array(");
    let k = fill(&mut s, n, |s, _| s.push_str("x, "));
    let _ = write!(s, ");\n d[1] = a[{}];\n}}\n", k / 2);
    s
}

fn many_statements(n: usize) -> String {
    let mut s = format!("{BUF}{MAIN}");
    fill(&mut s, n, |s, i| {
        let _ = writeln!(s, " d[{i}] = (d[{i}] / d[{}]) << u32(d[0]);", i + 1);
    });
    s.push_str("}\n");
    s
}

fn zero_values_many_types(n: usize) -> String {
    let mut s = String::new();
    let k = fill(&mut s, n / 2, |s, i| {
        let _ = writeln!(
            s,
            "struct T{i} {{ a: array<vec4<f32>, {}>, b: i32 }}",
            1000 + i
        );
    });
    let _ = write!(s, "{BUF}{MAIN}");
    for i in 0..k {
        let _ = writeln!(s, " d[{i}] = T{i}().b;");
    }
    s.push_str("}\n");
    s
}

/// Every generated case.
pub const GENERATED: &[Generator] = &[
    ("deep_parens", Expect::Either, deep_parens),
    ("deep_blocks", Expect::Error("nest"), deep_blocks),
    ("deep_unary", Expect::Either, deep_unary),
    ("deep_array_type", Expect::Error("nest"), deep_array_type),
    ("deep_index", Expect::Error(""), deep_index),
    ("deep_else_if", Expect::Either, deep_else_if),
    ("deep_calls", Expect::Either, deep_calls),
    ("long_runtime_chain", Expect::Ok, long_runtime_chain),
    ("long_let_chain", Expect::Ok, long_let_chain),
    ("const_scalar_chain", Expect::Ok, const_scalar_chain),
    (
        "const_wide_chain",
        Expect::Error("too large"),
        const_wide_chain,
    ),
    ("const_array_uses", Expect::Ok, const_array_uses),
    ("call_dag", Expect::Ok, call_dag),
    ("pointer_chain", Expect::Either, pointer_chain),
    (
        "pointer_chain_function",
        Expect::Either,
        pointer_chain_function,
    ),
    ("huge_switch", Expect::Error("case selector"), huge_switch),
    (
        "many_case_selectors",
        Expect::Error("case selector"),
        many_case_selectors,
    ),
    ("swizzle_chain", Expect::Ok, swizzle_chain),
    ("many_members", Expect::Error("members"), many_members),
    ("many_params", Expect::Error("parameters"), many_params),
    (
        "many_globals_and_functions",
        Expect::Ok,
        many_globals_and_functions,
    ),
    ("same_name_siblings", Expect::Ok, same_name_siblings),
    ("unroll_nest", Expect::Ok, unroll_nest),
    ("unroll_many", Expect::Ok, unroll_many),
    (
        "many_entry_points_workgroup",
        Expect::Either,
        many_entry_points_workgroup,
    ),
    (
        "deep_struct_chain",
        Expect::Error("nest"),
        deep_struct_chain,
    ),
    ("override_chain", Expect::Either, override_chain),
    (
        "big_array_constructor",
        Expect::Error("2047"),
        big_array_constructor,
    ),
    ("many_statements", Expect::Ok, many_statements),
    (
        "zero_values_many_types",
        Expect::Either,
        zero_values_many_types,
    ),
];

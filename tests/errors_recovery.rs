//! Error recovery in the resolver: every independent error of a function
//! is reported (message and primary span, in source order), and an error
//! does not cascade into follow-on errors about the names it left
//! undeclared.

use tessera::Severity;

/// The error diagnostics of `source` as (message, spanned text), and the
/// non-error diagnostics' messages.
fn diagnostics(source: &str) -> (Vec<(String, String)>, Vec<String>) {
    let e = match tessera::front::wgsl::parse_str(source) {
        Ok(_) => panic!("expected errors for:\n{source}"),
        Err(e) => e,
    };
    let errors = e
        .errors()
        .map(|d| {
            let text = source.get(d.span.to_range()).unwrap_or("<bad span>");
            (d.message.clone(), text.to_string())
        })
        .collect();
    let others = e
        .diagnostics
        .iter()
        .filter(|d| !d.is_error())
        .map(|d| d.message.clone())
        .collect();
    (errors, others)
}

/// Asserts exactly these errors: (message, spanned text), in order.
#[track_caller]
fn check(source: &str, expected: &[(&str, &str)]) {
    let (errors, _) = diagnostics(source);
    let got: Vec<(&str, &str)> = errors
        .iter()
        .map(|(m, s)| (m.as_str(), s.as_str()))
        .collect();
    assert_eq!(got, expected, "for:\n{source}");
}

#[test]
fn independent_errors_in_one_function() {
    check(
        "fn f() {\n    let a = nope1;\n    let b: u32 = 1.5;\n    nope2();\n    var c: i32 = true;\n}\n",
        &[
            ("unresolved identifier 'nope1'", "nope1"),
            (
                "cannot convert value of type 'abstract-float' to 'u32'",
                "1.5",
            ),
            ("unresolved function 'nope2'", "nope2"),
            ("cannot convert value of type 'bool' to 'i32'", "true"),
        ],
    );
}

#[test]
fn failed_let_does_not_cascade() {
    // `a` is bound to an error marker: its uses report nothing more.
    check(
        "fn f() -> i32 {\n    let a = nope;\n    let b = a + 1;\n    let c = a(2);\n    return a * b;\n}\n",
        &[("unresolved identifier 'nope'", "nope")],
    );
}

#[test]
fn failed_var_and_const_do_not_cascade() {
    check(
        "fn f() {\n    var v: Nope;\n    v = 1;\n    v += 2;\n    const k = 1 / 0;\n    let x = k + v;\n}\n",
        &[
            ("unresolved type 'Nope'", "Nope"),
            ("integer division by zero is invalid: '1 / 0'", "1 / 0"),
        ],
    );
}

#[test]
fn a_poisoned_name_can_still_be_redeclared_wrongly() {
    check(
        "fn f() {\n    let a = nope;\n    let a = 1;\n}\n",
        &[
            ("unresolved identifier 'nope'", "nope"),
            ("redeclaration of 'a'", "a"),
        ],
    );
}

#[test]
fn if_condition_and_branches() {
    check(
        "fn f(x: u32) {\n    if x {\n        let a = nope1;\n    } else if x == 1 {\n        let b = nope2;\n    }\n}\n",
        &[
            ("condition must be of type 'bool', found 'u32'", "x"),
            ("unresolved identifier 'nope1'", "nope1"),
            ("unresolved identifier 'nope2'", "nope2"),
        ],
    );
}

#[test]
fn loop_headers_and_bodies() {
    check(
        "fn f() {\n    for (var i = nope1; i < 4; i++) {\n        let a = nope2;\n    }\n    while 1 {\n        let b = nope3;\n    }\n    loop {\n        let c = nope4;\n        continuing {\n            break if 2;\n        }\n    }\n}\n",
        &[
            ("unresolved identifier 'nope1'", "nope1"),
            ("unresolved identifier 'nope2'", "nope2"),
            ("condition must be of type 'bool', found 'abstract-int'", "1"),
            ("unresolved identifier 'nope3'", "nope3"),
            ("unresolved identifier 'nope4'", "nope4"),
            ("condition must be of type 'bool', found 'abstract-int'", "2"),
        ],
    );
}

#[test]
fn switch_header_and_clauses() {
    check(
        "fn f(x: i32) {\n    switch nope1 {\n        case 1: { let a = nope2; }\n        default: {}\n    }\n    switch x {\n        case 1, 1: { let b = nope3; }\n        case 2: { let c = nope4; }\n        default: {}\n    }\n}\n",
        &[
            ("unresolved identifier 'nope1'", "nope1"),
            ("unresolved identifier 'nope2'", "nope2"),
            ("duplicate switch case '1'", "1"),
            ("unresolved identifier 'nope3'", "nope3"),
            ("unresolved identifier 'nope4'", "nope4"),
        ],
    );
}

#[test]
fn body_checked_when_a_parameter_type_fails() {
    // The body is checked with `x` and `y` poisoned; calls to `g` are quiet.
    check(
        "fn g(x: Nope, y: u32) -> u32 {\n    let a = x + y;\n    return nope;\n}\nfn f() {\n    let v = g(1, 2u);\n    let w = also_nope;\n}\n",
        &[
            ("unresolved type 'Nope'", "Nope"),
            ("unresolved identifier 'nope'", "nope"),
            ("unresolved identifier 'also_nope'", "also_nope"),
        ],
    );
}

#[test]
fn body_checked_when_the_return_type_fails() {
    // `return 1;` is not checked against the unknown return type.
    check(
        "fn g() -> Nope {\n    let a = nope;\n    return 1;\n}\n",
        &[
            ("unresolved type 'Nope'", "Nope"),
            ("unresolved identifier 'nope'", "nope"),
        ],
    );
}

#[test]
fn callers_of_a_function_with_body_errors_are_checked() {
    // `g`'s signature is fine, so calls to it are checked as usual.
    check(
        "fn g() -> u32 {\n    return nope;\n}\nfn f() {\n    let x: f32 = g();\n}\n",
        &[
            ("unresolved identifier 'nope'", "nope"),
            ("cannot convert value of type 'u32' to 'f32'", "g()"),
        ],
    );
}

#[test]
fn no_missing_return_after_a_failed_statement() {
    // The failed `return` may have been the one that returned.
    check(
        "fn g() -> u32 {\n    return nope;\n}\n",
        &[("unresolved identifier 'nope'", "nope")],
    );
    // Without errors in the body, a missing return is still reported.
    check(
        "fn g() -> u32 {\n    let a = 1;\n}\nfn h() { let b = nope; }\n",
        &[
            ("missing return at end of function", "}"),
            ("unresolved identifier 'nope'", "nope"),
        ],
    );
}

#[test]
fn errors_are_in_source_order() {
    // `main` is resolved after `late` (callees first), but reported first.
    check(
        "@compute @workgroup_size(1)\nfn main() {\n    let a = nope1;\n    late();\n}\nfn late() {\n    let b = nope2;\n}\n",
        &[
            ("unresolved identifier 'nope1'", "nope1"),
            ("unresolved identifier 'nope2'", "nope2"),
        ],
    );
}

#[test]
fn control_flow_errors_do_not_stop_the_function() {
    check(
        "fn f() {\n    break;\n    continue;\n    let a = nope;\n}\n",
        &[
            ("'break' must be inside a loop or a switch", "break"),
            ("'continue' must be inside a loop", "continue"),
            ("unresolved identifier 'nope'", "nope"),
        ],
    );
}

#[test]
fn errors_stop_at_the_limit() {
    let mut source = String::from("fn f() {\n");
    for i in 0..150 {
        source.push_str(&format!("    let a{i} = nope{i};\n"));
    }
    source.push_str("}\nfn g() { let z = never_reported; }\n");
    let (errors, others) = diagnostics(&source);
    assert_eq!(errors.len(), 100);
    assert_eq!(
        errors[0],
        ("unresolved identifier 'nope0'".into(), "nope0".into())
    );
    assert_eq!(
        errors[99],
        ("unresolved identifier 'nope99'".into(), "nope99".into())
    );
    assert_eq!(others, ["too many errors: stopped after the first 100"]);
    let e = tessera::front::wgsl::parse_str(&source).unwrap_err();
    let note = e.diagnostics.last().expect("a note");
    assert_eq!(note.severity, Severity::Info);
    assert_eq!(note.location(), None);
    assert!(e
        .render("t.wgsl", &source)
        .ends_with("note: too many errors: stopped after the first 100\n\n"));
}

#[test]
fn many_failing_declarations_stop_at_the_limit() {
    let mut source = String::new();
    for i in 0..120 {
        source.push_str(&format!("const c{i} = nope{i};\n"));
    }
    let (errors, others) = diagnostics(&source);
    assert_eq!(errors.len(), 100);
    assert_eq!(others, ["too many errors: stopped after the first 100"]);
}

#[test]
fn one_hundred_errors_are_not_cut() {
    let mut source = String::from("fn f() {\n");
    for i in 0..100 {
        source.push_str(&format!("    let a{i} = nope{i};\n"));
    }
    source.push_str("}\n");
    let (errors, others) = diagnostics(&source);
    assert_eq!(errors.len(), 100);
    assert!(others.is_empty(), "{others:?}");
}

#[test]
fn syntax_errors_of_independent_declarations() {
    // Parsing goes on at the next module-scope declaration.
    check(
        "fn f() {\n    let x = ;\n}\nstruct S { a: u32; b: f32 }\nfn g() -> u32 { return 1u }\n@compute @workgroup_sise(1) fn main() {}\nconst c = 1 fn h() { let = 2; }\nfn k() {}\n",
        &[
            ("expected expression, found ';'", ";"),
            ("expected ',' or '}', found ';'", ";"),
            ("expected ';', found '}'", "}"),
            ("unknown attribute 'workgroup_sise'", "workgroup_sise"),
            ("expected ';', found keyword 'fn'", "fn"),
            ("expected identifier, found '='", "="),
        ],
    );
}

#[test]
fn syntax_error_recovery_counts_braces() {
    // Declarations inside the failed function's braces are skipped; a
    // missing `}` swallows the rest of the file rather than inventing errors.
    check(
        "fn f() {\n    if (true { }\n    var v = 1;\n}\nfn g() { let = 1; }\n",
        &[
            ("expected ')', found '{'", "{"),
            ("expected identifier, found '='", "="),
        ],
    );
    check(
        "fn f() {\n    let x = ;\n    if true {\n}\nfn g() { let = 1; }\n",
        &[("expected expression, found ';'", ";")],
    );
}

#[test]
fn syntax_errors_stop_resolution() {
    // A module with a syntax error is not resolved (its declarations are
    // incomplete): only the syntax error is reported.
    check(
        "fn f() { let x = nope; }\nfn g() { let = 1; }\n",
        &[("expected identifier, found '='", "=")],
    );
}

#[test]
fn syntax_errors_stop_at_the_limit() {
    let mut source = String::new();
    for i in 0..150 {
        source.push_str(&format!("fn f{i}() {{ let = {i}; }}\n"));
    }
    let (errors, others) = diagnostics(&source);
    assert_eq!(errors.len(), 100);
    assert_eq!(others, ["too many errors: stopped after the first 100"]);
}

/// The errors of a module that resolves but fails validation: each as
/// (message, spanned text), in the order reported.
fn validation_errors(source: &str) -> (Vec<(String, String)>, Vec<String>) {
    let parsed = tessera::front::wgsl::parse_str(source).expect("resolves");
    let e = tessera::valid::validate(&parsed.module).expect_err("fails validation");
    let errors = e
        .errors()
        .map(|d| {
            let text = source.get(d.span.to_range()).unwrap_or("<bad span>");
            (d.message.clone(), text.to_string())
        })
        .collect();
    let others = e
        .diagnostics
        .iter()
        .filter(|d| !d.is_error())
        .map(|d| d.message.clone())
        .collect();
    (errors, others)
}

#[test]
fn uniformity_failures_of_independent_functions() {
    // One failure per function (and scope): `b` fails on its own, `c`
    // calls the failing `a` and reports nothing that follows from it.
    let source =
        "enable subgroups;\n@group(0) @binding(0) var<storage, read_write> s: array<u32, 4>;\n\
        fn a() { if s[0] == 1u { workgroupBarrier(); } }\n\
        fn b() { if s[1] == 1u { storageBarrier(); workgroupBarrier(); } }\n\
        @compute @workgroup_size(1) fn c() { a(); b(); }\n\
        @compute @workgroup_size(1) fn d(@builtin(subgroup_invocation_id) i: u32) {\n\
        if i == 0u { let x = subgroupAdd(1u); }\n}\n";
    let (errors, others) = validation_errors(source);
    let got: Vec<(&str, &str)> = errors
        .iter()
        .map(|(m, s)| (m.as_str(), s.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (
                "'workgroupBarrier' must only be called from uniform control flow",
                "workgroupBarrier()"
            ),
            (
                "'storageBarrier' must only be called from uniform control flow",
                "storageBarrier()"
            ),
            (
                "'subgroupAdd' must only be called from subgroup uniform control flow",
                "subgroupAdd(1u)"
            ),
        ]
    );
    assert!(others.is_empty(), "{others:?}");
}

#[test]
fn uniformity_failures_stop_at_the_limit() {
    let mut source =
        String::from("@group(0) @binding(0) var<storage, read_write> s: array<u32, 4>;\n");
    for i in 0..120 {
        source.push_str(&format!(
            "fn f{i}() {{ if s[0] == {i}u {{ workgroupBarrier(); }} }}\n"
        ));
    }
    let (errors, others) = validation_errors(&source);
    assert_eq!(errors.len(), 100);
    assert_eq!(
        others,
        ["too many uniformity errors: stopped after the first 100"]
    );
}

#[test]
fn validation_errors_of_separate_declarations() {
    // Errors the validator finds (after resolution) are all reported too.
    let source = "@vertex fn vs() -> @location(0) vec4f { return vec4f(); }\n\
        @fragment fn fs(@builtin(vertex_index) i: u32) -> @location(0) vec4f { return vec4f(); }\n\
        @group(0) @binding(0) var<storage, read_write> s: array<u32, 4>;\n\
        @compute @workgroup_size(1) fn c() { if s[0] == 1u { workgroupBarrier(); } }\n";
    let (errors, _) = validation_errors(source);
    let messages: Vec<&str> = errors.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(
        messages,
        [
            "vertex entry point 'vs' must return a @builtin(position) value",
            "builtin 'vertex_index' cannot be used as a fragment shader input",
            "'workgroupBarrier' must only be called from uniform control flow",
        ]
    );
    assert_eq!(
        errors[0].1.lines().next(),
        Some(source.lines().next().unwrap())
    );
}

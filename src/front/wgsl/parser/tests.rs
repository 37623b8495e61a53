//! Parser unit tests.

use super::{parse, MAX_NESTING_DEPTH};
use crate::front::wgsl::ast::*;
use crate::span::Span;

fn ok(src: &str) -> TranslationUnit<'_> {
    match parse(src) {
        Ok(tu) => tu,
        Err(e) => panic!("{src:?} failed: {}", e.render("test.wgsl", src)),
    }
}

/// The first error's message and span.
fn err(src: &str) -> (String, Span) {
    match parse(src) {
        Ok(_) => panic!("{src:?} parsed"),
        Err(e) => {
            let d = &e.diagnostics[0];
            (d.message.clone(), d.span)
        }
    }
}

/// The text of the first error's span.
fn err_text(src: &str) -> (String, &str) {
    let (m, s) = err(src);
    (m, &src[s.to_range()])
}

/// Renders an expression as a fully parenthesised string.
/// `d` is the index of the declaration whose arena holds `id`.
fn show(tu: &TranslationUnit, d: usize, id: ExprId) -> String {
    match tu.expr(d, id) {
        Expr::Literal(Literal::Bool(b)) => b.to_string(),
        Expr::Literal(Literal::Int { value, suffix }) => format!("{value}{suffix:?}"),
        Expr::Literal(Literal::Float { value, suffix }) => format!("{value}{suffix:?}f"),
        Expr::Ident(t) => show_templated(tu, d, t),
        Expr::Call { callee, args } => {
            let args: Vec<String> = tu.list(*args).iter().map(|a| show(tu, d, *a)).collect();
            format!("{}({})", show_templated(tu, d, callee), args.join(", "))
        }
        Expr::Paren(e) => format!("[{}]", show(tu, d, *e)),
        Expr::Unary { op, expr } => format!("{op:?}({})", show(tu, d, *expr)),
        Expr::Binary { op, left, right } => {
            format!("({} {op:?} {})", show(tu, d, *left), show(tu, d, *right))
        }
        Expr::Index { base, index } => format!("{}[{}]", show(tu, d, *base), show(tu, d, *index)),
        Expr::Member { base, member } => format!("{}.{}", show(tu, d, *base), member.name),
    }
}

fn show_templated(tu: &TranslationUnit, d: usize, t: &TemplatedIdent) -> String {
    if t.template_args.is_empty() {
        t.ident.name.to_string()
    } else {
        let args: Vec<String> = tu
            .list(t.template_args)
            .iter()
            .map(|a| show(tu, d, *a))
            .collect();
        format!("{}<{}>", t.ident.name, args.join(", "))
    }
}

/// Parses `const x = <expr>;` and renders the initialiser.
fn expr(e: &str) -> String {
    let src = format!("const x = {e};");
    let tu = ok(&src);
    let GlobalDecl::Const(d) = &tu.decls[0] else {
        panic!("not a const")
    };
    show(&tu, 0, d.init.expect("init"))
}

/// The statements of `fn f() { <body> }`.
fn body(src: &str) -> (TranslationUnit<'_>, Vec<Stmt<'_>>) {
    let mut tu = ok(src);
    let Some(index) = tu.decls.iter().position(|d| matches!(d, GlobalDecl::Fn(_))) else {
        panic!("no fn")
    };
    let GlobalDecl::Fn(f) = tu.decls.remove(index) else {
        panic!("not a fn")
    };
    // The function's expressions become arena 0.
    let arena = tu.arenas.remove(index);
    tu.arenas.insert(0, arena);
    (tu, f.body.stmts.into_vec())
}

#[test]
fn precedence() {
    assert_eq!(expr("a + b * c"), "(a Add (b Mul c))");
    assert_eq!(expr("a * b + c"), "((a Mul b) Add c)");
    assert_eq!(expr("a - b - c"), "((a Sub b) Sub c)");
    assert_eq!(expr("a + b < c * d"), "((a Add b) Lt (c Mul d))");
    assert_eq!(expr("a < b && c > d"), "((a Lt b) LogicalAnd (c Gt d))");
    assert_eq!(expr("a || b || c"), "((a LogicalOr b) LogicalOr c)");
    assert_eq!(expr("a & b & c"), "((a And b) And c)");
    assert_eq!(expr("a ^ -b"), "(a Xor Negate(b))");
    assert_eq!(expr("a << 2u"), "(a Shl 2U)");
    assert_eq!(expr("a >> b == c"), "((a Shr b) Eq c)");
    assert_eq!(expr("-a.b[1]"), "Negate(a.b[1None])");
    assert_eq!(expr("*p.x"), "Deref(p.x)");
    assert_eq!(expr("(*p).x"), "[Deref(p)].x");
    assert_eq!(expr("!~a"), "Not(BitNot(a))");
    assert_eq!(expr("&&a"), "AddressOf(AddressOf(a))");
    assert_eq!(expr("--a"), "Negate(Negate(a))");
    assert_eq!(expr("a--b"), "(a Sub Negate(b))");
    assert_eq!(expr("a--b*c"), "(a Sub (Negate(b) Mul c))");
    assert_eq!(expr("(a & b) + c"), "([(a And b)] Add c)");
    assert_eq!(expr("a != b"), "(a Ne b)");
    assert_eq!(expr("a >= b"), "(a Ge b)");
    assert_eq!(expr("a <= b"), "(a Le b)");
    assert_eq!(expr("a % b / c"), "((a Mod b) Div c)");
}

#[test]
fn templates_in_expressions() {
    assert_eq!(expr("vec3<f32>(1, 2, 3)"), "vec3<f32>(1None, 2None, 3None)");
    assert_eq!(expr("array<vec4<f32>, 4>()"), "array<vec4<f32>, 4None>()");
    assert_eq!(expr("array<vec4<f32>>()"), "array<vec4<f32>>()");
    // Per the spec's algorithm, `a < b > c` starts with a template list.
    assert_eq!(
        err_text("const x = a < b > c;"),
        ("expected ';', found 'c'".into(), "c")
    );
    assert_eq!(expr("x >> y"), "(x Shr y)");
    assert_eq!(expr("(a < b) > c"), "([(a Lt b)] Gt c)");
    assert_eq!(expr("a<(b > c)>"), "a<[(b Gt c)]>");
    assert_eq!(
        err_text("const x = f(a < b, c > d);"),
        ("expected ')', found 'd'".into(), "d")
    );
    assert_eq!(expr("f(a < b, (c > d))"), "f((a Lt b), [(c Gt d)])");
    assert_eq!(expr("a < b || c > d"), "((a Lt b) LogicalOr (c Gt d))");
    assert_eq!(expr("vec2<f32,>(1.0, 2.0,)"), "vec2<f32>(1Nonef, 2Nonef)");
    assert_eq!(expr("bitcast<vec2<u32>>(x)"), "bitcast<vec2<u32>>(x)");
}

#[test]
fn template_span() {
    let src = "const x = array<vec4<f32>, 4>();";
    let tu = ok(src);
    let GlobalDecl::Const(d) = &tu.decls[0] else {
        panic!()
    };
    let init = d.init.unwrap();
    assert_eq!(
        &src[tu.expr_span(0, init).to_range()],
        "array<vec4<f32>, 4>()"
    );
    let Expr::Call { callee, .. } = tu.expr(0, init) else {
        panic!()
    };
    assert_eq!(&src[callee.span.to_range()], "array<vec4<f32>, 4>");
}

#[test]
fn forbidden_operator_mixes() {
    assert_eq!(
        err_text("const x = a & b + c;"),
        ("mixing '&' and '+' requires parentheses".into(), "+")
    );
    assert_eq!(
        err_text("const x = a < b < c;"),
        (
            "comparison operators cannot be chained: '<' followed by '<' requires parentheses"
                .into(),
            "<"
        )
    );
    assert_eq!(
        err_text("const x = a << b << c;"),
        (
            "shift operators cannot be chained: '<<' followed by '<<' requires parentheses".into(),
            "<<"
        )
    );
    assert_eq!(
        err_text("const x = a && b || c;"),
        ("mixing '&&' and '||' requires parentheses".into(), "||")
    );
    assert_eq!(
        err_text("const x = a + b << c;"),
        ("mixing '+' and '<<' requires parentheses".into(), "<<")
    );
    assert_eq!(
        err_text("const x = a | b ^ c;"),
        ("mixing '|' and '^' requires parentheses".into(), "^")
    );
    assert_eq!(
        err_text("const x = a == b & c;"),
        ("mixing '==' and '&' requires parentheses".into(), "&")
    );
    assert_eq!(
        err_text("const x = a << b + c;"),
        ("mixing '<<' and '+' requires parentheses".into(), "+")
    );
}

#[test]
fn long_chain_is_iterative() {
    let mut src = String::from("const x = a");
    for i in 0..100_000 {
        src.push_str(if i % 2 == 0 { " + b" } else { " - c" });
    }
    src.push(';');
    let tu = ok(&src);
    assert_eq!(tu.expr_count(), 200_001);
    let GlobalDecl::Const(d) = &tu.decls[0] else {
        panic!()
    };
    let root = d.init.unwrap();
    let Expr::Binary { op, .. } = tu.expr(0, root) else {
        panic!()
    };
    assert_eq!(*op, BinaryOp::Sub);
    assert_eq!(tu.expr_span(0, root), Span::new(10, src.len() as u32 - 1));
}

#[test]
fn nesting_limits() {
    let deep = |n: usize| format!("const x = {}1{};", "(".repeat(n), ")".repeat(n));
    assert!(parse(&deep(MAX_NESTING_DEPTH as usize - 1)).is_ok());
    let src = deep(100_000);
    let (m, _) = err(&src);
    assert_eq!(
        m,
        format!("expression nesting is too deep (the limit is {MAX_NESTING_DEPTH})")
    );
    let (m, _) = err(&format!("const x = {}1;", "- ".repeat(100_000)));
    assert_eq!(m, "expression nesting is too deep (the limit is 128)");
    let (m, _) = err(&format!(
        "const x = {}1{};",
        "a[".repeat(10_000),
        "]".repeat(10_000)
    ));
    assert_eq!(m, "expression nesting is too deep (the limit is 128)");
    let (m, _) = err(&format!(
        "alias t = {}f32{};",
        "array<".repeat(10_000),
        ">".repeat(10_000)
    ));
    assert_eq!(m, "expression nesting is too deep (the limit is 128)");
    let (m, _) = err(&format!("fn f() {{ {} }}", "{".repeat(10_000)));
    assert_eq!(m, "statement nesting is too deep (the limit is 128)");
    let (m, _) = err(&format!("fn f() {{ {} }}", "loop {".repeat(10_000)));
    assert_eq!(m, "statement nesting is too deep (the limit is 128)");
    // Just under the limit, statements and expressions combined: no stack
    // overflow even in unoptimised builds.
    let n = MAX_NESTING_DEPTH as usize / 2 - 1;
    let src = format!(
        "fn f() {{ {} x = {}1{}; {} }}",
        "if a { loop { ".repeat(n / 2),
        "(".repeat(n - 1),
        ")".repeat(n - 1),
        "} } ".repeat(n / 2)
    );
    assert!(parse(&src).is_ok());
    let src = format!("fn f() {{ {}{} }}", "{".repeat(127), "}".repeat(127));
    assert!(parse(&src).is_ok());
    // Unary operators that stay under the limit are fine.
    assert_eq!(expr("- - -1"), "Negate(Negate(Negate(1None)))");
}

#[test]
fn literals() {
    assert_eq!(expr("0x10u"), "16U");
    assert_eq!(expr("1.5h"), "1.5Hf");
    assert_eq!(expr("true"), "true");
    assert_eq!(
        err_text("const x = 4294967296u;"),
        (
            "value 4294967296 cannot be represented as 'u32'".into(),
            "4294967296u"
        )
    );
    assert_eq!(
        err_text("const x = 1e39f;"),
        ("value 1e39 cannot be represented as 'f32'".into(), "1e39f")
    );
}

#[test]
fn directives() {
    let tu = ok("enable f16, chromium_experimental_subgroup_matrix,;\nrequires readonly_and_readwrite_storage_textures;\ndiagnostic(off, derivative_uniformity);\ndiagnostic(warning, chromium.subgroup_matrix_uniformity,);");
    assert_eq!(tu.directives.len(), 4);
    let Directive::Enable(names, span) = &tu.directives[0] else {
        panic!()
    };
    assert_eq!(names.len(), 2);
    assert_eq!(names[1].name, "chromium_experimental_subgroup_matrix");
    assert_eq!(*span, Span::new(0, 51));
    let Directive::Diagnostic(c, _) = &tu.directives[3] else {
        panic!()
    };
    assert_eq!(c.severity.name, "warning");
    assert_eq!(c.rule.name, "chromium");
    assert_eq!(
        c.rule_suffix.map(|s| s.name),
        Some("subgroup_matrix_uniformity")
    );
    assert_eq!(
        err_text("const a = 1;\nenable f16;"),
        (
            "directives must come before any declaration".into(),
            "enable"
        )
    );
}

#[test]
fn global_declarations() {
    let src = r#"
        @group(0) @binding(1) var<storage, read_write> buf: array<u32>;
        var<private> p: f32 = 1.0;
        @id(3) override o: u32;
        override o2 = 4;
        const c: i32 = 1;
        alias A = vec4<f32>;
        struct S { @align(16) a: f32, @size(8) b: vec2<f32>, }
        struct T { x: i32 }
        const_assert c == 1;
        ;
        @compute @workgroup_size(8, 8, 1,)
        fn main(@builtin(global_invocation_id) id: vec3<u32>, x: f32,) -> @location(0) vec4<f32> {
            return vec4<f32>();
        }
        fn g() {}
    "#;
    let tu = ok(src);
    assert_eq!(tu.decls.len(), 11);
    let GlobalDecl::Var(v) = &tu.decls[0] else {
        panic!()
    };
    assert_eq!(v.attributes.len(), 2);
    assert_eq!(v.attributes[1].name.name, "binding");
    assert_eq!(v.template_args.len(), 2);
    assert_eq!(show(&tu, 0, tu.list(v.template_args)[1]), "read_write");
    assert_eq!(show(&tu, 0, v.ty.unwrap()), "array<u32>");
    assert_eq!(
        &src[v.span.to_range()],
        "@group(0) @binding(1) var<storage, read_write> buf: array<u32>"
    );
    let GlobalDecl::Override(o) = &tu.decls[2] else {
        panic!()
    };
    assert_eq!(o.attributes[0].name.name, "id");
    assert!(o.init.is_none());
    let GlobalDecl::Struct(s) = &tu.decls[6] else {
        panic!()
    };
    assert_eq!(s.members.len(), 2);
    assert_eq!(s.members[1].attributes[0].name.name, "size");
    let GlobalDecl::Fn(f) = &tu.decls[9] else {
        panic!()
    };
    assert_eq!(f.name.name, "main");
    assert_eq!(f.params.len(), 2);
    assert_eq!(f.params[0].attributes[0].name.name, "builtin");
    assert_eq!(
        show(&tu, 9, tu.list(f.params[0].attributes[0].args)[0]),
        "global_invocation_id"
    );
    assert_eq!(f.attributes[1].args.len(), 3);
    let (attrs, ty) = f.result.as_ref().unwrap();
    assert_eq!(attrs[0].name.name, "location");
    assert_eq!(show(&tu, 9, *ty), "vec4<f32>");
    assert_eq!(tu.decls[10].name().map(|n| n.name), Some("g"));
}

#[test]
fn attributes() {
    let src = "@diagnostic(off, chromium.subgroup_matrix_uniformity) @must_use fn f() -> i32 { return 1; }";
    let tu = ok(src);
    let GlobalDecl::Fn(f) = &tu.decls[0] else {
        panic!()
    };
    let d = f.attributes[0].diagnostic.as_ref().unwrap();
    assert_eq!(d.severity.name, "off");
    assert_eq!(d.rule_suffix.unwrap().name, "subgroup_matrix_uniformity");
    assert_eq!(
        &src[d.span.to_range()],
        "off, chromium.subgroup_matrix_uniformity"
    );
    assert_eq!(
        &src[f.attributes[0].span.to_range()],
        "@diagnostic(off, chromium.subgroup_matrix_uniformity)"
    );
    assert!(f.attributes[1].args.is_empty());
    assert_eq!(
        err_text("@foo fn f() {}"),
        ("unknown attribute 'foo'".into(), "foo")
    );
    assert_eq!(
        err_text("@group(0) const x = 1;"),
        (
            "attributes are not allowed before keyword 'const'".into(),
            "@group(0)"
        )
    );
    let tu = ok("@compute @subgroup_size(32) @workgroup_size(64) fn f() {}");
    assert_eq!(tu.decls.len(), 1);
    let tu = ok("fn f(@location(0) @interpolate(flat, either) x: u32) {}");
    let GlobalDecl::Fn(f) = &tu.decls[0] else {
        panic!()
    };
    assert_eq!(f.params[0].attributes[1].args.len(), 2);
}

#[test]
fn statements() {
    let src = r#"fn f() {
        var a: i32;
        var<function> b = 1;
        let c = 2;
        const d: u32 = 3u;
        a = 1;
        a += 2; a -= 1; a *= 2; a /= 2; a %= 2; a &= 1; a |= 1; a ^= 1; a <<= 1u; a >>= 1u;
        a++;
        a--;
        _ = c;
        g(1, 2);
        *&a = 3;
        (a) = 4;
        s.m[2].x = 1;
        ;
        discard;
        return;
        const_assert 1 < 2;
        {}
    }"#;
    let (tu, stmts) = body(src);
    let kinds: Vec<&StmtKind> = stmts.iter().map(|s| &s.kind).collect();
    assert!(matches!(kinds[0], StmtKind::Var(v) if v.ty.is_some() && v.init.is_none()));
    assert!(matches!(kinds[1], StmtKind::Var(v) if v.template_args.len() == 1));
    assert!(matches!(kinds[2], StmtKind::Let(_)));
    assert!(matches!(kinds[3], StmtKind::Const(_)));
    assert!(matches!(
        kinds[4],
        StmtKind::Assign {
            op: AssignOp::Assign,
            ..
        }
    ));
    let compound: Vec<BinaryOp> = kinds[5..15]
        .iter()
        .map(|k| match k {
            StmtKind::Assign {
                op: AssignOp::Compound(op),
                ..
            } => *op,
            other => panic!("{other:?}"),
        })
        .collect();
    use BinaryOp::*;
    assert_eq!(
        compound,
        vec![Add, Sub, Mul, Div, Mod, And, Or, Xor, Shl, Shr]
    );
    assert!(matches!(kinds[15], StmtKind::Increment(_)));
    assert!(matches!(kinds[16], StmtKind::Decrement(_)));
    assert!(matches!(kinds[17], StmtKind::Assign { lhs: None, .. }));
    assert!(matches!(kinds[18], StmtKind::Call(_)));
    assert!(matches!(kinds[19], StmtKind::Assign { lhs: Some(_), .. }));
    assert!(matches!(kinds[20], StmtKind::Assign { lhs: Some(_), .. }));
    let StmtKind::Assign { lhs: Some(l), .. } = kinds[21] else {
        panic!()
    };
    assert_eq!(show(&tu, 0, *l), "s.m[2None].x");
    assert!(matches!(kinds[22], StmtKind::Empty));
    assert!(matches!(kinds[23], StmtKind::Discard));
    assert!(matches!(kinds[24], StmtKind::Return(None)));
    assert!(matches!(kinds[25], StmtKind::ConstAssert(_)));
    assert!(matches!(kinds[26], StmtKind::Block(_)));
    // Statement spans exclude the `;`.
    assert_eq!(&src[stmts[2].span.to_range()], "let c = 2");
}

#[test]
fn control_flow() {
    let src = r#"fn f() {
        if a { } else if b { } else if c { } else { }
        switch x { case 1, 2,: { } case default, 3 { } default { } }
        switch (x) @diagnostic(off, derivative_uniformity) { default: {} }
        loop { a++; continuing { a--; break if a > 3; } }
        loop @diagnostic(off, derivative_uniformity) { break; }
        for (var i = 0; i < 4; i++) { continue; }
        for (;;) { break; }
        for (g(); ; a = 1) {}
        while a < 3 { }
        @diagnostic(off, derivative_uniformity) while (true) { }
        @diagnostic(off, derivative_uniformity) { }
    }"#;
    let (_tu, stmts) = body(src);
    let StmtKind::If { reject, .. } = &stmts[0].kind else {
        panic!()
    };
    let Some(r) = reject else { panic!() };
    let StmtKind::If {
        reject: Some(r2), ..
    } = &r.kind
    else {
        panic!("{r:?}")
    };
    assert_eq!(&src[r.span.to_range()], "if b { } else if c { } else { }");
    let StmtKind::If {
        reject: Some(r3), ..
    } = &r2.kind
    else {
        panic!()
    };
    assert!(matches!(r3.kind, StmtKind::Block(_)));
    let StmtKind::Switch { clauses, .. } = &stmts[1].kind else {
        panic!()
    };
    assert_eq!(clauses.len(), 3);
    assert_eq!(clauses[0].selectors.len(), 2);
    assert_eq!(clauses[1].selectors[0], None);
    assert!(clauses[1].selectors[1].is_some());
    assert_eq!(&clauses[2].selectors[..], &[None]);
    let StmtKind::Switch {
        body_attributes, ..
    } = &stmts[2].kind
    else {
        panic!()
    };
    assert_eq!(body_attributes.len(), 1);
    let StmtKind::Loop {
        body, continuing, ..
    } = &stmts[3].kind
    else {
        panic!()
    };
    assert_eq!(body.stmts.len(), 1);
    let c = continuing.as_ref().unwrap();
    assert_eq!(c.body.stmts.len(), 1);
    assert!(c.break_if.is_some());
    assert_eq!(
        &src[c.span.to_range()],
        "continuing { a--; break if a > 3; }"
    );
    let StmtKind::For {
        init,
        condition,
        update,
        ..
    } = &stmts[5].kind
    else {
        panic!()
    };
    assert!(matches!(init.as_ref().unwrap().kind, StmtKind::Var(_)));
    assert!(condition.is_some());
    assert!(matches!(
        update.as_ref().unwrap().kind,
        StmtKind::Increment(_)
    ));
    assert!(matches!(
        &stmts[6].kind,
        StmtKind::For {
            init: None,
            condition: None,
            update: None,
            ..
        }
    ));
    assert_eq!(stmts[9].attributes.len(), 1);
    let StmtKind::Block(b) = &stmts[10].kind else {
        panic!()
    };
    assert_eq!(b.attributes.len(), 1);
}

#[test]
fn statement_errors() {
    assert_eq!(
        err_text("fn f() { let x = 1 }"),
        ("expected ';', found '}'".into(), "}")
    );
    assert_eq!(
        err_text("fn f() { x = ); }"),
        ("expected expression, found ')'".into(), ")")
    );
    assert_eq!(
        err_text("fn f() { break if x; }"),
        (
            "'break if' is only allowed as the last statement of a 'continuing' block".into(),
            "break if"
        )
    );
    assert_eq!(
        err_text("fn f() { loop { continuing { break if x; a = 1; } } }"),
        ("expected '}', found 'a'".into(), "a")
    );
    // A call is a core_lhs_expression (it may return a pointer:
    // `*bufferView<T>(&b, 0) = v;`); the resolver rejects a call that
    // returns a value. Other expressions are not.
    assert_eq!(
        err_text("fn f() { (1 + 2) = 1; }"),
        ("invalid left-hand side of an assignment".into(), "(1 + 2)")
    );
    assert_eq!(
        err_text("fn f() { 1 = 1; }"),
        ("expected statement, found '1'".into(), "1")
    );
    assert_eq!(
        err_text("fn f() { x; }"),
        (
            "expected '=', compound assignment, '++' or '--', found ';'".into(),
            ";"
        )
    );
    assert_eq!(
        err_text("fn f() { @diagnostic(off, x) let a = 1; }"),
        (
            "attributes are not allowed before keyword 'let'".into(),
            "@diagnostic(off, x)"
        )
    );
    assert_eq!(
        err_text("fn f() { _ + 1; }"),
        ("expected '=', found '+'".into(), "+")
    );
    assert_eq!(
        err_text("fn f() {"),
        ("expected '}', found end of file".into(), "")
    );
    assert_eq!(
        err_text("fn f() { var x: 1; }"),
        ("expected type, found '1'".into(), "1")
    );
    assert_eq!(
        err_text("fn f() { let fn = 1; }"),
        ("expected identifier, found keyword 'fn'".into(), "fn")
    );
    assert_eq!(
        err_text("let x = 1;"),
        (
            "'let' declarations are only allowed inside functions".into(),
            "let"
        )
    );
    assert_eq!(
        err_text("struct S {}"),
        ("a structure must have at least one member".into(), "{}")
    );
    assert_eq!(
        err_text("struct S { a: i32; }"),
        ("expected ',' or '}', found ';'".into(), ";")
    );
}

#[test]
fn identifiers_and_keywords() {
    let src = "fn \u{0394}x(\u{e9}t\u{e9}: f32) {}";
    let tu = ok(src);
    let GlobalDecl::Fn(f) = &tu.decls[0] else {
        panic!()
    };
    assert_eq!(f.name.name, "\u{0394}x");
    assert_eq!(f.params[0].name.name, "\u{e9}t\u{e9}");
    assert_eq!(
        err_text("fn f() { let _ = 1; }"),
        ("expected identifier, found '_'".into(), "_")
    );
    assert_eq!(
        err_text("struct S { loop: i32 }"),
        ("expected member name, found keyword 'loop'".into(), "loop")
    );
    assert_eq!(
        err_text("const x = a.1;"),
        ("expected ';', found '.1'".into(), ".1")
    );
}

#[test]
fn more_errors() {
    assert_eq!(
        err_text("fn f() { continuing { } }"),
        (
            "'continuing' is only allowed at the end of a 'loop' body".into(),
            "continuing"
        )
    );
    assert_eq!(
        err_text("fn f() { case 1: {} }"),
        ("'case' is only allowed in a 'switch' body".into(), "case")
    );
    assert_eq!(
        err_text("fn f() { switch x { let a = 1; } }"),
        (
            "expected 'case', 'default' or '}', found keyword 'let'".into(),
            "let"
        )
    );
    assert_eq!(
        err_text("alias t = array<f32 4>;"),
        (
            "expected ',' or '>' closing the template list, found '4'".into(),
            "4"
        )
    );
    assert_eq!(
        err_text("fn f() { loop { a = 1; "),
        ("expected '}', found end of file".into(), "")
    );
    assert_eq!(
        err_text("fn f() { loop { continuing {} a = 1; } }"),
        ("expected '}', found 'a'".into(), "a")
    );
    assert_eq!(
        err_text("fn f() { if x { continuing { break if y; } } }"),
        (
            "'continuing' is only allowed at the end of a 'loop' body".into(),
            "continuing"
        )
    );
    assert_eq!(
        err_text("fn f() { loop { continuing { if x { break if y; } } } }"),
        (
            "'break if' is only allowed as the last statement of a 'continuing' block".into(),
            "break if"
        )
    );
    assert_eq!(
        err_text("@diagnostic fn f() {}"),
        ("expected '(', found keyword 'fn'".into(), "fn")
    );
    assert_eq!(
        err_text("diagnostic(off);"),
        ("expected ',', found ')'".into(), ")")
    );
    assert_eq!(
        err_text("@ 1 fn f() {}"),
        ("expected attribute name, found '1'".into(), "1")
    );
    assert_eq!(
        err_text("fn f() -> { }"),
        ("expected type, found '{'".into(), "{")
    );
    assert_eq!(
        err_text("fn f() { for (return; ;) {} }"),
        (
            "expected for-loop initializer, found keyword 'return'".into(),
            "return"
        )
    );
    assert_eq!(
        err_text("fn f() { let x = 1; } }"),
        ("expected declaration, found '}'".into(), "}")
    );
    assert_eq!(
        err_text("const x = ;"),
        ("expected expression, found ';'".into(), ";")
    );
    assert_eq!(
        err_text("const x = 0x1p999999f;"),
        (
            "value 0x1p999999 cannot be represented as 'f32'".into(),
            "0x1p999999f"
        )
    );
    // The mixing error points at the second operator and labels the first.
    let e = parse("const x = a & b | c;").unwrap_err();
    let d = &e.diagnostics[0];
    assert_eq!(d.labels[0].span, Span::new(12, 13));
    assert_eq!(d.span, Span::new(16, 17));
}

#[test]
fn else_if_chain_limit() {
    let mut src = String::from("fn f() { if a {}");
    for _ in 0..2000 {
        src.push_str(" else if a {}");
    }
    src.push('}');
    let (m, _) = err(&src);
    assert_eq!(m, "too many 'else if' clauses (the limit is 1024)");
    let mut src = String::from("fn f() { if a {}");
    for _ in 0..1000 {
        src.push_str(" else if a {}");
    }
    src.push('}');
    assert!(parse(&src).is_ok());
}

#[test]
fn subgroup_matrix_syntax() {
    let src = r#"
enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> buf: array<f32>;
@compute @workgroup_size(64)
fn main() {
    var m: subgroup_matrix_left<f32, 8, 8> = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&buf, 0, false, 8);
    let r = subgroupMatrixMultiplyAccumulate(m, m, subgroup_matrix_result<f32, 8, 8>());
    subgroupMatrixStore(&buf, 0, r, false, 8);
}
"#;
    let (tu, stmts) = body(src);
    let StmtKind::Var(v) = &stmts[0].kind else {
        panic!()
    };
    assert_eq!(
        show(&tu, 0, v.ty.unwrap()),
        "subgroup_matrix_left<f32, 8None, 8None>"
    );
    assert_eq!(
        show(&tu, 0, v.init.unwrap()),
        "subgroupMatrixLoad<subgroup_matrix_left<f32, 8None, 8None>>(AddressOf(buf), 0None, false, 8None)"
    );
}

/// Every prefix of a realistic shader, and some random bytes: no panics.
#[test]
fn robustness() {
    let src = r#"enable f16;
diagnostic(off, derivative_uniformity);
struct S { @location(0) a: vec4<f32>, b: array<vec2<f16>, 4>, }
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
override k: f32 = 1.5e-3f;
/* comment /* nested */ */
@compute @workgroup_size(64, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var x = 0x1p-3h + 1.0h; // line
    let y = select(a < b, (c > d), (e >= f) && g);
    for (var i = 0u; i < 10u; i++) { data[i] >>= 1u; }
    loop { if x > 2 { break; } continuing { x += 1; break if x >= 8; } }
    switch id.x { case 0u, 1u: { } default { discard; } }
    _ = bitcast<vec2<u32>>(vec2(1.0, 2.0));
}"#;
    for end in 0..=src.len() {
        if src.is_char_boundary(end) {
            let _ = parse(&src[..end]);
        }
    }
    assert!(parse(src).is_ok());
    // A small deterministic xorshift generator over bytes that matter.
    let alphabet = b"aA_0x1.eEpfhiu+-*/%&|^!~<>=()[]{}@,;: \n\"'/*vr";
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..3000 {
        let mut s = String::new();
        let len = (state % 40) as usize;
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            s.push(alphabet[(state % alphabet.len() as u64) as usize] as char);
        }
        let _ = parse(&s);
        let _ = parse(&format!("fn f() {{ {s} }}"));
        let _ = parse(&format!("const x = {s};"));
    }
    let raw: Vec<u8> = (0..=255u8).collect();
    let _ = parse(&String::from_utf8_lossy(&raw));
}

#[test]
fn free_names_skip_shadowed_locals_and_list_each_name_once() {
    let src = "const k = 1;\nfn f(p: i32) -> i32 {\n  let a = k + g(p);\n  { let k = 2; _ = k; }\n  for (var k = 0; k < 2; k++) {}\n  return a + k + g(a);\n}\n";
    let tu = ok(src);
    let names: Vec<(&str, &str)> = tu
        .free_names(1)
        .iter()
        .map(|&(n, s)| (n, &src[s.to_range()]))
        .collect();
    // `p`, `a` and the inner `k`s are locals; `i32` is a type name; the
    // first free use of `k` and `g` is recorded, once each.
    let ks: Vec<_> = names.iter().filter(|(n, _)| *n == "k").collect();
    assert_eq!(ks.len(), 1);
    assert!(names.iter().any(|(n, _)| *n == "g"));
    assert!(!names.iter().any(|(n, _)| *n == "p" || *n == "a"));
    let k_first = src.find("k + g").expect("k") as u32;
    let k_span = tu
        .free_names(1)
        .iter()
        .find(|(n, _)| *n == "k")
        .expect("k")
        .1;
    assert_eq!(k_span.start, k_first);
    assert!(tu.free_names(0).is_empty());
}

#[test]
fn free_names_of_a_continuing_block_include_its_break_if() {
    // `break if x` reads the continuing block's `let x`, not a module-scope
    // `x`; a `for` update reads the module-scope `g`, not the body's `g`.
    let src = "fn f() {\n  loop { continuing { let x = true; break if x; } }\n  for (;; g++) { var g = 1; break; }\n}\n";
    let tu = ok(src);
    let names: Vec<&str> = tu.free_names(0).iter().map(|&(n, _)| n).collect();
    assert!(!names.contains(&"x"), "{names:?}");
    assert!(names.contains(&"g"), "{names:?}");
}

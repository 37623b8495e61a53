//! One test per verifier rule: a valid module (parsed WGSL) broken by hand
//! in one place, and the message that names the place and the rule.

use super::*;
use crate::arena::HandleRange;
use crate::ir::{
    Block, CaseSelector, Expression, Function, Literal, Module, Scalar, Statement, SwitchCase,
    Type, TypeInner,
};

fn parse(src: &str) -> Module {
    match crate::front::wgsl::parse_str(src) {
        Ok(p) => p.module,
        Err(e) => panic!("{}", e.render("test.wgsl", src)),
    }
}

/// The verifier's message for a module that must fail.
fn message(m: &Module) -> String {
    match verify(m) {
        Ok(()) => panic!("the broken module verifies"),
        Err(e) => e.to_string(),
    }
}

fn assert_message(m: &Module, parts: &[&str]) {
    let msg = message(m);
    for p in parts {
        assert!(msg.contains(p), "no `{p}` in: {msg}");
    }
}

fn main_fn(m: &mut Module) -> &mut Function {
    let h = m.entry_points[0].function;
    &mut m.functions[h]
}

fn named(m: &mut Module, name: &str) -> Handle<Function> {
    m.functions
        .iter()
        .find(|(_, f)| f.name == name)
        .map(|(h, _)| h)
        .expect("function")
}

/// The first expression of `f` that `pred` accepts.
fn expr(f: &Function, pred: impl Fn(&Expression) -> bool) -> H {
    f.expressions
        .iter()
        .find(|(_, e)| pred(e))
        .map(|(h, _)| h)
        .expect("expression")
}

/// The first statement of `b` (nested blocks included) `pred` accepts.
fn stmt<'a>(b: &'a mut Block, pred: &impl Fn(&Statement) -> bool) -> Option<&'a mut Statement> {
    for st in b.statements_mut() {
        if pred(st) {
            return Some(st);
        }
        let children: Vec<&'a mut Block> = match st {
            Statement::Block(b) => vec![b],
            Statement::If { accept, reject, .. } => vec![accept, reject],
            Statement::Switch { cases, .. } => cases.iter_mut().map(|c| &mut c.body).collect(),
            Statement::Loop {
                body, continuing, ..
            } => vec![body, continuing],
            _ => vec![],
        };
        for c in children {
            if let Some(found) = stmt(c, pred) {
                return Some(found);
            }
        }
    }
    None
}

fn stmt_of(f: &mut Function, pred: impl Fn(&Statement) -> bool) -> &mut Statement {
    stmt(&mut f.body, &pred).expect("statement")
}

const COMPUTE: &str = "
struct S { a: f32, b: vec4<f32> }
@group(0) @binding(0) var<storage, read_write> buf: array<u32>;
@group(0) @binding(1) var<storage, read_write> counter: atomic<u32>;
var<workgroup> shared_value: u32;
var<private> p: S;
fn add(x: u32, y: u32) -> u32 { return x + y; }
fn store(i: u32) { buf[i] = 1u; }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    var total = 0u;
    var k = 0u;
    loop {
        if k >= i { break; }
        let v = buf[k];
        if v == 3u { continue; }
        switch v {
            case 0u, 1u: { continue; }
            case 2u: { break; }
            default: { total += add(v, k); }
        }
        continuing { total += k; k++; }
    }
    loop {
        let w = total * 2u;
        continuing { total = w; break if w > 10u; }
    }
    let old = atomicAdd(&counter, 1u);
    let u = workgroupUniformLoad(&shared_value);
    p.b = vec4<f32>(f32(old + u));
    store(total);
}
";

#[test]
fn valid_modules_verify() {
    verify(&parse(COMPUTE)).unwrap();
    // After every pass, SPIR-V and MSL lists alike.
    let source = parse(COMPUTE);
    let info = crate::valid::validate(&source).unwrap();
    let mut p = crate::pipeline::process(&source, &info, &Default::default()).unwrap();
    let passes = crate::lower::spv::passes(&Default::default());
    crate::passes::run(&mut p, &passes, true, &mut |_, p| {
        verify(&p.module).unwrap()
    })
    .unwrap();
}

#[test]
fn handles_in_range() {
    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let h = expr(f, |e| matches!(e, Expression::Load { .. }));
    f.expressions[h] = Expression::Load {
        pointer: Handle::from_index(9999),
    };
    assert_message(
        &m,
        &[
            "function 'main' [2], expression [",
            "(Load): operand [9999] is out of range",
        ],
    );

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let h = expr(f, |e| matches!(e, Expression::FunctionArgument(_)));
    f.expressions[h] = Expression::FunctionArgument(3);
    assert_message(
        &m,
        &["(FunctionArgument): argument [3] is out of range (1 exist)"],
    );

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let h = expr(f, |e| matches!(e, Expression::GlobalVariable(_)));
    f.expressions[h] = Expression::GlobalVariable(Handle::from_index(77));
    assert_message(
        &m,
        &["(GlobalVariable): global variable [77] is out of range"],
    );

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let h = expr(f, |e| matches!(e, Expression::LocalVariable(_)));
    f.expressions[h] = Expression::LocalVariable(Handle::from_index(50));
    assert_message(&m, &["local variable [50] is out of range"]);

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let h = expr(f, |e| matches!(e, Expression::Literal(_)));
    f.expressions[h] = Expression::Constant(Handle::from_index(500));
    assert_message(&m, &["(Constant): constant [500] is out of range"]);

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let (_, l) = f.local_variables.iter_mut().next().unwrap();
    l.ty = Handle::from_index(1000);
    assert_message(
        &m,
        &["function 'main' [2]: a local variable's type [1000] is out of range"],
    );

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    f.expression_types[0] = Handle::from_index(1000);
    assert_message(&m, &["expression [0]", "its type [1000] is out of range"]);

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    f.named_expressions
        .insert(Handle::from_index(4000), "x".into());
    assert_message(&m, &["a `let` name is given to expression [4000]"]);

    let mut m = parse(COMPUTE);
    m.entry_points[0].function = Handle::from_index(9);
    assert_message(&m, &["entry point 'main': function [9] is out of range"]);

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    if let Statement::Store { value, .. } = stmt_of(f, |s| matches!(s, Statement::Store { .. })) {
        *value = Handle::from_index(12345);
    }
    assert_message(&m, &["(Store): expression [12345] is out of range"]);

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    if let Statement::Call { function, .. } = stmt_of(f, |s| matches!(s, Statement::Call { .. })) {
        *function = Handle::from_index(40);
    }
    assert_message(&m, &["(Call): function [40] is out of range"]);
}

#[test]
fn module_items_refer_to_earlier_ones() {
    let mut m = parse(COMPUTE);
    let t = m.types.insert(
        Type {
            name: None,
            inner: TypeInner::Pointer {
                base: Handle::from_index(900),
                space: crate::ir::AddressSpace::Function,
                access: crate::ir::Access::ReadWrite,
            },
        },
        Span::UNDEFINED,
    );
    assert_message(
        &m,
        &[&format!(
            "type [{}]: it refers to type [900], not an earlier one",
            t.index()
        )],
    );

    let mut m = parse(COMPUTE);
    let u = m.intern(TypeInner::Scalar(Scalar::U32));
    let c = m.intern_constant(ConstValue::Composite {
        ty: u,
        components: vec![Handle::from_index(800)],
    });
    assert_message(
        &m,
        &[&format!(
            "constant [{}]: it refers to constant [800], not an earlier one",
            c.index()
        )],
    );

    let mut m = parse("override n: u32 = 4u; override k = n * 2u;");
    let last = m.global_expressions.len() - 1;
    let e = Handle::from_index(last);
    m.global_expressions[e] = Expression::Unary {
        op: crate::ir::UnaryOperator::Negate,
        expr: e,
    };
    assert_message(
        &m,
        &[&format!("global expression [{last}] (Unary): it reads global expression [{last}], not an earlier one")],
    );

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    if let Statement::Call { function, .. } = stmt_of(f, |s| matches!(s, Statement::Call { .. })) {
        *function = Handle::from_index(2);
    }
    assert_message(&m, &["it calls function [2], not an earlier one"]);
}

#[test]
fn type_tables_are_parallel() {
    let mut m = parse(COMPUTE);
    main_fn(&mut m).expression_types.pop();
    assert_message(&m, &["function 'main' [2]: ", "expression types for"]);

    let mut m = parse("override n: u32 = 4u; override k = n * 2u;");
    m.global_expression_types.push(m.global_expression_types[0]);
    assert_message(&m, &["module: ", "global expression types for"]);
}

#[test]
fn global_expressions_are_override_expressions() {
    let mut m = parse("override n: u32 = 4u; override k = n * 2u;");
    let e = Handle::from_index(0);
    m.global_expressions[e] = Expression::Load { pointer: e };
    assert_message(
        &m,
        &["global expression [0] (Load): this kind of expression is not an override-expression"],
    );
}

#[test]
fn expression_types_fit_their_operands() {
    // `Load` gives its pointer's pointee.
    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let h = expr(f, |e| matches!(e, Expression::Load { .. }));
    let bool_ty = m.intern(TypeInner::Scalar(Scalar::Bool));
    let f = main_fn(&mut m);
    f.expression_types[h.index()] = bool_ty;
    assert_message(&m, &["(Load) at body[", "its type is bool but it must be"]);

    // An access through a pointer is a pointer.
    let mut m = parse(COMPUTE);
    let u = m.intern(TypeInner::Scalar(Scalar::U32));
    let f = main_fn(&mut m);
    let h = expr(f, |e| matches!(e, Expression::Access { .. }));
    f.expression_types[h.index()] = u;
    assert_message(&m, &["(Access)", "gives u32, not a pointer"]);

    // Comparisons give booleans.
    let mut m = parse(COMPUTE);
    let u = m.intern(TypeInner::Scalar(Scalar::U32));
    let f = main_fn(&mut m);
    let h = expr(f, |e| {
        matches!(
            e,
            Expression::Binary {
                op: crate::ir::BinaryOperator::Equal,
                ..
            }
        )
    });
    f.expression_types[h.index()] = u;
    assert_message(
        &m,
        &["(Binary)", "its type is u32 but `==` of", "gives bool"],
    );

    // Abstract literals are gone from functions.
    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let h = expr(f, |e| matches!(e, Expression::Literal(Literal::U32(1))));
    f.expressions[h] = Expression::Literal(Literal::AbstractInt(1));
    assert_message(&m, &["(Literal)", "an abstract literal in a function"]);

    // A `CallResult` has its callee's result type.
    let mut m = parse(COMPUTE);
    let f32_ty = m.intern(TypeInner::Scalar(Scalar::F32));
    let f = main_fn(&mut m);
    let h = expr(f, |e| matches!(e, Expression::CallResult(_)));
    f.expression_types[h.index()] = f32_ty;
    assert_message(&m, &["(CallResult)", "its type is f32 but it must be u32"]);
}

#[test]
fn statement_operands_have_their_types() {
    // `Store`: the value has the pointee's type.
    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let pointer = expr(f, |e| matches!(e, Expression::GlobalVariable(_)));
    if let Statement::Store { value, .. } = stmt_of(f, |s| matches!(s, Statement::Store { .. })) {
        *value = pointer;
    }
    assert_message(&m, &["statement body[", "(Store): it stores ["]);

    // `If`: a bool condition.
    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let lit = expr(f, |e| matches!(e, Expression::Literal(Literal::U32(_))));
    if let Statement::If { condition, .. } = stmt_of(f, |s| matches!(s, Statement::If { .. })) {
        *condition = lit;
    }
    assert_message(&m, &["(If): the condition [", "(u32) is not a bool"]);

    // `Return`: a value exactly when the function has a result.
    let mut m = parse(COMPUTE);
    let h = named(&mut m, "add");
    if let Statement::Return { value } = stmt_of(&mut m.functions[h], |s| {
        matches!(s, Statement::Return { .. })
    }) {
        *value = None;
    }
    assert_message(
        &m,
        &[
            "function 'add' [0], statement body[",
            "(Return): it returns no value from a function with a result",
        ],
    );
    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let lit = expr(f, |e| matches!(e, Expression::Literal(Literal::U32(_))));
    f.body
        .push(Statement::Return { value: Some(lit) }, Span::UNDEFINED);
    assert_message(
        &m,
        &["(Return): it returns [", "from a function without a result"],
    );
}

#[test]
fn calls_match_their_callee() {
    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    if let Statement::Call { arguments, .. } = stmt_of(f, |s| {
        matches!(
            s,
            Statement::Call {
                result: Some(_),
                ..
            }
        )
    }) {
        arguments.pop();
    }
    assert_message(
        &m,
        &["(Call): it passes 1 arguments to 'add', which takes 2"],
    );

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let pointer = expr(f, |e| matches!(e, Expression::LocalVariable(_)));
    if let Statement::Call { arguments, .. } = stmt_of(f, |s| {
        matches!(
            s,
            Statement::Call {
                result: Some(_),
                ..
            }
        )
    }) {
        arguments[1] = pointer;
    }
    assert_message(
        &m,
        &["(Call): it passes [", "for parameter 'y' of type u32"],
    );

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    if let Statement::Call { result, .. } = stmt_of(f, |s| {
        matches!(
            s,
            Statement::Call {
                result: Some(_),
                ..
            }
        )
    }) {
        *result = None;
    }
    assert_message(&m, &["(Call): it has no result, but 'add' returns a value"]);

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let other = expr(f, |e| matches!(e, Expression::AtomicResult { .. }));
    if let Statement::Call { result, .. } = stmt_of(f, |s| {
        matches!(
            s,
            Statement::Call {
                result: Some(_),
                ..
            }
        )
    }) {
        *result = Some(other);
    }
    assert_message(
        &m,
        &[
            "(Call): its result [",
            "is `AtomicResult`, not `CallResult`",
        ],
    );
}

#[test]
fn builtin_statements_have_results_of_their_kind() {
    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let call = expr(f, |e| matches!(e, Expression::CallResult(_)));
    if let Statement::Atomic { result, .. } = stmt_of(f, |s| matches!(s, Statement::Atomic { .. }))
    {
        *result = Some(call);
    }
    assert_message(
        &m,
        &[
            "(Atomic): its result [",
            "is `CallResult`, not `AtomicResult`",
        ],
    );

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    if let Statement::Atomic { value, .. } = stmt_of(f, |s| matches!(s, Statement::Atomic { .. })) {
        *value = None;
    }
    assert_message(&m, &["(Atomic): atomicAdd needs a value"]);

    let mut m = parse(COMPUTE);
    let f32_ty = m.intern(TypeInner::Scalar(Scalar::F32));
    let f = main_fn(&mut m);
    if let Statement::WorkgroupUniformLoad { result, .. } =
        stmt_of(f, |s| matches!(s, Statement::WorkgroupUniformLoad { .. }))
    {
        let r = *result;
        f.expressions[r] = Expression::WorkgroupUniformLoadResult { ty: f32_ty };
        f.expression_types[r.index()] = f32_ty;
    }
    assert_message(
        &m,
        &[
            "(WorkgroupUniformLoad): its result [",
            "(f32) is not what [",
        ],
    );

    let mut m = parse(
        "enable subgroups;
         @compute @workgroup_size(64) fn main() { let x = subgroupAdd(1u); }",
    );
    let f = main_fn(&mut m);
    let lit = expr(f, |e| matches!(e, Expression::Literal(_)));
    if let Statement::Subgroup { result, .. } =
        stmt_of(f, |s| matches!(s, Statement::Subgroup { .. }))
    {
        *result = lit;
    }
    assert_message(
        &m,
        &[
            "(Subgroup): its result [",
            "is `Literal`, not `SubgroupResult`",
        ],
    );
}

#[test]
fn switches_are_well_formed() {
    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    if let Statement::Switch { cases, .. } = stmt_of(f, |s| matches!(s, Statement::Switch { .. })) {
        cases.retain(|c| !c.selectors.contains(&CaseSelector::Default));
    }
    assert_message(
        &m,
        &["(Switch): 0 `default` selectors (exactly one is needed)"],
    );

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    if let Statement::Switch { cases, .. } = stmt_of(f, |s| matches!(s, Statement::Switch { .. })) {
        cases.push(SwitchCase {
            selectors: vec![CaseSelector::I32(7)],
            body: Block::new(),
        });
    }
    assert_message(
        &m,
        &["(Switch): case 3's value I32(7) is not of the selector's type"],
    );

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    if let Statement::Switch { cases, .. } = stmt_of(f, |s| matches!(s, Statement::Switch { .. })) {
        cases[1].selectors.push(CaseSelector::U32(0));
    }
    assert_message(&m, &["(Switch): the case value U32(0) appears twice"]);

    let mut m = parse(COMPUTE);
    let f32_ty = m.intern(TypeInner::Scalar(Scalar::F32));
    let f = main_fn(&mut m);
    let float = f.add_expression(
        Expression::Literal(Literal::F32(1.0)),
        f32_ty,
        Span::UNDEFINED,
    );
    if let Statement::Switch { selector, .. } =
        stmt_of(f, |s| matches!(s, Statement::Switch { .. }))
    {
        *selector = float;
    }
    assert_message(
        &m,
        &["(Switch): the selector [", "(f32) is not an i32 or u32"],
    );
}

#[test]
fn emits_are_in_range_and_once() {
    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let n = f.expressions.len();
    f.body.push(
        Statement::Emit(HandleRange::from_index_range(n - 1..n + 2)),
        Span::UNDEFINED,
    );
    assert_message(&m, &["(Emit): the range", "ends past the"]);

    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let first = f
        .body
        .statements
        .iter()
        .find(|s| matches!(s, Statement::Emit(r) if !r.is_empty()))
        .cloned()
        .unwrap();
    f.body.push(first, Span::UNDEFINED);
    assert_message(&m, &["it is emitted twice"]);

    let mut m = parse(
        "fn one() -> u32 { return 1u; }
         @compute @workgroup_size(1) fn main() { let x = one(); }",
    );
    let f = main_fn(&mut m);
    let call = stmt_of(f, |s| matches!(s, Statement::Call { .. })).clone();
    f.body.push(call, Span::UNDEFINED);
    assert_message(
        &m,
        &[
            "(Call): its result [",
            "is produced by another statement too",
        ],
    );
}

#[test]
fn uses_are_dominated_by_definitions() {
    // Read before its `Emit`: the `Emit` moved after its user.
    let mut m = parse("@compute @workgroup_size(1) fn main() { var x = 1u; x = x + 2u; }");
    let f = main_fn(&mut m);
    let statements = f.body.statements_mut();
    let at = statements
        .iter()
        .rposition(|s| matches!(s, Statement::Emit(_)))
        .unwrap();
    statements.swap(at, at + 1);
    assert_message(
        &m,
        &[
            "(Store): it reads expression [",
            "(Binary), which is not emitted before it",
        ],
    );

    // Within one `Emit`, an operand after its user.
    let mut m = parse("@compute @workgroup_size(1) fn main() { var x = 1u; x = x + 2u; }");
    let f = main_fn(&mut m);
    let add = expr(f, |e| matches!(e, Expression::Binary { .. }));
    let load = expr(f, |e| matches!(e, Expression::Load { .. }));
    let u = f.expression_types[load.index()];
    let later = f.add_expression(
        Expression::Load {
            pointer: expr(f, |e| matches!(e, Expression::LocalVariable(_))),
        },
        u,
        Span::UNDEFINED,
    );
    if let Expression::Binary { left, .. } = &mut f.expressions[add] {
        *left = later;
    }
    f.body.push(
        Statement::Emit(HandleRange::from_index_range(
            later.index()..later.index() + 1,
        )),
        Span::UNDEFINED,
    );
    assert_message(
        &m,
        &[
            "(Binary) at body[",
            "it reads expression [",
            "(Load), which is not emitted before it",
        ],
    );

    // Emitted in another block: an `if`'s, read after it.
    let mut m = parse(
        "@group(0) @binding(0) var<storage, read_write> b: array<u32>;
         @compute @workgroup_size(1) fn main() {
             var x = 0u;
             if b[0] == 1u { x = b[1] + 1u; }
             b[2] = x;
         }",
    );
    let f = main_fn(&mut m);
    let inner = match stmt_of(f, |s| matches!(s, Statement::If { .. })) {
        Statement::If { accept, .. } => match accept.statements.last() {
            Some(Statement::Store { value, .. }) => *value,
            _ => unreachable!(),
        },
        _ => unreachable!(),
    };
    if let Some(Statement::Store { value, .. }) = f.body.statements_mut().last_mut() {
        *value = inner;
    }
    assert_message(&m, &["not earlier on every path to this use"]);

    // A result read before its statement.
    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let r = expr(f, |e| matches!(e, Expression::AtomicResult { .. }));
    let mut early = Block::new();
    early.push(
        Statement::Store {
            pointer: expr(f, |e| matches!(e, Expression::LocalVariable(_))),
            value: r,
        },
        Span::UNDEFINED,
    );
    let old = std::mem::take(&mut f.body);
    f.body = early;
    for (st, span) in old {
        f.body.push(st, span);
    }
    assert_message(
        &m,
        &[
            "(Store): it reads expression [",
            "(AtomicResult), which no statement before it produces",
        ],
    );
}

#[test]
fn continuing_sees_the_body_up_to_its_first_exit() {
    // `continuing` and `break if` read the body's `let`: fine (COMPUTE's
    // second loop).
    verify(&parse(COMPUTE)).unwrap();
    // After a `continue` the body's evaluations do not dominate
    // `continuing`: move the `if v == 3u { continue; }` of the first
    // loop's body before the `let v` and make `continuing` read `v`.
    let mut m = parse(
        "@group(0) @binding(0) var<storage, read_write> b: array<u32>;
         @compute @workgroup_size(1) fn main() {
             var t = 0u;
             loop {
                 if t > 3u { continue; }
                 let v = b[t] + 1u;
                 continuing { t = t + 1u; break if t > 9u; }
             }
         }",
    );
    let f = main_fn(&mut m);
    let v = expr(f, |e| {
        matches!(
            e,
            Expression::Binary {
                op: crate::ir::BinaryOperator::Add,
                ..
            }
        )
    });
    let bool_ty = m.intern(TypeInner::Scalar(Scalar::Bool));
    let f = main_fn(&mut m);
    let cmp = f.add_expression(
        Expression::Binary {
            op: crate::ir::BinaryOperator::Equal,
            left: v,
            right: v,
        },
        bool_ty,
        Span::UNDEFINED,
    );
    if let Statement::Loop {
        continuing,
        break_if,
        ..
    } = stmt_of(f, |s| matches!(s, Statement::Loop { .. }))
    {
        continuing.push(
            Statement::Emit(HandleRange::from_index_range(cmp.index()..cmp.index() + 1)),
            Span::UNDEFINED,
        );
        *break_if = Some(cmp);
    }
    assert_message(
        &m,
        &[
            "(Binary) at body[",
            ".continuing[",
            "not earlier on every path",
        ],
    );
}

#[test]
fn break_continue_and_return_are_where_they_may_be() {
    let loop_with = |body: Block, continuing: Block| Statement::Loop {
        body,
        continuing,
        break_if: None,
        unroll: false,
    };
    let one = |st: Statement| {
        let mut b = Block::new();
        b.push(st, Span::UNDEFINED);
        b
    };
    let cases = [
        (Statement::Break, "`break` outside a loop or switch"),
        (Statement::Continue, "`continue` outside a loop"),
        (
            loop_with(one(Statement::Break), one(Statement::Break)),
            "body[0].continuing[0] (Break): `break` directly in a `continuing` block",
        ),
        (
            loop_with(one(Statement::Break), one(Statement::Continue)),
            "(Continue): `continue` in a `continuing` block",
        ),
        (
            loop_with(
                one(Statement::Break),
                one(Statement::Return { value: None }),
            ),
            "(Return): `return` in a `continuing` block",
        ),
    ];
    for (st, msg) in cases {
        let mut m = parse("@compute @workgroup_size(1) fn main() {}");
        main_fn(&mut m).body.push(st, Span::UNDEFINED);
        assert_message(&m, &["function 'main' [0], statement ", msg]);
    }
    // A `continue` in a switch in a loop body and a `break` of a loop
    // nested in `continuing` are fine.
    let mut m = parse(
        "@compute @workgroup_size(1) fn main() {
             var i = 0;
             loop {
                 switch i { case 1: { continue; } default: { break; } }
                 continuing { loop { break; } break if i > 2; }
             }
         }",
    );
    verify(&m).unwrap();
    // ... a `return` there is not.
    if let Statement::Loop { continuing, .. } =
        stmt_of(main_fn(&mut m), |s| matches!(s, Statement::Loop { .. }))
    {
        if let Some(Statement::Loop { body, .. }) = continuing
            .statements_mut()
            .iter_mut()
            .find(|s| matches!(s, Statement::Loop { .. }))
        {
            body.push(Statement::Return { value: None }, Span::UNDEFINED);
        }
    }
    assert_message(&m, &["(Return): `return` in a `continuing` block"]);
}

#[test]
fn failures_are_internal_errors_naming_the_pass() {
    let mut m = parse(COMPUTE);
    main_fn(&mut m).expression_types.pop();
    let e = verify(&m).unwrap_err().into_error("fold");
    let text = e.diagnostics[0].message.clone();
    assert!(
        text.starts_with(
            "internal error: IR verification failed after pass 'fold': function 'main' [2]: "
        ),
        "{text}"
    );

    // A pass that breaks the module is reported by `passes::run`, not
    // found later by a panic.
    let source = parse(COMPUTE);
    let info = crate::valid::validate(&source).unwrap();
    let mut p = crate::pipeline::process(&source, &info, &Default::default()).unwrap();
    let breaker = crate::passes::Pass::new(
        "breaker",
        "breaks the module",
        |p: &mut crate::pipeline::Pipeline| {
            let h = p.module.entry_points[0].function;
            p.module.functions[h]
                .body
                .push(Statement::Break, Span::UNDEFINED);
            Ok(())
        },
    );
    let mut seen = Vec::new();
    let e = crate::passes::run(&mut p, &[breaker], true, &mut |name, _| {
        seen.push(name.to_string())
    })
    .unwrap_err();
    assert!(seen.is_empty());
    let text = &e.diagnostics[0].message;
    assert!(
        text.contains(
            "IR verification failed after pass 'breaker': function 'main' [2], statement body["
        ) && text.ends_with("(Break): `break` outside a loop or switch"),
        "{text}"
    );
}

/// Appends `e` to `main`'s expressions, evaluated at the end of its body.
fn emit_at_end(m: &mut Module, e: Expression, ty: Handle<Type>) -> H {
    let f = main_fn(m);
    let h = f.add_expression(e, ty, Span::UNDEFINED);
    f.body.push(
        Statement::Emit(HandleRange::from_index_range(h.index()..h.index() + 1)),
        Span::UNDEFINED,
    );
    h
}

#[test]
fn more_expression_rules() {
    // A struct member out of range.
    let mut m = parse(COMPUTE);
    let f = main_fn(&mut m);
    let h = expr(f, |e| matches!(e, Expression::AccessIndex { .. }));
    if let Expression::AccessIndex { index, .. } = &mut f.expressions[h] {
        *index = 5;
    }
    assert_message(
        &m,
        &["(AccessIndex)", "a member out of range (the struct has 2)"],
    );

    // A `Compose` with too few parts.
    let mut m = parse(COMPUTE);
    let f32_ty = m.intern(TypeInner::Scalar(Scalar::F32));
    let v4 = m.intern(TypeInner::Vector {
        size: crate::ir::VectorSize::Quad,
        scalar: Scalar::F32,
    });
    let one = main_fn(&mut m).add_expression(
        Expression::Literal(Literal::F32(1.0)),
        f32_ty,
        Span::UNDEFINED,
    );
    let compose = Expression::Compose {
        ty: v4,
        components: vec![one, one],
    };
    emit_at_end(&mut m, compose, v4);
    assert_message(
        &m,
        &["(Compose)", "its parts have 2 components, vec4<f32> has 4"],
    );

    // A `Load` of an atomic (only the atomic builtins read one).
    let mut m = parse(COMPUTE);
    let u = m.intern(TypeInner::Scalar(Scalar::U32));
    let f = main_fn(&mut m);
    let counter = expr(
        f,
        |e| matches!(e, Expression::GlobalVariable(g) if g.index() == 1),
    );
    emit_at_end(&mut m, Expression::Load { pointer: counter }, u);
    assert_message(
        &m,
        &["(Load)", "it loads atomic<u32>, which holds an atomic"],
    );

    // A math builtin with the wrong number of arguments.
    let mut m = parse(COMPUTE);
    let u = m.intern(TypeInner::Scalar(Scalar::U32));
    let f = main_fn(&mut m);
    let lit = expr(f, |e| matches!(e, Expression::Literal(_)));
    let max = Expression::Math {
        fun: crate::ir::MathFunction::Max,
        args: [lit].into_iter().collect(),
    };
    emit_at_end(&mut m, max, u);
    assert_message(&m, &["(Math)", "`max` takes 2 arguments, not 1"]);

    // Functions read overrides through `OverrideExpr`.
    let mut m = parse(
        "override n: u32 = 4u;
         @group(0) @binding(0) var<storage, read_write> b: u32;
         @compute @workgroup_size(1) fn main() { b = n; }",
    );
    let f = main_fn(&mut m);
    let h = expr(f, |e| matches!(e, Expression::OverrideExpr(_)));
    f.expressions[h] = Expression::Override(Handle::from_index(0));
    assert_message(&m, &["(Override): an `Override` in a function"]);
}

#[test]
fn stores_write_through_writable_pointers() {
    let mut m = parse(
        "struct U { x: u32 }
         @group(0) @binding(0) var<uniform> u: U;
         @group(0) @binding(1) var<storage, read_write> b: u32;
         @compute @workgroup_size(1) fn main() { b = u.x; }",
    );
    let f = main_fn(&mut m);
    let member = expr(f, |e| matches!(e, Expression::AccessIndex { .. }));
    if let Statement::Store { pointer, .. } = stmt_of(f, |s| matches!(s, Statement::Store { .. })) {
        *pointer = member;
    }
    assert_message(
        &m,
        &[
            "(Store): it stores through [",
            "(ptr<uniform, u32>), which is not writable",
        ],
    );
}

#[test]
fn texel_offsets_are_constants() {
    let src = "@group(0) @binding(0) var t: texture_2d<f32>;
         @group(0) @binding(1) var s: sampler;
         @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
             return textureSample(t, s, uv, vec2<i32>(1, -1));
         }";
    let mut m = parse(src);
    verify(&m).unwrap();
    let f = main_fn(&mut m);
    let load = expr(f, |e| matches!(e, Expression::Load { .. }));
    let sample = expr(f, |e| matches!(e, Expression::ImageSample { .. }));
    if let Expression::ImageSample { offset, .. } = &mut f.expressions[sample] {
        *offset = Some(load);
    }
    assert_message(
        &m,
        &["(ImageSample)", "the offset [", "] is not a constant"],
    );
}

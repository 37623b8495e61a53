//! Resolver tests of names in loops: a `for` update sees the initializer's
//! declarations and never the body's; a `continuing` block sees the
//! top-level declarations of its `loop` body, except those a `continue`
//! skips (an error).

use super::tests::{assert_fail, func, ok};
use crate::ir::{Block, Expression, Function, Statement};

/// What a store writes: a local variable's index or a global's.
#[derive(Debug, PartialEq)]
enum Target {
    Local(usize),
    Global(usize),
}

/// Every loop of `f` in source order (outer loops first): body and
/// continuing block.
fn loops(f: &Function) -> Vec<(&Block, &Block)> {
    let mut out = Vec::new();
    crate::ir::visit::walk_statements(&f.body, |s, _| {
        if let Statement::Loop {
            body, continuing, ..
        } = s
        {
            out.push((body, continuing));
        }
    });
    out
}

/// The variables the stores of `b` (and its nested blocks) write.
fn stores(f: &Function, b: &Block) -> Vec<Target> {
    let mut out = Vec::new();
    crate::ir::visit::walk_statements(b, |s, _| {
        if let Statement::Store { pointer, .. } = s {
            out.push(match f.expressions[*pointer] {
                Expression::LocalVariable(l) => Target::Local(l.index()),
                Expression::GlobalVariable(g) => Target::Global(g.index()),
                ref e => panic!("store through {e:?}"),
            });
        }
    });
    out
}

/// The variables every load of `f` reads.
fn loads(f: &Function) -> Vec<Target> {
    f.expressions
        .iter()
        .filter_map(|(_, e)| match e {
            Expression::Load { pointer } => Some(match f.expressions[*pointer] {
                Expression::LocalVariable(l) => Target::Local(l.index()),
                Expression::GlobalVariable(g) => Target::Global(g.index()),
                ref e => panic!("load through {e:?}"),
            }),
            _ => None,
        })
        .collect()
}

#[test]
fn for_update_is_the_initializers_not_a_body_var() {
    // Locals: n (0), the initializer's i (1), the body's i (2).
    let m = ok("fn f() { var n = 0; for (var i = 0; i < 4; i++) { var i = 7; n += 1; } }");
    let f = func(&m, "f");
    let [(body, continuing)] = loops(f)[..] else {
        panic!("one loop")
    };
    assert_eq!(stores(f, continuing), [Target::Local(1)]);
    assert!(stores(f, body).contains(&Target::Local(2)));
    assert!(!stores(f, body).contains(&Target::Local(1)));
}

#[test]
fn for_condition_and_update_ignore_a_body_let() {
    // With the body's `let i` (a bool) the condition would not type-check
    // and `i++` would not be a reference.
    let m = ok("fn f() { for (var i = 0; i < 4; i++) { let i = true; } }");
    let f = func(&m, "f");
    let [(_, continuing)] = loops(f)[..] else {
        panic!("one loop")
    };
    assert_eq!(stores(f, continuing), [Target::Local(0)]);
    assert!(loads(f).iter().all(|t| *t == Target::Local(0)));
}

#[test]
fn nested_fors_reusing_a_name_update_their_own_initializers() {
    // Locals: n (0), outer i (1), inner i (2), the inner body's i (3).
    let m = ok("fn f() { var n = 0;
        for (var i = 0; i < 2; i++) {
            for (var i = 0; i < 3; i++) { var i = 5; n += i; }
        } }");
    let f = func(&m, "f");
    let [(_, outer), (_, inner)] = loops(f)[..] else {
        panic!("two loops")
    };
    assert_eq!(stores(f, outer), [Target::Local(1)]);
    assert_eq!(stores(f, inner), [Target::Local(2)]);
}

#[test]
fn for_update_names_a_global_the_body_shadows() {
    let m = ok("var<private> g: i32;
        fn f() { for (; g < 3; g++) { var g = 1; g++; } }");
    let f = func(&m, "f");
    let [(body, continuing)] = loops(f)[..] else {
        panic!("one loop")
    };
    assert_eq!(stores(f, continuing), [Target::Global(0)]);
    assert!(stores(f, body).iter().all(|t| *t == Target::Local(0)));
}

#[test]
fn for_update_sees_no_body_name() {
    assert_fail(
        "fn f() { for (var i = 0; i < 4; j++) { var j = 0; } }",
        "unresolved identifier 'j'",
        "j",
    );
}

#[test]
fn continuing_sees_the_body_level_declaration_not_a_nested_one() {
    // Locals: the body's j (0), the nested block's j (1).
    let m = ok("fn f() { loop {
            var j = 1;
            { var j = 2; j++; }
            continuing { j++; break if j > 3; }
        } }");
    let f = func(&m, "f");
    let [(_, continuing)] = loops(f)[..] else {
        panic!("one loop")
    };
    assert_eq!(stores(f, continuing), [Target::Local(0)]);
}

#[test]
fn continuing_cannot_see_a_nested_blocks_declaration() {
    assert_fail(
        "fn f() { loop { { let k = 1; } continuing { break if k > 0; } } }",
        "unresolved identifier 'k'",
        "k",
    );
}

#[test]
fn continue_after_the_declaration_is_fine() {
    ok("fn f() { var n = 0; loop {
            let step = 1;
            if n == 2 { continue; }
            continuing { n += step; break if n > 3; }
        } }");
    // A `continue` of a nested loop does not skip the outer body's names.
    ok("fn f() { var n = 0; loop {
            loop { if n > 9 { continue; } break; }
            let step = 1;
            continuing { n += step; break if n > 3; }
        } }");
    // A `continue` that skips a name the continuing block does not use.
    ok("fn f() { var n = 0; loop {
            if n == 1 { continue; }
            let unused = 2;
            continuing { n += 1; break if n > 3; }
        } }");
    // A `for` update never sees the body's names, so nothing is skipped.
    ok("fn f() { for (var i = 0; i < 4; i++) { if i == 1 { continue; } var i = 2; } }");
    // The skipped name used in a loop nested in the body, not in the
    // continuing block of the loop the `continue` targets.
    ok("fn f() { loop {
            if true { continue; }
            var z = 0;
            loop { continuing { z = 2; break if true; } }
            continuing { break if true; }
        } }");
}

#[test]
fn continue_skipping_a_declaration_the_continuing_block_uses() {
    let msg = "'continue' skips the declaration of 'step', which the continuing block uses";
    assert_fail(
        "fn f() { var n = 0; loop {
            if n == 2 { continue; }
            let step = 1;
            continuing { n += step; break if n > 3; }
        } }",
        msg,
        "continue",
    );
    // From a switch clause; used only by `break if`.
    assert_fail(
        "fn f(x: i32) { loop {
            switch x { default: { continue; } }
            let step = 1;
            continuing { break if step > 0; }
        } }",
        msg,
        "continue",
    );
    // Used in a loop nested in the continuing block.
    assert_fail(
        "fn f() { var n = 0; loop {
            if n == 2 { continue; }
            var step = 1;
            continuing { loop { n += step; break; } break if n > 3; }
        } }",
        msg,
        "continue",
    );
    // A later `continue`, after the declaration, does not undo the first.
    assert_fail(
        "fn f() { var n = 0; loop {
            if n == 2 { continue; }
            let step = 1;
            if n == 3 { continue; }
            continuing { n += step; break if n > 3; }
        } }",
        msg,
        "continue",
    );
}

//! Function bodies: the per-function context, signatures and statements.

use std::fmt::Write as _;

use super::names::Namer;
use super::writer::{err, space_qualifier, Writer, R};
use crate::arena::Handle;
use crate::ir::{visit, Block, CaseSelector, Expression, Function, Statement, TypeInner};
use crate::Span;

/// Per-function writer state.
pub(super) struct FnCtx<'f> {
    pub f: &'f Function,
    /// Printed form of each evaluated expression (a temporary's name or an
    /// inline expression).
    pub exprs: Vec<Option<String>>,
    /// Nesting depth of each inline expression.
    pub depth: Vec<u32>,
    /// Number of uses of each expression.
    pub uses: Vec<u32>,
    /// Expressions that must be baked into temporaries declared at the top
    /// of the function (they are used in a `continuing` block).
    pub hoisted: Vec<bool>,
    /// Expressions whose operand must be baked (used more than once).
    pub force_bake: Vec<bool>,
    /// The expression using each expression (meaningful when it has one
    /// use).
    pub user: Vec<Option<Handle<Expression>>>,
    /// Memory reads that may be printed where they are used: their one use
    /// is (through other such expressions of the same `Emit`) in the
    /// statement right after their `Emit`, before any write.
    pub read_in_place: Vec<bool>,
    pub local_names: Vec<String>,
    pub arg_names: Vec<String>,
    /// For pointer parameters to (structs ending with) runtime-sized
    /// arrays: the hidden parameter holding the array's element count.
    pub arg_lengths: Vec<Option<String>>,
    pub namer: Namer,
    pub indent: usize,
    pub out: String,
    pub loops: u32,
    /// The entry point being written, if any.
    pub entry: Option<usize>,
}

impl FnCtx<'_> {
    /// Starts a line at the current indentation.
    pub fn line(&mut self) -> &mut String {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        &mut self.out
    }

    /// Appends a full line.
    pub fn push_line(&mut self, text: &str) {
        self.line().push_str(text);
        self.out.push('\n');
    }

    /// The span of an expression.
    pub fn span(&self, h: Handle<crate::ir::Expression>) -> Span {
        self.f.expressions.span(h)
    }
}

/// Counts uses and finds the expressions a `continuing` block needs from
/// outside it.
fn analyse(w: &Writer, f: &Function, cx: &mut FnCtx) {
    let n = f.expressions.len();
    for (h, e) in f.expressions.iter() {
        visit::operands(e, |o| {
            cx.uses[o.index()] += 1;
            cx.user[o.index()] = Some(h);
        });
    }
    // Matrix conversions index their operand once per column.
    for (_, e) in f.expressions.iter() {
        if let Expression::Convert { expr, ty } = *e {
            if matches!(w.m.inner(ty), TypeInner::Matrix { .. }) {
                cx.force_bake[expr.index()] = true;
            }
        }
    }
    let mut stack: Vec<(&Block, bool)> = vec![(&f.body, false)];
    let mut continuing_blocks: Vec<(&Block, Option<Handle<Expression>>)> = Vec::new();
    while let Some((b, _)) = stack.pop() {
        for st in &b.statements {
            visit::statement_operands(st, |o| cx.uses[o.index()] += 1);
            match st {
                Statement::Block(b) => stack.push((b, false)),
                Statement::If { accept, reject, .. } => {
                    stack.push((accept, false));
                    stack.push((reject, false));
                }
                Statement::Switch { cases, .. } => {
                    stack.extend(cases.iter().map(|c| (&c.body, false)))
                }
                Statement::Loop {
                    body,
                    continuing,
                    break_if,
                    ..
                } => {
                    stack.push((body, false));
                    stack.push((continuing, true));
                    continuing_blocks.push((continuing, *break_if));
                }
                _ => {}
            }
        }
    }
    // Expressions used by continuing blocks (and their break-if) that are
    // emitted outside them are hoisted.
    // `emitted_in` is reset through `marked` (only the entries set for the
    // previous block), so many loops in one function stay linear.
    let mut emitted_in = vec![false; n];
    let mut marked: Vec<usize> = Vec::new();
    let mut used_in: Vec<Handle<Expression>> = Vec::new();
    for &(c, break_if) in &continuing_blocks {
        for i in marked.drain(..) {
            emitted_in[i] = false;
        }
        used_in.clear();
        used_in.extend(break_if);
        visit::walk_statements(c, |st, _| {
            if let Statement::Emit(r) = st {
                for h in r.clone() {
                    emitted_in[h.index()] = true;
                    marked.push(h.index());
                    visit::operands(&f.expressions[h], |o| used_in.push(o));
                }
            }
            visit::statement_operands(st, |o| used_in.push(o));
        });
        while let Some(h) = used_in.pop() {
            if emitted_in[h.index()]
                || cx.hoisted[h.index()]
                || !visit::needs_emit(&f.expressions[h])
            {
                continue;
            }
            let ty = f.expression_type(h);
            if w.m.inner(ty).is_pointer() {
                // Pointers are printed inline: hoist what they are made of.
                visit::operands(&f.expressions[h], |o| used_in.push(o));
            } else {
                cx.hoisted[h.index()] = true;
            }
        }
    }
}

/// The header of every loop. C++ (and so MSL) lets the compiler assume
/// that a loop without side effects terminates, and remove it or what
/// follows it; WGSL makes no such assumption. The `volatile` condition is
/// a side effect on every iteration, so the loop is kept as written.
pub(super) const LOOP_HEADER: &str = "for (volatile bool tessera_loop = true; tessera_loop;) {";

/// Writes a function (or, with `entry`, the kernel of that entry point).
pub(super) fn write_function(
    w: &mut Writer,
    handle: Handle<Function>,
    f: &Function,
    entry: Option<usize>,
    out: &mut String,
) -> R<()> {
    let n = f.expressions.len();
    let mut cx = FnCtx {
        f,
        exprs: vec![None; n],
        depth: vec![0; n],
        uses: vec![0; n],
        hoisted: vec![false; n],
        force_bake: vec![false; n],
        user: vec![None; n],
        read_in_place: vec![false; n],
        local_names: Vec::new(),
        arg_names: Vec::new(),
        arg_lengths: Vec::new(),
        namer: w.namer.clone(),
        indent: 1,
        out: String::new(),
        loops: 0,
        entry,
    };
    analyse(w, f, &mut cx);
    cx.arg_names = f.arguments.iter().map(|a| cx.namer.call(&a.name)).collect();
    for (i, a) in f.arguments.iter().enumerate() {
        let len = match *w.m.inner(a.ty) {
            TypeInner::Pointer { base, .. }
                if super::writer::ends_with_runtime_array(w.m, base) =>
            {
                let n = format!("{}_length", cx.arg_names[i]);
                Some(cx.namer.call(&n))
            }
            _ => None,
        };
        cx.arg_lengths.push(len);
    }
    cx.local_names = f
        .local_variables
        .iter()
        .map(|(_, l)| cx.namer.call(&l.name))
        .collect();
    let name = w.function_names[handle.index()].clone();
    let globals = w.fn_globals[handle.index()].clone();

    // Signature.
    let mut params: Vec<String> = Vec::new();
    let header;
    if let Some(ei) = entry {
        let sig = super::entry::entry_signature(w, &mut cx, ei)?;
        params = sig.params;
        header = sig.header;
        cx.out.push_str(&sig.prologue);
    } else {
        for (i, a) in f.arguments.iter().enumerate() {
            params.push(format!("{} {}", param_type(w, a.ty), cx.arg_names[i]));
            if let Some(len) = &cx.arg_lengths[i] {
                params.push(format!("uint {len}"));
            }
        }
        for &g in &globals.globals {
            let gv = &w.m.global_variables[Handle::from_index(g)];
            let q = space_qualifier(gv.space, gv.access);
            params.push(format!("{q} {}& {}", w.type_name(gv.ty), w.global_names[g]));
        }
        if globals.sizes {
            w.any_sizes = true;
            params.push("constant tessera_buffer_sizes& _buffer_sizes".into());
        }
        let ret = match &f.result {
            Some(r) => w.type_name(r.ty),
            None => "void".into(),
        };
        header = format!("{ret} {name}");
    }

    // Locals: declared at the top; each is initialised by a store.
    for (h, l) in f.local_variables.iter() {
        let tn = w.type_name(l.ty);
        let init = if matches!(w.m.inner(l.ty), TypeInner::SubgroupMatrix { .. }) {
            String::new()
        } else {
            " = {}".into()
        };
        let line = format!("{tn} {}{init};", cx.local_names[h.index()]);
        cx.push_line(&line);
    }
    // Hoisted temporaries.
    for i in 0..n {
        if cx.hoisted[i] {
            let h = Handle::from_index(i);
            let tn = w.type_name(f.expression_type(h));
            let name = temp_name(&mut cx, h);
            cx.exprs[i] = Some(name.clone());
            let line = format!("{tn} {name};");
            cx.push_line(&line);
        }
    }
    block(w, &mut cx, &f.body)?;

    let _ = writeln!(out, "{header}(");
    if params.is_empty() {
        out.truncate(out.len() - 2);
        out.push_str("()");
    } else {
        for (i, p) in params.iter().enumerate() {
            let sep = if i + 1 == params.len() { "" } else { "," };
            let _ = writeln!(out, "  {p}{sep}");
        }
        out.push(')');
    }
    out.push_str(" {\n");
    out.push_str(&cx.out);
    out.push_str("}\n");
    Ok(())
}

/// A parameter type: pointers become references.
pub(super) fn param_type(w: &Writer, ty: Handle<crate::ir::Type>) -> String {
    match *w.m.inner(ty) {
        TypeInner::Pointer {
            base,
            space,
            access,
        } => format!("{} {}&", space_qualifier(space, access), w.type_name(base)),
        _ => w.type_name(ty),
    }
}

/// A fresh temporary name for an expression (its `let` name if it has one).
pub(super) fn temp_name(cx: &mut FnCtx, h: Handle<Expression>) -> String {
    match cx.f.named_expressions.get(&h) {
        Some(n) => {
            let n = n.clone();
            cx.namer.call(&n)
        }
        None => {
            let n = format!("_e{}", h.index());
            cx.namer.reserve(&n);
            n
        }
    }
}

/// Writes a block's statements.
pub(super) fn block(w: &mut Writer, cx: &mut FnCtx, b: &Block) -> R<()> {
    let mut in_run = false;
    for (i, (st, span)) in b.iter().enumerate() {
        let is_emit = matches!(st, Statement::Emit(_));
        if is_emit && !in_run {
            mark_read_in_place(cx, &b.statements[i..]);
        }
        in_run = is_emit;
        statement(w, cx, st, span)?;
    }
    Ok(())
}

/// For a run of `Emit`s at the start of `rest`, marks the expressions whose
/// single use ends up in the statement right after the run (which
/// evaluates its operands before it writes anything), directly or through
/// other such expressions of the run.
fn mark_read_in_place(cx: &mut FnCtx, rest: &[Statement]) {
    let mut handles: Vec<Handle<Expression>> = Vec::new();
    let mut next = None;
    for st in rest {
        match st {
            Statement::Emit(range) => handles.extend(range.clone()),
            other => {
                next = Some(other);
                break;
            }
        }
    }
    let Some(next) = next else {
        return;
    };
    if !matches!(
        next,
        Statement::Store { .. }
            | Statement::Call { .. }
            | Statement::Return { .. }
            | Statement::If { .. }
            | Statement::Switch { .. }
            | Statement::Atomic { .. }
            | Statement::SubgroupMatrixStore { .. }
    ) {
        return;
    }
    let mut direct: Vec<Handle<Expression>> = Vec::new();
    visit::statement_operands(next, |o| direct.push(o));
    let in_run: rustc_hash::FxHashSet<Handle<Expression>> = handles.iter().copied().collect();
    for &h in handles.iter().rev() {
        let i = h.index();
        if cx.uses[i] != 1 || cx.hoisted[i] || cx.f.named_expressions.contains_key(&h) {
            continue;
        }
        let ok = direct.contains(&h)
            || cx.user[i].is_some_and(|u| in_run.contains(&u) && cx.read_in_place[u.index()]);
        cx.read_in_place[i] = ok;
    }
}

fn nested(w: &mut Writer, cx: &mut FnCtx, b: &Block) -> R<()> {
    cx.indent += 1;
    let r = block(w, cx, b);
    cx.indent -= 1;
    r
}

/// Declares (or assigns, when hoisted) the temporary of a result expression.
pub(super) fn bind_result(w: &Writer, cx: &mut FnCtx, h: Handle<Expression>, value: &str) {
    if cx.hoisted[h.index()] {
        let name = cx.exprs[h.index()].clone().unwrap_or_default();
        let line = format!("{name} = {value};");
        cx.push_line(&line);
        return;
    }
    let name = temp_name(cx, h);
    let tn = w.type_name(cx.f.expression_type(h));
    let line = format!("{tn} {name} = {value};");
    cx.push_line(&line);
    cx.exprs[h.index()] = Some(name);
}

fn statement(w: &mut Writer, cx: &mut FnCtx, st: &Statement, span: Span) -> R<()> {
    match st {
        Statement::Emit(range) => {
            for h in range.clone() {
                super::expr::emit(w, cx, h)?;
            }
        }
        Statement::Block(b) => {
            cx.push_line("{");
            nested(w, cx, b)?;
            cx.push_line("}");
        }
        Statement::If {
            condition,
            accept,
            reject,
        } => {
            let c = super::expr::get(w, cx, *condition)?;
            cx.push_line(&format!("if ({}) {{", strip_parens(&c)));
            nested(w, cx, accept)?;
            if !reject.is_empty() {
                cx.push_line("} else {");
                nested(w, cx, reject)?;
            }
            cx.push_line("}");
        }
        Statement::Switch { selector, cases } => {
            let s = super::expr::get(w, cx, *selector)?;
            cx.push_line(&format!("switch ({}) {{", strip_parens(&s)));
            for case in cases {
                cx.indent += 1;
                for sel in &case.selectors {
                    let label = match *sel {
                        CaseSelector::I32(v) => {
                            format!(
                                "case {}:",
                                super::writer::literal(crate::ir::Literal::I32(v))
                            )
                        }
                        CaseSelector::U32(v) => format!("case {v}u:"),
                        CaseSelector::Default => "default:".into(),
                    };
                    cx.push_line(&label);
                }
                cx.line().push_str("{\n");
                nested(w, cx, &case.body)?;
                let ends = matches!(
                    case.body.statements.last(),
                    Some(Statement::Return { .. } | Statement::Break | Statement::Continue)
                );
                if !ends {
                    cx.push_line("  break;");
                }
                cx.push_line("}");
                cx.indent -= 1;
            }
            cx.push_line("}");
        }
        Statement::Loop {
            body,
            continuing,
            break_if,
            ..
        } => {
            if continuing.is_empty() && break_if.is_none() {
                cx.push_line(LOOP_HEADER);
                nested(w, cx, body)?;
                cx.push_line("}");
            } else {
                let flag = format!("loop_init_{}", cx.loops);
                cx.loops += 1;
                cx.push_line(&format!("bool {flag} = true;"));
                cx.push_line(LOOP_HEADER);
                cx.indent += 1;
                cx.push_line(&format!("if (!{flag}) {{"));
                nested(w, cx, continuing)?;
                if let Some(b) = break_if {
                    let c = super::expr::get(w, cx, *b)?;
                    cx.indent += 1;
                    cx.push_line(&format!("if ({}) {{", strip_parens(&c)));
                    cx.push_line("  break;");
                    cx.push_line("}");
                    cx.indent -= 1;
                }
                cx.push_line("}");
                cx.push_line(&format!("{flag} = false;"));
                cx.indent -= 1;
                nested(w, cx, body)?;
                cx.push_line("}");
            }
        }
        Statement::Break => cx.push_line("break;"),
        Statement::Continue => cx.push_line("continue;"),
        Statement::Return { value } => match value {
            Some(v) if cx.entry.is_none() => {
                let s = super::expr::get(w, cx, *v)?;
                cx.push_line(&format!("return {};", strip_parens(&s)));
            }
            _ => cx.push_line("return;"),
        },
        Statement::Store { pointer, value } => {
            let p = super::expr::get(w, cx, *pointer)?;
            let v = super::expr::get(w, cx, *value)?;
            let v = match super::expr::packed_pointee(w, cx, *pointer) {
                Some(packed) => format!("{packed}({v})"),
                None => strip_parens(&v).to_string(),
            };
            cx.push_line(&format!("{p} = {v};"));
        }
        Statement::Call {
            function,
            arguments,
            result,
        } => {
            let mut args = Vec::with_capacity(arguments.len());
            for &a in arguments {
                if super::expr::packed_pointee(w, cx, a).is_some() {
                    return Err(err(
                        "a pointer to a vec3 struct member cannot be passed to a function in MSL",
                        cx.span(a),
                    ));
                }
                args.push(strip_parens(&super::expr::get(w, cx, a)?).to_string());
                if let TypeInner::Pointer { base, .. } = *w.m.inner(cx.f.expression_type(a)) {
                    if super::writer::ends_with_runtime_array(w.m, base) {
                        args.push(super::expr::runtime_length(w, cx, a)?);
                    }
                }
            }
            let g = &w.fn_globals[function.index()];
            for &gi in &g.globals {
                args.push(w.global_names[gi].clone());
            }
            if g.sizes {
                args.push("_buffer_sizes".into());
            }
            let call = format!(
                "{}({})",
                w.function_names[function.index()],
                args.join(", ")
            );
            match result {
                Some(r) => bind_result(w, cx, *r, &call),
                None => cx.push_line(&format!("{call};")),
            }
        }
        Statement::Atomic { .. }
        | Statement::WorkgroupUniformLoad { .. }
        | Statement::Barrier(_)
        | Statement::Subgroup { .. }
        | Statement::SubgroupMatrixStore { .. } => super::bridge::statement(w, cx, st, span)?,
    }
    Ok(())
}

/// Removes one pair of enclosing parentheses when they wrap the whole text.
pub(super) fn strip_parens(s: &str) -> &str {
    let b = s.as_bytes();
    if b.first() != Some(&b'(') || b.last() != Some(&b')') {
        return s;
    }
    let mut depth = 0i32;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 && i + 1 != b.len() {
                    return s;
                }
            }
            _ => {}
        }
    }
    &s[1..s.len() - 1]
}

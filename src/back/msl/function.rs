//! Functions: the per-function analysis (uses, values a `continuing` block
//! needs), parameter and local names, the signature of a user function,
//! and the body (locals, hoisted temporaries, statements) of every
//! function and kernel.

use super::context::{indent_line, temp_name, FnCtx, Writer, R};
use super::types::{ends_with_runtime_array, space_qualifier};
use crate::arena::Handle;
use crate::ir::{visit, Block, Expression, Function, Statement, TypeInner};

/// Starts writing `f` (the function of entry point `entry`, if any):
/// analyses it and names its parameters and locals.
pub(super) fn begin<'f>(w: &mut Writer, f: &'f Function, entry: Option<usize>) -> FnCtx<'f> {
    let n = f.expressions.len();
    // The previous function's tables, emptied and sized for this one (a
    // module of many small functions allocates them once).
    let mut t = std::mem::take(&mut w.tables);
    t.reset(n);
    let mut cx = FnCtx {
        f,
        t,
        indent: 1,
        out: String::new(),
        loops: 0,
        entry,
        render_output: None,
    };
    analyse(w, f, &mut cx);
    w.namer.begin_function();
    cx.t.arg_names
        .extend(f.arguments.iter().map(|a| w.namer.call(&a.name)));
    for (i, a) in f.arguments.iter().enumerate() {
        let len = match *w.m.inner(a.ty) {
            TypeInner::Pointer { base, .. } if ends_with_runtime_array(w.m, base) => {
                let n = format!("{}_length", cx.t.arg_names[i]);
                Some(w.namer.call(&n))
            }
            _ => None,
        };
        cx.t.arg_lengths.push(len);
    }
    cx.t.local_names
        .extend(f.local_variables.iter().map(|(_, l)| w.namer.call(&l.name)));
    cx
}

/// Counts uses and finds the expressions a `continuing` block needs from
/// outside it.
fn analyse(w: &Writer, f: &Function, cx: &mut FnCtx) {
    let n = f.expressions.len();
    for h in f.named_expressions.keys() {
        if let Some(named) = cx.t.named.get_mut(h.index()) {
            *named = true;
        }
    }
    for (h, e) in f.expressions.iter() {
        visit::operands(e, |o| {
            cx.t.uses[o.index()] += 1;
            cx.t.user[o.index()] = Some(h);
        });
    }
    // Matrix conversions index their operand once per column; the texture
    // builtins below print an operand more than once.
    for (_, e) in f.expressions.iter() {
        match *e {
            Expression::Convert { expr, ty }
                if matches!(w.m.inner(ty), TypeInner::Matrix { .. }) =>
            {
                cx.t.force_bake[expr.index()] = true;
            }
            Expression::ImageSample {
                coordinate,
                clamp_to_edge: true,
                ..
            } => cx.t.force_bake[coordinate.index()] = true,
            Expression::ImageQuery {
                query: crate::ir::ImageQuery::Size { level: Some(l) },
                ..
            } => cx.t.force_bake[l.index()] = true,
            _ => {}
        }
    }
    // The body is walked first, then the nested blocks from a stack (which
    // a function without any allocates nothing for).
    let mut stack: Vec<&Block> = Vec::new();
    let mut continuing_blocks: Vec<(&Block, Option<Handle<Expression>>)> = Vec::new();
    let mut next = Some(&f.body);
    while let Some(b) = next.take().or_else(|| stack.pop()) {
        for st in &b.statements {
            visit::statement_operands(st, |o| cx.t.uses[o.index()] += 1);
            visit::child_blocks(st, |c| stack.push(c));
            if let Statement::Loop {
                continuing,
                break_if,
                ..
            } = st
            {
                continuing_blocks.push((continuing, *break_if));
            }
        }
    }
    // Expressions used by continuing blocks (and their break-if) that are
    // emitted outside them are hoisted.
    // `emitted_in` is reset through `marked` (only the entries set for the
    // previous block), so many loops in one function stay linear.
    let mut emitted_in = if continuing_blocks.is_empty() {
        Vec::new()
    } else {
        vec![false; n]
    };
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
                || cx.t.hoisted[h.index()]
                || !visit::needs_emit(&f.expressions[h])
            {
                continue;
            }
            let ty = f.expression_type(h);
            if w.m.inner(ty).is_pointer() {
                // Pointers are printed inline: hoist what they are made of.
                visit::operands(&f.expressions[h], |o| used_in.push(o));
            } else {
                cx.t.hoisted[h.index()] = true;
            }
        }
    }
    // Literals that are read (by expressions or statements): their text,
    // printed once here into the text table (`expression::get` borrows
    // it), not at every read.
    let mut text = std::mem::take(&mut cx.t.scratch);
    for (h, e) in f.expressions.iter() {
        if let Expression::Literal(l) = *e {
            if cx.t.uses[h.index()] > 0 {
                text.clear();
                super::value::operand_literal_into(l, &mut text);
                cx.t.exprs.set(h.index(), &text);
            }
        }
    }
    cx.t.scratch = text;
}

/// Writes a user function (not an entry point's).
pub(super) fn write_function(
    w: &mut Writer,
    handle: Handle<Function>,
    f: &Function,
    out: &mut String,
) -> R<()> {
    let mut cx = begin(w, f, None);
    // The signature is written straight into `out`.
    match &f.result {
        Some(r) => {
            out.push_str(&w.type_str(r.ty));
            out.push(' ');
        }
        None => out.push_str("void "),
    }
    out.push_str(&w.function_names[handle.index()]);
    let mut params = ParamList { out, count: 0 };
    for (i, a) in f.arguments.iter().enumerate() {
        let p = params.next();
        match *w.m.inner(a.ty) {
            // Pointers become references.
            TypeInner::Pointer {
                base,
                space,
                access,
            } => {
                for part in [space_qualifier(space, access), " ", &w.type_str(base), "&"] {
                    p.push_str(part);
                }
            }
            _ => p.push_str(&w.type_str(a.ty)),
        }
        p.push(' ');
        p.push_str(&cx.t.arg_names[i]);
        if let Some(len) = &cx.t.arg_lengths[i] {
            let p = params.next();
            p.push_str("uint ");
            p.push_str(len);
        }
    }
    let globals = &w.fn_globals[handle.index()];
    for &g in &globals.globals {
        let gv = &w.m.global_variables[Handle::from_index(g)];
        let (tn, name) = (w.type_str(gv.ty), &w.global_names[g]);
        let p = params.next();
        if gv.space == crate::ir::AddressSpace::Handle {
            // Textures and samplers are passed by value, as Metal does.
            for part in [&*tn, " ", name] {
                p.push_str(part);
            }
            continue;
        }
        for part in [space_qualifier(gv.space, gv.access), " ", &tn, "& ", name] {
            p.push_str(part);
        }
    }
    if globals.sizes {
        params
            .next()
            .push_str("constant tessera_buffer_sizes& _buffer_sizes");
        w.any_sizes = true;
    }
    params.end();
    finish_body(w, &mut cx, out)
}

/// Writes a parameter list: `()` when empty, else one parameter a line.
struct ParamList<'o> {
    out: &'o mut String,
    count: usize,
}

impl ParamList<'_> {
    /// Starts the next parameter; its text is pushed onto the result.
    fn next(&mut self) -> &mut String {
        self.out
            .push_str(if self.count == 0 { "(\n  " } else { ",\n  " });
        self.count += 1;
        self.out
    }

    /// Closes the list.
    fn end(self) {
        self.out
            .push_str(if self.count == 0 { "()" } else { "\n)" });
    }
}

/// Writes the function `cx` holds to `out`: `header(params) {`, what
/// `cx.out` already has (such as a kernel's prologue), the body, `}`.
pub(super) fn finish(
    w: &mut Writer,
    cx: &mut FnCtx,
    header: &str,
    params: &[String],
    out: &mut String,
) -> R<()> {
    out.push_str(header);
    let mut list = ParamList { out, count: 0 };
    for p in params {
        list.next().push_str(p);
    }
    list.end();
    finish_body(w, cx, out)
}

/// Writes the rest of the function `cx` holds to `out`, after its
/// signature: ` {`, what `cx.out` already has (such as a kernel's
/// prologue), the body, `}`.
fn finish_body(w: &mut Writer, cx: &mut FnCtx, out: &mut String) -> R<()> {
    out.push_str(" {\n");
    out.push_str(&cx.out);
    // The body is written straight after the signature: the function's
    // text is not copied.
    cx.out = std::mem::take(out);
    let f = cx.f;
    // Locals: declared at the top; each is initialised by a store.
    for (h, l) in f.local_variables.iter() {
        let init = if matches!(w.m.inner(l.ty), TypeInner::SubgroupMatrix { .. }) {
            ";\n"
        } else {
            " = {};\n"
        };
        let FnCtx {
            out: o, indent, t, ..
        } = &mut *cx;
        indent_line(o, *indent);
        for part in [&w.type_str(l.ty), " ", &t.local_names[h.index()], init] {
            o.push_str(part);
        }
    }
    // Hoisted temporaries.
    for i in 0..f.expressions.len() {
        if cx.t.hoisted[i] {
            let h = Handle::from_index(i);
            let name = temp_name(w, cx, h);
            let tn = w.type_str(f.expression_type(h));
            let line = cx.line();
            for part in [&tn, " ", &name, ";\n"] {
                line.push_str(part);
            }
            cx.t.exprs.set(i, &name);
        }
    }
    super::statement::block(w, cx, &f.body)?;
    // WGSL guarantees that the end of a function with a result is not
    // reached, but the loop form (`volatile` condition) hides that from
    // the Metal compiler: after a final loop, an unreachable return keeps
    // every path returning a value.
    if let Some(r) = &f.result {
        let last_is_loop = matches!(f.body.statements.last(), Some(Statement::Loop { .. }));
        if last_is_loop && !matches!(w.m.inner(r.ty), TypeInner::SubgroupMatrix { .. }) {
            cx.push_line("return {};");
        }
    }
    *out = std::mem::take(&mut cx.out);
    out.push_str("}\n");
    // The tables go back to the writer for the next function.
    w.tables = std::mem::take(&mut cx.t);
    Ok(())
}

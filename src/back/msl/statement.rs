//! Statements: blocks, control flow (every loop guarded by a volatile
//! flag), stores, calls, and the statements of builtins (barriers,
//! `workgroupUniformLoad`, subgroup operations, atomics, subgroup-matrix
//! stores).

use super::access::pointee;
use super::context::{at, bind_result, err, temp_name, FnCtx, Writer, R};
use super::expression::{image_of, packed_pointee, release, runtime_length, uint_operand};
use super::operand::get;
use super::types::ends_with_runtime_array;
use super::value::{literal, strip_parens};
use crate::arena::Handle;
use crate::ir::{visit, Block, CaseSelector, Expression, Scalar, Statement, TypeInner};
use crate::span::Span;

/// The header of every loop. C++ (and so MSL) lets the compiler assume
/// that a loop without side effects terminates, and remove it or what
/// follows it; WGSL makes no such assumption. The `volatile` condition is
/// a side effect on every iteration, so the loop is kept as written.
const LOOP_HEADER: &str = "for (volatile bool tessera_loop = true; tessera_loop;) {";

/// The header of a counted loop the `unroll` pass recognised but left as a
/// loop (`Statement::Loop::unroll`): its trip count is a known constant
/// (the counter is only stepped by its `continuing` block towards a
/// constant bound), so it terminates and the forward-progress rule cannot
/// remove it; without the `volatile` read the Metal compiler may unroll it.
const COUNTED_LOOP_HEADER: &str = "for (;;) {";

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
    let Some(run) = rest.iter().position(|st| !matches!(st, Statement::Emit(_))) else {
        return;
    };
    let next = &rest[run];
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
    let mut direct = std::mem::take(&mut cx.t.direct);
    direct.clear();
    visit::statement_operands(next, |o| direct.push(o));
    // The run's expressions: usually a few ranges, whose membership is a
    // scan of them; a hash set for runs of many `Emit`s (stays linear).
    let mut ranges = std::mem::take(&mut cx.t.ranges);
    ranges.clear();
    ranges.extend(rest[..run].iter().filter_map(|st| match st {
        Statement::Emit(range) => Some(range.index_range()),
        _ => None,
    }));
    let set: Option<rustc_hash::FxHashSet<usize>> =
        (ranges.len() > 8).then(|| ranges.iter().flat_map(|r| r.clone()).collect());
    let in_run = |u: Handle<Expression>| match &set {
        Some(set) => set.contains(&u.index()),
        None => ranges.iter().any(|r| r.contains(&u.index())),
    };
    for r in ranges.iter().rev() {
        for i in r.clone().rev() {
            let h = Handle::from_index(i);
            if cx.t.uses[i] != 1 || cx.t.hoisted[i] || cx.t.named[i] {
                continue;
            }
            let ok = direct.contains(&h)
                || cx.t.user[i].is_some_and(|u| in_run(u) && cx.t.read_in_place[u.index()]);
            cx.t.read_in_place[i] = ok;
        }
    }
    cx.t.direct = direct;
    cx.t.ranges = ranges;
}

fn nested(w: &mut Writer, cx: &mut FnCtx, b: &Block) -> R<()> {
    cx.indent += 1;
    let r = block(w, cx, b);
    cx.indent -= 1;
    r
}

fn statement(w: &mut Writer, cx: &mut FnCtx, st: &Statement, span: Span) -> R<()> {
    match st {
        Statement::Emit(range) => {
            for h in range.clone() {
                super::expression::emit(w, cx, h)?;
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
            cx.put_line(|cx, line| {
                line(&["if (", strip_parens(&get(w, cx, *condition)?), ") {"]);
                Ok(())
            })?;
            nested(w, cx, accept)?;
            if !reject.is_empty() {
                cx.push_line("} else {");
                nested(w, cx, reject)?;
            }
            cx.push_line("}");
        }
        Statement::Switch { selector, cases } => {
            cx.put_line(|cx, line| {
                line(&["switch (", strip_parens(&get(w, cx, *selector)?), ") {"]);
                Ok(())
            })?;
            for case in cases {
                cx.indent += 1;
                for sel in &case.selectors {
                    let label = match *sel {
                        CaseSelector::I32(v) => {
                            format!("case {}:", literal(crate::ir::Literal::I32(v)))
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
            unroll,
        } => {
            let header = if *unroll {
                COUNTED_LOOP_HEADER
            } else {
                LOOP_HEADER
            };
            if continuing.is_empty() && break_if.is_none() {
                cx.push_line(header);
                nested(w, cx, body)?;
                cx.push_line("}");
            } else {
                let flag = format!("loop_init_{}", cx.loops);
                cx.loops += 1;
                cx.push_line(&format!("bool {flag} = true;"));
                cx.push_line(header);
                cx.indent += 1;
                cx.push_line(&format!("if (!{flag}) {{"));
                let primed =
                    super::expression::prime_continuing_pointers(w, cx, continuing, *break_if)?;
                nested(w, cx, continuing)?;
                if let Some(b) = break_if {
                    cx.indent += 1;
                    cx.put_line(|cx, line| {
                        line(&["if (", strip_parens(&get(w, cx, *b)?), ") {"]);
                        Ok(())
                    })?;
                    cx.push_line("  break;");
                    cx.push_line("}");
                    cx.indent -= 1;
                }
                cx.push_line("}");
                for h in primed {
                    cx.t.exprs.clear(h.index());
                }
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
                cx.put_line(|cx, line| {
                    line(&["return ", strip_parens(&get(w, cx, *v)?), ";"]);
                    Ok(())
                })?;
            }
            Some(v) if cx.render_output.is_some() => {
                let s = get(w, cx, *v)?.into_owned();
                super::render::write_return(w, cx, strip_parens(&s))?;
            }
            _ => cx.push_line("return;"),
        },
        Statement::Store { pointer, value } => {
            cx.put_line(|cx, line| {
                let p = get(w, cx, *pointer)?;
                let v = get(w, cx, *value)?;
                match packed_pointee(w, cx, *pointer) {
                    Some(packed) => line(&[&p, " = ", packed, "(", &v, ");"]),
                    None => line(&[&p, " = ", strip_parens(&v), ";"]),
                }
                Ok(())
            })?;
        }
        Statement::Call {
            function,
            arguments,
            result,
        } => {
            // `name(arg, ..., global, ...)`, built in a buffer the tables
            // keep: every argument is followed by `, `, and the last one's
            // is removed.
            let mut call = std::mem::take(&mut cx.t.call);
            call.clear();
            for part in [&w.function_names[function.index()], "("] {
                call.push_str(part);
            }
            for &a in arguments {
                if packed_pointee(w, cx, a).is_some() {
                    return Err(err(
                        "a pointer to a vec3 struct member cannot be passed to a function in MSL",
                        cx.span(a),
                    ));
                }
                for part in [strip_parens(&get(w, cx, a)?), ", "] {
                    call.push_str(part);
                }
                if let TypeInner::Pointer { base, .. } = *w.m.inner(cx.f.expression_type(a)) {
                    if ends_with_runtime_array(w.m, base) {
                        for part in [&runtime_length(w, cx, a)?, ", "] {
                            call.push_str(part);
                        }
                    }
                }
            }
            let g = &w.fn_globals[function.index()];
            for &gi in &g.globals {
                for part in [&w.global_names[gi], ", "] {
                    call.push_str(part);
                }
            }
            if g.sizes {
                call.push_str("_buffer_sizes, ");
            }
            if call.ends_with(", ") {
                call.truncate(call.len() - 2);
            }
            call.push(')');
            match result {
                Some(r) => bind_result(w, cx, *r, &call),
                None => {
                    call.push(';');
                    cx.push_line(&call);
                }
            }
            cx.t.call = call;
        }
        Statement::Atomic { .. }
        | Statement::WorkgroupUniformLoad { .. }
        | Statement::Barrier(_)
        | Statement::Subgroup { .. }
        | Statement::SubgroupMatrixStore { .. } => builtin_statement(w, cx, st, span)?,
        Statement::Intrinsic { .. } => super::intrinsic::statement(w, cx, st, span)?,
        Statement::CoopVecAccumulate { .. } => {
            return Err(super::context::err(
                "internal error: a cooperative-vector accumulation reached the MSL printer (the coop-vec pass lowers it)",
                span,
            ))
        }
        // Since MSL 2.3 `discard_fragment()` demotes the invocation to a
        // helper, WGSL's semantics (the writer refuses older versions).
        Statement::Discard => cx.push_line("metal::discard_fragment();"),
        Statement::ImageStore {
            image,
            coordinate,
            array_index,
            value,
        } => {
            let img = image_of(w, cx, *image)?;
            let array = match array_index {
                Some(a) => Some(uint_operand(w, cx, *a)?),
                None => None,
            };
            let lines = super::image::store(
                img,
                &get(w, cx, *image)?,
                &uint_operand(w, cx, *coordinate)?,
                array.as_deref(),
                strip_parens(&get(w, cx, *value)?),
            )
            .map_err(|d| at(d, span))?;
            for line in lines {
                cx.push_line(&format!("{line};"));
            }
        }
    }
    visit::statement_operands(st, |o| release(cx, o));
    Ok(())
}

/// Atomics, barriers, subgroup operations, `workgroupUniformLoad` and
/// subgroup-matrix stores.
fn builtin_statement(w: &mut Writer, cx: &mut FnCtx, st: &Statement, span: Span) -> R<()> {
    match *st {
        Statement::Barrier(b) => {
            let line = super::barrier::barrier(b);
            cx.push_line(&line);
        }
        Statement::WorkgroupUniformLoad { pointer, result } => {
            let mut p = get(w, cx, pointer)?.into_owned();
            // `ptr<workgroup, atomic<T>>`: an atomic load between the
            // barriers.
            let (base, _) = pointee(w, cx.f.expression_type(pointer));
            if let TypeInner::Atomic { scalar, .. } = *w.m.inner(base) {
                p = super::atomics::atomic_call(
                    crate::ir::AtomicFunction::Load,
                    &format!("&{p}"),
                    scalar,
                    None,
                )
                .map_err(|d| at(d, span))?;
            }
            if cx.t.hoisted[result.index()] {
                let barrier = super::barrier::barrier(crate::ir::Barrier::WORKGROUP);
                cx.push_line(&barrier);
                bind_result(w, cx, result, &p);
                cx.push_line(&barrier);
            } else {
                let name = temp_name(w, cx, result);
                let ty = w.type_name(cx.f.expression_type(result));
                for line in super::barrier::workgroup_uniform_load(&ty, &name, &p) {
                    cx.push_line(&line);
                }
                cx.t.exprs.set(result.index(), &name);
            }
        }
        Statement::Subgroup {
            op,
            ref args,
            result,
        } => {
            let texts = args
                .iter()
                .map(|&a| get(w, cx, a).map(|s| strip_parens(&s).to_string()))
                .collect::<R<Vec<_>>>()?;
            let call = super::subgroup::subgroup_call(op, &texts).map_err(|d| at(d, span))?;
            bind_result(w, cx, result, &call);
        }
        Statement::Atomic {
            pointer,
            fun,
            value,
            result,
            ..
        } => {
            let p = format!("&{}", get(w, cx, pointer)?);
            let (base, _) = pointee(w, cx.f.expression_type(pointer));
            let scalar = w.m.inner(base).scalar().unwrap_or(Scalar::U32);
            let v = match value {
                Some(v) => Some(strip_parens(&get(w, cx, v)?).to_string()),
                None => None,
            };
            let call = super::atomics::atomic_call(fun, &p, scalar, v.as_deref())
                .map_err(|d| at(d, span))?;
            match result {
                Some(r) => bind_result(w, cx, r, &call),
                None => cx.push_line(&format!("{call};")),
            }
        }
        Statement::SubgroupMatrixStore { .. } => {
            return Err(super::context::err(
                "internal error: a subgroup-matrix store is not lowered (the msl-simdgroup pass must run first)",
                span,
            ))
        }
        _ => {}
    }
    Ok(())
}

//! Alias analysis (WGSL spec, "Alias Analysis"): a function must not
//! access memory through two aliased root identifiers when one of the
//! accesses is a write.
//!
//! Functions are analysed callees first (the order of
//! `Module::functions`). For each function the analysis records which
//! module-scope variables and which of its pointer parameters it reads and
//! writes, directly or through the functions it calls (a pointer argument
//! accessed by the callee is an access of the argument's root identifier
//! in the caller). Memory accesses are loads (read), stores (write),
//! `workgroupUniformLoad` (read), atomics (write, except `atomicLoad`:
//! read) and `subgroupMatrixLoad`/`subgroupMatrixStore` (a read or write of
//! the whole array the pointer points to). `arrayLength` reads no memory.
//!
//! At each call site it is a shader-creation error when
//! - two pointer arguments have the same root identifier and the callee
//!   writes through either parameter, or
//! - a pointer argument's root identifier is a module-scope variable that
//!   the callee accesses directly, and the callee writes through the
//!   parameter or writes the variable.
//!
//! The root identifier of a pointer is what its chain of accesses starts
//! from: a module-scope variable, a function-scope variable, or a pointer
//! parameter (`let` declarations name the same expression).

use indexmap::IndexMap;

use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{
    AtomicFunction, Expression, Function, GlobalVariable, LocalVariable, Module, Statement,
    TypeInner,
};
use crate::span::Span;

/// Where a root identifier is first read and first written (spans in the
/// function that does it, or in the call that leads to it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Access {
    read: Option<Span>,
    write: Option<Span>,
}

impl Access {
    fn add(&mut self, write: bool, span: Span) {
        let slot = if write {
            &mut self.write
        } else {
            &mut self.read
        };
        if slot.is_none() {
            *slot = Some(span);
        }
    }

    fn is_empty(&self) -> bool {
        self.read.is_none() && self.write.is_none()
    }
}

/// What one function (with its callees) accesses.
#[derive(Clone, Debug, Default)]
struct FnAccess {
    /// Module-scope variables, in first-access order.
    globals: IndexMap<Handle<GlobalVariable>, Access>,
    /// Pointer parameters, by index.
    params: Vec<Access>,
}

/// The root identifier of a pointer expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Root {
    Global(Handle<GlobalVariable>),
    Local(Handle<LocalVariable>),
    Param(u32),
}

/// The root identifier of `pointer`, following access chains.
fn root(f: &Function, pointer: Handle<Expression>) -> Option<Root> {
    let mut e = pointer;
    // Each step goes to an operand; the bound guards malformed IR.
    for _ in 0..=f.expressions.len() {
        match *f.expressions.try_get(e)? {
            Expression::Access { base, .. }
            | Expression::AccessIndex { base, .. }
            | Expression::BufferView { pointer: base, .. } => e = base,
            Expression::GlobalVariable(g) => return Some(Root::Global(g)),
            Expression::LocalVariable(l) => return Some(Root::Local(l)),
            Expression::FunctionArgument(i) => return Some(Root::Param(i)),
            _ => return None,
        }
    }
    None
}

fn is_pointer(module: &Module, f: &Function, e: Handle<Expression>) -> bool {
    f.expression_types
        .get(e.index())
        .and_then(|&t| module.types.try_get(t))
        .is_some_and(|t| matches!(t.inner, TypeInner::Pointer { .. }))
}

impl FnAccess {
    /// Whether the function (with its callees) accesses nothing: a call
    /// of it has nothing to check and adds nothing to its caller.
    fn is_empty(&self) -> bool {
        self.globals.is_empty() && self.params.iter().all(Access::is_empty)
    }

    fn record(&mut self, root: Option<Root>, write: bool, span: Span) {
        match root {
            Some(Root::Global(g)) => self.globals.entry(g).or_default().add(write, span),
            Some(Root::Param(i)) => {
                if let Some(a) = self.params.get_mut(i as usize) {
                    a.add(write, span);
                }
            }
            Some(Root::Local(_)) | None => {}
        }
    }
}

/// Runs the analysis over every function, reporting aliasing at calls.
pub fn check_aliasing(
    module: &Module,
    functions: &[super::call_graph::FunctionFacts],
    diags: &mut Vec<Diagnostic>,
) {
    // Only a called function's accesses are read again (at its calls):
    // the others (entry points, unused functions) keep no callee sets, so
    // many entry points calling one function that touches many variables
    // cost their calls, not entry points x variables.
    let mut called = vec![false; module.functions.len()];
    for facts in functions {
        for call in &facts.calls {
            if let Some(c) = called.get_mut(call.callee.index()) {
                *c = true;
            }
        }
    }
    let mut done: Vec<FnAccess> = Vec::with_capacity(module.functions.len());
    for (h, f) in module.functions.iter() {
        // A function that accesses no memory itself and calls only
        // functions that access none has nothing to record or check: its
        // body is not walked (pure helpers, e.g. math on value parameters).
        let trivial = functions.get(h.index()).is_some_and(|facts| {
            !facts.memory_access
                && facts.calls.iter().all(|c| {
                    c.callee.index() < h.index()
                        && done.get(c.callee.index()).is_some_and(FnAccess::is_empty)
                })
        });
        if trivial {
            done.push(FnAccess::default());
            continue;
        }
        let mut access = analyze_function(module, h, f, &done, called[h.index()], diags);
        if !called[h.index()] {
            access = FnAccess::default();
        }
        done.push(access);
    }
}

fn analyze_function(
    module: &Module,
    handle: Handle<Function>,
    f: &Function,
    done: &[FnAccess],
    called: bool,
    diags: &mut Vec<Diagnostic>,
) -> FnAccess {
    let mut out = FnAccess {
        globals: IndexMap::new(),
        params: vec![Access::default(); f.arguments.len()],
    };
    for (h, e) in f.expressions.iter() {
        if let Expression::Load { pointer } = *e {
            out.record(root(f, pointer), false, f.expressions.span(h));
        }
        if let Expression::SubgroupMatrixLoad { pointer, .. } = *e {
            out.record(root(f, pointer), false, f.expressions.span(h));
        }
    }
    crate::ir::visit::walk_statements(&f.body, |st, span| match st {
        Statement::Store { pointer, .. } => out.record(root(f, *pointer), true, span),
        Statement::Atomic { pointer, fun, .. } => {
            let write = *fun != AtomicFunction::Load;
            out.record(root(f, *pointer), write, span);
        }
        Statement::WorkgroupUniformLoad { pointer, .. } => {
            out.record(root(f, *pointer), false, span)
        }
        Statement::SubgroupMatrixStore { pointer, .. }
        | Statement::CoopVecAccumulate { pointer, .. } => out.record(root(f, *pointer), true, span),
        Statement::Call {
            function,
            arguments,
            ..
        } => {
            // A callee not analysed yet is out of order; `check_calls`
            // reports that.
            if function.index() >= handle.index() {
                return;
            }
            let Some(callee) = done.get(function.index()) else {
                return;
            };
            let Some(callee_fn) = module.functions.try_get(*function) else {
                return;
            };
            check_call(module, f, callee_fn, callee, arguments, span, diags);
            // The callee's accesses are this function's accesses (kept
            // only where a caller will read them).
            if !called {
                return;
            }
            for (&g, a) in &callee.globals {
                for (write, s) in [(false, a.read), (true, a.write)] {
                    if s.is_some() {
                        out.globals.entry(g).or_default().add(write, span);
                    }
                }
            }
            for (i, &arg) in arguments.iter().enumerate() {
                let Some(pa) = callee.params.get(i) else {
                    continue;
                };
                if pa.is_empty() || !is_pointer(module, f, arg) {
                    continue;
                }
                let r = root(f, arg);
                if pa.read.is_some() {
                    out.record(r, false, span);
                }
                if pa.write.is_some() {
                    out.record(r, true, span);
                }
            }
        }
        _ => {}
    });
    out
}

/// The name of a root identifier in `f`.
fn root_name<'a>(module: &'a Module, f: &'a Function, r: Root) -> &'a str {
    match r {
        Root::Global(g) => module
            .global_variables
            .try_get(g)
            .map_or("?", |v| v.name.as_str()),
        Root::Local(l) => f
            .local_variables
            .try_get(l)
            .map_or("?", |v| v.name.as_str()),
        Root::Param(i) => f.arguments.get(i as usize).map_or("?", |a| a.name.as_str()),
    }
}

/// How the callee uses a pointer parameter, for labels.
fn param_use(a: &Access, callee: &str) -> String {
    match (a.read.is_some(), a.write.is_some()) {
        (_, true) => format!("written by '{callee}'"),
        (true, false) => format!("read by '{callee}'"),
        (false, false) => format!("not accessed by '{callee}'"),
    }
}

#[allow(clippy::too_many_arguments)]
fn check_call(
    module: &Module,
    caller: &Function,
    callee_fn: &Function,
    callee: &FnAccess,
    arguments: &[Handle<Expression>],
    call_span: Span,
    diags: &mut Vec<Diagnostic>,
) {
    let name = callee_fn.name.as_str();
    // Looked up only for a diagnostic.
    let arg_span = |i: usize| {
        caller
            .call_argument_spans
            .get(call_span)
            .and_then(|s| s.get(i).copied())
            .unwrap_or_else(|| caller.expressions.span(arguments[i]))
    };
    let pointer_args: Vec<(usize, Root)> = arguments
        .iter()
        .enumerate()
        .filter(|&(_, &a)| is_pointer(module, caller, a))
        .filter_map(|(i, &a)| root(caller, a).map(|r| (i, r)))
        .collect();
    let param = |i: usize| callee.params.get(i).copied().unwrap_or_default();

    // Two pointer arguments with the same root identifier.
    for (k, &(i, ri)) in pointer_args.iter().enumerate() {
        for &(j, rj) in &pointer_args[k + 1..] {
            if ri != rj {
                continue;
            }
            let (pi, pj) = (param(i), param(j));
            let written = if pi.write.is_some() {
                i
            } else if pj.write.is_some() {
                j
            } else {
                continue;
            };
            let rname = root_name(module, caller, ri);
            let mut d = Diagnostic::error(
                format!(
                    "arguments {} and {} of '{name}' alias: both point into '{rname}', and '{name}' writes through argument {}",
                    i + 1,
                    j + 1,
                    written + 1
                ),
                arg_span(j),
            )
            .with_span_label(format!("argument {}: {}", j + 1, param_use(&pj, name)))
            .with_label(arg_span(i), format!("argument {}: {}", i + 1, param_use(&pi, name)));
            if let Some(s) = param(written).write {
                d = d.with_label(
                    s,
                    format!("'{name}' writes through parameter {} here", written + 1),
                );
            }
            diags.push(d);
        }
    }

    // A pointer argument into a module-scope variable the callee accesses.
    for &(i, r) in &pointer_args {
        let Root::Global(g) = r else { continue };
        let Some(ga) = callee.globals.get(&g) else {
            continue;
        };
        let pa = param(i);
        let (what, at) = if pa.write.is_some() && !ga.is_empty() {
            let verb = if ga.write.is_some() {
                "writes"
            } else {
                "reads"
            };
            (
                format!("'{name}' writes through argument {} and {verb}", i + 1),
                ga.write.or(ga.read),
            )
        } else if pa.read.is_some() && ga.write.is_some() {
            (
                format!("'{name}' reads through argument {} and writes", i + 1),
                ga.write,
            )
        } else {
            continue;
        };
        let gname = root_name(module, caller, r);
        let mut d = Diagnostic::error(
            format!(
                "argument {} of '{name}' aliases module-scope variable '{gname}': {what} '{gname}'",
                i + 1
            ),
            arg_span(i),
        )
        .with_span_label(format!("points into '{gname}'"));
        if let Some(s) = at {
            d = d.with_label(s, format!("'{gname}' accessed here"));
        }
        diags.push(d);
    }
}

//! Pointer arguments as roots plus indices.
//!
//! WGSL lets a function take a pointer to any part of a variable (`&buf.x`,
//! `&arr[i]`, `&s.m[j].y`), in any address space. SPIR-V's logical
//! addressing only passes pointers to whole variables (and pointer
//! parameters), and pointers into buffers not even those without variable
//! pointers. This pass rewrites every call with such an argument into a
//! call of a specialised copy of the callee:
//! - a pointer into a module-scope variable (storage, uniform, workgroup,
//!   private) is not passed at all: the copy names the variable itself;
//! - a pointer into part of a local variable (or of the caller's own pointer
//!   parameter) is passed as a pointer to the whole local (parameter);
//! - the dynamic indices of the access path are passed as `u32` values,
//!   evaluated at the call, as WGSL evaluates the argument there; a buffer
//!   view on the path (`bufferView<T>(&b, offset)`) is a step whose offset
//!   (and `bufferArrayView`'s size) are passed the same way.
//!
//! ```text
//! fn bump(p: ptr<storage, u32, read_write>) { *p += 1u; }
//! bump(&buf.counts[i]);
//! ->
//! fn bump_buf(i: u32) { buf.counts[i] += 1u; }
//! bump_buf(u32(i));
//! ```
//!
//! Copies are shared by all calls with the same callee, roots and access
//! path shape; copies of copies are made as their calls are rewritten.
//! Functions are then reordered so callees come before callers again.
//!
//! Guarantee: after this pass every pointer argument of a call is a whole
//! local variable or a pointer parameter of the caller; no function has a
//! pointer parameter into module-scope memory that a call uses.

use rustc_hash::FxHashMap;

use super::rewrite::{self, BlockBuilder, Cx, FunctionPass};
use crate::analysis::ranges::Values;
use crate::arena::{Arena, Handle};
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{
    visit, Expression, Function, FunctionArgument, GlobalVariable, Module, Scalar, Statement, Type,
    TypeInner,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// How many functions the pass may create per function of the input, plus
/// a constant: a bound on specialisation chains.
const GROWTH: usize = 16;
const SLACK: usize = 1024;

/// One step of an access path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum PathStep {
    /// A constant index or member.
    Const(u32),
    /// A dynamic index, passed as a `u32` argument.
    Dynamic,
    /// A buffer view (`bufferView` / `bufferArrayView` when `sized`) giving
    /// the pointer type `view`; its offset (and size) are passed as `u32`
    /// arguments.
    View { view: Handle<Type>, sized: bool },
}

impl PathStep {
    /// How many `u32` arguments the step passes.
    fn dynamic_count(self) -> usize {
        match self {
            PathStep::Const(_) => 0,
            PathStep::Dynamic => 1,
            PathStep::View { sized, .. } => 1 + usize::from(sized),
        }
    }
}

/// An access path.
type Shape = Vec<PathStep>;

/// How a pointer parameter is bound in a copy.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Binding {
    /// Passed unchanged.
    Keep,
    /// The module-scope variable, through the access path.
    Global(Handle<GlobalVariable>, Shape),
    /// A pointer (of the given type) to a whole local or parameter, through
    /// the access path.
    Root(Handle<Type>, Shape),
}

/// Runs the pass.
pub fn run(p: &mut Pipeline) -> Result<(), Error> {
    // Only calls of functions with pointer parameters change: without such
    // a function, no body is walked.
    let any_pointer_parameter = p.module.functions.iter().any(|(_, f)| {
        f.arguments
            .iter()
            .any(|a| p.module.inner(a.ty).is_pointer())
    });
    if !any_pointer_parameter {
        return Ok(());
    }
    let values = Values {
        globals: &p.global_values,
        overrides: &p.override_values,
    };
    let module = &mut p.module;
    let mut functions = std::mem::take(&mut module.functions);
    let limit = functions.len().saturating_mul(GROWTH) + SLACK;
    let mut pass = PointerArgs {
        functions: &mut functions,
        copies: FxHashMap::default(),
        queue: Vec::new(),
        limit,
        error: None,
    };
    let mut work: Vec<Handle<Function>> = (0..pass.functions.len())
        .rev()
        .map(Handle::from_index)
        .collect();
    while let Some(h) = work.pop() {
        // Only calls of functions with pointer parameters change: a
        // function without one is not walked.
        if !calls_pointer_function(module, pass.functions, &pass.functions[h]) {
            continue;
        }
        let mut f = std::mem::take(&mut pass.functions[h]);
        rewrite::run_function(module, values, None, &[], h, &mut f, &mut pass);
        pass.functions[h] = f;
        // Copies made while rewriting `h` are rewritten next.
        work.extend(pass.queue.drain(..).rev());
        if let Some(e) = pass.error.take() {
            module.functions = functions;
            return Err(e);
        }
    }
    // Only copies (appended after their callers) can break the order.
    let copied = !pass.copies.is_empty();
    module.functions = functions;
    if copied {
        module.restore_callee_order();
    }
    Ok(())
}

/// Whether `f` calls a function with a pointer parameter.
fn calls_pointer_function(module: &Module, functions: &Arena<Function>, f: &Function) -> bool {
    let mut found = false;
    visit::walk_statements(&f.body, |st, _| {
        if let Statement::Call { function, .. } = st {
            found |= functions.try_get(*function).is_some_and(|callee| {
                callee
                    .arguments
                    .iter()
                    .any(|a| matches!(module.inner(a.ty), TypeInner::Pointer { .. }))
            });
        }
    });
    found
}

struct PointerArgs<'a> {
    functions: &'a mut Arena<Function>,
    copies: FxHashMap<(Handle<Function>, Vec<Binding>), Handle<Function>>,
    queue: Vec<Handle<Function>>,
    limit: usize,
    error: Option<Error>,
}

/// The root of a pointer expression and its access path.
enum Root {
    Global(Handle<GlobalVariable>),
    Local(H),
}

/// One step of a pointer argument's access path and the expressions of its
/// dynamic values (an index, or a view's offset and size).
type Step = (PathStep, Vec<H>);

/// The root and access path of a pointer argument.
fn decompose(cx: &Cx, mut e: H) -> Option<(Root, Vec<Step>)> {
    let mut steps = Vec::new();
    loop {
        match cx.f.expressions[e] {
            Expression::GlobalVariable(g) => {
                steps.reverse();
                return Some((Root::Global(g), steps));
            }
            Expression::LocalVariable(_) | Expression::FunctionArgument(_) => {
                steps.reverse();
                return Some((Root::Local(e), steps));
            }
            Expression::AccessIndex { base, index } => {
                steps.push((PathStep::Const(index), Vec::new()));
                e = base;
            }
            Expression::Access { base, index } => {
                match cx.const_int(index).and_then(|c| u32::try_from(c).ok()) {
                    Some(c) => steps.push((PathStep::Const(c), Vec::new())),
                    None => steps.push((PathStep::Dynamic, vec![index])),
                }
                e = base;
            }
            Expression::BufferView {
                pointer,
                offset,
                size,
            } => {
                let view = cx.ty(e);
                let mut values = vec![offset];
                values.extend(size);
                steps.push((
                    PathStep::View {
                        view,
                        sized: size.is_some(),
                    },
                    values,
                ));
                e = pointer;
            }
            _ => return None,
        }
    }
}

impl FunctionPass for PointerArgs<'_> {
    fn statement(&mut self, cx: &mut Cx, st: &mut Statement, span: Span) {
        let Statement::Call {
            function,
            ref arguments,
            result,
        } = *st
        else {
            return;
        };
        let Some(callee) = self.functions.try_get(function) else {
            return;
        };
        let pointer_params: Vec<bool> = callee
            .arguments
            .iter()
            .map(|a| matches!(cx.module.inner(a.ty), TypeInner::Pointer { .. }))
            .collect();
        if !pointer_params.contains(&true) {
            return;
        }
        let mut bindings = Vec::with_capacity(arguments.len());
        let mut new_args = Vec::with_capacity(arguments.len());
        let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
        for (i, &arg) in arguments.iter().enumerate() {
            let pointer = pointer_params.get(i).copied().unwrap_or(false);
            let decomposed = if pointer { decompose(cx, arg) } else { None };
            let Some((root, steps)) = decomposed else {
                bindings.push(Binding::Keep);
                new_args.push(arg);
                continue;
            };
            let shape: Shape = steps.iter().map(|s| s.0).collect();
            let binding = match root {
                Root::Local(_) if steps.is_empty() => {
                    bindings.push(Binding::Keep);
                    new_args.push(arg);
                    continue;
                }
                Root::Global(g) => Binding::Global(g, shape),
                Root::Local(r) => {
                    new_args.push(r);
                    Binding::Root(cx.ty(r), shape)
                }
            };
            for (_, dynamic) in &steps {
                for &index in dynamic {
                    let v = match cx.shape(index) {
                        Some((Scalar::U32, None)) => index,
                        _ => cx.add(
                            Expression::Convert {
                                expr: index,
                                ty: u32_ty,
                            },
                            u32_ty,
                            span,
                        ),
                    };
                    new_args.push(v);
                }
            }
            bindings.push(binding);
        }
        if bindings.iter().all(|b| *b == Binding::Keep) {
            return;
        }
        let key = (function, bindings);
        let copy = match self.copies.get(&key) {
            Some(&c) => c,
            None => {
                if self.functions.len() >= self.limit {
                    self.error.get_or_insert_with(|| {
                        Diagnostic::error(
                            "too many specialised copies of functions for their pointer arguments",
                            span,
                        )
                        .with_note(format!(
                            "each call with a pointer argument into a different variable or access path needs its own copy of the callee; the limit is {}",
                            self.limit
                        ))
                        .into()
                    });
                    return;
                }
                let src = self.functions[function].clone();
                let copy = make_copy(cx.module, src, &key.1);
                let h = self.functions.append(copy, self.functions.span(function));
                self.copies.insert(key, h);
                self.queue.push(h);
                h
            }
        };
        if let Some(r) = result {
            cx.f.expressions[r] = Expression::CallResult(copy);
        }
        *st = Statement::Call {
            function: copy,
            arguments: new_args,
            result,
        };
    }
}

/// The type one step into `ty` (constant index or member `index`).
fn step_type(module: &Module, ty: Handle<Type>, index: Option<u32>) -> Option<Handle<Type>> {
    match module.inner(ty) {
        TypeInner::Struct { members, .. } => members.get(index? as usize).map(|m| m.ty),
        TypeInner::Array { base, .. } => Some(*base),
        TypeInner::Matrix { rows, scalar, .. } => {
            let (rows, scalar) = (*rows, *scalar);
            module.types.get(&Type {
                name: None,
                inner: TypeInner::Vector { size: rows, scalar },
            })
        }
        TypeInner::Vector { scalar, .. } => module.types.get(&Type {
            name: None,
            inner: TypeInner::Scalar(*scalar),
        }),
        _ => None,
    }
}

/// The copy of `src` with its pointer parameters bound as `bindings` say.
fn make_copy(module: &mut Module, mut f: Function, bindings: &[Binding]) -> Function {
    let old_args = std::mem::take(&mut f.arguments);
    let u32_ty = module.intern(TypeInner::Scalar(Scalar::U32));
    // Per old parameter: its new index (kept or root parameter) and the
    // indices of its dynamic-index parameters.
    let mut new_index: Vec<Option<u32>> = Vec::with_capacity(old_args.len());
    let mut dynamic: Vec<Vec<u32>> = Vec::with_capacity(old_args.len());
    let mut suffix = Vec::new();
    for (arg, binding) in old_args.iter().zip(bindings) {
        let mut dyns = Vec::new();
        let mut push_dyns = |f: &mut Function, shape: &Shape| {
            for (k, s) in shape.iter().enumerate() {
                for j in 0..s.dynamic_count() {
                    dyns.push(f.arguments.len() as u32);
                    let what = match (s, j) {
                        (PathStep::View { .. }, 0) => "offset",
                        (PathStep::View { .. }, _) => "size",
                        _ => "index",
                    };
                    f.arguments.push(FunctionArgument {
                        name: format!("{}_{what}{k}", arg.name),
                        ty: u32_ty,
                        binding: None,
                    });
                }
            }
        };
        match binding {
            Binding::Keep => {
                new_index.push(Some(f.arguments.len() as u32));
                f.arguments.push(arg.clone());
            }
            Binding::Global(g, shape) => {
                new_index.push(None);
                push_dyns(&mut f, shape);
                suffix.push(module.global_variables[*g].name.clone());
            }
            Binding::Root(ty, shape) => {
                new_index.push(Some(f.arguments.len() as u32));
                f.arguments.push(FunctionArgument {
                    name: arg.name.clone(),
                    ty: *ty,
                    binding: None,
                });
                push_dyns(&mut f, shape);
            }
        }
        dynamic.push(dyns);
    }
    if !suffix.is_empty() {
        f.name = format!("{}_{}", f.name, suffix.join("_"));
    }
    // Rebuild each use of a bound parameter as root + access path, at the
    // start of the body; renumber the kept parameters.
    let mut prologue = BlockBuilder::new();
    let n = f.expressions.len();
    for i in 0..n {
        let h = H::from_index(i);
        let Expression::FunctionArgument(old) = f.expressions[h] else {
            continue;
        };
        let old = old as usize;
        let (Some(binding), Some(param_ty)) = (bindings.get(old), old_args.get(old).map(|a| a.ty))
        else {
            continue;
        };
        let (root, root_ty, shape) = match binding {
            Binding::Keep => {
                if let Some(Some(k)) = new_index.get(old) {
                    f.expressions[h] = Expression::FunctionArgument(*k);
                }
                continue;
            }
            Binding::Global(g, shape) => {
                let var = &module.global_variables[*g];
                let (space, access, ty) = (var.space, var.access, var.ty);
                let pty = module.intern(TypeInner::Pointer {
                    base: ty,
                    space,
                    access,
                });
                (Expression::GlobalVariable(*g), pty, shape)
            }
            Binding::Root(ty, shape) => {
                let Some(Some(k)) = new_index.get(old) else {
                    continue;
                };
                (Expression::FunctionArgument(*k), *ty, shape)
            }
        };
        let span = f.expressions.span(h);
        if shape.is_empty() {
            f.expressions[h] = root;
            // A buffer pointer may have been converted to the parameter's
            // type: the expression now has the root's.
            if let Some(t) = f.expression_types.get_mut(h.index()) {
                *t = root_ty;
            }
            continue;
        }
        let TypeInner::Pointer {
            base: mut pointee,
            space,
            access,
        } = *module.inner(root_ty)
        else {
            continue;
        };
        let mut base = prologue.expr(&mut f, root, root_ty, span);
        let mut dyns = dynamic[old].iter();
        for (k, step) in shape.iter().enumerate() {
            let last = k + 1 == shape.len();
            let elem = match *step {
                PathStep::Const(c) => step_type(module, pointee, Some(c)),
                PathStep::Dynamic => step_type(module, pointee, None),
                PathStep::View { view, .. } => match *module.inner(view) {
                    TypeInner::Pointer { base, .. } => Some(base),
                    _ => None,
                },
            }
            .unwrap_or(pointee);
            let pty = if last {
                param_ty
            } else {
                module.intern(TypeInner::Pointer {
                    base: elem,
                    space,
                    access,
                })
            };
            let mut next_arg = |f: &mut Function, prologue: &mut BlockBuilder| {
                let d = dyns.next().copied().unwrap_or(0);
                prologue.expr(f, Expression::FunctionArgument(d), u32_ty, span)
            };
            let e = match *step {
                PathStep::Const(c) => Expression::AccessIndex { base, index: c },
                PathStep::Dynamic => {
                    let idx = next_arg(&mut f, &mut prologue);
                    Expression::Access { base, index: idx }
                }
                PathStep::View { sized, .. } => {
                    let offset = next_arg(&mut f, &mut prologue);
                    let size = sized.then(|| next_arg(&mut f, &mut prologue));
                    Expression::BufferView {
                        pointer: base,
                        offset,
                        size,
                    }
                }
            };
            if last {
                // The parameter's own expression becomes the last step,
                // evaluated in the prologue.
                f.expressions[h] = e;
                prologue.cover(h);
            } else {
                base = prologue.expr(&mut f, e, pty, span);
            }
            pointee = elem;
        }
    }
    let mut body = prologue.finish();
    let old_body = std::mem::take(&mut f.body);
    for (st, span) in old_body {
        body.push(st, span);
    }
    f.body = body;
    f
}

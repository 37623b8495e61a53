//! Per-function facts (calls, used globals, subgroup-matrix mentions,
//! stage-restricted builtins) and per-entry-point reachability.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use indexmap::IndexMap;

use crate::arena::Handle;
use crate::builtins::Stages;
use crate::diagnostic::Diagnostic;
use crate::ir::{Expression, Function, GlobalVariable, Module, Statement, Type, TypeInner};
use crate::span::Span;

use super::type_facts::{TypeFacts, TypeFlags};

/// A call statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallSite {
    /// The called function.
    pub callee: Handle<Function>,
    /// The call's span.
    pub span: Span,
}

/// A use of a builtin that only some stages allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageUse {
    /// The builtin's WGSL name.
    pub name: &'static str,
    /// Where it is used.
    pub span: Span,
    /// The stages that allow it.
    pub stages: Stages,
}

/// Facts about one function body (not including its callees).
#[derive(Clone, Debug, Default)]
pub struct FunctionFacts {
    /// Calls, in body order.
    pub calls: Vec<CallSite>,
    /// Global variables used, each with its first use's span.
    pub globals: Vec<(Handle<GlobalVariable>, Span)>,
    /// The first mention of a subgroup-matrix type (a variable, expression,
    /// argument or result whose type contains one).
    pub matrix_use: Option<Span>,
    /// Every subgroup-matrix type mentioned, with its first mention's
    /// span, in first-mention order.
    pub matrix_types: Vec<(Handle<Type>, Span)>,
    /// Every multiply: (left, right, result) types.
    pub multiplies: Vec<([Handle<Type>; 3], Span)>,
    /// Uses of stage-restricted builtins.
    pub stage_uses: Vec<StageUse>,
    /// Whether the body may hold a uniformity requirement itself (not
    /// counting its calls): a collective operation, a derivative, an
    /// implicit-level sample, anything of a subgroup-matrix type, or an
    /// expression or statement not known to be free of requirements.
    pub may_require_uniformity: bool,
    /// Whether the body reads or writes memory itself: loads, stores,
    /// atomics, `workgroupUniformLoad`, subgroup-matrix loads and stores
    /// (not counting what its calls do).
    pub memory_access: bool,
    /// Whether the function uses an override-expression
    /// ([`Expression::OverrideExpr`]): the pipeline step evaluates those of
    /// the functions its entry points reach.
    pub override_exprs: bool,
}

const FRAGMENT: Stages = Stages {
    vertex: false,
    fragment: true,
    compute: false,
};

/// A use of builtin `name` at `span`, with the stages its row of the
/// builtin table allows; `None` for a builtin every stage may use.
fn builtin_use(name: &str, span: Span) -> Option<StageUse> {
    let def = crate::builtins::lookup(name)?;
    let s = def.stages;
    (!(s.vertex && s.fragment && s.compute)).then_some(StageUse {
        name: def.name,
        span,
        stages: s,
    })
}

/// The WGSL name of a subgroup or quad builtin.
struct MatrixCollector<'a> {
    module: &'a Module,
    facts: &'a TypeFacts,
    seen: HashSet<Handle<Type>>,
    found: IndexMap<Handle<Type>, Span>,
    first: Option<Span>,
}

impl MatrixCollector<'_> {
    fn mention(&mut self, ty: Handle<Type>, span: Span) {
        if !self.facts.has(ty, TypeFlags::MATRIX) {
            return;
        }
        if self.first.is_none() {
            self.first = Some(span);
        }
        let mut stack = vec![ty];
        while let Some(t) = stack.pop() {
            if !self.facts.has(t, TypeFlags::MATRIX) || !self.seen.insert(t) {
                continue;
            }
            match self.module.types.try_get(t).map(|t| &t.inner) {
                Some(TypeInner::SubgroupMatrix { .. }) => {
                    self.found.entry(t).or_insert(span);
                }
                Some(TypeInner::Pointer { base, .. } | TypeInner::Array { base, .. }) => {
                    stack.push(*base)
                }
                Some(TypeInner::Struct { members, .. }) => {
                    stack.extend(members.iter().rev().map(|m| m.ty))
                }
                _ => {}
            }
        }
    }
}

/// Which global variables the function being walked has mentioned, reused
/// across the functions of a module (no table per function).
pub struct GlobalsSeen {
    /// Per global variable: the number of the last function that mentioned
    /// it (functions are numbered from 1).
    last: Vec<u32>,
    current: u32,
}

impl GlobalsSeen {
    /// A table for the global variables of `module`.
    pub fn new(module: &Module) -> Self {
        GlobalsSeen {
            last: vec![0; module.global_variables.len()],
            current: 0,
        }
    }

    /// Starts the next function.
    fn next_function(&mut self) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            // After 2^32 - 1 functions: forget every mark.
            self.last.fill(0);
            self.current = 1;
        }
    }

    /// Marks `g` as mentioned by the current function; whether this is its
    /// first mention there (none for a handle out of range).
    fn first_mention(&mut self, g: Handle<GlobalVariable>) -> Option<bool> {
        let last = self.last.get_mut(g.index())?;
        let first = *last != self.current;
        *last = self.current;
        Some(first)
    }
}

/// Computes the facts of one function; `globals` is the module's table,
/// shared by the calls for its functions.
pub fn function_facts(
    module: &Module,
    facts: &TypeFacts,
    function: &Function,
    span: Span,
    globals: &mut GlobalsSeen,
) -> FunctionFacts {
    let mut out = FunctionFacts::default();
    globals.next_function();
    let mut mc = MatrixCollector {
        module,
        facts,
        seen: HashSet::default(),
        found: IndexMap::new(),
        first: None,
    };
    for arg in &function.arguments {
        mc.mention(arg.ty, span);
    }
    if let Some(r) = &function.result {
        mc.mention(r.ty, span);
    }
    for (h, local) in function.local_variables.iter() {
        mc.mention(local.ty, function.local_variables.span(h));
    }
    let mut may_require = false;
    for (h, expr) in function.expressions.iter() {
        may_require |= !expression_is_free(expr);
        let espan = function.expressions.span(h);
        if let Some(&ty) = function.expression_types.get(h.index()) {
            mc.mention(ty, espan);
        }
        match *expr {
            Expression::Load { .. } | Expression::SubgroupMatrixLoad { .. } => {
                out.memory_access = true;
            }
            Expression::OverrideExpr(_) => out.override_exprs = true,
            Expression::GlobalVariable(g) => {
                let first = globals
                    .first_mention(g)
                    .unwrap_or_else(|| out.globals.iter().all(|&(seen, _)| seen != g));
                if first {
                    out.globals.push((g, espan));
                }
            }
            Expression::Derivative { axis, control, .. } => out
                .stage_uses
                .extend(builtin_use(axis.wgsl_name(control), espan)),
            // `inputAttachmentLoad` (fragment only).
            Expression::ImageLoad { image, .. }
                if matches!(
                    function
                        .expression_types
                        .get(image.index())
                        .and_then(|&t| module.types.try_get(t))
                        .map(|t| &t.inner),
                    Some(TypeInner::Image {
                        class: crate::ir::ImageClass::InputAttachment { .. },
                        ..
                    })
                ) =>
            {
                out.stage_uses
                    .extend(builtin_use("inputAttachmentLoad", espan))
            }
            // The builtins that sample with an implicit level of detail.
            Expression::ImageSample {
                gather: None,
                level,
                depth_ref,
                ..
            } => {
                let name = match (level, depth_ref) {
                    (crate::ir::SampleLevel::Auto, None) => "textureSample",
                    (crate::ir::SampleLevel::Auto, Some(_)) => "textureSampleCompare",
                    (crate::ir::SampleLevel::Bias(_), _) => "textureSampleBias",
                    _ => "",
                };
                out.stage_uses.extend(builtin_use(name, espan))
            }
            // A per-element operation calls its function (passes only).
            Expression::SubgroupMatrixPerElement { function, .. }
            | Expression::SubgroupMatrixReduce {
                function: Some(function),
                ..
            } => out.calls.push(CallSite {
                callee: function,
                span: espan,
            }),
            Expression::SubgroupMatrixMultiply {
                ty, left, right, ..
            } => {
                let get = |e: Handle<Expression>| function.expression_types.get(e.index()).copied();
                if let (Some(l), Some(r)) = (get(left), get(right)) {
                    out.multiplies.push(([l, r, ty], espan));
                }
            }
            _ => {}
        }
    }
    crate::ir::visit::walk_statements(&function.body, |stmt, sspan| {
        may_require |= !statement_is_free(stmt);
        statement_facts(stmt, sspan, &mut out)
    });
    out.matrix_use = mc.first;
    out.may_require_uniformity = may_require || out.matrix_use.is_some();
    out.matrix_types = mc.found.into_iter().collect();
    out
}

/// The facts one statement adds to `out`.
fn statement_facts(stmt: &Statement, sspan: Span, out: &mut FunctionFacts) {
    match stmt {
        Statement::Call { function, .. } => out.calls.push(CallSite {
            callee: *function,
            span: sspan,
        }),
        Statement::Barrier(b) => out.stage_uses.extend(builtin_use(b.wgsl_name(), sspan)),
        Statement::WorkgroupUniformLoad { .. } => {
            out.memory_access = true;
            out.stage_uses
                .extend(builtin_use("workgroupUniformLoad", sspan))
        }
        Statement::Discard => out.stage_uses.push(StageUse {
            name: "discard",
            span: sspan,
            stages: FRAGMENT,
        }),
        Statement::Subgroup { op, .. } => out.stage_uses.extend(builtin_use(op.wgsl_name(), sspan)),
        Statement::Store { .. }
        | Statement::Atomic { .. }
        | Statement::SubgroupMatrixStore { .. }
        | Statement::CoopVecAccumulate { .. } => out.memory_access = true,
        _ => {}
    }
}

/// Checks the calls of every function: callees come before callers (no
/// recursion) and entry points are not called.
pub fn check_calls(module: &Module, all: &[FunctionFacts], diags: &mut Vec<Diagnostic>) {
    let entry_functions: HashMap<Handle<Function>, &str> = module
        .entry_points
        .iter()
        .map(|ep| (ep.function, ep.name.as_str()))
        .collect();
    for (caller, facts) in module.functions.iter().zip(all) {
        for call in &facts.calls {
            let Some(callee) = module.functions.try_get(call.callee) else {
                diags.push(Diagnostic::error("call of an unknown function", call.span));
                continue;
            };
            if let Some(name) = entry_functions.get(&call.callee) {
                diags.push(
                    Diagnostic::error(format!("entry point '{name}' cannot be called"), call.span)
                        .with_label(
                            module.functions.span(call.callee),
                            "entry point declared here",
                        ),
                );
            } else if call.callee.index() >= caller.0.index() {
                diags.push(Diagnostic::error(
                    format!(
                        "function '{}' calls '{}', which is recursive or not ordered before it",
                        caller.1.name, callee.name
                    ),
                    call.span,
                ));
            }
        }
    }
}

/// The functions reachable from one root (itself included), sorted by
/// index, and for each reached function but the root its first caller with
/// the call span (to rebuild call chains).
///
/// One `Reachable` is reused for every entry point of a module: its tables
/// have one slot per function, and only the slots a walk reached are reset
/// before the next, so many entry points that each reach a few functions
/// cost what they reach, not the module's size each.
pub struct Reachable {
    /// Reached functions, by index, sorted.
    pub functions: Vec<usize>,
    /// Per function: [`UNREACHED`], [`ROOT`], or the index of the caller it
    /// was first reached from, with the call's span.
    via: Vec<(u32, Span)>,
    stack: Vec<usize>,
}

/// A function the last walk did not reach.
const UNREACHED: u32 = u32::MAX;
/// The last walk's root.
const ROOT: u32 = u32::MAX - 1;

impl Reachable {
    /// Tables for a module whose functions have these facts.
    pub fn new(all: &[FunctionFacts]) -> Self {
        Reachable {
            functions: Vec::new(),
            via: vec![(UNREACHED, Span::default()); all.len()],
            stack: Vec::new(),
        }
    }

    /// Walks the calls from `root`, replacing the previous walk's result.
    pub fn walk(&mut self, all: &[FunctionFacts], root: usize) {
        for &f in &self.functions {
            if let Some(slot) = self.via.get_mut(f) {
                slot.0 = UNREACHED;
            }
        }
        self.functions.clear();
        let Some(slot) = self.via.get_mut(root) else {
            return;
        };
        slot.0 = ROOT;
        self.functions.push(root);
        self.stack.push(root);
        while let Some(f) = self.stack.pop() {
            let Some(facts) = all.get(f) else { continue };
            for call in &facts.calls {
                let c = call.callee.index();
                if let Some(slot) = self.via.get_mut(c) {
                    if slot.0 == UNREACHED {
                        // Function indices fit in u32 (sources are under
                        // 4 GiB) and stay below `ROOT`.
                        *slot = (f as u32, call.span);
                        self.functions.push(c);
                        self.stack.push(c);
                    }
                }
            }
        }
        if self.functions.len() > self.via.len() / 8 {
            // Most of the module: a scan in index order is cheaper than a sort.
            self.functions.clear();
            let reached = self
                .via
                .iter()
                .enumerate()
                .filter(|(_, v)| v.0 != UNREACHED);
            self.functions.extend(reached.map(|(i, _)| i));
        } else {
            self.functions.sort_unstable();
        }
    }

    /// The caller `f` was first reached from, with the call's span (none for
    /// the root and for functions not reached).
    fn parent(&self, f: usize) -> Option<(usize, Span)> {
        match self.via.get(f) {
            Some(&(caller, span)) if caller < ROOT => Some((caller as usize, span)),
            _ => None,
        }
    }

    /// Adds the call chain from the root to `f` to a diagnostic: a label at
    /// each call site and a note with the whole chain.
    pub fn add_chain(&self, module: &Module, f: usize, mut d: Diagnostic) -> Diagnostic {
        let name = |i: usize| {
            module
                .functions
                .try_get(Handle::from_index(i))
                .map_or("<unknown>", |f| f.name.as_str())
                .to_string()
        };
        let mut chain = vec![name(f)];
        let mut cur = f;
        let mut guard = 0usize;
        while let Some((caller, span)) = self.parent(cur) {
            d = d.with_label(
                span,
                format!("'{}' is called from '{}' here", name(cur), name(caller)),
            );
            chain.push(name(caller));
            cur = caller;
            guard += 1;
            if guard > self.via.len() {
                break;
            }
        }
        if chain.len() > 1 {
            chain.reverse();
            d = d.with_note(format!("call chain: {}", chain.join(" -> ")));
        }
        d
    }
}

/// Whether an expression of this kind is known to hold no uniformity
/// requirement (its type aside: anything of a subgroup-matrix type may).
fn expression_is_free(e: &Expression) -> bool {
    matches!(
        e,
        Expression::Literal(_)
            | Expression::Constant(_)
            | Expression::Override(_)
            | Expression::OverrideExpr(_)
            | Expression::ZeroValue(_)
            | Expression::Compose { .. }
            | Expression::Splat { .. }
            | Expression::Swizzle { .. }
            | Expression::Access { .. }
            | Expression::AccessIndex { .. }
            | Expression::FunctionArgument(_)
            | Expression::GlobalVariable(_)
            | Expression::LocalVariable(_)
            | Expression::Load { .. }
            | Expression::Unary { .. }
            | Expression::Binary { .. }
            | Expression::Select { .. }
            | Expression::Math { .. }
            | Expression::Convert { .. }
            | Expression::Bitcast { .. }
            | Expression::ArrayLength(_)
            | Expression::CallResult(_)
            | Expression::AtomicResult { .. }
            | Expression::ImageLoad { .. }
            | Expression::ImageQuery { .. }
    )
}

/// Whether a statement of this kind is known to hold no uniformity
/// requirement itself (a call's requirements are its callee's).
fn statement_is_free(s: &Statement) -> bool {
    matches!(
        s,
        Statement::Emit(_)
            | Statement::Block(_)
            | Statement::If { .. }
            | Statement::Switch { .. }
            | Statement::Loop { .. }
            | Statement::Break
            | Statement::Continue
            | Statement::Return { .. }
            | Statement::Store { .. }
            | Statement::Call { .. }
            | Statement::Atomic { .. }
            | Statement::ImageStore { .. }
            | Statement::Discard
    )
}

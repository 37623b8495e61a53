//! Expressions ("Uniformity Rules for Expressions"), the statements that
//! are calls in WGSL (user functions, atomics, barriers, subgroup and
//! subgroup-matrix builtins: "Uniformity Rules for Function Calls"),
//! assignments, and the uniformity requirements they add.
//!
//! Every expression's value node has an edge to the control flow it is
//! evaluated in: in the spec every leaf (literal, identifier, call result)
//! depends on `CF`, so this is the same graph up to intermediate nodes.

use std::rc::Rc;

use super::build::{Behavior, Builder, Root, NEXT};
use super::graph::{NodeId, NodeKind, Source, BOTH, MAY_BE_NON_UNIFORM, NONE, WORKGROUP};
use super::names::{builtin_non_uniform, subgroup_result_uniform};
use super::summary::{Channel, ReqWhat, Requirement};
use crate::arena::Handle;
use crate::ir::visit;
use crate::ir::{
    Access, AddressSpace, Binding, DiagnosticRule, Expression, FilterSeverity, Statement,
    SubgroupOp, Type, TypeInner,
};
use crate::span::Span;
use crate::valid::type_facts::TypeFlags;

impl<'a> Builder<'a> {
    /// The value node of an operand used in control flow `cf`. Literals,
    /// constants and pointers to whole variables add no dependency
    /// (`NONE`; the user links `cf` itself).
    pub(super) fn value(&mut self, h: Handle<Expression>, cf: NodeId) -> NodeId {
        let Some(&n) = self.t.expr_node.get(h.index()) else {
            return NONE;
        };
        if n != NONE {
            return n;
        }
        match self.func.expressions.try_get(h) {
            None
            | Some(
                Expression::Literal(_)
                | Expression::Constant(_)
                | Expression::Override(_)
                | Expression::OverrideExpr(_)
                | Expression::GlobalVariable(_)
                | Expression::LocalVariable(_)
                | Expression::CallResult(_)
                | Expression::AtomicResult { .. }
                | Expression::WorkgroupUniformLoadResult { .. }
                | Expression::SubgroupResult { .. },
            ) => NONE,
            Some(Expression::FunctionArgument(i)) => self.argument(*i, h),
            Some(_) if self.forcing => NONE,
            Some(_) => self.force(h, cf),
        }
    }

    /// The node of argument `i` (a parameter node, or for entry points
    /// the source node of a non-uniform built-in value).
    fn argument(&mut self, i: u32, h: Handle<Expression>) -> NodeId {
        let Some(&n) = self.t.arg_node.get(i as usize) else {
            return NONE;
        };
        if n != NONE || self.entry.is_none() {
            return n;
        }
        let Some(arg) = self.func.arguments.get(i as usize) else {
            return NONE;
        };
        let mut mask = 0;
        let mut single = None;
        match arg.binding {
            Some(Binding::BuiltIn(b)) => {
                mask = builtin_non_uniform(b);
                single = Some(b.wgsl_name());
            }
            Some(Binding::Location { .. } | Binding::Color(_)) => mask = BOTH,
            None => {
                if let TypeInner::Struct { members, .. } = self.module.inner(arg.ty) {
                    for m in members {
                        mask |= match m.binding {
                            Some(Binding::BuiltIn(b)) => builtin_non_uniform(b),
                            _ => BOTH,
                        };
                    }
                }
            }
        }
        if mask == 0 {
            return NONE;
        }
        let source = Source::BuiltinParam {
            param: arg.name.clone(),
            builtin: single,
        };
        let node = self
            .graph
            .add(NodeKind::Source(source), self.func.expressions.span(h));
        self.graph.edge(node, MAY_BE_NON_UNIFORM, mask);
        self.t.arg_node[i as usize] = node;
        node
    }

    /// Evaluates an expression that was used before its `Emit` (built IR
    /// may lack emits): its unevaluated operands first, iteratively.
    fn force(&mut self, h: Handle<Expression>, cf: NodeId) -> NodeId {
        self.forcing = true;
        let mut stack = vec![h];
        while let Some(&top) = stack.last() {
            let mut pending = Vec::new();
            if let Some(e) = self.func.expressions.try_get(top) {
                visit::operands(e, |o| {
                    if o.index() < top.index()
                        && self.t.expr_node.get(o.index()) == Some(&NONE)
                        && self
                            .func
                            .expressions
                            .try_get(o)
                            .is_some_and(visit::needs_emit)
                    {
                        pending.push(o);
                    }
                });
            }
            if pending.is_empty() {
                stack.pop();
                if self.t.expr_node[top.index()] == NONE {
                    let n = self.evaluate(top, cf);
                    self.t.expr_node[top.index()] = n;
                }
            } else {
                stack.extend(pending);
            }
        }
        self.forcing = false;
        self.t.expr_node[h.index()]
    }

    fn ty(&self, h: Handle<Expression>) -> Option<Handle<Type>> {
        self.func.expression_types.get(h.index()).copied()
    }

    fn contains_matrix(&self, ty: Handle<Type>) -> bool {
        self.facts.has(ty, TypeFlags::MATRIX)
    }

    fn type_name(&self, ty: Handle<Type>) -> String {
        crate::ir::display::type_name(self.module, ty)
    }

    /// The severity of a filterable rule at `span` (`None`: off).
    fn severity(&self, rule: DiagnosticRule, span: Span) -> Option<FilterSeverity> {
        match self.filters.severity(rule, span) {
            FilterSeverity::Off => None,
            s => Some(s),
        }
    }

    fn require(
        &mut self,
        channel: Channel,
        severity: FilterSeverity,
        target: NodeId,
        span: Span,
        what: ReqWhat,
    ) {
        self.t.reqs.push(Requirement {
            channel,
            severity,
            target,
            span,
            what,
        });
    }

    /// A subgroup-matrix builtin or constructor at `span`: its call site
    /// and every argument must be subgroup uniform.
    fn matrix_call(
        &mut self,
        callee: Rc<str>,
        arg_callee: Rc<str>,
        args: &[(usize, Handle<Expression>)],
        span: Span,
        cf: NodeId,
    ) {
        let Some(sev) = self.severity(DiagnosticRule::SubgroupMatrixUniformity, span) else {
            return;
        };
        self.require(
            Channel::Matrix,
            sev,
            cf,
            span,
            ReqWhat::CallSite { callee, via: None },
        );
        for &(index, a) in args {
            let n = self.value(a, cf);
            if n != NONE {
                let aspan = self.func.expressions.span(a);
                self.require(
                    Channel::Matrix,
                    sev,
                    n,
                    aspan,
                    ReqWhat::Argument {
                        callee: arg_callee.clone(),
                        index,
                        via: None,
                        contents: false,
                    },
                );
            }
        }
    }

    /// The value node of expression `h`, evaluated in control flow `cf`.
    pub(super) fn evaluate(&mut self, h: Handle<Expression>, cf: NodeId) -> NodeId {
        let span = self.func.expressions.span(h);
        let Some(expr) = self.func.expressions.try_get(h) else {
            return NONE;
        };
        let mut kind = NodeKind::Plain;
        let mut non_uniform = 0;
        if let Expression::Load { pointer } = expr {
            match self.root(*pointer) {
                Root::Global(g) => {
                    let var = self
                        .module
                        .global_variables
                        .try_get(Handle::from_index(g as usize));
                    if let Some(var) = var {
                        let what = match (var.space, var.access) {
                            (
                                AddressSpace::Uniform
                                | AddressSpace::Handle
                                | AddressSpace::Immediate,
                                _,
                            ) => None,
                            (AddressSpace::Storage, Access::Read) => None,
                            (AddressSpace::Storage, _) => Some("read_write storage buffer"),
                            (AddressSpace::Workgroup, _) => Some("workgroup storage variable"),
                            (AddressSpace::Private, _) => Some("module-scope private variable"),
                            (AddressSpace::PixelLocal, _) => Some("pixel_local variable"),
                            (AddressSpace::Function, _) => Some("variable"),
                        };
                        if let Some(what) = what {
                            kind = NodeKind::Source(Source::GlobalRead {
                                what,
                                name: var.name.clone(),
                            });
                            non_uniform = BOTH;
                        }
                    }
                }
                Root::Param(i) => {
                    let ty = self.func.arguments.get(i as usize).map(|a| a.ty);
                    let read_only = ty.is_some_and(|t| {
                        matches!(
                            self.module.inner(t),
                            TypeInner::Pointer {
                                space: AddressSpace::Uniform | AddressSpace::Immediate,
                                ..
                            } | TypeInner::Pointer {
                                access: Access::Read,
                                ..
                            }
                        )
                    });
                    if !read_only {
                        let param = self
                            .func
                            .arguments
                            .get(i as usize)
                            .map_or(String::new(), |a| a.name.clone());
                        kind = NodeKind::Source(Source::PointerParamRead { param });
                        non_uniform = BOTH;
                    }
                }
                Root::Other => non_uniform = BOTH,
                Root::Slot { .. } => {}
            }
        }
        // Rows/columns of a matrix handed to the invocations differ per
        // invocation; a matrix built from them is one subgroup-wide value
        // whatever the rows were.
        if let Expression::SubgroupMatrixToInvocations { columns, .. } = expr {
            kind = NodeKind::Source(Source::BuiltinResult {
                name: if *columns {
                    "subgroupMatrixColumn"
                } else {
                    "subgroupMatrixRow"
                },
            });
            non_uniform = BOTH;
        }
        let derivative = super::derivative::needs_derivative_uniformity(expr);
        if let Some(name) = derivative {
            // ReturnValueMayBeNonUniform.
            kind = NodeKind::Source(Source::BuiltinResult { name });
            non_uniform = BOTH;
        }
        let from_invocations = matches!(expr, Expression::SubgroupMatrixFromInvocations { .. });
        let n = self.graph.add(kind, span);
        self.graph.edge(n, cf, BOTH);
        self.graph.edge(n, MAY_BE_NON_UNIFORM, non_uniform);
        let mut operands = std::mem::take(&mut self.t.scratch);
        operands.clear();
        visit::operands(expr, |o| operands.push(o));
        for &o in &operands {
            let v = self.value(o, cf);
            if !from_invocations {
                self.graph.edge(n, v, BOTH);
            }
        }
        self.t.scratch = operands;
        if let Some(name) = derivative {
            if let Some(sev) = self.severity(DiagnosticRule::DerivativeUniformity, span) {
                let callee = self.quoted(name);
                self.require(
                    Channel::Derivative,
                    sev,
                    cf,
                    span,
                    ReqWhat::CallSite { callee, via: None },
                );
            }
        }
        match expr {
            Expression::Load { pointer } => {
                if let Root::Slot { slot, .. } = self.root(*pointer) {
                    let current = self.t.cur.get(slot as usize).copied().unwrap_or(NONE);
                    self.graph.edge(n, current, BOTH);
                }
            }
            Expression::Compose { ty, components } if self.contains_matrix(*ty) => {
                let name = self.type_name(*ty);
                let args: Vec<(usize, Handle<Expression>)> =
                    components.iter().copied().enumerate().collect();
                self.matrix_call(
                    format!("'{name}'").into(),
                    format!("{name} constructor").into(),
                    &args,
                    span,
                    cf,
                );
            }
            Expression::ZeroValue(ty)
                if self.contains_matrix(*ty) && !self.t.var_zero_inits.contains(&h) =>
            {
                let name = self.type_name(*ty);
                self.matrix_call(
                    format!("'{name}'").into(),
                    format!("{name} constructor").into(),
                    &[],
                    span,
                    cf,
                );
            }
            Expression::SubgroupMatrixFromInvocations { columns, .. } => {
                let name: Rc<str> = if *columns {
                    "'subgroupMatrixFromColumns'"
                } else {
                    "'subgroupMatrixFromRows'"
                }
                .into();
                // Only the control flow: the rows are per invocation.
                self.matrix_call(name.clone(), name, &[], span, cf);
            }
            Expression::SubgroupMatrixReduce {
                matrix, mode, op, ..
            } => {
                let name: Rc<str> = format!("'{}'", mode.builtin(*op)).into();
                self.matrix_call(name.clone(), name, &[(0, *matrix)], span, cf);
            }
            Expression::SubgroupMatrixIndex { columns, .. } => {
                let name: Rc<str> = if *columns {
                    "'subgroupMatrixColumnIndex'"
                } else {
                    "'subgroupMatrixRowIndex'"
                }
                .into();
                self.matrix_call(name.clone(), name, &[], span, cf);
            }
            Expression::SubgroupMatrixToInvocations { matrix, columns } => {
                let name: Rc<str> = if *columns {
                    "'subgroupMatrixColumn'"
                } else {
                    "'subgroupMatrixRow'"
                }
                .into();
                self.matrix_call(name.clone(), name, &[(0, *matrix)], span, cf);
            }
            Expression::Convert { expr: e, ty } if self.contains_matrix(*ty) => {
                let name: Rc<str> = "'subgroupMatrixConvert'".into();
                self.matrix_call(name.clone(), name, &[(0, *e)], span, cf);
            }
            Expression::Binary { left, right, .. }
                if self.ty(h).is_some_and(|t| self.contains_matrix(t)) =>
            {
                let name: Rc<str> = "element-wise subgroup-matrix arithmetic".into();
                self.matrix_call(name.clone(), name, &[(0, *left), (1, *right)], span, cf);
            }
            Expression::Unary { expr: e, .. }
                if self.ty(h).is_some_and(|t| self.contains_matrix(t)) =>
            {
                let name: Rc<str> = "element-wise subgroup-matrix negation".into();
                self.matrix_call(name.clone(), name, &[(0, *e)], span, cf);
            }
            Expression::Math { args, .. }
                if self.ty(h).is_some_and(|t| self.contains_matrix(t)) =>
            {
                let name: Rc<str> = "an element-wise math builtin on subgroup matrices".into();
                let args: Vec<(usize, Handle<Expression>)> =
                    args.iter().copied().enumerate().collect();
                self.matrix_call(name.clone(), name, &args, span, cf);
            }
            Expression::SubgroupMatrixFill { ty, value } => {
                let name = self.type_name(*ty);
                self.matrix_call(
                    format!("'{name}'").into(),
                    format!("{name} constructor").into(),
                    &[(0, *value)],
                    span,
                    cf,
                );
            }
            Expression::SubgroupMatrixLoad {
                pointer,
                offset,
                stride,
                proposal_form,
                ..
            } => {
                let name: Rc<str> = "'subgroupMatrixLoad'".into();
                // The proposal's form has `col_major` before the stride.
                let stride_index = if *proposal_form { 3 } else { 2 };
                self.matrix_call(
                    name.clone(),
                    name,
                    &[(0, *pointer), (1, *offset), (stride_index, *stride)],
                    span,
                    cf,
                );
            }
            Expression::SubgroupMatrixMultiply {
                left, right, acc, ..
            } => {
                let name: Rc<str> = if acc.is_some() {
                    "'subgroupMatrixMultiplyAccumulate'"
                } else {
                    "'subgroupMatrixMultiply'"
                }
                .into();
                let mut args = vec![(0, *left), (1, *right)];
                if let Some(a) = acc {
                    args.push((2, *a));
                }
                self.matrix_call(name.clone(), name, &args, span, cf);
            }
            Expression::SubgroupMatrixScalar { op, matrix, scalar } => {
                let name: Rc<str> = match op {
                    crate::ir::MatrixScalarOp::Add => "'subgroupMatrixScalarAdd'",
                    crate::ir::MatrixScalarOp::Subtract => "'subgroupMatrixScalarSubtract'",
                    crate::ir::MatrixScalarOp::Multiply => "'subgroupMatrixScalarMultiply'",
                }
                .into();
                self.matrix_call(name.clone(), name, &[(0, *matrix), (1, *scalar)], span, cf);
            }
            _ => {}
        }
        n
    }

    /// Statements other than control flow.
    pub(super) fn simple_statement(
        &mut self,
        s: &'a Statement,
        span: Span,
        cf: NodeId,
    ) -> (NodeId, Behavior) {
        match s {
            Statement::Store { pointer, value } => {
                let v = self.value(*value, cf);
                let p = self.value(*pointer, cf);
                if self.t.var_zero_inits.contains(value)
                    && self.ty(*value).is_some_and(|t| self.contains_matrix(t))
                {
                    if let Some(sev) = self.severity(DiagnosticRule::SubgroupMatrixUniformity, span)
                    {
                        self.require(Channel::Matrix, sev, cf, span, ReqWhat::MatrixVar);
                    }
                }
                if let Root::Slot { slot, full } = self.root(*pointer) {
                    let n = self.graph.add(NodeKind::Assign, span);
                    for t in [cf, v, p] {
                        self.graph.edge(n, t, BOTH);
                    }
                    if !full {
                        let old = self.t.cur.get(slot as usize).copied().unwrap_or(NONE);
                        self.graph.edge(n, old, BOTH);
                    }
                    self.assign(slot, n);
                }
                (cf, NEXT)
            }
            Statement::Call {
                function,
                arguments,
                result,
            } => self.call(*function, arguments, *result, span, cf),
            Statement::Atomic {
                pointer,
                fun,
                value,
                compare,
                result,
            } => {
                for o in [Some(*pointer), *value, *compare].into_iter().flatten() {
                    self.value(o, cf);
                }
                if let Some(r) = result {
                    let source = Source::BuiltinResult {
                        name: fun.wgsl_name(),
                    };
                    let n = self.graph.add(NodeKind::Source(source), span);
                    self.graph.edge(n, cf, BOTH);
                    self.graph.edge(n, MAY_BE_NON_UNIFORM, BOTH);
                    self.set_expr(*r, n);
                }
                (cf, NEXT)
            }
            Statement::WorkgroupUniformLoad { pointer, result } => {
                let p = self.value(*pointer, cf);
                let callee: Rc<str> = "'workgroupUniformLoad'".into();
                self.require(
                    Channel::Sync,
                    FilterSeverity::Error,
                    cf,
                    span,
                    ReqWhat::CallSite {
                        callee: callee.clone(),
                        via: None,
                    },
                );
                if p != NONE {
                    let pspan = self.func.expressions.span(*pointer);
                    self.require(
                        Channel::Sync,
                        FilterSeverity::Error,
                        p,
                        pspan,
                        ReqWhat::Argument {
                            callee,
                            index: 0,
                            via: None,
                            contents: false,
                        },
                    );
                }
                let n = self.graph.join(span, &[cf, p]);
                self.set_expr(*result, n);
                (cf, NEXT)
            }
            Statement::Barrier(b) => {
                let callee = self.quoted(b.wgsl_name());
                self.require(
                    Channel::Sync,
                    FilterSeverity::Error,
                    cf,
                    span,
                    ReqWhat::CallSite { callee, via: None },
                );
                (cf, NEXT)
            }
            Statement::Subgroup { op, args, result } => {
                self.subgroup(*op, args, *result, span, cf);
                (cf, NEXT)
            }
            Statement::SubgroupMatrixStore {
                pointer,
                offset,
                value,
                stride,
                proposal_form,
                ..
            } => {
                let name: Rc<str> = "'subgroupMatrixStore'".into();
                let stride_index = if *proposal_form { 4 } else { 3 };
                self.matrix_call(
                    name.clone(),
                    name,
                    &[
                        (0, *pointer),
                        (1, *offset),
                        (2, *value),
                        (stride_index, *stride),
                    ],
                    span,
                    cf,
                );
                (cf, NEXT)
            }
            // Control flow is handled by the caller.
            _ => (cf, NEXT),
        }
    }

    fn set_expr(&mut self, h: Handle<Expression>, n: NodeId) {
        if let Some(slot) = self.t.expr_node.get_mut(h.index()) {
            *slot = n;
        }
    }

    fn subgroup(
        &mut self,
        op: SubgroupOp,
        args: &[Handle<Expression>],
        result: Handle<Expression>,
        span: Span,
        cf: NodeId,
    ) {
        let name = op.wgsl_name();
        let rule = DiagnosticRule::SubgroupUniformity;
        let values: Vec<NodeId> = args.iter().map(|&a| self.value(a, cf)).collect();
        if let Some(sev) = self.severity(rule, span) {
            let callee = self.quoted(name);
            self.require(
                Channel::Subgroup,
                sev,
                cf,
                span,
                ReqWhat::CallSite { callee, via: None },
            );
        }
        if matches!(
            op,
            SubgroupOp::ShuffleUp | SubgroupOp::ShuffleDown | SubgroupOp::ShuffleXor
        ) {
            if let (Some(&a), Some(&v)) = (args.get(1), values.get(1)) {
                let aspan = self.func.expressions.span(a);
                if let (Some(sev), true) = (self.severity(rule, aspan), v != NONE) {
                    let callee = self.quoted(name);
                    self.require(
                        Channel::Subgroup,
                        sev,
                        v,
                        aspan,
                        ReqWhat::Argument {
                            callee,
                            index: 1,
                            via: None,
                            contents: false,
                        },
                    );
                }
            }
        }
        let mask = if subgroup_result_uniform(op) {
            WORKGROUP
        } else {
            BOTH
        };
        let n = self
            .graph
            .add(NodeKind::Source(Source::BuiltinResult { name }), span);
        self.graph.edge(n, cf, BOTH);
        self.graph.edge(n, MAY_BE_NON_UNIFORM, mask);
        // Outside the reductions' subgroup-scope exception the result
        // depends on the arguments (ParameterReturnContentsRequiredToBeUniform).
        let arg_mask = if subgroup_result_uniform(op) {
            WORKGROUP
        } else {
            BOTH
        };
        for v in values {
            self.graph.edge(n, v, arg_mask);
        }
        self.set_expr(result, n);
    }

    /// A call to a user function: the callee's tags become edges and
    /// requirements (spec, "Uniformity Rules for Function Calls").
    fn call(
        &mut self,
        function: Handle<crate::ir::Function>,
        arguments: &[Handle<Expression>],
        result: Option<Handle<Expression>>,
        span: Span,
        cf: NodeId,
    ) -> (NodeId, Behavior) {
        let values: Vec<NodeId> = arguments.iter().map(|&a| self.value(a, cf)).collect();
        let Some(callee) = self.summaries.get(function.index()) else {
            return (cf, NEXT);
        };
        let callee_name = callee.quoted.clone();
        let r = self.graph.join(span, &[cf]);
        if callee.return_non_uniform != 0 {
            let source = Source::CallResult {
                callee: callee.name.clone(),
            };
            let s = self.graph.add(NodeKind::Source(source), span);
            self.graph
                .edge(s, MAY_BE_NON_UNIFORM, callee.return_non_uniform);
            self.graph.edge(r, s, BOTH);
        }
        for ch in Channel::ALL {
            if let Some(tag) = &callee.call_site[ch.index()] {
                self.t.reqs.push(Requirement {
                    channel: ch,
                    severity: tag.severity,
                    target: cf,
                    span,
                    what: ReqWhat::CallSite {
                        callee: callee_name.clone(),
                        via: Some(tag.origin.clone()),
                    },
                });
            }
        }
        // Contents of pointer arguments before the call.
        let contents_before: Vec<NodeId> = arguments
            .iter()
            .map(|&a| match self.root(a) {
                Root::Slot { slot, .. } => self.t.cur.get(slot as usize).copied().unwrap_or(NONE),
                _ => NONE,
            })
            .collect();
        for (i, p) in callee.params.iter().enumerate() {
            let (Some(&a), Some(&v)) = (arguments.get(i), values.get(i)) else {
                continue;
            };
            let aspan = self.func.expressions.span(a);
            for ch in Channel::ALL {
                if let (Some(tag), true) = (&p.required[ch.index()], v != NONE) {
                    self.t.reqs.push(Requirement {
                        channel: ch,
                        severity: tag.severity,
                        target: v,
                        span: aspan,
                        what: ReqWhat::Argument {
                            callee: callee_name.clone(),
                            index: i,
                            via: Some(tag.origin.clone()),
                            contents: false,
                        },
                    });
                }
                if let (Some(tag), true) =
                    (&p.contents_required[ch.index()], contents_before[i] != NONE)
                {
                    self.t.reqs.push(Requirement {
                        channel: ch,
                        severity: tag.severity,
                        target: contents_before[i],
                        span: aspan,
                        what: ReqWhat::Argument {
                            callee: callee_name.clone(),
                            index: i,
                            via: Some(tag.origin.clone()),
                            contents: true,
                        },
                    });
                }
            }
            self.graph.edge(r, v, p.returned);
            self.graph.edge(r, contents_before[i], p.returned_contents);
        }
        // Contents of `function`-space pointer arguments after the call.
        for (i, p) in callee.params.iter().enumerate() {
            let Some(&a) = arguments.get(i) else { continue };
            let Root::Slot { slot, .. } = self.root(a) else {
                continue;
            };
            let after = self.graph.join(span, &[r]);
            if p.pointer_non_uniform != 0 {
                let source = Source::PointerArgument {
                    callee: callee.name.clone(),
                    index: i,
                };
                let s = self.graph.add(NodeKind::Source(source), span);
                self.graph
                    .edge(s, MAY_BE_NON_UNIFORM, p.pointer_non_uniform);
                self.graph.edge(after, s, BOTH);
            }
            for d in &p.pointer_deps {
                let j = d.index as usize;
                let target = if d.contents {
                    contents_before.get(j).copied().unwrap_or(NONE)
                } else {
                    values.get(j).copied().unwrap_or(NONE)
                };
                self.graph.edge(after, target, d.mask);
            }
            self.assign(slot, after);
        }
        if let Some(res) = result {
            self.set_expr(res, r);
        }
        let beh = if callee.returns { NEXT } else { 0 };
        (cf, beh)
    }
}

//! Statements and structured control flow.
//!
//! Blocks are written in order; once a terminator closes the current block,
//! the rest of the IR block is unreachable and skipped. `if`/`switch` get
//! `OpSelectionMerge`, loops get a header block with `OpLoopMerge`, a body,
//! a continue block (the `continuing` statements) and the back edge.

use spirv::{Capability, MemorySemantics, Op, Scope};

use super::function::{FnCtx, Target};
use super::modes::Mode;
use super::writer::{err, Writer, R};
use crate::arena::Handle;
use crate::ir::{
    AddressSpace, AtomicFunction, Barrier, Block, CaseSelector, Expression, Scalar, Statement,
    TypeInner,
};
use crate::span::Span;

impl Writer<'_> {
    /// Writes a block, stopping at the first terminator.
    pub(super) fn block(&mut self, cx: &mut FnCtx, block: &Block) -> R<()> {
        if self.debug.is_some() {
            return self.block_with_lines(cx, block);
        }
        for (st, span) in block.iter() {
            if !cx.open {
                break;
            }
            self.statement(cx, st, span)?;
        }
        Ok(())
    }

    pub(super) fn statement(&mut self, cx: &mut FnCtx, st: &Statement, span: Span) -> R<()> {
        match st {
            Statement::Emit(range) => {
                for i in range.index_range() {
                    let h = Handle::from_index(i);
                    if cx.ids.get(i).copied() == Some(0) && !is_deferred(&cx.f.expressions[h]) {
                        self.expr(cx, h)?;
                    }
                }
            }
            Statement::Block(b) => self.block(cx, b)?,
            Statement::If {
                condition,
                accept,
                reject,
            } => {
                let c = self.expr(cx, *condition)?;
                let merge = self.s.id();
                let accept_l = self.s.id();
                let reject_l = if reject.is_empty() {
                    merge
                } else {
                    self.s.id()
                };
                cx.raw(Op::SelectionMerge, &[merge, 0]);
                cx.raw(Op::BranchConditional, &[c, accept_l, reject_l]);
                cx.label(accept_l);
                self.block(cx, accept)?;
                cx.branch(merge);
                if !reject.is_empty() {
                    cx.label(reject_l);
                    self.block(cx, reject)?;
                    cx.branch(merge);
                }
                cx.label(merge);
            }
            Statement::Switch { selector, cases } => {
                let sel = self.expr(cx, *selector)?;
                let merge = self.s.id();
                let labels: Vec<u32> = cases.iter().map(|_| self.s.id()).collect();
                let default = cases
                    .iter()
                    .position(|c| c.selectors.contains(&CaseSelector::Default))
                    .map(|i| labels[i])
                    .unwrap_or(merge);
                let mut ops = vec![sel, default];
                for (c, &l) in cases.iter().zip(&labels) {
                    for s in &c.selectors {
                        match *s {
                            CaseSelector::I32(v) => ops.extend_from_slice(&[v as u32, l]),
                            CaseSelector::U32(v) => ops.extend_from_slice(&[v, l]),
                            CaseSelector::Default => {}
                        }
                    }
                }
                cx.raw(Op::SelectionMerge, &[merge, 0]);
                cx.raw(Op::Switch, &ops);
                cx.open = false;
                cx.targets.push(Target::Switch { merge });
                for (c, &l) in cases.iter().zip(&labels) {
                    cx.label(l);
                    self.block(cx, &c.body)?;
                    cx.branch(merge);
                }
                cx.targets.pop();
                cx.label(merge);
            }
            Statement::Loop {
                body,
                continuing,
                break_if,
                unroll,
            } => {
                let header = self.s.id();
                let body_l = self.s.id();
                let cont = self.s.id();
                let merge = self.s.id();
                cx.branch(header);
                cx.label(header);
                let control = if *unroll {
                    spirv::LoopControl::UNROLL.bits()
                } else {
                    0
                };
                cx.raw(Op::LoopMerge, &[merge, cont, control]);
                cx.raw(Op::Branch, &[body_l]);
                cx.label(body_l);
                cx.targets.push(Target::Loop { merge, cont });
                self.block(cx, body)?;
                cx.branch(cont);
                cx.label(cont);
                self.block(cx, continuing)?;
                cx.targets.pop();
                if cx.open {
                    match break_if {
                        Some(c) => {
                            let c = self.expr(cx, *c)?;
                            cx.raw(Op::BranchConditional, &[c, merge, header]);
                        }
                        None => cx.raw(Op::Branch, &[header]),
                    }
                    cx.open = false;
                }
                cx.label(merge);
            }
            Statement::Break => {
                let target = match cx.targets.last() {
                    Some(Target::Loop { merge, .. }) | Some(Target::Switch { merge }) => *merge,
                    None => return Err(err("`break` outside of a loop or switch", span)),
                };
                cx.branch(target);
            }
            Statement::Continue => {
                let target = cx.targets.iter().rev().find_map(|t| match t {
                    Target::Loop { cont, .. } => Some(*cont),
                    Target::Switch { .. } => None,
                });
                match target {
                    Some(t) => cx.branch(t),
                    None => return Err(err("`continue` outside of a loop", span)),
                }
            }
            Statement::Return { value } => self.write_return(cx, *value, span)?,
            Statement::Store { pointer, value } => {
                let p = self.expr(cx, *pointer)?;
                let v = self.expr(cx, *value)?;
                self.store(cx, *pointer, p, *value, v)?;
            }
            Statement::Call {
                function,
                arguments,
                result,
            } => {
                let Some(&fid) = self.function_ids.get(function.index()) else {
                    return Err(err("call of an invalid function", span));
                };
                let callee = &self.m.functions[*function];
                let ret = match &callee.result {
                    Some(r) => self.type_id(r.ty, Mode::Plain)?,
                    None => self.void_type(),
                };
                // The pointer-args pass leaves only whole variables and
                // pointer parameters as pointer arguments.
                let mut ops = Vec::with_capacity(arguments.len() + 1);
                ops.push(fid);
                for &a in arguments {
                    ops.push(self.expr(cx, a)?);
                }
                let id = self.s.id();
                cx.op(Op::FunctionCall, ret, id, &ops);
                if let Some(r) = result {
                    cx.set(*r, id);
                }
            }
            Statement::Atomic {
                pointer,
                fun,
                value,
                compare,
                result,
            } => {
                self.atomic(cx, *pointer, *fun, *value, *compare, *result, span)?;
            }
            Statement::WorkgroupUniformLoad { pointer, result } => {
                self.barrier(cx, Barrier::WORKGROUP);
                let atomic = match cx.ty(*pointer).ok().map(|t| &self.m.types[t].inner) {
                    Some(TypeInner::Pointer { base, .. }) => {
                        matches!(self.m.inner(*base), TypeInner::Atomic { .. })
                    }
                    _ => false,
                };
                if atomic {
                    let load = AtomicFunction::Load;
                    self.atomic(cx, *pointer, load, None, None, Some(*result), span)?;
                } else {
                    let p = self.expr(cx, *pointer)?;
                    let v = self.load(cx, *pointer, p)?;
                    cx.set(*result, v);
                }
                self.barrier(cx, Barrier::WORKGROUP);
            }
            Statement::Barrier(b) => self.barrier(cx, *b),
            Statement::Intrinsic { fun, .. } => {
                return Err(err(
                    format!(
                        "internal error: the target operation {} of another target reached the SPIR-V printer",
                        fun.name()
                    ),
                    span,
                ))
            }
            Statement::Subgroup { op, args, result } => {
                let id = self.subgroup(cx, *op, args, *result, span)?;
                cx.set(*result, id);
            }
            // WGSL's `discard` demotes the invocation to a helper: its
            // outputs and memory writes are dropped, it keeps running (see
            // docs/design-notes.md, "discard is demote-to-helper").
            Statement::Discard => {
                // Core in SPIR-V 1.6; an extension (same opcode and
                // capability number) before.
                self.s.cap(Capability::DemoteToHelperInvocation);
                if self.opts.version < (1, 6) {
                    self.s
                        .extensions
                        .insert("SPV_EXT_demote_to_helper_invocation");
                }
                cx.raw(Op::DemoteToHelperInvocation, &[]);
            }
            Statement::ImageStore {
                image,
                coordinate,
                array_index,
                value,
            } => self.image_store(cx, *image, *coordinate, *array_index, *value)?,
            Statement::SubgroupMatrixStore {
                pointer,
                offset,
                value,
                stride,
                layout,
                ..
            } => {
                self.matrix_store(cx, *pointer, *offset, *value, *stride, *layout, span)?;
            }
            Statement::CoopVecAccumulate {
                pointer,
                offset,
                a,
                b,
                element,
            } => self.coop_vec_accumulate(cx, (*pointer, *offset, *a, *b), *element, span)?,
        }
        Ok(())
    }

    /// `OpControlBarrier` for a WGSL barrier.
    pub(super) fn barrier(&mut self, cx: &mut FnCtx, b: Barrier) {
        let mut sem = MemorySemantics::ACQUIRE_RELEASE;
        if b.intersects(Barrier::WORKGROUP | Barrier::SUBGROUP) {
            sem |= MemorySemantics::WORKGROUP_MEMORY;
        }
        if b.contains(Barrier::STORAGE) {
            sem |= MemorySemantics::UNIFORM_MEMORY;
        }
        if b.contains(Barrier::TEXTURE) {
            sem |= MemorySemantics::IMAGE_MEMORY;
        }
        if self.vulkan_mm {
            sem |= MemorySemantics::MAKE_AVAILABLE | MemorySemantics::MAKE_VISIBLE;
        }
        let scope = if b == Barrier::SUBGROUP {
            Scope::Subgroup
        } else {
            Scope::Workgroup
        };
        let wg = self.u32_const(scope as u32);
        let sem = self.u32_const(sem.bits());
        cx.raw(Op::ControlBarrier, &[wg, wg, sem]);
    }

    /// Memory operands for loads and stores through a pointer in `space`.
    pub(super) fn memory_operands(&self, space: Option<AddressSpace>) -> Option<u32> {
        match space {
            Some(AddressSpace::Storage | AddressSpace::Workgroup | AddressSpace::Uniform)
                if self.vulkan_mm =>
            {
                Some(spirv::MemoryAccess::NON_PRIVATE_POINTER.bits())
            }
            _ => None,
        }
    }

    /// The address space of a pointer expression.
    pub(super) fn pointer_space(&self, cx: &FnCtx, p: Handle<Expression>) -> Option<AddressSpace> {
        let ty = cx.ty(p).ok()?;
        match self.m.types.try_get(ty)?.inner {
            TypeInner::Pointer { space, .. } => Some(space),
            _ => None,
        }
    }

    /// Stores a value (converting its layout when needed).
    fn store(
        &mut self,
        cx: &mut FnCtx,
        pointer: Handle<Expression>,
        p: u32,
        value: Handle<Expression>,
        v: u32,
    ) -> R<()> {
        let mode = self.pointee_mode(cx, pointer)?;
        let vty = cx.ty(value)?;
        if self.opts.version < (1, 4) {
            let space = self
                .pointer_space(cx, pointer)
                .unwrap_or(AddressSpace::Function);
            return self.store_converted(cx, p, v, vty, mode, space);
        }
        let v = self.convert_layout(cx, v, vty, Mode::Plain, mode)?;
        match self.memory_operands(self.pointer_space(cx, pointer)) {
            Some(m) => cx.raw(Op::Store, &[p, v, m]),
            None => cx.raw(Op::Store, &[p, v]),
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn atomic(
        &mut self,
        cx: &mut FnCtx,
        pointer: Handle<Expression>,
        fun: AtomicFunction,
        value: Option<Handle<Expression>>,
        compare: Option<Handle<Expression>>,
        result: Option<Handle<Expression>>,
        span: Span,
    ) -> R<()> {
        let p = self.expr(cx, pointer)?;
        let space = self.pointer_space(cx, pointer);
        let (scalar, vector) = match cx.ty(pointer).ok().map(|t| &self.m.types[t].inner) {
            Some(TypeInner::Pointer { base, .. }) => match *self.m.inner(*base) {
                TypeInner::Atomic { scalar, size } => (Some(scalar), size.is_some()),
                _ => (None, false),
            },
            _ => (None, false),
        };
        let Some(scalar) = scalar else {
            return Err(err("atomic operation on a non-atomic pointer", span));
        };
        let scope = if space == Some(AddressSpace::Workgroup) {
            Scope::Workgroup
        } else {
            if self.vulkan_mm {
                self.s.cap(Capability::VulkanMemoryModelDeviceScope);
            }
            Scope::Device
        };
        let scope = self.u32_const(scope as u32);
        let sem = self.u32_const(0);
        // `atomic<vec2<u32>>` is a 64-bit unsigned integer (the type
        // mapping's), its `vec2<u32>` operand bitcast to one: `.x` is the
        // low word.
        let ty = if vector {
            self.u64_type()
        } else {
            self.scalar_type(scalar)
        };
        let v = match value {
            Some(v) if vector => {
                let v = self.expr(cx, v)?;
                let id = self.s.id();
                cx.op(Op::Bitcast, ty, id, &[v]);
                Some(id)
            }
            Some(v) => Some(self.expr(cx, v)?),
            None => None,
        };
        let need =
            |v: Option<u32>| v.ok_or_else(|| err("atomic operation is missing its operand", span));
        let signed = scalar == Scalar::I32;
        let id = self.s.id();
        let rmw = |op: Op, cx: &mut FnCtx, v: u32| cx.op(op, ty, id, &[p, scope, sem, v]);
        match fun {
            AtomicFunction::Load => cx.op(Op::AtomicLoad, ty, id, &[p, scope, sem]),
            AtomicFunction::Store => {
                cx.raw(Op::AtomicStore, &[p, scope, sem, need(v)?]);
                return Ok(());
            }
            AtomicFunction::Add => rmw(Op::AtomicIAdd, cx, need(v)?),
            AtomicFunction::Subtract => rmw(Op::AtomicISub, cx, need(v)?),
            AtomicFunction::Max => rmw(
                if signed {
                    Op::AtomicSMax
                } else {
                    Op::AtomicUMax
                },
                cx,
                need(v)?,
            ),
            AtomicFunction::Min => rmw(
                if signed {
                    Op::AtomicSMin
                } else {
                    Op::AtomicUMin
                },
                cx,
                need(v)?,
            ),
            // The result of `OpAtomicUMax`/`OpAtomicUMin` (the old value)
            // is unused: `atomicStoreMax`/`atomicStoreMin` return nothing.
            AtomicFunction::StoreMax => {
                rmw(Op::AtomicUMax, cx, need(v)?);
                return Ok(());
            }
            AtomicFunction::StoreMin => {
                rmw(Op::AtomicUMin, cx, need(v)?);
                return Ok(());
            }
            AtomicFunction::And => rmw(Op::AtomicAnd, cx, need(v)?),
            AtomicFunction::InclusiveOr => rmw(Op::AtomicOr, cx, need(v)?),
            AtomicFunction::ExclusiveOr => rmw(Op::AtomicXor, cx, need(v)?),
            AtomicFunction::Exchange => rmw(Op::AtomicExchange, cx, need(v)?),
            AtomicFunction::CompareExchangeWeak => {
                let c = match compare {
                    Some(c) => self.expr(cx, c)?,
                    None => {
                        return Err(err(
                            "atomicCompareExchangeWeak is missing its comparand",
                            span,
                        ))
                    }
                };
                let old = self.s.id();
                cx.op(
                    Op::AtomicCompareExchange,
                    ty,
                    old,
                    &[p, scope, sem, sem, need(v)?, c],
                );
                let bool_ty = self.scalar_type(Scalar::Bool);
                let eq = self.s.id();
                cx.op(Op::IEqual, bool_ty, eq, &[old, c]);
                let Some(r) = result else { return Ok(()) };
                let rty = self.type_id(cx.ty(r)?, Mode::Plain)?;
                cx.op(Op::CompositeConstruct, rty, id, &[old, eq]);
            }
        }
        if let Some(r) = result {
            cx.set(r, id);
        }
        Ok(())
    }
}

/// Expressions that an `Emit` does not evaluate: they are defined by their
/// statement or are available everywhere.
pub(super) fn is_deferred(e: &Expression) -> bool {
    matches!(
        e,
        Expression::CallResult(_)
            | Expression::AtomicResult { .. }
            | Expression::WorkgroupUniformLoadResult { .. }
            | Expression::SubgroupResult { .. }
    )
}

//! Loads and stores between buffer memory (explicit layout) and plain
//! values when SPIR-V has no `OpCopyLogical` (before 1.4): struct members
//! and small arrays are copied one by one through access chains, large
//! arrays with a loop, so the code size stays independent of array length.

use spirv::Op;

use super::function::FnCtx;
use super::modes::{storage_class, Mode};
use super::writer::{Writer, R};
use crate::arena::Handle;
use crate::ir::{AddressSpace, ArraySize, Scalar, Type, TypeInner};

/// Arrays up to this length are copied element by element without a loop.
const UNROLL_LIMIT: u32 = 16;

impl Writer<'_> {
    /// Whether a value of `ty` must be converted when moving between `mode`
    /// memory and plain values.
    pub(super) fn needs_layout_copy(&mut self, ty: Handle<Type>, mode: Mode) -> R<bool> {
        Ok(self.type_id(ty, mode)? != self.type_id(ty, Mode::Plain)?)
    }

    fn array_len(&mut self, size: ArraySize) -> R<u32> {
        match size {
            ArraySize::Constant(n) => Ok(n),
            ArraySize::Override(e) => self.override_u32(e),
            ArraySize::Runtime => Err(crate::diagnostic::Error::without_location(
                "a runtime-sized array cannot be loaded or stored as a whole",
            )),
        }
    }

    /// Emits `for (i = 0; i < n; i++) { body(i) }`.
    fn counted_loop(
        &mut self,
        cx: &mut FnCtx,
        n: u32,
        mut body: impl FnMut(&mut Self, &mut FnCtx, u32) -> R<()>,
    ) -> R<()> {
        let u = self.u32_type();
        let b = self.scalar_type(Scalar::Bool);
        let var = self.temp_var(cx, u);
        let zero = self.u32_const(0);
        let one = self.u32_const(1);
        let n = self.u32_const(n);
        cx.raw(Op::Store, &[var, zero]);
        let (header, body_l, cont, merge) = (self.s.id(), self.s.id(), self.s.id(), self.s.id());
        cx.branch(header);
        cx.label(header);
        let i = self.emit(cx, Op::Load, u, &[var]);
        let c = self.emit(cx, Op::ULessThan, b, &[i, n]);
        cx.raw(Op::LoopMerge, &[merge, cont, 0]);
        cx.raw(Op::BranchConditional, &[c, body_l, merge]);
        cx.label(body_l);
        body(self, cx, i)?;
        cx.branch(cont);
        cx.label(cont);
        let next = self.emit(cx, Op::IAdd, u, &[i, one]);
        cx.raw(Op::Store, &[var, next]);
        cx.raw(Op::Branch, &[header]);
        cx.open = false;
        cx.label(merge);
        Ok(())
    }

    /// Loads a plain value of `ty` from `p`, which points to `mode` memory in `space`.
    pub(super) fn load_converted(
        &mut self,
        cx: &mut FnCtx,
        p: u32,
        ty: Handle<Type>,
        mode: Mode,
        space: AddressSpace,
    ) -> R<u32> {
        let plain = self.type_id(ty, Mode::Plain)?;
        if !self.needs_layout_copy(ty, mode)? {
            return Ok(match self.memory_operands(Some(space)) {
                Some(m) => self.emit(cx, Op::Load, plain, &[p, m]),
                None => self.emit(cx, Op::Load, plain, &[p]),
            });
        }
        let class = storage_class(space);
        let m = self.m;
        match &m.types[ty].inner {
            TypeInner::Struct { members, .. } => {
                let mut parts = Vec::with_capacity(members.len());
                for (i, mem) in members.iter().enumerate() {
                    let index = self.member_index(ty, mode, i as u32)?;
                    if mode.is_std140() && self.is_std140_matrix(mem.ty) {
                        parts.push(self.load_columns(cx, p, index, mem.ty)?);
                        continue;
                    }
                    let mt = self.type_id(mem.ty, mode.member())?;
                    let pt = self.pointer_type(class, mt);
                    let idx = self.u32_const(index);
                    let mp = self.emit(cx, Op::AccessChain, pt, &[p, idx]);
                    parts.push(self.load_converted(cx, mp, mem.ty, mode.member(), space)?);
                }
                Ok(self.emit(cx, Op::CompositeConstruct, plain, &parts))
            }
            TypeInner::Array { base, size, .. } => {
                let (base, n) = (*base, self.array_len(*size)?);
                let et = self.type_id(base, mode.member())?;
                let pt = self.pointer_type(class, et);
                if n <= UNROLL_LIMIT {
                    let mut parts = Vec::with_capacity(n as usize);
                    for i in 0..n {
                        let idx = self.u32_const(i);
                        let ep = self.emit(cx, Op::AccessChain, pt, &[p, idx]);
                        parts.push(self.load_converted(cx, ep, base, mode.member(), space)?);
                    }
                    return Ok(self.emit(cx, Op::CompositeConstruct, plain, &parts));
                }
                let tmp = self.temp_var(cx, plain);
                let plain_elem = self.type_id(base, Mode::Plain)?;
                let tpt = self.pointer_type(spirv::StorageClass::Function, plain_elem);
                self.counted_loop(cx, n, |w, cx, i| {
                    let ep = w.emit(cx, Op::AccessChain, pt, &[p, i]);
                    let v = w.load_converted(cx, ep, base, mode.member(), space)?;
                    let tp = w.emit(cx, Op::AccessChain, tpt, &[tmp, i]);
                    cx.raw(Op::Store, &[tp, v]);
                    Ok(())
                })?;
                Ok(self.emit(cx, Op::Load, plain, &[tmp]))
            }
            TypeInner::Matrix { .. } if mode.is_std140() => self.load_columns(cx, p, 0, ty),
            _ => Err(crate::diagnostic::Error::without_location(
                "cannot load this type from buffer memory",
            )),
        }
    }

    /// Stores the plain value `v` of `ty` to `p`, which points to `mode`
    /// memory in `space`.
    pub(super) fn store_converted(
        &mut self,
        cx: &mut FnCtx,
        p: u32,
        v: u32,
        ty: Handle<Type>,
        mode: Mode,
        space: AddressSpace,
    ) -> R<()> {
        if !self.needs_layout_copy(ty, mode)? {
            match self.memory_operands(Some(space)) {
                Some(m) => cx.raw(Op::Store, &[p, v, m]),
                None => cx.raw(Op::Store, &[p, v]),
            }
            return Ok(());
        }
        let class = storage_class(space);
        let m = self.m;
        match &m.types[ty].inner {
            TypeInner::Struct { members, .. } => {
                for (i, mem) in members.iter().enumerate() {
                    let mt = self.type_id(mem.ty, Mode::Explicit)?;
                    let pt = self.pointer_type(class, mt);
                    let idx = self.u32_const(i as u32);
                    let mp = self.emit(cx, Op::AccessChain, pt, &[p, idx]);
                    let plain_m = self.type_id(mem.ty, Mode::Plain)?;
                    let mv = self.emit(cx, Op::CompositeExtract, plain_m, &[v, i as u32]);
                    self.store_converted(cx, mp, mv, mem.ty, Mode::Explicit, space)?;
                }
                Ok(())
            }
            TypeInner::Array { base, size, .. } => {
                let (base, n) = (*base, self.array_len(*size)?);
                let et = self.type_id(base, Mode::Explicit)?;
                let pt = self.pointer_type(class, et);
                let plain_elem = self.type_id(base, Mode::Plain)?;
                if n <= UNROLL_LIMIT {
                    for i in 0..n {
                        let idx = self.u32_const(i);
                        let ep = self.emit(cx, Op::AccessChain, pt, &[p, idx]);
                        let ev = self.emit(cx, Op::CompositeExtract, plain_elem, &[v, i]);
                        self.store_converted(cx, ep, ev, base, Mode::Explicit, space)?;
                    }
                    return Ok(());
                }
                let plain = self.type_id(ty, Mode::Plain)?;
                let tmp = self.temp_var(cx, plain);
                cx.raw(Op::Store, &[tmp, v]);
                let tpt = self.pointer_type(spirv::StorageClass::Function, plain_elem);
                self.counted_loop(cx, n, |w, cx, i| {
                    let tp = w.emit(cx, Op::AccessChain, tpt, &[tmp, i]);
                    let ev = w.emit(cx, Op::Load, plain_elem, &[tp]);
                    let ep = w.emit(cx, Op::AccessChain, pt, &[p, i]);
                    w.store_converted(cx, ep, ev, base, Mode::Explicit, space)
                })
            }
            _ => Err(crate::diagnostic::Error::without_location(
                "cannot store this type to buffer memory",
            )),
        }
    }
}

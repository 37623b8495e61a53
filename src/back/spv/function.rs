//! Function bodies: per-function state, signatures, local variables, and the
//! layout of the emitted function (variables first in the entry block).

use spirv::Op;

use super::builder::{inst, inst_str};
use super::modes::{LocalType, Mode};
use super::writer::{err, Writer, R};
use crate::arena::Handle;
use crate::ir::{Expression, Function, Type, TypeInner};
use crate::span::Span;

/// Where `break` and `continue` go.
#[derive(Clone, Copy, Debug)]
pub(super) enum Target {
    /// A loop: `break` to `merge`, `continue` to `cont`.
    Loop { merge: u32, cont: u32 },
    /// A switch: `break` to `merge`.
    Switch { merge: u32 },
}

/// How an entry point's return value is written.
#[derive(Clone, Debug, Default)]
pub(super) struct EntryIo {
    /// Values of the IR arguments, loaded from input variables.
    pub args: Vec<u32>,
    /// Output pointers: `(pointer, member index of the result struct)`.
    pub outputs: Vec<(u32, Option<u32>)>,
    /// Instructions loading the inputs (placed in the entry block).
    pub prologue: Vec<u32>,
}

/// State of the function being written.
pub(super) struct FnCtx<'f> {
    pub f: &'f Function,
    /// SPIR-V id of each expression (0: not evaluated yet).
    pub ids: Vec<u32>,
    /// Variable ids of the locals.
    pub local_ids: Vec<u32>,
    /// Parameter ids (or loaded input values for entry points).
    pub arg_ids: Vec<u32>,
    /// `OpVariable`s (first in the entry block).
    pub vars: Vec<u32>,
    /// Instructions that must dominate the whole body (entry block).
    pub prologue: Vec<u32>,
    /// The body.
    pub body: Vec<u32>,
    /// Whether the current block is still open (no terminator yet).
    pub open: bool,
    /// Enclosing loops and switches.
    pub targets: Vec<Target>,
    /// Entry-point IO, for entry points.
    pub entry: Option<EntryIo>,
    /// Whether the function returns void.
    pub returns_void: bool,
    /// Current depth of on-demand expression evaluation.
    pub depth: u32,
    /// Pointer expressions (by index) to decomposed uniform matrices:
    /// `(pointer to the containing struct, member index of column 0)`.
    pub split_ptrs: rustc_hash::FxHashMap<u32, (u32, u32)>,
    /// Pointer expressions (by index) that point into a Function-variable
    /// copy although their IR type says uniform (see `std140`).
    pub fn_ptrs: rustc_hash::FxHashSet<u32>,
    /// The source location in effect (debug information).
    pub lines: super::debug_info::Lines,
    /// The block being written: its label, or `u32::MAX` for the entry
    /// block (whose label is written last).
    pub block: u32,
    /// Values already spilled to a variable for dynamic indexing: value id
    /// to `(variable, block of the store)`, block 0 for a store in the
    /// prologue (function arguments), which dominates the whole body. A
    /// later dynamic index of the same value reuses the variable where the
    /// store dominates it (the prologue, or earlier in the same block)
    /// instead of copying the value again.
    pub spills: rustc_hash::FxHashMap<u32, (u32, u32)>,
}

impl FnCtx<'_> {
    /// Emits `op result_type result operands...` into the body.
    #[inline]
    pub fn op(&mut self, op: Op, ty: u32, id: u32, operands: &[u32]) {
        self.body
            .push(((operands.len() as u32 + 3) << 16) | op as u32);
        self.body.push(ty);
        self.body.push(id);
        self.body.extend_from_slice(operands);
    }

    /// Emits an instruction without a result.
    #[inline]
    pub fn raw(&mut self, op: Op, operands: &[u32]) {
        inst(&mut self.body, op, operands);
    }

    /// Starts a block.
    pub fn label(&mut self, id: u32) {
        inst(&mut self.body, Op::Label, &[id]);
        self.open = true;
        self.block = id;
        self.lines.block_start();
    }

    /// Branches to `target` if the current block is open.
    pub fn branch(&mut self, target: u32) {
        if self.open {
            inst(&mut self.body, Op::Branch, &[target]);
            self.open = false;
        }
    }

    /// Records the id of an expression (ignored for an invalid handle, which
    /// is then reported where it is used).
    #[inline]
    pub fn set(&mut self, h: Handle<Expression>, id: u32) {
        if let Some(slot) = self.ids.get_mut(h.index()) {
            *slot = id;
        }
    }

    /// The IR type of an expression.
    pub fn ty(&self, h: Handle<Expression>) -> R<Handle<Type>> {
        self.f
            .expression_types
            .get(h.index())
            .copied()
            .ok_or_else(|| err("expression has no recorded type", self.span(h)))
    }

    /// The span of an expression.
    pub fn span(&self, h: Handle<Expression>) -> Span {
        self.f.expressions.span(h)
    }
}

impl Writer<'_> {
    /// The id of an argument's SPIR-V type.
    fn param_type(&mut self, ty: Handle<Type>) -> R<u32> {
        self.type_id(ty, Mode::Plain)
    }

    /// Writes one function (`entry` is set for entry points).
    pub(super) fn write_function(
        &mut self,
        h: Handle<Function>,
        f: &Function,
        entry: Option<EntryIo>,
    ) -> R<()> {
        let fn_id = self.function_ids[h.index()];
        let is_entry = entry.is_some();
        let void = self.void_type();
        let ret = match (&f.result, is_entry) {
            (Some(r), false) => self.type_id(r.ty, Mode::Plain)?,
            _ => void,
        };
        let mut sig = vec![ret];
        let mut params = Vec::new();
        if !is_entry {
            for a in &f.arguments {
                let t = self.param_type(a.ty)?;
                sig.push(t);
                params.push(t);
            }
        }
        let fn_ty = self.local_type(LocalType::Function(sig));
        let mut out = std::mem::take(&mut self.s.functions);
        inst(&mut out, Op::Function, &[ret, fn_id, 0, fn_ty]);
        if !f.name.is_empty() {
            inst_str(&mut self.s.names, Op::Name, &[fn_id], &f.name, &[]);
        }
        let mut arg_ids = Vec::with_capacity(params.len());
        let mut next_param = params.iter();
        for a in &f.arguments {
            if is_entry {
                break;
            }
            let Some(&t) = next_param.next() else {
                return Err(crate::diagnostic::Error::without_location(
                    "internal error: parameter count",
                ));
            };
            let id = self.s.id();
            inst(&mut out, Op::FunctionParameter, &[t, id]);
            if !a.name.is_empty() {
                inst_str(&mut self.s.names, Op::Name, &[id], &a.name, &[]);
            }
            arg_ids.push(id);
        }
        let mut cx = FnCtx {
            f,
            ids: vec![0; f.expressions.len()],
            local_ids: Vec::with_capacity(f.local_variables.len()),
            arg_ids,
            vars: Vec::new(),
            prologue: Vec::new(),
            body: Vec::with_capacity(f.expressions.len() * 5),
            open: true,
            targets: Vec::new(),
            entry: None,
            returns_void: ret == void,
            depth: 0,
            split_ptrs: Default::default(),
            fn_ptrs: Default::default(),
            lines: Default::default(),
            block: u32::MAX,
            spills: Default::default(),
        };
        for (_, var) in f.local_variables.iter() {
            let t = self.type_id(var.ty, Mode::Plain)?;
            let ptr = self.pointer_type(spirv::StorageClass::Function, t);
            let id = self.s.id();
            inst(
                &mut cx.vars,
                Op::Variable,
                &[ptr, id, spirv::StorageClass::Function as u32],
            );
            if !var.name.is_empty() {
                inst_str(&mut self.s.names, Op::Name, &[id], &var.name, &[]);
            }
            cx.local_ids.push(id);
        }
        if let Some(mut io) = entry {
            cx.arg_ids = std::mem::take(&mut io.args);
            cx.prologue = std::mem::take(&mut io.prologue);
            cx.entry = Some(io);
        }
        let entry_label = self.s.id();
        self.block(&mut cx, &f.body)?;
        if cx.open {
            if cx.returns_void {
                self.write_return(&mut cx, None, Span::UNDEFINED)?;
            } else {
                cx.raw(Op::Unreachable, &[]);
                cx.open = false;
            }
        }
        self.name_lets(&cx);
        inst(&mut out, Op::Label, &[entry_label]);
        out.extend_from_slice(&cx.vars);
        out.extend_from_slice(&cx.prologue);
        out.extend_from_slice(&cx.body);
        inst(&mut out, Op::FunctionEnd, &[]);
        self.s.functions = out;
        Ok(())
    }

    /// Writes a `return` (entry points store their outputs first).
    pub(super) fn write_return(
        &mut self,
        cx: &mut FnCtx,
        value: Option<Handle<Expression>>,
        span: Span,
    ) -> R<()> {
        let value_id = match value {
            Some(v) => Some(self.expr(cx, v)?),
            None => None,
        };
        if let Some(io) = cx.entry.take() {
            if let (Some(v), Some(result)) = (value_id, &cx.f.result) {
                let result_ty = result.ty;
                for &(var, member) in &io.outputs {
                    match member {
                        None => cx.raw(Op::Store, &[var, v]),
                        Some(i) => {
                            let mty = match self.m.inner(result_ty) {
                                TypeInner::Struct { members, .. } => members
                                    .get(i as usize)
                                    .map(|m| m.ty)
                                    .ok_or_else(|| err("invalid output member", span))?,
                                _ => return Err(err("entry-point output is not a struct", span)),
                            };
                            let t = self.type_id(mty, Mode::Plain)?;
                            let id = self.s.id();
                            cx.op(Op::CompositeExtract, t, id, &[v, i]);
                            cx.raw(Op::Store, &[var, id]);
                        }
                    }
                }
            }
            cx.entry = Some(io);
            cx.raw(Op::Return, &[]);
        } else {
            match value_id {
                Some(v) => cx.raw(Op::ReturnValue, &[v]),
                None => cx.raw(Op::Return, &[]),
            }
        }
        cx.open = false;
        Ok(())
    }

    /// A fresh function-scope variable of type `ty` (an id of a plain type).
    pub(super) fn temp_var(&mut self, cx: &mut FnCtx, ty: u32) -> u32 {
        let ptr = self.pointer_type(spirv::StorageClass::Function, ty);
        let id = self.s.id();
        inst(
            &mut cx.vars,
            Op::Variable,
            &[ptr, id, spirv::StorageClass::Function as u32],
        );
        id
    }
}

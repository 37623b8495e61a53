//! The state every part of the printer shares: the module-level [`Writer`]
//! (filled by `module`), the per-function [`FnCtx`] (created by
//! `function`), the result type [`R`] and the error constructors, and the
//! two operations on a function's temporaries that statements and
//! expressions both use ([`temp_name`], [`bind_result`]).
//!
//! This module imports only leaf modules (`names`, `types`);
//! every other printer module imports it.

use std::cell::RefCell;
use std::fmt::Write as _;

use rustc_hash::FxHashMap;

use super::names::Namer;
use super::types::{is_packed_member, Field, TypeCtx};
use super::Options;
use crate::arena::Handle;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::PipelineModule;
use crate::ir::{ConstValue, Expression, Function, Module, Type};
use crate::span::Span;
use crate::valid::ModuleInfo;

/// Result type of the writer.
pub(super) type R<T> = Result<T, Error>;

/// An error diagnostic.
pub(super) fn err(message: impl Into<String>, span: Span) -> Error {
    Diagnostic::error(message, span).into()
}

/// A diagnostic of a builtin module (which carry no span) placed at `span`.
pub(super) fn at(d: impl Into<Box<Diagnostic>>, span: Span) -> Error {
    (*d.into()).or_at(span).into()
}

/// Per-function facts for the signature: the globals it (transitively)
/// uses and whether it needs the sizes buffer.
#[derive(Clone, Debug, Default)]
pub(super) struct FnGlobals {
    /// Global variable indices, ascending.
    pub globals: Vec<usize>,
    /// Whether the function reads runtime-array lengths.
    pub sizes: bool,
}

/// The constants declared at program scope (see `value`).
#[derive(Debug, Default)]
pub(super) struct ProgramConstants {
    /// The MSL name of each declared constant.
    pub names: FxHashMap<Handle<ConstValue>, String>,
    /// Their declarations, in the order of first use.
    pub declarations: String,
}

/// The per-expression tables of the function being written (`FnCtx::t`).
/// The writer keeps them between functions (`Writer::tables`), so the next
/// function reuses their memory (see `function::begin`).
#[derive(Default)]
pub(super) struct FnTables {
    /// Printed form of each evaluated expression (a temporary's name or an
    /// inline expression).
    pub exprs: Texts,
    /// Nesting depth of each inline expression.
    pub depth: Vec<u32>,
    /// Number of uses of each expression.
    pub uses: Vec<u32>,
    /// Expressions that must be baked into temporaries declared at the top
    /// of the function (they are used in a `continuing` block).
    pub hoisted: Vec<bool>,
    /// Expressions whose operand must be baked (used more than once).
    pub force_bake: Vec<bool>,
    /// Expressions a `let` names.
    pub named: Vec<bool>,
    /// The expression using each expression (meaningful when it has one
    /// use).
    pub user: Vec<Option<Handle<Expression>>>,
    /// Memory reads that may be printed where they are used: their one use
    /// is (through other such expressions of the same `Emit`) in the
    /// statement right after their `Emit`, before any write.
    pub read_in_place: Vec<bool>,
    /// Where inline expression texts are built (reused: see
    /// `expression::emit`).
    pub scratch: String,
    /// Scratch of `statement::mark_read_in_place`: the operands of the
    /// statement after a run of `Emit`s.
    pub direct: Vec<Handle<Expression>>,
    /// Scratch of `statement::mark_read_in_place`: the run's ranges.
    pub ranges: Vec<std::ops::Range<usize>>,
    /// Where a user function call's text is built (`statement`).
    pub call: String,
    /// The MSL name of each local variable.
    pub local_names: Vec<String>,
    /// The MSL name of each parameter.
    pub arg_names: Vec<String>,
    /// For pointer parameters to (structs ending with) runtime-sized
    /// arrays: the hidden parameter holding the array's element count.
    pub arg_lengths: Vec<Option<String>>,
}

impl FnTables {
    /// Empties the tables and sizes them for a function of `n`
    /// expressions, keeping their memory.
    pub fn reset(&mut self, n: usize) {
        use crate::arena::refill;
        self.exprs.reset(n);
        refill(&mut self.depth, n, 0);
        refill(&mut self.uses, n, 0);
        refill(&mut self.hoisted, n, false);
        refill(&mut self.force_bake, n, false);
        refill(&mut self.named, n, false);
        refill(&mut self.user, n, None);
        refill(&mut self.read_in_place, n, false);
        self.scratch.clear();
        self.direct.clear();
        self.ranges.clear();
        self.local_names.clear();
        self.arg_names.clear();
        self.arg_lengths.clear();
    }
}

/// The printed form of each evaluated expression of a function, kept in
/// one buffer: an inline expression's text is written once per use of the
/// buffer's memory instead of in a string of its own (thousands of
/// allocations per module otherwise). Forgotten texts leave gaps that a
/// compaction reclaims once they outweigh the texts still kept, so the
/// buffer stays within a constant factor of what is kept (plus one byte
/// per expression) and the copying is linear in all the text stored.
#[derive(Default)]
pub(super) struct Texts {
    /// The texts, back to back, with gaps where texts were forgotten.
    buf: String,
    /// Where each expression's text is in `buf` (`NONE` when it has none).
    slots: Vec<(u32, u32)>,
    /// Bytes of `buf` that belong to a kept text.
    live: usize,
    /// The buffer a compaction copies into (kept for its memory).
    spare: String,
}

const NONE: (u32, u32) = (u32::MAX, 0);

impl Texts {
    /// Forgets every text and sizes the table for `n` expressions.
    fn reset(&mut self, n: usize) {
        self.buf.clear();
        self.slots.clear();
        self.slots.resize(n, NONE);
        self.live = 0;
    }

    /// The text of expression `i`, if it has one.
    pub fn get(&self, i: usize) -> Option<&str> {
        match self.slots.get(i) {
            Some(&(start, len)) if start != u32::MAX => {
                let start = start as usize;
                self.buf.get(start..start + len as usize)
            }
            _ => None,
        }
    }

    /// Whether expression `i` has a text.
    pub fn is_set(&self, i: usize) -> bool {
        self.slots
            .get(i)
            .is_some_and(|&(start, _)| start != u32::MAX)
    }

    /// Gives expression `i` the text `text` (replacing any it has).
    pub fn set(&mut self, i: usize, text: &str) {
        if i >= self.slots.len() {
            return;
        }
        self.clear(i);
        let garbage = self.buf.len() - self.live;
        if garbage > self.live.max(self.slots.len()).max(4096) {
            self.compact();
        }
        let (Ok(start), Ok(len)) = (u32::try_from(self.buf.len()), u32::try_from(text.len()))
        else {
            // Beyond what offsets of 32 bits reach (no real function):
            // the text is dropped, and the expression reads as unprinted.
            return;
        };
        if start == u32::MAX {
            return;
        }
        self.buf.push_str(text);
        self.live += text.len();
        self.slots[i] = (start, len);
    }

    /// Forgets the text of expression `i`.
    pub fn clear(&mut self, i: usize) {
        if let Some(slot) = self.slots.get_mut(i) {
            if slot.0 != u32::MAX {
                self.live -= slot.1 as usize;
                *slot = NONE;
            }
        }
    }

    /// Copies the kept texts to the front of a fresh buffer, in expression
    /// order (the order does not matter: slots are offsets).
    fn compact(&mut self) {
        let mut fresh = std::mem::take(&mut self.spare);
        fresh.clear();
        for slot in &mut self.slots {
            if slot.0 != u32::MAX {
                let start = slot.0 as usize;
                let new_start = fresh.len() as u32;
                fresh.push_str(&self.buf[start..start + slot.1 as usize]);
                slot.0 = new_start;
            }
        }
        self.spare = std::mem::replace(&mut self.buf, fresh);
    }
}

/// Module-level writer state.
pub(super) struct Writer<'a> {
    pub m: &'a Module,
    pub p: &'a PipelineModule<'a>,
    pub info: &'a ModuleInfo,
    pub opts: &'a Options,
    pub tcx: TypeCtx<'a>,
    /// Names of the module and of the function being written.
    pub namer: Namer,
    /// MSL name per global variable.
    pub global_names: Vec<String>,
    /// MSL name per function (empty: not written).
    pub function_names: Vec<String>,
    /// Globals used per function (by index).
    pub fn_globals: Vec<FnGlobals>,
    /// Index into the sizes buffer per global (runtime-sized buffers).
    pub sizes_index: FxHashMap<usize, u32>,
    /// Printed struct fields per struct type.
    pub fields: FxHashMap<Handle<Type>, Vec<Field>>,
    /// MSL member names per struct type.
    pub member_names: FxHashMap<Handle<Type>, Vec<String>>,
    /// Whether any function needs the sizes buffer struct.
    pub any_sizes: bool,
    /// Constants declared at program scope; filled while printing values,
    /// which reads the writer only.
    pub constants: RefCell<ProgramConstants>,
    /// Memory for the next function's tables.
    pub tables: FnTables,
    /// Whether the module has a subgroup-matrix type (else no expression
    /// is an element-wise matrix operation).
    pub has_matrix_types: bool,
    /// Whether some structure has a member printed as a packed `vec3`
    /// (else no pointer points to one).
    pub has_packed_members: bool,
}

impl Writer<'_> {
    /// The MSL spelling of a type.
    pub fn type_name(&self, ty: Handle<Type>) -> String {
        self.tcx.type_name(ty)
    }

    /// The MSL spelling of a type, borrowed where the writer has it (every
    /// type of the module: see `module::name_types`).
    pub fn type_str(&self, ty: Handle<Type>) -> std::borrow::Cow<'_, str> {
        match self.tcx.names.get(ty.index()) {
            Some(n) => std::borrow::Cow::Borrowed(n),
            None => std::borrow::Cow::Owned(self.tcx.type_name(ty)),
        }
    }

    /// The spelling of a type as a struct member or array element (vec3
    /// members are packed).
    pub fn member_type_name(&self, ty: Handle<Type>) -> std::borrow::Cow<'_, str> {
        match is_packed_member(self.m.inner(ty)) {
            Some(p) => std::borrow::Cow::Borrowed(p),
            None => self.type_str(ty),
        }
    }
}

/// Per-function writer state.
pub(super) struct FnCtx<'f> {
    pub f: &'f Function,
    /// The per-expression tables.
    pub t: FnTables,
    pub indent: usize,
    pub out: String,
    pub loops: u32,
    /// The entry point being written, if any.
    pub entry: Option<usize>,
    /// The output struct of a vertex or fragment entry point with a result
    /// (`return` fills it).
    pub render_output: Option<std::rc::Rc<RenderOutput>>,
}

/// Starts a line of `out` at indentation `indent`.
pub(super) fn indent_line(out: &mut String, indent: usize) {
    for _ in 0..indent {
        out.push_str("  ");
    }
}

impl FnCtx<'_> {
    /// Appends a full line made of the texts `make` returns, which may
    /// borrow the context (the output is set aside while they are made and
    /// written, so no line is built in a string of its own first).
    pub fn put_line(
        &mut self,
        make: impl FnOnce(&Self, &mut dyn FnMut(&[&str])) -> R<()>,
    ) -> R<()> {
        let mut out = std::mem::take(&mut self.out);
        let indent = self.indent;
        let r = make(self, &mut |parts: &[&str]| {
            indent_line(&mut out, indent);
            for p in parts {
                out.push_str(p);
            }
            out.push('\n');
        });
        self.out = out;
        r
    }

    /// Starts a line at the current indentation.
    pub fn line(&mut self) -> &mut String {
        indent_line(&mut self.out, self.indent);
        &mut self.out
    }

    /// Appends a full line.
    pub fn push_line(&mut self, text: &str) {
        self.line().push_str(text);
        self.out.push('\n');
    }

    /// The span of an expression.
    pub fn span(&self, h: Handle<Expression>) -> Span {
        self.f.expressions.span(h)
    }
}

/// A fresh temporary name for an expression (its `let` name if it has one).
pub(super) fn temp_name(w: &mut Writer, cx: &FnCtx, h: Handle<Expression>) -> String {
    let mut name = String::new();
    temp_name_into(w, cx.f, h, &mut name);
    name
}

/// [`temp_name`] for an expression of `f`, appended to `out`.
pub(super) fn temp_name_into(
    w: &mut Writer,
    f: &Function,
    h: Handle<Expression>,
    out: &mut String,
) {
    match f.named_expressions.get(&h) {
        Some(n) => w.namer.call_into(n, out),
        // `_e<N>` is reserved (see `names::is_reserved`): no other name
        // can take it, so it need not be recorded as taken.
        None => {
            out.push_str("_e");
            let _ = write!(out, "{}", h.index());
        }
    }
}

/// Declares (or assigns, when hoisted) the temporary of a result expression.
pub(super) fn bind_result(w: &mut Writer, cx: &mut FnCtx, h: Handle<Expression>, value: &str) {
    if cx.t.hoisted[h.index()] {
        let FnCtx { t, out, indent, .. } = cx;
        let name = t.exprs.get(h.index()).unwrap_or_default();
        indent_line(out, *indent);
        for part in [name, " = ", value, ";\n"] {
            out.push_str(part);
        }
        return;
    }
    let FnCtx {
        f, t, out, indent, ..
    } = cx;
    indent_line(out, *indent);
    out.push_str(&w.type_str(f.expression_type(h)));
    out.push(' ');
    // The name is written in place and copied into the text table from
    // there.
    let start = out.len();
    temp_name_into(w, f, h, out);
    t.exprs.set(h.index(), &out[start..]);
    for part in [" = ", value, ";\n"] {
        out.push_str(part);
    }
}

/// A member of an entry point's output struct.
#[derive(Debug)]
pub(super) struct OutMember {
    /// Its MSL name in the output struct.
    pub(super) name: String,
    /// The result struct's member it comes from (`None`: the whole result).
    pub(super) source: Option<usize>,
    /// The length of a `clip_distances` array (copied element-wise out of
    /// the array wrapper).
    pub(super) array_len: Option<u32>,
}

/// The output struct of a vertex or fragment entry point.
#[derive(Debug)]
pub(super) struct RenderOutput {
    /// The struct's MSL name.
    pub(super) struct_name: String,
    /// The WGSL result type.
    pub(super) result_ty: Handle<Type>,
    /// Its members.
    pub(super) members: Vec<OutMember>,
    /// A local name for the result value.
    pub(super) value_name: String,
    /// A local name for the output struct.
    pub(super) out_name: String,
}

#[cfg(test)]
mod tests {
    use super::Texts;

    #[test]
    fn texts_survive_compaction_and_replacement() {
        let mut t = Texts::default();
        t.reset(3);
        assert_eq!(t.get(0), None);
        assert!(!t.is_set(2));
        // Many forgotten texts between two kept ones force compactions.
        t.set(0, "kept");
        for k in 0..10_000 {
            t.set(1, &format!("forgotten {k}"));
            t.clear(1);
        }
        t.set(2, "(a + b)");
        assert_eq!(t.get(0), Some("kept"));
        assert_eq!(t.get(1), None);
        assert_eq!(t.get(2), Some("(a + b)"));
        // The buffer holds the kept texts and bounded garbage, not every
        // text ever set.
        assert!(t.buf.len() < 2 * 4096 + 64, "{}", t.buf.len());
        // Replacing a text keeps only the new one.
        t.set(0, "_e0");
        assert_eq!(t.get(0), Some("_e0"));
        assert_eq!(t.live, "_e0".len() + "(a + b)".len());
        // Out-of-range expressions have no text and take none.
        let live = t.live;
        t.set(7, "nowhere");
        assert_eq!(t.get(7), None);
        assert_eq!(t.live, live);
        t.reset(1);
        assert_eq!(t.get(0), None);
    }
}

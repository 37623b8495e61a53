//! Function-scope state: the function being built, the block stack, the
//! lexical scopes of local names, and the control-flow context.

use super::{Res, Val};
use crate::arena::Handle;
use crate::const_eval::Value;
use crate::diagnostic::Diagnostic;
use crate::front::wgsl::ast::Ident;
use crate::ir::{self, Type};
use crate::span::Span;
use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;

/// A local name.
#[derive(Clone, Debug)]
pub(crate) enum Local {
    /// A function-scope `var`: its `LocalVariable` pointer expression.
    Var {
        /// Pointer expression.
        ptr: Handle<ir::Expression>,
        /// Store type.
        store: Handle<Type>,
    },
    /// A `let` or a parameter: a runtime value (possibly a pointer).
    Value(Val),
    /// A function-scope `const`.
    Const(Value),
    /// A declaration whose resolution failed (already reported): uses of
    /// the name fail quietly instead of as unresolved identifiers.
    Poisoned,
}

/// What a `break`/`continue` would leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ctl {
    /// A loop body.
    Loop,
    /// A switch clause.
    Switch,
    /// A `continuing` block.
    Continuing,
}

/// An open loop: where its body's scope is and the first `continue` that
/// targets it (the body-level declarations made before it, and its span).
#[derive(Clone, Copy, Debug)]
pub(crate) struct OpenLoop {
    /// The scope depth of the loop body (see [`Scopes::depth`]).
    pub body_depth: usize,
    /// The first `continue` to this loop: how many declarations the body
    /// had made at its level, and where the `continue` is.
    pub first_continue: Option<(usize, Span)>,
}

/// While a `continuing` block is resolved: the body-level declarations of
/// its loop that a `continue` skips (a use of one is an error, WGSL
/// "Continue Statement").
#[derive(Clone, Debug)]
pub(crate) struct Skipped {
    /// The skipped bindings (indices into the scope table).
    pub bindings: std::ops::Range<usize>,
    /// The `continue` that skips them.
    pub continue_span: Span,
}

/// Signature facts about a resolved user function.
#[derive(Clone, Debug)]
pub(crate) struct FnInfo {
    /// Parameter types.
    pub params: SmallVec<[Handle<Type>; 4]>,
    /// Return type.
    pub result: Option<Handle<Type>>,
    /// `@must_use`.
    pub must_use: bool,
    /// Whether this is an entry point (not callable).
    pub entry: bool,
}

/// The state of the function being resolved.
pub(crate) struct FnState<'a> {
    /// Emptied working blocks, reused by `open` (see `emitter.rs`).
    pub pool: Vec<ir::Block>,
    /// The function under construction.
    pub func: ir::Function,
    /// Open blocks; statements go to the last one.
    pub blocks: Vec<ir::Block>,
    /// Start of the pending `Emit` range.
    pub emit_start: usize,
    /// Lexical scopes of local names.
    pub scopes: Scopes<'a>,
    /// Enclosing breakable constructs, innermost last.
    pub ctl: Vec<Ctl>,
    /// Enclosing loops, innermost last (one per `Ctl::Loop`).
    pub loops: Vec<OpenLoop>,
    /// The declarations skipped by a `continue`, for each `continuing`
    /// block being resolved (outermost first).
    pub skipped: Vec<Skipped>,
    /// Declared return type.
    pub result: Option<Handle<Type>>,
    /// Whether the declared return type failed to resolve (already
    /// reported): `return` statements are then not checked against it.
    pub result_unknown: bool,
    /// Counter for names of compiler temporaries.
    pub temps: u32,
    /// Whether a statement of the body failed (already reported): the body
    /// is incomplete, so it is not checked for a missing `return`.
    pub had_errors: bool,
    /// Combined byte size of the function-scope variables so far.
    pub var_bytes: u64,
}

/// The emptied tables one function's state leaves to the next, so that
/// each function reuses the capacity the previous one grew.
#[derive(Default)]
pub(crate) struct Spares<'a> {
    scopes: Scopes<'a>,
    blocks: Vec<ir::Block>,
    /// The (empty) stack of open blocks.
    open: Vec<ir::Block>,
}

impl<'a> FnState<'a> {
    /// A new state for a function.
    pub fn new(func: ir::Function) -> Self {
        Self::reusing(func, Spares::default())
    }

    /// A new state for a function, with the tables another one left.
    pub fn reusing(func: ir::Function, spares: Spares<'a>) -> Self {
        let Spares {
            scopes,
            blocks: mut pool,
            open: mut blocks,
        } = spares;
        blocks.clear();
        blocks.push(pool.pop().unwrap_or_default());
        FnState {
            func,
            blocks,
            pool,
            emit_start: 0,
            scopes,
            ctl: Vec::new(),
            loops: Vec::new(),
            skipped: Vec::new(),
            result: None,
            result_unknown: false,
            temps: 0,
            had_errors: false,
            var_bytes: 0,
        }
    }

    /// Empties the scope table and the working blocks for the next
    /// function (see [`FnState::reusing`]).
    pub fn take_spares(&mut self) -> Spares<'a> {
        self.scopes.clear();
        Spares {
            scopes: std::mem::take(&mut self.scopes),
            blocks: std::mem::take(&mut self.pool),
            open: std::mem::take(&mut self.blocks),
        }
    }

    /// Looks a local name up, innermost scope first.
    pub fn lookup(&self, name: &str) -> Option<&Local> {
        self.scopes.lookup(name)
    }

    /// Declares a local name in the innermost scope; returns false if the
    /// name is already declared in that scope.
    pub fn declare(&mut self, name: Ident<'a>, local: Local) -> bool {
        self.scopes.declare(name, local)
    }

    /// Looks a local name up for a use of its value: like `lookup`, but a
    /// body-level declaration of a loop that a `continue` skips is an
    /// error when the use is in that loop's `continuing` block.
    pub fn lookup_use(&self, name: &str, span: Span) -> Res<Option<&Local>> {
        let Some((index, b)) = self.scopes.lookup_binding(name) else {
            return Ok(None);
        };
        if let Some(s) = self.skipped.iter().find(|s| s.bindings.contains(&index)) {
            return Err(Box::new(
                Diagnostic::error(
                    format!(
                        "'continue' skips the declaration of '{name}', which the continuing block uses"
                    ),
                    s.continue_span,
                )
                .with_label(b.span, "declared here")
                .with_label(span, "used in the continuing block here"),
            ));
        }
        Ok(Some(&b.local))
    }
}

/// One declaration of a local name.
struct Binding<'a> {
    name: &'a str,
    /// Where the name is declared.
    span: Span,
    local: Local,
    /// The scope depth it was declared at.
    depth: u32,
    /// The binding of the same name it shadows (index in `bindings`).
    shadows: Option<u32>,
}

/// The lexical scopes of a function as one shadowing table: each name maps
/// to its innermost binding, and closing a scope undoes its declarations
/// (one hash probe per lookup, no map per block).
#[derive(Default)]
pub(crate) struct Scopes<'a> {
    /// Name to the index of its innermost binding.
    innermost: HashMap<&'a str, u32>,
    /// Bindings in declaration order; a scope's are a suffix.
    bindings: Vec<Binding<'a>>,
    /// `bindings.len()` when each open scope (after the function's
    /// outermost one) started.
    starts: Vec<usize>,
}

impl<'a> Scopes<'a> {
    /// Opens a nested scope.
    pub fn push(&mut self) {
        self.starts.push(self.bindings.len());
    }

    /// Closes the innermost scope (the function's outermost scope stays).
    pub fn pop(&mut self) {
        let Some(start) = self.starts.pop() else {
            return;
        };
        while self.bindings.len() > start {
            let Some(b) = self.bindings.pop() else { break };
            match b.shadows {
                Some(prev) => {
                    self.innermost.insert(b.name, prev);
                }
                None => {
                    self.innermost.remove(b.name);
                }
            }
        }
    }

    /// The innermost binding of `name`.
    pub fn lookup(&self, name: &str) -> Option<&Local> {
        self.lookup_binding(name).map(|(_, b)| &b.local)
    }

    /// The innermost binding of `name`, with its index in the table.
    fn lookup_binding(&self, name: &str) -> Option<(usize, &Binding<'a>)> {
        let i = *self.innermost.get(name)? as usize;
        Some((i, &self.bindings[i]))
    }

    /// How many scopes are open; the innermost one is at this depth.
    pub fn depth(&self) -> usize {
        self.starts.len()
    }

    /// The table indices of the declarations made so far at the level of
    /// the open scope at `depth` (not those of the scopes inside it).
    pub fn declared_at(&self, depth: usize) -> std::ops::Range<usize> {
        let start = match depth.checked_sub(1) {
            Some(d) => self.starts.get(d).copied().unwrap_or(self.bindings.len()),
            None => 0,
        };
        let end = self
            .starts
            .get(depth)
            .copied()
            .unwrap_or(self.bindings.len());
        start..end
    }

    /// Declares `name` in the innermost scope; false if that scope already
    /// declares it.
    pub fn declare(&mut self, ident: Ident<'a>, local: Local) -> bool {
        let name = ident.name;
        let depth = self.starts.len() as u32;
        let index = self.bindings.len() as u32;
        let shadows = match self.innermost.entry(name) {
            std::collections::hash_map::Entry::Occupied(mut e) => {
                if self.bindings[*e.get() as usize].depth == depth {
                    return false;
                }
                Some(std::mem::replace(e.get_mut(), index))
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(index);
                None
            }
        };
        self.bindings.push(Binding {
            name,
            span: ident.span,
            local,
            depth,
            shadows,
        });
        true
    }

    /// Empties the table, keeping its capacity (for the next function).
    pub fn clear(&mut self) {
        self.innermost.clear();
        self.bindings.clear();
        self.starts.clear();
    }

    /// Every name in scope (each once).
    pub fn names(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.innermost.keys().copied()
    }
}

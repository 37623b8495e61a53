//! Function-scope state: the function being built, the block stack, the
//! lexical scopes of local names, and the control-flow context.

use super::Val;
use crate::arena::Handle;
use crate::const_eval::Value;
use crate::ir::{self, Type};
use rustc_hash::FxHashMap as HashMap;

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

/// Signature facts about a resolved user function.
#[derive(Clone, Debug)]
pub(crate) struct FnInfo {
    /// Parameter types.
    pub params: Vec<Handle<Type>>,
    /// Return type.
    pub result: Option<Handle<Type>>,
    /// `@must_use`.
    pub must_use: bool,
    /// Whether this is an entry point (not callable).
    pub entry: bool,
}

/// The state of the function being resolved.
pub(crate) struct FnState<'a> {
    /// The function under construction.
    pub func: ir::Function,
    /// Open blocks; statements go to the last one.
    pub blocks: Vec<ir::Block>,
    /// Start of the pending `Emit` range.
    pub emit_start: usize,
    /// Lexical scopes, innermost last.
    pub scopes: Vec<HashMap<&'a str, Local>>,
    /// Enclosing breakable constructs, innermost last.
    pub ctl: Vec<Ctl>,
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

impl<'a> FnState<'a> {
    /// A new state for a function.
    pub fn new(func: ir::Function) -> Self {
        FnState {
            func,
            blocks: vec![ir::Block::new()],
            emit_start: 0,
            scopes: vec![HashMap::default()],
            ctl: Vec::new(),
            result: None,
            result_unknown: false,
            temps: 0,
            had_errors: false,
            var_bytes: 0,
        }
    }

    /// Looks a local name up, innermost scope first.
    pub fn lookup(&self, name: &str) -> Option<&Local> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    /// Declares a local name in the innermost scope; returns false if the
    /// name is already declared in that scope.
    pub fn declare(&mut self, name: &'a str, local: Local) -> bool {
        match self.scopes.last_mut() {
            Some(s) => {
                if s.contains_key(name) {
                    return false;
                }
                s.insert(name, local);
                true
            }
            None => false,
        }
    }
}

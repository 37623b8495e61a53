//! The resolver: names, types, overloads, abstract-numeric conversion,
//! const-evaluation, and lowering of the AST to IR.
//!
//! # Structure
//! - `decl_order`: module-scope declarations may be used before they are
//!   declared. We collect every declaration, compute the identifiers each one
//!   refers to (honouring local shadowing), and sort them topologically with
//!   an explicit stack (no recursion), reporting cycles.
//! - Declarations are then resolved in that order, so every reference to a
//!   module-scope name finds an already resolved item, and functions land in
//!   [`crate::ir::Module::functions`] callees before callers.
//! - Expressions resolve to a `Val`: a const-expression value (a
//!   `const_eval::Value`, possibly abstract), an override-expression
//!   (in `Module::global_expressions`), a runtime value, or a reference (the
//!   IR has no reference type: a reference is a pointer expression that is
//!   loaded when a value is needed).
//!
//! # Emit ranges
//! Function expressions are evaluated at [`crate::ir::Statement::Emit`]
//! ranges. The emitter (`emitter.rs`) keeps a pending range and flushes it
//! before every statement, before opening or closing a nested block, and
//! before adding an expression that must *not* be covered by an `Emit`:
//! `Literal`, `Constant`, `OverrideExpr`, `FunctionArgument`,
//! `GlobalVariable`, `LocalVariable` and the `*Result` expressions are never
//! inside an `Emit` range (the SPIR-V writer relies on this). Every other
//! expression (loads, arithmetic, accesses, math, compose, `ZeroValue`,
//! subgroup-matrix operations...) is covered by exactly one `Emit`, placed
//! before the first statement that uses it.

mod abstract_conv;
mod binary;
mod buffer_view;
mod call;
mod construct;
mod coop_vector;
mod decl_order;
mod directives;
mod emitter;
mod entry_point;
mod expr;
mod globals;
mod io;
mod limits;
mod matrix_ops;
mod recover;
mod scope;
mod standard;
mod stmt;
mod subgroup_matrix;
mod suggest;
mod swizzle_assign;
mod texture;
mod texture_types;
mod types;

#[cfg(test)]
mod loop_scope_tests;
#[cfg(test)]
mod tests;

use super::ast::{self, ExprId, TranslationUnit};
use super::Parsed;
use crate::arena::Handle;
use crate::const_eval::Value;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{self, Access, AddressSpace, Expression, Module, Type};
use crate::span::Span;
use rustc_hash::FxHashMap as HashMap;

pub(crate) use scope::FnState;

/// A resolved expression.
#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// A const-expression with its value (possibly abstract).
    Const(Value),
    /// An override-expression in `Module::global_expressions`.
    Override {
        /// The expression.
        expr: Handle<Expression>,
        /// Its (concrete) type.
        ty: Handle<Type>,
    },
    /// A runtime value in the current function.
    Runtime {
        /// The expression.
        expr: Handle<Expression>,
        /// Its type.
        ty: Handle<Type>,
    },
    /// A reference (memory view): a pointer expression in the current function.
    Ref {
        /// The pointer expression.
        ptr: Handle<Expression>,
        /// The store type.
        store: Handle<Type>,
        /// Address space.
        space: AddressSpace,
        /// Access mode.
        access: Access,
    },
}

/// The evaluation stage an expression context allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Stage {
    /// Only const-expressions.
    Const,
    /// Const- or override-expressions.
    Override,
    /// Anything (inside a function body).
    Runtime,
}

/// A resolved module-scope declaration.
#[derive(Clone, Debug)]
pub(crate) enum GlobalItem {
    /// `alias` or `struct`.
    Type(Handle<Type>),
    /// `const`.
    Const(Value),
    /// `override`: its shared `Expression::Override` and its type.
    Override(Handle<Expression>, Handle<Type>),
    /// `var`.
    Var(Handle<ir::GlobalVariable>),
    /// `fn`.
    Fn(Handle<ir::Function>),
    /// A declaration that failed to resolve (already reported).
    Poisoned,
}

/// Result alias for a single diagnostic.
pub(crate) type Res<T> = Result<T, Box<Diagnostic>>;

/// Makes an error diagnostic.
pub(crate) fn err<T>(message: impl Into<String>, span: Span) -> Res<T> {
    Err(Box::new(Diagnostic::error(message, span)))
}

/// The resolver's state for one translation unit.
pub(crate) struct Resolver<'t, 'a> {
    /// The AST (its expressions are in `arenas`).
    pub tu: &'t TranslationUnit<'a>,
    /// Each declaration's expressions, by declaration index, moved out of
    /// the translation unit; a declaration's arena moves to `arena` while
    /// it is resolved and is freed after.
    pub arenas: Vec<ast::ExprArena<'a>>,
    /// The expressions of the declaration being resolved.
    pub arena: ast::ExprArena<'a>,
    /// Each function declaration's body statements, by declaration index
    /// (empty for other declarations), moved out of the translation unit
    /// like `arenas`.
    pub bodies: Vec<Box<[ast::Stmt<'a>]>>,
    /// The body statements of the function being resolved.
    pub body: Box<[ast::Stmt<'a>]>,
    /// The module being built.
    pub module: Module,
    /// Module-scope names to declaration indices.
    pub names: HashMap<&'a str, usize>,
    /// Resolved declarations, by declaration index.
    pub items: Vec<Option<GlobalItem>>,
    /// Errors and warnings.
    pub diags: Vec<Diagnostic>,
    /// The function being resolved, if any.
    pub f: Option<FnState<'a>>,
    /// Signatures of the resolved user functions.
    pub ir_function_info: HashMap<Handle<ir::Function>, scope::FnInfo>,
    /// Memoized builtin overload resolutions (see
    /// `Resolver::resolve_builtin_cached`).
    pub builtin_calls: HashMap<BuiltinCallKey, crate::builtins::ResolvedCall>,
    /// The tables the last resolved function left for the next one.
    pub spares: scope::Spares<'a>,
    /// Pending left-spine steps of the expressions being resolved (see
    /// `Resolver::expr`).
    pub steps: Vec<expr::Step<'a>>,
    /// Whether resolution stopped at the error limit (see `recover.rs`).
    pub stopped: bool,
    /// Depth of right-hand sides of `&&`/`||` that a const left-hand side
    /// makes unevaluated: they are type-checked only, so const-evaluation
    /// errors (overflow, division by zero, unrepresentable conversions)
    /// are not reported inside them (see `Resolver::const_result`).
    pub unevaluated: u32,
    /// Conversions of constant arrays and structures already done (an
    /// abstract `const` converts at each use; each use after the first is
    /// a lookup).
    pub convert_cache: crate::const_eval::ConvertCache,
    /// Nesting depths of the types seen so far (see `limits`).
    pub nest_depths: HashMap<Handle<Type>, u32>,
}

/// A builtin call's name, argument types and const bool arguments.
pub(crate) type BuiltinCallKey = (
    &'static str,
    smallvec::SmallVec<[Handle<Type>; 4]>,
    smallvec::SmallVec<[Option<bool>; 4]>,
);

/// Resolves a parsed translation unit into an IR module. Each
/// declaration's expressions are freed once it is resolved, so the AST
/// shrinks while the IR grows.
pub fn resolve(mut tu: TranslationUnit<'_>) -> Result<Parsed, Error> {
    let mut arenas = std::mem::take(&mut tu.arenas);
    arenas.resize_with(tu.decls.len(), Default::default);
    let bodies = tu
        .decls
        .iter_mut()
        .map(|d| match d {
            ast::GlobalDecl::Fn(f) => std::mem::take(&mut f.body.stmts),
            _ => Box::default(),
        })
        .collect();
    let tu = &tu;
    let mut r = Resolver {
        tu,
        arenas,
        arena: ast::ExprArena::default(),
        bodies,
        body: Box::default(),
        module: Module::default(),
        names: HashMap::default(),
        items: vec![None; tu.decls.len()],
        diags: Vec::new(),
        f: None,
        ir_function_info: HashMap::default(),
        builtin_calls: HashMap::default(),
        spares: scope::Spares::default(),
        steps: Vec::new(),
        stopped: false,
        unevaluated: 0,
        convert_cache: crate::const_eval::ConvertCache::default(),
        nest_depths: HashMap::default(),
    };
    r.run();
    r.check_filter_conflicts();
    r.finish_diagnostics();
    if r.diags.iter().any(|d| d.is_error()) {
        return Err(Error {
            diagnostics: r.diags,
        });
    }
    Ok(Parsed {
        module: r.module,
        warnings: r.diags,
    })
}

impl<'t, 'a> Resolver<'t, 'a> {
    fn run(&mut self) {
        self.directives();
        // Collect names.
        for (i, decl) in self.tu.decls.iter().enumerate() {
            let Some(name) = decl_name(decl) else {
                continue;
            };
            if let Some(&prev) = self.names.get(name.name) {
                let prev_span = decl_name(&self.tu.decls[prev]).map_or(Span::UNDEFINED, |n| n.span);
                self.diags.push(
                    Diagnostic::error(format!("redeclaration of '{}'", name.name), name.span)
                        .with_label(prev_span, "previous declaration here"),
                );
                continue;
            }
            self.names.insert(name.name, i);
        }
        let order = match decl_order::order(self.tu, &self.names) {
            Ok(o) => o,
            Err(d) => {
                self.diags.extend(d);
                return;
            }
        };
        for i in order {
            self.arena = std::mem::take(&mut self.arenas[i]);
            self.body = std::mem::take(&mut self.bodies[i]);
            let item = self.global_decl(i);
            // The declaration's expressions and statements are not needed
            // again.
            self.arena = ast::ExprArena::default();
            self.body = Box::default();
            let item = match item {
                Ok(item) => item,
                Err(d) => {
                    // A failure caused by an earlier failed declaration is
                    // not reported again.
                    if self.report(d).is_err() {
                        break;
                    }
                    GlobalItem::Poisoned
                }
            };
            self.items[i] = Some(item);
        }
    }

    /// The span of an AST expression of the declaration being resolved.
    pub fn span(&self, id: ExprId) -> Span {
        self.arena.span(id)
    }

    /// An AST expression of the declaration being resolved (a copy: the
    /// arena is freed once the declaration is resolved).
    pub fn ast(&self, id: ExprId) -> ast::Expr<'a> {
        *self.arena.expr(id)
    }

    /// The expressions of an argument or template list.
    pub fn list(&self, list: ast::ExprList) -> &'t [ExprId] {
        self.tu.list(list)
    }

    /// The WGSL spelling of a type, for messages.
    pub fn type_name(&self, ty: Handle<Type>) -> String {
        types::type_name(&self.module, ty)
    }

    /// The outcome of a const-evaluation whose result has type `ty`. An
    /// error is reported, except inside an unevaluated operand (see
    /// [`Resolver::unevaluated`]), where the expression still has its type
    /// but no value: the zero value of `ty` stands in for it.
    pub(crate) fn const_result(
        &mut self,
        r: Result<Value, String>,
        ty: Handle<Type>,
        span: Span,
    ) -> Res<Value> {
        match r {
            Ok(v) => Ok(v),
            Err(m) => {
                if self.unevaluated > 0 {
                    if let Some(z) = Value::zero(&self.module, ty) {
                        return Ok(z);
                    }
                }
                err(m, span)
            }
        }
    }
}

/// The declared name of a module-scope declaration, with the source lifetime.
pub(crate) fn decl_name<'a>(d: &ast::GlobalDecl<'a>) -> Option<ast::Ident<'a>> {
    match d {
        ast::GlobalDecl::Var(d) => Some(d.name),
        ast::GlobalDecl::Const(d) | ast::GlobalDecl::Override(d) => Some(d.name),
        ast::GlobalDecl::Alias(d) => Some(d.name),
        ast::GlobalDecl::Struct(d) => Some(d.name),
        ast::GlobalDecl::Fn(d) => Some(d.name),
        ast::GlobalDecl::ConstAssert(_) => None,
    }
}

//! The WGSL abstract syntax tree.
//!
//! The tree borrows identifiers from the source (`&'a str`, no per-token
//! allocation). Expressions live in one arena per module-scope
//! declaration ([`ExprArena`], [`TranslationUnit::arenas`]) and refer to
//! each other by [`ExprId`]; the resolver frees each declaration's arena
//! once it has resolved the declaration. Within an arena ids are dense, so
//! that a 100,000-term `a + b - c ...` chain is a flat vector (no recursive
//! drop) and consumers can walk left spines iteratively. Argument and
//! template lists are [`ExprList`] ranges into one more vector
//! ([`TranslationUnit::lists`]); other lists are exact-size boxed slices,
//! so the tree holds no spare capacity while it lives on through
//! resolution next to the IR. Statements nest normally; their depth is
//! bounded by the parser's nesting limit.
//!
//! Types are expressions, as in the WGSL grammar: `array<f32, 4>` is an
//! [`Expr::Ident`] whose [`TemplatedIdent`] has two template arguments.

use crate::span::Span;

/// An identifier with its span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ident<'a> {
    /// The name, borrowed from the source.
    pub name: &'a str,
    /// Where it is.
    pub span: Span,
}

/// Index of an expression in the [`ExprArena`] of the declaration it occurs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(pub u32);

/// A list of expressions stored in [`TranslationUnit::lists`] (argument
/// and template lists): 8 bytes in the node and no allocation of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ExprList {
    /// Index of the first element in [`TranslationUnit::lists`].
    pub start: u32,
    /// Number of elements.
    pub len: u32,
}

impl ExprList {
    /// The number of expressions.
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the list is empty.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// An identifier with an optional template list: `vec3<f32>`, `foo`,
/// `array<i32, 4>`, `ptr<storage, T, read>`, `row_major`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TemplatedIdent<'a> {
    /// The identifier.
    pub ident: Ident<'a>,
    /// Template arguments (each an expression; enumerants like `storage` or
    /// `read_write` are plain identifier expressions).
    pub template_args: ExprList,
    /// Span of the whole thing, template list included.
    pub span: Span,
}

/// Integer literal suffix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntSuffix {
    /// No suffix: AbstractInt.
    None,
    /// `i`: i32.
    I,
    /// `u`: u32.
    U,
}

/// Float literal suffix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatSuffix {
    /// No suffix: AbstractFloat.
    None,
    /// `f`: f32.
    F,
    /// `h`: f16.
    H,
}

/// A literal. The parser checks ranges: an unsuffixed integer fits i64, an
/// `i` literal fits i32 (as a non-negative value), a `u` literal fits u32;
/// a float is finite after rounding to its type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Literal {
    /// `true` / `false`.
    Bool(bool),
    /// An integer literal (non-negative; `-` is a unary operator).
    Int {
        /// The value.
        value: i64,
        /// Its suffix.
        suffix: IntSuffix,
    },
    /// A float literal. For `f` and `h` suffixes the value has already been
    /// rounded (correctly, from the source text) to f32 / f16 precision and
    /// is stored exactly in the f64.
    Float {
        /// The value.
        value: f64,
        /// Its suffix.
        suffix: FloatSuffix,
    },
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-`
    Negate,
    /// `!`
    Not,
    /// `~`
    BitNot,
    /// `*` (indirection)
    Deref,
    /// `&` (address-of)
    AddressOf,
}

/// Binary operators, including the short-circuiting `&&` and `||`.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Xor,
    LogicalAnd,
    LogicalOr,
    Shl,
    Shr,
}

/// An expression.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Expr<'a> {
    /// A literal.
    Literal(Literal),
    /// An identifier or type, possibly templated.
    Ident(TemplatedIdent<'a>),
    /// A call or value constructor: `f(a, b)`, `vec3<f32>(x)`, `array(1, 2)`.
    Call {
        /// The callee (function, builtin or type).
        callee: TemplatedIdent<'a>,
        /// Arguments.
        args: ExprList,
    },
    /// `( e )`
    Paren(ExprId),
    /// A unary operator.
    Unary {
        /// Operator.
        op: UnaryOp,
        /// Operand.
        expr: ExprId,
    },
    /// A binary operator.
    Binary {
        /// Operator.
        op: BinaryOp,
        /// Left operand.
        left: ExprId,
        /// Right operand.
        right: ExprId,
    },
    /// `base[index]`
    Index {
        /// Indexed value.
        base: ExprId,
        /// Index.
        index: ExprId,
    },
    /// `base.member` (also swizzles).
    Member {
        /// Accessed value.
        base: ExprId,
        /// Member or swizzle name.
        member: Ident<'a>,
    },
}

/// An exact-size attribute list (usually empty: no allocation).
pub type Attributes<'a> = Box<[Attribute<'a>]>;

/// An attribute: `@name` or `@name(args...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute<'a> {
    /// The name after `@`.
    pub name: Ident<'a>,
    /// Arguments (enumerants such as `position` are identifier expressions).
    /// For `@diagnostic(...)` use [`Attribute::diagnostic`] instead.
    pub args: ExprList,
    /// The diagnostic control of a `@diagnostic(severity, rule)` attribute.
    pub diagnostic: Option<Box<DiagnosticControl<'a>>>,
    /// Span of the whole attribute.
    pub span: Span,
}

/// `severity, rule` or `severity, namespace.rule` of a diagnostic directive
/// or attribute.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagnosticControl<'a> {
    /// `error`, `warning`, `info` or `off` (checked by the resolver).
    pub severity: Ident<'a>,
    /// The rule name's first part.
    pub rule: Ident<'a>,
    /// The part after `.`, if any (`chromium.subgroup_matrix_uniformity`).
    pub rule_suffix: Option<Ident<'a>>,
    /// Span of the control (inside the parentheses).
    pub span: Span,
}

/// A directive at the top of the module.
#[derive(Clone, Debug, PartialEq)]
pub enum Directive<'a> {
    /// `enable a, b;`
    Enable(Vec<Ident<'a>>, Span),
    /// `requires a, b;`
    Requires(Vec<Ident<'a>>, Span),
    /// `diagnostic(severity, rule);`
    Diagnostic(DiagnosticControl<'a>, Span),
}

/// `var<AS, AM> name: T = init;` (module or function scope).
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl<'a> {
    /// Attributes (`@group`, `@binding`).
    pub attributes: Attributes<'a>,
    /// Template list after `var` (address space, access mode).
    pub template_args: ExprList,
    /// Name.
    pub name: Ident<'a>,
    /// Declared type.
    pub ty: Option<ExprId>,
    /// Initialiser.
    pub init: Option<ExprId>,
    /// Span of the whole declaration.
    pub span: Span,
}

/// `const`, `let` or `override` declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueDecl<'a> {
    /// Attributes (`@id` for overrides).
    pub attributes: Attributes<'a>,
    /// Name.
    pub name: Ident<'a>,
    /// Declared type.
    pub ty: Option<ExprId>,
    /// Initialiser (required for const and let).
    pub init: Option<ExprId>,
    /// Span of the whole declaration.
    pub span: Span,
}

/// A struct member.
#[derive(Clone, Debug, PartialEq)]
pub struct StructMember<'a> {
    /// Attributes (`@align`, `@size`, `@builtin`, `@location`, ...).
    pub attributes: Attributes<'a>,
    /// Name.
    pub name: Ident<'a>,
    /// Type.
    pub ty: ExprId,
}

/// `struct Name { ... }`
#[derive(Clone, Debug, PartialEq)]
pub struct StructDecl<'a> {
    /// Name.
    pub name: Ident<'a>,
    /// Members.
    pub members: Box<[StructMember<'a>]>,
    /// Span of the whole declaration.
    pub span: Span,
}

/// `alias Name = T;`
#[derive(Clone, Debug, PartialEq)]
pub struct AliasDecl<'a> {
    /// Name.
    pub name: Ident<'a>,
    /// Aliased type.
    pub ty: ExprId,
    /// Span of the whole declaration.
    pub span: Span,
}

/// A function parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param<'a> {
    /// Attributes (`@builtin`, `@location`, ...).
    pub attributes: Attributes<'a>,
    /// Name.
    pub name: Ident<'a>,
    /// Type.
    pub ty: ExprId,
    /// Span.
    pub span: Span,
}

/// `fn name(params) -> ret { body }`
#[derive(Clone, Debug, PartialEq)]
pub struct FnDecl<'a> {
    /// Attributes (`@compute`, `@workgroup_size`, `@must_use`, `@diagnostic`, ...).
    pub attributes: Attributes<'a>,
    /// Name.
    pub name: Ident<'a>,
    /// Parameters.
    pub params: Box<[Param<'a>]>,
    /// Return type with its attributes.
    pub result: Option<(Attributes<'a>, ExprId)>,
    /// How many expressions the body has (all of them, at any depth), for
    /// sizing the IR function's arenas.
    pub body_exprs: u32,
    /// Body.
    pub body: Block<'a>,
    /// Span of the whole declaration.
    pub span: Span,
}

/// `const_assert e;`
#[derive(Clone, Debug, PartialEq)]
pub struct ConstAssert {
    /// The asserted expression.
    pub expr: ExprId,
    /// Span of the whole statement.
    pub span: Span,
}

/// A module-scope declaration.
#[derive(Clone, Debug, PartialEq)]
pub enum GlobalDecl<'a> {
    /// `var`
    Var(VarDecl<'a>),
    /// `const`
    Const(ValueDecl<'a>),
    /// `override`
    Override(ValueDecl<'a>),
    /// `alias`
    Alias(AliasDecl<'a>),
    /// `struct`
    Struct(StructDecl<'a>),
    /// `fn`
    Fn(FnDecl<'a>),
    /// `const_assert`
    ConstAssert(ConstAssert),
}

impl GlobalDecl<'_> {
    /// The declared name, if any.
    pub fn name(&self) -> Option<Ident<'_>> {
        match self {
            GlobalDecl::Var(d) => Some(d.name),
            GlobalDecl::Const(d) | GlobalDecl::Override(d) => Some(d.name),
            GlobalDecl::Alias(d) => Some(d.name),
            GlobalDecl::Struct(d) => Some(d.name),
            GlobalDecl::Fn(d) => Some(d.name),
            GlobalDecl::ConstAssert(_) => None,
        }
    }
}

/// A braced block with its attributes.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Block<'a> {
    /// `@diagnostic` attributes before `{`.
    pub attributes: Attributes<'a>,
    /// The statements.
    pub stmts: Box<[Stmt<'a>]>,
    /// Span from `{` to `}`.
    pub span: Span,
}

/// A switch clause.
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchClause<'a> {
    /// Selectors; `None` is `default`.
    pub selectors: Box<[Option<ExprId>]>,
    /// Body.
    pub body: Block<'a>,
    /// Span of the clause.
    pub span: Span,
}

/// Compound assignment operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssignOp {
    /// `=`
    Assign,
    /// `op=`
    Compound(BinaryOp),
}

/// A statement kind.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind<'a> {
    /// `;`
    Empty,
    /// `{ ... }`
    Block(Block<'a>),
    /// `var` declaration.
    Var(VarDecl<'a>),
    /// `let` declaration.
    Let(ValueDecl<'a>),
    /// `const` declaration.
    Const(ValueDecl<'a>),
    /// `lhs = rhs`, `lhs op= rhs`, `_ = rhs` (lhs `None`).
    Assign {
        /// Target; `None` for the phony `_`.
        lhs: Option<ExprId>,
        /// Operator.
        op: AssignOp,
        /// Value.
        rhs: ExprId,
    },
    /// `lhs++`
    Increment(ExprId),
    /// `lhs--`
    Decrement(ExprId),
    /// A call statement `f(...)`.
    Call(ExprId),
    /// `if c {} else if d {} else {}` (else-if chains nest in `else_`).
    If {
        /// Condition.
        condition: ExprId,
        /// Body.
        accept: Block<'a>,
        /// `else` part: a block, or a single nested `If` statement.
        reject: Option<Box<Stmt<'a>>>,
    },
    /// `switch`
    Switch {
        /// Selector.
        selector: ExprId,
        /// Attributes on the body (`@diagnostic`).
        body_attributes: Attributes<'a>,
        /// Clauses.
        clauses: Box<[SwitchClause<'a>]>,
    },
    /// `loop { ... continuing { ... break if e; } }`
    Loop {
        /// Attributes on the body.
        body_attributes: Attributes<'a>,
        /// Body statements.
        body: Block<'a>,
        /// `continuing` block.
        continuing: Option<Box<Continuing<'a>>>,
    },
    /// `for (init; cond; update) { ... }`
    For {
        /// Initialiser statement.
        init: Option<Box<Stmt<'a>>>,
        /// Condition.
        condition: Option<ExprId>,
        /// Update statement.
        update: Option<Box<Stmt<'a>>>,
        /// Body.
        body: Block<'a>,
    },
    /// `while cond { ... }`
    While {
        /// Condition.
        condition: ExprId,
        /// Body.
        body: Block<'a>,
    },
    /// `break`
    Break,
    /// `break if e` (only at the end of `continuing`; kept here for
    /// diagnostics when it appears elsewhere).
    BreakIf(ExprId),
    /// `continue`
    Continue,
    /// `return e?`
    Return(Option<ExprId>),
    /// `discard`
    Discard,
    /// `const_assert e`
    ConstAssert(ExprId),
}

/// `continuing { ... break if e; }`
#[derive(Clone, Debug, PartialEq)]
pub struct Continuing<'a> {
    /// The statements before `break if`.
    pub body: Block<'a>,
    /// The `break if` condition.
    pub break_if: Option<ExprId>,
    /// Span of the `continuing` statement.
    pub span: Span,
}

/// A statement with its attributes and span.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt<'a> {
    /// Attributes before the statement (`@diagnostic`, ...).
    pub attributes: Attributes<'a>,
    /// What it is.
    pub kind: StmtKind<'a>,
    /// Span (without a trailing `;`).
    pub span: Span,
}

/// The expressions of one module-scope declaration (its attributes,
/// signature, initializer or body), with their spans. [`ExprId`]s index
/// the arena of the declaration they occur in, so each declaration's
/// expressions can be freed as soon as it is resolved.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ExprArena<'a> {
    /// The expressions, each with its span (one allocation per
    /// declaration).
    pub items: Box<[(Expr<'a>, Span)]>,
}

impl<'a> ExprArena<'a> {
    /// The expression with the given id.
    pub fn expr(&self, id: ExprId) -> &Expr<'a> {
        &self.items[id.0 as usize].0
    }

    /// The span of an expression.
    pub fn span(&self, id: ExprId) -> Span {
        self.items[id.0 as usize].1
    }

    /// Number of expressions.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the arena is empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// A parsed WGSL file.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TranslationUnit<'a> {
    /// Directives, in order.
    pub directives: Vec<Directive<'a>>,
    /// Module-scope declarations, in order.
    pub decls: Vec<GlobalDecl<'a>>,
    /// The expressions of each declaration, parallel to `decls`.
    pub arenas: Vec<ExprArena<'a>>,
    /// The elements of every [`ExprList`], each list contiguous.
    pub lists: Vec<ExprId>,
    /// Each declaration's free names (the identifiers it uses that its own
    /// locals do not declare, each once, with its first use), all
    /// declarations together; those of declaration `i` start at
    /// `free_name_starts[i]`. The parser fills them.
    pub free_names: Vec<(&'a str, Span)>,
    /// Where each declaration's free names start in `free_names`.
    pub free_name_starts: Vec<u32>,
}

impl<'a> TranslationUnit<'a> {
    /// The free names of declaration `decl` (see
    /// [`TranslationUnit::free_names`]).
    pub fn free_names(&self, decl: usize) -> &[(&'a str, Span)] {
        let start = self.free_name_starts.get(decl).map_or(0, |&s| s as usize);
        let end = self
            .free_name_starts
            .get(decl + 1)
            .map_or(self.free_names.len(), |&e| e as usize);
        self.free_names.get(start..end).unwrap_or_default()
    }

    /// The expression `id` of declaration `decl`.
    pub fn expr(&self, decl: usize, id: ExprId) -> &Expr<'a> {
        self.arenas[decl].expr(id)
    }

    /// The expressions of a list.
    pub fn list(&self, list: ExprList) -> &[ExprId] {
        &self.lists[list.start as usize..][..list.len as usize]
    }

    /// The span of expression `id` of declaration `decl`.
    pub fn expr_span(&self, decl: usize, id: ExprId) -> Span {
        self.arenas[decl].span(id)
    }

    /// The number of expressions of all declarations.
    pub fn expr_count(&self) -> usize {
        self.arenas.iter().map(ExprArena::len).sum()
    }
}

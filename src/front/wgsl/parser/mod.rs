//! The WGSL parser: tokens (see [`super::lexer`]) to [`ast`](super::ast).
//!
//! A hand-written recursive-descent parser following the spec's
//! recursive-descent grammar. Recursion is bounded by
//! [`MAX_NESTING_DEPTH`] (one counter shared by nested expressions, unary
//! operators, template lists and blocks); binary operator chains and
//! `else if` chains are parsed with loops, so a 100,000-term `a + b - c ...`
//! costs linear time and constant stack.
//!
//! WGSL's precedence grammar forbids mixing some operators without
//! parentheses (`a & b + c`, `a < b < c`, `a << b << c`, `a && b || c`);
//! these are reported with a dedicated message.

mod decl;
mod expr;
mod free_names;
mod recover;
mod stmt;

use super::ast::{Ident, TranslationUnit};
use super::lexer::{Token, TokenKind, TokenStream};
use crate::diagnostic::{Diagnostic, Error};
use crate::span::Span;

/// Maximum nesting depth of expressions, statements and template lists.
pub const MAX_NESTING_DEPTH: u32 = 128;

/// Maximum number of `else if` clauses in one `if` statement (they nest in
/// the AST, so consumers walking them recursively need a bound too).
pub const MAX_ELSE_IF_CHAIN: usize = 1024;

/// Parses WGSL source text into a translation unit.
pub fn parse(source: &str) -> Result<TranslationUnit<'_>, Error> {
    let tokens = TokenStream::new(source).map_err(|d| Error::single(*d))?;
    let tu = TranslationUnit::default();
    let mut parser = Parser {
        source,
        tokens,
        pos: 0,
        depth: 0,
        unary_stack: Vec::new(),
        list_stack: Vec::new(),
        stmt_stack: Vec::new(),
        exprs: Vec::new(),
        free: free_names::FreeNames::default(),
        tu,
        errors: Vec::new(),
    };
    parser.seek(0);
    let parsed = parser.translation_unit();
    // A scanning error anywhere in the source is the only error reported,
    // whatever the parser made of the tokens before it.
    if let Some(d) = parser.tokens.scan_error() {
        return Err(Error::single(*d));
    }
    parsed.map_err(|d| Error::single(*d))?;
    if !parser.errors.is_empty() {
        return Err(Error {
            diagnostics: parser.errors,
        });
    }
    // The AST lives on through resolution, alongside the IR being built:
    // give back the spare capacity (the tokens go first; each
    // declaration's expressions are already in an exact-size arena).
    let Parser { tokens, mut tu, .. } = parser;
    drop(tokens);
    tu.lists.shrink_to_fit();
    tu.arenas.shrink_to_fit();
    tu.free_names.shrink_to_fit();
    tu.decls.shrink_to_fit();
    Ok(tu)
}

type PResult<T> = Result<T, Box<Diagnostic>>;

/// The parser state.
struct Parser<'a> {
    source: &'a str,
    /// The tokens, scanned while parsing: at least up to the one after
    /// the next (`peek_nth_kind(1)`), and freed before the declaration
    /// being parsed (error recovery rereads it from its first token).
    tokens: TokenStream<'a>,
    /// Index of the next token; the last token is always `Eof`.
    pos: usize,
    /// Current nesting depth (see [`MAX_NESTING_DEPTH`]).
    depth: u32,
    /// Pending prefix operators of the unary expressions being parsed.
    unary_stack: Vec<(super::ast::UnaryOp, u32)>,
    /// Expressions of the argument and template lists being parsed
    /// (innermost last), copied out into exact-size boxes when complete.
    list_stack: Vec<super::ast::ExprId>,
    /// Statements of the blocks being parsed, likewise.
    stmt_stack: Vec<super::ast::Stmt<'a>>,
    /// The expressions of the declaration being parsed, with their spans (a
    /// working arena, reused: each declaration's are copied out into an
    /// exact-size [`ExprArena`](super::ast::ExprArena) when it is
    /// complete, see `close_arena`).
    exprs: Vec<(super::ast::Expr<'a>, Span)>,
    /// Scratch tables of the free-name walk (see `free_names.rs`).
    free: free_names::FreeNames<'a>,
    /// The unit being built.
    tu: TranslationUnit<'a>,
    /// Syntax errors of declarations, recovered from (see `recover.rs`).
    errors: Vec<Diagnostic>,
}

/// What kind of nesting is being entered, for the error message.
#[derive(Clone, Copy)]
enum Nesting {
    Expression,
    Statement,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Token {
        self.tokens[self.pos]
    }

    fn peek_kind(&self) -> TokenKind {
        self.tokens[self.pos].kind
    }

    /// The kind of the token `n` (0 or 1) after the next one (`Eof` past
    /// the end).
    fn peek_nth_kind(&self, n: usize) -> TokenKind {
        debug_assert!(n <= 1, "the parser scans one token of lookahead");
        self.tokens
            .peek_at(self.pos + n)
            .map_or(TokenKind::Eof, |t| t.kind)
    }

    /// Moves to token `pos`, scanning up to the one after it.
    fn seek(&mut self, pos: usize) {
        self.pos = pos;
        self.tokens.fill_to(pos + 1);
    }

    fn advance(&mut self) -> Token {
        let tok = self.tokens[self.pos];
        if tok.kind != TokenKind::Eof {
            self.seek(self.pos + 1);
        }
        tok
    }

    /// Consumes the next token if it is `kind`.
    fn eat(&mut self, kind: TokenKind) -> Option<Token> {
        if self.peek_kind() == kind {
            Some(self.advance())
        } else {
            None
        }
    }

    /// Consumes a token of `kind` or reports `expected <kind>, found ...`.
    fn expect(&mut self, kind: TokenKind) -> PResult<Token> {
        if self.peek_kind() == kind {
            Ok(self.advance())
        } else {
            Err(Box::new(self.unexpected(kind.describe())))
        }
    }

    /// The end offset of the previous token.
    fn prev_end(&self) -> u32 {
        if self.pos == 0 {
            0
        } else {
            self.tokens[self.pos - 1].span.end
        }
    }

    /// A span from `start` to the end of the previous token.
    fn span_from(&self, start: u32) -> Span {
        Span::new(start, self.prev_end().max(start))
    }

    fn text(&self, span: Span) -> &'a str {
        &self.source[span.to_range()]
    }

    /// Describes a token for "found ..." messages.
    fn describe(&self, tok: Token) -> String {
        match tok.kind {
            TokenKind::Ident | TokenKind::IntLit | TokenKind::FloatLit => {
                format!("'{}'", self.text(tok.span))
            }
            k if k.is_keyword() => format!("keyword {}", k.describe()),
            k => k.describe().to_string(),
        }
    }

    /// `expected <what>, found <next token>` at the next token.
    fn unexpected(&self, what: &str) -> Diagnostic {
        let tok = self.peek();
        Diagnostic::error(
            format!("expected {what}, found {}", self.describe(tok)),
            tok.span,
        )
    }

    /// Consumes an identifier.
    fn ident(&mut self) -> PResult<Ident<'a>> {
        let tok = self.peek();
        if tok.kind == TokenKind::Ident {
            self.seek(self.pos + 1);
            Ok(Ident {
                name: self.text(tok.span),
                span: tok.span,
            })
        } else {
            Err(Box::new(self.unexpected("identifier")))
        }
    }

    /// Enters one nesting level, failing past [`MAX_NESTING_DEPTH`].
    fn enter(&mut self, what: Nesting, span: Span) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING_DEPTH {
            let kind = match what {
                Nesting::Expression => "expression",
                Nesting::Statement => "statement",
            };
            return Err(Box::new(Diagnostic::error(
                format!("{kind} nesting is too deep (the limit is {MAX_NESTING_DEPTH})"),
                span,
            )));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Adds an expression to the declaration being parsed.
    fn add(&mut self, expr: super::ast::Expr<'a>, span: Span) -> super::ast::ExprId {
        let id = super::ast::ExprId(self.exprs.len() as u32);
        self.exprs.push((expr, span));
        id
    }

    /// An expression of the declaration being parsed.
    fn expr(&self, id: super::ast::ExprId) -> &super::ast::Expr<'a> {
        &self.exprs[id.0 as usize].0
    }

    /// The span of an expression of the declaration being parsed.
    fn expr_span(&self, id: super::ast::ExprId) -> Span {
        self.exprs[id.0 as usize].1
    }

    /// Ends a declaration: its expressions move into an exact-size arena
    /// (`keep`) or are dropped (a declaration with a syntax error).
    fn close_arena(&mut self, keep: bool) {
        // A large declaration's working arena becomes its arena (shrunk in
        // place, not copied: copying would hold it three times over at
        // the peak); a small one is copied out and the capacity reused.
        const MOVE_FROM: usize = 4096;
        if keep && self.exprs.len() >= MOVE_FROM {
            self.tu.arenas.push(super::ast::ExprArena {
                items: std::mem::take(&mut self.exprs).into_boxed_slice(),
            });
            return;
        }
        if keep {
            self.tu.arenas.push(super::ast::ExprArena {
                items: self.exprs.as_slice().into(),
            });
        }
        self.exprs.clear();
    }
}

/// Boxes a list gathered on the stack in one allocation of its exact size
/// (collecting into a `Box<[T]>` allocates room for more, then shrinks),
/// leaving the list empty (it is not moved: its inline part is large).
pub(super) fn boxed_exact<A: smallvec::Array>(items: &mut smallvec::SmallVec<A>) -> Box<[A::Item]> {
    let mut v = Vec::with_capacity(items.len());
    v.extend(items.drain(..));
    v.into_boxed_slice()
}

#[cfg(test)]
mod tests;

//! Statements and blocks.

use super::{Nesting, PResult, Parser, MAX_ELSE_IF_CHAIN};
use crate::diagnostic::Diagnostic;
use crate::front::wgsl::ast::{
    AssignOp, Attributes, BinaryOp, Block, Continuing, Expr, ExprId, Stmt, StmtKind, SwitchClause,
    UnaryOp, ValueDecl, VarDecl,
};
use crate::front::wgsl::lexer::TokenKind;
use crate::span::Span;

/// The assignment operator a token spells, if any.
fn assign_op(kind: TokenKind) -> Option<AssignOp> {
    use TokenKind as K;
    let op = match kind {
        K::Equal => return Some(AssignOp::Assign),
        K::PlusEqual => BinaryOp::Add,
        K::MinusEqual => BinaryOp::Sub,
        K::StarEqual => BinaryOp::Mul,
        K::SlashEqual => BinaryOp::Div,
        K::PercentEqual => BinaryOp::Mod,
        K::AndEqual => BinaryOp::And,
        K::OrEqual => BinaryOp::Or,
        K::XorEqual => BinaryOp::Xor,
        K::ShiftLeftEqual => BinaryOp::Shl,
        K::ShiftRightEqual => BinaryOp::Shr,
        _ => return None,
    };
    Some(AssignOp::Compound(op))
}

impl<'a> Parser<'a> {
    /// `compound_statement` with already-parsed attributes.
    pub(super) fn block(&mut self, attributes: Attributes<'a>) -> PResult<Block<'a>> {
        let open = self.expect(TokenKind::BraceLeft)?;
        self.enter(Nesting::Statement, open.span)?;
        let stmts = self.stmt_stack.len();
        while self.peek_kind() != TokenKind::BraceRight {
            if self.peek_kind() == TokenKind::Eof {
                return Err(Box::new(
                    self.unexpected("'}'")
                        .with_label(open.span, "block starts here"),
                ));
            }
            let stmt = self.statement()?;
            self.stmt_stack.push(stmt);
        }
        self.advance();
        self.leave();
        Ok(Block {
            attributes,
            stmts: self.stmt_stack.drain(stmts..).collect(),
            span: self.span_from(open.span.start),
        })
    }

    /// Attributes followed by a block.
    fn attributed_block(&mut self) -> PResult<Block<'a>> {
        let attrs = self.attributes()?;
        self.block(attrs)
    }

    /// `statement`.
    pub(super) fn statement(&mut self) -> PResult<Stmt<'a>> {
        let start = self.peek().span.start;
        let attributes = self.attributes()?;
        let tok = self.peek();
        use TokenKind as K;
        if !attributes.is_empty()
            && !matches!(
                tok.kind,
                K::For | K::If | K::Loop | K::Switch | K::While | K::BraceLeft
            )
        {
            return Err(Box::new(Diagnostic::error(
                format!("attributes are not allowed before {}", self.describe(tok)),
                attributes[0].span,
            )
            .with_note(
                "only compound, 'for', 'if', 'loop', 'switch' and 'while' statements take attributes",
            )));
        }
        let mut attributes = attributes;
        let kind = match tok.kind {
            K::BraceLeft => StmtKind::Block(self.block(std::mem::take(&mut attributes))?),
            K::Semicolon => {
                self.advance();
                return Ok(Stmt {
                    attributes,
                    kind: StmtKind::Empty,
                    span: tok.span,
                });
            }
            K::If => self.if_statement()?,
            K::Switch => self.switch_statement()?,
            K::Loop => self.loop_statement()?,
            K::For => self.for_statement()?,
            K::While => {
                self.advance();
                let condition = self.expression()?;
                let body = self.attributed_block()?;
                StmtKind::While { condition, body }
            }
            _ => {
                let kind = self.semicolon_statement()?;
                let span = self.span_from(start);
                self.expect(K::Semicolon)?;
                return Ok(Stmt {
                    attributes,
                    kind,
                    span,
                });
            }
        };
        Ok(Stmt {
            attributes,
            kind,
            span: self.span_from(start),
        })
    }

    /// Statements that end with `;` (the `;` is left for the caller).
    fn semicolon_statement(&mut self) -> PResult<StmtKind<'a>> {
        use TokenKind as K;
        let tok = self.peek();
        Ok(match tok.kind {
            K::Return => {
                self.advance();
                if self.peek_kind() == K::Semicolon {
                    StmtKind::Return(None)
                } else {
                    StmtKind::Return(Some(self.expression()?))
                }
            }
            K::Discard => {
                self.advance();
                StmtKind::Discard
            }
            K::Break => {
                self.advance();
                if self.peek_kind() == K::If {
                    return Err(Box::new(Diagnostic::error(
                        "'break if' is only allowed as the last statement of a 'continuing' block",
                        Span::new(tok.span.start, self.peek().span.end),
                    )));
                }
                StmtKind::Break
            }
            K::Continue => {
                self.advance();
                StmtKind::Continue
            }
            K::ConstAssert => {
                self.advance();
                StmtKind::ConstAssert(self.expression()?)
            }
            K::Var | K::Let | K::Const => self.variable_or_value_statement()?,
            K::Ident | K::Underscore | K::Star | K::And | K::AndAnd | K::ParenLeft => {
                self.simple_statement()?
            }
            K::Continuing => {
                return Err(Box::new(Diagnostic::error(
                    "'continuing' is only allowed at the end of a 'loop' body",
                    tok.span,
                )))
            }
            K::Case | K::Default => {
                return Err(Box::new(Diagnostic::error(
                    format!("{} is only allowed in a 'switch' body", tok.kind.describe()),
                    tok.span,
                )))
            }
            _ => return Err(Box::new(self.unexpected("statement"))),
        })
    }

    /// `variable_or_value_statement`.
    fn variable_or_value_statement(&mut self) -> PResult<StmtKind<'a>> {
        let tok = self.advance();
        match tok.kind {
            TokenKind::Var => {
                let decl = self.var_decl_rest(Box::default(), tok.span.start)?;
                Ok(StmtKind::Var(decl))
            }
            _ => {
                let name = self.ident()?;
                let ty = self.optional_type()?;
                self.expect(TokenKind::Equal)?;
                let init = Some(self.expression()?);
                let decl = ValueDecl {
                    attributes: Box::default(),
                    name,
                    ty,
                    init,
                    span: self.span_from(tok.span.start),
                };
                Ok(if tok.kind == TokenKind::Let {
                    StmtKind::Let(decl)
                } else {
                    StmtKind::Const(decl)
                })
            }
        }
    }

    /// After `var`: template list, name, optional type and initialiser.
    pub(super) fn var_decl_rest(
        &mut self,
        attributes: Attributes<'a>,
        start: u32,
    ) -> PResult<VarDecl<'a>> {
        let template_args = self.template_list()?;
        let name = self.ident()?;
        let ty = self.optional_type()?;
        let init = if self.eat(TokenKind::Equal).is_some() {
            Some(self.expression()?)
        } else {
            None
        };
        Ok(VarDecl {
            attributes,
            template_args,
            name,
            ty,
            init,
            span: self.span_from(start),
        })
    }

    /// `(':' type_specifier)?`
    pub(super) fn optional_type(&mut self) -> PResult<Option<ExprId>> {
        if self.eat(TokenKind::Colon).is_some() {
            Ok(Some(self.type_specifier()?))
        } else {
            Ok(None)
        }
    }

    /// A call, assignment, compound assignment, increment or decrement.
    fn simple_statement(&mut self) -> PResult<StmtKind<'a>> {
        if let Some(underscore) = self.eat(TokenKind::Underscore) {
            if self.eat(TokenKind::Equal).is_none() {
                return Err(Box::new(
                    self.unexpected("'='")
                        .with_label(underscore.span, "'_' can only be assigned to"),
                ));
            }
            let rhs = self.expression()?;
            return Ok(StmtKind::Assign {
                lhs: None,
                op: AssignOp::Assign,
                rhs,
            });
        }
        let lhs = self.unary()?;
        let next = self.peek_kind();
        if let Some(op) = assign_op(next) {
            self.check_lhs(lhs)?;
            self.advance();
            let rhs = self.expression()?;
            return Ok(StmtKind::Assign {
                lhs: Some(lhs),
                op,
                rhs,
            });
        }
        match next {
            TokenKind::PlusPlus => {
                self.check_lhs(lhs)?;
                self.advance();
                Ok(StmtKind::Increment(lhs))
            }
            TokenKind::MinusMinus => {
                self.check_lhs(lhs)?;
                self.advance();
                Ok(StmtKind::Decrement(lhs))
            }
            _ if matches!(self.expr(lhs), Expr::Call { .. }) => Ok(StmtKind::Call(lhs)),
            _ => Err(Box::new(
                self.unexpected("'=', compound assignment, '++' or '--'"),
            )),
        }
    }

    /// Checks that `expr` has the shape of `lhs_expression`.
    fn check_lhs(&self, expr: ExprId) -> PResult<()> {
        let mut cur = expr;
        loop {
            match self.expr(cur) {
                Expr::Ident(t) if t.template_args.is_empty() => return Ok(()),
                // `ident call_expression.post.ident`: a call returning a
                // pointer (`*bufferView<T>(&b, 0) = v;`).
                Expr::Call { .. } => return Ok(()),
                Expr::Paren(inner) => cur = *inner,
                Expr::Unary {
                    op: UnaryOp::Deref | UnaryOp::AddressOf,
                    expr,
                } => cur = *expr,
                Expr::Index { base, .. } | Expr::Member { base, .. } => cur = *base,
                _ => {
                    return Err(Box::new(
                        Diagnostic::error(
                            "invalid left-hand side of an assignment",
                            self.expr_span(expr),
                        )
                        .with_label(self.expr_span(cur), "this is not a variable reference"),
                    ))
                }
            }
        }
    }

    /// `if` with `else if` chains (parsed in a loop, nested afterwards).
    fn if_statement(&mut self) -> PResult<StmtKind<'a>> {
        self.expect(TokenKind::If)?;
        let condition = self.expression()?;
        let accept = self.attributed_block()?;
        // (start offset, condition, block) of each `else if`.
        let mut chain: Vec<(u32, ExprId, Block<'a>)> = Vec::new();
        let mut final_else = None;
        while let Some(else_tok) = self.eat(TokenKind::Else) {
            if self.peek_kind() == TokenKind::If {
                let start = self.advance().span.start;
                if chain.len() >= MAX_ELSE_IF_CHAIN {
                    return Err(Box::new(Diagnostic::error(
                        format!("too many 'else if' clauses (the limit is {MAX_ELSE_IF_CHAIN})"),
                        Span::new(else_tok.span.start, self.prev_end()),
                    )));
                }
                let cond = self.expression()?;
                let block = self.attributed_block()?;
                chain.push((start, cond, block));
            } else {
                let attrs = self.attributes()?;
                if let (Some(first), TokenKind::If) = (attrs.first(), self.peek_kind()) {
                    return Err(Box::new(
                        Diagnostic::error(
                            "attributes are not allowed between 'else' and 'if'",
                            first.span,
                        )
                        .with_note(
                            "put them before the '{' of the 'else if' body, or before the whole 'if' statement",
                        ),
                    ));
                }
                let block = self.block(attrs)?;
                let span = block.span;
                final_else = Some(Stmt {
                    attributes: Box::default(),
                    kind: StmtKind::Block(block),
                    span,
                });
                break;
            }
        }
        let end = self.prev_end();
        let mut reject = final_else.map(Box::new);
        while let Some((start, cond, block)) = chain.pop() {
            reject = Some(Box::new(Stmt {
                attributes: Box::default(),
                kind: StmtKind::If {
                    condition: cond,
                    accept: block,
                    reject,
                },
                span: Span::new(start, end),
            }));
        }
        Ok(StmtKind::If {
            condition,
            accept,
            reject,
        })
    }

    fn switch_statement(&mut self) -> PResult<StmtKind<'a>> {
        self.expect(TokenKind::Switch)?;
        let selector = self.expression()?;
        let body_attributes = self.attributes()?;
        let open = self.expect(TokenKind::BraceLeft)?;
        self.enter(Nesting::Statement, open.span)?;
        let mut clauses = Vec::new();
        loop {
            let tok = self.peek();
            let selectors = match tok.kind {
                TokenKind::BraceRight => break,
                TokenKind::Case => {
                    self.advance();
                    let mut selectors = Vec::new();
                    loop {
                        if self.eat(TokenKind::Default).is_some() {
                            selectors.push(None);
                        } else {
                            selectors.push(Some(self.expression()?));
                        }
                        if self.eat(TokenKind::Comma).is_none() {
                            break;
                        }
                        if matches!(
                            self.peek_kind(),
                            TokenKind::Colon | TokenKind::BraceLeft | TokenKind::At
                        ) {
                            break;
                        }
                    }
                    selectors.into_boxed_slice()
                }
                TokenKind::Default => {
                    self.advance();
                    Box::new([None])
                }
                _ => {
                    return Err(Box::new(
                        self.unexpected("'case', 'default' or '}'")
                            .with_label(open.span, "switch body starts here"),
                    ))
                }
            };
            self.eat(TokenKind::Colon);
            let body = self.attributed_block()?;
            clauses.push(SwitchClause {
                selectors,
                body,
                span: self.span_from(tok.span.start),
            });
        }
        self.advance();
        self.leave();
        Ok(StmtKind::Switch {
            selector,
            body_attributes,
            clauses: clauses.into_boxed_slice(),
        })
    }

    fn loop_statement(&mut self) -> PResult<StmtKind<'a>> {
        self.expect(TokenKind::Loop)?;
        let body_attributes = self.attributes()?;
        let open = self.expect(TokenKind::BraceLeft)?;
        self.enter(Nesting::Statement, open.span)?;
        let stmts = self.stmt_stack.len();
        let mut continuing = None;
        loop {
            match self.peek_kind() {
                TokenKind::BraceRight => break,
                TokenKind::Continuing => {
                    continuing = Some(Box::new(self.continuing()?));
                    if self.peek_kind() != TokenKind::BraceRight {
                        return Err(Box::new(
                            self.unexpected("'}'")
                                .with_note("'continuing' must be the last statement of a loop"),
                        ));
                    }
                    break;
                }
                TokenKind::Eof => {
                    return Err(Box::new(
                        self.unexpected("'}'")
                            .with_label(open.span, "loop body starts here"),
                    ))
                }
                _ => {
                    let stmt = self.statement()?;
                    self.stmt_stack.push(stmt);
                }
            }
        }
        let close = self.advance();
        self.leave();
        Ok(StmtKind::Loop {
            body_attributes,
            body: Block {
                attributes: Box::default(),
                stmts: self.stmt_stack.drain(stmts..).collect(),
                span: Span::new(open.span.start, close.span.end),
            },
            continuing,
        })
    }

    /// `continuing attribute* { statement* (break if e;)? }`
    fn continuing(&mut self) -> PResult<Continuing<'a>> {
        let kw = self.expect(TokenKind::Continuing)?;
        let attributes = self.attributes()?;
        let open = self.expect(TokenKind::BraceLeft)?;
        self.enter(Nesting::Statement, open.span)?;
        let stmts = self.stmt_stack.len();
        let mut break_if = None;
        loop {
            match self.peek_kind() {
                TokenKind::BraceRight => break,
                TokenKind::Break if self.peek_nth_kind(1) == TokenKind::If => {
                    self.advance();
                    self.advance();
                    break_if = Some(self.expression()?);
                    self.expect(TokenKind::Semicolon)?;
                    if self.peek_kind() != TokenKind::BraceRight {
                        return Err(Box::new(self.unexpected("'}'").with_note(
                            "'break if' must be the last statement of a 'continuing' block",
                        )));
                    }
                    break;
                }
                TokenKind::Eof => {
                    return Err(Box::new(
                        self.unexpected("'}'")
                            .with_label(open.span, "continuing block starts here"),
                    ))
                }
                _ => {
                    let stmt = self.statement()?;
                    self.stmt_stack.push(stmt);
                }
            }
        }
        let close = self.advance();
        self.leave();
        Ok(Continuing {
            body: Block {
                attributes,
                stmts: self.stmt_stack.drain(stmts..).collect(),
                span: Span::new(open.span.start, close.span.end),
            },
            break_if,
            span: Span::new(kw.span.start, close.span.end),
        })
    }

    fn for_statement(&mut self) -> PResult<StmtKind<'a>> {
        self.expect(TokenKind::For)?;
        self.expect(TokenKind::ParenLeft)?;
        let init = if self.peek_kind() == TokenKind::Semicolon {
            None
        } else {
            let start = self.peek().span.start;
            let kind = match self.peek_kind() {
                TokenKind::Var | TokenKind::Let | TokenKind::Const => {
                    self.variable_or_value_statement()?
                }
                _ => self.for_simple_statement("for-loop initializer")?,
            };
            Some(Box::new(Stmt {
                attributes: Box::default(),
                kind,
                span: self.span_from(start),
            }))
        };
        self.expect(TokenKind::Semicolon)?;
        let condition = if self.peek_kind() == TokenKind::Semicolon {
            None
        } else {
            Some(self.expression()?)
        };
        self.expect(TokenKind::Semicolon)?;
        let update = if self.peek_kind() == TokenKind::ParenRight {
            None
        } else {
            let start = self.peek().span.start;
            let kind = self.for_simple_statement("for-loop update")?;
            Some(Box::new(Stmt {
                attributes: Box::default(),
                kind,
                span: self.span_from(start),
            }))
        };
        self.expect(TokenKind::ParenRight)?;
        let body = self.attributed_block()?;
        Ok(StmtKind::For {
            init,
            condition,
            update,
            body,
        })
    }

    fn for_simple_statement(&mut self, what: &str) -> PResult<StmtKind<'a>> {
        use TokenKind as K;
        match self.peek_kind() {
            K::Ident | K::Underscore | K::Star | K::And | K::AndAnd | K::ParenLeft => {
                self.simple_statement()
            }
            _ => Err(Box::new(self.unexpected(what))),
        }
    }
}

//! Expressions, template lists and types.

use super::{Nesting, PResult, Parser};
use crate::diagnostic::Diagnostic;
use crate::front::wgsl::ast::{
    BinaryOp, Expr, ExprId, ExprList, Ident, Literal, TemplatedIdent, UnaryOp,
};
use crate::front::wgsl::lexer::{number::literal_value, Token, TokenKind};
use crate::span::Span;

/// The binary operator a token spells, if any.
fn binary_op(kind: TokenKind) -> Option<BinaryOp> {
    use TokenKind as K;
    Some(match kind {
        K::Plus => BinaryOp::Add,
        K::Minus => BinaryOp::Sub,
        K::Star => BinaryOp::Mul,
        K::Slash => BinaryOp::Div,
        K::Percent => BinaryOp::Mod,
        K::EqualEqual => BinaryOp::Eq,
        K::NotEqual => BinaryOp::Ne,
        K::Less => BinaryOp::Lt,
        K::LessEqual => BinaryOp::Le,
        K::Greater => BinaryOp::Gt,
        K::GreaterEqual => BinaryOp::Ge,
        K::And => BinaryOp::And,
        K::Or => BinaryOp::Or,
        K::Xor => BinaryOp::Xor,
        K::AndAnd => BinaryOp::LogicalAnd,
        K::OrOr => BinaryOp::LogicalOr,
        K::ShiftLeft => BinaryOp::Shl,
        K::ShiftRight => BinaryOp::Shr,
        _ => return None,
    })
}

fn is_relational(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
    )
}

fn is_multiplicative(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::Star | TokenKind::Slash | TokenKind::Percent
    )
}

impl<'a> Parser<'a> {
    fn binary(&mut self, op: BinaryOp, left: ExprId, right: ExprId) -> ExprId {
        let span = self.expr_span(left).join(self.expr_span(right));
        self.add(Expr::Binary { op, left, right }, span)
    }

    /// `expression`: WGSL's restricted precedence grammar.
    pub(super) fn expression(&mut self) -> PResult<ExprId> {
        let start = self.peek().span;
        self.enter(Nesting::Expression, start)?;
        let first = self.unary()?;
        // The last operator applied at the top level, for mixing errors.
        let mut last: Option<Token> = None;
        let result = match self.peek_kind() {
            TokenKind::And | TokenKind::Or | TokenKind::Xor => {
                let op_kind = self.peek_kind();
                let mut acc = first;
                while self.peek_kind() == op_kind {
                    let tok = self.advance();
                    let right = self.unary()?;
                    acc = self.binary(binary_op(op_kind).unwrap_or(BinaryOp::And), acc, right);
                    last = Some(tok);
                }
                acc
            }
            _ => {
                let mut acc = self.relational_rest(first, &mut last)?;
                let kind = self.peek_kind();
                if matches!(kind, TokenKind::AndAnd | TokenKind::OrOr) {
                    let op = binary_op(kind).unwrap_or(BinaryOp::LogicalAnd);
                    while self.peek_kind() == kind {
                        let tok = self.advance();
                        let operand = self.unary()?;
                        let mut inner_last = None;
                        let right = self.relational_rest(operand, &mut inner_last)?;
                        acc = self.binary(op, acc, right);
                        last = Some(tok);
                    }
                }
                acc
            }
        };
        self.check_no_mixing(last)?;
        self.leave();
        Ok(result)
    }

    /// Reports a binary operator that follows a complete expression: the
    /// grammar never allows it, so it must be a forbidden mix.
    fn check_no_mixing(&self, last: Option<Token>) -> PResult<()> {
        let next = self.peek();
        let (Some(next_op), Some(prev)) = (binary_op(next.kind), last) else {
            return Ok(());
        };
        let prev_op = binary_op(prev.kind).unwrap_or(BinaryOp::Add);
        let prev_text = prev.kind.describe();
        let next_text = next.kind.describe();
        let message = if is_relational(prev_op) && is_relational(next_op) {
            format!(
                "comparison operators cannot be chained: {prev_text} followed by {next_text} requires parentheses"
            )
        } else if matches!(prev_op, BinaryOp::Shl | BinaryOp::Shr)
            && matches!(next_op, BinaryOp::Shl | BinaryOp::Shr)
        {
            format!(
                "shift operators cannot be chained: {prev_text} followed by {next_text} requires parentheses"
            )
        } else {
            format!("mixing {prev_text} and {next_text} requires parentheses")
        };
        Err(Box::new(
            Diagnostic::error(message, next.span)
                .with_label(prev.span, "previous operator")
                .with_note("WGSL has no precedence between these operators; add parentheses"),
        ))
    }

    /// `relational_expression.post.unary_expression`.
    fn relational_rest(&mut self, left: ExprId, last: &mut Option<Token>) -> PResult<ExprId> {
        let left = self.shift_rest(left, last)?;
        let kind = self.peek_kind();
        match binary_op(kind) {
            Some(op) if is_relational(op) => {
                let tok = self.advance();
                let operand = self.unary()?;
                let mut inner_last = None;
                let right = self.shift_rest(operand, &mut inner_last)?;
                *last = Some(tok);
                Ok(self.binary(op, left, right))
            }
            _ => Ok(left),
        }
    }

    /// `shift_expression.post.unary_expression`.
    fn shift_rest(&mut self, left: ExprId, last: &mut Option<Token>) -> PResult<ExprId> {
        let kind = self.peek_kind();
        if matches!(kind, TokenKind::ShiftLeft | TokenKind::ShiftRight) {
            let tok = self.advance();
            let right = self.unary()?;
            *last = Some(tok);
            let op = binary_op(kind).unwrap_or(BinaryOp::Shl);
            return Ok(self.binary(op, left, right));
        }
        let mut acc = self.multiplicative_rest(left, last)?;
        while matches!(
            self.peek_kind(),
            TokenKind::Plus | TokenKind::Minus | TokenKind::MinusMinus
        ) {
            let mut tok = self.advance();
            let operand = if tok.kind == TokenKind::MinusMinus {
                // `a--b` in an expression is `a - (-b)` (`--` is not a
                // valid token after an operand inside an expression).
                tok.kind = TokenKind::Minus;
                tok.span.end = tok.span.start + 1;
                let negated = self.unary()?;
                let span = Span::new(tok.span.end, self.expr_span(negated).end);
                self.add(
                    Expr::Unary {
                        op: UnaryOp::Negate,
                        expr: negated,
                    },
                    span,
                )
            } else {
                self.unary()?
            };
            let mut inner_last = None;
            let right = self.multiplicative_rest(operand, &mut inner_last)?;
            let op = binary_op(tok.kind).unwrap_or(BinaryOp::Add);
            acc = self.binary(op, acc, right);
            *last = Some(tok);
        }
        Ok(acc)
    }

    fn multiplicative_rest(&mut self, left: ExprId, last: &mut Option<Token>) -> PResult<ExprId> {
        let mut acc = left;
        while is_multiplicative(self.peek_kind()) {
            let tok = self.advance();
            let right = self.unary()?;
            let op = binary_op(tok.kind).unwrap_or(BinaryOp::Mul);
            acc = self.binary(op, acc, right);
            *last = Some(tok);
        }
        Ok(acc)
    }

    /// `unary_expression`: prefix operators (collected in a loop), then a
    /// primary expression with its postfix accessors.
    pub(super) fn unary(&mut self) -> PResult<ExprId> {
        let base = self.unary_stack.len();
        let depth_before = self.depth;
        loop {
            let tok = self.peek();
            let op = match tok.kind {
                TokenKind::Minus => UnaryOp::Negate,
                TokenKind::Bang => UnaryOp::Not,
                TokenKind::Tilde => UnaryOp::BitNot,
                TokenKind::Star => UnaryOp::Deref,
                TokenKind::And => UnaryOp::AddressOf,
                // The spec's tokenizer takes the longest token valid at this
                // point: `&&` and `--` are not, so `&&x` is `&(&x)` and
                // `--x` is `-(-x)`.
                TokenKind::AndAnd | TokenKind::MinusMinus => {
                    let op = if tok.kind == TokenKind::AndAnd {
                        UnaryOp::AddressOf
                    } else {
                        UnaryOp::Negate
                    };
                    self.advance();
                    self.enter(Nesting::Expression, tok.span)?;
                    self.enter(Nesting::Expression, tok.span)?;
                    self.unary_stack.push((op, tok.span.start));
                    self.unary_stack.push((op, tok.span.start + 1));
                    continue;
                }
                _ => break,
            };
            self.advance();
            self.enter(Nesting::Expression, tok.span)?;
            self.unary_stack.push((op, tok.span.start));
        }
        let mut expr = self.postfix_expression()?;
        while self.unary_stack.len() > base {
            let Some((op, start)) = self.unary_stack.pop() else {
                break;
            };
            let span = Span::new(start, self.expr_span(expr).end);
            expr = self.add(Expr::Unary { op, expr }, span);
        }
        self.depth = depth_before;
        Ok(expr)
    }

    /// A primary expression followed by `.member` / `[index]` accessors.
    fn postfix_expression(&mut self) -> PResult<ExprId> {
        let mut expr = self.primary()?;
        let start = self.expr_span(expr).start;
        loop {
            match self.peek_kind() {
                TokenKind::Period => {
                    self.advance();
                    let member = self.member_ident()?;
                    expr = self.add(Expr::Member { base: expr, member }, self.span_from(start));
                }
                TokenKind::BracketLeft => {
                    self.advance();
                    let index = self.expression()?;
                    self.expect(TokenKind::BracketRight)?;
                    expr = self.add(Expr::Index { base: expr, index }, self.span_from(start));
                }
                _ => return Ok(expr),
            }
        }
    }

    fn member_ident(&mut self) -> PResult<Ident<'a>> {
        if self.peek_kind() == TokenKind::Ident {
            self.ident()
        } else {
            Err(Box::new(self.unexpected("member name")))
        }
    }

    /// `primary_expression`.
    fn primary(&mut self) -> PResult<ExprId> {
        let tok = self.peek();
        match tok.kind {
            TokenKind::IntLit | TokenKind::FloatLit => {
                self.advance();
                let text = self.text(tok.span);
                let lit = literal_value(text, tok.kind == TokenKind::FloatLit)
                    .map_err(|message| Box::new(Diagnostic::error(message, tok.span)))?;
                Ok(self.add(Expr::Literal(lit), tok.span))
            }
            TokenKind::True | TokenKind::False => {
                self.advance();
                let lit = Literal::Bool(tok.kind == TokenKind::True);
                Ok(self.add(Expr::Literal(lit), tok.span))
            }
            TokenKind::Ident => {
                let callee = self.templated_ident()?;
                if self.peek_kind() == TokenKind::ParenLeft {
                    let args = self.call_arguments()?;
                    let span = self.span_from(callee.span.start);
                    Ok(self.add(Expr::Call { callee, args }, span))
                } else {
                    let span = callee.span;
                    Ok(self.add(Expr::Ident(callee), span))
                }
            }
            TokenKind::ParenLeft => {
                self.advance();
                let inner = self.expression()?;
                self.expect(TokenKind::ParenRight)?;
                let span = self.span_from(tok.span.start);
                Ok(self.add(Expr::Paren(inner), span))
            }
            _ => Err(Box::new(self.unexpected("expression"))),
        }
    }

    /// `( expression, ... )` with an optional trailing comma.
    pub(super) fn call_arguments(&mut self) -> PResult<ExprList> {
        self.expect(TokenKind::ParenLeft)?;
        let start = self.comma_list(TokenKind::ParenRight)?;
        Ok(self.finish_list(start))
    }

    /// Moves the list stack's elements from `start` up into the unit's
    /// list arena.
    fn finish_list(&mut self, start: usize) -> ExprList {
        let len = self.list_stack.len() - start;
        if len == 0 {
            return ExprList::default();
        }
        let list = ExprList {
            start: self.tu.lists.len() as u32,
            len: len as u32,
        };
        self.tu.lists.extend_from_slice(&self.list_stack[start..]);
        self.list_stack.truncate(start);
        list
    }

    /// Expressions separated by commas (trailing comma allowed) up to and
    /// including `close`.
    /// The expressions are pushed on the list stack above the returned
    /// start (nested lists are moved off it before this one continues).
    fn comma_list(&mut self, close: TokenKind) -> PResult<usize> {
        let start = self.list_stack.len();
        let result = loop {
            if self.eat(close).is_some() {
                break Ok(());
            }
            match self.expression() {
                Ok(e) => self.list_stack.push(e),
                Err(e) => break Err(e),
            }
            if self.eat(TokenKind::Comma).is_none() {
                break self.expect(close).map(|_| ());
            }
        };
        if result.is_err() {
            self.list_stack.truncate(start);
        }
        result.map(|()| start)
    }

    /// An identifier with an optional template list.
    pub(super) fn templated_ident(&mut self) -> PResult<TemplatedIdent<'a>> {
        let ident = self.ident()?;
        let template_args = self.template_list()?;
        Ok(TemplatedIdent {
            ident,
            template_args,
            span: self.span_from(ident.span.start),
        })
    }

    /// An optional template list `<a, b>` (empty vector if absent).
    pub(super) fn template_list(&mut self) -> PResult<ExprList> {
        let Some(open) = self.eat(TokenKind::TemplateArgsStart) else {
            return Ok(ExprList::default());
        };
        self.enter(Nesting::Expression, open.span)?;
        let start = self.list_stack.len();
        let result = self.template_args_into_stack();
        let args = self.finish_list(start);
        result?;
        if self.peek_kind() != TokenKind::TemplateArgsEnd {
            return Err(Box::new(
                self.unexpected("',' or '>' closing the template list")
                    .with_label(open.span, "template list starts here"),
            ));
        }
        self.advance();
        self.leave();
        Ok(args)
    }

    /// The expressions of a template list after `<` (a trailing comma
    /// allowed), pushed on the list stack; stops before `>` or any other
    /// token that cannot continue the list.
    fn template_args_into_stack(&mut self) -> PResult<()> {
        let first = self.expression()?;
        self.list_stack.push(first);
        while self.eat(TokenKind::Comma).is_some() {
            if self.peek_kind() == TokenKind::TemplateArgsEnd {
                break;
            }
            let arg = self.expression()?;
            self.list_stack.push(arg);
        }
        Ok(())
    }

    /// `type_specifier`: an identifier with an optional template list, as
    /// an [`Expr::Ident`] expression.
    pub(super) fn type_specifier(&mut self) -> PResult<ExprId> {
        if self.peek_kind() != TokenKind::Ident {
            return Err(Box::new(self.unexpected("type")));
        }
        let ty = self.templated_ident()?;
        let span = ty.span;
        Ok(self.add(Expr::Ident(ty), span))
    }
}

//! Directives, module-scope declarations and attributes.

use super::{PResult, Parser};
use crate::diagnostic::Diagnostic;
use crate::front::wgsl::ast::{
    AliasDecl, Attribute, Attributes, ConstAssert, DiagnosticControl, Directive, ExprList, FnDecl,
    GlobalDecl, Ident, Param, StructDecl, StructMember, ValueDecl,
};
use crate::front::wgsl::lexer::TokenKind;
use crate::span::Span;

/// Every attribute name WGSL defines, plus Chromium's `subgroup_size`,
/// `color` (`chromium_experimental_framebuffer_fetch`) and
/// `input_attachment_index` (`chromium_internal_input_attachments`).
const ATTRIBUTE_NAMES: &[&str] = &[
    "align",
    "binding",
    "blend_src",
    "builtin",
    "color",
    "compute",
    "const",
    "diagnostic",
    "fragment",
    "group",
    "id",
    "input_attachment_index",
    "interpolate",
    "invariant",
    "location",
    "must_use",
    "size",
    "subgroup_size",
    "vertex",
    "workgroup_size",
];

impl<'a> Parser<'a> {
    /// `translation_unit`: directives, then declarations.
    pub(super) fn translation_unit(&mut self) -> PResult<()> {
        loop {
            let tok = self.peek();
            let directive = match tok.kind {
                TokenKind::Enable | TokenKind::Requires => {
                    self.advance();
                    let mut names = vec![self.ident()?];
                    while self.eat(TokenKind::Comma).is_some() {
                        if self.peek_kind() == TokenKind::Semicolon {
                            break;
                        }
                        names.push(self.ident()?);
                    }
                    self.expect(TokenKind::Semicolon)?;
                    let span = self.span_from(tok.span.start);
                    if tok.kind == TokenKind::Enable {
                        Directive::Enable(names, span)
                    } else {
                        Directive::Requires(names, span)
                    }
                }
                TokenKind::Diagnostic => {
                    self.advance();
                    let control = self.diagnostic_control()?;
                    self.expect(TokenKind::Semicolon)?;
                    Directive::Diagnostic(control, self.span_from(tok.span.start))
                }
                _ => break,
            };
            self.tu.directives.push(directive);
        }
        loop {
            match self.peek_kind() {
                TokenKind::Eof => return Ok(()),
                TokenKind::Semicolon => {
                    self.advance();
                }
                _ => {
                    let start = self.pos;
                    // Nothing before a declaration is read again (error
                    // recovery restarts from its first token).
                    self.tokens.free_before(start);
                    match self.global_decl() {
                        Ok(decl) => {
                            // Its free names, while its expressions are
                            // still in cache.
                            let tu = &mut self.tu;
                            tu.free_name_starts.push(tu.free_names.len() as u32);
                            self.free
                                .collect(&decl, &self.exprs, &tu.lists, &mut tu.free_names);
                            self.tu.decls.push(decl);
                            self.close_arena(true);
                        }
                        Err(d) => {
                            self.close_arena(false);
                            if !self.recover(*d, start) {
                                return Ok(());
                            }
                        }
                    }
                }
            }
        }
    }

    /// One module-scope declaration.
    fn global_decl(&mut self) -> PResult<GlobalDecl<'a>> {
        let start = self.peek().span.start;
        let attributes = self.attributes()?;
        let tok = self.peek();
        use TokenKind as K;
        if !attributes.is_empty() && !matches!(tok.kind, K::Fn | K::Var | K::Override) {
            return Err(Box::new(Diagnostic::error(
                format!("attributes are not allowed before {}", self.describe(tok)),
                attributes[0].span,
            )));
        }
        match tok.kind {
            K::Fn => self.fn_decl(attributes, start).map(GlobalDecl::Fn),
            K::Var => {
                self.advance();
                let decl = self.var_decl_rest(attributes, start)?;
                self.expect(K::Semicolon)?;
                Ok(GlobalDecl::Var(decl))
            }
            K::Override | K::Const => {
                self.advance();
                let name = self.ident()?;
                let ty = self.optional_type()?;
                let init = if tok.kind == K::Const {
                    self.expect(K::Equal)?;
                    Some(self.expression()?)
                } else if self.eat(K::Equal).is_some() {
                    Some(self.expression()?)
                } else {
                    None
                };
                self.expect(K::Semicolon)?;
                let decl = ValueDecl {
                    attributes,
                    name,
                    ty,
                    init,
                    span: self.span_from(start),
                };
                Ok(if tok.kind == K::Const {
                    GlobalDecl::Const(decl)
                } else {
                    GlobalDecl::Override(decl)
                })
            }
            K::Alias => {
                self.advance();
                let name = self.ident()?;
                self.expect(K::Equal)?;
                let ty = self.type_specifier()?;
                self.expect(K::Semicolon)?;
                Ok(GlobalDecl::Alias(AliasDecl {
                    name,
                    ty,
                    span: self.span_from(start),
                }))
            }
            K::Struct => self.struct_decl(start).map(GlobalDecl::Struct),
            K::ConstAssert => {
                self.advance();
                let expr = self.expression()?;
                self.expect(K::Semicolon)?;
                Ok(GlobalDecl::ConstAssert(ConstAssert {
                    expr,
                    span: self.span_from(start),
                }))
            }
            K::Enable | K::Requires | K::Diagnostic => Err(Box::new(Diagnostic::error(
                "directives must come before any declaration",
                tok.span,
            ))),
            K::Let => Err(Box::new(
                Diagnostic::error(
                    "'let' declarations are only allowed inside functions",
                    tok.span,
                )
                .with_note("use 'const' for module-scope constants"),
            )),
            _ => Err(Box::new(self.unexpected("declaration"))),
        }
    }

    fn fn_decl(&mut self, attributes: Attributes<'a>, start: u32) -> PResult<FnDecl<'a>> {
        self.expect(TokenKind::Fn)?;
        let name = self.ident()?;
        self.expect(TokenKind::ParenLeft)?;
        // Gathered on the stack and boxed once, at their exact size.
        let mut params: smallvec::SmallVec<[Param<'a>; 4]> = smallvec::SmallVec::new();
        loop {
            if self.eat(TokenKind::ParenRight).is_some() {
                break;
            }
            let pstart = self.peek().span.start;
            let attrs = self.attributes()?;
            let pname = self.ident()?;
            self.expect(TokenKind::Colon)?;
            let ty = self.type_specifier()?;
            params.push(Param {
                attributes: attrs,
                name: pname,
                ty,
                span: self.span_from(pstart),
            });
            if self.eat(TokenKind::Comma).is_none() {
                self.expect(TokenKind::ParenRight)?;
                break;
            }
        }
        let result = if self.eat(TokenKind::Arrow).is_some() {
            let attrs = self.attributes()?;
            let ty = self.type_specifier()?;
            Some((attrs, ty))
        } else {
            None
        };
        let body_attrs = self.attributes()?;
        let body_first = self.exprs.len();
        let body = self.block(body_attrs)?;
        Ok(FnDecl {
            attributes,
            name,
            params: super::boxed_exact(&mut params),
            result,
            body_exprs: (self.exprs.len() - body_first) as u32,
            body,
            span: self.span_from(start),
        })
    }

    fn struct_decl(&mut self, start: u32) -> PResult<StructDecl<'a>> {
        self.expect(TokenKind::Struct)?;
        let name = self.ident()?;
        let open = self.expect(TokenKind::BraceLeft)?;
        let mut members = Vec::new();
        loop {
            if let Some(close) = self.eat(TokenKind::BraceRight) {
                if members.is_empty() {
                    return Err(Box::new(Diagnostic::error(
                        "a structure must have at least one member",
                        Span::new(open.span.start, close.span.end),
                    )));
                }
                break;
            }
            let attrs = self.attributes()?;
            let mname = self.member_name()?;
            self.expect(TokenKind::Colon)?;
            let ty = self.type_specifier()?;
            members.push(StructMember {
                attributes: attrs,
                name: mname,
                ty,
            });
            if self.eat(TokenKind::Comma).is_none() {
                if self.peek_kind() == TokenKind::Semicolon {
                    return Err(Box::new(
                        self.unexpected("',' or '}'")
                            .with_note("structure members are separated by ','"),
                    ));
                }
                self.expect(TokenKind::BraceRight)?;
                break;
            }
        }
        Ok(StructDecl {
            name,
            members: members.into_boxed_slice(),
            span: self.span_from(start),
        })
    }

    fn member_name(&mut self) -> PResult<Ident<'a>> {
        if self.peek_kind() == TokenKind::Ident {
            self.ident()
        } else {
            Err(Box::new(self.unexpected("member name")))
        }
    }

    /// `attribute*`.
    pub(super) fn attributes(&mut self) -> PResult<Attributes<'a>> {
        if self.peek_kind() != TokenKind::At {
            return Ok(Box::default());
        }
        // Collected on the stack and boxed at their exact size: one
        // allocation per attribute list.
        let mut attrs: smallvec::SmallVec<[Attribute<'a>; 4]> = smallvec::SmallVec::new();
        while let Some(at) = self.eat(TokenKind::At) {
            let tok = self.peek();
            let is_name = tok.kind == TokenKind::Ident || tok.kind.is_keyword();
            if !is_name {
                return Err(Box::new(self.unexpected("attribute name")));
            }
            self.advance();
            let name = Ident {
                name: self.text(tok.span),
                span: tok.span,
            };
            if !ATTRIBUTE_NAMES.contains(&name.name) {
                return Err(Box::new(
                    Diagnostic::error(format!("unknown attribute '{}'", name.name), tok.span)
                        .with_note(format!(
                            "the attributes are: {}",
                            ATTRIBUTE_NAMES.join(", ")
                        ))
                        .with_closest(name.name, ATTRIBUTE_NAMES.iter().copied()),
                ));
            }
            let mut args = ExprList::default();
            let mut diagnostic = None;
            if name.name == "diagnostic" {
                diagnostic = Some(Box::new(self.diagnostic_control()?));
            } else if self.peek_kind() == TokenKind::ParenLeft {
                args = self.call_arguments()?;
            }
            attrs.push(Attribute {
                name,
                args,
                diagnostic,
                span: self.span_from(at.span.start),
            });
        }
        Ok(super::boxed_exact(&mut attrs))
    }

    /// `( severity , rule[.suffix] ,? )`
    fn diagnostic_control(&mut self) -> PResult<DiagnosticControl<'a>> {
        self.expect(TokenKind::ParenLeft)?;
        let severity = self.name_token("severity control ('error', 'warning', 'info' or 'off')")?;
        self.expect(TokenKind::Comma)?;
        let rule = self.name_token("diagnostic rule name")?;
        let rule_suffix = if self.eat(TokenKind::Period).is_some() {
            Some(self.name_token("diagnostic rule name")?)
        } else {
            None
        };
        let span = self.span_from(severity.span.start);
        self.eat(TokenKind::Comma);
        self.expect(TokenKind::ParenRight)?;
        Ok(DiagnosticControl {
            severity,
            rule,
            rule_suffix,
            span,
        })
    }

    /// An `ident_pattern_token` (identifier or keyword spelling).
    fn name_token(&mut self, what: &str) -> PResult<Ident<'a>> {
        let tok = self.peek();
        if tok.kind == TokenKind::Ident || tok.kind.is_keyword() {
            self.advance();
            Ok(Ident {
                name: self.text(tok.span),
                span: tok.span,
            })
        } else {
            Err(Box::new(self.unexpected(what)))
        }
    }
}

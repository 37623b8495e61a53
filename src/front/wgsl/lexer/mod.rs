//! The WGSL lexer.
//!
//! [`tokenize`] turns the source into a flat vector of [`Token`]s in three
//! linear steps:
//!
//! 1. scanning (byte-based dispatch, zero-copy: a token is a kind and a
//!    span; identifier text is sliced from the source by the parser),
//! 2. template list discovery (`template`), which turns the `<` and `>`
//!    that delimit template lists into [`TokenKind::TemplateArgsStart`] and
//!    [`TokenKind::TemplateArgsEnd`] exactly as the spec's algorithm says,
//! 3. joining the remaining adjacent `>` `>` / `>` `=` pairs into `>>`,
//!    `>=` and `>>=` operators (the scanner always emits `>` alone, because
//!    only discovery can tell whether a `>` closes a template list).
//!
//! Numeric literals are checked for shape here; their values are computed by
//! [`number::literal_value`] when the parser builds the AST.

mod float;
pub mod number;
mod scan;
mod template;
mod words;

/// Whether `name` is a WGSL keyword or reserved word (so it cannot be an
/// identifier). Used by the WGSL writer to avoid emitting such names.
pub(crate) fn is_keyword_or_reserved(name: &str) -> bool {
    words::keyword(name.as_bytes()).is_some() || words::is_reserved(name)
}

use crate::diagnostic::Diagnostic;
use crate::Span;

/// The kind of a token.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum TokenKind {
    /// An identifier (not a keyword or reserved word).
    Ident,
    /// An integer literal (decimal or hex, with optional `i`/`u` suffix).
    IntLit,
    /// A floating-point literal (decimal or hex, with optional `f`/`h` suffix).
    FloatLit,
    // Keywords.
    Alias,
    Break,
    Case,
    Const,
    ConstAssert,
    Continue,
    Continuing,
    Default,
    Diagnostic,
    Discard,
    Else,
    Enable,
    False,
    Fn,
    For,
    If,
    Let,
    Loop,
    Override,
    Requires,
    Return,
    Struct,
    Switch,
    True,
    Var,
    While,
    // Syntactic tokens.
    /// `&`
    And,
    /// `&&`
    AndAnd,
    /// `->`
    Arrow,
    /// `@`
    At,
    /// `/`
    Slash,
    /// `!`
    Bang,
    /// `[`
    BracketLeft,
    /// `]`
    BracketRight,
    /// `{`
    BraceLeft,
    /// `}`
    BraceRight,
    /// `:`
    Colon,
    /// `,`
    Comma,
    /// `=`
    Equal,
    /// `==`
    EqualEqual,
    /// `!=`
    NotEqual,
    /// `>`
    Greater,
    /// `>=`
    GreaterEqual,
    /// `>>`
    ShiftRight,
    /// `<`
    Less,
    /// `<=`
    LessEqual,
    /// `<<`
    ShiftLeft,
    /// `%`
    Percent,
    /// `-`
    Minus,
    /// `--`
    MinusMinus,
    /// `.`
    Period,
    /// `+`
    Plus,
    /// `++`
    PlusPlus,
    /// `|`
    Or,
    /// `||`
    OrOr,
    /// `(`
    ParenLeft,
    /// `)`
    ParenRight,
    /// `;`
    Semicolon,
    /// `*`
    Star,
    /// `~`
    Tilde,
    /// `_`
    Underscore,
    /// `^`
    Xor,
    /// `+=`
    PlusEqual,
    /// `-=`
    MinusEqual,
    /// `*=`
    StarEqual,
    /// `/=`
    SlashEqual,
    /// `%=`
    PercentEqual,
    /// `&=`
    AndEqual,
    /// `|=`
    OrEqual,
    /// `^=`
    XorEqual,
    /// `>>=`
    ShiftRightEqual,
    /// `<<=`
    ShiftLeftEqual,
    /// A `<` that starts a template list.
    TemplateArgsStart,
    /// A `>` that ends a template list.
    TemplateArgsEnd,
    /// End of input.
    Eof,
}

impl TokenKind {
    /// Whether this token is a keyword (its text is identifier-shaped).
    pub fn is_keyword(self) -> bool {
        (self as u8) >= (TokenKind::Alias as u8) && (self as u8) <= (TokenKind::While as u8)
    }

    /// A fixed description of the token, for messages (`';'`, `identifier`).
    pub fn describe(self) -> &'static str {
        use TokenKind::*;
        match self {
            Ident => "identifier",
            IntLit => "integer literal",
            FloatLit => "floating-point literal",
            Alias => "'alias'",
            Break => "'break'",
            Case => "'case'",
            Const => "'const'",
            ConstAssert => "'const_assert'",
            Continue => "'continue'",
            Continuing => "'continuing'",
            Default => "'default'",
            Diagnostic => "'diagnostic'",
            Discard => "'discard'",
            Else => "'else'",
            Enable => "'enable'",
            False => "'false'",
            Fn => "'fn'",
            For => "'for'",
            If => "'if'",
            Let => "'let'",
            Loop => "'loop'",
            Override => "'override'",
            Requires => "'requires'",
            Return => "'return'",
            Struct => "'struct'",
            Switch => "'switch'",
            True => "'true'",
            Var => "'var'",
            While => "'while'",
            And => "'&'",
            AndAnd => "'&&'",
            Arrow => "'->'",
            At => "'@'",
            Slash => "'/'",
            Bang => "'!'",
            BracketLeft => "'['",
            BracketRight => "']'",
            BraceLeft => "'{'",
            BraceRight => "'}'",
            Colon => "':'",
            Comma => "','",
            Equal => "'='",
            EqualEqual => "'=='",
            NotEqual => "'!='",
            Greater => "'>'",
            GreaterEqual => "'>='",
            ShiftRight => "'>>'",
            Less => "'<'",
            LessEqual => "'<='",
            ShiftLeft => "'<<'",
            Percent => "'%'",
            Minus => "'-'",
            MinusMinus => "'--'",
            Period => "'.'",
            Plus => "'+'",
            PlusPlus => "'++'",
            Or => "'|'",
            OrOr => "'||'",
            ParenLeft => "'('",
            ParenRight => "')'",
            Semicolon => "';'",
            Star => "'*'",
            Tilde => "'~'",
            Underscore => "'_'",
            Xor => "'^'",
            PlusEqual => "'+='",
            MinusEqual => "'-='",
            StarEqual => "'*='",
            SlashEqual => "'/='",
            PercentEqual => "'%='",
            AndEqual => "'&='",
            OrEqual => "'|='",
            XorEqual => "'^='",
            ShiftRightEqual => "'>>='",
            ShiftLeftEqual => "'<<='",
            TemplateArgsStart => "'<'",
            TemplateArgsEnd => "'>'",
            Eof => "end of file",
        }
    }
}

/// A token: its kind and where it is. The text is `&source[span]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it is.
    pub span: Span,
}

/// Splits `source` into tokens, ending with one [`TokenKind::Eof`] token.
///
/// Template list delimiters are already resolved (see the module docs).
/// Errors: unterminated block comments, invalid characters, malformed
/// numeric literals, reserved words and identifiers starting with `__`.
pub fn tokenize(source: &str) -> Result<Vec<Token>, Box<Diagnostic>> {
    if source.len() >= u32::MAX as usize {
        return Err(Box::new(Diagnostic::without_location(
            "source text is too large (the limit is 4 GiB)",
        )));
    }
    let mut tokens = scan::scan(source)?;
    template::discover(&mut tokens);
    join_greater(&mut tokens);
    Ok(tokens)
}

/// Joins `>` `>`, `>` `=` and `>` `>` `=` (adjacent, not template ends) into
/// one operator token, compacting the vector in place.
fn join_greater(tokens: &mut Vec<Token>) {
    let adjacent = |a: &Token, b: &Token| a.span.end == b.span.start;
    let mut write = 0;
    let mut read = 0;
    let len = tokens.len();
    while read < len {
        let mut tok = tokens[read];
        read += 1;
        if tok.kind == TokenKind::Greater && read < len {
            let next = tokens[read];
            if next.kind == TokenKind::Greater && adjacent(&tok, &next) {
                tok.kind = TokenKind::ShiftRight;
                tok.span.end = next.span.end;
                read += 1;
                if read < len
                    && tokens[read].kind == TokenKind::Equal
                    && adjacent(&tok, &tokens[read])
                {
                    tok.kind = TokenKind::ShiftRightEqual;
                    tok.span.end = tokens[read].span.end;
                    read += 1;
                }
            } else if next.kind == TokenKind::Equal && adjacent(&tok, &next) {
                tok.kind = TokenKind::GreaterEqual;
                tok.span.end = next.span.end;
                read += 1;
            }
        }
        tokens[write] = tok;
        write += 1;
    }
    tokens.truncate(write);
}

#[cfg(test)]
mod tests;

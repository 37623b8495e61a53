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

use crate::diagnostic::Diagnostic;
use crate::span::Span;

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
    let len = join_greater(&mut tokens);
    tokens.truncate(len);
    Ok(tokens)
}

/// The tokens of [`tokenize`], scanned as a consumer asks for them: a
/// piece of at least [`SEGMENT`] tokens at a time, ending at a `;` or `{`
/// (template list discovery starts afresh after those, and `>` joining
/// never spans them, so finishing the tokens piece by piece gives what
/// finishing all at once would). The parser asks a few tokens ahead of
/// where it is and frees what it will not read again, so the tokens never
/// sit in one large vector and those it reads were scanned moments before.
///
/// A scanning error ends the stream (with an `Eof` token at the end of the
/// source); [`TokenStream::scan_error`] gives it, scanning the rest of the
/// source first if the consumer stopped early, so an error anywhere in the
/// source is found as [`tokenize`] finds it.
pub struct TokenStream<'a> {
    source: &'a str,
    /// Where scanning resumes; `None` once the `Eof` token is out (or
    /// scanning failed).
    next: Option<usize>,
    /// Finished tokens: `buf[k]` is token number `base + k`.
    buf: Vec<Token>,
    base: usize,
    /// The piece being scanned (kept for its allocation).
    work: Vec<Token>,
    error: Option<Box<Diagnostic>>,
}

/// The least number of tokens [`TokenStream`] scans at a time.
pub const SEGMENT: usize = 512;

/// Collects one piece of a [`TokenStream`].
struct Piece<'w>(&'w mut Vec<Token>);

impl scan::TokenSink for Piece<'_> {
    fn push(&mut self, token: Token) -> bool {
        self.0.push(token);
        matches!(token.kind, TokenKind::Semicolon | TokenKind::BraceLeft) && self.0.len() >= SEGMENT
    }
}

/// Drops the tokens of the rest of a source (for [`TokenStream::scan_error`]).
struct Discard;

impl scan::TokenSink for Discard {
    fn push(&mut self, _: Token) -> bool {
        false
    }
}

impl<'a> TokenStream<'a> {
    /// A stream over `source` (nothing is scanned yet).
    pub fn new(source: &'a str) -> Result<Self, Box<Diagnostic>> {
        if source.len() >= u32::MAX as usize {
            return Err(Box::new(Diagnostic::without_location(
                "source text is too large (the limit is 4 GiB)",
            )));
        }
        Ok(TokenStream {
            source,
            next: Some(0),
            buf: Vec::new(),
            base: 0,
            work: Vec::new(),
            error: None,
        })
    }

    /// Scans until token number `i` exists (or the stream has ended).
    #[inline]
    pub fn fill_to(&mut self, i: usize) {
        while self.base + self.buf.len() <= i && self.next.is_some() {
            self.scan_piece();
        }
    }

    // Called once per piece: kept out of the parser's token reads.
    #[inline(never)]
    fn scan_piece(&mut self) {
        let Some(at) = self.next else { return };
        let mut work = std::mem::take(&mut self.work);
        work.clear();
        match scan::scan_from(self.source, at, &mut Piece(&mut work)) {
            Ok(next) => self.next = next,
            Err(d) => {
                self.error = Some(d);
                self.next = None;
                work.clear();
                let end = self.source.len() as u32;
                work.push(Token {
                    kind: TokenKind::Eof,
                    span: crate::span::Span::new(end, end),
                });
            }
        }
        template::discover(&mut work);
        let n = join_greater(&mut work);
        // A declaration's tokens stay until the next one starts, so a huge
        // declaration holds them all: past `LARGE` tokens, grow by a
        // quarter (or the piece) instead of doubling, to keep the spare
        // capacity small.
        const LARGE: usize = 8 * SEGMENT;
        if self.buf.capacity() - self.buf.len() < n && self.buf.len() >= LARGE {
            self.buf.reserve_exact((self.buf.len() / 4).max(n));
        }
        self.buf.extend_from_slice(&work[..n]);
        self.work = work;
    }

    /// How many tokens have been scanned so far (numbered from 0).
    pub fn scanned(&self) -> usize {
        self.base + self.buf.len()
    }

    /// Token `i`, scanning up to it if needed (`None` past the end, or for
    /// a token already freed).
    pub fn get(&mut self, i: usize) -> Option<Token> {
        self.fill_to(i);
        self.peek_at(i)
    }

    /// Token `i` if it is already scanned and not freed.
    #[inline]
    pub fn peek_at(&self, i: usize) -> Option<Token> {
        self.buf.get(i.checked_sub(self.base)?).copied()
    }

    /// Lets the tokens before `i - 1` go (the consumer reads no token
    /// before the one preceding `i` again). They are dropped once they
    /// are at least half of what is held, so each token is moved at most
    /// once on average.
    pub fn free_before(&mut self, i: usize) {
        let dead = i
            .saturating_sub(1)
            .saturating_sub(self.base)
            .min(self.buf.len());
        if dead > 0 && 2 * dead >= self.buf.len() {
            self.buf.drain(..dead);
            self.base += dead;
        }
    }

    /// The scanning error of the source, if any: scans whatever the
    /// consumer did not ask for (without keeping it) to find out. The
    /// stream ends here.
    pub fn scan_error(&mut self) -> Option<Box<Diagnostic>> {
        if let Some(at) = self.next.take() {
            if let Err(d) = scan::scan_from(self.source, at, &mut Discard) {
                self.error = Some(d);
            }
        }
        self.error.take()
    }
}

impl std::ops::Index<usize> for TokenStream<'_> {
    type Output = Token;

    /// Token `i`, which must be scanned and not freed.
    #[inline]
    fn index(&self, i: usize) -> &Token {
        &self.buf[i - self.base]
    }
}

/// Joins `>` `>`, `>` `=` and `>` `>` `=` (adjacent, not template ends) into
/// one operator token, compacting the slice in place; returns the new
/// length.
fn join_greater(tokens: &mut [Token]) -> usize {
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
    write
}

#[cfg(test)]
mod tests;

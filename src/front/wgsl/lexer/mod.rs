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
    let len = join_greater(&mut tokens);
    tokens.truncate(len);
    Ok(tokens)
}

/// The tokens of [`tokenize`] in chunks of `1 << CHUNK_BITS` (the last may
/// be shorter), with their total count. The chunks are made while
/// scanning, so the tokens never sit in one large vector: a consumer can
/// free the chunks it is done with (the parser does).
pub fn tokenize_chunked(source: &str) -> Result<(TokenChunks, usize), Box<Diagnostic>> {
    if source.len() >= u32::MAX as usize {
        return Err(Box::new(Diagnostic::without_location(
            "source text is too large (the limit is 4 GiB)",
        )));
    }
    let mut c = Chunker::default();
    scan::scan_into(source, &mut c)?;
    c.finish();
    Ok((c.chunks, c.len))
}

/// The chunks of [`tokenize_chunked`].
pub type TokenChunks = Vec<Box<[Token]>>;

/// Tokens per chunk of [`tokenize_chunked`], as a power of two.
pub const CHUNK_BITS: u32 = 14;
const CHUNK: usize = 1 << CHUNK_BITS;

/// Collects scanned tokens, finishing and moving out whole chunks at
/// statement boundaries.
#[derive(Default)]
struct Chunker {
    /// Tokens not yet in a chunk; `work[..done]` are finished (template
    /// lists resolved, `>` joined).
    work: Vec<Token>,
    done: usize,
    chunks: Vec<Box<[Token]>>,
    len: usize,
}

impl Chunker {
    /// Finishes the unfinished tokens and moves whole chunks out.
    /// Template list discovery starts afresh after `;` and `{` (pending
    /// candidates are dropped there) and `>` joining never spans them, so
    /// finishing the tokens up to one of them in a piece gives what
    /// finishing all at once would.
    fn cut(&mut self) {
        let rest = &mut self.work[self.done..];
        template::discover(rest);
        let n = join_greater(rest);
        self.work.truncate(self.done + n);
        self.done = self.work.len();
        let whole = self.done / CHUNK * CHUNK;
        if whole > 0 {
            for c in self.work[..whole].chunks_exact(CHUNK) {
                self.chunks.push(c.into());
            }
            self.len += whole;
            self.work.drain(..whole);
            self.done -= whole;
        }
    }

    fn finish(&mut self) {
        self.cut();
        if !self.work.is_empty() {
            self.len += self.work.len();
            self.chunks
                .push(std::mem::take(&mut self.work).into_boxed_slice());
        }
    }
}

impl scan::TokenSink for Chunker {
    fn push(&mut self, token: Token) {
        self.work.push(token);
        if matches!(token.kind, TokenKind::Semicolon | TokenKind::BraceLeft)
            && self.work.len() - self.done >= CHUNK
        {
            self.cut();
        }
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

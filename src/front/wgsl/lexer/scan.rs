//! The scanner: source bytes to tokens (before template list discovery).

use super::number::scan_number;
use super::words::{is_reserved, keyword};
use super::{Token, TokenKind};
use crate::diagnostic::Diagnostic;
use crate::span::Span;

fn span(start: usize, end: usize) -> Span {
    // `tokenize` rejects sources of 4 GiB or more, so these casts are exact.
    Span::new(start as u32, end as u32)
}

/// Where the scanner puts its tokens.
pub(super) trait TokenSink {
    /// Takes the next token; returns whether scanning should pause after it.
    fn push(&mut self, token: Token) -> bool;
}

impl TokenSink for Vec<Token> {
    fn push(&mut self, token: Token) -> bool {
        Vec::push(self, token);
        false
    }
}

/// Scans the whole source. The last token is [`TokenKind::Eof`].
pub(super) fn scan(source: &str) -> Result<Vec<Token>, Box<Diagnostic>> {
    // A rough guess that avoids most reallocations.
    let mut tokens = Vec::with_capacity(source.len() / 4 + 1);
    scan_from(source, 0, &mut tokens)?;
    Ok(tokens)
}

/// Scans the source from byte `start` (a token boundary) into `tokens`,
/// until the sink asks to pause (then returns where to resume) or the
/// source ends (then the last token is [`TokenKind::Eof`] and it returns
/// `None`).
pub(super) fn scan_from(
    source: &str,
    start: usize,
    tokens: &mut impl TokenSink,
) -> Result<Option<usize>, Box<Diagnostic>> {
    let bytes = source.as_bytes();
    let mut i = start;
    let len = bytes.len();
    while i < len {
        let b = bytes[i];
        let start = i;
        use TokenKind as K;
        let (kind, end) = match b {
            b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r' => {
                i += 1;
                continue;
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let end = ident_end(source, i + 1);
                (ident_kind(source, start, end)?, end)
            }
            b'0'..=b'9' => {
                let (end, is_float) = scan_number(bytes, start)?;
                (if is_float { K::FloatLit } else { K::IntLit }, end)
            }
            b'.' => {
                if i + 1 < len && bytes[i + 1].is_ascii_digit() {
                    let (end, _) = scan_number(bytes, start)?;
                    (K::FloatLit, end)
                } else {
                    (K::Period, i + 1)
                }
            }
            b'/' => match bytes.get(i + 1) {
                Some(b'/') => {
                    i = line_comment_end(bytes, i + 2);
                    continue;
                }
                Some(b'*') => {
                    i = block_comment_end(bytes, i)?;
                    continue;
                }
                Some(b'=') => (K::SlashEqual, i + 2),
                _ => (K::Slash, i + 1),
            },
            b'&' => match bytes.get(i + 1) {
                Some(b'&') => (K::AndAnd, i + 2),
                Some(b'=') => (K::AndEqual, i + 2),
                _ => (K::And, i + 1),
            },
            b'|' => match bytes.get(i + 1) {
                Some(b'|') => (K::OrOr, i + 2),
                Some(b'=') => (K::OrEqual, i + 2),
                _ => (K::Or, i + 1),
            },
            b'-' => match bytes.get(i + 1) {
                Some(b'>') => (K::Arrow, i + 2),
                Some(b'-') => (K::MinusMinus, i + 2),
                Some(b'=') => (K::MinusEqual, i + 2),
                _ => (K::Minus, i + 1),
            },
            b'+' => match bytes.get(i + 1) {
                Some(b'+') => (K::PlusPlus, i + 2),
                Some(b'=') => (K::PlusEqual, i + 2),
                _ => (K::Plus, i + 1),
            },
            b'*' => pair(bytes, i, K::Star, K::StarEqual),
            b'%' => pair(bytes, i, K::Percent, K::PercentEqual),
            b'^' => pair(bytes, i, K::Xor, K::XorEqual),
            b'!' => pair(bytes, i, K::Bang, K::NotEqual),
            b'=' => pair(bytes, i, K::Equal, K::EqualEqual),
            b'<' => match bytes.get(i + 1) {
                Some(b'<') => {
                    if bytes.get(i + 2) == Some(&b'=') {
                        (K::ShiftLeftEqual, i + 3)
                    } else {
                        (K::ShiftLeft, i + 2)
                    }
                }
                Some(b'=') => (K::LessEqual, i + 2),
                _ => (K::Less, i + 1),
            },
            // Always alone: template list discovery decides, and
            // `join_greater` forms `>>`, `>=` and `>>=` afterwards.
            b'>' => (K::Greater, i + 1),
            b'@' => (K::At, i + 1),
            b'[' => (K::BracketLeft, i + 1),
            b']' => (K::BracketRight, i + 1),
            b'{' => (K::BraceLeft, i + 1),
            b'}' => (K::BraceRight, i + 1),
            b'(' => (K::ParenLeft, i + 1),
            b')' => (K::ParenRight, i + 1),
            b':' => (K::Colon, i + 1),
            b',' => (K::Comma, i + 1),
            b';' => (K::Semicolon, i + 1),
            b'~' => (K::Tilde, i + 1),
            0x80.. => {
                // `i` is always on a character boundary: every branch
                // advances over whole characters.
                let c = source[i..].chars().next().unwrap_or('\u{FFFD}');
                let clen = c.len_utf8();
                if is_blank(c) {
                    i += clen;
                    continue;
                }
                if unicode_ident::is_xid_start(c) {
                    let end = ident_end(source, i + clen);
                    (ident_kind(source, start, end)?, end)
                } else {
                    return Err(Box::new(Diagnostic::error(
                        format!("invalid character {c:?} (U+{:04X})", c as u32),
                        span(i, i + clen),
                    )));
                }
            }
            _ => {
                return Err(Box::new(Diagnostic::error(
                    format!("invalid character {:?} (U+{:04X})", b as char, b),
                    span(i, i + 1),
                )));
            }
        };
        i = end;
        if tokens.push(Token {
            kind,
            span: span(start, end),
        }) {
            return Ok(Some(i));
        }
    }
    tokens.push(Token {
        kind: TokenKind::Eof,
        span: span(len, len),
    });
    Ok(None)
}

fn pair(bytes: &[u8], i: usize, single: TokenKind, with_eq: TokenKind) -> (TokenKind, usize) {
    if bytes.get(i + 1) == Some(&b'=') {
        (with_eq, i + 2)
    } else {
        (single, i + 1)
    }
}

/// Non-ASCII blankspace code points (the ASCII ones are matched directly).
fn is_blank(c: char) -> bool {
    matches!(
        c,
        '\u{85}' | '\u{200E}' | '\u{200F}' | '\u{2028}' | '\u{2029}'
    )
}

/// ASCII bytes that continue an identifier: `[0-9A-Za-z_]`.
static IDENT_CONTINUE_ASCII: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    t
};

/// The end of an identifier whose XID_Continue tail starts at `i`.
fn ident_end(source: &str, mut i: usize) -> usize {
    let bytes = source.as_bytes();
    while i < bytes.len() {
        let b = bytes[i];
        if IDENT_CONTINUE_ASCII[b as usize] {
            i += 1;
        } else if b >= 0x80 {
            match source[i..].chars().next() {
                Some(c) if unicode_ident::is_xid_continue(c) => i += c.len_utf8(),
                _ => break,
            }
        } else {
            break;
        }
    }
    i
}

/// Classifies identifier-shaped text: keyword, `_`, identifier, or error.
fn ident_kind(source: &str, start: usize, end: usize) -> Result<TokenKind, Box<Diagnostic>> {
    let text = &source[start..end];
    if let Some(kw) = keyword(text.as_bytes()) {
        return Ok(kw);
    }
    if text == "_" {
        return Ok(TokenKind::Underscore);
    }
    if text.starts_with("__") {
        return Err(Box::new(Diagnostic::error(
            format!("identifier '{text}' must not start with two underscores"),
            span(start, end),
        )));
    }
    if is_reserved(text) {
        return Err(Box::new(Diagnostic::error(
            format!("'{text}' is a reserved word"),
            span(start, end),
        )));
    }
    Ok(TokenKind::Ident)
}

/// The end of a line comment whose text starts at `i` (the line break is
/// left for the main loop, which skips it as blankspace).
fn line_comment_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b'\n' | 0x0B | 0x0C | b'\r' => return i,
            // U+0085 is C2 85; U+2028 and U+2029 are E2 80 A8 / A9.
            0xC2 if bytes.get(i + 1) == Some(&0x85) => return i,
            0xE2 if bytes.get(i + 1) == Some(&0x80)
                && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9)) =>
            {
                return i
            }
            _ => i += 1,
        }
    }
    i
}

/// The end of the (nested) block comment starting with `/*` at `start`.
fn block_comment_end(bytes: &[u8], start: usize) -> Result<usize, Box<Diagnostic>> {
    let mut depth = 1usize;
    let mut i = start + 2;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                depth += 1;
                i += 2;
            }
            b'*' if bytes.get(i + 1) == Some(&b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return Ok(i);
                }
            }
            _ => i += 1,
        }
    }
    Err(Box::new(
        Diagnostic::error("unterminated block comment", span(start, start + 2))
            .with_span_label("comment starts here"),
    ))
}

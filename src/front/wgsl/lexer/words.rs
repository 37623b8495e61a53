//! Keywords: their token kinds. The word lists themselves (keywords and
//! reserved words, shared with the WGSL writer) are in
//! [`crate::wgsl_words`].

use super::TokenKind;
pub(super) use crate::wgsl_words::is_reserved;

/// The keyword with this spelling, if any.
pub(super) fn keyword(text: &[u8]) -> Option<TokenKind> {
    use TokenKind::*;
    // Every keyword is 2..=14 lowercase ASCII bytes; check cheaply first.
    if text.len() < 2 || text.len() > 14 || !text[0].is_ascii_lowercase() {
        return None;
    }
    Some(match text {
        b"alias" => Alias,
        b"break" => Break,
        b"case" => Case,
        b"const" => Const,
        b"const_assert" => ConstAssert,
        b"continue" => Continue,
        b"continuing" => Continuing,
        b"default" => Default,
        b"diagnostic" => Diagnostic,
        b"discard" => Discard,
        b"else" => Else,
        b"enable" => Enable,
        b"false" => False,
        b"fn" => Fn,
        b"for" => For,
        b"if" => If,
        b"let" => Let,
        b"loop" => Loop,
        b"override" => Override,
        b"requires" => Requires,
        b"return" => Return,
        b"struct" => Struct,
        b"switch" => Switch,
        b"true" => True,
        b"var" => Var,
        b"while" => While,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords() {
        assert_eq!(keyword(b"const_assert"), Some(TokenKind::ConstAssert));
        assert_eq!(keyword(b"fn"), Some(TokenKind::Fn));
        assert_eq!(keyword(b"f"), None);
        assert_eq!(keyword(b"Fn"), None);
        assert!(TokenKind::While.is_keyword());
        assert!(!TokenKind::Ident.is_keyword());
    }

    #[test]
    fn the_shared_keyword_list_is_the_lexers() {
        // Every spelling in the shared list is a keyword here, each a
        // different kind, and there are as many as keyword kinds.
        let kinds: std::collections::HashSet<u8> = crate::wgsl_words::KEYWORDS
            .iter()
            .map(|w| keyword(w.as_bytes()).unwrap_or_else(|| panic!("{w}")) as u8)
            .collect();
        assert_eq!(kinds.len(), crate::wgsl_words::KEYWORDS.len());
        let n = TokenKind::While as usize - TokenKind::Alias as usize + 1;
        assert_eq!(kinds.len(), n);
        assert!(kinds
            .iter()
            .all(|&k| k >= TokenKind::Alias as u8 && k <= TokenKind::While as u8));
    }
}

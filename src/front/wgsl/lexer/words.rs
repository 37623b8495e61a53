//! Keywords and reserved words.

use super::TokenKind;

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

/// The reserved words of WGSL (the spec's "Reserved Words" section), sorted.
const RESERVED: &[&str] = &[
    "NULL",
    "Self",
    "abstract",
    "active",
    "alignas",
    "alignof",
    "as",
    "asm",
    "asm_fragment",
    "async",
    "attribute",
    "auto",
    "await",
    "become",
    "cast",
    "catch",
    "class",
    "co_await",
    "co_return",
    "co_yield",
    "coherent",
    "column_major",
    "common",
    "compile",
    "compile_fragment",
    "concept",
    "const_cast",
    "consteval",
    "constexpr",
    "constinit",
    "crate",
    "debugger",
    "decltype",
    "delete",
    "demote",
    "demote_to_helper",
    "do",
    "dynamic_cast",
    "enum",
    "explicit",
    "export",
    "extends",
    "extern",
    "external",
    "fallthrough",
    "filter",
    "final",
    "finally",
    "friend",
    "from",
    "fxgroup",
    "get",
    "goto",
    "groupshared",
    "highp",
    "impl",
    "implements",
    "import",
    "inline",
    "instanceof",
    "interface",
    "layout",
    "lowp",
    "macro",
    "macro_rules",
    "match",
    "mediump",
    "meta",
    "mod",
    "module",
    "move",
    "mut",
    "mutable",
    "namespace",
    "new",
    "nil",
    "noexcept",
    "noinline",
    "nointerpolation",
    "non_coherent",
    "noncoherent",
    "noperspective",
    "null",
    "nullptr",
    "of",
    "operator",
    "package",
    "packoffset",
    "partition",
    "pass",
    "patch",
    "pixelfragment",
    "precise",
    "precision",
    "premerge",
    "priv",
    "protected",
    "pub",
    "public",
    "readonly",
    "ref",
    "regardless",
    "register",
    "reinterpret_cast",
    "require",
    "resource",
    "restrict",
    "self",
    "set",
    "shared",
    "sizeof",
    "smooth",
    "snorm",
    "static",
    "static_assert",
    "static_cast",
    "std",
    "subroutine",
    "super",
    "target",
    "template",
    "this",
    "thread_local",
    "throw",
    "trait",
    "try",
    "type",
    "typedef",
    "typeid",
    "typename",
    "typeof",
    "union",
    "unless",
    "unorm",
    "unsafe",
    "unsized",
    "use",
    "using",
    "varying",
    "virtual",
    "volatile",
    "wgsl",
    "where",
    "with",
    "writeonly",
    "yield",
];

/// Whether `text` is a reserved word.
pub(super) fn is_reserved(text: &str) -> bool {
    // Reserved words are 2..=16 ASCII bytes starting with a letter.
    let b = text.as_bytes();
    if b.len() < 2 || b.len() > 16 || !b[0].is_ascii_alphabetic() {
        return false;
    }
    RESERVED.binary_search(&text).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_list_is_sorted_and_found() {
        assert!(RESERVED.windows(2).all(|w| w[0] < w[1]));
        assert!(is_reserved("async"));
        assert!(is_reserved("NULL"));
        assert!(is_reserved("yield"));
        assert!(!is_reserved("row_major"));
        assert!(!is_reserved("requires"));
        assert!(!is_reserved("vec3"));
    }

    #[test]
    fn keywords() {
        assert_eq!(keyword(b"const_assert"), Some(TokenKind::ConstAssert));
        assert_eq!(keyword(b"fn"), Some(TokenKind::Fn));
        assert_eq!(keyword(b"f"), None);
        assert_eq!(keyword(b"Fn"), None);
        assert!(TokenKind::While.is_keyword());
        assert!(!TokenKind::Ident.is_keyword());
    }
}

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

/// For each first byte, a bit set of the lengths of reserved words starting
/// with it: a cheap filter before the binary search.
const FIRST_BYTE_LENGTHS: [u32; 128] = {
    let mut table = [0u32; 128];
    let mut i = 0;
    while i < RESERVED.len() {
        let w = RESERVED[i].as_bytes();
        table[w[0] as usize] |= 1 << w.len();
        i += 1;
    }
    table
};

/// Whether `text` is a reserved word.
pub(super) fn is_reserved(text: &str) -> bool {
    // Reserved words are 2..=16 ASCII bytes.
    let b = text.as_bytes();
    if b.len() < 2 || b.len() > 16 || b[0] >= 128 {
        return false;
    }
    if FIRST_BYTE_LENGTHS[b[0] as usize] & (1 << b.len()) == 0 {
        return false;
    }
    reserved_set().contains(text)
}

/// [`RESERVED`] as a hash set, built on first use (a hash probe is much
/// cheaper than a binary search of string comparisons).
fn reserved_set() -> &'static rustc_hash::FxHashSet<&'static str> {
    static SET: std::sync::OnceLock<rustc_hash::FxHashSet<&'static str>> =
        std::sync::OnceLock::new();
    SET.get_or_init(|| RESERVED.iter().copied().collect())
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
        assert!(!is_reserved("asyn"));
        assert!(!is_reserved("\u{e9}t\u{e9}"));
        for w in RESERVED {
            assert!(is_reserved(w), "{w}");
        }
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

//! The words of WGSL that cannot be identifiers: its keywords and its
//! reserved words (the spec's "Keyword Summary" and "Reserved Words").
//! The lexer recognises them and the WGSL writer renames identifiers that
//! would collide with them; both read these lists, so neither imports the
//! other.

/// The keywords of WGSL, sorted (the lexer maps each to its token kind).
pub(crate) const KEYWORDS: &[&str] = &[
    "alias",
    "break",
    "case",
    "const",
    "const_assert",
    "continue",
    "continuing",
    "default",
    "diagnostic",
    "discard",
    "else",
    "enable",
    "false",
    "fn",
    "for",
    "if",
    "let",
    "loop",
    "override",
    "requires",
    "return",
    "struct",
    "switch",
    "true",
    "var",
    "while",
];

/// Whether `name` is a WGSL keyword or reserved word (so it cannot be an
/// identifier).
pub(crate) fn is_keyword_or_reserved(name: &str) -> bool {
    KEYWORDS.binary_search(&name).is_ok() || is_reserved(name)
}

/// The reserved words of WGSL (the spec's "Reserved Words" section), sorted.
pub(crate) const RESERVED: &[&str] = &[
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
pub(crate) fn is_reserved(text: &str) -> bool {
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
    fn keywords_are_sorted_and_found() {
        assert!(KEYWORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(is_keyword_or_reserved("const_assert"));
        assert!(is_keyword_or_reserved("yield"));
        assert!(!is_keyword_or_reserved("vec3"));
    }
}

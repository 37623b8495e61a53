//! Lexer unit tests.

use super::{tokenize, TokenKind as K, TokenStream, SEGMENT};
use crate::span::Span;

fn kinds(src: &str) -> Vec<K> {
    let mut v: Vec<K> = tokenize(src)
        .unwrap_or_else(|e| panic!("{src:?}: {}", e.message))
        .iter()
        .map(|t| t.kind)
        .collect();
    assert_eq!(v.pop(), Some(K::Eof));
    v
}

fn error(src: &str) -> (String, Span) {
    match tokenize(src) {
        Ok(t) => panic!("{src:?} lexed: {t:?}"),
        Err(d) => (d.message, d.span),
    }
}

#[test]
fn punctuation_and_operators() {
    assert_eq!(
        kinds("a+=b-=c*=d/=e%=f&=g|=h^=i<<=j;"),
        vec![
            K::Ident,
            K::PlusEqual,
            K::Ident,
            K::MinusEqual,
            K::Ident,
            K::StarEqual,
            K::Ident,
            K::SlashEqual,
            K::Ident,
            K::PercentEqual,
            K::Ident,
            K::AndEqual,
            K::Ident,
            K::OrEqual,
            K::Ident,
            K::XorEqual,
            K::Ident,
            K::ShiftLeftEqual,
            K::Ident,
            K::Semicolon
        ]
    );
    assert_eq!(
        kinds("-> && || ++ -- == != ! ~ @ . ,"),
        vec![
            K::Arrow,
            K::AndAnd,
            K::OrOr,
            K::PlusPlus,
            K::MinusMinus,
            K::EqualEqual,
            K::NotEqual,
            K::Bang,
            K::Tilde,
            K::At,
            K::Period,
            K::Comma
        ]
    );
}

#[test]
fn greater_than_family() {
    assert_eq!(kinds("a >> b"), vec![K::Ident, K::ShiftRight, K::Ident]);
    assert_eq!(kinds("a >= b"), vec![K::Ident, K::GreaterEqual, K::Ident]);
    assert_eq!(
        kinds("a >>= b"),
        vec![K::Ident, K::ShiftRightEqual, K::Ident]
    );
    assert_eq!(
        kinds("a > > b"),
        vec![K::Ident, K::Greater, K::Greater, K::Ident]
    );
    assert_eq!(
        kinds("a > = b"),
        vec![K::Ident, K::Greater, K::Equal, K::Ident]
    );
    let toks = tokenize("x >>= 1").unwrap();
    assert_eq!(toks[1].span, Span::new(2, 5));
}

#[test]
fn template_discovery() {
    use K::*;
    // Spec examples.
    assert_eq!(
        kinds("vec3<f32>"),
        vec![Ident, TemplateArgsStart, Ident, TemplateArgsEnd]
    );
    assert_eq!(
        kinds("a < b > c"),
        vec![Ident, TemplateArgsStart, Ident, TemplateArgsEnd, Ident]
    );
    assert_eq!(
        kinds("array<vec4<f32>,4>"),
        vec![
            Ident,
            TemplateArgsStart,
            Ident,
            TemplateArgsStart,
            Ident,
            TemplateArgsEnd,
            Comma,
            IntLit,
            TemplateArgsEnd
        ]
    );
    // Nested templates closing with `>>`.
    assert_eq!(
        kinds("array<vec4<f32>>"),
        vec![
            Ident,
            TemplateArgsStart,
            Ident,
            TemplateArgsStart,
            Ident,
            TemplateArgsEnd,
            TemplateArgsEnd
        ]
    );
    assert_eq!(kinds("x >> y"), vec![Ident, ShiftRight, Ident]);
    assert_eq!(kinds("x << y"), vec![Ident, ShiftLeft, Ident]);
    assert_eq!(kinds("x <= y"), vec![Ident, LessEqual, Ident]);
    // `a<b>=c` is a template list followed by `=`.
    assert_eq!(
        kinds("a<b>=c"),
        vec![
            Ident,
            TemplateArgsStart,
            Ident,
            TemplateArgsEnd,
            Equal,
            Ident
        ]
    );
    // `a<b || c>d`: no template list.
    assert_eq!(
        kinds("a<b || c>d"),
        vec![Ident, Less, Ident, OrOr, Ident, Greater, Ident]
    );
    // Parentheses nest: `a<(b>c)>` is one template list.
    assert_eq!(
        kinds("a<(b>c)>"),
        vec![
            Ident,
            TemplateArgsStart,
            ParenLeft,
            Ident,
            Greater,
            Ident,
            ParenRight,
            TemplateArgsEnd
        ]
    );
    // `a < b; c > d`: `;` clears candidates.
    assert_eq!(
        kinds("a<b;c>d"),
        vec![Ident, Less, Ident, Semicolon, Ident, Greater, Ident]
    );
    // Literals are not candidates; `1 < 2 > 3` has no template list.
    assert_eq!(kinds("1<2>3"), vec![IntLit, Less, IntLit, Greater, IntLit]);
    // `var<private>` (keyword before `<`).
    assert_eq!(
        kinds("var<private> x"),
        vec![Var, TemplateArgsStart, Ident, TemplateArgsEnd, Ident]
    );
    // After a closing `>`, `=` is an assignment and clears candidates.
    assert_eq!(
        kinds("a<b>=c>"),
        vec![
            Ident,
            TemplateArgsStart,
            Ident,
            TemplateArgsEnd,
            Equal,
            Ident,
            Greater
        ]
    );
    // A `>=` that does not close a list is skipped whole (not an assignment).
    assert_eq!(
        kinds("a<(b>=c)>"),
        vec![
            Ident,
            TemplateArgsStart,
            ParenLeft,
            Ident,
            GreaterEqual,
            Ident,
            ParenRight,
            TemplateArgsEnd
        ]
    );
    // Comments between the identifier and `<`.
    assert_eq!(
        kinds("vec2/* c */<f32>"),
        vec![Ident, TemplateArgsStart, Ident, TemplateArgsEnd]
    );
}

#[test]
fn comments_and_blankspace() {
    assert_eq!(kinds("a // x\nb"), vec![K::Ident, K::Ident]);
    assert_eq!(
        kinds("a /* /* nested */ still */ b"),
        vec![K::Ident, K::Ident]
    );
    assert_eq!(kinds("a//x\u{2028}b"), vec![K::Ident, K::Ident]);
    assert_eq!(
        kinds("a\u{85}b\u{200E}c\u{2029}d\u{0B}e\u{0C}f\r\ng"),
        vec![K::Ident; 7]
    );
    assert_eq!(
        error("a /* /* */ b"),
        ("unterminated block comment".to_string(), Span::new(2, 4))
    );
    assert_eq!(kinds("a /**/ b /*/ x */"), vec![K::Ident, K::Ident]);
}

#[test]
fn identifiers() {
    assert_eq!(kinds("_a a_ Δx é1"), vec![K::Ident; 4]);
    assert_eq!(kinds("_"), vec![K::Underscore]);
    assert_eq!(
        error("let __x = 1;"),
        (
            "identifier '__x' must not start with two underscores".to_string(),
            Span::new(4, 7)
        )
    );
    assert_eq!(
        error("fn async() {}"),
        ("'async' is a reserved word".to_string(), Span::new(3, 8))
    );
    assert_eq!(
        error("a $ b"),
        (
            "invalid character '$' (U+0024)".to_string(),
            Span::new(2, 3)
        )
    );
    assert_eq!(
        error("a \u{2603} b"),
        (
            "invalid character '\u{2603}' (U+2603)".to_string(),
            Span::new(2, 5)
        )
    );
    assert_eq!(
        kinds("fn let var true"),
        vec![K::Fn, K::Let, K::Var, K::True]
    );
}

#[test]
fn numbers() {
    assert_eq!(
        kinds("1 1u 0x1f 1. .5 1e3 0x1p4 1h a.x"),
        vec![
            K::IntLit,
            K::IntLit,
            K::IntLit,
            K::FloatLit,
            K::FloatLit,
            K::FloatLit,
            K::FloatLit,
            K::FloatLit,
            K::Ident,
            K::Period,
            K::Ident
        ]
    );
    assert_eq!(
        error("x = 012;"),
        (
            "leading zeros are not allowed in decimal integer literals".to_string(),
            Span::new(4, 7)
        )
    );
}

#[test]
fn never_panics_on_odd_bytes() {
    for src in [
        "\0", "/", "/*", "*/", "0x", "0x.", "1e+", ".", "@", "é", "\u{FEFF}",
    ] {
        let _ = tokenize(src);
    }
}

/// The streamed tokens are those of the one-vector tokenizer, on a source
/// of many pieces whose template lists, `>>=` and `>=` fall on every offset
/// relative to the piece boundaries, read with frees as the parser does.
#[test]
fn streamed_tokens_equal_whole() {
    let mut src = String::new();
    for i in 0..6000 {
        src.push_str(&format!(
            "fn f{i}(a: array<vec2<f32>, 4>) -> i32 {{ var x = select(1, 2, {i} >= 3); x >>= 1; let b = vec3<u32>(1u) >> vec3(2u); return x; }}\n"
        ));
        if i % 7 == 0 {
            src.push_str("const c = array<i32, 2>(1, 2)[0] >1;\n");
        }
    }
    let whole = tokenize(&src).expect("tokens");
    assert!(whole.len() > 20 * SEGMENT);
    let mut stream = TokenStream::new(&src).expect("tokens");
    let mut streamed = Vec::new();
    let mut i = 0;
    while let Some(tok) = stream.get(i) {
        streamed.push(tok);
        if tok.kind == K::Fn {
            stream.free_before(i);
            // The token before stays readable.
            assert!(i == 0 || stream.peek_at(i - 1).is_some());
        }
        i += 1;
    }
    assert_eq!(streamed, whole);
    assert_eq!(stream.scanned(), whole.len());
    // Only the tokens since the last free are still held.
    assert!(stream.peek_at(0).is_none());
    assert!(stream.scan_error().is_none());
}

/// A scanning error after the tokens a consumer read is still found.
#[test]
fn streamed_scan_error_found_after_early_stop() {
    let mut src = "fn f() {}\n".repeat(2000);
    src.push_str("fn g() { let x = 1 $ 2; }\n");
    let mut stream = TokenStream::new(&src).expect("tokens");
    assert_eq!(stream.get(0).map(|t| t.kind), Some(K::Fn));
    let err = stream.scan_error().expect("an error");
    assert_eq!(err.message, "invalid character '$' (U+0024)");
    assert_eq!(&src[err.span.to_range()], "$");
}

/// A declaration's tokens stay until the next declaration starts, so one
/// huge declaration is held whole: its buffer grows by a quarter, not by
/// doubling, past a few pieces (memory of single-function shaders).
#[test]
fn streamed_huge_declaration_has_little_spare_capacity() {
    let mut src = String::from("fn main() {\n");
    for i in 0..6000 {
        src.push_str(&format!("  let v{i} = {i} + 1;\n"));
    }
    src.push_str("}\n");
    let mut stream = TokenStream::new(&src).expect("tokens");
    let mut i = 0;
    while stream.get(i).is_some() {
        i += 1;
    }
    assert!(i > 40_000);
    assert_eq!(stream.buf.len(), i);
    let spare = stream.buf.capacity() - stream.buf.len();
    assert!(
        spare <= stream.buf.len() / 4 + 2 * SEGMENT,
        "{spare} spare tokens for {i}"
    );
}

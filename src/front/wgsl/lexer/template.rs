//! Template list discovery (the spec's "Template Lists" section), on tokens.
//!
//! The spec's algorithm walks code points; on tokens it reads the same way
//! because the scanner emits `<<`, `<=` and `<<=` as single tokens (the
//! algorithm's "pop again at once" cases) and every `>` alone (the `=`
//! after a non-closing `>` is skipped here, as the algorithm says).
//! Literals, keywords other than `true`/`false`, and reserved words are
//! identifier-shaped or skipped exactly like the spec's text scan.
//!
//! Two deliberate differences, both in text the spec's own assumptions
//! rule out:
//! - `<=` is always a comparison. The code-point algorithm only skips its
//!   `=` right after an identifier; after `)`, `]` or a literal it would
//!   take the `=` for an assignment and drop every pending candidate, which
//!   contradicts its assumption 4 (`=` in `<=` is part of a comparison).
//! - the `>` of `->` is never a template list end
//!   (the code-point algorithm could pair it with a pending `<` only in text
//!   that cannot parse either way; treating `->` as one token gives the
//!   clearer error).

use super::{Token, TokenKind};

struct Candidate {
    /// Index of the `<` token.
    index: usize,
    /// Nesting depth at that point.
    depth: u32,
}

/// Rewrites template-delimiting `<` / `>` tokens in place.
pub(super) fn discover(tokens: &mut [Token]) {
    use TokenKind as K;
    let mut pending: Vec<Candidate> = Vec::new();
    let mut depth: u32 = 0;
    let mut i = 0;
    let len = tokens.len();
    while i < len {
        let kind = tokens[i].kind;
        match kind {
            K::Ident => {
                i += 1;
                if i < len && tokens[i].kind == K::Less {
                    pending.push(Candidate { index: i, depth });
                    i += 1;
                }
                continue;
            }
            k if k.is_keyword() && k != K::True && k != K::False => {
                // Keywords match `ident_pattern_token` too (`var<private>`).
                i += 1;
                if i < len && tokens[i].kind == K::Less {
                    pending.push(Candidate { index: i, depth });
                    i += 1;
                }
                continue;
            }
            K::Greater => {
                if let Some(top) = pending.last() {
                    if top.depth == depth {
                        tokens[top.index].kind = K::TemplateArgsStart;
                        tokens[i].kind = K::TemplateArgsEnd;
                        pending.pop();
                        i += 1;
                        continue;
                    }
                }
                i += 1;
                // `>=`: skip the `=` so it is not taken for an assignment.
                if i < len
                    && tokens[i].kind == K::Equal
                    && tokens[i].span.start == tokens[i - 1].span.end
                {
                    i += 1;
                }
                continue;
            }
            K::ParenLeft | K::BracketLeft => depth += 1,
            K::ParenRight | K::BracketRight => {
                while pending.last().is_some_and(|top| top.depth >= depth) {
                    pending.pop();
                }
                depth = depth.saturating_sub(1);
            }
            // Assignments (including compound ones, whose `=` the spec's
            // code-point scan sees alone) and statement punctuation.
            K::Equal
            | K::PlusEqual
            | K::MinusEqual
            | K::StarEqual
            | K::SlashEqual
            | K::PercentEqual
            | K::AndEqual
            | K::OrEqual
            | K::XorEqual
            | K::ShiftLeftEqual
            | K::Semicolon
            | K::BraceLeft
            | K::Colon => {
                depth = 0;
                pending.clear();
            }
            K::AndAnd | K::OrOr => {
                while pending.last().is_some_and(|top| top.depth >= depth) {
                    pending.pop();
                }
            }
            _ => {}
        }
        i += 1;
    }
}

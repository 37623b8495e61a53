//! Source spans: byte ranges into the WGSL source text.

use std::fmt;
use std::ops::Range;

/// A half-open byte range `[start, end)` into the source text.
///
/// Spans are small (`Copy`, 8 bytes) and are carried by tokens, AST nodes and
/// IR side tables so that every diagnostic can point at source.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Span {
    /// First byte of the range.
    pub start: u32,
    /// One past the last byte of the range.
    pub end: u32,
}

impl Span {
    /// The empty span at offset 0, used for compiler-generated nodes.
    pub const UNDEFINED: Span = Span { start: 0, end: 0 };

    /// Creates a span from byte offsets.
    pub const fn new(start: u32, end: u32) -> Self {
        Span { start, end }
    }

    /// Creates a span from a `usize` range (saturating at `u32::MAX`).
    pub fn from_range(range: Range<usize>) -> Self {
        let clamp = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
        Span::new(clamp(range.start), clamp(range.end))
    }

    /// The smallest span covering both `self` and `other`.
    pub fn join(self, other: Span) -> Span {
        if self == Span::UNDEFINED {
            return other;
        }
        if other == Span::UNDEFINED {
            return self;
        }
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// The span as a `usize` range, suitable for slicing the source.
    pub fn to_range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// Length in bytes.
    pub fn len(self) -> u32 {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span covers no bytes.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// 1-based line and column of the span's start in `source`.
    pub fn location(self, source: &str) -> (usize, usize) {
        let start = (self.start as usize).min(source.len());
        let before = &source[..floor_char_boundary(source, start)];
        let line = before.matches('\n').count() + 1;
        let col = before
            .rfind('\n')
            .map_or(before.len(), |nl| before.len() - nl - 1)
            + 1;
        (line, col)
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<Range<usize>> for Span {
    fn from(range: Range<usize>) -> Self {
        Span::from_range(range)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_and_location() {
        let a = Span::new(2, 4);
        let b = Span::new(6, 9);
        assert_eq!(a.join(b), Span::new(2, 9));
        assert_eq!(Span::UNDEFINED.join(b), b);
        let src = "ab\ncd\nef";
        assert_eq!(Span::new(4, 5).location(src), (2, 2));
        assert_eq!(Span::new(0, 1).location(src), (1, 1));
        assert_eq!(Span::new(100, 101).location(src), (3, 3));
    }
}

//! The debug-information state of a module being written (see `debug`,
//! which emits the instructions): the source's line table, the location in
//! effect in a function body, and `OpString`/`OpSource`.

use rustc_hash::FxHashSet;
use spirv::Op;

use super::builder::{inst_str, push_string, Sections};
use super::Options;
use crate::span::Span;

/// The source of a module compiled with debug information
/// ([`Options::debug_source`](super::Options::debug_source)).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DebugSource {
    /// The file name written in `OpString` and referenced by every
    /// `OpLine` (the CLI passes the input path, `<stdin>` for standard
    /// input).
    pub file_name: String,
    /// The WGSL text the module was parsed from: the module's spans are
    /// byte offsets into it, and it is carried in `OpSource`.
    pub text: String,
}

/// The most words one instruction may have (its word count is 16 bits).
const MAX_WORDS: usize = 0xFFFF;

/// Debug-information state of the module being written.
pub(super) struct DebugInfo {
    /// The `OpString` id of the file (0: no source, so no `OpLine`).
    pub(super) file: u32,
    /// Byte offset of the start of each line.
    line_starts: Vec<u32>,
    /// Ids already given a `let` name.
    pub(super) named: FxHashSet<u32>,
}

/// The source location in effect in the function body being written.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Lines {
    /// The `(line, column)` of the last `OpLine` in the current block
    /// (`None`: no line in effect).
    pub(super) current: Option<(u32, u32)>,
    /// Where the last `OpLine`/`OpNoLine` starts in the body, and the
    /// location in effect before it: a line instruction followed by no
    /// other instruction is replaced rather than followed by another.
    pub(super) last: Option<(usize, Option<(u32, u32)>)>,
}

impl Lines {
    /// A new block starts with no line in effect.
    #[inline]
    pub fn block_start(&mut self) {
        self.current = None;
        self.last = None;
    }
}

impl DebugInfo {
    /// Writes `OpString` and `OpSource` (into the debug section, which is
    /// still empty) and builds the line table.
    pub fn begin(s: &mut Sections, opts: &Options) -> DebugInfo {
        debug_assert!(s.names.is_empty(), "OpString/OpSource precede OpName");
        let Some(src) = &opts.debug_source else {
            return DebugInfo {
                file: 0,
                line_starts: Vec::new(),
                named: FxHashSet::default(),
            };
        };
        let file = s.id();
        inst_str(
            &mut s.names,
            Op::String,
            &[file],
            &no_nul(&src.file_name),
            &[],
        );
        source(&mut s.names, file, &no_nul(&src.text));
        let mut line_starts = vec![0u32];
        line_starts.extend(
            src.text
                .bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| u32::try_from(i + 1).unwrap_or(u32::MAX)),
        );
        DebugInfo {
            file,
            line_starts,
            named: FxHashSet::default(),
        }
    }

    /// The 1-based `(line, column)` of a span's start; `None` for
    /// generated code or without a source.
    pub(super) fn location(&self, span: Span) -> Option<(u32, u32)> {
        if span == Span::UNDEFINED || self.file == 0 {
            return None;
        }
        let line = self.line_starts.partition_point(|&s| s <= span.start);
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        Some((line as u32, span.start - start + 1))
    }
}

/// `OpSource Unknown 0 file text`, with `OpSourceContinued` for the text
/// that does not fit, split at character boundaries.
fn source(out: &mut Vec<u32>, file: u32, text: &str) {
    let lang = spirv::SourceLanguage::Unknown as u32;
    // Header and three operands, then the string (with its nul).
    let (first, mut rest) = split_at_most(text, (MAX_WORDS - 4) * 4 - 1);
    inst_str(out, Op::Source, &[lang, 0, file], first, &[]);
    while !rest.is_empty() {
        let (chunk, tail) = split_at_most(rest, (MAX_WORDS - 1) * 4 - 1);
        let start = out.len();
        out.push(0);
        push_string(out, chunk);
        let count = (out.len() - start) as u32;
        out[start] = (count << 16) | Op::SourceContinued as u32;
        rest = tail;
    }
}

/// `text` split after at most `bytes` bytes, at a character boundary.
fn split_at_most(text: &str, bytes: usize) -> (&str, &str) {
    if text.len() <= bytes {
        return (text, "");
    }
    let mut at = bytes;
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    text.split_at(at)
}

/// A literal string ends at its first nul: nuls become spaces (the same
/// length, so nothing else moves).
fn no_nul(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('\0') {
        text.replace('\0', " ").into()
    } else {
        text.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(text: &str) -> DebugInfo {
        let mut s = Sections::default();
        let opts = Options {
            debug_info: true,
            debug_source: Some(DebugSource {
                file_name: "a.wgsl".into(),
                text: text.into(),
            }),
            ..Options::default()
        };
        DebugInfo::begin(&mut s, &opts)
    }

    #[test]
    fn locations() {
        let d = info("ab\ncd\n\nef");
        assert_eq!(d.location(Span::new(0, 1)), Some((1, 1)));
        assert_eq!(d.location(Span::new(1, 2)), Some((1, 2)));
        assert_eq!(d.location(Span::new(3, 4)), Some((2, 1)));
        assert_eq!(d.location(Span::new(6, 6)), Some((3, 1)));
        assert_eq!(d.location(Span::new(8, 9)), Some((4, 2)));
        assert_eq!(d.location(Span::UNDEFINED), None);
    }

    #[test]
    fn long_source_is_continued() {
        let text = "é".repeat(300_000);
        let mut out = Vec::new();
        source(&mut out, 1, &text);
        let mut at = 0;
        let mut ops = Vec::new();
        while at < out.len() {
            let count = (out[at] >> 16) as usize;
            assert!(count > 0 && count <= MAX_WORDS);
            ops.push(out[at] & 0xFFFF);
            at += count;
        }
        assert_eq!(at, out.len());
        assert_eq!(
            ops,
            vec![
                Op::Source as u32,
                Op::SourceContinued as u32,
                Op::SourceContinued as u32
            ]
        );
    }

    #[test]
    fn splits_at_char_boundaries() {
        assert_eq!(split_at_most("aé", 2), ("a", "é"));
        assert_eq!(split_at_most("ab", 5), ("ab", ""));
    }
}

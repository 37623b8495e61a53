//! Diagnostics: errors, warnings and notes with source spans, rendered with
//! `codespan-reporting`.
//!
//! Every error the compiler reports is a [`Diagnostic`]: a severity, a
//! one-line message in Rust-compiler style (lowercase, no trailing period), a
//! primary span, optional secondary labels and free-form notes.
//!
//! Some diagnostics point at no source: an unknown entry point or pipeline
//! constant, a module with no entry point to write, an unsupported output
//! version. They are made with [`Diagnostic::without_location`] and render
//! as a plain `error: message` line plus their notes, with no snippet.

use std::fmt;

use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term;

use crate::span::Span;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Severity {
    /// Informational message.
    Info,
    /// A problem that does not stop compilation.
    Warning,
    /// A problem that stops compilation.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// A secondary span with a message, shown beside the primary one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What to say there.
    pub message: String,
}

/// One diagnostic message.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// The one-line message.
    pub message: String,
    /// The primary location; [`Span::UNDEFINED`] when `located` is false.
    pub span: Span,
    /// Whether the diagnostic points at source. False for diagnostics about
    /// the module as a whole or about the options (see
    /// [`Diagnostic::without_location`]); see also [`Diagnostic::location`].
    pub located: bool,
    /// Text shown under the primary span (may be empty).
    pub span_label: String,
    /// Secondary locations.
    pub labels: Vec<Label>,
    /// Free-form notes shown after the source snippet.
    pub notes: Vec<String>,
    /// The diagnostic rule that triggered this diagnostic, if any
    /// (e.g. `chromium.subgroup_matrix_uniformity`).
    pub rule: Option<String>,
}

impl Diagnostic {
    /// A new diagnostic of the given severity.
    pub fn new(severity: Severity, message: impl Into<String>, span: Span) -> Self {
        Diagnostic {
            severity,
            message: message.into(),
            span,
            located: true,
            span_label: String::new(),
            labels: Vec::new(),
            notes: Vec::new(),
            rule: None,
        }
    }

    /// A new error.
    pub fn error(message: impl Into<String>, span: Span) -> Self {
        Self::new(Severity::Error, message, span)
    }

    /// A new error that points at no source: about the module as a whole
    /// (no entry point to write) or about the options (an unknown entry
    /// point or pipeline constant). Rendered without a source snippet.
    pub fn without_location(message: impl Into<String>) -> Self {
        Diagnostic {
            located: false,
            ..Self::error(message, Span::UNDEFINED)
        }
    }

    /// The primary location, or `None` for a diagnostic that points at no
    /// source: one made by [`Diagnostic::without_location`], or one whose
    /// span is [`Span::UNDEFINED`] (compiler-generated code has no source).
    pub fn location(&self) -> Option<Span> {
        (self.located && self.span != Span::UNDEFINED).then_some(self.span)
    }

    /// The primary location in `source` (the text the module was compiled
    /// from) as lines, columns, offsets and lengths, in bytes and in UTF-16
    /// code units: WebGPU's `GPUCompilationMessage` reports `lineNum`,
    /// `linePos`, `offset` and `length` in UTF-16 units, which differ from
    /// byte counts wherever the source has non-ASCII text. `None` for a
    /// diagnostic without a location, or a span that is not within
    /// `source` on character boundaries.
    pub fn position(&self, source: &str) -> Option<SourcePosition> {
        let span = self.location()?;
        let (start, end) = (span.start as usize, span.end as usize);
        let before = source.get(..start)?;
        let text = source.get(start..end)?;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let in_line = &before[line_start..];
        let units = |t: &str| t.encode_utf16().count() as u32;
        Some(SourcePosition {
            line: before.matches('\n').count() as u32 + 1,
            column: in_line.len() as u32 + 1,
            column_utf16: units(in_line) + 1,
            offset: start as u32,
            offset_utf16: units(before),
            length: text.len() as u32,
            length_utf16: units(text),
        })
    }

    /// Gives a diagnostic that has no location the span `span`; one that
    /// has a location keeps it.
    pub fn or_at(mut self, span: Span) -> Self {
        if self.location().is_none() {
            self.span = span;
            self.located = true;
        }
        self
    }

    /// A new warning.
    pub fn warning(message: impl Into<String>, span: Span) -> Self {
        Self::new(Severity::Warning, message, span)
    }

    /// Sets the text shown under the primary span.
    pub fn with_span_label(mut self, text: impl Into<String>) -> Self {
        self.span_label = text.into();
        self
    }

    /// Adds a secondary label.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Adds a `help:` note: a suggestion of what to write instead.
    pub fn with_help(self, help: impl AsRef<str>) -> Self {
        self.with_note(format!("help: {}", help.as_ref()))
    }

    /// Records the rule that produced this diagnostic.
    pub fn with_rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    fn to_codespan(&self) -> cs::Diagnostic<()> {
        let severity = match self.severity {
            Severity::Info => cs::Severity::Note,
            Severity::Warning => cs::Severity::Warning,
            Severity::Error => cs::Severity::Error,
        };
        // Without a primary location there is no snippet: no labels at all
        // (a secondary label alone would draw one). Labels at
        // `Span::UNDEFINED` point at no source and are left out.
        let labels = match self.location() {
            None => Vec::new(),
            Some(span) => {
                let mut labels =
                    vec![cs::Label::primary((), span.to_range())
                        .with_message(self.span_label.clone())];
                labels.extend(
                    self.labels
                        .iter()
                        .filter(|l| l.span != Span::UNDEFINED)
                        .map(|l| {
                            cs::Label::secondary((), l.span.to_range()).with_message(&l.message)
                        }),
                );
                labels
            }
        };
        let mut d = cs::Diagnostic::new(severity)
            .with_message(&self.message)
            .with_labels(labels)
            .with_notes(self.notes.clone());
        if let Some(rule) = &self.rule {
            d = d.with_code(rule.clone());
        }
        d
    }

    /// Renders this diagnostic against `source` (named `path`) as plain text.
    pub fn render(&self, path: &str, source: &str) -> String {
        render_all(std::slice::from_ref(self), path, source)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.severity, self.message)
    }
}

/// Renders diagnostics as plain text (no colour), as the CLI does when stderr
/// is not a terminal.
pub fn render_all(diagnostics: &[Diagnostic], path: &str, source: &str) -> String {
    let mut buffer = term::termcolor::NoColor::new(Vec::new());
    // Spans past the end of the source would make codespan fail; clamp them.
    let file = SimpleFile::new(path, source);
    let config = term::Config::default();
    for d in diagnostics {
        let d = d.clamped(source.len());
        let _ = term::emit_to_write_style(&mut buffer, &config, &file, &d.to_codespan());
    }
    String::from_utf8_lossy(&buffer.into_inner()).into_owned()
}

/// Writes diagnostics to a colour-capable writer (used by the CLI).
pub fn emit(
    writer: &mut dyn term::termcolor::WriteColor,
    diagnostics: &[Diagnostic],
    path: &str,
    source: &str,
) {
    let file = SimpleFile::new(path, source);
    let config = term::Config::default();
    for d in diagnostics {
        let d = d.clamped(source.len());
        let _ = term::emit_to_write_style(writer, &config, &file, &d.to_codespan());
    }
}

impl Diagnostic {
    fn clamped(&self, len: usize) -> Diagnostic {
        let len = u32::try_from(len).unwrap_or(u32::MAX);
        let clamp = |s: Span| {
            let start = s.start.min(len);
            Span::new(start, s.end.clamp(start, len))
        };
        let mut d = self.clone();
        d.span = clamp(d.span);
        for l in &mut d.labels {
            l.span = clamp(l.span);
        }
        d
    }
}

/// A failed compilation step: one or more diagnostics, at least one an error.
/// Warnings collected before the failure are included.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Error {
    /// Every diagnostic produced, errors and warnings, in source order of discovery.
    pub diagnostics: Vec<Diagnostic>,
}

/// Where a diagnostic points ([`Diagnostic::position`]): 1-based line and
/// column, 0-based offset, and length, with the columns, offsets and
/// lengths both in bytes and in UTF-16 code units (`GPUCompilationMessage`'s
/// `lineNum`, `linePos`, `offset` and `length` are the `line` and the
/// `_utf16` fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SourcePosition {
    /// Line number, from 1.
    pub line: u32,
    /// Column in bytes, from 1.
    pub column: u32,
    /// Column in UTF-16 code units, from 1.
    pub column_utf16: u32,
    /// Byte offset from the start of the source.
    pub offset: u32,
    /// Offset from the start of the source in UTF-16 code units.
    pub offset_utf16: u32,
    /// Length in bytes.
    pub length: u32,
    /// Length in UTF-16 code units.
    pub length_utf16: u32,
}

impl Error {
    /// An error with a single diagnostic.
    pub fn single(diagnostic: Diagnostic) -> Self {
        Error {
            diagnostics: vec![diagnostic],
        }
    }

    /// An error with a single diagnostic that points at no source (see
    /// [`Diagnostic::without_location`]).
    pub fn without_location(message: impl Into<String>) -> Self {
        Error::single(Diagnostic::without_location(message))
    }

    /// The error diagnostics only.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }

    /// Renders every diagnostic against the source.
    pub fn render(&self, path: &str, source: &str) -> String {
        render_all(&self.diagnostics, path, source)
    }

    /// Renders every diagnostic against `source` (named `path` in the
    /// output) as plain text, as a compiler prints it: the message, the
    /// source line with the span underlined, labels and notes.
    ///
    /// ```
    /// let source = "fn main() { let x: u32 = 1.5; }";
    /// let err = tessera::front::wgsl::parse_str(source).unwrap_err();
    /// let text = err.render_to_string("shader.wgsl", source);
    /// assert!(text.starts_with("error: "));
    /// assert!(text.contains("shader.wgsl:1:"));
    /// ```
    pub fn render_to_string(&self, path: &str, source: &str) -> String {
        self.render(path, source)
    }

    /// Writes every diagnostic to standard error, in colour when standard
    /// error is a terminal and `NO_COLOR` is not set.
    pub fn emit_to_stderr(&self, path: &str, source: &str) {
        use std::io::IsTerminal;
        let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        let choice = if color {
            term::termcolor::ColorChoice::Auto
        } else {
            term::termcolor::ColorChoice::Never
        };
        let stream = term::termcolor::StandardStream::stderr(choice);
        let mut lock = stream.lock();
        emit(&mut lock, &self.diagnostics, path, source);
    }
}

/// One line per error, its message (with [`Error::render`] for the source
/// snippets and notes).
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.errors().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            f.write_str(&d.message)?;
        }
        Ok(())
    }
}

impl From<Diagnostic> for Error {
    fn from(d: Diagnostic) -> Self {
        Error::single(d)
    }
}

impl From<Box<Diagnostic>> for Error {
    fn from(d: Box<Diagnostic>) -> Self {
        Error::single(*d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions in UTF-16 code units differ from bytes after non-ASCII
    /// text: `é` is 2 bytes and 1 unit, `𝄞` 4 bytes and 2 units (a
    /// surrogate pair).
    #[test]
    fn positions_in_bytes_and_utf16() {
        let src = "// é 𝄞\nlet x = café + 𝄞y;\n";
        let start = src.find("café").unwrap();
        let d = Diagnostic::error("e", Span::new(start as u32, (start + "café".len()) as u32));
        let p = d.position(src).unwrap();
        assert_eq!((p.line, p.column, p.column_utf16), (2, 9, 9));
        // Line 1 is "// é 𝄞\n": 11 bytes, 8 UTF-16 units.
        assert_eq!((p.offset, p.offset_utf16), (11 + 8, 8 + 8));
        assert_eq!((p.length, p.length_utf16), (5, 4));
        let y = src.find("y;").unwrap();
        let d = Diagnostic::error("e", Span::new(y as u32, y as u32 + 1));
        let p = d.position(src).unwrap();
        // "let x = café + 𝄞" is 20 bytes and 17 units before `y`.
        assert_eq!((p.line, p.column, p.column_utf16), (2, 21, 18));
        assert_eq!((p.offset_utf16, p.length_utf16), (8 + 17, 1));
        // No location, or a span off a character boundary: no position.
        assert_eq!(Diagnostic::without_location("e").position(src), None);
        let inside = src.find('é').unwrap() as u32 + 1;
        assert_eq!(
            Diagnostic::error("e", Span::new(inside, inside + 1)).position(src),
            None
        );
    }

    /// `Display` gives one line per error (warnings left out), so a
    /// `CompileError` printed with `{}` lists every error.
    #[test]
    fn display_is_one_line_per_error() {
        let e = Error {
            diagnostics: vec![
                Diagnostic::error("first", Span::new(0, 1)),
                Diagnostic::new(Severity::Warning, "a warning", Span::new(1, 2)),
                Diagnostic::error("second", Span::new(2, 3)).with_note("a note"),
            ],
        };
        assert_eq!(e.to_string(), "first\nsecond");
        let c = crate::CompileError::ShaderModule(e);
        assert_eq!(c.to_string(), "shader-module creation error: first\nsecond");
    }

    #[test]
    fn renders_with_span_and_notes() {
        let src = "fn main() {\n  let x = 1;\n}\n";
        let d = Diagnostic::error("unknown thing", Span::new(18, 19))
            .with_span_label("here")
            .with_label(Span::new(3, 7), "in this function")
            .with_note("a note");
        let out = d.render("a.wgsl", src);
        assert!(out.contains("error: unknown thing"), "{out}");
        assert!(out.contains("a.wgsl:2:7"), "{out}");
        assert!(out.contains("= a note"), "{out}");
    }

    #[test]
    fn renders_the_rule_name() {
        let src = "fn f() { subgroupAdd(1); }\n";
        let mut d = Diagnostic::warning(
            "'subgroupAdd' must only be called from uniform control flow",
            Span::new(9, 20),
        )
        .with_rule("subgroup_uniformity");
        assert_eq!(
            d.render("a.wgsl", src),
            "warning[subgroup_uniformity]: 'subgroupAdd' must only be called from uniform control flow\n  \u{250c}\u{2500} a.wgsl:1:10\n  \u{2502}\n1 \u{2502} fn f() { subgroupAdd(1); }\n  \u{2502}          ^^^^^^^^^^^\n\n"
        );
        d.severity = Severity::Info;
        assert!(d
            .render("a.wgsl", src)
            .starts_with("note[subgroup_uniformity]: 'subgroupAdd'"));
    }

    #[test]
    fn renders_without_location_as_one_line_and_notes() {
        let src = "fn main() {}\n";
        let d = Diagnostic::without_location("unknown entry point 'mian'")
            .with_label(Span::new(3, 7), "ignored without a primary location")
            .with_note("available entry points: main");
        assert_eq!(d.location(), None);
        assert!(!d.located);
        assert_eq!(
            d.render("a.wgsl", src),
            "error: unknown entry point 'mian'\n = available entry points: main\n\n"
        );
        // No caret at 1:1 for a diagnostic at `Span::UNDEFINED` either.
        let d = Diagnostic::error("internal error", Span::UNDEFINED);
        assert_eq!(d.location(), None);
        assert_eq!(d.render("a.wgsl", src), "error: internal error\n\n");
    }

    #[test]
    fn undefined_labels_are_left_out() {
        let src = "fn main() {}\n";
        let d = Diagnostic::error("bad", Span::new(3, 7)).with_label(Span::UNDEFINED, "nowhere");
        let out = d.render("a.wgsl", src);
        assert!(out.contains("a.wgsl:1:4"), "{out}");
        assert!(!out.contains("nowhere"), "{out}");
    }

    #[test]
    fn or_at_locates_only_unlocated_diagnostics() {
        let d = Diagnostic::without_location("x").or_at(Span::new(1, 2));
        assert_eq!(d.location(), Some(Span::new(1, 2)));
        let d = Diagnostic::error("y", Span::new(5, 6)).or_at(Span::new(1, 2));
        assert_eq!(d.location(), Some(Span::new(5, 6)));
    }

    #[test]
    fn clamps_spans_past_end() {
        let d = Diagnostic::error("eof", Span::new(100, 200));
        let out = d.render("a.wgsl", "x");
        assert!(out.contains("error: eof"), "{out}");
    }
}

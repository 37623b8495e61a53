//! Writing diagnostics and driver messages to standard error: colour
//! (`--color`, `NO_COLOR`) and `--quiet`.
//!
//! Nothing here fails: a closed or unwritable standard error loses the
//! message, it does not stop the compiler (and never panics, unlike
//! `eprintln!`).

use std::io::{IsTerminal, Write};

use codespan_reporting::term::termcolor::{
    BufferedStandardStream, Color, ColorChoice, ColorSpec, WriteColor,
};
use tessera::diagnostic::Severity;
use tessera::Diagnostic;

use crate::args::ColorWhen;

/// How messages are written: colour and which severities are shown.
#[derive(Clone, Copy, Debug)]
pub struct Reporter {
    color: ColorChoice,
    quiet: bool,
}

impl Reporter {
    /// The reporter of `--color WHEN` and `--quiet`. `auto` colours only
    /// when standard error is a terminal and `NO_COLOR` is unset or empty;
    /// `always` and `never` ignore both.
    pub fn new(when: ColorWhen, quiet: bool) -> Reporter {
        let color = match when {
            ColorWhen::Always => ColorChoice::Always,
            ColorWhen::Never => ColorChoice::Never,
            ColorWhen::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                if !no_color && std::io::stderr().is_terminal() {
                    ColorChoice::Auto
                } else {
                    ColorChoice::Never
                }
            }
        };
        Reporter { color, quiet }
    }

    /// Renders diagnostics against the source on standard error; with
    /// `--quiet` only the errors.
    pub fn emit(&self, diagnostics: &[Diagnostic], path: &str, source: &str) {
        let shown: Vec<Diagnostic>;
        let diagnostics = if self.quiet {
            shown = diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .cloned()
                .collect();
            &shown[..]
        } else {
            diagnostics
        };
        if diagnostics.is_empty() {
            return;
        }
        // Buffered: standard error is unbuffered, and a diagnostic on a long
        // source line would otherwise cost one system call per character.
        let mut stream = BufferedStandardStream::stderr(self.color);
        tessera::diagnostic::emit(&mut stream, diagnostics, path, source);
        let _ = stream.flush();
    }

    /// `error: MESSAGE` on standard error (shown even with `--quiet`).
    pub fn error(&self, message: &str) {
        self.line("error", Color::Red, message);
    }

    /// `warning: MESSAGE` on standard error, unless `--quiet`.
    pub fn warning(&self, message: &str) {
        if !self.quiet {
            self.line("warning", Color::Yellow, message);
        }
    }

    /// `note: MESSAGE` on standard error, unless `--quiet`.
    pub fn note(&self, message: &str) {
        if !self.quiet {
            self.line("note", Color::Green, message);
        }
    }

    /// Text as is on standard error (`--print-ir-after`; not silenced by
    /// `--quiet`, which only concerns messages).
    pub fn text(&self, text: &str) {
        let mut stderr = std::io::stderr().lock();
        let _ = stderr.write_all(text.as_bytes());
    }

    /// A one-line message with its severity in the diagnostics' colours
    /// (bold, like codespan-reporting's headers).
    fn line(&self, severity: &str, color: Color, message: &str) {
        let mut stream = BufferedStandardStream::stderr(self.color);
        let mut header = ColorSpec::new();
        header.set_bold(true).set_intense(true);
        let _ = stream.set_color(header.clone().set_fg(Some(color)));
        let _ = write!(stream, "{severity}");
        let _ = stream.set_color(&header);
        let _ = write!(stream, ": {message}");
        let _ = stream.reset();
        let _ = writeln!(stream);
        let _ = stream.flush();
    }
}

//! Writing diagnostics and driver errors to standard error.

use std::io::{IsTerminal, Write};

use codespan_reporting::term::termcolor::{BufferedStandardStream, ColorChoice};
use tessera::Diagnostic;

/// Whether to colour standard error: only on a terminal, and never when
/// `NO_COLOR` is set to a non-empty value.
fn color_choice() -> ColorChoice {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    if !no_color && std::io::stderr().is_terminal() {
        ColorChoice::Auto
    } else {
        ColorChoice::Never
    }
}

/// Renders diagnostics against the source on standard error.
pub fn emit(diagnostics: &[Diagnostic], path: &str, source: &str) {
    if diagnostics.is_empty() {
        return;
    }
    // Buffered: standard error is unbuffered, and a diagnostic on a long
    // source line would otherwise cost one system call per character.
    let mut stream = BufferedStandardStream::stderr(color_choice());
    tessera::diagnostic::emit(&mut stream, diagnostics, path, source);
    let _ = stream.flush();
}

/// Prints a one-line message (`error: ...`, `note: ...`) on standard error.
pub fn line(severity: &str, message: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "{severity}: {message}");
}

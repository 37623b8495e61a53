//! Resolver tests (parse snippets and check the IR or the diagnostics).

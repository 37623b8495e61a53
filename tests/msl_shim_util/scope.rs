//! A lint of program-scope declarations: Metal requires every variable
//! declared at program scope to be in the `constant` address space (MSL
//! specification 4.2), which C++ for OpenCL does not require when
//! `constant` is modelled as `const __global` (see the shim's README).

/// Problems with the program-scope variables of `source`.
pub fn lint_program_scope(source: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for item in top_level_items(source) {
        let item = item.trim();
        if item.is_empty() || item.starts_with('#') {
            continue;
        }
        let first = item.split_whitespace().next().unwrap_or("");
        let declares_other = matches!(
            first,
            "using"
                | "typedef"
                | "static_assert"
                | "template"
                | "namespace"
                | "struct"
                | "union"
                | "enum"
                | "class"
        );
        // A function declaration has a parameter list before any `=`.
        let head = item.split('=').next().unwrap_or(item);
        if declares_other || head.contains('(') {
            continue;
        }
        let in_constant = item
            .split_whitespace()
            .take_while(|w| *w != "=")
            .any(|w| w == "constant");
        if !in_constant {
            problems.push(format!(
                "program-scope variable `{}` is not in the constant address space (Metal requires it)",
                item.split('=').next().unwrap_or(item).trim()
            ));
        }
    }
    problems
}

/// The program-scope items of `source` that end with `;` (bodies `{...}`
/// of structs, functions and namespaces are skipped; namespace bodies are
/// not entered), comments and preprocessor lines removed.
fn top_level_items(source: &str) -> Vec<String> {
    let text = strip_comments(source);
    let mut items = Vec::new();
    let mut current = String::new();
    let mut depth = 0usize;
    let mut had_body = false;
    for line in text.lines() {
        if depth == 0 && line.trim_start().starts_with('#') {
            continue;
        }
        for c in line.chars().chain(std::iter::once('\n')) {
            match c {
                '{' => {
                    depth += 1;
                    if depth == 1 && !current.contains('=') {
                        had_body = true;
                    }
                    if depth > 1 || had_body {
                        continue;
                    }
                    current.push(c);
                }
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 && had_body {
                        // A function or namespace ends here; a struct's `;`
                        // follows and ends an empty item.
                        current.clear();
                        had_body = false;
                        continue;
                    }
                    if depth == 0 {
                        current.push(c);
                    }
                }
                ';' if depth == 0 => {
                    items.push(std::mem::take(&mut current));
                }
                _ if depth == 0 => current.push(c),
                _ => {
                    if !had_body {
                        current.push(c);
                    }
                }
            }
        }
    }
    items
}

fn strip_comments(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut rest = source;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
            out.push(' ');
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

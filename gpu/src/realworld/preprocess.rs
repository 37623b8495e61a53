//! The text preprocessor llama.cpp's WebGPU backend runs over its WGSL
//! templates before handing them to the WebGPU implementation, written
//! here from the behaviour of its `pre_wgsl.hpp`:
//!
//! - `#include "file"` inserts the file (looked up in one directory),
//!   preprocessed with the same macros; a file that includes itself is
//!   an error;
//! - `#define NAME` and `#define NAME value` (object-like macros only),
//!   `#undef NAME`;
//! - `#ifdef`, `#ifndef`, `#if EXPR`, `#elif EXPR`, `#else`, `#endif`,
//!   where `EXPR` is a C integer expression over decimal numbers,
//!   `defined(NAME)` / `defined NAME`, macro names (an undefined name is
//!   0, an empty macro 1, any other macro its value evaluated as an
//!   expression) and `|| && == != < > <= >= << >> + - * / % !` and
//!   unary `-`/`+`; division by zero gives 0;
//! - in every other line in an active region, each identifier that names
//!   a macro is replaced by the macro's value, expanded again (a macro
//!   that reaches itself is an error).
//!
//! Macros given by the caller (`NAME` or `NAME=VALUE`) are defined before
//! the first line, and a `#define` or `#undef` of one of them is ignored
//! (so a template's `#define HEAD_DIM 64` is only a default).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// Preprocesses `file` (a path relative to `dir`, or absolute) with the
/// macros `defines` (`NAME` or `NAME=VALUE`).
pub fn preprocess_file(dir: &Path, file: &str, defines: &[String]) -> Result<String, String> {
    let mut out = String::new();
    Pre::new(dir, defines).file(file, &mut out)?;
    Ok(out)
}

/// Preprocesses `source` as if read from a file in `dir`.
pub fn preprocess(dir: &Path, source: &str, defines: &[String]) -> Result<String, String> {
    let mut out = String::new();
    Pre::new(dir, defines).text("<source>", source, &mut out)?;
    Ok(out)
}

struct Pre {
    dir: PathBuf,
    macros: HashMap<String, String>,
    /// The caller's macros, which the text cannot redefine.
    given: HashSet<String>,
    including: Vec<String>,
}

/// One open `#if` group.
struct Group {
    /// Whether the enclosing region is active.
    outer: bool,
    /// Whether the current branch is active.
    active: bool,
    /// Whether some branch of the group was taken already.
    taken: bool,
}

impl Pre {
    fn new(dir: &Path, defines: &[String]) -> Pre {
        let mut p = Pre {
            dir: dir.to_path_buf(),
            macros: HashMap::new(),
            given: HashSet::new(),
            including: Vec::new(),
        };
        for d in defines {
            let (name, value) = d.split_once('=').unwrap_or((d, ""));
            let name = name.trim().to_string();
            p.macros.insert(name.clone(), value.trim().to_string());
            p.given.insert(name);
        }
        p
    }

    fn file(&mut self, name: &str, out: &mut String) -> Result<(), String> {
        if self.including.iter().any(|n| n == name) {
            return Err(format!("'{name}' includes itself"));
        }
        let path = self.dir.join(name);
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        self.including.push(name.to_string());
        let r = self.text(name, &text, out);
        self.including.pop();
        r
    }

    fn text(&mut self, name: &str, text: &str, out: &mut String) -> Result<(), String> {
        let mut groups: Vec<Group> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let at = |e: String| format!("{name}:{}: {e}", i + 1);
            let active = groups.last().is_none_or(|g| g.active);
            let trimmed = line.trim_start();
            let Some(directive) = trimmed.strip_prefix('#') else {
                if active {
                    out.push_str(&self.expand(line, &mut HashSet::new()).map_err(at)?);
                    out.push('\n');
                }
                continue;
            };
            let directive = directive.trim_start();
            let word_end = directive
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(directive.len());
            let (word, rest) = directive.split_at(word_end);
            let rest = rest.trim();
            match word {
                "ifdef" | "ifndef" => {
                    let defined = self.macros.contains_key(rest);
                    let cond = defined == (word == "ifdef");
                    groups.push(Group {
                        outer: active,
                        active: active && cond,
                        taken: cond,
                    });
                }
                "if" => {
                    let cond = active && self.eval(rest).map_err(at)? != 0;
                    groups.push(Group {
                        outer: active,
                        active: cond,
                        taken: cond,
                    });
                }
                "elif" => {
                    let Some(g) = groups.last() else {
                        return Err(at("#elif without #if".into()));
                    };
                    let (outer, taken) = (g.outer, g.taken);
                    let cond = outer && !taken && self.eval(rest).map_err(at)? != 0;
                    let g = groups.last_mut().expect("checked above");
                    g.active = cond;
                    g.taken |= cond;
                }
                "else" => {
                    let Some(g) = groups.last_mut() else {
                        return Err(at("#else without #if".into()));
                    };
                    g.active = g.outer && !g.taken;
                    g.taken = true;
                }
                "endif" => {
                    if groups.pop().is_none() {
                        return Err(at("#endif without #if".into()));
                    }
                }
                _ if !active => {}
                "define" => {
                    let end = rest
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(rest.len());
                    let (macro_name, value) = rest.split_at(end);
                    if macro_name.is_empty() {
                        return Err(at("#define without a name".into()));
                    }
                    if !self.given.contains(macro_name) {
                        self.macros
                            .insert(macro_name.to_string(), value.trim().to_string());
                    }
                }
                "undef" => {
                    if !self.given.contains(rest) {
                        self.macros.remove(rest);
                    }
                }
                "include" => {
                    let file = rest.trim_matches(|c| c == '"' || c == '<' || c == '>');
                    self.file(file, out).map_err(at)?;
                }
                other => return Err(at(format!("unknown directive '#{other}'"))),
            }
        }
        if !groups.is_empty() {
            return Err(format!("{name}: {} #if group(s) not closed", groups.len()));
        }
        Ok(())
    }

    /// `line` with every macro name replaced by its expanded value.
    fn expand(&self, line: &str, visiting: &mut HashSet<String>) -> Result<String, String> {
        let mut out = String::with_capacity(line.len());
        let mut rest = line;
        while let Some(start) = rest.find(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            out.push_str(&rest[..start]);
            let tail = &rest[start..];
            let end = tail
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(tail.len());
            let word = &tail[..end];
            match self.macros.get(word) {
                Some(value) => {
                    if !visiting.insert(word.to_string()) {
                        return Err(format!("macro '{word}' expands to itself"));
                    }
                    out.push_str(&self.expand(value, visiting)?);
                    visiting.remove(word);
                }
                None => out.push_str(word),
            }
            rest = &tail[end..];
        }
        out.push_str(rest);
        Ok(out)
    }

    fn eval(&self, expr: &str) -> Result<i64, String> {
        let tokens = tokens(expr)?;
        let mut e = Eval {
            pre: self,
            tokens: &tokens,
            at: 0,
            visiting: HashSet::new(),
        };
        let v = e.or()?;
        if e.at != tokens.len() {
            return Err(format!("unexpected '{}' in '#if {expr}'", tokens[e.at]));
        }
        Ok(v)
    }
}

fn tokens(expr: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let b = expr.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if c.is_ascii_alphanumeric() || c == '_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
        } else if i + 1 < b.len()
            && ["==", "!=", "<=", ">=", "&&", "||", "<<", ">>"].contains(&&expr[i..i + 2])
        {
            i += 2;
        } else if "+-*/%<>!()".contains(c) {
            i += 1;
        } else {
            return Err(format!("unexpected '{c}' in '#if {expr}'"));
        }
        out.push(expr[start..i].to_string());
    }
    Ok(out)
}

struct Eval<'a> {
    pre: &'a Pre,
    tokens: &'a [String],
    at: usize,
    visiting: HashSet<String>,
}

impl Eval<'_> {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(String::as_str)
    }

    fn eat(&mut self, t: &str) -> bool {
        let hit = self.peek() == Some(t);
        self.at += usize::from(hit);
        hit
    }

    /// One left-associative level: operands from `next`, operators `ops`.
    fn level(
        &mut self,
        next: fn(&mut Self) -> Result<i64, String>,
        ops: &[&str],
    ) -> Result<i64, String> {
        let mut v = next(self)?;
        while let Some(op) = self.peek().filter(|t| ops.contains(t)).map(str::to_string) {
            self.at += 1;
            let r = next(self)?;
            v = match op.as_str() {
                "||" => i64::from(v != 0 || r != 0),
                "&&" => i64::from(v != 0 && r != 0),
                "==" => i64::from(v == r),
                "!=" => i64::from(v != r),
                "<" => i64::from(v < r),
                ">" => i64::from(v > r),
                "<=" => i64::from(v <= r),
                ">=" => i64::from(v >= r),
                "<<" => v.wrapping_shl(r as u32),
                ">>" => v.wrapping_shr(r as u32),
                "+" => v.wrapping_add(r),
                "-" => v.wrapping_sub(r),
                "*" => v.wrapping_mul(r),
                "/" => v.checked_div(r).unwrap_or(0),
                _ => v.checked_rem(r).unwrap_or(0),
            };
        }
        Ok(v)
    }

    fn or(&mut self) -> Result<i64, String> {
        self.level(Self::and, &["||"])
    }
    fn and(&mut self) -> Result<i64, String> {
        self.level(Self::equality, &["&&"])
    }
    fn equality(&mut self) -> Result<i64, String> {
        self.level(Self::relational, &["==", "!="])
    }
    fn relational(&mut self) -> Result<i64, String> {
        self.level(Self::shift, &["<", ">", "<=", ">="])
    }
    fn shift(&mut self) -> Result<i64, String> {
        self.level(Self::additive, &["<<", ">>"])
    }
    fn additive(&mut self) -> Result<i64, String> {
        self.level(Self::multiplicative, &["+", "-"])
    }
    fn multiplicative(&mut self) -> Result<i64, String> {
        self.level(Self::unary, &["*", "/", "%"])
    }

    fn unary(&mut self) -> Result<i64, String> {
        if self.eat("!") {
            return Ok(i64::from(self.unary()? == 0));
        }
        if self.eat("-") {
            return Ok(self.unary()?.wrapping_neg());
        }
        if self.eat("+") {
            return self.unary();
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<i64, String> {
        if self.eat("(") {
            let v = self.or()?;
            if !self.eat(")") {
                return Err("missing ')' in #if".into());
            }
            return Ok(v);
        }
        let Some(t) = self.peek().map(str::to_string) else {
            return Err("#if expression ends early".into());
        };
        self.at += 1;
        if t.bytes().all(|b| b.is_ascii_digit()) {
            return t.parse().map_err(|e| format!("'{t}': {e}"));
        }
        if t == "defined" {
            let paren = self.eat("(");
            let Some(name) = self.peek().map(str::to_string) else {
                return Err("defined without a name".into());
            };
            self.at += 1;
            if paren && !self.eat(")") {
                return Err("missing ')' after defined(".into());
            }
            return Ok(i64::from(self.pre.macros.contains_key(&name)));
        }
        match self.pre.macros.get(&t) {
            None => Ok(0),
            Some(v) if v.is_empty() => Ok(1),
            Some(v) => {
                if !self.visiting.insert(t.clone()) {
                    return Err(format!("macro '{t}' expands to itself"));
                }
                let tokens = tokens(v)?;
                let mut inner = Eval {
                    pre: self.pre,
                    tokens: &tokens,
                    at: 0,
                    visiting: std::mem::take(&mut self.visiting),
                };
                let r = inner.or();
                self.visiting = inner.visiting;
                self.visiting.remove(&t);
                r
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str, defines: &[&str]) -> Result<String, String> {
        let d: Vec<String> = defines.iter().map(|s| s.to_string()).collect();
        preprocess(Path::new("."), src, &d)
    }

    #[test]
    fn conditionals_and_substitution() {
        let src = "#ifdef VEC\n#define T vec4<f32>\n#else\n#define T f32\n#endif\nvar<private> x: T;\nconst N = SIZE * 2;\n";
        assert_eq!(
            run(src, &["VEC", "SIZE=16"]).unwrap(),
            "var<private> x: vec4<f32>;\nconst N = 16 * 2;\n"
        );
        assert_eq!(
            run(src, &["SIZE=8"]).unwrap(),
            "var<private> x: f32;\nconst N = 8 * 2;\n"
        );
    }

    #[test]
    fn the_callers_macros_win() {
        let src = "#define D 64\n#define E 1\n#undef F\nD E F\n";
        assert_eq!(run(src, &["D=128", "F=2"]).unwrap(), "128 1 2\n");
    }

    #[test]
    fn if_expressions() {
        let src = "#if defined(A) && B > 2 || !C\nyes\n#elif B == 2\ntwo\n#else\nno\n#endif\n";
        assert_eq!(run(src, &["A", "B=3", "C"]).unwrap(), "yes\n");
        assert_eq!(run(src, &["B=2", "C"]).unwrap(), "two\n");
        assert_eq!(run(src, &["B=1", "C"]).unwrap(), "no\n");
        assert_eq!(run(src, &["B=1"]).unwrap(), "yes\n");
        // Nested groups inside an inactive branch stay inactive.
        let nested = "#ifdef X\n#ifdef Y\na\n#else\nb\n#endif\n#endif\nc\n";
        assert_eq!(run(nested, &["Y"]).unwrap(), "c\n");
        // A macro's value is an expression.
        assert_eq!(
            run("#if W / 2 == 4\nok\n#endif\n", &["W=(4 + 4)"]).unwrap(),
            "ok\n"
        );
    }

    #[test]
    fn identifiers_are_whole_words() {
        assert_eq!(
            run("let TILE_KX = TILE_K + K;\n", &["TILE_K=32", "K=1"]).unwrap(),
            "let TILE_KX = 32 + 1;\n"
        );
        // Macro values expand again.
        assert_eq!(run("A\n", &["A=B B", "B=c"]).unwrap(), "c c\n");
    }

    #[test]
    fn errors() {
        assert!(run("A\n", &["A=B", "B=A"])
            .unwrap_err()
            .contains("expands to itself"));
        assert!(run("#ifdef A\n", &[]).unwrap_err().contains("not closed"));
        assert!(run("#endif\n", &[]).unwrap_err().contains("without #if"));
        assert!(run("#pragma x\n", &[])
            .unwrap_err()
            .contains("unknown directive"));
    }

    #[test]
    fn includes_read_the_directory() {
        let dir = std::env::temp_dir().join(format!("tessera-pre-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("inc.tmpl"), "#ifdef F\nfn f() {}\n#endif\n").unwrap();
        std::fs::write(dir.join("self.tmpl"), "#include \"self.tmpl\"\n").unwrap();
        let d = vec!["F".to_string()];
        let out = preprocess(&dir, "#include \"inc.tmpl\"\nx\n", &d).unwrap();
        assert_eq!(out, "fn f() {}\nx\n");
        let e = preprocess_file(&dir, "self.tmpl", &[]).unwrap_err();
        assert!(e.contains("includes itself"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

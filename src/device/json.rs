//! A small JSON reader for device profiles, written by hand like the
//! reflection's writer (`src/reflection_json.rs`): the library has no serde
//! dependency. It parses RFC 8259 JSON into [`Value`]s that remember where
//! they start (line and column, both from 1, columns counted in
//! characters), so that errors about a profile's *content* (an unknown
//! feature, a bad configuration) can say where it is, as syntax errors do.
//!
//! Bounded on hostile input: nesting deeper than [`MAX_DEPTH`] is an error
//! (no recursion on user-controlled depth beyond it), and the work is
//! linear in the text.

use std::fmt;

/// Arrays and objects nested deeper than this are an error.
pub const MAX_DEPTH: usize = 64;

/// A position in the text: line and column, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A JSON value and where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    /// Where the value starts.
    pub pos: Pos,
    /// The value.
    pub kind: Kind,
}

/// The kinds of JSON values. Numbers keep their text (a profile's numbers
/// are integers; [`Value::as_u32`] reads them exactly).
#[derive(Clone, Debug, PartialEq)]
#[allow(missing_docs)]
pub enum Kind {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Value>),
    /// Members in source order, each with the position of its key.
    Object(Vec<(String, Pos, Value)>),
}

impl Value {
    /// What the value is, for messages: `a string`, `an object`, ...
    pub fn describe(&self) -> &'static str {
        match self.kind {
            Kind::Null => "null",
            Kind::Bool(_) => "a boolean",
            Kind::Number(_) => "a number",
            Kind::String(_) => "a string",
            Kind::Array(_) => "an array",
            Kind::Object(_) => "an object",
        }
    }

    /// The value as a `u32`, if it is a number written as an integer in
    /// range (no fraction, no exponent, no sign).
    pub fn as_u32(&self) -> Option<u32> {
        match &self.kind {
            Kind::Number(text) if text.bytes().all(|b| b.is_ascii_digit()) => text.parse().ok(),
            _ => None,
        }
    }
}

/// A syntax error: what and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub pos: Pos,
}

/// Parses a whole JSON text (one value, surrounded by whitespace only).
pub fn parse(text: &str) -> Result<Value, SyntaxError> {
    let mut p = Parser {
        text,
        at: 0,
        line: 1,
        column: 1,
    };
    p.skip_whitespace();
    let value = p.value(0)?;
    p.skip_whitespace();
    if p.at < text.len() {
        return Err(p.error("unexpected text after the JSON value"));
    }
    Ok(value)
}

struct Parser<'a> {
    text: &'a str,
    /// Byte offset.
    at: usize,
    line: usize,
    /// Column in characters (so that it matches what an editor shows).
    column: usize,
}

impl Parser<'_> {
    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            column: self.column,
        }
    }

    fn error(&self, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            message: message.into(),
            pos: self.pos(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_whitespace(&mut self) {
        while let Some(' ' | '\t' | '\n' | '\r') = self.peek() {
            self.bump();
        }
    }

    /// `found X` for the character at the current position.
    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the file".into(),
            Some(c) if c.is_control() => format!("{c:?}"),
            Some(c) => format!("`{c}`"),
        }
    }

    fn expect(&mut self, want: char, what: &str) -> Result<(), SyntaxError> {
        if self.peek() == Some(want) {
            self.bump();
            Ok(())
        } else {
            Err(self.error(format!("expected {what}, found {}", self.found())))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, SyntaxError> {
        let pos = self.pos();
        let kind = match self.peek() {
            Some('{') => self.object(depth)?,
            Some('[') => self.array(depth)?,
            Some('"') => Kind::String(self.string()?),
            Some('-' | '0'..='9') => Kind::Number(self.number()?),
            Some('t') => self.word("true", Kind::Bool(true))?,
            Some('f') => self.word("false", Kind::Bool(false))?,
            Some('n') => self.word("null", Kind::Null)?,
            _ => return Err(self.error(format!("expected a JSON value, found {}", self.found()))),
        };
        Ok(Value { pos, kind })
    }

    fn word(&mut self, word: &str, kind: Kind) -> Result<Kind, SyntaxError> {
        if self.text[self.at..].starts_with(word) {
            for _ in 0..word.len() {
                self.bump();
            }
            Ok(kind)
        } else {
            Err(self.error(format!("expected a JSON value, found {}", self.found())))
        }
    }

    fn nested(&self, depth: usize) -> Result<usize, SyntaxError> {
        if depth >= MAX_DEPTH {
            Err(self.error(format!(
                "arrays and objects are nested more than {MAX_DEPTH} deep"
            )))
        } else {
            Ok(depth + 1)
        }
    }

    fn array(&mut self, depth: usize) -> Result<Kind, SyntaxError> {
        let depth = self.nested(depth)?;
        self.bump(); // [
        let mut items = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(']') {
            self.bump();
            return Ok(Kind::Array(items));
        }
        loop {
            self.skip_whitespace();
            items.push(self.value(depth)?);
            self.skip_whitespace();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some(']') => {
                    self.bump();
                    return Ok(Kind::Array(items));
                }
                _ => {
                    return Err(self.error(format!(
                        "expected `,` or `]` after an array element, found {}",
                        self.found()
                    )))
                }
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Kind, SyntaxError> {
        let depth = self.nested(depth)?;
        self.bump(); // {
        let mut members: Vec<(String, Pos, Value)> = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some('}') {
            self.bump();
            return Ok(Kind::Object(members));
        }
        loop {
            self.skip_whitespace();
            let key_pos = self.pos();
            if self.peek() != Some('"') {
                return Err(self.error(format!(
                    "expected a member name (a string), found {}",
                    self.found()
                )));
            }
            let key = self.string()?;
            if members.iter().any(|(k, _, _)| *k == key) {
                return Err(SyntaxError {
                    message: format!("duplicate member `{key}`"),
                    pos: key_pos,
                });
            }
            self.skip_whitespace();
            self.expect(':', "`:` after a member name")?;
            self.skip_whitespace();
            let value = self.value(depth)?;
            members.push((key, key_pos, value));
            self.skip_whitespace();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some('}') => {
                    self.bump();
                    return Ok(Kind::Object(members));
                }
                _ => {
                    return Err(self.error(format!(
                        "expected `,` or `}}` after an object member, found {}",
                        self.found()
                    )))
                }
            }
        }
    }

    fn string(&mut self) -> Result<String, SyntaxError> {
        self.bump(); // "
        let mut out = String::new();
        loop {
            match self.peek() {
                None => return Err(self.error("unterminated string")),
                Some('"') => {
                    self.bump();
                    return Ok(out);
                }
                Some('\\') => {
                    self.bump();
                    let escape = self.peek();
                    let c = match escape {
                        Some('"') => '"',
                        Some('\\') => '\\',
                        Some('/') => '/',
                        Some('b') => '\u{8}',
                        Some('f') => '\u{c}',
                        Some('n') => '\n',
                        Some('r') => '\r',
                        Some('t') => '\t',
                        Some('u') => {
                            self.bump();
                            out.push(self.unicode_escape()?);
                            continue;
                        }
                        _ => {
                            return Err(
                                self.error(format!("invalid escape in a string: {}", self.found()))
                            )
                        }
                    };
                    self.bump();
                    out.push(c);
                }
                Some(c) if (c as u32) < 0x20 => {
                    return Err(self.error(format!(
                        "control character {c:?} in a string (write it as an escape)"
                    )))
                }
                Some(c) => {
                    self.bump();
                    out.push(c);
                }
            }
        }
    }

    /// Four hex digits after `\u` (a surrogate pair takes two escapes).
    fn hex4(&mut self) -> Result<u32, SyntaxError> {
        let digits = self.text.get(self.at..self.at + 4).unwrap_or("");
        if digits.len() != 4 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(self.error("expected four hexadecimal digits after `\\u`"));
        }
        let v = u32::from_str_radix(digits, 16).unwrap_or(0);
        for _ in 0..4 {
            self.bump();
        }
        Ok(v)
    }

    fn unicode_escape(&mut self) -> Result<char, SyntaxError> {
        let first = self.hex4()?;
        let code = if (0xd800..0xdc00).contains(&first) {
            if !self.text[self.at..].starts_with("\\u") {
                return Err(self.error("a high surrogate escape must be followed by a low one"));
            }
            self.bump();
            self.bump();
            let second = self.hex4()?;
            if !(0xdc00..0xe000).contains(&second) {
                return Err(self.error("a high surrogate escape must be followed by a low one"));
            }
            0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00)
        } else {
            first
        };
        char::from_u32(code).ok_or_else(|| self.error("a lone low surrogate escape"))
    }

    fn digits(&mut self) -> usize {
        let mut n = 0;
        while let Some('0'..='9') = self.peek() {
            self.bump();
            n += 1;
        }
        n
    }

    fn number(&mut self) -> Result<String, SyntaxError> {
        let start = self.at;
        if self.peek() == Some('-') {
            self.bump();
        }
        match self.peek() {
            Some('0') => {
                self.bump();
                if let Some('0'..='9') = self.peek() {
                    return Err(self.error("a number must not have leading zeros"));
                }
            }
            Some('1'..='9') => {
                self.digits();
            }
            _ => return Err(self.error(format!("expected a digit, found {}", self.found()))),
        }
        if self.peek() == Some('.') {
            self.bump();
            if self.digits() == 0 {
                return Err(self.error(format!(
                    "expected a digit after `.`, found {}",
                    self.found()
                )));
            }
        }
        if let Some('e' | 'E') = self.peek() {
            self.bump();
            if let Some('+' | '-') = self.peek() {
                self.bump();
            }
            if self.digits() == 0 {
                return Err(self.error(format!(
                    "expected a digit in the exponent, found {}",
                    self.found()
                )));
            }
        }
        Ok(self.text[start..self.at].to_string())
    }
}

/// Appends `s` as a JSON string literal.
pub fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        let e = parse(text).unwrap_err();
        format!("{}: {}", e.pos, e.message)
    }

    #[test]
    fn values() {
        let v = parse(
            " {\"a\": [1, -2.5e3, true, false, null, \"x\\u00e9\\n\\ud83d\\ude00\"], \"b\": {}}\n",
        )
        .unwrap();
        let Kind::Object(members) = &v.kind else {
            panic!("{v:?}")
        };
        assert_eq!(v.pos, Pos { line: 1, column: 2 });
        assert_eq!(members[0].0, "a");
        assert_eq!(members[0].1, Pos { line: 1, column: 3 });
        let Kind::Array(items) = &members[0].2.kind else {
            panic!()
        };
        assert_eq!(items[0].as_u32(), Some(1));
        assert_eq!(items[1].kind, Kind::Number("-2.5e3".into()));
        assert_eq!(items[1].as_u32(), None);
        assert_eq!(items[2].kind, Kind::Bool(true));
        assert_eq!(items[4].kind, Kind::Null);
        assert_eq!(items[5].kind, Kind::String("xé\n😀".into()));
        assert_eq!(members[1].2.kind, Kind::Object(Vec::new()));
        assert_eq!(parse("4294967296").unwrap().as_u32(), None);
        assert_eq!(parse("4294967295").unwrap().as_u32(), Some(u32::MAX));
    }

    #[test]
    fn syntax_errors_have_positions() {
        assert_eq!(
            err("{\n  \"a\": 1\n  \"b\": 2\n}"),
            "line 3, column 3: expected `,` or `}` after an object member, found `\"`"
        );
        assert_eq!(
            err("[1, 2,]"),
            "line 1, column 7: expected a JSON value, found `]`"
        );
        assert_eq!(
            err(""),
            "line 1, column 1: expected a JSON value, found the end of the file"
        );
        assert_eq!(
            err("{\"a\": 1} x"),
            "line 1, column 10: unexpected text after the JSON value"
        );
        assert_eq!(err("\"abc"), "line 1, column 5: unterminated string");
        assert_eq!(
            err("{\"a\": 1, \"a\": 2}"),
            "line 1, column 10: duplicate member `a`"
        );
        assert_eq!(
            err("[01]"),
            "line 1, column 3: a number must not have leading zeros"
        );
        assert_eq!(
            err("{'a': 1}"),
            "line 1, column 2: expected a member name (a string), found `'`"
        );
        assert_eq!(
            err("[tru]"),
            "line 1, column 2: expected a JSON value, found `t`"
        );
        assert_eq!(
            err("\"é\\q\""),
            "line 1, column 4: invalid escape in a string: `q`"
        );
        assert_eq!(
            err("\"\\ud800x\""),
            "line 1, column 8: a high surrogate escape must be followed by a low one"
        );
    }

    #[test]
    fn depth_is_bounded() {
        let deep = "[".repeat(100_000);
        assert_eq!(
            err(&deep),
            "line 1, column 65: arrays and objects are nested more than 64 deep"
        );
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&ok).is_ok());
    }

    #[test]
    fn strings_round_trip() {
        let mut out = String::new();
        write_string("a\"b\\c\n\u{1}é", &mut out);
        assert_eq!(out, "\"a\\\"b\\\\c\\n\\u0001é\"");
        assert_eq!(
            parse(&out).unwrap().kind,
            Kind::String("a\"b\\c\n\u{1}é".into())
        );
    }
}

//! A buffer's initial contents as the command line gives them
//! (`--buffer G:B=INIT`).
//!
//! | INIT | bytes |
//! | --- | --- |
//! | `zeros:BYTES` | BYTES zero bytes |
//! | `u32:LIST`, `i32:LIST`, `f32:LIST` | 4 little-endian bytes per value |
//! | `f16:LIST` | 2 bytes per value (rounded to the nearest f16) |
//! | `file:PATH` | the file's bytes |
//!
//! A LIST is comma-separated values; `VALUE*N` repeats a value N times.
//! Integers are decimal or `0x` hexadecimal (`i32` values may be
//! negative); floats are decimal, `inf`, `-inf` or `nan`.

use std::path::PathBuf;

use crate::RunError;

/// A parsed INIT.
#[derive(Clone, Debug, PartialEq)]
pub enum Init {
    /// `zeros:BYTES`.
    Zeros(u64),
    /// Values already encoded (`u32:`, `i32:`, `f32:`, `f16:`).
    Bytes(Vec<u8>),
    /// `file:PATH`, read when [`Init::bytes`] is called.
    File(PathBuf),
}

/// The most bytes an INIT may describe (1 GiB): a typo such as
/// `zeros:10000000000` is an error, not an allocation failure.
pub const MAX_BYTES: u64 = 1 << 30;

impl Init {
    /// Parses `KIND:VALUES`.
    pub fn parse(text: &str) -> Result<Init, String> {
        let (kind, rest) = text.split_once(':').ok_or_else(|| {
            format!("expected KIND:VALUES (zeros:BYTES, u32:LIST, i32:LIST, f32:LIST, f16:LIST or file:PATH), found `{text}`")
        })?;
        match kind.trim() {
            "zeros" => {
                let n = parse_u64(rest.trim())
                    .ok_or_else(|| format!("zeros:BYTES needs a byte count, found `{rest}`"))?;
                if n > MAX_BYTES {
                    return Err(format!("zeros:{n} is more than {MAX_BYTES} bytes"));
                }
                Ok(Init::Zeros(n))
            }
            "file" if !rest.is_empty() => Ok(Init::File(PathBuf::from(rest))),
            "file" => Err("file:PATH needs a path".into()),
            "u32" => list(rest, "u32", |s| {
                parse_u64(s)
                    .filter(|&v| v <= u64::from(u32::MAX))
                    .map(|v| (v as u32).to_le_bytes().to_vec())
            }),
            "i32" => list(rest, "i32", |s| {
                parse_i32(s).map(|v| v.to_le_bytes().to_vec())
            }),
            "f32" => list(rest, "f32", |s| {
                parse_float(s).map(|v| (v as f32).to_le_bytes().to_vec())
            }),
            "f16" => list(rest, "f16", |s| {
                parse_float(s).map(|v| half::f16::from_f64(v).to_le_bytes().to_vec())
            }),
            other => Err(format!(
                "unknown INIT kind `{other}` (expected zeros, u32, i32, f32, f16 or file)"
            )),
        }
    }

    /// The bytes; reading a `file:` is an I/O error.
    pub fn bytes(&self) -> Result<Vec<u8>, RunError> {
        match self {
            Init::Zeros(n) => Ok(vec![0; *n as usize]),
            Init::Bytes(b) => Ok(b.clone()),
            Init::File(p) => std::fs::read(p)
                .map_err(|e| RunError::io(format!("cannot read `{}`: {e}", p.display()))),
        }
    }
}

/// Parses `G:B=INIT` (a `--buffer` value).
pub fn parse_buffer(text: &str) -> Result<((u32, u32), Init), String> {
    let syntax = || format!("expected GROUP:BINDING=INIT (e.g. 0:1=u32:1,2,3), found `{text}`");
    let (key, init) = text.split_once('=').ok_or_else(syntax)?;
    let (group, binding) = key.split_once(':').ok_or_else(syntax)?;
    let number = |s: &str| s.trim().parse::<u32>().map_err(|_| syntax());
    let init = Init::parse(init).map_err(|e| format!("`{text}`: {e}"))?;
    Ok(((number(group)?, number(binding)?), init))
}

fn list(rest: &str, kind: &str, one: impl Fn(&str) -> Option<Vec<u8>>) -> Result<Init, String> {
    let mut out = Vec::new();
    if rest.trim().is_empty() {
        return Err(format!("{kind}:LIST needs at least one value"));
    }
    for item in rest.split(',') {
        let item = item.trim();
        let (value, count) = match item.rsplit_once('*') {
            Some((v, n)) => {
                let n = parse_u64(n.trim())
                    .ok_or_else(|| format!("bad repeat count in `{item}` (VALUE*COUNT)"))?;
                (v.trim(), n)
            }
            None => (item, 1),
        };
        let bytes = one(value).ok_or_else(|| format!("`{value}` is not a {kind} value"))?;
        let total = (out.len() as u64).saturating_add(count.saturating_mul(bytes.len() as u64));
        if total > MAX_BYTES {
            return Err(format!("the list gives more than {MAX_BYTES} bytes"));
        }
        for _ in 0..count {
            out.extend_from_slice(&bytes);
        }
    }
    Ok(Init::Bytes(out))
}

fn parse_u64(s: &str) -> Option<u64> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) if !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()) => {
            u64::from_str_radix(hex, 16).ok()
        }
        Some(_) => None,
        None if !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()) => s.parse().ok(),
        None => None,
    }
}

fn parse_i32(s: &str) -> Option<i32> {
    let (negative, magnitude) = match s.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, s),
    };
    let m = parse_u64(magnitude)?;
    let v = if negative { -(m as i128) } else { m as i128 };
    i32::try_from(v).ok()
}

fn parse_float(s: &str) -> Option<f64> {
    match s.to_ascii_lowercase().as_str() {
        "inf" | "+inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        "nan" => Some(f64::NAN),
        _ if s.chars().any(|c| c.is_ascii_digit()) && !s.to_ascii_lowercase().contains("inf") => {
            s.parse::<f64>().ok()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(text: &str) -> Vec<u8> {
        Init::parse(text).unwrap().bytes().unwrap()
    }

    #[test]
    fn kinds() {
        assert_eq!(bytes("zeros:8"), vec![0; 8]);
        assert_eq!(bytes("u32:1,0x100"), [1, 0, 0, 0, 0, 1, 0, 0]);
        assert_eq!(bytes("i32:-1"), [0xff; 4]);
        assert_eq!(bytes("i32:-2147483648"), [0, 0, 0, 0x80]);
        assert_eq!(bytes("f32:1.5"), 1.5f32.to_le_bytes());
        assert_eq!(bytes("f32:-inf"), f32::NEG_INFINITY.to_le_bytes());
        assert_eq!(bytes("f16:1, 0.5"), [0x00, 0x3c, 0x00, 0x38]);
        assert_eq!(bytes("u32:7*3"), bytes("u32:7,7,7"));
        assert_eq!(
            Init::parse("file:a/b.bin"),
            Ok(Init::File(PathBuf::from("a/b.bin")))
        );
    }

    #[test]
    fn errors() {
        let err = |t: &str| Init::parse(t).unwrap_err();
        assert!(err("u32").contains("expected KIND:VALUES"));
        assert!(err("u64:1").contains("unknown INIT kind `u64`"));
        assert!(err("u32:-1").contains("`-1` is not a u32 value"));
        assert!(err("u32:4294967296").contains("not a u32"));
        assert!(err("i32:2147483648").contains("not a i32"));
        assert!(err("f32:x").contains("`x` is not a f32"));
        assert!(err("f32:").contains("at least one value"));
        assert!(err("zeros:x").contains("byte count"));
        assert!(err("zeros:99999999999").contains("more than"));
        assert!(err("u32:1*x").contains("repeat count"));
        assert!(err("file:").contains("needs a path"));
        assert!(matches!(
            Init::parse("file:/nonexistent/x").unwrap().bytes(),
            Err(e) if e.to_string().contains("cannot read")
        ));
    }

    #[test]
    fn buffer_arguments() {
        assert_eq!(
            parse_buffer("1:2=u32:5"),
            Ok(((1, 2), Init::Bytes(vec![5, 0, 0, 0])))
        );
        assert!(parse_buffer("1=u32:5")
            .unwrap_err()
            .contains("GROUP:BINDING=INIT"));
        assert!(parse_buffer("0:0=u32:x").unwrap_err().contains("not a u32"));
    }
}

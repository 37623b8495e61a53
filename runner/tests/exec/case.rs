//! One execution case: a WGSL compute shader whose leading comment lines
//! say how to run it and what its buffers must hold afterwards.
//!
//! ```text
//! // What the case checks, in prose (any comment line that is no directive).
//! // dispatch: 2,1,1            workgroups (default 1,1,1)
//! // entry: main                the entry point (default: the only one)
//! // buffer 0:0 = u32:1,2,3     a buffer's contents before (tessera run's INIT)
//! // texture 0:2 = 4x4/2:f32:…  a texture: SIZE[/LEVELS][:INIT] (tessera run's --texture)
//!                             (a binding_array of N: N textures of SIZE, one after another)
//! // sampler 0:3 = linear,repeat  a sampler (tessera run's --sampler)
//! // expect 0:1 = 1, 4, 9       a writable buffer's scalars after, all of them
//! // override scale = 3         an override's value
//! // bounds-checks: on          on, off or both (default both)
//! // spirv: 1.3                 1.3, 1.6 or both (default both)
//! // tolerance: 1e-6            floats may differ by this, relative (default 0)
//! ```
//!
//! An `expect` list gives every scalar component of the buffer in memory
//! order (padding skipped), or every channel of a storage texture texel
//! by texel (level, then layer or z, then y, then x; normalized formats as
//! their stored integers): one value per component, `VALUE*N` for N
//! equal ones, `any` for one whose value the spec leaves open. Values are
//! read as the component's type (`-1` for an `i32`, `0x80000000` for a
//! `u32`, `1.5`, `inf`, `nan` for floats); a leading `u32:`, `i32:`,
//! `f32:` or `f16:` is allowed and must match the components. Floats
//! compare as numbers (so `0` matches `-0`, unless the list says `-0`);
//! `nan` matches any NaN.

use std::collections::BTreeMap;

use tessera_runner::init::Init;
use tessera_runner::run::{parse_sampler, Given, TextureInit};
use tessera_runner::values::Value;

/// One expected scalar.
#[derive(Clone, Debug, PartialEq)]
pub enum Expected {
    /// Any value.
    Any,
    /// This text, read as the component's type when compared.
    Text(String),
}

/// A parsed case.
#[derive(Clone, Debug, Default)]
pub struct Case {
    pub dispatch: Option<[u32; 3]>,
    pub entry: Option<String>,
    /// Buffers, textures and samplers.
    pub given: Given,
    pub expects: BTreeMap<(u32, u32), (Option<String>, Vec<Expected>)>,
    pub overrides: BTreeMap<String, f64>,
    /// Bounds-check settings to run with.
    pub bounds_checks: Vec<bool>,
    /// SPIR-V versions to compile for.
    pub spirv: Vec<(u8, u8)>,
    pub tolerance: f64,
}

const DIRECTIVES: &[&str] = &[
    "dispatch",
    "entry",
    "buffer",
    "texture",
    "sampler",
    "expect",
    "override",
    "bounds-checks",
    "spirv",
    "tolerance",
];

fn binding_key(text: &str) -> Result<(u32, u32), String> {
    let (g, b) = text
        .trim()
        .split_once(':')
        .ok_or_else(|| format!("expected G:B, found `{text}`"))?;
    Ok((
        g.trim().parse().map_err(|_| format!("bad group `{g}`"))?,
        b.trim().parse().map_err(|_| format!("bad binding `{b}`"))?,
    ))
}

impl Case {
    /// Reads the directives of `source`'s leading comment lines.
    pub fn parse(source: &str) -> Result<Case, String> {
        let mut case = Case {
            bounds_checks: vec![true, false],
            spirv: vec![(1, 3), (1, 6)],
            ..Case::default()
        };
        for (n, line) in source.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let Some(comment) = line.strip_prefix("//") else {
                break;
            };
            let comment = comment.trim();
            let word: String = comment
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                .collect();
            let after = &comment[word.len()..];
            let rest = after.trim_start();
            // The shapes of directives: `word: ...`, `word G:B = ...`,
            // `override NAME = ...`. Prose that happens to begin with a
            // directive's word (`texture whose ...`) has none of them.
            let keyed = {
                let digits = |t: &str| t.trim_start().starts_with(|c: char| c.is_ascii_digit());
                rest.split_once('=').is_some_and(|(k, _)| {
                    k.split_once(':').is_some_and(|(g, b)| {
                        digits(g)
                            && digits(b)
                            && g.trim().chars().all(|c| c.is_ascii_digit())
                            && b.trim().chars().all(|c| c.is_ascii_digit())
                    })
                })
            };
            let named = rest.split_once('=').is_some_and(|(k, _)| {
                let k = k.trim();
                !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            });
            let colon = after.starts_with(':');
            let shape_fits = match word.as_str() {
                "buffer" | "texture" | "sampler" | "expect" => keyed,
                "override" => named,
                _ => colon,
            };
            if word.is_empty() || !(colon || keyed || (word == "override" && named)) {
                continue;
            }
            if !DIRECTIVES.contains(&word.as_str()) {
                return Err(format!("line {}: unknown directive `{word}`", n + 1));
            }
            if !shape_fits {
                continue;
            }
            let at = |e: String| format!("line {}: {e}", n + 1);
            let value = rest.strip_prefix(':').unwrap_or(rest).trim();
            match word.as_str() {
                "dispatch" => {
                    let mut d = [1u32; 3];
                    for (slot, p) in d.iter_mut().zip(value.split(',')) {
                        *slot = p
                            .trim()
                            .parse()
                            .map_err(|_| at(format!("bad dispatch `{value}`")))?;
                    }
                    case.dispatch = Some(d);
                }
                "entry" => case.entry = Some(value.to_string()),
                "buffer" => {
                    let (key, init) = value
                        .split_once('=')
                        .ok_or_else(|| at("expected `buffer G:B = INIT`".into()))?;
                    let init = Init::parse(init.trim()).map_err(at)?;
                    let bytes = init.bytes().map_err(|e| at(e.to_string()))?;
                    case.given
                        .buffers
                        .insert(binding_key(key).map_err(at)?, bytes);
                }
                "texture" => {
                    let (key, init) = value.split_once('=').ok_or_else(|| {
                        at("expected `texture G:B = SIZE[/LEVELS][:INIT]`".into())
                    })?;
                    let t = TextureInit::parse(init.trim()).map_err(at)?;
                    case.given.textures.insert(binding_key(key).map_err(at)?, t);
                }
                "sampler" => {
                    let (key, s) = value
                        .split_once('=')
                        .ok_or_else(|| at("expected `sampler G:B = FILTER[,ADDRESS]`".into()))?;
                    let s = parse_sampler(s.trim()).map_err(at)?;
                    case.given.samplers.insert(binding_key(key).map_err(at)?, s);
                }
                "expect" => {
                    let (key, list) = value
                        .split_once('=')
                        .ok_or_else(|| at("expected `expect G:B = LIST`".into()))?;
                    let mut list = list.trim();
                    let mut kind = None;
                    for k in ["u32:", "i32:", "f32:", "f16:"] {
                        if let Some(r) = list.strip_prefix(k) {
                            kind = Some(k.trim_end_matches(':').to_string());
                            list = r;
                        }
                    }
                    let mut items = Vec::new();
                    for item in list.split(',') {
                        let item = item.trim();
                        let (v, count) = match item.rsplit_once('*') {
                            Some((v, c)) => (
                                v.trim(),
                                c.trim()
                                    .parse::<usize>()
                                    .map_err(|_| at(format!("bad repeat in `{item}`")))?,
                            ),
                            None => (item, 1),
                        };
                        if v.is_empty() {
                            return Err(at(format!("empty value in `{list}`")));
                        }
                        let e = if v == "any" {
                            Expected::Any
                        } else {
                            Expected::Text(v.to_string())
                        };
                        items.extend(std::iter::repeat_n(e, count));
                    }
                    let key = binding_key(key).map_err(at)?;
                    // An expectation may span several lines.
                    let entry = case
                        .expects
                        .entry(key)
                        .or_insert((kind.clone(), Vec::new()));
                    if entry.0.is_none() {
                        entry.0 = kind;
                    }
                    entry.1.extend(items);
                }
                "override" => {
                    let (name, v) = value
                        .split_once('=')
                        .ok_or_else(|| at("expected `override NAME = VALUE`".into()))?;
                    let v = match v.trim() {
                        "true" => 1.0,
                        "false" => 0.0,
                        t => t
                            .parse()
                            .map_err(|_| at(format!("bad override value `{t}`")))?,
                    };
                    case.overrides.insert(name.trim().to_string(), v);
                }
                "bounds-checks" => {
                    case.bounds_checks = match value {
                        "on" => vec![true],
                        "off" => vec![false],
                        "both" => vec![true, false],
                        _ => {
                            return Err(at(format!(
                                "bounds-checks: on, off or both, not `{value}`"
                            )))
                        }
                    }
                }
                "spirv" => {
                    case.spirv = match value {
                        "1.3" => vec![(1, 3)],
                        "1.6" => vec![(1, 6)],
                        "both" => vec![(1, 3), (1, 6)],
                        _ => return Err(at(format!("spirv: 1.3, 1.6 or both, not `{value}`"))),
                    }
                }
                "tolerance" => {
                    case.tolerance = value
                        .parse()
                        .map_err(|_| at(format!("bad tolerance `{value}`")))?
                }
                _ => unreachable!("listed directive"),
            }
        }
        if case.expects.is_empty() {
            return Err("the case expects nothing: add `// expect G:B = ...`".into());
        }
        Ok(case)
    }
}

/// Whether `got` is what `want` says, for a component read as `got`'s type.
pub fn matches(want: &Expected, got: Value, tolerance: f64) -> Result<bool, String> {
    let Expected::Text(text) = want else {
        return Ok(true);
    };
    let int = |t: &str| -> Option<i128> {
        let (neg, m) = match t.strip_prefix('-') {
            Some(m) => (true, m),
            None => (false, t),
        };
        let v = match m.strip_prefix("0x") {
            Some(h) => i128::from_str_radix(h, 16).ok()?,
            None => m.parse::<i128>().ok()?,
        };
        Some(if neg { -v } else { v })
    };
    let float = |t: &str| -> Option<f64> {
        match t {
            "inf" => Some(f64::INFINITY),
            "-inf" => Some(f64::NEG_INFINITY),
            "nan" => Some(f64::NAN),
            _ => t.parse().ok(),
        }
    };
    let bad = || format!("`{text}` is not a value of the component's type ({got:?})");
    match got {
        Value::U32(v) => {
            let w = int(text)
                .filter(|w| (0..=u32::MAX as i128).contains(w))
                .ok_or_else(bad)?;
            Ok(w == v as i128)
        }
        Value::I32(v) => {
            let w = int(text)
                .filter(|w| (i32::MIN as i128..=i32::MAX as i128).contains(w))
                .ok_or_else(bad)?;
            Ok(w == v as i128)
        }
        Value::F32(_) | Value::F16(_) => {
            let g = match got {
                Value::F32(f) => f64::from(f),
                Value::F16(h) => f64::from(h),
                _ => unreachable!(),
            };
            let w = float(text).ok_or_else(bad)?;
            if w.is_nan() {
                return Ok(g.is_nan());
            }
            if text.starts_with("-0") && w == 0.0 {
                return Ok(g == 0.0 && g.is_sign_negative());
            }
            if tolerance == 0.0 || w.is_infinite() {
                return Ok(g == w);
            }
            Ok((g - w).abs() <= tolerance * w.abs().max(1.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directives() {
        let c = Case::parse(
            "// Checks squares.\n// dispatch: 2\n// buffer 0:0 = u32:1,2\n// expect 0:1 = u32:1, 4*2, any\n// expect 0:1 = 7\n// override k = 3\n// bounds-checks: on\n@compute fn main() {}",
        )
        .unwrap();
        assert_eq!(c.dispatch, Some([2, 1, 1]));
        assert_eq!(c.given.buffers[&(0, 0)], [1, 0, 0, 0, 2, 0, 0, 0]);
        let (kind, list) = &c.expects[&(0, 1)];
        assert_eq!(kind.as_deref(), Some("u32"));
        assert_eq!(list.len(), 5);
        assert_eq!(list[3], Expected::Any);
        assert_eq!(c.overrides["k"], 3.0);
        assert_eq!(c.bounds_checks, [true]);
        assert!(Case::parse("// expcet 0:1 = 1\n")
            .unwrap_err()
            .contains("unknown directive"));
        assert!(Case::parse("// dispatch: 1\n")
            .unwrap_err()
            .contains("expects nothing"));
    }

    #[test]
    fn comparisons() {
        let t = |s: &str| Expected::Text(s.into());
        assert_eq!(matches(&t("-1"), Value::I32(-1), 0.0), Ok(true));
        assert_eq!(
            matches(&t("0xffffffff"), Value::U32(u32::MAX), 0.0),
            Ok(true)
        );
        assert!(matches(&t("-1"), Value::U32(1), 0.0).is_err());
        assert_eq!(matches(&t("0"), Value::F32(-0.0), 0.0), Ok(true));
        assert_eq!(matches(&t("-0"), Value::F32(0.0), 0.0), Ok(false));
        assert_eq!(matches(&t("nan"), Value::F32(f32::NAN), 0.0), Ok(true));
        assert_eq!(matches(&t("1"), Value::F32(1.0 + 1e-7), 1e-6), Ok(true));
        assert_eq!(matches(&t("1"), Value::F32(1.001), 1e-6), Ok(false));
        assert_eq!(matches(&Expected::Any, Value::U32(5), 0.0), Ok(true));
    }
}

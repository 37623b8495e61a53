//! A buffer's bytes as the values of its scalar components
//! ([`tessera::pipeline::HostLayout::scalars`]: memory order, padding
//! skipped), printed as text or JSON.

use tessera::ir::Scalar;
use tessera::pipeline::HostLayout;

/// One scalar read from a buffer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A `u32`.
    U32(u32),
    /// An `i32`.
    I32(i32),
    /// An `f32`.
    F32(f32),
    /// An `f16`.
    F16(half::f16),
}

impl Value {
    /// Reads a `scalar` from the start of `bytes` (which holds at least its
    /// size).
    fn read(scalar: Scalar, bytes: &[u8]) -> Option<Value> {
        let word = |b: &[u8]| Some(u32::from_le_bytes(b.get(..4)?.try_into().ok()?));
        Some(match scalar {
            Scalar::U32 => Value::U32(word(bytes)?),
            Scalar::I32 => Value::I32(word(bytes)? as i32),
            Scalar::F32 => Value::F32(f32::from_bits(word(bytes)?)),
            Scalar::F16 => Value::F16(half::f16::from_le_bytes(bytes.get(..2)?.try_into().ok()?)),
            _ => return None,
        })
    }

    /// As JSON: integers and finite floats as numbers; infinities and NaN,
    /// which JSON cannot spell, as the strings `"inf"`, `"-inf"`, `"nan"`.
    pub fn to_json(self) -> serde_json::Value {
        let float = |f: f64| {
            if f.is_nan() {
                serde_json::Value::from("nan")
            } else if f.is_infinite() {
                serde_json::Value::from(if f > 0.0 { "inf" } else { "-inf" })
            } else {
                serde_json::Value::from(f)
            }
        };
        match self {
            Value::U32(v) => v.into(),
            Value::I32(v) => v.into(),
            Value::F32(v) => float(f64::from(v)),
            Value::F16(v) => float(f64::from(v)),
        }
    }
}

impl std::fmt::Display for Value {
    /// Integers in decimal; floats in the shortest form that reads back
    /// as the same value (`1.5`, `-0`, `inf`, `NaN`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::U32(v) => write!(f, "{v}"),
            Value::I32(v) => write!(f, "{v}"),
            Value::F32(v) => write!(f, "{v}"),
            Value::F16(v) => write!(f, "{v}"),
        }
    }
}

/// Every scalar of a buffer with `layout` holding `bytes`, with its path.
pub fn decode(layout: &HostLayout, bytes: &[u8]) -> Vec<(String, Value)> {
    layout
        .scalars(bytes.len() as u64)
        .into_iter()
        .filter_map(|s| {
            let value = Value::read(s.scalar, bytes.get(s.offset as usize..)?)?;
            Some((s.path, value))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_and_text() {
        assert_eq!(Value::F32(1.5).to_json(), serde_json::json!(1.5));
        assert_eq!(Value::F32(f32::NAN).to_json(), serde_json::json!("nan"));
        assert_eq!(
            Value::F16(half::f16::NEG_INFINITY).to_json(),
            serde_json::json!("-inf")
        );
        assert_eq!(Value::I32(-3).to_json(), serde_json::json!(-3));
        assert_eq!(Value::F32(-0.0).to_string(), "-0");
        assert_eq!(Value::F32(0.1).to_string(), "0.1");
        assert_eq!(Value::F16(half::f16::from_f32(0.5)).to_string(), "0.5");
    }

    #[test]
    fn decodes_in_memory_order() {
        let layout = HostLayout::Array {
            element: std::sync::Arc::new(HostLayout::Vector {
                size: 3,
                scalar: Scalar::I32,
            }),
            stride: 16,
            count: None,
        };
        let mut bytes = Vec::new();
        for v in [1i32, -2, 3, 99, 4, 5, 6, 99] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        let got = decode(&layout, &bytes);
        let values: Vec<Value> = got.iter().map(|(_, v)| *v).collect();
        assert_eq!(
            values,
            [1, -2, 3, 4, 5, 6].map(Value::I32),
            "padding skipped"
        );
        assert_eq!(got[3].0, "[1].x");
    }
}

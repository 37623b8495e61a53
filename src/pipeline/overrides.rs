//! Override values from the pipeline options: matching keys (name, or `@id`
//! as a decimal string) and converting the `f64` values to the override's
//! type per WebGPU's rules.

use std::collections::BTreeMap;

use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{Literal, Module, Override, Scalar, TypeInner};

/// The key WebGPU uses for an override: its `@id` in decimal when it has
/// one, otherwise its name.
pub fn override_key(o: &Override) -> String {
    match o.id {
        Some(id) => id.to_string(),
        None => o.name.clone(),
    }
}

/// Converts `value` to the override's scalar type: bool is `value != 0`;
/// integers must be integral and in range; floats must be finite and
/// representable.
pub fn convert_value(value: f64, scalar: Scalar) -> Result<Literal, String> {
    if value.is_nan() {
        return Err("NaN is not a valid override value".to_string());
    }
    match scalar {
        Scalar::Bool => Ok(Literal::Bool(value != 0.0)),
        Scalar::I32 | Scalar::U32 => {
            if value.fract() != 0.0 || value.is_infinite() {
                return Err(format!(
                    "{value} is not an integer, but the override has type '{}'",
                    scalar.wgsl_name()
                ));
            }
            let (min, max) = if scalar == Scalar::I32 {
                (f64::from(i32::MIN), f64::from(i32::MAX))
            } else {
                (0.0, f64::from(u32::MAX))
            };
            if value < min || value > max {
                return Err(format!(
                    "{value} is out of range for type '{}'",
                    scalar.wgsl_name()
                ));
            }
            Ok(if scalar == Scalar::I32 {
                Literal::I32(value as i32)
            } else {
                Literal::U32(value as u32)
            })
        }
        Scalar::F32 => {
            let v = value as f32;
            if !v.is_finite() {
                return Err(format!("{value} cannot be represented as 'f32'"));
            }
            Ok(Literal::F32(v))
        }
        Scalar::F16 => {
            let v = half::f16::from_f64(value);
            if !v.is_finite() {
                return Err(format!("{value} cannot be represented as 'f16'"));
            }
            Ok(Literal::F16(v))
        }
        other => Err(format!(
            "overrides of type '{}' are not supported",
            other.wgsl_name()
        )),
    }
}

/// The override values given in the options, parallel to `module.overrides`.
pub struct UserValues {
    /// The converted value of each override, where one was given and valid.
    pub values: Vec<Option<Literal>>,
    /// Whether a value was given for the override but rejected (already
    /// reported): the override is then not reported as missing a value too.
    pub rejected: Vec<bool>,
}

/// Matches the option keys to overrides and converts their values.
pub fn user_values(
    module: &Module,
    given: &BTreeMap<String, f64>,
    diags: &mut Vec<Diagnostic>,
) -> UserValues {
    let mut out = vec![None; module.overrides.len()];
    let mut rejected = vec![false; module.overrides.len()];
    let by_key: std::collections::HashMap<String, Handle<Override>> = module
        .overrides
        .iter()
        .map(|(h, o)| (override_key(o), h))
        .collect();
    for (key, &value) in given {
        let Some(&h) = by_key.get(key) else {
            let mut d = Diagnostic::without_location(format!(
                "pipeline constant '{key}' does not match any override in the module"
            ));
            let keys: Vec<String> = module
                .overrides
                .iter()
                .map(|(_, o)| override_key(o))
                .collect();
            let named = module.overrides.iter().find(|(_, o)| &o.name == key);
            if let Some(id) = named.and_then(|(_, o)| o.id) {
                d = d.with_note(format!(
                    "override '{key}' has @id({id}): use the key \"{id}\""
                ));
            }
            d = d.with_note(if keys.is_empty() {
                "the module declares no overrides".to_string()
            } else {
                format!("available keys: {}", keys.join(", "))
            });
            if named.is_none() {
                d = d.with_closest(key, keys.iter().map(String::as_str));
            }
            diags.push(d);
            continue;
        };
        let o = &module.overrides[h];
        let scalar = match module.types.try_get(o.ty).map(|t| &t.inner) {
            Some(TypeInner::Scalar(s)) => *s,
            _ => Scalar::Bool,
        };
        match convert_value(value, scalar) {
            Ok(lit) => out[h.index()] = Some(lit),
            Err(why) => {
                rejected[h.index()] = true;
                diags.push(
                    Diagnostic::error(
                        format!("invalid value for override '{}': {why}", o.name),
                        module.overrides.span(h),
                    )
                    .with_span_label("override declared here"),
                )
            }
        }
    }
    UserValues {
        values: out,
        rejected,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        assert_eq!(convert_value(2.0, Scalar::Bool), Ok(Literal::Bool(true)));
        assert_eq!(convert_value(0.0, Scalar::Bool), Ok(Literal::Bool(false)));
        assert_eq!(convert_value(-5.0, Scalar::I32), Ok(Literal::I32(-5)));
        assert_eq!(
            convert_value(4294967295.0, Scalar::U32),
            Ok(Literal::U32(u32::MAX))
        );
        assert_eq!(
            convert_value(1.5, Scalar::U32),
            Err("1.5 is not an integer, but the override has type 'u32'".to_string())
        );
        assert_eq!(
            convert_value(-1.0, Scalar::U32),
            Err("-1 is out of range for type 'u32'".to_string())
        );
        assert_eq!(
            convert_value(2147483648.0, Scalar::I32),
            Err("2147483648 is out of range for type 'i32'".to_string())
        );
        assert_eq!(convert_value(0.5, Scalar::F32), Ok(Literal::F32(0.5)));
        assert_eq!(
            convert_value(1e40, Scalar::F32),
            Err(
                "10000000000000000000000000000000000000000 cannot be represented as 'f32'"
                    .to_string()
            )
        );
        assert_eq!(
            convert_value(70000.0, Scalar::F16),
            Err("70000 cannot be represented as 'f16'".to_string())
        );
        assert_eq!(
            convert_value(f64::INFINITY, Scalar::F32),
            Err("inf cannot be represented as 'f32'".to_string())
        );
        assert_eq!(
            convert_value(f64::NAN, Scalar::F32),
            Err("NaN is not a valid override value".to_string())
        );
    }
}

//! The cooperative-vector members of a device profile
//! (`cooperativeVectorConfigs`, `cooperativeVectorTraining`,
//! `cooperativeVectorOptimalLayouts`; docs/cooperative-vectors.md).

use super::json::{Kind, Value};
use super::{at, ProfileError};

/// `cooperativeVectorConfigs`: `INPUT:RESULT` strings, duplicates dropped.
pub(super) fn cooperative_vector_configs(
    value: &Value,
) -> Result<Vec<crate::configs::CooperativeVectorConfig>, ProfileError> {
    let Kind::Array(items) = &value.kind else {
        return Err(at(
            value.pos,
            format!(
                "`cooperativeVectorConfigs` must be an array of `INPUT:RESULT` strings, found {}",
                value.describe()
            ),
        ));
    };
    let mut out = Vec::new();
    for item in items {
        let Kind::String(text) = &item.kind else {
            return Err(at(
                item.pos,
                format!(
                    "a cooperative-vector configuration must be an `INPUT:RESULT` string, found {}",
                    item.describe()
                ),
            ));
        };
        let config: crate::configs::CooperativeVectorConfig = text
            .parse()
            .map_err(|e: crate::configs::ConfigParseError| at(item.pos, e.0))?;
        if !out.contains(&config) {
            out.push(config);
        }
    }
    Ok(out)
}

/// `cooperativeVectorTraining`: `f16` / `f32` strings, duplicates dropped.
pub(super) fn component_types(
    value: &Value,
) -> Result<Vec<crate::configs::ComponentType>, ProfileError> {
    use crate::configs::ComponentType;
    let bad = |pos, found: &str| {
        at(
            pos,
            format!("`cooperativeVectorTraining` must be an array of \"f16\" and \"f32\", found {found}"),
        )
    };
    let Kind::Array(items) = &value.kind else {
        return Err(bad(value.pos, value.describe()));
    };
    let mut out = Vec::new();
    for item in items {
        let t = match &item.kind {
            Kind::String(s) if s == "f16" => ComponentType::F16,
            Kind::String(s) if s == "f32" => ComponentType::F32,
            _ => return Err(bad(item.pos, item.describe())),
        };
        if !out.contains(&t) {
            out.push(t);
        }
    }
    Ok(out)
}

/// `cooperativeVectorOptimalLayouts`: `LAYOUT:TYPE:ROWSxCOLUMNS[xFACTOR]`
/// strings, one per layout and type.
pub(super) fn layout_bounds(
    value: &Value,
) -> Result<Vec<crate::configs::OptimalLayoutBound>, ProfileError> {
    let Kind::Array(items) = &value.kind else {
        return Err(at(
            value.pos,
            format!(
                "`cooperativeVectorOptimalLayouts` must be an array of `LAYOUT:TYPE:ROWSxCOLUMNS` strings, found {}",
                value.describe()
            ),
        ));
    };
    let mut out: Vec<crate::configs::OptimalLayoutBound> = Vec::new();
    for item in items {
        let Kind::String(text) = &item.kind else {
            return Err(at(
                item.pos,
                format!(
                    "an optimal-layout bound must be a `LAYOUT:TYPE:ROWSxCOLUMNS` string, found {}",
                    item.describe()
                ),
            ));
        };
        let b: crate::configs::OptimalLayoutBound = text
            .parse()
            .map_err(|e: crate::configs::ConfigParseError| at(item.pos, e.0))?;
        if out
            .iter()
            .any(|o| o.layout == b.layout && o.component == b.component)
        {
            return Err(at(
                item.pos,
                format!("a second optimal-layout bound for '{b}''s layout and type"),
            ));
        }
        out.push(b);
    }
    Ok(out)
}

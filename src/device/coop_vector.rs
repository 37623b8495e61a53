//! The cooperative-vector members of a device profile
//! (`cooperativeVectorConfigs`, `cooperativeVectorTraining`,
//! `cooperativeVectorOptimalLayouts`; docs/cooperative-vectors.md).

use super::json::{Kind, Value};
use super::{at, distinct_parsed_strings, each_parsed_string, ProfileError};

/// `cooperativeVectorConfigs`: `INPUT:RESULT` strings, duplicates dropped.
pub(super) fn cooperative_vector_configs(
    value: &Value,
) -> Result<Vec<crate::configs::CooperativeVectorConfig>, ProfileError> {
    let spelling = (
        "cooperativeVectorConfigs",
        "a cooperative-vector configuration",
        "INPUT:RESULT",
    );
    distinct_parsed_strings(value, spelling)
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
    let spelling = (
        "cooperativeVectorOptimalLayouts",
        "an optimal-layout bound",
        "LAYOUT:TYPE:ROWSxCOLUMNS",
    );
    let mut out: Vec<crate::configs::OptimalLayoutBound> = Vec::new();
    each_parsed_string(
        value,
        spelling,
        |b: crate::configs::OptimalLayoutBound, pos| {
            if out
                .iter()
                .any(|o| o.layout == b.layout && o.component == b.component)
            {
                return Err(at(
                    pos,
                    format!("a second optimal-layout bound for '{b}''s layout and type"),
                ));
            }
            out.push(b);
            Ok(())
        },
    )?;
    Ok(out)
}

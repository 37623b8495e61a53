//! The peer in the same run: naga 30 compiles the same input (WGSL front
//! end, validation with every capability, SPIR-V back end with its default
//! options) and its SPIR-V is validated like tessera's.

use std::collections::BTreeMap;

/// naga's result for one input: `Ok` or the first line of its error.
pub(crate) fn check(source: &str) -> Result<(), String> {
    let module = naga::front::wgsl::parse_str(source)
        .map_err(|e| format!("naga parse: {}", first_line(&e.to_string())))?;
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .map_err(|e| format!("naga validate: {}", first_line(&e.to_string())))?;
    // Overrides without a default get zero, as Tint's tests give values.
    let mut constants: BTreeMap<String, f64> = BTreeMap::new();
    for (_, o) in module.overrides.iter() {
        if o.init.is_none() {
            let key = match o.id {
                Some(id) => id.to_string(),
                None => o.name.clone().unwrap_or_default(),
            };
            constants.insert(key, 0.0);
        }
    }
    let constants = constants.into_iter().collect();
    let (module, info) =
        naga::back::pipeline_constants::process_overrides(&module, &info, None, &constants)
            .map_err(|e| format!("naga overrides: {}", first_line(&e.to_string())))?;
    let words =
        naga::back::spv::write_vec(&module, &info, &naga::back::spv::Options::default(), None)
            .map_err(|e| format!("naga spv: {}", first_line(&e.to_string())))?;
    super::validate(&words, false)
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("").to_string()
}

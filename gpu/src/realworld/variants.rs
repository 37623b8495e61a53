//! The older template format of llama.cpp's WebGPU kernels (`*.tmpl.wgsl`,
//! expanded at build time by its `embed_wgsl.py`), written here from the
//! files' structure:
//!
//! - `#define(VARIANTS)` ... `#end(VARIANTS)`: a JSON list of variants,
//!   each with a `SHADER_NAME`, the names of the `DECLS` blocks it takes
//!   and optional `REPLS` (text replacements);
//! - `#define(DECLS)` ... `#end(DECLS)`: named blocks, each between
//!   `#decl(NAME)` and `#enddecl(NAME)`;
//! - `#define(SHADER)` ... `#end(SHADER)`: the shader, in which the line
//!   `DECLS` becomes the variant's blocks in the order it lists them and
//!   each `{{KEY}}` becomes its replacement.

use std::collections::HashMap;

/// The WGSL of variant `name` of the template `text`.
pub fn expand(text: &str, name: &str) -> Result<String, String> {
    let section = |tag: &str| -> Result<&str, String> {
        let open = format!("#define({tag})");
        let close = format!("#end({tag})");
        let start = text
            .find(&open)
            .ok_or_else(|| format!("no {open} section"))?
            + open.len();
        let end = text[start..]
            .find(&close)
            .ok_or_else(|| format!("{open} is not closed by {close}"))?;
        Ok(&text[start..start + end])
    };
    // The list is JSON with trailing commas, which serde_json refuses.
    let list = section("VARIANTS")?.replace(",\n    }", "\n    }");
    let variants: serde_json::Value =
        serde_json::from_str(&list).map_err(|e| format!("VARIANTS: {e}"))?;
    let variant = variants
        .as_array()
        .and_then(|v| v.iter().find(|v| v["SHADER_NAME"] == name))
        .ok_or_else(|| format!("no variant named '{name}'"))?;

    let mut decls: HashMap<&str, &str> = HashMap::new();
    let mut rest = section("DECLS")?;
    while let Some(at) = rest.find("#decl(") {
        let after = &rest[at + "#decl(".len()..];
        let close = after.find(')').ok_or("unclosed #decl(")?;
        let decl = &after[..close];
        let end_tag = format!("#enddecl({decl})");
        let body_end = after
            .find(&end_tag)
            .ok_or_else(|| format!("#decl({decl}) has no {end_tag}"))?;
        decls.insert(decl, after[close + 1..body_end].trim_matches('\n'));
        rest = &after[body_end + end_tag.len()..];
    }
    let mut chosen = String::new();
    for d in variant["DECLS"].as_array().into_iter().flatten() {
        let d = d.as_str().ok_or("DECLS lists a non-string")?;
        let body = decls.get(d).ok_or_else(|| format!("no #decl({d})"))?;
        chosen.push_str(body);
        chosen.push_str("\n\n");
    }
    let mut shader = String::new();
    for line in section("SHADER")?.lines() {
        if line.trim() == "DECLS" {
            shader.push_str(&chosen);
        } else {
            shader.push_str(line);
            shader.push('\n');
        }
    }
    if let Some(repls) = variant["REPLS"].as_object() {
        for (key, value) in repls {
            let value = value.as_str().ok_or("REPLS values are strings")?;
            shader = shader.replace(&format!("{{{{{key}}}}}"), value);
        }
    }
    if let Some(at) = shader.find("{{") {
        let end = shader[at..].find("}}").map_or(shader.len(), |e| at + e + 2);
        return Err(format!("'{}' has no replacement", &shader[at..end]));
    }
    Ok(shader.trim_start_matches('\n').to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = "#define(VARIANTS)
[
  {
    \"SHADER_NAME\": \"a\",
    \"DECLS\": [\"TWO\", \"ONE\"]
  },
  {
    \"SHADER_NAME\": \"b\",
    \"REPLS\": {
      \"T\" : \"f16\",
    },
    \"DECLS\": [\"ONE\"]
  }
]
#end(VARIANTS)

#define(DECLS)
#decl(ONE)
fn one() -> {{T}} { return 1; }
#enddecl(ONE)
#decl(TWO)
fn two() {}
#enddecl(TWO)
#end(DECLS)

#define(SHADER)
enable f16;
DECLS
fn main() {}
#end(SHADER)
";

    #[test]
    fn variants_pick_blocks_in_order_and_replace() {
        assert_eq!(
            expand(TEMPLATE, "b").unwrap(),
            "enable f16;\nfn one() -> f16 { return 1; }\n\nfn main() {}\n"
        );
        // Variant `a` leaves {{T}} without a replacement.
        assert_eq!(
            expand(TEMPLATE, "a").unwrap_err(),
            "'{{T}}' has no replacement"
        );
        assert_eq!(expand(TEMPLATE, "c").unwrap_err(), "no variant named 'c'");
        let two_first = TEMPLATE.replace("{{T}}", "u32");
        let a = expand(&two_first, "a").unwrap();
        assert!(a.find("fn two").unwrap() < a.find("fn one").unwrap(), "{a}");
    }
}

//! The Metal attributes the shim check accepts (`tests/metal-shim/
//! attributes.txt`) and a lint of kernel parameters: each attribute is
//! known, attached to a parameter of a type Metal allows for it, and no
//! `[[buffer(n)]]`, `[[texture(n)]]` or `[[sampler(n)]]` index repeats
//! within a kernel.

use std::collections::BTreeMap;
use std::path::Path;

/// What an attribute allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Allowed {
    /// Not a parameter attribute (e.g. on the function).
    NotParameter,
    /// A pointer or reference in device or constant memory.
    Buffer,
    /// A pointer or reference in threadgroup memory.
    Threadgroup,
    /// A texture type (`texture2d<float, access::read>`, `depth2d<float>`).
    Texture,
    /// `sampler`.
    Sampler,
    /// One of these scalar/vector types.
    Types(Vec<String>),
}

/// The attribute table.
pub struct Table {
    entries: BTreeMap<String, Allowed>,
}

impl Table {
    /// Reads `attributes.txt`.
    pub fn load(path: &Path) -> Result<Table, String> {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        Table::parse(&text)
    }

    /// Parses the table's text: `name allowed...` per line, `#` comments.
    pub fn parse(text: &str) -> Result<Table, String> {
        let mut entries = BTreeMap::new();
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut words = line.split_whitespace();
            let name = words.next().unwrap_or_default().to_string();
            let rest: Vec<String> = words.map(str::to_string).collect();
            let allowed = match rest.as_slice() {
                [one] if one == "-" => Allowed::NotParameter,
                [one] if one == "buffer" => Allowed::Buffer,
                [one] if one == "threadgroup" => Allowed::Threadgroup,
                [one] if one == "texture" => Allowed::Texture,
                [one] if one == "sampler" => Allowed::Sampler,
                [] => return Err(format!("`{name}` lists no allowed types")),
                types => Allowed::Types(types.to_vec()),
            };
            entries.insert(name, allowed);
        }
        Ok(Table { entries })
    }

    /// Whether clang's spelling of an attribute name is a known attribute
    /// (`[[threadgroup(n)]]` reaches clang as `__local` through the shim's
    /// address-space macro).
    pub fn knows(&self, clang_name: &str) -> bool {
        let name = if clang_name == "__local" {
            "threadgroup"
        } else {
            clang_name
        };
        self.entries.contains_key(name)
    }

    /// Lints the parameters of every `kernel` function in `source`.
    pub fn lint_kernels(&self, source: &str) -> Vec<String> {
        let mut problems = Vec::new();
        let mut search = 0;
        while let Some(found) = source[search..].find("kernel ") {
            let start = search + found;
            search = start + 7;
            let boundary = start == 0 || {
                let c = source.as_bytes()[start - 1];
                !(c.is_ascii_alphanumeric() || c == b'_')
            };
            if !boundary {
                continue;
            }
            let Some(open) = source[start..].find('(').map(|i| start + i) else {
                break;
            };
            let Some(close) = matching_paren(source, open) else {
                problems.push("a kernel's parameter list is not closed".to_string());
                break;
            };
            let header = source[start..open].trim();
            let kernel = header.split_whitespace().last().unwrap_or("?").to_string();
            problems.extend(self.lint_parameters(&kernel, &source[open + 1..close]));
            search = close;
        }
        problems
    }

    fn lint_parameters(&self, kernel: &str, params: &str) -> Vec<String> {
        let mut problems = Vec::new();
        // (attribute, index) -> parameter, for the indexed resource
        // attributes.
        let mut indices: BTreeMap<(String, String), String> = BTreeMap::new();
        for param in split_top_level(params) {
            let param = param.trim();
            let Some(attr_at) = param.find("[[") else {
                continue;
            };
            let declarator = param[..attr_at].trim();
            let (ty, pname) = declared_type(declarator);
            let attrs = param[attr_at..].trim();
            for attr in attrs
                .split("]]")
                .filter_map(|a| a.trim().strip_prefix("[["))
            {
                let attr = attr.trim();
                let name = attr.split('(').next().unwrap_or("").trim();
                let Some(allowed) = self.entries.get(name) else {
                    problems.push(format!("kernel `{kernel}`: parameter `{pname}` has an unknown attribute `[[{attr}]]`"));
                    continue;
                };
                let ok = match allowed {
                    Allowed::NotParameter => false,
                    Allowed::Buffer => {
                        (ty.contains("device") || ty.contains("constant"))
                            && (ty.ends_with('*') || ty.ends_with('&'))
                    }
                    Allowed::Threadgroup => {
                        ty.contains("threadgroup") && (ty.ends_with('*') || ty.ends_with('&'))
                    }
                    // A texture, or an array of textures (MSL: "Arrays of
                    // Textures and Samplers", one index per element).
                    Allowed::Texture => is_texture(&ty) || texture_array(&ty).is_some(),
                    Allowed::Sampler => ty == "sampler" || ty == "metal::sampler",
                    Allowed::Types(types) => {
                        let plain = ty.strip_prefix("const ").unwrap_or(&ty);
                        let plain = plain.strip_prefix("metal::").unwrap_or(plain);
                        types.iter().any(|t| t == plain)
                    }
                };
                if !ok {
                    let expected = match allowed {
                        Allowed::NotParameter => "no parameter".to_string(),
                        Allowed::Buffer => "a device or constant pointer or reference".to_string(),
                        Allowed::Threadgroup => "a threadgroup pointer or reference".to_string(),
                        Allowed::Texture => "a texture type".to_string(),
                        Allowed::Sampler => "sampler".to_string(),
                        Allowed::Types(t) => t.join(", "),
                    };
                    problems.push(format!(
                        "kernel `{kernel}`: parameter `{pname}` of type `{ty}` cannot have `[[{attr}]]` (allowed: {expected})"
                    ));
                }
                if matches!(name, "buffer" | "texture" | "sampler") {
                    let index: String = attr.chars().filter(|c| c.is_ascii_digit()).collect();
                    let first: u64 = index.parse().unwrap_or(0);
                    let count = texture_array(&ty).unwrap_or(1);
                    for slot in first..first + count {
                        let index = slot.to_string();
                        if let Some(other) =
                            indices.insert((name.to_string(), index.clone()), pname.clone())
                        {
                            problems.push(format!(
                                "kernel `{kernel}`: `[[{name}({index})]]` is used by both `{other}` and `{pname}`"
                            ));
                        }
                    }
                }
            }
        }
        problems
    }
}

/// Whether `ty` is a texture type.
fn is_texture(ty: &str) -> bool {
    let plain = ty.strip_prefix("metal::").unwrap_or(ty);
    TEXTURE_TYPES.iter().any(|t| {
        plain
            .strip_prefix(t)
            .is_some_and(|rest| rest.starts_with('<') && rest.ends_with('>'))
    })
}

/// The element count of `array<TEXTURE, N>`.
fn texture_array(ty: &str) -> Option<u64> {
    let plain = ty.strip_prefix("metal::").unwrap_or(ty);
    let inner = plain.strip_prefix("array<")?.strip_suffix('>')?;
    let (elem, count) = inner.rsplit_once(',')?;
    is_texture(elem.trim())
        .then(|| count.trim().parse().ok())
        .flatten()
}

/// The texture types of MSL 2.9 (`[[texture(n)]]` parameters).
const TEXTURE_TYPES: &[&str] = &[
    "texture1d",
    "texture1d_array",
    "texture2d",
    "texture2d_array",
    "texture3d",
    "texturecube",
    "texturecube_array",
    "texture2d_ms",
    "texture2d_ms_array",
    "texture_buffer",
    "depth2d",
    "depth2d_array",
    "depthcube",
    "depthcube_array",
    "depth2d_ms",
    "depth2d_ms_array",
];

/// The index of the `)` matching the `(` at `open`.
fn matching_paren(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits a parameter list at commas outside (), <> and [].
fn split_top_level(params: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut last = 0;
    for (i, c) in params.char_indices() {
        match c {
            '(' | '<' | '[' => depth += 1,
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&params[last..i]);
                last = i + 1;
            }
            _ => {}
        }
    }
    out.push(&params[last..]);
    out
}

/// `(TYPE, NAME)` of `TYPE NAME`: the last identifier is the name; the type
/// has its whitespace normalised (`device float*`).
fn declared_type(declarator: &str) -> (String, String) {
    let trimmed = declarator.trim_end();
    let name_start = trimmed
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map(|i| i + 1)
        .unwrap_or(0);
    let ty = trimmed[..name_start].trim();
    let mut out = String::new();
    for word in ty.split_whitespace() {
        if !out.is_empty() && !word.starts_with(['*', '&']) {
            out.push(' ');
        }
        out.push_str(word);
    }
    (out, trimmed[name_start..].to_string())
}

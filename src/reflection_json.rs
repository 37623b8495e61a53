//! The pipeline's [`Reflection`] as JSON (`tessera --reflect FILE.json`),
//! with the MSL argument tables when the output is MSL (so it lives above
//! both the pipeline step and the printers), written by hand:
//! keys in a fixed order, two-space indentation, one value per line, so
//! the output is deterministic and diffs well. The shape (version 1):
//!
//! ```text
//! {
//!   "tessera_reflection": 1,
//!   "entry_points": [{
//!     "name": WGSL name,
//!     "stage": "compute" | "vertex" | "fragment",
//!     "workgroup_size": [x, y, z]      ([1, 1, 1] for render stages; 0 where specialised),
//!     "workgroup_size_spec": [SPEC | null, ...] per dimension,
//!     "subgroup_size": n | null        (@subgroup_size after overrides),
//!     "subgroup_size_spec": SPEC | null,
//!     "spec_ids": [n, ...]             (specialization constants it may read),
//!     "matrix_scratch_bytes": n,
//!     "bindings": [{ "group", "binding", "name", "kind", "type", "access",
//!                    "min_binding_size", "subgroup_matrix_min_size",
//!                    "uniform_standard_layout", and "count" for a
//!                    binding array }],
//!     "external_textures": [{ "name", "plane0", "plane1", "params", "defaulted" }],
//!     "framebuffer_fetch": [{ "name", "color", "group", "binding",
//!                             "input_attachment_index", "type" }]
//!                                      (only with @color inputs, not with MSL output:
//!                                       the input attachments SPIR-V reads them from),
//!     "resource_table": { "metadata": { "group", "binding" }, "table": { "group", "binding" },
//!                         "capacity": n | null, "types": [WGSL type, ...] }
//!                                      (only when hasResource/getResource are used, not
//!                                       with MSL output; see pipeline::resource_table),
//!     "matrix_types": [{ "kind" (subgroup_matrix_left/right/result), "component", "rows", "columns" }],
//!     "multiplies": [{ "m", "n", "k", "component", "result" }],
//!     "msl": { "name": MSL function name, "resources": [{ "group", "binding", "kind", "index" }] }
//!                                      (MSL output only)
//!   }],
//!   "overrides": [{ "name", "id", "type", "used", "value", "spec_id" }],
//!   "spec_constants": [{ "name", "id", "spec_id", "type", "default", "has_default" }]
//! }
//! ```
//!
//! `SPEC` is `{"spec_id": n}` (the value of one specialization constant)
//! or `{"spec_expression": true}` (an expression of several, which the
//! application computes). A binding's `kind` is `uniform-buffer`,
//! `storage-buffer`, `sampled-texture`, `depth-texture`,
//! `storage-texture`, `external-texture`, `input-attachment` (with an
//! extra key `input_attachment_index`), `sampler` or
//! `comparison-sampler`; `access` is `read`, `write`, `read_write` or
//! `null` (textures other than storage textures, samplers);
//! `min_binding_size`, `subgroup_matrix_min_size` and
//! `uniform_standard_layout` are `null` except for buffers;
//! `uniform_standard_layout` is `true` for a uniform buffer whose layout
//! needs `uniform_buffer_standard_layout` (on Vulkan, the device feature
//! `uniformBufferStandardLayout`). An MSL resource's `kind` is `buffer`, `immediate`,
//! `sizes_buffer` (all three `[[buffer(n)]]`), `texture` or `sampler`;
//! `group` and `binding` are `null` for the immediate data and the sizes
//! buffer.

use crate::back::msl::{ResourceIndex, ResourceKind};
use crate::ir::{Literal, ResourceBinding, ShaderStage};

use crate::pipeline::{
    BindingReflection, EntryPointReflection, HandleKind, Reflection, ResourceReflection, SpecValue,
};

/// A JSON value.
enum J {
    Null,
    Bool(bool),
    /// A number, already spelled.
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(&'static str, J)>),
}

fn num(n: impl std::fmt::Display) -> J {
    J::Num(n.to_string())
}

fn string(s: &str) -> J {
    J::Str(s.to_string())
}

fn opt<T>(v: Option<T>, f: impl FnOnce(T) -> J) -> J {
    v.map_or(J::Null, f)
}

fn float(f: f64) -> J {
    if f.is_finite() {
        // `{:?}` keeps a fractional part or an exponent: valid JSON.
        J::Num(format!("{f:?}"))
    } else {
        J::Null
    }
}

fn literal(l: Literal) -> J {
    match l {
        Literal::Bool(b) => J::Bool(b),
        Literal::I32(v) => num(v),
        Literal::U32(v) => num(v),
        Literal::AbstractInt(v) => num(v),
        Literal::F32(v) => float(f64::from(v)),
        Literal::F16(v) => float(f64::from(v.to_f32())),
        Literal::AbstractFloat(v) => float(v),
    }
}

fn spec(s: SpecValue) -> J {
    match s {
        SpecValue::SpecId(id) => J::Obj(vec![("spec_id", num(id))]),
        SpecValue::Expression => J::Obj(vec![("spec_expression", J::Bool(true))]),
    }
}

fn point(b: ResourceBinding) -> J {
    J::Obj(vec![("group", num(b.group)), ("binding", num(b.binding))])
}

fn stage(s: ShaderStage) -> J {
    string(match s {
        ShaderStage::Vertex => "vertex",
        ShaderStage::Fragment => "fragment",
        ShaderStage::Compute => "compute",
    })
}

fn buffer(b: &BindingReflection) -> J {
    let kind = match b.space {
        crate::ir::AddressSpace::Uniform => "uniform-buffer",
        _ => "storage-buffer",
    };
    J::Obj(vec![
        ("group", num(b.group)),
        ("binding", num(b.binding)),
        ("name", string(&b.name)),
        ("kind", string(kind)),
        ("type", string(&b.type_name)),
        ("access", string(b.access.wgsl_name())),
        ("min_binding_size", num(b.min_binding_size)),
        (
            "subgroup_matrix_min_size",
            opt(b.subgroup_matrix_min_size, num),
        ),
        (
            "uniform_standard_layout",
            J::Bool(b.uniform_standard_layout),
        ),
    ])
}

fn handle(r: &ResourceReflection) -> J {
    let kind = match r.kind {
        HandleKind::SampledTexture => "sampled-texture",
        HandleKind::DepthTexture => "depth-texture",
        HandleKind::StorageTexture => "storage-texture",
        HandleKind::ExternalTexture => "external-texture",
        HandleKind::InputAttachment => "input-attachment",
        HandleKind::Sampler => "sampler",
        HandleKind::ComparisonSampler => "comparison-sampler",
    };
    let mut fields = vec![
        ("group", num(r.group)),
        ("binding", num(r.binding)),
        ("name", string(&r.name)),
        ("kind", string(kind)),
        ("type", string(&r.type_name)),
        ("access", opt(r.access, |a| string(a.wgsl_name()))),
        ("min_binding_size", J::Null),
        ("subgroup_matrix_min_size", J::Null),
        ("uniform_standard_layout", J::Null),
    ];
    // A binding array's descriptor count (absent for single resources).
    if r.count != 1 {
        fields.push(("count", num(r.count)));
    }
    if let Some(i) = r.input_attachment_index {
        fields.push(("input_attachment_index", num(i)));
    }
    J::Obj(fields)
}

fn msl_resource(r: &ResourceIndex) -> J {
    let kind = match r.kind {
        ResourceKind::Buffer => "buffer",
        ResourceKind::Immediate => "immediate",
        ResourceKind::SizesBuffer => "sizes_buffer",
        ResourceKind::Texture => "texture",
        ResourceKind::Sampler => "sampler",
    };
    J::Obj(vec![
        ("group", opt(r.binding, |b| num(b.group))),
        ("binding", opt(r.binding, |b| num(b.binding))),
        ("kind", string(kind)),
        ("index", num(r.index)),
    ])
}

/// The MSL side of a translation: kernel names and argument-table indices.
type Msl<'a> = (&'a [(String, String)], &'a [ResourceIndex]);

fn entry_point(e: &EntryPointReflection, msl: Option<Msl<'_>>) -> J {
    // Buffers and handles in one list, by group and binding (the buffer
    // first should both share a point, which validation rejects anyway).
    let mut bindings: Vec<((u32, u32, u8), J)> = e
        .bindings
        .iter()
        .map(|b| ((b.group, b.binding, 0), buffer(b)))
        .chain(
            e.resources
                .iter()
                .map(|r| ((r.group, r.binding, 1), handle(r))),
        )
        .collect();
    bindings.sort_by_key(|(k, _)| *k);
    let mut fields = vec![
        ("name", string(&e.name)),
        ("stage", stage(e.stage)),
        (
            "workgroup_size",
            J::Arr(e.workgroup_size.iter().map(|&d| num(d)).collect()),
        ),
        (
            "workgroup_size_spec",
            J::Arr(
                e.workgroup_size_spec
                    .iter()
                    .map(|s| opt(*s, spec))
                    .collect(),
            ),
        ),
        ("subgroup_size", opt(e.subgroup_size, num)),
        ("subgroup_size_spec", opt(e.subgroup_size_spec, spec)),
        (
            "spec_ids",
            J::Arr(e.spec_ids.iter().map(|&i| num(i)).collect()),
        ),
        ("matrix_scratch_bytes", num(e.matrix_scratch_bytes)),
        (
            "bindings",
            J::Arr(bindings.into_iter().map(|(_, j)| j).collect()),
        ),
        (
            "external_textures",
            J::Arr(
                e.external_textures
                    .iter()
                    .map(|x| {
                        J::Obj(vec![
                            ("name", string(&x.name)),
                            ("plane0", point(x.plane0)),
                            ("plane1", point(x.bindings.plane1)),
                            ("params", point(x.bindings.params)),
                            ("defaulted", J::Bool(x.defaulted)),
                        ])
                    })
                    .collect(),
            ),
        ),
        (
            "matrix_types",
            J::Arr(
                e.matrix_types
                    .iter()
                    .map(|m| {
                        J::Obj(vec![
                            ("kind", string(m.kind.wgsl_name())),
                            ("component", string(m.component.name())),
                            ("rows", num(m.rows)),
                            ("columns", num(m.columns)),
                        ])
                    })
                    .collect(),
            ),
        ),
        (
            "multiplies",
            J::Arr(
                e.multiplies
                    .iter()
                    .map(|m| {
                        J::Obj(vec![
                            ("m", num(m.m)),
                            ("n", num(m.n)),
                            ("k", num(m.k)),
                            ("component", string(m.component.name())),
                            ("result", string(m.result.name())),
                        ])
                    })
                    .collect(),
            ),
        ),
    ];
    // Framebuffer fetch (SPIR-V only: MSL reads `[[color(N)]]`); left out
    // when empty, so other modules' reflection keeps its shape.
    if msl.is_none() && !e.framebuffer_fetch.is_empty() {
        let items = e
            .framebuffer_fetch
            .iter()
            .map(|x| {
                J::Obj(vec![
                    ("name", string(&x.name)),
                    ("color", num(x.color)),
                    ("group", num(x.group)),
                    ("binding", num(x.binding)),
                    ("input_attachment_index", num(x.color)),
                    ("type", string(x.scalar.wgsl_name())),
                ])
            })
            .collect();
        fields.push(("framebuffer_fetch", J::Arr(items)));
    }
    // The resource table (SPIR-V only: the MSL backend rejects it).
    if let (None, Some(t)) = (msl, &e.resource_table) {
        let point = |b: &crate::ir::ResourceBinding| {
            J::Obj(vec![("group", num(b.group)), ("binding", num(b.binding))])
        };
        fields.push((
            "resource_table",
            J::Obj(vec![
                ("metadata", point(&t.metadata)),
                ("table", point(&t.table)),
                ("capacity", t.capacity.map_or(J::Null, num)),
                ("types", J::Arr(t.types.iter().map(|s| string(s)).collect())),
            ]),
        ));
    }
    if let Some((names, resources)) = msl {
        let name = names
            .iter()
            .find(|(wgsl, _)| *wgsl == e.name)
            .map_or(J::Null, |(_, m)| string(m));
        let resources = resources
            .iter()
            .filter(|r| r.entry_point == e.name)
            .map(msl_resource)
            .collect();
        fields.push((
            "msl",
            J::Obj(vec![("name", name), ("resources", J::Arr(resources))]),
        ));
    }
    J::Obj(fields)
}

fn reflection(r: &Reflection, msl: Option<Msl<'_>>) -> J {
    J::Obj(vec![
        ("tessera_reflection", num(1)),
        (
            "entry_points",
            J::Arr(r.entry_points.iter().map(|e| entry_point(e, msl)).collect()),
        ),
        (
            "overrides",
            J::Arr(
                r.overrides
                    .iter()
                    .map(|o| {
                        J::Obj(vec![
                            ("name", string(&o.name)),
                            ("id", opt(o.id, num)),
                            ("type", string(o.scalar.wgsl_name())),
                            ("used", J::Bool(o.used)),
                            ("value", opt(o.value, literal)),
                            ("spec_id", opt(o.spec_id, num)),
                        ])
                    })
                    .collect(),
            ),
        ),
        (
            "spec_constants",
            J::Arr(
                r.spec_constants
                    .iter()
                    .map(|c| {
                        J::Obj(vec![
                            ("name", string(&c.name)),
                            ("id", opt(c.id, num)),
                            ("spec_id", num(c.spec_id)),
                            ("type", string(c.scalar.wgsl_name())),
                            ("default", literal(c.default)),
                            ("has_default", J::Bool(c.has_default)),
                        ])
                    })
                    .collect(),
            ),
        ),
    ])
}

fn indent(depth: usize, out: &mut String) {
    out.push('\n');
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn write(j: &J, depth: usize, out: &mut String) {
    match j {
        J::Null => out.push_str("null"),
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        J::Num(n) => out.push_str(n),
        J::Str(s) => crate::device::json::write_string(s, out),
        J::Arr(items) if items.iter().all(|i| !matches!(i, J::Arr(_) | J::Obj(_))) => {
            // Scalars on one line: `[64, 1, 1]`, `[]`.
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(item, depth, out);
            }
            out.push(']');
        }
        J::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(depth + 1, out);
                write(item, depth + 1, out);
            }
            indent(depth, out);
            out.push(']');
        }
        J::Obj(fields) if fields.is_empty() => out.push_str("{}"),
        J::Obj(fields) => {
            out.push('{');
            for (i, (key, value)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(depth + 1, out);
                crate::device::json::write_string(key, out);
                out.push_str(": ");
                write(value, depth + 1, out);
            }
            indent(depth, out);
            out.push('}');
        }
    }
}

fn render(j: &J) -> String {
    let mut out = String::new();
    write(j, 0, &mut out);
    out.push('\n');
    out
}

impl Reflection {
    /// The reflection as JSON (see the shape in `src/reflection_json.rs`'s
    /// module documentation): deterministic, keys in a fixed order, ending
    /// in a newline. For MSL output use [`Reflection::to_json_msl`], which
    /// adds each entry point's MSL name and argument-table indices.
    pub fn to_json(&self) -> String {
        render(&reflection(self, None))
    }

    /// [`Reflection::to_json`] with an `"msl"` object per entry point: its
    /// MSL function name and the `[[buffer]]`/`[[texture]]`/`[[sampler]]`
    /// index of each resource (from [`crate::MslOutput::entry_points`] and
    /// [`crate::MslOutput::resources`]).
    pub fn to_json_msl(
        &self,
        entry_points: &[(String, String)],
        resources: &[ResourceIndex],
    ) -> String {
        render(&reflection(self, Some((entry_points, resources))))
    }
}

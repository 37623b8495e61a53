//! The resource table of `enable chromium_experimental_resource_table;`
//! as Chrome binds it (Dawn's Vulkan backend and Tint's SPIR-V writer): the
//! binary interface between a shader and the embedder.
//!
//! The embedder binds two things:
//!
//! - a read-only **metadata** storage buffer,
//!   `struct { array_length: u32, bindings: array<u32> }`: the number `L`
//!   of slots the application filled, then one [`ResourceType`] id per
//!   slot (`bindings[i]` says what slot `i` holds);
//! - the **table**: one binding of `L + 35` descriptors (Vulkan
//!   `COMBINED_IMAGE_SAMPLER`s in Dawn, so that textures and samplers share
//!   it): the application's `L` slots, then one default resource of each
//!   type of [`DEFAULT_ORDER`], in that order (slot `L + k` holds a
//!   resource of type `DEFAULT_ORDER[k]`).
//!
//! The shader declares one variable per texture or sampler type it reads
//! from the table (`binding_array<T>`, all at the table's binding point).
//! `hasResource<T>(i)` is `i < L` and `bindings[i]` one of the ids `T`
//! accepts ([`accepted`]); `getResource<T>(i)` reads slot `i` when
//! `hasResource<T>(i)`, else the default slot of `T`'s type
//! ([`default_kind`]). A texture sampled with a filtering sampler must be
//! filterable: where the table says it is not, the sampling builtin
//! returns zero (`passes::resource_table`).
//!
//! The binding points default to Tint's command-line driver's (metadata at
//! group 42 binding 52, the table at group 43 binding 51); Dawn puts both
//! in group 0 (bindings 0 and 1) and moves the application's bind groups
//! up by one. A table of fixed capacity
//! ([`ResourceTableOptions::capacity`]) serves devices without
//! `runtimeDescriptorArray`.

use crate::arena::Handle;
use crate::ir::{
    Expression, ImageClass, ImageDimension, Module, ResourceBinding, Scalar, Type, TypeInner,
};

/// What a resource-table slot holds: the ids of the metadata buffer
/// (Tint's `ResourceType`; the numbers are the ABI).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u32)]
#[allow(missing_docs)]
pub enum ResourceType {
    Empty = 0,
    Texture1dF32Filterable = 1,
    Texture1dF32Unfilterable = 2,
    Texture1dF32UnknownFilterable = 3,
    Texture1dI32 = 4,
    Texture1dU32 = 5,
    Texture2dF32Filterable = 6,
    Texture2dF32Unfilterable = 7,
    Texture2dF32UnknownFilterable = 8,
    Texture2dI32 = 9,
    Texture2dU32 = 10,
    Texture2dArrayF32Filterable = 11,
    Texture2dArrayF32Unfilterable = 12,
    Texture2dArrayF32UnknownFilterable = 13,
    Texture2dArrayI32 = 14,
    Texture2dArrayU32 = 15,
    Texture3dF32Filterable = 16,
    Texture3dF32Unfilterable = 17,
    Texture3dF32UnknownFilterable = 18,
    Texture3dI32 = 19,
    Texture3dU32 = 20,
    TextureCubeF32Filterable = 21,
    TextureCubeF32Unfilterable = 22,
    TextureCubeF32UnknownFilterable = 23,
    TextureCubeI32 = 24,
    TextureCubeU32 = 25,
    TextureCubeArrayF32Filterable = 26,
    TextureCubeArrayF32Unfilterable = 27,
    TextureCubeArrayF32UnknownFilterable = 28,
    TextureCubeArrayI32 = 29,
    TextureCubeArrayU32 = 30,
    TextureMultisampled2dF32 = 31,
    TextureMultisampled2dI32 = 32,
    TextureMultisampled2dU32 = 33,
    TextureDepth2d = 34,
    TextureDepth2dArray = 35,
    TextureDepthCube = 36,
    TextureDepthCubeArray = 37,
    TextureDepthMultisampled2d = 38,
    Sampler = 39,
    SamplerFiltering = 40,
    SamplerNonFiltering = 41,
    SamplerComparison = 42,
}

use ResourceType as R;

/// The default resources after the application's slots, in order (Dawn's
/// `ResourceTableDefaultResources`).
pub const DEFAULT_ORDER: [ResourceType; 35] = [
    R::Texture1dF32Filterable,
    R::Texture2dF32Filterable,
    R::Texture2dArrayF32Filterable,
    R::TextureCubeF32Filterable,
    R::TextureCubeArrayF32Filterable,
    R::Texture3dF32Filterable,
    R::Texture1dF32Unfilterable,
    R::Texture2dF32Unfilterable,
    R::Texture2dArrayF32Unfilterable,
    R::TextureCubeF32Unfilterable,
    R::TextureCubeArrayF32Unfilterable,
    R::Texture3dF32Unfilterable,
    R::Texture1dU32,
    R::Texture2dU32,
    R::Texture2dArrayU32,
    R::TextureCubeU32,
    R::TextureCubeArrayU32,
    R::Texture3dU32,
    R::Texture1dI32,
    R::Texture2dI32,
    R::Texture2dArrayI32,
    R::TextureCubeI32,
    R::TextureCubeArrayI32,
    R::Texture3dI32,
    R::TextureMultisampled2dF32,
    R::TextureMultisampled2dU32,
    R::TextureMultisampled2dI32,
    R::TextureDepth2d,
    R::TextureDepth2dArray,
    R::TextureDepthCube,
    R::TextureDepthCubeArray,
    R::TextureDepthMultisampled2d,
    R::SamplerFiltering,
    R::SamplerNonFiltering,
    R::SamplerComparison,
];

/// Where the metadata buffer is bound unless
/// [`ResourceTableOptions::metadata`] says otherwise (Tint's driver's).
pub const DEFAULT_METADATA_BINDING: ResourceBinding = ResourceBinding {
    group: 42,
    binding: 52,
};

/// Where the table is bound unless [`ResourceTableOptions::table`] says
/// otherwise (Tint's driver's).
pub const DEFAULT_TABLE_BINDING: ResourceBinding = ResourceBinding {
    group: 43,
    binding: 51,
};

/// How the embedder binds the resource table.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResourceTableOptions {
    /// The metadata storage buffer's binding point.
    pub metadata: ResourceBinding,
    /// The table's binding point (every `binding_array<T>` of the table
    /// is declared there).
    pub table: ResourceBinding,
    /// `None`: the table's arrays are runtime-sized (SPIR-V
    /// `RuntimeDescriptorArray`, as Chrome binds them). `Some(n)`: they
    /// hold `n` descriptors (application slots plus the 35 defaults), for
    /// devices without `runtimeDescriptorArray`; an index past them is
    /// clamped like any `binding_array` index.
    pub capacity: Option<u32>,
    /// What the application bound at each texture or sampler binding, for
    /// the filterable check of a sampling builtin that pairs a table
    /// resource with a bound one. A binding not listed is taken as
    /// [`default_kind`] of its type (a filterable float texture, a
    /// non-filtering sampler).
    pub bound_kinds: std::collections::BTreeMap<ResourceBinding, ResourceType>,
}

impl Default for ResourceTableOptions {
    fn default() -> Self {
        ResourceTableOptions {
            metadata: DEFAULT_METADATA_BINDING,
            table: DEFAULT_TABLE_BINDING,
            capacity: None,
            bound_kinds: Default::default(),
        }
    }
}

/// The resource table as an entry point uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResourceTableReflection {
    /// The metadata buffer's binding point.
    pub metadata: ResourceBinding,
    /// The table's binding point.
    pub table: ResourceBinding,
    /// The table's capacity (`None`: runtime-sized).
    pub capacity: Option<u32>,
    /// The WGSL types the entry point reads from the table (one
    /// `binding_array` each at [`ResourceTableReflection::table`]), in
    /// first-use order.
    pub types: Vec<String>,
}

/// The shape of a texture type, for the id tables.
fn shape(module: &Module, ty: Handle<Type>) -> Option<(ImageDimension, bool, ImageClass)> {
    match module.types.try_get(ty).map(|t| &t.inner) {
        Some(&TypeInner::Image {
            dim,
            arrayed,
            class,
        }) => Some((dim, arrayed, class)),
        _ => None,
    }
}

/// The first id of the five of a sampled texture's dimension (f32
/// filterable, f32 unfilterable, f32 unknown, i32, u32).
fn sampled_base(dim: ImageDimension, arrayed: bool) -> Option<u32> {
    Some(match (dim, arrayed) {
        (ImageDimension::D1, false) => 1,
        (ImageDimension::D2, false) => 6,
        (ImageDimension::D2, true) => 11,
        (ImageDimension::D3, false) => 16,
        (ImageDimension::Cube, false) => 21,
        (ImageDimension::Cube, true) => 26,
        _ => return None,
    })
}

fn from_id(id: u32) -> Option<ResourceType> {
    DEFAULT_ORDER
        .iter()
        .copied()
        .chain([
            R::Texture1dF32UnknownFilterable,
            R::Texture2dF32UnknownFilterable,
            R::Texture2dArrayF32UnknownFilterable,
            R::Texture3dF32UnknownFilterable,
            R::TextureCubeF32UnknownFilterable,
            R::TextureCubeArrayF32UnknownFilterable,
            R::Sampler,
        ])
        .find(|r| *r as u32 == id)
}

/// The id of `ty` itself (Tint's `TypeToResourceType`: a float sampled
/// texture of unknown filterability, `Sampler` for a sampler).
fn own_id(module: &Module, ty: Handle<Type>, unknown: u32) -> Option<ResourceType> {
    if let Some(TypeInner::Sampler { comparison }) = module.types.try_get(ty).map(|t| &t.inner) {
        return Some(if *comparison {
            R::SamplerComparison
        } else {
            R::Sampler
        });
    }
    let (dim, arrayed, class) = shape(module, ty)?;
    let id = match class {
        ImageClass::Sampled {
            kind,
            multisampled: false,
        } => {
            let base = sampled_base(dim, arrayed)?;
            base + match kind {
                Scalar::F32 => unknown,
                Scalar::I32 => 3,
                _ => 4,
            }
        }
        ImageClass::Sampled {
            kind,
            multisampled: true,
        } => match kind {
            Scalar::F32 => 31,
            Scalar::I32 => 32,
            _ => 33,
        },
        ImageClass::Depth { multisampled: true } => 38,
        ImageClass::Depth {
            multisampled: false,
        } => match (dim, arrayed) {
            (ImageDimension::D2, false) => 34,
            (ImageDimension::D2, true) => 35,
            (ImageDimension::Cube, false) => 36,
            (ImageDimension::Cube, true) => 37,
            _ => return None,
        },
        _ => return None,
    };
    from_id(id)
}

/// The ids a slot may hold for `hasResource<T>` to be true (Tint's
/// `ConvertsFrom`, or `T`'s own id): a float sampled texture accepts a
/// filterable or unfilterable one (and a depth texture of its dimension,
/// 2D and cube), a sampler a filtering or non-filtering one.
pub fn accepted(module: &Module, ty: Handle<Type>) -> Vec<ResourceType> {
    if let Some(TypeInner::Sampler { comparison: false }) =
        module.types.try_get(ty).map(|t| &t.inner)
    {
        return vec![R::SamplerFiltering, R::SamplerNonFiltering];
    }
    if let Some((
        dim,
        arrayed,
        ImageClass::Sampled {
            kind: Scalar::F32,
            multisampled: false,
        },
    )) = shape(module, ty)
    {
        if let Some(base) = sampled_base(dim, arrayed) {
            let depth = match (dim, arrayed) {
                (ImageDimension::D2, false) => Some(34),
                (ImageDimension::D2, true) => Some(35),
                (ImageDimension::Cube, false) => Some(36),
                (ImageDimension::Cube, true) => Some(37),
                _ => None,
            };
            return [Some(base), Some(base + 1), depth]
                .into_iter()
                .flatten()
                .filter_map(from_id)
                .collect();
        }
    }
    own_id(module, ty, 2).into_iter().collect()
}

/// The kind of the default resource `getResource<T>` reads when the slot
/// does not hold a `T` (Tint's `DefaultResourceTypeFor`: a float sampled
/// texture is filterable, a sampler non-filtering), which is also the
/// kind assumed for a bound resource of type `T`.
pub fn default_kind(module: &Module, ty: Handle<Type>) -> Option<ResourceType> {
    match module.types.try_get(ty).map(|t| &t.inner) {
        Some(TypeInner::Sampler { comparison: false }) => Some(R::SamplerNonFiltering),
        _ => own_id(module, ty, 0),
    }
}

/// The position of `kind`'s default resource after the application's
/// slots.
pub fn default_slot(kind: ResourceType) -> Option<u32> {
    DEFAULT_ORDER
        .iter()
        .position(|&k| k == kind)
        .map(|p| p as u32)
}

/// Whether a function of `module` uses the resource table.
pub fn uses_table(f: &crate::ir::Function) -> bool {
    f.expressions
        .iter()
        .any(|(_, e)| matches!(e, Expression::ResourceTable { .. }))
}

/// The resource table as the entry point of `r` uses it, if it does;
/// reports a binding point of the table that another resource of the
/// entry point (in `r`) holds.
pub(crate) fn entry_reflection(
    module: &Module,
    epi: &crate::valid::EntryPointInfo,
    r: &super::EntryPointReflection,
    options: &ResourceTableOptions,
    diags: &mut Vec<crate::diagnostic::Diagnostic>,
) -> Option<ResourceTableReflection> {
    let mut first: Option<crate::span::Span> = None;
    let mut types: Vec<Handle<Type>> = Vec::new();
    for &f in &epi.functions {
        let Some(func) = module.functions.try_get(Handle::from_index(f)) else {
            continue;
        };
        for (h, e) in func.expressions.iter() {
            if let Expression::ResourceTable { op, ty, .. } = *e {
                first.get_or_insert_with(|| func.expressions.span(h));
                if op == crate::ir::ResourceTableOp::Get && !types.contains(&ty) {
                    types.push(ty);
                }
            }
        }
    }
    let span = first?;
    for (what, at) in [
        ("metadata buffer", options.metadata),
        ("table", options.table),
    ] {
        let taken = r
            .bindings
            .iter()
            .map(|b| (b.group, b.binding, &b.name))
            .chain(r.resources.iter().map(|b| (b.group, b.binding, &b.name)))
            .find(|&(g, b, _)| (g, b) == (at.group, at.binding));
        if let Some((_, _, other)) = taken {
            diags.push(
                crate::diagnostic::Diagnostic::error(
                    format!(
                        "the resource table's {what} would be at @group({}) @binding({}), which '{other}' uses",
                        at.group, at.binding
                    ),
                    span,
                )
                .with_note("the `resource_table` pipeline option (`--resource-table`) says where the table is bound"),
            );
        }
    }
    Some(ResourceTableReflection {
        metadata: options.metadata,
        table: options.table,
        capacity: options.capacity,
        types: types
            .iter()
            .map(|&t| crate::ir::display::type_name(module, t))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{ImageClass, ImageDimension, Scalar, TypeInner};

    fn image(
        m: &mut Module,
        dim: ImageDimension,
        arrayed: bool,
        class: ImageClass,
    ) -> Handle<Type> {
        m.intern(TypeInner::Image {
            dim,
            arrayed,
            class,
        })
    }

    fn sampled(kind: Scalar) -> ImageClass {
        ImageClass::Sampled {
            kind,
            multisampled: false,
        }
    }

    /// The ids are Chrome's ABI (Tint's `ResourceType`): spot checks of
    /// each group, and the 35 defaults are distinct ids of every kind a
    /// slot can hold except the "unknown filterability" ones and the
    /// untyped sampler.
    #[test]
    fn ids_and_defaults() {
        assert_eq!(ResourceType::Texture1dF32Filterable as u32, 1);
        assert_eq!(ResourceType::Texture2dArrayU32 as u32, 15);
        assert_eq!(
            ResourceType::TextureCubeArrayF32UnknownFilterable as u32,
            28
        );
        assert_eq!(ResourceType::TextureMultisampled2dU32 as u32, 33);
        assert_eq!(ResourceType::TextureDepthMultisampled2d as u32, 38);
        assert_eq!(ResourceType::SamplerComparison as u32, 42);
        let mut ids: Vec<u32> = DEFAULT_ORDER.iter().map(|&k| k as u32).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 35);
        assert_eq!(default_slot(ResourceType::Texture1dF32Filterable), Some(0));
        assert_eq!(default_slot(ResourceType::SamplerComparison), Some(34));
        assert_eq!(default_slot(ResourceType::Sampler), None);
    }

    #[test]
    fn what_each_type_accepts_and_defaults_to() {
        let mut m = Module::default();
        let t2f = image(&mut m, ImageDimension::D2, false, sampled(Scalar::F32));
        let t3f = image(&mut m, ImageDimension::D3, false, sampled(Scalar::F32));
        let tca_i = image(&mut m, ImageDimension::Cube, true, sampled(Scalar::I32));
        let ms_u = image(
            &mut m,
            ImageDimension::D2,
            false,
            ImageClass::Sampled {
                kind: Scalar::U32,
                multisampled: true,
            },
        );
        let depth_cube = image(
            &mut m,
            ImageDimension::Cube,
            false,
            ImageClass::Depth {
                multisampled: false,
            },
        );
        let s = m.intern(TypeInner::Sampler { comparison: false });
        let sc = m.intern(TypeInner::Sampler { comparison: true });
        use ResourceType as R;
        // A float 2D texture reads a filterable, unfilterable or depth
        // 2D slot; a 3D one has no depth form.
        assert_eq!(
            accepted(&m, t2f),
            [
                R::Texture2dF32Filterable,
                R::Texture2dF32Unfilterable,
                R::TextureDepth2d
            ]
        );
        assert_eq!(
            accepted(&m, t3f),
            [R::Texture3dF32Filterable, R::Texture3dF32Unfilterable]
        );
        assert_eq!(accepted(&m, tca_i), [R::TextureCubeArrayI32]);
        assert_eq!(accepted(&m, ms_u), [R::TextureMultisampled2dU32]);
        assert_eq!(accepted(&m, depth_cube), [R::TextureDepthCube]);
        assert_eq!(
            accepted(&m, s),
            [R::SamplerFiltering, R::SamplerNonFiltering]
        );
        assert_eq!(accepted(&m, sc), [R::SamplerComparison]);
        assert_eq!(default_kind(&m, t2f), Some(R::Texture2dF32Filterable));
        assert_eq!(default_kind(&m, tca_i), Some(R::TextureCubeArrayI32));
        assert_eq!(default_kind(&m, s), Some(R::SamplerNonFiltering));
        assert_eq!(default_kind(&m, sc), Some(R::SamplerComparison));
    }
}

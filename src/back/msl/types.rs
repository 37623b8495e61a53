//! Type spellings and struct layout: scalar names, packed `vec3` members,
//! Metal sizes and alignments, printed struct fields, array lengths and
//! address-space qualifiers.

use crate::arena::Handle;
use crate::ir::PipelineModule;
use crate::ir::{Access, AddressSpace, ArraySize, Module, Scalar, Type, TypeInner};

/// What builtin helpers need to know about types: the module and the MSL
/// spelling of each type.
pub(super) struct TypeCtx<'a> {
    /// The module being written.
    pub module: &'a Module,
    /// MSL spelling per type, parallel to `module.types`.
    pub names: Vec<String>,
}

impl<'a> TypeCtx<'a> {
    /// A context without the writer's names (unit tests): scalars, vectors
    /// and matrices are spelled as the writer does, structs by IR name.
    #[cfg(test)]
    pub fn new(module: &'a Module) -> Self {
        TypeCtx {
            module,
            names: Vec::new(),
        }
    }

    /// The MSL spelling of a type (e.g. `float`, `metal::float4`,
    /// `metal::simdgroup_float8x8`, a struct's name).
    pub fn type_name(&self, ty: Handle<Type>) -> String {
        if let Some(n) = self.names.get(ty.index()) {
            return n.clone();
        }
        let Some(t) = self.module.types.try_get(ty) else {
            return String::new();
        };
        numeric_type_name(&t.inner).unwrap_or_else(|| t.name.clone().unwrap_or_default())
    }
}

/// The MSL spelling of a scalar, vector or matrix type (`metal::float4`);
/// `None` for other types.
pub(super) fn numeric_type_name(inner: &TypeInner) -> Option<String> {
    // Built by concatenation (every type name of every module passes here).
    let size = |n: crate::ir::VectorSize| match n {
        crate::ir::VectorSize::Bi => "2",
        crate::ir::VectorSize::Tri => "3",
        crate::ir::VectorSize::Quad => "4",
    };
    Some(match *inner {
        TypeInner::Scalar(s) => scalar_name(s).unwrap_or("int").to_string(),
        TypeInner::Vector { size: n, scalar } => {
            let s = scalar_name(scalar).unwrap_or("int");
            ["metal::", s, size(n)].concat()
        }
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => {
            let s = scalar_name(scalar).unwrap_or("float");
            ["metal::", s, size(columns), "x", size(rows)].concat()
        }
        _ => return None,
    })
}

/// The MSL spelling of a scalar (`None` for abstract types). `bfloat`
/// (MSL 3.1) appears only in the `vec2` of a bf16 matrix's thread
/// elements, which the `msl-simdgroup` pass introduces.
pub(super) fn scalar_name(s: Scalar) -> Option<&'static str> {
    Some(match s {
        Scalar::Bool => "bool",
        Scalar::I32 => "int",
        Scalar::U32 => "uint",
        Scalar::F32 => "float",
        Scalar::F16 => "half",
        Scalar::I8 => "char",
        Scalar::U8 => "uchar",
        Scalar::BF16 => "bfloat",
        Scalar::AbstractInt | Scalar::AbstractFloat => return None,
    })
}

/// Whether a struct member of this type is printed as a packed vector
/// (`vec3` of 4- or 2-byte scalars: Metal's `float3` is 16 bytes, WGSL's
/// `vec3<f32>` 12).
pub(super) fn is_packed_member(inner: &TypeInner) -> Option<&'static str> {
    match *inner {
        TypeInner::Vector {
            size: crate::ir::VectorSize::Tri,
            scalar,
        } => match scalar {
            Scalar::F32 => Some("metal::packed_float3"),
            Scalar::F16 => Some("metal::packed_half3"),
            Scalar::I32 => Some("metal::packed_int3"),
            Scalar::U32 => Some("metal::packed_uint3"),
            _ => None,
        },
        _ => None,
    }
}

/// Whether some structure of `module` has a member printed as a packed
/// `vec3` (see [`is_packed_member`]).
pub(super) fn has_packed_members(module: &crate::ir::Module) -> bool {
    module.types.iter().any(|(_, t)| match &t.inner {
        TypeInner::Struct { members, .. } => members
            .iter()
            .any(|m| is_packed_member(module.inner(m.ty)).is_some()),
        _ => false,
    })
}

/// One field of a printed struct: a WGSL member or padding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Field {
    /// Member `index` of the IR struct.
    Member(usize),
    /// `char _padN[bytes]`.
    Pad(u32),
}

/// Size and alignment in bytes of a type as Metal lays it out (structs are
/// printed with explicit padding so their size is the WGSL size).
/// `struct_aligns` holds the Metal alignment of the structs with smaller
/// handles (see [`struct_aligns`]); nothing recurses.
pub(super) fn msl_size_align(
    module: &Module,
    pipeline: &PipelineModule<'_>,
    struct_aligns: &[u32],
    ty: Handle<Type>,
) -> (u32, u32) {
    let mut count: u64 = 1;
    let mut cur = ty;
    loop {
        let (size, align) = match *module.inner(cur) {
            TypeInner::Atomic { size: Some(_), .. } => (8, 8),
            TypeInner::Scalar(s) | TypeInner::Atomic { scalar: s, .. } => {
                let n = if s == Scalar::Bool { 1 } else { s.size() };
                (n, n)
            }
            TypeInner::Vector { size, scalar } => vector_size_align(size.get(), scalar),
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let (s, a) = vector_size_align(rows.get(), scalar);
                (s * columns.get(), a)
            }
            TypeInner::Array { base, size, .. } => {
                let n = array_count(module, pipeline, size).unwrap_or(1);
                count = count.saturating_mul(u64::from(n));
                cur = base;
                continue;
            }
            TypeInner::Struct { span, .. } => {
                (span, struct_aligns.get(cur.index()).copied().unwrap_or(16))
            }
            TypeInner::Pointer { .. }
            | TypeInner::SubgroupMatrix { .. }
            | TypeInner::CoopVector { .. }
            | TypeInner::Buffer { .. }
            | TypeInner::BindingArray { .. }
            | TypeInner::Image { .. }
            | TypeInner::Sampler { .. } => (0, 1),
        };
        let total = u64::from(size).saturating_mul(count);
        return (u32::try_from(total).unwrap_or(u32::MAX), align);
    }
}

/// The Metal alignment of every type that is a struct (others: 1), in
/// handle order, so members (interned before their struct) are known.
pub(super) fn struct_aligns(module: &Module, pipeline: &PipelineModule<'_>) -> Vec<u32> {
    let mut aligns: Vec<u32> = Vec::with_capacity(module.types.len());
    for (_, t) in module.types.iter() {
        let a = match &t.inner {
            TypeInner::Struct { members, .. } => members
                .iter()
                .map(|m| match is_packed_member(module.inner(m.ty)) {
                    Some(_) => module.inner(m.ty).scalar().map_or(4, |s| s.size()),
                    None => msl_size_align(module, pipeline, &aligns, m.ty).1,
                })
                .max()
                .unwrap_or(1),
            _ => 1,
        };
        aligns.push(a);
    }
    aligns
}

fn vector_size_align(n: u32, scalar: Scalar) -> (u32, u32) {
    let s = if scalar == Scalar::Bool {
        1
    } else {
        scalar.size()
    };
    let lanes = if n == 2 { 2 } else { 4 };
    (s * lanes, s * lanes)
}

/// The element count of a fixed-size array (`None`: runtime-sized, or an
/// override size without a value).
pub(super) fn array_count(
    module: &Module,
    pipeline: &PipelineModule<'_>,
    size: crate::ir::ArraySize,
) -> Option<u32> {
    match size {
        crate::ir::ArraySize::Constant(n) => Some(n),
        crate::ir::ArraySize::Runtime => None,
        crate::ir::ArraySize::Override(e) => positive_value(module, pipeline, e),
    }
}

/// The value of the override-expression `e` as a positive `u32` (an array
/// count, a workgroup size), when the pipeline step gave it one.
pub(super) fn positive_value(
    module: &Module,
    pipeline: &PipelineModule<'_>,
    e: Handle<crate::ir::Expression>,
) -> Option<u32> {
    let v = (*pipeline.global_values.get(e.index())?)?;
    match module.constants[v] {
        crate::ir::ConstValue::Scalar(crate::ir::Literal::I32(x)) => {
            u32::try_from(x).ok().filter(|&n| n > 0)
        }
        crate::ir::ConstValue::Scalar(crate::ir::Literal::U32(x)) => Some(x).filter(|&n| n > 0),
        crate::ir::ConstValue::Scalar(crate::ir::Literal::AbstractInt(x)) => {
            u32::try_from(x).ok().filter(|&n| n > 0)
        }
        _ => None,
    }
}

/// The fields of a struct as printed: members with padding so every member
/// sits at its WGSL offset and the struct has its WGSL size.
pub(super) fn struct_fields(
    module: &Module,
    pipeline: &PipelineModule<'_>,
    struct_aligns: &[u32],
    ty: Handle<Type>,
) -> Vec<Field> {
    let TypeInner::Struct { ref members, span } = *module.inner(ty) else {
        return Vec::new();
    };
    let mut fields = Vec::with_capacity(members.len() + 2);
    let mut cur = 0u32;
    let mut ends_with_runtime = false;
    for (i, m) in members.iter().enumerate() {
        let inner = module.inner(m.ty);
        let (size, align) = match is_packed_member(inner) {
            Some(_) => {
                let s = inner.scalar().map_or(4, |s| s.size());
                (3 * s, s)
            }
            None => msl_size_align(module, pipeline, struct_aligns, m.ty),
        };
        let aligned = cur.div_ceil(align.max(1)) * align.max(1);
        if m.offset > aligned {
            fields.push(Field::Pad(m.offset - cur));
        } else if m.offset > cur {
            // Natural alignment reaches the offset.
        }
        fields.push(Field::Member(i));
        cur = m.offset.max(aligned) + size;
        ends_with_runtime = matches!(
            inner,
            TypeInner::Array {
                size: crate::ir::ArraySize::Runtime,
                ..
            }
        );
    }
    if !ends_with_runtime && span > cur {
        fields.push(Field::Pad(span - cur));
    }
    fields
}

/// Whether a buffer's store type is or ends with a runtime-sized array.
pub(super) fn ends_with_runtime_array(m: &Module, ty: Handle<Type>) -> bool {
    match m.inner(ty) {
        TypeInner::Array {
            size: ArraySize::Runtime,
            ..
        } => true,
        TypeInner::Struct { members, .. } => members.last().is_some_and(|l| {
            matches!(
                m.inner(l.ty),
                TypeInner::Array {
                    size: ArraySize::Runtime,
                    ..
                }
            )
        }),
        _ => false,
    }
}

/// The MSL address space of a reference (or pointer) into `space` with
/// `access`: `thread`, `threadgroup`, `constant`, `const device`, `device`.
pub(super) fn space_qualifier(space: AddressSpace, access: Access) -> &'static str {
    match space {
        // `pixel_local` never gets here: the pass list rejects it.
        AddressSpace::Function | AddressSpace::Private | AddressSpace::PixelLocal => "thread",
        AddressSpace::Workgroup => "threadgroup",
        AddressSpace::Uniform | AddressSpace::Immediate => "constant",
        AddressSpace::Storage if !access.can_write() => "const device",
        AddressSpace::Storage => "device",
        AddressSpace::Handle => "constant",
    }
}

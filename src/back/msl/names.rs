//! Identifier renaming for MSL.
//!
//! WGSL identifiers that are C++ or MSL keywords, Metal standard-library
//! names (reachable unqualified through `using namespace metal;`), names the
//! writer itself uses (`tessera_*` helpers, `_e<N>` temporaries, `_buffer_sizes`),
//! or that are not plain ASCII are renamed deterministically: non-ASCII
//! characters become `u<hex>`, and a reserved or already-used name gets `_`
//! suffixes until it is free.

use rustc_hash::FxHashSet;

/// C++ keywords and MSL keywords, types and attributes-as-identifiers.
const RESERVED: &[&str] = &[
    // C++ keywords and alternative tokens
    "alignas",
    "alignof",
    "and",
    "and_eq",
    "asm",
    "auto",
    "bitand",
    "bitor",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "char8_t",
    "char16_t",
    "char32_t",
    "class",
    "compl",
    "concept",
    "const",
    "consteval",
    "constexpr",
    "constinit",
    "const_cast",
    "continue",
    "co_await",
    "co_return",
    "co_yield",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "dynamic_cast",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "not_eq",
    "nullptr",
    "operator",
    "or",
    "or_eq",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "requires",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_assert",
    "static_cast",
    "struct",
    "switch",
    "template",
    "this",
    "thread_local",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "wchar_t",
    "while",
    "xor",
    "xor_eq",
    "override",
    "final",
    "main",
    "NULL",
    "assert",
    "offsetof",
    "size_t",
    "ptrdiff_t",
    "std",
    // MSL keywords and address spaces
    "kernel",
    "vertex",
    "fragment",
    "compute",
    "device",
    "constant",
    "thread",
    "threadgroup",
    "threadgroup_imageblock",
    "ray_data",
    "object_data",
    "visible",
    "stage_in",
    "patch",
    "metal",
    "half",
    "uint",
    "uchar",
    "ushort",
    "ulong",
    "bfloat",
    "size_t",
    "ptrdiff_t",
    "atomic",
    "array",
    "vec",
    "packed_vec",
    "simd",
    "sampler",
    "texture",
    // Metal standard-library names the output may call unqualified
    "abs",
    "acos",
    "acosh",
    "all",
    "any",
    "as_type",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "ceil",
    "clamp",
    "clz",
    "copysign",
    "cos",
    "cosh",
    "cospi",
    "cross",
    "ctz",
    "degrees",
    "determinant",
    "distance",
    "dot",
    "exp",
    "exp10",
    "exp2",
    "extract_bits",
    "fabs",
    "faceforward",
    "fdim",
    "floor",
    "fma",
    "fmax",
    "fmax3",
    "fmin",
    "fmin3",
    "fmod",
    "fract",
    "frexp",
    "ilogb",
    "insert_bits",
    "isfinite",
    "isinf",
    "isnan",
    "ldexp",
    "length",
    "log",
    "log10",
    "log2",
    "mad",
    "max",
    "max3",
    "median3",
    "min",
    "min3",
    "mix",
    "modf",
    "normalize",
    "popcount",
    "pow",
    "powr",
    "radians",
    "reflect",
    "refract",
    "reverse_bits",
    "rint",
    "round",
    "rsqrt",
    "saturate",
    "select",
    "sign",
    "sin",
    "sincos",
    "sinh",
    "sinpi",
    "smoothstep",
    "sqrt",
    "step",
    "tan",
    "tanh",
    "tanpi",
    "transpose",
    "trunc",
    "pack_float_to_snorm4x8",
    "pack_float_to_unorm4x8",
    "pack_float_to_snorm2x16",
    "pack_float_to_unorm2x16",
    "unpack_snorm4x8_to_float",
    "unpack_unorm4x8_to_float",
    "unpack_snorm2x16_to_float",
    "unpack_unorm2x16_to_float",
    "threadgroup_barrier",
    "simdgroup_barrier",
    "mem_flags",
    "memory_order",
    "memory_order_relaxed",
    "atomic_int",
    "atomic_uint",
    "atomic_load_explicit",
    "atomic_store_explicit",
    "atomic_exchange_explicit",
    "atomic_compare_exchange_weak_explicit",
    "atomic_fetch_add_explicit",
    "atomic_fetch_sub_explicit",
    "atomic_fetch_and_explicit",
    "atomic_fetch_or_explicit",
    "atomic_fetch_xor_explicit",
    "atomic_fetch_min_explicit",
    "atomic_fetch_max_explicit",
    "simd_sum",
    "simd_product",
    "simd_min",
    "simd_max",
    "simd_and",
    "simd_or",
    "simd_xor",
    "simd_broadcast",
    "simd_broadcast_first",
    "simd_shuffle",
    "simd_shuffle_xor",
    "simd_shuffle_up",
    "simd_shuffle_down",
    "simd_all",
    "simd_any",
    "simd_ballot",
    "simd_is_first",
    "simd_prefix_exclusive_sum",
    "simd_prefix_inclusive_sum",
    "simd_prefix_exclusive_product",
    "simd_prefix_inclusive_product",
    "simd_vote",
    "quad_broadcast",
    "quad_shuffle",
    "quad_shuffle_xor",
    "simdgroup_matrix",
    "simdgroup_float8x8",
    "simdgroup_half8x8",
    "simdgroup_load",
    "simdgroup_store",
    "simdgroup_multiply",
    "simdgroup_multiply_accumulate",
    "make_filled_simdgroup_matrix",
    // writer-internal names
    "_buffer_sizes",
    "tessera_buffer_sizes",
    "_local_index",
];

/// Scalar type prefixes of vector and matrix type names (`float4`, `half3x3`).
const VECTOR_PREFIXES: &[&str] = &[
    "bool",
    "char",
    "uchar",
    "short",
    "ushort",
    "int",
    "uint",
    "long",
    "ulong",
    "half",
    "float",
    "bfloat",
    "packed_bool",
    "packed_char",
    "packed_uchar",
    "packed_short",
    "packed_ushort",
    "packed_int",
    "packed_uint",
    "packed_half",
    "packed_float",
];

/// Whether `name` is a vector or matrix type name such as `float4`.
fn is_vector_type_name(name: &str) -> bool {
    VECTOR_PREFIXES.iter().any(|p| {
        name.strip_prefix(p).is_some_and(|rest| {
            let b = rest.as_bytes();
            matches!(b, [b'2'..=b'4'] | [b'2'..=b'4', b'x', b'2'..=b'4'])
        })
    })
}

/// Whether `name` is `prefix` followed by decimal digits (writer
/// temporaries such as `_e12`, `loop_init_0`, `_pad3`, `i0`).
fn is_numbered(name: &str, prefix: &str) -> bool {
    name.strip_prefix(prefix)
        .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether the writer reserves the name.
fn is_reserved(name: &str) -> bool {
    RESERVED.contains(&name)
        || is_vector_type_name(name)
        || name.starts_with("tessera_")
        || is_numbered(name, "_e")
        || is_numbered(name, "loop_init_")
        || is_numbered(name, "_pad")
        || is_numbered(name, "i")
        || name.starts_with("array_")
        || name.starts_with("__")
}

/// Turns an IR name into an ASCII C++ identifier.
fn sanitize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        } else if c.is_ascii() {
            out.push('_');
        } else {
            out.push_str(&format!("u{:04x}", c as u32));
        }
    }
    // WGSL's predeclared `__atomic_compare_exchange_result...` structs.
    let trimmed = out.trim_start_matches('_');
    if out.starts_with("__") && !trimmed.is_empty() {
        out = trimmed.to_string();
    }
    if out.is_empty() || out.as_bytes()[0].is_ascii_digit() {
        out.insert(0, '_');
    }
    // `__` anywhere is reserved to the C++ implementation.
    while out.contains("__") {
        out = out.replace("__", "_u5f_");
    }
    out
}

/// Hands out unique, legal names.
#[derive(Clone, Debug, Default)]
pub(super) struct Namer {
    used: FxHashSet<String>,
}

impl Namer {
    /// A legal name not handed out before, as close to `name` as possible.
    pub fn call(&mut self, name: &str) -> String {
        let mut candidate = sanitize(name);
        // No suffix frees a name with a reserved prefix: move it out of the
        // prefix's way first, so the loop below always ends.
        if ["tessera_", "array_", "__"]
            .iter()
            .any(|p| candidate.starts_with(p))
        {
            candidate.insert_str(0, "u_");
        }
        while is_reserved(&candidate) || self.used.contains(&candidate) {
            candidate.push('_');
        }
        self.used.insert(candidate.clone());
        candidate
    }

    /// Marks a name as taken (e.g. a writer-chosen name).
    pub fn reserve(&mut self, name: &str) {
        self.used.insert(name.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_legal_names_and_renames_reserved_ones() {
        let mut n = Namer::default();
        assert_eq!(n.call("foo"), "foo");
        assert_eq!(n.call("foo"), "foo_");
        assert_eq!(n.call("kernel"), "kernel_");
        assert_eq!(n.call("main"), "main_");
        assert_eq!(n.call("float4"), "float4_");
        assert_eq!(n.call("half3x3"), "half3x3_");
        assert_eq!(n.call("float5"), "float5");
        assert_eq!(n.call("max"), "max_");
        assert_eq!(n.call("a__b"), "a_u5f_b");
        assert_eq!(n.call("π"), "u03c0");
        assert_eq!(n.call("_e3"), "_e3_");
        assert_eq!(n.call("_end"), "_end");
        assert_eq!(n.call("tessera_x"), "u_tessera_x");
        assert_eq!(n.call("array_float_8"), "u_array_float_8");
        assert_eq!(n.call("i0"), "i0_");
        assert_eq!(
            n.call("__atomic_compare_exchange_result_i32"),
            "atomic_compare_exchange_result_i32"
        );
    }
}

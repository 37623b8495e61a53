//! Identifier renaming for MSL.
//!
//! WGSL identifiers that are C++ or MSL keywords, Metal standard-library
//! names (reachable unqualified through `using namespace metal;`), names the
//! writer itself uses (`tessera_*` helpers, `_e<N>` temporaries, `_buffer_sizes`),
//! or that are not plain ASCII are renamed deterministically: non-ASCII
//! characters become `u<hex>`, and a reserved or already-used name gets a
//! `_` suffix, or if that is taken too `_2`, `_3`, ... (see [`Namer`]).

use std::borrow::Cow;
use std::hash::BuildHasher;
use std::sync::OnceLock;

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

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
    // Texture types and the texture library's names (`using namespace
    // metal;` makes them visible unqualified)
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
    "min_lod_clamp",
    "gradient2d",
    "gradient3d",
    "gradientcube",
    "min_filter",
    "mag_filter",
    "mip_filter",
    "s_address",
    "t_address",
    "r_address",
    "border_color",
    "compare_func",
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
    "simdgroup_bfloat8x8",
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

/// Metal library names that are common words: reserved for module-scope
/// names only (functions, structs, globals), which the output uses
/// unqualified and which would be ambiguous with `metal::level` and the
/// like under `using namespace metal;`. Locals and struct members shadow
/// them harmlessly and keep their names.
const MODULE_RESERVED: &[&str] = &[
    "access",
    "address",
    "array",
    "matrix",
    "packed_vec",
    "sampler",
    "vec",
    "bias",
    "component",
    "coord",
    "filter",
    "level",
    "reduction",
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
    // Every such name ends with its size: most names are out at once.
    if !matches!(name.as_bytes().last(), Some(b'2'..=b'4')) {
        return false;
    }
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

/// Prefixes of names the writer generates (helpers, array wrappers) and of
/// names C++ reserves.
const RESERVED_PREFIXES: [&str; 3] = ["tessera_", "array_", "__"];

/// [`RESERVED`] as a set, built on first use (every name the writer hands
/// out is checked against it).
fn reserved_set() -> &'static FxHashSet<&'static str> {
    static SET: OnceLock<FxHashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| RESERVED.iter().copied().collect())
}

/// Whether the writer reserves the name.
fn is_reserved(name: &str) -> bool {
    reserved_set().contains(name)
        || is_vector_type_name(name)
        || RESERVED_PREFIXES.iter().any(|p| name.starts_with(p))
        || is_numbered(name, "_e")
        || is_numbered(name, "loop_init_")
        || is_numbered(name, "_pad")
        || is_numbered(name, "i")
}

/// Turns an IR name into an ASCII C++ identifier.
fn sanitize(name: &str) -> Cow<'_, str> {
    // Most names are already plain identifiers: kept as they are.
    let b = name.as_bytes();
    if b.first().is_some_and(|c| !c.is_ascii_digit())
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_')
        && !name.contains("__")
    {
        return Cow::Borrowed(name);
    }
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
    Cow::Owned(out)
}

/// The names taken in one scope, and per numbering stem the next number
/// to try (every smaller number is taken or reserved).
#[derive(Debug, Default)]
struct Scope {
    used: NameSet,
    next: FxHashMap<String, u32>,
}

/// A set of names kept back to back in one buffer: taking a name copies
/// its bytes there instead of into a string of its own.
#[derive(Debug, Default)]
struct NameSet {
    text: String,
    /// By hash of the name, where the names with that hash are in `text`.
    by_hash: FxHashMap<u64, SmallVec<[(u32, u32); 1]>>,
    len: usize,
}

impl NameSet {
    fn hash(name: &str) -> u64 {
        rustc_hash::FxBuildHasher.hash_one(name)
    }

    fn contains(&self, name: &str) -> bool {
        self.by_hash.get(&Self::hash(name)).is_some_and(|at| {
            at.iter()
                .any(|&(start, end)| self.text.get(start as usize..end as usize) == Some(name))
        })
    }

    fn insert(&mut self, name: &str) {
        let at = self.by_hash.entry(Self::hash(name)).or_default();
        let text = &mut self.text;
        if at
            .iter()
            .any(|&(start, end)| text.get(start as usize..end as usize) == Some(name))
        {
            return;
        }
        let start = text.len() as u32;
        text.push_str(name);
        at.push((start, text.len() as u32));
        self.len += 1;
    }

    fn len(&self) -> usize {
        self.len
    }

    fn capacity(&self) -> usize {
        self.by_hash.capacity()
    }

    fn clear(&mut self) {
        self.text.clear();
        self.by_hash.clear();
        self.len = 0;
    }
}

impl Scope {
    /// Empties the scope at a cost proportional to what it holds: a hash
    /// table's `clear` costs its capacity, so the tables a large function
    /// grew are dropped rather than cleared for every function after it.
    fn clear(&mut self) {
        fn small(len: usize, capacity: usize) -> bool {
            capacity <= 4 * len.max(16)
        }
        if small(self.used.len(), self.used.capacity()) {
            self.used.clear();
        } else {
            self.used = NameSet::default();
        }
        if small(self.next.len(), self.next.capacity()) {
            self.next.clear();
        } else {
            self.next = FxHashMap::default();
        }
    }
}

/// Hands out unique, legal names: in the module scope (types, globals,
/// functions) and, between [`Namer::begin_function`] calls, in one
/// function's scope (parameters, locals, temporaries), which sees the
/// module's names and is emptied for the next function, so no function
/// copies the module's names.
///
/// A name that is taken or reserved gets `_`, then `_2`, `_3`, ...: the
/// next number per name is remembered, so `n` requests for one name cost
/// `O(n)` together and the names stay short.
#[derive(Debug, Default)]
pub(super) struct Namer {
    module: Scope,
    function: Scope,
    in_function: bool,
    /// Names struct members (no [`MODULE_RESERVED`] names).
    members: bool,
}

impl Namer {
    /// A namer for the members of one struct.
    pub fn for_members() -> Namer {
        Namer {
            members: true,
            ..Namer::default()
        }
    }

    /// A legal name not handed out before (in this scope or the module's),
    /// as close to `name` as possible.
    pub fn call(&mut self, name: &str) -> String {
        let mut out = String::new();
        self.call_into(name, &mut out);
        out
    }

    /// [`Namer::call`], appending the name to `out` (a name that is
    /// already legal and free is not copied on the way).
    pub fn call_into(&mut self, name: &str, out: &mut String) {
        let mut base = sanitize(name);
        // No suffix frees a name with a reserved prefix: move it out of the
        // prefix's way first.
        if RESERVED_PREFIXES.iter().any(|p| base.starts_with(p)) {
            base.to_mut().insert_str(0, "u_");
        }
        if self.is_free(&base) {
            self.scope_mut().used.insert(&base);
            out.push_str(&base);
            return;
        }
        out.push_str(&self.call_taken(base));
    }

    /// The name for `base` when `base` itself is taken.
    fn call_taken(&mut self, base: std::borrow::Cow<'_, str>) -> String {
        let alternative = format!("{base}_");
        if self.is_free(&alternative) {
            return self.take(alternative);
        }
        // The numbered forms `base_N` of some bases are all reserved
        // (`tessera_N`, `array_N`, `loop_init_N`, `__N`): number `u_base`
        // instead, so the search below always ends (what else `is_reserved`
        // rejects is a finite list).
        let stem = if is_reserved(&format!("{base}_2")) {
            format!("u_{base}")
        } else {
            base.into_owned()
        };
        let mut n = self
            .scope()
            .next
            .get(&stem)
            .or_else(|| self.module.next.get(&stem))
            .copied()
            .unwrap_or(2);
        let candidate = loop {
            let candidate = format!("{stem}_{n}");
            n += 1;
            if self.is_free(&candidate) {
                break candidate;
            }
        };
        self.scope_mut().next.insert(stem, n);
        self.take(candidate)
    }

    /// Starts a function's scope: the names of the previous function are
    /// forgotten; the module's stay taken.
    pub fn begin_function(&mut self) {
        self.function.clear();
        self.in_function = true;
    }

    fn is_free(&self, name: &str) -> bool {
        let taken = self.module.used.contains(name)
            || (self.in_function && self.function.used.contains(name));
        let module_word = !self.in_function && !self.members && MODULE_RESERVED.contains(&name);
        !taken && !module_word && !is_reserved(name)
    }

    fn take(&mut self, name: String) -> String {
        self.scope_mut().used.insert(&name);
        name
    }

    fn scope(&self) -> &Scope {
        if self.in_function {
            &self.function
        } else {
            &self.module
        }
    }

    fn scope_mut(&mut self) -> &mut Scope {
        if self.in_function {
            &mut self.function
        } else {
            &mut self.module
        }
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

    #[test]
    fn repeated_names_are_numbered() {
        let mut n = Namer::default();
        assert_eq!(n.call("x"), "x");
        assert_eq!(n.call("x"), "x_");
        assert_eq!(n.call("x_3"), "x_3");
        assert_eq!(n.call("x"), "x_2");
        // `x_3` is the user's: skipped.
        assert_eq!(n.call("x"), "x_4");
        assert_eq!(n.call("main"), "main_");
        assert_eq!(n.call("main"), "main_2");
    }

    #[test]
    fn names_whose_numbered_forms_are_reserved_end() {
        // Each of these collides with itself and with its `_` form; its
        // numbered forms are reserved, so it is numbered as `u_NAME_N`.
        let mut n = Namer::default();
        for name in ["tessera", "array", "loop_init"] {
            let first = n.call(name);
            let second = n.call(name);
            let third = n.call(name);
            assert_ne!(first, second);
            assert_ne!(second, third);
            assert!(!is_reserved(&third), "{third}");
        }
        assert_eq!(n.call("array"), "u_array_5");
        assert_eq!(n.call("tessera"), "u_tessera_4");
        assert_eq!(n.call("loop_init"), "u_loop_init_3");
        let mut e = Namer::default();
        let names: Vec<String> = (0..4).map(|_| e.call("")).collect();
        assert_eq!(names, ["_", "u___2", "u___3", "u___4"]);
    }

    #[test]
    fn functions_see_module_names_but_not_each_other() {
        let mut n = Namer::default();
        assert_eq!(n.call("g"), "g");
        n.begin_function();
        assert_eq!(n.call("g"), "g_");
        assert_eq!(n.call("g"), "g_2");
        assert_eq!(n.call("t"), "t");
        n.begin_function();
        assert_eq!(n.call("g"), "g_");
        assert_eq!(n.call("t"), "t");
    }

    #[test]
    fn a_large_function_leaves_no_large_scope_behind() {
        // Clearing a hash table costs its capacity: were the tables of a
        // large function kept, every later function would pay for them.
        let mut n = Namer::default();
        n.begin_function();
        for i in 0..20_000 {
            n.call(&format!("v{i}"));
            n.call("x");
        }
        n.begin_function();
        assert_eq!(n.call("v7"), "v7");
        assert_eq!(n.call("x"), "x");
        n.begin_function();
        assert!(n.function.used.capacity() < 1_000);
        assert!(n.function.next.capacity() < 1_000);
        assert_eq!(n.call("x"), "x");
        assert_eq!(n.call("x"), "x_");
        assert_eq!(n.call("x"), "x_2");
    }

    #[test]
    fn many_same_names_stay_short_and_linear() {
        let mut n = Namer::default();
        n.begin_function();
        let count = 50_000;
        let start = std::time::Instant::now();
        let mut seen = FxHashSet::default();
        for _ in 0..count {
            let name = n.call("x");
            assert!(name.len() <= 8, "{name}");
            assert!(seen.insert(name));
        }
        // Quadratic probing takes minutes here; linear naming milliseconds
        // (the bound leaves room for slow debug builds and busy machines).
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }
}

//! Identifier sanitising and unique naming for the WGSL writer.
//!
//! Every name the writer prints goes through [`Namer`]: it turns arbitrary
//! IR names into valid WGSL identifiers (no keywords, reserved words or
//! predeclared names the writer relies on, no leading `__`) and makes them
//! unique, so a hand-built IR with clashing names still prints valid WGSL.
//! Names that are already valid and unique are kept unchanged, which makes
//! the output a fixed point after one round trip.

use rustc_hash::{FxHashMap, FxHashSet};

/// Predeclared names the writer prints (types, enumerants and builtin
/// functions). A user declaration with one of these names would shadow the
/// predeclared meaning in the output, so such names are renamed.
const PREDECLARED: &[&str] = &[
    // types and type generators
    "bool",
    "i32",
    "u32",
    "f32",
    "f16",
    "i8",
    "u8",
    "vec2",
    "vec3",
    "vec4",
    "mat2x2",
    "mat2x3",
    "mat2x4",
    "mat3x2",
    "mat3x3",
    "mat3x4",
    "mat4x2",
    "mat4x3",
    "mat4x4",
    "array",
    "atomic",
    "ptr",
    "subgroup_matrix_left",
    "subgroup_matrix_right",
    "subgroup_matrix_result",
    // enumerants
    "function",
    "private",
    "workgroup",
    "uniform",
    "storage",
    "read",
    "write",
    "read_write",
    "row_major",
    "col_major",
    // builtin functions the writer prints
    "select",
    "bitcast",
    "arrayLength",
    "abs",
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "atan2",
    "ceil",
    "clamp",
    "cos",
    "cosh",
    "countLeadingZeros",
    "countOneBits",
    "countTrailingZeros",
    "cross",
    "degrees",
    "determinant",
    "distance",
    "dot",
    "dot4I8Packed",
    "dot4U8Packed",
    "exp",
    "exp2",
    "extractBits",
    "faceForward",
    "firstLeadingBit",
    "firstTrailingBit",
    "floor",
    "fma",
    "fract",
    "frexp",
    "insertBits",
    "inverseSqrt",
    "ldexp",
    "length",
    "log",
    "log2",
    "max",
    "min",
    "mix",
    "modf",
    "normalize",
    "pow",
    "quantizeToF16",
    "radians",
    "reflect",
    "refract",
    "reverseBits",
    "round",
    "saturate",
    "sign",
    "sin",
    "sinh",
    "smoothstep",
    "sqrt",
    "step",
    "tan",
    "tanh",
    "transpose",
    "trunc",
    "all",
    "any",
    "pack4x8snorm",
    "pack4x8unorm",
    "pack4xI8",
    "pack4xU8",
    "pack4xI8Clamp",
    "pack4xU8Clamp",
    "pack2x16snorm",
    "pack2x16unorm",
    "pack2x16float",
    "unpack4x8snorm",
    "unpack4x8unorm",
    "unpack4xI8",
    "unpack4xU8",
    "unpack2x16snorm",
    "unpack2x16unorm",
    "unpack2x16float",
    "atomicLoad",
    "atomicStore",
    "atomicAdd",
    "atomicSub",
    "atomicMax",
    "atomicMin",
    "atomicAnd",
    "atomicOr",
    "atomicXor",
    "atomicExchange",
    "atomicCompareExchangeWeak",
    "workgroupUniformLoad",
    "workgroupBarrier",
    "storageBarrier",
    "textureBarrier",
    "subgroupAdd",
    "subgroupExclusiveAdd",
    "subgroupInclusiveAdd",
    "subgroupMul",
    "subgroupExclusiveMul",
    "subgroupInclusiveMul",
    "subgroupAnd",
    "subgroupOr",
    "subgroupXor",
    "subgroupMin",
    "subgroupMax",
    "subgroupAll",
    "subgroupAny",
    "subgroupBallot",
    "subgroupElect",
    "subgroupBroadcast",
    "subgroupBroadcastFirst",
    "subgroupShuffle",
    "subgroupShuffleDown",
    "subgroupShuffleUp",
    "subgroupShuffleXor",
    "quadBroadcast",
    "quadSwapX",
    "quadSwapY",
    "quadSwapDiagonal",
    "subgroupMatrixLoad",
    "subgroupMatrixStore",
    "subgroupMatrixMultiply",
    "subgroupMatrixMultiplyAccumulate",
    "subgroupMatrixScalarAdd",
    "subgroupMatrixScalarSubtract",
    "subgroupMatrixScalarMultiply",
];

/// Whether `name` may not be used as a declared identifier in the output.
pub fn is_reserved(name: &str) -> bool {
    crate::wgsl_words::is_keyword_or_reserved(name) || PREDECLARED.contains(&name)
}

/// Turns an arbitrary string into a valid WGSL identifier that is not a
/// keyword, reserved word or predeclared name. Valid names are unchanged.
pub fn sanitize(name: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| {
            if c == '_' || c.is_alphanumeric() {
                c
            } else {
                '_'
            }
        })
        .collect();
    // Identifiers must not start with two underscores.
    while out.starts_with("__") {
        out.remove(0);
    }
    if out.chars().next().is_some_and(|c| c.is_numeric()) {
        out.insert(0, '_');
    }
    if out.is_empty() || out == "_" {
        out = "_v".to_string();
    }
    if is_reserved(&out) {
        out.push('_');
    }
    out
}

/// Hands out unique identifiers. Module-scope names live in one layer,
/// function-scope names in a second layer that is cleared per function.
#[derive(Debug, Default)]
pub struct Namer {
    module: FxHashSet<String>,
    local: FxHashSet<String>,
    /// Next suffix to try per base name (keeps uniquifying linear).
    next_suffix: FxHashMap<String, u32>,
    in_function: bool,
}

impl Namer {
    /// Starts a new function scope (forgets the previous function's names).
    pub fn begin_function(&mut self) {
        self.local.clear();
        self.in_function = true;
    }

    fn taken(&self, name: &str) -> bool {
        self.module.contains(name) || self.local.contains(name)
    }

    /// A unique, valid identifier derived from `name`.
    pub fn call(&mut self, name: &str) -> String {
        let base = sanitize(name);
        let name = if self.taken(&base) {
            let mut n = self.next_suffix.get(&base).copied().unwrap_or(1);
            let mut candidate = format!("{base}_{n}");
            while self.taken(&candidate) || is_reserved(&candidate) {
                n += 1;
                candidate = format!("{base}_{n}");
            }
            self.next_suffix.insert(base, n + 1);
            candidate
        } else {
            base
        };
        if self.in_function {
            self.local.insert(name.clone());
        } else {
            self.module.insert(name.clone());
        }
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitizes_keywords_and_bad_characters() {
        assert_eq!(sanitize("loop"), "loop_");
        assert_eq!(sanitize("NULL"), "NULL_");
        assert_eq!(sanitize("vec3"), "vec3_");
        assert_eq!(sanitize("max"), "max_");
        assert_eq!(sanitize("a-b c"), "a_b_c");
        assert_eq!(sanitize("1st"), "_1st");
        assert_eq!(sanitize("__frexp"), "_frexp");
        assert_eq!(sanitize(""), "_v");
        assert_eq!(sanitize("_"), "_v");
        assert_eq!(sanitize("délta"), "délta");
        assert_eq!(sanitize("good_name"), "good_name");
    }

    #[test]
    fn namer_makes_names_unique_across_layers() {
        let mut namer = Namer::default();
        assert_eq!(namer.call("x"), "x");
        assert_eq!(namer.call("x"), "x_1");
        namer.begin_function();
        assert_eq!(namer.call("x"), "x_2");
        assert_eq!(namer.call("y"), "y");
        namer.begin_function();
        // Function names are forgotten, module names are not.
        assert_eq!(namer.call("y"), "y");
        assert_eq!(namer.call("x_3"), "x_3");
        assert_eq!(namer.call("x"), "x_4");
    }
}

//! Helper functions the MSL output needs where Metal has no exact
//! equivalent of a WGSL builtin.
//!
//! A lowering that needs a helper calls [`Helpers::request`] with a
//! [`Helper`] and gets the helper's function name back; the printer calls
//! [`Helpers::write`] once, after the type declarations (helpers name the
//! `modf`/`frexp`/atomic-compare-exchange result structs) and before the
//! first function. Each helper is written once, in the order of its name,
//! so the output is deterministic whatever order the requests come in.
//!
//! Every helper name starts with `tessera_`; the printer's namer keeps user
//! identifiers out of that prefix.
//!
//! Helper bodies spell scalar and vector types themselves (`metal::uint3`);
//! struct types come from the printer (`TypeCtx::type_name`) through the
//! helper's parameters.
//!
//! This is a leaf module: the builtin lowerings (`math`, `atomics`,
//! `subgroup`, `matrix`) request helpers, and the bodies of all of them,
//! the subgroup-matrix ones included, are written here.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::ir::{AddressSpace, BinaryOperator, MathFunction, MatrixScalarOp, Scalar, VectorSize};

/// A scalar or vector value type, as the helpers spell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct ValTy {
    /// Component type (bool, i32, u32, f32 or f16).
    pub scalar: Scalar,
    /// `None` for a scalar.
    pub size: Option<VectorSize>,
}

impl ValTy {
    /// The MSL spelling: `float`, `metal::int3`, ...
    pub fn name(self) -> String {
        let s = scalar_name(self.scalar);
        match self.size {
            None => s.to_string(),
            Some(n) => format!("metal::{s}{}", n.get()),
        }
    }

    /// A suffix for helper names: `float`, `int3`, ...
    pub fn suffix(self) -> String {
        let s = scalar_name(self.scalar);
        match self.size {
            None => s.to_string(),
            Some(n) => format!("{s}{}", n.get()),
        }
    }

    /// The same shape with `scalar` components.
    pub fn with_scalar(self, scalar: Scalar) -> ValTy {
        ValTy {
            scalar,
            size: self.size,
        }
    }
}

/// The MSL name of a scalar type (8-bit types only as matrix components,
/// which Metal cannot express; they are spelled for completeness).
pub(super) fn scalar_name(s: Scalar) -> &'static str {
    match s {
        Scalar::Bool => "bool",
        Scalar::I32 | Scalar::AbstractInt => "int",
        Scalar::U32 => "uint",
        Scalar::F32 | Scalar::AbstractFloat => "float",
        Scalar::F16 => "half",
        Scalar::I8 => "char",
        Scalar::U8 => "uchar",
        Scalar::BF16 => "bfloat",
    }
}

/// A floating-point literal of scalar type `s` (`1.0f`, `1.0h`).
pub(super) fn float_literal(s: Scalar, text: &str) -> String {
    match s {
        Scalar::F16 => format!("{text}h"),
        _ => format!("{text}f"),
    }
}

/// The MSL address-space qualifier of a buffer or workgroup pointer.
pub(super) fn space_qualifier(space: AddressSpace) -> &'static str {
    match space {
        AddressSpace::Workgroup => "threadgroup",
        AddressSpace::Uniform | AddressSpace::Immediate => "constant",
        // `pixel_local` never gets here: the pass list rejects it.
        AddressSpace::Function | AddressSpace::Private | AddressSpace::PixelLocal => "thread",
        AddressSpace::Storage | AddressSpace::Handle => "device",
    }
}

/// A builtin's result struct as the printer spells it: its MSL name and
/// the MSL names of its two members (`fract`/`whole`, `fract`/`exp`,
/// `old_value`/`exchanged`). Members are assigned by name, so printed
/// padding fields and packed `vec3` members are fine.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct ResultStruct {
    /// The struct's MSL name.
    pub name: String,
    /// The MSL names of its first two members.
    pub members: [String; 2],
}

impl ResultStruct {
    /// `{name} r = {{}};` then the two member assignments and `return r;`.
    fn build(&self, first: &str, second: &str) -> String {
        let [m0, m1] = &self.members;
        format!(
            "  {} r = {{}};\n  r.{m0} = {first};\n  r.{m1} = {second};\n  return r;\n",
            self.name
        )
    }
}

/// A helper function and its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Helper {
    /// `modf`, returning the WGSL result struct.
    Modf {
        /// Argument type.
        arg: ValTy,
        /// The result struct.
        result: ResultStruct,
    },
    /// `frexp`, returning the WGSL result struct.
    Frexp {
        /// Argument type.
        arg: ValTy,
        /// The result struct.
        result: ResultStruct,
    },
    /// `atomicCompareExchangeWeak`, returning the WGSL result struct.
    AtomicCompareExchange {
        /// `i32` or `u32`.
        scalar: Scalar,
        /// Storage or workgroup.
        space: AddressSpace,
        /// The result struct.
        result: ResultStruct,
    },
    /// `subgroupBallot`: `simd_ballot` widened to `vec4<u32>`.
    SubgroupBallot,
    /// `subgroupMatrixLoad` of an f32 or f16 8x8 matrix.
    MatrixLoad {
        /// Component type (f32 or f16).
        comp: Scalar,
        /// Storage or workgroup.
        space: AddressSpace,
    },
    /// `subgroupMatrixStore` of an f32 or f16 8x8 matrix.
    MatrixStore {
        /// Component type (f32 or f16).
        comp: Scalar,
        /// Storage or workgroup.
        space: AddressSpace,
    },
    /// `subgroupMatrixMultiply`.
    MatrixMultiply {
        /// Component type (f32 or f16) of every operand.
        comp: Scalar,
    },
    /// `subgroupMatrixMultiplyAccumulate`.
    MatrixMultiplyAccumulate {
        /// Component type (f32 or f16) of every operand.
        comp: Scalar,
    },
    /// An element-wise operation (`tessera_experimental_subgroup_matrix`).
    MatrixElementwise(Elementwise),
    /// `subgroupMatrixScalarAdd/Subtract/Multiply`.
    MatrixScalar {
        /// The operation.
        op: MatrixScalarOp,
        /// Component type (f32 or f16).
        comp: Scalar,
    },
}

impl Helper {
    /// The function name of the helper.
    pub fn name(&self) -> String {
        match self {
            Helper::Modf { arg, .. } => format!("tessera_modf_{}", arg.suffix()),
            Helper::Frexp { arg, .. } => format!("tessera_frexp_{}", arg.suffix()),
            Helper::AtomicCompareExchange { scalar, space, .. } => format!(
                "tessera_atomic_compare_exchange_weak_{}_{}",
                space_qualifier(*space),
                scalar_name(*scalar)
            ),
            Helper::SubgroupBallot => "tessera_subgroup_ballot".to_string(),
            Helper::MatrixLoad { comp, space } => format!(
                "tessera_simdgroup_load_{}_{}",
                space_qualifier(*space),
                scalar_name(*comp)
            ),
            Helper::MatrixStore { comp, space } => format!(
                "tessera_simdgroup_store_{}_{}",
                space_qualifier(*space),
                scalar_name(*comp)
            ),
            Helper::MatrixMultiply { comp } => {
                format!("tessera_simdgroup_multiply_{}", scalar_name(*comp))
            }
            Helper::MatrixMultiplyAccumulate { comp } => {
                format!(
                    "tessera_simdgroup_multiply_accumulate_{}",
                    scalar_name(*comp)
                )
            }
            Helper::MatrixElementwise(e) => e.name(),
            Helper::MatrixScalar { op, comp } => format!(
                "tessera_simdgroup_scalar_{}_{}",
                match op {
                    MatrixScalarOp::Add => "add",
                    MatrixScalarOp::Subtract => "subtract",
                    MatrixScalarOp::Multiply => "multiply",
                },
                scalar_name(*comp)
            ),
        }
    }
}

/// The set of helpers a module needs.
#[derive(Clone, Debug, Default)]
pub(super) struct Helpers {
    /// By function name, which orders the output.
    set: BTreeMap<String, Helper>,
}

impl Helpers {
    /// Requests a helper; returns its function name.
    pub fn request(&mut self, helper: Helper) -> String {
        let name = helper.name();
        self.set.entry(name.clone()).or_insert(helper);
        name
    }

    /// Whether no helper was requested.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// Writes every requested helper, each followed by a blank line.
    pub fn write(&self, out: &mut String) {
        for (name, helper) in &self.set {
            write_helper(out, name, helper);
            out.push('\n');
        }
    }
}

fn write_helper(out: &mut String, name: &str, helper: &Helper) {
    // `write!` to a String cannot fail.
    let _ = match helper {
        Helper::Modf { arg, result } => {
            let ty = arg.name();
            write!(
                out,
                "{} {name}({ty} x) {{\n  {ty} whole;\n  {ty} fract = metal::modf(x, whole);\n{}}}\n",
                result.name,
                result.build("fract", "whole")
            )
        }
        Helper::Frexp { arg, result } => {
            let ty = arg.name();
            let e = arg.with_scalar(Scalar::I32).name();
            write!(
                out,
                "{} {name}({ty} x) {{\n  {e} exponent;\n  {ty} fract = metal::frexp(x, exponent);\n{}}}\n",
                result.name,
                result.build("fract", "exponent")
            )
        }
        Helper::AtomicCompareExchange {
            scalar,
            space,
            result,
        } => {
            let s = scalar_name(*scalar);
            let q = space_qualifier(*space);
            write!(
                out,
                "{} {name}({q} metal::atomic_{s}* p, {s} compare, {s} value) {{\n  {s} old = compare;\n  bool exchanged = metal::atomic_compare_exchange_weak_explicit(p, &old, value, metal::memory_order_relaxed, metal::memory_order_relaxed);\n{}}}\n",
                result.name,
                result.build("old", "exchanged")
            )
        }
        Helper::SubgroupBallot => write!(
            out,
            "metal::uint4 {name}(bool predicate) {{\n  ulong bits = static_cast<ulong>(metal::simd_ballot(predicate)) & static_cast<ulong>(metal::simd_active_threads_mask());\n  return metal::uint4(uint(bits), uint(bits >> 32), 0u, 0u);\n}}\n"
        ),
        Helper::MatrixLoad { comp, space } => {
            write_load_helper(out, name, *comp, *space)
        }
        Helper::MatrixStore { comp, space } => {
            write_store_helper(out, name, *comp, *space)
        }
        Helper::MatrixMultiply { comp } => write_multiply_helper(out, name, *comp),
        Helper::MatrixMultiplyAccumulate { comp } => {
            write_multiply_accumulate_helper(out, name, *comp)
        }
        Helper::MatrixScalar { op, comp } => {
            write_scalar_helper(out, name, *op, *comp)
        }
        Helper::MatrixElementwise(e) => e.write(out, name),
    };
}

// ---- subgroup-matrix helpers (`matrix` requests them) ----

/// The Metal type of an 8x8 subgroup matrix with `comp` components.
pub(super) fn comp_type_name(comp: Scalar) -> &'static str {
    match comp {
        Scalar::F16 => "metal::simdgroup_half8x8",
        Scalar::BF16 => "metal::simdgroup_bfloat8x8",
        _ => "metal::simdgroup_float8x8",
    }
}

/// `metal::make_filled_simdgroup_matrix` with `comp` components.
pub(super) fn filled(comp: Scalar, value: &str) -> String {
    if comp == Scalar::BF16 {
        // The shader scalar of a bf16 matrix is f32, which Metal converts
        // to bfloat only explicitly.
        return format!("metal::make_filled_simdgroup_matrix<bfloat, 8, 8>(bfloat({value}))");
    }
    format!(
        "metal::make_filled_simdgroup_matrix<{}, 8, 8>({value})",
        scalar_name(comp)
    )
}

fn params(comp: Scalar, space: AddressSpace, constness: &str) -> String {
    format!(
        "{constness}{} {}* base, uint offset, uint stride, uint k, bool transpose",
        space_qualifier(space),
        scalar_name(comp)
    )
}

/// Defines a load helper.
fn write_load_helper(
    out: &mut String,
    name: &str,
    comp: Scalar,
    space: AddressSpace,
) -> std::fmt::Result {
    let m = comp_type_name(comp);
    writeln!(out, "{m} {name}({}) {{", params(comp, space, "const "))?;
    writeln!(out, "  {m} m;")?;
    writeln!(
        out,
        "  metal::simdgroup_load(m, base + ulong(offset) * k, ulong(stride) * k, ulong2(0, 0), transpose);"
    )?;
    writeln!(out, "  return m;")?;
    writeln!(out, "}}")
}

/// Defines a store helper.
fn write_store_helper(
    out: &mut String,
    name: &str,
    comp: Scalar,
    space: AddressSpace,
) -> std::fmt::Result {
    let m = comp_type_name(comp);
    writeln!(
        out,
        "void {name}({m} value, {}) {{",
        params(comp, space, "")
    )?;
    writeln!(
        out,
        "  metal::simdgroup_store(value, base + ulong(offset) * k, ulong(stride) * k, ulong2(0, 0), transpose);"
    )?;
    writeln!(out, "}}")
}

/// Defines `d = a * b`.
fn write_multiply_helper(out: &mut String, name: &str, comp: Scalar) -> std::fmt::Result {
    let m = comp_type_name(comp);
    write!(
        out,
        "{m} {name}({m} a, {m} b) {{\n  {m} d;\n  metal::simdgroup_multiply(d, a, b);\n  return d;\n}}\n"
    )
}

/// Defines `d = a * b + c`.
fn write_multiply_accumulate_helper(
    out: &mut String,
    name: &str,
    comp: Scalar,
) -> std::fmt::Result {
    let m = comp_type_name(comp);
    write!(
        out,
        "{m} {name}({m} a, {m} b, {m} c) {{\n  {m} d;\n  metal::simdgroup_multiply_accumulate(d, a, b, c);\n  return d;\n}}\n"
    )
}

/// Defines a scalar operation by the proposal's mapping (see the module
/// documentation for the algebra).
fn write_scalar_helper(
    out: &mut String,
    name: &str,
    op: MatrixScalarOp,
    comp: Scalar,
) -> std::fmt::Result {
    let m = comp_type_name(comp);
    let s = scalar_name(comp);
    let one = float_literal(comp, "1.0");
    writeln!(out, "{m} {name}({m} m, {s} s) {{")?;
    writeln!(out, "  {m} d;")?;
    match op {
        MatrixScalarOp::Add | MatrixScalarOp::Subtract => {
            let v = if op == MatrixScalarOp::Add { "s" } else { "-s" };
            writeln!(out, "  {m} identity = {m}({one});")?;
            writeln!(out, "  {m} filled = {};", filled(comp, v))?;
            writeln!(
                out,
                "  metal::simdgroup_multiply_accumulate(d, m, identity, filled);"
            )?;
        }
        MatrixScalarOp::Multiply => {
            writeln!(out, "  {m} diagonal = {m}(s);")?;
            writeln!(out, "  metal::simdgroup_multiply(d, m, diagonal);")?;
        }
    }
    writeln!(out, "  return d;")?;
    writeln!(out, "}}")
}

/// One element-wise operation, as a helper key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum ElementOp {
    /// `a op b` between two matrices.
    Binary(BinaryOperator),
    /// `-a`.
    Negate,
    /// A math builtin; bit `i` of the mask is set when argument `i` is a
    /// matrix (the others are scalars).
    Math(MathFunction, u8, u8),
    /// A component conversion to the given component type.
    Convert(Scalar),
}

/// The helper for `op` on matrices of `comp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Elementwise {
    pub op: ElementOp,
    pub comp: Scalar,
}

pub(super) fn msl_math(fun: MathFunction) -> Option<&'static str> {
    use MathFunction as M;
    Some(match fun {
        M::Abs => "metal::abs",
        M::Min => "metal::min",
        M::Max => "metal::max",
        M::Clamp => "metal::clamp",
        M::Sign => "metal::sign",
        M::Exp => "metal::exp",
        M::Exp2 => "metal::exp2",
        M::Log => "metal::log",
        M::Log2 => "metal::log2",
        M::Sqrt => "metal::sqrt",
        M::InverseSqrt => "metal::rsqrt",
        M::Tanh => "metal::tanh",
        M::Sin => "metal::sin",
        M::Cos => "metal::cos",
        M::Floor => "metal::floor",
        M::Ceil => "metal::ceil",
        M::Round => "metal::rint",
        M::Trunc => "metal::trunc",
        M::Saturate => "metal::saturate",
        M::Step => "metal::step",
        M::Pow => "metal::pow",
        M::Fma => "metal::fma",
        M::Mix => "metal::mix",
        _ => return None,
    })
}

impl Elementwise {
    /// The helper's function name.
    pub fn name(&self) -> String {
        let c = scalar_name(self.comp);
        match self.op {
            ElementOp::Binary(op) => format!("tessera_simdgroup_{}_{c}", binary_name(op)),
            ElementOp::Negate => format!("tessera_simdgroup_negate_{c}"),
            ElementOp::Math(fun, mask, _) => {
                format!(
                    "tessera_simdgroup_{}_{mask}_{c}",
                    format!("{fun:?}").to_lowercase()
                )
            }
            ElementOp::Convert(to) => format!("tessera_simdgroup_convert_{c}_{}", scalar_name(to)),
        }
    }

    /// Writes the helper.
    pub fn write(&self, out: &mut String, name: &str) -> std::fmt::Result {
        let m = comp_type_name(self.comp);
        let s = scalar_name(self.comp);
        let v = format!("metal::{s}2");
        let (ret, params, body) = match self.op {
            ElementOp::Binary(op) => (
                m.to_string(),
                format!("{m} a, {m} b"),
                format!(
                    "a.thread_elements() {} b.thread_elements()",
                    binary_symbol(op)
                ),
            ),
            ElementOp::Negate => (
                m.to_string(),
                format!("{m} a"),
                "-a.thread_elements()".to_string(),
            ),
            ElementOp::Math(fun, mask, arity) => {
                let f = msl_math(fun).unwrap_or("metal::abs");
                let mut ps = Vec::new();
                let mut args = Vec::new();
                for i in 0..arity {
                    if mask & (1 << i) != 0 {
                        ps.push(format!("{m} a{i}"));
                        args.push(format!("a{i}.thread_elements()"));
                    } else {
                        ps.push(format!("{s} a{i}"));
                        args.push(format!("{v}(a{i})"));
                    }
                }
                (
                    m.to_string(),
                    ps.join(", "),
                    format!("{f}({})", args.join(", ")),
                )
            }
            ElementOp::Convert(to) => (
                comp_type_name(to).to_string(),
                format!("{m} a"),
                format!("metal::{}2(a.thread_elements())", scalar_name(to)),
            ),
        };
        writeln!(out, "{ret} {name}({params}) {{")?;
        writeln!(out, "  {ret} d;")?;
        writeln!(out, "  d.thread_elements() = {body};")?;
        writeln!(out, "  return d;")?;
        writeln!(out, "}}")
    }
}

fn binary_name(op: BinaryOperator) -> &'static str {
    match op {
        BinaryOperator::Add => "add",
        BinaryOperator::Subtract => "subtract",
        BinaryOperator::Multiply => "multiply_elements",
        _ => "divide",
    }
}

fn binary_symbol(op: BinaryOperator) -> &'static str {
    match op {
        BinaryOperator::Add => "+",
        BinaryOperator::Subtract => "-",
        BinaryOperator::Multiply => "*",
        _ => "/",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_helper_once_in_name_order() {
        let mut h = Helpers::default();
        let b = h.request(Helper::SubgroupBallot);
        let a = h.request(Helper::MatrixMultiply { comp: Scalar::F32 });
        let b2 = h.request(Helper::SubgroupBallot);
        assert_eq!(a, "tessera_simdgroup_multiply_float");
        assert_eq!(b, "tessera_subgroup_ballot");
        assert_eq!(b, b2);
        let mut out = String::new();
        h.write(&mut out);
        assert_eq!(out.matches("tessera_subgroup_ballot(").count(), 1);
        let ea = out.find("tessera_simdgroup_multiply_float(").unwrap();
        let fa = out.find("tessera_subgroup_ballot(").unwrap();
        assert!(ea < fa, "{out}");
    }

    #[test]
    fn compare_exchange_helper() {
        let mut h = Helpers::default();
        let n = h.request(Helper::AtomicCompareExchange {
            scalar: Scalar::U32,
            space: AddressSpace::Workgroup,
            result: ResultStruct {
                name: "__atomic_compare_exchange_result_u32".into(),
                members: ["old_value".into(), "exchanged".into()],
            },
        });
        assert_eq!(n, "tessera_atomic_compare_exchange_weak_threadgroup_uint");
        let mut out = String::new();
        h.write(&mut out);
        assert!(out.contains("__atomic_compare_exchange_result_u32 tessera_atomic_compare_exchange_weak_threadgroup_uint(threadgroup metal::atomic_uint* p, uint compare, uint value) {"), "{out}");
        assert!(out.contains("metal::atomic_compare_exchange_weak_explicit(p, &old, value, metal::memory_order_relaxed, metal::memory_order_relaxed)"), "{out}");
    }
}

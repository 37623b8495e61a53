//! Type patterns of builtin overloads (`T: f32|f16; vecN<T> -> vecN<T>`) and
//! their instantiation against argument types.
//!
//! An [`Overload`] has up to two scalar type variables (`T`, written
//! [`Sc::S`], and `I`, [`Sc::I`]), one shape variable `N` (scalar, or a vector
//! size) and two matrix dimension variables `C` and `R`. Shapes and matrix
//! dimensions are never changed by automatic conversions, so they are bound
//! directly from the arguments; each scalar variable is then enumerated over
//! its allowed set, giving one concrete candidate per feasible instantiation,
//! with the conversion rank of every argument.

use crate::arena::Handle;
use crate::ir::{Access, AddressSpace, Module, Scalar, Type, TypeInner, VectorSize};
use smallvec::SmallVec;

/// A set of scalar types a type variable ranges over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ScalarSet(u16);

/// The order scalars are enumerated and printed in.
const ORDER: [Scalar; 9] = [
    Scalar::AbstractInt,
    Scalar::AbstractFloat,
    Scalar::F32,
    Scalar::F16,
    Scalar::I32,
    Scalar::U32,
    Scalar::Bool,
    Scalar::I8,
    Scalar::U8,
];

const fn bit(s: Scalar) -> u16 {
    1 << (s as u16)
}

impl ScalarSet {
    /// The empty set (a variable the overload does not use).
    pub const NONE: ScalarSet = ScalarSet(0);

    /// The set of the listed scalars.
    pub const fn of(list: &[Scalar]) -> ScalarSet {
        let mut bits = 0u16;
        let mut i = 0;
        while i < list.len() {
            bits |= bit(list[i]);
            i += 1;
        }
        ScalarSet(bits)
    }

    /// Whether `s` is in the set.
    pub const fn contains(self, s: Scalar) -> bool {
        self.0 & bit(s) != 0
    }

    /// The members, in printing order.
    pub fn iter(self) -> impl Iterator<Item = Scalar> {
        ORDER.into_iter().filter(move |s| self.contains(*s))
    }

    /// "a, b or c".
    pub fn describe(self) -> String {
        let names: Vec<&str> = self.iter().map(|s| s.wgsl_name()).collect();
        match names.split_last() {
            None => String::new(),
            Some((last, [])) => (*last).to_string(),
            Some((last, rest)) => format!("{} or {}", rest.join(", "), last),
        }
    }
}

/// `abstract-float`, `f32`, `f16`.
pub(crate) const FLOAT: ScalarSet =
    ScalarSet::of(&[Scalar::AbstractFloat, Scalar::F32, Scalar::F16]);
/// Concrete floats.
pub(crate) const CFLOAT: ScalarSet = ScalarSet::of(&[Scalar::F32, Scalar::F16]);
/// Every numeric scalar, abstract included.
pub(crate) const NUMERIC: ScalarSet = ScalarSet::of(&[
    Scalar::AbstractInt,
    Scalar::AbstractFloat,
    Scalar::F32,
    Scalar::F16,
    Scalar::I32,
    Scalar::U32,
]);
/// Signed numeric scalars, abstract included.
pub(crate) const SIGNED: ScalarSet = ScalarSet::of(&[
    Scalar::AbstractInt,
    Scalar::AbstractFloat,
    Scalar::F32,
    Scalar::F16,
    Scalar::I32,
]);
/// Concrete numeric scalars.
pub(crate) const CNUMERIC: ScalarSet =
    ScalarSet::of(&[Scalar::F32, Scalar::F16, Scalar::I32, Scalar::U32]);
/// Concrete integers.
pub(crate) const CINT: ScalarSet = ScalarSet::of(&[Scalar::I32, Scalar::U32]);
/// Every scalar (for `select`).
pub(crate) const SCALAR: ScalarSet = ScalarSet::of(&[
    Scalar::AbstractInt,
    Scalar::AbstractFloat,
    Scalar::F32,
    Scalar::F16,
    Scalar::I32,
    Scalar::U32,
    Scalar::Bool,
]);
/// Just `bool`.
pub(crate) const BOOL: ScalarSet = ScalarSet::of(&[Scalar::Bool]);
/// Just `f32`.
pub(crate) const F32: ScalarSet = ScalarSet::of(&[Scalar::F32]);

/// A scalar position in a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sc {
    /// The overload's first scalar variable (printed `T`).
    S,
    /// The overload's second scalar variable (printed `I`).
    I,
    /// A fixed scalar.
    Fix(Scalar),
}

/// A shape position in a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shp {
    /// The overload's shape variable (scalar or `vecN`, per [`NKind`]).
    N,
    /// A scalar.
    One,
    /// A vector of a fixed size.
    V(VectorSize),
}

/// Which shapes the shape variable `N` ranges over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NKind {
    /// Scalar, or a vector of any size.
    ScalarOrVec,
    /// A vector of any size.
    Vec,
}

/// A matrix dimension variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MDim {
    /// Column count variable.
    C,
    /// Row count variable.
    R,
}

/// A parameter or result pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pat {
    /// A scalar or vector.
    Val(Shp, Sc),
    /// `matCxR<T>`.
    Mat(MDim, MDim, Sc),
    /// `ptr<storage|workgroup, atomic<T>, read_write>` (a scalar `T`).
    AtomicPtr(Sc),
    /// `ptr<storage, atomic<vecK<T>>, read_write>` (`atomic<vec2<u32>>`,
    /// `enable atomic_vec2u_min_max;`).
    AtomicVecPtr(VectorSize, Sc),
}

/// The result of an overload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ret {
    /// Returns nothing.
    Void,
    /// A value of the pattern's type.
    Pat(Pat),
    /// `__frexp_result_*` of `T`/`vecN<T>`.
    Frexp,
    /// `__modf_result_*` of `T`/`vecN<T>`.
    Modf,
    /// `__atomic_compare_exchange_result_*` of `T`.
    AtomicCmpXchg,
}

/// One overload of a builtin function.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Overload {
    /// Scalars `T` ranges over.
    pub s: ScalarSet,
    /// Scalars `I` ranges over.
    pub i: ScalarSet,
    /// Shapes `N` ranges over.
    pub n: NKind,
    /// Parameters.
    pub params: &'static [Pat],
    /// Result.
    pub ret: Ret,
}

/// A concrete result type, before interning.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ResultSpec {
    /// No result.
    Void,
    /// A plain type.
    Ty(TypeInner),
    /// `frexp` result struct.
    Frexp(Scalar, Option<VectorSize>),
    /// `modf` result struct.
    Modf(Scalar, Option<VectorSize>),
    /// `atomicCompareExchangeWeak` result struct.
    AtomicCmpXchg(Scalar),
}

/// One feasible instantiation of an overload.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Candidate {
    /// Parameter types.
    pub params: SmallVec<[TypeInner; 4]>,
    /// Conversion rank of each argument to its parameter.
    pub ranks: SmallVec<[u32; 4]>,
    /// Result type.
    pub result: ResultSpec,
}

/// Why an overload did not apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mismatch {
    /// The argument that did not fit (`None`: wrong argument count).
    pub arg: Option<usize>,
    /// A specific message worth reporting instead of the generic one.
    pub message: Option<String>,
}

/// ConversionRank of a scalar (spec "Conversion Rank"), `None` if infeasible.
pub(crate) fn scalar_rank(src: Scalar, dst: Scalar) -> Option<u32> {
    if src == dst {
        return Some(0);
    }
    match (src, dst) {
        (Scalar::AbstractFloat, Scalar::F32) => Some(1),
        (Scalar::AbstractFloat, Scalar::F16) => Some(2),
        (Scalar::AbstractInt, Scalar::I32) => Some(3),
        (Scalar::AbstractInt, Scalar::U32) => Some(4),
        (Scalar::AbstractInt, Scalar::AbstractFloat) => Some(5),
        (Scalar::AbstractInt, Scalar::F32) => Some(6),
        (Scalar::AbstractInt, Scalar::F16) => Some(7),
        _ => None,
    }
}

/// ConversionRank of a value type (scalars, vectors, matrices, and fixed-size
/// arrays of them inherit the component rank; anything else converts only
/// to itself).
pub(crate) fn type_rank(module: &Module, src: &TypeInner, dst: &TypeInner) -> Option<u32> {
    match (src, dst) {
        (TypeInner::Scalar(a), TypeInner::Scalar(b)) => scalar_rank(*a, *b),
        (TypeInner::Vector { size: n, scalar: a }, TypeInner::Vector { size: m, scalar: b })
            if n == m =>
        {
            scalar_rank(*a, *b)
        }
        (
            TypeInner::Matrix {
                columns: c1,
                rows: r1,
                scalar: a,
            },
            TypeInner::Matrix {
                columns: c2,
                rows: r2,
                scalar: b,
            },
        ) if c1 == c2 && r1 == r2 => scalar_rank(*a, *b),
        (
            TypeInner::Array {
                base: b1, size: s1, ..
            },
            TypeInner::Array {
                base: b2, size: s2, ..
            },
        ) if s1 == s2 => {
            let (i1, i2) = (module.types.try_get(*b1)?, module.types.try_get(*b2)?);
            type_rank(module, &i1.inner, &i2.inner)
        }
        _ if src == dst => Some(0),
        _ => None,
    }
}

/// Shape bindings collected from the arguments.
#[derive(Clone, Copy, Debug, Default)]
struct Bindings {
    /// `N`: `Some(None)` = scalar, `Some(Some(k))` = `veck`.
    n: Option<Option<VectorSize>>,
    c: Option<VectorSize>,
    r: Option<VectorSize>,
    /// A scalar variable pinned exactly by a pointer argument.
    exact_s: Option<Scalar>,
    exact_i: Option<Scalar>,
}

fn mismatch(arg: usize) -> Mismatch {
    Mismatch {
        arg: Some(arg),
        message: None,
    }
}

fn bind_dim(slot: &mut Option<VectorSize>, v: VectorSize) -> bool {
    match *slot {
        Some(old) => old == v,
        None => {
            *slot = Some(v);
            true
        }
    }
}

/// Binds shapes from the arguments (first pass).
fn bind(
    module: &Module,
    name: &str,
    ov: &Overload,
    args: &[Handle<Type>],
) -> Result<Bindings, Mismatch> {
    let mut b = Bindings::default();
    for (i, (pat, &arg)) in ov.params.iter().zip(args).enumerate() {
        let inner = match module.types.try_get(arg) {
            Some(t) => &t.inner,
            None => return Err(mismatch(i)),
        };
        match *pat {
            Pat::Val(shape, _) => {
                let arg_shape = match *inner {
                    TypeInner::Scalar(_) => None,
                    TypeInner::Vector { size, .. } => Some(size),
                    _ => return Err(mismatch(i)),
                };
                match shape {
                    Shp::One if arg_shape.is_some() => return Err(mismatch(i)),
                    Shp::V(k) if arg_shape != Some(k) => return Err(mismatch(i)),
                    Shp::N => {
                        if ov.n == NKind::Vec && arg_shape.is_none() {
                            return Err(mismatch(i));
                        }
                        match b.n {
                            Some(old) if old != arg_shape => return Err(mismatch(i)),
                            _ => b.n = Some(arg_shape),
                        }
                    }
                    _ => {}
                }
            }
            Pat::Mat(c, r, _) => {
                let TypeInner::Matrix { columns, rows, .. } = *inner else {
                    return Err(mismatch(i));
                };
                let ok_c = bind_dim(if c == MDim::C { &mut b.c } else { &mut b.r }, columns);
                let ok_r = bind_dim(if r == MDim::C { &mut b.c } else { &mut b.r }, rows);
                if !(ok_c && ok_r) {
                    return Err(mismatch(i));
                }
            }
            Pat::AtomicPtr(sc) | Pat::AtomicVecPtr(_, sc) => {
                let want_size = match *pat {
                    Pat::AtomicVecPtr(k, _) => Some(k),
                    _ => None,
                };
                let TypeInner::Pointer {
                    base,
                    space,
                    access,
                } = *inner
                else {
                    return Err(Mismatch {
                        arg: Some(i),
                        message: Some(format!(
                            "'{name}' requires a pointer to an atomic as argument {}",
                            i + 1
                        )),
                    });
                };
                let atomic = match module.types.try_get(base).map(|t| &t.inner) {
                    // An atomic of the other shape: no message of its own,
                    // the overloads are listed.
                    Some(TypeInner::Atomic { size, .. }) if *size != want_size => {
                        return Err(mismatch(i))
                    }
                    Some(TypeInner::Atomic { scalar, .. }) => *scalar,
                    _ => {
                        return Err(Mismatch {
                            arg: Some(i),
                            message: Some(format!(
                                "'{name}' requires a pointer to an atomic as argument {}",
                                i + 1
                            )),
                        })
                    }
                };
                if want_size.is_some() && space != AddressSpace::Storage {
                    return Err(Mismatch {
                        arg: Some(i),
                        message: Some(format!(
                            "'{name}' requires a pointer in the 'storage' address space, found '{}'",
                            space.wgsl_name()
                        )),
                    });
                }
                if !matches!(space, AddressSpace::Storage | AddressSpace::Workgroup) {
                    return Err(Mismatch {
                        arg: Some(i),
                        message: Some(format!(
                            "'{name}' requires a pointer in the 'storage' or 'workgroup' address space, found '{}'",
                            space.wgsl_name()
                        )),
                    });
                }
                if access != Access::ReadWrite {
                    return Err(Mismatch {
                        arg: Some(i),
                        message: Some(format!(
                            "'{name}' requires a pointer with read_write access, found '{}'",
                            access.wgsl_name()
                        )),
                    });
                }
                let slot = match sc {
                    Sc::S => &mut b.exact_s,
                    Sc::I => &mut b.exact_i,
                    Sc::Fix(s) if s == atomic => continue,
                    Sc::Fix(_) => return Err(mismatch(i)),
                };
                match *slot {
                    Some(old) if old != atomic => return Err(mismatch(i)),
                    _ => *slot = Some(atomic),
                }
            }
        }
    }
    Ok(b)
}

/// Instantiates a pattern with concrete variables.
fn instantiate(
    pat: Pat,
    b: &Bindings,
    s: Scalar,
    i: Scalar,
    arg: Option<&TypeInner>,
) -> Option<TypeInner> {
    let sc = |x: Sc| match x {
        Sc::S => s,
        Sc::I => i,
        Sc::Fix(f) => f,
    };
    Some(match pat {
        Pat::Val(shape, x) => {
            let size = match shape {
                Shp::N => b.n.unwrap_or(None),
                Shp::One => None,
                Shp::V(k) => Some(k),
            };
            match size {
                None => TypeInner::Scalar(sc(x)),
                Some(size) => TypeInner::Vector {
                    size,
                    scalar: sc(x),
                },
            }
        }
        Pat::Mat(c, r, x) => {
            let get = |d: MDim| if d == MDim::C { b.c } else { b.r };
            TypeInner::Matrix {
                columns: get(c)?,
                rows: get(r)?,
                scalar: sc(x),
            }
        }
        // The pointer parameter is the argument itself (checked in `bind`).
        Pat::AtomicPtr(_) | Pat::AtomicVecPtr(..) => arg?.clone(),
    })
}

fn uses(ov: &Overload, var: Sc) -> bool {
    let in_pat = |p: &Pat| match *p {
        Pat::Val(_, x) | Pat::Mat(_, _, x) | Pat::AtomicPtr(x) | Pat::AtomicVecPtr(_, x) => {
            x == var
        }
    };
    ov.params.iter().any(in_pat)
        || match ov.ret {
            Ret::Pat(p) => in_pat(&p),
            Ret::Frexp | Ret::Modf | Ret::AtomicCmpXchg => var == Sc::S,
            Ret::Void => false,
        }
}

/// All feasible instantiations of `ov` for the argument types.
pub(crate) fn candidates(
    module: &Module,
    name: &str,
    ov: &Overload,
    args: &[Handle<Type>],
) -> Result<SmallVec<[Candidate; 2]>, Mismatch> {
    if ov.params.len() != args.len() {
        return Err(Mismatch {
            arg: None,
            message: None,
        });
    }
    let b = bind(module, name, ov, args)?;
    let pick = |set: ScalarSet, exact: Option<Scalar>, used: bool| -> SmallVec<[Scalar; 8]> {
        if !used {
            return smallvec::smallvec![Scalar::Bool];
        }
        match exact {
            Some(e) if set.contains(e) => smallvec::smallvec![e],
            Some(_) => SmallVec::new(),
            None => set.iter().collect(),
        }
    };
    let s_values = pick(ov.s, b.exact_s, uses(ov, Sc::S));
    let i_values = pick(ov.i, b.exact_i, uses(ov, Sc::I));
    let arg_inners: SmallVec<[&TypeInner; 4]> = args
        .iter()
        .filter_map(|&a| module.types.try_get(a).map(|t| &t.inner))
        .collect();
    if arg_inners.len() != args.len() {
        return Err(mismatch(0));
    }
    let mut out = SmallVec::new();
    // The first argument that failed for every instantiation.
    let mut blame: Option<usize> = None;
    // Scratch lists, copied out only for feasible instantiations.
    let mut params: SmallVec<[TypeInner; 4]> = SmallVec::new();
    let mut ranks: SmallVec<[u32; 4]> = SmallVec::new();
    for &s in &s_values {
        'inst: for &i in &i_values {
            params.clear();
            ranks.clear();
            for (k, (pat, arg)) in ov.params.iter().zip(&arg_inners).enumerate() {
                let Some(p) = instantiate(*pat, &b, s, i, Some(arg)) else {
                    blame.get_or_insert(k);
                    continue 'inst;
                };
                let Some(r) = type_rank(module, arg, &p) else {
                    blame = Some(blame.map_or(k, |old| old.max(k)));
                    continue 'inst;
                };
                params.push(p);
                ranks.push(r);
            }
            let result = match ov.ret {
                Ret::Void => ResultSpec::Void,
                Ret::Pat(p) => match instantiate(p, &b, s, i, None) {
                    Some(t) => ResultSpec::Ty(t),
                    None => continue 'inst,
                },
                Ret::Frexp => ResultSpec::Frexp(s, b.n.unwrap_or(None)),
                Ret::Modf => ResultSpec::Modf(s, b.n.unwrap_or(None)),
                Ret::AtomicCmpXchg => ResultSpec::AtomicCmpXchg(s),
            };
            out.push(Candidate {
                params: params.clone(),
                ranks: ranks.clone(),
                result,
            });
        }
    }
    if out.is_empty() {
        return Err(Mismatch {
            arg: blame,
            message: None,
        });
    }
    Ok(out)
}

/// The readable forms of an overload, one per shape (`max(T, T) -> T` and
/// `max(vecN<T>, vecN<T>) -> vecN<T>`), with the `where` clause.
pub(crate) fn describe(name: &str, ov: &Overload) -> Vec<String> {
    let uses_n = ov.params.iter().any(|p| matches!(p, Pat::Val(Shp::N, _)));
    let shapes: &[bool] = match (uses_n, ov.n) {
        (true, NKind::ScalarOrVec) => &[false, true],
        (true, NKind::Vec) => &[true],
        (false, _) => &[false],
    };
    let mut wheres = Vec::new();
    if uses(ov, Sc::S) {
        wheres.push(format!("T is {}", ov.s.describe()));
    }
    if uses(ov, Sc::I) {
        wheres.push(format!("I is {}", ov.i.describe()));
    }
    let where_clause = if wheres.is_empty() {
        String::new()
    } else {
        format!("  where {}", wheres.join(", "))
    };
    shapes
        .iter()
        .map(|&vec| {
            let params: Vec<String> = ov.params.iter().map(|p| pat_name(*p, vec)).collect();
            let ret = match ov.ret {
                Ret::Void => String::new(),
                Ret::Pat(p) => format!(" -> {}", pat_name(p, vec)),
                Ret::Frexp => {
                    format!(" -> __frexp_result_{}", if vec { "vecN_T" } else { "T" })
                }
                Ret::Modf => format!(" -> __modf_result_{}", if vec { "vecN_T" } else { "T" }),
                Ret::AtomicCmpXchg => " -> __atomic_compare_exchange_result_T".to_string(),
            };
            format!("{name}({}){ret}{where_clause}", params.join(", "))
        })
        .collect()
}

fn sc_name(x: Sc) -> &'static str {
    match x {
        Sc::S => "T",
        Sc::I => "I",
        Sc::Fix(s) => s.wgsl_name(),
    }
}

fn pat_name(p: Pat, vec: bool) -> String {
    match p {
        Pat::Val(Shp::N, x) if vec => format!("vecN<{}>", sc_name(x)),
        Pat::Val(Shp::N | Shp::One, x) => sc_name(x).to_string(),
        Pat::Val(Shp::V(k), x) => format!("vec{}<{}>", k.get(), sc_name(x)),
        Pat::Mat(c, r, x) => {
            let d = |d: MDim| if d == MDim::C { "C" } else { "R" };
            format!("mat{}x{}<{}>", d(c), d(r), sc_name(x))
        }
        Pat::AtomicPtr(x) => format!("ptr<AS, atomic<{}>, read_write>", sc_name(x)),
        Pat::AtomicVecPtr(k, x) => format!(
            "ptr<storage, atomic<vec{}<{}>>, read_write>",
            k.get(),
            sc_name(x)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_follow_the_spec_table() {
        assert_eq!(scalar_rank(Scalar::F32, Scalar::F32), Some(0));
        assert_eq!(scalar_rank(Scalar::AbstractFloat, Scalar::F32), Some(1));
        assert_eq!(scalar_rank(Scalar::AbstractInt, Scalar::U32), Some(4));
        assert_eq!(scalar_rank(Scalar::AbstractInt, Scalar::F16), Some(7));
        assert_eq!(
            scalar_rank(Scalar::AbstractFloat, Scalar::AbstractInt),
            None
        );
        assert_eq!(scalar_rank(Scalar::I32, Scalar::U32), None);
    }

    #[test]
    fn set_description() {
        assert_eq!(FLOAT.describe(), "abstract-float, f32 or f16");
        assert_eq!(BOOL.describe(), "bool");
        assert!(CINT.contains(Scalar::U32));
        assert!(!CINT.contains(Scalar::AbstractInt));
    }

    #[test]
    fn describes_both_shapes() {
        static P: [Pat; 2] = [Pat::Val(Shp::N, Sc::S), Pat::Val(Shp::N, Sc::S)];
        let ov = Overload {
            s: NUMERIC,
            i: ScalarSet::NONE,
            n: NKind::ScalarOrVec,
            params: &P,
            ret: Ret::Pat(Pat::Val(Shp::N, Sc::S)),
        };
        let d = describe("max", &ov);
        assert_eq!(
            d[0],
            "max(T, T) -> T  where T is abstract-int, abstract-float, f32, f16, i32 or u32"
        );
        assert!(d[1].starts_with("max(vecN<T>, vecN<T>) -> vecN<T>  where"));
    }
}

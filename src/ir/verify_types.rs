//! The expression type rules of the IR verifier ([`super::verify`]): what
//! each expression's recorded type must be, given its operands' recorded
//! types (`verify_statements.rs` has what each statement requires of its
//! operands and result).
//!
//! Only the structural part of WGSL's typing is checked, the part the IR
//! fixes by construction and the printers rely on: a `Load` gives its
//! pointer's pointee, an access chain into a pointer stays a pointer into
//! the same address space (and access mode), comparisons give booleans of
//! the operands' shape, arithmetic gives the shape WGSL's operator rules
//! give, a `Compose` has the parts its type has, a component-wise builtin
//! gives its first argument's type, a call passes its callee's parameter
//! types, nothing loads or stores an atomic or a runtime-sized array as a
//! whole, a texel offset is a constant (SPIR-V's `ConstOffset`). Which
//! argument types a builtin accepts (its overloads) and the stage and
//! address-space rules are the resolver's and the validator's: re-checking
//! them would need the whole type checker.

use crate::arena::Handle;
use crate::ir::display::{inner_name, type_name};
use crate::ir::{
    Access, AddressSpace, ArraySize, BinaryOperator, ConstValue, Expression, Function, ImageQuery,
    MathFunction, Module, Scalar, Type, TypeInner, VectorSize,
};

pub(super) use super::verify_rules::{ensure, pointee, Rule};

type H = Handle<Expression>;

/// The expressions a rule reads: a function's or the module's global ones.
pub(super) struct Exprs<'a> {
    pub m: &'a Module,
    pub exprs: &'a crate::arena::Arena<Expression>,
    pub types: &'a [Handle<Type>],
    /// The function, or `None` for global expressions.
    pub f: Option<&'a Function>,
    /// Per type: whether it is not copyable ([`not_copyable`]).
    pub no_copy: &'a [bool],
}

impl Exprs<'_> {
    pub(super) fn ty(&self, h: H) -> Handle<Type> {
        self.types[h.index()]
    }

    pub(super) fn inner(&self, h: H) -> &TypeInner {
        self.m.inner(self.ty(h))
    }

    /// `[h] (type)`, for messages.
    pub(super) fn show(&self, h: H) -> String {
        format!("[{}] ({})", h.index(), self.name(self.ty(h)))
    }

    pub(super) fn name(&self, t: Handle<Type>) -> String {
        type_name(self.m, t)
    }

    /// `what [h] (type) has the wrong type` unless `ok`.
    pub(super) fn operand(
        &self,
        h: H,
        what: &str,
        ok: impl Fn(&TypeInner) -> bool,
    ) -> Result<(), Rule> {
        ensure(ok(self.inner(h)), || {
            format!("{what} {} has the wrong type", self.show(h))
        })
    }

    /// The `*Result` expression `r` of a statement, if it is a `kind`.
    pub(super) fn result_of(&self, r: H, kind: &str) -> Result<&Expression, Rule> {
        let e = &self.exprs[r];
        ensure(expression_kind(e) == kind, || {
            format!(
                "its result [{}] is `{}`, not `{kind}`",
                r.index(),
                expression_kind(e)
            )
        })?;
        Ok(e)
    }
}

/// Per type: whether it is or holds an atomic or a runtime-sized array,
/// which no `Load` reads and no `Store` writes as a whole (atomics are
/// read and written by the atomic builtins only; runtime-sized arrays are
/// not constructible). Components are earlier types (checked first).
pub(super) fn not_copyable(m: &Module) -> Vec<bool> {
    let mut out: Vec<bool> = Vec::with_capacity(m.types.len());
    for (_, t) in m.types.iter() {
        let holds = |t: Handle<Type>| out.get(t.index()).copied().unwrap_or(false);
        let v = match t.inner {
            TypeInner::Atomic { .. } => true,
            TypeInner::Array { base, size, .. } => size == ArraySize::Runtime || holds(base),
            TypeInner::Struct { ref members, .. } => members.iter().any(|mb| holds(mb.ty)),
            _ => false,
        };
        out.push(v);
    }
    out
}

/// What a rule expects of a type: a given type, or a shape (for types the
/// module may not have interned).
enum Want<'a> {
    Ty(Handle<Type>),
    Shape(TypeInner),
    Ref(&'a TypeInner),
}

fn is(m: &Module, actual: Handle<Type>, want: &Want) -> bool {
    match want {
        Want::Ty(t) => actual == *t,
        Want::Shape(s) => m.inner(actual) == s,
        Want::Ref(s) => m.inner(actual) == *s,
    }
}

fn want_name(m: &Module, want: &Want) -> String {
    match want {
        Want::Ty(t) => type_name(m, *t),
        Want::Shape(s) => inner_name(m, s),
        Want::Ref(s) => inner_name(m, s),
    }
}

pub(super) fn scalar(s: Scalar) -> TypeInner {
    TypeInner::Scalar(s)
}

pub(super) fn vector(size: VectorSize, scalar: Scalar) -> TypeInner {
    TypeInner::Vector { size, scalar }
}

pub(super) fn is_bool(t: &TypeInner) -> bool {
    *t == TypeInner::Scalar(Scalar::Bool)
}

pub(super) fn is_index(t: &TypeInner) -> bool {
    matches!(t, TypeInner::Scalar(Scalar::I32 | Scalar::U32))
}

fn is_scalar(t: &TypeInner) -> bool {
    matches!(t, TypeInner::Scalar(_))
}

fn is_array(t: &TypeInner) -> bool {
    matches!(t, TypeInner::Array { .. })
}

pub(super) fn is_matrix(t: &TypeInner) -> bool {
    matches!(t, TypeInner::SubgroupMatrix { .. })
}

fn is_image(t: &TypeInner) -> bool {
    matches!(t, TypeInner::Image { .. })
}

/// An `i32`/`u32` scalar or vector (texel coordinates).
pub(super) fn is_integral(t: &TypeInner) -> bool {
    matches!(components(t), Some((_, Scalar::I32 | Scalar::U32)))
}

/// The component count and scalar of a scalar or vector.
pub(super) fn components(t: &TypeInner) -> Option<(u32, Scalar)> {
    match *t {
        TypeInner::Scalar(s) => Some((1, s)),
        TypeInner::Vector { size, scalar } => Some((size.get(), scalar)),
        _ => None,
    }
}

/// A pointer to an array (subgroup-matrix loads and stores).
pub(super) fn points_to_array(m: &Module, t: &TypeInner) -> bool {
    pointee(t).is_some_and(|b| is_array(m.inner(b)))
}

fn matrix_type(m: &Module, t: Handle<Type>) -> Result<(), Rule> {
    ensure(is_matrix(m.inner(t)), || {
        format!("{} is not a subgroup-matrix type", type_name(m, t))
    })
}

/// The element of a composite reached by an index (`member`: the constant
/// index of an `AccessIndex`, which may also select a struct member).
fn element(t: &TypeInner, member: Option<u32>) -> Result<Want<'_>, Rule> {
    let bound = |n: u32| match member {
        Some(i) if i >= n => Err(format!("index {i} is out of range (the type has {n})")),
        _ => Ok(()),
    };
    match *t {
        TypeInner::Vector { size, scalar: s } => bound(size.get()).map(|()| Want::Shape(scalar(s))),
        TypeInner::Matrix {
            columns,
            rows,
            scalar: s,
        } => bound(columns.get()).map(|()| Want::Shape(vector(rows, s))),
        TypeInner::Array { base, size, .. } => match size {
            ArraySize::Constant(n) => bound(n).map(|()| Want::Ty(base)),
            _ => Ok(Want::Ty(base)),
        },
        TypeInner::Struct { ref members, .. } => match member.map(|i| members.get(i as usize)) {
            Some(Some(mb)) => Ok(Want::Ty(mb.ty)),
            Some(None) => Err(format!(
                "a member out of range (the struct has {})",
                members.len()
            )),
            None => {
                Err("a struct is indexed dynamically (only `AccessIndex` selects a member)".into())
            }
        },
        TypeInner::SubgroupMatrix { scalar: s, .. } => Ok(Want::Shape(scalar(s))),
        TypeInner::CoopVector { scalar: s, size } => bound(size).map(|()| Want::Shape(scalar(s))),
        TypeInner::BindingArray { base, size } => match size {
            Some(n) => bound(n).map(|()| Want::Ty(base)),
            None => Ok(Want::Ty(base)),
        },
        _ => Err("the base is not a vector, matrix, array, struct or subgroup matrix".into()),
    }
}

/// Checks the recorded type of `h` against its operands (see the module
/// doc for what is checked). Handles are known to be in range.
pub(super) fn expression(x: &Exprs, h: H) -> Result<(), Rule> {
    use Expression as E;
    let m = x.m;
    let ty = x.ty(h);
    let result = m.inner(ty);
    let expect = |want: Want| {
        ensure(is(m, ty, &want), || {
            format!(
                "its type is {} but it must be {}",
                x.name(ty),
                want_name(m, &want)
            )
        })
    };
    match x.exprs[h] {
        E::Literal(l) => {
            ensure(x.f.is_none() || !l.scalar().is_abstract(), || {
                "an abstract literal in a function (the resolver concretises them)".into()
            })?;
            expect(Want::Shape(scalar(l.scalar())))
        }
        E::Constant(c) => match m.constants[c] {
            ConstValue::Scalar(l) => expect(Want::Shape(scalar(l.scalar()))),
            ConstValue::Composite { ty: t, .. } | ConstValue::Zero(t) => expect(Want::Ty(t)),
        },
        E::Override(o) => expect(Want::Ty(m.overrides[o].ty)),
        E::OverrideExpr(g) => expect(Want::Ty(m.global_expression_types[g.index()])),
        E::ZeroValue(t) => expect(Want::Ty(t)),
        E::Compose {
            ty: t,
            ref components,
        } => {
            expect(Want::Ty(t))?;
            compose(x, t, components)
        }
        E::Splat { size, value } => match *x.inner(value) {
            TypeInner::Scalar(s) => expect(Want::Shape(vector(size, s))),
            _ => x.operand(value, "the splat value", |_| false),
        },
        E::Swizzle {
            size,
            vector: v,
            pattern,
        } => {
            let TypeInner::Vector { size: n, scalar: s } = *x.inner(v) else {
                return x.operand(v, "the swizzled value", |_| false);
            };
            let bad = pattern[..size.get() as usize]
                .iter()
                .find(|&&c| u32::from(c) >= n.get());
            ensure(bad.is_none(), || {
                format!("a component past the {} of {}", n.get(), x.show(v))
            })?;
            expect(Want::Shape(vector(size, s)))
        }
        E::Access { base, index } => {
            x.operand(index, "the index", is_index)?;
            access(x, ty, base, None)
        }
        E::AccessIndex { base, index } => access(x, ty, base, Some(index)),
        E::FunctionArgument(n) => match x.f {
            Some(f) => expect(Want::Ty(f.arguments[n as usize].ty)),
            None => Err("a function argument in a global expression".into()),
        },
        E::GlobalVariable(g) => {
            let g = &m.global_variables[g];
            let (base, space, access) = (g.ty, g.space, g.access);
            expect(Want::Shape(TypeInner::Pointer {
                base,
                space,
                access,
            }))
        }
        E::LocalVariable(l) => match x.f {
            Some(f) => expect(Want::Shape(TypeInner::Pointer {
                base: f.local_variables[l].ty,
                space: AddressSpace::Function,
                access: Access::ReadWrite,
            })),
            None => Err("a local variable in a global expression".into()),
        },
        E::Load { pointer } => match pointee(x.inner(pointer)) {
            Some(base) => {
                ensure(!x.no_copy[base.index()], || {
                    format!(
                        "it loads {}, which holds an atomic or a runtime-sized array",
                        x.name(base)
                    )
                })?;
                expect(Want::Ty(base))
            }
            None => x.operand(pointer, "the loaded pointer", |_| false),
        },
        E::Unary { expr, .. } | E::Derivative { expr, .. } => expect(Want::Ty(x.ty(expr))),
        E::Binary { op, left, right } => binary(x, ty, op, left, right),
        E::Select {
            condition,
            accept,
            reject,
        } => {
            ensure(x.ty(accept) == x.ty(reject), || {
                format!(
                    "select's values {} and {} differ",
                    x.show(accept),
                    x.show(reject)
                )
            })?;
            let size = components(x.inner(accept)).map(|(n, _)| n);
            x.operand(condition, "the condition", |c| {
                is_bool(c) || matches!(components(c), Some((n, Scalar::Bool)) if Some(n) == size)
            })?;
            expect(Want::Ty(x.ty(accept)))
        }
        E::Math { fun, ref args } => math(x, ty, fun, args),
        E::Convert { expr, ty: t } => {
            expect(Want::Ty(t))?;
            let same_shape = match (x.inner(expr), m.inner(t)) {
                (TypeInner::Scalar(_), TypeInner::Scalar(_)) => true,
                (TypeInner::Vector { size: a, .. }, TypeInner::Vector { size: b, .. }) => a == b,
                (
                    &TypeInner::Matrix { columns, rows, .. },
                    &TypeInner::Matrix {
                        columns: c,
                        rows: r,
                        ..
                    },
                ) => (columns, rows) == (c, r),
                (a, b) => is_matrix(a) && is_matrix(b),
            };
            x.operand(expr, "the converted value", |_| same_shape)
        }
        E::Bitcast { expr, ty: t } => {
            expect(Want::Ty(t))?;
            let bits = |t: &TypeInner| components(t).map(|(n, s)| n * s.size());
            let (a, b) = (bits(x.inner(expr)), bits(m.inner(t)));
            ensure(a.is_some() && a == b, || {
                format!(
                    "a bitcast of {} to {}: not of the same size",
                    x.show(expr),
                    x.name(t)
                )
            })
        }
        E::ArrayLength(p) => {
            x.operand(p, "arrayLength's pointer", |t| {
                pointee(t).is_some_and(|b| {
                    matches!(
                        m.inner(b),
                        TypeInner::Array {
                            size: ArraySize::Runtime,
                            ..
                        }
                    )
                })
            })?;
            expect(Want::Shape(scalar(Scalar::U32)))
        }
        E::BufferLength(p) => {
            x.operand(p, "bufferLength's pointer", |t| {
                pointee(t).is_some_and(|b| matches!(m.inner(b), TypeInner::Buffer { .. }))
            })?;
            expect(Want::Shape(scalar(Scalar::U32)))
        }
        E::ResourceTable { op, ty, index } => {
            let int = |t: &TypeInner| matches!(t, TypeInner::Scalar(Scalar::I32 | Scalar::U32));
            x.operand(index, "the resource table's index", int)?;
            if !matches!(
                m.types.try_get(ty).map(|t| &t.inner),
                Some(TypeInner::Image { .. } | TypeInner::Sampler { .. })
            ) {
                return Err("the resource table's type is not a texture or sampler".to_string());
            }
            match op {
                crate::ir::ResourceTableOp::Has => expect(Want::Shape(scalar(Scalar::Bool))),
                crate::ir::ResourceTableOp::Get => expect(Want::Ty(ty)),
            }
        }
        E::BufferView {
            pointer,
            offset,
            size,
        } => {
            x.operand(pointer, "the buffer view's pointer", |t| {
                pointee(t).is_some_and(|b| matches!(m.inner(b), TypeInner::Buffer { .. }))
            })?;
            let int = |t: &TypeInner| matches!(t, TypeInner::Scalar(Scalar::I32 | Scalar::U32));
            x.operand(offset, "the buffer view's offset", int)?;
            if let Some(size) = size {
                x.operand(size, "the buffer view's size", int)?;
            }
            ensure(pointee(result).is_some(), || {
                format!("its type is {} but it must be a pointer", x.name(ty))
            })
        }
        E::CallResult(f) => match &m.functions[f].result {
            Some(r) => expect(Want::Ty(r.ty)),
            None => Err(format!("function [{}] returns nothing", f.index())),
        },
        E::AtomicResult { ty: t }
        | E::WorkgroupUniformLoadResult { ty: t }
        | E::SubgroupResult { ty: t }
        | E::IntrinsicResult { ty: t } => expect(Want::Ty(t)),
        E::SubgroupMatrixLoad {
            ty: t,
            pointer,
            offset,
            stride,
            ..
        } => {
            expect(Want::Ty(t))?;
            matrix_type(m, t)?;
            x.operand(pointer, "the pointer", |p| points_to_array(m, p))?;
            x.operand(offset, "the offset", is_index)?;
            x.operand(stride, "the stride", is_index)
        }
        E::CoopVecMatMul { ty: t, .. } => {
            expect(Want::Ty(t))?;
            let types = super::verify_coop_vector::Types {
                m: x.m,
                of: x.types,
            };
            super::verify_coop_vector::mat_mul(&types, &x.exprs[h])
        }
        E::SubgroupMatrixMultiply {
            ty: t,
            left,
            right,
            acc,
        } => {
            expect(Want::Ty(t))?;
            matrix_type(m, t)?;
            x.operand(left, "the left operand", is_matrix)?;
            x.operand(right, "the right operand", is_matrix)?;
            match acc {
                Some(a) => ensure(x.ty(a) == t, || format!("the accumulator {}", x.show(a))),
                None => Ok(()),
            }
        }
        E::SubgroupMatrixScalar { matrix, scalar, .. } => {
            x.operand(matrix, "the matrix", is_matrix)?;
            x.operand(scalar, "the scalar", is_scalar)?;
            expect(Want::Ty(x.ty(matrix)))
        }
        E::SubgroupMatrixFromInvocations { ty: t, array, .. } => {
            expect(Want::Ty(t))?;
            matrix_type(m, t)?;
            x.operand(array, "the array", is_array)
        }
        E::SubgroupMatrixToInvocations { matrix, .. } => {
            x.operand(matrix, "the matrix", is_matrix)?;
            ensure(is_array(result), || {
                format!("its type {} is not an array", x.name(ty))
            })
        }
        E::SubgroupMatrixLength(t) => {
            matrix_type(m, t)?;
            expect(Want::Shape(scalar(Scalar::U32)))
        }
        E::SubgroupMatrixPerElement {
            matrix,
            function,
            ref arguments,
        } => {
            x.operand(matrix, "the matrix", is_matrix)?;
            let params = m.functions[function].arguments.len();
            ensure(params == arguments.len() + 3, || {
                format!(
                    "function [{}] takes {params} parameters, not row, column, element and {} arguments",
                    function.index(),
                    arguments.len()
                )
            })?;
            expect(Want::Ty(x.ty(matrix)))
        }
        E::SubgroupMatrixFill { ty: t, value } => {
            expect(Want::Ty(t))?;
            matrix_type(m, t)?;
            x.operand(value, "the fill value", is_scalar)
        }
        E::SubgroupMatrixReduce {
            matrix, function, ..
        } => {
            x.operand(matrix, "the reduced matrix", |t| {
                matches!(
                    t,
                    TypeInner::SubgroupMatrix {
                        kind: crate::ir::SubgroupMatrixKind::Result,
                        ..
                    }
                )
            })?;
            if let Some(f) = function {
                ensure(m.functions.try_get(f).is_some(), || {
                    format!("its combining function [{}] does not exist", f.index())
                })?;
            }
            expect(Want::Ty(x.ty(matrix)))
        }
        E::SubgroupMatrixIndex { ty: t, .. } => {
            expect(Want::Ty(t))?;
            matrix_type(m, t)
        }
        E::ImageSample {
            image,
            sampler,
            coordinate,
            array_index,
            offset,
            ..
        } => {
            // A texel offset is a constant (SPIR-V's `ConstOffset`).
            if let Some(o) = offset {
                let constant = matches!(x.exprs[o], E::Constant(_) | E::Literal(_));
                ensure(constant, || {
                    format!("the offset [{}] is not a constant", o.index())
                })?;
                x.operand(o, "the offset", is_integral)?;
            }
            x.operand(image, "the texture", is_image)?;
            x.operand(sampler, "the sampler", |t| {
                matches!(t, TypeInner::Sampler { .. })
            })?;
            x.operand(coordinate, "the coordinate", |t| {
                matches!(components(t), Some((_, Scalar::F32)))
            })?;
            if let Some(a) = array_index {
                x.operand(a, "the array index", is_index)?;
            }
            texel(x, ty)
        }
        E::ImageLoad {
            image,
            coordinate,
            array_index,
            sample,
            level,
        } => {
            x.operand(image, "the texture", is_image)?;
            x.operand(coordinate, "the coordinate", is_integral)?;
            for (h, what) in [
                (array_index, "the array index"),
                (sample, "the sample index"),
                (level, "the level"),
            ] {
                if let Some(h) = h {
                    x.operand(h, what, is_index)?;
                }
            }
            texel(x, ty)
        }
        E::ImageQuery { image, query } => {
            x.operand(image, "the texture", is_image)?;
            let ok = match (query, components(result)) {
                (ImageQuery::Size { .. }, Some((_, s))) | (_, Some((1, s))) => s == Scalar::U32,
                _ => false,
            };
            ensure(ok, || {
                format!("its type {} is not u32 or a vector of u32", x.name(ty))
            })
        }
    }
}

/// A texel: a 4-component vector, or a scalar (depth textures).
fn texel(x: &Exprs, ty: Handle<Type>) -> Result<(), Rule> {
    let ok = matches!(components(x.m.inner(ty)), Some((1 | 4, _)));
    ensure(ok, || {
        format!(
            "its type {} is not a texel (a vec4 or a depth scalar)",
            x.name(ty)
        )
    })
}

/// `Compose`: the parts a vector, matrix, array or struct of type `t` has.
fn compose(x: &Exprs, t: Handle<Type>, parts: &[H]) -> Result<(), Rule> {
    let m = x.m;
    let count = |n: usize| {
        ensure(parts.len() == n, || {
            format!("{} parts for {}, which has {n}", parts.len(), x.name(t))
        })
    };
    let each = |want: &Want| match parts.iter().find(|&&p| !is(m, x.ty(p), want)) {
        None => Ok(()),
        Some(&p) => Err(format!(
            "part {} of {} is not {}",
            x.show(p),
            x.name(t),
            want_name(m, want)
        )),
    };
    match *m.inner(t) {
        TypeInner::Vector { size, scalar: s } => {
            let mut total = 0;
            for &p in parts {
                match components(x.inner(p)) {
                    Some((n, ps)) if ps == s => total += n,
                    _ => {
                        return Err(format!(
                            "part {} of {} is not of {}",
                            x.show(p),
                            x.name(t),
                            s.wgsl_name()
                        ))
                    }
                }
            }
            ensure(total == size.get(), || {
                format!(
                    "its parts have {total} components, {} has {}",
                    x.name(t),
                    size.get()
                )
            })
        }
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => {
            count(columns.get() as usize)?;
            each(&Want::Shape(vector(rows, scalar)))
        }
        TypeInner::CoopVector { scalar: s, size } => {
            count(size as usize)?;
            each(&Want::Shape(scalar(s)))
        }
        TypeInner::Array { base, size, .. } => {
            if let ArraySize::Constant(n) = size {
                count(n as usize)?;
            }
            each(&Want::Ty(base))
        }
        TypeInner::Struct { ref members, .. } => {
            count(members.len())?;
            match parts.iter().zip(members).find(|(&p, mb)| x.ty(p) != mb.ty) {
                None => Ok(()),
                Some((&p, mb)) => Err(format!(
                    "part {} for member '{}' of type {}",
                    x.show(p),
                    mb.name,
                    x.name(mb.ty)
                )),
            }
        }
        _ => Err(format!("{} cannot be composed", x.name(t))),
    }
}

/// `Access`/`AccessIndex`: the element of a value, or a pointer to the
/// element (same address space and access) through a pointer.
fn access(x: &Exprs, ty: Handle<Type>, base: H, member: Option<u32>) -> Result<(), Rule> {
    let m = x.m;
    let (elem, actual) = match *x.inner(base) {
        TypeInner::Pointer {
            base: pointee,
            space,
            access,
        } => {
            let elem = element(m.inner(pointee), member)?;
            match *m.inner(ty) {
                TypeInner::Pointer {
                    base: rb,
                    space: rs,
                    access: ra,
                } => {
                    ensure((rs, ra) == (space, access), || {
                        format!(
                            "its type {} has another address space or access mode than {}",
                            x.name(ty),
                            x.show(base)
                        )
                    })?;
                    (elem, rb)
                }
                _ => {
                    return Err(format!(
                        "an access through the pointer {} gives {}, not a pointer",
                        x.show(base),
                        x.name(ty)
                    ))
                }
            }
        }
        ref value => (element(value, member)?, ty),
    };
    ensure(is(m, actual, &elem), || {
        format!(
            "its type is {} but the element of {} is {}",
            x.name(ty),
            x.show(base),
            want_name(m, &elem)
        )
    })
}

/// The result a binary operator gives for its operands' types, or `None`
/// when the operands do not fit the operator.
fn binary_result<'a>(
    op: BinaryOperator,
    (lt, l): (Handle<Type>, &'a TypeInner),
    (rt, r): (Handle<Type>, &'a TypeInner),
) -> Option<Want<'a>> {
    use BinaryOperator as B;
    use TypeInner as T;
    let mul = op == B::Multiply;
    match op {
        B::Equal | B::NotEqual | B::Less | B::LessEqual | B::Greater | B::GreaterEqual => {
            match components(l) {
                Some((1, _)) if lt == rt => Some(Want::Shape(scalar(Scalar::Bool))),
                Some((n, _)) if lt == rt => Some(Want::Shape(vector(
                    VectorSize::from_count(n)?,
                    Scalar::Bool,
                ))),
                _ => None,
            }
        }
        B::And | B::InclusiveOr | B::ExclusiveOr => (lt == rt).then_some(Want::Ty(lt)),
        B::ShiftLeft | B::ShiftRight => {
            let (n, _) = components(l)?;
            (components(r) == Some((n, Scalar::U32))).then_some(Want::Ty(lt))
        }
        _ => match (l, r) {
            // matKxR * matCxK gives matCxR.
            (
                &T::Matrix {
                    columns: k,
                    rows,
                    scalar,
                },
                &T::Matrix {
                    columns,
                    rows: k2,
                    scalar: s2,
                },
            ) if mul => (k == k2 && scalar == s2).then_some(Want::Shape(T::Matrix {
                columns,
                rows,
                scalar,
            })),
            (
                &T::Matrix {
                    columns,
                    rows,
                    scalar,
                },
                &T::Vector { size, scalar: s },
            ) if mul => {
                (size == columns && s == scalar).then_some(Want::Shape(vector(rows, scalar)))
            }
            (
                &T::Vector { size, scalar: s },
                &T::Matrix {
                    columns,
                    rows,
                    scalar,
                },
            ) if mul => {
                (size == rows && s == scalar).then_some(Want::Shape(vector(columns, scalar)))
            }
            (T::Matrix { scalar, .. }, &T::Scalar(s)) if mul => {
                (s == *scalar).then_some(Want::Ref(l))
            }
            (&T::Scalar(s), T::Matrix { scalar, .. }) if mul => {
                (s == *scalar).then_some(Want::Ref(r))
            }
            // Element-wise arithmetic on subgroup matrices, with a matrix
            // or a scalar (`tessera_experimental_subgroup_matrix`).
            (T::SubgroupMatrix { .. }, _) => Some(Want::Ty(lt)),
            // A cooperative vector times a scalar of its component type.
            (&T::CoopVector { scalar, .. }, &T::Scalar(s)) if mul && s == scalar => {
                Some(Want::Ty(lt))
            }
            (&T::Scalar(s), &T::CoopVector { scalar, .. }) if mul && s == scalar => {
                Some(Want::Ty(rt))
            }
            (_, T::SubgroupMatrix { .. }) => Some(Want::Ty(rt)),
            _ if lt == rt => Some(Want::Ty(lt)),
            (&T::Vector { scalar, .. }, &T::Scalar(s)) if s == scalar => Some(Want::Ty(lt)),
            (&T::Scalar(s), &T::Vector { scalar, .. }) if s == scalar => Some(Want::Ty(rt)),
            _ => None,
        },
    }
}

fn binary(x: &Exprs, ty: Handle<Type>, op: BinaryOperator, left: H, right: H) -> Result<(), Rule> {
    let m = x.m;
    let (lt, rt) = (x.ty(left), x.ty(right));
    let what = || {
        format!(
            "`{}` of {} and {}",
            op.symbol(),
            x.show(left),
            x.show(right)
        )
    };
    match binary_result(op, (lt, m.inner(lt)), (rt, m.inner(rt))) {
        None => Err(format!(
            "{}: operands the operator does not take together",
            what()
        )),
        Some(want) => ensure(is(m, ty, &want), || {
            format!(
                "its type is {} but {} gives {}",
                x.name(ty),
                what(),
                want_name(m, &want)
            )
        }),
    }
}

/// The number of arguments a math builtin takes.
fn math_arity(fun: MathFunction) -> usize {
    use MathFunction as M;
    match fun {
        M::Atan2 | M::Cross | M::Distance | M::Dot | M::Dot4I8Packed | M::Dot4U8Packed => 2,
        M::Ldexp | M::Max | M::Min | M::Pow | M::Reflect | M::Step => 2,
        M::Clamp | M::ExtractBits | M::FaceForward | M::Fma | M::Mix | M::Refract => 3,
        M::Smoothstep => 3,
        M::InsertBits => 4,
        _ => 1,
    }
}

/// Whether a math builtin's result has its first argument's type (the
/// component-wise builtins).
fn same_as_first(fun: MathFunction) -> bool {
    use MathFunction as M;
    let packing = matches!(
        fun,
        M::Pack4x8Snorm | M::Pack4x8Unorm | M::Pack4xI8 | M::Pack4xU8 | M::Pack4xI8Clamp
    ) || matches!(
        fun,
        M::Pack4xU8Clamp | M::Pack2x16Snorm | M::Pack2x16Unorm | M::Pack2x16Float
    ) || matches!(
        fun,
        M::Unpack4x8Snorm | M::Unpack4x8Unorm | M::Unpack4xI8 | M::Unpack4xU8
    ) || matches!(
        fun,
        M::Unpack2x16Snorm | M::Unpack2x16Unorm | M::Unpack2x16Float
    );
    !packing
        && !matches!(
            fun,
            M::Determinant | M::Distance | M::Dot | M::Dot4I8Packed | M::Dot4U8Packed | M::Frexp
        )
        && !matches!(fun, M::Length | M::Modf | M::Transpose | M::All | M::Any)
}

/// Whether every argument of a math builtin has the first one's type.
fn all_same(fun: MathFunction) -> bool {
    use MathFunction as M;
    matches!(
        fun,
        M::Atan2 | M::Clamp | M::Max | M::Min | M::Pow | M::Fma | M::Step | M::Smoothstep
    )
}

fn math(x: &Exprs, ty: Handle<Type>, fun: MathFunction, args: &[H]) -> Result<(), Rule> {
    let m = x.m;
    let arity = math_arity(fun);
    ensure(args.len() == arity, || {
        format!(
            "`{}` takes {arity} arguments, not {}",
            fun.wgsl_name(),
            args.len()
        )
    })?;
    // With subgroup matrices (`tessera_experimental_subgroup_matrix`) the
    // other arguments may be scalars, and the result is the matrix.
    let matrix = args.iter().copied().find(|&a| is_matrix(x.inner(a)));
    let first = x.ty(matrix.unwrap_or(args[0]));
    if let (true, None, Some(&a)) = (
        all_same(fun),
        matrix,
        args.iter().find(|&&a| x.ty(a) != first),
    ) {
        return Err(format!(
            "`{}`'s argument {} differs in type from its first, {}",
            fun.wgsl_name(),
            x.show(a),
            x.show(args[0])
        ));
    }
    let ok = match (fun, m.inner(first)) {
        _ if same_as_first(fun) => ty == first,
        (MathFunction::All | MathFunction::Any, _) => is_bool(m.inner(ty)),
        (
            MathFunction::Transpose,
            &TypeInner::Matrix {
                columns,
                rows,
                scalar,
            },
        ) => {
            *m.inner(ty)
                == TypeInner::Matrix {
                    columns: rows,
                    rows: columns,
                    scalar,
                }
        }
        (MathFunction::Transpose, _) => false,
        _ => true,
    };
    ensure(ok, || {
        format!(
            "its type is {}, which `{}` of {} does not give",
            x.name(ty),
            fun.wgsl_name(),
            x.show(args[0])
        )
    })
}

/// The name of an expression's variant, for messages.
pub(super) fn expression_kind(e: &Expression) -> &'static str {
    use Expression as E;
    match e {
        E::Literal(_) => "Literal",
        E::Constant(_) => "Constant",
        E::Override(_) => "Override",
        E::OverrideExpr(_) => "OverrideExpr",
        E::ZeroValue(_) => "ZeroValue",
        E::Compose { .. } => "Compose",
        E::Splat { .. } => "Splat",
        E::Swizzle { .. } => "Swizzle",
        E::Access { .. } => "Access",
        E::AccessIndex { .. } => "AccessIndex",
        E::FunctionArgument(_) => "FunctionArgument",
        E::GlobalVariable(_) => "GlobalVariable",
        E::LocalVariable(_) => "LocalVariable",
        E::Load { .. } => "Load",
        E::Unary { .. } => "Unary",
        E::Binary { .. } => "Binary",
        E::Select { .. } => "Select",
        E::Math { .. } => "Math",
        E::Convert { .. } => "Convert",
        E::Bitcast { .. } => "Bitcast",
        E::ArrayLength(_) => "ArrayLength",
        E::BufferView { .. } => "BufferView",
        E::BufferLength(_) => "BufferLength",
        E::ResourceTable { .. } => "ResourceTable",
        E::CallResult(_) => "CallResult",
        E::AtomicResult { .. } => "AtomicResult",
        E::WorkgroupUniformLoadResult { .. } => "WorkgroupUniformLoadResult",
        E::SubgroupResult { .. } => "SubgroupResult",
        E::IntrinsicResult { .. } => "IntrinsicResult",
        E::SubgroupMatrixLoad { .. } => "SubgroupMatrixLoad",
        E::SubgroupMatrixMultiply { .. } => "SubgroupMatrixMultiply",
        E::SubgroupMatrixScalar { .. } => "SubgroupMatrixScalar",
        E::SubgroupMatrixFromInvocations { .. } => "SubgroupMatrixFromInvocations",
        E::SubgroupMatrixToInvocations { .. } => "SubgroupMatrixToInvocations",
        E::SubgroupMatrixLength(_) => "SubgroupMatrixLength",
        E::SubgroupMatrixPerElement { .. } => "SubgroupMatrixPerElement",
        E::SubgroupMatrixFill { .. } => "SubgroupMatrixFill",
        E::SubgroupMatrixReduce { .. } => "SubgroupMatrixReduce",
        E::SubgroupMatrixIndex { .. } => "SubgroupMatrixIndex",
        E::ImageSample { .. } => "ImageSample",
        E::ImageLoad { .. } => "ImageLoad",
        E::ImageQuery { .. } => "ImageQuery",
        E::Derivative { .. } => "Derivative",
        E::CoopVecMatMul { .. } => "CoopVecMatMul",
    }
}

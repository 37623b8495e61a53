//! Value constructors: zero values `T()`, conversions `f32(x)`, component
//! constructors of vectors, matrices, arrays and structs (with element-type
//! inference for `vec3(...)`, `mat2x2(...)`, `array(...)`), and the
//! subgroup-matrix constructors `M()` and `M(v)`.

use super::super::ast::ExprId;
use super::abstract_conv::{self, leaf_scalar, unify, with_scalar};
use super::{err, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::const_eval::{self, Value};
use crate::ir::{ArraySize, Expression, Scalar, Type, TypeInner, VectorSize};
use crate::span::Span;

impl<'t, 'a> Resolver<'t, 'a> {
    /// The common type of several argument types (abstract ones converted),
    /// or `None`.
    fn common_type(&mut self, tys: &[Handle<Type>]) -> Option<Handle<Type>> {
        let mut acc = *tys.first()?;
        for &t in &tys[1..] {
            if t == acc {
                continue;
            }
            let (a, b) = (
                leaf_scalar(&self.module, acc)?,
                leaf_scalar(&self.module, t)?,
            );
            let u = unify(a, b)?;
            let x = with_scalar(&mut self.module, acc, u);
            let y = with_scalar(&mut self.module, t, u);
            if x != y {
                return None;
            }
            acc = x;
        }
        Some(acc)
    }

    /// Resolves a value constructor. `ty` is the type when spelled out;
    /// `generic` names an inferring generator (`vec3`, `mat2x2`, `array`).
    pub(crate) fn construct(
        &mut self,
        ty: Option<Handle<Type>>,
        generic: Option<&str>,
        args: &'t [ExprId],
        span: Span,
        limit: Stage,
    ) -> Res<Val> {
        let max = super::limits::MAX_ARRAY_CONSTRUCTOR_ELEMENTS;
        let is_array =
            |r: &Self, t: Handle<Type>| matches!(r.module.inner(t), TypeInner::Array { .. });
        if args.len() > max && (generic == Some("array") || ty.is_some_and(|t| is_array(self, t))) {
            return err(
                format!(
                    "array constructor has {} elements, more than the limit of {max}",
                    args.len()
                ),
                self.span(args[max]),
            );
        }
        let mut vals = Vec::with_capacity(args.len());
        for &a in args {
            let v = self.value(a, limit)?;
            vals.push((v, self.span(a)));
        }
        let ty = match ty {
            Some(t) => t,
            None => self.infer_constructor(generic.unwrap_or(""), &vals, span)?,
        };
        let inner = self.module.inner(ty).clone();
        if let TypeInner::SubgroupMatrix { scalar, .. } = inner {
            if limit < Stage::Runtime {
                return err(
                    "subgroup matrix values are runtime-expressions and cannot be used in a const- or override-expression",
                    span,
                );
            }
            return self.matrix_constructor(ty, scalar, vals, span);
        }
        if let TypeInner::CoopVector { .. } = inner {
            return self.coop_vec_construct(ty, vals, span, limit);
        }
        let has_matrix = self.module.contains_subgroup_matrix(ty);
        if has_matrix && limit < Stage::Runtime {
            return err(
                "subgroup matrix values are runtime-expressions and cannot be used in a const- or override-expression",
                span,
            );
        }
        if vals.is_empty() && has_matrix {
            return self.add_at(Stage::Runtime, Expression::ZeroValue(ty), ty, span);
        }
        if vals.is_empty() {
            return match Value::zero(&self.module, ty) {
                Some(v) if super::types::is_constructible(&self.module, ty) => Ok(Val::Const(v)),
                _ => err(
                    format!("type '{}' is not constructible", self.type_name(ty)),
                    span,
                ),
            };
        }
        match inner {
            TypeInner::Scalar(s) => {
                if matches!(s, Scalar::I8 | Scalar::U8 | Scalar::BF16) {
                    return err("type is not constructible", span);
                }
                if vals.len() != 1 {
                    return err(
                        format!("'{}' constructor takes at most one argument", s.wgsl_name()),
                        span,
                    );
                }
                let (v, vspan) = vals.pop().ok_or_else(|| {
                    Box::new(crate::diagnostic::Diagnostic::error(
                        "missing argument",
                        span,
                    ))
                })?;
                self.conversion(v, vspan, ty, s, span)
            }
            TypeInner::Vector { size, scalar } => self.vector_ctor(ty, size, scalar, vals, span),
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => self.matrix_ctor(ty, columns, rows, scalar, vals, span),
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
                ..
            } => {
                if vals.len() != n as usize {
                    return err(
                        format!(
                            "array constructor for '{}' expects {n} elements, found {}",
                            self.type_name(ty),
                            vals.len()
                        ),
                        span,
                    );
                }
                if !super::types::is_constructible(&self.module, base) && !has_matrix {
                    return err(
                        format!("type '{}' is not constructible", self.type_name(ty)),
                        span,
                    );
                }
                let tys = vec![base; vals.len()];
                self.compose(ty, vals, &tys, span)
            }
            TypeInner::Struct { members, .. } => {
                if vals.len() != members.len() {
                    return err(
                        format!(
                            "struct '{}' has {} members, but the constructor has {} arguments",
                            self.type_name(ty),
                            members.len(),
                            vals.len()
                        ),
                        span,
                    );
                }
                if !super::types::is_constructible(&self.module, ty) && !has_matrix {
                    return err(
                        format!("type '{}' is not constructible", self.type_name(ty)),
                        span,
                    );
                }
                let tys: Vec<_> = members.iter().map(|m| m.ty).collect();
                self.compose(ty, vals, &tys, span)
            }
            _ => err(
                format!("type '{}' is not constructible", self.type_name(ty)),
                span,
            ),
        }
    }

    fn infer_constructor(
        &mut self,
        generic: &str,
        vals: &[(Val, Span)],
        span: Span,
    ) -> Res<Handle<Type>> {
        let tys: Vec<Handle<Type>> = vals
            .iter()
            .map(|(v, _)| v.clone())
            .map(|v| self.val_ty(&v))
            .collect();
        // `vec2()`, `vec3()`, `vec4()`: the zero vector of AbstractInt
        // (concretised where it is used). Other generators need arguments.
        if tys.is_empty() && !generic.starts_with("vec") {
            return err(
                format!("cannot infer the element type of '{generic}' without arguments"),
                span,
            );
        }
        if generic == "array" {
            return match self.common_type(&tys) {
                Some(e) => {
                    let stride = crate::ir::layout::array_stride(&self.module, e);
                    let ty = self.module.intern(TypeInner::Array {
                        base: e,
                        size: ArraySize::Constant(tys.len() as u32),
                        stride,
                    });
                    self.module.types.fill_span(ty, span);
                    self.check_nesting(ty, span)?;
                    Ok(ty)
                }
                None => err(
                    "array constructor arguments must all have the same type",
                    span,
                ),
            };
        }
        // vecN / matCxR: unify the component scalars.
        let mut s: Option<Scalar> = None;
        for (i, &t) in tys.iter().enumerate() {
            let c = match self.module.inner(t) {
                TypeInner::Scalar(c) | TypeInner::Vector { scalar: c, .. } => *c,
                TypeInner::Matrix { scalar, .. } if generic.starts_with("mat") => *scalar,
                _ => {
                    return err(
                        format!(
                            "invalid argument of type '{}' for '{generic}' constructor",
                            self.type_name(t)
                        ),
                        vals[i].1,
                    )
                }
            };
            s = match s {
                None => Some(c),
                Some(p) => match unify(p, c) {
                    Some(u) => Some(u),
                    None => {
                        return err(
                            format!(
                                "'{generic}' constructor arguments have mismatched component types"
                            ),
                            vals[i].1,
                        )
                    }
                },
            };
        }
        let s = s.unwrap_or(Scalar::AbstractInt);
        let b = generic.as_bytes();
        if generic.starts_with("vec") {
            let size = b
                .get(3)
                .and_then(|d| (*d as char).to_digit(10))
                .and_then(VectorSize::from_count)
                .unwrap_or(VectorSize::Quad);
            return Ok(self.module.intern(TypeInner::Vector { size, scalar: s }));
        }
        let columns = b
            .get(3)
            .and_then(|d| (*d as char).to_digit(10))
            .and_then(VectorSize::from_count);
        let rows = b
            .get(5)
            .and_then(|d| (*d as char).to_digit(10))
            .and_then(VectorSize::from_count);
        let (Some(columns), Some(rows)) = (columns, rows) else {
            return err(format!("unknown constructor '{generic}'"), span);
        };
        let s = if s == Scalar::AbstractInt {
            Scalar::AbstractFloat
        } else {
            s
        };
        if !s.is_float() {
            return err("matrix element type must be 'f32' or 'f16'", span);
        }
        Ok(self.module.intern(TypeInner::Matrix {
            columns,
            rows,
            scalar: s,
        }))
    }

    /// `T(x)` for a scalar type `T` (and componentwise for vectors).
    fn conversion(
        &mut self,
        v: Val,
        vspan: Span,
        ty: Handle<Type>,
        s: Scalar,
        span: Span,
    ) -> Res<Val> {
        let from = self.val_ty(&v);
        if from == ty {
            return Ok(v);
        }
        let ok = match (self.module.inner(from), self.module.inner(ty)) {
            (TypeInner::Scalar(_), TypeInner::Scalar(_)) => true,
            (TypeInner::Vector { size: a, .. }, TypeInner::Vector { size: b, .. }) => a == b,
            (
                TypeInner::Matrix {
                    columns: c1,
                    rows: r1,
                    ..
                },
                TypeInner::Matrix {
                    columns: c2,
                    rows: r2,
                    ..
                },
            ) => c1 == c2 && r1 == r2,
            _ => false,
        };
        if !ok || leaf_scalar(&self.module, from).is_none() {
            return err(
                format!(
                    "cannot construct '{}' from a value of type '{}'",
                    self.type_name(ty),
                    self.type_name(from)
                ),
                vspan,
            );
        }
        if let Val::Const(c) = &v {
            if abstract_conv::can_convert(&self.module, from, ty) {
                return self.convert_const(c, ty, span).map(Val::Const);
            }
            let r = const_eval::convert(c, s).map_err(|e| e.message);
            return self.const_result(r, ty, span).map(Val::Const);
        }
        let stage = Self::stage_of(&v);
        let e = self.lift(v, stage, vspan)?;
        if let TypeInner::Matrix { columns, rows, .. } = *self.module.inner(ty) {
            // Convert column by column.
            let src_col = self.module.intern(TypeInner::Vector {
                size: rows,
                scalar: leaf_scalar(&self.module, from).unwrap_or(s),
            });
            let dst_col = self.module.intern(TypeInner::Vector {
                size: rows,
                scalar: s,
            });
            let mut cols = Vec::with_capacity(columns.get() as usize);
            for i in 0..columns.get() {
                let c = self.add_at(
                    stage,
                    Expression::AccessIndex { base: e, index: i },
                    src_col,
                    span,
                )?;
                let c = self.lift(c, stage, span)?;
                let c = self.add_at(
                    stage,
                    Expression::Convert {
                        expr: c,
                        ty: dst_col,
                    },
                    dst_col,
                    span,
                )?;
                cols.push(self.lift(c, stage, span)?);
            }
            return self.add_at(
                stage,
                Expression::Compose {
                    ty,
                    components: cols,
                },
                ty,
                span,
            );
        }
        self.add_at(stage, Expression::Convert { expr: e, ty }, ty, span)
    }

    /// Converts every part to its type and builds a constant (with
    /// [`const_eval::compose`]) or a `Compose`.
    fn compose(
        &mut self,
        ty: Handle<Type>,
        vals: Vec<(Val, Span)>,
        tys: &[Handle<Type>],
        span: Span,
    ) -> Res<Val> {
        let mut conv = Vec::with_capacity(vals.len());
        for ((v, vspan), &t) in vals.into_iter().zip(tys) {
            conv.push((self.convert_to(v, t, vspan)?, vspan));
        }
        if conv.iter().all(|(v, _)| matches!(v, Val::Const(_))) {
            let values: Vec<Value> = conv
                .into_iter()
                .filter_map(|(v, _)| match v {
                    Val::Const(c) => Some(c),
                    _ => None,
                })
                .collect();
            return match const_eval::compose(&mut self.module, ty, &values) {
                Some(v) => Ok(Val::Const(v)),
                None => err(
                    format!(
                        "cannot construct '{}' from these values",
                        self.type_name(ty)
                    ),
                    span,
                ),
            };
        }
        let stage = conv
            .iter()
            .map(|(v, _)| Self::stage_of(v))
            .max()
            .unwrap_or(Stage::Runtime);
        let ty = abstract_conv::concretize_ty(&mut self.module, ty);
        let mut components = Vec::with_capacity(conv.len());
        for (v, vspan) in conv {
            components.push(self.lift(v, stage, vspan)?);
        }
        self.add_at(stage, Expression::Compose { ty, components }, ty, span)
    }

    fn vector_ctor(
        &mut self,
        ty: Handle<Type>,
        size: VectorSize,
        scalar: Scalar,
        mut vals: Vec<(Val, Span)>,
        span: Span,
    ) -> Res<Val> {
        let scalar_ty = self.module.intern(TypeInner::Scalar(scalar));
        if vals.len() == 1 {
            let vty = self.val_ty(&vals[0].0);
            match *self.module.inner(vty) {
                TypeInner::Scalar(_) => {
                    let (v, vspan) = vals.remove(0);
                    let v = self.convert_to(v, scalar_ty, vspan)?;
                    if let Val::Const(Value::Scalar(l)) = v {
                        return Ok(Val::Const(Value::Vector(vec![l; size.get() as usize])));
                    }
                    let stage = Self::stage_of(&v);
                    let value = self.lift(v, stage, vspan)?;
                    return self.add_at(stage, Expression::Splat { size, value }, ty, span);
                }
                TypeInner::Vector { size: s2, .. } if s2 == size => {
                    let (v, vspan) = vals.remove(0);
                    return self.conversion(v, vspan, ty, scalar, span);
                }
                _ => {}
            }
        }
        // Component-wise: scalars and vectors summing to `size`.
        let mut total = 0;
        let mut tys = Vec::with_capacity(vals.len());
        for (v, vspan) in &vals {
            let t = self.val_ty(v);
            let n = match *self.module.inner(t) {
                TypeInner::Scalar(_) => {
                    tys.push(scalar_ty);
                    1
                }
                TypeInner::Vector { size: s, .. } => {
                    tys.push(self.module.intern(TypeInner::Vector { size: s, scalar }));
                    s.get()
                }
                _ => {
                    return err(
                        format!(
                            "invalid argument of type '{}' for a vector constructor",
                            self.type_name(t)
                        ),
                        *vspan,
                    )
                }
            };
            total += n;
        }
        if total != size.get() {
            return err(
                format!(
                    "vector constructor for '{}' has {total} components, expected {}",
                    self.type_name(ty),
                    size.get()
                ),
                span,
            );
        }
        self.compose(ty, vals, &tys, span)
    }

    fn matrix_ctor(
        &mut self,
        ty: Handle<Type>,
        columns: VectorSize,
        rows: VectorSize,
        scalar: Scalar,
        mut vals: Vec<(Val, Span)>,
        span: Span,
    ) -> Res<Val> {
        if vals.len() == 1 {
            let vty = self.val_ty(&vals[0].0);
            if let TypeInner::Matrix { .. } = self.module.inner(vty) {
                let (v, vspan) = vals.remove(0);
                return self.conversion(v, vspan, ty, scalar, span);
            }
        }
        let col_ty = self.module.intern(TypeInner::Vector { size: rows, scalar });
        let scalar_ty = self.module.intern(TypeInner::Scalar(scalar));
        let (c, r) = (columns.get() as usize, rows.get() as usize);
        if vals.len() == c {
            let tys = vec![col_ty; c];
            return self.compose(ty, vals, &tys, span);
        }
        if vals.len() == c * r {
            let mut conv = Vec::with_capacity(vals.len());
            for (v, vspan) in vals {
                conv.push((self.convert_to(v, scalar_ty, vspan)?, vspan));
            }
            if conv.iter().all(|(v, _)| matches!(v, Val::Const(_))) {
                let data = conv
                    .into_iter()
                    .filter_map(|(v, _)| match v {
                        Val::Const(Value::Scalar(l)) => Some(l),
                        _ => None,
                    })
                    .collect();
                return Ok(Val::Const(Value::Matrix {
                    columns,
                    rows,
                    data,
                }));
            }
            // Build the columns first.
            let mut cols = Vec::with_capacity(c);
            let mut it = conv.into_iter();
            for _ in 0..c {
                let part: Vec<(Val, Span)> = it.by_ref().take(r).collect();
                let tys = vec![scalar_ty; r];
                let col = self.compose(col_ty, part, &tys, span)?;
                cols.push((col, span));
            }
            let tys = vec![col_ty; c];
            return self.compose(ty, cols, &tys, span);
        }
        err(
            format!(
                "matrix constructor for '{}' expects {c} column vectors or {} scalars, found {} arguments",
                self.type_name(ty),
                c * r,
                vals.len()
            ),
            span,
        )
    }

    fn matrix_constructor(
        &mut self,
        ty: Handle<Type>,
        scalar: Scalar,
        mut vals: Vec<(Val, Span)>,
        span: Span,
    ) -> Res<Val> {
        match vals.len() {
            0 => self.add_at(Stage::Runtime, Expression::ZeroValue(ty), ty, span),
            1 => {
                let (v, vspan) = vals.remove(0);
                let shader = scalar.shader_scalar();
                let sty = self.module.intern(TypeInner::Scalar(shader));
                let from = self.val_ty(&v);
                let v = self.convert_to(v, sty, vspan).map_err(|_| {
                    Box::new(crate::diagnostic::Diagnostic::error(
                        format!(
                            "'{}' cannot be used to construct a subgroup matrix of '{}'",
                            self.type_name(from),
                            scalar.wgsl_name()
                        ),
                        vspan,
                    ))
                })?;
                let value = self.lift(v, Stage::Runtime, vspan)?;
                self.add_at(
                    Stage::Runtime,
                    Expression::SubgroupMatrixFill { ty, value },
                    ty,
                    span,
                )
            }
            _ => err(
                "subgroup_matrix constructor can only have zero or one elements",
                span,
            ),
        }
    }
}

//! Expressions: inline text or temporaries, with WGSL's operator
//! semantics; builtin function calls and subgroup-matrix operations are
//! handed, printed, to `math` and `matrix`.

use std::fmt::Write as _;

use smallvec::SmallVec;

use super::context::{at, err, indent_line, temp_name_into, FnCtx, Writer, R};
use super::image::{Image, Level, Query, Sample};
use super::operand::{get, get_apart, leaf};
use super::types::is_packed_member;
use super::value::{cat, put, strip_parens};
use crate::arena::Handle;
use crate::ir::{
    visit, AddressSpace, BinaryOperator as B, Expression, ImageQuery as IrQuery, MathFunction,
    SampleLevel, Scalar, Type, TypeInner, UnaryOperator,
};

/// Inline expressions deeper than this are baked into temporaries, so long
/// operator chains print in linear time and stay shallow for the C++
/// compiler.
const MAX_INLINE_DEPTH: u32 = 8;

/// Evaluates an expression covered by an `Emit`: bakes it into a temporary
/// or records its inline text.
pub(super) fn emit(w: &mut Writer, cx: &mut FnCtx, h: Handle<Expression>) -> R<()> {
    let i = h.index();
    let e = &cx.f.expressions[h];
    let named = cx.t.named[i];
    if matches!(
        e,
        Expression::CallResult(_)
            | Expression::AtomicResult { .. }
            | Expression::WorkgroupUniformLoadResult { .. }
            | Expression::SubgroupResult { .. }
            | Expression::IntrinsicResult { .. }
    ) {
        return Ok(());
    }
    let ty = cx.f.expression_type(h);
    let is_ptr = w.m.inner(ty).is_pointer();
    if !visit::needs_emit(e) && (!named || is_ptr) && !cx.t.hoisted[i] {
        return Ok(());
    }
    if let Expression::Load { pointer } = *e {
        if is_handle(w, cx, pointer) && !cx.t.hoisted[i] {
            // A texture or sampler variable's value is the variable: its
            // name (a kernel or function parameter) is printed at each use.
            let text = get(w, cx, pointer)?.into_owned();
            cx.t.exprs.set(i, &text);
            cx.t.depth[i] = 0;
            return Ok(());
        }
    }
    let mut depth = 1;
    visit::operands(e, |o| depth = depth.max(cx.t.depth[o.index()] + 1));
    // Memory reads happen where they are emitted; subgroup-matrix
    // operations are evaluated there too, in the control flow the source
    // has (Metal's simdgroup functions need the whole SIMD-group).
    let impure = matches!(
        e,
        Expression::Load { .. }
            | Expression::SubgroupMatrixLoad { .. }
            | Expression::SubgroupMatrixMultiply { .. }
            | Expression::SubgroupMatrixScalar { .. }
            | Expression::SubgroupMatrixFill { .. }
    );
    let bake = !is_ptr
        && (named
            || cx.t.hoisted[i]
            || cx.t.force_bake[i]
            || (impure && cx.t.uses[i] > 0 && !cx.t.read_in_place[i])
            || cx.t.uses[i] >= 2
            || depth > MAX_INLINE_DEPTH);
    if bake {
        // The value is printed straight into the temporary's declaration
        // (or assignment, when hoisted).
        // A new temporary's name is written in place; where it is in
        // `out` goes into the text table below.
        let mut out = std::mem::take(&mut cx.out);
        indent_line(&mut out, cx.indent);
        let name = if cx.t.hoisted[i] {
            put(&mut out, &[cx.t.exprs.get(i).unwrap_or_default(), " = "]);
            None
        } else {
            put(&mut out, &[&w.type_str(ty), " "]);
            let at = out.len();
            temp_name_into(w, cx.f, h, &mut out);
            let name = at..out.len();
            out.push_str(" = ");
            Some(name)
        };
        let start = out.len();
        let r = value(w, cx, h, &mut out);
        cx.out = out;
        r?;
        if strip_parens(&cx.out[start..]).len() != cx.out.len() - start {
            cx.out.pop();
            cx.out.remove(start);
        }
        cx.out.push_str(";\n");
        if let Some(name) = name {
            cx.t.exprs.set(i, &cx.out[name]);
        }
        cx.t.depth[i] = 0;
    } else {
        // Inline text: built in the scratch buffer, kept at its size.
        let mut buf = std::mem::take(&mut cx.t.scratch);
        buf.clear();
        let r = value(w, cx, h, &mut buf);
        if r.is_ok() {
            cx.t.exprs.set(i, &buf);
        }
        cx.t.scratch = buf;
        r?;
        cx.t.depth[i] = depth;
    }
    visit::operands(e, |o| release(cx, o));
    Ok(())
}

/// Appends the text of an expression (computed, or a leaf that a `let`
/// names) to `out`.
fn value(w: &mut Writer, cx: &mut FnCtx, h: Handle<Expression>, out: &mut String) -> R<()> {
    if visit::needs_emit(&cx.f.expressions[h]) {
        compute(w, cx, h, out)
    } else {
        out.push_str(&leaf(w, cx, h)?);
        Ok(())
    }
}

/// Forgets the text of `h` once its user has printed it: an inline
/// expression with one use is needed only by that user, so the texts kept
/// are those of expressions still waiting for their user, not of every
/// expression printed so far (inline texts nest, so keeping them all costs
/// several times the output).
pub(super) fn release(cx: &mut FnCtx, h: Handle<Expression>) {
    let i = h.index();
    if cx.t.uses[i] == 1 && cx.t.depth[i] > 0 {
        cx.t.exprs.clear(i);
    }
}

/// The pointee (or value) type and whether `ty` is a pointer.
fn deref(w: &Writer, ty: Handle<Type>) -> Handle<Type> {
    match *w.m.inner(ty) {
        TypeInner::Pointer { base, .. } => base,
        _ => ty,
    }
}

/// Whether `p` is a pointer to a texture or sampler variable.
fn is_handle(w: &Writer, cx: &FnCtx, p: Handle<Expression>) -> bool {
    matches!(
        *w.m.inner(cx.f.expression_type(p)),
        TypeInner::Pointer {
            space: AddressSpace::Handle,
            ..
        }
    )
}

/// For a pointer to a packed `vec3` struct member, the packed type name.
pub(super) fn packed_pointee(
    w: &Writer,
    cx: &FnCtx,
    p: Handle<Expression>,
) -> Option<&'static str> {
    if !w.has_packed_members {
        return None;
    }
    let Expression::AccessIndex { base, index } = cx.f.expressions[p] else {
        return None;
    };
    let bt = cx.f.expression_type(base);
    if !w.m.inner(bt).is_pointer() {
        return None;
    }
    match w.m.inner(deref(w, bt)) {
        TypeInner::Struct { members, .. } => {
            let m = members.get(index as usize)?;
            is_packed_member(w.m.inner(m.ty))
        }
        _ => None,
    }
}

/// The unsigned type with the shape of `ty` (a signed scalar or vector).
fn unsigned_of(w: &Writer, ty: Handle<Type>) -> &'static str {
    match *w.m.inner(ty) {
        TypeInner::Vector { size, .. } => match size.get() {
            2 => "metal::uint2",
            3 => "metal::uint3",
            _ => "metal::uint4",
        },
        _ => "uint",
    }
}

/// The element count of the runtime-sized array that `p` points to, or
/// that ends the struct `p` points to: from the sizes buffer for buffer
/// variables, from the hidden length parameter for pointer parameters.
pub(super) fn runtime_length(w: &Writer, cx: &FnCtx, p: Handle<Expression>) -> R<String> {
    let root = match cx.f.expressions[p] {
        Expression::AccessIndex { base, .. }
            if matches!(
                w.m.inner(deref(w, cx.f.expression_type(base))),
                TypeInner::Struct { .. }
            ) =>
        {
            base
        }
        _ => p,
    };
    match cx.f.expressions[root] {
        Expression::FunctionArgument(i) => {
            cx.t.arg_lengths
                .get(i as usize)
                .cloned()
                .flatten()
                .ok_or_else(|| unsupported_length(cx, p))
        }
        Expression::GlobalVariable(g) => {
            let (offset, stride) = match w.m.inner(w.m.global_variables[g].ty) {
                TypeInner::Struct { members, .. } => match members.last() {
                    Some(last) => match w.m.inner(last.ty) {
                        TypeInner::Array { stride, .. } => (last.offset, *stride),
                        _ => return Err(unsupported_length(cx, p)),
                    },
                    None => return Err(unsupported_length(cx, p)),
                },
                TypeInner::Array { stride, .. } => (0, *stride),
                _ => return Err(unsupported_length(cx, p)),
            };
            let stride = stride.max(1);
            let Some(slot) = w.sizes_index.get(&g.index()) else {
                return Err(unsupported_length(cx, p));
            };
            Ok(if offset == 0 {
                format!("(_buffer_sizes.size[{slot}] / {stride}u)")
            } else {
                format!("((_buffer_sizes.size[{slot}] - {offset}u) / {stride}u)")
            })
        }
        _ => Err(unsupported_length(cx, p)),
    }
}

fn unsupported_length(cx: &FnCtx, p: Handle<Expression>) -> crate::diagnostic::Error {
    crate::diagnostic::Diagnostic::error(
        "the MSL writer cannot find the buffer of this runtime-sized array",
        cx.span(p),
    )
    .with_note("only buffer variables and pointer parameters carry their length in the MSL output")
    .into()
}

/// Prints the pointers that `continuing` (and its `break_if`) use but the
/// loop body makes: the MSL loop form prints `continuing` first, before
/// the body has printed them. A pointer is inline text over operands that
/// are hoisted temporaries (see `function::begin`), so it can be printed
/// early; returns the pointers primed this way, to be forgotten once
/// `continuing` is printed (the body prints them again where they are
/// made).
pub(super) fn prime_continuing_pointers(
    w: &mut Writer,
    cx: &mut FnCtx,
    continuing: &crate::ir::Block,
    break_if: Option<Handle<Expression>>,
) -> R<Vec<Handle<Expression>>> {
    let f = cx.f;
    let mut emitted_inside = rustc_hash::FxHashSet::default();
    let mut used: Vec<Handle<Expression>> = break_if.into_iter().collect();
    visit::walk_statements(continuing, |st, _| {
        if let crate::ir::Statement::Emit(r) = st {
            for h in r.clone() {
                emitted_inside.insert(h);
                visit::operands(&f.expressions[h], |o| used.push(o));
            }
        }
        visit::statement_operands(st, |o| used.push(o));
    });
    let mut primed = Vec::new();
    // Depth-first: a pointer's base is primed before the pointer.
    let mut stack: Vec<(Handle<Expression>, bool)> = used.into_iter().map(|h| (h, false)).collect();
    while let Some((h, ready)) = stack.pop() {
        let i = h.index();
        if cx.t.exprs.is_set(i)
            || emitted_inside.contains(&h)
            || !visit::needs_emit(&f.expressions[h])
            || !w.m.inner(f.expression_type(h)).is_pointer()
        {
            continue;
        }
        if ready {
            let mut text = String::new();
            compute(w, cx, h, &mut text)?;
            cx.t.exprs.set(i, &text);
            primed.push(h);
        } else {
            stack.push((h, true));
            visit::operands(&f.expressions[h], |o| stack.push((o, false)));
        }
    }
    Ok(primed)
}

/// Appends the text of an expression, computed from its operands, to
/// `out` (the function's output for a temporary's value, or a scratch
/// buffer for inline text: no string per expression).
fn compute(w: &mut Writer, cx: &mut FnCtx, h: Handle<Expression>, out: &mut String) -> R<()> {
    if w.has_matrix_types {
        if let Some(text) = kind_change(w, cx, h)? {
            out.push_str(&text);
            return Ok(());
        }
    }
    let f = cx.f;
    let ty = f.expression_type(h);
    let span = cx.span(h);
    match f.expressions[h] {
        Expression::Compose { ty, ref components } => {
            let texts = components
                .iter()
                .map(|&c| get(w, cx, c))
                .collect::<R<Vec<_>>>()?;
            let parts: Vec<&str> = texts.iter().map(|t| strip_parens(t)).collect();
            w.compose_into(ty, &parts, out);
        }
        Expression::Splat { value, .. } => put(
            out,
            &[&w.type_str(ty), "(", strip_parens(&get(w, cx, value)?), ")"],
        ),
        Expression::Swizzle {
            size,
            vector,
            pattern,
        } => {
            out.push_str(&get(w, cx, vector)?);
            out.push('.');
            out.extend(
                pattern[..size.get() as usize]
                    .iter()
                    .map(|&c| ['x', 'y', 'z', 'w'][usize::from(c & 3)]),
            );
        }
        Expression::Access { base, index } => {
            let container = deref(w, f.expression_type(base));
            let b = get(w, cx, base)?;
            let idx = get(w, cx, index)?;
            let idx = strip_parens(&idx);
            match w.m.inner(container) {
                TypeInner::Array { .. } => put(out, &[&b, ".inner[", idx, "]"]),
                _ => put(out, &[&b, "[", idx, "]"]),
            }
        }
        Expression::AccessIndex { base, index } => {
            let base_is_ptr = w.m.inner(f.expression_type(base)).is_pointer();
            let container = deref(w, f.expression_type(base));
            let b = get(w, cx, base)?;
            match w.m.inner(container) {
                TypeInner::Struct { members, .. } => {
                    let names = w
                        .member_names
                        .get(&container)
                        .ok_or_else(|| err("unknown struct", span))?;
                    let m = names
                        .get(index as usize)
                        .ok_or_else(|| err("invalid member index", span))?;
                    let packed = members
                        .get(index as usize)
                        .is_some_and(|mm| is_packed_member(w.m.inner(mm.ty)).is_some());
                    if packed && !base_is_ptr {
                        // A packed vec3 member read as a value.
                        put(out, &[&w.type_str(ty), "(", &b, ".", m, ")"])
                    } else {
                        put(out, &[&b, ".", m])
                    }
                }
                TypeInner::Array { .. } => {
                    let _ = write!(out, "{b}.inner[{index}]");
                }
                TypeInner::Vector { .. } if !base_is_ptr => {
                    put(out, &[&b, [".x", ".y", ".z", ".w"][(index & 3) as usize]])
                }
                // Lvalues may be packed vectors: index them.
                _ => {
                    let _ = write!(out, "{b}[{index}]");
                }
            }
        }
        Expression::Load { pointer } => {
            let p = get(w, cx, pointer)?;
            match packed_pointee(w, cx, pointer) {
                Some(_) => put(out, &[&w.type_str(ty), "(", &p, ")"]),
                None => out.push_str(&p),
            }
        }
        Expression::Unary { op, expr } => {
            let x = get(w, cx, expr)?;
            let scalar = w.m.inner(ty).scalar();
            match op {
                UnaryOperator::Negate if scalar == Some(Scalar::I32) => {
                    let u = unsigned_of(w, ty);
                    let t = w.type_str(ty);
                    put(out, &["as_type<", &t, ">(-as_type<", u, ">("]);
                    put(out, &[strip_parens(&x), "))"]);
                }
                UnaryOperator::Negate => put(out, &["(-", &x, ")"]),
                UnaryOperator::LogicalNot => put(out, &["(!", &x, ")"]),
                UnaryOperator::BitwiseNot => put(out, &["(~", &x, ")"]),
            }
        }
        Expression::Binary { op, left, right } => binary(w, cx, h, op, left, right, out)?,
        Expression::Select {
            condition,
            accept,
            reject,
        } => {
            let c = get(w, cx, condition)?;
            let a = get(w, cx, accept)?;
            let r = get(w, cx, reject)?;
            put(out, &["metal::select(", strip_parens(&r), ", "]);
            put(out, &[strip_parens(&a), ", "]);
            match (w.m.inner(f.expression_type(condition)), w.m.inner(ty)) {
                (TypeInner::Scalar(_), TypeInner::Vector { size, .. }) => {
                    let _ = write!(out, "metal::bool{}({})", size.get(), strip_parens(&c));
                }
                _ => out.push_str(strip_parens(&c)),
            }
            out.push(')');
        }
        Expression::Math { fun, ref args } => math(w, cx, h, fun, args, out)?,
        // Metal has no coarse or fine derivatives: `dfdx`/`dfdy`/`fwidth`
        // are the implementation's choice, which both forms allow (WGSL
        // only says how precise each is allowed to be).
        Expression::Derivative { axis, expr, .. } => {
            let x = get(w, cx, expr)?;
            let name = match axis {
                crate::ir::DerivativeAxis::X => "dfdx",
                crate::ir::DerivativeAxis::Y => "dfdy",
                crate::ir::DerivativeAxis::Width => "fwidth",
            };
            put(out, &["metal::", name, "(", strip_parens(&x), ")"])
        }
        Expression::Convert { expr, ty: to } => convert(w, cx, expr, to, out)?,
        Expression::Bitcast { expr, ty: to } => {
            let x = get(w, cx, expr)?;
            if f.expression_type(expr) == to {
                out.push_str(&x);
            } else {
                put(out, &["as_type<", &w.type_str(to), ">("]);
                put(out, &[strip_parens(&x), ")"]);
            }
        }
        Expression::ArrayLength(p) => out.push_str(&runtime_length(w, cx, p)?),
        Expression::SubgroupMatrixLoad { .. }
        | Expression::SubgroupMatrixMultiply { .. }
        | Expression::SubgroupMatrixScalar { .. }
        | Expression::SubgroupMatrixFill { .. } => out.push_str(&matrix_expr(w, cx, h)?),
        Expression::ImageSample { .. }
        | Expression::ImageLoad { .. }
        | Expression::ImageQuery { .. } => out.push_str(&image_expr(w, cx, h)?),
        _ => out.push_str(&leaf(w, cx, h)?),
    }
    Ok(())
}

/// `as_type<T>(as_type<U>(left) op right)`: an `i32` operation done on the
/// unsigned type `U` of `left`'s type, the result read back as `ty`.
fn unsigned_op(
    w: &Writer,
    out: &mut String,
    ty: Handle<Type>,
    lt: Handle<Type>,
    left: &str,
    op: &str,
    right: &str,
) {
    let lu = unsigned_of(w, lt);
    put(
        out,
        &[
            "as_type<",
            &w.type_str(ty),
            ">(as_type<",
            lu,
            ">(",
            strip_parens(left),
            ") ",
            op,
            " ",
            right,
            ")",
        ],
    )
}

fn convert(
    w: &mut Writer,
    cx: &FnCtx,
    expr: Handle<Expression>,
    to: Handle<Type>,
    out: &mut String,
) -> R<()> {
    let from = cx.f.expression_type(expr);
    let x = get(w, cx, expr)?;
    if from == to {
        out.push_str(&x);
        return Ok(());
    }
    let tn = w.type_str(to);
    let fi = w.m.inner(from);
    if let (TypeInner::Matrix { columns, rows, .. }, TypeInner::Matrix { scalar, .. }) =
        (fi, w.m.inner(to))
    {
        let scalar = super::types::scalar_name(*scalar).unwrap_or("float");
        put(out, &[&tn, "("]);
        for i in 0..columns.get() {
            let sep = if i == 0 { "" } else { ", " };
            let _ = write!(out, "{sep}metal::{scalar}{}({x}[{i}])", rows.get());
        }
        out.push(')');
        return Ok(());
    }
    // The float-to-int pass has clamped float operands of integer
    // conversions.
    put(out, &[&tn, "(", strip_parens(&x), ")"]);
    Ok(())
}

fn binary(
    w: &mut Writer,
    cx: &FnCtx,
    h: Handle<Expression>,
    op: B,
    left: Handle<Expression>,
    right: Handle<Expression>,
    out: &mut String,
) -> R<()> {
    let f = cx.f;
    let ty = f.expression_type(h);
    let lt = f.expression_type(left);
    let rt = f.expression_type(right);
    let l = get(w, cx, left)?;
    let r = get(w, cx, right)?;
    let li = w.m.inner(lt);
    let ri = w.m.inner(rt);
    let scalar = li.scalar();
    let is_vec = |i: &TypeInner| matches!(i, TypeInner::Vector { .. });
    // Splats the scalar side of a mixed scalar/vector operation.
    let splat = |w: &Writer, out: &mut String, text: &str, mine: &TypeInner, other| {
        if !is_vec(mine) && is_vec(w.m.inner(other)) {
            put(out, &[&w.type_str(other), "(", strip_parens(text), ")"]);
        } else {
            out.push_str(strip_parens(text));
        }
    };
    let sym = op.symbol();
    let (l, r) = (&*l, &*r);
    let int = scalar.is_some_and(|s| s == Scalar::I32 || s == Scalar::U32);
    let matrix = matches!(li, TypeInner::Matrix { .. }) || matches!(ri, TypeInner::Matrix { .. });
    match op {
        // The int-division pass has made integer divisors safe.
        B::Divide | B::Modulo if int => put(out, &["(", l, " ", sym, " ", r, ")"]),
        B::Modulo if !matrix => {
            out.push_str("metal::fmod(");
            splat(w, out, l, li, rt);
            out.push_str(", ");
            splat(w, out, r, ri, lt);
            out.push(')');
        }
        // Signed arithmetic is done unsigned (C++ leaves signed overflow
        // undefined).
        B::Add | B::Subtract | B::Multiply if scalar == Some(Scalar::I32) && !matrix => {
            let ru = unsigned_of(w, rt);
            let right = cat(&["as_type<", ru, ">(", strip_parens(r), ")"]);
            unsigned_op(w, out, ty, lt, l, sym, &right);
        }
        // The shift-amount pass has masked the amount; a signed left shift
        // is done unsigned too.
        B::ShiftLeft if scalar == Some(Scalar::I32) => unsigned_op(w, out, ty, lt, l, "<<", r),
        B::And | B::InclusiveOr | B::ExclusiveOr if scalar == Some(Scalar::Bool) => {
            match (op, is_vec(li)) {
                (B::And, false) => put(out, &["(", l, " && ", r, ")"]),
                (B::InclusiveOr, false) => put(out, &["(", l, " || ", r, ")"]),
                (B::ExclusiveOr, _) => put(out, &["(", l, " != ", r, ")"]),
                _ => put(out, &["(", l, " ", sym, " ", r, ")"]),
            }
        }
        _ => put(out, &["(", l, " ", sym, " ", r, ")"]),
    }
    Ok(())
}
/// A builtin function call expression.
fn math(
    w: &mut Writer,
    cx: &FnCtx,
    h: Handle<Expression>,
    fun: MathFunction,
    args: &[Handle<Expression>],
    out: &mut String,
) -> R<()> {
    let texts = args
        .iter()
        .map(|&a| get_apart(w, cx, a))
        .collect::<R<SmallVec<[_; 4]>>>()?;
    let texts: SmallVec<[&str; 4]> = texts.iter().map(|t| strip_parens(t)).collect();
    let tys: SmallVec<[Handle<Type>; 4]> = args.iter().map(|&a| cx.f.expression_type(a)).collect();
    super::math::math_call(&w.tcx, fun, &texts, &tys, out).map_err(|d| at(d, cx.span(h)))
}

/// A conversion between subgroup-matrix types of one component type (a
/// change of kind alone) is its operand: Metal has one `simdgroup_matrix`
/// type per shape and component. `None` for any other expression (the
/// `msl-simdgroup` pass lowered the element-wise conversions).
fn kind_change(w: &Writer, cx: &FnCtx, h: Handle<Expression>) -> R<Option<String>> {
    let Expression::Convert { expr, ty } = cx.f.expressions[h] else {
        return Ok(None);
    };
    let comp = |t| match *w.m.inner(t) {
        TypeInner::SubgroupMatrix { scalar, .. } => Some(scalar),
        _ => None,
    };
    match (comp(cx.f.expression_type(expr)), comp(ty)) {
        (Some(from), Some(to)) if from == to => Ok(Some(get(w, cx, expr)?.into_owned())),
        _ => Ok(None),
    }
}

/// A subgroup-matrix expression: the fill constructor (the `msl-simdgroup`
/// pass lowered the others, or the capability check rejected them).
fn matrix_expr(w: &mut Writer, cx: &FnCtx, h: Handle<Expression>) -> R<String> {
    let span = cx.span(h);
    match cx.f.expressions[h] {
        Expression::SubgroupMatrixFill { ty, value } => {
            let v = strip_parens(&get(w, cx, value)?).to_string();
            super::matrix::fill(w.m, ty, &v).map_err(|d| at(d, span))
        }
        _ => Err(err(
            "internal error: a subgroup-matrix operation is not lowered (the msl-simdgroup pass must run first)",
            span,
        )),
    }
}

/// The shape of the texture an expression holds.
pub(super) fn image_of(w: &Writer, cx: &FnCtx, image: Handle<Expression>) -> R<Image> {
    match *w.m.inner(cx.f.expression_type(image)) {
        TypeInner::Image {
            dim,
            arrayed,
            class,
        } => Ok(Image {
            dim,
            arrayed,
            class,
        }),
        _ => Err(err(
            "internal error: a texture builtin's operand is not a texture (MSL writer)",
            cx.span(image),
        )),
    }
}

/// A coordinate, layer, sample or level operand as Metal's `uint` scalar or
/// vector.
pub(super) fn uint_operand(w: &Writer, cx: &FnCtx, h: Handle<Expression>) -> R<String> {
    let text = get(w, cx, h)?;
    let inner = w.m.inner(cx.f.expression_type(h));
    let size = match *inner {
        TypeInner::Vector { size, .. } => size.get(),
        _ => 1,
    };
    let signed = inner.scalar() == Some(Scalar::I32);
    Ok(super::image::as_uint(
        if signed { strip_parens(&text) } else { &text },
        signed,
        size,
    ))
}

/// A texture builtin's expression: `sample`, `read` or a query.
fn image_expr(w: &mut Writer, cx: &FnCtx, h: Handle<Expression>) -> R<String> {
    let span = cx.span(h);
    let opt = |o: Option<Handle<Expression>>| -> R<Option<String>> {
        o.map(|x| uint_operand(w, cx, x)).transpose()
    };
    let plain =
        |x: Handle<Expression>| -> R<String> { Ok(strip_parens(&get(w, cx, x)?).to_string()) };
    let r = match cx.f.expressions[h] {
        Expression::ImageSample {
            image,
            sampler,
            gather,
            coordinate,
            array_index,
            offset,
            level,
            depth_ref,
            clamp_to_edge,
        } => {
            let img = image_of(w, cx, image)?;
            let level = match level {
                SampleLevel::Auto => Level::Auto,
                SampleLevel::Zero => Level::Zero,
                SampleLevel::Exact(x) => Level::Exact(plain(x)?),
                SampleLevel::Bias(x) => Level::Bias(plain(x)?),
                SampleLevel::Gradient { x, y } => Level::Gradient(plain(x)?, plain(y)?),
            };
            let args = Sample {
                image: get(w, cx, image)?.into_owned(),
                sampler: plain(sampler)?,
                coordinate: plain(coordinate)?,
                array_index: opt(array_index)?,
                offset: offset.map(plain).transpose()?,
                level,
                depth_ref: depth_ref.map(plain).transpose()?,
                gather,
                clamp_to_edge,
            };
            super::image::sample(img, &args)
        }
        Expression::ImageLoad {
            image,
            coordinate,
            array_index,
            sample,
            level,
        } => {
            let img = image_of(w, cx, image)?;
            super::image::load(
                img,
                &get(w, cx, image)?,
                &uint_operand(w, cx, coordinate)?,
                opt(array_index)?.as_deref(),
                opt(sample)?.as_deref(),
                opt(level)?.as_deref(),
            )
        }
        Expression::ImageQuery { image, query } => {
            let img = image_of(w, cx, image)?;
            let q = match query {
                IrQuery::Size { level } => Query::Size(opt(level)?),
                IrQuery::NumLevels => Query::NumLevels,
                IrQuery::NumLayers => Query::NumLayers,
                IrQuery::NumSamples => Query::NumSamples,
            };
            super::image::query(img, &get(w, cx, image)?, &q)
        }
        _ => return Ok(String::new()),
    };
    r.map_err(|d| at(d, span))
}

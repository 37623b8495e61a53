//! Subgroup-matrix operations that move data between the invocations of a
//! subgroup, lowered through compiler-generated workgroup scratch
//! (`tessera_experimental_subgroup_matrix`):
//!
//! - `subgroupMatrixConvert` between kinds (e.g. result -> left), SPIR-V
//!   KHR only: which invocation holds which element differs between the
//!   uses of a cooperative matrix (NV matrices and Metal's have one type
//!   per shape, so there the change is no instruction);
//! - `subgroupMatrixFromRows/Columns` and `subgroupMatrixRow/Column`, every
//!   backend: invocation `i` supplies or receives row (column) `i`.
//!
//! Each subgroup uses its own slice of a workgroup array (one matrix,
//! rounded up to 16 bytes; one array per component type), between
//! subgroup barriers:
//!
//! ```text
//! convert:  barrier(subgroup); store(scratch, sg * slice, m', row_major);
//!           barrier(subgroup); ... = load<T>(scratch, sg * slice, row_major)
//! from:     barrier(subgroup); if lane < n { scratch[base + lane * len + j] = v[j] ... }
//!           barrier(subgroup); ... = load<T>(scratch, base, len, row_major | col_major)
//! to:       barrier(subgroup); store(scratch, base, m, len, row_major | col_major);
//!           barrier(subgroup); ... = array(select(0, scratch[base + min(lane, n - 1) * len + j], lane < n), ...)
//! ```
//!
//! `m'` is `m` converted to `T`'s component first (a same-kind conversion,
//! which the targets do on matrices directly). `sg` and `lane` are the entry
//! point's `subgroup_id` and `subgroup_invocation_id` (added as arguments
//! when missing); functions that use scratch, and their callers, take them
//! as two extra `u32` parameters passed down from the entry point.
//! The array has one slice per subgroup of the workgroup (invocations over
//! the device's minimum subgroup size); its size is reported in
//! `EntryPointReflection::matrix_scratch_bytes`.
//!
//! With `qcom` (SPIR-V's `SPV_QCOM_cooperative_matrix_conversion`), rows and
//! columns whose shape the extension allows ([`qcom_native`]) stay: the
//! writer prints `OpCompositeConstructCoopMatQCOM` and
//! `OpCompositeExtractCoopMatQCOM`. The extraction leaves the invocations
//! past the last row undefined, so they still get zeros here:
//!
//! ```text
//! to (native):  let v = subgroupMatrixRow(m);   ... = array(select(0, v[j], lane < n), ...)
//! ```

use rustc_hash::FxHashMap;

use super::rewrite::{self, BlockBuilder, Cx, FunctionPass};
use crate::arena::Handle;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{
    Access, AddressSpace, ArraySize, Barrier, BinaryOperator, Binding, Block, BuiltIn, Expression,
    Function, FunctionArgument, GlobalVariable, MathFunction, MatrixDim, MatrixLayout, Scalar,
    Statement, SubgroupMatrixKind, Type, TypeInner,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;
/// A function's operations to lower: (expression, matrix type, needs the
/// invocation index, needs no scratch).
type Uses = Vec<(H, Handle<Type>, bool, bool)>;

/// Which kind-changing conversions go through scratch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KindChanges {
    /// Every one (SPIR-V KHR).
    All,
    /// None: the target has one matrix type per shape (SPIR-V NV, MSL).
    None,
    /// Those not from a result matrix: the target converts result -> left
    /// or right natively (`SPV_NV_cooperative_matrix2`).
    NotFromResult,
}

impl KindChanges {
    fn lowers(self, from: SubgroupMatrixKind, to: SubgroupMatrixKind) -> bool {
        from != to
            && match self {
                KindChanges::All => true,
                KindChanges::None => false,
                KindChanges::NotFromResult => from != SubgroupMatrixKind::Result,
            }
    }
}

/// The scratch element type for matrices of `comp` (8-bit components are
/// stored four to a `u32`).
fn scratch_scalar(comp: Scalar) -> Scalar {
    match comp {
        Scalar::I8 | Scalar::U8 => Scalar::U32,
        s => s,
    }
}

/// (rows, columns, component) of a matrix type with constant dimensions.
fn shape(module: &crate::ir::Module, ty: Handle<Type>) -> Option<(u32, u32, Scalar)> {
    match *module.inner(ty) {
        TypeInner::SubgroupMatrix {
            rows: MatrixDim::Constant(r),
            columns: MatrixDim::Constant(c),
            scalar,
            ..
        } => Some((r, c, scalar)),
        _ => None,
    }
}

/// Whether `SPV_QCOM_cooperative_matrix_conversion` moves the rows
/// (`columns`: the columns) of matrix type `ty` to or from the invocations:
/// rows of left and result matrices and columns of right ones; a left
/// matrix's rows and a right matrix's columns hold 8 f32 or 16 f16
/// elements; result matrices of f32, f16, i32 or u32.
pub fn qcom_native(module: &crate::ir::Module, ty: Handle<Type>, columns: bool) -> bool {
    let TypeInner::SubgroupMatrix { kind, .. } = *module.inner(ty) else {
        return false;
    };
    let Some((rows, cols, comp)) = shape(module, ty) else {
        return false;
    };
    let per_invocation = |n: u32| matches!((comp, n), (Scalar::F32, 8) | (Scalar::F16, 16));
    match kind {
        SubgroupMatrixKind::Left => !columns && per_invocation(cols),
        SubgroupMatrixKind::Right => columns && per_invocation(rows),
        SubgroupMatrixKind::Result => {
            !columns && matches!(comp, Scalar::F32 | Scalar::F16 | Scalar::I32 | Scalar::U32)
        }
    }
}

/// Elements of the scratch array one matrix of `ty` takes.
fn slice_elems(module: &crate::ir::Module, ty: Handle<Type>) -> Option<u32> {
    let (r, c, comp) = shape(module, ty)?;
    let bytes = (r * c * comp.size()).div_ceil(16) * 16;
    Some(bytes / scratch_scalar(comp).size())
}

/// The operations of `f` this pass lowers.
fn uses(module: &crate::ir::Module, f: &Function, kind_changes: KindChanges, qcom: bool) -> Uses {
    let kind = |ty| match *module.inner(ty) {
        TypeInner::SubgroupMatrix { kind, .. } => Some(kind),
        _ => None,
    };
    f.expressions
        .iter()
        .filter_map(|(h, e)| match *e {
            Expression::Convert { expr, ty } => {
                let (from, to) = (kind(f.expression_type(expr))?, kind(ty)?);
                kind_changes
                    .lowers(from, to)
                    .then_some((h, ty, false, false))
            }
            Expression::SubgroupMatrixFromInvocations { ty, columns, .. } => {
                // A native construction needs nothing from this pass.
                (!(qcom && qcom_native(module, ty, columns))).then_some((h, ty, true, false))
            }
            Expression::SubgroupMatrixToInvocations { matrix, columns } => {
                let ty = f.expression_type(matrix);
                Some((h, ty, true, qcom && qcom_native(module, ty, columns)))
            }
            _ => None,
        })
        .collect()
}

/// Adds the builtin argument `b` to entry function `f` unless present;
/// returns its index.
fn builtin_argument(f: &mut Function, b: BuiltIn, name: &str, u32_ty: Handle<Type>) -> u32 {
    let existing = f
        .arguments
        .iter()
        .position(|a| a.binding == Some(Binding::BuiltIn(b)));
    let i = existing.unwrap_or_else(|| {
        f.arguments.push(FunctionArgument {
            name: name.into(),
            ty: u32_ty,
            binding: Some(Binding::BuiltIn(b)),
        });
        f.arguments.len() - 1
    });
    i as u32
}

/// Runs the pass; `kind_changes` says which kind-changing conversions it
/// lowers; with `qcom`, rows and columns the QCOM extension moves stay.
pub fn run(p: &mut Pipeline, kind_changes: KindChanges, qcom: bool) -> Result<(), Error> {
    // Only matrix operations are rewritten: without a matrix type there
    // are none, and no function is scanned.
    if !p.module.has_subgroup_matrix_type() {
        return Ok(());
    }
    if kind_changes == KindChanges::NotFromResult {
        rewrite::run(p, &mut SplitNative);
    }
    let mut users: Vec<(Handle<Function>, Uses)> = Vec::new();
    for (h, f) in p.module.functions.iter() {
        let found = uses(&p.module, f, kind_changes, qcom);
        if !found.is_empty() {
            users.push((h, found));
        }
    }
    if users.is_empty() {
        return Ok(());
    }
    let entries: FxHashMap<Handle<Function>, usize> = p
        .entry_points
        .iter()
        .enumerate()
        .map(|(i, &e)| (p.module.entry_points[e].function, i))
        .collect();
    // Every function that uses scratch, and every function that calls one
    // (callees come before callers): they take the subgroup's id and the
    // invocation's index, from the entry point down.
    let mut needs: rustc_hash::FxHashSet<Handle<Function>> =
        users.iter().map(|(h, _)| *h).collect();
    for (h, f) in p.module.functions.iter() {
        if !needs.contains(&h) && calls_any(&f.body, &needs) {
            needs.insert(h);
        }
    }
    let mut errors = Vec::new();
    let mut slices: FxHashMap<Scalar, u32> = FxHashMap::default();
    let mut max_subgroups = 1u32;
    for ep in &p.reflection.entry_points {
        let invocations = ep.workgroup_size.iter().product::<u32>().max(1);
        max_subgroups = max_subgroups.max(invocations.div_ceil(p.subgroup_sizes[0].max(1)));
    }
    for (fh, found) in &users {
        let f = &p.module.functions[*fh];
        for &(e, ty, _, native) in found {
            if native {
                continue;
            }
            let Some(n) = slice_elems(&p.module, ty) else {
                errors.push(Diagnostic::error(
                    "this subgroup-matrix operation needs constant matrix dimensions",
                    f.expressions.span(e),
                ));
                continue;
            };
            let comp = shape(&p.module, ty).map_or(Scalar::U32, |s| s.2);
            let slot = slices.entry(scratch_scalar(comp)).or_default();
            *slot = (*slot).max(n);
        }
    }
    if !errors.is_empty() {
        return Err(Error {
            diagnostics: errors,
        });
    }
    let mut scratch: FxHashMap<Scalar, (Handle<GlobalVariable>, u32)> = FxHashMap::default();
    let mut total_bytes = 0u32;
    let mut order: Vec<_> = slices.into_iter().collect();
    order.sort_by_key(|(s, _)| s.wgsl_name());
    for (scalar, slice) in order {
        let elem = p.module.intern(TypeInner::Scalar(scalar));
        let count = slice * max_subgroups;
        let ty = p.module.intern(TypeInner::Array {
            base: elem,
            size: ArraySize::Constant(count),
            stride: scalar.size(),
        });
        let g = p.module.global_variables.append(
            GlobalVariable {
                name: format!("tessera_matrix_scratch_{}", scalar.wgsl_name()),
                space: AddressSpace::Workgroup,
                access: Access::ReadWrite,
                binding: None,
                ty,
                init: None,
                input_attachment_index: None,
            },
            Span::UNDEFINED,
        );
        total_bytes += count * scalar.size();
        scratch.insert(scalar, (g, slice));
    }
    let u32_ty = p.module.intern(TypeInner::Scalar(Scalar::U32));
    // The invocation index only where rows or columns are handed around.
    let lanes = users.iter().any(|(_, u)| u.iter().any(|x| x.2));
    let mut args = FxHashMap::default();
    for &fh in &needs {
        let f = &mut p.module.functions[fh];
        let (sg, lane) = if entries.contains_key(&fh) {
            let sg = builtin_argument(f, BuiltIn::SubgroupId, "tessera_subgroup_id", u32_ty);
            let lane = lanes.then(|| {
                builtin_argument(
                    f,
                    BuiltIn::SubgroupInvocationId,
                    "tessera_subgroup_invocation_id",
                    u32_ty,
                )
            });
            (sg, lane)
        } else {
            let mut push = |name: &str| {
                f.arguments.push(FunctionArgument {
                    name: name.into(),
                    ty: u32_ty,
                    binding: None,
                });
                f.arguments.len() as u32 - 1
            };
            let sg = push("tessera_subgroup_id");
            let lane = lanes.then(|| push("tessera_subgroup_invocation_id"));
            (sg, lane)
        };
        args.insert(fh, (sg, lane));
    }
    for (&fh, &r) in &entries {
        if needs.contains(&fh) {
            p.reflection.entry_points[r].matrix_scratch_bytes = total_bytes;
        }
    }
    rewrite::run(
        p,
        &mut Scratch {
            scratch,
            args,
            kind_changes,
            qcom,
        },
    );
    Ok(())
}

struct Scratch {
    scratch: FxHashMap<Scalar, (Handle<GlobalVariable>, u32)>,
    /// Per entry function: the argument indices of `subgroup_id` and
    /// `subgroup_invocation_id`.
    args: FxHashMap<Handle<Function>, (u32, Option<u32>)>,
    kind_changes: KindChanges,
    qcom: bool,
}

/// What the scratch slice of one operation looks like.
struct Slice {
    pointer: H,
    elem_ptr: Handle<Type>,
    base: H,
    scalar: Scalar,
}

impl Scratch {
    /// The scratch pointer and this subgroup's base offset for matrices of
    /// `comp`.
    fn slice(&self, cx: &mut Cx, comp: Scalar, span: Span) -> Option<Slice> {
        let &(global, slice) = self.scratch.get(&scratch_scalar(comp))?;
        let &(sg_arg, _) = self.args.get(&cx.handle)?;
        let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
        let array_ty = cx.module.global_variables[global].ty;
        let pty = cx.intern(TypeInner::Pointer {
            base: array_ty,
            space: AddressSpace::Workgroup,
            access: Access::ReadWrite,
        });
        let scalar = scratch_scalar(comp);
        let elem = cx.intern(TypeInner::Scalar(scalar));
        let elem_ptr = cx.intern(TypeInner::Pointer {
            base: elem,
            space: AddressSpace::Workgroup,
            access: Access::ReadWrite,
        });
        let pointer = cx.add(Expression::GlobalVariable(global), pty, span);
        let sg = cx.add(Expression::FunctionArgument(sg_arg), u32_ty, span);
        let size = cx.u32(slice, span);
        let base = cx.binary(BinaryOperator::Multiply, sg, size, Scalar::U32, None, span);
        Some(Slice {
            pointer,
            elem_ptr,
            base,
            scalar,
        })
    }

    fn kind_change(&mut self, cx: &mut Cx, h: H, expr: H, ty: Handle<Type>) {
        let from = cx.ty(expr);
        let TypeInner::SubgroupMatrix { kind: fk, .. } = *cx.module.inner(from) else {
            return;
        };
        let TypeInner::SubgroupMatrix {
            kind: tk,
            scalar: comp,
            columns,
            rows,
        } = cx.module.inner(ty).clone()
        else {
            return;
        };
        let MatrixDim::Constant(cols) = columns else {
            return;
        };
        if fk == tk {
            return;
        }
        let span = cx.f.expressions.span(h);
        let mut value = expr;
        if let TypeInner::SubgroupMatrix { scalar, .. } = *cx.module.inner(from) {
            if scalar != comp {
                let mid = cx.intern(TypeInner::SubgroupMatrix {
                    kind: fk,
                    scalar: comp,
                    columns,
                    rows,
                });
                value = cx.add(Expression::Convert { expr, ty: mid }, mid, span);
            }
        }
        let Some(s) = self.slice(cx, comp, span) else {
            return;
        };
        let stride = cx.u32((cols * comp.size()).div_ceil(s.scalar.size()), span);
        cx.insert_statement(Statement::Barrier(Barrier::SUBGROUP), span);
        cx.insert_statement(
            Statement::SubgroupMatrixStore {
                pointer: s.pointer,
                offset: s.base,
                value,
                stride,
                layout: MatrixLayout::RowMajor,
                proposal_form: false,
            },
            span,
        );
        cx.insert_statement(Statement::Barrier(Barrier::SUBGROUP), span);
        cx.f.expressions[h] = Expression::SubgroupMatrixLoad {
            ty,
            pointer: s.pointer,
            offset: s.base,
            stride,
            layout: MatrixLayout::RowMajor,
            proposal_form: false,
        };
    }

    /// `(lanes, len, layout)`: how many invocations take part, the length
    /// of each one's array, and the scratch layout.
    fn geometry(rows: u32, cols: u32, columns: bool) -> (u32, u32, MatrixLayout) {
        if columns {
            (cols, rows, MatrixLayout::ColumnMajor)
        } else {
            (rows, cols, MatrixLayout::RowMajor)
        }
    }

    fn lower_from_invocations(
        &mut self,
        cx: &mut Cx,
        h: H,
        ty: Handle<Type>,
        array: H,
        columns: bool,
    ) {
        let Some((rows, cols, comp)) = shape(cx.module, ty) else {
            return;
        };
        let Some(&(_, Some(lane_arg))) = self.args.get(&cx.handle) else {
            return;
        };
        let span = cx.f.expressions.span(h);
        let Some(s) = self.slice(cx, comp, span) else {
            return;
        };
        let (lanes, len, layout) = Self::geometry(rows, cols, columns);
        let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
        let comp_ty = cx.intern(TypeInner::Scalar(comp));
        let (lane, inside) = lane_inside(cx, lane_arg, lanes, span);
        let l = cx.u32(len, span);
        let row = cx.binary(BinaryOperator::Multiply, lane, l, Scalar::U32, None, span);
        let start = cx.binary(BinaryOperator::Add, s.base, row, Scalar::U32, None, span);
        let mut body = BlockBuilder::new();
        for j in 0..len {
            let v = body.expr(
                cx.f,
                Expression::AccessIndex {
                    base: array,
                    index: j,
                },
                comp_ty,
                span,
            );
            let jj = body.expr(
                cx.f,
                Expression::Literal(crate::ir::Literal::U32(j)),
                u32_ty,
                span,
            );
            let at = body.expr(
                cx.f,
                Expression::Binary {
                    op: BinaryOperator::Add,
                    left: start,
                    right: jj,
                },
                u32_ty,
                span,
            );
            let p = body.expr(
                cx.f,
                Expression::Access {
                    base: s.pointer,
                    index: at,
                },
                s.elem_ptr,
                span,
            );
            body.stmt(
                Statement::Store {
                    pointer: p,
                    value: v,
                },
                span,
            );
        }
        cx.insert_statement(Statement::Barrier(Barrier::SUBGROUP), span);
        cx.insert_statement(
            Statement::If {
                condition: inside,
                accept: body.finish(),
                reject: Block::new(),
            },
            span,
        );
        cx.insert_statement(Statement::Barrier(Barrier::SUBGROUP), span);
        let stride = cx.u32(len, span);
        cx.f.expressions[h] = Expression::SubgroupMatrixLoad {
            ty,
            pointer: s.pointer,
            offset: s.base,
            stride,
            layout,
            proposal_form: false,
        };
    }

    /// A native row/column extraction, with zeros for the invocations past
    /// the last row (column), which the extension leaves undefined.
    fn zero_past_last(&mut self, cx: &mut Cx, h: H, matrix: H, columns: bool) {
        let Some((rows, cols, comp)) = shape(cx.module, cx.ty(matrix)) else {
            return;
        };
        let Some(&(_, Some(lane_arg))) = self.args.get(&cx.handle) else {
            return;
        };
        let span = cx.f.expressions.span(h);
        let (lanes, len, _) = Self::geometry(rows, cols, columns);
        let ty = cx.ty(h);
        let comp_ty = cx.intern(TypeInner::Scalar(comp));
        let native = cx.add(
            Expression::SubgroupMatrixToInvocations { matrix, columns },
            ty,
            span,
        );
        let (_, inside) = lane_inside(cx, lane_arg, lanes, span);
        let zero = cx.add(Expression::ZeroValue(comp_ty), comp_ty, span);
        let mut components = Vec::with_capacity(len as usize);
        for j in 0..len {
            let v = cx.add(
                Expression::AccessIndex {
                    base: native,
                    index: j,
                },
                comp_ty,
                span,
            );
            components.push(cx.add(
                Expression::Select {
                    condition: inside,
                    accept: v,
                    reject: zero,
                },
                comp_ty,
                span,
            ));
        }
        cx.f.expressions[h] = Expression::Compose { ty, components };
    }

    fn lower_to_invocations(&mut self, cx: &mut Cx, h: H, matrix: H, columns: bool) {
        let mty = cx.ty(matrix);
        let Some((rows, cols, comp)) = shape(cx.module, mty) else {
            return;
        };
        let Some(&(_, Some(lane_arg))) = self.args.get(&cx.handle) else {
            return;
        };
        let span = cx.f.expressions.span(h);
        let Some(s) = self.slice(cx, comp, span) else {
            return;
        };
        let (lanes, len, layout) = Self::geometry(rows, cols, columns);
        let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
        let comp_ty = cx.intern(TypeInner::Scalar(comp));
        let stride = cx.u32(len, span);
        cx.insert_statement(Statement::Barrier(Barrier::SUBGROUP), span);
        cx.insert_statement(
            Statement::SubgroupMatrixStore {
                pointer: s.pointer,
                offset: s.base,
                value: matrix,
                stride,
                layout,
                proposal_form: false,
            },
            span,
        );
        cx.insert_statement(Statement::Barrier(Barrier::SUBGROUP), span);
        let (lane, inside) = lane_inside(cx, lane_arg, lanes, span);
        let last = cx.u32(lanes - 1, span);
        let clamped = cx.add(
            Expression::Math {
                fun: MathFunction::Min,
                args: smallvec::smallvec![lane, last],
            },
            u32_ty,
            span,
        );
        let l = cx.u32(len, span);
        let row = cx.binary(
            BinaryOperator::Multiply,
            clamped,
            l,
            Scalar::U32,
            None,
            span,
        );
        let start = cx.binary(BinaryOperator::Add, s.base, row, Scalar::U32, None, span);
        let zero = cx.add(Expression::ZeroValue(comp_ty), comp_ty, span);
        let mut components = Vec::with_capacity(len as usize);
        for j in 0..len {
            let jj = cx.u32(j, span);
            let at = cx.binary(BinaryOperator::Add, start, jj, Scalar::U32, None, span);
            let p = cx.add(
                Expression::Access {
                    base: s.pointer,
                    index: at,
                },
                s.elem_ptr,
                span,
            );
            let v = cx.add(Expression::Load { pointer: p }, comp_ty, span);
            components.push(cx.add(
                Expression::Select {
                    condition: inside,
                    accept: v,
                    reject: zero,
                },
                comp_ty,
                span,
            ));
        }
        let ty = cx.ty(h);
        cx.f.expressions[h] = Expression::Compose { ty, components };
    }
}

/// This invocation's index in its subgroup (the function's argument
/// `lane_arg`) and whether it is below `lanes`.
fn lane_inside(cx: &mut Cx, lane_arg: u32, lanes: u32, span: Span) -> (H, H) {
    let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
    let bool_ty = cx.intern(TypeInner::Scalar(Scalar::Bool));
    let lane = cx.add(Expression::FunctionArgument(lane_arg), u32_ty, span);
    let n = cx.u32(lanes, span);
    let inside = cx.add(
        Expression::Binary {
            op: BinaryOperator::Less,
            left: lane,
            right: n,
        },
        bool_ty,
        span,
    );
    (lane, inside)
}

impl FunctionPass for Scratch {
    fn statement(&mut self, cx: &mut Cx, st: &mut Statement, span: Span) {
        let Statement::Call {
            function,
            ref mut arguments,
            ..
        } = *st
        else {
            return;
        };
        let (Some(&(sg, lane)), true) =
            (self.args.get(&cx.handle), self.args.contains_key(&function))
        else {
            return;
        };
        let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
        arguments.push(cx.add(Expression::FunctionArgument(sg), u32_ty, span));
        if let Some(lane) = lane {
            arguments.push(cx.add(Expression::FunctionArgument(lane), u32_ty, span));
        }
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        if !self.args.contains_key(&cx.handle) {
            return;
        }
        match cx.f.expressions[h] {
            Expression::Convert { expr, ty } => {
                let kind = |t| match *cx.module.inner(t) {
                    TypeInner::SubgroupMatrix { kind, .. } => Some(kind),
                    _ => None,
                };
                if let (Some(from), Some(to)) = (kind(cx.ty(expr)), kind(ty)) {
                    if self.kind_changes.lowers(from, to) {
                        self.kind_change(cx, h, expr, ty);
                    }
                }
            }
            Expression::SubgroupMatrixFromInvocations { ty, array, columns }
                if !(self.qcom && qcom_native(cx.module, ty, columns)) =>
            {
                self.lower_from_invocations(cx, h, ty, array, columns)
            }
            Expression::SubgroupMatrixToInvocations { matrix, columns } => {
                if self.qcom && qcom_native(cx.module, cx.ty(matrix), columns) {
                    self.zero_past_last(cx, h, matrix, columns)
                } else {
                    self.lower_to_invocations(cx, h, matrix, columns)
                }
            }
            _ => {}
        }
    }
}

/// With a native result -> left/right conversion: a conversion that also
/// changes the component is split in two, the component first (in the
/// result kind), so the backend sees kind-only conversions.
struct SplitNative;

impl FunctionPass for SplitNative {
    fn expression(&mut self, cx: &mut Cx, h: H) {
        let Expression::Convert { expr, ty } = cx.f.expressions[h] else {
            return;
        };
        let from = cx.ty(expr);
        let (
            &TypeInner::SubgroupMatrix {
                kind: SubgroupMatrixKind::Result,
                scalar: fs,
                ..
            },
            &TypeInner::SubgroupMatrix {
                kind: tk,
                scalar: ts,
                columns,
                rows,
            },
        ) = (cx.module.inner(from), cx.module.inner(ty))
        else {
            return;
        };
        if tk == SubgroupMatrixKind::Result || fs == ts {
            return;
        }
        let mid = cx.intern(TypeInner::SubgroupMatrix {
            kind: SubgroupMatrixKind::Result,
            scalar: ts,
            columns,
            rows,
        });
        let span = cx.f.expressions.span(h);
        let m = cx.add(Expression::Convert { expr, ty: mid }, mid, span);
        cx.f.expressions[h] = Expression::Convert { expr: m, ty };
    }
}

/// Whether `block` (or a block nested in it) calls a function of `set`.
fn calls_any(block: &Block, set: &rustc_hash::FxHashSet<Handle<Function>>) -> bool {
    crate::ir::visit::any_statement(
        block,
        &mut |st| matches!(st, Statement::Call { function, .. } if set.contains(function)),
    )
}

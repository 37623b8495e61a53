//! `subgroupMatrixConvert` between kinds (e.g. result -> left) for SPIR-V
//! (`tessera_experimental_subgroup_matrix`).
//!
//! Which invocation holds which element differs between the uses of a
//! cooperative matrix, so changing the kind moves data between the
//! invocations of the subgroup. Without a native instruction this pass
//! does it through memory: each subgroup stores the matrix into its own
//! slice of a compiler-generated workgroup array and loads it back as the
//! new kind, between subgroup barriers:
//!
//! ```text
//! barrier(subgroup); store(scratch, sg * slice, m', row_major);
//! barrier(subgroup); ... = load<T>(scratch, sg * slice, row_major)
//! ```
//!
//! `m'` is `m` converted to `T`'s component first (a same-kind conversion,
//! which SPIR-V does on cooperative matrices directly). `sg` is the entry
//! point's `subgroup_id` (added as an argument when missing); a slice holds
//! one matrix, rounded up to 16 bytes. The array has one slice per
//! subgroup of the largest workgroup (invocations over the device's
//! minimum subgroup size); its size is reported in
//! `EntryPointReflection::matrix_scratch_bytes`. Metal has one matrix type
//! per shape, so its backend does not run this pass.

use rustc_hash::FxHashMap;

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{
    visit, Access, AddressSpace, ArraySize, Barrier, BinaryOperator, Binding, BuiltIn, Expression,
    Function, FunctionArgument, GlobalVariable, MatrixDim, MatrixLayout, Scalar, Statement, Type,
    TypeInner,
};
use crate::pipeline::Pipeline;
use crate::Span;

type H = Handle<Expression>;
/// A function's kind-changing conversions: (expression, target type).
type Conversions = Vec<(H, Handle<Type>)>;

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

/// Elements of the scratch array one matrix of `ty` takes.
fn slice_elems(module: &crate::ir::Module, ty: Handle<Type>) -> Option<u32> {
    let (r, c, comp) = shape(module, ty)?;
    let bytes = (r * c * comp.size()).div_ceil(16) * 16;
    Some(bytes / scratch_scalar(comp).size())
}

/// The kind-changing conversions of a function: (expression, target type).
fn kind_changes(module: &crate::ir::Module, f: &Function) -> Conversions {
    let kind = |ty| match *module.inner(ty) {
        TypeInner::SubgroupMatrix { kind, .. } => Some(kind),
        _ => None,
    };
    f.expressions
        .iter()
        .filter_map(|(h, e)| match *e {
            Expression::Convert { expr, ty } => {
                let (from, to) = (kind(f.expression_type(expr))?, kind(ty)?);
                (from != to).then_some((h, ty))
            }
            _ => None,
        })
        .collect()
}

/// Runs the pass.
pub fn run(p: &mut Pipeline) -> Result<(), Error> {
    let mut users: Vec<(Handle<Function>, Conversions)> = Vec::new();
    for (h, f) in p.module.functions.iter() {
        let found = kind_changes(&p.module, f);
        if !found.is_empty() {
            users.push((h, found));
        }
    }
    if users.is_empty() {
        return Ok(());
    }
    // Entry points of the pipeline, by function.
    let entries: FxHashMap<Handle<Function>, usize> = p
        .entry_points
        .iter()
        .enumerate()
        .map(|(i, &e)| (p.module.entry_points[e].function, i))
        .collect();
    let mut errors = Vec::new();
    let mut slices: FxHashMap<Scalar, u32> = FxHashMap::default();
    let mut max_subgroups = 1u32;
    for (fh, found) in &users {
        let f = &p.module.functions[*fh];
        let Some(&r) = entries.get(fh) else {
            let span = f.expressions.span(found[0].0);
            errors.push(
                Diagnostic::error(
                    "a subgroupMatrixConvert that changes the matrix kind must be in an entry point for SPIR-V output (it uses the entry point's subgroup_id)",
                    span,
                )
                .with_note("call it in the entry point, or keep the kind and change only the component type"),
            );
            continue;
        };
        let wg = p.reflection.entry_points[r].workgroup_size;
        let invocations = wg.iter().product::<u32>().max(1);
        max_subgroups = max_subgroups.max(invocations.div_ceil(p.subgroup_sizes[0].max(1)));
        for &(e, ty) in found {
            let Some(n) = slice_elems(&p.module, ty) else {
                errors.push(Diagnostic::error(
                    "a subgroupMatrixConvert that changes the matrix kind needs constant matrix dimensions",
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
    // One scratch array per element type.
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
            },
            Span::UNDEFINED,
        );
        total_bytes += count * scalar.size();
        scratch.insert(scalar, (g, slice));
    }
    // Each entry point that converts reads its subgroup_id.
    let u32_ty = p.module.intern(TypeInner::Scalar(Scalar::U32));
    let mut subgroup_arg = FxHashMap::default();
    for (fh, _) in &users {
        let f = &mut p.module.functions[*fh];
        let existing = f
            .arguments
            .iter()
            .position(|a| a.binding == Some(Binding::BuiltIn(BuiltIn::SubgroupId)));
        let i = existing.unwrap_or_else(|| {
            f.arguments.push(FunctionArgument {
                name: "tessera_subgroup_id".into(),
                ty: u32_ty,
                binding: Some(Binding::BuiltIn(BuiltIn::SubgroupId)),
            });
            f.arguments.len() - 1
        });
        subgroup_arg.insert(*fh, i as u32);
        if let Some(&r) = entries.get(fh) {
            p.reflection.entry_points[r].matrix_scratch_bytes = total_bytes;
        }
    }
    rewrite::run(
        p,
        &mut KindConvert {
            scratch,
            subgroup_arg,
        },
    );
    Ok(())
}

struct KindConvert {
    scratch: FxHashMap<Scalar, (Handle<GlobalVariable>, u32)>,
    subgroup_arg: FxHashMap<Handle<Function>, u32>,
}

impl FunctionPass for KindConvert {
    fn expression(&mut self, cx: &mut Cx, h: H) {
        let Expression::Convert { expr, ty } = cx.f.expressions[h] else {
            return;
        };
        let Some(&arg) = self.subgroup_arg.get(&cx.handle) else {
            return;
        };
        let from = cx.ty(expr);
        let TypeInner::SubgroupMatrix { kind: fk, .. } = *cx.module.inner(from) else {
            return;
        };
        let to = cx.module.inner(ty).clone();
        let TypeInner::SubgroupMatrix {
            kind: tk,
            scalar: comp,
            columns,
            rows,
        } = to
        else {
            return;
        };
        if fk == tk {
            return;
        }
        let Some(&(global, slice)) = self.scratch.get(&scratch_scalar(comp)) else {
            return;
        };
        let span = cx.f.expressions.span(h);
        // The component conversion, in the source kind.
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
        let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
        let array_ty = cx.module.global_variables[global].ty;
        let pty = cx.intern(TypeInner::Pointer {
            base: array_ty,
            space: AddressSpace::Workgroup,
            access: Access::ReadWrite,
        });
        let pointer = cx.add(Expression::GlobalVariable(global), pty, span);
        let sg = cx.add(Expression::FunctionArgument(arg), u32_ty, span);
        let size = cx.u32(slice, span);
        let offset = cx.binary(BinaryOperator::Multiply, sg, size, Scalar::U32, None, span);
        let columns = match columns {
            MatrixDim::Constant(c) => c,
            MatrixDim::Override(_) => return,
        };
        let stride_elems = (columns * comp.size()).div_ceil(scratch_scalar(comp).size());
        let stride = cx.u32(stride_elems, span);
        cx.insert_statement(Statement::Barrier(Barrier::SUBGROUP), span);
        cx.insert_statement(
            Statement::SubgroupMatrixStore {
                pointer,
                offset,
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
            pointer,
            offset,
            stride,
            layout: MatrixLayout::RowMajor,
            proposal_form: false,
        };
        debug_assert!(visit::needs_emit(&cx.f.expressions[h]));
    }
}

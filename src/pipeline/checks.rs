//! Pipeline-creation checks that need override values or device limits:
//! override-sized arrays, workgroup sizes and storage, subgroup-matrix
//! dimensions, the device's subgroup-matrix configs and the subgroup size.

use crate::arena::Handle;
use crate::configs::{ComponentType, SubgroupMatrixConfig};
use crate::const_eval::Value;
use crate::diagnostic::Diagnostic;
use crate::ir::{
    AddressSpace, ArraySize, EntryPoint, Literal, MatrixDim, Module, SubgroupMatrixKind, Type,
    TypeInner, WorkgroupSizeDim,
};
use crate::span::Span;
use crate::valid::type_facts::type_name;
use crate::valid::{EntryPointInfo, MatrixMultiply};

use super::{MatrixMultiplyInfo, MatrixTypeInfo, PipelineOptions};

/// An integer value as i64.
pub fn int_value(v: Option<&Value>) -> Option<i64> {
    match v? {
        Value::Scalar(Literal::I32(x)) => Some(i64::from(*x)),
        Value::Scalar(Literal::U32(x)) => Some(i64::from(*x)),
        Value::Scalar(Literal::AbstractInt(x)) => Some(*x),
        _ => None,
    }
}

/// Values known after evaluation.
pub struct Known<'a> {
    /// Global expression values.
    pub values: &'a [Option<Value>],
    /// Override values.
    pub overrides: &'a [Option<Value>],
}

impl Known<'_> {
    /// The integer value of a global expression (`None` if unknown).
    pub fn expr(&self, e: Handle<crate::ir::Expression>) -> Option<i64> {
        int_value(self.values.get(e.index()).and_then(Option::as_ref))
    }

    /// The value of a matrix dimension (`None` if unknown).
    pub fn dim(&self, d: MatrixDim) -> Option<i64> {
        match d {
            MatrixDim::Constant(n) => Some(i64::from(n)),
            MatrixDim::Override(o) => {
                int_value(self.overrides.get(o.index()).and_then(Option::as_ref))
            }
        }
    }
}

/// Element counts of override-sized arrays must be positive. Reports each
/// array size expression once.
pub fn check_array_sizes(
    module: &Module,
    known: &Known,
    needed: &[bool],
    diags: &mut Vec<Diagnostic>,
) {
    let mut seen = std::collections::HashSet::new();
    for (h, t) in module.types.iter() {
        if let TypeInner::Array {
            size: ArraySize::Override(e),
            ..
        } = t.inner
        {
            if !needed.get(e.index()).copied().unwrap_or(false) || !seen.insert(e) {
                continue;
            }
            if let Some(n) = known.expr(e) {
                if n <= 0 {
                    diags.push(Diagnostic::error(
                        format!(
                            "array count of '{}' must be greater than 0, but the override-expression is {n}",
                            type_name(module, h)
                        ),
                        module.global_expressions.span(e),
                    ));
                }
            }
        }
    }
}

/// The workgroup size of an entry point (dimensions that are unknown are 1).
pub fn workgroup_size(ep: &EntryPoint, known: &Known) -> [i64; 3] {
    ep.workgroup_size.map(|d| match d {
        WorkgroupSizeDim::Constant(n) => i64::from(n),
        WorkgroupSizeDim::Override(e) => known.expr(e).unwrap_or(1),
    })
}

/// The span of `@workgroup_size`'s dimension `i`, or the entry point's
/// function when the IR has none (IR built without source).
pub fn workgroup_dim_span(module: &Module, ep: &EntryPoint, i: usize) -> Span {
    match ep.workgroup_size_spans[i] {
        s if s == Span::UNDEFINED => module.functions.span(ep.function),
        s => s,
    }
}

/// The immediate data variable an entry point uses must fit in
/// `maxImmediateSize` bytes.
pub fn check_immediate_size(
    module: &Module,
    ep: &EntryPoint,
    info: &EntryPointInfo,
    options: &PipelineOptions,
    diags: &mut Vec<Diagnostic>,
) {
    for &g in &info.globals {
        let h = Handle::<crate::ir::GlobalVariable>::from_index(g);
        let Some(var) = module.global_variables.try_get(h) else {
            continue;
        };
        if var.space != AddressSpace::Immediate {
            continue;
        }
        let size = crate::ir::layout::layout(module, var.ty).size;
        if size > options.max_immediate_size {
            diags.push(
                Diagnostic::error(
                    format!(
                        "immediate data variable '{}' of entry point '{}' is {size} bytes, which exceeds the limit of {} bytes",
                        var.name, ep.name, options.max_immediate_size
                    ),
                    module.global_variables.span(h),
                )
                .with_note("the limit is the device's maxImmediateSize (64 by default)"),
            );
        }
    }
}

/// The smallest and largest subgroup sizes WebGPU allows (Dawn's bounds
/// for `@subgroup_size`).
pub const SUBGROUP_SIZE_BOUNDS: [u32; 2] = [4, 128];

/// Evaluates and checks an entry point's `@subgroup_size`, as Dawn does at
/// pipeline creation: a power of two from 4 to 128, within the device's
/// subgroup sizes when the options give them, and dividing the workgroup
/// size's x dimension (when it is known: `None` for a specialization
/// constant). Returns the size when it is valid.
pub fn check_subgroup_size(
    module: &Module,
    ep: &EntryPoint,
    workgroup_x: Option<u32>,
    known: &Known,
    options: &PipelineOptions,
    diags: &mut Vec<Diagnostic>,
) -> Option<u32> {
    let (dim, span) = ep.subgroup_size?;
    let n = match dim {
        WorkgroupSizeDim::Constant(n) => i64::from(n),
        WorkgroupSizeDim::Override(e) => known.expr(e)?,
    };
    let [lo, hi] = SUBGROUP_SIZE_BOUNDS;
    let bad = |msg: String| Diagnostic::error(msg, span);
    let Some(size) = u32::try_from(n).ok().filter(|n| n.is_power_of_two()) else {
        diags.push(bad(format!(
            "@subgroup_size of entry point '{}' must be a power of two, but is {n}",
            ep.name
        )));
        return None;
    };
    let (min, max) = (
        options.min_subgroup_size.unwrap_or(lo).max(lo),
        options.max_subgroup_size.unwrap_or(hi).min(hi),
    );
    if size < min || size > max {
        diags.push(bad(format!(
            "@subgroup_size {size} of entry point '{}' is outside the supported subgroup sizes {min} to {max}",
            ep.name
        )));
        return None;
    }
    if let Some(workgroup_x) = workgroup_x.filter(|x| x % size != 0) {
        diags.push(
            bad(format!(
                "workgroup size x dimension {workgroup_x} of entry point '{}' must be a multiple of its @subgroup_size {size}",
                ep.name
            ))
            .with_label(workgroup_dim_span(module, ep, 0), "x dimension given here"),
        );
        return None;
    }
    Some(size)
}

/// Checks `@workgroup_size` against the limits and the total size of the
/// entry point's workgroup variables.
pub fn check_workgroup(
    module: &Module,
    ep: &EntryPoint,
    info: &EntryPointInfo,
    known: &Known,
    options: &PipelineOptions,
    diags: &mut Vec<Diagnostic>,
) {
    let span = module.functions.span(ep.function);
    let size = workgroup_size(ep, known);
    let mut ok = true;
    for (i, &n) in size.iter().enumerate() {
        let axis = ["x", "y", "z"][i];
        let max = i64::from(options.max_workgroup_size[i]);
        if n < 1 {
            ok = false;
            diags.push(Diagnostic::error(
                format!(
                    "workgroup size {axis} dimension of entry point '{}' must be at least 1, but is {n}",
                    ep.name
                ),
                workgroup_dim_span(module, ep, i),
            ));
        } else if n > max {
            ok = false;
            diags.push(Diagnostic::error(
                format!(
                    "workgroup size {axis} dimension of entry point '{}' is {n}, which exceeds the limit {max}",
                    ep.name
                ),
                workgroup_dim_span(module, ep, i),
            ));
        }
    }
    let total = size[0].saturating_mul(size[1]).saturating_mul(size[2]);
    if ok && total > i64::from(options.max_invocations) {
        diags.push(Diagnostic::error(
            format!(
                "entry point '{}' has {total} invocations per workgroup ({}x{}x{}), which exceeds the limit {}",
                ep.name, size[0], size[1], size[2], options.max_invocations
            ),
            span,
        ));
    }
    let mut bytes: u64 = 0;
    for &g in &info.globals {
        let Some(var) = module.global_variables.try_get(Handle::from_index(g)) else {
            continue;
        };
        if var.space != AddressSpace::Workgroup {
            continue;
        }
        let size = match module.types.try_get(var.ty).map(|t| &t.inner) {
            Some(&TypeInner::Array {
                size: ArraySize::Override(e),
                stride,
                ..
            }) => known.expr(e).unwrap_or(0).max(0) as u64 * u64::from(stride),
            _ => u64::from(crate::ir::layout::layout(module, var.ty).size),
        };
        // WebGPU counts each variable as roundUp(16, SizeOf(T)).
        bytes = bytes.saturating_add(size.div_ceil(16).saturating_mul(16));
    }
    if bytes > u64::from(options.max_workgroup_storage_size) {
        diags.push(Diagnostic::error(
            format!(
                "entry point '{}' uses {bytes} bytes of workgroup storage, which exceeds the limit {}",
                ep.name, options.max_workgroup_storage_size
            ),
            span,
        ));
    }
}

/// Resolves a matrix type's shape; reports non-positive override dimensions.
pub fn matrix_info(
    module: &Module,
    ty: Handle<Type>,
    span: Span,
    known: &Known,
    diags: &mut Vec<Diagnostic>,
) -> Option<MatrixTypeInfo> {
    let TypeInner::SubgroupMatrix {
        kind,
        scalar,
        columns,
        rows,
    } = module.types.try_get(ty)?.inner
    else {
        return None;
    };
    let component = ComponentType::from_scalar(scalar)?;
    let mut dims = [0u32; 2];
    for (slot, (d, what)) in dims.iter_mut().zip([(columns, "column"), (rows, "row")]) {
        let v = known.dim(d)?;
        match u32::try_from(v) {
            Ok(n) if n > 0 => *slot = n,
            _ => {
                diags.push(Diagnostic::error(
                    format!(
                        "subgroup matrix {what} count of '{}' must be greater than 0, but is {v}",
                        type_name(module, ty)
                    ),
                    span,
                ));
                return None;
            }
        }
    }
    Some(MatrixTypeInfo {
        kind,
        component,
        columns: dims[0],
        rows: dims[1],
    })
}

fn config_list(configs: &[SubgroupMatrixConfig]) -> String {
    if configs.is_empty() {
        return "the device supports no subgroup matrix configurations".to_string();
    }
    let list: Vec<String> = configs.iter().map(|c| c.to_string()).collect();
    format!(
        "supported configurations (COMPONENT:RESULT:MxNxK): {}",
        list.join(", ")
    )
}

/// Checks a matrix type against the device's configs.
pub fn check_matrix_type(
    module: &Module,
    ty: Handle<Type>,
    span: Span,
    m: &MatrixTypeInfo,
    configs: &[SubgroupMatrixConfig],
    diags: &mut Vec<Diagnostic>,
) {
    let (ok, shape) = match m.kind {
        SubgroupMatrixKind::Left => (
            configs
                .iter()
                .any(|c| c.m == m.rows && c.k == m.columns && c.component_type == m.component),
            format!(
                "M={}, K={}, component type {}",
                m.rows, m.columns, m.component
            ),
        ),
        SubgroupMatrixKind::Right => (
            configs
                .iter()
                .any(|c| c.k == m.rows && c.n == m.columns && c.component_type == m.component),
            format!(
                "K={}, N={}, component type {}",
                m.rows, m.columns, m.component
            ),
        ),
        SubgroupMatrixKind::Result => (
            configs.iter().any(|c| {
                c.m == m.rows && c.n == m.columns && c.result_component_type == m.component
            }),
            format!(
                "M={}, N={}, result component type {}",
                m.rows, m.columns, m.component
            ),
        ),
    };
    if !ok {
        diags.push(
            Diagnostic::error(
                format!(
                    "subgroup matrix type '{}' ({shape}) is not supported by the device",
                    type_name(module, ty)
                ),
                span,
            )
            .with_note(config_list(configs)),
        );
    }
}

/// Resolves a multiply's shape. Dimensions given by overrides are only
/// known now, so this is where the operands' shapes must agree: left
/// columns = right rows (K), left rows = result rows (M), right columns =
/// result columns (N).
pub fn multiply_info(
    module: &Module,
    mm: &MatrixMultiply,
    known: &Known,
    diags: &mut Vec<Diagnostic>,
) -> Option<MatrixMultiplyInfo> {
    // Non-positive dimensions are reported with the types themselves.
    let mut scratch = Vec::new();
    let l = matrix_info(module, mm.left, mm.span, known, &mut scratch)?;
    let r = matrix_info(module, mm.right, mm.span, known, &mut scratch)?;
    let t = matrix_info(module, mm.result, mm.span, known, &mut scratch)?;
    let mismatch = [
        ("K", "left columns", l.columns, "right rows", r.rows),
        ("M", "left rows", l.rows, "result rows", t.rows),
        ("N", "right columns", r.columns, "result columns", t.columns),
    ];
    let mut ok = true;
    for (dim, a, av, b, bv) in mismatch {
        if av != bv {
            ok = false;
            diags.push(Diagnostic::error(
                format!(
                    "subgroup matrix multiply of '{}' by '{}' giving '{}' has mismatched {dim}: {a} = {av}, {b} = {bv}",
                    type_name(module, mm.left),
                    type_name(module, mm.right),
                    type_name(module, mm.result),
                ),
                mm.span,
            ));
        }
    }
    if !ok {
        return None;
    }
    Some(MatrixMultiplyInfo {
        m: l.rows,
        n: t.columns,
        k: l.columns,
        component: l.component,
        result: t.component,
    })
}

/// Checks a multiply against the device's configs: one config must match
/// all of M, N, K and both component types.
pub fn check_multiply(
    module: &Module,
    mm: &MatrixMultiply,
    info: &MatrixMultiplyInfo,
    configs: &[SubgroupMatrixConfig],
    diags: &mut Vec<Diagnostic>,
) {
    let ok = configs.iter().any(|c| {
        c.m == info.m
            && c.n == info.n
            && c.k == info.k
            && c.component_type == info.component
            && c.result_component_type == info.result
    });
    if !ok {
        diags.push(
            Diagnostic::error(
                format!(
                    "subgroup matrix multiply of '{}' by '{}' giving '{}' (M={}, N={}, K={}, {} -> {}) does not match any configuration supported by the device",
                    type_name(module, mm.left),
                    type_name(module, mm.right),
                    type_name(module, mm.result),
                    info.m,
                    info.n,
                    info.k,
                    info.component,
                    info.result
                ),
                mm.span,
            )
            .with_note(config_list(configs)),
        );
    }
}

/// The cooperative-vector operations whose matrix is in a device-defined
/// layout (the inference layout of `coopVecMatMul(Add)Optimal`, the
/// training layout of `coopVecOuterProductAccumulate`;
/// docs/cooperative-vectors.md) need the matrix's array to start at a
/// multiple of 64 bytes of its buffer (and an optimal product's bias at 16),
/// as Vulkan requires of the native instructions: the host converts the
/// layout of a whole region, which could not depend on where a struct
/// member lies.
pub fn check_device_layouts(module: &Module, epi: &EntryPointInfo, diags: &mut Vec<Diagnostic>) {
    use crate::analysis::binding_byte_offset;
    use crate::ir::{Expression, Statement};
    for &fi in &epi.functions {
        let Some(f) = module.functions.try_get(Handle::from_index(fi)) else {
            continue;
        };
        let misaligned =
            |ptr, by: u32| binding_byte_offset(module, f, ptr).is_none_or(|o| o % by != 0);
        let suffix = "(the matrix's layout is the device's, and Vulkan requires that alignment)";
        for (h, e) in f.expressions.iter() {
            if let Expression::CoopVecMatMul {
                matrix,
                optimal: true,
                bias,
                ..
            } = *e
            {
                if misaligned(matrix, 64) || bias.is_some_and(|b| misaligned(b, 16)) {
                    let message = if bias.is_some() {
                        format!("the matrix of 'coopVecMatMulAddOptimal' must be a buffer's whole array or a struct member at a multiple of 64 bytes of its buffer, and its bias at a multiple of 16 {suffix}")
                    } else {
                        format!("the matrix of 'coopVecMatMulOptimal' must be a buffer's whole array or a struct member at a multiple of 64 bytes of its buffer {suffix}")
                    };
                    diags.push(Diagnostic::error(message, f.expressions.span(h)));
                }
            }
        }
        crate::ir::visit::walk_statements(&f.body, |st, span| {
            if let Statement::CoopVecAccumulate {
                pointer,
                b: Some(_),
                ..
            } = *st
            {
                if misaligned(pointer, 64) {
                    diags.push(Diagnostic::error(
                        format!("the matrix of 'coopVecOuterProductAccumulate' must be a buffer's whole array or a struct member at a multiple of 64 bytes of its buffer {suffix}"),
                        span,
                    ));
                }
            }
        });
    }
}

/// The operations that hand a matrix's rows or columns to the invocations
/// of the subgroup (invocation `i` holds row or column `i`): the rows or
/// columns must not outnumber the device's minimum subgroup size, or some
/// would belong to no invocation. Checked when the options give that size
/// (docs/subgroup-matrix-extensions.md, sections 3 and 5).
pub fn check_invocation_lines(
    module: &Module,
    epi: &EntryPointInfo,
    options: &PipelineOptions,
    diags: &mut Vec<Diagnostic>,
) {
    use crate::ir::{Expression, MatrixReduceMode};
    let Some(min) = options.min_subgroup_size else {
        return;
    };
    for &fi in &epi.functions {
        let Some(f) = module.functions.try_get(Handle::from_index(fi)) else {
            continue;
        };
        for (h, e) in f.expressions.iter() {
            // (builtin, matrix type, rows handed out, columns handed out)
            let (name, ty, rows, columns): (&str, Handle<Type>, bool, bool) = match *e {
                Expression::SubgroupMatrixFromInvocations { ty, columns, .. } => (
                    if columns {
                        "subgroupMatrixFromColumns"
                    } else {
                        "subgroupMatrixFromRows"
                    },
                    ty,
                    !columns,
                    columns,
                ),
                Expression::SubgroupMatrixToInvocations { matrix, columns } => (
                    if columns {
                        "subgroupMatrixColumn"
                    } else {
                        "subgroupMatrixRow"
                    },
                    f.expression_type(matrix),
                    !columns,
                    columns,
                ),
                Expression::SubgroupMatrixReduce {
                    matrix, mode, op, ..
                } => (
                    mode.builtin(op),
                    f.expression_type(matrix),
                    mode != MatrixReduceMode::Columns,
                    mode != MatrixReduceMode::Rows,
                ),
                Expression::SubgroupMatrixIndex { ty, columns } => (
                    if columns {
                        "subgroupMatrixColumnIndex"
                    } else {
                        "subgroupMatrixRowIndex"
                    },
                    ty,
                    columns,
                    !columns,
                ),
                _ => continue,
            };
            let TypeInner::SubgroupMatrix {
                rows: r,
                columns: c,
                ..
            } = *module.inner(ty)
            else {
                continue;
            };
            for (check, dim, what) in [(rows, r, "rows"), (columns, c, "columns")] {
                let MatrixDim::Constant(n) = dim else {
                    continue;
                };
                if check && n > min {
                    diags.push(
                        Diagnostic::error(
                            format!(
                                "'{name}' hands the {n} {what} of '{}' to the invocations of a subgroup, but the device's subgroups may have only {min} invocations",
                                type_name(module, ty)
                            ),
                            f.expressions.span(h),
                        )
                        .with_note(format!(
                            "invocation i holds row or column i: a matrix with at most {min} {what} fits every subgroup size of the device"
                        )),
                    );
                }
            }
        }
    }
}

//! Overrides as SPIR-V specialization constants
//! ([`super::PipelineOptions::spec_constants`]).
//!
//! With the option on, every override that is given no value in the
//! options stays symbolic: the pipeline step does not evaluate it, nor any
//! override-expression that reads it (their entries in
//! [`super::Pipeline::global_values`] are `None`), and the SPIR-V writer
//! emits them as specialization constants, which the application sets at
//! `vkCreateComputePipelines` (`VkSpecializationInfo`):
//! - an override with no value whose default is absent or does not depend
//!   on another symbolic override is a *specialization constant* of its
//!   own: `OpSpecConstant` (`OpSpecConstantTrue`/`False` for `bool`)
//!   decorated with `SpecId`, the `@id` when it has one, otherwise the
//!   smallest id no `@id` of the module uses (in declaration order, over
//!   all the module's overrides, so the ids do not depend on the chosen
//!   entry points). Its literal is the default, or the zero value of its
//!   type when it has none: the application must then supply a value;
//! - an override whose default reads a symbolic override (`override b =
//!   a * 2;`) is *derived*: it is that expression, not a specialization
//!   constant of its own (it cannot be set independently; give it a value
//!   in the options to fix it);
//! - an override-expression that reads a symbolic override is an
//!   `OpSpecConstantOp` (or `OpSpecConstantComposite`) when SPIR-V allows
//!   its operation under the `Shader` capability (see [`spec_op`]: integer
//!   and boolean arithmetic, comparisons, bit operations, `select`,
//!   conversions between `i32`, `u32` and `bool`, composites, swizzles and
//!   constant indices); otherwise ([`Form::Runtime`]: floating-point
//!   arithmetic, builtin functions, dynamic indices) it is computed in each
//!   function that reads it, at the start of the function, from the parts
//!   SPIR-V can express (the SPIR-V lowering pass `spec-constants`). Array
//!   element counts and workgroup sizes must be expressible, or the
//!   pipeline step reports an error at the expression.
//!
//! Specialization-constant operations compute WGSL's *runtime* results:
//! integer division and remainder by zero (and `i32` `MIN / -1`) use a
//! divisor of 1, shift amounts are masked to the bit width, arithmetic
//! wraps. What WGSL makes a pipeline-creation error for an
//! override-expression (division by zero, overflow, out-of-range values,
//! a workgroup size over the device limits) cannot be checked before the
//! values are known: the application must not supply such values.

use crate::ir::{Expression, Module, TypeInner};

pub use crate::ir::SpecConstant;

/// The `SpecId` of every override of the module: its `@id`, or the
/// smallest id not used by any `@id` nor assigned before it (declaration
/// order).
pub fn assign_ids(module: &Module) -> Vec<u32> {
    let explicit: rustc_hash::FxHashSet<u32> = module
        .overrides
        .iter()
        .filter_map(|(_, o)| o.id.map(u32::from))
        .collect();
    let mut next = 0u32;
    module
        .overrides
        .iter()
        .map(|(_, o)| match o.id {
            Some(id) => u32::from(id),
            None => {
                while explicit.contains(&next) {
                    next += 1;
                }
                next += 1;
                next - 1
            }
        })
        .collect()
}

/// The specialization constant of each symbolic override whose default
/// does not read another symbolic override (the others are derived).
pub(super) fn constants(
    module: &Module,
    symbolic_override: &[bool],
    symbolic: &[bool],
    values: &[Option<crate::const_eval::Value>],
) -> Vec<Option<SpecConstant>> {
    let ids = assign_ids(module);
    module
        .overrides
        .iter()
        .map(|(h, o)| {
            if !symbolic_override.get(h.index()).copied().unwrap_or(false) {
                return None;
            }
            let scalar = match module.types.try_get(o.ty).map(|t| &t.inner) {
                Some(TypeInner::Scalar(s)) => *s,
                _ => return None,
            };
            let default = match o.init {
                None => crate::ir::Literal::zero(scalar),
                Some(init) if symbolic.get(init.index()).copied().unwrap_or(false) => return None,
                Some(init) => match values.get(init.index()).cloned().flatten() {
                    Some(crate::const_eval::Value::Scalar(l)) => {
                        // An abstract default (IR built by other means) takes the
                        // override's type.
                        crate::const_eval::convert(&crate::const_eval::Value::Scalar(l), scalar)
                            .ok()
                            .and_then(|v| match v {
                                crate::const_eval::Value::Scalar(l) => Some(l),
                                _ => None,
                            })
                            .unwrap_or(l)
                    }
                    // The default failed to evaluate (reported when needed).
                    _ => crate::ir::Literal::zero(scalar),
                },
            };
            Some(SpecConstant {
                spec_id: ids[h.index()],
                default,
                has_default: o.init.is_some(),
            })
        })
        .collect()
}

/// Which global expressions read a symbolic override (directly, through
/// operands, or through a derived override). `symbolic_override[o]` marks
/// the overrides that got no value.
pub fn symbolic_expressions(module: &Module, symbolic_override: &[bool]) -> Vec<bool> {
    let n = module.global_expressions.len();
    let mut out = vec![false; n];
    // Operands precede their users except through override initialisers,
    // which `Override` does not read as an operand: one forward sweep.
    for (h, e) in module.global_expressions.iter() {
        let s = match *e {
            Expression::Override(o) => symbolic_override.get(o.index()).copied().unwrap_or(false),
            ref other => {
                let mut any = false;
                for op in super::eval::operands(other) {
                    any |= out.get(op.index()).copied().unwrap_or(false);
                }
                any
            }
        };
        out[h.index()] = s;
    }
    out
}

pub use crate::analysis::spec_ops::{forms, spec_op, spec_op_operands, Form, SpecOp};

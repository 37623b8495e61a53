//! The `derivative_uniformity` rule's hook: which expressions compute an
//! implicit derivative and therefore must run in uniform control flow
//! (WGSL spec, "Uniformity Rules for Function Calls": the derivative
//! builtins, `textureSample`, `textureSampleBias` and
//! `textureSampleCompare`).
//!
//! The analysis (`expr::Builder::evaluate`) asks [`needs_derivative_uniformity`]
//! for every expression: a `Some` gives the call a `CallSiteRequiredToBeUniform.S`
//! tag on the `Channel::Derivative` channel of `super::summary` (workgroup
//! scope, severity from the nearest `derivative_uniformity` filter, `off`
//! removing the requirement) and a `ReturnValueMayBeNonUniform` result.
//! Everything else about the rule (filters, messages, call chains through
//! user functions) follows from that, so a new builtin that needs
//! derivatives only has to be listed here.

use crate::ir::{Expression, SampleLevel};

/// The WGSL name of the builtin when `expr` computes an implicit
/// derivative (so needs uniform control flow), else `None`.
pub fn needs_derivative_uniformity(expr: &Expression) -> Option<&'static str> {
    match *expr {
        Expression::Derivative { axis, control, .. } => Some(axis.wgsl_name(control)),
        // Implicit level of detail: the derivatives of the coordinates.
        Expression::ImageSample {
            gather: None,
            level: SampleLevel::Auto,
            depth_ref,
            ..
        } => Some(if depth_ref.is_some() {
            "textureSampleCompare"
        } else {
            "textureSample"
        }),
        Expression::ImageSample {
            gather: None,
            level: SampleLevel::Bias(_),
            ..
        } => Some("textureSampleBias"),
        _ => None,
    }
}

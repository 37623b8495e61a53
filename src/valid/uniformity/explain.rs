//! Turning a failed requirement into a diagnostic: what must be uniform
//! (the primary span: the call, the argument or the declaration), why (the
//! builtin a called user function needs uniformity for), the branch whose
//! condition made control flow non-uniform and the value that made it so
//! (the first `Branch` node left through its condition, the first
//! assignment, and the last source node before `MayBeNonUniform` on the
//! path the walk found: the spec's "chain of implications").

use super::graph::{Graph, NodeId, NodeKind, Source, MAY_BE_NON_UNIFORM};
use super::summary::{Channel, ReqWhat, Requirement};
use crate::diagnostic::Diagnostic;

/// The one-line message of a failure of `req`.
pub(crate) fn requirement_message(req: &Requirement, ch: Channel) -> String {
    match &req.what {
        ReqWhat::CallSite { callee, .. } => {
            format!("{callee} must only be called from {}", ch.control_flow())
        }
        ReqWhat::Argument {
            callee,
            index,
            contents: false,
            ..
        } => format!("{callee} requires argument {} to be uniform", index + 1),
        ReqWhat::Argument {
            callee,
            index,
            contents: true,
            ..
        } => format!(
            "{callee} requires the value pointed to by argument {} to be uniform",
            index + 1
        ),
        ReqWhat::MatrixVar => {
            "variables that contain subgroup matrix types cannot be declared in non-uniform control flow"
                .to_string()
        }
    }
}

/// What a source of non-uniformity is, as a note.
pub(crate) fn describe(source: &Source) -> String {
    match source {
        Source::BuiltinParam {
            param,
            builtin: Some(b),
        } => format!("builtin value '{b}' of parameter '{param}' may be non-uniform"),
        Source::BuiltinParam {
            param,
            builtin: None,
        } => format!("parameter '{param}' holds inputs that may be non-uniform"),
        Source::GlobalRead { what, name } => {
            format!("reading from {what} '{name}' may result in a non-uniform value")
        }
        Source::PointerParamRead { param } => {
            format!("reading through pointer parameter '{param}' may result in a non-uniform value")
        }
        Source::BuiltinResult { name } => format!("the result of '{name}' may be non-uniform"),
        Source::CallResult { callee } => {
            format!("the return value of '{callee}' may be non-uniform")
        }
        Source::PointerArgument { callee, index } => {
            format!(
                "'{callee}' may store a non-uniform value through argument {}",
                index + 1
            )
        }
    }
}

/// The diagnostic (at error severity; the caller applies filters) for a
/// failure of `req` along `path` (from the requirement's node to
/// `MayBeNonUniform`).
pub(crate) fn failure(req: &Requirement, path: &[NodeId], graph: &Graph) -> Diagnostic {
    let mut d = Diagnostic::error(requirement_message(req, req.channel), req.span);
    let via = match &req.what {
        ReqWhat::CallSite { via, .. } | ReqWhat::Argument { via, .. } => via.as_ref(),
        ReqWhat::MatrixVar => None,
    };
    if let Some(o) = via {
        d = d.with_label(o.span, format!("{} (in '{}')", o.what, o.function));
    }
    // The first branch the path leaves through its condition (not through
    // the control flow the branch itself is in) is the one whose condition
    // is non-uniform.
    let on_value = path.windows(2).find_map(|w| match graph.kind(w[0]) {
        NodeKind::Branch(v) if *v == w[1] => Some(w[0]),
        _ => None,
    });
    if let Some(b) = on_value {
        d = d.with_label(
            graph.span(b),
            "control flow depends on possibly non-uniform value",
        );
    }
    if let Some(&n) = path
        .iter()
        .find(|&&n| matches!(graph.kind(n), NodeKind::Assign))
    {
        d = d.with_label(graph.span(n), "the value assigned here may be non-uniform");
    }
    let source = path
        .iter()
        .rev()
        .copied()
        .filter(|&n| n != MAY_BE_NON_UNIFORM)
        .find(|&n| matches!(graph.kind(n), NodeKind::Source(_)));
    if let Some(n) = source {
        if let NodeKind::Source(s) = graph.kind(n) {
            d = d.with_label(graph.span(n), describe(s));
        }
    }
    d
}

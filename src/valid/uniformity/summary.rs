//! What the analysis remembers about a function once its graph is gone
//! (the spec's call site, function, parameter, parameter return and
//! pointer parameter tags), and the uniformity requirements a function
//! body adds to its graph.

use std::rc::Rc;

use super::graph::{NodeId, ScopeMask, SUBGROUP, WORKGROUP};
use crate::ir::filters::{DiagnosticRule, FilterSeverity};
use crate::span::Span;

/// A kind of uniformity requirement: a uniformity scope together with the
/// triggering rule its failures are reported under. Each channel is
/// analysed independently (the spec's potential-trigger-sets, kept apart
/// per rule so that a failure names exactly the rule that caused it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Channel {
    /// Synchronisation builtins (`workgroupBarrier`, `storageBarrier`,
    /// `textureBarrier`, `workgroupUniformLoad`): workgroup scope, an
    /// unnamed rule (always an error).
    Sync,
    /// Subgroup and quad builtins: subgroup scope, `subgroup_uniformity`.
    Subgroup,
    /// Subgroup-matrix builtins, constructors and variables: subgroup
    /// scope, `chromium.subgroup_matrix_uniformity`.
    Matrix,
    /// Builtins that compute a derivative (see
    /// [`super::derivative::needs_derivative_uniformity`]): workgroup scope,
    /// `derivative_uniformity`.
    Derivative,
}

/// Number of channels (the length of per-channel arrays).
pub(crate) const CHANNELS: usize = 4;

impl Channel {
    /// Every channel, in the order they are analysed.
    pub const ALL: [Channel; CHANNELS] = [
        Channel::Sync,
        Channel::Subgroup,
        Channel::Matrix,
        Channel::Derivative,
    ];

    /// Index into per-channel arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The scope whose edges the channel's walks follow.
    pub fn scope(self) -> ScopeMask {
        match self {
            Channel::Sync | Channel::Derivative => WORKGROUP,
            Channel::Subgroup | Channel::Matrix => SUBGROUP,
        }
    }

    /// The filterable rule, if any.
    pub fn rule(self) -> Option<DiagnosticRule> {
        match self {
            Channel::Sync => None,
            Channel::Subgroup => Some(DiagnosticRule::SubgroupUniformity),
            Channel::Matrix => Some(DiagnosticRule::SubgroupMatrixUniformity),
            Channel::Derivative => Some(DiagnosticRule::DerivativeUniformity),
        }
    }

    /// "uniform control flow" in the channel's scope.
    pub fn control_flow(self) -> &'static str {
        match self {
            Channel::Sync | Channel::Derivative => "uniform control flow",
            Channel::Subgroup | Channel::Matrix => "subgroup uniform control flow",
        }
    }
}

/// Where a requirement comes from in the end: the builtin call (or
/// declaration) that needs uniformity, possibly several calls down.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Origin {
    /// What needs uniformity, e.g. `'workgroupBarrier'` or
    /// `argument 1 of 'subgroupShuffleUp'`.
    pub what: String,
    /// Where.
    pub span: Span,
    /// The function containing it.
    pub function: String,
}

/// A requirement tag (`CallSiteRequiredToBeUniform.S`,
/// `ParameterRequiredToBeUniform.S`, `ParameterContentsRequiredToBeUniform.S`)
/// for one channel.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Tag {
    /// The severity `S`.
    pub severity: FilterSeverity,
    /// Why the requirement exists.
    pub origin: Rc<Origin>,
}

/// A parameter whose value (or pointed-to contents) flows into something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ParamDep {
    /// The parameter's index.
    pub index: u32,
    /// Whether the dependency is on the pointed-to contents rather than
    /// the parameter's value.
    pub contents: bool,
    /// The scopes in which it holds.
    pub mask: ScopeMask,
}

/// The tags of one parameter.
#[derive(Clone, Debug, Default)]
pub(crate) struct ParamSummary {
    /// `ParameterRequiredToBeUniform.S`, per channel.
    pub required: [Option<Tag>; CHANNELS],
    /// `ParameterContentsRequiredToBeUniform.S`, per channel.
    pub contents_required: [Option<Tag>; CHANNELS],
    /// Scopes with `ParameterReturnContentsRequiredToBeUniform` for the
    /// parameter's value.
    pub returned: ScopeMask,
    /// Scopes in which the return value depends on the pointed-to
    /// contents.
    pub returned_contents: ScopeMask,
    /// Scopes with `PointerParameterMayBeNonUniform`.
    pub pointer_non_uniform: ScopeMask,
    /// Parameters the pointed-to contents depend on after a call.
    pub pointer_deps: Vec<ParamDep>,
}

/// The tags of a function.
#[derive(Clone, Debug, Default)]
pub(crate) struct FunctionSummary {
    /// The function's name.
    pub name: String,
    /// The name in quotes, as messages show it.
    pub quoted: Rc<str>,
    /// Whether a call can return (the function's behaviour is `{Next}`,
    /// not `{}`).
    pub returns: bool,
    /// `CallSiteRequiredToBeUniform.S`, per channel.
    pub call_site: [Option<Tag>; CHANNELS],
    /// Scopes with `ReturnValueMayBeNonUniform`.
    pub return_non_uniform: ScopeMask,
    /// Per parameter.
    pub params: Vec<ParamSummary>,
}

/// What a requirement is about, for the message of its failure.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ReqWhat {
    /// A call must be in uniform control flow.
    CallSite {
        /// The callee, as shown (`'subgroupAdd'`, `'foo'`,
        /// `'subgroup_matrix_left<f16, 8, 8>' constructor`).
        callee: Rc<str>,
        /// Whether the callee is a user function (then `via` is set).
        via: Option<Rc<Origin>>,
    },
    /// An argument must be uniform.
    Argument {
        /// The callee, as shown.
        callee: Rc<str>,
        /// Argument index.
        index: usize,
        /// For user functions: why.
        via: Option<Rc<Origin>>,
        /// Whether it is the pointed-to contents that must be uniform.
        contents: bool,
    },
    /// A variable containing subgroup matrices declared without an
    /// initializer.
    MatrixVar,
}

/// One uniformity requirement of a function body: an edge from the
/// channel's `RequiredToBeUniform.S` node to `target`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Requirement {
    /// The channel.
    pub channel: Channel,
    /// The severity `S`.
    pub severity: FilterSeverity,
    /// The node required to be uniform.
    pub target: NodeId,
    /// The primary location of a failure (the call or the argument).
    pub span: Span,
    /// What it is about.
    pub what: ReqWhat,
}

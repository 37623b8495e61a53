//! The second phase of the analysis of a function (WGSL spec, "Analyzing
//! the Uniformity Requirements of a Function"): walks from the
//! `RequiredToBeUniform.S` requirements, per channel and in the order
//! error, warning, info, either trigger a failure (a path reaches
//! `MayBeNonUniform`) or set the call site and parameter tags; walks from
//! `Value_return` and `Value_return_i_contents` set the function and
//! pointer parameter tags. Every walk is a breadth-first search that
//! visits each node at most once per channel or per return node.

use std::rc::Rc;

use super::build::Builder;
use super::explain;
use super::graph::{
    Graph, NodeId, NodeKind, Walker, CF_START, MAY_BE_NON_UNIFORM, NONE, SUBGROUP, WORKGROUP,
};
use super::summary::{
    Channel, FunctionSummary, Origin, ParamDep, ParamSummary, ReqWhat, Requirement, Tag,
};
use crate::diagnostic::Diagnostic;
use crate::ir::{EntryPoint, Extensions, FilterIndex, FilterSeverity, Function, Module};
use crate::valid::type_facts::TypeFacts;

/// At most this many uniformity errors are reported: one per function and
/// channel (a function's first failure in a channel ends its walks there).
const MAX_ERRORS: usize = 100;

/// State shared by the analyses of all functions of a module.
#[derive(Default)]
pub(crate) struct Solver {
    graph: Graph,
    walker: Walker,
    /// The diagnostics found.
    pub errors: Vec<Diagnostic>,
    /// Warnings and infos.
    pub warnings: Vec<Diagnostic>,
    /// Total graph nodes built (for benchmarks and tests).
    pub nodes: usize,
    /// Total graph edges built.
    pub edges: usize,
    /// The module's extensions (they decide how a rule is spelt).
    extensions: Extensions,
    /// The graph builder's tables, reused from function to function.
    tables: super::build::Tables,
}

impl Solver {
    /// Analyses one function, its callees' summaries being in
    /// `summaries`, and returns its summary.
    #[allow(clippy::too_many_arguments)]
    pub fn function(
        &mut self,
        module: &Module,
        facts: &TypeFacts,
        filters: &FilterIndex,
        summaries: &[FunctionSummary],
        func: &Function,
        entry: Option<&EntryPoint>,
    ) -> FunctionSummary {
        self.graph.reset();
        self.extensions = module.extensions;
        let mut b = Builder::new(
            module,
            facts,
            filters,
            summaries,
            func,
            entry,
            &mut self.graph,
            std::mem::take(&mut self.tables),
        );
        let returns = b.build();
        let value_return = b.value_return;
        let tables = b.finish();
        let (reqs, ret_contents) = (&tables.reqs, &tables.ret_contents);
        self.graph.finish();
        self.nodes += self.graph.len();
        self.edges += self.graph.edge_count();
        let mut summary = FunctionSummary {
            name: func.name.clone(),
            quoted: format!("'{}'", func.name).into(),
            returns,
            params: vec![ParamSummary::default(); func.arguments.len()],
            ..FunctionSummary::default()
        };
        self.walker.reset(self.graph.len());
        for ch in Channel::ALL {
            if self.errors.len() < MAX_ERRORS && reqs.iter().any(|r| r.channel == ch) {
                self.channel(ch, reqs, func, &mut summary);
            }
        }
        self.return_tags(value_return, ret_contents, &mut summary);
        self.tables = tables;
        summary
    }

    /// The requirement walks of one channel.
    fn channel(
        &mut self,
        ch: Channel,
        reqs: &[Requirement],
        func: &Function,
        summary: &mut FunctionSummary,
    ) {
        self.walker.new_walk();
        for sev in [
            FilterSeverity::Error,
            FilterSeverity::Warning,
            FilterSeverity::Info,
        ] {
            let mut failure: Option<(usize, Vec<NodeId>)> = None;
            let mut reached: Vec<(NodeId, usize)> = Vec::new();
            for (k, req) in reqs.iter().enumerate() {
                if req.channel != ch || req.severity != sev {
                    continue;
                }
                let graph = &self.graph;
                let mut hit = false;
                self.walker.explore(graph, req.target, ch.scope(), |n| {
                    if n == MAY_BE_NON_UNIFORM {
                        hit = true;
                    } else if n == CF_START
                        || matches!(
                            graph.kind(n),
                            NodeKind::Param(_) | NodeKind::ParamContents(_)
                        )
                    {
                        reached.push((n, k));
                    }
                });
                if hit && failure.is_none() {
                    failure = Some((k, self.walker.path_to(MAY_BE_NON_UNIFORM)));
                }
            }
            if let Some((k, path)) = failure {
                let req = &reqs[k];
                let diag = explain::failure(req, &path, &self.graph);
                match ch.rule() {
                    None => self.errors.push(diag),
                    Some(rule) => crate::valid::report::report_named(
                        rule.name_in(self.extensions),
                        sev,
                        diag,
                        &mut self.errors,
                        &mut self.warnings,
                    ),
                }
                if sev == FilterSeverity::Error {
                    // The function's summary gets no tags in this channel,
                    // so its callers report nothing that follows from this
                    // failure; other functions are still analysed.
                    if self.errors.len() == MAX_ERRORS {
                        self.warnings.push(Diagnostic {
                            severity: crate::diagnostic::Severity::Info,
                            ..Diagnostic::without_location(format!(
                                "too many uniformity errors: stopped after the first {MAX_ERRORS}"
                            ))
                        });
                    }
                    return;
                }
                continue;
            }
            for (n, k) in reached {
                let tag = Tag {
                    severity: sev,
                    origin: origin(&reqs[k], ch, &func.name),
                };
                let c = ch.index();
                if n == CF_START {
                    summary.call_site[c].get_or_insert(tag);
                    continue;
                }
                match *self.graph.kind(n) {
                    NodeKind::Param(i) => {
                        if let Some(p) = summary.params.get_mut(i as usize) {
                            p.required[c].get_or_insert(tag);
                        }
                    }
                    NodeKind::ParamContents(i) => {
                        if let Some(p) = summary.params.get_mut(i as usize) {
                            p.contents_required[c].get_or_insert(tag);
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// The function tag, parameter return tags and pointer parameter
    /// tags, per scope.
    fn return_tags(
        &mut self,
        value_return: NodeId,
        ret_contents: &[NodeId],
        summary: &mut FunctionSummary,
    ) {
        for scope in [WORKGROUP, SUBGROUP] {
            if value_return != NONE {
                self.walker.new_walk();
                let graph = &self.graph;
                let s = &mut *summary;
                self.walker
                    .explore(graph, value_return, scope, |n| match *graph.kind(n) {
                        _ if n == MAY_BE_NON_UNIFORM => s.return_non_uniform |= scope,
                        NodeKind::Param(i) => {
                            if let Some(p) = s.params.get_mut(i as usize) {
                                p.returned |= scope;
                            }
                        }
                        NodeKind::ParamContents(i) => {
                            if let Some(p) = s.params.get_mut(i as usize) {
                                p.returned_contents |= scope;
                            }
                        }
                        _ => {}
                    });
            }
            for (i, &rc) in ret_contents.iter().enumerate() {
                if rc == NONE {
                    continue;
                }
                self.walker.new_walk();
                let graph = &self.graph;
                let mut non_uniform = false;
                let mut deps = Vec::new();
                self.walker
                    .explore(graph, rc, scope, |n| match *graph.kind(n) {
                        _ if n == MAY_BE_NON_UNIFORM => non_uniform = true,
                        NodeKind::Param(j) => deps.push((j, false)),
                        NodeKind::ParamContents(j) => deps.push((j, true)),
                        _ => {}
                    });
                let Some(p) = summary.params.get_mut(i) else {
                    continue;
                };
                if non_uniform {
                    p.pointer_non_uniform |= scope;
                }
                for (index, contents) in deps {
                    match p
                        .pointer_deps
                        .iter_mut()
                        .find(|d| d.index == index && d.contents == contents)
                    {
                        Some(d) => d.mask |= scope,
                        None => p.pointer_deps.push(ParamDep {
                            index,
                            contents,
                            mask: scope,
                        }),
                    }
                }
            }
        }
    }
}

/// The origin a tag set by requirement `req` carries to callers.
fn origin(req: &Requirement, ch: Channel, function: &str) -> Rc<Origin> {
    let via = match &req.what {
        ReqWhat::CallSite { via, .. } | ReqWhat::Argument { via, .. } => via.clone(),
        ReqWhat::MatrixVar => None,
    };
    via.unwrap_or_else(|| {
        Rc::new(Origin {
            what: explain::requirement_message(req, ch),
            span: req.span,
            function: function.to_string(),
        })
    })
}

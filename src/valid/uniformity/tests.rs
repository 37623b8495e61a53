//! Unit tests: the tags computed for functions (the spec's call site,
//! parameter, parameter return, function and pointer parameter tags), and
//! robustness on IR the resolver does not produce.

use super::graph::{BOTH, SUBGROUP, WORKGROUP};
use super::solve::Solver;
use super::summary::{Channel, FunctionSummary};
use crate::ir::{Block, FilterIndex, FilterSeverity, Module, Statement};
use crate::valid::type_facts::TypeFacts;

fn module(src: &str) -> Module {
    match crate::front::wgsl::parse_str(src) {
        Ok(p) => p.module,
        Err(e) => panic!("parse failed: {e:?}"),
    }
}

fn summaries(m: &Module) -> (Vec<FunctionSummary>, Solver) {
    let facts = TypeFacts::new(m);
    let filters = FilterIndex::new(&m.diagnostic_filters);
    let mut solver = Solver::default();
    let mut out = Vec::new();
    for (_, f) in m.functions.iter() {
        let s = solver.function(m, &facts, &filters, &out, f, None);
        out.push(s);
    }
    (out, solver)
}

const HEADER: &str = "enable subgroups;
@group(0) @binding(0) var<storage, read_write> rw: array<u32>;
";

#[test]
fn parameter_and_call_site_tags() {
    let m = module(&format!(
        "{HEADER}fn f(x: u32, p: ptr<function, u32>) -> u32 {{
    if x > 0u {{ workgroupBarrier(); }}
    *p = rw[0];
    return x;
}}"
    ));
    let (s, _) = summaries(&m);
    let f = &s[0];
    let sync = Channel::Sync.index();
    let tag = f.params[0].required[sync]
        .as_ref()
        .expect("x must be uniform");
    assert_eq!(tag.severity, FilterSeverity::Error);
    assert_eq!(
        tag.origin.what,
        "'workgroupBarrier' must only be called from uniform control flow"
    );
    assert!(f.call_site[sync].is_some());
    assert!(f.call_site[Channel::Subgroup.index()].is_none());
    assert_eq!(f.params[0].returned, BOTH);
    assert_eq!(f.params[1].pointer_non_uniform, BOTH);
    assert_eq!(f.return_non_uniform, 0);
    assert!(f.returns);
}

#[test]
fn subgroup_reduction_is_uniform_only_at_subgroup_scope() {
    let m = module(&format!(
        "{HEADER}fn g(v: u32) -> u32 {{ return subgroupAdd(v); }}
fn h(v: u32) -> u32 {{ return subgroupShuffle(v, 0u); }}"
    ));
    let (s, _) = summaries(&m);
    assert_eq!(s[0].return_non_uniform, WORKGROUP);
    assert_eq!(
        s[0].params[0].returned & SUBGROUP,
        0,
        "at subgroup scope the reduction hides its argument"
    );
    assert_eq!(s[1].return_non_uniform, BOTH);
    assert!(s[0].call_site[Channel::Subgroup.index()].is_some());
    assert!(s[0].call_site[Channel::Sync.index()].is_none());
}

#[test]
fn pointer_parameter_dependencies() {
    let m = module(
        "fn f(p: ptr<function, u32>, q: ptr<function, u32>, x: u32) {
    *p = *q + x;
}",
    );
    let (s, _) = summaries(&m);
    let deps = &s[0].params[0].pointer_deps;
    assert!(deps
        .iter()
        .any(|d| d.index == 1 && d.contents && d.mask == BOTH));
    assert!(deps
        .iter()
        .any(|d| d.index == 2 && !d.contents && d.mask == BOTH));
    assert!(
        !deps.iter().any(|d| d.index == 0 && d.contents),
        "fully overwritten"
    );
    assert_eq!(s[0].params[1].pointer_non_uniform, 0);
}

#[test]
fn function_that_never_returns() {
    let m = module("fn spin() { loop { } }");
    let (s, _) = summaries(&m);
    assert!(!s[0].returns);
}

fn strip_emits(b: &mut Block) {
    let mut i = 0;
    while i < b.statements.len() {
        if matches!(b.statements[i], Statement::Emit(_)) {
            b.statements.remove(i);
            b.spans.remove(i);
            continue;
        }
        match &mut b.statements[i] {
            Statement::Block(x) => strip_emits(x),
            Statement::If { accept, reject, .. } => {
                strip_emits(accept);
                strip_emits(reject);
            }
            Statement::Loop {
                body, continuing, ..
            } => {
                strip_emits(body);
                strip_emits(continuing);
            }
            Statement::Switch { cases, .. } => {
                cases.iter_mut().for_each(|c| strip_emits(&mut c.body))
            }
            _ => {}
        }
        i += 1;
    }
}

#[test]
fn expressions_without_emits_are_evaluated_where_used() {
    let src = "@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    if (lid + 1u) * 2u > 3u { workgroupBarrier(); }
}";
    let mut m = module(src);
    for (_, f) in m.functions.iter_mut() {
        strip_emits(&mut f.body);
    }
    let a = super::analyze(&m);
    assert_eq!(a.errors.len(), 1);
    assert_eq!(
        a.errors[0].message,
        "'workgroupBarrier' must only be called from uniform control flow"
    );
}

#[test]
fn calls_to_functions_not_yet_analysed_do_not_panic() {
    let src = "fn a() { workgroupBarrier(); }
@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) lid: u32) { if lid > 0u { a(); } }";
    let mut m = module(src);
    // Reverse the (callee-first) order: `main` is analysed before `a`.
    let mut fs: Vec<_> = m.functions.iter().map(|(_, f)| f.clone()).collect();
    fs.reverse();
    let mut arena = crate::arena::Arena::new();
    for f in fs {
        arena.append(f, crate::span::Span::UNDEFINED);
    }
    m.functions = arena;
    m.entry_points.clear();
    let a = super::analyze(&m);
    assert!(a.errors.is_empty());
}

#[test]
fn only_functions_whose_graph_matters_are_analysed() {
    // `plain` and `unused` hold no requirement and only `other`, which
    // needs nothing, calls them; `helper` is plain but `sync` (a barrier)
    // calls it, so its tags are read; `middle` calls `sync`; `main` calls
    // `middle`.
    let m = module(&format!(
        "{HEADER}fn plain(x: u32) -> u32 {{ return x * 2u; }}
fn unused(x: u32) -> u32 {{ return plain(x) + 1u; }}
fn helper(x: u32) -> u32 {{ return x + 1u; }}
fn sync(x: u32) -> u32 {{ workgroupBarrier(); return helper(x); }}
fn middle(x: u32) -> u32 {{ return sync(x); }}
fn sample(t: texture_2d<f32>, s: sampler) -> vec4f {{ return textureSample(t, s, vec2f()); }}
@compute @workgroup_size(1)
fn main() {{ rw[0] = middle(2u); }}
@compute @workgroup_size(1)
fn other() {{ rw[1] = unused(1u); }}
"
    ));
    let facts = TypeFacts::new(&m);
    let needed = super::scope::needed(&crate::valid::all_function_facts(&m, &facts));
    let by_name = |n: &str| {
        let (h, _) = m.functions.iter().find(|(_, f)| f.name == n).unwrap();
        needed[h.index()]
    };
    assert!(!by_name("plain"));
    assert!(!by_name("unused"));
    assert!(by_name("helper"));
    assert!(by_name("sync"));
    assert!(by_name("middle"));
    assert!(by_name("sample"));
    assert!(by_name("main"));
    assert!(!by_name("other"));
}

#[test]
fn a_requirement_through_plain_callers_is_still_reported() {
    // `g` needs uniform control flow; `f` (plain itself) calls it under a
    // non-uniform condition: the error is found through the chain.
    let m = module(&format!(
        "{HEADER}fn g() {{ workgroupBarrier(); }}
fn f(x: u32) {{ if x > 0u {{ g(); }} }}
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {{ f(i); }}
"
    ));
    let a = super::analyze(&m);
    assert_eq!(a.errors.len(), 1, "{:?}", a.errors);
}

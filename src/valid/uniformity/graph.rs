//! The uniformity graph of one function: nodes with what they stand for
//! (for messages), edges labelled with the uniformity scopes they apply
//! in, and the breadth-first walks the analysis runs over it.
//!
//! An edge `a -> b` reads "if `a` must be uniform, `b` must be uniform";
//! a node from which [`MAY_BE_NON_UNIFORM`] is reachable (in a scope) may
//! be non-uniform in that scope. Edges are collected in a flat list and
//! turned into a compressed adjacency table by [`Graph::finish`] (a counting
//! sort), so building and walking are linear in the number of edges.

use crate::span::Span;

/// Index of a node.
pub(crate) type NodeId = u32;

/// "No node": an operand that adds no uniformity dependency.
pub(crate) const NONE: NodeId = u32::MAX;

/// The `MayBeNonUniform` node (node 0 of every graph).
pub(crate) const MAY_BE_NON_UNIFORM: NodeId = 0;

/// `CF_start`: control flow at the start of the function (node 1).
pub(crate) const CF_START: NodeId = 1;

/// Uniformity scopes, as a bit mask on edges.
pub(crate) type ScopeMask = u8;
/// The workgroup (compute) uniformity scope.
pub(crate) const WORKGROUP: ScopeMask = 1;
/// The subgroup uniformity scope.
pub(crate) const SUBGROUP: ScopeMask = 2;
/// Both scopes.
pub(crate) const BOTH: ScopeMask = WORKGROUP | SUBGROUP;

/// Why a value may be non-uniform: the description of a source node,
/// shown as a note when a requirement fails because of it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Source {
    /// An entry-point parameter carrying (or containing) a non-uniform
    /// built-in value.
    BuiltinParam {
        /// The parameter's name.
        param: String,
        /// The built-in's WGSL name (`None` for a structure of inputs).
        builtin: Option<&'static str>,
    },
    /// A read of a mutable module-scope variable.
    GlobalRead {
        /// What kind of variable (`read_write storage buffer`, ...).
        what: &'static str,
        /// Its name.
        name: String,
    },
    /// A read through a pointer parameter into mutable memory.
    PointerParamRead {
        /// The parameter's name.
        param: String,
    },
    /// The result of a builtin that may be non-uniform.
    BuiltinResult {
        /// The builtin's name.
        name: &'static str,
    },
    /// The return value of a user function that may be non-uniform.
    CallResult {
        /// The callee's name.
        callee: String,
    },
    /// A user function that may store a non-uniform value through a
    /// pointer argument.
    PointerArgument {
        /// The callee's name.
        callee: String,
        /// The argument's index.
        index: usize,
    },
}

/// What a node stands for.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum NodeKind {
    /// `MayBeNonUniform`, `CF_start`, return nodes and other interior
    /// nodes with nothing to say.
    Plain,
    /// Control flow inside a statement that branches on a value (the span
    /// is the condition's or the selector's); the node is the value's.
    Branch(NodeId),
    /// The value of a function-scope variable after an assignment (the
    /// span is the assignment's or the declaration's).
    Assign,
    /// A parameter's value.
    Param(u32),
    /// The contents of the memory a `function`-space pointer parameter
    /// points to, on entry.
    ParamContents(u32),
    /// A value that may be non-uniform for the given reason (it has an
    /// edge to `MayBeNonUniform` in some scope).
    Source(Source),
}

/// A function's uniformity graph.
#[derive(Debug, Default)]
pub(crate) struct Graph {
    kinds: Vec<NodeKind>,
    spans: Vec<Span>,
    edges: Vec<(NodeId, NodeId, ScopeMask)>,
    offsets: Vec<u32>,
    targets: Vec<(NodeId, ScopeMask)>,
}

impl Graph {
    /// Clears the graph and adds the two fixed nodes.
    pub fn reset(&mut self) {
        self.kinds.clear();
        self.spans.clear();
        self.edges.clear();
        self.offsets.clear();
        self.targets.clear();
        self.add(NodeKind::Plain, Span::UNDEFINED);
        self.add(NodeKind::Plain, Span::UNDEFINED);
    }

    /// Adds a node.
    pub fn add(&mut self, kind: NodeKind, span: Span) -> NodeId {
        let id = self.kinds.len() as NodeId;
        self.kinds.push(kind);
        self.spans.push(span);
        id
    }

    /// Adds a plain node with edges to `to` (in both scopes).
    pub fn join(&mut self, span: Span, to: &[NodeId]) -> NodeId {
        let n = self.add(NodeKind::Plain, span);
        for &t in to {
            self.edge(n, t, BOTH);
        }
        n
    }

    /// Adds an edge that applies in the scopes of `mask`; edges from or to
    /// [`NONE`] are dropped.
    pub fn edge(&mut self, from: NodeId, to: NodeId, mask: ScopeMask) {
        if from != NONE && to != NONE && from != to && mask != 0 {
            self.edges.push((from, to, mask));
        }
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// What a node stands for.
    pub fn kind(&self, n: NodeId) -> &NodeKind {
        &self.kinds[n as usize]
    }

    /// The source span of a node.
    pub fn span(&self, n: NodeId) -> Span {
        self.spans[n as usize]
    }

    /// Builds the adjacency table; call once after the last edge.
    pub fn finish(&mut self) {
        let n = self.kinds.len();
        self.offsets.clear();
        self.offsets.resize(n + 1, 0);
        for &(from, _, _) in &self.edges {
            self.offsets[from as usize + 1] += 1;
        }
        for i in 0..n {
            self.offsets[i + 1] += self.offsets[i];
        }
        self.targets.clear();
        self.targets.resize(self.edges.len(), (0, 0));
        let mut fill: Vec<u32> = self.offsets[..n].to_vec();
        for &(from, to, mask) in &self.edges {
            let slot = &mut fill[from as usize];
            self.targets[*slot as usize] = (to, mask);
            *slot += 1;
        }
    }

    /// The successors of `n` in the scopes of `mask`.
    fn successors(&self, n: NodeId, mask: ScopeMask) -> impl Iterator<Item = NodeId> + '_ {
        let (a, b) = (
            self.offsets[n as usize] as usize,
            self.offsets[n as usize + 1] as usize,
        );
        self.targets[a..b]
            .iter()
            .filter(move |(_, m)| m & mask != 0)
            .map(|&(t, _)| t)
    }
}

/// Reusable state of breadth-first walks over a [`Graph`]: which nodes a
/// walk reached (by stamp, so clearing is O(1)) and the node it was
/// reached from, for explaining a failure.
#[derive(Debug, Default)]
pub(crate) struct Walker {
    stamp: Vec<u32>,
    current: u32,
    parent: Vec<NodeId>,
    queue: Vec<NodeId>,
}

impl Walker {
    /// Prepares for a graph of `n` nodes and forgets every visit.
    pub fn reset(&mut self, n: usize) {
        if self.stamp.len() < n {
            self.stamp.resize(n, 0);
            self.parent.resize(n, NONE);
        }
        self.new_walk();
    }

    /// Starts a new set of visits (earlier visits are forgotten).
    pub fn new_walk(&mut self) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.current = 1;
        }
    }

    /// Whether `n` was visited in the current walk.
    pub fn visited(&self, n: NodeId) -> bool {
        n != NONE && self.stamp[n as usize] == self.current
    }

    /// Marks `n` visited without exploring it (nodes an earlier walk
    /// claimed).
    pub fn mark(&mut self, n: NodeId) {
        self.stamp[n as usize] = self.current;
    }

    /// Visits everything reachable from `root` in `mask` that is not
    /// visited yet, recording parents; calls `seen` on each newly visited
    /// node (the root included).
    pub fn explore(
        &mut self,
        graph: &Graph,
        root: NodeId,
        mask: ScopeMask,
        mut seen: impl FnMut(NodeId),
    ) {
        if root == NONE || self.visited(root) {
            return;
        }
        self.mark(root);
        self.parent[root as usize] = NONE;
        seen(root);
        self.queue.clear();
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let n = self.queue[head];
            head += 1;
            for t in graph.successors(n, mask) {
                if self.stamp[t as usize] != self.current {
                    self.stamp[t as usize] = self.current;
                    self.parent[t as usize] = n;
                    seen(t);
                    self.queue.push(t);
                }
            }
        }
    }

    /// The path from the root of the walk that reached `n` to `n`.
    pub fn path_to(&self, n: NodeId) -> Vec<NodeId> {
        let mut path = vec![n];
        let mut cur = n;
        while self.parent[cur as usize] != NONE && path.len() <= self.parent.len() {
            cur = self.parent[cur as usize];
            path.push(cur);
        }
        path.reverse();
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_follow_scope_masks_and_record_paths() {
        let mut g = Graph::default();
        g.reset();
        let a = g.add(NodeKind::Plain, Span::UNDEFINED);
        let b = g.add(NodeKind::Plain, Span::UNDEFINED);
        g.edge(CF_START, a, BOTH);
        g.edge(a, b, SUBGROUP);
        g.edge(b, MAY_BE_NON_UNIFORM, BOTH);
        g.finish();
        let mut w = Walker::default();
        w.reset(g.len());
        w.explore(&g, CF_START, WORKGROUP, |_| {});
        assert!(w.visited(a) && !w.visited(b) && !w.visited(MAY_BE_NON_UNIFORM));
        w.new_walk();
        w.explore(&g, CF_START, SUBGROUP, |_| {});
        assert!(w.visited(MAY_BE_NON_UNIFORM));
        assert_eq!(w.path_to(MAY_BE_NON_UNIFORM), vec![CF_START, a, b, 0]);
    }
}

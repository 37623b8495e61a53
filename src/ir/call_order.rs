//! The order of a module's functions: every callee before its callers,
//! which the printers and the verifier rely on. Passes that append
//! functions (specialised copies, helpers) restore it.

use super::{visit, Expression, Function, Module, Statement};
use crate::arena::Handle;
use crate::span::Span;

impl Module {
    /// Reorders `module.functions` so every callee comes before its callers
    /// (copies were appended after the functions calling them), remapping
    /// every function handle.
    pub(crate) fn restore_callee_order(&mut self) {
        let module = self;
        let n = module.functions.len();
        let callees: Vec<Vec<Handle<Function>>> = module
            .functions
            .iter()
            .map(|(_, f)| visit::callees(f))
            .collect();
        // Iterative depth-first post-order, starting from each function in
        // arena order (so an already ordered module keeps its order).
        let mut order: Vec<usize> = Vec::with_capacity(n);
        let mut state = vec![0u8; n]; // 0 new, 1 on stack, 2 done
        for start in 0..n {
            if state[start] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
            state[start] = 1;
            while let Some(&mut (v, ref mut next)) = stack.last_mut() {
                if let Some(&c) = callees[v].get(*next) {
                    *next += 1;
                    let c = c.index();
                    if c < n && state[c] == 0 {
                        state[c] = 1;
                        stack.push((c, 0));
                    }
                } else {
                    state[v] = 2;
                    order.push(v);
                    stack.pop();
                }
            }
        }
        if order.iter().enumerate().all(|(i, &v)| i == v) {
            return;
        }
        module.reorder_functions(&order);
    }

    /// Keeps only the functions `keep` holds (by index), in their order,
    /// remapping every function handle. No kept function may call a
    /// dropped one, and no entry point may be one.
    pub(crate) fn keep_functions(&mut self, keep: &[bool]) {
        let order: Vec<usize> = (0..self.functions.len())
            .filter(|&i| keep.get(i).copied().unwrap_or(false))
            .collect();
        if order.len() == self.functions.len() {
            return;
        }
        self.reorder_functions(&order);
    }

    /// Moves the functions into `order` (old indices; those not listed are
    /// dropped), remapping every function handle.
    fn reorder_functions(&mut self, order: &[usize]) {
        let module = self;
        let n = module.functions.len();
        let mut new_of = vec![usize::MAX; n];
        for (new, &old) in order.iter().enumerate() {
            new_of[old] = new;
        }
        let remap = |h: Handle<Function>| Handle::from_index(new_of[h.index()]);
        let old = std::mem::take(&mut module.functions);
        // The functions are moved, not copied, into their new places.
        let mut taken: Vec<Option<(Function, Span)>> = old.into_values().map(Some).collect();
        for &o in order {
            if let Some((mut f, span)) = taken[o].take() {
                for (_, e) in f.expressions.iter_mut() {
                    match e {
                        Expression::CallResult(c)
                        | Expression::SubgroupMatrixPerElement { function: c, .. }
                        | Expression::SubgroupMatrixReduce {
                            function: Some(c), ..
                        } => *c = remap(*c),
                        _ => {}
                    }
                }
                visit::walk_blocks_mut(&mut f.body, &mut |b| {
                    for st in b.statements_mut() {
                        if let Statement::Call { function, .. } = st {
                            *function = remap(*function);
                        }
                    }
                });
                module.functions.append(f, span);
            }
        }
        for ep in &mut module.entry_points {
            ep.function = remap(ep.function);
        }
    }
}

//! What the chosen entry points do not reach is dropped before the passes
//! (as Tint's single-entry-point step does): the other entry points and
//! every function none of the chosen ones calls. Passes then never lower,
//! and printers never skip, code that is not compiled.

use crate::ir::Module;

/// Keeps the entry points `chosen` (indices into `module.entry_points`)
/// and the functions in `reached` (sorted indices: everything the chosen
/// entry points call, their own functions included); returns the chosen
/// entry points' new indices, in the order of `chosen`.
pub(super) fn keep_chosen(module: &mut Module, chosen: &[usize], reached: &[usize]) -> Vec<usize> {
    let entry_points = std::mem::take(&mut module.entry_points);
    let mut is_chosen = vec![false; entry_points.len()];
    for &i in chosen {
        if let Some(c) = is_chosen.get_mut(i) {
            *c = true;
        }
    }
    let mut new_index = vec![usize::MAX; entry_points.len()];
    for (i, ep) in entry_points.into_iter().enumerate() {
        if is_chosen[i] {
            new_index[i] = module.entry_points.len();
            module.entry_points.push(ep);
        }
    }
    let mut keep = vec![false; module.functions.len()];
    for &f in reached {
        if let Some(k) = keep.get_mut(f) {
            *k = true;
        }
    }
    module.keep_functions(&keep);
    chosen
        .iter()
        .map(|&i| new_index.get(i).copied().unwrap_or(usize::MAX))
        .collect()
}

//! Scalar replacement of arrays of subgroup matrices.
//!
//! After [`super::unroll`], arrays of subgroup matrices are indexed by
//! constants only, but drivers may still keep a whole array variable in
//! memory. This pass replaces a function-scope `var a: array<T, n>` (whose
//! type contains a subgroup matrix) by `n` variables `a_0 .. a_{n-1}` of type
//! `T` when every use of `a` is an element access with a constant index
//! (`AccessIndex`, or `Access` by a constant) or a store of the zero value
//! (the declaration's initialiser). Nested arrays are split level by level
//! until no candidate is left.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::arena::{Handle, HandleRange};
use crate::ir::{
    ArraySize, Block, ConstValue, Expression, Function, Literal, LocalVariable, Module, Statement,
    Type, TypeInner,
};

use crate::ir::visit;

/// The largest array length that is split.
pub const MAX_ELEMENTS: u32 = 64;
/// The most splitting rounds (one per array nesting level).
const MAX_ROUNDS: usize = 8;

type H = Handle<Expression>;

/// Splits qualifying arrays of subgroup matrices in every function.
pub fn run(module: &mut Module) {
    let has_matrix = crate::analysis::matrix_types(module);
    let mut functions = std::mem::take(&mut module.functions);
    for (_, f) in functions.iter_mut() {
        for _ in 0..MAX_ROUNDS {
            if !round(module, &has_matrix, f) {
                break;
            }
        }
    }
    module.functions = functions;
}

/// The element type and length of a splittable local.
fn candidate(
    module: &Module,
    has_matrix: &[bool],
    ty: Handle<Type>,
) -> Option<(Handle<Type>, u32)> {
    match module.types.try_get(ty)?.inner {
        TypeInner::Array {
            base,
            size: ArraySize::Constant(n),
            ..
        } if n <= MAX_ELEMENTS && has_matrix.get(ty.index()).copied().unwrap_or(false) => {
            Some((base, n))
        }
        _ => None,
    }
}

fn const_index(module: &Module, f: &Function, h: H) -> Option<u32> {
    let lit = match f.expressions.try_get(h)? {
        Expression::Literal(l) => *l,
        Expression::Constant(c) => match module.constants.try_get(*c)? {
            ConstValue::Scalar(l) => *l,
            _ => return None,
        },
        _ => return None,
    };
    match lit {
        Literal::I32(v) => u32::try_from(v).ok(),
        Literal::U32(v) => Some(v),
        _ => None,
    }
}

/// One splitting round; returns whether anything changed.
fn round(module: &mut Module, has_matrix: &[bool], f: &mut Function) -> bool {
    // Candidate locals and the expressions pointing at them.
    let mut cands: HashMap<Handle<LocalVariable>, (Handle<Type>, u32)> = HashMap::default();
    for (h, v) in f.local_variables.iter() {
        if let Some(c) = candidate(module, has_matrix, v.ty) {
            cands.insert(h, c);
        }
    }
    if cands.is_empty() {
        return false;
    }
    // Expression uses: only constant-index accesses in range. Expressions
    // no statement reaches (left behind by earlier passes) do not count.
    let live = live_expressions(f);
    let is_live = |h: H| live.get(h.index()).copied().unwrap_or(false);
    let mut ptr_of: HashMap<H, Handle<LocalVariable>> = HashMap::default();
    for (h, e) in f.expressions.iter() {
        if !is_live(h) {
            continue;
        }
        if let Expression::LocalVariable(v) = e {
            if cands.contains_key(v) {
                ptr_of.insert(h, *v);
            }
        }
    }
    // Variables no live expression points at are left alone (this also
    // skips the arrays split by earlier rounds).
    let used: HashSet<Handle<LocalVariable>> = ptr_of.values().copied().collect();
    cands.retain(|v, _| used.contains(v));
    let mut accesses: Vec<(H, Handle<LocalVariable>, u32)> = Vec::new();
    for (h, e) in f.expressions.iter() {
        if !is_live(h) {
            continue;
        }
        let access = match e {
            Expression::AccessIndex { base, index } => Some((*base, Some(*index))),
            Expression::Access { base, index } => Some((*base, const_index(module, f, *index))),
            _ => None,
        };
        if let Some((base, index)) = access {
            if let Some(&v) = ptr_of.get(&base) {
                match index {
                    Some(i) if cands.get(&v).is_some_and(|c| i < c.1) => {
                        accesses.push((h, v, i));
                        // The index operand may itself be a use; it is not a
                        // pointer to a candidate, so nothing else to check.
                        continue;
                    }
                    _ => {
                        cands.remove(&v);
                        continue;
                    }
                }
            }
        }
        visit::operands(e, |o| {
            if let Some(v) = ptr_of.get(&o) {
                cands.remove(v);
            }
        });
    }
    // Statement uses: only stores of a zero value.
    check_block(f, &f.body, &ptr_of, &mut cands);
    if cands.is_empty() {
        return false;
    }
    // New variables.
    let mut parts: HashMap<Handle<LocalVariable>, Vec<Handle<LocalVariable>>> = HashMap::default();
    let mut keys: Vec<_> = cands.keys().copied().collect();
    keys.sort_by_key(|h| h.index());
    for v in keys {
        let (elem, n) = cands[&v];
        let name = f.local_variables[v].name.clone();
        let span = f.local_variables.span(v);
        let new = (0..n)
            .map(|i| {
                f.local_variables.append(
                    LocalVariable {
                        name: format!("{name}_{i}"),
                        ty: elem,
                    },
                    span,
                )
            })
            .collect();
        parts.insert(v, new);
    }
    // Pointer types of the element variables, from the array's pointer type.
    let mut elem_ptr: HashMap<Handle<LocalVariable>, Handle<Type>> = HashMap::default();
    for (&h, v) in &ptr_of {
        let Some((elem, _)) = cands.get(v).copied() else {
            continue;
        };
        if let TypeInner::Pointer { space, access, .. } = *module.inner(f.expression_type(h)) {
            let t = module.intern(TypeInner::Pointer {
                base: elem,
                space,
                access,
            });
            elem_ptr.insert(*v, t);
        }
    }
    // The split arrays are dead: give them a scalar type so no backend
    // declares an array of matrices for them.
    let u32_ty = module.intern(TypeInner::Scalar(crate::ir::Scalar::U32));
    for v in parts.keys() {
        f.local_variables[*v].ty = u32_ty;
    }
    // Accesses become the element variables (no longer emitted).
    let mut replaced: HashSet<H> = HashSet::default();
    for (h, v, i) in accesses {
        if let Some(p) = parts.get(&v) {
            f.expressions[h] = Expression::LocalVariable(p[i as usize]);
            replaced.insert(h);
        }
    }
    let mut body = std::mem::take(&mut f.body);
    rewrite_block(f, &mut body, &ptr_of, &parts, &elem_ptr, &replaced);
    f.body = body;
    true
}

/// Which expressions the body evaluates or refers to, directly or through
/// operands.
fn live_expressions(f: &Function) -> Vec<bool> {
    let mut live = vec![false; f.expressions.len()];
    let mut work: Vec<H> = Vec::new();
    visit::walk_statements(&f.body, |s, _| {
        if let Statement::Emit(r) = s {
            work.extend(r.clone());
        }
        visit::statement_operands(s, |o| work.push(o));
        work.extend(visit::result(s));
    });
    while let Some(h) = work.pop() {
        match live.get_mut(h.index()) {
            Some(l) if !*l => *l = true,
            _ => continue,
        }
        if let Some(e) = f.expressions.try_get(h) {
            visit::operands(e, |o| work.push(o));
        }
    }
    live
}

fn check_block(
    f: &Function,
    b: &Block,
    ptr_of: &HashMap<H, Handle<LocalVariable>>,
    cands: &mut HashMap<Handle<LocalVariable>, (Handle<Type>, u32)>,
) {
    for s in &b.statements {
        match s {
            Statement::Store { pointer, value } if ptr_of.contains_key(pointer) => {
                let zero = matches!(
                    f.expressions.try_get(*value),
                    Some(Expression::ZeroValue(_))
                );
                if !zero || ptr_of.contains_key(value) {
                    if let Some(v) = ptr_of.get(pointer) {
                        cands.remove(v);
                    }
                }
            }
            other => {
                visit::statement_operands(other, |o| {
                    if let Some(v) = ptr_of.get(&o) {
                        cands.remove(v);
                    }
                });
                visit::child_blocks(other, |c| check_block(f, c, ptr_of, cands));
            }
        }
    }
}

fn rewrite_block(
    f: &mut Function,
    b: &mut Block,
    ptr_of: &HashMap<H, Handle<LocalVariable>>,
    parts: &HashMap<Handle<LocalVariable>, Vec<Handle<LocalVariable>>>,
    elem_ptr: &HashMap<Handle<LocalVariable>, Handle<Type>>,
    replaced: &HashSet<H>,
) {
    let old = b.take_statements();
    for (s, span) in old {
        match s {
            Statement::Emit(r) => {
                // Split the range around the replaced accesses.
                let mut start: Option<usize> = None;
                let range = r.index_range();
                for i in range.clone() {
                    let h = Handle::from_index(i);
                    if replaced.contains(&h) {
                        if let Some(s0) = start.take() {
                            b.push(Statement::Emit(HandleRange::from_index_range(s0..i)), span);
                        }
                    } else if start.is_none() {
                        start = Some(i);
                    }
                }
                if let Some(s0) = start {
                    b.push(
                        Statement::Emit(HandleRange::from_index_range(s0..range.end)),
                        span,
                    );
                }
            }
            Statement::Store { pointer, value }
                if ptr_of
                    .get(&pointer)
                    .is_some_and(|v| parts.contains_key(v) && elem_ptr.contains_key(v)) =>
            {
                let var = ptr_of.get(&pointer).copied();
                let elems = var.and_then(|v| parts.get(&v)).cloned().unwrap_or_default();
                let Some(ptr_ty) = var.and_then(|v| elem_ptr.get(&v)).copied() else {
                    continue;
                };
                let vspan = f.expressions.span(value);
                for e in elems {
                    let ty = f.local_variables[e].ty;
                    let p = f.add_expression(Expression::LocalVariable(e), ptr_ty, span);
                    let z = f.add_expression(Expression::ZeroValue(ty), ty, vspan);
                    b.push(
                        Statement::Emit(HandleRange::from_index_range(z.index()..z.index() + 1)),
                        span,
                    );
                    b.push(
                        Statement::Store {
                            pointer: p,
                            value: z,
                        },
                        span,
                    );
                }
            }
            mut other => {
                visit::child_blocks_mut(&mut other, |c| {
                    rewrite_block(f, c, ptr_of, parts, elem_ptr, replaced)
                });
                b.push(other, span);
            }
        }
    }
}

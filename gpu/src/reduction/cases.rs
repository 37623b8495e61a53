//! Conformance kernels of the subgroup-matrix reductions and index
//! matrices, their inputs and f64 references.
//!
//! Every kernel runs two subgroups (`@workgroup_size(64)`); subgroup `g`
//! loads its own `rows x cols` matrix from `src` at element `g * rows *
//! cols` (row-major, stride `cols`), applies the operation and stores the
//! whole result matrix to `dst` at the same place, so the per-subgroup
//! scratch of the portable lowering is exercised with two slices. `dst` is
//! poisoned before the run and has [`GUARD`] more elements after the two
//! matrices, which must stay poisoned. Every element of both result
//! matrices is compared with the reference of the definition in
//! docs/subgroup-matrix-extensions.md section 5.
//!
//! Inputs: float sums (and the operations built on them) read multiples of
//! 1/2 in [-4, 4], so every partial sum of up to 256 of them is a multiple
//! of 1/2 of magnitude at most 1024 and exact in f16 whatever the order of
//! additions; maxima and minima read multiples of 1/8 in [-64, 64] (exact
//! in f16, and distinct enough that each row and column has its own
//! extreme); integer matrices read the whole 32-bit range, so sums wrap.

use std::fmt::Write as _;

use tessera::configs::{ComponentType, SubgroupMatrixConfig};

use crate::cases::{shader_scalar, Kind};
use crate::data::{component_bits, component_bytes, is_poison, read_component, Rng};
use crate::reference::{wrap, Expect};

/// Subgroups per kernel.
pub const SUBGROUPS: u32 = 2;
/// Poisoned elements after the two result matrices in `dst`.
pub const GUARD: usize = 64;

/// Which elements a reduction combines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Each row (`subgroupMatrixRow*`).
    Rows,
    /// Each column (`subgroupMatrixColumn*`).
    Columns,
    /// The whole matrix (`subgroupMatrixSum` / `Max` / `Min`).
    All,
}

/// How a reduction combines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// Sum (wrapping for integers).
    Sum,
    /// Maximum.
    Max,
    /// Minimum.
    Min,
}

/// One of the nine reductions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// Rows, columns or everything.
    pub axis: Axis,
    /// Sum, maximum or minimum.
    pub combine: Combine,
}

impl Reduction {
    /// The nine reductions.
    pub const ALL: [Reduction; 9] = {
        const fn r(axis: Axis, combine: Combine) -> Reduction {
            Reduction { axis, combine }
        }
        [
            r(Axis::Rows, Combine::Sum),
            r(Axis::Rows, Combine::Max),
            r(Axis::Rows, Combine::Min),
            r(Axis::Columns, Combine::Sum),
            r(Axis::Columns, Combine::Max),
            r(Axis::Columns, Combine::Min),
            r(Axis::All, Combine::Sum),
            r(Axis::All, Combine::Max),
            r(Axis::All, Combine::Min),
        ]
    };

    /// The WGSL builtin, e.g. `subgroupMatrixRowSum`.
    pub fn builtin(self) -> String {
        let axis = match self.axis {
            Axis::Rows => "Row",
            Axis::Columns => "Column",
            Axis::All => "",
        };
        let op = match self.combine {
            Combine::Sum => "Sum",
            Combine::Max => "Max",
            Combine::Min => "Min",
        };
        format!("subgroupMatrix{axis}{op}")
    }

    /// The case-name part, e.g. `row_sum`, `max`.
    pub fn slug(self) -> String {
        let op = match self.combine {
            Combine::Sum => "sum",
            Combine::Max => "max",
            Combine::Min => "min",
        };
        match self.axis {
            Axis::Rows => format!("row_{op}"),
            Axis::Columns => format!("column_{op}"),
            Axis::All => op.to_string(),
        }
    }
}

/// What a kernel computes from its loaded matrix `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// One reduction of `a` (a result matrix).
    Reduce(Reduction),
    /// `subgroupMatrixRowIndex<M>()` (`column: false`) or
    /// `subgroupMatrixColumnIndex<M>()` (`a` is not used).
    Index {
        /// The column index instead of the row index.
        column: bool,
    },
    /// The causal (lower-triangular) mask
    /// `a * step(subgroupMatrixColumnIndex<M>(), subgroupMatrixRowIndex<M>())`.
    CausalMask,
    /// Row softmax through a helper function: `e = exp(a - RowMax(a))`,
    /// `e / RowSum(e)`.
    Softmax,
    /// The row maxima handed to the invocations:
    /// `subgroupMatrixColumn(subgroupMatrixRowMax(a))`; invocation `i <
    /// cols` stores its array (the column of row maxima) at `i * rows`.
    RowMaxToInvocations,
}

impl Op {
    /// The case-name part.
    pub fn slug(self) -> String {
        match self {
            Op::Reduce(r) => r.slug(),
            Op::Index { column: false } => "row_index".into(),
            Op::Index { column: true } => "column_index".into(),
            Op::CausalMask => "causal_mask".into(),
            Op::Softmax => "softmax".into(),
            Op::RowMaxToInvocations => "row_max_to_invocations".into(),
        }
    }

    /// Whether the input is the wide-range set (maxima and minima).
    fn wide(self) -> bool {
        matches!(
            self,
            Op::Reduce(Reduction {
                combine: Combine::Max | Combine::Min,
                ..
            }) | Op::RowMaxToInvocations
        )
    }
}

/// A matrix type: kind, component type, rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Left, right or result.
    pub kind: Kind,
    /// The component type (f32, f16, i32 or u32).
    pub component: ComponentType,
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
}

impl Shape {
    /// The WGSL type (`subgroup_matrix_KIND<T, cols, rows>`).
    pub fn wgsl_type(&self) -> String {
        let kind = match self.kind {
            Kind::Left => "left",
            Kind::Right => "right",
            Kind::Result => "result",
        };
        format!(
            "subgroup_matrix_{kind}<{}, {}, {}>",
            self.component, self.cols, self.rows
        )
    }

    /// `KIND:T:ROWSxCOLS`, the start of the case names.
    pub fn name(&self) -> String {
        let kind = match self.kind {
            Kind::Left => "left",
            Kind::Right => "right",
            Kind::Result => "result",
        };
        format!("{kind}:{}:{}x{}", self.component, self.rows, self.cols)
    }

    /// Elements of one matrix.
    pub fn len(&self) -> usize {
        (self.rows * self.cols) as usize
    }

    /// Whether the matrix has no element (never, for a device's shapes).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn supported(t: ComponentType) -> bool {
    matches!(
        t,
        ComponentType::F32 | ComponentType::F16 | ComponentType::I32 | ComponentType::U32
    )
}

fn float(t: ComponentType) -> bool {
    matches!(t, ComponentType::F32 | ComponentType::F16)
}

/// The distinct matrix shapes of `configs` the builtins accept: every
/// result shape (f32, f16, i32, u32 components; for the reductions) and
/// every left and right shape of those components (for the index
/// matrices), in the configs' order.
pub fn shapes(configs: &[SubgroupMatrixConfig]) -> Vec<Shape> {
    let mut out: Vec<Shape> = Vec::new();
    for kind in [Kind::Result, Kind::Left, Kind::Right] {
        for c in configs {
            let (rows, cols) = kind.dims(c);
            let s = Shape {
                kind,
                component: kind.component(c),
                rows,
                cols,
            };
            if supported(s.component) && !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// One conformance case.
#[derive(Clone, Debug)]
pub struct ReductionCase {
    /// `KIND:T:RxC/experimental/reduce/OP`.
    pub name: String,
    /// The matrix type.
    pub shape: Shape,
    /// The operation.
    pub op: Op,
    /// The kernel.
    pub wgsl: String,
}

/// The operations tested on `shape`.
pub fn ops(shape: &Shape) -> Vec<Op> {
    let index = [Op::Index { column: false }, Op::Index { column: true }];
    if shape.kind != Kind::Result {
        return index.to_vec();
    }
    let mut out: Vec<Op> = Reduction::ALL.iter().map(|&r| Op::Reduce(r)).collect();
    out.extend(index);
    out.push(Op::RowMaxToInvocations);
    if float(shape.component) {
        out.push(Op::CausalMask);
        out.push(Op::Softmax);
    }
    out
}

/// The kernel of `op` on `shape`.
pub fn kernel(shape: &Shape, op: Op) -> String {
    let (rows, cols, n) = (shape.rows, shape.cols, shape.len());
    let s = shader_scalar(shape.component);
    let mut w = String::new();
    if shape.component == ComponentType::F16 {
        w.push_str("enable f16;\n");
    }
    let _ = write!(
        w,
        "enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;

alias M = {};

@group(0) @binding(0) var<storage, read> src: array<{s}>;
@group(0) @binding(1) var<storage, read_write> dst: array<{s}>;
",
        shape.wgsl_type()
    );
    if op == Op::Softmax {
        w.push_str(
            "
// Through a helper function: the scratch lowering passes it the ids.
fn softmax(s: M) -> M {
    let e = exp(s - subgroupMatrixRowMax(s));
    return e / subgroupMatrixRowSum(e);
}
",
        );
    }
    let _ = write!(
        w,
        "
@compute @workgroup_size({})
fn main(@builtin(subgroup_id) sg: u32, @builtin(subgroup_invocation_id) lane: u32) {{
    let at = sg * {n}u;
    let a = subgroupMatrixLoad<M, row_major>(&src, at, {cols}u);
",
        32 * SUBGROUPS
    );
    let value = match op {
        Op::Reduce(r) => format!("{}(a)", r.builtin()),
        Op::Index { column: false } => "subgroupMatrixRowIndex<M>()".into(),
        Op::Index { column: true } => "subgroupMatrixColumnIndex<M>()".into(),
        Op::CausalMask => {
            "a * step(subgroupMatrixColumnIndex<M>(), subgroupMatrixRowIndex<M>())".into()
        }
        Op::Softmax => "softmax(a)".into(),
        Op::RowMaxToInvocations => {
            let _ = write!(
                w,
                "    let col = subgroupMatrixColumn(subgroupMatrixRowMax(a));
    if lane < {cols}u {{
        for (var j = 0u; j < {rows}u; j++) {{
            dst[at + lane * {rows}u + j] = col[j];
        }}
    }}
}}
"
            );
            return w;
        }
    };
    let _ = write!(
        w,
        "    subgroupMatrixStore<row_major>(&dst, at, {value}, {cols}u);\n}}\n"
    );
    w
}

/// Every case of `shape`.
pub fn cases_for(shape: &Shape) -> Vec<ReductionCase> {
    ops(shape)
        .into_iter()
        .map(|op| ReductionCase {
            name: format!("{}/experimental/reduce/{}", shape.name(), op.slug()),
            shape: *shape,
            op,
            wgsl: kernel(shape, op),
        })
        .collect()
}

/// Every case for the shapes of `configs`.
pub fn all_cases(configs: &[SubgroupMatrixConfig]) -> Vec<ReductionCase> {
    shapes(configs).iter().flat_map(cases_for).collect()
}

fn seed(name: &str) -> u64 {
    // FNV-1a: the same input on every path and in every run.
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl ReductionCase {
    /// Elements of `src` the kernel reads (both subgroups' matrices).
    pub fn elements(&self) -> usize {
        self.shape.len() * SUBGROUPS as usize
    }

    /// The input values, row-major, subgroup 0's matrix first.
    pub fn inputs(&self) -> Vec<f64> {
        let mut rng = Rng::new(seed(&self.name));
        let t = self.shape.component;
        (0..self.elements())
            .map(|_| match t {
                ComponentType::I32 => rng.next_u64() as u32 as i32 as f64,
                ComponentType::U32 => rng.next_u64() as u32 as f64,
                _ if self.op.wide() => rng.range_i64(-512, 512) as f64 / 8.0,
                _ => rng.range_i64(-8, 8) as f64 / 2.0,
            })
            .collect()
    }

    /// `inputs` encoded in the component type.
    pub fn input_bytes(&self, inputs: &[f64]) -> Vec<u8> {
        let t = self.shape.component;
        let mut b = vec![0u8; inputs.len() * component_bytes(t)];
        for (i, &v) in inputs.iter().enumerate() {
            crate::data::write_component(&mut b, t, i, v);
        }
        b
    }

    /// Bytes of `dst`: both result matrices and the guard.
    pub fn output_bytes(&self) -> usize {
        (self.elements() + GUARD) * component_bytes(self.shape.component)
    }

    /// The expected value of every element of both result matrices, in
    /// `dst` order.
    pub fn expected(&self, inputs: &[f64]) -> Vec<Expect> {
        let n = self.shape.len();
        inputs
            .chunks(n)
            .flat_map(|m| expected_matrix(&self.shape, self.op, m))
            .collect()
    }

    /// Compares `dst` as read back with the reference: `(checked,
    /// mismatches, first differences)`.
    pub fn check(&self, inputs: &[f64], dst: &[u8]) -> (usize, usize, Vec<String>) {
        let t = self.shape.component;
        let (mut checked, mut bad, mut first) = (0, 0, Vec::new());
        let n = self.shape.len();
        let cols = self.shape.cols as usize;
        for (i, e) in self.expected(inputs).iter().enumerate() {
            checked += 1;
            let got = read_component(dst, t, i);
            let ok = got.is_some_and(|g| (g - e.value).abs() <= e.tol);
            if !ok {
                bad += 1;
                if first.len() < 6 {
                    let (g, r, c) = (i / n, i % n / cols, i % cols);
                    first.push(format!(
                        "subgroup {g} [{r}][{c}]: got {}, expected {} (tolerance {})",
                        got.map_or("nothing".into(), |v| v.to_string()),
                        e.value,
                        e.tol
                    ));
                }
            }
        }
        let size = component_bytes(t);
        for i in self.elements()..self.elements() + GUARD {
            checked += 1;
            let kept = component_bits(dst, t, i).is_some_and(|b| is_poison(b, t, i * size));
            if !kept {
                bad += 1;
                if first.len() < 6 {
                    first.push(format!("guard element {i} overwritten"));
                }
            }
        }
        (checked, bad, first)
    }
}

fn combine(t: ComponentType, how: Combine, values: impl Iterator<Item = f64>) -> f64 {
    let v: Vec<f64> = values.collect();
    match how {
        Combine::Max => v.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        Combine::Min => v.iter().copied().fold(f64::INFINITY, f64::min),
        Combine::Sum if float(t) => v.iter().sum(),
        Combine::Sum => wrap(t, v.iter().map(|&x| x as i128).sum()),
    }
}

/// The reduction `r` of one `rows x cols` matrix `m` (row-major), every
/// element: the definition of section 5.
pub fn reduce(t: ComponentType, r: Reduction, rows: usize, cols: usize, m: &[f64]) -> Vec<f64> {
    let at = |i: usize, j: usize| m[i * cols + j];
    let per_row: Vec<f64> = (0..rows)
        .map(|i| combine(t, r.combine, (0..cols).map(|j| at(i, j))))
        .collect();
    let per_col: Vec<f64> = (0..cols)
        .map(|j| combine(t, r.combine, (0..rows).map(|i| at(i, j))))
        .collect();
    let all = combine(t, r.combine, m.iter().copied());
    (0..rows * cols)
        .map(|e| match r.axis {
            Axis::Rows => per_row[e / cols],
            Axis::Columns => per_col[e % cols],
            Axis::All => all,
        })
        .collect()
}

/// Row softmax of one matrix, in f64.
pub fn softmax_rows(rows: usize, cols: usize, m: &[f64]) -> Vec<f64> {
    let mut out = Vec::with_capacity(rows * cols);
    for row in m.chunks(cols).take(rows) {
        let mx = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let e: Vec<f64> = row.iter().map(|x| (x - mx).exp()).collect();
        let sum: f64 = e.iter().sum();
        out.extend(e.iter().map(|x| x / sum));
    }
    out
}

/// The expected elements of one result matrix (for
/// [`Op::RowMaxToInvocations`]: the `cols` arrays of `rows` row maxima).
pub fn expected_matrix(shape: &Shape, op: Op, m: &[f64]) -> Vec<Expect> {
    let (rows, cols) = (shape.rows as usize, shape.cols as usize);
    let t = shape.component;
    let exact = |value: f64| Expect { value, tol: 0.0 };
    match op {
        Op::Reduce(r) => reduce(t, r, rows, cols, m).into_iter().map(exact).collect(),
        Op::Index { column } => (0..rows * cols)
            .map(|e| exact(if column { e % cols } else { e / cols } as f64))
            .collect(),
        Op::CausalMask => (0..rows * cols)
            .map(|e| exact(if e % cols <= e / cols { m[e] } else { 0.0 }))
            .collect(),
        Op::Softmax => {
            // exp, a sum of `cols` terms and a division: a few rounding
            // errors of the component type (f16: about 1e-3 each).
            let (abs, rel) = if t == ComponentType::F16 {
                (2e-3, 1e-2)
            } else {
                (1e-5, 1e-4)
            };
            softmax_rows(rows, cols, m)
                .into_iter()
                .map(|p| Expect {
                    value: p,
                    tol: abs + rel * p,
                })
                .collect()
        }
        Op::RowMaxToInvocations => {
            let r = Reduction {
                axis: Axis::Rows,
                combine: Combine::Max,
            };
            let maxima = reduce(t, r, rows, cols, m);
            (0..cols)
                .flat_map(|_| (0..rows).map(|j| exact(maxima[j * cols])))
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(t: ComponentType, rows: u32, cols: u32) -> Shape {
        Shape {
            kind: Kind::Result,
            component: t,
            rows,
            cols,
        }
    }

    #[test]
    fn builtin_names_follow_the_document() {
        let names: Vec<String> = Reduction::ALL.iter().map(|r| r.builtin()).collect();
        assert_eq!(
            names,
            [
                "subgroupMatrixRowSum",
                "subgroupMatrixRowMax",
                "subgroupMatrixRowMin",
                "subgroupMatrixColumnSum",
                "subgroupMatrixColumnMax",
                "subgroupMatrixColumnMin",
                "subgroupMatrixSum",
                "subgroupMatrixMax",
                "subgroupMatrixMin"
            ]
        );
        assert_eq!(Reduction::ALL[4].slug(), "column_max");
        assert_eq!(Reduction::ALL[6].slug(), "sum");
    }

    #[test]
    fn reductions_broadcast_along_their_axis() {
        // 2 x 3: [1 2 3; 4 5 -6]
        let m = [1.0, 2.0, 3.0, 4.0, 5.0, -6.0];
        let t = ComponentType::F32;
        let r = |axis, combine| reduce(t, Reduction { axis, combine }, 2, 3, &m);
        assert_eq!(r(Axis::Rows, Combine::Sum), [6.0, 6.0, 6.0, 3.0, 3.0, 3.0]);
        assert_eq!(r(Axis::Rows, Combine::Max), [3.0, 3.0, 3.0, 5.0, 5.0, 5.0]);
        assert_eq!(
            r(Axis::Rows, Combine::Min),
            [1.0, 1.0, 1.0, -6.0, -6.0, -6.0]
        );
        assert_eq!(
            r(Axis::Columns, Combine::Sum),
            [5.0, 7.0, -3.0, 5.0, 7.0, -3.0]
        );
        assert_eq!(
            r(Axis::Columns, Combine::Max),
            [4.0, 5.0, 3.0, 4.0, 5.0, 3.0]
        );
        assert_eq!(
            r(Axis::Columns, Combine::Min),
            [1.0, 2.0, -6.0, 1.0, 2.0, -6.0]
        );
        assert_eq!(r(Axis::All, Combine::Sum), [9.0; 6]);
        assert_eq!(r(Axis::All, Combine::Max), [5.0; 6]);
        assert_eq!(r(Axis::All, Combine::Min), [-6.0; 6]);
    }

    #[test]
    fn integer_sums_wrap() {
        let sum = Reduction {
            axis: Axis::All,
            combine: Combine::Sum,
        };
        let u = reduce(ComponentType::U32, sum, 1, 2, &[4_294_967_295.0, 2.0]);
        assert_eq!(u, [1.0, 1.0]);
        let i = reduce(ComponentType::I32, sum, 1, 2, &[2_147_483_647.0, 1.0]);
        assert_eq!(i, [-2_147_483_648.0; 2]);
    }

    #[test]
    fn index_mask_softmax_and_invocation_references() {
        let s = shape(ComponentType::F32, 2, 3);
        let v = |op, m: &[f64]| -> Vec<f64> {
            expected_matrix(&s, op, m).iter().map(|e| e.value).collect()
        };
        let m = [1.0, 2.0, 3.0, 4.0, 5.0, -6.0];
        assert_eq!(v(Op::Index { column: false }, &m), [0., 0., 0., 1., 1., 1.]);
        assert_eq!(v(Op::Index { column: true }, &m), [0., 1., 2., 0., 1., 2.]);
        assert_eq!(v(Op::CausalMask, &m), [1., 0., 0., 4., 5., 0.]);
        // Column-major arrays of row maxima, one per column/invocation.
        assert_eq!(v(Op::RowMaxToInvocations, &m), [3., 5., 3., 5., 3., 5.]);
        let p = v(Op::Softmax, &[0.0, 0.0, f64::ln(2.0), 1.0, 1.0, 1.0]);
        let want = [0.25, 0.25, 0.5, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0];
        assert!(
            p.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-12),
            "{p:?}"
        );
    }

    #[test]
    fn float_sum_inputs_are_exact_in_f16() {
        let s = shape(ComponentType::F16, 16, 16);
        for op in ops(&s) {
            let case = ReductionCase {
                name: format!("x/{}", op.slug()),
                shape: s,
                op,
                wgsl: String::new(),
            };
            let x = case.inputs();
            assert_eq!(x.len(), 512);
            let bound = if op.wide() { 64.0 } else { 4.0 };
            for v in &x {
                assert!(v.abs() <= bound);
                assert_eq!(half::f16::from_f64(*v).to_f64(), *v, "{v} not exact in f16");
            }
            if !op.wide() {
                // Any partial sum is at most 1024 in magnitude and a
                // multiple of 1/2: exact in f16.
                let abs: f64 = x[..256].iter().map(|v| v.abs()).sum();
                assert!(abs <= 1024.0);
            }
            // Encoded and decoded back unchanged.
            let b = case.input_bytes(&x);
            for (i, v) in x.iter().enumerate() {
                assert_eq!(read_component(&b, ComponentType::F16, i), Some(*v));
            }
        }
    }

    #[test]
    fn maxima_inputs_have_distinct_row_extremes() {
        let s = shape(ComponentType::F32, 16, 16);
        let case = &cases_for(&s)[1];
        assert_eq!(case.op, Op::Reduce(Reduction::ALL[1]));
        let x = case.inputs();
        let maxima: Vec<f64> = reduce(ComponentType::F32, Reduction::ALL[1], 16, 16, &x[..256])
            .into_iter()
            .step_by(16)
            .collect();
        let mut distinct = maxima.clone();
        distinct.sort_by(f64::total_cmp);
        distinct.dedup();
        assert!(distinct.len() >= 12, "{maxima:?}");
    }

    #[test]
    fn h100_cases_and_check() {
        let t = crate::compile::Target::h100();
        let sh = shapes(&t.configs);
        // Results: f16 and f32 16x16, 16x8; u32 and i32 16x16, 16x8.
        // Left f16: 16x16, 16x8; right f16: 16x16, 16x8, 8x8.
        assert_eq!(sh.len(), 8 + 2 + 3, "{sh:?}");
        let cases = all_cases(&t.configs);
        assert_eq!(cases.len(), 4 * 14 + 4 * 12 + 5 * 2);
        let mut names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), cases.len());
        assert!(names.contains(&"result:f32:16x16/experimental/reduce/row_sum"));
        assert!(names.contains(&"right:f16:8x8/experimental/reduce/column_index"));
        // A correct output passes; one wrong element and a written guard fail.
        let case = cases
            .iter()
            .find(|c| c.name == "result:f16:16x8/experimental/reduce/column_sum")
            .expect("case");
        let x = case.inputs();
        let mut dst = crate::data::poison(case.output_bytes());
        for (i, e) in case.expected(&x).iter().enumerate() {
            crate::data::write_component(&mut dst, ComponentType::F16, i, e.value);
        }
        assert_eq!(case.check(&x, &dst).1, 0);
        assert_eq!(case.check(&x, &dst).0, 256 + GUARD);
        crate::data::write_component(&mut dst, ComponentType::F16, 3, 1234.0);
        crate::data::write_component(&mut dst, ComponentType::F16, 256, 0.0);
        let (_, bad, first) = case.check(&x, &dst);
        assert_eq!(bad, 2, "{first:?}");
        assert!(
            first[0].starts_with("subgroup 0 [0][3]: got 1234"),
            "{first:?}"
        );
    }

    #[test]
    fn kernels_spell_the_builtins() {
        let s = shape(ComponentType::F32, 16, 8);
        let k = kernel(&s, Op::Reduce(Reduction::ALL[3]));
        assert!(
            k.contains("alias M = subgroup_matrix_result<f32, 8, 16>;"),
            "{k}"
        );
        assert!(
            k.contains("subgroupMatrixStore<row_major>(&dst, at, subgroupMatrixColumnSum(a), 8u);"),
            "{k}"
        );
        assert!(k.contains("enable tessera_experimental_subgroup_matrix;"));
        let k = kernel(&s, Op::Softmax);
        assert!(k.contains("fn softmax(s: M) -> M"), "{k}");
        let left = Shape {
            kind: Kind::Left,
            component: ComponentType::F16,
            rows: 16,
            cols: 8,
        };
        let k = kernel(&left, Op::Index { column: true });
        assert!(k.starts_with("enable f16;\n"));
        assert!(k.contains("subgroup_matrix_left<f16, 8, 16>"), "{k}");
        assert!(k.contains("subgroupMatrixColumnIndex<M>()"), "{k}");
    }
}

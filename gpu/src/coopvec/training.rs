//! Conformance cases for the cooperative-vector training operations
//! (`docs/cooperative-vectors.md`): `coopVecOuterProductAccumulate<T>(a, b,
//! &acc, offset)` and `coopVecReduceSumAccumulate(v, &acc, offset)` on an
//! `array<atomic<u32>>` holding elements of `T` (f16 two per word, element
//! `2w` in the low half of word `w`).
//!
//! Every kernel runs 256 invocations (four workgroups of 64); each builds
//! its vectors from its own slice of the input buffers and accumulates
//! into the **same** matrix (or vector), so lost updates show. Memory
//! starts non-zero everywhere: the region holds a random initial matrix
//! (written through `vkConvertCooperativeVectorMatrixNV` row-major ->
//! training-optimal when the kernel uses the native instruction), the rest
//! a pattern of small integers that must survive byte for byte.
//!
//! **Exact references.** Inputs are multiples of 1/2 (`a`, `v` in [-2, 2]
//! halves for reduce-sum, `a` in [-1, 1] and `b` integers in [-2, 2] for
//! the outer product) and initial values integers in [-6, 6], so every
//! product `T(a[i]) * T(b[j])` is a multiple of 1/2 of magnitude <= 2 and
//! every partial sum, in whatever order the atomics land, is a multiple of
//! 1/2 of magnitude <= 6 + 256 * 2 = 518 < 1024: exactly representable in
//! f16 (11 significant bits: halves are exact below 2^10) and f32. The
//! reference is the f64 sum of the definition and the results must equal
//! it exactly ([`TrainCase::partial_sum_bound`], checked by the tests).
//!
//! **Placement.** Aligned cases put the region at byte 128 and bind the
//! array so that it ends where the region ends (rounded up to a word):
//! the operation must write exactly its elements. Misaligned cases move
//! the offset by 16 bytes (outer product: not a multiple of 64) or 4 bytes
//! (reduce-sum: not a multiple of 16); out-of-bounds cases bind one word
//! less than the region needs. Both must leave memory unchanged. The
//! region is `M * N` elements for the loop form and the training bound's
//! `factor * roundup(M, rows) * roundup(N, columns)` for the native one
//! (the device's measured bound for `T`).

use super::case::{Ty, INVOCATIONS, WORKGROUP};
use super::CaseResult;
use crate::compile::Target;
use crate::data::Rng;
use crate::vk::coopvec_convert::{Converter, MatrixLayout};
use crate::vk::{Binding, Gpu};
use tessera::configs::{ComponentType, OptimalLayout, OptimalLayoutBound};

/// Outer-product shapes `M x N`.
pub const OUTER_SHAPES: &[(u32, u32)] = &[
    (1, 1),
    (3, 5),
    (8, 8),
    (16, 16),
    (17, 9),
    (32, 32),
    (64, 64),
];

/// Reduce-sum lengths.
pub const REDUCE_SIZES: &[u32] = &[1, 3, 8, 16, 17, 64];

/// Elements of `T` after the bound array that no operation may touch.
pub const GUARD: usize = 64;

/// Byte offset of the region in aligned cases.
pub const BASE_BYTES: usize = 128;

/// SPIR-V opcode `OpCooperativeVectorOuterProductAccumulateNV`.
pub const OP_OUTER_PRODUCT: u32 = 5290;
/// SPIR-V opcode `OpCooperativeVectorReduceSumAccumulateNV`.
pub const OP_REDUCE_SUM: u32 = 5291;

/// The operation of a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `coopVecOuterProductAccumulate<T>` of `coop_vec<s, m>` and
    /// `coop_vec<s, n>`.
    Outer {
        /// Rows.
        m: u32,
        /// Columns.
        n: u32,
        /// The vectors' component type.
        s: Ty,
    },
    /// `coopVecReduceSumAccumulate` of `coop_vec<T, n>`.
    Reduce {
        /// Components.
        n: u32,
    },
}

/// Where the operation's region lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Aligned and inside the array (which ends with the region).
    Aligned,
    /// An offset that breaks the alignment rule: no effect.
    Misaligned,
    /// Aligned, but the array is one word short of the region: no effect.
    OutOfBounds,
}

/// One training conformance kernel with its inputs.
#[derive(Clone, Debug)]
pub struct TrainCase {
    /// `train/outer/MxN[/placement]` or `train/reduce/NN[/placement]`.
    pub name: String,
    /// `S:T` (outer product) or `T` (reduce-sum).
    pub config: String,
    /// The operation.
    pub op: Op,
    /// `T`, the element type in memory.
    pub t: Ty,
    /// Where the region lies.
    pub placement: Placement,
    /// The kernel.
    pub wgsl: String,
    /// Per invocation: `a` (outer product, `M` each) or `v` (`N` each).
    pub a: Vec<f64>,
    /// Per invocation: `b` (outer product, `N` each); empty for reduce-sum.
    pub b: Vec<f64>,
    /// The region's initial values (row-major `M x N`, or `N`).
    pub init: Vec<f64>,
}

/// The value of element `k` outside the region: a small integer.
pub fn pattern(k: usize) -> f64 {
    ((k * 7 + 3) % 15) as f64 - 7.0
}

impl TrainCase {
    /// Rows and columns of the region (`1 x N` for reduce-sum).
    pub fn shape(&self) -> (u32, u32) {
        match self.op {
            Op::Outer { m, n, .. } => (m, n),
            Op::Reduce { n } => (1, n),
        }
    }

    /// The offset (in elements of `T`) the kernel receives.
    pub fn offset(&self) -> usize {
        let base = BASE_BYTES / self.t.bytes();
        match (self.placement, self.op) {
            (Placement::Misaligned, Op::Outer { .. }) => base + 16 / self.t.bytes(),
            (Placement::Misaligned, Op::Reduce { .. }) => base + 4 / self.t.bytes(),
            _ => base,
        }
    }

    /// Whether only the loop build runs (f32 vectors: the native outer
    /// product takes f16 vectors).
    pub fn loop_only(&self) -> bool {
        matches!(self.op, Op::Outer { s: Ty::F32, .. })
    }

    /// The expected region after the run (f64, from the definition):
    /// `init[i][j] + sum_g T(a_g[i]) * T(b_g[j])`, or `init[i] + sum_g
    /// v_g[i]`.
    pub fn expected(&self) -> Vec<f64> {
        let (m, n) = self.shape();
        let (m, n) = (m as usize, n as usize);
        let mut out = self.init.clone();
        for g in 0..INVOCATIONS as usize {
            match self.op {
                Op::Outer { .. } => {
                    for i in 0..m {
                        for j in 0..n {
                            let x = self.t.round(self.a[g * m + i]);
                            let y = self.t.round(self.b[g * n + j]);
                            out[i * n + j] += x * y;
                        }
                    }
                }
                Op::Reduce { .. } => {
                    for (i, o) in out.iter_mut().enumerate() {
                        *o += self.a[g * n + i];
                    }
                }
            }
        }
        out
    }

    /// The largest `|init| + sum |term|` of any element: a bound on every
    /// partial sum, whatever the order of the atomic additions.
    pub fn partial_sum_bound(&self) -> f64 {
        let (m, n) = self.shape();
        let (m, n) = (m as usize, n as usize);
        let mut bound = self.init.iter().map(|x| x.abs()).collect::<Vec<_>>();
        for g in 0..INVOCATIONS as usize {
            for i in 0..m {
                for j in 0..n {
                    let term = match self.op {
                        Op::Outer { .. } => (self.a[g * m + i] * self.b[g * n + j]).abs(),
                        Op::Reduce { .. } => self.a[g * n + j].abs(),
                    };
                    bound[i * n + j] += term;
                }
            }
        }
        bound.into_iter().fold(0.0, f64::max)
    }
}

/// The kernel of `op` accumulating into elements of `t`.
pub fn wgsl(op: Op, t: Ty) -> String {
    let f16 = t == Ty::F16 || matches!(op, Op::Outer { s: Ty::F16, .. });
    let mut src = String::new();
    if f16 {
        src.push_str("enable f16;\n");
    }
    src.push_str("enable tessera_experimental_cooperative_vector;\n\n");
    let (s, m, n) = match op {
        Op::Outer { m, n, s } => (s, m, n),
        Op::Reduce { n } => (t, 1, n),
    };
    src.push_str(&format!(
        "alias S = {};
const M = {m}u;
const N = {n}u;

@group(0) @binding(0) var<storage, read> a: array<S>;
@group(0) @binding(1) var<storage, read> b: array<S>;
@group(0) @binding(2) var<storage, read_write> acc: array<atomic<u32>>;
@group(0) @binding(3) var<uniform> params: vec4<u32>;

@compute @workgroup_size({WORKGROUP})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {{
    let g = gid.x;
",
        s.wgsl()
    ));
    match op {
        Op::Outer { .. } => src.push_str(&format!(
            "    var xa: array<S, M>;
    for (var i = 0u; i < M; i++) {{
        xa[i] = a[g * M + i];
    }}
    var xb: array<S, N>;
    for (var j = 0u; j < N; j++) {{
        xb[j] = b[g * N + j];
    }}
    coopVecOuterProductAccumulate<{}>(coop_vec<S, M>(xa), coop_vec<S, N>(xb), &acc, params.x);
}}
",
            t.wgsl()
        )),
        Op::Reduce { .. } => src.push_str(
            "    var xv: array<S, N>;
    for (var i = 0u; i < N; i++) {
        xv[i] = a[g * N + i];
    }
    coopVecReduceSumAccumulate(coop_vec<S, N>(xv), &acc, params.x);
}
",
        ),
    }
    src
}

/// `len` multiples of 1/2 in `[lo, hi]`.
fn halves(rng: &mut Rng, len: usize, lo: i64, hi: i64) -> Vec<f64> {
    (0..len)
        .map(|_| rng.range_i64(2 * lo, 2 * hi) as f64 / 2.0)
        .collect()
}

/// The case of `op` on elements of `t` at `placement`, inputs from `seed`.
pub fn case(op: Op, t: Ty, placement: Placement, seed: u64) -> TrainCase {
    let mut rng = Rng::new(seed);
    let inv = INVOCATIONS as usize;
    let (kind, size, config, a, b, region) = match op {
        Op::Outer { m, n, s } => {
            let (m, n) = (m as usize, n as usize);
            let a = halves(&mut rng, inv * m, -1, 1);
            let b = (0..inv * n).map(|_| rng.range_i64(-2, 2) as f64).collect();
            let config = format!("{}:{}", s.wgsl(), t.wgsl());
            ("outer", format!("{m}x{n}"), config, a, b, m * n)
        }
        Op::Reduce { n } => {
            let n = n as usize;
            let a = halves(&mut rng, inv * n, -2, 2);
            (
                "reduce",
                format!("N{n}"),
                t.wgsl().to_string(),
                a,
                Vec::new(),
                n,
            )
        }
    };
    let init = (0..region).map(|_| rng.range_i64(-6, 6) as f64).collect();
    let suffix = match placement {
        Placement::Aligned => "",
        Placement::Misaligned => "/misaligned",
        Placement::OutOfBounds => "/out_of_bounds",
    };
    TrainCase {
        name: format!("train/{kind}/{size}{suffix}"),
        config,
        op,
        t,
        placement,
        wgsl: wgsl(op, t),
        a,
        b,
        init,
    }
}

/// Every training case: outer products of every shape for `T` in {f16,
/// f32} and `S` in {f16, f32}, reduce-sums of every length, and the
/// misaligned and out-of-bounds cases (f16 vectors) for both `T`.
pub fn cases() -> Vec<TrainCase> {
    let mut v = Vec::new();
    let mut seed = 0x7_2a1;
    let mut next = || {
        seed += 1;
        seed
    };
    for t in [Ty::F16, Ty::F32] {
        for s in [Ty::F16, Ty::F32] {
            for &(m, n) in OUTER_SHAPES {
                v.push(case(Op::Outer { m, n, s }, t, Placement::Aligned, next()));
            }
        }
        for &n in REDUCE_SIZES {
            v.push(case(Op::Reduce { n }, t, Placement::Aligned, next()));
        }
        for (placement, (m, n), r) in [
            (Placement::Misaligned, (8, 8), 8),
            (Placement::OutOfBounds, (17, 9), 17),
        ] {
            let s = Ty::F16;
            v.push(case(Op::Outer { m, n, s }, t, placement, next()));
            v.push(case(Op::Reduce { n: r }, t, placement, next()));
        }
    }
    v
}

/// How many instructions with opcode `op` a module holds.
pub fn count_op(words: &[u32], op: u32) -> usize {
    let mut n = 0;
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        if words[i] & 0xFFFF == op {
            n += 1;
        }
        if count == 0 {
            break;
        }
        i += count;
    }
    n
}

/// The component type of `T`.
fn component(t: Ty) -> ComponentType {
    match t {
        Ty::F32 => ComponentType::F32,
        Ty::I32 => ComponentType::I32,
        Ty::F16 => ComponentType::F16,
    }
}

/// The target's training bound for elements of `t`.
pub fn training_bound(target: &Target, t: Ty) -> Option<OptimalLayoutBound> {
    target
        .cooperative_vector_optimal_layouts
        .iter()
        .find(|b| b.layout == OptimalLayout::Training && b.component == component(t))
        .copied()
}

/// What a native build of `case` should compile to under `target`: the
/// native instruction when `T` is among the target's training types (and,
/// for the outer product, the vectors are f16 and the training layout of
/// `T` has a bound; the reduce-sum needs none).
pub fn expects_native(target: &Target, case: &TrainCase) -> bool {
    let native = target.spirv_version >= (1, 6)
        && !target.cooperative_vector_configs.is_empty()
        && target
            .cooperative_vector_training
            .contains(&component(case.t));
    match case.op {
        Op::Outer { s, .. } => native && s == Ty::F16 && training_bound(target, case.t).is_some(),
        Op::Reduce { .. } => native,
    }
}

/// The memory of a run: the initial bytes, the binding's size and the byte
/// range the operation may change (empty when it must change nothing).
struct Memory {
    init: Vec<u8>,
    bound_bytes: u64,
    touched: std::ops::Range<usize>,
}

/// Lays out the accumulator buffer of `case`: `native` is the training
/// layout's byte size when the module uses the native outer product
/// (with the bound of `T`), `None` for the row-major loop form.
fn memory(
    case: &TrainCase,
    native: Option<(usize, OptimalLayoutBound)>,
    conv: Option<&Converter<'_>>,
) -> Result<Memory, String> {
    let t = case.t;
    let sz = t.bytes();
    let (m, n) = case.shape();
    let off = case.offset();
    let region = match (native, case.op) {
        (Some((_, bound)), Op::Outer { .. }) => bound.elements(m, n) as usize,
        _ => (m * n) as usize,
    };
    let end = (off + region) * sz;
    let words = end.div_ceil(4);
    let total = (words * 4).max(end) + GUARD * sz;
    let values: Vec<f64> = (0..total / sz).map(pattern).collect();
    let mut init = t.encode(&values);
    let mut touched = 0..0;
    if case.placement == Placement::Aligned {
        let logical = t.encode(&case.init);
        let bytes = match (native, case.op) {
            (Some((layout_bytes, _)), Op::Outer { .. }) => {
                let conv = conv.ok_or("no vkConvertCooperativeVectorMatrixNV")?;
                let out = conv.convert(
                    &logical,
                    ash::vk::ComponentTypeKHR::from_raw(if sz == 2 { 0 } else { 1 }),
                    (m, n),
                    MatrixLayout::ROW_MAJOR,
                    MatrixLayout::TRAINING_OPTIMAL,
                )?;
                if out.len() != layout_bytes {
                    return Err(format!(
                        "conversion wrote {} bytes, the size query said {layout_bytes}",
                        out.len()
                    ));
                }
                out
            }
            _ => logical,
        };
        init[off * sz..off * sz + bytes.len()].copy_from_slice(&bytes);
        touched = off * sz..off * sz + bytes.len();
    }
    let bound_words = match case.placement {
        Placement::OutOfBounds => words - 1,
        _ => words,
    };
    Ok(Memory {
        init,
        bound_bytes: bound_words as u64 * 4,
        touched,
    })
}

/// Runs `case` compiled for `target` and checks the accumulator buffer.
/// `conv` (with the device's layout bound in `target`) reads and writes
/// the native outer product's training-optimal matrices.
pub fn run_case(
    gpu: &Gpu,
    target: &Target,
    case: &TrainCase,
    variant: &str,
    conv: Option<&Converter<'_>>,
) -> CaseResult {
    let mut r = CaseResult::compiling(&case.name, case.config.clone(), variant);
    let words = match target.compile(&case.wgsl) {
        Ok(w) => w,
        Err(e) => {
            r.detail = e;
            return r;
        }
    };
    r.native_instructions = super::native_instructions(&words);
    let outer_ops = count_op(&words, OP_OUTER_PRODUCT);
    r.native_training = outer_ops + count_op(&words, OP_REDUCE_SUM);
    let want = variant == "native" && expects_native(target, case);
    if want != (r.native_training > 0) {
        r.stage = "lowering".into();
        r.detail = format!(
            "expected the {} form, the module has {} native training instructions",
            if want { "native" } else { "loop" },
            r.native_training
        );
        return r;
    }
    let (m, n) = case.shape();
    let t_vk = ash::vk::ComponentTypeKHR::from_raw(if case.t == Ty::F16 { 0 } else { 1 });
    let native = if outer_ops > 0 {
        let (Some(conv), Some(bound)) = (conv, training_bound(target, case.t)) else {
            r.stage = "layout".into();
            r.detail = "a native outer product without the converter or the layout bound".into();
            return r;
        };
        match conv.size(t_vk, (m, n), MatrixLayout::TRAINING_OPTIMAL) {
            Ok(bytes) => {
                let most = bound.elements(m, n) as u64 * case.t.bytes() as u64;
                if bytes as u64 > most {
                    r.stage = "layout".into();
                    r.detail = format!(
                        "training layout of {bytes} bytes exceeds the bound {bound}'s {most}"
                    );
                    return r;
                }
                Some((bytes, bound))
            }
            Err(e) => {
                r.stage = "layout".into();
                r.detail = e;
                return r;
            }
        }
    } else {
        None
    };
    r.stage = "run".into();
    let mem = match memory(case, native, conv) {
        Ok(m) => m,
        Err(e) => {
            r.detail = e;
            return r;
        }
    };
    let s = match case.op {
        Op::Outer { s, .. } => s,
        Op::Reduce { .. } => case.t,
    };
    let mut params = vec![0u8; 16];
    params[..4].copy_from_slice(&(case.offset() as u32).to_le_bytes());
    let b = if case.b.is_empty() {
        vec![0u8; 16]
    } else {
        s.encode(&case.b)
    };
    let contents = [s.encode(&case.a), b, mem.init.clone(), params];
    let out = dispatch(gpu, &words, &contents, mem.bound_bytes);
    let out = match out {
        Ok(o) => o,
        Err((stage, e)) => {
            r.stage = stage;
            r.detail = e;
            return r;
        }
    };
    r.stage = "compare".into();
    match check(case, &mem, &out, native.map(|_| (conv, t_vk))) {
        Ok((max_err, failures)) => {
            r.max_err = max_err;
            r.ok = failures.is_empty();
            r.detail = failures.join("\n");
        }
        Err(e) => r.detail = e,
    }
    r
}

/// Runs `words` once with `contents` in bindings 0-2 (storage; binding 2
/// bound to its first `bound_bytes`) and 3 (uniform) and returns binding
/// 2's buffer, or the stage that failed and why.
fn dispatch(
    gpu: &Gpu,
    words: &[u32],
    contents: &[Vec<u8>; 4],
    bound_bytes: u64,
) -> Result<Vec<u8>, (String, String)> {
    let run = |e: String| ("run".to_string(), e);
    let mut bufs = Vec::new();
    let mut result = Err(run(String::new()));
    for c in contents {
        match gpu.buffer(c.len().max(16) as u64, true) {
            Ok(b) => bufs.push(b),
            Err(e) => {
                result = Err(run(e));
                break;
            }
        }
    }
    if bufs.len() == contents.len() {
        result = (|| {
            for (b, c) in bufs.iter().zip(contents) {
                gpu.upload(b, c).map_err(run)?;
            }
            let mut bindings: Vec<Binding> = bufs[..3]
                .iter()
                .zip(contents)
                .map(|(b, c)| Binding {
                    range: Some(c.len() as u64),
                    ..Binding::storage(b)
                })
                .collect();
            bindings[2].range = Some(bound_bytes);
            bindings.push(Binding::uniform(&bufs[3]));
            let kernel = gpu
                .kernel_with(words, &bindings, &[])
                .map_err(|e| ("pipeline".to_string(), e))?;
            let ran = gpu.dispatch(&kernel, [INVOCATIONS / WORKGROUP, 1, 1]);
            gpu.destroy_kernel(&kernel);
            ran.map_err(run)?;
            gpu.download(&bufs[2]).map_err(run)
        })();
    }
    bufs.iter().for_each(|b| gpu.free(b));
    result
}

/// Compares the buffer after the run with the initial one and the
/// reference: the largest error and the first failures (every byte
/// outside the touched range must be unchanged, every region element
/// equal to the reference).
fn check(
    case: &TrainCase,
    mem: &Memory,
    out: &[u8],
    native: Option<(Option<&Converter<'_>>, ash::vk::ComponentTypeKHR)>,
) -> Result<(f64, Vec<String>), String> {
    let mut failures = Vec::new();
    let mut changed = 0;
    for (i, (g, e)) in out.iter().zip(&mem.init).enumerate() {
        if !mem.touched.contains(&i) && g != e {
            if changed == 0 {
                failures.push(format!(
                    "byte {i} outside the region changed ({e:#04x} -> {g:#04x}; region bytes {:?})",
                    mem.touched
                ));
            }
            changed += 1;
        }
    }
    if changed > 1 {
        failures.push(format!("{changed} bytes outside the region changed in all"));
    }
    if mem.touched.is_empty() {
        return Ok((0.0, failures));
    }
    let bytes = &out[mem.touched.clone()];
    let logical = match native {
        Some((conv, t)) => {
            let conv = conv.ok_or("no converter")?;
            conv.convert(
                bytes,
                t,
                case.shape(),
                MatrixLayout::TRAINING_OPTIMAL,
                MatrixLayout::ROW_MAJOR,
            )?
        }
        None => bytes.to_vec(),
    };
    let got = case.t.decode(&logical);
    let want = case.expected();
    if got.len() != want.len() {
        return Err(format!(
            "{} elements read back, {} expected",
            got.len(),
            want.len()
        ));
    }
    let n = case.shape().1 as usize;
    let mut max_err = 0.0f64;
    let mut wrong = 0;
    for (k, (g, w)) in got.iter().zip(&want).enumerate() {
        let err = (g - w).abs();
        if err.is_finite() {
            max_err = max_err.max(err);
        }
        if g != w {
            if wrong < 4 {
                failures.push(format!(
                    "element ({}, {}) = {g}, expected {w} (initial {})",
                    k / n,
                    k % n,
                    case.init[k]
                ));
            }
            wrong += 1;
        }
    }
    if wrong > 4 {
        failures.push(format!("{wrong} of {} elements wrong", want.len()));
    }
    Ok((max_err, failures))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_and_names() {
        let v = cases();
        assert_eq!(
            v.len(),
            2 * (2 * OUTER_SHAPES.len() + REDUCE_SIZES.len() + 4)
        );
        let mut names: Vec<String> = v
            .iter()
            .map(|c| format!("{}/{}", c.config, c.name))
            .collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), v.len());
        assert!(names.contains(&"f16:f32/train/outer/17x9".to_string()));
        assert!(names.contains(&"f32/train/reduce/N8/misaligned".to_string()));
        assert!(names.contains(&"f16:f16/train/outer/17x9/out_of_bounds".to_string()));
        assert_eq!(
            v.iter().filter(|c| c.loop_only()).count(),
            2 * OUTER_SHAPES.len()
        );
    }

    #[test]
    fn references_are_exact() {
        // Every partial sum is a multiple of 1/2 below 1024: exact in f16
        // (and f32), whatever the order of the additions.
        for c in cases() {
            let b = c.partial_sum_bound();
            assert!(b < 1024.0, "{}: {b}", c.name);
            let all = c.a.iter().chain(&c.b).chain(&c.init);
            assert!(all
                .into_iter()
                .all(|x| (x * 2.0).fract() == 0.0 && Ty::F16.round(*x) == *x));
            assert!(c.expected().iter().all(|x| (x * 2.0).fract() == 0.0));
        }
    }

    #[test]
    fn reference_follows_the_definition() {
        let mut c = case(
            Op::Outer {
                m: 2,
                n: 3,
                s: Ty::F16,
            },
            Ty::F32,
            Placement::Aligned,
            1,
        );
        c.a = vec![0.0; 2 * INVOCATIONS as usize];
        c.b = vec![0.0; 3 * INVOCATIONS as usize];
        // Invocation 5: a = (1, -0.5), b = (2, 0, -1).
        c.a[10..12].copy_from_slice(&[1.0, -0.5]);
        c.b[15..18].copy_from_slice(&[2.0, 0.0, -1.0]);
        c.init = vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        assert_eq!(c.expected(), [3.0, 2.0, 2.0, 3.0, 5.0, 6.5]);
        let mut r = case(Op::Reduce { n: 2 }, Ty::F16, Placement::Aligned, 2);
        r.a = vec![0.5; 2 * INVOCATIONS as usize];
        r.init = vec![1.0, -1.0];
        assert_eq!(r.expected(), [129.0, 127.0]);
    }

    #[test]
    fn offsets_break_or_keep_alignment() {
        for c in cases() {
            let bytes = c.offset() * c.t.bytes();
            let align = match c.op {
                Op::Outer { .. } => 64,
                Op::Reduce { .. } => 16,
            };
            assert_eq!(
                bytes % align == 0,
                c.placement != Placement::Misaligned,
                "{}",
                c.name
            );
        }
    }

    #[test]
    fn memory_layout_of_loop_builds() {
        let c = case(
            Op::Outer {
                m: 3,
                n: 5,
                s: Ty::F16,
            },
            Ty::F16,
            Placement::Aligned,
            3,
        );
        let mem = memory(&c, None, None).expect("memory");
        // Region at byte 128, 15 f16 elements: bytes 128..158, bound to
        // the word holding the last one (160 bytes), then the guard.
        assert_eq!(mem.touched, 128..158);
        assert_eq!(mem.bound_bytes, 160);
        assert_eq!(mem.init.len(), 160 + 2 * GUARD);
        assert_eq!(Ty::F16.decode(&mem.init[128..158]), c.init);
        assert_eq!(Ty::F16.decode(&mem.init[158..160]), [pattern(79)]);
        let oob = TrainCase {
            placement: Placement::OutOfBounds,
            ..c.clone()
        };
        let mem = memory(&oob, None, None).expect("memory");
        assert!(mem.touched.is_empty());
        assert_eq!(mem.bound_bytes, 156);
        // The native region is the bound's: 2 x 16 x 8 elements with
        // 16x8x2 (a layout of 100 bytes, say) and no converter needed for
        // placements that leave memory alone.
        let mis = TrainCase {
            placement: Placement::Misaligned,
            ..c
        };
        let bound: OptimalLayoutBound = "training:f16:16x8x2".parse().expect("bound");
        let mem = memory(&mis, Some((100, bound)), None).expect("memory");
        // Offset 64 + 8 elements, region 256: 656 bytes.
        assert_eq!(mis.offset(), 72);
        assert_eq!(mem.bound_bytes, 656);
        assert!(mem.touched.is_empty());
    }

    #[test]
    fn native_expectations() {
        let native = Target {
            cooperative_vector_training: vec![
                tessera::configs::ComponentType::F16,
                tessera::configs::ComponentType::F32,
            ],
            ..super::super::dump_target(true)
        };
        let looped = super::super::dump_target(false);
        let c = case(
            Op::Outer {
                m: 3,
                n: 5,
                s: Ty::F16,
            },
            Ty::F16,
            Placement::Aligned,
            4,
        );
        assert!(expects_native(&native, &c) && !expects_native(&looped, &c));
        let f32_vectors = case(
            Op::Outer {
                m: 3,
                n: 5,
                s: Ty::F32,
            },
            Ty::F16,
            Placement::Aligned,
            4,
        );
        assert!(!expects_native(&native, &f32_vectors));
        let r = case(Op::Reduce { n: 3 }, Ty::F32, Placement::Aligned, 4);
        // Without the f16 training bound: the reduce-sum stays native, the
        // outer product becomes loops.
        let no_bound = Target {
            cooperative_vector_optimal_layouts: native
                .cooperative_vector_optimal_layouts
                .iter()
                .filter(|b| {
                    b.layout != OptimalLayout::Training || b.component != ComponentType::F16
                })
                .copied()
                .collect(),
            ..native.clone()
        };
        let r16 = case(Op::Reduce { n: 3 }, Ty::F16, Placement::Aligned, 4);
        assert!(expects_native(&no_bound, &r) && expects_native(&no_bound, &r16));
        assert!(!expects_native(&no_bound, &c));
        assert_eq!(
            training_bound(&native, Ty::F16).map(|b| b.to_string()),
            Some("training:f16:8x8x2".into())
        );
    }
}

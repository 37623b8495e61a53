//! The reduction benchmark: the attention step of [`super::softmax`]
//! (softmax of `S = Q * K^T` per key block, then `P * V`) with the softmax
//! in registers through the reductions ("reduce") against the workgroup
//! round trip ("roundtrip"), in the same run: each kernel is checked
//! against the f64 reference, then all are timed in rounds that rotate
//! their order (every kernel leads twice), each round the median of
//! `iters` timestamped dispatches after at least half a second of warm-up
//! ([`crate::vk::Gpu::time`]); a figure is the median of the round
//! medians. The reduce kernel runs through tessera's portable lowering
//! (path `khr`, or `nv` with `--cooperative-matrix nv`: workgroup scratch)
//! and, where the device enables `VK_NV_cooperative_matrix2`'s reductions,
//! compiled with `nv_cooperative_matrix2` (path `nv2`:
//! `OpCooperativeMatrixReduceNV`, per-element `exp`, native conversion);
//! the round trip is plain KHR (or NV) and is the same kernel in both rows.

use serde_json::{json, Value};

use super::softmax::{
    flops, groups, inputs, reduce_kernel, roundtrip_kernel, verify, SType, D, LK,
};
use crate::compile::Target;
use crate::vk::{median, Binding, Gpu};

/// One row of the `reduction` list of `results.json`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReductionResult {
    /// The kernel, e.g. `softmax(Q*K^T)*V S=f32 D=64 LK=4096`.
    pub kernel: String,
    /// Query rows (LQ): the problem is `LQ x LK x D`, in tiles of 16 rows.
    pub m: u32,
    /// How the reduce kernel was compiled: `khr`, `nv` or `nv2`.
    pub path: String,
    /// TFLOP/s of the reduce kernel (two products per tile and key block).
    pub reduce_tflops: Option<f64>,
    /// TFLOP/s of the round-trip kernel, same run.
    pub roundtrip_tflops: Option<f64>,
    /// Median milliseconds per dispatch of the reduce kernel.
    pub reduce_ms: Option<f64>,
    /// Median milliseconds per dispatch of the round-trip kernel.
    pub roundtrip_ms: Option<f64>,
    /// The driver's statistics per variant (label, name=value list).
    pub stats: Vec<(String, String)>,
    /// Per variant: its largest error on the sampled rows as a fraction
    /// of the tolerance ([`super::softmax::verify`]).
    pub worst_error: Vec<(String, f64)>,
    /// Failures (compile, pipeline, verification, timing).
    pub errors: Vec<String>,
}

impl ReductionResult {
    /// reduce / round trip, when both ran.
    pub fn ratio(&self) -> Option<f64> {
        match (self.reduce_tflops, self.roundtrip_tflops) {
            (Some(a), Some(b)) if b > 0.0 => Some(a / b),
            _ => None,
        }
    }

    /// The `results.json` object.
    pub fn to_json(&self) -> Value {
        json!({
            "kernel": self.kernel,
            "m": self.m,
            "path": self.path,
            "reduce_tflops": self.reduce_tflops,
            "roundtrip_tflops": self.roundtrip_tflops,
            "reduce_vs_roundtrip": self.ratio(),
            "reduce_ms": self.reduce_ms,
            "roundtrip_ms": self.roundtrip_ms,
            "driver_statistics": self.stats.iter().map(|(l, s)| json!({
                "variant": l, "statistics": s,
            })).collect::<Vec<_>>(),
            "verification": self.worst_error.iter().map(|(l, w)| json!({
                "variant": l, "worst_error_over_tolerance": w,
            })).collect::<Vec<_>>(),
            "errors": self.errors,
        })
    }

    /// One line of `report.txt` (and more for errors).
    pub fn to_text(&self) -> String {
        let f = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.1}"));
        let mut s = format!(
            "reduction {} m={} [{}]: reduce {} TFLOP/s, round trip {} TFLOP/s, ratio {}\n",
            self.kernel,
            self.m,
            self.path,
            f(self.reduce_tflops),
            f(self.roundtrip_tflops),
            self.ratio().map_or("-".to_string(), |r| format!("{r:.3}"))
        );
        for e in &self.errors {
            s.push_str(&format!("  error: {e}\n"));
        }
        s
    }
}

/// Runs the benchmark for both S types with `lq` query rows (a multiple of
/// 64): one row per S type and reduce path. `nv2`: also the reduce kernel
/// compiled with `nv_cooperative_matrix2`.
pub fn run(gpu: &Gpu, target: &Target, lq: u32, iters: usize, nv2: bool) -> Vec<ReductionResult> {
    let mut out = Vec::new();
    let [q, k, v] = inputs(lq, 23);
    let mut bufs = Vec::new();
    let mut setup = Vec::new();
    for bytes in [q.len(), k.len(), v.len(), (lq * D * 4) as usize] {
        match gpu.buffer(bytes as u64, false) {
            Ok(b) => bufs.push(b),
            Err(e) => setup.push(format!("buffer allocation: {e}")),
        }
    }
    if setup.is_empty() {
        if let Err(e) = gpu
            .upload(&bufs[0], &q)
            .and_then(|()| gpu.upload(&bufs[1], &k))
            .and_then(|()| gpu.upload(&bufs[2], &v))
        {
            setup.push(format!("upload: {e}"));
        }
    }
    let native = Target {
        nv_cooperative_matrix2: true,
        ..target.clone()
    };
    for s in SType::ALL {
        let kernel = format!("softmax(Q*K^T)*V S={} D={D} LK={LK}", s.wgsl());
        let row = |path: &str| ReductionResult {
            kernel: kernel.clone(),
            m: lq,
            path: path.to_string(),
            errors: setup.clone(),
            ..Default::default()
        };
        let mut rows = vec![row(target.cooperative_matrix.name())];
        if nv2 {
            rows.push(row("nv2"));
        }
        if setup.is_empty() {
            let (reduce, roundtrip) = (reduce_kernel(s), roundtrip_kernel(s));
            let mut builds = vec![
                ("reduce", target, reduce.as_str()),
                ("roundtrip", target, roundtrip.as_str()),
            ];
            if nv2 {
                builds.push(("reduce nv2", &native, reduce.as_str()));
            }
            let bindings = [
                Binding::storage(&bufs[0]),
                Binding::storage(&bufs[1]),
                Binding::storage(&bufs[2]),
                Binding::storage(&bufs[3]),
            ];
            let mut built = Vec::new();
            let mut errors = Vec::new();
            let mut worsts = Vec::new();
            for (label, t, src) in &builds {
                let made = t.compile(src).and_then(|w| {
                    let kn = gpu.kernel_robust(&w, &bindings, &[], false)?;
                    let checked = gpu
                        .upload(&bufs[3], &vec![0xFFu8; bufs[3].size as usize])
                        .and_then(|()| gpu.dispatch(&kn, groups(lq)).map(|_| ()))
                        .and_then(|()| gpu.download(&bufs[3]))
                        .and_then(|o| verify(s, &q, &k, &v, &o, lq));
                    match checked {
                        Ok(worst) => Ok((kn, worst)),
                        Err(e) => {
                            gpu.destroy_kernel(&kn);
                            Err(e)
                        }
                    }
                });
                match made {
                    Ok((kn, worst)) => {
                        built.push((*label, kn));
                        worsts.push((*label, worst));
                    }
                    Err(e) => errors.push(format!("{label}: {e}")),
                }
            }
            let ms = time_rotating(gpu, &built, groups(lq), iters, &mut errors);
            let tflops = |label: &str| -> (Option<f64>, Option<f64>) {
                let at = built.iter().position(|(l, _)| *l == label);
                let t = at.and_then(|i| ms[i]);
                (t.map(|ms| flops(lq) / (ms * 1e-3) / 1e12), t)
            };
            let (rt, rt_ms) = tflops("roundtrip");
            for (r, label) in rows.iter_mut().zip(["reduce", "reduce nv2"]) {
                (r.reduce_tflops, r.reduce_ms) = tflops(label);
                (r.roundtrip_tflops, r.roundtrip_ms) = (rt, rt_ms);
                r.errors = errors
                    .iter()
                    .filter(|e| {
                        // Each row carries its own kernel's and the round
                        // trip's errors.
                        let other = if label == "reduce" {
                            "reduce nv2:"
                        } else {
                            "reduce:"
                        };
                        !e.starts_with(other)
                    })
                    .cloned()
                    .collect();
                for (l, w) in &worsts {
                    if *l == label || *l == "roundtrip" {
                        r.worst_error.push((l.to_string(), *w));
                    }
                }
                for (l, kn) in &built {
                    if (*l == label || *l == "roundtrip") && !kn.stats.is_empty() {
                        let text: Vec<String> =
                            kn.stats.iter().map(|(n, x)| format!("{n}={x}")).collect();
                        r.stats.push((l.to_string(), text.join(", ")));
                    }
                }
            }
            built.iter().for_each(|(_, kn)| gpu.destroy_kernel(kn));
        }
        out.extend(rows);
    }
    bufs.iter().for_each(|b| gpu.free(b));
    out
}

/// Times `built` in `2 x len` rounds rotating the order; the median
/// milliseconds per dispatch of each (its rounds' medians), `None` where
/// timing failed.
fn time_rotating(
    gpu: &Gpu,
    built: &[(&str, crate::vk::Kernel)],
    groups: [u32; 3],
    iters: usize,
    errors: &mut Vec<String>,
) -> Vec<Option<f64>> {
    let count = built.len();
    let mut per: Vec<Vec<f64>> = vec![Vec::new(); count];
    for pass in 0..2 * count {
        for qn in 0..count {
            let which = (pass + qn) % count;
            match gpu.time(&built[which].1, groups, 3, iters) {
                Ok(t) => per[which].push(median(&t) * 1e-6),
                Err(e) => errors.push(format!("{}: timing: {e}", built[which].0)),
            }
        }
    }
    per.iter()
        .map(|t| (!t.is_empty()).then(|| median(t)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_and_text_rows() {
        let r = ReductionResult {
            kernel: "softmax(Q*K^T)*V S=f32 D=64 LK=4096".into(),
            m: 65536,
            path: "nv2".into(),
            reduce_tflops: Some(30.0),
            roundtrip_tflops: Some(20.0),
            ..Default::default()
        };
        let j = r.to_json();
        assert_eq!(j["path"], "nv2");
        assert_eq!(j["m"], 65536);
        assert_eq!(j["reduce_tflops"], 30.0);
        assert_eq!(j["roundtrip_tflops"], 20.0);
        assert_eq!(j["reduce_vs_roundtrip"], 1.5);
        assert!(r
            .to_text()
            .contains("reduce 30.0 TFLOP/s, round trip 20.0 TFLOP/s, ratio 1.500"));
        let none = ReductionResult::default();
        assert_eq!(none.ratio(), None);
        assert_eq!(none.to_json()["reduce_vs_roundtrip"], Value::Null);
    }
}

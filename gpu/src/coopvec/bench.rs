//! The MLP benchmark on the GPU ([`super::mlp`] has its kernels, data and
//! reference): up to four variants of one evaluation per invocation,
//!
//! - **coopvec**: `mlp_coopvec.wgsl` compiled with the device's
//!   cooperative-vector configurations (native products), where the device
//!   has `VK_NV_cooperative_vector`;
//! - **loop**: the same source compiled without them (plain loops);
//! - **scalar**: `mlp_scalar.wgsl`, the arrays-and-loops kernel of today,
//!   compiled by tessera;
//! - **tint** (with `--tint PATH`): the scalar kernel compiled by Tint
//!   (Dawn's Vulkan defaults, SPIR-V 1.3).
//!
//! Each variant is run once on NaN-filled outputs and checked (every
//! output finite; 4096 sampled invocations' sums and 1024 sampled
//! invocations' 64 outputs against the f64 reference, see [`mlp::verify`]);
//! the verified ones are then timed: `2 * variants` rounds, the order
//! rotating so each leads once, each round warming the GPU (half a second
//! in the first round, 0.1 s after) and taking the median of `--iters`
//! timestamped submissions, each a batch of dependent dispatches lasting
//! about 5 ms (from the first run's time; at most 64), divided by the
//! batch; a variant's time is the median of its round medians.

use serde_json::{json, Value};

use super::mlp::{self, Data};
use crate::compile::Target;
use crate::vk::{median, Binding, Gpu, Kernel};

/// Sampled invocations checked per variant.
const SAMPLES: usize = 4096;

/// One variant's outcome.
#[derive(Clone, Debug, Default)]
pub struct VariantResult {
    /// `coopvec`, `loop`, `scalar` or `tint`.
    pub name: String,
    /// Which compiler and options built it.
    pub built_by: String,
    /// Median of the round medians (ms); `None` if it did not run.
    pub ms: Option<f64>,
    /// Each round's median (ms).
    pub rounds_ms: Vec<f64>,
    /// The verification of its output.
    pub verified: Option<mlp::Verified>,
    /// Native instructions in its SPIR-V (types, products).
    pub native_instructions: (usize, usize),
    /// `vkCreateComputePipelines` time (ms).
    pub pipeline_ms: Option<f64>,
    /// Dependent dispatches per timed submission (enough for about 5 ms,
    /// so short kernels keep the GPU busy).
    pub batch: usize,
    /// The driver's statistics (registers, ...).
    pub stats: Vec<(String, String)>,
    /// Why it did not run, or failed.
    pub error: Option<String>,
}

/// The benchmark's result: the `coopvec` entry of `coopvec.json`.
#[derive(Clone, Debug, Default)]
pub struct MlpResult {
    /// What was run.
    pub kernel: String,
    /// Invocations.
    pub n: u32,
    /// The variants, in the order above.
    pub variants: Vec<VariantResult>,
    /// Every failure (compile, pipeline, verification, timing).
    pub errors: Vec<String>,
}

impl MlpResult {
    fn ms(&self, name: &str) -> Option<f64> {
        self.variants
            .iter()
            .find(|v| v.name == name)
            .and_then(|v| v.ms)
    }

    /// `time(name) / time(coopvec)`.
    pub fn over_native(&self, name: &str) -> Option<f64> {
        Some(self.ms(name)? / self.ms("coopvec")?)
    }

    /// The `coopvec` entry of `coopvec.json`.
    pub fn to_json(&self) -> Value {
        let variants: Vec<Value> = self
            .variants
            .iter()
            .map(|v| {
                json!({
                    "name": v.name,
                    "built_by": v.built_by,
                    "ms": v.ms,
                    "rounds_ms": v.rounds_ms,
                    "verified": v.verified.as_ref().map(|x| x.errors.is_empty()),
                    "checked": v.verified.as_ref().map(|x| x.checked),
                    "max_err": v.verified.as_ref().map(|x| x.max_err),
                    "worst_err_over_bound": v.verified.as_ref().map(|x| x.worst_ratio),
                    "native_types": v.native_instructions.0,
                    "native_products": v.native_instructions.1,
                    "pipeline_ms": v.pipeline_ms,
                    "batch": v.batch,
                    "stats": v.stats.iter().map(|(k, x)| json!([k, x])).collect::<Vec<_>>(),
                    "error": v.error,
                })
            })
            .collect();
        json!({
            "kernel": self.kernel,
            "n": self.n,
            "coopvec_ms": self.ms("coopvec"),
            "loop_ms": self.ms("loop"),
            "scalar_ms": self.ms("scalar"),
            "tint_ms": self.ms("tint"),
            "loop_over_native": self.over_native("loop"),
            "scalar_over_native": self.over_native("scalar"),
            "tint_over_native": self.over_native("tint"),
            "variants": variants,
            "errors": self.errors,
        })
    }

    /// One line per variant, for the log.
    pub fn summary(&self) -> String {
        let mut s = format!("{} (n = {}):", self.kernel, self.n);
        for v in &self.variants {
            let time =
                v.ms.map_or_else(|| "-".to_string(), |ms| format!("{ms:.3} ms"));
            let ratio = self
                .over_native(&v.name)
                .map_or(String::new(), |r| format!(" ({r:.2}x native)"));
            let err = v
                .error
                .as_deref()
                .map_or(String::new(), |e| format!(" [{e}]"));
            s.push_str(&format!("\n  {:<8} {time}{ratio}{err}", v.name));
        }
        s
    }
}

/// One variant's build: (name, built by, SPIR-V or why not).
type Build = (&'static str, String, Result<Vec<u32>, String>);

/// Compiles the scalar kernel with Tint at `tint` (Dawn's defaults),
/// through files in `dir`.
fn compile_tint(tint: &std::path::Path, dir: &std::path::Path) -> Result<Vec<u32>, String> {
    let src = dir.join("mlp_scalar.wgsl");
    let spv = dir.join("mlp_scalar.tint.spv");
    std::fs::write(&src, mlp::SCALAR_WGSL).map_err(|e| format!("{}: {e}", src.display()))?;
    let out = std::process::Command::new(tint)
        .arg(&src)
        .arg("-o")
        .arg(&spv)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", tint.display()))?;
    if !out.status.success() {
        return Err(format!(
            "tint failed: {}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .next()
                .unwrap_or("")
        ));
    }
    let bytes = std::fs::read(&spv).map_err(|e| format!("{}: {e}", spv.display()))?;
    crate::matmul::spv_words(&bytes).ok_or_else(|| "tint wrote no SPIR-V".to_string())
}

/// Runs the benchmark on `gpu`: the native build's target (or why there
/// is none) and the loop build's.
pub fn run(
    gpu: &Gpu,
    (native, looped): (Result<&Target, String>, &Target),
    args: &super::Args,
    tint: Option<&std::path::Path>,
) -> MlpResult {
    let n = args.mlp_n;
    let mut res = MlpResult {
        kernel: "mlp 3 x (64x64 f16 coopVecMatMulAdd + relu)".into(),
        n,
        ..Default::default()
    };
    let groups = match mlp::groups(n) {
        Ok(g) => g,
        Err(e) => {
            res.errors.push(e);
            return res;
        }
    };
    // The builds: (name, built by, SPIR-V).
    let mut builds: Vec<Build> = Vec::new();
    let has_native = native.is_ok();
    match native {
        Ok(t) => builds.push((
            "coopvec",
            "tessera, SPIR-V 1.6, native cooperative vectors".into(),
            t.compile(mlp::COOPVEC_WGSL),
        )),
        Err(why) => builds.push((
            "coopvec",
            "not run".into(),
            Err(format!("no native build: {why}")),
        )),
    }
    builds.push((
        "loop",
        "tessera, SPIR-V 1.6, cooperative vectors as loops".into(),
        looped.compile(mlp::COOPVEC_WGSL),
    ));
    builds.push((
        "scalar",
        "tessera, SPIR-V 1.6".into(),
        looped.compile(mlp::SCALAR_WGSL),
    ));
    if let Some(path) = tint {
        builds.push((
            "tint",
            format!("{} (Dawn's Vulkan defaults, SPIR-V 1.3)", path.display()),
            compile_tint(path, &args.out),
        ));
    }

    let data = Data::new(7);
    let [input, weights, biases] = data.buffers();
    let out_bytes = 4 * u64::from(n);
    let full_len = (n as usize).min(mlp::IN_VECTORS) * mlp::WIDTH;
    let mut bufs = Vec::new();
    for size in [
        input.len() as u64,
        weights.len() as u64,
        biases.len() as u64,
        out_bytes,
        2 * full_len as u64,
    ] {
        match gpu.buffer(size, false) {
            Ok(b) => bufs.push(b),
            Err(e) => {
                bufs.iter().for_each(|b| gpu.free(b));
                res.errors.push(format!("buffer allocation: {e}"));
                return res;
            }
        }
    }
    let poison = super::case::Ty::F32.poison(n as usize);
    let poison_full = super::case::Ty::F16.poison(full_len);
    let uploaded = gpu
        .upload(&bufs[0], &input)
        .and_then(|()| gpu.upload(&bufs[1], &weights))
        .and_then(|()| gpu.upload(&bufs[2], &biases));
    if let Err(e) = uploaded {
        bufs.iter().for_each(|b| gpu.free(b));
        res.errors.push(format!("upload: {e}"));
        return res;
    }
    let bindings: Vec<Binding> = bufs.iter().map(Binding::storage).collect();

    // Build, run once, verify.
    let mut kernels: Vec<(usize, Kernel)> = Vec::new();
    for (name, built_by, words) in builds {
        let mut v = VariantResult {
            name: name.to_string(),
            built_by,
            ..Default::default()
        };
        let checked = words.and_then(|w| {
            v.native_instructions = super::native_instructions(&w);
            let k = gpu.kernel_with(&w, &bindings, &[])?;
            v.pipeline_ms = Some(k.pipeline_ms);
            v.stats = k.stats.clone();
            let verified = gpu
                .upload(&bufs[3], &poison)
                .and_then(|()| gpu.upload(&bufs[4], &poison_full))
                .and_then(|()| gpu.dispatch(&k, groups))
                .and_then(|ns| {
                    v.batch = (5e6 / ns.max(1.0)).ceil().clamp(1.0, 64.0) as usize;
                    Ok((gpu.download(&bufs[3])?, gpu.download(&bufs[4])?))
                })
                .map(|(sums, full)| mlp::verify(&data, &sums, &full, n as usize, SAMPLES));
            match verified {
                Ok(x) => Ok((k, x)),
                Err(e) => {
                    gpu.destroy_kernel(&k);
                    Err(e)
                }
            }
        });
        match checked {
            Ok((k, x)) => {
                if x.errors.is_empty() {
                    kernels.push((res.variants.len(), k));
                } else {
                    v.error = Some(format!("wrong output: {}", x.errors.join("; ")));
                    gpu.destroy_kernel(&k);
                }
                v.verified = Some(x);
            }
            Err(e) => v.error = Some(e),
        }
        // A missing native build is not a failure of the run.
        if let Some(e) = &v.error {
            if name != "coopvec" || has_native {
                res.errors.push(format!("{name}: {e}"));
            }
        }
        res.variants.push(v);
    }

    // Time the verified ones in rotating order.
    let count = kernels.len();
    let mut per: Vec<Vec<f64>> = vec![Vec::new(); count];
    'rounds: for round in 0..2 * count {
        let warm_ns = if round == 0 { 0.5e9 } else { 0.1e9 };
        for q in 0..count {
            let which = (round + q) % count;
            let (index, k) = &kernels[which];
            let batch = res.variants[*index].batch;
            match gpu.time_batched(k, groups, batch, 3, warm_ns, args.iters) {
                Ok(t) => per[which].push(median(&t) / 1e6),
                Err(e) => {
                    res.errors.push(format!("timing: {e}"));
                    break 'rounds;
                }
            }
        }
    }
    for (slot, (index, k)) in kernels.iter().enumerate() {
        let v = &mut res.variants[*index];
        if per[slot].len() == 2 * count {
            v.ms = Some(median(&per[slot]));
        }
        v.rounds_ms = per[slot].clone();
        gpu.destroy_kernel(k);
    }
    bufs.iter().for_each(|b| gpu.free(b));
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_and_json() {
        let v = |name: &str, ms: Option<f64>| VariantResult {
            name: name.into(),
            ms,
            ..Default::default()
        };
        let r = MlpResult {
            kernel: "k".into(),
            n: 64,
            variants: vec![
                v("coopvec", Some(0.5)),
                v("loop", Some(2.0)),
                v("scalar", Some(3.0)),
            ],
            errors: vec![],
        };
        assert_eq!(r.over_native("loop"), Some(4.0));
        assert_eq!(r.over_native("tint"), None);
        let j = r.to_json();
        assert_eq!(j["coopvec_ms"], 0.5);
        assert_eq!(j["scalar_over_native"], 6.0);
        assert!(j["tint_ms"].is_null());
        assert_eq!(j["variants"].as_array().map(Vec::len), Some(3));
        assert!(r.summary().contains("loop     2.000 ms (4.00x native)"));
    }
}

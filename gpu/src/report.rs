//! `results.json` and the human-readable report.

use serde_json::{json, Value};

/// The outcome of one conformance case.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CaseResult {
    /// Case name (starts with the config).
    pub name: String,
    /// Whether every checked component matched.
    pub passed: bool,
    /// Where it stopped: `compile`, `pipeline`, `run` or `compare`.
    pub stage: String,
    /// Components checked.
    pub checked: usize,
    /// Components that differed.
    pub mismatches: usize,
    /// Error text or the first differences.
    pub detail: String,
}

/// One matmul size; `None` where a variant failed or was not run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatmulResult {
    /// The tiled algorithm's configuration (`BMxBNxBK WMxWN S-stage`);
    /// empty for a cuBLAS-only row.
    pub config: String,
    /// M.
    pub m: u32,
    /// N.
    pub n: u32,
    /// K.
    pub k: u32,
    /// The GLSL original compiled by glslang.
    pub glslang_tflops: Option<f64>,
    /// tessera, loop form, bounds checks on (the default).
    pub tessera_checked_tflops: Option<f64>,
    /// tessera, loop form, `--no-bounds-checks`.
    pub tessera_unchecked_tflops: Option<f64>,
    /// tessera, hand-unrolled form, bounds checks on.
    pub tessera_unrolled_tflops: Option<f64>,
    /// tessera, loop form, bounds checks on with plain buffer accesses left
    /// to the device's robust buffer access (enabled for the pipeline).
    pub tessera_device_buffers_tflops: Option<f64>,
    /// `vkCreateComputePipelines` for that variant (ms).
    pub tessera_device_buffers_pipeline_ms: Option<f64>,
    /// `vkCreateComputePipelines` for glslang's SPIR-V (ms).
    pub glslang_pipeline_ms: Option<f64>,
    /// `vkCreateComputePipelines` for tessera's checked loop form (ms).
    pub tessera_pipeline_ms: Option<f64>,
    /// tessera's own compile time of the checked loop form (ms).
    pub tessera_compile_ms: Option<f64>,
    /// cuBLAS (merged in by `run_all.sh`).
    pub cublas_tflops: Option<f64>,
    /// Extra variants (`--unroll-variants`): (label, TFLOP/s, pipeline ms).
    pub extra: Vec<(String, f64, f64)>,
    /// The driver's statistics per variant (label, name=value list).
    pub stats: Vec<(String, String)>,
    /// Problems (compile errors, verification failures).
    pub errors: Vec<String>,
}

impl MatmulResult {
    /// tessera checked / glslang, when both ran.
    pub fn checked_vs_glslang(&self) -> Option<f64> {
        ratio(self.tessera_checked_tflops, self.glslang_tflops)
    }

    /// Loop form / hand-unrolled form, both checked.
    pub fn loop_vs_unrolled(&self) -> Option<f64> {
        ratio(self.tessera_checked_tflops, self.tessera_unrolled_tflops)
    }

    /// tessera's pipeline creation / glslang's.
    pub fn pipeline_vs_glslang(&self) -> Option<f64> {
        ratio(self.tessera_pipeline_ms, self.glslang_pipeline_ms)
    }
}

fn ratio(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => Some(a / b),
        _ => None,
    }
}

/// Everything one run produced.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Results {
    /// UTC date and time of the run.
    pub date: String,
    /// Device name.
    pub device: String,
    /// Driver name and version.
    pub driver: String,
    /// Which cooperative-matrix extension the kernels used: `khr` or `nv`
    /// (`--cooperative-matrix`).
    pub cooperative_matrix: String,
    /// Extra device facts (configs, subgroup sizes, ...).
    pub device_facts: Value,
    /// Conformance cases.
    pub cases: Vec<CaseResult>,
    /// The wgpu-dialect cases compiled by naga 30 instead of tessera (the
    /// differential check; not counted in [`Results::all_ok`]).
    pub naga: Vec<CaseResult>,
    /// Matmul sizes.
    pub matmul: Vec<MatmulResult>,
    /// Fused-epilogue measurements (`tessera_experimental_subgroup_matrix`).
    pub fused: Vec<crate::fused::FusedResult>,
    /// The reduction benchmark (softmax in registers against the workgroup
    /// round trip, [`crate::reduction::bench`]).
    pub reduction: Vec<crate::reduction::ReductionResult>,
}

impl Results {
    /// Cases that passed.
    pub fn passed(&self) -> usize {
        self.cases.iter().filter(|c| c.passed).count()
    }

    /// Whether everything that ran succeeded.
    pub fn all_ok(&self) -> bool {
        self.passed() == self.cases.len()
            && self.matmul.iter().all(|m| m.errors.is_empty())
            && self.fused.iter().all(|f| f.errors.is_empty())
            && self.reduction.iter().all(|r| r.errors.is_empty())
    }

    /// loop / unrolled at the largest size where both ran.
    pub fn loop_vs_unrolled(&self) -> Option<f64> {
        self.matmul
            .iter()
            .rev()
            .find_map(MatmulResult::loop_vs_unrolled)
    }

    /// Merges `bench_cublas.py`'s JSON (`{"results": [{"m", "n", "k",
    /// "tflops"}]}`) into the matmul rows of the same size, adding rows for
    /// sizes the runner did not run. Returns how many rows were filled.
    pub fn merge_cublas(&mut self, cublas: &Value) -> usize {
        let mut filled = 0;
        let Some(rows) = cublas["results"].as_array() else {
            return 0;
        };
        for r in rows {
            let dim = |k: &str| r[k].as_u64().and_then(|v| u32::try_from(v).ok());
            let (Some(m), Some(n), Some(k), Some(t)) =
                (dim("m"), dim("n"), dim("k"), r["tflops"].as_f64())
            else {
                continue;
            };
            let mut any = false;
            for row in self
                .matmul
                .iter_mut()
                .filter(|x| (x.m, x.n, x.k) == (m, n, k))
            {
                row.cublas_tflops = Some(t);
                any = true;
            }
            if !any {
                self.matmul.push(MatmulResult {
                    m,
                    n,
                    k,
                    cublas_tflops: Some(t),
                    ..Default::default()
                });
            }
            filled += 1;
        }
        filled
    }

    /// The `results.json` document.
    pub fn to_json(&self) -> Value {
        json!({
            "date": self.date,
            "device": self.device,
            "driver": self.driver,
            "cooperative_matrix": self.cooperative_matrix,
            "device_facts": self.device_facts,
            "conformance": {
                "passed": self.passed(),
                "total": self.cases.len(),
                "cases": self.cases.iter().map(|c| json!({
                    "name": c.name,
                    "passed": c.passed,
                    "stage": c.stage,
                    "checked": c.checked,
                    "mismatches": c.mismatches,
                    "detail": c.detail,
                })).collect::<Vec<_>>(),
            },
            "fused": self.fused.iter().map(|f| json!({
                "kernel": f.kernel,
                "m": f.m,
                "fused_tflops": f.fused_tflops,
                "roundtrip_tflops": f.roundtrip_tflops,
                "fused_vs_roundtrip": match (f.fused_tflops, f.roundtrip_tflops) {
                    (Some(a), Some(b)) if b > 0.0 => Some(a / b),
                    _ => None,
                },
                "path": f.path,
                "fallback_tflops": f.fallback_tflops,
                "fused_vs_fallback": match (f.fused_tflops, f.fallback_tflops) {
                    (Some(a), Some(b)) if b > 0.0 => Some(a / b),
                    _ => None,
                },
                "errors": f.errors,
            })).collect::<Vec<_>>(),
            "reduction": self.reduction.iter().map(|r| r.to_json()).collect::<Vec<_>>(),
            "naga_differential": {
                "passed": self.naga.iter().filter(|c| c.passed).count(),
                "total": self.naga.len(),
                "cases": self.naga.iter().map(|c| json!({
                    "name": c.name,
                    "passed": c.passed,
                    "stage": c.stage,
                    "detail": c.detail,
                })).collect::<Vec<_>>(),
            },
            "matmul": self.matmul.iter().map(|m| json!({
                "config": m.config,
                "m": m.m, "n": m.n, "k": m.k,
                "glslang_tflops": m.glslang_tflops,
                "tessera_checked_tflops": m.tessera_checked_tflops,
                "tessera_unchecked_tflops": m.tessera_unchecked_tflops,
                "tessera_unrolled_tflops": m.tessera_unrolled_tflops,
                "tessera_device_buffers_tflops": m.tessera_device_buffers_tflops,
                "tessera_device_buffers_pipeline_ms": m.tessera_device_buffers_pipeline_ms,
                "glslang_pipeline_ms": m.glslang_pipeline_ms,
                "tessera_pipeline_ms": m.tessera_pipeline_ms,
                "tessera_compile_ms": m.tessera_compile_ms,
                "cublas_tflops": m.cublas_tflops,
                "checked_vs_glslang": m.checked_vs_glslang(),
                "loop_vs_unrolled": m.loop_vs_unrolled(),
                "pipeline_vs_glslang": m.pipeline_vs_glslang(),
                "extra": m.extra.iter().map(|(l, t, p)| json!({
                    "variant": l, "tflops": t, "pipeline_ms": p,
                })).collect::<Vec<_>>(),
                "driver_statistics": m.stats.iter().map(|(l, s)| json!({
                    "variant": l, "statistics": s,
                })).collect::<Vec<_>>(),
                "errors": m.errors,
            })).collect::<Vec<_>>(),
            "loop_vs_unrolled": self.loop_vs_unrolled(),
        })
    }

    /// The human-readable report.
    pub fn to_text(&self) -> String {
        let f = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.1}"));
        let mut s = format!(
            "tessera GPU report\ndate:   {}\ndevice: {}\ndriver: {}\ncooperative matrices: {}\n\nconformance: {}/{} passed\n",
            self.date,
            self.device,
            self.driver,
            self.cooperative_matrix,
            self.passed(),
            self.cases.len()
        );
        for c in self.cases.iter().filter(|c| !c.passed) {
            s.push_str(&format!(
                "  FAIL {} [{}]: {}\n",
                c.name,
                c.stage,
                c.detail.replace('\n', "\n       ")
            ));
        }
        s.push_str(
            "\nmatmul f16 x f16 -> f32 (TFLOP/s, median of per-pass medians; pipeline ms)\n",
        );
        s.push_str(&format!(
            "{:<24} {:>6} {:>8} {:>8} {:>9} {:>8} {:>7} {:>8} {:>8} {:>8} {:>8}\n",
            "config",
            "size",
            "glslang",
            "checked",
            "unchecked",
            "unrolled",
            "chk/gl",
            "gl ms",
            "tess ms",
            "comp ms",
            "cuBLAS"
        ));
        let r = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.3}"));
        for m in &self.matmul {
            s.push_str(&format!(
                "{:<24} {:>6} {:>8} {:>8} {:>9} {:>8} {:>7} {:>8} {:>8} {:>8} {:>8}\n",
                m.config,
                m.m,
                f(m.glslang_tflops),
                f(m.tessera_checked_tflops),
                f(m.tessera_unchecked_tflops),
                f(m.tessera_unrolled_tflops),
                r(m.checked_vs_glslang()),
                f(m.glslang_pipeline_ms),
                f(m.tessera_pipeline_ms),
                f(m.tessera_compile_ms),
                f(m.cublas_tflops)
            ));
            if let Some(t) = m.tessera_device_buffers_tflops {
                s.push_str(&format!(
                    "    {:<28} {t:>8.1} TFLOP/s {:>8.1} ms  ({:.3}x glslang)\n",
                    "checked, device buffers",
                    m.tessera_device_buffers_pipeline_ms.unwrap_or(f64::NAN),
                    m.glslang_tflops.map_or(f64::NAN, |g| t / g)
                ));
            }
            for (label, t, p) in &m.extra {
                s.push_str(&format!("    {label:<28} {t:>8.1} TFLOP/s {p:>8.1} ms\n"));
            }
            for (label, st) in &m.stats {
                s.push_str(&format!("    stats {label:<22} {st}\n"));
            }
            for e in &m.errors {
                s.push_str(&format!("  error: {e}\n"));
            }
        }
        for fr in &self.fused {
            s.push_str(&format!(
                "fused {} {}: fused {} TFLOP/s, round trip {} TFLOP/s ({})\n",
                fr.kernel,
                fr.m,
                f(fr.fused_tflops),
                f(fr.roundtrip_tflops),
                fr.path
            ));
            if fr.fallback_tflops.is_some() {
                s.push_str(&format!(
                    "  fallback (element loop) {} TFLOP/s\n",
                    f(fr.fallback_tflops)
                ));
            }
            for e in &fr.errors {
                s.push_str(&format!("  error: {e}\n"));
            }
        }
        for r in &self.reduction {
            s.push_str(&r.to_text());
        }
        s.push_str(&format!(
            "loop_vs_unrolled: {}\n",
            self.loop_vs_unrolled()
                .map_or("-".to_string(), |v| format!("{v:.3}"))
        ));
        s
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` for now.
pub fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let (days, rem) = (secs.div_euclid(86400), secs.rem_euclid(86400));
    // Civil-from-days (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Results {
        Results {
            date: "2026-11-21T23:00:00Z".into(),
            device: "NVIDIA H100".into(),
            driver: "NVIDIA 580".into(),
            cooperative_matrix: "nv".into(),
            device_facts: json!({}),
            naga: Vec::new(),
            fused: Vec::new(),
            reduction: Vec::new(),
            cases: vec![
                CaseResult {
                    name: "f16:f32:16x16x16/fill".into(),
                    passed: true,
                    stage: "compare".into(),
                    checked: 10,
                    mismatches: 0,
                    detail: String::new(),
                },
                CaseResult {
                    name: "u8:u32:16x8x32/zero".into(),
                    passed: false,
                    stage: "compile".into(),
                    checked: 0,
                    mismatches: 0,
                    detail: "error: oops".into(),
                },
            ],
            matmul: vec![MatmulResult {
                config: "128x128x64 2x2 1-stage".into(),
                m: 4096,
                n: 4096,
                k: 4096,
                tessera_checked_tflops: Some(300.0),
                tessera_unrolled_tflops: Some(400.0),
                glslang_tflops: Some(250.0),
                glslang_pipeline_ms: Some(20.0),
                tessera_pipeline_ms: Some(25.0),
                ..Default::default()
            }],
        }
    }

    #[test]
    fn json_shape() {
        let j = sample().to_json();
        assert_eq!(j["cooperative_matrix"], "nv");
        assert_eq!(j["conformance"]["passed"], 1);
        assert_eq!(j["conformance"]["total"], 2);
        assert_eq!(j["conformance"]["cases"][1]["stage"], "compile");
        assert_eq!(j["matmul"][0]["m"], 4096);
        assert_eq!(j["matmul"][0]["config"], "128x128x64 2x2 1-stage");
        assert_eq!(j["matmul"][0]["glslang_tflops"], 250.0);
        assert_eq!(j["matmul"][0]["tessera_checked_tflops"], 300.0);
        assert_eq!(j["matmul"][0]["tessera_unchecked_tflops"], Value::Null);
        assert_eq!(j["matmul"][0]["checked_vs_glslang"], 1.2);
        assert_eq!(j["matmul"][0]["pipeline_vs_glslang"], 1.25);
        assert_eq!(j["loop_vs_unrolled"], 0.75);
    }

    #[test]
    fn merges_cublas_rows() {
        let mut r = sample();
        let cublas = json!({"results": [
            {"m": 4096, "n": 4096, "k": 4096, "tflops": 600.5},
            {"m": 8192, "n": 8192, "k": 8192, "tflops": 650.0},
            {"m": "bad"}
        ]});
        assert_eq!(r.merge_cublas(&cublas), 2);
        assert_eq!(r.matmul[0].cublas_tflops, Some(600.5));
        assert_eq!(r.matmul[1].m, 8192);
        assert_eq!(r.matmul[1].tessera_checked_tflops, None);
        assert_eq!(r.merge_cublas(&json!({"error": "no torch"})), 0);
    }

    #[test]
    fn text_lists_failures_and_table() {
        let r = sample();
        assert!(!r.all_ok());
        let t = r.to_text();
        assert!(t.contains("conformance: 1/2 passed\n"), "{t}");
        assert!(t.contains("\ncooperative matrices: nv\n"), "{t}");
        assert!(
            t.contains("  FAIL u8:u32:16x8x32/zero [compile]: error: oops\n"),
            "{t}"
        );
        assert!(
            t.contains("128x128x64 2x2 1-stage     4096    250.0    300.0         -    400.0   1.200     20.0     25.0        -        -\n"),
            "{t}"
        );
        assert!(t.contains("loop_vs_unrolled: 0.750\n"));
    }
}

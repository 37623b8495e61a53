//! `tessera-gpu`: runs the subgroup-matrix conformance suite and the matmul
//! benchmark on the first Vulkan device with `VK_KHR_cooperative_matrix`
//! (or `VK_NV_cooperative_matrix` with `--cooperative-matrix nv`) and
//! writes `results.json` and `report.txt`. See `gpu/README.md`.
//!
//! Exit codes: 0 everything passed, 1 some case or matmul failed, 2 bad
//! arguments or output directory, 3 no suitable Vulkan device.
//! `tessera-gpu --coopvec ...` runs the cooperative-vector suite instead
//! (`tessera_gpu::coopvec`).

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;
use tessera::back::spv::CooperativeMatrixExtension;
use tessera_gpu::cases::{buffer_component, Case, BUF_BYTES};
use tessera_gpu::compile::Target;
use tessera_gpu::data::{poison, random_buffer, Rng};
use tessera_gpu::matmul::{self, Verification};
use tessera_gpu::reference::{compare, expected};
use tessera_gpu::report::{utc_now, CaseResult, MatmulResult, Results};
use tessera_gpu::robust;
use tessera_gpu::suite::cases_for;
use tessera_gpu::vk::{median, Gpu, InitError};

/// Exit code when no device with the cooperative-matrix extension exists.
const EXIT_NO_DEVICE: u8 = 3;

struct Args {
    out: PathBuf,
    spirv_version: (u8, u8),
    sizes: Vec<u32>,
    conformance: bool,
    matmul: bool,
    filter: Option<String>,
    iters: usize,
    bounds_checks: bool,
    dump: Option<PathBuf>,
    cublas: Option<PathBuf>,
    unroll_variants: bool,
    cooperative_matrix: CooperativeMatrixExtension,
    fused: bool,
    write_profile: Option<PathBuf>,
    reductions: bool,
    reduction_lq: u32,
}

const USAGE: &str = "usage: tessera-gpu [--out DIR] [--spirv 1.3|1.6] [--sizes 4096,8192] \
[--skip-conformance] [--skip-matmul] [--filter TEXT] [--iters N] [--no-bounds-checks] \
[--cublas FILE] [--dump-kernels DIR] [--unroll-variants] [--cooperative-matrix khr|nv] [--skip-fused] \
[--write-profile FILE.json] [--reductions] [--reduction-lq N]
       tessera-gpu --coopvec [--out DIR] ... (see tessera-gpu --coopvec --help)";

fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Args, String> {
    let mut a = Args {
        out: PathBuf::from("."),
        spirv_version: (1, 3),
        sizes: vec![4096, 8192],
        conformance: true,
        matmul: true,
        filter: None,
        iters: 10,
        bounds_checks: true,
        dump: None,
        cublas: None,
        unroll_variants: false,
        cooperative_matrix: CooperativeMatrixExtension::Khr,
        fused: true,
        write_profile: None,
        reductions: false,
        reduction_lq: 65536,
    };
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--out" => a.out = PathBuf::from(value("--out")?),
            "--spirv" => {
                a.spirv_version = match value("--spirv")?.as_str() {
                    "1.3" => (1, 3),
                    "1.6" => (1, 6),
                    v => {
                        return Err(format!(
                            "unsupported SPIR-V version '{v}' (expected 1.3 or 1.6)"
                        ))
                    }
                }
            }
            "--sizes" => {
                a.sizes = value("--sizes")?
                    .split(',')
                    .map(|s| match s.trim().parse::<u32>() {
                        Ok(v) if v > 0 && v % matmul::TILE == 0 => Ok(v),
                        _ => Err(format!(
                            "invalid size '{s}' (a positive multiple of {})",
                            matmul::TILE
                        )),
                    })
                    .collect::<Result<_, _>>()?
            }
            "--skip-conformance" => a.conformance = false,
            "--skip-matmul" => a.matmul = false,
            "--skip-fused" => a.fused = false,
            "--reductions" => a.reductions = true,
            "--reduction-lq" => {
                a.reduction_lq = match value("--reduction-lq")?.parse::<u32>() {
                    Ok(v) if v > 0 && v % 64 == 0 => v,
                    _ => return Err("--reduction-lq needs a positive multiple of 64".into()),
                }
            }
            "--filter" => a.filter = Some(value("--filter")?),
            "--iters" => {
                a.iters = match value("--iters")?.parse::<usize>() {
                    Ok(v) if v >= 10 => v,
                    _ => return Err("--iters needs an integer >= 10".into()),
                }
            }
            "--no-bounds-checks" => a.bounds_checks = false,
            "--unroll-variants" => a.unroll_variants = true,
            "--cublas" => a.cublas = Some(PathBuf::from(value("--cublas")?)),
            "--dump-kernels" => a.dump = Some(PathBuf::from(value("--dump-kernels")?)),
            "--write-profile" => a.write_profile = Some(PathBuf::from(value("--write-profile")?)),
            "--cooperative-matrix" => {
                a.cooperative_matrix = match value("--cooperative-matrix")?.as_str() {
                    "khr" => CooperativeMatrixExtension::Khr,
                    "nv" => CooperativeMatrixExtension::Nv,
                    v => {
                        return Err(format!(
                            "unknown cooperative-matrix extension '{v}' (expected khr or nv)"
                        ))
                    }
                }
            }
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument '{other}'\n{USAGE}")),
        }
    }
    if a.reductions {
        // Only the reduction cases and the reduction benchmark.
        a.matmul = false;
        a.fused = false;
        a.filter
            .get_or_insert_with(|| "/experimental/reduce".into());
    }
    Ok(a)
}

fn fail(case: &Case, stage: &str, detail: String) -> CaseResult {
    CaseResult {
        name: case.name.clone(),
        passed: false,
        stage: stage.into(),
        checked: 0,
        mismatches: 0,
        detail,
    }
}

fn run_case(
    gpu: &Gpu,
    target: &Target,
    case: &Case,
    seed: u64,
    outputs: &mut Vec<Vec<u8>>,
) -> CaseResult {
    run_compiled(gpu, case, seed, target.compile(&case.wgsl), outputs)
}

/// Runs a case from SPIR-V compiled by `compiled` (tessera or naga);
/// `outputs` receives the three output buffers as read back.
fn run_compiled(
    gpu: &Gpu,
    case: &Case,
    seed: u64,
    compiled: Result<Vec<u32>, String>,
    outputs: &mut Vec<Vec<u8>>,
) -> CaseResult {
    let words = match compiled {
        Ok(w) => w,
        Err(e) => return fail(case, "compile", e),
    };
    let mut rng = Rng::new(seed);
    let inputs: Vec<Vec<u8>> = (0..3)
        .map(|b| random_buffer(&mut rng, buffer_component(&case.config, b), BUF_BYTES))
        .collect();
    let mut buffers = Vec::new();
    for i in 0..6 {
        match gpu.buffer(BUF_BYTES as u64, true) {
            Ok(b) => buffers.push(b),
            Err(e) => {
                buffers.iter().for_each(|b| gpu.free(b));
                return fail(case, "run", e);
            }
        }
        let data = if i < 3 {
            inputs[i].clone()
        } else {
            poison(BUF_BYTES)
        };
        if let Err(e) = gpu.upload(&buffers[i], &data) {
            buffers.iter().for_each(|b| gpu.free(b));
            return fail(case, "run", e);
        }
    }
    let refs: Vec<_> = buffers.iter().collect();
    let result = match gpu.kernel(&words, &refs, &[]) {
        Err(e) => fail(case, "pipeline", e),
        Ok(k) => {
            let r = gpu.dispatch(&k, [1, 1, 1]);
            gpu.destroy_kernel(&k);
            match r {
                Err(e) => fail(case, "run", e),
                Ok(_) => {
                    let exp = expected(case, &inputs);
                    let mut res = CaseResult {
                        name: case.name.clone(),
                        passed: true,
                        stage: "compare".into(),
                        checked: 0,
                        mismatches: 0,
                        detail: String::new(),
                    };
                    for (k, e) in exp.iter().enumerate() {
                        match gpu.download(&buffers[k + 3]) {
                            Err(err) => return fail(case, "run", err),
                            Ok(got) => {
                                let cmp = compare(&case.config, k + 3, &got, e);
                                outputs.push(got);
                                res.checked += cmp.checked;
                                res.mismatches += cmp.mismatches;
                                if !cmp.first.is_empty() {
                                    if !res.detail.is_empty() {
                                        res.detail.push('\n');
                                    }
                                    res.detail.push_str(&cmp.first.join("\n"));
                                }
                            }
                        }
                    }
                    res.passed = res.mismatches == 0;
                    res
                }
            }
        }
    };
    buffers.iter().for_each(|b| gpu.free(b));
    result
}

/// One kernel of the matmul benchmark, created and verified.
struct Variant {
    label: &'static str,
    kernel: tessera_gpu::vk::Kernel,
    compile_ms: Option<f64>,
}

/// Creates a kernel over A, B, C (storage) and the dims (uniform), runs it
/// once and checks sampled elements of C. `robust`: the pipeline asks for
/// robust buffer access.
#[allow(clippy::too_many_arguments)]
fn verified_kernel(
    gpu: &Gpu,
    words: &[u32],
    bufs: [&tessera_gpu::vk::Buffer; 4],
    host: (&[u8], &[u8]),
    (m, n, k): (u32, u32, u32),
    groups: [u32; 3],
    robust: bool,
) -> Result<tessera_gpu::vk::Kernel, String> {
    use tessera_gpu::vk::Binding;
    gpu.upload(bufs[2], &poison(bufs[2].size as usize))?;
    let bindings = [
        Binding::storage(bufs[0]),
        Binding::storage(bufs[1]),
        Binding::storage(bufs[2]),
        Binding::uniform(bufs[3]),
    ];
    // Pipeline creation is timed three times (the kernel of the last one
    // is kept); the median is reported.
    let mut creations = Vec::new();
    for _ in 0..2 {
        let k = gpu.kernel_robust(words, &bindings, &[], robust)?;
        creations.push(k.pipeline_ms);
        gpu.destroy_kernel(&k);
    }
    let mut kernel = gpu.kernel_robust(words, &bindings, &[], robust)?;
    creations.push(kernel.pipeline_ms);
    kernel.pipeline_ms = median(&creations);
    kernel.stats.push((
        "pipeline creations ms".into(),
        creations
            .iter()
            .map(|c| format!("{c:.1}"))
            .collect::<Vec<_>>()
            .join("/"),
    ));
    let check = (|| {
        gpu.dispatch(&kernel, groups)?;
        let c = gpu.download(bufs[2])?;
        let v: Verification = matmul::verify(
            host.0,
            host.1,
            &c,
            m as usize,
            n as usize,
            k as usize,
            256,
            &mut Rng::new(99),
        );
        if v.mismatches > 0 {
            return Err(format!(
                "{} of {} sampled elements wrong; first: {}",
                v.mismatches,
                v.checked,
                v.first.unwrap_or_default()
            ));
        }
        Ok(())
    })();
    match check {
        Ok(()) => Ok(kernel),
        Err(e) => {
            gpu.destroy_kernel(&kernel);
            Err(e)
        }
    }
}

/// Times every variant in `passes` rounds, rotating the order each round;
/// a variant's figure is the median of its per-round medians (TFLOP/s).
fn time_rotating(
    gpu: &Gpu,
    variants: &[Variant],
    groups: [u32; 3],
    (m, n, k): (u32, u32, u32),
    iters: usize,
    passes: usize,
) -> Result<Vec<f64>, String> {
    let mut per: Vec<Vec<f64>> = vec![Vec::new(); variants.len()];
    for p in 0..passes {
        for q in 0..variants.len() {
            let v = (p + q) % variants.len();
            let times = gpu.time(&variants[v].kernel, groups, 3, iters)?;
            per[v].push(matmul::tflops(m, n, k, median(&times)));
        }
    }
    Ok(per.iter().map(|t| median(t)).collect())
}

/// Every configuration of the tiled algorithm at one size: glslang, tessera
/// checked and unchecked (loop form), tessera checked (hand-unrolled form).
fn run_matmul(
    gpu: &Gpu,
    target: &Target,
    size: u32,
    iters: usize,
    unroll_variants: bool,
) -> Vec<MatmulResult> {
    use tessera_gpu::tiled::{dims_bytes, CONFIGS};
    let (m, n, k) = (size, size, size);
    let mut rows: Vec<MatmulResult> = Vec::new();
    let mut rng = Rng::new(u64::from(size));
    let a = matmul::random_f16(&mut rng, (m * k) as usize);
    let b = matmul::random_f16(&mut rng, (k * n) as usize);
    let mut bufs = Vec::new();
    let fail_all = |e: String| {
        CONFIGS
            .iter()
            .map(|(c, _)| MatmulResult {
                config: c.name(),
                m,
                n,
                k,
                errors: vec![e.clone()],
                ..Default::default()
            })
            .collect::<Vec<_>>()
    };
    for bytes in [
        a.len() as u64,
        b.len() as u64,
        4 * u64::from(m) * u64::from(n),
        16,
    ] {
        match gpu.buffer(bytes, false) {
            Ok(buf) => bufs.push(buf),
            Err(e) => {
                bufs.iter().for_each(|b| gpu.free(b));
                return fail_all(format!("buffer allocation: {e}"));
            }
        }
    }
    if let Err(e) = gpu
        .upload(&bufs[0], &a)
        .and_then(|()| gpu.upload(&bufs[1], &b))
        .and_then(|()| gpu.upload(&bufs[3], &dims_bytes(m, n, k)))
    {
        bufs.iter().for_each(|b| gpu.free(b));
        return fail_all(format!("upload: {e}"));
    }
    let four = [&bufs[0], &bufs[1], &bufs[2], &bufs[3]];
    for (config, glslang) in CONFIGS {
        let mut res = MatmulResult {
            config: config.name(),
            m,
            n,
            k,
            ..Default::default()
        };
        let groups = config.groups(m, n);
        let unchecked = Target {
            bounds_checks: false,
            ..target.clone()
        };
        let looped = config.loop_wgsl().unwrap_or_default();
        let unrolled = config.unrolled_wgsl();
        use tessera::back::UnrollPolicy;
        let policy = |p: UnrollPolicy| Target {
            unroll: p,
            ..target.clone()
        };
        let (matrices, hint, off) = (
            policy(UnrollPolicy::Matrices),
            policy(UnrollPolicy::Hint),
            policy(UnrollPolicy::Off),
        );
        let device_buffers = Target {
            buffers_robust_by_device: true,
            ..target.clone()
        };
        let mut sources: Vec<(&'static str, Option<&Target>, &str)> = vec![
            ("glslang", None, ""),
            ("tessera checked", Some(target), &looped),
            ("tessera unchecked", Some(&unchecked), &looped),
            ("tessera unrolled", Some(target), &unrolled),
            ("tessera device buffers", Some(&device_buffers), &looped),
            ("glslang, robust buffers", None, ""),
        ];
        if !gpu.khr_enabled {
            // glslang's SPIR-V uses SPV_KHR_cooperative_matrix, which this
            // device (opened for NV) does not have enabled.
            sources.retain(|(_, t, _)| t.is_some());
            res.stats.push((
                "glslang".to_string(),
                "not run: VK_KHR_cooperative_matrix is not enabled".to_string(),
            ));
        }
        if unroll_variants {
            sources.push(("checked, unroll matrices", Some(&matrices), &looped));
            sources.push(("checked, unroll hint", Some(&hint), &looped));
            sources.push(("checked, unroll off", Some(&off), &looped));
        }
        let mut variants: Vec<Variant> = Vec::new();
        for (label, t, src) in sources {
            let (words, compile_ms) = match t {
                None => (
                    matmul::spv_words(glslang).ok_or_else(|| "malformed SPIR-V".to_string()),
                    None,
                ),
                Some(t) => {
                    let start = std::time::Instant::now();
                    let w = t.compile(src);
                    (w, Some(start.elapsed().as_secs_f64() * 1e3))
                }
            };
            let robust = label.contains("robust") || label.contains("device buffers");
            match words
                .and_then(|w| verified_kernel(gpu, &w, four, (&a, &b), (m, n, k), groups, robust))
            {
                Ok(kernel) => variants.push(Variant {
                    label,
                    kernel,
                    compile_ms,
                }),
                Err(e) => res.errors.push(format!("{label}: {e}")),
            }
        }
        for v in &variants {
            if !v.kernel.stats.is_empty() {
                let text: Vec<String> = v
                    .kernel
                    .stats
                    .iter()
                    .map(|(n, x)| format!("{n}={x}"))
                    .collect();
                res.stats.push((v.label.to_string(), text.join(", ")));
            }
        }
        match time_rotating(gpu, &variants, groups, (m, n, k), iters, 3) {
            Ok(tflops) => {
                for (v, t) in variants.iter().zip(tflops) {
                    match v.label {
                        "glslang" => {
                            res.glslang_tflops = Some(t);
                            res.glslang_pipeline_ms = Some(v.kernel.pipeline_ms);
                        }
                        "tessera checked" => {
                            res.tessera_checked_tflops = Some(t);
                            res.tessera_pipeline_ms = Some(v.kernel.pipeline_ms);
                            res.tessera_compile_ms = v.compile_ms;
                        }
                        "tessera unchecked" => res.tessera_unchecked_tflops = Some(t),
                        "tessera unrolled" => res.tessera_unrolled_tflops = Some(t),
                        "tessera device buffers" => {
                            res.tessera_device_buffers_tflops = Some(t);
                            res.tessera_device_buffers_pipeline_ms = Some(v.kernel.pipeline_ms);
                        }
                        other => res.extra.push((other.to_string(), t, v.kernel.pipeline_ms)),
                    }
                }
            }
            Err(e) => res.errors.push(format!("timing: {e}")),
        }
        variants.iter().for_each(|v| gpu.destroy_kernel(&v.kernel));
        rows.push(res);
    }
    bufs.iter().for_each(|b| gpu.free(b));
    rows
}

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("--coopvec") {
        return tessera_gpu::coopvec::main(std::env::args().skip(2));
    }
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &args.write_profile {
        return match tessera_gpu::vk::profile::write(path, EXIT_NO_DEVICE) {
            Ok(name) => {
                eprintln!("wrote the profile of {name} to {}", path.display());
                ExitCode::SUCCESS
            }
            Err((code, why)) => {
                eprintln!("{why}");
                ExitCode::from(code)
            }
        };
    }
    if let Some(dir) = &args.dump {
        let target = Target {
            spirv_version: args.spirv_version,
            bounds_checks: args.bounds_checks,
            cooperative_matrix: args.cooperative_matrix,
            ..Target::h100()
        };
        return match tessera_gpu::dump::dump_kernels(dir, &target) {
            Ok((n, failed)) => {
                println!(
                    "wrote {n} kernels ({} cooperative matrices) to {}; {failed} failed to compile",
                    args.cooperative_matrix.name(),
                    dir.display()
                );
                if failed == 0 {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                }
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(2)
            }
        };
    }
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("cannot create {}: {e}", args.out.display());
        return ExitCode::from(2);
    }
    let extension = tessera_gpu::vk::name(tessera_gpu::vk::extension_name(args.cooperative_matrix));
    let gpu = match Gpu::new(args.cooperative_matrix) {
        Ok(g) => g,
        Err(InitError::NoDevice(why)) => {
            eprintln!("no Vulkan device with {extension} found ({why})");
            return ExitCode::from(EXIT_NO_DEVICE);
        }
        Err(InitError::Vk(why)) => {
            eprintln!("no Vulkan device with {extension} found (device setup failed: {why})");
            return ExitCode::from(EXIT_NO_DEVICE);
        }
    };
    let info = &gpu.info;
    let target = Target {
        configs: info.configs.clone(),
        max_subgroup_size: info.max_subgroup_size,
        min_subgroup_size: info.min_subgroup_size,
        max_shared_memory: info.max_shared_memory,
        max_invocations: info.max_invocations,
        max_workgroup_size: info.max_workgroup_size,
        spirv_version: args.spirv_version,
        bounds_checks: args.bounds_checks,
        unroll: Default::default(),
        buffers_robust_by_device: false,
        cooperative_matrix: args.cooperative_matrix,
        nv_cooperative_matrix2: false,
        cooperative_vector_configs: Vec::new(),
        cooperative_vector_training: Vec::new(),
        cooperative_vector_optimal_layouts: Vec::new(),
    };
    let native_target = Target {
        nv_cooperative_matrix2: true,
        ..target.clone()
    };
    eprintln!(
        "device: {} ({}), {} subgroup-matrix configs from {extension}",
        info.name,
        info.driver,
        info.configs.len()
    );
    let mut results = Results {
        date: utc_now(),
        device: info.name.clone(),
        driver: info.driver.clone(),
        cooperative_matrix: args.cooperative_matrix.name().to_string(),
        device_facts: json!({
            "vulkan_api": info.api_version,
            "min_subgroup_size": info.min_subgroup_size,
            "max_subgroup_size": info.max_subgroup_size,
            "max_shared_memory": info.max_shared_memory,
            "timestamp_period_ns": info.timestamp_period,
            "cooperative_matrix_properties": info.properties.iter().map(|p| format!(
                "{:?}x{:?}->{:?}/{:?} {}x{}x{} sat={} scope={:?}",
                p.a_type, p.b_type, p.c_type, p.result_type, p.m_size, p.n_size, p.k_size,
                p.saturating_accumulation, p.scope)).collect::<Vec<_>>(),
            "cooperative_matrix_properties_nv": info.nv_properties.iter().map(|p| format!(
                "{}x{}->{}/{} {}x{}x{} scope={}",
                p.a_type, p.b_type, p.c_type, p.d_type, p.m_size, p.n_size, p.k_size,
                p.scope)).collect::<Vec<_>>(),
            "cooperative_matrix_extension": extension,
            "khr_cooperative_matrix_enabled": gpu.khr_enabled,
            "nv_cooperative_matrix2_conversions_enabled": gpu.nv_cooperative_matrix2,
            "nv_cooperative_matrix2_reductions_enabled": gpu.nv_cooperative_matrix2_reductions,
            "configs": info.configs.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "spirv_version": format!("{}.{}", args.spirv_version.0, args.spirv_version.1),
            "bounds_checks": args.bounds_checks,
            "pipeline_robustness": gpu.pipeline_robustness,
        }),
        ..Default::default()
    };
    if args.conformance {
        let mut seed = 1u64;
        for c in &target.configs {
            for case in cases_for(c) {
                if args
                    .filter
                    .as_ref()
                    .is_some_and(|f| !case.name.contains(f.as_str()))
                {
                    continue;
                }
                seed += 1;
                let mut ours = Vec::new();
                let r = run_case(&gpu, &target, &case, seed, &mut ours);
                eprintln!("{} {}", if r.passed { "pass" } else { "FAIL" }, r.name);
                if !r.passed {
                    let dir = args.out.join("failed_kernels");
                    let _ = std::fs::create_dir_all(&dir);
                    let _ = std::fs::write(
                        dir.join(format!("{}.wgsl", case.name.replace([':', '/'], "_"))),
                        &case.wgsl,
                    );
                }
                results.cases.push(r);
                if case.name.contains("/experimental/") && gpu.nv_cooperative_matrix2 {
                    let mut native = run_case(&gpu, &native_target, &case, seed, &mut Vec::new());
                    native.name = format!("{}/nv2", case.name);
                    eprintln!(
                        "{} {}",
                        if native.passed { "pass" } else { "FAIL" },
                        native.name
                    );
                    results.cases.push(native);
                }
                if case.name.contains("/wgpu/") {
                    let compiled = tessera_gpu::compile::compile_naga(&case.wgsl);
                    let mut theirs = Vec::new();
                    let mut n = run_compiled(&gpu, &case, seed, compiled, &mut theirs);
                    n.name = format!("{}/naga", case.name);
                    if n.passed && ours.len() == theirs.len() {
                        let differ: usize = ours
                            .iter()
                            .zip(&theirs)
                            .map(|(a, b)| a.iter().zip(b).filter(|(x, y)| x != y).count())
                            .sum();
                        n.detail = if differ == 0 {
                            "output buffers bit-identical to tessera's".into()
                        } else {
                            format!("{differ} output bytes differ from tessera's (both within the reference tolerance)")
                        };
                    }
                    eprintln!("{} {}", if n.passed { "pass" } else { "FAIL" }, n.name);
                    results.naga.push(n);
                }
            }
        }
        // Saturating conversions, through the element loop and (with NV2)
        // the per-element operation.
        let khr = args.cooperative_matrix == tessera::back::spv::CooperativeMatrixExtension::Khr;
        let mut targets = vec![("", &target)];
        if gpu.nv_cooperative_matrix2 && khr {
            targets.push(("/nv2", &native_target));
        }
        if args
            .filter
            .as_ref()
            .is_none_or(|f| "experimental/saturate".contains(f.as_str()))
        {
            for r in tessera_gpu::saturate::run(&gpu, &targets) {
                eprintln!("{} {}", if r.passed { "pass" } else { "FAIL" }, r.name);
                results.cases.push(r);
            }
        }
        // Reductions and index matrices: scratch lowering and, with NV2's
        // reductions, OpCooperativeMatrixReduceNV.
        let reduce_targets = tessera_gpu::reduction::run::targets(&gpu, &target);
        let mut failed = Vec::new();
        results.cases.extend(tessera_gpu::reduction::run::run(
            &gpu,
            &reduce_targets,
            args.filter.as_deref(),
            &mut failed,
        ));
        for (stem, wgsl) in failed {
            let dir = args.out.join("failed_kernels");
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(dir.join(format!("{stem}.wgsl")), wgsl);
        }
    }
    let device_target = Target {
        buffers_robust_by_device: true,
        ..target.clone()
    };
    let robust_targets: Vec<&Target> = if gpu.pipeline_robustness {
        vec![&target, &device_target]
    } else {
        vec![&target]
    };
    for t in robust_targets.into_iter().filter(|_| args.conformance) {
        for case in robust::cases() {
            if args
                .filter
                .as_ref()
                .is_some_and(|f| !case.name.contains(f.as_str()))
            {
                continue;
            }
            let r = robust::run_case(&gpu, t, &case);
            eprintln!("{} {}", if r.passed { "pass" } else { "FAIL" }, r.name);
            if !r.passed {
                let dir = args.out.join("failed_kernels");
                let _ = std::fs::create_dir_all(&dir);
                let _ = std::fs::write(dir.join(format!("robust_{}.wgsl", case.name)), &case.wgsl);
            }
            results.cases.push(r);
        }
    }
    if args.matmul {
        for &size in &args.sizes {
            eprintln!("matmul {size}^3 ...");
            results.matmul.extend(run_matmul(
                &gpu,
                &target,
                size,
                args.iters,
                args.unroll_variants,
            ));
        }
    }
    if args.fused {
        for &size in &args.sizes {
            eprintln!("fused epilogue {size}^3 ...");
            results
                .fused
                .extend(tessera_gpu::fused::run(&gpu, &target, size, args.iters));
        }
        eprintln!("attention chain ...");
        results
            .fused
            .push(tessera_gpu::chain::run(&gpu, &target, 32768, args.iters));
        if gpu.nv_cooperative_matrix2 {
            eprintln!("attention chain, VK_NV_cooperative_matrix2 conversion ...");
            results.fused.push(tessera_gpu::chain::run_native(
                &gpu, &target, 32768, args.iters,
            ));
        }
    }
    if args.fused || args.reductions {
        let nv2 = tessera_gpu::reduction::run::targets(&gpu, &target).len() > 1;
        eprintln!("reduction benchmark: softmax in registers vs workgroup round trip ...");
        results.reduction =
            tessera_gpu::reduction::bench::run(&gpu, &target, args.reduction_lq, args.iters, nv2);
        for r in &results.reduction {
            eprint!("{}", r.to_text());
        }
    }
    if let Some(path) = &args.cublas {
        match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).map_err(|e| e.to_string()))
        {
            Ok(v) => {
                let n = results.merge_cublas(&v);
                eprintln!("merged {n} cuBLAS rows from {}", path.display());
            }
            Err(e) => eprintln!("cannot read cuBLAS results {}: {e}", path.display()),
        }
    }
    let json_text = serde_json::to_string_pretty(&results.to_json()).unwrap_or_default();
    let text = results.to_text();
    print!("{text}");
    for (name, body) in [
        ("results.json", json_text.as_str()),
        ("report.txt", text.as_str()),
    ] {
        if let Err(e) = std::fs::write(args.out.join(name), body) {
            eprintln!("cannot write {name}: {e}");
            return ExitCode::from(2);
        }
    }
    if results.all_ok() && (args.conformance || args.matmul || args.fused || args.reductions) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Args, String> {
        parse_args(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn cooperative_matrix_flag() {
        let a = parse(&[]).expect("defaults");
        assert_eq!(a.cooperative_matrix, CooperativeMatrixExtension::Khr);
        let a = parse(&["--cooperative-matrix", "nv"]).expect("nv");
        assert_eq!(a.cooperative_matrix, CooperativeMatrixExtension::Nv);
        let a = parse(&["--cooperative-matrix", "khr", "--spirv", "1.6"]).expect("khr");
        assert_eq!(a.cooperative_matrix, CooperativeMatrixExtension::Khr);
        assert_eq!(a.spirv_version, (1, 6));
        assert_eq!(
            parse(&["--cooperative-matrix", "amd"]).err().as_deref(),
            Some("unknown cooperative-matrix extension 'amd' (expected khr or nv)")
        );
        assert_eq!(
            parse(&["--cooperative-matrix"]).err().as_deref(),
            Some("--cooperative-matrix needs a value")
        );
        assert!(USAGE.contains("--cooperative-matrix khr|nv"));
    }

    #[test]
    fn reductions_flag() {
        let a = parse(&[]).expect("defaults");
        assert!(!a.reductions && a.fused && a.matmul);
        assert_eq!(a.reduction_lq, 65536);
        let a = parse(&["--reductions", "--reduction-lq", "4096"]).expect("reductions");
        assert!(a.reductions && !a.fused && !a.matmul && a.conformance);
        assert_eq!(a.filter.as_deref(), Some("/experimental/reduce"));
        assert_eq!(a.reduction_lq, 4096);
        let a = parse(&["--filter", "row_sum", "--reductions"]).expect("filter kept");
        assert_eq!(a.filter.as_deref(), Some("row_sum"));
        assert_eq!(
            parse(&["--reduction-lq", "100"]).err().as_deref(),
            Some("--reduction-lq needs a positive multiple of 64")
        );
        assert!(USAGE.contains("[--reductions] [--reduction-lq N]"));
    }

    #[test]
    fn write_profile_flag() {
        assert_eq!(parse(&[]).expect("defaults").write_profile, None);
        let a = parse(&["--write-profile", "h100.json"]).expect("path");
        assert_eq!(a.write_profile, Some(PathBuf::from("h100.json")));
        assert_eq!(
            parse(&["--write-profile"]).err().as_deref(),
            Some("--write-profile needs a value")
        );
        assert!(USAGE.contains("--write-profile FILE.json"));
    }
}

//! The inputs the compile and memory benches share: the WGSL files of
//! `benches/inputs` and the names of Tint's benchmark shaders, read at run
//! time from `../shared` or `$TESSERA_CORPUS_DIR` (outside the repository,
//! never copied in).

pub const SMALL: &str = include_str!("../inputs/small.wgsl");
pub const MEDIUM: &str = include_str!("../inputs/medium.wgsl");
pub const RENDER: &str = include_str!("../inputs/render.wgsl");
/// Where Tint's benchmark shaders are, relative to the crate.
pub const TINT_BENCHMARK_DIR: &str = "../shared/corpus/tint/benchmark";
/// The shaders of Tint's benchmark suite that are measured (file stems).
/// Three are compute-only (`atan2-const-eval`, `cluster-lights`,
/// `metaball-isosurface`); `particles` has vertex, fragment and compute
/// entry points and a sampled and a storage texture; `shadow-fragment`
/// samples a depth texture through a comparison sampler;
/// `skinned-shadowed-pbr-vertex` is a vertex stage.
pub const TINT_BENCHMARKS: [&str; 6] = [
    "atan2-const-eval",
    "cluster-lights",
    "metaball-isosurface",
    "particles",
    "shadow-fragment",
    "skinned-shadowed-pbr-vertex",
];

/// The directory of Tint's benchmark shaders: `$TESSERA_CORPUS_DIR/tint/benchmark`
/// when that variable is set (as for the corpus tests), else
/// [`TINT_BENCHMARK_DIR`].
pub fn tint_benchmark_dir() -> std::path::PathBuf {
    match std::env::var_os("TESSERA_CORPUS_DIR") {
        Some(dir) => std::path::Path::new(&dir).join("tint/benchmark"),
        None => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TINT_BENCHMARK_DIR),
    }
}

/// A compute module of `count` functions (`fun0`..: not `fN`, which would
/// shadow `f32` and `f16`), each a chain of arithmetic on
/// its argument and a call of the previous one (~1.2 KB a function).
pub fn generated_functions(count: usize) -> String {
    let mut s = String::from("fn fun0(x: f32) -> f32 {\n  return x;\n}\n");
    for i in 1..count {
        s.push_str(&format!(
            "fn fun{i}(x: f32) -> f32 {{\n  var a = fun{}(x);\n",
            i - 1
        ));
        for k in 0..16 {
            s.push_str(&format!(
                "  let t{k} = a * {k}.5 + x / ({i}.0 + abs(a)) - min(a, {k}.25);\n  a = t{k};\n"
            ));
        }
        s.push_str("  return a;\n}\n");
    }
    s.push_str(&format!(
        "@group(0) @binding(0) var<storage, read_write> d: array<f32>;\n\
         @compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) {{\n  d[id.x] = fun{}(d[id.x]);\n}}\n",
        count - 1
    ));
    s
}

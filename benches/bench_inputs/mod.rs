//! The inputs the compile and memory benches share: the WGSL files of
//! `benches/inputs` and the names of Tint's benchmark shaders, read at run
//! time from `../shared` (outside the repository, never copied in).

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

/// The directory of Tint's benchmark shaders.
pub fn tint_benchmark_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TINT_BENCHMARK_DIR)
}

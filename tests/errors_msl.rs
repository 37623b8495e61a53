//! MSL writer errors: each source (with MSL options) must fail with a given
//! message whose primary span covers exactly the given text, and the
//! message must be in compiler style.

use tessera::back::msl::Options;
use tessera::ir::ResourceBinding;
use tessera::{compile_to_msl, CompileError, Diagnostic, MslCompileOptions};

/// Compiles `source` to MSL; returns the backend's error diagnostics.
fn backend_errors(source: &str, msl: Options) -> Vec<Diagnostic> {
    let options = MslCompileOptions {
        msl,
        ..MslCompileOptions::default()
    };
    match compile_to_msl(source, &options) {
        Ok(out) => panic!("expected an MSL error, got:\n{}", out.source),
        Err(CompileError::Backend(e)) => e.errors().cloned().collect(),
        Err(e) => panic!("expected a code generation error, got {e}"),
    }
}

/// Asserts an error containing `message` whose span covers `spanned`
/// (`None`: no source location).
#[track_caller]
fn check(source: &str, msl: Options, message: &str, spanned: Option<&str>) -> Diagnostic {
    let diags = backend_errors(source, msl);
    let rendered = tessera::diagnostic::render_all(&diags, "test.wgsl", source);
    let Some(d) = diags.iter().find(|d| d.message.contains(message)) else {
        panic!("no error contains `{message}`:\n{rendered}");
    };
    let text = if d.span == tessera::Span::UNDEFINED {
        None
    } else {
        source.get(d.span.to_range())
    };
    assert_eq!(text, spanned, "wrong span:\n{rendered}");
    assert!(
        !d.message.ends_with('.') && d.message.chars().next().is_some_and(|c| !c.is_uppercase()),
        "message not in compiler style: {:?}",
        d.message
    );
    d.clone()
}

const TWO_BUFFERS: &str = "
@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32, 4>;
@compute @workgroup_size(1)
fn main() {
    dst[0] = src[0];
}
";

const DST_DECL: &str = "@group(0) @binding(1) var<storage, read_write> dst: array<u32, 4>";

#[test]
fn unknown_language_version() {
    let opts = Options {
        lang_version: (2, 5),
        ..Options::default()
    };
    let d = check(
        TWO_BUFFERS,
        opts,
        "unsupported MSL language version 2.5",
        None,
    );
    assert!(
        d.notes.iter().any(|n| n.contains("2.0-2.4")),
        "{:?}",
        d.notes
    );
    let opts = Options {
        lang_version: (4, 0),
        ..Options::default()
    };
    check(
        TWO_BUFFERS,
        opts,
        "unsupported MSL language version 4.0",
        None,
    );
}

#[test]
fn binding_map_collision() {
    let mut opts = Options::default();
    opts.binding_map.insert(
        ResourceBinding {
            group: 0,
            binding: 0,
        },
        3,
    );
    opts.binding_map.insert(
        ResourceBinding {
            group: 0,
            binding: 1,
        },
        3,
    );
    let d = check(
        TWO_BUFFERS,
        opts,
        "the binding map gives @group(0) @binding(1) the buffer index 3, which `src` also has",
        Some(DST_DECL),
    );
    assert_eq!(d.labels.len(), 1);
    assert_eq!(
        TWO_BUFFERS.get(d.labels[0].span.to_range()),
        Some("@group(0) @binding(0) var<storage, read> src: array<u32>")
    );
}

#[test]
fn buffer_index_out_of_range() {
    let mut opts = Options::default();
    opts.binding_map.insert(
        ResourceBinding {
            group: 0,
            binding: 1,
        },
        31,
    );
    check(
        TWO_BUFFERS,
        opts,
        "buffer index 31 is out of range for @group(0) @binding(1)",
        Some(DST_DECL),
    );
}

#[test]
fn sizes_buffer_collision() {
    let mut opts = Options::default();
    opts.binding_map.insert(
        ResourceBinding {
            group: 0,
            binding: 1,
        },
        2,
    );
    opts.sizes_buffer = Some(2);
    check(
        TWO_BUFFERS,
        opts,
        "the sizes buffer index 2 is also the buffer index of `dst`",
        Some(DST_DECL),
    );
}

/// A pointer to a packed `vec3` member used to be refused; the
/// pointer-args pass now passes the whole struct, so it compiles.
#[test]
fn pointer_to_packed_member_argument_compiles() {
    let source = "
struct S {
    v: vec3<f32>,
    w: f32,
}
fn bump(p: ptr<function, vec3<f32>>) {
    *p = *p + vec3<f32>(1.0);
}
@compute @workgroup_size(1)
fn main() {
    var s: S;
    bump(&s.v);
}
";
    let out = tessera::compile_to_msl(source, &tessera::MslCompileOptions::default())
        .unwrap_or_else(|e| panic!("{}", e.error().render("t.wgsl", source)));
    assert!(out.source.contains("thread S& p"), "{}", out.source);
}

#[test]
fn matrices_need_msl_2_3() {
    let source = "
enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> out: array<f32, 64>;
@compute @workgroup_size(32)
fn main() {
    let m = subgroup_matrix_result<f32, 8, 8>(1.0);
    subgroupMatrixStore(&out, 0u, m, false, 8u);
}
";
    let opts = Options {
        lang_version: (2, 2),
        ..Options::default()
    };
    let diags = backend_errors(source, opts);
    assert!(
        diags
            .iter()
            .any(|d| d.message.contains("subgroup matrices need MSL 2.3")),
        "{diags:?}"
    );
    // 2.3 is enough.
    let options = MslCompileOptions {
        msl: Options {
            lang_version: (2, 3),
            ..Options::default()
        },
        ..MslCompileOptions::default()
    };
    let out = compile_to_msl(source, &options).expect("MSL 2.3 has simdgroup_matrix");
    assert!(out.source.contains("metal::simdgroup_float8x8"));
}

#[test]
fn discard_needs_msl_2_3() {
    // The `discard` is in a helper: the entry point reaches it.
    let source = "
fn maybe_drop(x: f32) { if x < 0.5 { discard; } }
@fragment
fn fs(@location(0) x: f32) -> @location(0) vec4<f32> {
    maybe_drop(x);
    return vec4<f32>(x);
}
";
    let opts = Options {
        lang_version: (2, 2),
        ..Options::default()
    };
    let entry = "@fragment\nfn fs(@location(0) x: f32) -> @location(0) vec4<f32> {\n    maybe_drop(x);\n    return vec4<f32>(x);\n}";
    let d = check(
        source,
        opts,
        "'discard' needs MSL 2.3 or later",
        Some(entry),
    );
    assert!(d.message.contains("`fs` reaches a 'discard'"), "{d:?}");
    // 2.3 is enough.
    let options = MslCompileOptions {
        msl: Options {
            lang_version: (2, 3),
            ..Options::default()
        },
        ..MslCompileOptions::default()
    };
    let out = compile_to_msl(source, &options).expect("MSL 2.3 has discard_fragment");
    assert!(out.source.contains("discard_fragment()"));
}

/// Every `tests/in` input and every corpus input (when the corpus is
/// present) either compiles to MSL or fails with a diagnostic, under
/// several option sets, without panicking; truncations of the inputs too.
#[test]
fn never_panics() {
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // The corpus sits beside the main checkout (`../shared`), or one level
    // further up from a worktree.
    let dirs = [
        root.join("tests/in"),
        root.join("../shared/corpus/tint-subgroup-matrix"),
        root.join("../../shared/corpus/tint-subgroup-matrix"),
    ];
    for dir in &dirs {
        let mut stack = vec![dir.clone()];
        while let Some(d) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&d) else {
                continue;
            };
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "wgsl") {
                    files.push(p);
                }
            }
        }
    }
    files.sort();
    assert!(files.len() >= 40, "found only {} inputs", files.len());
    let option_sets = [
        Options::default(),
        Options {
            bounds_checks: false,
            zero_initialize_workgroup_memory: false,
            lang_version: (2, 3),
            ..Options::default()
        },
        Options {
            lang_version: (2, 0),
            sizes_buffer: Some(0),
            ..Options::default()
        },
    ];
    for path in &files {
        let Ok(source) = std::fs::read_to_string(path) else {
            continue;
        };
        for (i, msl) in option_sets.iter().enumerate() {
            let options = MslCompileOptions {
                msl: msl.clone(),
                ..MslCompileOptions::default()
            };
            let run = |src: &str| {
                std::panic::catch_unwind(|| {
                    let _ = compile_to_msl(src, &options);
                })
            };
            assert!(
                run(&source).is_ok(),
                "{} panicked (options {i})",
                path.display()
            );
            if i == 0 {
                // A few truncations at statement boundaries.
                for (n, _) in source.match_indices(';').step_by(7) {
                    assert!(
                        run(&source[..=n]).is_ok(),
                        "{} truncated at {n} panicked",
                        path.display()
                    );
                }
            }
        }
    }
}

#[test]
fn barycentric_coord_needs_msl_2_2() {
    let source = "enable chromium_experimental_barycentric_coord;
@fragment
fn fs(@builtin(barycentric_coord) b: vec3f) -> @location(0) vec4<f32> {
    return vec4<f32>(b, 1.0);
}
";
    let entry = "@fragment\nfn fs(@builtin(barycentric_coord) b: vec3f) -> @location(0) vec4<f32> {\n    return vec4<f32>(b, 1.0);\n}";
    check(
        source,
        Options {
            lang_version: (2, 1),
            ..Options::default()
        },
        "@builtin(barycentric_coord) needs MSL 2.2 or later, but the target is MSL 2.1",
        Some(entry),
    );
    let options = MslCompileOptions {
        msl: Options {
            lang_version: (2, 2),
            ..Options::default()
        },
        ..MslCompileOptions::default()
    };
    let out = compile_to_msl(source, &options).expect("MSL 2.2 has barycentric_coord");
    assert!(
        out.source.contains("metal::float3 b [[barycentric_coord]]"),
        "{}",
        out.source
    );
}

#[test]
fn atomic_vec2u_needs_msl_2_4() {
    let source = "enable atomic_vec2u_min_max;
@group(0) @binding(0) var<storage, read_write> a: array<atomic<vec2u>, 2>;
@compute @workgroup_size(1)
fn main() {
    atomicStoreMax(&a[1], vec2u(1u, 2u));
}
";
    check(
        source,
        Options {
            lang_version: (2, 3),
            ..Options::default()
        },
        "'atomic<vec2<u32>>' needs MSL 2.4 or later, but the target is MSL 2.3",
        Some("@group(0) @binding(0) var<storage, read_write> a: array<atomic<vec2u>, 2>"),
    );
    let options = MslCompileOptions {
        msl: Options {
            lang_version: (2, 4),
            ..Options::default()
        },
        ..MslCompileOptions::default()
    };
    let out = compile_to_msl(source, &options).expect("MSL 2.4 has atomic_ulong min and max");
    assert!(
        out.source.contains(
            "metal::atomic_max_explicit(&a.inner[1], as_type<ulong>(metal::uint2(1u, 2u)), metal::memory_order_relaxed);"
        ),
        "{}",
        out.source
    );
}

#[test]
fn input_attachments_not_in_msl() {
    let source = "enable chromium_internal_input_attachments;
@group(0) @binding(0) @input_attachment_index(1) var t: input_attachment<u32>;
@fragment
fn fs() -> @location(0) vec4u {
    return inputAttachmentLoad(t);
}
";
    check(
        source,
        Options::default(),
        "`input_attachment<u32>` (chromium_internal_input_attachments) is not supported by the MSL backend",
        Some("@group(0) @binding(0) @input_attachment_index(1) var t: input_attachment<u32>"),
    );
}

#[test]
fn framebuffer_fetch_is_color_in_stage_in() {
    let source = "enable chromium_experimental_framebuffer_fetch;
@fragment
fn fs(@color(2) c: vec4f) -> @location(0) vec4<f32> {
    return c;
}
";
    let out = compile_to_msl(source, &MslCompileOptions::default()).expect("framebuffer fetch");
    assert!(
        out.source.contains("metal::float4 c_color2 [[color(2)]];"),
        "{}",
        out.source
    );
}

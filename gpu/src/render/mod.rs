//! The render smoke suite: vertex + fragment pipelines compiled by
//! tessera, drawn off-screen through Vulkan and checked pixel by pixel
//! against CPU references. Cases: interpolation kinds (perspective,
//! linear, flat) and `front_facing`; a texture sampled with a nearest and
//! a linear sampler and read with `textureLoad`; a storage texture
//! written by the fragment stage; `discard` with WGSL's demote semantics
//! (no side effects after it, derivatives of the quad still defined);
//! `frag_depth`; multisampling with `sample_index` and an output
//! `sample_mask`; framebuffer fetch (`@color(N)`) and `input_attachment`
//! reads in the second subpass of a render pass (`attachments`).

mod attachments;
pub mod vk;

use ash::vk as a;

use self::vk::{Draw, Renderer, Resource};

/// Framebuffer width and height.
pub const SIZE: u32 = 16;

/// The outcome of one case.
#[derive(Clone, Debug)]
pub struct RenderResult {
    /// Case name (with the SPIR-V version).
    pub name: String,
    /// Whether every pixel matched.
    pub passed: bool,
    /// Largest absolute difference from the reference.
    pub max_error: f64,
    /// The first mismatch or the error, if any.
    pub detail: String,
}

/// The full-screen triangle every case draws (Vulkan clip space).
const TRIANGLE: &str = "
const XY = array(vec2f(-1.0, -1.0), vec2f(3.0, -1.0), vec2f(-1.0, 3.0));
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  return vec4f(XY[i], 0.0, 1.0);
}
";

const INTERPOLATION: &str = "
struct VOut {
  @builtin(position) pos: vec4f,
  @location(0) @interpolate(perspective) p: f32,
  @location(1) @interpolate(linear) l: f32,
  @location(2) @interpolate(flat) f: u32,
}
@vertex fn vs(@builtin(vertex_index) i: u32) -> VOut {
  var xy = array(vec2f(-1.0, -1.0), vec2f(3.0, -1.0), vec2f(-1.0, 3.0));
  var w = array(1.0, 2.0, 4.0);
  var v = array(0.0, 1.0, 0.5);
  var f = array(7u, 11u, 13u);
  var o: VOut;
  o.pos = vec4f(xy[i] * w[i], 0.0, w[i]);
  o.p = v[i];
  o.l = v[i];
  o.f = f[i];
  return o;
}
@fragment fn fs(v: VOut, @builtin(front_facing) ff: bool) -> @location(0) vec4f {
  return vec4f(v.p, v.l, f32(v.f), select(0.5, 1.0, ff));
}
";

const SAMPLING: &str = "
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@fragment fn fs(@builtin(position) p: vec4f) -> @location(0) vec4f {
  return textureSample(t, s, p.xy / 16.0);
}
@fragment fn fs_load(@builtin(position) p: vec4f) -> @location(0) vec4f {
  return textureLoad(t, vec2i(p.xy) / 4, 0);
}
";

const STORAGE: &str = "
@group(0) @binding(0) var st: texture_storage_2d<rgba32uint, write>;
@fragment fn fs(@builtin(position) p: vec4f) -> @location(0) vec4f {
  let c = vec2u(p.xy);
  textureStore(st, c, vec4u(c.x, c.y, c.x * c.y, 1u));
  return vec4f(1.0);
}
";

const DISCARD: &str = "
@group(0) @binding(0) var<storage, read_write> counter: atomic<u32>;
@fragment fn fs(@builtin(position) p: vec4f) -> @location(0) vec4f {
  let c = vec2u(p.xy);
  if ((c.x + c.y) % 2u == 0u) {
    discard;
  }
  atomicAdd(&counter, 1u);
  return vec4f(1.0, dpdxFine(p.x * p.x), dpdyFine(p.y * p.y), 1.0);
}
";

const DEPTH: &str = "
@fragment fn fs(@builtin(position) p: vec4f) -> @builtin(frag_depth) f32 {
  let c = vec2u(p.xy);
  return f32(c.x * 16u + c.y) / 512.0;
}
";

const MULTISAMPLE: &str = "
struct FOut {
  @location(0) c: vec4f,
  @builtin(sample_mask) m: u32,
}
@fragment fn fs(@builtin(sample_index) si: u32) -> FOut {
  return FOut(vec4f(f32(si + 1u) / 4.0), 0x5u);
}
";

fn compile(source: &str, version: (u8, u8)) -> Result<Vec<u32>, String> {
    compile_with(source, &spirv_options(version))
}

/// tessera's defaults (every feature) with SPIR-V of `version`.
fn spirv_options(version: (u8, u8)) -> tessera::CompileOptions {
    tessera::CompileOptions {
        spv: tessera::back::spv::Options {
            version,
            ..Default::default()
        },
        ..Default::default()
    }
}

fn compile_with(source: &str, options: &tessera::CompileOptions) -> Result<Vec<u32>, String> {
    tessera::compile_to_spirv(source, options)
        .map(|o| o.words)
        .map_err(|e| {
            format!(
                "tessera: {}",
                e.error()
                    .diagnostics
                    .first()
                    .map(|d| d.message.clone())
                    .unwrap_or_default()
            )
        })
}

fn floats(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Compares `got` with `want` (same layout), within `tolerance`.
fn compare(
    name: String,
    got: &[f32],
    want: &[f32],
    tolerance: f64,
    channels: usize,
) -> RenderResult {
    let mut max_error = 0.0f64;
    let mut detail = String::new();
    if got.len() != want.len() {
        return RenderResult {
            name,
            passed: false,
            max_error: f64::INFINITY,
            detail: format!("read {} values, expected {}", got.len(), want.len()),
        };
    }
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let e = (f64::from(*g) - f64::from(*w)).abs();
        let e = if e.is_nan() { f64::INFINITY } else { e };
        if e > max_error {
            max_error = e;
        }
        if e > tolerance && detail.is_empty() {
            let px = i / channels;
            detail = format!(
                "pixel ({}, {}) channel {}: got {g}, expected {w}",
                px as u32 % SIZE,
                px as u32 / SIZE,
                i % channels
            );
        }
    }
    RenderResult {
        name,
        passed: detail.is_empty(),
        max_error,
        detail,
    }
}

fn failed(name: String, detail: String) -> RenderResult {
    RenderResult {
        name,
        passed: false,
        max_error: f64::INFINITY,
        detail,
    }
}

/// Pixel centre of pixel index `i`.
fn centre(i: u32) -> (f64, f64) {
    (f64::from(i % SIZE) + 0.5, f64::from(i / SIZE) + 0.5)
}

fn interpolation_reference() -> Vec<f32> {
    let (w, v) = ([1.0f64, 2.0, 4.0], [0.0f64, 1.0, 0.5]);
    let size = f64::from(SIZE);
    let mut out = Vec::new();
    for i in 0..SIZE * SIZE {
        let (x, y) = centre(i);
        // Screen-space barycentrics of the triangle (0,0), (2S,0), (0,2S).
        let b1 = x / (2.0 * size);
        let b2 = y / (2.0 * size);
        let b = [1.0 - b1 - b2, b1, b2];
        let linear: f64 = (0..3).map(|k| b[k] * v[k]).sum();
        let num: f64 = (0..3).map(|k| b[k] * v[k] / w[k]).sum();
        let den: f64 = (0..3).map(|k| b[k] / w[k]).sum();
        out.extend([(num / den) as f32, linear as f32, 7.0, 1.0]);
    }
    out
}

/// The 4x4 RGBA8 texture of the sampling case, as bytes and as floats.
fn texels() -> (Vec<u8>, Vec<[f32; 4]>) {
    let mut bytes = Vec::new();
    let mut values = Vec::new();
    for y in 0..4u32 {
        for x in 0..4u32 {
            let t = [(x * 80) as u8, (y * 80) as u8, (x * y * 17) as u8, 255];
            bytes.extend(t);
            values.push(t.map(|c| f32::from(c) / 255.0));
        }
    }
    (bytes, values)
}

fn sampling_reference(linear: bool) -> Vec<f32> {
    let (_, tex) = texels();
    let at = |x: i64, y: i64| tex[(y.clamp(0, 3) * 4 + x.clamp(0, 3)) as usize];
    let mut out = Vec::new();
    for i in 0..SIZE * SIZE {
        let (x, y) = centre(i);
        let (u, v) = (x / f64::from(SIZE) * 4.0, y / f64::from(SIZE) * 4.0);
        let texel = if linear {
            let (fx, fy) = (u - 0.5, v - 0.5);
            let (x0, y0) = (fx.floor(), fy.floor());
            let (ax, ay) = ((fx - x0) as f32, (fy - y0) as f32);
            let (x0, y0) = (x0 as i64, y0 as i64);
            let mut c = [0.0f32; 4];
            for (k, c) in c.iter_mut().enumerate() {
                let top = at(x0, y0)[k] * (1.0 - ax) + at(x0 + 1, y0)[k] * ax;
                let bottom = at(x0, y0 + 1)[k] * (1.0 - ax) + at(x0 + 1, y0 + 1)[k] * ax;
                *c = top * (1.0 - ay) + bottom * ay;
            }
            c
        } else {
            at(u.floor() as i64, v.floor() as i64)
        };
        out.extend(texel);
    }
    out
}

fn color_target(r: &Renderer, samples: a::SampleCountFlags) -> Result<vk::Image, String> {
    r.image(
        a::Format::R32G32B32A32_SFLOAT,
        (SIZE, SIZE),
        samples,
        a::ImageUsageFlags::COLOR_ATTACHMENT,
    )
}

fn read_color(r: &Renderer, img: &vk::Image) -> Result<Vec<f32>, String> {
    r.download(img, a::ImageLayout::COLOR_ATTACHMENT_OPTIMAL, 16)
        .map(|b| floats(&b))
}

/// Draws `source`'s `vs` + `fragment` into a fresh single-sample colour
/// target with `resources` and returns the pixels.
fn draw_color(
    r: &Renderer,
    spirv: &[u32],
    fragment: &str,
    resources: &[Resource],
    clear: [f32; 4],
) -> Result<Vec<f32>, String> {
    let color = color_target(r, a::SampleCountFlags::TYPE_1)?;
    let result = r
        .draw(&Draw {
            spirv,
            vertex: "vs",
            fragment,
            vertices: 3,
            color: Some(&color),
            resolve: None,
            depth: None,
            clear,
            resources,
        })
        .and_then(|()| read_color(r, &color));
    r.free_image(color);
    result
}

fn with_triangle(fragment_source: &str) -> String {
    format!("{TRIANGLE}{fragment_source}")
}

/// Runs every case with SPIR-V of `version`.
pub fn run(r: &Renderer, version: (u8, u8)) -> Vec<RenderResult> {
    let tag = format!("spirv{}.{}", version.0, version.1);
    let name = |case: &str| format!("{case} ({tag})");
    let mut results = Vec::new();

    // Interpolation kinds and front_facing.
    results.push(
        match compile(INTERPOLATION, version)
            .and_then(|spv| draw_color(r, &spv, "fs", &[], [0.0; 4]))
        {
            Ok(mut got) => {
                let mut want = interpolation_reference();
                let mut case = name("interpolation");
                // Mesa's llvmpipe (22.3, lavapipe) gives NaN for a
                // `NoPerspective` input of this triangle, which is clipped
                // (it reaches past the viewport) and has different w at its
                // vertices; the SPIR-V decorates both sides with
                // `NoPerspective` as the spec asks, and NVIDIA's driver
                // interpolates it right. On llvmpipe that channel is left
                // out; the perspective and flat ones are still checked.
                if r.name.contains("llvmpipe") {
                    for px in got.chunks_exact_mut(4).zip(want.chunks_exact_mut(4)) {
                        (px.0[1], px.1[1]) = (0.0, 0.0);
                    }
                    case.push_str(" [llvmpipe: linear channel not checked]");
                }
                compare(case, &got, &want, 1e-4, 4)
            }
            Err(e) => failed(name("interpolation"), e),
        },
    );

    // Sampling (nearest, linear) and textureLoad.
    let sampling = (|| -> Result<Vec<RenderResult>, String> {
        let spv = compile(&with_triangle(SAMPLING), version)?;
        let tex = r.image(
            a::Format::R8G8B8A8_UNORM,
            (4, 4),
            a::SampleCountFlags::TYPE_1,
            a::ImageUsageFlags::SAMPLED | a::ImageUsageFlags::TRANSFER_DST,
        )?;
        r.upload(&tex, &texels().0, a::ImageLayout::SHADER_READ_ONLY_OPTIMAL)?;
        let mut out = Vec::new();
        for (case, filter, fragment, linear) in [
            ("sample-nearest", a::Filter::NEAREST, "fs", false),
            ("sample-linear", a::Filter::LINEAR, "fs", true),
            ("texture-load", a::Filter::NEAREST, "fs_load", false),
        ] {
            let resources = [Resource::Sampled(&tex), Resource::Sampler(filter)];
            // Linear filtering uses the device's fixed-point weights.
            let tolerance = if linear { 1.0 / 128.0 } else { 1e-6 };
            out.push(match draw_color(r, &spv, fragment, &resources, [0.0; 4]) {
                Ok(got) => compare(name(case), &got, &sampling_reference(linear), tolerance, 4),
                Err(e) => failed(name(case), e),
            });
        }
        r.free_image(tex);
        Ok(out)
    })();
    match sampling {
        Ok(v) => results.extend(v),
        Err(e) => results.push(failed(name("sampling"), e)),
    }

    // Storage texture written by the fragment stage.
    results.push(
        match (|| -> Result<RenderResult, String> {
            let spv = compile(&with_triangle(STORAGE), version)?;
            let st = r.image(
                a::Format::R32G32B32A32_UINT,
                (SIZE, SIZE),
                a::SampleCountFlags::TYPE_1,
                a::ImageUsageFlags::STORAGE | a::ImageUsageFlags::TRANSFER_DST,
            )?;
            r.clear_storage(&st)?;
            let drawn = draw_color(r, &spv, "fs", &[Resource::Storage(&st)], [0.0; 4]);
            let texels = drawn.and_then(|_| r.download(&st, a::ImageLayout::GENERAL, 16));
            r.free_image(st);
            let got: Vec<f32> = words(&texels?).iter().map(|&w| w as f32).collect();
            let want: Vec<f32> = (0..SIZE * SIZE)
                .flat_map(|i| {
                    let (x, y) = (i % SIZE, i / SIZE);
                    [x, y, x * y, 1].map(|v| v as f32)
                })
                .collect();
            Ok(compare(name("storage-texture"), &got, &want, 0.0, 4))
        })() {
            Ok(res) => res,
            Err(e) => failed(name("storage-texture"), e),
        },
    );

    // discard: demoted invocations write nothing, derivatives still work.
    results.push(
        match (|| -> Result<RenderResult, String> {
            let spv = compile(&with_triangle(DISCARD), version)?;
            let counter = r.buffer(4)?;
            let got = draw_color(r, &spv, "fs", &[Resource::Buffer(&counter)], [0.0; 4]);
            let count = r.read(&counter).map(|b| words(&b)[0]);
            r.free_buffer(counter);
            let got = got?;
            let count = count?;
            let want: Vec<f32> = (0..SIZE * SIZE)
                .flat_map(|i| {
                    let (x, y) = (i % SIZE, i / SIZE);
                    if (x + y) % 2 == 0 {
                        [0.0; 4]
                    } else {
                        // d(x^2)/dx across a 2x2 quad at pixel centres.
                        let d = |c: u32| (4 * (c / 2) + 2) as f32;
                        [1.0, d(x), d(y), 1.0]
                    }
                })
                .collect();
            let mut res = compare(name("discard-demote"), &got, &want, 0.0, 4);
            let expected = SIZE * SIZE / 2;
            if count != expected {
                res.passed = false;
                res.detail = format!(
                    "{} side effects after discard: counter {count}, expected {expected}",
                    if count > expected {
                        "unexpected"
                    } else {
                        "missing"
                    }
                );
            }
            Ok(res)
        })() {
            Ok(res) => res,
            Err(e) => failed(name("discard-demote"), e),
        },
    );

    // frag_depth.
    results.push(
        match (|| -> Result<RenderResult, String> {
            let spv = compile(&with_triangle(DEPTH), version)?;
            let depth = r.image(
                a::Format::D32_SFLOAT,
                (SIZE, SIZE),
                a::SampleCountFlags::TYPE_1,
                a::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT,
            )?;
            let drawn = r.draw(&Draw {
                spirv: &spv,
                vertex: "vs",
                fragment: "fs",
                vertices: 3,
                color: None,
                resolve: None,
                depth: Some(&depth),
                clear: [0.0; 4],
                resources: &[],
            });
            let bytes = drawn
                .and_then(|()| r.download(&depth, a::ImageLayout::DEPTH_ATTACHMENT_OPTIMAL, 4));
            r.free_image(depth);
            let got = floats(&bytes?);
            let want: Vec<f32> = (0..SIZE * SIZE)
                .map(|i| ((i % SIZE) * 16 + i / SIZE) as f32 / 512.0)
                .collect();
            Ok(compare(name("frag-depth"), &got, &want, 0.0, 1))
        })() {
            Ok(res) => res,
            Err(e) => failed(name("frag-depth"), e),
        },
    );

    // Multisampling: per-sample shading and an output sample mask.
    results.push(
        match (|| -> Result<RenderResult, String> {
            let spv = compile(&with_triangle(MULTISAMPLE), version)?;
            let ms = color_target(r, a::SampleCountFlags::TYPE_4)?;
            let resolved = color_target(r, a::SampleCountFlags::TYPE_1)?;
            let drawn = r.draw(&Draw {
                spirv: &spv,
                vertex: "vs",
                fragment: "fs",
                vertices: 3,
                color: Some(&ms),
                resolve: Some(&resolved),
                depth: None,
                clear: [0.0; 4],
                resources: &[],
            });
            let got = drawn.and_then(|()| read_color(r, &resolved));
            r.free_image(ms);
            r.free_image(resolved);
            // Samples 0 and 2 write (1/4, 3/4); 1 and 3 keep the clear 0.
            let want = vec![0.25f32; (SIZE * SIZE * 4) as usize];
            Ok(compare(name("multisample"), &got?, &want, 1e-6, 4))
        })() {
            Ok(res) => res,
            Err(e) => failed(name("multisample"), e),
        },
    );

    // Framebuffer fetch and input attachments (two subpasses).
    results.extend(attachments::run(r, version));
    results
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every case's module compiles and passes SPIRV-Tools' validator for
    /// both SPIR-V versions the runner uses (no GPU needed).
    #[test]
    fn every_case_compiles_and_validates() {
        let sources = [
            ("interpolation", INTERPOLATION.to_string()),
            ("sampling", with_triangle(SAMPLING)),
            ("storage", with_triangle(STORAGE)),
            ("discard", with_triangle(DISCARD)),
            ("depth", with_triangle(DEPTH)),
            ("multisample", with_triangle(MULTISAMPLE)),
        ];
        for (name, source) in &sources {
            for (version, env) in [
                ((1, 3), spirv_tools::TargetEnv::Vulkan_1_1),
                ((1, 6), spirv_tools::TargetEnv::Vulkan_1_3),
            ] {
                let words = compile(source, version).unwrap_or_else(|e| panic!("{name}: {e}"));
                let v = spirv_tools::val::create(Some(env));
                if let Err(e) = spirv_tools::val::Validator::validate(&v, &words, None) {
                    panic!("{name} (SPIR-V {version:?}): {e}");
                }
            }
        }
    }
}

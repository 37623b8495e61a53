//! Framebuffer fetch (`chromium_experimental_framebuffer_fetch`: a
//! `@color(N)` fragment input) and input attachments
//! (`chromium_internal_input_attachments`: `input_attachment<f32>` and
//! `inputAttachmentLoad`), executed in the standard Vulkan pattern: a
//! render pass whose subpass 0 draws two known images `A0`, `A1` into
//! colour attachments 0 and 1, and whose subpass 1 reads them as input
//! attachments 0 and 1 and writes a third colour attachment `B`, which is
//! compared pixel by pixel with values worked out from the definitions.
//!
//! tessera's SPIR-V reads `@color(N)` from the input attachment at binding
//! `N`, input attachment index `N`, of the framebuffer-fetch group
//! (`PipelineOptions::framebuffer_fetch_group`, default 66). The draw
//! compiles with group 3 (sets 0 to 2 stay empty in the pipeline layout):
//! a pipeline layout with set 66 needs 67 bound descriptor sets, more than
//! lavapipe allows (`maxBoundDescriptorSets` 8; Vulkan guarantees 4). The
//! unit test checks that the default group's module validates and reflects
//! set 66.

use ash::vk as a;

use super::vk::{InputPass, Renderer, Stage};
use super::{compare, compile_with, failed, floats, spirv_options, RenderResult, SIZE, TRIANGLE};

/// Subpass 0: `A0 = (x/16, y/16, 0.75, 1)` and `A1 = (y, x*y, -2, 0.5)`
/// at pixel `(x, y)`, exact in f32.
const FILL: &str = "
struct Two {
  @location(0) a: vec4f,
  @location(1) b: vec4f,
}
@fragment fn fs(@builtin(position) p: vec4f) -> Two {
  let c = floor(p.xy);
  return Two(vec4f(c.x / 16.0, c.y / 16.0, 0.75, 1.0), vec4f(c.y, c.x * c.y, -2.0, 0.5));
}
";

/// Subpass 1 with framebuffer fetch: `@color(0)` as a parameter,
/// `@color(1)` as a `vec2f` member of an IO structure beside
/// `@builtin(position)`.
const FETCH: &str = "
enable chromium_experimental_framebuffer_fetch;
struct In {
  @builtin(position) p: vec4f,
  @color(1) b: vec2f,
}
@fragment fn fs(@color(0) a: vec4f, i: In) -> @location(0) vec4f {
  return vec4f(a.zyx * 0.5 + vec3f(0.25), i.b.y - i.b.x + i.p.x);
}
";

/// The framebuffer-fetch group the draw compiles with.
const FETCH_GROUP: u32 = 3;

/// Subpass 1 with input attachments: bindings and indices crossed
/// (binding 0 reads input attachment 1, binding 2 input attachment 0).
const LOAD: &str = "
enable chromium_internal_input_attachments;
@group(1) @binding(0) @input_attachment_index(1) var second: input_attachment<f32>;
@group(1) @binding(2) @input_attachment_index(0) var first: input_attachment<f32>;
@fragment fn fs() -> @location(0) vec4f {
  let a = inputAttachmentLoad(first);
  let b = inputAttachmentLoad(second);
  return vec4f(b.w, a.y * 4.0, b.x + a.x, b.z * a.z);
}
";

/// `source` (whose `enable` must come first) with the full-screen
/// triangle's vertex shader.
fn with_triangle(source: &str) -> String {
    format!("{source}{TRIANGLE}")
}

/// The images subpass 0 draws at pixel `(x, y)`: `(A0, A1)`.
fn filled(x: f32, y: f32) -> ([f32; 4], [f32; 4]) {
    ([x / 16.0, y / 16.0, 0.75, 1.0], [y, x * y, -2.0, 0.5])
}

/// `B` of the framebuffer-fetch case, from `FETCH`: with `a = A0`, `b =
/// A1.xy` and the pixel centre `x + 0.5`,
/// `(a.z/2 + 1/4, a.y/2 + 1/4, a.x/2 + 1/4, b.y - b.x + x + 0.5)`.
fn fetch_reference() -> Vec<f32> {
    reference(|x, y| {
        let (a, b) = filled(x, y);
        [
            a[2] * 0.5 + 0.25,
            a[1] * 0.5 + 0.25,
            a[0] * 0.5 + 0.25,
            b[1] - b[0] + x + 0.5,
        ]
    })
}

/// `B` of the input-attachment case, from `LOAD`: `first` is input
/// attachment 0 (`a = A0`), `second` is 1 (`b = A1`):
/// `(b.w, 4 a.y, b.x + a.x, b.z a.z)`.
fn load_reference() -> Vec<f32> {
    reference(|x, y| {
        let (a, b) = filled(x, y);
        [b[3], a[1] * 4.0, b[0] + a[0], b[2] * a[2]]
    })
}

fn reference(pixel: impl Fn(f32, f32) -> [f32; 4]) -> Vec<f32> {
    (0..SIZE * SIZE)
        .flat_map(|i| pixel((i % SIZE) as f32, (i / SIZE) as f32))
        .collect()
}

/// Draws subpass 0 with `FILL` and subpass 1 with `second`'s `fs`
/// (reading `bindings` of `set`) and returns `B`.
fn draw(
    r: &Renderer,
    version: (u8, u8),
    second: &[u32],
    set: u32,
    bindings: &[(u32, u32)],
) -> Result<Vec<f32>, String> {
    let first = compile_with(&with_triangle(FILL), &spirv_options(version))?;
    let target = |usage| {
        r.image(
            a::Format::R32G32B32A32_SFLOAT,
            (SIZE, SIZE),
            a::SampleCountFlags::TYPE_1,
            a::ImageUsageFlags::COLOR_ATTACHMENT | usage,
        )
    };
    let a0 = target(a::ImageUsageFlags::INPUT_ATTACHMENT)?;
    let a1 = target(a::ImageUsageFlags::INPUT_ATTACHMENT);
    let b = target(a::ImageUsageFlags::empty());
    let result = match (a1, b) {
        (Ok(a1), Ok(b)) => {
            let stage = |spirv| Stage {
                spirv,
                vertex: "vs",
                fragment: "fs",
            };
            let got = r
                .draw_input_pass(&InputPass {
                    first: stage(&first),
                    second: stage(second),
                    inputs: &[&a0, &a1],
                    output: &b,
                    set,
                    bindings,
                    // Never a value the shaders compute.
                    clear: [-7.0; 4],
                })
                .and_then(|()| r.download(&b, a::ImageLayout::COLOR_ATTACHMENT_OPTIMAL, 16))
                .map(|bytes| floats(&bytes));
            r.free_image(a1);
            r.free_image(b);
            got
        }
        (a1, b) => {
            let e = a1.as_ref().err().or(b.as_ref().err()).cloned();
            for img in [a1, b].into_iter().flatten() {
                r.free_image(img);
            }
            Err(e.unwrap_or_default())
        }
    };
    r.free_image(a0);
    result
}

fn fetch_options(version: (u8, u8), group: u32) -> tessera::CompileOptions {
    let mut options = spirv_options(version);
    options.pipeline.framebuffer_fetch_group = group;
    options
}

/// Runs the framebuffer-fetch and input-attachment cases with SPIR-V of
/// `version`.
pub fn run(r: &Renderer, version: (u8, u8)) -> Vec<RenderResult> {
    let tag = format!("spirv{}.{}", version.0, version.1);
    let name = |case: &str| format!("{case} ({tag})");
    let mut results = Vec::new();

    // @color(N) reads binding N, input attachment index N, of the group.
    let fetch = compile_with(&with_triangle(FETCH), &fetch_options(version, FETCH_GROUP))
        .and_then(|spv| draw(r, version, &spv, FETCH_GROUP, &[(0, 0), (1, 1)]));
    results.push(match fetch {
        Ok(got) => compare(name("framebuffer-fetch"), &got, &fetch_reference(), 0.0, 4),
        Err(e) => failed(name("framebuffer-fetch"), e),
    });

    // input_attachment<f32> at its own set and binding.
    let load = compile_with(&with_triangle(LOAD), &spirv_options(version))
        .and_then(|spv| draw(r, version, &spv, 1, &[(0, 1), (2, 0)]));
    results.push(match load {
        Ok(got) => compare(name("input-attachment"), &got, &load_reference(), 0.0, 4),
        Err(e) => failed(name("input-attachment"), e),
    });
    results
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The modules validate for both SPIR-V versions, and the reflection
    /// places `@color(N)` where the draw binds it: binding `N` of the
    /// framebuffer-fetch group, the default one (66) and the draw's.
    #[test]
    fn attachment_cases_compile_validate_and_reflect() {
        for (version, env) in [
            ((1, 3), spirv_tools::TargetEnv::Vulkan_1_1),
            ((1, 6), spirv_tools::TargetEnv::Vulkan_1_3),
        ] {
            let default_group = spirv_options(version);
            for (name, source, options, group) in [
                ("fill", FILL, spirv_options(version), None),
                ("load", LOAD, spirv_options(version), None),
                ("fetch", FETCH, default_group, Some(66)),
                (
                    "fetch",
                    FETCH,
                    fetch_options(version, FETCH_GROUP),
                    Some(FETCH_GROUP),
                ),
            ] {
                let out = tessera::compile_to_spirv(&with_triangle(source), &options)
                    .unwrap_or_else(|e| panic!("{name}: {:?}", e.error().diagnostics));
                let v = spirv_tools::val::create(Some(env));
                if let Err(e) = spirv_tools::val::Validator::validate(&v, &out.words, None) {
                    panic!("{name} (SPIR-V {version:?}): {e}");
                }
                let Some(group) = group else { continue };
                let fs = out
                    .reflection
                    .entry_points
                    .iter()
                    .find(|e| e.name == "fs")
                    .expect("fs is reflected");
                let places: Vec<(u32, u32, u32)> = fs
                    .framebuffer_fetch
                    .iter()
                    .map(|f| (f.color, f.group, f.binding))
                    .collect();
                assert_eq!(places, [(0, group, 0), (1, group, 1)], "{name}");
            }
        }
    }

    /// The references follow the formulas at one pixel, worked by hand:
    /// pixel (4, 2) has `A0 = (0.25, 0.125, 0.75, 1)`, `A1 = (2, 8, -2,
    /// 0.5)`.
    #[test]
    fn references_at_one_pixel() {
        let i = (2 * SIZE + 4) as usize * 4;
        assert_eq!(fetch_reference()[i..i + 4], [0.625, 0.3125, 0.375, 10.5]);
        assert_eq!(load_reference()[i..i + 4], [0.5, 0.5, 2.25, -1.5]);
    }
}

//! The render smoke suite (`tessera_gpu::render`: interpolation, sampling,
//! `textureLoad`, storage textures written by a fragment shader, `discard`
//! with demote semantics, `frag_depth`, multisampling, framebuffer fetch
//! and input attachments in a two-subpass render pass) drawn off-screen on
//! the first Vulkan device with a graphics queue: lavapipe in CI, where no
//! GPU is. Every pixel is compared with a CPU reference. Without a Vulkan
//! device this test fails (scripts/test.sh installs lavapipe).

use tessera_gpu::render::{self, vk::Renderer};

#[test]
fn render_cases_draw_the_reference_pixels() {
    let renderer = Renderer::new().unwrap_or_else(|e| {
        panic!("the render cases need a Vulkan 1.3 device with a graphics queue: {e} (scripts/test.sh installs lavapipe)")
    });
    let mut results = Vec::new();
    for version in [(1, 3), (1, 6)] {
        results.extend(render::run(&renderer, version));
    }
    let failed: Vec<String> = results
        .iter()
        .filter(|r| !r.passed)
        .map(|r| format!("{}: {}", r.name, r.detail))
        .collect();
    eprintln!(
        "{} render cases on {}: {} failed",
        results.len(),
        renderer.name,
        failed.len()
    );
    assert!(results.len() >= 20, "{} render cases ran", results.len());
    assert!(failed.is_empty(), "failed:\n{}", failed.join("\n"));
}

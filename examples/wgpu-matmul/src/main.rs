//! Embedding tessera in wgpu 30, as an application that wants tensor cores
//! today would: request pass-through shaders and cooperative matrices, turn
//! the adapter's cooperative-matrix properties into tessera's configs,
//! compile a subgroup-matrix kernel (wgpu's `coop_mat` dialect) with
//! tessera, create the pipeline from the SPIR-V with a bind-group layout
//! built from tessera's reflection, run an f16 x f16 -> f32 matmul and check
//! it against the CPU.
//!
//! `cargo run --release -p tessera-wgpu-matmul [-- N]` (N a multiple of 64,
//! default 1024). Exit status: 0 the result matches, 1 it does not, 2 no
//! suitable adapter or an error.

use std::process::ExitCode;

use half::f16;

/// One workgroup of 4 subgroups computes a 64 x 16 block of C: each
/// subgroup a 16 x 16 tile, accumulating over K in 16-wide steps.
const KERNEL: &str = "enable f16;
enable subgroups;
enable wgpu_cooperative_matrix;

struct Dims { n: u32, pad0: u32, pad1: u32, pad2: u32 }
@group(0) @binding(0) var<storage, read> a: array<f16>;
@group(0) @binding(1) var<storage, read> b: array<f16>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

@compute @workgroup_size(128)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(subgroup_id) sg: u32) {
    let n = dims.n;
    let row = (wg.y * 4u + sg) * 16u;
    let col = wg.x * 16u;
    var acc = coop_mat16x16<f32, C>();
    for (var k = 0u; k < n; k += 16u) {
        let x = coopLoadT<coop_mat16x16<f16, A>>(&a[row * n + k], n);
        let y = coopLoadT<coop_mat16x16<f16, B>>(&b[k * n + col], n);
        acc = coopMultiplyAdd(x, y, acc);
    }
    coopStoreT(acc, &c[row * n + col], n);
}
";

fn main() -> ExitCode {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1024);
    if n == 0 || !n.is_multiple_of(64) {
        eprintln!("N must be a positive multiple of 64");
        return ExitCode::from(2);
    }
    match pollster::block_on(run(n)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

async fn run(n: u32) -> Result<bool, String> {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends: wgpu::Backends::VULKAN,
        ..wgpu::InstanceDescriptor::new_without_display_handle()
    });
    let adapter = instance
        .request_adapter(&wgpu::RequestAdapterOptions::default())
        .await
        .map_err(|e| format!("no Vulkan adapter: {e}"))?;
    let info = adapter.get_info();
    println!(
        "adapter: {} ({}, {})",
        info.name, info.driver, info.driver_info
    );
    let needed = tessera::wgpu::required_features();
    let missing = needed - adapter.features();
    if !missing.is_empty() {
        return Err(format!("the adapter lacks {missing:?}"));
    }
    // 1. The device's subgroup-matrix configurations, for tessera's checks.
    let configs = tessera::wgpu::configs(&adapter, true);
    println!(
        "configs: {}",
        configs
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    // 2. The device with the features tessera's output needs.
    let (device, queue) = adapter
        .request_device(&wgpu::DeviceDescriptor {
            label: Some("tessera"),
            required_features: needed,
            required_limits: adapter.limits(),
            // SAFETY: cooperative matrices are experimental in wgpu 30.
            experimental_features: unsafe { wgpu::ExperimentalFeatures::enabled() },
            ..Default::default()
        })
        .await
        .map_err(|e| format!("request_device: {e}"))?;
    // 3. Compile with tessera for this device, and build the module and the
    // layout from its output.
    let mut options = tessera::CompileOptions::default();
    options.pipeline.subgroup_matrix_configs = Some(configs);
    let out = tessera::compile_to_spirv(KERNEL, &options)
        .map_err(|e| e.error().render("kernel.wgsl", KERNEL))?;
    println!("tessera: {} SPIR-V words", out.words.len());
    // SAFETY: tessera's SPIR-V passes SPIRV-Tools' validator (its tests).
    let module = unsafe {
        device.create_shader_module_passthrough(tessera::wgpu::passthrough(&out, "main"))
    };
    let entries = tessera::wgpu::bind_group_layout_entries(&out.reflection.entry_points[0], 0);
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: None,
        entries: &entries,
    });
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: None,
        bind_group_layouts: &[Some(&layout)],
        immediate_size: 0,
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("matmul"),
        layout: Some(&pipeline_layout),
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });

    // Inputs: small integers, exact in f16 and in the f32 sums.
    let len = (n * n) as usize;
    let av: Vec<f16> = (0..len)
        .map(|i| f16::from_f32(((i * 7 % 11) as f32) - 5.0))
        .collect();
    let bv: Vec<f16> = (0..len)
        .map(|i| f16::from_f32(((i * 3 % 7) as f32) - 3.0))
        .collect();
    let bytes = |v: &[f16]| v.iter().flat_map(|h| h.to_le_bytes()).collect::<Vec<u8>>();
    let storage = |label, data: &[u8], extra| {
        let buf = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: data.len() as u64,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | extra,
            mapped_at_creation: false,
        });
        queue.write_buffer(&buf, 0, data);
        buf
    };
    let a = storage("a", &bytes(&av), wgpu::BufferUsages::empty());
    let b = storage("b", &bytes(&bv), wgpu::BufferUsages::empty());
    let c = storage("c", &vec![0u8; len * 4], wgpu::BufferUsages::COPY_SRC);
    let dims = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("dims"),
        size: 16,
        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    queue.write_buffer(
        &dims,
        0,
        &[n.to_le_bytes(), [0; 4], [0; 4], [0; 4]].concat(),
    );
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("readback"),
        size: (len * 4) as u64,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &layout,
        entries: &[
            wgpu::BindGroupEntry {
                binding: 0,
                resource: a.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: b.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 2,
                resource: c.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 3,
                resource: dims.as_entire_binding(),
            },
        ],
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(n / 16, n / 64, 1);
    }
    encoder.copy_buffer_to_buffer(&c, 0, &readback, 0, (len * 4) as u64);
    let start = std::time::Instant::now();
    queue.submit([encoder.finish()]);
    readback.slice(..).map_async(wgpu::MapMode::Read, |_| {});
    device
        .poll(wgpu::PollType::wait_indefinitely())
        .map_err(|e| format!("poll: {e}"))?;
    let elapsed = start.elapsed();
    let got: Vec<f32> = readback
        .slice(..)
        .get_mapped_range()
        .map_err(|e| format!("map: {e:?}"))?
        .chunks_exact(4)
        .map(|w| f32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    // Every element of C against the CPU (exact: small integers).
    let mut wrong = 0usize;
    let mut first = None;
    for i in 0..n as usize {
        for j in 0..n as usize {
            let mut exp = 0f32;
            for k in 0..n as usize {
                exp += av[i * n as usize + k].to_f32() * bv[k * n as usize + j].to_f32();
            }
            let g = got[i * n as usize + j];
            if g != exp {
                wrong += 1;
                first.get_or_insert(format!("C[{i}][{j}] = {g}, expected {exp}"));
            }
        }
    }
    println!(
        "matmul {n}x{n}x{n}: {} of {} elements match the CPU ({:.1} ms submit to read-back)",
        len - wrong,
        len,
        elapsed.as_secs_f64() * 1e3
    );
    if let Some(f) = first {
        println!("first difference: {f}");
    }
    Ok(wrong == 0)
}

#[cfg(test)]
mod tests {
    /// The kernel compiles to valid-looking SPIR-V for the H100's
    /// configurations (the GPU run is the real check).
    #[test]
    fn kernel_compiles_for_the_h100() {
        let mut options = tessera::CompileOptions::default();
        options.pipeline.subgroup_matrix_configs = Some(vec!["f16:f32:16x16x16".parse().unwrap()]);
        let out = tessera::compile_to_spirv(super::KERNEL, &options)
            .unwrap_or_else(|e| panic!("{}", e.error().render("kernel.wgsl", super::KERNEL)));
        assert_eq!(out.words[0], 0x0723_0203);
        let entries = tessera::wgpu::bind_group_layout_entries(&out.reflection.entry_points[0], 0);
        assert_eq!(entries.len(), 4);
    }
}

//! tessera-runner: runs tessera's compute shaders on a Vulkan device.
//!
//! The runner behind `tessera run` and the execution tests: it opens a
//! device (a GPU, or Mesa's CPU driver lavapipe on a machine without one),
//! compiles the shader for that device's profile, makes its buffers from
//! the reflection tessera exposes (minimum binding sizes, memory layouts),
//! dispatches once, and reads every buffer back, checking that nothing was
//! written outside a binding.
//!
//! ```no_run
//! use tessera_runner::{run, vulkan::{Device, DeviceChoice}};
//!
//! let device = Device::open(&DeviceChoice::First, false)?;
//! let source = "@group(0) @binding(0) var<storage, read_write> v: array<u32, 4>;
//!     @compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { v[i] = i * i; }";
//! let compiled = run::compile(&device, source, &Default::default())?;
//! let bound = run::bind(&compiled, &run::Given::default())?;
//! let out = run::run(&device, &compiled, bound, [1, 1, 1])?;
//! let values: Vec<String> = out.bound[0].values().iter().map(|(_, v)| v.to_string()).collect();
//! assert_eq!(values, ["0", "1", "4", "9"]);
//! # Ok::<(), tessera_runner::RunError>(())
//! ```
//!
//! The core library stays free of Vulkan: only this crate (and the CLI
//! through it) loads the Vulkan loader, at run time.

#![warn(missing_docs)]

pub mod init;
pub mod run;
pub mod texel;
pub mod values;
pub mod vulkan;

/// Why a run failed; [`RunError::exit_code`] is `tessera run`'s exit
/// status.
#[derive(Debug)]
pub enum RunError {
    /// The shader does not compile (exit 1).
    Shader(tessera::CompileError),
    /// The shader compiles, but not for this device: it uses a feature,
    /// limit or configuration the device lacks (exit 3).
    Unsupported(tessera::CompileError),
    /// The request is wrong: bindings, sizes, dispatch (exit 2).
    Usage(String),
    /// No Vulkan loader or device, or a Vulkan call failed (exit 3).
    Device(String),
    /// A file cannot be read or written (exit 3).
    Io(String),
    /// The dispatch did not finish in this time (exit 1): the shader does
    /// not end. The device is unusable afterwards.
    Hung(std::time::Duration),
}

impl RunError {
    /// A usage error.
    pub fn usage(m: impl Into<String>) -> RunError {
        RunError::Usage(m.into())
    }

    /// A device error.
    pub fn device(m: impl Into<String>) -> RunError {
        RunError::Device(m.into())
    }

    /// An I/O error.
    pub fn io(m: impl Into<String>) -> RunError {
        RunError::Io(m.into())
    }

    /// 1 shader, 2 usage, 3 I/O or device.
    pub fn exit_code(&self) -> u8 {
        match self {
            RunError::Shader(_) | RunError::Hung(_) => 1,
            RunError::Usage(_) => 2,
            RunError::Unsupported(_) | RunError::Device(_) | RunError::Io(_) => 3,
        }
    }
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Shader(e) => write!(f, "{e}"),
            RunError::Unsupported(e) => write!(f, "the device cannot run this shader: {e}"),
            RunError::Usage(m) | RunError::Device(m) | RunError::Io(m) => f.write_str(m),
            RunError::Hung(t) => write!(
                f,
                "the dispatch did not finish within {} seconds: the shader does not end",
                t.as_secs_f64()
            ),
        }
    }
}

impl std::error::Error for RunError {}

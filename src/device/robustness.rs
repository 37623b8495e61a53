//! What a device guarantees about buffer accesses out of range, without
//! the shader's help: the profile member `robustness`.
//!
//! ```json
//! "robustness": {
//!   "robustBufferAccess2": true,
//!   "cooperativeMatrixRobustBufferAccess": false
//! }
//! ```
//!
//! - `robustBufferAccess2` (Vulkan, `VK_EXT_robustness2`): a load outside
//!   the bound range of a storage or uniform buffer returns zero and a
//!   store there is discarded. That is one of the behaviours WGSL allows
//!   for such an access, so tessera may leave plain buffer indices to the
//!   device (`--buffer-bounds device`, [`crate::back::spv::Options::buffers_robust_by_device`])
//!   when the pipeline is created with it, as Dawn leaves them to the
//!   hardware on a device with the feature. Vulkan's core
//!   `robustBufferAccess` is not enough: it may return bytes from
//!   anywhere in the buffer's memory, outside the binding.
//! - `cooperativeMatrixRobustBufferAccess` (`VK_KHR_cooperative_matrix`):
//!   the same for cooperative-matrix loads and stores. Recorded, not yet
//!   used: tessera keeps checking subgroup-matrix accesses itself (the
//!   H100 and H200 report 0).
//!
//! Without the member, a device guarantees neither.

use super::json::{Kind, Value};
use super::{at, did_you_mean, ProfileError};

/// The device's robustness guarantees (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Robustness {
    /// Vulkan `robustBufferAccess2`.
    pub robust_buffer_access2: bool,
    /// Vulkan `cooperativeMatrixRobustBufferAccess`.
    pub cooperative_matrix_robust_buffer_access: bool,
}

/// The member names, in the order [`write`] writes them.
const KEYS: [&str; 2] = ["robustBufferAccess2", "cooperativeMatrixRobustBufferAccess"];

/// Reads the `robustness` member.
pub(super) fn parse(value: &Value) -> Result<Robustness, ProfileError> {
    let Kind::Object(members) = &value.kind else {
        return Err(at(
            value.pos,
            format!(
                "`robustness` must be an object of booleans ({}), found {}",
                KEYS.map(|k| format!("`{k}`")).join(", "),
                value.describe()
            ),
        ));
    };
    let mut r = Robustness::default();
    for (name, key_pos, v) in members {
        let field = match name.as_str() {
            "robustBufferAccess2" => &mut r.robust_buffer_access2,
            "cooperativeMatrixRobustBufferAccess" => &mut r.cooperative_matrix_robust_buffer_access,
            other => {
                return Err(at(
                    *key_pos,
                    format!(
                        "unknown robustness guarantee `{other}` (expected {}){}",
                        KEYS.map(|k| format!("`{k}`")).join(" or "),
                        did_you_mean(other, KEYS)
                    ),
                ))
            }
        };
        let Kind::Bool(b) = v.kind else {
            return Err(at(
                v.pos,
                format!("`{name}` must be true or false, found {}", v.describe()),
            ));
        };
        *field = b;
    }
    Ok(r)
}

/// Appends the member (`,` first) when the device guarantees anything.
pub(super) fn write(r: &Robustness, out: &mut String) {
    if *r == Robustness::default() {
        return;
    }
    out.push_str(&format!(
        ",\n  \"robustness\": {{\n    \"{}\": {},\n    \"{}\": {}\n  }}",
        KEYS[0], r.robust_buffer_access2, KEYS[1], r.cooperative_matrix_robust_buffer_access
    ));
}

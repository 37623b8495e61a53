//! Device capabilities: the WebGPU features that gate WGSL's `enable`
//! directives ([`Features`]), the WGSL language features whose support
//! depends on the target ([`LanguageFeatures`]), the device limits the
//! pipeline step checks ([`Limits`]), the subgroup-matrix configurations,
//! and a whole [`DeviceProfile`] read from (and written as) JSON.
//!
//! A WebGPU implementation rejects `enable f16;` when the device lacks
//! `shader-f16` (a shader-module creation error). tessera does the same in
//! the validator when given the device's features
//! ([`crate::valid::validate_with_features`], or
//! [`crate::CompileOptions::features`]); the default, [`Features::all`],
//! accepts every enable as before. The limits and configurations are
//! pipeline-creation checks:
//! [`crate::pipeline::PipelineOptions::apply_profile`] writes them into
//! the [`crate::pipeline::PipelineOptions`].
//!
//! # The profile format
//!
//! ```json
//! {
//!   "tessera_device_profile": 1,
//!   "name": "NVIDIA H100 80GB HBM3 (Vulkan)",
//!   "features": ["shader-f16", "subgroups", "subgroup-matrix"],
//!   "wgslLanguageFeatures": ["uniform_buffer_standard_layout"],
//!   "limits": {
//!     "maxComputeWorkgroupSizeX": 1024,
//!     "maxComputeInvocationsPerWorkgroup": 1024,
//!     "subgroupMinSize": 32,
//!     "subgroupMaxSize": 32
//!   },
//!   "subgroupMatrixConfigs": ["f16:f32:16x16x16", "i8:i32:16x16x32"]
//! }
//! ```
//!
//! - `features` (required): WebGPU feature names (`GPUFeatureName`). The
//!   ones that gate an enable are listed in [`FEATURES`]; the other
//!   standard WebGPU feature names ([`OTHER_WEBGPU_FEATURES`], e.g.
//!   `timestamp-query`) are accepted and ignored, so a browser's
//!   `adapter.features` can be pasted in. Any other name is an error.
//! - `wgslLanguageFeatures` (optional): WGSL language feature names, as in
//!   `navigator.gpu.wgslLanguageFeatures`. The ones whose support depends
//!   on the target are listed in [`LANGUAGE_FEATURES`]; the other names of
//!   the WGSL spec ([`OTHER_LANGUAGE_FEATURES`], which tessera implements
//!   everywhere or not at all) are accepted and ignored; any other name is
//!   an error. Without the member, every language feature of
//!   [`LANGUAGE_FEATURES`] is supported (no check).
//! - `limits` (optional): WebGPU limit names ([`LIMITS`]); other standard
//!   limit names ([`OTHER_WEBGPU_LIMITS`]) are ignored, any other name is
//!   an error. A limit the profile does not give is not changed in the
//!   options it is applied to.
//! - `subgroupMatrixConfigs` (optional): `COMPONENT:RESULT:MxNxK` strings,
//!   the spelling of the CLI's `--subgroup-matrix-config`. Without the
//!   member, the configuration checks are skipped; `[]` means the device
//!   has none.
//! - `cooperativeVectorConfigs` (optional): `INPUT:RESULT` strings (`f16`
//!   or `f32` each) and, for the 8-bit integer products,
//!   `INPUT/MATRIX:i32` (`i32`, `f32` or `u32` / `i8` or `u8`), with a
//!   `+transpose` suffix where the device also transposes a matrix in the
//!   inference layout: the cooperative-vector products the device runs
//!   natively (docs/cooperative-vectors.md); without it, none.
//! - `cooperativeVectorMaxComponents` (optional): the most components a
//!   native cooperative vector may have (`maxCooperativeVectorComponents`);
//!   a module with longer vectors gets loops.
//! - `cooperativeVectorTraining` (optional): the accumulation types (`f16`,
//!   `f32`) of the cooperative-vector training operations the device runs
//!   natively; without it, none.
//! - `cooperativeVectorOptimalLayouts` (optional): bounds on the size of
//!   the driver's optimal matrix layouts, `LAYOUT:TYPE:ROWSxCOLUMNS[xFACTOR]`
//!   strings (e.g. `training:f16:8x8x2`: an `R x C` f16 matrix in the
//!   training layout takes at most `2 * roundup(R, 8) * roundup(C, 8)`
//!   elements; [`crate::configs::OptimalLayoutBound`]), measured by the
//!   device runner. A native operation in an optimal layout needs its
//!   bound, for WGSL's bounds.
//! - `robustness` (optional): what the device guarantees about buffer
//!   accesses out of range, `{"robustBufferAccess2": true,
//!   "cooperativeMatrixRobustBufferAccess": false}` (see [`Robustness`]);
//!   without it, nothing.
//! - `name` (optional) names the device in messages;
//!   `tessera_device_profile` (optional) is the format's version, 1.
//!
//! Errors say where: syntax errors and errors about a member's value
//! carry the line and column ([`ProfileError`]).

mod coop_vector;
mod features;
pub(crate) mod json;
mod language;
mod robustness;
pub mod vulkan;
mod webgpu_names;

pub use webgpu_names::{OTHER_WEBGPU_FEATURES, OTHER_WEBGPU_LIMITS};

pub use features::{Features, FEATURES};
pub use language::{LanguageFeatures, LANGUAGE_FEATURES, OTHER_LANGUAGE_FEATURES};
pub use robustness::Robustness;

use std::fmt;

use crate::configs::SubgroupMatrixConfig;

use json::{Kind, Pos, Value};

impl Features {
    /// The WebGPU name of a single feature (`shader-f16`).
    pub fn webgpu_name(self) -> Option<&'static str> {
        FEATURES.iter().find(|f| f.0 == self).map(|f| f.1)
    }

    /// The feature with WebGPU name `name`.
    pub fn from_webgpu_name(name: &str) -> Option<Features> {
        FEATURES.iter().find(|f| f.1 == name).map(|f| f.0)
    }

    /// The feature a WGSL `enable` name needs; `None` for an enable no
    /// device feature gates (`chromium_disable_uniformity_analysis`, which
    /// only changes what the compiler reports) or an unknown name.
    pub fn for_enable(enable: &str) -> Option<Features> {
        // The WebGPU proposal's name of Chromium's resource tables.
        let enable = match enable {
            "resource_table" => "chromium_experimental_resource_table",
            e => e,
        };
        FEATURES.iter().find(|f| f.2 == enable).map(|f| f.0)
    }

    /// The WebGPU names of the features in the set, in [`FEATURES`] order.
    pub fn webgpu_names(self) -> impl Iterator<Item = &'static str> {
        FEATURES
            .iter()
            .filter(move |f| self.contains(f.0))
            .map(|f| f.1)
    }
}

/// The device limits a profile can give (WebGPU's names); `None` for a
/// limit it does not give.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Limits {
    /// `maxComputeWorkgroupSizeX`
    pub max_compute_workgroup_size_x: Option<u32>,
    /// `maxComputeWorkgroupSizeY`
    pub max_compute_workgroup_size_y: Option<u32>,
    /// `maxComputeWorkgroupSizeZ`
    pub max_compute_workgroup_size_z: Option<u32>,
    /// `maxComputeInvocationsPerWorkgroup`
    pub max_compute_invocations_per_workgroup: Option<u32>,
    /// `maxComputeWorkgroupStorageSize` (bytes)
    pub max_compute_workgroup_storage_size: Option<u32>,
    /// `maxImmediateSize` (bytes)
    pub max_immediate_size: Option<u32>,
    /// `subgroupMinSize`
    pub subgroup_min_size: Option<u32>,
    /// `subgroupMaxSize`
    pub subgroup_max_size: Option<u32>,
}

/// A limit's field in [`Limits`].
type LimitField = fn(&mut Limits) -> &mut Option<u32>;

/// Each limit's WebGPU name and field, in the order profiles are written.
pub const LIMITS: &[(&str, LimitField)] = &[
    ("maxComputeWorkgroupSizeX", |l| {
        &mut l.max_compute_workgroup_size_x
    }),
    ("maxComputeWorkgroupSizeY", |l| {
        &mut l.max_compute_workgroup_size_y
    }),
    ("maxComputeWorkgroupSizeZ", |l| {
        &mut l.max_compute_workgroup_size_z
    }),
    ("maxComputeInvocationsPerWorkgroup", |l| {
        &mut l.max_compute_invocations_per_workgroup
    }),
    ("maxComputeWorkgroupStorageSize", |l| {
        &mut l.max_compute_workgroup_storage_size
    }),
    ("maxImmediateSize", |l| &mut l.max_immediate_size),
    ("subgroupMinSize", |l| &mut l.subgroup_min_size),
    ("subgroupMaxSize", |l| &mut l.subgroup_max_size),
];

/// WebGPU's default `maxComputeWorkgroupSizeX`, `Y` and `Z`.
pub const WEBGPU_MAX_WORKGROUP_SIZE: [u32; 3] = [256, 256, 64];
/// WebGPU's default `maxComputeInvocationsPerWorkgroup`.
pub const WEBGPU_MAX_INVOCATIONS: u32 = 256;
/// WebGPU's default `maxComputeWorkgroupStorageSize`.
pub const WEBGPU_MAX_WORKGROUP_STORAGE_SIZE: u32 = 16384;
/// WebGPU's default `maxImmediateSize`.
pub const WEBGPU_MAX_IMMEDIATE_SIZE: u32 = 64;

impl Limits {
    /// The value of the limit named `name`.
    pub fn get(&self, name: &str) -> Option<u32> {
        let mut copy = *self;
        LIMITS
            .iter()
            .find(|l| l.0 == name)
            .and_then(|l| *(l.1)(&mut copy))
    }

    /// WebGPU's default limits (what every device has).
    pub fn webgpu_defaults() -> Limits {
        Limits {
            max_compute_workgroup_size_x: Some(WEBGPU_MAX_WORKGROUP_SIZE[0]),
            max_compute_workgroup_size_y: Some(WEBGPU_MAX_WORKGROUP_SIZE[1]),
            max_compute_workgroup_size_z: Some(WEBGPU_MAX_WORKGROUP_SIZE[2]),
            max_compute_invocations_per_workgroup: Some(WEBGPU_MAX_INVOCATIONS),
            max_compute_workgroup_storage_size: Some(WEBGPU_MAX_WORKGROUP_STORAGE_SIZE),
            max_immediate_size: Some(WEBGPU_MAX_IMMEDIATE_SIZE),
            subgroup_min_size: None,
            subgroup_max_size: None,
        }
    }
}

/// A device's capabilities: its features, limits and subgroup-matrix
/// configurations (see the module documentation for the JSON form).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DeviceProfile {
    /// The device's name, for messages.
    pub name: String,
    /// The features that gate WGSL enables.
    pub features: Features,
    /// The WGSL language features the target supports (of those whose
    /// support depends on it).
    pub language_features: LanguageFeatures,
    /// The limits the profile gives.
    pub limits: Limits,
    /// The subgroup-matrix configurations; `None` when the profile gives
    /// none (the configuration checks are then skipped).
    pub subgroup_matrix_configs: Option<Vec<SubgroupMatrixConfig>>,
    /// The component types of the cooperative-vector products the device
    /// runs natively (`VK_NV_cooperative_vector`); empty: none (every
    /// product is a loop).
    pub cooperative_vector_configs: Vec<crate::configs::CooperativeVectorConfig>,
    /// The most components a native cooperative vector may have
    /// (`maxCooperativeVectorComponents`); `None`: not known (no limit is
    /// checked).
    pub cooperative_vector_max_components: Option<u32>,
    /// The accumulation types of the cooperative-vector training
    /// operations the device runs natively; empty: none.
    pub cooperative_vector_training: Vec<crate::configs::ComponentType>,
    /// The bounds on the driver's optimal matrix layouts
    /// (`cooperativeVectorOptimalLayouts`); empty: none known.
    pub cooperative_vector_optimal_layouts: Vec<crate::configs::OptimalLayoutBound>,
    /// What the device guarantees about out-of-range buffer accesses
    /// (none by default).
    pub robustness: Robustness,
}

impl Default for DeviceProfile {
    /// Everything allowed: every feature, no limit, no configuration
    /// check (tessera's behaviour without a profile).
    fn default() -> Self {
        DeviceProfile {
            name: "any device".into(),
            features: Features::all(),
            language_features: LanguageFeatures::all(),
            limits: Limits::default(),
            subgroup_matrix_configs: None,
            cooperative_vector_configs: Vec::new(),
            cooperative_vector_max_components: None,
            cooperative_vector_training: Vec::new(),
            cooperative_vector_optimal_layouts: Vec::new(),
            robustness: Robustness::default(),
        }
    }
}

/// Why a profile could not be read: the message, and where in the JSON
/// text when it is about a place in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileError {
    /// What is wrong.
    pub message: String,
    /// Where (line and column, from 1).
    pub pos: Option<Pos>,
}

impl fmt::Display for ProfileError {
    /// `line L, column C: MESSAGE`, or the message alone.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pos {
            Some(pos) => write!(f, "{pos}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ProfileError {}

fn at(pos: Pos, message: impl Into<String>) -> ProfileError {
    ProfileError {
        message: message.into(),
        pos: Some(pos),
    }
}

/// ` (did you mean `X`?)` when a candidate is close to `written`.
fn did_you_mean<'a>(written: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    crate::suggest::closest(written, candidates)
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default()
}

/// The names of the built-in profiles ([`DeviceProfile::builtin`]).
pub const BUILTIN_PROFILES: &[&str] = &["metal", "webgpu", "h100-vulkan", "h200-vulkan"];

impl DeviceProfile {
    /// Reads a profile from its JSON text.
    pub fn from_json(text: &str) -> Result<DeviceProfile, ProfileError> {
        let root = json::parse(text).map_err(|e| at(e.pos, e.message))?;
        let Kind::Object(members) = &root.kind else {
            return Err(at(
                root.pos,
                format!(
                    "a device profile is a JSON object, found {}",
                    root.describe()
                ),
            ));
        };
        let mut profile = DeviceProfile {
            name: String::new(),
            features: Features::empty(),
            language_features: LanguageFeatures::all(),
            limits: Limits::default(),
            subgroup_matrix_configs: None,
            cooperative_vector_configs: Vec::new(),
            cooperative_vector_max_components: None,
            cooperative_vector_training: Vec::new(),
            cooperative_vector_optimal_layouts: Vec::new(),
            robustness: Robustness::default(),
        };
        let mut has_features = false;
        const KEYS: &[&str] = &[
            "tessera_device_profile",
            "name",
            "features",
            "wgslLanguageFeatures",
            "limits",
            "subgroupMatrixConfigs",
            "cooperativeVectorConfigs",
            "cooperativeVectorMaxComponents",
            "cooperativeVectorTraining",
            "cooperativeVectorOptimalLayouts",
            "robustness",
        ];
        for (key, key_pos, value) in members {
            match key.as_str() {
                "tessera_device_profile" => {
                    if value.as_u32() != Some(1) {
                        return Err(at(
                            value.pos,
                            "`tessera_device_profile` must be 1 (the only version of the format)",
                        ));
                    }
                }
                "name" => match &value.kind {
                    Kind::String(s) => profile.name = s.clone(),
                    _ => {
                        return Err(at(
                            value.pos,
                            format!("`name` must be a string, found {}", value.describe()),
                        ))
                    }
                },
                "features" => {
                    has_features = true;
                    profile.features = features(value)?;
                }
                "wgslLanguageFeatures" => profile.language_features = language_features(value)?,
                "limits" => profile.limits = limits(value)?,
                "subgroupMatrixConfigs" => profile.subgroup_matrix_configs = Some(configs(value)?),
                "cooperativeVectorConfigs" => {
                    profile.cooperative_vector_configs =
                        coop_vector::cooperative_vector_configs(value)?
                }
                "cooperativeVectorMaxComponents" => match value.as_u32() {
                    Some(n) if n > 0 => profile.cooperative_vector_max_components = Some(n),
                    _ => {
                        return Err(at(
                            value.pos,
                            format!(
                            "`cooperativeVectorMaxComponents` must be a positive integer, found {}",
                            value.describe()
                        ),
                        ))
                    }
                },
                "cooperativeVectorTraining" => {
                    profile.cooperative_vector_training = coop_vector::component_types(value)?
                }
                "cooperativeVectorOptimalLayouts" => {
                    profile.cooperative_vector_optimal_layouts = coop_vector::layout_bounds(value)?
                }
                "robustness" => profile.robustness = robustness::parse(value)?,
                other => {
                    return Err(at(
                        *key_pos,
                        format!(
                            "unknown member `{other}` (expected {}){}",
                            KEYS.iter()
                                .map(|k| format!("`{k}`"))
                                .collect::<Vec<_>>()
                                .join(", "),
                            did_you_mean(other, KEYS.iter().copied())
                        ),
                    ))
                }
            }
        }
        if !has_features {
            return Err(at(
                root.pos,
                "a device profile needs a `features` member (a list of WebGPU feature names; `[]` for none)",
            ));
        }
        Ok(profile)
    }

    /// The profile as JSON, in the format [`DeviceProfile::from_json`]
    /// reads: members in a fixed order, one value per line.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\n  \"tessera_device_profile\": 1,\n  \"name\": ");
        json::write_string(&self.name, &mut out);
        out.push_str(",\n  \"features\": [");
        let names: Vec<&str> = self.features.webgpu_names().collect();
        for (i, name) in names.iter().enumerate() {
            out.push_str(if i == 0 { "\n    " } else { ",\n    " });
            json::write_string(name, &mut out);
        }
        out.push_str(if names.is_empty() { "]" } else { "\n  ]" });
        out.push_str(",\n  \"wgslLanguageFeatures\": [");
        let names: Vec<&str> = self.language_features.wgsl_names().collect();
        for (i, name) in names.iter().enumerate() {
            out.push_str(if i == 0 { "\n    " } else { ",\n    " });
            json::write_string(name, &mut out);
        }
        out.push_str(if names.is_empty() { "]" } else { "\n  ]" });
        out.push_str(",\n  \"limits\": {");
        let mut first = true;
        for (name, _) in LIMITS {
            if let Some(v) = self.limits.get(name) {
                out.push_str(if first { "\n    " } else { ",\n    " });
                first = false;
                out.push_str(&format!("\"{name}\": {v}"));
            }
        }
        out.push_str(if first { "}" } else { "\n  }" });
        if let Some(configs) = &self.subgroup_matrix_configs {
            out.push_str(",\n  \"subgroupMatrixConfigs\": [");
            for (i, c) in configs.iter().enumerate() {
                out.push_str(if i == 0 { "\n    " } else { ",\n    " });
                out.push_str(&format!("\"{c}\""));
            }
            out.push_str(if configs.is_empty() { "]" } else { "\n  ]" });
        }
        if !self.cooperative_vector_configs.is_empty() {
            out.push_str(",\n  \"cooperativeVectorConfigs\": [");
            for (i, c) in self.cooperative_vector_configs.iter().enumerate() {
                out.push_str(if i == 0 { "\n    " } else { ",\n    " });
                out.push_str(&format!("\"{c}\""));
            }
            out.push_str("\n  ]");
        }
        if let Some(n) = self.cooperative_vector_max_components {
            out.push_str(&format!(",\n  \"cooperativeVectorMaxComponents\": {n}"));
        }
        if !self.cooperative_vector_training.is_empty() {
            let names: Vec<String> = self
                .cooperative_vector_training
                .iter()
                .map(|t| format!("\"{t}\""))
                .collect();
            out.push_str(&format!(
                ",\n  \"cooperativeVectorTraining\": [{}]",
                names.join(", ")
            ));
        }
        if !self.cooperative_vector_optimal_layouts.is_empty() {
            let names: Vec<String> = self
                .cooperative_vector_optimal_layouts
                .iter()
                .map(|b| format!("\"{b}\""))
                .collect();
            out.push_str(&format!(
                ",\n  \"cooperativeVectorOptimalLayouts\": [{}]",
                names.join(", ")
            ));
        }
        robustness::write(&self.robustness, &mut out);
        out.push_str("\n}\n");
        out
    }

    /// A built-in profile by name (one of [`BUILTIN_PROFILES`]):
    /// [`DeviceProfile::metal`], [`DeviceProfile::webgpu`], and the
    /// profiles of the devices tessera was measured on,
    /// `profiles/h100-vulkan.json` and `profiles/h200-vulkan.json`.
    pub fn builtin(name: &str) -> Option<DeviceProfile> {
        let text = match name {
            "metal" => return Some(DeviceProfile::metal()),
            "webgpu" => return Some(DeviceProfile::webgpu()),
            "h100-vulkan" => include_str!("../../profiles/h100-vulkan.json"),
            "h200-vulkan" => include_str!("../../profiles/h200-vulkan.json"),
            _ => return None,
        };
        // The shipped files are checked by the tests: they always parse.
        DeviceProfile::from_json(text).ok()
    }

    /// Apple GPUs with `simdgroup_matrix` (family Apple7 and later) through
    /// tessera's MSL output: the proposal's fixed configuration table
    /// ([`crate::configs::metal`]: f32 and f16 8x8x8), a SIMD-group width
    /// of 32, Metal's 1024 threads per threadgroup and 32 KiB of
    /// threadgroup memory. No bf16 matrices: the profile is for MSL's
    /// default version, and Metal's `simdgroup_bfloat8x8` needs MSL 3.1
    /// (tessera's MSL writer emits it with `--msl-version 3.1`, without a
    /// profile or with one that lists the bf16 configurations). No
    /// `subgroup-size-control` (Metal's SIMD-group width is fixed). `uniform_buffer_standard_layout` is supported: a `constant`
    /// buffer has the layout of a `device` one.
    pub fn metal() -> DeviceProfile {
        DeviceProfile {
            name: "Apple GPU, family Apple7+ (Metal)".into(),
            features: Features::SHADER_F16
                | Features::SUBGROUPS
                | Features::CLIP_DISTANCES
                | Features::DUAL_SOURCE_BLENDING
                | Features::PRIMITIVE_INDEX
                | Features::SUBGROUP_MATRIX
                | Features::CHROMIUM_EXPERIMENTAL_SUBGROUP_MATRIX
                | Features::WGPU_COOPERATIVE_MATRIX
                | Features::TESSERA_EXPERIMENTAL_SUBGROUP_MATRIX,
            language_features: LanguageFeatures::UNIFORM_BUFFER_STANDARD_LAYOUT
                .union(LanguageFeatures::SIZED_BINDING_ARRAY),
            limits: Limits {
                max_compute_workgroup_size_x: Some(1024),
                max_compute_workgroup_size_y: Some(1024),
                max_compute_workgroup_size_z: Some(1024),
                max_compute_invocations_per_workgroup: Some(1024),
                max_compute_workgroup_storage_size: Some(32768),
                max_immediate_size: None,
                subgroup_min_size: Some(32),
                subgroup_max_size: Some(32),
            },
            subgroup_matrix_configs: Some(crate::configs::metal(true)),
            cooperative_vector_configs: Vec::new(),
            cooperative_vector_max_components: None,
            cooperative_vector_training: Vec::new(),
            cooperative_vector_optimal_layouts: Vec::new(),
            // Metal promises nothing about out-of-range buffer accesses.
            robustness: Robustness::default(),
        }
    }

    /// A device with nothing beyond core WebGPU: no optional feature and
    /// WebGPU's default limits, for checking that a shader is portable.
    /// Its language features are those Chrome ships on every platform:
    /// `uniform_buffer_standard_layout` is in Chrome's
    /// `navigator.gpu.wgslLanguageFeatures` since Chrome 144 (other
    /// browsers may not have it yet: a shader that must run there too
    /// should be checked with a profile without it).
    pub fn webgpu() -> DeviceProfile {
        DeviceProfile {
            name: "WebGPU defaults".into(),
            features: Features::empty(),
            language_features: LanguageFeatures::UNIFORM_BUFFER_STANDARD_LAYOUT,
            limits: Limits::webgpu_defaults(),
            subgroup_matrix_configs: None,
            cooperative_vector_configs: Vec::new(),
            cooperative_vector_max_components: None,
            cooperative_vector_training: Vec::new(),
            cooperative_vector_optimal_layouts: Vec::new(),
            robustness: Robustness::default(),
        }
    }
}

fn features(value: &Value) -> Result<Features, ProfileError> {
    let Kind::Array(items) = &value.kind else {
        return Err(at(
            value.pos,
            format!(
                "`features` must be an array of WebGPU feature names, found {}",
                value.describe()
            ),
        ));
    };
    let mut set = Features::empty();
    for item in items {
        let Kind::String(name) = &item.kind else {
            return Err(at(
                item.pos,
                format!(
                    "a feature must be a string (a WebGPU feature name), found {}",
                    item.describe()
                ),
            ));
        };
        if let Some(f) = Features::from_webgpu_name(name) {
            set |= f;
        } else if !OTHER_WEBGPU_FEATURES.contains(&name.as_str()) {
            let known = FEATURES
                .iter()
                .map(|f| f.1)
                .chain(OTHER_WEBGPU_FEATURES.iter().copied());
            return Err(at(
                item.pos,
                format!("unknown feature `{name}`{}", did_you_mean(name, known)),
            ));
        }
    }
    Ok(set)
}

fn language_features(value: &Value) -> Result<LanguageFeatures, ProfileError> {
    let Kind::Array(items) = &value.kind else {
        return Err(at(
            value.pos,
            format!(
                "`wgslLanguageFeatures` must be an array of WGSL language feature names, found {}",
                value.describe()
            ),
        ));
    };
    let mut set = LanguageFeatures::empty();
    for item in items {
        let Kind::String(name) = &item.kind else {
            return Err(at(
                item.pos,
                format!(
                    "a language feature must be a string (a WGSL language feature name), found {}",
                    item.describe()
                ),
            ));
        };
        if let Some(f) = LanguageFeatures::from_wgsl_name(name) {
            set |= f;
        } else if !OTHER_LANGUAGE_FEATURES.contains(&name.as_str()) {
            let known = LANGUAGE_FEATURES
                .iter()
                .map(|f| f.1)
                .chain(OTHER_LANGUAGE_FEATURES.iter().copied());
            return Err(at(
                item.pos,
                format!(
                    "unknown WGSL language feature `{name}`{}",
                    did_you_mean(name, known)
                ),
            ));
        }
    }
    Ok(set)
}

fn limits(value: &Value) -> Result<Limits, ProfileError> {
    let Kind::Object(members) = &value.kind else {
        return Err(at(
            value.pos,
            format!(
                "`limits` must be an object of WebGPU limit names and values, found {}",
                value.describe()
            ),
        ));
    };
    let mut limits = Limits::default();
    for (name, key_pos, v) in members {
        let field = LIMITS.iter().find(|l| l.0 == name);
        if field.is_none() && !OTHER_WEBGPU_LIMITS.contains(&name.as_str()) {
            let known = LIMITS
                .iter()
                .map(|l| l.0)
                .chain(OTHER_WEBGPU_LIMITS.iter().copied());
            return Err(at(
                *key_pos,
                format!("unknown limit `{name}`{}", did_you_mean(name, known)),
            ));
        }
        // Ignored limits may be larger than a u32 (maxBufferSize).
        let Some(&(_, field)) = field else { continue };
        let Some(n) = v.as_u32() else {
            return Err(at(
                v.pos,
                format!(
                    "limit `{name}` must be an integer from 0 to 4294967295, found {}",
                    match &v.kind {
                        Kind::Number(text) => format!("`{text}`"),
                        _ => v.describe().to_string(),
                    }
                ),
            ));
        };
        *field(&mut limits) = Some(n);
    }
    if let (Some(min), Some(max)) = (limits.subgroup_min_size, limits.subgroup_max_size) {
        if min > max {
            return Err(at(
                value.pos,
                format!("`subgroupMinSize` ({min}) is larger than `subgroupMaxSize` ({max})"),
            ));
        }
    }
    Ok(limits)
}

fn configs(value: &Value) -> Result<Vec<SubgroupMatrixConfig>, ProfileError> {
    let spelling = (
        "subgroupMatrixConfigs",
        "a subgroup-matrix configuration",
        "COMPONENT:RESULT:MxNxK",
    );
    distinct_parsed_strings(value, spelling)
}

/// [`each_parsed_string`]'s values, in order, duplicates dropped.
fn distinct_parsed_strings<T>(
    value: &Value,
    spelling: (&str, &str, &str),
) -> Result<Vec<T>, ProfileError>
where
    T: std::str::FromStr<Err = crate::configs::ConfigParseError> + PartialEq,
{
    let mut out: Vec<T> = Vec::new();
    each_parsed_string(value, spelling, |item, _| {
        if !out.contains(&item) {
            out.push(item);
        }
        Ok(())
    })?;
    Ok(out)
}

/// A member that is an array of strings, each parsed as a `T` and handed
/// to `each` with its position, in order; `(member, item, spelling)` name
/// them in the errors. The first error, `each`'s included, ends the walk.
fn each_parsed_string<T>(
    value: &Value,
    (member, item_name, spelling): (&str, &str, &str),
    mut each: impl FnMut(T, Pos) -> Result<(), ProfileError>,
) -> Result<(), ProfileError>
where
    T: std::str::FromStr<Err = crate::configs::ConfigParseError>,
{
    let Kind::Array(items) = &value.kind else {
        return Err(at(
            value.pos,
            format!(
                "`{member}` must be an array of `{spelling}` strings, found {}",
                value.describe()
            ),
        ));
    };
    for item in items {
        let Kind::String(text) = &item.kind else {
            return Err(at(
                item.pos,
                format!(
                    "{item_name} must be {} `{spelling}` string, found {}",
                    if spelling.starts_with(['A', 'E', 'I', 'O', 'U']) {
                        "an"
                    } else {
                        "a"
                    },
                    item.describe()
                ),
            ));
        };
        let parsed = text
            .parse::<T>()
            .map_err(|e: crate::configs::ConfigParseError| at(item.pos, e.0))?;
        each(parsed, item.pos)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;

//! The WGSL language features whose support depends on the target
//! ([`LanguageFeatures`]) and the names of the others.

bitflags::bitflags! {
    /// The WGSL language features whose support depends on the target
    /// (WGSL's "Language Extensions": available without a directive when
    /// the implementation supports them; `requires NAME;` only documents
    /// the use, and is a shader-creation error without support).
    /// [`LanguageFeatures::default`] is [`LanguageFeatures::all`]. The
    /// other language features tessera knows are always available.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
    pub struct LanguageFeatures: u32 {
        /// `uniform_buffer_standard_layout`: buffers in the `uniform`
        /// address space follow the layout constraints of the `storage`
        /// address space (no 16-byte rounding of array strides and struct
        /// alignments). Supported on Metal (constant buffers have the
        /// layout of device buffers) and on Vulkan with the device feature
        /// `uniformBufferStandardLayout` (core in Vulkan 1.2,
        /// `VK_KHR_uniform_buffer_standard_layout` on Vulkan 1.1): a
        /// SPIR-V module whose uniform buffers need it says so in its
        /// reflection
        /// ([`crate::pipeline::BindingReflection::uniform_standard_layout`]),
        /// and the Vulkan device must then be created with the feature
        /// enabled.
        const UNIFORM_BUFFER_STANDARD_LAYOUT = 1 << 0;
        /// `sized_binding_array` (Tint's, behind Chrome's flags):
        /// `binding_array<T, N>` of sampled textures. Supported on Metal
        /// (argument arrays of textures) and Vulkan (descriptor arrays of
        /// sampled images; a non-constant index needs the core device
        /// feature `shaderSampledImageArrayDynamicIndexing`); not in core
        /// WebGPU.
        const SIZED_BINDING_ARRAY = 1 << 1;
    }
}

impl Default for LanguageFeatures {
    /// Every language feature (tessera's behaviour without a profile).
    fn default() -> Self {
        LanguageFeatures::all()
    }
}

/// Each language feature with its WGSL name, in declaration order.
pub const LANGUAGE_FEATURES: &[(LanguageFeatures, &str)] = &[
    (
        LanguageFeatures::UNIFORM_BUFFER_STANDARD_LAYOUT,
        "uniform_buffer_standard_layout",
    ),
    (LanguageFeatures::SIZED_BINDING_ARRAY, "sized_binding_array"),
];

/// The other WGSL language feature names (the spec's, and tessera's
/// `swizzle_assignment`): accepted in a profile's `wgslLanguageFeatures`
/// and ignored. tessera implements most of them on every target; the ones
/// it does not implement (`texture_formats_tier1`, `linear_indexing`) are
/// errors in `requires` whatever the profile says.
pub const OTHER_LANGUAGE_FEATURES: &[&str] = &[
    "readonly_and_readwrite_storage_textures",
    "packed_4x8_integer_dot_product",
    "unrestricted_pointer_parameters",
    "pointer_composite_access",
    "subgroup_id",
    "subgroup_uniformity",
    "swizzle_assignment",
    "texture_and_sampler_let",
    "texture_formats_tier1",
    "linear_indexing",
    "immediate_address_space",
    "fragment_depth",
    "buffer_view",
    "texel_buffers",
];

impl LanguageFeatures {
    /// The WGSL name of a single language feature.
    pub fn wgsl_name(self) -> Option<&'static str> {
        LANGUAGE_FEATURES.iter().find(|f| f.0 == self).map(|f| f.1)
    }

    /// The language feature named `name` in WGSL (and in `requires`).
    pub fn from_wgsl_name(name: &str) -> Option<LanguageFeatures> {
        LANGUAGE_FEATURES.iter().find(|f| f.1 == name).map(|f| f.0)
    }

    /// The WGSL names of the language features in the set, in
    /// [`LANGUAGE_FEATURES`] order.
    pub fn wgsl_names(self) -> impl Iterator<Item = &'static str> {
        LANGUAGE_FEATURES
            .iter()
            .filter(move |f| self.contains(f.0))
            .map(|f| f.1)
    }
}

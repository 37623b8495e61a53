//! Render-stage and texture vocabulary of the IR: texture dimensions,
//! texel formats, texture classes, the level and query operands of the
//! texture builtins, derivatives, and interpolation of user-defined IO.
//!
//! The types themselves are [`crate::ir::TypeInner::Image`] and
//! [`crate::ir::TypeInner::Sampler`]; the operations are
//! [`crate::ir::Expression::ImageSample`], [`crate::ir::Expression::ImageLoad`],
//! [`crate::ir::Expression::ImageQuery`], [`crate::ir::Statement::ImageStore`],
//! [`crate::ir::Expression::Derivative`] and [`crate::ir::Statement::Discard`].
//!
//! Texture and sampler variables live in [`crate::ir::AddressSpace::Handle`].
//! As for every module-scope variable, [`crate::ir::Expression::GlobalVariable`]
//! is a pointer to the variable; the texture or sampler *value* the builtins
//! take is a [`crate::ir::Expression::Load`] of it (or a function argument
//! of texture or sampler type).

use crate::arena::Handle;
use crate::ir::{Access, Expression, Scalar};

type H = Handle<Expression>;

/// Dimensionality of a texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ImageDimension {
    /// `texture_1d`, `texture_storage_1d`
    D1,
    /// `texture_2d`, `texture_2d_array`, `texture_multisampled_2d`,
    /// `texture_depth_2d`, ..., `texture_external`
    D2,
    /// `texture_3d`, `texture_storage_3d`
    D3,
    /// `texture_cube`, `texture_cube_array`, `texture_depth_cube`, ...
    Cube,
    /// `texel_buffer<F, A>` (the `texel_buffers` language feature): a
    /// one-dimensional buffer of texels, with a [`ImageClass::Storage`]
    /// class.
    Buffer,
}

impl ImageDimension {
    /// Number of components of a coordinate of this dimensionality (cube
    /// textures take a 3-component direction).
    pub const fn coordinate_size(self) -> u32 {
        match self {
            ImageDimension::D1 | ImageDimension::Buffer => 1,
            ImageDimension::D2 => 2,
            ImageDimension::D3 | ImageDimension::Cube => 3,
        }
    }

    /// Number of components of `textureDimensions`' result.
    pub const fn size_components(self) -> u32 {
        match self {
            ImageDimension::D1 | ImageDimension::Buffer => 1,
            ImageDimension::D2 | ImageDimension::Cube => 2,
            ImageDimension::D3 => 3,
        }
    }
}

macro_rules! texel_formats {
    ($($variant:ident => $name:literal, $scalar:ident, $channels:literal;)*) => {
        /// The texel format of a storage texture or texel buffer.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[allow(missing_docs)]
        pub enum TexelFormat {
            $($variant,)*
        }

        impl TexelFormat {
            /// Every format, in declaration order.
            pub const ALL: &'static [TexelFormat] = &[$(TexelFormat::$variant,)*];

            /// The WGSL spelling.
            pub const fn wgsl_name(self) -> &'static str {
                match self {
                    $(TexelFormat::$variant => $name,)*
                }
            }

            /// The channel type of texels as the shader sees them: `f32`,
            /// `i32` or `u32` (the component type of `textureLoad`'s
            /// `vec4` result and of `textureStore`'s value).
            pub const fn channel_scalar(self) -> Scalar {
                match self {
                    $(TexelFormat::$variant => Scalar::$scalar,)*
                }
            }

            /// Number of channels the format stores (1, 2 or 4; 3 for
            /// `rg11b10ufloat`).
            pub const fn channels(self) -> u32 {
                match self {
                    $(TexelFormat::$variant => $channels,)*
                }
            }
        }
    };
}

texel_formats! {
    R8Unorm => "r8unorm", F32, 1;
    R8Snorm => "r8snorm", F32, 1;
    R8Uint => "r8uint", U32, 1;
    R8Sint => "r8sint", I32, 1;
    R16Unorm => "r16unorm", F32, 1;
    R16Snorm => "r16snorm", F32, 1;
    R16Uint => "r16uint", U32, 1;
    R16Sint => "r16sint", I32, 1;
    R16Float => "r16float", F32, 1;
    Rg8Unorm => "rg8unorm", F32, 2;
    Rg8Snorm => "rg8snorm", F32, 2;
    Rg8Uint => "rg8uint", U32, 2;
    Rg8Sint => "rg8sint", I32, 2;
    R32Uint => "r32uint", U32, 1;
    R32Sint => "r32sint", I32, 1;
    R32Float => "r32float", F32, 1;
    Rg16Unorm => "rg16unorm", F32, 2;
    Rg16Snorm => "rg16snorm", F32, 2;
    Rg16Uint => "rg16uint", U32, 2;
    Rg16Sint => "rg16sint", I32, 2;
    Rg16Float => "rg16float", F32, 2;
    Rgba8Unorm => "rgba8unorm", F32, 4;
    Rgba8Snorm => "rgba8snorm", F32, 4;
    Rgba8Uint => "rgba8uint", U32, 4;
    Rgba8Sint => "rgba8sint", I32, 4;
    Bgra8Unorm => "bgra8unorm", F32, 4;
    Rgb10a2Uint => "rgb10a2uint", U32, 4;
    Rgb10a2Unorm => "rgb10a2unorm", F32, 4;
    Rg11b10Ufloat => "rg11b10ufloat", F32, 3;
    Rg32Uint => "rg32uint", U32, 2;
    Rg32Sint => "rg32sint", I32, 2;
    Rg32Float => "rg32float", F32, 2;
    Rgba16Unorm => "rgba16unorm", F32, 4;
    Rgba16Snorm => "rgba16snorm", F32, 4;
    Rgba16Uint => "rgba16uint", U32, 4;
    Rgba16Sint => "rgba16sint", I32, 4;
    Rgba16Float => "rgba16float", F32, 4;
    Rgba32Uint => "rgba32uint", U32, 4;
    Rgba32Sint => "rgba32sint", I32, 4;
    Rgba32Float => "rgba32float", F32, 4;
}

impl TexelFormat {
    /// The format with this WGSL spelling.
    pub fn from_wgsl_name(name: &str) -> Option<TexelFormat> {
        TexelFormat::ALL
            .iter()
            .copied()
            .find(|f| f.wgsl_name() == name)
    }

    /// Whether WGSL's core language lists the format for storage textures
    /// (the others need the `texture_formats_tier1` language feature, which
    /// tessera always provides, or are for texel buffers).
    pub const fn is_core_storage_format(self) -> bool {
        use TexelFormat as F;
        matches!(
            self,
            F::Rgba8Unorm
                | F::Rgba8Snorm
                | F::Rgba8Uint
                | F::Rgba8Sint
                | F::Rgba16Uint
                | F::Rgba16Sint
                | F::Rgba16Float
                | F::R32Uint
                | F::R32Sint
                | F::R32Float
                | F::Rg32Uint
                | F::Rg32Sint
                | F::Rg32Float
                | F::Rgba32Uint
                | F::Rgba32Sint
                | F::Rgba32Float
                | F::Bgra8Unorm
        )
    }
}

/// What a texture holds and how it is accessed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ImageClass {
    /// A sampled texture (`texture_2d<T>`, `texture_multisampled_2d<T>`,
    /// ...): `kind` is `F32`, `I32` or `U32`.
    Sampled {
        /// The sampled type.
        kind: Scalar,
        /// `texture_multisampled_2d`.
        multisampled: bool,
    },
    /// A depth texture (`texture_depth_*`): samples are `f32`.
    Depth {
        /// `texture_depth_multisampled_2d`.
        multisampled: bool,
    },
    /// A storage texture (`texture_storage_*<F, A>`) or a texel buffer.
    Storage {
        /// The texel format.
        format: TexelFormat,
        /// `read`, `write` or `read_write`.
        access: Access,
    },
    /// `texture_external`: lowered by a pass to planes plus parameters
    /// before any backend sees it.
    External,
    /// `input_attachment<T>` (`enable chromium_internal_input_attachments;`,
    /// as Tint accepts it): the current pixel of a render pass attachment,
    /// fragment stage only. Its dimension is
    /// [`ImageDimension::D2`], not arrayed; a variable of it carries
    /// [`crate::ir::GlobalVariable::input_attachment_index`].
    /// `inputAttachmentLoad(t)` is [`crate::ir::Expression::ImageLoad`]
    /// with a zero `vec2<i32>` coordinate (SPIR-V's `SubpassData` images
    /// are always read at offset (0, 0) from the fragment).
    InputAttachment {
        /// The component type: `F32`, `I32` or `U32`.
        kind: Scalar,
    },
}

impl ImageClass {
    /// Whether the class is multisampled.
    pub const fn is_multisampled(self) -> bool {
        matches!(
            self,
            ImageClass::Sampled {
                multisampled: true,
                ..
            } | ImageClass::Depth { multisampled: true }
        )
    }
}

/// The level-of-detail operand of [`crate::ir::Expression::ImageSample`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SampleLevel {
    /// Implicit level of detail (`textureSample`, `textureSampleCompare`):
    /// fragment stage only.
    Auto,
    /// Level 0 (`textureSampleCompareLevel`, `textureGather*`,
    /// `textureSampleBaseClampToEdge`).
    Zero,
    /// An explicit level (`textureSampleLevel`): `f32`, or `i32`/`u32` for
    /// depth textures.
    Exact(H),
    /// A bias added to the implicit level (`textureSampleBias`).
    Bias(H),
    /// Explicit gradients (`textureSampleGrad`).
    Gradient {
        /// d(coordinate)/dx.
        x: H,
        /// d(coordinate)/dy.
        y: H,
    },
}

/// What [`crate::ir::Expression::ImageQuery`] asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageQuery {
    /// `textureDimensions(t)` or `textureDimensions(t, level)`.
    Size {
        /// The mip level (`i32` or `u32`), if given.
        level: Option<H>,
    },
    /// `textureNumLevels`.
    NumLevels,
    /// `textureNumLayers`.
    NumLayers,
    /// `textureNumSamples`.
    NumSamples,
}

/// The direction of a derivative builtin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DerivativeAxis {
    /// `dpdx*`
    X,
    /// `dpdy*`
    Y,
    /// `fwidth*`: `abs(dpdx) + abs(dpdy)`
    Width,
}

/// The precision of a derivative builtin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DerivativeControl {
    /// `dpdx`, `dpdy`, `fwidth`: the implementation chooses.
    None,
    /// `*Coarse`
    Coarse,
    /// `*Fine`
    Fine,
}

/// `@interpolate` type of a user-defined IO value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Interpolation {
    /// `perspective` (the default for floating-point values)
    Perspective,
    /// `linear`
    Linear,
    /// `flat` (required for integer values)
    Flat,
}

/// `@interpolate` sampling of a user-defined IO value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sampling {
    /// `center` (the default for perspective and linear)
    Center,
    /// `centroid`
    Centroid,
    /// `sample`
    Sample,
    /// `first` (flat only; the default for flat)
    First,
    /// `either` (flat only)
    Either,
}

impl Interpolation {
    /// The WGSL spelling.
    pub const fn wgsl_name(self) -> &'static str {
        match self {
            Interpolation::Perspective => "perspective",
            Interpolation::Linear => "linear",
            Interpolation::Flat => "flat",
        }
    }
}

impl Sampling {
    /// The WGSL spelling.
    pub const fn wgsl_name(self) -> &'static str {
        match self {
            Sampling::Center => "center",
            Sampling::Centroid => "centroid",
            Sampling::Sample => "sample",
            Sampling::First => "first",
            Sampling::Either => "either",
        }
    }
}

/// The WGSL spelling of a texture type.
pub fn image_type_name(dim: ImageDimension, arrayed: bool, class: ImageClass) -> String {
    let d = match dim {
        ImageDimension::D1 => "1d",
        ImageDimension::D2 => "2d",
        ImageDimension::D3 => "3d",
        ImageDimension::Cube => "cube",
        ImageDimension::Buffer => "",
    };
    let array = if arrayed { "_array" } else { "" };
    match class {
        ImageClass::Sampled { kind, multisampled } => {
            let ms = if multisampled { "multisampled_" } else { "" };
            format!("texture_{ms}{d}{array}<{}>", kind.wgsl_name())
        }
        ImageClass::Depth { multisampled } => {
            let ms = if multisampled { "multisampled_" } else { "" };
            format!("texture_depth_{ms}{d}{array}")
        }
        ImageClass::InputAttachment { kind } => format!("input_attachment<{}>", kind.wgsl_name()),
        ImageClass::Storage { format, access } if dim == ImageDimension::Buffer => format!(
            "texel_buffer<{}, {}>",
            format.wgsl_name(),
            access.wgsl_name()
        ),
        ImageClass::Storage { format, access } => format!(
            "texture_storage_{d}{array}<{}, {}>",
            format.wgsl_name(),
            access.wgsl_name()
        ),
        ImageClass::External => "texture_external".to_string(),
    }
}

impl DerivativeAxis {
    /// The WGSL name of the derivative builtin of this axis and precision
    /// (`dpdx`, `dpdyCoarse`, `fwidthFine`, ...).
    pub const fn wgsl_name(self, control: DerivativeControl) -> &'static str {
        use DerivativeAxis as A;
        use DerivativeControl as C;
        match (self, control) {
            (A::X, C::None) => "dpdx",
            (A::X, C::Coarse) => "dpdxCoarse",
            (A::X, C::Fine) => "dpdxFine",
            (A::Y, C::None) => "dpdy",
            (A::Y, C::Coarse) => "dpdyCoarse",
            (A::Y, C::Fine) => "dpdyFine",
            (A::Width, C::None) => "fwidth",
            (A::Width, C::Coarse) => "fwidthCoarse",
            (A::Width, C::Fine) => "fwidthFine",
        }
    }
}

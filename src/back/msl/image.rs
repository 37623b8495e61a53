//! Textures and samplers: the MSL spelling of texture types, and the member
//! calls of the texture builtins (`sample`, `sample_compare`, `gather`,
//! `gather_compare`, `read`, `write`, `get_width`, ...) printed from printed
//! operands, as the other builtin lowerings do.
//!
//! | WGSL | MSL |
//! | --- | --- |
//! | `texture_2d<f32>` | `metal::texture2d<float, metal::access::sample>` |
//! | `texture_multisampled_2d<i32>` | `metal::texture2d_ms<int, metal::access::read>` |
//! | `texture_depth_cube_array` | `metal::depthcube_array<float, metal::access::sample>` |
//! | `texture_storage_2d<rgba8unorm, write>` | `metal::texture2d<float, metal::access::write>` |
//! | `texel_buffer<r32uint, read_write>` | `metal::texture_buffer<uint, metal::access::read_write>` |
//! | `sampler`, `sampler_comparison` | `metal::sampler` |
//!
//! Texture coordinates, array layers, sample indices and levels of `read`
//! and `write` are `uint` in Metal: signed operands are converted by the
//! caller ([`as_uint`]). A write to a `read_write` texture is followed by
//! `fence()`, which Metal requires before the same invocation reads the
//! texel back (WGSL orders an invocation's own texture accesses).
//!
//! What Metal cannot express ([`check_type`], and the errors of
//! [`sample`]) is reported as an error with the span of the use.

use crate::diagnostic::Diagnostic;
use crate::ir::{Access, ImageClass, ImageDimension, Scalar};

/// A texture type's shape, as the builtins need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Image {
    pub dim: ImageDimension,
    pub arrayed: bool,
    pub class: ImageClass,
}

type D = Box<Diagnostic>;

fn cannot(message: impl std::fmt::Display) -> D {
    Box::new(Diagnostic::without_location(format!(
        "Metal cannot express {message}"
    )))
}

/// The first MSL version with `texture_buffer`.
pub const TEXTURE_BUFFER_VERSION: (u8, u8) = (2, 1);
/// The first MSL version with `access::read_write` textures.
pub const READ_WRITE_VERSION: (u8, u8) = (1, 2);

/// The MSL spelling of an access.
fn access_name(access: Access) -> &'static str {
    match (access.can_read(), access.can_write()) {
        (true, true) => "metal::access::read_write",
        (false, true) => "metal::access::write",
        _ => "metal::access::read",
    }
}

/// The component type of a texture's texels (`float`, `int`, `uint`).
fn texel_scalar(class: ImageClass) -> &'static str {
    let s = match class {
        ImageClass::Sampled { kind, .. } => kind,
        ImageClass::Storage { format, .. } => format.channel_scalar(),
        ImageClass::InputAttachment { kind } => kind,
        ImageClass::Depth { .. } | ImageClass::External => Scalar::F32,
    };
    match s {
        Scalar::I32 => "int",
        Scalar::U32 => "uint",
        Scalar::F16 => "half",
        _ => "float",
    }
}

/// The Metal template of a texture type (`texture2d`, `depthcube_array`,
/// `texture2d_ms`, `texture_buffer`, ...).
fn template(img: Image) -> &'static str {
    let ms = img.class.is_multisampled();
    let depth = matches!(img.class, ImageClass::Depth { .. });
    match (img.dim, img.arrayed, depth, ms) {
        (ImageDimension::Buffer, ..) => "texture_buffer",
        (ImageDimension::D1, false, ..) => "texture1d",
        (ImageDimension::D1, true, ..) => "texture1d_array",
        (ImageDimension::D2, false, false, false) => "texture2d",
        (ImageDimension::D2, true, false, false) => "texture2d_array",
        (ImageDimension::D2, false, false, true) => "texture2d_ms",
        (ImageDimension::D2, true, false, true) => "texture2d_ms_array",
        (ImageDimension::D2, false, true, false) => "depth2d",
        (ImageDimension::D2, true, true, false) => "depth2d_array",
        (ImageDimension::D2, false, true, true) => "depth2d_ms",
        (ImageDimension::D2, true, true, true) => "depth2d_ms_array",
        (ImageDimension::D3, ..) => "texture3d",
        (ImageDimension::Cube, false, false, _) => "texturecube",
        (ImageDimension::Cube, true, false, _) => "texturecube_array",
        (ImageDimension::Cube, false, true, _) => "depthcube",
        (ImageDimension::Cube, true, true, _) => "depthcube_array",
    }
}

/// The MSL spelling of a texture type (types [`check_type`] rejects get
/// the closest spelling; nothing is printed for them).
pub(super) fn type_name(img: Image) -> String {
    let access = match img.class {
        ImageClass::Storage { access, .. } => access_name(access),
        _ if img.class.is_multisampled() || img.dim == ImageDimension::Buffer => {
            "metal::access::read"
        }
        _ => "metal::access::sample",
    };
    format!(
        "metal::{}<{}, {access}>",
        template(img),
        texel_scalar(img.class)
    )
}

/// The MSL spelling of `sampler` and `sampler_comparison`.
pub(super) const SAMPLER: &str = "metal::sampler";

/// Checks that Metal has a texture type for `img` (with MSL `version`).
pub(super) fn check_type(img: Image, wgsl: &str, version: (u8, u8)) -> Result<(), D> {
    let depth = matches!(img.class, ImageClass::Depth { .. });
    match img.class {
        ImageClass::External => {
            return Err(Box::new(
                Diagnostic::without_location(format!(
                    "`{wgsl}` reached the MSL writer without being lowered"
                ))
                .with_note("the external-texture pass replaces texture_external by its planes and parameters before any backend runs"),
            ))
        }
        ImageClass::InputAttachment { .. } => {
            return Err(Box::new(
                Diagnostic::without_location(format!(
                    "`{wgsl}` (chromium_internal_input_attachments) is not supported by the MSL backend"
                ))
                .with_note("Metal has no input attachments; Tint rejects them for MSL too"),
            ))
        }
        ImageClass::Storage { access, .. } => {
            if access.can_read() && access.can_write() && version < READ_WRITE_VERSION {
                return Err(Box::new(
                    Diagnostic::without_location(format!(
                        "read_write textures need MSL {}.{} or later, but the target is MSL {}.{}",
                        READ_WRITE_VERSION.0, READ_WRITE_VERSION.1, version.0, version.1
                    ))
                    .with_note("Metal added access::read_write textures in MSL 1.2"),
                ));
            }
        }
        ImageClass::Sampled { kind, .. } => {
            if !matches!(kind, Scalar::F32 | Scalar::I32 | Scalar::U32 | Scalar::F16) {
                return Err(cannot(format!("`{wgsl}`: textures of this component type")));
            }
        }
        ImageClass::Depth { .. } => {}
    }
    if img.dim == ImageDimension::Buffer {
        if !matches!(img.class, ImageClass::Storage { .. }) || img.arrayed {
            return Err(cannot(format!(
                "`{wgsl}`: Metal's texture buffers are not sampled and have no layers"
            )));
        }
        if version < TEXTURE_BUFFER_VERSION {
            return Err(Box::new(
                Diagnostic::without_location(format!(
                    "texel buffers need MSL {}.{} or later, but the target is MSL {}.{}",
                    TEXTURE_BUFFER_VERSION.0, TEXTURE_BUFFER_VERSION.1, version.0, version.1
                ))
                .with_note("Metal added texture_buffer in MSL 2.1"),
            ));
        }
    }
    if img.class.is_multisampled() && img.dim != ImageDimension::D2 {
        return Err(cannot(format!(
            "`{wgsl}`: Metal has multisampled 2D textures only"
        )));
    }
    if depth && matches!(img.dim, ImageDimension::D1 | ImageDimension::D3) {
        return Err(cannot(format!(
            "`{wgsl}`: Metal has 2D and cube depth textures only"
        )));
    }
    if img.dim == ImageDimension::D3 && img.arrayed {
        return Err(cannot(format!("`{wgsl}`: Metal has no 3D texture arrays")));
    }
    Ok(())
}

/// A printed scalar or vector operand converted to Metal's `uint`
/// (`signed`: the operand is `i32`; `size`: 1 for scalars).
pub(super) fn as_uint(text: &str, signed: bool, size: u32) -> String {
    match (signed, size) {
        (false, _) => text.to_string(),
        (true, 1) => format!("uint({text})"),
        (true, n) => format!("metal::uint{n}({text})"),
    }
}

/// The level-of-detail operand of a sample, printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Level {
    /// Implicit (fragment stage).
    Auto,
    /// Level 0.
    Zero,
    /// `level(x)`.
    Exact(String),
    /// `bias(x)`.
    Bias(String),
    /// `gradient*(x, y)`.
    Gradient(String, String),
}

/// The printed operands of [`crate::ir::Expression::ImageSample`].
#[derive(Clone, Debug)]
pub(super) struct Sample {
    pub image: String,
    pub sampler: String,
    pub coordinate: String,
    /// Already `uint`.
    pub array_index: Option<String>,
    pub offset: Option<String>,
    pub level: Level,
    pub depth_ref: Option<String>,
    pub gather: Option<u8>,
    pub clamp_to_edge: bool,
}

/// The `metal::level(...)`/`bias`/`gradient*` argument, if any.
fn level_option(img: Image, level: &Level) -> Result<Option<String>, D> {
    Ok(match level {
        Level::Auto => None,
        Level::Zero => Some("metal::level(0.0f)".into()),
        Level::Exact(x) => Some(format!("metal::level({x})")),
        Level::Bias(x) => Some(format!("metal::bias({x})")),
        Level::Gradient(x, y) => {
            let g = match img.dim {
                ImageDimension::D2 => "gradient2d",
                ImageDimension::D3 => "gradient3d",
                ImageDimension::Cube => "gradientcube",
                _ => return Err(cannot("explicit gradients on this texture")),
            };
            Some(format!("metal::{g}({x}, {y})"))
        }
    })
}

/// `textureSample*`, `textureGather*` and `textureSampleBaseClampToEdge` as
/// a member call of the texture.
pub(super) fn sample(img: Image, s: &Sample) -> Result<String, D> {
    let depth = matches!(img.class, ImageClass::Depth { .. });
    let mut args = vec![s.sampler.clone()];
    let coordinate = if s.clamp_to_edge {
        if img.dim != ImageDimension::D2 || img.arrayed || depth {
            return Err(cannot(
                "textureSampleBaseClampToEdge on a texture other than texture_2d<f32>",
            ));
        }
        // Keep the sample point half a texel inside the edges of level 0.
        let half = format!(
            "(metal::float2(0.5f) / metal::float2({0}.get_width(0), {0}.get_height(0)))",
            s.image
        );
        format!(
            "metal::clamp({}, {half}, metal::float2(1.0f) - {half})",
            s.coordinate
        )
    } else {
        s.coordinate.clone()
    };
    args.push(coordinate);
    if img.dim == ImageDimension::Buffer || img.class.is_multisampled() {
        return Err(cannot("sampling of multisampled textures or texel buffers"));
    }
    if img.arrayed {
        let a = s
            .array_index
            .clone()
            .ok_or_else(|| cannot("sampling an array texture without a layer"))?;
        args.push(a);
    }
    if img.dim == ImageDimension::Cube && s.offset.is_some() {
        return Err(cannot("texel offsets on cube textures"));
    }
    if img.dim == ImageDimension::D1 {
        // texture1d::sample has no lod option and no offset. WebGPU's 1D
        // textures have exactly one mip level (GPUTextureDescriptor:
        // mipLevelCount must be 1 for "1d"), so every level, bias or
        // gradient selects level 0: dropping them is exact. WGSL has no
        // offset form for 1D textures.
        if s.offset.is_some() {
            return Err(cannot("a texel offset when sampling a 1D texture"));
        }
        if s.depth_ref.is_some() || s.gather.is_some() {
            return Err(cannot("comparisons or gathers on 1D textures"));
        }
        return Ok(format!("{}.sample({})", s.image, args.join(", ")));
    }
    let method = match (s.gather, &s.depth_ref) {
        (None, None) => "sample",
        (None, Some(_)) => "sample_compare",
        (Some(_), None) => "gather",
        (Some(_), Some(_)) => "gather_compare",
    };
    if s.depth_ref.is_some() && !depth {
        return Err(cannot(
            "depth comparisons on textures that are not depth textures",
        ));
    }
    if s.gather.is_some() && img.dim == ImageDimension::D3 {
        return Err(cannot("gathers from 3D textures"));
    }
    if let Some(d) = &s.depth_ref {
        args.push(d.clone());
    }
    match (s.gather, &s.depth_ref) {
        // Gathers read level 0 and take no lod option.
        (Some(_), _) => {}
        // sample_compare takes no lod option or level.
        (None, Some(_)) => match &s.level {
            Level::Auto => {}
            Level::Zero | Level::Exact(_) => args.extend(level_option(img, &s.level)?),
            Level::Bias(_) | Level::Gradient(..) => {
                return Err(cannot(
                    "a depth comparison with a bias or explicit gradients",
                ))
            }
        },
        (None, None) => args.extend(level_option(img, &s.level)?),
    }
    let component = match s.gather {
        Some(c) if !depth => Some(
            match c {
                0 => "metal::component::x",
                1 => "metal::component::y",
                2 => "metal::component::z",
                _ => "metal::component::w",
            }
            .to_string(),
        ),
        Some(0) | None => None,
        Some(_) => {
            return Err(cannot(
                "gathering a component other than the first from a depth texture",
            ))
        }
    };
    match (&s.offset, &component) {
        (Some(o), _) => args.push(o.clone()),
        // The component follows the offset (2D textures): pass a zero one.
        (None, Some(_)) if img.dim == ImageDimension::D2 => args.push("metal::int2(0)".into()),
        (None, _) => {}
    }
    // Only the non-default component is spelled out.
    if let Some(c) = component {
        if c != "metal::component::x" {
            args.push(c);
        }
    }
    Ok(format!("{}.{method}({})", s.image, args.join(", ")))
}

/// `textureLoad` as `read`: `coordinate`, `array_index`, `sample` and
/// `level` are already `uint`.
pub(super) fn load(
    img: Image,
    image: &str,
    coordinate: &str,
    array_index: Option<&str>,
    sample: Option<&str>,
    level: Option<&str>,
) -> Result<String, D> {
    if img.dim == ImageDimension::Cube {
        return Err(cannot("loads from cube textures"));
    }
    let mut args = vec![coordinate.to_string()];
    if img.arrayed {
        args.push(
            array_index
                .ok_or_else(|| cannot("a load from an array texture without a layer"))?
                .to_string(),
        );
    }
    if img.class.is_multisampled() {
        args.push(
            sample
                .ok_or_else(|| cannot("a load from a multisampled texture without a sample index"))?
                .to_string(),
        );
    } else if let Some(l) = level {
        if img.dim != ImageDimension::Buffer {
            args.push(l.to_string());
        }
    }
    Ok(format!("{image}.read({})", args.join(", ")))
}

/// `textureStore` as `write` (and `fence()` for `read_write` textures):
/// the statements, without `;` or indentation. `coordinate` and
/// `array_index` are already `uint`.
pub(super) fn store(
    img: Image,
    image: &str,
    coordinate: &str,
    array_index: Option<&str>,
    value: &str,
) -> Result<Vec<String>, D> {
    let ImageClass::Storage { access, .. } = img.class else {
        return Err(cannot("stores to textures that are not storage textures"));
    };
    if img.dim == ImageDimension::Cube {
        return Err(cannot("stores to cube textures"));
    }
    let mut args = vec![value.to_string(), coordinate.to_string()];
    if img.arrayed {
        args.push(
            array_index
                .ok_or_else(|| cannot("a store to an array texture without a layer"))?
                .to_string(),
        );
    }
    let mut out = vec![format!("{image}.write({})", args.join(", "))];
    if access.can_read() {
        out.push(format!("{image}.fence()"));
    }
    Ok(out)
}

/// The queries of a texture, printed.
#[derive(Clone, Debug)]
pub(super) enum Query {
    /// `textureDimensions`, with the level already `uint`.
    Size(Option<String>),
    /// `textureNumLevels`.
    NumLevels,
    /// `textureNumLayers`.
    NumLayers,
    /// `textureNumSamples`.
    NumSamples,
}

/// `textureDimensions`, `textureNumLevels`, `textureNumLayers`,
/// `textureNumSamples`.
pub(super) fn query(img: Image, image: &str, q: &Query) -> Result<String, D> {
    let mipmapped = !img.class.is_multisampled()
        && img.dim != ImageDimension::Buffer
        && !matches!(img.class, ImageClass::Storage { .. });
    Ok(match q {
        Query::Size(level) => {
            let lod = match level {
                Some(l) if mipmapped => l.clone(),
                // Level 0 is the default argument; textures without mip
                // levels take none.
                _ => String::new(),
            };
            let width = format!("{image}.get_width({lod})");
            match img.dim {
                ImageDimension::D1 | ImageDimension::Buffer => width,
                ImageDimension::D2 | ImageDimension::Cube => {
                    format!("metal::uint2({width}, {image}.get_height({lod}))")
                }
                ImageDimension::D3 => format!(
                    "metal::uint3({width}, {image}.get_height({lod}), {image}.get_depth({lod}))"
                ),
            }
        }
        Query::NumLevels if mipmapped => format!("{image}.get_num_mip_levels()"),
        Query::NumLayers if img.arrayed => format!("{image}.get_array_size()"),
        Query::NumSamples if img.class.is_multisampled() => {
            format!("{image}.get_num_samples()")
        }
        Query::NumLevels => return Err(cannot("the level count of a texture without mip levels")),
        Query::NumLayers => {
            return Err(cannot("the layer count of a texture that is not an array"))
        }
        Query::NumSamples => {
            return Err(cannot(
                "the sample count of a texture that is not multisampled",
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::TexelFormat;

    fn img(dim: ImageDimension, arrayed: bool, class: ImageClass) -> Image {
        Image {
            dim,
            arrayed,
            class,
        }
    }

    const F32: ImageClass = ImageClass::Sampled {
        kind: Scalar::F32,
        multisampled: false,
    };
    const DEPTH: ImageClass = ImageClass::Depth {
        multisampled: false,
    };

    #[test]
    fn type_names() {
        use ImageDimension as Dim;
        let cases = [
            (
                img(Dim::D1, false, F32),
                "metal::texture1d<float, metal::access::sample>",
            ),
            (
                img(Dim::D2, true, F32),
                "metal::texture2d_array<float, metal::access::sample>",
            ),
            (
                img(Dim::D3, false, F32),
                "metal::texture3d<float, metal::access::sample>",
            ),
            (
                img(Dim::Cube, true, F32),
                "metal::texturecube_array<float, metal::access::sample>",
            ),
            (
                img(
                    Dim::D2,
                    false,
                    ImageClass::Sampled {
                        kind: Scalar::I32,
                        multisampled: true,
                    },
                ),
                "metal::texture2d_ms<int, metal::access::read>",
            ),
            (
                img(Dim::D2, false, DEPTH),
                "metal::depth2d<float, metal::access::sample>",
            ),
            (
                img(Dim::Cube, true, DEPTH),
                "metal::depthcube_array<float, metal::access::sample>",
            ),
            (
                img(Dim::D2, false, ImageClass::Depth { multisampled: true }),
                "metal::depth2d_ms<float, metal::access::read>",
            ),
            (
                img(
                    Dim::D2,
                    true,
                    ImageClass::Storage {
                        format: TexelFormat::Rgba8Unorm,
                        access: Access::Write,
                    },
                ),
                "metal::texture2d_array<float, metal::access::write>",
            ),
            (
                img(
                    Dim::Buffer,
                    false,
                    ImageClass::Storage {
                        format: TexelFormat::R32Uint,
                        access: Access::ReadWrite,
                    },
                ),
                "metal::texture_buffer<uint, metal::access::read_write>",
            ),
        ];
        for (i, want) in cases {
            assert_eq!(type_name(i), want);
        }
    }

    fn sample_args() -> Sample {
        Sample {
            image: "t".into(),
            sampler: "s".into(),
            coordinate: "c".into(),
            array_index: None,
            offset: None,
            level: Level::Auto,
            depth_ref: None,
            gather: None,
            clamp_to_edge: false,
        }
    }

    #[test]
    fn samples() {
        use ImageDimension as Dim;
        let t2 = img(Dim::D2, false, F32);
        let s = Sample {
            level: Level::Bias("b".into()),
            offset: Some("metal::int2(1, 2)".into()),
            ..sample_args()
        };
        assert_eq!(
            sample(t2, &s).unwrap(),
            "t.sample(s, c, metal::bias(b), metal::int2(1, 2))"
        );
        let g = Sample {
            gather: Some(2),
            ..sample_args()
        };
        assert_eq!(
            sample(t2, &g).unwrap(),
            "t.gather(s, c, metal::int2(0), metal::component::z)"
        );
        let cube = img(Dim::Cube, true, F32);
        let g = Sample {
            gather: Some(1),
            array_index: Some("a".into()),
            ..sample_args()
        };
        assert_eq!(
            sample(cube, &g).unwrap(),
            "t.gather(s, c, a, metal::component::y)"
        );
        let d = img(Dim::D2, true, DEPTH);
        let c = Sample {
            depth_ref: Some("r".into()),
            array_index: Some("a".into()),
            level: Level::Zero,
            ..sample_args()
        };
        assert_eq!(
            sample(d, &c).unwrap(),
            "t.sample_compare(s, c, a, r, metal::level(0.0f))"
        );
        let gc = Sample {
            depth_ref: Some("r".into()),
            gather: Some(0),
            level: Level::Zero,
            ..sample_args()
        };
        assert_eq!(
            sample(img(Dim::D2, false, DEPTH), &gc).unwrap(),
            "t.gather_compare(s, c, r)"
        );
        let grad = Sample {
            level: Level::Gradient("x".into(), "y".into()),
            ..sample_args()
        };
        assert_eq!(
            sample(img(Dim::D3, false, F32), &grad).unwrap(),
            "t.sample(s, c, metal::gradient3d(x, y))"
        );
        let e = sample(
            cube,
            &Sample {
                offset: Some("o".into()),
                array_index: Some("a".into()),
                ..sample_args()
            },
        )
        .unwrap_err();
        assert!(e
            .message
            .contains("Metal cannot express texel offsets on cube textures"));
    }

    #[test]
    fn loads_stores_queries() {
        use ImageDimension as Dim;
        let ms = img(
            Dim::D2,
            false,
            ImageClass::Sampled {
                kind: Scalar::U32,
                multisampled: true,
            },
        );
        assert_eq!(
            load(ms, "t", "c", None, Some("s"), None).unwrap(),
            "t.read(c, s)"
        );
        let rw = img(
            Dim::D2,
            true,
            ImageClass::Storage {
                format: TexelFormat::R32Float,
                access: Access::ReadWrite,
            },
        );
        assert_eq!(
            store(rw, "t", "c", Some("a"), "v").unwrap(),
            ["t.write(v, c, a)", "t.fence()"]
        );
        assert_eq!(
            query(
                img(Dim::D3, false, F32),
                "t",
                &Query::Size(Some("l".into()))
            )
            .unwrap(),
            "metal::uint3(t.get_width(l), t.get_height(l), t.get_depth(l))"
        );
        assert_eq!(
            query(rw, "t", &Query::NumLayers).unwrap(),
            "t.get_array_size()"
        );
        assert!(query(rw, "t", &Query::NumLevels).is_err());
    }
}

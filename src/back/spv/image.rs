//! Textures, samplers and texel buffers: `OpTypeImage`/`OpTypeSampler`/
//! `OpTypeSampledImage`, their capabilities, and the texture builtins
//! (`OpImageSample*`, `OpImageGather`, `OpImageFetch`, `OpImageRead`,
//! `OpImageWrite`, `OpImageQuery*`).
//!
//! - Depth textures are `Depth 1` images sampled with `float`; the
//!   non-comparison builtins read a `vec4<f32>` and keep component 0.
//! - Array layers are appended to the coordinates (converted to `float`
//!   for sampling, to the coordinates' integer type for fetches).
//! - `textureSampleBaseClampToEdge` clamps the coordinates to
//!   `[half texel, 1 - half texel]` of level 0 and samples level 0.
//! - `textureNumLayers` is the last component of the level-0 size (cube
//!   arrays count cubes, as WGSL does).

use spirv::{Capability, Dim, ImageFormat, ImageOperands, Op};

use super::function::FnCtx;
use super::modes::LocalType;
use super::writer::{err, Writer, R};
use crate::arena::Handle;
use crate::ir::{
    Access, Expression, ImageClass, ImageDimension, ImageQuery, SampleLevel, Scalar, TexelFormat,
    TypeInner,
};

/// The SPIR-V image format of a texel format (`Unknown` for
/// `bgra8unorm`, which SPIR-V cannot name).
fn spirv_format(f: TexelFormat) -> ImageFormat {
    use ImageFormat as I;
    use TexelFormat as F;
    match f {
        F::R8Unorm => I::R8,
        F::R8Snorm => I::R8Snorm,
        F::R8Uint => I::R8ui,
        F::R8Sint => I::R8i,
        F::R16Unorm => I::R16,
        F::R16Snorm => I::R16Snorm,
        F::R16Uint => I::R16ui,
        F::R16Sint => I::R16i,
        F::R16Float => I::R16f,
        F::Rg8Unorm => I::Rg8,
        F::Rg8Snorm => I::Rg8Snorm,
        F::Rg8Uint => I::Rg8ui,
        F::Rg8Sint => I::Rg8i,
        F::R32Uint => I::R32ui,
        F::R32Sint => I::R32i,
        F::R32Float => I::R32f,
        F::Rg16Unorm => I::Rg16,
        F::Rg16Snorm => I::Rg16Snorm,
        F::Rg16Uint => I::Rg16ui,
        F::Rg16Sint => I::Rg16i,
        F::Rg16Float => I::Rg16f,
        F::Rgba8Unorm => I::Rgba8,
        F::Rgba8Snorm => I::Rgba8Snorm,
        F::Rgba8Uint => I::Rgba8ui,
        F::Rgba8Sint => I::Rgba8i,
        F::Bgra8Unorm => I::Unknown,
        F::Rgb10a2Uint => I::Rgb10a2ui,
        F::Rgb10a2Unorm => I::Rgb10A2,
        F::Rg11b10Ufloat => I::R11fG11fB10f,
        F::Rg32Uint => I::Rg32ui,
        F::Rg32Sint => I::Rg32i,
        F::Rg32Float => I::Rg32f,
        F::Rgba16Unorm => I::Rgba16,
        F::Rgba16Snorm => I::Rgba16Snorm,
        F::Rgba16Uint => I::Rgba16ui,
        F::Rgba16Sint => I::Rgba16i,
        F::Rgba16Float => I::Rgba16f,
        F::Rgba32Uint => I::Rgba32ui,
        F::Rgba32Sint => I::Rgba32i,
        F::Rgba32Float => I::Rgba32f,
    }
}

/// Whether a storage format needs `StorageImageExtendedFormats`.
fn is_extended(f: ImageFormat) -> bool {
    use ImageFormat as I;
    !matches!(
        f,
        I::Unknown
            | I::Rgba32f
            | I::Rgba16f
            | I::R32f
            | I::Rgba8
            | I::Rgba8Snorm
            | I::Rgba32i
            | I::Rgba16i
            | I::Rgba8i
            | I::R32i
            | I::Rgba32ui
            | I::Rgba16ui
            | I::Rgba8ui
            | I::R32ui
    )
}

/// The sampled type of a texture class.
fn sampled_scalar(class: ImageClass) -> Scalar {
    match class {
        ImageClass::Sampled { kind, .. } => kind,
        ImageClass::Storage { format, .. } => format.channel_scalar(),
        ImageClass::InputAttachment { kind } => kind,
        ImageClass::Depth { .. } | ImageClass::External => Scalar::F32,
    }
}

/// A texture operand's type.
#[derive(Clone, Copy)]
struct Img {
    dim: ImageDimension,
    arrayed: bool,
    class: ImageClass,
}

impl Writer<'_> {
    /// `OpTypeImage` of a texture type, declaring its capabilities.
    pub(super) fn image_type(
        &mut self,
        dim: ImageDimension,
        arrayed: bool,
        class: ImageClass,
        span: crate::span::Span,
    ) -> R<u32> {
        let sampled = self.scalar_type(sampled_scalar(class));
        let storage = matches!(class, ImageClass::Storage { .. });
        let spv_dim = match dim {
            ImageDimension::D1 => {
                self.s.cap(if storage {
                    Capability::Image1D
                } else {
                    Capability::Sampled1D
                });
                Dim::Dim1D
            }
            ImageDimension::D2 if matches!(class, ImageClass::InputAttachment { .. }) => {
                self.s.cap(Capability::InputAttachment);
                Dim::DimSubpassData
            }
            ImageDimension::D2 => Dim::Dim2D,
            ImageDimension::D3 => Dim::Dim3D,
            ImageDimension::Cube => {
                if arrayed {
                    self.s.cap(Capability::SampledCubeArray);
                }
                Dim::DimCube
            }
            ImageDimension::Buffer => {
                self.s.cap(if storage {
                    Capability::ImageBuffer
                } else {
                    Capability::SampledBuffer
                });
                Dim::DimBuffer
            }
        };
        let (depth, ms, sampled_flag, format) = match class {
            ImageClass::Sampled { multisampled, .. } => (0, multisampled, 1, ImageFormat::Unknown),
            ImageClass::Depth { multisampled } => (1, multisampled, 1, ImageFormat::Unknown),
            ImageClass::Storage { format, access } => {
                let f = spirv_format(format);
                if is_extended(f) {
                    self.s.cap(Capability::StorageImageExtendedFormats);
                }
                if f == ImageFormat::Unknown {
                    if access.can_read() {
                        self.s.cap(Capability::StorageImageReadWithoutFormat);
                    }
                    if access.can_write() {
                        self.s.cap(Capability::StorageImageWriteWithoutFormat);
                    }
                }
                (0, false, 2, f)
            }
            ImageClass::InputAttachment { .. } => (0, false, 2, ImageFormat::Unknown),
            ImageClass::External => {
                return Err(err(
                    "texture_external must be lowered before the SPIR-V writer (the external-texture pass)",
                    span,
                ))
            }
        };
        if ms && arrayed {
            self.s.cap(Capability::ImageMSArray);
        }
        Ok(self.local_type(LocalType::Image([
            sampled,
            spv_dim as u32,
            depth,
            arrayed as u32,
            ms as u32,
            sampled_flag,
            format as u32,
        ])))
    }

    fn img(&self, cx: &FnCtx, h: Handle<Expression>) -> R<Img> {
        match *self.inner(cx, h)? {
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => Ok(Img {
                dim,
                arrayed,
                class,
            }),
            _ => Err(err("expected a texture", cx.span(h))),
        }
    }

    /// The plain type id of an image operand.
    fn image_type_of(&mut self, cx: &FnCtx, h: Handle<Expression>) -> R<u32> {
        self.expr_type(cx, h)
    }

    /// Coordinates with the array layer appended, as `scalar` components.
    fn coords_with_layer(
        &mut self,
        cx: &mut FnCtx,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
        scalar: Scalar,
    ) -> R<u32> {
        let c = self.expr(cx, coordinate)?;
        let Some(ai) = array_index else {
            return Ok(c);
        };
        let (n, cs) = match *self.inner(cx, coordinate)? {
            TypeInner::Scalar(s) => (1, s),
            TypeInner::Vector { size, scalar } => (size.get(), scalar),
            _ => {
                return Err(err(
                    "expected scalar or vector coordinates",
                    cx.span(coordinate),
                ))
            }
        };
        let _ = cs;
        let a = self.expr(cx, ai)?;
        let a_scalar = self.inner(cx, ai)?.scalar().unwrap_or(Scalar::I32);
        let st = self.scalar_type(scalar);
        let a = if a_scalar == scalar {
            a
        } else if scalar == Scalar::F32 {
            let op = if a_scalar == Scalar::U32 {
                Op::ConvertUToF
            } else {
                Op::ConvertSToF
            };
            self.emit(cx, op, st, &[a])
        } else {
            self.emit(cx, Op::Bitcast, st, &[a])
        };
        let vt = self.vector_type(scalar, n + 1);
        let mut parts = Vec::with_capacity(n as usize + 1);
        if n == 1 {
            parts.push(c);
        } else {
            for i in 0..n {
                parts.push(self.emit(cx, Op::CompositeExtract, st, &[c, i]));
            }
        }
        parts.push(a);
        Ok(self.emit(cx, Op::CompositeConstruct, vt, &parts))
    }

    /// `textureDimensions` / `textureNumLayers` / `textureNumLevels` /
    /// `textureNumSamples`.
    pub(super) fn image_query(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        image: Handle<Expression>,
        query: ImageQuery,
    ) -> R<u32> {
        self.s.cap(Capability::ImageQuery);
        let img = self.img(cx, image)?;
        let i = self.expr(cx, image)?;
        let u = self.u32_type();
        let result_ty = self.expr_type(cx, h)?;
        match query {
            ImageQuery::NumLevels => return Ok(self.emit(cx, Op::ImageQueryLevels, u, &[i])),
            ImageQuery::NumSamples => return Ok(self.emit(cx, Op::ImageQuerySamples, u, &[i])),
            _ => {}
        }
        let lod = match query {
            ImageQuery::Size { level: Some(l) } => Some(self.expr(cx, l)?),
            _ => None,
        };
        let with_lod = matches!(
            img.class,
            ImageClass::Sampled {
                multisampled: false,
                ..
            } | ImageClass::Depth {
                multisampled: false
            }
        );
        let n = img.dim.size_components() + img.arrayed as u32;
        let size_ty = if n == 1 {
            u
        } else {
            self.vector_type(Scalar::U32, n)
        };
        let size = if with_lod {
            let lod = match lod {
                Some(l) => l,
                None => self.u32_const(0),
            };
            self.emit(cx, Op::ImageQuerySizeLod, size_ty, &[i, lod])
        } else {
            self.emit(cx, Op::ImageQuerySize, size_ty, &[i])
        };
        let want = img.dim.size_components();
        match query {
            ImageQuery::NumLayers => Ok(self.emit(cx, Op::CompositeExtract, u, &[size, want])),
            _ if n == want => Ok(size),
            _ if want == 1 => Ok(self.emit(cx, Op::CompositeExtract, u, &[size, 0])),
            _ => {
                let mut ops = vec![size, size];
                ops.extend(0..want);
                Ok(self.emit(cx, Op::VectorShuffle, result_ty, &ops))
            }
        }
    }

    /// `textureLoad` (`h` is the [`Expression::ImageLoad`]).
    pub(super) fn image_load(&mut self, cx: &mut FnCtx, h: Handle<Expression>) -> R<u32> {
        let Expression::ImageLoad {
            image,
            coordinate,
            array_index,
            sample,
            level,
        } = cx.f.expressions[h]
        else {
            return Err(err("internal error: not a texture load", cx.span(h)));
        };
        let img = self.img(cx, image)?;
        let i = self.expr(cx, image)?;
        let cscalar = self.inner(cx, coordinate)?.scalar().unwrap_or(Scalar::I32);
        let c = self.coords_with_layer(cx, coordinate, array_index, cscalar)?;
        let result_ty = self.expr_type(cx, h)?;
        let texel = sampled_scalar(img.class);
        let v4 = self.vector_type(texel, 4);
        if let ImageClass::Storage { .. } | ImageClass::InputAttachment { .. } = img.class {
            return Ok(self.emit(cx, Op::ImageRead, v4, &[i, c]));
        }
        let mut ops = vec![i, c];
        if let Some(s) = sample {
            ops.push(ImageOperands::SAMPLE.bits());
            ops.push(self.expr(cx, s)?);
        } else {
            let l = match level {
                Some(l) => self.expr(cx, l)?,
                None => self.i32_const(0),
            };
            ops.push(ImageOperands::LOD.bits());
            ops.push(l);
        }
        let v = self.emit(cx, Op::ImageFetch, v4, &ops);
        if matches!(img.class, ImageClass::Depth { .. }) {
            return Ok(self.emit(cx, Op::CompositeExtract, result_ty, &[v, 0]));
        }
        Ok(v)
    }

    /// `textureStore`.
    pub(super) fn image_store(
        &mut self,
        cx: &mut FnCtx,
        image: Handle<Expression>,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
        value: Handle<Expression>,
    ) -> R<()> {
        let i = self.expr(cx, image)?;
        let cscalar = self.inner(cx, coordinate)?.scalar().unwrap_or(Scalar::I32);
        let c = self.coords_with_layer(cx, coordinate, array_index, cscalar)?;
        let v = self.expr(cx, value)?;
        cx.raw(Op::ImageWrite, &[i, c, v]);
        Ok(())
    }

    /// `textureSample*`, `textureGather*`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn image_sample(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        image: Handle<Expression>,
        sampler: Handle<Expression>,
        gather: Option<u8>,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
        offset: Option<Handle<Expression>>,
        level: SampleLevel,
        depth_ref: Option<Handle<Expression>>,
        clamp_to_edge: bool,
    ) -> R<u32> {
        let img = self.img(cx, image)?;
        let i = self.expr(cx, image)?;
        let s = self.expr(cx, sampler)?;
        let it = self.image_type_of(cx, image)?;
        let sit = self.local_type(LocalType::SampledImage(it));
        let f32t = self.scalar_type(Scalar::F32);
        let mut c = if clamp_to_edge {
            self.clamp_to_edge_coords(cx, i, coordinate)?
        } else {
            self.expr(cx, coordinate)?
        };
        if array_index.is_some() {
            // Re-build with the layer (the clamp never applies to arrays).
            c = self.coords_with_layer(cx, coordinate, array_index, Scalar::F32)?;
        }
        let si = self.emit(cx, Op::SampledImage, sit, &[i, s]);
        let result_ty = self.expr_type(cx, h)?;
        let texel = sampled_scalar(img.class);
        let v4 = self.vector_type(texel, 4);
        let depth = matches!(img.class, ImageClass::Depth { .. });
        let dref = match depth_ref {
            Some(d) => Some(self.expr(cx, d)?),
            None => None,
        };
        let offset = match offset {
            Some(o) => Some(self.expr(cx, o)?),
            None => None,
        };
        // Image operands, in mask-bit order.
        let mut mask = ImageOperands::NONE;
        let mut operands = Vec::new();
        match level {
            SampleLevel::Bias(b) => {
                mask |= ImageOperands::BIAS;
                operands.push(self.expr(cx, b)?);
            }
            SampleLevel::Exact(l) => {
                mask |= ImageOperands::LOD;
                let mut v = self.expr(cx, l)?;
                match self.inner(cx, l)?.scalar() {
                    Some(Scalar::I32) => v = self.emit(cx, Op::ConvertSToF, f32t, &[v]),
                    Some(Scalar::U32) => v = self.emit(cx, Op::ConvertUToF, f32t, &[v]),
                    _ => {}
                }
                operands.push(v);
            }
            SampleLevel::Zero if gather.is_none() => {
                mask |= ImageOperands::LOD;
                operands.push(self.scalar_const(Scalar::F32, 0.0));
            }
            SampleLevel::Gradient { x, y } => {
                mask |= ImageOperands::GRAD;
                operands.push(self.expr(cx, x)?);
                operands.push(self.expr(cx, y)?);
            }
            SampleLevel::Zero | SampleLevel::Auto => {}
        }
        if let Some(o) = offset {
            mask |= ImageOperands::CONST_OFFSET;
            operands.push(o);
        }
        let mut ops = vec![si, c];
        let (op, ty, extract) = if let Some(component) = gather {
            match dref {
                Some(d) => {
                    ops.push(d);
                    (Op::ImageDrefGather, v4, false)
                }
                None => {
                    let comp = if depth { 0 } else { u32::from(component) };
                    ops.push(self.u32_const(comp));
                    (Op::ImageGather, v4, false)
                }
            }
        } else if let Some(d) = dref {
            ops.push(d);
            let op = if mask.contains(ImageOperands::LOD) || mask.contains(ImageOperands::GRAD) {
                Op::ImageSampleDrefExplicitLod
            } else {
                Op::ImageSampleDrefImplicitLod
            };
            (op, f32t, false)
        } else {
            let op = if mask.intersects(ImageOperands::LOD | ImageOperands::GRAD) {
                Op::ImageSampleExplicitLod
            } else {
                Op::ImageSampleImplicitLod
            };
            (op, v4, depth)
        };
        if mask != ImageOperands::NONE {
            ops.push(mask.bits());
            ops.extend(operands);
        }
        let v = self.emit(cx, op, ty, &ops);
        if extract {
            return Ok(self.emit(cx, Op::CompositeExtract, result_ty, &[v, 0]));
        }
        Ok(v)
    }

    /// `clamp(coords, half_texel, 1 - half_texel)` with the texel size of
    /// level 0.
    fn clamp_to_edge_coords(
        &mut self,
        cx: &mut FnCtx,
        image: u32,
        coordinate: Handle<Expression>,
    ) -> R<u32> {
        self.s.cap(Capability::ImageQuery);
        let c = self.expr(cx, coordinate)?;
        let v2u = self.vector_type(Scalar::U32, 2);
        let v2f = self.vector_type(Scalar::F32, 2);
        let zero = self.u32_const(0);
        let size = self.emit(cx, Op::ImageQuerySizeLod, v2u, &[image, zero]);
        let sizef = self.emit(cx, Op::ConvertUToF, v2f, &[size]);
        let half = self.const_splat(Scalar::F32, 2, 0.5);
        let one = self.const_splat(Scalar::F32, 2, 1.0);
        let half_texel = self.emit(cx, Op::FDiv, v2f, &[half, sizef]);
        let hi = self.emit(cx, Op::FSub, v2f, &[one, half_texel]);
        Ok(self.glsl(cx, v2f, spirv::GlslStd450Op::FClamp, &[c, half_texel, hi]))
    }

    /// `NonReadable`/`NonWritable` of a storage texture variable.
    pub(super) fn storage_image_access(&mut self, var: u32, ty: &TypeInner) {
        if let TypeInner::Image {
            class: ImageClass::Storage { access, .. },
            ..
        } = *ty
        {
            let a = &mut self.s.annotations;
            if access == Access::Write {
                super::builder::inst(
                    a,
                    Op::Decorate,
                    &[var, spirv::Decoration::NonReadable as u32],
                );
            }
            if access == Access::Read {
                super::builder::inst(
                    a,
                    Op::Decorate,
                    &[var, spirv::Decoration::NonWritable as u32],
                );
            }
        }
    }
}

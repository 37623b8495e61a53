//! `vkConvertCooperativeVectorMatrixNV` (`VK_NV_cooperative_vector`),
//! declared by hand like [`super::coopvec_ffi`]: the structure follows
//! `vulkan_core.h` (header 1.4.359, extension spec version 4) member for
//! member, with `VK_STRUCTURE_TYPE_CONVERT_COOPERATIVE_VECTOR_MATRIX_INFO_NV
//! = 1000491004`; the command is a device command, loaded with
//! `vkGetDeviceProcAddr`.
//!
//! On top of it:
//!
//! - [`Converter`]: size queries and host-side conversions between the
//!   row-major layout and the driver's optimal layouts;
//! - [`probe`]: the sizes of the inferencing- and training-optimal layouts
//!   of every matrix shape in [`PROBE_DIMS`] squared, for f16 and f32 (and
//!   the inferencing-optimal layout of i8 and u8), and per layout and type
//!   [`derive_bound`], the smallest bound `factor * roundup(R, rows) *
//!   roundup(C, columns)` elements that covers them all: the device
//!   profile's `cooperativeVectorOptimalLayouts`, which tessera's native
//!   operations in those layouts need for WGSL's bounds.

use std::ffi::c_void;

use ash::vk;
use serde_json::{json, Value};
use tessera::configs::{ComponentType, OptimalLayout, OptimalLayoutBound};

/// `VK_STRUCTURE_TYPE_CONVERT_COOPERATIVE_VECTOR_MATRIX_INFO_NV`.
pub const STRUCTURE_TYPE_CONVERT_INFO: i32 = 1_000_491_004;

/// `VkCooperativeVectorMatrixLayoutNV`.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatrixLayout(pub i32);

impl MatrixLayout {
    /// `VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_ROW_MAJOR_NV`.
    pub const ROW_MAJOR: MatrixLayout = MatrixLayout(0);
    /// `VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_COLUMN_MAJOR_NV`.
    pub const COLUMN_MAJOR: MatrixLayout = MatrixLayout(1);
    /// `VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_INFERENCING_OPTIMAL_NV`.
    pub const INFERENCING_OPTIMAL: MatrixLayout = MatrixLayout(2);
    /// `VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_TRAINING_OPTIMAL_NV`.
    pub const TRAINING_OPTIMAL: MatrixLayout = MatrixLayout(3);

    /// The layout's name in logs and results.
    pub fn name(self) -> String {
        match self.0 {
            0 => "row_major".into(),
            1 => "column_major".into(),
            2 => "inferencing_optimal".into(),
            3 => "training_optimal".into(),
            other => other.to_string(),
        }
    }

    /// The stride of an `rows x columns` matrix with `bytes`-byte elements
    /// in this layout: one row (row-major) or column (column-major), 0
    /// (ignored) for the optimal layouts.
    pub fn stride(self, rows: u32, columns: u32, bytes: usize) -> usize {
        match self {
            MatrixLayout::ROW_MAJOR => columns as usize * bytes,
            MatrixLayout::COLUMN_MAJOR => rows as usize * bytes,
            _ => 0,
        }
    }
}

/// `VkConvertCooperativeVectorMatrixInfoNV`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ConvertInfoNV {
    /// `sType`.
    pub s_type: vk::StructureType,
    /// `pNext`.
    pub p_next: *const c_void,
    /// `srcSize`: bytes at `src_data`.
    pub src_size: usize,
    /// `srcData` (host address here).
    pub src_data: vk::DeviceOrHostAddressConstKHR,
    /// `pDstSize`: in, the bytes at `dst_data`; out, the bytes needed
    /// (`dst_data` null) or written.
    pub p_dst_size: *mut usize,
    /// `dstData` (host address; null for a size query).
    pub dst_data: vk::DeviceOrHostAddressKHR,
    /// `srcComponentType`.
    pub src_component_type: vk::ComponentTypeKHR,
    /// `dstComponentType`.
    pub dst_component_type: vk::ComponentTypeKHR,
    /// `numRows`.
    pub num_rows: u32,
    /// `numColumns`.
    pub num_columns: u32,
    /// `srcLayout`.
    pub src_layout: MatrixLayout,
    /// `srcStride` (bytes; row- and column-major only).
    pub src_stride: usize,
    /// `dstLayout`.
    pub dst_layout: MatrixLayout,
    /// `dstStride` (bytes; row- and column-major only).
    pub dst_stride: usize,
}

/// `PFN_vkConvertCooperativeVectorMatrixNV`.
type ConvertFn = unsafe extern "system" fn(vk::Device, *const ConvertInfoNV) -> vk::Result;

/// Bytes per element of the component types the conversions here use
/// (`FLOAT16`, `FLOAT32`, `SINT8`, `UINT8`).
pub fn element_bytes(t: vk::ComponentTypeKHR) -> usize {
    match t {
        vk::ComponentTypeKHR::FLOAT32 => 4,
        vk::ComponentTypeKHR::SINT8 | vk::ComponentTypeKHR::UINT8 => 1,
        _ => 2,
    }
}

/// tessera's component type of a Vulkan one the probe measures.
pub fn component(t: vk::ComponentTypeKHR) -> Option<ComponentType> {
    match t {
        vk::ComponentTypeKHR::FLOAT16 => Some(ComponentType::F16),
        vk::ComponentTypeKHR::FLOAT32 => Some(ComponentType::F32),
        vk::ComponentTypeKHR::SINT8 => Some(ComponentType::I8),
        vk::ComponentTypeKHR::UINT8 => Some(ComponentType::U8),
        _ => None,
    }
}

/// The Vulkan component type of tessera's f16, f32, i8 or u8.
pub fn vulkan_component(t: ComponentType) -> Option<vk::ComponentTypeKHR> {
    match t {
        ComponentType::F16 => Some(vk::ComponentTypeKHR::FLOAT16),
        ComponentType::F32 => Some(vk::ComponentTypeKHR::FLOAT32),
        ComponentType::I8 => Some(vk::ComponentTypeKHR::SINT8),
        ComponentType::U8 => Some(vk::ComponentTypeKHR::UINT8),
        _ => None,
    }
}

/// tessera's name of a Vulkan optimal layout (`None` for row- and
/// column-major).
pub fn optimal_layout(layout: MatrixLayout) -> Option<OptimalLayout> {
    match layout {
        MatrixLayout::INFERENCING_OPTIMAL => Some(OptimalLayout::Inference),
        MatrixLayout::TRAINING_OPTIMAL => Some(OptimalLayout::Training),
        _ => None,
    }
}

/// `vkConvertCooperativeVectorMatrixNV` of one logical device, which it
/// borrows.
#[derive(Clone, Copy)]
pub struct Converter<'a> {
    device: vk::Device,
    convert: ConvertFn,
    _device: std::marker::PhantomData<&'a ash::Device>,
}

impl<'a> Converter<'a> {
    /// Loads the command for `device` (created with
    /// `VK_NV_cooperative_vector` enabled).
    ///
    /// # Safety
    /// `device` was created from `instance`.
    pub unsafe fn load(
        instance: &ash::Instance,
        device: &'a ash::Device,
    ) -> Result<Converter<'a>, String> {
        let raw = instance.get_device_proc_addr(
            device.handle(),
            c"vkConvertCooperativeVectorMatrixNV".as_ptr(),
        );
        let Some(raw) = raw else {
            return Err("vkGetDeviceProcAddr has no vkConvertCooperativeVectorMatrixNV".into());
        };
        // SAFETY: the driver returned this entry point for that name, whose
        // C signature is `ConvertFn`.
        let convert = std::mem::transmute::<unsafe extern "system" fn(), ConvertFn>(raw);
        Ok(Converter {
            device: device.handle(),
            convert,
            _device: std::marker::PhantomData,
        })
    }

    /// The description of a conversion of an `rows x columns` matrix of
    /// `t` from `from` to `to` (tight strides), without data.
    fn info(
        t: vk::ComponentTypeKHR,
        (rows, columns): (u32, u32),
        from: MatrixLayout,
        to: MatrixLayout,
    ) -> ConvertInfoNV {
        let bytes = element_bytes(t);
        ConvertInfoNV {
            s_type: vk::StructureType::from_raw(STRUCTURE_TYPE_CONVERT_INFO),
            p_next: std::ptr::null(),
            src_size: 0,
            src_data: vk::DeviceOrHostAddressConstKHR::default(),
            p_dst_size: std::ptr::null_mut(),
            dst_data: vk::DeviceOrHostAddressKHR::default(),
            src_component_type: t,
            dst_component_type: t,
            num_rows: rows,
            num_columns: columns,
            src_layout: from,
            src_stride: from.stride(rows, columns, bytes),
            dst_layout: to,
            dst_stride: to.stride(rows, columns, bytes),
        }
    }

    /// Bytes an `rows x columns` matrix of `t` takes in `layout` (the size
    /// query: null source and destination; the size depends on the
    /// destination alone).
    pub fn size(
        &self,
        t: vk::ComponentTypeKHR,
        shape: (u32, u32),
        layout: MatrixLayout,
    ) -> Result<usize, String> {
        let mut size = 0usize;
        let mut info = Self::info(t, shape, MatrixLayout::ROW_MAJOR, layout);
        info.p_dst_size = &mut size;
        // SAFETY: `info` is a valid size query; the device is borrowed.
        let r = unsafe { (self.convert)(self.device, &info) };
        if r != vk::Result::SUCCESS {
            return Err(format!(
                "vkConvertCooperativeVectorMatrixNV size query ({}x{} {} {}) failed: {r:?}",
                shape.0,
                shape.1,
                super::coopvec_ffi::component_name(t),
                layout.name()
            ));
        }
        Ok(size)
    }

    /// `src` (an `rows x columns` matrix of `t` in `from`) converted to
    /// `to` on the host.
    pub fn convert(
        &self,
        src: &[u8],
        t: vk::ComponentTypeKHR,
        shape: (u32, u32),
        from: MatrixLayout,
        to: MatrixLayout,
    ) -> Result<Vec<u8>, String> {
        let what = format!(
            "vkConvertCooperativeVectorMatrixNV ({}x{} {} {} -> {})",
            shape.0,
            shape.1,
            super::coopvec_ffi::component_name(t),
            from.name(),
            to.name()
        );
        let need = self.size(t, shape, to)?;
        let mut dst = vec![0u8; need];
        let mut written = need;
        let mut info = Self::info(t, shape, from, to);
        info.src_size = src.len();
        info.src_data.host_address = src.as_ptr().cast();
        info.dst_data.host_address = dst.as_mut_ptr().cast();
        info.p_dst_size = &mut written;
        // SAFETY: source and destination are host memory of the sizes
        // given; the device is borrowed.
        let r = unsafe { (self.convert)(self.device, &info) };
        if r != vk::Result::SUCCESS {
            return Err(format!("{what} failed: {r:?}"));
        }
        dst.truncate(written);
        Ok(dst)
    }
}

/// The matrix dimensions [`probe`] measures (every pair of them).
pub const PROBE_DIMS: [u32; 17] = [
    1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 128,
];

/// The (component type, layout) pairs [`probe`] measures: f16 and f32 in
/// both optimal layouts, i8 and u8 in the inferencing-optimal one (the
/// 8-bit matrices of the products in the inference layout).
pub const PROBE_KINDS: [(vk::ComponentTypeKHR, MatrixLayout); 6] = [
    (
        vk::ComponentTypeKHR::FLOAT16,
        MatrixLayout::INFERENCING_OPTIMAL,
    ),
    (
        vk::ComponentTypeKHR::FLOAT32,
        MatrixLayout::INFERENCING_OPTIMAL,
    ),
    (
        vk::ComponentTypeKHR::SINT8,
        MatrixLayout::INFERENCING_OPTIMAL,
    ),
    (
        vk::ComponentTypeKHR::UINT8,
        MatrixLayout::INFERENCING_OPTIMAL,
    ),
    (
        vk::ComponentTypeKHR::FLOAT16,
        MatrixLayout::TRAINING_OPTIMAL,
    ),
    (
        vk::ComponentTypeKHR::FLOAT32,
        MatrixLayout::TRAINING_OPTIMAL,
    ),
];

/// The rounding candidates of [`derive_bound`], per dimension.
pub const ROUND_CANDIDATES: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];

/// The factors [`derive_bound`] tries, in order.
pub const FACTORS: [u32; 4] = [1, 2, 3, 4];

/// One measured size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeRow {
    /// The element type.
    pub component: vk::ComponentTypeKHR,
    /// The layout.
    pub layout: MatrixLayout,
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub columns: u32,
    /// What the size query returned.
    pub bytes: usize,
}

/// What [`probe`] measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Probe {
    /// Every size the driver returned.
    pub sizes: Vec<SizeRow>,
    /// The queries that failed (first one per kind, with a count).
    pub errors: Vec<String>,
    /// [`bounds`] of `sizes`: one per measured layout and type that has
    /// one.
    pub bounds: Vec<OptimalLayoutBound>,
}

/// `x` rounded up to a multiple of `to`.
pub fn round_up(x: u32, to: u32) -> u64 {
    (x as u64).div_ceil(to as u64) * to as u64
}

/// The smallest `(rows, columns, factor)` bounding every size in `sizes`
/// (all of one layout and element type): `bytes <= factor * roundup(M,
/// rows) * roundup(N, columns) * size(T)` for each. The first factor of
/// [`FACTORS`] for which a candidate exists wins, and among its candidates
/// (`rows, columns` in [`ROUND_CANDIDATES`]) the least `rows * columns`,
/// then the least `rows`. `None` without sizes or when nothing bounds them.
pub fn derive_bound(sizes: &[SizeRow]) -> Option<(u32, u32, u32)> {
    if sizes.is_empty() {
        return None;
    }
    let mut candidates: Vec<[u32; 2]> = ROUND_CANDIDATES
        .iter()
        .flat_map(|&r| ROUND_CANDIDATES.iter().map(move |&c| [r, c]))
        .collect();
    candidates.sort_by_key(|&[r, c]| (r * c, r));
    FACTORS.iter().find_map(|&f| {
        candidates
            .iter()
            .find(|&&[r, c]| {
                sizes.iter().all(|s| {
                    s.bytes as u64
                        <= f as u64
                            * round_up(s.rows, r)
                            * round_up(s.columns, c)
                            * element_bytes(s.component) as u64
                })
            })
            .map(|&[r, c]| (r, c, f))
    })
}

/// The bound of every measured (layout, type) of [`PROBE_KINDS`] that
/// [`derive_bound`] finds one for, in that order.
pub fn bounds(sizes: &[SizeRow]) -> Vec<OptimalLayoutBound> {
    PROBE_KINDS
        .iter()
        .filter_map(|&(t, layout)| {
            let rows: Vec<SizeRow> = sizes
                .iter()
                .filter(|s| (s.component, s.layout) == (t, layout))
                .copied()
                .collect();
            let (rows_round, columns, factor) = derive_bound(&rows)?;
            Some(OptimalLayoutBound {
                layout: optimal_layout(layout)?,
                component: component(t)?,
                rows: rows_round,
                columns,
                factor,
            })
        })
        .collect()
}

/// `measured` with each bound of `overrides` replacing the one of its
/// layout and type (or added after them).
pub fn with_overrides(
    measured: &[OptimalLayoutBound],
    overrides: &[OptimalLayoutBound],
) -> Vec<OptimalLayoutBound> {
    let same = |a: &OptimalLayoutBound, b: &OptimalLayoutBound| {
        (a.layout, a.component) == (b.layout, b.component)
    };
    let mut out: Vec<OptimalLayoutBound> = measured
        .iter()
        .map(|m| *overrides.iter().rev().find(|o| same(o, m)).unwrap_or(m))
        .collect();
    for o in overrides {
        if !out.iter().any(|m| same(m, o)) {
            out.push(*o);
        }
    }
    out
}

/// Measures every shape of [`PROBE_DIMS`] x [`PROBE_DIMS`] for every kind
/// of [`PROBE_KINDS`] (size queries of a row-major to optimal conversion)
/// and derives the bounds.
pub fn probe(conv: &Converter) -> Probe {
    let mut p = Probe::default();
    for (t, layout) in PROBE_KINDS {
        let mut failed = 0;
        let mut first = None;
        for m in PROBE_DIMS {
            for n in PROBE_DIMS {
                match conv.size(t, (m, n), layout) {
                    Ok(bytes) => p.sizes.push(SizeRow {
                        component: t,
                        layout,
                        rows: m,
                        columns: n,
                        bytes,
                    }),
                    Err(e) => {
                        failed += 1;
                        first.get_or_insert(e);
                    }
                }
            }
        }
        if let Some(e) = first {
            p.errors.push(format!("{e} ({failed} shapes failed)"));
        }
    }
    p.bounds = bounds(&p.sizes);
    p
}

/// `TYPE/LAYOUT`, e.g. `f16/training_optimal`.
pub fn kind_name(t: vk::ComponentTypeKHR, layout: MatrixLayout) -> String {
    let name = component(t).map_or_else(|| format!("{t:?}"), |c| c.to_string());
    format!("{name}/{}", layout.name())
}

impl Probe {
    /// The sizes of one kind as a table: one row per `PROBE_DIMS` row
    /// count, one column per column count (`null`: not measured).
    pub fn table(
        &self,
        component: vk::ComponentTypeKHR,
        layout: MatrixLayout,
    ) -> Vec<Vec<Option<usize>>> {
        PROBE_DIMS
            .iter()
            .map(|&m| {
                PROBE_DIMS
                    .iter()
                    .map(|&n| {
                        self.sizes
                            .iter()
                            .find(|s| {
                                (s.component, s.layout, s.rows, s.columns)
                                    == (component, layout, m, n)
                            })
                            .map(|s| s.bytes)
                    })
                    .collect()
            })
            .collect()
    }

    /// The probe for results files: the bounds, the dimensions, every
    /// kind's table (bytes, rows by `dims`, columns by `dims`; keys
    /// `TYPE/LAYOUT`) and the errors.
    pub fn to_json(&self) -> Value {
        let mut tables = serde_json::Map::new();
        for (t, layout) in PROBE_KINDS {
            tables.insert(kind_name(t, layout), json!(self.table(t, layout)));
        }
        json!({
            "bounds": self.bounds.iter().map(|b| b.to_string()).collect::<Vec<_>>(),
            "dims": PROBE_DIMS,
            "bytes": tables,
            "errors": self.errors,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_matches_the_c_structure() {
        // sType 0, pNext 8, srcSize 16, srcData 24, pDstSize 32, dstData 40,
        // component types 48/52, rows/columns 56/60, srcLayout 64 (+4
        // padding), srcStride 72, dstLayout 80 (+4), dstStride 88.
        use std::mem::{offset_of, size_of};
        assert_eq!(size_of::<ConvertInfoNV>(), 96);
        assert_eq!(offset_of!(ConvertInfoNV, src_size), 16);
        assert_eq!(offset_of!(ConvertInfoNV, src_data), 24);
        assert_eq!(offset_of!(ConvertInfoNV, p_dst_size), 32);
        assert_eq!(offset_of!(ConvertInfoNV, dst_data), 40);
        assert_eq!(offset_of!(ConvertInfoNV, src_component_type), 48);
        assert_eq!(offset_of!(ConvertInfoNV, dst_component_type), 52);
        assert_eq!(offset_of!(ConvertInfoNV, num_rows), 56);
        assert_eq!(offset_of!(ConvertInfoNV, num_columns), 60);
        assert_eq!(offset_of!(ConvertInfoNV, src_layout), 64);
        assert_eq!(offset_of!(ConvertInfoNV, src_stride), 72);
        assert_eq!(offset_of!(ConvertInfoNV, dst_layout), 80);
        assert_eq!(offset_of!(ConvertInfoNV, dst_stride), 88);
        assert_eq!(size_of::<MatrixLayout>(), 4);
    }

    #[test]
    fn strides() {
        assert_eq!(MatrixLayout::ROW_MAJOR.stride(3, 5, 2), 10);
        assert_eq!(MatrixLayout::COLUMN_MAJOR.stride(3, 5, 4), 12);
        assert_eq!(MatrixLayout::TRAINING_OPTIMAL.stride(3, 5, 4), 0);
        let i = Converter::info(
            vk::ComponentTypeKHR::FLOAT32,
            (3, 5),
            MatrixLayout::ROW_MAJOR,
            MatrixLayout::TRAINING_OPTIMAL,
        );
        assert_eq!((i.src_stride, i.dst_stride), (20, 0));
        assert_eq!(i.s_type.as_raw(), 1_000_491_004);
        assert_eq!(
            MatrixLayout::INFERENCING_OPTIMAL.name(),
            "inferencing_optimal"
        );
    }

    fn row(t: vk::ComponentTypeKHR, m: u32, n: u32, size: usize) -> SizeRow {
        SizeRow {
            component: t,
            layout: MatrixLayout::TRAINING_OPTIMAL,
            rows: m,
            columns: n,
            bytes: size,
        }
    }

    const F16: vk::ComponentTypeKHR = vk::ComponentTypeKHR::FLOAT16;
    const F32: vk::ComponentTypeKHR = vk::ComponentTypeKHR::FLOAT32;

    /// Every `PROBE_DIMS` shape of `t` with `bytes(m, n)`.
    fn all(t: vk::ComponentTypeKHR, bytes: impl Fn(u32, u32) -> u64) -> Vec<SizeRow> {
        PROBE_DIMS
            .iter()
            .flat_map(|&m| PROBE_DIMS.iter().map(move |&n| (m, n)))
            .map(|(m, n)| row(t, m, n, bytes(m, n) as usize))
            .collect()
    }

    #[test]
    fn bounds_cover_every_size() {
        assert_eq!(derive_bound(&[]), None);
        // Row-major sizes: no rounding.
        let tight = all(F16, |m, n| (m * n) as u64 * 2);
        assert_eq!(derive_bound(&tight), Some((1, 1, 1)));
        // Rows to 16 and columns to 8 (f32): 16x8, not 8x16 nor anything
        // smaller.
        let padded = all(F32, |m, n| round_up(m, 16) * round_up(n, 8) * 4);
        assert_eq!(derive_bound(&padded), Some((16, 8, 1)));
        // The same product either way round: the smaller row rounding.
        assert_eq!(derive_bound(&[row(F16, 1, 1, 2 * 32)]), Some((1, 32, 1)));
        // 8-bit elements count one byte each.
        let i8 = vk::ComponentTypeKHR::SINT8;
        assert_eq!(derive_bound(&[row(i8, 1, 1, 64)]), Some((1, 64, 1)));
        // Up to 64 x 64 elements for a 1 x 1 matrix with factor 1; more
        // needs a factor; more than 4 x 64 x 64 has no bound.
        assert_eq!(derive_bound(&[row(F16, 1, 1, 2 * 4096)]), Some((64, 64, 1)));
        assert_eq!(derive_bound(&[row(F16, 1, 1, 2 * 4097)]), Some((64, 64, 2)));
        assert_eq!(derive_bound(&[row(F16, 1, 1, 2 * 4 * 4097)]), None);
        // Twice a tight matrix: no rounding does it (a 64 x 64 matrix stays
        // 64 x 64), factor 2 with none.
        let twice = all(F16, |m, n| (m * n) as u64 * 4);
        assert_eq!(derive_bound(&twice), Some((1, 1, 2)));
        // Three times a 16 x 16-padded matrix: 16x16x3.
        let thrice = all(F16, |m, n| 3 * round_up(m, 16) * round_up(n, 16) * 2);
        assert_eq!(derive_bound(&thrice), Some((16, 16, 3)));
    }

    /// The H200's sizes (driver 580.159.04, `results-h200-training.json`),
    /// rows by `PROBE_DIMS`, columns by `PROBE_DIMS`.
    const H200_F16_INFERENCING: [[u64; 17]; 17] = [
        [
            128, 128, 128, 128, 128, 256, 256, 256, 512, 512, 512, 640, 1024, 1024, 1152, 1664,
            2048,
        ],
        [
            128, 128, 128, 128, 128, 256, 256, 256, 512, 512, 512, 640, 1024, 1024, 1152, 1664,
            2048,
        ],
        [
            128, 128, 128, 128, 128, 256, 256, 256, 512, 512, 512, 640, 1024, 1024, 1152, 1664,
            2048,
        ],
        [
            128, 128, 128, 128, 128, 256, 256, 256, 512, 512, 512, 640, 1024, 1024, 1152, 1664,
            2048,
        ],
        [
            128, 128, 128, 128, 128, 256, 256, 256, 512, 512, 512, 640, 1024, 1024, 1152, 1664,
            2048,
        ],
        [
            256, 256, 256, 256, 256, 512, 512, 512, 768, 1024, 1024, 1280, 2048, 2048, 2304, 3328,
            4096,
        ],
        [
            256, 256, 256, 256, 256, 512, 512, 512, 768, 1024, 1024, 1280, 2048, 2048, 2304, 3328,
            4096,
        ],
        [
            256, 256, 256, 256, 256, 512, 512, 512, 768, 1024, 1024, 1280, 2048, 2048, 2304, 3328,
            4096,
        ],
        [
            512, 512, 512, 512, 512, 768, 768, 768, 1152, 1536, 1536, 2048, 3072, 3072, 3584, 5120,
            6144,
        ],
        [
            512, 512, 512, 512, 512, 1024, 1024, 1024, 1536, 2048, 2048, 2560, 4096, 4096, 4608,
            6656, 8192,
        ],
        [
            512, 512, 512, 512, 512, 1024, 1024, 1024, 1536, 2048, 2048, 2560, 4096, 4096, 4608,
            6656, 8192,
        ],
        [
            640, 640, 640, 640, 640, 1280, 1280, 1280, 2048, 2560, 2560, 3200, 5120, 5120, 5760,
            8320, 10240,
        ],
        [
            1024, 1024, 1024, 1024, 1024, 2048, 2048, 2048, 3072, 4096, 4096, 5120, 8192, 8192,
            9216, 13312, 16384,
        ],
        [
            1024, 1024, 1024, 1024, 1024, 2048, 2048, 2048, 3072, 4096, 4096, 5120, 8192, 8192,
            9216, 13312, 16384,
        ],
        [
            1152, 1152, 1152, 1152, 1152, 2304, 2304, 2304, 3584, 4608, 4608, 5760, 9216, 9216,
            10368, 14976, 18432,
        ],
        [
            1664, 1664, 1664, 1664, 1664, 3328, 3328, 3328, 5120, 6656, 6656, 8320, 13312, 13312,
            14976, 21632, 26624,
        ],
        [
            2048, 2048, 2048, 2048, 2048, 4096, 4096, 4096, 6144, 8192, 8192, 10240, 16384, 16384,
            18432, 26624, 32768,
        ],
    ];

    /// See [`H200_F16_INFERENCING`].
    const H200_F16_TRAINING: [[u64; 17]; 17] = [
        [
            128, 128, 128, 128, 128, 256, 256, 256, 512, 512, 512, 1152, 1536, 1536, 2176, 3200,
            3584,
        ],
        [
            128, 128, 128, 128, 128, 256, 256, 256, 512, 512, 512, 1152, 1536, 1536, 2176, 3200,
            3584,
        ],
        [
            128, 128, 128, 128, 128, 256, 256, 256, 512, 512, 512, 1152, 1536, 1536, 2176, 3200,
            3584,
        ],
        [
            128, 128, 128, 128, 128, 256, 256, 256, 512, 512, 512, 1152, 1536, 1536, 2176, 3200,
            3584,
        ],
        [
            128, 128, 128, 128, 128, 256, 256, 256, 512, 512, 512, 1152, 1536, 1536, 2176, 3200,
            3584,
        ],
        [
            256, 256, 256, 256, 256, 512, 512, 512, 1280, 1536, 1536, 2304, 3584, 3584, 4352, 6400,
            7680,
        ],
        [
            256, 256, 256, 256, 256, 512, 512, 512, 1280, 1536, 1536, 2304, 3584, 3584, 4352, 6400,
            7680,
        ],
        [
            256, 256, 256, 256, 256, 512, 512, 512, 1280, 1536, 1536, 2304, 3584, 3584, 4352, 6400,
            7680,
        ],
        [
            512, 512, 512, 512, 512, 1280, 1280, 1280, 2176, 2560, 2560, 3584, 5632, 5632, 6656,
            9728, 11776,
        ],
        [
            512, 512, 512, 512, 512, 1536, 1536, 1536, 2560, 3584, 3584, 4608, 7680, 7680, 8704,
            12800, 15872,
        ],
        [
            512, 512, 512, 512, 512, 1536, 1536, 1536, 2560, 3584, 3584, 4608, 7680, 7680, 8704,
            12800, 15872,
        ],
        [
            1152, 1152, 1152, 1152, 1152, 2304, 2304, 2304, 3584, 4608, 4608, 6272, 9728, 9728,
            11392, 16512, 19968,
        ],
        [
            1536, 1536, 1536, 1536, 1536, 3584, 3584, 3584, 5632, 7680, 7680, 9728, 15872, 15872,
            17920, 26112, 32256,
        ],
        [
            1536, 1536, 1536, 1536, 1536, 3584, 3584, 3584, 5632, 7680, 7680, 9728, 15872, 15872,
            17920, 26112, 32256,
        ],
        [
            2176, 2176, 2176, 2176, 2176, 4352, 4352, 4352, 6656, 8704, 8704, 11392, 17920, 17920,
            20608, 29824, 36352,
        ],
        [
            3200, 3200, 3200, 3200, 3200, 6400, 6400, 6400, 9728, 12800, 12800, 16512, 26112,
            26112, 29824, 43136, 52736,
        ],
        [
            3584, 3584, 3584, 3584, 3584, 7680, 7680, 7680, 11776, 15872, 15872, 19968, 32256,
            32256, 36352, 52736, 65024,
        ],
    ];

    fn table_rows(
        t: vk::ComponentTypeKHR,
        layout: MatrixLayout,
        table: &[[u64; 17]; 17],
    ) -> Vec<SizeRow> {
        let mut v = Vec::new();
        for (i, &m) in PROBE_DIMS.iter().enumerate() {
            for (j, &n) in PROBE_DIMS.iter().enumerate() {
                v.push(SizeRow {
                    component: t,
                    layout,
                    rows: m,
                    columns: n,
                    bytes: table[i][j] as usize,
                });
            }
        }
        v
    }

    #[test]
    fn the_h200s_layouts() {
        let inference = table_rows(
            F16,
            MatrixLayout::INFERENCING_OPTIMAL,
            &H200_F16_INFERENCING,
        );
        assert_eq!(derive_bound(&inference), Some((8, 16, 1)));
        // About twice the matrix from 32 x 32 on: no bound with factor 1,
        // 8x8 with factor 2.
        let training = table_rows(F16, MatrixLayout::TRAINING_OPTIMAL, &H200_F16_TRAINING);
        assert_eq!(derive_bound(&training), Some((8, 8, 2)));
        // f32: row-major with 16-byte row strides.
        let f32_rows: Vec<SizeRow> = all(F32, |m, n| {
            (m as u64 - 1) * round_up(4 * n, 16) + 4 * n as u64
        })
        .into_iter()
        .map(|r| SizeRow {
            layout: MatrixLayout::INFERENCING_OPTIMAL,
            ..r
        })
        .collect();
        assert_eq!(derive_bound(&f32_rows), Some((1, 4, 1)));
        let mut sizes = inference;
        sizes.extend(training);
        sizes.extend(f32_rows);
        let names: Vec<String> = bounds(&sizes).iter().map(|b| b.to_string()).collect();
        assert_eq!(
            names,
            [
                "inference:f16:8x16",
                "inference:f32:1x4",
                "training:f16:8x8x2"
            ]
        );
    }

    #[test]
    fn overrides_replace_their_layout_and_type() {
        let parse = |s: &str| s.parse::<OptimalLayoutBound>().expect("bound");
        let measured = [parse("inference:f16:8x16"), parse("training:f16:8x8x2")];
        let over = [parse("training:f16:8x256"), parse("inference:i8:16x64")];
        let names: Vec<String> = with_overrides(&measured, &over)
            .iter()
            .map(|b| b.to_string())
            .collect();
        assert_eq!(
            names,
            [
                "inference:f16:8x16",
                "training:f16:8x256",
                "inference:i8:16x64"
            ]
        );
        assert_eq!(with_overrides(&measured, &[]), measured);
    }

    #[test]
    fn tables_and_json() {
        let p = Probe {
            sizes: vec![row(F32, 1, 2, 64)],
            errors: vec!["x".into()],
            bounds: vec![OptimalLayoutBound {
                layout: OptimalLayout::Training,
                component: ComponentType::F32,
                rows: 1,
                columns: 16,
                factor: 1,
            }],
        };
        let t = p.table(F32, MatrixLayout::TRAINING_OPTIMAL);
        assert_eq!(t.len(), PROBE_DIMS.len());
        assert_eq!(t[0][1], Some(64));
        assert_eq!(t[0][0], None);
        let j = p.to_json();
        assert_eq!(j["bounds"], json!(["training:f32:1x16"]));
        assert_eq!(j["bytes"]["f32/training_optimal"][0][1], json!(64));
        assert_eq!(j["bytes"]["f16/inferencing_optimal"][0][0], Value::Null);
        assert!(j["bytes"]["i8/inferencing_optimal"].is_array());
        assert_eq!(
            kind_name(
                vk::ComponentTypeKHR::UINT8,
                MatrixLayout::INFERENCING_OPTIMAL
            ),
            "u8/inferencing_optimal"
        );
        assert_eq!(element_bytes(vk::ComponentTypeKHR::UINT8), 1);
        assert_eq!(
            vulkan_component(ComponentType::I8),
            Some(vk::ComponentTypeKHR::SINT8)
        );
    }
}

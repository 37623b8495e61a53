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
//!   of every matrix shape in [`PROBE_DIMS`] squared, for f16 and f32, and
//!   [`layout_round`], the smallest `[rows, columns]` rounding that bounds
//!   them all: the device profile's `cooperativeVectorOptimalLayoutRound`,
//!   which tessera's native training operations need for WGSL's bounds.

use std::ffi::c_void;

use ash::vk;
use serde_json::{json, Value};

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

/// Bytes per element of the float component types the conversions here
/// use (`FLOAT16`, `FLOAT32`).
pub fn element_bytes(t: vk::ComponentTypeKHR) -> usize {
    if t == vk::ComponentTypeKHR::FLOAT32 {
        4
    } else {
        2
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

/// The (component type, layout) pairs [`probe`] measures.
pub const PROBE_KINDS: [(vk::ComponentTypeKHR, MatrixLayout); 4] = [
    (
        vk::ComponentTypeKHR::FLOAT16,
        MatrixLayout::INFERENCING_OPTIMAL,
    ),
    (
        vk::ComponentTypeKHR::FLOAT16,
        MatrixLayout::TRAINING_OPTIMAL,
    ),
    (
        vk::ComponentTypeKHR::FLOAT32,
        MatrixLayout::INFERENCING_OPTIMAL,
    ),
    (
        vk::ComponentTypeKHR::FLOAT32,
        MatrixLayout::TRAINING_OPTIMAL,
    ),
];

/// The rounding candidates of [`layout_round`], per dimension.
pub const ROUND_CANDIDATES: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];

/// One measured size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeRow {
    /// Bytes per element (2: f16, 4: f32).
    pub element_bytes: usize,
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
    /// [`layout_round`] of `sizes`.
    pub round: Option<[u32; 2]>,
}

/// The library's per-layout bounds for one `[rows, columns]` rounding that
/// bounds every probed layout and type: both layouts of f16 and f32, with
/// factor 1; none without a rounding.
pub fn bounds_from_round(round: Option<[u32; 2]>) -> Vec<tessera::configs::OptimalLayoutBound> {
    use tessera::configs::{ComponentType, OptimalLayout, OptimalLayoutBound};
    let Some([rows, columns]) = round else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for layout in [OptimalLayout::Inference, OptimalLayout::Training] {
        for component in [ComponentType::F16, ComponentType::F32] {
            out.push(OptimalLayoutBound {
                layout,
                component,
                rows,
                columns,
                factor: 1,
            });
        }
    }
    out
}

/// `x` rounded up to a multiple of `to`.
pub fn round_up(x: u32, to: u32) -> u64 {
    (x as u64).div_ceil(to as u64) * to as u64
}

/// The smallest `[r, c]` (r, c in [`ROUND_CANDIDATES`], least `r * c`, then
/// least `r`) with `bytes <= roundup(rows, r) * roundup(columns, c) *
/// element_bytes` for every row; `None` without rows or when no candidate
/// bounds them all.
pub fn layout_round(rows: &[SizeRow]) -> Option<[u32; 2]> {
    if rows.is_empty() {
        return None;
    }
    let mut candidates: Vec<[u32; 2]> = ROUND_CANDIDATES
        .iter()
        .flat_map(|&r| ROUND_CANDIDATES.iter().map(move |&c| [r, c]))
        .collect();
    candidates.sort_by_key(|&[r, c]| (r * c, r));
    candidates.into_iter().find(|&[r, c]| {
        rows.iter().all(|s| {
            s.bytes as u64 <= round_up(s.rows, r) * round_up(s.columns, c) * s.element_bytes as u64
        })
    })
}

/// Measures every shape of [`PROBE_DIMS`] x [`PROBE_DIMS`] for every kind
/// of [`PROBE_KINDS`] (size queries of a row-major to optimal conversion)
/// and derives the bound.
pub fn probe(conv: &Converter) -> Probe {
    let mut p = Probe::default();
    for (t, layout) in PROBE_KINDS {
        let mut failed = 0;
        let mut first = None;
        for m in PROBE_DIMS {
            for n in PROBE_DIMS {
                match conv.size(t, (m, n), layout) {
                    Ok(bytes) => p.sizes.push(SizeRow {
                        element_bytes: element_bytes(t),
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
    p.round = layout_round(&p.sizes);
    p
}

impl Probe {
    /// The sizes of one kind as a table: one row per `PROBE_DIMS` row
    /// count, one column per column count (`null`: not measured).
    pub fn table(&self, element_bytes: usize, layout: MatrixLayout) -> Vec<Vec<Option<usize>>> {
        PROBE_DIMS
            .iter()
            .map(|&m| {
                PROBE_DIMS
                    .iter()
                    .map(|&n| {
                        self.sizes
                            .iter()
                            .find(|s| {
                                (s.element_bytes, s.layout, s.rows, s.columns)
                                    == (element_bytes, layout, m, n)
                            })
                            .map(|s| s.bytes)
                    })
                    .collect()
            })
            .collect()
    }

    /// The probe for results files: the bound, the dimensions, every kind's
    /// table (bytes, rows by `dims`, columns by `dims`) and the errors.
    pub fn to_json(&self) -> Value {
        let mut tables = serde_json::Map::new();
        for (t, layout) in PROBE_KINDS {
            let b = element_bytes(t);
            let name = format!("{}/{}", if b == 2 { "f16" } else { "f32" }, layout.name());
            tables.insert(name, json!(self.table(b, layout)));
        }
        json!({
            "round": self.round,
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

    fn row(bytes: usize, m: u32, n: u32, size: usize) -> SizeRow {
        SizeRow {
            element_bytes: bytes,
            layout: MatrixLayout::TRAINING_OPTIMAL,
            rows: m,
            columns: n,
            bytes: size,
        }
    }

    #[test]
    fn rounds_bound_every_size() {
        assert_eq!(layout_round(&[]), None);
        // Row-major sizes: no rounding.
        let tight: Vec<SizeRow> = PROBE_DIMS
            .iter()
            .flat_map(|&m| {
                PROBE_DIMS
                    .iter()
                    .map(move |&n| row(2, m, n, (m * n) as usize * 2))
            })
            .collect();
        assert_eq!(layout_round(&tight), Some([1, 1]));
        // Rows to 16 and columns to 8 (f32): [16, 8], not [8, 16] nor
        // anything smaller.
        let padded: Vec<SizeRow> = PROBE_DIMS
            .iter()
            .flat_map(|&m| {
                PROBE_DIMS
                    .iter()
                    .map(move |&n| row(4, m, n, (round_up(m, 16) * round_up(n, 8) * 4) as usize))
            })
            .collect();
        assert_eq!(layout_round(&padded), Some([16, 8]));
        // The same product either way round: the smaller row rounding.
        let square = [row(2, 1, 1, 2 * 32)];
        assert_eq!(layout_round(&square), Some([1, 32]));
        // More than 64 x 64 elements for a 1 x 1 matrix: no bound.
        assert_eq!(layout_round(&[row(2, 1, 1, 2 * 4097)]), None);
        assert_eq!(layout_round(&[row(2, 1, 1, 2 * 4096)]), Some([64, 64]));
    }

    #[test]
    fn tables_and_json() {
        let p = Probe {
            sizes: vec![row(4, 1, 2, 64)],
            errors: vec!["x".into()],
            round: Some([1, 16]),
        };
        let t = p.table(4, MatrixLayout::TRAINING_OPTIMAL);
        assert_eq!(t.len(), PROBE_DIMS.len());
        assert_eq!(t[0][1], Some(64));
        assert_eq!(t[0][0], None);
        let j = p.to_json();
        assert_eq!(j["round"], json!([1, 16]));
        assert_eq!(j["bytes"]["f32/training_optimal"][0][1], json!(64));
        assert_eq!(j["bytes"]["f16/inferencing_optimal"][0][0], Value::Null);
    }
}

//! The WebGPU proposal's bound rules on `subgroupMatrixLoad` and
//! `subgroupMatrixStore` (its "Load/Store functions" section), as pure
//! arithmetic shared by the resolver (const-expression operands:
//! shader-creation errors) and the pipeline step (override-expression
//! operands: pipeline-creation errors). They apply to modules that say
//! `enable subgroup_matrix;`; Chromium's name keeps the resolver's own
//! checks.
//!
//! With `C` the component type, `A` the array, `N` its element count and
//! `MinorSize`/`MajorSize` the columns/rows (row-major) or rows/columns
//! (column-major) of the matrix:
//! - `stride * StrideOf(A) >= MinorSize * SizeOf(C)` ([`Access::stride`]);
//! - for a fixed-size array, `(offset + stride * (MajorSize - 1)) *
//!   StrideOf(A) + MinorSize * SizeOf(C) <= N * StrideOf(A)`, where an
//!   operand not known at this stage counts as 0 (offset) or as the
//!   smallest valid stride, `RoundUp(StrideOf(A), MinorSize * SizeOf(C)) /
//!   StrideOf(A)` elements, and nothing is checked when neither is known
//!   ([`Access::overrun`]);
//! - a workgroup array must hold `MinStorageSize = M * N * SizeOf(C)`
//!   bytes ([`Access::min_storage`]; the proposal's "for workgroup
//!   variables it is the size of the variable").
//!
//! Arithmetic is in `i128`, so no operand value can overflow it.

use crate::ir::MatrixLayout;

/// The note on errors of these rules.
pub(crate) const RULES_NOTE: &str = "with 'enable subgroup_matrix;' offsets and strides count array elements of StrideOf(A) bytes, an operand that is not a constant counts as offset 0 or the smallest valid stride, and a workgroup array must hold at least one matrix (the proposal's Load/Store rules)";

/// What the rules read about one load or store.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Access {
    /// Majorness.
    pub layout: MatrixLayout,
    /// Matrix columns.
    pub columns: i128,
    /// Matrix rows.
    pub rows: i128,
    /// `SizeOf(C)` in bytes.
    pub component: i128,
    /// `StrideOf(A)` in bytes.
    pub array_stride: i128,
    /// `N`, when the array is fixed-size and `N` is known at this stage.
    pub count: Option<i128>,
    /// The offset, when known at this stage.
    pub offset: Option<i128>,
    /// The stride, when known at this stage.
    pub stride: Option<i128>,
}

/// A broken rule, with the numbers for the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Violation {
    /// `stride * StrideOf(A) < MinorSize * SizeOf(C)`.
    Stride {
        /// The stride (array elements).
        stride: i128,
        /// `stride * StrideOf(A)`.
        bytes: i128,
        /// `MinorSize * SizeOf(C)`.
        minimum: i128,
    },
    /// The access ends past the array.
    Overrun {
        /// `N * StrideOf(A)`.
        have: i128,
        /// Where the access ends, in bytes from the array's start.
        needed: i128,
    },
    /// The array is smaller than `MinStorageSize`.
    MinStorageSize {
        /// `N * StrideOf(A)`.
        have: i128,
        /// `M * N * SizeOf(C)`.
        minimum: i128,
    },
}

/// `MinStorageSize(T) = M * N * SizeOf(C)` of a matrix with `rows` rows,
/// `columns` columns and `component`-byte components.
pub(crate) fn min_storage_size(rows: i128, columns: i128, component: i128) -> i128 {
    rows * columns * component
}

impl Access {
    /// (`MinorSize`, `MajorSize`).
    fn minor_major(&self) -> (i128, i128) {
        match self.layout {
            MatrixLayout::RowMajor => (self.columns, self.rows),
            MatrixLayout::ColumnMajor => (self.rows, self.columns),
        }
    }

    /// `MinorSize * SizeOf(C)`: the bytes of one row (column).
    pub fn min_stride_bytes(&self) -> i128 {
        self.minor_major().0 * self.component
    }

    /// The smallest valid stride in array elements (at least 1).
    pub fn min_stride(&self) -> i128 {
        let a = self.array_stride.max(1);
        ((self.min_stride_bytes() + a - 1) / a).max(1)
    }

    /// The minimum-stride rule, when the stride is known.
    pub fn stride(&self) -> Option<Violation> {
        let stride = self.stride?;
        let bytes = stride * self.array_stride;
        let minimum = self.min_stride_bytes();
        (bytes < minimum).then_some(Violation::Stride {
            stride,
            bytes,
            minimum,
        })
    }

    /// The fixed-size array rule, when `N` and the offset or the stride
    /// are known.
    pub fn overrun(&self) -> Option<Violation> {
        let n = self.count?;
        if self.offset.is_none() && self.stride.is_none() {
            return None;
        }
        let (minor, major) = self.minor_major();
        let offset = self.offset.unwrap_or(0);
        let stride = self.stride.unwrap_or_else(|| self.min_stride());
        let needed = (offset + stride * (major - 1)) * self.array_stride + minor * self.component;
        let have = n * self.array_stride;
        (needed > have).then_some(Violation::Overrun { have, needed })
    }

    /// The `MinStorageSize` rule for an array of `N` known elements.
    pub fn min_storage(&self) -> Option<Violation> {
        let have = self.count? * self.array_stride;
        let minimum = min_storage_size(self.rows, self.columns, self.component);
        (have < minimum).then_some(Violation::MinStorageSize { have, minimum })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn access(layout: MatrixLayout, array_stride: i128) -> Access {
        Access {
            layout,
            columns: 8,
            rows: 4,
            component: 4,
            array_stride,
            count: Some(64),
            offset: None,
            stride: None,
        }
    }

    #[test]
    fn minimum_stride_rounds_up_to_whole_elements() {
        // Row-major: 8 columns of f32 = 32 bytes; vec3<f32> elements are
        // 16 bytes apart: 2 elements.
        let a = access(MatrixLayout::RowMajor, 16);
        assert_eq!(a.min_stride_bytes(), 32);
        assert_eq!(a.min_stride(), 2);
        // Column-major: 4 rows = 16 bytes; 12-byte elements: 2 elements.
        let a = access(MatrixLayout::ColumnMajor, 12);
        assert_eq!(a.min_stride(), 2);
        // 8-bit components in 4-byte elements: at least 1.
        let a = Access {
            component: 1,
            columns: 2,
            ..access(MatrixLayout::RowMajor, 4)
        };
        assert_eq!(a.min_stride(), 1);
    }

    #[test]
    fn rules() {
        let mut a = access(MatrixLayout::RowMajor, 4);
        assert_eq!(a.stride(), None);
        assert_eq!(a.overrun(), None, "nothing known: nothing checked");
        a.stride = Some(7);
        assert_eq!(
            a.stride(),
            Some(Violation::Stride {
                stride: 7,
                bytes: 28,
                minimum: 32
            })
        );
        a.stride = Some(8);
        assert_eq!(a.stride(), None);
        // (0 + 8 * 3) * 4 + 32 = 128 <= 256.
        assert_eq!(a.overrun(), None);
        a.offset = Some(33);
        assert_eq!(
            a.overrun(),
            Some(Violation::Overrun {
                have: 256,
                needed: 260
            })
        );
        // An unknown stride counts as the minimum (8): offset 32 fits.
        a.stride = None;
        a.offset = Some(32);
        assert_eq!(a.overrun(), None);
        a.count = Some(7);
        assert_eq!(
            a.min_storage(),
            Some(Violation::MinStorageSize {
                have: 28,
                minimum: 128
            })
        );
        // Huge operands cannot overflow.
        a.offset = Some(u32::MAX as i128);
        a.stride = Some(u32::MAX as i128);
        a.rows = u32::MAX as i128;
        assert!(matches!(a.overrun(), Some(Violation::Overrun { .. })));
    }
}

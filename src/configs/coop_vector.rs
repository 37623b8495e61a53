//! The cooperative-vector facts of a device (docs/cooperative-vectors.md):
//! the product configurations it runs natively and the bounds on its
//! optimal matrix layouts.

use std::fmt;
use std::str::FromStr;

use super::{ComponentType, ConfigParseError};
use crate::ir::Scalar;

/// A combination of component types a device runs cooperative-vector
/// products with natively (`VK_NV_cooperative_vector`,
/// docs/cooperative-vectors.md). Spelled `INPUT:RESULT` when the matrix
/// and bias are of the input's type (`f16:f16`, `f16:f32`), and
/// `INPUT/MATRIX:RESULT` for the 8-bit integer products (`i32/i8:i32`,
/// `f32/i8:i32`, and `u32/i8:i32` for four packed bytes per `u32`), whose
/// bias is `i32` and whose input is read as the matrix's type. A
/// `+transpose` suffix says the device also runs the products of this
/// combination with a transposed matrix in the inference layout
/// (`f16:f16+transpose`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CooperativeVectorConfig {
    /// Component type of the input vector.
    pub input: ComponentType,
    /// Component type of the matrix in memory (the input's for float
    /// products; `i8` or `u8` for the integer ones).
    pub matrix: ComponentType,
    /// Component type of the result.
    pub result: ComponentType,
    /// The products may transpose a matrix in the inference layout
    /// (`VkCooperativeVectorPropertiesNV::transpose`).
    pub transpose: bool,
}

impl CooperativeVectorConfig {
    /// Whether products of `input` vectors with a matrix of `matrix`
    /// elements giving `result` vectors run natively under this
    /// configuration.
    pub fn matches(&self, input: Scalar, matrix: Scalar, result: Scalar) -> bool {
        ComponentType::from_scalar(input) == Some(self.input)
            && ComponentType::from_scalar(matrix) == Some(self.matrix)
            && ComponentType::from_scalar(result) == Some(self.result)
    }
}

impl fmt::Display for CooperativeVectorConfig {
    /// Writes `INPUT:RESULT` (e.g. `f16:f32`) or `INPUT/MATRIX:RESULT`
    /// (e.g. `u32/i8:i32`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.matrix == self.input {
            write!(f, "{}:{}", self.input, self.result)?;
        } else {
            write!(f, "{}/{}:{}", self.input, self.matrix, self.result)?;
        }
        if self.transpose {
            f.write_str("+transpose")?;
        }
        Ok(())
    }
}

impl FromStr for CooperativeVectorConfig {
    type Err = ConfigParseError;

    /// Parses `INPUT:RESULT` (`f16` or `f32` each) or `INPUT/MATRIX:RESULT`
    /// (`i32`, `f32` or `u32` / `i8` or `u8` : `i32`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        use ComponentType::*;
        let bad = || {
            ConfigParseError(format!(
                "invalid cooperative vector config '{s}': expected INPUT:RESULT with f16 or f32 each (e.g. f16:f16), or INPUT/MATRIX:i32 with INPUT i32, f32 or u32 and MATRIX i8 or u8 (e.g. u32/i8:i32), optionally followed by +transpose"
            ))
        };
        let text = s.trim();
        let (text, transpose) = match text.strip_suffix("+transpose") {
            Some(t) => (t, true),
            None => (text, false),
        };
        let (lhs, result) = text.split_once(':').ok_or_else(bad)?;
        let ty = |t: &str| t.trim().parse::<ComponentType>().map_err(|_| bad());
        let result = ty(result)?;
        let (input, matrix) = match lhs.split_once('/') {
            Some((i, m)) => (ty(i)?, ty(m)?),
            None => (ty(lhs)?, ty(lhs)?),
        };
        let ok = match (input, matrix, result) {
            (F16 | F32, m, F16 | F32) if m == input => true,
            (I32 | F32 | U32, I8 | U8, I32) => true,
            _ => false,
        };
        if !ok {
            return Err(bad());
        }
        Ok(CooperativeVectorConfig {
            input,
            matrix,
            result,
            transpose,
        })
    }
}

/// One of the driver's opaque matrix layouts for cooperative vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum OptimalLayout {
    /// `VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_INFERENCING_OPTIMAL_NV`, read by
    /// `coopVecMatMul(Add)Optimal`.
    Inference,
    /// `VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_TRAINING_OPTIMAL_NV`, written by
    /// `coopVecOuterProductAccumulate`.
    Training,
}

/// A bound on the size of a driver's optimal layout
/// (docs/cooperative-vectors.md): an `R x C` matrix of `component` in
/// `layout` takes at most `factor * roundup(R, rows) * roundup(C,
/// columns)` elements. Measured by the device runner from
/// `vkConvertCooperativeVectorMatrixNV`'s size queries; a native operation
/// in an optimal layout needs one, for WGSL's bounds. Spelled
/// `LAYOUT:TYPE:ROWSxCOLUMNS` or `LAYOUT:TYPE:ROWSxCOLUMNSxFACTOR`, e.g.
/// `inference:f16:8x16`, `training:f16:8x8x2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OptimalLayoutBound {
    /// The layout.
    pub layout: OptimalLayout,
    /// The matrix's element type.
    pub component: ComponentType,
    /// Rows are counted rounded up to a multiple of this.
    pub rows: u32,
    /// Columns are counted rounded up to a multiple of this.
    pub columns: u32,
    /// The rounded element count is multiplied by this.
    pub factor: u32,
}

impl OptimalLayoutBound {
    /// The most elements an `rows x columns` matrix takes (saturating).
    pub fn elements(&self, rows: u32, columns: u32) -> u32 {
        let up = |x: u32, to: u32| x.div_ceil(to.max(1)).saturating_mul(to.max(1));
        self.factor
            .saturating_mul(up(rows, self.rows))
            .saturating_mul(up(columns, self.columns))
    }

    /// The bound in `bounds` for a matrix of `component` in `layout`.
    pub fn find(
        bounds: &[OptimalLayoutBound],
        layout: OptimalLayout,
        component: Scalar,
    ) -> Option<&OptimalLayoutBound> {
        bounds.iter().find(|b| {
            b.layout == layout && ComponentType::from_scalar(component) == Some(b.component)
        })
    }
}

impl fmt::Display for OptimalLayoutBound {
    /// Writes `LAYOUT:TYPE:ROWSxCOLUMNS` (with `xFACTOR` when not 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let layout = match self.layout {
            OptimalLayout::Inference => "inference",
            OptimalLayout::Training => "training",
        };
        write!(
            f,
            "{layout}:{}:{}x{}",
            self.component, self.rows, self.columns
        )?;
        if self.factor != 1 {
            write!(f, "x{}", self.factor)?;
        }
        Ok(())
    }
}

impl FromStr for OptimalLayoutBound {
    type Err = ConfigParseError;

    /// Parses `LAYOUT:TYPE:ROWSxCOLUMNS[xFACTOR]`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            ConfigParseError(format!(
                "invalid optimal-layout bound '{s}': expected LAYOUT:TYPE:ROWSxCOLUMNS or LAYOUT:TYPE:ROWSxCOLUMNSxFACTOR with LAYOUT inference or training, TYPE f16, f32, i8 or u8, and positive numbers (e.g. training:f16:8x8x2)"
            ))
        };
        let mut parts = s.trim().split(':');
        let (Some(layout), Some(component), Some(dims), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        let layout = match layout {
            "inference" => OptimalLayout::Inference,
            "training" => OptimalLayout::Training,
            _ => return Err(bad()),
        };
        let component: ComponentType = component.parse().map_err(|_| bad())?;
        if !matches!(
            component,
            ComponentType::F16 | ComponentType::F32 | ComponentType::I8 | ComponentType::U8
        ) {
            return Err(bad());
        }
        let numbers: Vec<u32> = dims
            .split('x')
            .map(|n| n.parse::<u32>().ok().filter(|&n| n > 0))
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        let (rows, columns, factor) = match numbers[..] {
            [r, c] => (r, c, 1),
            [r, c, f] => (r, c, f),
            _ => return Err(bad()),
        };
        Ok(OptimalLayoutBound {
            layout,
            component,
            rows,
            columns,
            factor,
        })
    }
}

//! Product cases whose buffers are bytes: the 8-bit integer products
//! ([`super::int8`]) and the products in the device's inference layout
//! ([`super::optimal`]). They share the six bindings of [`super::case`]
//! (`b` unused), but each binding has its own element type, and the
//! matrix of an inference-layout case is placed by the host for the build
//! that runs: converted with `vkConvertCooperativeVectorMatrixNV` into the
//! driver's inferencing-optimal layout where the build uses the native
//! instruction, row-major with `K` elements a row where it uses loops
//! (`docs/cooperative-vectors.md`, "Products in the device's inference
//! layout").

use tessera::configs::{ComponentType, CooperativeVectorConfig, OptimalLayout, OptimalLayoutBound};

use super::case::{check_output, Expect, Ty};
use super::CaseResult;
use crate::compile::Target;
use crate::data::Rng;
use crate::vk::coopvec_convert::{vulkan_component, Converter, MatrixLayout};
use crate::vk::Gpu;

/// The element type of a product's matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// `f16`.
    F16,
    /// `i8`, one byte of a `u32` word.
    I8,
    /// `u8`, one byte of a `u32` word.
    U8,
}

impl Elem {
    /// Bytes per element.
    pub fn bytes(self) -> usize {
        match self {
            Elem::F16 => 2,
            Elem::I8 | Elem::U8 => 1,
        }
    }

    /// tessera's component type.
    pub fn component(self) -> ComponentType {
        match self {
            Elem::F16 => ComponentType::F16,
            Elem::I8 => ComponentType::I8,
            Elem::U8 => ComponentType::U8,
        }
    }

    /// The WGSL spelling (the template argument of the 8-bit products).
    pub fn wgsl(self) -> &'static str {
        match self {
            Elem::F16 => "f16",
            Elem::I8 => "i8",
            Elem::U8 => "u8",
        }
    }

    /// The value of one matrix byte (8-bit elements).
    pub fn value(self, byte: u8) -> i64 {
        match self {
            Elem::I8 => byte as i8 as i64,
            _ => byte as i64,
        }
    }

    /// The range an input component is saturated to (8-bit elements).
    pub fn range(self) -> (i64, i64) {
        match self {
            Elem::I8 => (-128, 127),
            _ => (0, 255),
        }
    }
}

/// How the host places the matrix (binding 2).
#[derive(Clone, Debug, PartialEq)]
pub enum Placement {
    /// These bytes, whatever the build (row- and column-major products).
    Given(Vec<u8>),
    /// The stored matrix ([`RawCase::stored_shape`]: `M x K`, or `K x M`
    /// for a transposed product; row-major, tight: these bytes) in the
    /// device's inference layout at element `offset`; the array holds
    /// `offset` plus the build's region (the bound's element count of the
    /// stored shape natively, `M * K` as loops), rounded up to whole
    /// words, and one word less when `short`. Bytes outside the matrix
    /// hold a pattern.
    Inference {
        /// The row-major matrix.
        matrix: Vec<u8>,
        /// Its offset in elements.
        offset: u32,
        /// Whether the array ends one word before the region does.
        short: bool,
    },
}

/// One byte-level product case.
#[derive(Clone, Debug)]
pub struct RawCase {
    /// `GROUP/OP/.../KxM`.
    pub name: String,
    /// The configuration (`CooperativeVectorConfig`'s spelling).
    pub config: CooperativeVectorConfig,
    /// The kernel.
    pub wgsl: String,
    /// The matrix's element type.
    pub elem: Elem,
    /// Rows of the matrix (result components).
    pub m: u32,
    /// Columns of the matrix (input elements).
    pub k: u32,
    /// Whether the kernel reads the matrix in the inference layout.
    pub optimal: bool,
    /// Binding 0: the invocations' input vectors.
    pub a: Vec<u8>,
    /// Binding 2.
    pub matrix: Placement,
    /// Binding 3.
    pub bias: Vec<u8>,
    /// Binding 5: `offset`, `stride`, `bias_offset`, `span`.
    pub params: [u32; 4],
    /// The type of `out`'s elements.
    pub output: Ty,
    /// One per result element.
    pub expect: Vec<Expect>,
}

impl RawCase {
    /// The shape `(rows, columns)` of the matrix as stored: `(M, K)`, or
    /// for a transposed product in the inference layout (its configuration
    /// says `transpose`) `(K, M)`, which is also the shape the host
    /// converts (`numRows`, `numColumns`).
    pub fn stored_shape(&self) -> (u32, u32) {
        if self.optimal && self.config.transpose {
            (self.k, self.m)
        } else {
            (self.m, self.k)
        }
    }
}

/// Whether a native build of `case` for `target` uses the native products:
/// SPIR-V 1.6, the case's configuration listed (for a transposed product,
/// with `transpose`: `f16:f16+transpose`) and, in the inference layout,
/// an inference bound for the matrix's element type.
pub fn expects_native(target: &Target, case: &RawCase) -> bool {
    target.spirv_version >= (1, 6)
        && target.cooperative_vector_configs.iter().any(|c| {
            (c.input, c.matrix, c.result)
                == (case.config.input, case.config.matrix, case.config.result)
                && (c.transpose || !case.config.transpose)
        })
        && (!case.optimal || inference_bound(target, case.elem).is_some())
}

/// The target's inference bound for `elem`.
pub fn inference_bound(target: &Target, elem: Elem) -> Option<OptimalLayoutBound> {
    target
        .cooperative_vector_optimal_layouts
        .iter()
        .find(|b| b.layout == OptimalLayout::Inference && b.component == elem.component())
        .copied()
}

/// The bytes of binding 2 for a build that uses the native products
/// (`native`: the bound and the converter) or loops.
fn matrix_bytes(
    case: &RawCase,
    native: Option<(OptimalLayoutBound, &Converter<'_>)>,
) -> Result<Vec<u8>, (String, String)> {
    let (matrix, offset, short) = match &case.matrix {
        Placement::Given(bytes) => return Ok(bytes.clone()),
        Placement::Inference {
            matrix,
            offset,
            short,
        } => (matrix, *offset as usize, *short),
    };
    let eb = case.elem.bytes();
    let (rows, columns) = case.stored_shape();
    let (data, region) = match native {
        Some((bound, conv)) => {
            let t = vulkan_component(case.elem.component())
                .ok_or(("layout".to_string(), "no Vulkan component type".to_string()))?;
            let data = conv
                .convert(
                    matrix,
                    t,
                    (rows, columns),
                    MatrixLayout::ROW_MAJOR,
                    MatrixLayout::INFERENCING_OPTIMAL,
                )
                .map_err(|e| ("layout".to_string(), e))?;
            let region = bound.elements(rows, columns) as usize;
            if data.len() > region * eb {
                return Err((
                    "layout".into(),
                    format!(
                        "inference layout of {} bytes exceeds the bound {bound}'s {}",
                        data.len(),
                        region * eb
                    ),
                ));
            }
            (data, region)
        }
        None => (matrix.clone(), (case.m * case.k) as usize),
    };
    let end = (offset + region) * eb;
    let mut words = end.div_ceil(4);
    if short {
        words -= 1;
    }
    let mut bytes: Vec<u8> = (0..words * 4).map(|i| (i * 37 + 11) as u8).collect();
    let at = offset * eb;
    let fits = data.len().min(bytes.len().saturating_sub(at));
    bytes[at..at + fits].copy_from_slice(&data[..fits]);
    Ok(bytes)
}

/// Runs `case` compiled for `target` and checks what it wrote. A native
/// build must use the native products exactly when [`expects_native`]
/// says so (stage `lowering`); an inference-layout matrix of a native
/// product is converted with `conv` (stage `layout` when that fails or the
/// driver's layout exceeds the bound).
pub fn run_case(
    gpu: &Gpu,
    target: &Target,
    case: &RawCase,
    variant: &str,
    conv: Option<&Converter<'_>>,
) -> CaseResult {
    let mut r = CaseResult::compiling(&case.name, case.config.to_string(), variant);
    let words = match target.compile(&case.wgsl) {
        Ok(w) => w,
        Err(e) => {
            r.detail = e;
            return r;
        }
    };
    r.native_instructions = super::native_instructions(&words);
    let want = variant == "native" && expects_native(target, case);
    if want != (r.native_instructions.1 > 0) {
        r.stage = "lowering".into();
        r.detail = format!(
            "expected the {} form, the module has {} native products",
            if want { "native" } else { "loop" },
            r.native_instructions.1
        );
        return r;
    }
    let native = match (want && case.optimal, conv) {
        (false, _) => None,
        (true, Some(conv)) => inference_bound(target, case.elem).map(|b| (b, conv)),
        (true, None) => {
            r.stage = "layout".into();
            r.detail = "no vkConvertCooperativeVectorMatrixNV for the inference layout".into();
            return r;
        }
    };
    let matrix = match matrix_bytes(case, native) {
        Ok(m) => m,
        Err((stage, e)) => {
            r.stage = stage;
            r.detail = e;
            return r;
        }
    };
    let params: Vec<u8> = case.params.iter().flat_map(|p| p.to_le_bytes()).collect();
    let contents = [
        case.a.clone(),
        vec![0u8; 16],
        matrix,
        case.bias.clone(),
        case.output.poison(case.expect.len() + super::case::GUARD),
        params,
    ];
    match super::dispatch(gpu, &words, &contents) {
        Ok(out) => {
            let c = check_output(case.output, &case.expect, &out);
            r.stage = "compare".into();
            r.ok = c.ok();
            r.max_err = c.max_err;
            r.detail = c.first.join("\n");
        }
        Err((stage, e)) => {
            r.stage = stage;
            r.detail = e;
        }
    }
    r
}

/// The input vector types of the 8-bit products.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// `coop_vec<i32, K>`, saturated to the matrix's type.
    I32,
    /// `coop_vec<f32, K>`, rounded to even and saturated.
    F32,
    /// `coop_vec<u32, K / 4>`, four packed elements a component.
    U32,
}

impl Input {
    /// The WGSL spelling of the vector's component type.
    pub fn wgsl(self) -> &'static str {
        match self {
            Input::I32 => "i32",
            Input::F32 => "f32",
            Input::U32 => "u32",
        }
    }

    /// tessera's component type.
    pub fn component(self) -> ComponentType {
        match self {
            Input::I32 => ComponentType::I32,
            Input::F32 => ComponentType::F32,
            Input::U32 => ComponentType::U32,
        }
    }

    /// Components of the vector for `k` matrix columns.
    pub fn components(self, k: u32) -> u32 {
        match self {
            Input::U32 => k / 4,
            _ => k,
        }
    }

    /// The configuration of a product of this input with an `elem` matrix.
    pub fn config(self, elem: Elem) -> CooperativeVectorConfig {
        CooperativeVectorConfig {
            input: self.component(),
            matrix: elem.component(),
            result: ComponentType::I32,
            transpose: false,
        }
    }
}

/// The inputs of `invocations` vectors of `k` elements as words: `i32`
/// integers in [-200, 300] (outside the 8-bit ranges on both sides), `f32`
/// multiples of 1/4 in [-160, 280] (halves included, to round to even)
/// with every 16th component at +-3e9 (beyond any integer type), or
/// random `u32` words.
pub fn input_words(rng: &mut Rng, input: Input, invocations: u32, k: u32) -> Vec<u32> {
    let n = (invocations * input.components(k)) as usize;
    (0..n)
        .map(|i| match input {
            Input::I32 => rng.range_i64(-200, 300) as i32 as u32,
            Input::F32 => {
                let x = if i % 16 == 15 {
                    if i % 32 == 15 {
                        3e9
                    } else {
                        -3e9
                    }
                } else {
                    rng.range_i64(-640, 1120) as f32 / 4.0
                };
                x.to_bits()
            }
            Input::U32 => rng.next_u64() as u32,
        })
        .collect()
}

/// The element `k` of the input vector `words` (one invocation's) as the
/// product reads it for an `elem` matrix: an `i32` saturated, an `f32`
/// rounded to the nearest integer (ties to even) and saturated, or byte
/// `k % 4` of word `k / 4` as `elem`.
pub fn input_element(input: Input, elem: Elem, words: &[u32], k: usize) -> i64 {
    let (lo, hi) = elem.range();
    match input {
        Input::I32 => (words[k] as i32 as i64).clamp(lo, hi),
        Input::F32 => {
            let x = f32::from_bits(words[k]) as f64;
            x.round_ties_even().clamp(lo as f64, hi as f64) as i64
        }
        Input::U32 => elem.value(words[k / 4].to_le_bytes()[k % 4]),
    }
}

/// Little-endian bytes of `words`.
pub fn word_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The declarations of an 8-bit kernel: input `array<I>`, the matrix's
/// bytes in `array<u32>`, an `i32` bias and result.
pub fn int_header(input: Input) -> String {
    format!(
        "enable tessera_experimental_cooperative_vector;

struct Params {{
    offset: u32,
    stride: u32,
    bias_offset: u32,
    span: u32,
}}

@group(0) @binding(0) var<storage, read> a: array<{}>;
@group(0) @binding(1) var<storage, read> b: array<u32>;
@group(0) @binding(2) var<storage, read> m: array<u32>;
@group(0) @binding(3) var<storage, read> bias: array<i32>;
@group(0) @binding(4) var<storage, read_write> out: array<i32>;
@group(0) @binding(5) var<uniform> params: Params;
",
        input.wgsl()
    )
}

/// The body of every byte-level kernel: each invocation reads `N`
/// components of `I` from `a`, evaluates `call` (a product of `v`) and
/// writes the `M` results.
pub fn main_body(call: &str) -> String {
    format!(
        "
@compute @workgroup_size({})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {{
    let g = gid.x;
    var xa: array<I, N>;
    for (var i = 0u; i < N; i++) {{
        xa[i] = a[g * N + i];
    }}
    let v = coop_vec<I, N>(xa);
    let r = {call};
    for (var i = 0u; i < M; i++) {{
        out[g * M + i] = r[i];
    }}
}}
",
        super::case::WORKGROUP
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_read_as_the_matrix_type() {
        // i32: saturated.
        let w = [300i32 as u32, (-300i32) as u32, 5, (-5i32) as u32];
        let got: Vec<i64> = (0..4)
            .map(|k| input_element(Input::I32, Elem::I8, &w, k))
            .collect();
        assert_eq!(got, [127, -128, 5, -5]);
        let got: Vec<i64> = (0..4)
            .map(|k| input_element(Input::I32, Elem::U8, &w, k))
            .collect();
        assert_eq!(got, [255, 0, 5, 0]);
        // f32: ties to even, then saturated.
        let f = [2.5f32, 3.5, -0.5, -2.5, 127.5, 1e10, -1e10, 0.75];
        let w: Vec<u32> = f.iter().map(|x| x.to_bits()).collect();
        let got: Vec<i64> = (0..8)
            .map(|k| input_element(Input::F32, Elem::I8, &w, k))
            .collect();
        assert_eq!(got, [2, 4, 0, -2, 127, 127, -128, 1]);
        let got: Vec<i64> = (0..8)
            .map(|k| input_element(Input::F32, Elem::U8, &w, k))
            .collect();
        assert_eq!(got, [2, 4, 0, 0, 128, 255, 0, 1]);
        // u32: byte k % 4 of word k / 4.
        let w = [0x80FF_0102u32, 0x7F00_00FE];
        let got: Vec<i64> = (0..8)
            .map(|k| input_element(Input::U32, Elem::I8, &w, k))
            .collect();
        assert_eq!(got, [2, 1, -1, -128, -2, 0, 0, 127]);
        let got: Vec<i64> = (0..4)
            .map(|k| input_element(Input::U32, Elem::U8, &w, k))
            .collect();
        assert_eq!(got, [2, 1, 255, 128]);
    }

    #[test]
    fn configurations_are_spelled_as_the_profile_does() {
        assert_eq!(Input::U32.config(Elem::I8).to_string(), "u32/i8:i32");
        assert_eq!(Input::F32.config(Elem::U8).to_string(), "f32/u8:i32");
        assert_eq!(Input::U32.components(64), 16);
    }

    #[test]
    fn inference_placement_for_loops() {
        let case = RawCase {
            name: "x".into(),
            config: Input::I32.config(Elem::I8),
            wgsl: String::new(),
            elem: Elem::I8,
            m: 3,
            k: 5,
            optimal: true,
            a: Vec::new(),
            matrix: Placement::Inference {
                matrix: (1..=15).collect(),
                offset: 64,
                short: false,
            },
            bias: Vec::new(),
            params: [64, 0, 0, 0],
            output: Ty::I32,
            expect: Vec::new(),
        };
        // 64 + 15 bytes, rounded up to 80; the matrix at byte 64.
        let b = matrix_bytes(&case, None).expect("bytes");
        assert_eq!(b.len(), 80);
        assert_eq!(&b[64..79], &(1..=15).collect::<Vec<u8>>()[..]);
        let short = RawCase {
            matrix: Placement::Inference {
                matrix: (1..=15).collect(),
                offset: 64,
                short: true,
            },
            ..case
        };
        let b = matrix_bytes(&short, None).expect("bytes");
        assert_eq!(b.len(), 76);
        assert_eq!(&b[64..76], &(1..=12).collect::<Vec<u8>>()[..]);
    }
}

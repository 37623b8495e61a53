//! Host-side data: a seeded random generator, the byte encoding of each
//! matrix component type, and poison patterns for output buffers.

use half::f16;
use tessera::configs::ComponentType;

/// The 32-bit poison pattern written into every output buffer before a run.
pub const POISON_WORD: u32 = 0xDEAD_BEEF;

/// A small deterministic generator (xorshift64*), so runs are reproducible.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (0 is replaced by a fixed non-zero value).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A uniform value in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A uniform integer in `[lo, hi]`.
    pub fn range_i64(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi - lo + 1) as u64;
        lo + (self.next_u64() % span) as i64
    }
}

/// Size in bytes of one component of `t` in memory.
pub const fn component_bytes(t: ComponentType) -> usize {
    match t {
        ComponentType::F32 | ComponentType::U32 | ComponentType::I32 => 4,
        ComponentType::F16 | ComponentType::BF16 => 2,
        ComponentType::U8 | ComponentType::I8 => 1,
    }
}

/// Whether `t` is a floating-point component type.
pub const fn is_float(t: ComponentType) -> bool {
    matches!(
        t,
        ComponentType::F32 | ComponentType::F16 | ComponentType::BF16
    )
}

/// Reads component `index` (in components of `t`) of `bytes` as an `f64`
/// (exact for every component type); `None` when out of range.
pub fn read_component(bytes: &[u8], t: ComponentType, index: usize) -> Option<f64> {
    let size = component_bytes(t);
    let at = index.checked_mul(size)?;
    let b = bytes.get(at..at + size)?;
    Some(match t {
        ComponentType::F32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
        ComponentType::U32 => u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
        ComponentType::I32 => i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
        ComponentType::F16 => f16::from_bits(u16::from_le_bytes([b[0], b[1]])).to_f64(),
        ComponentType::U8 => b[0] as f64,
        ComponentType::I8 => b[0] as i8 as f64,
        ComponentType::BF16 => half::bf16::from_bits(u16::from_le_bytes([b[0], b[1]])).to_f64(),
    })
}

/// The raw bits of component `index`, for poison checks.
pub fn component_bits(bytes: &[u8], t: ComponentType, index: usize) -> Option<u32> {
    let size = component_bytes(t);
    let at = index.checked_mul(size)?;
    let b = bytes.get(at..at + size)?;
    let mut w = [0u8; 4];
    w[..size].copy_from_slice(b);
    Some(u32::from_le_bytes(w))
}

/// Writes `value` (already representable in `t`) as component `index`.
/// Returns false when out of range.
pub fn write_component(bytes: &mut [u8], t: ComponentType, index: usize, value: f64) -> bool {
    let size = component_bytes(t);
    let Some(at) = index.checked_mul(size) else {
        return false;
    };
    let Some(b) = bytes.get_mut(at..at + size) else {
        return false;
    };
    match t {
        ComponentType::F32 => b.copy_from_slice(&(value as f32).to_le_bytes()),
        ComponentType::U32 => b.copy_from_slice(&(value as u32).to_le_bytes()),
        ComponentType::I32 => b.copy_from_slice(&(value as i32).to_le_bytes()),
        ComponentType::F16 => b.copy_from_slice(&f16::from_f64(value).to_bits().to_le_bytes()),
        ComponentType::U8 => b[0] = value as u8,
        ComponentType::I8 => b[0] = value as i8 as u8,
        ComponentType::BF16 => {
            b.copy_from_slice(&half::bf16::from_f64(value).to_bits().to_le_bytes())
        }
    }
    true
}

/// A buffer of `len` bytes filled with [`POISON_WORD`] (little-endian).
pub fn poison(len: usize) -> Vec<u8> {
    let p = POISON_WORD.to_le_bytes();
    (0..len).map(|i| p[i % 4]).collect()
}

/// Whether `bits` (the raw bits of one component of `t` at byte offset
/// `byte_offset`) equals the poison pattern at that position.
pub fn is_poison(bits: u32, t: ComponentType, byte_offset: usize) -> bool {
    let size = component_bytes(t);
    let p = POISON_WORD.to_le_bytes();
    (0..size).all(|i| ((bits >> (8 * i)) & 0xFF) as u8 == p[(byte_offset + i) % 4])
}

/// A random non-zero value of component type `t` whose bytes never equal
/// a poison byte (so "written" and "untouched" are distinguishable).
/// Floats are in `[-4, -1/8] U [1/8, 4]` and exactly representable in `t`;
/// integers are small enough that a 32-term dot product cannot overflow.
pub fn random_value(rng: &mut Rng, t: ComponentType) -> f64 {
    loop {
        let v = match t {
            ComponentType::F32 | ComponentType::F16 | ComponentType::BF16 => {
                let mag = 0.125 + rng.unit() * 3.875;
                let v = if rng.next_u64() & 1 == 0 { mag } else { -mag };
                match t {
                    ComponentType::F16 => f16::from_f64(v).to_f64(),
                    ComponentType::BF16 => half::bf16::from_f64(v).to_f64(),
                    _ => v as f32 as f64,
                }
            }
            ComponentType::U32 => rng.range_i64(1, 1000) as f64,
            ComponentType::I32 => rng.range_i64(-1000, 1000) as f64,
            ComponentType::U8 => rng.range_i64(1, 255) as f64,
            ComponentType::I8 => rng.range_i64(-128, 127) as f64,
        };
        if v == 0.0 {
            continue;
        }
        let mut tmp = [0u8; 4];
        write_component(&mut tmp, t, 0, v);
        let size = component_bytes(t);
        if tmp[..size]
            .iter()
            .any(|b| POISON_WORD.to_le_bytes().contains(b))
        {
            continue;
        }
        return v;
    }
}

/// A buffer of `len` bytes of random values of `t` (see [`random_value`]).
pub fn random_buffer(rng: &mut Rng, t: ComponentType, len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    for i in 0..len / component_bytes(t) {
        let v = random_value(rng, t);
        write_component(&mut out, t, i, v);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_deterministic_and_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
            let r = a.range_i64(-3, 3);
            assert!((-3..=3).contains(&r));
            b.range_i64(-3, 3);
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn component_round_trip() {
        let mut buf = vec![0u8; 16];
        for (t, v) in [
            (ComponentType::F32, -1.5),
            (ComponentType::F16, 0.333251953125),
            (ComponentType::U32, 4_000_000_000.0),
            (ComponentType::I32, -7.0),
            (ComponentType::U8, 200.0),
            (ComponentType::I8, -100.0),
        ] {
            assert!(write_component(&mut buf, t, 1, v));
            assert_eq!(read_component(&buf, t, 1), Some(v), "{t}");
        }
        assert!(!write_component(&mut buf, ComponentType::F32, 4, 1.0));
        assert_eq!(read_component(&buf, ComponentType::F32, 4), None);
    }

    #[test]
    fn f16_encoding_matches_ieee() {
        let mut buf = vec![0u8; 2];
        write_component(&mut buf, ComponentType::F16, 0, 1.0);
        assert_eq!(buf, [0x00, 0x3C]);
        write_component(&mut buf, ComponentType::F16, 0, -2.0);
        assert_eq!(buf, [0x00, 0xC0]);
    }

    #[test]
    fn poison_is_detected_per_component() {
        let p = poison(8);
        assert_eq!(p[..4], POISON_WORD.to_le_bytes());
        for t in ComponentType::ALL {
            let n = 8 / component_bytes(t);
            for i in 0..n {
                let bits = component_bits(&p, t, i).unwrap();
                assert!(is_poison(bits, t, i * component_bytes(t)), "{t} {i}");
            }
        }
        assert!(!is_poison(0, ComponentType::U8, 0));
    }

    #[test]
    fn random_values_are_nonzero_and_not_poison() {
        let mut rng = Rng::new(3);
        for t in ComponentType::ALL {
            let buf = random_buffer(&mut rng, t, 256);
            for i in 0..256 / component_bytes(t) {
                let v = read_component(&buf, t, i).unwrap();
                assert!(v != 0.0 && v.is_finite(), "{t}");
                let bits = component_bits(&buf, t, i).unwrap();
                assert!(!is_poison(bits, t, i * component_bytes(t)));
            }
        }
    }
}

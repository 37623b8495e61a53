//! The generator's model of WGSL types, constant values and float bounds.

/// A scalar type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    Bool,
    I32,
    U32,
    F32,
    F16,
}

impl Scalar {
    /// The WGSL spelling.
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::I32 => "i32",
            Scalar::U32 => "u32",
            Scalar::F32 => "f32",
            Scalar::F16 => "f16",
        }
    }

    /// The suffix of the predeclared vector aliases (`vec3u`), if any.
    pub fn alias_suffix(self) -> Option<char> {
        match self {
            Scalar::Bool => None,
            Scalar::I32 => Some('i'),
            Scalar::U32 => Some('u'),
            Scalar::F32 => Some('f'),
            Scalar::F16 => Some('h'),
        }
    }

    pub fn is_int(self) -> bool {
        matches!(self, Scalar::I32 | Scalar::U32)
    }

    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F32 | Scalar::F16)
    }

    /// Significand bits (with the implicit one) of a float type.
    pub fn precision(self) -> i32 {
        match self {
            Scalar::F16 => 11,
            _ => 24,
        }
    }

    /// The largest magnitude exponent a float value may reach: well inside
    /// the finite range, so nothing ever overflows.
    pub fn max_exp(self) -> i32 {
        match self {
            Scalar::F16 => 14,
            _ => 60,
        }
    }

    /// The largest number of fraction bits: every nonzero value stays a
    /// normal number (f16's smallest normal is 2^-14, f32's 2^-126).
    pub fn max_frac(self) -> i32 {
        match self {
            Scalar::F16 => 10,
            _ => 40,
        }
    }

    /// The bound every float value stored in memory (variables, struct
    /// members, parameters, return values) keeps.
    pub fn storage_bound(self) -> FB {
        match self {
            Scalar::F16 => FB { m: 4, k: 1 },
            _ => FB { m: 8, k: 4 },
        }
    }
}

/// A type of a value the generator produces.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ty {
    S(Scalar),
    V(u8, Scalar),
    Arr(Box<Ty>, u32),
    /// An index into the generator's struct table.
    St(usize),
}

impl Ty {
    pub const BOOL: Ty = Ty::S(Scalar::Bool);
    pub const U32: Ty = Ty::S(Scalar::U32);
    pub const I32: Ty = Ty::S(Scalar::I32);
    pub const F32: Ty = Ty::S(Scalar::F32);

    /// `S` for `n == 1`, `vecN<S>` otherwise.
    pub fn sv(n: u8, s: Scalar) -> Ty {
        if n == 1 {
            Ty::S(s)
        } else {
            Ty::V(n, s)
        }
    }

    /// The scalar of a scalar or vector type.
    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            Ty::S(s) | Ty::V(_, s) => Some(*s),
            _ => None,
        }
    }

    /// 1 for a scalar, N for a vector, 0 otherwise.
    pub fn width(&self) -> u8 {
        match self {
            Ty::S(_) => 1,
            Ty::V(n, _) => *n,
            _ => 0,
        }
    }

    pub fn is_sv(&self) -> bool {
        matches!(self, Ty::S(_) | Ty::V(..))
    }

    pub fn is_int_sv(&self) -> bool {
        self.scalar().is_some_and(Scalar::is_int)
    }

    pub fn is_float_sv(&self) -> bool {
        self.scalar().is_some_and(Scalar::is_float)
    }

    pub fn is_bool_sv(&self) -> bool {
        self.scalar() == Some(Scalar::Bool)
    }

    /// The same shape with another scalar.
    pub fn with_scalar(&self, s: Scalar) -> Ty {
        Ty::sv(self.width(), s)
    }
}

/// A known value of a scalar const-expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Val {
    B(bool),
    I(i32),
    U(u32),
}

impl Val {
    /// The value as an `i64`, for comparisons (bools as 0 and 1).
    pub fn as_i64(self) -> i64 {
        match self {
            Val::B(b) => b as i64,
            Val::I(i) => i as i64,
            Val::U(u) => u as i64,
        }
    }
}

/// A bound on every value a float expression can take: a multiple of
/// `2^-k` of magnitude at most `2^m`. Such a value needs `m + k` significand
/// bits, so it is exactly representable (and every operation on it exact)
/// while `m + k <= precision`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FB {
    pub m: i32,
    pub k: i32,
}

impl FB {
    /// The significand bits a value within the bound may need.
    pub fn bits(self) -> i32 {
        self.m + self.k
    }

    /// The bound of either of two values.
    pub fn join(self, o: FB) -> FB {
        FB {
            m: self.m.max(o.m),
            k: self.k.max(o.k),
        }
    }

    /// The bound of a sum or difference.
    pub fn plus(self, o: FB) -> FB {
        FB {
            m: self.m.max(o.m) + 1,
            k: self.k.max(o.k),
        }
    }

    /// The bound of a product.
    pub fn times(self, o: FB) -> FB {
        FB {
            m: self.m + o.m,
            k: self.k + o.k,
        }
    }

    /// Whether every value within the bound, and every value of `s` with
    /// it, stays exact and finite.
    pub fn fits(self, s: Scalar) -> bool {
        self.bits() <= s.precision() && self.m <= s.max_exp() && self.k <= s.max_frac()
    }

    /// Whether the bound is within `o`.
    pub fn within(self, o: FB) -> bool {
        self.m <= o.m && self.k <= o.k
    }
}

/// Checked evaluation of the integer operators WGSL const-evaluates: `None`
/// where a const-expression would be a shader-creation error (overflow,
/// division by zero, an out-of-range shift).
pub fn const_binop(op: &str, a: Val, b: Val) -> Option<Val> {
    use Val::*;
    Some(match (a, b) {
        (I(x), I(y)) => match op {
            "+" => I(x.checked_add(y)?),
            "-" => I(x.checked_sub(y)?),
            "*" => I(x.checked_mul(y)?),
            "/" => I(x.checked_div(y)?),
            "%" => I(x.checked_rem(y)?),
            "&" => I(x & y),
            "|" => I(x | y),
            "^" => I(x ^ y),
            _ => return None,
        },
        (U(x), U(y)) => match op {
            "+" => U(x.checked_add(y)?),
            "-" => U(x.checked_sub(y)?),
            "*" => U(x.checked_mul(y)?),
            "/" => U(x.checked_div(y)?),
            "%" => U(x.checked_rem(y)?),
            "&" => U(x & y),
            "|" => U(x | y),
            "^" => U(x ^ y),
            ">>" if y < 32 => U(x >> y),
            "<<" if y < 32 && ((x << y) >> y) == x => U(x << y),
            _ => return None,
        },
        (I(x), U(s)) => match op {
            ">>" if s < 32 => I(x >> s),
            // No bit shifted out may differ from the result's sign bit.
            "<<" if s < 32 && ((x << s) >> s) == x => I(x << s),
            _ => return None,
        },
        _ => return None,
    })
}

/// Checked evaluation of a comparison of two known values.
pub fn const_cmp(op: &str, a: Val, b: Val) -> Option<Val> {
    let (x, y) = (a.as_i64(), b.as_i64());
    Some(Val::B(match op {
        "==" => x == y,
        "!=" => x != y,
        "<" => x < y,
        "<=" => x <= y,
        ">" => x > y,
        ">=" => x >= y,
        _ => return None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn const_shifts_follow_wgsl() {
        assert_eq!(
            const_binop("<<", Val::U(1), Val::U(31)),
            Some(Val::U(1 << 31))
        );
        assert_eq!(const_binop("<<", Val::U(2), Val::U(31)), None);
        assert_eq!(const_binop("<<", Val::I(1), Val::U(31)), None);
        assert_eq!(
            const_binop("<<", Val::I(-1), Val::U(31)),
            Some(Val::I(i32::MIN))
        );
        assert_eq!(const_binop(">>", Val::U(1), Val::U(32)), None);
        assert_eq!(const_binop("/", Val::I(i32::MIN), Val::I(-1)), None);
        assert_eq!(const_binop("%", Val::U(5), Val::U(0)), None);
    }

    #[test]
    fn float_bounds() {
        let c = Scalar::F32.storage_bound();
        assert!(c.times(c).fits(Scalar::F32));
        assert!(!c.times(c).plus(c).fits(Scalar::F32));
    }
}

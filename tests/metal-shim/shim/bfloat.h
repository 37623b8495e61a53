// tessera Metal shim: `bfloat` and `bfloat2` (MSL 3.1, section 2.1: a
// 16-bit float with float's 8-bit exponent). Clang 14 has no bfloat type for
// this target, so the shim declares classes with Metal's conversion rules:
// a `bfloat` converts implicitly only to `float` (its one wider type) and
// from `float` and `half` only explicitly. They have no arithmetic: tessera
// prints none on bfloat (subgroup matrices of bf16 are loaded, stored,
// filled, multiplied and converted).
#ifndef TESSERA_METAL_SHIM_BFLOAT
#define TESSERA_METAL_SHIM_BFLOAT

struct bfloat {
    bfloat() = default;
    explicit bfloat(float value);
    explicit bfloat(half value);
    operator float() const;
    /// The raw bits (a struct member, not `private:`: the shim defines
    /// `private` as a macro, since it is an OpenCL address-space keyword
    /// and an ordinary identifier in Metal).
    ushort bits;
};

/// `vec<bfloat, 2>`, the share of a `simdgroup_bfloat8x8` each thread holds.
struct bfloat2 {
    bfloat elements[2];
    bfloat &operator[](int i) { return elements[i]; }
    const bfloat &operator[](int i) const { return elements[i]; }
};

namespace metal {
template <> struct vec_traits<::bfloat2> {
    static constexpr int size = 2;
    using element = ::bfloat;
};
template <> struct vec_of<::bfloat, 2> { using type = ::bfloat2; };
using ::bfloat;
using ::bfloat2;
} // namespace metal

#endif

// tessera Metal shim: common, integer, math, relational, geometric and pack
// functions (MSL specification sections 6.2-6.5, 6.8, 6.14), and `as_type`.
//
// "T" in the specification's tables is one type for all arguments: the
// templates deduce it from every argument, so `clamp(float4, float, float)`
// or `min(int, uint)` are rejected as by Metal's headers. Declarations only:
// the shim is used with -fsyntax-only.
#ifndef TESSERA_METAL_SHIM_MATH
#define TESSERA_METAL_SHIM_MATH

namespace metal {

template <class T, enable_if_t<is_float_v<T>, int> = 0> T acos(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T acosh(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T asin(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T asinh(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T atan(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T atanh(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T ceil(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T cos(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T cosh(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T cospi(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T exp(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T exp2(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T exp10(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T fabs(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T floor(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T fract(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T log(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T log2(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T log10(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T rint(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T round(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T rsqrt(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T sin(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T sinh(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T sinpi(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T sqrt(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T tan(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T tanh(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T tanpi(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T trunc(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T saturate(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T sign(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T atan2(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T copysign(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T divide(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T fdim(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T fmax(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T fmin(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T fmod(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T pow(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T powr(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T step(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T nextafter(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T fma(T x, T y, T z);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T fmax3(T x, T y, T z);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T fmin3(T x, T y, T z);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T fmedian3(T x, T y, T z);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T mix(T x, T y, T z);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T smoothstep(T x, T y, T z);
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T clz(T x);
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T ctz(T x);
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T popcount(T x);
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T reverse_bits(T x);
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T addsat(T x, T y);
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T subsat(T x, T y);
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T hadd(T x, T y);
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T rhadd(T x, T y);
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T mulhi(T x, T y);
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T rotate(T x, T y);
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T madhi(T a, T b, T c);
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T madsat(T a, T b, T c);
template <class T, enable_if_t<is_numeric_v<T>, int> = 0> T min(T x, T y);
template <class T, enable_if_t<is_numeric_v<T>, int> = 0> T max(T x, T y);
template <class T, enable_if_t<is_numeric_v<T>, int> = 0> T clamp(T x, T y, T z);
template <class T, enable_if_t<is_numeric_v<T>, int> = 0> T min3(T x, T y, T z);
template <class T, enable_if_t<is_numeric_v<T>, int> = 0> T max3(T x, T y, T z);
template <class T, enable_if_t<is_numeric_v<T>, int> = 0> T median3(T x, T y, T z);

/// `abs` of a float (6.5) or an integer (6.3) scalar or vector.
template <class T, enable_if_t<is_numeric_v<T>, int> = 0> T abs(T x);
/// `absdiff`: |x - y| as the unsigned type.
template <class T, enable_if_t<is_integer_v<T>, int> = 0> T absdiff(T x, T y);
template <class T, enable_if_t<is_integer_v<T>, int> = 0>
T extract_bits(T x, uint offset, uint bits);
template <class T, enable_if_t<is_integer_v<T>, int> = 0>
T insert_bits(T base, T insert, uint offset, uint bits);
template <class T, enable_if_t<is_same_v<element_t<T>, int> || is_same_v<element_t<T>, uint>, int> = 0>
T mad24(T x, T y, T z);
template <class T, enable_if_t<is_same_v<element_t<T>, int> || is_same_v<element_t<T>, uint>, int> = 0>
T mul24(T x, T y);

/// The integer type with the shape of T (int or intN).
template <class T, int N = vec_size_v<T>> struct int_shape { using type = vec<int, N>; };
template <class T> struct int_shape<T, 0> { using type = int; };
template <class T> using int_shape_t = typename int_shape<T>::type;

template <class T, enable_if_t<is_float_v<T>, int> = 0> T frexp(T x, thread int_shape_t<T> &exponent);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T ldexp(T x, int_shape_t<T> k);
template <class T, enable_if_t<is_float_v<T>, int> = 0> int_shape_t<T> ilogb(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T modf(T x, thread T &intval);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T sincos(T x, thread T &cosval);

// Relational functions (6.4): Tb is bool for a scalar, boolN for a vector.
// Comparisons of vectors yield OpenCL masks here (see vector.h), which the
// mask overloads accept.
constexpr bool all(bool x) { return x; }
constexpr bool any(bool x) { return x; }
template <int N> bool all(bool_vec<N> x);
template <int N> bool any(bool_vec<N> x);
template <int N, int... I> bool all(bool_swizzle<N, I...> x);
template <int N, int... I> bool any(bool_swizzle<N, I...> x);
template <class M, enable_if_t<is_vector_v<M> && is_integer_v<M> && is_signed_int_v<element_t<M>>, int> = 0>
bool all(M comparison_mask);
template <class M, enable_if_t<is_vector_v<M> && is_integer_v<M> && is_signed_int_v<element_t<M>>, int> = 0>
bool any(M comparison_mask);
template <class T, enable_if_t<is_float_v<T>, int> = 0> bool_result_t<T> isfinite(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> bool_result_t<T> isinf(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> bool_result_t<T> isnan(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> bool_result_t<T> isnormal(T x);
template <class T, enable_if_t<is_float_v<T>, int> = 0> bool_result_t<T> isordered(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> bool_result_t<T> isunordered(T x, T y);
template <class T, enable_if_t<is_float_v<T>, int> = 0> bool_result_t<T> signbit(T x);
/// `select(a, b, c)`: c ? b : a per component (T numeric or bool).
template <class T, enable_if_t<is_numeric_v<T> || is_same_v<element_t<T>, bool>, int> = 0>
T select(T a, T b, bool_result_t<T> c);

// Geometric functions (6.8): T is floatN or halfN, Ts its component.
template <class T, enable_if_t<is_vector_v<T> && is_float_v<T>, int> = 0> element_t<T> dot(T x, T y);
template <class T, enable_if_t<vec_size_v<T> == 3 && is_float_v<T>, int> = 0> T cross(T x, T y);
template <class T, enable_if_t<is_vector_v<T> && is_float_v<T>, int> = 0> element_t<T> distance(T x, T y);
template <class T, enable_if_t<is_vector_v<T> && is_float_v<T>, int> = 0> element_t<T> distance_squared(T x, T y);
template <class T, enable_if_t<is_vector_v<T> && is_float_v<T>, int> = 0> element_t<T> length(T x);
template <class T, enable_if_t<is_vector_v<T> && is_float_v<T>, int> = 0> element_t<T> length_squared(T x);
template <class T, enable_if_t<is_vector_v<T> && is_float_v<T>, int> = 0> T normalize(T x);
template <class T, enable_if_t<is_vector_v<T> && is_float_v<T>, int> = 0> T faceforward(T n, T i, T nref);
template <class T, enable_if_t<is_vector_v<T> && is_float_v<T>, int> = 0> T reflect(T i, T n);
template <class T, enable_if_t<is_vector_v<T> && is_float_v<T>, int> = 0> T refract(T i, T n, element_t<T> eta);

// Pack and unpack (6.14).
float4 unpack_unorm4x8_to_float(uint x);
float4 unpack_snorm4x8_to_float(uint x);
half4 unpack_unorm4x8_to_half(uint x);
half4 unpack_snorm4x8_to_half(uint x);
float4 unpack_unorm4x8_srgb_to_float(uint x);
half4 unpack_unorm4x8_srgb_to_half(uint x);
float2 unpack_unorm2x16_to_float(uint x);
float2 unpack_snorm2x16_to_float(uint x);
half2 unpack_unorm2x16_to_half(uint x);
half2 unpack_snorm2x16_to_half(uint x);
float4 unpack_unorm10a2_to_float(uint x);
float3 unpack_unorm565_to_float(ushort x);
half4 unpack_unorm10a2_to_half(uint x);
half3 unpack_unorm565_to_half(ushort x);
uint pack_float_to_unorm4x8(float4 x);
uint pack_float_to_snorm4x8(float4 x);
uint pack_half_to_unorm4x8(half4 x);
uint pack_half_to_snorm4x8(half4 x);
uint pack_float_to_srgb_unorm4x8(float4 x);
uint pack_half_to_srgb_unorm4x8(half4 x);
uint pack_float_to_unorm2x16(float2 x);
uint pack_float_to_snorm2x16(float2 x);
uint pack_half_to_unorm2x16(half2 x);
uint pack_half_to_snorm2x16(half2 x);
uint pack_float_to_unorm10a2(float4 x);
ushort pack_float_to_unorm565(float3 x);
uint pack_half_to_unorm10a2(half4 x);
ushort pack_half_to_unorm565(half3 x);

/// `as_type<To>(x)` (2.19): reinterprets the bits of a scalar or vector as a
/// type of the same size.
template <class To, class From> constexpr To as_type(From x) {
    static_assert(is_scalar_v<To> || is_vector_v<To>, "as_type converts to a scalar or vector type");
    static_assert(is_scalar_v<From> || is_vector_v<From>, "as_type converts from a scalar or vector type");
    static_assert(!is_same_v<element_t<To>, bool> && !is_same_v<element_t<From>, bool>,
                  "as_type does not convert bool types");
    static_assert(sizeof(To) == sizeof(From), "as_type needs types of the same size");
    return __builtin_bit_cast(To, x);
}

/// `metal::numeric_limits` (metal_types) for the scalar types.
template <class T> struct numeric_limits {
    static constexpr T min();
    static constexpr T max();
    static constexpr T lowest();
    static constexpr T infinity();
    static constexpr T quiet_NaN();
    static constexpr T epsilon();
};

namespace fast { using metal::abs; using metal::cos; using metal::exp; using metal::exp2; using metal::log; using metal::log2; using metal::normalize; using metal::length; using metal::pow; using metal::sin; using metal::sqrt; using metal::rsqrt; using metal::tan; using metal::clamp; using metal::fmax; using metal::fmin; using metal::max; using metal::min; }
namespace precise { using metal::abs; using metal::cos; using metal::exp; using metal::exp2; using metal::log; using metal::log2; using metal::normalize; using metal::length; using metal::pow; using metal::sin; using metal::sqrt; using metal::rsqrt; using metal::tan; using metal::clamp; using metal::fmax; using metal::fmin; using metal::max; using metal::min; }

} // namespace metal

#define MAXFLOAT 0x1.fffffep+127f
#define FLT_MAX 0x1.fffffep+127f
#define FLT_MIN 0x1.0p-126f
#define HALF_MAX 65504.0h
#define HALF_MIN 0x1.0p-14h
#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")
#define INT_MAX 2147483647
#define INT_MIN (-2147483647 - 1)
#define UINT_MAX 4294967295u
#define M_PI_F 3.14159274101257324219f

#endif

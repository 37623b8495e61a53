// tessera Metal shim: vector types.
//
// Numeric vectors are clang extended vectors (as in Apple's compiler, which
// is clang-based): component-wise operators, `.xyzw`/`.rgba` swizzles
// (assignable when no component repeats), subscripts, and copies between
// address spaces come for free. Metal's constructor syntax `float4(a, b)`
// is provided by function-like macros (constructors.h). `bool` vectors are a
// class (clang 14 has no `bool` extended vectors); comparisons of numeric
// vectors yield OpenCL-style integer masks, which convert to them.
#ifndef TESSERA_METAL_SHIM_VECTOR
#define TESSERA_METAL_SHIM_VECTOR

#define TESSERA_SHIM_VEC(T, NAME)                                              \
    typedef T NAME##2 __attribute__((ext_vector_type(2)));                     \
    typedef T NAME##3 __attribute__((ext_vector_type(3)));                     \
    typedef T NAME##4 __attribute__((ext_vector_type(4)));

TESSERA_SHIM_VEC(float, float)
TESSERA_SHIM_VEC(half, half)
TESSERA_SHIM_VEC(int, int)
TESSERA_SHIM_VEC(uint, uint)
TESSERA_SHIM_VEC(short, short)
TESSERA_SHIM_VEC(ushort, ushort)
TESSERA_SHIM_VEC(char, char)
TESSERA_SHIM_VEC(uchar, uchar)
TESSERA_SHIM_VEC(long, long)
TESSERA_SHIM_VEC(ulong, ulong)
#undef TESSERA_SHIM_VEC

namespace metal {

/// Vector traits: `vec_traits<V>::size` (0 for scalars) and `::element`.
template <class T> struct vec_traits {
    static constexpr int size = 0;
    using element = T;
};
template <class T> struct vec_traits<const T> : vec_traits<T> {};
template <class T> struct vec_traits<volatile T> : vec_traits<T> {};
template <class T> struct vec_traits<const volatile T> : vec_traits<T> {};

/// `metal::vec<T, N>`: the vector of N T's.
template <class T, int N> struct vec_of;

#define TESSERA_SHIM_VEC_TRAITS(T, NAME)                                       \
    template <> struct vec_traits<::NAME##2> { static constexpr int size = 2; using element = T; }; \
    template <> struct vec_traits<::NAME##3> { static constexpr int size = 3; using element = T; }; \
    template <> struct vec_traits<::NAME##4> { static constexpr int size = 4; using element = T; }; \
    template <> struct vec_of<T, 2> { using type = ::NAME##2; };              \
    template <> struct vec_of<T, 3> { using type = ::NAME##3; };              \
    template <> struct vec_of<T, 4> { using type = ::NAME##4; };
TESSERA_SHIM_VEC_TRAITS(float, float)
TESSERA_SHIM_VEC_TRAITS(half, half)
TESSERA_SHIM_VEC_TRAITS(int, int)
TESSERA_SHIM_VEC_TRAITS(uint, uint)
TESSERA_SHIM_VEC_TRAITS(short, short)
TESSERA_SHIM_VEC_TRAITS(ushort, ushort)
TESSERA_SHIM_VEC_TRAITS(char, char)
TESSERA_SHIM_VEC_TRAITS(uchar, uchar)
TESSERA_SHIM_VEC_TRAITS(long, long)
TESSERA_SHIM_VEC_TRAITS(ulong, ulong)
#undef TESSERA_SHIM_VEC_TRAITS

template <class V> constexpr int vec_size_v = vec_traits<V>::size;
template <class V> using element_t = typename vec_traits<V>::element;
template <class V> constexpr bool is_vector_v = vec_size_v<V> != 0;
/// A scalar or vector whose components are float or half.
template <class V> constexpr bool is_float_v = is_float_scalar_v<element_t<V>>;
/// A scalar or vector whose components are integers (not bool).
template <class V> constexpr bool is_integer_v = is_int_scalar_v<element_t<V>>;
template <class V> constexpr bool is_numeric_v = is_float_v<V> || is_integer_v<V>;

/// A vector of `bool`: Metal's `bool2`..`bool4`.
template <int N> struct bool_vec {
    static_assert(N >= 2 && N <= 4, "Metal vectors have 2, 3 or 4 components");
    union {
        bool elements[N];
        struct {
            bool x, y, z, w;
        };
    };
    bool_vec() = default;
    constexpr explicit bool_vec(bool b) : elements{} {
        for (int i = 0; i < N; ++i) elements[i] = b;
    }
    /// From an OpenCL comparison mask (`int4` etc.: a component != 0).
    template <class M, enable_if_t<vec_size_v<M> == N && is_integer_v<M>, int> = 0>
    constexpr bool_vec(M mask) : elements{} {
        for (int i = 0; i < N; ++i) elements[i] = mask[i] != 0;
    }
    constexpr bool &operator[](int i) { return elements[i]; }
    constexpr bool operator[](int i) const { return elements[i]; }
    constexpr bool_vec operator!() const {
        bool_vec r(false);
        for (int i = 0; i < N; ++i) r.elements[i] = !elements[i];
        return r;
    }
    friend constexpr bool_vec operator&&(bool_vec a, bool_vec b) {
        bool_vec r(false);
        for (int i = 0; i < N; ++i) r.elements[i] = a.elements[i] && b.elements[i];
        return r;
    }
    friend constexpr bool_vec operator||(bool_vec a, bool_vec b) {
        bool_vec r(false);
        for (int i = 0; i < N; ++i) r.elements[i] = a.elements[i] || b.elements[i];
        return r;
    }
    friend constexpr bool_vec operator&(bool_vec a, bool_vec b) { return a && b; }
    friend constexpr bool_vec operator|(bool_vec a, bool_vec b) { return a || b; }
    friend constexpr bool_vec operator==(bool_vec a, bool_vec b) {
        bool_vec r(false);
        for (int i = 0; i < N; ++i) r.elements[i] = a.elements[i] == b.elements[i];
        return r;
    }
    friend constexpr bool_vec operator!=(bool_vec a, bool_vec b) { return !(a == b); }
    bool_vec &operator&=(bool_vec b) { return *this = *this && b; }
    bool_vec &operator|=(bool_vec b) { return *this = *this || b; }
};

template <int N> struct vec_traits<bool_vec<N>> {
    static constexpr int size = N;
    using element = bool;
};
template <> struct vec_of<bool, 2> { using type = bool_vec<2>; };
template <> struct vec_of<bool, 3> { using type = bool_vec<3>; };
template <> struct vec_of<bool, 4> { using type = bool_vec<4>; };

template <class T, int N> using vec = typename vec_of<T, N>::type;

/// The boolean result type of a relational function on `T`.
template <class T, bool V = is_vector_v<T>> struct bool_result { using type = bool; };
template <class T> struct bool_result<T, true> { using type = bool_vec<vec_size_v<T>>; };
template <class T> using bool_result_t = typename bool_result<T>::type;

/// Metal's packed vectors (`packed_float3` ...): tightly packed, aligned to
/// the component, convertible to and from the aligned vector.
template <class T, int N> struct packed_vec {
    T elements[N];
    packed_vec() = default;
    constexpr packed_vec(vec<T, N> v) : elements{} {
        for (int i = 0; i < N; ++i) elements[i] = v[i];
    }
    constexpr operator vec<T, N>() const {
        vec<T, N> r{};
        for (int i = 0; i < N; ++i) r[i] = elements[i];
        return r;
    }
    constexpr T &operator[](int i) { return elements[i]; }
    constexpr T operator[](int i) const { return elements[i]; }
};
template <class T, int N> struct vec_traits<packed_vec<T, N>> {
    static constexpr int size = 0; // not a vector for the functions
    using element = packed_vec<T, N>;
};

} // namespace metal

typedef metal::bool_vec<2> bool2;
typedef metal::bool_vec<3> bool3;
typedef metal::bool_vec<4> bool4;

#define TESSERA_SHIM_PACKED(T, NAME)                                           \
    typedef metal::packed_vec<T, 2> packed_##NAME##2;                          \
    typedef metal::packed_vec<T, 3> packed_##NAME##3;                          \
    typedef metal::packed_vec<T, 4> packed_##NAME##4;
TESSERA_SHIM_PACKED(float, float)
TESSERA_SHIM_PACKED(half, half)
TESSERA_SHIM_PACKED(int, int)
TESSERA_SHIM_PACKED(uint, uint)
TESSERA_SHIM_PACKED(short, short)
TESSERA_SHIM_PACKED(ushort, ushort)
TESSERA_SHIM_PACKED(char, char)
TESSERA_SHIM_PACKED(uchar, uchar)
#undef TESSERA_SHIM_PACKED

static_assert(sizeof(packed_float3) == 12 && alignof(packed_float3) == 4, "packed_float3 layout");
static_assert(sizeof(float3) == 16 && alignof(float3) == 16, "float3 layout");
static_assert(sizeof(half3) == 8, "half3 layout");

namespace metal {
#define TESSERA_SHIM_USING(NAME)                                               \
    using ::NAME##2;                                                           \
    using ::NAME##3;                                                           \
    using ::NAME##4;                                                           \
    using ::packed_##NAME##2;                                                  \
    using ::packed_##NAME##3;                                                  \
    using ::packed_##NAME##4;
TESSERA_SHIM_USING(float)
TESSERA_SHIM_USING(half)
TESSERA_SHIM_USING(int)
TESSERA_SHIM_USING(uint)
TESSERA_SHIM_USING(short)
TESSERA_SHIM_USING(ushort)
TESSERA_SHIM_USING(char)
TESSERA_SHIM_USING(uchar)
#undef TESSERA_SHIM_USING
using ::long2;
using ::long3;
using ::long4;
using ::ulong2;
using ::ulong3;
using ::ulong4;
using ::bool2;
using ::bool3;
using ::bool4;
} // namespace metal

#endif

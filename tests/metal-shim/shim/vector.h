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

template <int N> struct bool_vec;

/// A swizzle of a `bool` vector (`b.xy`, `b.zyx`): reads convert to a
/// `bool` vector; assignment writes the components (Metal allows it when no
/// component repeats; the shim does not check that).
template <int N, int... I> struct bool_swizzle {
    static constexpr int size = sizeof...(I);
    bool data[N];
    constexpr operator bool_vec<size>() const;
    constexpr bool operator[](int i) const {
        constexpr int index[] = {I...};
        return data[index[i]];
    }
    bool_swizzle &operator=(const bool_vec<size> &v);
    constexpr bool_vec<size> operator!() const { return !bool_vec<size>(*this); }
    constexpr bool_vec<size> operator&&(bool_vec<size> b) const { return bool_vec<size>(*this) && b; }
    constexpr bool_vec<size> operator||(bool_vec<size> b) const { return bool_vec<size>(*this) || b; }
    constexpr bool_vec<size> operator==(bool_vec<size> b) const { return bool_vec<size>(*this) == b; }
    constexpr bool_vec<size> operator!=(bool_vec<size> b) const { return bool_vec<size>(*this) != b; }
};

template <int N> struct bool_vec_storage;
template <> struct bool_vec_storage<2> {
    union {
        bool elements[2];
        struct {
            bool x, y;
        };
        bool_swizzle<2, 0, 0> xx;
        bool_swizzle<2, 0, 1> xy;
        bool_swizzle<2, 1, 0> yx;
        bool_swizzle<2, 1, 1> yy;
        bool_swizzle<2, 0, 0, 0> xxx;
        bool_swizzle<2, 0, 0, 1> xxy;
        bool_swizzle<2, 0, 1, 0> xyx;
        bool_swizzle<2, 0, 1, 1> xyy;
        bool_swizzle<2, 1, 0, 0> yxx;
        bool_swizzle<2, 1, 0, 1> yxy;
        bool_swizzle<2, 1, 1, 0> yyx;
        bool_swizzle<2, 1, 1, 1> yyy;
        bool_swizzle<2, 0, 0, 0, 0> xxxx;
        bool_swizzle<2, 0, 0, 0, 1> xxxy;
        bool_swizzle<2, 0, 0, 1, 0> xxyx;
        bool_swizzle<2, 0, 0, 1, 1> xxyy;
        bool_swizzle<2, 0, 1, 0, 0> xyxx;
        bool_swizzle<2, 0, 1, 0, 1> xyxy;
        bool_swizzle<2, 0, 1, 1, 0> xyyx;
        bool_swizzle<2, 0, 1, 1, 1> xyyy;
        bool_swizzle<2, 1, 0, 0, 0> yxxx;
        bool_swizzle<2, 1, 0, 0, 1> yxxy;
        bool_swizzle<2, 1, 0, 1, 0> yxyx;
        bool_swizzle<2, 1, 0, 1, 1> yxyy;
        bool_swizzle<2, 1, 1, 0, 0> yyxx;
        bool_swizzle<2, 1, 1, 0, 1> yyxy;
        bool_swizzle<2, 1, 1, 1, 0> yyyx;
        bool_swizzle<2, 1, 1, 1, 1> yyyy;
    };
};
template <> struct bool_vec_storage<3> {
    union {
        bool elements[3];
        struct {
            bool x, y, z;
        };
        bool_swizzle<3, 0, 0> xx;
        bool_swizzle<3, 0, 1> xy;
        bool_swizzle<3, 0, 2> xz;
        bool_swizzle<3, 1, 0> yx;
        bool_swizzle<3, 1, 1> yy;
        bool_swizzle<3, 1, 2> yz;
        bool_swizzle<3, 2, 0> zx;
        bool_swizzle<3, 2, 1> zy;
        bool_swizzle<3, 2, 2> zz;
        bool_swizzle<3, 0, 0, 0> xxx;
        bool_swizzle<3, 0, 0, 1> xxy;
        bool_swizzle<3, 0, 0, 2> xxz;
        bool_swizzle<3, 0, 1, 0> xyx;
        bool_swizzle<3, 0, 1, 1> xyy;
        bool_swizzle<3, 0, 1, 2> xyz;
        bool_swizzle<3, 0, 2, 0> xzx;
        bool_swizzle<3, 0, 2, 1> xzy;
        bool_swizzle<3, 0, 2, 2> xzz;
        bool_swizzle<3, 1, 0, 0> yxx;
        bool_swizzle<3, 1, 0, 1> yxy;
        bool_swizzle<3, 1, 0, 2> yxz;
        bool_swizzle<3, 1, 1, 0> yyx;
        bool_swizzle<3, 1, 1, 1> yyy;
        bool_swizzle<3, 1, 1, 2> yyz;
        bool_swizzle<3, 1, 2, 0> yzx;
        bool_swizzle<3, 1, 2, 1> yzy;
        bool_swizzle<3, 1, 2, 2> yzz;
        bool_swizzle<3, 2, 0, 0> zxx;
        bool_swizzle<3, 2, 0, 1> zxy;
        bool_swizzle<3, 2, 0, 2> zxz;
        bool_swizzle<3, 2, 1, 0> zyx;
        bool_swizzle<3, 2, 1, 1> zyy;
        bool_swizzle<3, 2, 1, 2> zyz;
        bool_swizzle<3, 2, 2, 0> zzx;
        bool_swizzle<3, 2, 2, 1> zzy;
        bool_swizzle<3, 2, 2, 2> zzz;
        bool_swizzle<3, 0, 0, 0, 0> xxxx;
        bool_swizzle<3, 0, 0, 0, 1> xxxy;
        bool_swizzle<3, 0, 0, 0, 2> xxxz;
        bool_swizzle<3, 0, 0, 1, 0> xxyx;
        bool_swizzle<3, 0, 0, 1, 1> xxyy;
        bool_swizzle<3, 0, 0, 1, 2> xxyz;
        bool_swizzle<3, 0, 0, 2, 0> xxzx;
        bool_swizzle<3, 0, 0, 2, 1> xxzy;
        bool_swizzle<3, 0, 0, 2, 2> xxzz;
        bool_swizzle<3, 0, 1, 0, 0> xyxx;
        bool_swizzle<3, 0, 1, 0, 1> xyxy;
        bool_swizzle<3, 0, 1, 0, 2> xyxz;
        bool_swizzle<3, 0, 1, 1, 0> xyyx;
        bool_swizzle<3, 0, 1, 1, 1> xyyy;
        bool_swizzle<3, 0, 1, 1, 2> xyyz;
        bool_swizzle<3, 0, 1, 2, 0> xyzx;
        bool_swizzle<3, 0, 1, 2, 1> xyzy;
        bool_swizzle<3, 0, 1, 2, 2> xyzz;
        bool_swizzle<3, 0, 2, 0, 0> xzxx;
        bool_swizzle<3, 0, 2, 0, 1> xzxy;
        bool_swizzle<3, 0, 2, 0, 2> xzxz;
        bool_swizzle<3, 0, 2, 1, 0> xzyx;
        bool_swizzle<3, 0, 2, 1, 1> xzyy;
        bool_swizzle<3, 0, 2, 1, 2> xzyz;
        bool_swizzle<3, 0, 2, 2, 0> xzzx;
        bool_swizzle<3, 0, 2, 2, 1> xzzy;
        bool_swizzle<3, 0, 2, 2, 2> xzzz;
        bool_swizzle<3, 1, 0, 0, 0> yxxx;
        bool_swizzle<3, 1, 0, 0, 1> yxxy;
        bool_swizzle<3, 1, 0, 0, 2> yxxz;
        bool_swizzle<3, 1, 0, 1, 0> yxyx;
        bool_swizzle<3, 1, 0, 1, 1> yxyy;
        bool_swizzle<3, 1, 0, 1, 2> yxyz;
        bool_swizzle<3, 1, 0, 2, 0> yxzx;
        bool_swizzle<3, 1, 0, 2, 1> yxzy;
        bool_swizzle<3, 1, 0, 2, 2> yxzz;
        bool_swizzle<3, 1, 1, 0, 0> yyxx;
        bool_swizzle<3, 1, 1, 0, 1> yyxy;
        bool_swizzle<3, 1, 1, 0, 2> yyxz;
        bool_swizzle<3, 1, 1, 1, 0> yyyx;
        bool_swizzle<3, 1, 1, 1, 1> yyyy;
        bool_swizzle<3, 1, 1, 1, 2> yyyz;
        bool_swizzle<3, 1, 1, 2, 0> yyzx;
        bool_swizzle<3, 1, 1, 2, 1> yyzy;
        bool_swizzle<3, 1, 1, 2, 2> yyzz;
        bool_swizzle<3, 1, 2, 0, 0> yzxx;
        bool_swizzle<3, 1, 2, 0, 1> yzxy;
        bool_swizzle<3, 1, 2, 0, 2> yzxz;
        bool_swizzle<3, 1, 2, 1, 0> yzyx;
        bool_swizzle<3, 1, 2, 1, 1> yzyy;
        bool_swizzle<3, 1, 2, 1, 2> yzyz;
        bool_swizzle<3, 1, 2, 2, 0> yzzx;
        bool_swizzle<3, 1, 2, 2, 1> yzzy;
        bool_swizzle<3, 1, 2, 2, 2> yzzz;
        bool_swizzle<3, 2, 0, 0, 0> zxxx;
        bool_swizzle<3, 2, 0, 0, 1> zxxy;
        bool_swizzle<3, 2, 0, 0, 2> zxxz;
        bool_swizzle<3, 2, 0, 1, 0> zxyx;
        bool_swizzle<3, 2, 0, 1, 1> zxyy;
        bool_swizzle<3, 2, 0, 1, 2> zxyz;
        bool_swizzle<3, 2, 0, 2, 0> zxzx;
        bool_swizzle<3, 2, 0, 2, 1> zxzy;
        bool_swizzle<3, 2, 0, 2, 2> zxzz;
        bool_swizzle<3, 2, 1, 0, 0> zyxx;
        bool_swizzle<3, 2, 1, 0, 1> zyxy;
        bool_swizzle<3, 2, 1, 0, 2> zyxz;
        bool_swizzle<3, 2, 1, 1, 0> zyyx;
        bool_swizzle<3, 2, 1, 1, 1> zyyy;
        bool_swizzle<3, 2, 1, 1, 2> zyyz;
        bool_swizzle<3, 2, 1, 2, 0> zyzx;
        bool_swizzle<3, 2, 1, 2, 1> zyzy;
        bool_swizzle<3, 2, 1, 2, 2> zyzz;
        bool_swizzle<3, 2, 2, 0, 0> zzxx;
        bool_swizzle<3, 2, 2, 0, 1> zzxy;
        bool_swizzle<3, 2, 2, 0, 2> zzxz;
        bool_swizzle<3, 2, 2, 1, 0> zzyx;
        bool_swizzle<3, 2, 2, 1, 1> zzyy;
        bool_swizzle<3, 2, 2, 1, 2> zzyz;
        bool_swizzle<3, 2, 2, 2, 0> zzzx;
        bool_swizzle<3, 2, 2, 2, 1> zzzy;
        bool_swizzle<3, 2, 2, 2, 2> zzzz;
    };
};
template <> struct bool_vec_storage<4> {
    union {
        bool elements[4];
        struct {
            bool x, y, z, w;
        };
        bool_swizzle<4, 0, 0> xx;
        bool_swizzle<4, 0, 1> xy;
        bool_swizzle<4, 0, 2> xz;
        bool_swizzle<4, 0, 3> xw;
        bool_swizzle<4, 1, 0> yx;
        bool_swizzle<4, 1, 1> yy;
        bool_swizzle<4, 1, 2> yz;
        bool_swizzle<4, 1, 3> yw;
        bool_swizzle<4, 2, 0> zx;
        bool_swizzle<4, 2, 1> zy;
        bool_swizzle<4, 2, 2> zz;
        bool_swizzle<4, 2, 3> zw;
        bool_swizzle<4, 3, 0> wx;
        bool_swizzle<4, 3, 1> wy;
        bool_swizzle<4, 3, 2> wz;
        bool_swizzle<4, 3, 3> ww;
        bool_swizzle<4, 0, 0, 0> xxx;
        bool_swizzle<4, 0, 0, 1> xxy;
        bool_swizzle<4, 0, 0, 2> xxz;
        bool_swizzle<4, 0, 0, 3> xxw;
        bool_swizzle<4, 0, 1, 0> xyx;
        bool_swizzle<4, 0, 1, 1> xyy;
        bool_swizzle<4, 0, 1, 2> xyz;
        bool_swizzle<4, 0, 1, 3> xyw;
        bool_swizzle<4, 0, 2, 0> xzx;
        bool_swizzle<4, 0, 2, 1> xzy;
        bool_swizzle<4, 0, 2, 2> xzz;
        bool_swizzle<4, 0, 2, 3> xzw;
        bool_swizzle<4, 0, 3, 0> xwx;
        bool_swizzle<4, 0, 3, 1> xwy;
        bool_swizzle<4, 0, 3, 2> xwz;
        bool_swizzle<4, 0, 3, 3> xww;
        bool_swizzle<4, 1, 0, 0> yxx;
        bool_swizzle<4, 1, 0, 1> yxy;
        bool_swizzle<4, 1, 0, 2> yxz;
        bool_swizzle<4, 1, 0, 3> yxw;
        bool_swizzle<4, 1, 1, 0> yyx;
        bool_swizzle<4, 1, 1, 1> yyy;
        bool_swizzle<4, 1, 1, 2> yyz;
        bool_swizzle<4, 1, 1, 3> yyw;
        bool_swizzle<4, 1, 2, 0> yzx;
        bool_swizzle<4, 1, 2, 1> yzy;
        bool_swizzle<4, 1, 2, 2> yzz;
        bool_swizzle<4, 1, 2, 3> yzw;
        bool_swizzle<4, 1, 3, 0> ywx;
        bool_swizzle<4, 1, 3, 1> ywy;
        bool_swizzle<4, 1, 3, 2> ywz;
        bool_swizzle<4, 1, 3, 3> yww;
        bool_swizzle<4, 2, 0, 0> zxx;
        bool_swizzle<4, 2, 0, 1> zxy;
        bool_swizzle<4, 2, 0, 2> zxz;
        bool_swizzle<4, 2, 0, 3> zxw;
        bool_swizzle<4, 2, 1, 0> zyx;
        bool_swizzle<4, 2, 1, 1> zyy;
        bool_swizzle<4, 2, 1, 2> zyz;
        bool_swizzle<4, 2, 1, 3> zyw;
        bool_swizzle<4, 2, 2, 0> zzx;
        bool_swizzle<4, 2, 2, 1> zzy;
        bool_swizzle<4, 2, 2, 2> zzz;
        bool_swizzle<4, 2, 2, 3> zzw;
        bool_swizzle<4, 2, 3, 0> zwx;
        bool_swizzle<4, 2, 3, 1> zwy;
        bool_swizzle<4, 2, 3, 2> zwz;
        bool_swizzle<4, 2, 3, 3> zww;
        bool_swizzle<4, 3, 0, 0> wxx;
        bool_swizzle<4, 3, 0, 1> wxy;
        bool_swizzle<4, 3, 0, 2> wxz;
        bool_swizzle<4, 3, 0, 3> wxw;
        bool_swizzle<4, 3, 1, 0> wyx;
        bool_swizzle<4, 3, 1, 1> wyy;
        bool_swizzle<4, 3, 1, 2> wyz;
        bool_swizzle<4, 3, 1, 3> wyw;
        bool_swizzle<4, 3, 2, 0> wzx;
        bool_swizzle<4, 3, 2, 1> wzy;
        bool_swizzle<4, 3, 2, 2> wzz;
        bool_swizzle<4, 3, 2, 3> wzw;
        bool_swizzle<4, 3, 3, 0> wwx;
        bool_swizzle<4, 3, 3, 1> wwy;
        bool_swizzle<4, 3, 3, 2> wwz;
        bool_swizzle<4, 3, 3, 3> www;
        bool_swizzle<4, 0, 0, 0, 0> xxxx;
        bool_swizzle<4, 0, 0, 0, 1> xxxy;
        bool_swizzle<4, 0, 0, 0, 2> xxxz;
        bool_swizzle<4, 0, 0, 0, 3> xxxw;
        bool_swizzle<4, 0, 0, 1, 0> xxyx;
        bool_swizzle<4, 0, 0, 1, 1> xxyy;
        bool_swizzle<4, 0, 0, 1, 2> xxyz;
        bool_swizzle<4, 0, 0, 1, 3> xxyw;
        bool_swizzle<4, 0, 0, 2, 0> xxzx;
        bool_swizzle<4, 0, 0, 2, 1> xxzy;
        bool_swizzle<4, 0, 0, 2, 2> xxzz;
        bool_swizzle<4, 0, 0, 2, 3> xxzw;
        bool_swizzle<4, 0, 0, 3, 0> xxwx;
        bool_swizzle<4, 0, 0, 3, 1> xxwy;
        bool_swizzle<4, 0, 0, 3, 2> xxwz;
        bool_swizzle<4, 0, 0, 3, 3> xxww;
        bool_swizzle<4, 0, 1, 0, 0> xyxx;
        bool_swizzle<4, 0, 1, 0, 1> xyxy;
        bool_swizzle<4, 0, 1, 0, 2> xyxz;
        bool_swizzle<4, 0, 1, 0, 3> xyxw;
        bool_swizzle<4, 0, 1, 1, 0> xyyx;
        bool_swizzle<4, 0, 1, 1, 1> xyyy;
        bool_swizzle<4, 0, 1, 1, 2> xyyz;
        bool_swizzle<4, 0, 1, 1, 3> xyyw;
        bool_swizzle<4, 0, 1, 2, 0> xyzx;
        bool_swizzle<4, 0, 1, 2, 1> xyzy;
        bool_swizzle<4, 0, 1, 2, 2> xyzz;
        bool_swizzle<4, 0, 1, 2, 3> xyzw;
        bool_swizzle<4, 0, 1, 3, 0> xywx;
        bool_swizzle<4, 0, 1, 3, 1> xywy;
        bool_swizzle<4, 0, 1, 3, 2> xywz;
        bool_swizzle<4, 0, 1, 3, 3> xyww;
        bool_swizzle<4, 0, 2, 0, 0> xzxx;
        bool_swizzle<4, 0, 2, 0, 1> xzxy;
        bool_swizzle<4, 0, 2, 0, 2> xzxz;
        bool_swizzle<4, 0, 2, 0, 3> xzxw;
        bool_swizzle<4, 0, 2, 1, 0> xzyx;
        bool_swizzle<4, 0, 2, 1, 1> xzyy;
        bool_swizzle<4, 0, 2, 1, 2> xzyz;
        bool_swizzle<4, 0, 2, 1, 3> xzyw;
        bool_swizzle<4, 0, 2, 2, 0> xzzx;
        bool_swizzle<4, 0, 2, 2, 1> xzzy;
        bool_swizzle<4, 0, 2, 2, 2> xzzz;
        bool_swizzle<4, 0, 2, 2, 3> xzzw;
        bool_swizzle<4, 0, 2, 3, 0> xzwx;
        bool_swizzle<4, 0, 2, 3, 1> xzwy;
        bool_swizzle<4, 0, 2, 3, 2> xzwz;
        bool_swizzle<4, 0, 2, 3, 3> xzww;
        bool_swizzle<4, 0, 3, 0, 0> xwxx;
        bool_swizzle<4, 0, 3, 0, 1> xwxy;
        bool_swizzle<4, 0, 3, 0, 2> xwxz;
        bool_swizzle<4, 0, 3, 0, 3> xwxw;
        bool_swizzle<4, 0, 3, 1, 0> xwyx;
        bool_swizzle<4, 0, 3, 1, 1> xwyy;
        bool_swizzle<4, 0, 3, 1, 2> xwyz;
        bool_swizzle<4, 0, 3, 1, 3> xwyw;
        bool_swizzle<4, 0, 3, 2, 0> xwzx;
        bool_swizzle<4, 0, 3, 2, 1> xwzy;
        bool_swizzle<4, 0, 3, 2, 2> xwzz;
        bool_swizzle<4, 0, 3, 2, 3> xwzw;
        bool_swizzle<4, 0, 3, 3, 0> xwwx;
        bool_swizzle<4, 0, 3, 3, 1> xwwy;
        bool_swizzle<4, 0, 3, 3, 2> xwwz;
        bool_swizzle<4, 0, 3, 3, 3> xwww;
        bool_swizzle<4, 1, 0, 0, 0> yxxx;
        bool_swizzle<4, 1, 0, 0, 1> yxxy;
        bool_swizzle<4, 1, 0, 0, 2> yxxz;
        bool_swizzle<4, 1, 0, 0, 3> yxxw;
        bool_swizzle<4, 1, 0, 1, 0> yxyx;
        bool_swizzle<4, 1, 0, 1, 1> yxyy;
        bool_swizzle<4, 1, 0, 1, 2> yxyz;
        bool_swizzle<4, 1, 0, 1, 3> yxyw;
        bool_swizzle<4, 1, 0, 2, 0> yxzx;
        bool_swizzle<4, 1, 0, 2, 1> yxzy;
        bool_swizzle<4, 1, 0, 2, 2> yxzz;
        bool_swizzle<4, 1, 0, 2, 3> yxzw;
        bool_swizzle<4, 1, 0, 3, 0> yxwx;
        bool_swizzle<4, 1, 0, 3, 1> yxwy;
        bool_swizzle<4, 1, 0, 3, 2> yxwz;
        bool_swizzle<4, 1, 0, 3, 3> yxww;
        bool_swizzle<4, 1, 1, 0, 0> yyxx;
        bool_swizzle<4, 1, 1, 0, 1> yyxy;
        bool_swizzle<4, 1, 1, 0, 2> yyxz;
        bool_swizzle<4, 1, 1, 0, 3> yyxw;
        bool_swizzle<4, 1, 1, 1, 0> yyyx;
        bool_swizzle<4, 1, 1, 1, 1> yyyy;
        bool_swizzle<4, 1, 1, 1, 2> yyyz;
        bool_swizzle<4, 1, 1, 1, 3> yyyw;
        bool_swizzle<4, 1, 1, 2, 0> yyzx;
        bool_swizzle<4, 1, 1, 2, 1> yyzy;
        bool_swizzle<4, 1, 1, 2, 2> yyzz;
        bool_swizzle<4, 1, 1, 2, 3> yyzw;
        bool_swizzle<4, 1, 1, 3, 0> yywx;
        bool_swizzle<4, 1, 1, 3, 1> yywy;
        bool_swizzle<4, 1, 1, 3, 2> yywz;
        bool_swizzle<4, 1, 1, 3, 3> yyww;
        bool_swizzle<4, 1, 2, 0, 0> yzxx;
        bool_swizzle<4, 1, 2, 0, 1> yzxy;
        bool_swizzle<4, 1, 2, 0, 2> yzxz;
        bool_swizzle<4, 1, 2, 0, 3> yzxw;
        bool_swizzle<4, 1, 2, 1, 0> yzyx;
        bool_swizzle<4, 1, 2, 1, 1> yzyy;
        bool_swizzle<4, 1, 2, 1, 2> yzyz;
        bool_swizzle<4, 1, 2, 1, 3> yzyw;
        bool_swizzle<4, 1, 2, 2, 0> yzzx;
        bool_swizzle<4, 1, 2, 2, 1> yzzy;
        bool_swizzle<4, 1, 2, 2, 2> yzzz;
        bool_swizzle<4, 1, 2, 2, 3> yzzw;
        bool_swizzle<4, 1, 2, 3, 0> yzwx;
        bool_swizzle<4, 1, 2, 3, 1> yzwy;
        bool_swizzle<4, 1, 2, 3, 2> yzwz;
        bool_swizzle<4, 1, 2, 3, 3> yzww;
        bool_swizzle<4, 1, 3, 0, 0> ywxx;
        bool_swizzle<4, 1, 3, 0, 1> ywxy;
        bool_swizzle<4, 1, 3, 0, 2> ywxz;
        bool_swizzle<4, 1, 3, 0, 3> ywxw;
        bool_swizzle<4, 1, 3, 1, 0> ywyx;
        bool_swizzle<4, 1, 3, 1, 1> ywyy;
        bool_swizzle<4, 1, 3, 1, 2> ywyz;
        bool_swizzle<4, 1, 3, 1, 3> ywyw;
        bool_swizzle<4, 1, 3, 2, 0> ywzx;
        bool_swizzle<4, 1, 3, 2, 1> ywzy;
        bool_swizzle<4, 1, 3, 2, 2> ywzz;
        bool_swizzle<4, 1, 3, 2, 3> ywzw;
        bool_swizzle<4, 1, 3, 3, 0> ywwx;
        bool_swizzle<4, 1, 3, 3, 1> ywwy;
        bool_swizzle<4, 1, 3, 3, 2> ywwz;
        bool_swizzle<4, 1, 3, 3, 3> ywww;
        bool_swizzle<4, 2, 0, 0, 0> zxxx;
        bool_swizzle<4, 2, 0, 0, 1> zxxy;
        bool_swizzle<4, 2, 0, 0, 2> zxxz;
        bool_swizzle<4, 2, 0, 0, 3> zxxw;
        bool_swizzle<4, 2, 0, 1, 0> zxyx;
        bool_swizzle<4, 2, 0, 1, 1> zxyy;
        bool_swizzle<4, 2, 0, 1, 2> zxyz;
        bool_swizzle<4, 2, 0, 1, 3> zxyw;
        bool_swizzle<4, 2, 0, 2, 0> zxzx;
        bool_swizzle<4, 2, 0, 2, 1> zxzy;
        bool_swizzle<4, 2, 0, 2, 2> zxzz;
        bool_swizzle<4, 2, 0, 2, 3> zxzw;
        bool_swizzle<4, 2, 0, 3, 0> zxwx;
        bool_swizzle<4, 2, 0, 3, 1> zxwy;
        bool_swizzle<4, 2, 0, 3, 2> zxwz;
        bool_swizzle<4, 2, 0, 3, 3> zxww;
        bool_swizzle<4, 2, 1, 0, 0> zyxx;
        bool_swizzle<4, 2, 1, 0, 1> zyxy;
        bool_swizzle<4, 2, 1, 0, 2> zyxz;
        bool_swizzle<4, 2, 1, 0, 3> zyxw;
        bool_swizzle<4, 2, 1, 1, 0> zyyx;
        bool_swizzle<4, 2, 1, 1, 1> zyyy;
        bool_swizzle<4, 2, 1, 1, 2> zyyz;
        bool_swizzle<4, 2, 1, 1, 3> zyyw;
        bool_swizzle<4, 2, 1, 2, 0> zyzx;
        bool_swizzle<4, 2, 1, 2, 1> zyzy;
        bool_swizzle<4, 2, 1, 2, 2> zyzz;
        bool_swizzle<4, 2, 1, 2, 3> zyzw;
        bool_swizzle<4, 2, 1, 3, 0> zywx;
        bool_swizzle<4, 2, 1, 3, 1> zywy;
        bool_swizzle<4, 2, 1, 3, 2> zywz;
        bool_swizzle<4, 2, 1, 3, 3> zyww;
        bool_swizzle<4, 2, 2, 0, 0> zzxx;
        bool_swizzle<4, 2, 2, 0, 1> zzxy;
        bool_swizzle<4, 2, 2, 0, 2> zzxz;
        bool_swizzle<4, 2, 2, 0, 3> zzxw;
        bool_swizzle<4, 2, 2, 1, 0> zzyx;
        bool_swizzle<4, 2, 2, 1, 1> zzyy;
        bool_swizzle<4, 2, 2, 1, 2> zzyz;
        bool_swizzle<4, 2, 2, 1, 3> zzyw;
        bool_swizzle<4, 2, 2, 2, 0> zzzx;
        bool_swizzle<4, 2, 2, 2, 1> zzzy;
        bool_swizzle<4, 2, 2, 2, 2> zzzz;
        bool_swizzle<4, 2, 2, 2, 3> zzzw;
        bool_swizzle<4, 2, 2, 3, 0> zzwx;
        bool_swizzle<4, 2, 2, 3, 1> zzwy;
        bool_swizzle<4, 2, 2, 3, 2> zzwz;
        bool_swizzle<4, 2, 2, 3, 3> zzww;
        bool_swizzle<4, 2, 3, 0, 0> zwxx;
        bool_swizzle<4, 2, 3, 0, 1> zwxy;
        bool_swizzle<4, 2, 3, 0, 2> zwxz;
        bool_swizzle<4, 2, 3, 0, 3> zwxw;
        bool_swizzle<4, 2, 3, 1, 0> zwyx;
        bool_swizzle<4, 2, 3, 1, 1> zwyy;
        bool_swizzle<4, 2, 3, 1, 2> zwyz;
        bool_swizzle<4, 2, 3, 1, 3> zwyw;
        bool_swizzle<4, 2, 3, 2, 0> zwzx;
        bool_swizzle<4, 2, 3, 2, 1> zwzy;
        bool_swizzle<4, 2, 3, 2, 2> zwzz;
        bool_swizzle<4, 2, 3, 2, 3> zwzw;
        bool_swizzle<4, 2, 3, 3, 0> zwwx;
        bool_swizzle<4, 2, 3, 3, 1> zwwy;
        bool_swizzle<4, 2, 3, 3, 2> zwwz;
        bool_swizzle<4, 2, 3, 3, 3> zwww;
        bool_swizzle<4, 3, 0, 0, 0> wxxx;
        bool_swizzle<4, 3, 0, 0, 1> wxxy;
        bool_swizzle<4, 3, 0, 0, 2> wxxz;
        bool_swizzle<4, 3, 0, 0, 3> wxxw;
        bool_swizzle<4, 3, 0, 1, 0> wxyx;
        bool_swizzle<4, 3, 0, 1, 1> wxyy;
        bool_swizzle<4, 3, 0, 1, 2> wxyz;
        bool_swizzle<4, 3, 0, 1, 3> wxyw;
        bool_swizzle<4, 3, 0, 2, 0> wxzx;
        bool_swizzle<4, 3, 0, 2, 1> wxzy;
        bool_swizzle<4, 3, 0, 2, 2> wxzz;
        bool_swizzle<4, 3, 0, 2, 3> wxzw;
        bool_swizzle<4, 3, 0, 3, 0> wxwx;
        bool_swizzle<4, 3, 0, 3, 1> wxwy;
        bool_swizzle<4, 3, 0, 3, 2> wxwz;
        bool_swizzle<4, 3, 0, 3, 3> wxww;
        bool_swizzle<4, 3, 1, 0, 0> wyxx;
        bool_swizzle<4, 3, 1, 0, 1> wyxy;
        bool_swizzle<4, 3, 1, 0, 2> wyxz;
        bool_swizzle<4, 3, 1, 0, 3> wyxw;
        bool_swizzle<4, 3, 1, 1, 0> wyyx;
        bool_swizzle<4, 3, 1, 1, 1> wyyy;
        bool_swizzle<4, 3, 1, 1, 2> wyyz;
        bool_swizzle<4, 3, 1, 1, 3> wyyw;
        bool_swizzle<4, 3, 1, 2, 0> wyzx;
        bool_swizzle<4, 3, 1, 2, 1> wyzy;
        bool_swizzle<4, 3, 1, 2, 2> wyzz;
        bool_swizzle<4, 3, 1, 2, 3> wyzw;
        bool_swizzle<4, 3, 1, 3, 0> wywx;
        bool_swizzle<4, 3, 1, 3, 1> wywy;
        bool_swizzle<4, 3, 1, 3, 2> wywz;
        bool_swizzle<4, 3, 1, 3, 3> wyww;
        bool_swizzle<4, 3, 2, 0, 0> wzxx;
        bool_swizzle<4, 3, 2, 0, 1> wzxy;
        bool_swizzle<4, 3, 2, 0, 2> wzxz;
        bool_swizzle<4, 3, 2, 0, 3> wzxw;
        bool_swizzle<4, 3, 2, 1, 0> wzyx;
        bool_swizzle<4, 3, 2, 1, 1> wzyy;
        bool_swizzle<4, 3, 2, 1, 2> wzyz;
        bool_swizzle<4, 3, 2, 1, 3> wzyw;
        bool_swizzle<4, 3, 2, 2, 0> wzzx;
        bool_swizzle<4, 3, 2, 2, 1> wzzy;
        bool_swizzle<4, 3, 2, 2, 2> wzzz;
        bool_swizzle<4, 3, 2, 2, 3> wzzw;
        bool_swizzle<4, 3, 2, 3, 0> wzwx;
        bool_swizzle<4, 3, 2, 3, 1> wzwy;
        bool_swizzle<4, 3, 2, 3, 2> wzwz;
        bool_swizzle<4, 3, 2, 3, 3> wzww;
        bool_swizzle<4, 3, 3, 0, 0> wwxx;
        bool_swizzle<4, 3, 3, 0, 1> wwxy;
        bool_swizzle<4, 3, 3, 0, 2> wwxz;
        bool_swizzle<4, 3, 3, 0, 3> wwxw;
        bool_swizzle<4, 3, 3, 1, 0> wwyx;
        bool_swizzle<4, 3, 3, 1, 1> wwyy;
        bool_swizzle<4, 3, 3, 1, 2> wwyz;
        bool_swizzle<4, 3, 3, 1, 3> wwyw;
        bool_swizzle<4, 3, 3, 2, 0> wwzx;
        bool_swizzle<4, 3, 3, 2, 1> wwzy;
        bool_swizzle<4, 3, 3, 2, 2> wwzz;
        bool_swizzle<4, 3, 3, 2, 3> wwzw;
        bool_swizzle<4, 3, 3, 3, 0> wwwx;
        bool_swizzle<4, 3, 3, 3, 1> wwwy;
        bool_swizzle<4, 3, 3, 3, 2> wwwz;
        bool_swizzle<4, 3, 3, 3, 3> wwww;
    };
};

/// A vector of `bool`: Metal's `bool2`..`bool4`, with `.x`..`.w`, `[]` and
/// `.xyzw` swizzles (not `.rgba`).
template <int N> struct bool_vec : bool_vec_storage<N> {
    static_assert(N >= 2 && N <= 4, "Metal vectors have 2, 3 or 4 components");
    using bool_vec_storage<N>::elements;
    bool_vec() = default;
    constexpr explicit bool_vec(bool b) : bool_vec_storage<N>{} {
        for (int i = 0; i < N; ++i) elements[i] = b;
    }
    /// From an OpenCL comparison mask (`int4` etc.: a component != 0).
    template <class M, enable_if_t<vec_size_v<M> == N && is_integer_v<M>, int> = 0>
    constexpr bool_vec(M mask) : bool_vec_storage<N>{} {
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

template <int N, int... I> constexpr bool_swizzle<N, I...>::operator bool_vec<size>() const {
    bool_vec<size> r(false);
    int k = 0;
    ((r.elements[k++] = data[I]), ...);
    return r;
}
template <int N, int... I>
bool_swizzle<N, I...> &bool_swizzle<N, I...>::operator=(const bool_vec<size> &v) {
    int k = 0;
    ((data[I] = v.elements[k++]), ...);
    return *this;
}
template <int N, int... I> struct vec_traits<bool_swizzle<N, I...>> {
    static constexpr int size = sizeof...(I);
    using element = bool;
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

/// Storage of a packed vector: the components, also named `.x`..`.w`.
template <class T, int N> struct packed_vec_storage;
template <class T> struct packed_vec_storage<T, 2> {
    union {
        T elements[2];
        struct {
            T x, y;
        };
    };
};
template <class T> struct packed_vec_storage<T, 3> {
    union {
        T elements[3];
        struct {
            T x, y, z;
        };
    };
};
template <class T> struct packed_vec_storage<T, 4> {
    union {
        T elements[4];
        struct {
            T x, y, z, w;
        };
    };
};

/// Metal's packed vectors (`packed_float3` ...): tightly packed, aligned to
/// the component, convertible to and from the aligned vector, with `[]` and
/// `.x`..`.w` (no swizzles of several components).
template <class T, int N> struct packed_vec : packed_vec_storage<T, N> {
    using packed_vec_storage<T, N>::elements;
    packed_vec() = default;
    constexpr packed_vec(vec<T, N> v) : packed_vec_storage<T, N>{} {
        for (int i = 0; i < N; ++i) elements[i] = v[i];
    }
    template <class... S, enable_if_t<sizeof...(S) == N && (is_scalar_v<S> && ...), int> = 0>
    constexpr packed_vec(S... s) : packed_vec_storage<T, N>{} {
        T values[N] = {T(s)...};
        for (int i = 0; i < N; ++i) elements[i] = values[i];
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

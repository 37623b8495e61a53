// tessera Metal shim: Metal's vector constructor syntax.
//
// `float4(x)`, `float4(a.xy, 1.0f, b)`, `float4(int4_value)` and the same
// spelled `metal::float4(...)` are function-style casts with several
// arguments, which C++ allows only for class types. Function-like macros
// named after the vector types turn them into calls of a checked maker; a
// vector type name not followed by `(` is untouched.
#ifndef TESSERA_METAL_SHIM_CONSTRUCTORS
#define TESSERA_METAL_SHIM_CONSTRUCTORS

namespace metal {
namespace shim_detail {
template <class A> struct arg_size { static constexpr int value = vec_size_v<A> == 0 ? 1 : vec_size_v<A>; };
template <class T, int N> struct arg_size<packed_vec<T, N>> { static constexpr int value = N; };
template <class A> constexpr bool is_arg_v = is_scalar_v<A> || is_vector_v<A>;
template <class T, int N> constexpr bool is_arg_v<packed_vec<T, N>> = true;

template <class T, int N, class V, class A> constexpr void put(V &out, int &i, A a) {
    if constexpr (is_scalar_v<A>) {
        out[i++] = T(a);
    } else {
        for (int k = 0; k < arg_size<A>::value; ++k) out[i++] = T(a[k]);
    }
}
} // namespace shim_detail

/// `TN(args...)`: zero (no argument), splat (one scalar), conversion (one
/// vector of N components), or the concatenation of scalars and vectors
/// whose component counts add up to N.
template <class T, int N, class... A> constexpr vec<T, N> tessera_shim_make_vec(A... a) {
    static_assert((shim_detail::is_arg_v<A> && ...),
                  "a vector constructor takes scalars and vectors");
    constexpr int total = (0 + ... + shim_detail::arg_size<A>::value);
    static_assert(sizeof...(A) <= 1 || total == N,
                  "the components of a vector constructor's arguments must add up to the vector's size");
    static_assert(sizeof...(A) != 1 || total == 1 || total == N,
                  "a one-argument vector constructor takes a scalar or a vector of the same size");
    vec<T, N> r{};
    if constexpr (sizeof...(A) == 1 && total == 1) {
        for (int k = 0; k < N; ++k) r[k] = T(a...);
    } else {
        int i = 0;
        (shim_detail::put<T, N>(r, i, a), ...);
    }
    return r;
}
} // namespace metal

using metal::tessera_shim_make_vec;

#define float2(...) tessera_shim_make_vec<float, 2>(__VA_ARGS__)
#define float3(...) tessera_shim_make_vec<float, 3>(__VA_ARGS__)
#define float4(...) tessera_shim_make_vec<float, 4>(__VA_ARGS__)
#define half2(...) tessera_shim_make_vec<half, 2>(__VA_ARGS__)
#define bfloat2(...) tessera_shim_make_vec<bfloat, 2>(__VA_ARGS__)
#define half3(...) tessera_shim_make_vec<half, 3>(__VA_ARGS__)
#define half4(...) tessera_shim_make_vec<half, 4>(__VA_ARGS__)
#define int2(...) tessera_shim_make_vec<int, 2>(__VA_ARGS__)
#define int3(...) tessera_shim_make_vec<int, 3>(__VA_ARGS__)
#define int4(...) tessera_shim_make_vec<int, 4>(__VA_ARGS__)
#define uint2(...) tessera_shim_make_vec<uint, 2>(__VA_ARGS__)
#define uint3(...) tessera_shim_make_vec<uint, 3>(__VA_ARGS__)
#define uint4(...) tessera_shim_make_vec<uint, 4>(__VA_ARGS__)
#define short2(...) tessera_shim_make_vec<short, 2>(__VA_ARGS__)
#define short3(...) tessera_shim_make_vec<short, 3>(__VA_ARGS__)
#define short4(...) tessera_shim_make_vec<short, 4>(__VA_ARGS__)
#define ushort2(...) tessera_shim_make_vec<ushort, 2>(__VA_ARGS__)
#define ushort3(...) tessera_shim_make_vec<ushort, 3>(__VA_ARGS__)
#define ushort4(...) tessera_shim_make_vec<ushort, 4>(__VA_ARGS__)
#define char2(...) tessera_shim_make_vec<char, 2>(__VA_ARGS__)
#define char3(...) tessera_shim_make_vec<char, 3>(__VA_ARGS__)
#define char4(...) tessera_shim_make_vec<char, 4>(__VA_ARGS__)
#define uchar2(...) tessera_shim_make_vec<uchar, 2>(__VA_ARGS__)
#define uchar3(...) tessera_shim_make_vec<uchar, 3>(__VA_ARGS__)
#define uchar4(...) tessera_shim_make_vec<uchar, 4>(__VA_ARGS__)
#define long2(...) tessera_shim_make_vec<long, 2>(__VA_ARGS__)
#define long3(...) tessera_shim_make_vec<long, 3>(__VA_ARGS__)
#define long4(...) tessera_shim_make_vec<long, 4>(__VA_ARGS__)
#define ulong2(...) tessera_shim_make_vec<ulong, 2>(__VA_ARGS__)
#define ulong3(...) tessera_shim_make_vec<ulong, 3>(__VA_ARGS__)
#define ulong4(...) tessera_shim_make_vec<ulong, 4>(__VA_ARGS__)
#define bool2(...) tessera_shim_make_vec<bool, 2>(__VA_ARGS__)
#define bool3(...) tessera_shim_make_vec<bool, 3>(__VA_ARGS__)
#define bool4(...) tessera_shim_make_vec<bool, 4>(__VA_ARGS__)

#endif

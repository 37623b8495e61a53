// tessera Metal shim: matrices (`float2x2`..`float4x4`, `half...`) and
// `metal::array`.
#ifndef TESSERA_METAL_SHIM_MATRIX
#define TESSERA_METAL_SHIM_MATRIX

namespace metal {

/// `matrix<T, Cols, Rows>`: Cols column vectors of Rows components (T is
/// float or half). `m[i]` is column i.
template <class T, int C, int R> struct matrix {
    static_assert(is_float_scalar_v<T>, "Metal matrices have float or half components");
    static_assert(C >= 2 && C <= 4 && R >= 2 && R <= 4, "Metal matrices are 2x2 to 4x4");
    using column_type = vec<T, R>;
    column_type columns[C];

    matrix() = default;
    /// A diagonal matrix.
    constexpr explicit matrix(T diagonal) : columns{} {
        for (int c = 0; c < C; ++c)
            for (int r = 0; r < R; ++r) columns[c][r] = c == r ? diagonal : T(0);
    }
    /// From C column vectors.
    template <class... V,
              enable_if_t<sizeof...(V) == C && (is_same_v<V, column_type> && ...), int> = 0>
    constexpr matrix(V... cols) : columns{cols...} {}
    /// From C * R scalars, column by column.
    template <class... S,
              enable_if_t<sizeof...(S) == C * R && C * R != 1 && (is_scalar_v<S> && ...), int> = 0>
    constexpr matrix(S... scalars) : columns{} {
        T values[C * R] = {T(scalars)...};
        for (int c = 0; c < C; ++c)
            for (int r = 0; r < R; ++r) columns[c][r] = values[c * R + r];
    }
    /// Conversion between float and half matrices.
    template <class U, enable_if_t<!is_same_v<U, T>, int> = 0>
    constexpr explicit matrix(const matrix<U, C, R> &m) : columns{} {
        for (int c = 0; c < C; ++c)
            for (int r = 0; r < R; ++r) columns[c][r] = T(m.columns[c][r]);
    }

    constexpr column_type &operator[](int i) { return columns[i]; }
    constexpr column_type operator[](int i) const { return columns[i]; }

    friend constexpr matrix operator+(matrix a, matrix b) {
        for (int c = 0; c < C; ++c) a.columns[c] += b.columns[c];
        return a;
    }
    friend constexpr matrix operator-(matrix a, matrix b) {
        for (int c = 0; c < C; ++c) a.columns[c] -= b.columns[c];
        return a;
    }
    friend constexpr matrix operator-(matrix a) {
        for (int c = 0; c < C; ++c) a.columns[c] = -a.columns[c];
        return a;
    }
    friend constexpr matrix operator*(matrix a, type_identity_t<T> s) {
        for (int c = 0; c < C; ++c) a.columns[c] *= s;
        return a;
    }
    friend constexpr matrix operator*(type_identity_t<T> s, matrix a) { return a * s; }
    /// Matrix times column vector.
    friend constexpr vec<T, R> operator*(matrix m, vec<T, C> v) {
        vec<T, R> r{};
        for (int c = 0; c < C; ++c) r += m.columns[c] * v[c];
        return r;
    }
    /// Row vector times matrix.
    friend constexpr vec<T, C> operator*(vec<T, R> v, matrix m) {
        vec<T, C> r{};
        for (int c = 0; c < C; ++c) {
            T s = T(0);
            for (int k = 0; k < R; ++k) s += v[k] * m.columns[c][k];
            r[c] = s;
        }
        return r;
    }
    matrix &operator+=(matrix b) { return *this = *this + b; }
    matrix &operator-=(matrix b) { return *this = *this - b; }
    matrix &operator*=(T s) { return *this = *this * s; }
};

/// Matrix product: (K x R) = (C x R) * (K x C).
template <class T, int C, int R, int K>
constexpr matrix<T, K, R> operator*(matrix<T, C, R> a, matrix<T, K, C> b) {
    matrix<T, K, R> m{};
    for (int k = 0; k < K; ++k) m.columns[k] = a * b.columns[k];
    return m;
}

template <class T, int N> T determinant(matrix<T, N, N> m);
template <class T, int C, int R> matrix<T, R, C> transpose(matrix<T, C, R> m);

/// `metal::array<T, N>` (Metal 2.0): a fixed-size array with `operator[]`
/// and `size()`, aggregate-initialised.
template <class T, size_t N> struct array {
    static_assert(N > 0, "metal::array needs at least one element");
    T __elems_[N];
    constexpr T &operator[](size_t i) { return __elems_[i]; }
    constexpr const T &operator[](size_t i) const { return __elems_[i]; }
    constexpr size_t size() const { return N; }
};

} // namespace metal

#define TESSERA_SHIM_MAT(T, NAME)                                              \
    typedef metal::matrix<T, 2, 2> NAME##2x2;                                  \
    typedef metal::matrix<T, 2, 3> NAME##2x3;                                  \
    typedef metal::matrix<T, 2, 4> NAME##2x4;                                  \
    typedef metal::matrix<T, 3, 2> NAME##3x2;                                  \
    typedef metal::matrix<T, 3, 3> NAME##3x3;                                  \
    typedef metal::matrix<T, 3, 4> NAME##3x4;                                  \
    typedef metal::matrix<T, 4, 2> NAME##4x2;                                  \
    typedef metal::matrix<T, 4, 3> NAME##4x3;                                  \
    typedef metal::matrix<T, 4, 4> NAME##4x4;                                  \
    namespace metal {                                                          \
    using ::NAME##2x2;                                                         \
    using ::NAME##2x3;                                                         \
    using ::NAME##2x4;                                                         \
    using ::NAME##3x2;                                                         \
    using ::NAME##3x3;                                                         \
    using ::NAME##3x4;                                                         \
    using ::NAME##4x2;                                                         \
    using ::NAME##4x3;                                                         \
    using ::NAME##4x4;                                                         \
    }
TESSERA_SHIM_MAT(float, float)
TESSERA_SHIM_MAT(half, half)
#undef TESSERA_SHIM_MAT

static_assert(sizeof(float3x3) == 48 && sizeof(half3x3) == 24, "matrix layout");

#endif

// tessera Metal shim: SIMD-group matrices (MSL specification 6.7, Metal
// 2.3+): `simdgroup_matrix<T, Cols, Rows>` with T half or float (or
// bfloat, MSL 3.1; the shim does not check the version) and 8x8
// shapes only, `make_filled_simdgroup_matrix`, `simdgroup_load`/`_store`
// from/to device or threadgroup memory, `simdgroup_multiply[_accumulate]`.
//
// The specification writes one T for every operand of the multiply
// functions (`d`, `a`, `b`, `c` all `simdgroup_matrix<T, ...>`): mixing half
// and float is rejected here. Its tables write the inputs as `thread
// simdgroup_matrix&`; the shim takes them by const reference (in any address
// space: OpenCL's temporaries are not `thread`) so that temporaries (e.g. a diagonal matrix built in the argument list, as Tint's
// output does) are accepted.
#ifndef TESSERA_METAL_SHIM_SIMDGROUP_MATRIX
#define TESSERA_METAL_SHIM_SIMDGROUP_MATRIX

namespace metal {

template <class T, int Cols, int Rows> struct simdgroup_matrix {
    static_assert(is_same_v<T, float> || is_same_v<T, half> || is_same_v<T, bfloat>,
                  "simdgroup_matrix components are half, float or bfloat");
    static_assert(Cols == 8 && Rows == 8, "simdgroup_matrix supports only 8x8 matrices");
    simdgroup_matrix() = default;
    /// A diagonal matrix with the given value.
    constexpr explicit simdgroup_matrix(T dval) : elements{dval, dval} {}
    /// This thread's share of the elements (Metal 2.3). Metal declares it
    /// `thread vec<T, 2> &thread_elements() thread;`; OpenCL C++'s `this`
    /// is generic, so the shim returns a generic reference.
    vec<T, 2> &thread_elements() { return elements; }
    vec<T, 2> elements;
};

template <class T, int Cols, int Rows>
simdgroup_matrix<T, Cols, Rows> make_filled_simdgroup_matrix(T value);

template <class T, int Cols, int Rows>
void simdgroup_load(thread simdgroup_matrix<T, Cols, Rows> &d, const threadgroup T *src,
                    ulong elements_per_row = Cols, ulong2 matrix_origin = 0,
                    bool transpose_matrix = false);
template <class T, int Cols, int Rows>
void simdgroup_load(thread simdgroup_matrix<T, Cols, Rows> &d, const device T *src,
                    ulong elements_per_row = Cols, ulong2 matrix_origin = 0,
                    bool transpose_matrix = false);
template <class T, int Cols, int Rows>
void simdgroup_store(thread simdgroup_matrix<T, Cols, Rows> a, threadgroup T *dst,
                     ulong elements_per_row = Cols, ulong2 matrix_origin = 0,
                     bool transpose_matrix = false);
template <class T, int Cols, int Rows>
void simdgroup_store(thread simdgroup_matrix<T, Cols, Rows> a, device T *dst,
                     ulong elements_per_row = Cols, ulong2 matrix_origin = 0,
                     bool transpose_matrix = false);

/// d = a * b.
template <class T, int Cols, int Rows, int K>
void simdgroup_multiply(thread simdgroup_matrix<T, Cols, Rows> &d,
                        const simdgroup_matrix<T, K, Rows> &a,
                        const simdgroup_matrix<T, Cols, K> &b);
/// d = a * b + c.
template <class T, int Cols, int Rows, int K>
void simdgroup_multiply_accumulate(thread simdgroup_matrix<T, Cols, Rows> &d,
                                   const simdgroup_matrix<T, K, Rows> &a,
                                   const simdgroup_matrix<T, Cols, K> &b,
                                   const simdgroup_matrix<T, Cols, Rows> &c);

} // namespace metal

typedef metal::simdgroup_matrix<half, 8, 8> simdgroup_half8x8;
typedef metal::simdgroup_matrix<float, 8, 8> simdgroup_float8x8;
typedef metal::simdgroup_matrix<bfloat, 8, 8> simdgroup_bfloat8x8;
namespace metal {
using ::simdgroup_half8x8;
using ::simdgroup_float8x8;
using ::simdgroup_bfloat8x8;
} // namespace metal

#endif

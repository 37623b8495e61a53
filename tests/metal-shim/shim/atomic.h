// tessera Metal shim: atomic types and functions (MSL specification 2.6,
// 6.15). Only `memory_order_relaxed` (and `memory_order_seq_cst` for fences)
// exist. Atomic objects cannot be copied or assigned.
#ifndef TESSERA_METAL_SHIM_ATOMIC
#define TESSERA_METAL_SHIM_ATOMIC

namespace metal {

enum memory_order { memory_order_relaxed, memory_order_seq_cst };
enum thread_scope { thread_scope_thread, thread_scope_simdgroup, thread_scope_threadgroup, thread_scope_device };

/// `atomic<T>`: T is int, uint, bool, float (Metal 3, device memory only)
/// or ulong (Metal 2.4, min/max only).
template <class T> struct atomic {
    static_assert(is_same_v<T, int> || is_same_v<T, uint> || is_same_v<T, bool> ||
                      is_same_v<T, float> || is_same_v<T, ulong>,
                  "Metal atomics hold int, uint, bool, float or ulong");
    using value_type = T;
    atomic() = default;
    atomic(const atomic &) = delete;
    atomic &operator=(const atomic &) = delete;

    T __value_;
};

namespace shim_detail {
template <class T> constexpr bool is_atomic_int_v = is_same_v<T, int> || is_same_v<T, uint>;
template <class T> constexpr bool is_atomic_rw_v = is_atomic_int_v<T> || is_same_v<T, bool>;
template <class T> constexpr bool is_atomic_device_rw_v = is_atomic_rw_v<T> || is_same_v<T, float>;
template <class T> constexpr bool is_atomic_device_add_v = is_atomic_int_v<T> || is_same_v<T, float>;
} // namespace shim_detail

#define TESSERA_SHIM_ATOMIC_SPACE(SPACE, OK_RW, OK_ADD)                                    \
    template <class T, enable_if_t<OK_RW<T>, int> = 0>                                    \
    void atomic_store_explicit(volatile SPACE atomic<T> *object, type_identity_t<T> desired, \
                               memory_order order);                                         \
    template <class T, enable_if_t<OK_RW<T>, int> = 0>                                    \
    T atomic_load_explicit(const volatile SPACE atomic<T> *object, memory_order order);      \
    template <class T, enable_if_t<OK_RW<T>, int> = 0>                                    \
    T atomic_exchange_explicit(volatile SPACE atomic<T> *object, type_identity_t<T> desired, \
                               memory_order order);                                         \
    template <class T, enable_if_t<OK_RW<T>, int> = 0>                                    \
    bool atomic_compare_exchange_weak_explicit(volatile SPACE atomic<T> *object,             \
                                               thread T *expected, type_identity_t<T> desired, \
                                               memory_order success, memory_order failure); \
    template <class T, enable_if_t<OK_ADD<T>, int> = 0>                                   \
    T atomic_fetch_add_explicit(volatile SPACE atomic<T> *object, type_identity_t<T> operand, \
                                memory_order order);                                        \
    template <class T, enable_if_t<OK_ADD<T>, int> = 0>                                   \
    T atomic_fetch_sub_explicit(volatile SPACE atomic<T> *object, type_identity_t<T> operand, \
                                memory_order order);                                        \
    template <class T, enable_if_t<shim_detail::is_atomic_int_v<T>, int> = 0>             \
    T atomic_fetch_and_explicit(volatile SPACE atomic<T> *object, type_identity_t<T> operand, \
                                memory_order order);                                        \
    template <class T, enable_if_t<shim_detail::is_atomic_int_v<T>, int> = 0>             \
    T atomic_fetch_or_explicit(volatile SPACE atomic<T> *object, type_identity_t<T> operand, \
                               memory_order order);                                         \
    template <class T, enable_if_t<shim_detail::is_atomic_int_v<T>, int> = 0>             \
    T atomic_fetch_xor_explicit(volatile SPACE atomic<T> *object, type_identity_t<T> operand, \
                                memory_order order);                                        \
    template <class T, enable_if_t<shim_detail::is_atomic_int_v<T>, int> = 0>             \
    T atomic_fetch_min_explicit(volatile SPACE atomic<T> *object, type_identity_t<T> operand, \
                                memory_order order);                                        \
    template <class T, enable_if_t<shim_detail::is_atomic_int_v<T>, int> = 0>             \
    T atomic_fetch_max_explicit(volatile SPACE atomic<T> *object, type_identity_t<T> operand, \
                                memory_order order);

TESSERA_SHIM_ATOMIC_SPACE(device, shim_detail::is_atomic_device_rw_v, shim_detail::is_atomic_device_add_v)
TESSERA_SHIM_ATOMIC_SPACE(threadgroup, shim_detail::is_atomic_rw_v, shim_detail::is_atomic_int_v)
#undef TESSERA_SHIM_ATOMIC_SPACE

/// 64-bit min/max (Metal 2.4, device memory).
void atomic_max_explicit(volatile device atomic<ulong> *object, ulong operand, memory_order order);
void atomic_min_explicit(volatile device atomic<ulong> *object, ulong operand, memory_order order);

} // namespace metal

// OpenCL 2.0 predeclares `atomic_int` etc. as C11 `_Atomic` types: the
// Metal names are macros for the shim's own typedefs.
#define atomic_int tessera_shim_atomic_int
#define atomic_uint tessera_shim_atomic_uint
#define atomic_bool tessera_shim_atomic_bool
#define atomic_float tessera_shim_atomic_float
#define atomic_ulong tessera_shim_atomic_ulong
typedef metal::atomic<int> atomic_int;
typedef metal::atomic<uint> atomic_uint;
typedef metal::atomic<bool> atomic_bool;
typedef metal::atomic<float> atomic_float;
typedef metal::atomic<ulong> atomic_ulong;
namespace metal {
using ::atomic_int;
using ::atomic_uint;
using ::atomic_bool;
using ::atomic_float;
using ::atomic_ulong;
} // namespace metal

#endif

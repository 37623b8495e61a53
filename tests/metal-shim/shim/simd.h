// tessera Metal shim: barriers (6.9.1), SIMD-group functions (6.9.2) and
// quad-group functions (6.9.3).
#ifndef TESSERA_METAL_SHIM_SIMD
#define TESSERA_METAL_SHIM_SIMD

namespace metal {

enum class mem_flags {
    mem_none = 0,
    mem_device = 1,
    mem_threadgroup = 2,
    mem_texture = 4,
    mem_threadgroup_imageblock = 8,
    mem_object_data = 16,
};
constexpr mem_flags operator|(mem_flags a, mem_flags b) { return mem_flags(int(a) | int(b)); }

void threadgroup_barrier(mem_flags flags);
void simdgroup_barrier(mem_flags flags);
/// Metal 3.2.
void atomic_thread_fence(mem_flags flags, memory_order order, thread_scope scope = thread_scope_device);

/// T of the SIMD-group tables: a scalar or vector of an integer or
/// floating-point type except bool, long and ulong.
template <class T>
constexpr bool is_simd_v = is_numeric_v<T> && !is_same_v<element_t<T>, long> &&
                           !is_same_v<element_t<T>, ulong>;
/// Ti of the bitwise reductions: an integer scalar or vector.
template <class T> constexpr bool is_simd_int_v = is_simd_v<T> && is_integer_v<T>;

/// The result of `simd_ballot`: a mask with one bit per thread.
class simd_vote {
  public:
    typedef ulong vote_t;
    explicit constexpr simd_vote(vote_t v = 0) : v(v) {}
    explicit constexpr operator vote_t() const { return v; }
    bool all() const;
    bool any() const;

    vote_t v;
};

simd_vote simd_active_threads_mask();
bool simd_all(bool expr);
bool simd_any(bool expr);
simd_vote simd_ballot(bool expr);
bool simd_is_first();
bool simd_is_helper_thread();

#define TESSERA_SHIM_SIMD1(NAME, OK) template <class T, enable_if_t<OK<T>, int> = 0> T NAME(T data);
#define TESSERA_SHIM_SIMD_LANE(NAME, OK)                                       \
    template <class T, enable_if_t<OK<T>, int> = 0> T NAME(T data, ushort lane);
TESSERA_SHIM_SIMD_LANE(simd_broadcast, is_simd_v)
TESSERA_SHIM_SIMD1(simd_broadcast_first, is_simd_v)
TESSERA_SHIM_SIMD_LANE(simd_shuffle, is_simd_v)
TESSERA_SHIM_SIMD_LANE(simd_shuffle_down, is_simd_v)
TESSERA_SHIM_SIMD_LANE(simd_shuffle_up, is_simd_v)
TESSERA_SHIM_SIMD_LANE(simd_shuffle_rotate_down, is_simd_v)
TESSERA_SHIM_SIMD_LANE(simd_shuffle_rotate_up, is_simd_v)
TESSERA_SHIM_SIMD_LANE(simd_shuffle_xor, is_simd_v)
template <class T, enable_if_t<is_simd_v<T>, int> = 0>
T simd_shuffle_and_fill_down(T data, T filling_data, ushort delta);
template <class T, enable_if_t<is_simd_v<T>, int> = 0>
T simd_shuffle_and_fill_down(T data, T filling_data, ushort delta, ushort modulo);
template <class T, enable_if_t<is_simd_v<T>, int> = 0>
T simd_shuffle_and_fill_up(T data, T filling_data, ushort delta);
template <class T, enable_if_t<is_simd_v<T>, int> = 0>
T simd_shuffle_and_fill_up(T data, T filling_data, ushort delta, ushort modulo);
TESSERA_SHIM_SIMD1(simd_and, is_simd_int_v)
TESSERA_SHIM_SIMD1(simd_or, is_simd_int_v)
TESSERA_SHIM_SIMD1(simd_xor, is_simd_int_v)
TESSERA_SHIM_SIMD1(simd_max, is_simd_v)
TESSERA_SHIM_SIMD1(simd_min, is_simd_v)
TESSERA_SHIM_SIMD1(simd_sum, is_simd_v)
TESSERA_SHIM_SIMD1(simd_product, is_simd_v)
TESSERA_SHIM_SIMD1(simd_prefix_exclusive_sum, is_simd_v)
TESSERA_SHIM_SIMD1(simd_prefix_inclusive_sum, is_simd_v)
TESSERA_SHIM_SIMD1(simd_prefix_exclusive_product, is_simd_v)
TESSERA_SHIM_SIMD1(simd_prefix_inclusive_product, is_simd_v)

/// Quad-group functions (6.9.3).
typedef ushort quad_vote_t;
bool quad_all(bool expr);
bool quad_any(bool expr);
bool quad_is_first();
TESSERA_SHIM_SIMD_LANE(quad_broadcast, is_simd_v)
TESSERA_SHIM_SIMD1(quad_broadcast_first, is_simd_v)
TESSERA_SHIM_SIMD_LANE(quad_shuffle, is_simd_v)
TESSERA_SHIM_SIMD_LANE(quad_shuffle_down, is_simd_v)
TESSERA_SHIM_SIMD_LANE(quad_shuffle_up, is_simd_v)
TESSERA_SHIM_SIMD_LANE(quad_shuffle_rotate_down, is_simd_v)
TESSERA_SHIM_SIMD_LANE(quad_shuffle_rotate_up, is_simd_v)
TESSERA_SHIM_SIMD_LANE(quad_shuffle_xor, is_simd_v)
TESSERA_SHIM_SIMD1(quad_and, is_simd_int_v)
TESSERA_SHIM_SIMD1(quad_or, is_simd_int_v)
TESSERA_SHIM_SIMD1(quad_xor, is_simd_int_v)
TESSERA_SHIM_SIMD1(quad_max, is_simd_v)
TESSERA_SHIM_SIMD1(quad_min, is_simd_v)
TESSERA_SHIM_SIMD1(quad_sum, is_simd_v)
TESSERA_SHIM_SIMD1(quad_product, is_simd_v)
TESSERA_SHIM_SIMD1(quad_prefix_exclusive_sum, is_simd_v)
TESSERA_SHIM_SIMD1(quad_prefix_inclusive_sum, is_simd_v)
TESSERA_SHIM_SIMD1(quad_prefix_exclusive_product, is_simd_v)
TESSERA_SHIM_SIMD1(quad_prefix_inclusive_product, is_simd_v)
#undef TESSERA_SHIM_SIMD1
#undef TESSERA_SHIM_SIMD_LANE

} // namespace metal

#endif

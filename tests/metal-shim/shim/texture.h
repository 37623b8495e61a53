// tessera Metal shim: textures and samplers (Metal Shading Language
// Specification, 2.9 "Textures", 2.10 "Samplers", 6.12 "Texture Functions").
//
// Each texture type is a class template `texture2d<T, access A>` whose
// member functions have the documented signatures: coordinates of `read`
// and `write` are `uint` (or `ushort`) scalars or vectors, so an `int2`
// coordinate is rejected as Metal rejects it; sampling coordinates are
// `float` vectors; offsets are `int` vectors; lod options are the
// `bias`/`level`/`gradient*`/`min_lod_clamp` types. Which functions an
// access allows (`sample` only with `access::sample`, `write` only with
// `access::write`/`read_write`, ...) and which component types a texture may
// have are `static_assert`s that fire where a call or a declaration
// instantiates them.
#ifndef TESSERA_METAL_SHIM_TEXTURE
#define TESSERA_METAL_SHIM_TEXTURE

namespace metal {

enum class access { sample, read, write, read_write };
/// The component `gather` returns for colour textures.
enum class component { x, y, z, w };

// constexpr sampler state (MSL 2.10).
enum class coord { normalized, pixel };
enum class filter { nearest, linear, bicubic };
enum class min_filter { nearest, linear };
enum class mag_filter { nearest, linear };
enum class mip_filter { none, nearest, linear };
enum class s_address { clamp_to_zero, clamp_to_edge, clamp_to_border, repeat, mirrored_repeat };
enum class t_address { clamp_to_zero, clamp_to_edge, clamp_to_border, repeat, mirrored_repeat };
enum class r_address { clamp_to_zero, clamp_to_edge, clamp_to_border, repeat, mirrored_repeat };
enum class address { clamp_to_zero, clamp_to_edge, clamp_to_border, repeat, mirrored_repeat };
enum class border_color { transparent_black, opaque_black, opaque_white };
enum class compare_func { none, less, less_equal, greater, greater_equal, equal, not_equal, always, never };
enum class reduction { weighted_average, minimum, maximum };

template <class T> constexpr bool is_sampler_state_v =
    is_same_v<T, coord> || is_same_v<T, filter> || is_same_v<T, min_filter> ||
    is_same_v<T, mag_filter> || is_same_v<T, mip_filter> || is_same_v<T, s_address> ||
    is_same_v<T, t_address> || is_same_v<T, r_address> || is_same_v<T, address> ||
    is_same_v<T, border_color> || is_same_v<T, compare_func> || is_same_v<T, reduction>;

/// `sampler`: an argument (`[[sampler(n)]]`) or a `constexpr sampler`
/// initialised from sampler-state enumerators.
struct sampler {
    constexpr sampler() : state(0) {}
    template <class... S,
              typename enable_if<(sizeof...(S) > 0) && (is_sampler_state_v<S> && ...), int>::type = 0>
    constexpr sampler(S...) : state(1) {}
    int state;
};

// Lod options (MSL 6.12.1).
struct bias {
    explicit constexpr bias(float value) : value(value) {}
    float value;
};
struct level {
    explicit constexpr level(float lod) : lod(lod) {}
    float lod;
};
struct min_lod_clamp {
    explicit constexpr min_lod_clamp(float value) : value(value) {}
    float value;
};
struct gradient2d {
    constexpr gradient2d(float2 dPdx, float2 dPdy) : dPdx(dPdx), dPdy(dPdy) {}
    float2 dPdx, dPdy;
};
struct gradient3d {
    constexpr gradient3d(float3 dPdx, float3 dPdy) : dPdx(dPdx), dPdy(dPdy) {}
    float3 dPdx, dPdy;
};
struct gradientcube {
    constexpr gradientcube(float3 dPdx, float3 dPdy) : dPdx(dPdx), dPdy(dPdy) {}
    float3 dPdx, dPdy;
};

/// Component types of colour textures (MSL 2.9: half, float, short, ushort,
/// int, uint).
template <class T> constexpr bool is_texel_scalar_v =
    is_same_v<T, float> || is_same_v<T, half> || is_same_v<T, short> ||
    is_same_v<T, ushort> || is_same_v<T, int> || is_same_v<T, uint>;

} // namespace metal

// The member functions a texture's access permits. The bodies exist only to
// carry the access checks: they run when a call instantiates them.
#define TESSERA_TEX_SAMPLE(NAME) \
    static_assert(A == access::sample, NAME " needs a texture with access::sample"); \
    return {};
#define TESSERA_TEX_READ(NAME) \
    static_assert(A != access::write, NAME " needs a texture with access::sample, access::read or access::read_write"); \
    return {};
#define TESSERA_TEX_WRITE(NAME) \
    static_assert(A == access::write || A == access::read_write, NAME " needs a texture with access::write or access::read_write");
#define TESSERA_TEX_COMMON(KIND) \
    static_assert(is_texel_scalar_v<T>, KIND "<T>: T must be float, half, int, uint, short or ushort"); \
    using Tv = typename vec_of<T, 4>::type; \
    void fence() { static_assert(A == access::read_write, "fence needs a texture with access::read_write"); }
#define TESSERA_DEPTH_COMMON(KIND) \
    static_assert(is_same_v<T, float>, KIND "<T>: T must be float"); \
    static_assert(A == access::sample || A == access::read, KIND ": the access must be access::sample or access::read"); \
    using Tv = typename vec_of<T, 4>::type;
/// `sample` with each lod option and the MSL 2.2 `min_lod_clamp` forms
/// (`C` coordinate, `ARR` the array parameter or nothing, `G` gradient type,
/// `OFF` the offset parameter or nothing, `R` the result).
#define TESSERA_SAMPLE_SET(R, C, ARR, G, OFF) \
    R sample(sampler s, C coord ARR OFF) const { TESSERA_TEX_SAMPLE("sample") } \
    R sample(sampler s, C coord ARR, bias options OFF) const { TESSERA_TEX_SAMPLE("sample") } \
    R sample(sampler s, C coord ARR, level options OFF) const { TESSERA_TEX_SAMPLE("sample") } \
    R sample(sampler s, C coord ARR, G options OFF) const { TESSERA_TEX_SAMPLE("sample") } \
    R sample(sampler s, C coord ARR, min_lod_clamp clamp OFF) const { TESSERA_TEX_SAMPLE("sample") } \
    R sample(sampler s, C coord ARR, bias options, min_lod_clamp clamp OFF) const { TESSERA_TEX_SAMPLE("sample") } \
    R sample(sampler s, C coord ARR, G options, min_lod_clamp clamp OFF) const { TESSERA_TEX_SAMPLE("sample") }
#define TESSERA_COMMA ,
#define TESSERA_ARRAY , uint array
#define TESSERA_OFF2 , int2 offset = int2{}
#define TESSERA_OFF3 , int3 offset = int3{}
#define TESSERA_NOTHING

namespace metal {

template <class T, access A = access::sample> struct texture1d {
    TESSERA_TEX_COMMON("texture1d")
    Tv sample(sampler s, float coord) const { TESSERA_TEX_SAMPLE("sample") }
    Tv read(uint coord, uint lod = 0) const { TESSERA_TEX_READ("read") }
    Tv read(ushort coord, ushort lod = 0) const { TESSERA_TEX_READ("read") }
    void write(Tv color, uint coord, uint lod = 0) { TESSERA_TEX_WRITE("write") }
    void write(Tv color, ushort coord, ushort lod = 0) { TESSERA_TEX_WRITE("write") }
    uint get_width(uint lod = 0) const { return 0; }
    uint get_num_mip_levels() const { return 0; }
};

template <class T, access A = access::sample> struct texture1d_array {
    TESSERA_TEX_COMMON("texture1d_array")
    Tv sample(sampler s, float coord, uint array) const { TESSERA_TEX_SAMPLE("sample") }
    Tv read(uint coord, uint array, uint lod = 0) const { TESSERA_TEX_READ("read") }
    Tv read(ushort coord, ushort array, ushort lod = 0) const { TESSERA_TEX_READ("read") }
    void write(Tv color, uint coord, uint array, uint lod = 0) { TESSERA_TEX_WRITE("write") }
    void write(Tv color, ushort coord, ushort array, ushort lod = 0) { TESSERA_TEX_WRITE("write") }
    uint get_width(uint lod = 0) const { return 0; }
    uint get_array_size() const { return 0; }
    uint get_num_mip_levels() const { return 0; }
};

template <class T, access A = access::sample> struct texture2d {
    TESSERA_TEX_COMMON("texture2d")
    TESSERA_SAMPLE_SET(Tv, float2, TESSERA_NOTHING, gradient2d, TESSERA_OFF2)
    Tv gather(sampler s, float2 coord, int2 offset = int2{}, component c = component::x) const { TESSERA_TEX_SAMPLE("gather") }
    Tv read(uint2 coord, uint lod = 0) const { TESSERA_TEX_READ("read") }
    Tv read(ushort2 coord, ushort lod = 0) const { TESSERA_TEX_READ("read") }
    void write(Tv color, uint2 coord, uint lod = 0) { TESSERA_TEX_WRITE("write") }
    void write(Tv color, ushort2 coord, ushort lod = 0) { TESSERA_TEX_WRITE("write") }
    uint get_width(uint lod = 0) const { return 0; }
    uint get_height(uint lod = 0) const { return 0; }
    uint get_num_mip_levels() const { return 0; }
};

template <class T, access A = access::sample> struct texture2d_array {
    TESSERA_TEX_COMMON("texture2d_array")
    TESSERA_SAMPLE_SET(Tv, float2, TESSERA_ARRAY, gradient2d, TESSERA_OFF2)
    Tv gather(sampler s, float2 coord, uint array, int2 offset = int2{}, component c = component::x) const { TESSERA_TEX_SAMPLE("gather") }
    Tv read(uint2 coord, uint array, uint lod = 0) const { TESSERA_TEX_READ("read") }
    Tv read(ushort2 coord, ushort array, ushort lod = 0) const { TESSERA_TEX_READ("read") }
    void write(Tv color, uint2 coord, uint array, uint lod = 0) { TESSERA_TEX_WRITE("write") }
    void write(Tv color, ushort2 coord, ushort array, ushort lod = 0) { TESSERA_TEX_WRITE("write") }
    uint get_width(uint lod = 0) const { return 0; }
    uint get_height(uint lod = 0) const { return 0; }
    uint get_array_size() const { return 0; }
    uint get_num_mip_levels() const { return 0; }
};

template <class T, access A = access::sample> struct texture3d {
    TESSERA_TEX_COMMON("texture3d")
    TESSERA_SAMPLE_SET(Tv, float3, TESSERA_NOTHING, gradient3d, TESSERA_OFF3)
    Tv read(uint3 coord, uint lod = 0) const { TESSERA_TEX_READ("read") }
    Tv read(ushort3 coord, ushort lod = 0) const { TESSERA_TEX_READ("read") }
    void write(Tv color, uint3 coord, uint lod = 0) { TESSERA_TEX_WRITE("write") }
    void write(Tv color, ushort3 coord, ushort lod = 0) { TESSERA_TEX_WRITE("write") }
    uint get_width(uint lod = 0) const { return 0; }
    uint get_height(uint lod = 0) const { return 0; }
    uint get_depth(uint lod = 0) const { return 0; }
    uint get_num_mip_levels() const { return 0; }
};

template <class T, access A = access::sample> struct texturecube {
    TESSERA_TEX_COMMON("texturecube")
    TESSERA_SAMPLE_SET(Tv, float3, TESSERA_NOTHING, gradientcube, TESSERA_NOTHING)
    Tv gather(sampler s, float3 coord, component c = component::x) const { TESSERA_TEX_SAMPLE("gather") }
    Tv read(uint2 coord, uint face, uint lod = 0) const { TESSERA_TEX_READ("read") }
    Tv read(ushort2 coord, ushort face, ushort lod = 0) const { TESSERA_TEX_READ("read") }
    void write(Tv color, uint2 coord, uint face, uint lod = 0) { TESSERA_TEX_WRITE("write") }
    void write(Tv color, ushort2 coord, ushort face, ushort lod = 0) { TESSERA_TEX_WRITE("write") }
    uint get_width(uint lod = 0) const { return 0; }
    uint get_height(uint lod = 0) const { return 0; }
    uint get_num_mip_levels() const { return 0; }
};

template <class T, access A = access::sample> struct texturecube_array {
    TESSERA_TEX_COMMON("texturecube_array")
    TESSERA_SAMPLE_SET(Tv, float3, TESSERA_ARRAY, gradientcube, TESSERA_NOTHING)
    Tv gather(sampler s, float3 coord, uint array, component c = component::x) const { TESSERA_TEX_SAMPLE("gather") }
    Tv read(uint2 coord, uint face, uint array, uint lod = 0) const { TESSERA_TEX_READ("read") }
    Tv read(ushort2 coord, ushort face, ushort array, ushort lod = 0) const { TESSERA_TEX_READ("read") }
    void write(Tv color, uint2 coord, uint face, uint array, uint lod = 0) { TESSERA_TEX_WRITE("write") }
    void write(Tv color, ushort2 coord, ushort face, ushort array, ushort lod = 0) { TESSERA_TEX_WRITE("write") }
    uint get_width(uint lod = 0) const { return 0; }
    uint get_height(uint lod = 0) const { return 0; }
    uint get_array_size() const { return 0; }
    uint get_num_mip_levels() const { return 0; }
};

template <class T, access A = access::read> struct texture2d_ms {
    static_assert(is_texel_scalar_v<T>, "texture2d_ms<T>: T must be float, half, int, uint, short or ushort");
    static_assert(A == access::read, "texture2d_ms: the access must be access::read");
    using Tv = typename vec_of<T, 4>::type;
    Tv read(uint2 coord, uint sample) const { return {}; }
    Tv read(ushort2 coord, ushort sample) const { return {}; }
    uint get_width() const { return 0; }
    uint get_height() const { return 0; }
    uint get_num_samples() const { return 0; }
};

template <class T, access A = access::read> struct texture2d_ms_array {
    static_assert(is_texel_scalar_v<T>, "texture2d_ms_array<T>: T must be float, half, int, uint, short or ushort");
    static_assert(A == access::read, "texture2d_ms_array: the access must be access::read");
    using Tv = typename vec_of<T, 4>::type;
    Tv read(uint2 coord, uint array, uint sample) const { return {}; }
    Tv read(ushort2 coord, ushort array, ushort sample) const { return {}; }
    uint get_width() const { return 0; }
    uint get_height() const { return 0; }
    uint get_array_size() const { return 0; }
    uint get_num_samples() const { return 0; }
};

/// `sample_compare` takes no lod option or `level` (MSL 6.12.9; on macOS the
/// level must be zero).
#define TESSERA_COMPARE_SET(C, ARR, OFF) \
    T sample_compare(sampler s, C coord ARR, float compare_value OFF) const { TESSERA_TEX_SAMPLE("sample_compare") } \
    T sample_compare(sampler s, C coord ARR, float compare_value, level options OFF) const { TESSERA_TEX_SAMPLE("sample_compare") }

template <class T, access A = access::sample> struct depth2d {
    TESSERA_DEPTH_COMMON("depth2d")
    TESSERA_SAMPLE_SET(T, float2, TESSERA_NOTHING, gradient2d, TESSERA_OFF2)
    TESSERA_COMPARE_SET(float2, TESSERA_NOTHING, TESSERA_OFF2)
    Tv gather(sampler s, float2 coord, int2 offset = int2{}) const { TESSERA_TEX_SAMPLE("gather") }
    Tv gather_compare(sampler s, float2 coord, float compare_value, int2 offset = int2{}) const { TESSERA_TEX_SAMPLE("gather_compare") }
    T read(uint2 coord, uint lod = 0) const { TESSERA_TEX_READ("read") }
    T read(ushort2 coord, ushort lod = 0) const { TESSERA_TEX_READ("read") }
    uint get_width(uint lod = 0) const { return 0; }
    uint get_height(uint lod = 0) const { return 0; }
    uint get_num_mip_levels() const { return 0; }
};

template <class T, access A = access::sample> struct depth2d_array {
    TESSERA_DEPTH_COMMON("depth2d_array")
    TESSERA_SAMPLE_SET(T, float2, TESSERA_ARRAY, gradient2d, TESSERA_OFF2)
    TESSERA_COMPARE_SET(float2, TESSERA_ARRAY, TESSERA_OFF2)
    Tv gather(sampler s, float2 coord, uint array, int2 offset = int2{}) const { TESSERA_TEX_SAMPLE("gather") }
    Tv gather_compare(sampler s, float2 coord, uint array, float compare_value, int2 offset = int2{}) const { TESSERA_TEX_SAMPLE("gather_compare") }
    T read(uint2 coord, uint array, uint lod = 0) const { TESSERA_TEX_READ("read") }
    T read(ushort2 coord, ushort array, ushort lod = 0) const { TESSERA_TEX_READ("read") }
    uint get_width(uint lod = 0) const { return 0; }
    uint get_height(uint lod = 0) const { return 0; }
    uint get_array_size() const { return 0; }
    uint get_num_mip_levels() const { return 0; }
};

template <class T, access A = access::sample> struct depthcube {
    TESSERA_DEPTH_COMMON("depthcube")
    TESSERA_SAMPLE_SET(T, float3, TESSERA_NOTHING, gradientcube, TESSERA_NOTHING)
    TESSERA_COMPARE_SET(float3, TESSERA_NOTHING, TESSERA_NOTHING)
    Tv gather(sampler s, float3 coord) const { TESSERA_TEX_SAMPLE("gather") }
    Tv gather_compare(sampler s, float3 coord, float compare_value) const { TESSERA_TEX_SAMPLE("gather_compare") }
    T read(uint2 coord, uint face, uint lod = 0) const { TESSERA_TEX_READ("read") }
    T read(ushort2 coord, ushort face, ushort lod = 0) const { TESSERA_TEX_READ("read") }
    uint get_width(uint lod = 0) const { return 0; }
    uint get_height(uint lod = 0) const { return 0; }
    uint get_num_mip_levels() const { return 0; }
};

template <class T, access A = access::sample> struct depthcube_array {
    TESSERA_DEPTH_COMMON("depthcube_array")
    TESSERA_SAMPLE_SET(T, float3, TESSERA_ARRAY, gradientcube, TESSERA_NOTHING)
    TESSERA_COMPARE_SET(float3, TESSERA_ARRAY, TESSERA_NOTHING)
    Tv gather(sampler s, float3 coord, uint array) const { TESSERA_TEX_SAMPLE("gather") }
    Tv gather_compare(sampler s, float3 coord, uint array, float compare_value) const { TESSERA_TEX_SAMPLE("gather_compare") }
    T read(uint2 coord, uint face, uint array, uint lod = 0) const { TESSERA_TEX_READ("read") }
    T read(ushort2 coord, ushort face, ushort array, ushort lod = 0) const { TESSERA_TEX_READ("read") }
    uint get_width(uint lod = 0) const { return 0; }
    uint get_height(uint lod = 0) const { return 0; }
    uint get_array_size() const { return 0; }
    uint get_num_mip_levels() const { return 0; }
};

template <class T, access A = access::read> struct depth2d_ms {
    static_assert(is_same_v<T, float>, "depth2d_ms<T>: T must be float");
    static_assert(A == access::read, "depth2d_ms: the access must be access::read");
    T read(uint2 coord, uint sample) const { return {}; }
    T read(ushort2 coord, ushort sample) const { return {}; }
    uint get_width() const { return 0; }
    uint get_height() const { return 0; }
    uint get_num_samples() const { return 0; }
};

template <class T, access A = access::read> struct depth2d_ms_array {
    static_assert(is_same_v<T, float>, "depth2d_ms_array<T>: T must be float");
    static_assert(A == access::read, "depth2d_ms_array: the access must be access::read");
    T read(uint2 coord, uint array, uint sample) const { return {}; }
    T read(ushort2 coord, ushort array, ushort sample) const { return {}; }
    uint get_width() const { return 0; }
    uint get_height() const { return 0; }
    uint get_array_size() const { return 0; }
    uint get_num_samples() const { return 0; }
};

/// `texture_buffer<T, access>` (MSL 2.1): no sampling, no mipmaps.
template <class T, access A = access::read> struct texture_buffer {
    static_assert(is_texel_scalar_v<T>, "texture_buffer<T>: T must be float, half, int, uint, short or ushort");
    static_assert(A != access::sample, "texture_buffer: the access must be access::read, access::write or access::read_write");
    using Tv = typename vec_of<T, 4>::type;
    Tv read(uint coord) const { TESSERA_TEX_READ("read") }
    void write(Tv color, uint coord) { TESSERA_TEX_WRITE("write") }
    uint get_width() const { return 0; }
    void fence() { static_assert(A == access::read_write, "fence needs a texture with access::read_write"); }
};

} // namespace metal

#undef TESSERA_TEX_SAMPLE
#undef TESSERA_TEX_READ
#undef TESSERA_TEX_WRITE
#undef TESSERA_TEX_COMMON
#undef TESSERA_DEPTH_COMMON
#undef TESSERA_SAMPLE_SET
#undef TESSERA_COMPARE_SET
#undef TESSERA_COMMA
#undef TESSERA_ARRAY
#undef TESSERA_OFF2
#undef TESSERA_OFF3
#undef TESSERA_NOTHING

#endif

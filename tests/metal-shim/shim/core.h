// tessera Metal shim: address spaces, scalar types, type traits.
#ifndef TESSERA_METAL_SHIM_CORE
#define TESSERA_METAL_SHIM_CORE

#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// Metal kernels take references to any struct in device/constant memory.
#pragma OPENCL EXTENSION __cl_clang_non_portable_kernel_param_types : enable

// OpenCL spellings that are ordinary identifiers in Metal: keep them usable
// as names (the shim itself only uses the `__`-prefixed keywords).
#define global tessera_shim_ident_global
#define local tessera_shim_ident_local
#define private tessera_shim_ident_private
#define generic tessera_shim_ident_generic
#define read_only tessera_shim_ident_read_only
#define write_only tessera_shim_ident_write_only
#define read_write tessera_shim_ident_read_write
#define pipe tessera_shim_ident_pipe

// Metal address spaces. `device` and `threadgroup` are OpenCL's disjoint
// `__global` and `__local`, `thread` is `__private`: pointers and references
// do not convert between them, as in Metal. `constant` is read-only device
// memory (`const __global`): storing through it is rejected, but a
// `constant T*` converts to `const device T*` (Metal rejects that); see
// README.md for why it is not OpenCL's `__constant`.
#define device __global
#define threadgroup __local
#define thread __private
#define constant const __global
// `kernel` is OpenCL's kernel qualifier: kernels return void and their
// pointer/reference parameters must name device, constant or threadgroup.
#define kernel __kernel
// Metal's function-constant and visibility spellings the printer never
// needs are left undefined on purpose.

// Metal keywords a compute shader never needs, and `main`, which Metal
// reserves (MSL specification 1.4.4): using them as names is an error, as
// in Metal, so a printer that forgets to rename them is caught.
// `vertex` and `fragment` qualify render functions (MSL specification
// 5.1.1, 5.1.2): an attribute of the declaration, so that a return type
// and parameters follow as in a plain function, while an identifier spelt
// `vertex` or `fragment` still fails to parse.
#define vertex __attribute__((annotate("metal_vertex")))
#define fragment __attribute__((annotate("metal_fragment")))
#define threadgroup_imageblock _Pragma("GCC error \"`threadgroup_imageblock` is a Metal keyword: rename the identifier\"") tessera_shim_reserved
#define ray_data _Pragma("GCC error \"`ray_data` is a Metal keyword: rename the identifier\"") tessera_shim_reserved
#define object_data _Pragma("GCC error \"`object_data` is a Metal keyword: rename the identifier\"") tessera_shim_reserved
#define main _Pragma("GCC error \"`main` is reserved in Metal: rename the function\"") tessera_shim_reserved

// Metal's `double` does not exist: any use is a compile error.
#define double tessera_shim_error_double_is_not_a_metal_type

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long int64_t;
typedef unsigned long uint64_t;

namespace metal {

using ::uchar;
using ::ushort;
using ::uint;
using ::ulong;
using ::size_t;
using ::ptrdiff_t;

/// Minimal <type_traits> (the shim has no C++ standard library).
template <class T, class U> struct is_same { static constexpr bool value = false; };
template <class T> struct is_same<T, T> { static constexpr bool value = true; };
template <class T, class U> constexpr bool is_same_v = is_same<T, U>::value;
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { using type = T; };
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
template <class T> struct remove_cv { using type = T; };
template <class T> struct remove_cv<const T> { using type = T; };
template <class T> struct remove_cv<volatile T> { using type = T; };
template <class T> struct remove_cv<const volatile T> { using type = T; };
template <class T> using remove_cv_t = typename remove_cv<T>::type;
template <class T> struct type_identity { using type = T; };
template <class T> using type_identity_t = typename type_identity<T>::type;

template <class T> constexpr bool is_float_scalar_v =
    is_same_v<remove_cv_t<T>, float> || is_same_v<remove_cv_t<T>, half>;
template <class T> constexpr bool is_int_scalar_v =
    is_same_v<remove_cv_t<T>, char> || is_same_v<remove_cv_t<T>, signed char> ||
    is_same_v<remove_cv_t<T>, uchar> || is_same_v<remove_cv_t<T>, short> ||
    is_same_v<remove_cv_t<T>, ushort> || is_same_v<remove_cv_t<T>, int> ||
    is_same_v<remove_cv_t<T>, uint> || is_same_v<remove_cv_t<T>, long> ||
    is_same_v<remove_cv_t<T>, ulong>;
template <class T> constexpr bool is_bool_scalar_v = is_same_v<remove_cv_t<T>, bool>;
template <class T> constexpr bool is_scalar_v =
    is_float_scalar_v<T> || is_int_scalar_v<T> || is_bool_scalar_v<T>;
template <class T> constexpr bool is_signed_int_v =
    is_same_v<remove_cv_t<T>, char> || is_same_v<remove_cv_t<T>, signed char> ||
    is_same_v<remove_cv_t<T>, short> || is_same_v<remove_cv_t<T>, int> ||
    is_same_v<remove_cv_t<T>, long>;

template <class T> struct make_unsigned { using type = T; };
template <> struct make_unsigned<char> { using type = uchar; };
template <> struct make_unsigned<signed char> { using type = uchar; };
template <> struct make_unsigned<short> { using type = ushort; };
template <> struct make_unsigned<int> { using type = uint; };
template <> struct make_unsigned<long> { using type = ulong; };

} // namespace metal

#endif

// -*- C++ -*-
// Fragment-function library (MSL specification 6.9, "Fragment Functions"):
// derivatives and discard_fragment(). As in Metal, T is a floating-point
// scalar or vector (half or float).
#ifndef TESSERA_METAL_SHIM_FRAGMENT
#define TESSERA_METAL_SHIM_FRAGMENT

namespace metal {
template <class T, enable_if_t<is_float_v<T>, int> = 0> T dfdx(T p);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T dfdy(T p);
template <class T, enable_if_t<is_float_v<T>, int> = 0> T fwidth(T p);
// Since MSL 2.3 the fragment is demoted to a helper thread: it keeps
// running (derivatives stay defined) but its outputs and writes are
// discarded.
void discard_fragment(void);
} // namespace metal

#endif

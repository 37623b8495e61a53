// expect: no matching member function for call to 'write'
// write takes vec<T, 4> of the texture's T: an int4 for a float texture is rejected.
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d<float, access::write> t [[texture(0)]], uint2 gid [[thread_position_in_grid]]) {
    t.write(int4(1), gid);
}

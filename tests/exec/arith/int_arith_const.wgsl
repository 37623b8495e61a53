// Const-evaluated integer arithmetic (no overflow here; see int_wrap_const),
// spec "Arithmetic Expressions": truncated division, remainder with the
// dividend's sign, unsigned division, component-wise vector forms and mixed
// vector-scalar forms. Dividing by a const zero or MIN / -1 would be
// shader-creation errors, so they are not used.
// i32: 7/-2 = -3, -7/2 = -3, -7%2 = -1, 7%-2 = 1, MIN/2 = -1073741824,
//   MIN%3 = MIN - (-715827882*3) = -2, MIN/-2 = 1073741824, MAX%-1 = 0, -1/MAX = 0
// u32: 0xFFFFFFFF/2 = 0x7FFFFFFF, 0xFFFFFFFF%10 = 5, 0x80000000/0xFFFFFFFF = 0,
//   0xFFFFFFFF % 0x80000000 = 0x7FFFFFFF
// vec4<i32>(7,-7,7,-7) / (2,2,-2,-2) = (3,-3,-3,3); % = (1,-1,1,-1)
// 100 / vec4<i32>(3,-3,7,-100) = (33,-33,14,-1); vec4<i32>(9,-9,1,0) % 4 = (1,-1,1,0)
// vec2<u32>(0xFFFFFFFF, 17) / 4u = (0x3FFFFFFF, 4)
// expect 0:1 = i32:-3,-3,-1,1,-1073741824,-2,1073741824,0,0, 3,-3,-3,3, 1,-1,1,-1, 33,-33,14,-1, 1,-1,1,0
// expect 0:2 = u32:0x7FFFFFFF,5,0,0x7FFFFFFF, 0x3FFFFFFF,4

@group(0) @binding(1) var<storage, read_write> r: array<i32, 25>;
@group(0) @binding(2) var<storage, read_write> ur: array<u32, 6>;

const MIN = i32(-2147483648);
const MAX = 2147483647i;
const q4 = vec4<i32>(7, -7, 7, -7) / vec4<i32>(2, 2, -2, -2);
const m4 = vec4<i32>(7, -7, 7, -7) % vec4<i32>(2, 2, -2, -2);
const s4 = 100 / vec4<i32>(3, -3, 7, -100);
const t4 = vec4<i32>(9, -9, 1, 0) % 4;
const u2 = vec2<u32>(0xFFFFFFFFu, 17u) / 4u;

@compute @workgroup_size(1)
fn main() {
    r[0] = 7i / -2i;
    r[1] = -7i / 2i;
    r[2] = -7i % 2i;
    r[3] = 7i % -2i;
    r[4] = MIN / 2i;
    r[5] = MIN % 3i;
    r[6] = MIN / -2i;
    r[7] = MAX % -1i;
    r[8] = -1i / MAX;
    for (var i = 0u; i < 4u; i++) {
        r[9u + i] = q4[i];
        r[13u + i] = m4[i];
        r[17u + i] = s4[i];
        r[21u + i] = t4[i];
    }
    ur[0] = 0xFFFFFFFFu / 2u;
    ur[1] = 0xFFFFFFFFu % 10u;
    ur[2] = 0x80000000u / 0xFFFFFFFFu;
    ur[3] = 0xFFFFFFFFu % 0x80000000u;
    ur[4] = u2.x;
    ur[5] = u2.y;
}

// Built-in functions evaluated at shader-creation time (spec, "const
// Expressions", "const Functions": @const built-ins with const arguments are
// const-expressions) and the same calls on runtime values from the input;
// both must give the spec's values. Only exact functions are used.
// Buffer 0:1 holds the const results, buffer 0:2 the runtime ones (same list):
//   abs(-7i) 7; abs(i32 min) is i32 min ("abs": the largest negative value
//   gives itself) 0x80000000; countOneBits(0xF0F0u) 8; reverseBits(1u)
//   0x80000000; firstLeadingBit(0x00F00000u) 23; firstLeadingBit(-8i): first
//   bit differing from the sign bit, 2; firstLeadingBit(-1i) -1; firstTrailingBit(0x80u) 7;
//   firstTrailingBit(0u) 0xffffffff; extractBits(0xABCDu, 4, 8) 0xBC;
//   extractBits(0xF000i, 12, 4) sign-extends 0xF to -1; insertBits(0u, 0xFu, 8, 4)
//   0xF00; countLeadingZeros(1u) 31; countTrailingZeros(8u) 3;
//   dot(vec3(1, 2, 3), vec3(4, 5, 6)) 32; clamp(15, 0, 10) 10; min(-3, 2) -3;
//   max(3u, 9u) 9; select(1, 2, true) 2; 1u << 31u 0x80000000; -9i >> 1u -5
//   (arithmetic shift); all(vec2(true, false)) 0; any(vec2(true, false)) 1
// Buffer 0:3 (f32) const then runtime: floor(-2.5) -3; ceil(-2.5) -2;
//   round(2.5) 2; round(3.5) 4; round(-2.5) -2; trunc(-2.75) -2; fract(2.75) 0.75;
//   ldexp(1.5, 3) 12; sign(-0.5) -1; step(1, 2) 1; saturate(1.5) 1;
//   frexp(12).fract 0.75, frexp(12).exp 4 (as f32); modf(-2.5).fract -0.5,
//   modf(-2.5).whole -2; max(-0.25, -4.0) -0.25
// buffer 0:0 = i32:-7, -2147483648, 0xF0F0, 1, 0x00F00000, -8, -1, 0x80, 0, 0xABCD, 0xF000, 15, 3, 9, -9, 12
// expect 0:1 = 7, 0x80000000, 8, 0x80000000, 23, 2, 0xffffffff, 7, 0xffffffff, 0xBC
// expect 0:1 = 0xffffffff, 0xF00, 31, 3, 32, 10, 0xfffffffd, 9, 2, 0x80000000, 0xfffffffb, 0, 1
// expect 0:2 = 7, 0x80000000, 8, 0x80000000, 23, 2, 0xffffffff, 7, 0xffffffff, 0xBC
// expect 0:2 = 0xffffffff, 0xF00, 31, 3, 32, 10, 0xfffffffd, 9, 2, 0x80000000, 0xfffffffb, 0, 1
// expect 0:3 = -3, -2, 2, 4, -2, -2, 0.75, 12, -1, 1, 1, 0.75, 4, -0.5, -2, -0.25
// expect 0:3 = -3, -2, 2, 4, -2, -2, 0.75, 12, -1, 1, 1, 0.75, 4, -0.5, -2, -0.25
// buffer 0:4 = f32:-2.5, 2.5, 3.5, -2.75, 2.75, 1.5, -0.5, 1, 2, 12, -0.25, -4

@group(0) @binding(0) var<storage, read> iv: array<i32, 16>;
@group(0) @binding(1) var<storage, read_write> c_out: array<u32, 23>;
@group(0) @binding(2) var<storage, read_write> r_out: array<u32, 23>;
@group(0) @binding(3) var<storage, read_write> f_out: array<f32, 32>;
@group(0) @binding(4) var<storage, read> fv: array<f32, 12>;

const C = array<u32, 23>(
    u32(abs(-7i)),
    bitcast<u32>(abs(-2147483647i - 1i)),
    countOneBits(0xF0F0u),
    reverseBits(1u),
    firstLeadingBit(0x00F00000u),
    u32(firstLeadingBit(-8i)),
    bitcast<u32>(firstLeadingBit(-1i)),
    firstTrailingBit(0x80u),
    firstTrailingBit(0u),
    extractBits(0xABCDu, 4u, 8u),
    bitcast<u32>(extractBits(0xF000i, 12u, 4u)),
    insertBits(0u, 0xFu, 8u, 4u),
    countLeadingZeros(1u),
    countTrailingZeros(8u),
    u32(dot(vec3(1i, 2i, 3i), vec3(4i, 5i, 6i))),
    u32(clamp(15i, 0i, 10i)),
    bitcast<u32>(min(-3i, 2i)),
    max(3u, 9u),
    u32(select(1i, 2i, true)),
    1u << 31u,
    bitcast<u32>(-9i >> 1u),
    u32(all(vec2(true, false))),
    u32(any(vec2(true, false))),
);

const F = array<f32, 16>(
    floor(-2.5),
    ceil(-2.5),
    round(2.5),
    round(3.5),
    round(-2.5),
    trunc(-2.75),
    fract(2.75),
    ldexp(1.5, 3),
    sign(-0.5),
    step(1.0, 2.0),
    saturate(1.5),
    frexp(12.0).fract,
    f32(frexp(12.0).exp),
    modf(-2.5).fract,
    modf(-2.5).whole,
    max(-0.25, -4.0),
);

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 23u; i++) {
        c_out[i] = C[i];
    }
    r_out[0] = u32(abs(iv[0]));
    r_out[1] = bitcast<u32>(abs(iv[1]));
    r_out[2] = countOneBits(u32(iv[2]));
    r_out[3] = reverseBits(u32(iv[3]));
    r_out[4] = firstLeadingBit(u32(iv[4]));
    r_out[5] = u32(firstLeadingBit(iv[5]));
    r_out[6] = bitcast<u32>(firstLeadingBit(iv[6]));
    r_out[7] = firstTrailingBit(u32(iv[7]));
    r_out[8] = firstTrailingBit(u32(iv[8]));
    r_out[9] = extractBits(u32(iv[9]), 4u, 8u);
    r_out[10] = bitcast<u32>(extractBits(iv[10], 12u, 4u));
    r_out[11] = insertBits(u32(iv[8]), u32(iv[11]), 8u, 4u);
    r_out[12] = countLeadingZeros(u32(iv[3]));
    r_out[13] = countTrailingZeros(u32(iv[13]) - 1u);
    r_out[14] = u32(dot(vec3(iv[3], iv[3] + 1, iv[12]), vec3(4, 5, 6) * iv[3]));
    r_out[15] = u32(clamp(iv[11], iv[8], 10));
    r_out[16] = bitcast<u32>(min(-iv[12], 2));
    r_out[17] = max(u32(iv[12]), u32(iv[13]));
    r_out[18] = u32(select(1, 2, iv[3] == 1));
    r_out[19] = u32(iv[3]) << 31u;
    r_out[20] = bitcast<u32>(iv[14] >> 1u);
    let t = iv[3] == 1;
    r_out[21] = u32(all(vec2(t, !t)));
    r_out[22] = u32(any(vec2(t, !t)));
    for (var i = 0u; i < 16u; i++) {
        f_out[i] = F[i];
    }
    f_out[16] = floor(fv[0]);
    f_out[17] = ceil(fv[0]);
    f_out[18] = round(fv[1]);
    f_out[19] = round(fv[2]);
    f_out[20] = round(fv[0]);
    f_out[21] = trunc(fv[3]);
    f_out[22] = fract(fv[4]);
    f_out[23] = ldexp(fv[5], i32(fv[7]) + 2);
    f_out[24] = sign(fv[6]);
    f_out[25] = step(fv[7], fv[8]);
    f_out[26] = saturate(fv[5]);
    let fr = frexp(fv[9]);
    f_out[27] = fr.fract;
    f_out[28] = f32(fr.exp);
    let mf = modf(fv[0]);
    f_out[29] = mf.fract;
    f_out[30] = mf.whole;
    f_out[31] = max(fv[10], fv[11]);
}

/*
 * aes_ct64_body.h - the rounds of the 64-bit bitsliced core, written once
 * over a word type so that the portable core (aes_ct64.c, AES64_W =
 * uint64_t: four blocks per pass) and the AVX2 leaf (arch/aes_avx2.c,
 * AES64_W = four 64-bit lanes of a YMM register: sixteen blocks per pass,
 * each lane the state of four blocks) run the same sequence of operations.
 * Every operation is lane-wise on 64-bit words (AND, XOR, NOT, shifts by
 * constants, masks), so lane g of the AVX2 state goes through exactly what
 * the portable core does to its one word; the including file defines
 * AES64_W and AES64_FN (the storage class and, for AVX2, the target
 * attribute) and includes this once; it may provide its own rotations
 * (AES64_HAVE_ROTATIONS below). The functions are named A64(name): with
 * the prefix AES64_PREFIX (a64_ in aes_ct64.c, a64v_ in the AVX2 leaf), so
 * that each has one name in the library (src/ct_public.txt names them).
 *
 * Layout. The state of four blocks (64 bytes) is eight words q[0..7]; q[i]
 * holds bit i of every byte. Within a word, the 16-bit lane r (bits
 * 16r..16r+15) holds row r of the state, and in that lane bit 4c + b is
 * column c of block b. So, as in aes_ct32.c with lanes twice as wide:
 *  - rotating a word right by 16 bits brings row r + 1 into lane r
 *    (MixColumns);
 *  - ShiftRows rotates lane r right by 4r bits (r columns);
 *  - the encryption is fixsliced (aes_ct32.c, aes_mix_columns_t1): after t
 *    skipped ShiftRows MixColumns reads row r + k with every lane rotated
 *    by k t columns (4kt bits), the same amount in every lane.
 * The round keys (aes_ct64_key_expand) hold four copies of each round key
 * in this layout, with the offsets of round r mod 4. No index and no
 * branch depends on the key or the data.
 */

#define A64_CAT_(p, n) p##n
#define A64_CAT(p, n) A64_CAT_(p, n)
#define A64(name) A64_CAT(AES64_PREFIX, name)
#define A64_K(hi, lo) (((uint64_t)(hi) << 32) | (uint64_t)(lo))

/* X(i, a) for i = 0 .. 7, written out: the word loops below are unrolled
 * in the source, so that no compiler turns them into loops over 128-bit
 * vectors of two words (GCC's loop vectoriser did, on x86-64, at a cost of
 * a third of a pass: 348 -> 272 ns per four blocks written out) */
#define A64_FOR8(X, a) X(0, a) X(1, a) X(2, a) X(3, a) X(4, a) X(5, a) X(6, a) X(7, a)

/* exchange the bits of b under m with the bits of a under m << n */
#define A64_SWAPMOVE(a, b, m, n) do {                               \
        AES64_W t_ = (((a) >> (n)) ^ (b)) & (m);                    \
        (b) ^= t_;                                                  \
        (a) ^= t_ << (n);                                           \
    } while (0)

/* transpose the eight 8x8 bit matrices (one per byte lane): afterwards bit
 * j of byte lane L of q[i] is what bit i of byte lane L of q[j] was */
AES64_FN void A64(transpose)(AES64_W q[8])
{
    const uint64_t m1 = A64_K(0x55555555u, 0x55555555u);
    const uint64_t m2 = A64_K(0x33333333u, 0x33333333u);
    const uint64_t m4 = A64_K(0x0f0f0f0fu, 0x0f0f0f0fu);

    A64_SWAPMOVE(q[0], q[1], m1, 1);
    A64_SWAPMOVE(q[2], q[3], m1, 1);
    A64_SWAPMOVE(q[4], q[5], m1, 1);
    A64_SWAPMOVE(q[6], q[7], m1, 1);
    A64_SWAPMOVE(q[0], q[2], m2, 2);
    A64_SWAPMOVE(q[1], q[3], m2, 2);
    A64_SWAPMOVE(q[4], q[6], m2, 2);
    A64_SWAPMOVE(q[5], q[7], m2, 2);
    A64_SWAPMOVE(q[0], q[4], m4, 4);
    A64_SWAPMOVE(q[1], q[5], m4, 4);
    A64_SWAPMOVE(q[2], q[6], m4, 4);
    A64_SWAPMOVE(q[3], q[7], m4, 4);
}

/*
 * SubBytes on every bit position of the eight words: the circuit of Boyar
 * and Peralta as in aes_ct32.c (aes_sbox), inputs U0..U7 and outputs
 * S0..S7 the bits of a byte from the most significant down.
 */
AES64_FN void A64(sbox)(AES64_W q[8])
{
    AES64_W u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
    AES64_W u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
    AES64_W t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14;
    AES64_W t15, t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26, t27;
    AES64_W m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14;
    AES64_W m15, m16, m17, m18, m19, m20, m21, m22, m23, m24, m25, m26;
    AES64_W m27, m28, m29, m30, m31, m32, m33, m34, m35, m36, m37, m38;
    AES64_W m39, m40, m41, m42, m43, m44, m45, m46, m47, m48, m49, m50;
    AES64_W m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62, m63;
    AES64_W l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13;
    AES64_W l14, l15, l16, l17, l18, l19, l20, l21, l22, l23, l24, l25;
    AES64_W l26, l27, l28, l29;

    /* top linear layer */
    t1 = u0 ^ u3;
    t2 = u0 ^ u5;
    t3 = u0 ^ u6;
    t4 = u3 ^ u5;
    t5 = u4 ^ u6;
    t6 = t1 ^ t5;
    t7 = u1 ^ u2;
    t8 = u7 ^ t6;
    t9 = u7 ^ t7;
    t10 = t6 ^ t7;
    t11 = u1 ^ u5;
    t12 = u2 ^ u5;
    t13 = t3 ^ t4;
    t14 = t6 ^ t11;
    t15 = t5 ^ t11;
    t16 = t5 ^ t12;
    t17 = t9 ^ t16;
    t18 = u3 ^ u7;
    t19 = t7 ^ t18;
    t20 = t1 ^ t19;
    t21 = u6 ^ u7;
    t22 = t7 ^ t21;
    t23 = t2 ^ t22;
    t24 = t2 ^ t10;
    t25 = t20 ^ t17;
    t26 = t3 ^ t16;
    t27 = t1 ^ t12;

    /* shared nonlinear middle: the inversion in GF(2^8) */
    m1 = t13 & t6;
    m2 = t23 & t8;
    m3 = t14 ^ m1;
    m4 = t19 & u7;
    m5 = m4 ^ m1;
    m6 = t3 & t16;
    m7 = t22 & t9;
    m8 = t26 ^ m6;
    m9 = t20 & t17;
    m10 = m9 ^ m6;
    m11 = t1 & t15;
    m12 = t4 & t27;
    m13 = m12 ^ m11;
    m14 = t2 & t10;
    m15 = m14 ^ m11;
    m16 = m3 ^ m2;
    m17 = m5 ^ t24;
    m18 = m8 ^ m7;
    m19 = m10 ^ m15;
    m20 = m16 ^ m13;
    m21 = m17 ^ m15;
    m22 = m18 ^ m13;
    m23 = m19 ^ t25;
    m24 = m22 ^ m23;
    m25 = m22 & m20;
    m26 = m21 ^ m25;
    m27 = m20 ^ m21;
    m28 = m23 ^ m25;
    m29 = m28 & m27;
    m30 = m26 & m24;
    m31 = m20 & m23;
    m32 = m27 & m31;
    m33 = m27 ^ m25;
    m34 = m21 & m22;
    m35 = m24 & m34;
    m36 = m24 ^ m25;
    m37 = m21 ^ m29;
    m38 = m32 ^ m33;
    m39 = m23 ^ m30;
    m40 = m35 ^ m36;
    m41 = m38 ^ m40;
    m42 = m37 ^ m39;
    m43 = m37 ^ m38;
    m44 = m39 ^ m40;
    m45 = m42 ^ m41;
    m46 = m44 & t6;
    m47 = m40 & t8;
    m48 = m39 & u7;
    m49 = m43 & t16;
    m50 = m38 & t9;
    m51 = m37 & t17;
    m52 = m42 & t15;
    m53 = m45 & t27;
    m54 = m41 & t10;
    m55 = m44 & t13;
    m56 = m40 & t23;
    m57 = m39 & t19;
    m58 = m43 & t3;
    m59 = m38 & t22;
    m60 = m37 & t20;
    m61 = m42 & t1;
    m62 = m45 & t4;
    m63 = m41 & t2;

    /* bottom linear layer, with the affine map */
    l0 = m61 ^ m62;
    l1 = m50 ^ m56;
    l2 = m46 ^ m48;
    l3 = m47 ^ m55;
    l4 = m54 ^ m58;
    l5 = m49 ^ m61;
    l6 = m62 ^ l5;
    l7 = m46 ^ l3;
    l8 = m51 ^ m59;
    l9 = m52 ^ m53;
    l10 = m53 ^ l4;
    l11 = m60 ^ l2;
    l12 = m48 ^ m51;
    l13 = m50 ^ l0;
    l14 = m52 ^ m61;
    l15 = m55 ^ l1;
    l16 = m56 ^ l0;
    l17 = m57 ^ l1;
    l18 = m58 ^ l8;
    l19 = m63 ^ l4;
    l20 = l0 ^ l1;
    l21 = l1 ^ l7;
    l22 = l3 ^ l12;
    l23 = l18 ^ l2;
    l24 = l15 ^ l9;
    l25 = l6 ^ l10;
    l26 = l7 ^ l9;
    l27 = l8 ^ l10;
    l28 = l11 ^ l14;
    l29 = l11 ^ l17;
    q[7] = l6 ^ l24;
    q[6] = ~(l16 ^ l26);
    q[5] = ~(l19 ^ l28);
    q[4] = l6 ^ l21;
    q[3] = l20 ^ l22;
    q[2] = l25 ^ l29;
    q[1] = ~(l13 ^ l27);
    q[0] = ~(l6 ^ l23);
}

/* B(y) = A^-1(y) + 0x05 (aes_ct32.c, aes_inv_affine): S^-1 = B o S o B */
AES64_FN void A64(inv_affine)(AES64_W q[8])
{
    AES64_W y[8];

#define A64_IA_COPY(i, u) y[i] = q[i];
#define A64_IA_MAP(i, u) q[i] = y[((i) + 2) & 7] ^ y[((i) + 5) & 7] ^ y[((i) + 7) & 7];
    A64_FOR8(A64_IA_COPY, 0)
    A64_FOR8(A64_IA_MAP, 0)
    q[0] = ~q[0];                      /* + 0x05 */
    q[2] = ~q[2];
}

AES64_FN void A64(inv_sbox)(AES64_W q[8])
{
    A64(inv_affine)(q);
    A64(sbox)(q);
    A64(inv_affine)(q);
}

/* ShiftRows: lane r, column c takes column c + r (lane rotated right by
 * 4r bits); written as macros on a variable so that they serve both the
 * state words and the (scalar) round keys */
#define A64_SR1(x) (((x) & A64_K(0, 0x0000ffffu))                                   \
         | (((x) >> 4) & A64_K(0, 0x0fff0000u)) | (((x) << 12) & A64_K(0, 0xf0000000u)) \
         | (((x) >> 8) & A64_K(0x000000ffu, 0)) | (((x) << 8) & A64_K(0x0000ff00u, 0))  \
         | (((x) >> 12) & A64_K(0x000f0000u, 0)) | (((x) << 4) & A64_K(0xfff00000u, 0)))

/* InvShiftRows: lane r, column c takes column c - r */
#define A64_SR3(x) (((x) & A64_K(0, 0x0000ffffu))                                   \
         | (((x) << 4) & A64_K(0, 0xfff00000u)) | (((x) >> 12) & A64_K(0, 0x000f0000u)) \
         | (((x) >> 8) & A64_K(0x000000ffu, 0)) | (((x) << 8) & A64_K(0x0000ff00u, 0))  \
         | (((x) << 12) & A64_K(0xf0000000u, 0)) | (((x) >> 4) & A64_K(0x0fff0000u, 0)))

/* ShiftRows twice: lanes 1 and 3 rotate by 8 bits (two columns) */
#define A64_SR2(x) (((x) & A64_K(0x0000ffffu, 0x0000ffffu))                         \
         | (((x) >> 8) & A64_K(0x00ff0000u, 0x00ff0000u))                            \
         | (((x) << 8) & A64_K(0xff000000u, 0xff000000u)))

/* ShiftRows^t of one word (t = 0..3, public; ShiftRows^3 = InvShiftRows) */
AES64_FN AES64_W A64(shift_rows_pow_word)(AES64_W x, unsigned t)
{
    switch (t & 3) {
    case 1: return A64_SR1(x);
    case 2: return A64_SR2(x);
    case 3: return A64_SR3(x);
    default: return x;
    }
}

/* the same on a round-key word */
static inline uint64_t A64(shift_rows_pow_key)(uint64_t x, unsigned t)
{
    switch (t & 3) {
    case 1: return A64_SR1(x);
    case 2: return A64_SR2(x);
    case 3: return A64_SR3(x);
    default: return x;
    }
}

/* every 16-bit lane rotated right by 4, 8 or 12 bits (1, 2, 3 columns),
 * and the word rotated right by 16 and 32 bits: an including file that
 * has single instructions for them (AVX2's shuffles and 16-bit shifts)
 * defines AES64_HAVE_ROTATIONS and its own A64(lane_ror4)/8/12, A64(ror16)
 * and A64(ror32), which compute the same */
#ifndef AES64_HAVE_ROTATIONS
AES64_FN AES64_W A64(lane_ror4)(AES64_W x)
{
    return ((x >> 4) & A64_K(0x0fff0fffu, 0x0fff0fffu))
         | ((x << 12) & A64_K(0xf000f000u, 0xf000f000u));
}

AES64_FN AES64_W A64(lane_ror8)(AES64_W x)
{
    return ((x >> 8) & A64_K(0x00ff00ffu, 0x00ff00ffu))
         | ((x << 8) & A64_K(0xff00ff00u, 0xff00ff00u));
}

AES64_FN AES64_W A64(lane_ror12)(AES64_W x)
{
    return ((x >> 12) & A64_K(0x000f000fu, 0x000f000fu))
         | ((x << 4) & A64_K(0xfff0fff0u, 0xfff0fff0u));
}

AES64_FN AES64_W A64(ror16)(AES64_W x)
{
    return (x >> 16) | (x << 48);
}

AES64_FN AES64_W A64(ror32)(AES64_W x)
{
    return (x >> 32) | (x << 32);
}

#endif

/* t = x * t in GF(2^8), bit plane by bit plane (x^8 = x^4 + x^3 + x + 1) */
AES64_FN void A64(xtime)(AES64_W t[8])
{
    AES64_W hi = t[7];

    t[7] = t[6];
    t[6] = t[5];
    t[5] = t[4];
    t[4] = t[3] ^ hi;
    t[3] = t[2] ^ hi;
    t[2] = t[1];
    t[1] = t[0] ^ hi;
    t[0] = hi;
}

/*
 * out_r = 2 (a_r + a_{r+1}) + a_{r+1} + (a_{r+2} + a_{r+3}), the rows read
 * by rotating the word (aes_ct32.c, aes_mix_columns); with fixslicing
 * (t = round mod 4) row r + 1 is also rotated by t columns and the sum of
 * rows r + 2, r + 3 by 2t more (q1, q2 below).
 */
#define A64_MC_R(i, q1) r1[i] = q1(A64(ror16)(q[i])); t[i] = q[i] ^ r1[i];
#define A64_MC_Q(i, q2) q[i] = r1[i] ^ q2(A64(ror32)(t[i]));
#define A64_XOR_T(i, u) q[i] ^= t[i];
#define A64_MIX_COLUMNS(name, q1, q2)                               \
    AES64_FN void name(AES64_W q[8])                                \
    {                                                               \
        AES64_W t[8], r1[8];                                        \
                                                                    \
        A64_FOR8(A64_MC_R, q1)                                      \
        A64_FOR8(A64_MC_Q, q2)                                      \
        A64(xtime)(t);                                              \
        A64_FOR8(A64_XOR_T, 0)                                      \
    }

#define A64_LANE_ID(x) (x)
A64_MIX_COLUMNS(A64(mix_columns), A64_LANE_ID, A64_LANE_ID)
A64_MIX_COLUMNS(A64(mix_columns_t1), A64(lane_ror4), A64(lane_ror8))
A64_MIX_COLUMNS(A64(mix_columns_t2), A64(lane_ror8), A64_LANE_ID)
A64_MIX_COLUMNS(A64(mix_columns_t3), A64(lane_ror12), A64(lane_ror8))

/* InvMixColumns = MixColumns after a_r -> a_r + 4 (a_r + a_{r+2}) */
AES64_FN void A64(inv_mix_columns)(AES64_W q[8])
{
    AES64_W u[8];

#define A64_IMC_U(i, x) u[i] = q[i] ^ A64(ror32)(q[i]);
#define A64_IMC_X(i, x) q[i] ^= u[i];
    A64_FOR8(A64_IMC_U, 0)
    A64(xtime)(u);
    A64(xtime)(u);
    A64_FOR8(A64_IMC_X, 0)
    A64(mix_columns)(q);
}

#define A64_ARK(i, x) q[i] ^= rk[i];
AES64_FN void A64(add_round_key)(AES64_W q[8], const uint64_t *rk)
{
    A64_FOR8(A64_ARK, 0)
}

/* the fixsliced encryption of the bitsliced state: AddRoundKey 0, the
 * rounds, the last round, then ShiftRows^(rounds mod 4) to align */
AES64_FN void A64(encrypt)(AES64_W q[8], const uint64_t *rk, unsigned rounds)
{
    unsigned r;

#define A64_ALIGN(i, t) q[i] = A64(shift_rows_pow_word)(q[i], t);
    A64(add_round_key)(q, rk);
    for (r = 1; r < rounds; r++) {
        A64(sbox)(q);
        switch (r & 3) {               /* public: the round number */
        case 0: A64(mix_columns)(q); break;
        case 1: A64(mix_columns_t1)(q); break;
        case 2: A64(mix_columns_t2)(q); break;
        default: A64(mix_columns_t3)(q); break;
        }
        A64(add_round_key)(q, rk + 8 * r);
    }
    A64(sbox)(q);
    A64(add_round_key)(q, rk + 8 * rounds);
    A64_FOR8(A64_ALIGN, rounds)
}

/* round key r as FIPS 197 has it (stored with the offsets of round r) */
AES64_FN void A64(add_round_key_aligned)(AES64_W q[8], const uint64_t *rk, unsigned r)
{
#define A64_ARK_AL(i, t) q[i] ^= A64(shift_rows_pow_key)(rk[i], t);
    A64_FOR8(A64_ARK_AL, r)
}

/* the plain inverse cipher (not fixsliced) */
AES64_FN void A64(decrypt)(AES64_W q[8], const uint64_t *rk, unsigned rounds)
{
    unsigned r;

#define A64_ISR(i, x) q[i] = A64_SR3(q[i]);
    A64(add_round_key_aligned)(q, rk + 8 * rounds, rounds);
    for (r = rounds - 1; r > 0; r--) {
        A64_FOR8(A64_ISR, 0)
        A64(inv_sbox)(q);
        A64(add_round_key_aligned)(q, rk + 8 * r, r);
        A64(inv_mix_columns)(q);
    }
    A64_FOR8(A64_ISR, 0)
    A64(inv_sbox)(q);
    A64(add_round_key)(q, rk);
}

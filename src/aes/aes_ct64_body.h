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
 * SubBytes on every bit position of the eight words: the circuit of
 * aes_sbox_circuit.h (shared with aes_ct32.c), inputs U0..U7 and outputs
 * S0..S7 the bits of a byte from the most significant down, then the
 * constant 0x63: the words of its bits 0, 1, 5 and 6 complemented.
 */
#define AES_SBOX_W AES64_W
#define AES_SBOX_FN AES64_FN
#define AES_SBOX_NAME A64(sbox_lin)
#include "aes_sbox_circuit.h"

AES64_FN void A64(sbox)(AES64_W q[8])
{
    A64(sbox_lin)(q);
    q[0] = ~q[0];
    q[1] = ~q[1];
    q[5] = ~q[5];
    q[6] = ~q[6];
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

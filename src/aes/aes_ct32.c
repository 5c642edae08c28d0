/*
 * aes_ct32.c - the constant-time AES core for 32-bit words: bitsliced, two
 * blocks per pass (aes_impl.h).
 *
 * Layout. The state of two blocks (32 bytes) is eight words q[0..7]; q[i]
 * holds bit i of every byte. Within a word, byte lane r (bits 8r..8r+7)
 * holds row r of the state, and in that lane bit 2c + b is column c of
 * block b. Loading a block as four little-endian words puts row r of
 * column c in byte r of word c; words 2c + b of the two blocks then form
 * eight 8x8 bit matrices (one per byte lane) whose transposition, three
 * layers of swaps, is the bitslicing (aes_pack); it is its own inverse.
 *
 * With that layout every step is a fixed sequence of word operations:
 *  - SubBytes is the smallest circuit of Boyar and Peralta (SEA 2010:
 *    115 gates, 32 AND and 83 XOR/XNOR; aes_sbox_circuit.h) on the eight
 *    words;
 *  - ShiftRows rotates each byte lane by 2r bits (masks and shifts); the
 *    encryption is fixsliced (Adomnicai and Peyrin, "Fixslicing AES-like
 *    ciphers", TCHES 2021(1)): it skips ShiftRows and uses four variants
 *    of MixColumns instead (aes_mix_columns_t1); the decryption is the
 *    plain inverse cipher;
 *  - MixColumns reads row r + 1 by rotating the word by 8 bits; the
 *    multiplication by x moves bits between the words (reduction by
 *    x^8 + x^4 + x^3 + x + 1);
 *  - AddRoundKey XORs eight words holding two copies of the round key.
 * No index and no branch depends on the key or the data.
 */
#include "aes_impl.h"

#include "ct/ct.h"

#if CTC_AES

static inline uint32_t ror32(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32 - n));
}

/* exchange the bits of b under m with the bits of a under m << n */
#define SWAPMOVE(a, b, m, n) do {                                   \
        uint32_t t_ = (((a) >> (n)) ^ (b)) & (m);                  \
        (b) ^= t_;                                                  \
        (a) ^= t_ << (n);                                           \
    } while (0)

/* transpose the eight 8x8 bit matrices (one per byte lane): afterwards bit
 * j of lane r of q[i] is what bit i of lane r of q[j] was */
static void aes_pack(uint32_t q[8])
{
    SWAPMOVE(q[0], q[1], 0x55555555u, 1);
    SWAPMOVE(q[2], q[3], 0x55555555u, 1);
    SWAPMOVE(q[4], q[5], 0x55555555u, 1);
    SWAPMOVE(q[6], q[7], 0x55555555u, 1);
    SWAPMOVE(q[0], q[2], 0x33333333u, 2);
    SWAPMOVE(q[1], q[3], 0x33333333u, 2);
    SWAPMOVE(q[4], q[6], 0x33333333u, 2);
    SWAPMOVE(q[5], q[7], 0x33333333u, 2);
    SWAPMOVE(q[0], q[4], 0x0f0f0f0fu, 4);
    SWAPMOVE(q[1], q[5], 0x0f0f0f0fu, 4);
    SWAPMOVE(q[2], q[6], 0x0f0f0f0fu, 4);
    SWAPMOVE(q[3], q[7], 0x0f0f0f0fu, 4);
}

/* q[2 c + b] = word c of block b, little-endian (the layout of
 * aes_ct32_encrypt2_words), and back */
static void aes_words2(uint32_t q[8], const uint8_t in0[16], const uint8_t in1[16])
{
    unsigned c;

    for (c = 0; c < 4; c++) {
        q[2 * c] = aes_ld32le(in0 + 4 * c);
        q[2 * c + 1] = aes_ld32le(in1 + 4 * c);
    }
}

static void aes_bytes2(uint8_t out0[16], uint8_t out1[16], const uint32_t q[8])
{
    unsigned c;

    for (c = 0; c < 4; c++) {
        aes_st32le(out0 + 4 * c, q[2 * c]);
        aes_st32le(out1 + 4 * c, q[2 * c + 1]);
    }
}

static void aes_load2(uint32_t q[8], const uint8_t in0[16], const uint8_t in1[16])
{
    aes_words2(q, in0, in1);
    aes_pack(q);
}

static void aes_store2(uint8_t out0[16], uint8_t out1[16], uint32_t q[8])
{
    aes_pack(q);
    aes_bytes2(out0, out1, q);
}

/*
 * SubBytes without its affine constant, S(x) + 0x63 (aes_sbox_circuit.h,
 * shared with the 64-bit core). The encryption rounds add the constant
 * with the round keys (see aes_ct32_rounds_c); aes_sbox adds it itself.
 */
#define AES_SBOX_W uint32_t
#define AES_SBOX_FN static
#define AES_SBOX_NAME aes_sbox_lin
#include "aes_sbox_circuit.h"

/* + 0x63 in every byte: the words of its bits 0, 1, 5 and 6 complemented */
static inline void aes_add_sbox_const(uint32_t q[8])
{
    q[0] = ~q[0];
    q[1] = ~q[1];
    q[5] = ~q[5];
    q[6] = ~q[6];
}

/* SubBytes on every bit position of the eight words */
static void aes_sbox(uint32_t q[8])
{
    aes_sbox_lin(q);
    aes_add_sbox_const(q);
}

/*
 * The inverse S-box from the same circuit. S(x) = A(x^-1) + 0x63 with the
 * linear map A, and A^-1(y + 0x63) = A^-1(y) + 0x05, so with
 * B(y) = A^-1(y) + 0x05: x^-1 = B(S(x)) and S^-1(y) = B(y)^-1 = B(S(B(y))).
 * Bit i of A^-1(y) is y[i+2] + y[i+5] + y[i+7] (indices mod 8).
 */
static void aes_inv_linear(uint32_t q[8])
{
    uint32_t y[8];
    unsigned i;

    for (i = 0; i < 8; i++)
        y[i] = q[i];
    for (i = 0; i < 8; i++)
        q[i] = y[(i + 2) & 7] ^ y[(i + 5) & 7] ^ y[(i + 7) & 7];
}

/* B */
static void aes_inv_affine(uint32_t q[8])
{
    aes_inv_linear(q);
    q[0] = ~q[0];                      /* + 0x05 */
    q[2] = ~q[2];
}

/*
 * S^-1 of y where the state holds y + 0x63, as the decryption has it: the
 * round keys 1..rounds carry the S-box's constant (aes_ct32_key_expand),
 * InvMixColumns and InvShiftRows keep a state of equal bytes as it is, and
 * A^-1(y + 0x63) = A^-1(y) + 0x05 = B(y), so the first B is A^-1 alone.
 */
static void aes_inv_sbox(uint32_t q[8])
{
    aes_inv_linear(q);
    aes_sbox(q);
    aes_inv_affine(q);
}

/* lane r: column c takes column c + r (mod 4); a column is 2 bits wide */
static inline uint32_t aes_shift_row_word(uint32_t x)
{
    return (x & 0x000000ffu)
         | ((x >> 2) & 0x00003f00u) | ((x << 6) & 0x0000c000u)
         | ((x >> 4) & 0x000f0000u) | ((x << 4) & 0x00f00000u)
         | ((x >> 6) & 0x03000000u) | ((x << 2) & 0xfc000000u);
}

/* lane r: column c takes column c - r (mod 4) */
static inline uint32_t aes_inv_shift_row_word(uint32_t x)
{
    return (x & 0x000000ffu)
         | ((x << 2) & 0x0000fc00u) | ((x >> 6) & 0x00000300u)
         | ((x >> 4) & 0x000f0000u) | ((x << 4) & 0x00f00000u)
         | ((x >> 2) & 0x3f000000u) | ((x << 6) & 0xc0000000u);
}

/* ShiftRows twice: lanes 1 and 3 rotate by 4 bits (two columns) */
static inline uint32_t aes_shift_row2_word(uint32_t x)
{
    return (x & 0x00ff00ffu)
         | ((x >> 4) & 0x0f000f00u) | ((x << 4) & 0xf000f000u);
}

/* ShiftRows^t of one word (t = 0..3; ShiftRows^3 = InvShiftRows) */
static inline uint32_t aes_shift_row_pow_word(uint32_t x, unsigned t)
{
    switch (t & 3) {
    case 1: return aes_shift_row_word(x);
    case 2: return aes_shift_row2_word(x);
    case 3: return aes_inv_shift_row_word(x);
    default: return x;
    }
}

/* every byte lane rotated right by 2, 4 or 6 bits (1, 2, 3 columns) */
static inline uint32_t aes_lane_ror2(uint32_t x)
{
    return ((x >> 2) & 0x3f3f3f3fu) | ((x << 6) & 0xc0c0c0c0u);
}

static inline uint32_t aes_lane_ror4(uint32_t x)
{
    return ((x >> 4) & 0x0f0f0f0fu) | ((x << 4) & 0xf0f0f0f0u);
}

static inline uint32_t aes_lane_ror6(uint32_t x)
{
    return ((x >> 6) & 0x03030303u) | ((x << 2) & 0xfcfcfcfcu);
}

static void aes_inv_shift_rows(uint32_t q[8])
{
    unsigned i;

    for (i = 0; i < 8; i++)
        q[i] = aes_inv_shift_row_word(q[i]);
}

/* t = x * t in GF(2^8), bit plane by bit plane: bit 7 comes back into
 * bits 0, 1, 3 and 4 (x^8 = x^4 + x^3 + x + 1) */
static inline void aes_xtime(uint32_t t[8])
{
    uint32_t hi = t[7];

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
 * out_r = 2 a_r + 3 a_{r+1} + a_{r+2} + a_{r+3}
 *       = 2 (a_r + a_{r+1}) + a_{r+1} + (a_{r+2} + a_{r+3});
 * rotating a word right by 8 bits brings row r + 1 into lane r.
 */
static void aes_mix_columns(uint32_t q[8])
{
    uint32_t t[8], r8[8];
    unsigned i;

    for (i = 0; i < 8; i++) {
        r8[i] = ror32(q[i], 8);
        t[i] = q[i] ^ r8[i];
    }
    for (i = 0; i < 8; i++)
        q[i] = r8[i] ^ ror32(t[i], 16);
    aes_xtime(t);
    for (i = 0; i < 8; i++)
        q[i] ^= t[i];
}

/*
 * Fixslicing: the encryption skips ShiftRows. After t skipped ShiftRows
 * (t = round mod 4), logical column c of row r is stored at column
 * c + r t, and MixColumns, which combines rows r and r + k of one column,
 * reads row r + k with the word rotated by 8k bits (row r + k into lane r)
 * and every lane rotated by k t columns (2kt bits): the same amount in every
 * lane, so a few masks and shifts (aes_lane_ror*) instead of a ShiftRows
 * per round. The output keeps the input's offsets, the round keys are
 * stored with the same offsets (aes_ct32_key_expand), and after the last
 * round the state is aligned again with ShiftRows^t. With
 * Q_k = (rotation by 8k bits, lanes by 2kt bits): Q_2 Q_1 = Q_3, so the
 * formula of aes_mix_columns holds with Q_1, Q_2 in place of the word
 * rotations. This is the idea of Adomnicai and Peyrin (TCHES 2021(1)),
 * worked out here for this layout.
 */
#define AES_MIX_COLUMNS_FIX(name, q1, q2)                          \
    static void name(uint32_t q[8])                                \
    {                                                              \
        uint32_t t[8], r1[8];                                      \
        unsigned i;                                                \
                                                                   \
        for (i = 0; i < 8; i++) {                                  \
            r1[i] = q1(ror32(q[i], 8));                            \
            t[i] = q[i] ^ r1[i];                                   \
        }                                                          \
        for (i = 0; i < 8; i++)                                    \
            q[i] = r1[i] ^ q2(ror32(t[i], 16));                    \
        aes_xtime(t);                                              \
        for (i = 0; i < 8; i++)                                    \
            q[i] ^= t[i];                                          \
    }

#define AES_LANE_ID(x) (x)
AES_MIX_COLUMNS_FIX(aes_mix_columns_t1, aes_lane_ror2, aes_lane_ror4)
AES_MIX_COLUMNS_FIX(aes_mix_columns_t2, aes_lane_ror4, AES_LANE_ID)
AES_MIX_COLUMNS_FIX(aes_mix_columns_t3, aes_lane_ror6, aes_lane_ror4)

/*
 * InvMixColumns = MixColumns after a_r -> 5 a_r + 4 a_{r+2}
 * = a_r + 4 (a_r + a_{r+2}), since (0e 0b 0d 09) = (02 03 01 01) (05 00 04 00)
 * as circulant matrices.
 */
static void aes_inv_mix_columns(uint32_t q[8])
{
    uint32_t u[8];
    unsigned i;

    for (i = 0; i < 8; i++)
        u[i] = q[i] ^ ror32(q[i], 16);
    aes_xtime(u);
    aes_xtime(u);
    for (i = 0; i < 8; i++)
        q[i] ^= u[i];
    aes_mix_columns(q);
}

static inline void aes_add_round_key(uint32_t q[8], const uint32_t *rk)
{
    unsigned i;

    for (i = 0; i < 8; i++)
        q[i] ^= rk[i];
}

/* see aes_impl.h; fixsliced (see aes_mix_columns_t1): round r's key and
 * MixColumns use the offset r mod 4. SubBytes leaves out its constant
 * 0x63, which the round keys 1..rounds hold instead (aes_ct32_key_expand):
 * MixColumns, its fixsliced variants included, maps a state whose every
 * byte is 0x63 to itself (02 + 03 + 01 + 01 = 01, and rotations keep a
 * word of equal bytes), so it is the same constant after it. The C twin
 * of aes_ct32_rounds_asm. */
void aes_ct32_rounds_c(uint32_t q[8], const uint32_t *rk, unsigned rounds)
{
    unsigned r;

    aes_add_round_key(q, rk);
    for (r = 1; r < rounds; r++) {
        aes_sbox_lin(q);
        switch (r & 3) {
        case 0: aes_mix_columns(q); break;
        case 1: aes_mix_columns_t1(q); break;
        case 2: aes_mix_columns_t2(q); break;
        default: aes_mix_columns_t3(q); break;
        }
        aes_add_round_key(q, rk + 8 * r);
    }
    aes_sbox_lin(q);
    aes_add_round_key(q, rk + 8 * rounds);
}

/*
 * The state back to words and aligned: ShiftRows^(rounds mod 4), which is
 * 2 for 10 and 14 rounds and 0 for 12. On words (q[2 c + b] = column c of
 * block b, row r in byte r), ShiftRows^2 exchanges rows 1 and 3 (bytes 1
 * and 3) of columns c and c + 2: one masked swap per pair of words instead
 * of masks and shifts on the eight bitsliced words.
 */
static void aes_unpack_align(uint32_t q[8], unsigned rounds)
{
    unsigned i;

    aes_pack(q);
    if (rounds & 2) {                  /* public: 10 or 14 rounds */
        for (i = 0; i < 4; i++) {
            uint32_t t = (q[i] ^ q[i + 4]) & 0xff00ff00u;

            q[i] ^= t;
            q[i + 4] ^= t;
        }
    }
}

/* see aes_impl.h */
void aes_ct32_encrypt2_words(const uint32_t *rk, unsigned rounds, uint32_t q[8])
{
    aes_pack(q);
#if AES_HAVE_ARMV7_ASM
    aes_ct32_rounds_asm(q, rk, rounds);
#else
    aes_ct32_rounds_c(q, rk, rounds);
#endif
    aes_unpack_align(q, rounds);
}

/* see aes_impl.h */
void aes_ct32_ctr_base(uint32_t base[8], const uint32_t b0[4], const uint32_t b1[4])
{
    unsigned c;

    for (c = 0; c < 3; c++) {
        base[2 * c] = b0[c];
        base[2 * c + 1] = b1[c];
    }
    base[6] = 0;
    base[7] = 0;
    aes_pack(base);
}

#if CTC_PROFILE_SMALL
/* x rotated right by n bits, 0 <= n < 32 (no shift by 32) */
static inline uint32_t ror32_any(uint32_t x, unsigned n)
{
    return (x >> n) | (x << ((32 - n) & 31));
}
#endif

/* see aes_impl.h. The transposition (aes_pack) puts bit i of byte r of
 * q[6] (w0) at bit 6 of lane r of word i, and that of q[7] (w1) at bit 7:
 * one rotation (right by i - 6 and i - 7 bits, mod 32) and one mask each.
 * The C twin of aes_ct32_encrypt2_ctr_asm. */
void aes_ct32_encrypt2_ctr_c(const uint32_t *rk, unsigned rounds, uint32_t q[8],
                             const uint32_t base[8], uint32_t w0, uint32_t w1)
{
    const uint32_t m6 = 0x40404040u, m7 = 0x80808080u;
#if CTC_PROFILE_SMALL
    unsigned i;

    for (i = 0; i < 8; i++)            /* rotations by variable amounts */
        q[i] = base[i] ^ (ror32_any(w0, (i - 6) & 31) & m6)
             ^ (ror32_any(w1, (i - 7) & 31) & m7);
#else
    q[0] = base[0] ^ (ror32(w0, 26) & m6) ^ (ror32(w1, 25) & m7);
    q[1] = base[1] ^ (ror32(w0, 27) & m6) ^ (ror32(w1, 26) & m7);
    q[2] = base[2] ^ (ror32(w0, 28) & m6) ^ (ror32(w1, 27) & m7);
    q[3] = base[3] ^ (ror32(w0, 29) & m6) ^ (ror32(w1, 28) & m7);
    q[4] = base[4] ^ (ror32(w0, 30) & m6) ^ (ror32(w1, 29) & m7);
    q[5] = base[5] ^ (ror32(w0, 31) & m6) ^ (ror32(w1, 30) & m7);
    q[6] = base[6] ^ (w0 & m6) ^ (ror32(w1, 31) & m7);
    q[7] = base[7] ^ (ror32(w0, 1) & m6) ^ (w1 & m7);
#endif
    aes_ct32_rounds_c(q, rk, rounds);
    aes_unpack_align(q, rounds);
}

#if AES_HAVE_ARMV7_ASM
/* see aes_impl.h */
void aes_ct32_ctr_run_c(const uint32_t *rk, unsigned rounds, const uint32_t base[8],
                        uint32_t lo, uint8_t *out, const uint8_t *in, size_t npass)
{
    typedef uint32_t __attribute__((may_alias)) aes_word_alias;
    uint32_t q[8];
    size_t k;
    unsigned c;

    for (k = 0; k < npass; k++) {
        const aes_word_alias *s32 = (const aes_word_alias *)(const void *)(in + 32 * k);
        aes_word_alias *d32 = (aes_word_alias *)(void *)(out + 32 * k);

        aes_ct32_encrypt2_ctr_c(rk, rounds, q, base, aes_bswap32(lo),
                                aes_bswap32(lo + 1));
        lo += 2;
        for (c = 0; c < 4; c++) {
            d32[c] = s32[c] ^ q[2 * c];
            d32[4 + c] = s32[4 + c] ^ q[2 * c + 1];
        }
    }
    ct_zeroize(q, sizeof q);
}
#endif

/* see aes_impl.h */
void aes_ct32_encrypt2(const uint32_t *rk, unsigned rounds,
                       uint8_t out0[16], uint8_t out1[16],
                       const uint8_t in0[16], const uint8_t in1[16])
{
    uint32_t q[8];

    aes_words2(q, in0, in1);
    aes_ct32_encrypt2_words(rk, rounds, q);
    aes_bytes2(out0, out1, q);
    ct_zeroize(q, sizeof q);
}

/* round key r >= 1: stored with the offsets of round r mod 4 of the
 * fixsliced encryption, which ShiftRows^(r mod 4) undoes; the S-box's
 * constant it carries stays on the state (aes_inv_sbox takes it off) */
static inline void aes_add_round_key_aligned(uint32_t q[8], const uint32_t *rk,
                                             unsigned r)
{
    unsigned i;

    for (i = 0; i < 8; i++)
        q[i] ^= aes_shift_row_pow_word(rk[i], r);
}

/* see aes_impl.h; the plain inverse cipher (not fixsliced) */
void aes_ct32_decrypt2(const uint32_t *rk, unsigned rounds,
                       uint8_t out0[16], uint8_t out1[16],
                       const uint8_t in0[16], const uint8_t in1[16])
{
    uint32_t q[8];
    unsigned r;

    aes_load2(q, in0, in1);
    aes_add_round_key_aligned(q, rk + 8 * rounds, rounds);
    for (r = rounds - 1; r > 0; r--) {
        aes_inv_shift_rows(q);
        aes_inv_sbox(q);
        aes_add_round_key_aligned(q, rk + 8 * r, r);
        aes_inv_mix_columns(q);
    }
    aes_inv_shift_rows(q);
    aes_inv_sbox(q);
    aes_add_round_key(q, rk);
    aes_store2(out0, out1, q);
    ct_zeroize(q, sizeof q);
}

/*
 * One word through the circuit: bit i of each of its four bytes goes to
 * word i (at bits 0, 8, 16, 24); the circuit works on every bit position
 * at once, and the unused positions are masked off at the end.
 */
uint32_t aes_ct32_subword(uint32_t w)
{
    uint32_t q[8], r = 0;
    unsigned i;

    for (i = 0; i < 8; i++)
        q[i] = (w >> i) & 0x01010101u;
    aes_sbox(q);
    for (i = 0; i < 8; i++)
        r |= (q[i] & 0x01010101u) << i;
    ct_zeroize(q, sizeof q);
    return r;
}

/*
 * FIPS 197 KeyExpansion on little-endian words (byte 0 of a word is its
 * low byte, so RotWord is a rotation right by 8 bits), then each round key
 * is loaded twice into the bitsliced layout, with round i's offsets of the
 * fixsliced encryption: InvShiftRows^(i mod 4) = ShiftRows^(4 - i mod 4),
 * and the round keys 1..rounds with SubBytes's constant 0x63 added (the
 * rounds leave it out: aes_ct32_rounds_c). Which words go through SubWord
 * depends on the public index only.
 */
static void key_words(uint32_t *w, const uint8_t *key, unsigned nk)
{
    static const uint8_t rcon[10] = {
        0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36
    };
    unsigned i, j, rc = 0, n = 4 * (nk + 7);

    for (i = 0; i < nk; i++)
        w[i] = aes_ld32le(key + 4 * i);
    /* j = i mod nk, counted rather than divided (no division instruction:
     * Cortex-M's UDIV takes operand-dependent time) */
    for (i = nk, j = 0; i < n; i++) {
        uint32_t t = w[i - 1];

        if (j == 0)
            t = aes_ct32_subword(ror32(t, 8)) ^ rcon[rc++];
        else if (nk > 6 && j == 4)
            t = aes_ct32_subword(t);
        w[i] = w[i - nk] ^ t;
        if (++j == nk)
            j = 0;
    }
}

/* see aes_impl.h */
void aes_ct32_key_expand(uint32_t *rk, const uint8_t *key, unsigned nk)
{
    uint32_t w[60];
    unsigned i, rounds = nk + 6;

    key_words(w, key, nk);
    for (i = 0; i <= rounds; i++) {
        uint32_t *q = rk + 8 * i;
        unsigned c;

        for (c = 0; c < 4; c++) {
            q[2 * c] = w[4 * i + c];
            q[2 * c + 1] = w[4 * i + c];
        }
        aes_pack(q);
        for (c = 0; c < 8; c++)        /* the offsets of round i mod 4 */
            q[c] = aes_shift_row_pow_word(q[c], 4 - (i & 3));
        if (i > 0)                     /* SubBytes's constant (aes_ct32_rounds_c) */
            aes_add_sbox_const(q);
    }
    ct_zeroize(w, sizeof w);
}

/* see aes_impl.h */
void aes_key_expand_bytes(uint8_t *rk8, const uint8_t *key, unsigned nk)
{
    uint32_t w[60];
    unsigned i;

    key_words(w, key, nk);
    for (i = 0; i < 4 * (nk + 7); i++)
        aes_st32le(rk8 + 4 * i, w[i]);
    ct_zeroize(w, sizeof w);
}

#endif /* CTC_AES */

/*
 * aes_ct64.c - the constant-time AES core for 64-bit words: bitsliced,
 * four blocks per pass (aes_impl.h). The rounds are aes_ct64_body.h (the
 * layout is described there), shared with the AVX2 leaf
 * (arch/aes_avx2.c), which runs them on four such states at once; this
 * file is that leaf's C twin. Used in place of the 32-bit core where the
 * build has 64-bit words (CTC_AES_CT64).
 */
#include "aes_impl.h"

#include "ct/ct.h"

#if AES_HAVE_CT64

#define AES64_W uint64_t
#define AES64_FN static inline
#define AES64_PREFIX a64_
#include "aes_ct64_body.h"

/*
 * Bitslicing. Block b's column c is the little-endian word at bytes
 * 16 b + 4 c (byte r = row r). For k = 4 c + b with c < 2, the word p[k]
 * interleaves the bytes of columns c and c + 2 of block b (byte 2r: row r
 * of column c; byte 2r + 1: row r of column c + 2); the transposition of
 * the 8x8 bit matrices of each byte lane then leaves bit i of row r of
 * column c of block b at bit 4c + b of lane r of q[i] (column c + 2 at bit
 * 8 + 4c + b), the layout of aes_ct64_body.h.
 */
/* a | b << 32 with the bytes interleaved: a0 b0 a1 b1 a2 b2 a3 b3 */
uint64_t aes_ct64_interleave(uint32_t a, uint32_t b)
{
    uint64_t x = (uint64_t)a | (uint64_t)b << 32, t;

    t = ((x >> 16) ^ x) & A64_K(0, 0xffff0000u);     /* a0 a1 b0 b1 a2 a3 b2 b3 */
    x ^= t ^ (t << 16);
    t = ((x >> 8) ^ x) & A64_K(0x0000ff00u, 0x0000ff00u);
    x ^= t ^ (t << 8);
    return x;
}

/* the inverse of aes_ct64_interleave: *a the even bytes, *b the odd ones */
void aes_ct64_deinterleave(uint32_t *a, uint32_t *b, uint64_t x)
{
    uint64_t t;

    t = ((x >> 8) ^ x) & A64_K(0x0000ff00u, 0x0000ff00u);
    x ^= t ^ (t << 8);
    t = ((x >> 16) ^ x) & A64_K(0, 0xffff0000u);
    x ^= t ^ (t << 16);
    *a = (uint32_t)x;
    *b = (uint32_t)(x >> 32);
}

/* q from blocks 0 .. n-1 of in (n <= 4; the other lanes are zero) */
static void aes_ct64_load(uint64_t q[8], const uint8_t *in, size_t n)
{
    unsigned k;

    for (k = 0; k < 8; k++) {
        unsigned b = k & 3, c = k >> 2;

        q[k] = b < n ? aes_ct64_interleave(aes_ld32le(in + 16 * b + 4 * c),
                                           aes_ld32le(in + 16 * b + 4 * c + 8))
                     : 0;
    }
    a64_transpose(q);
}

static void aes_ct64_store(uint8_t *out, size_t n, uint64_t q[8])
{
    unsigned k;

    a64_transpose(q);
    for (k = 0; k < 8; k++) {
        unsigned b = k & 3, c = k >> 2;
        uint32_t lo, hi;

        aes_ct64_deinterleave(&lo, &hi, q[k]);
        if (b < n) {                   /* public: the count of blocks */
            aes_st32le(out + 16 * b + 4 * c, lo);
            aes_st32le(out + 16 * b + 4 * c + 8, hi);
        }
    }
}

/* see aes_impl.h */
void aes_ct64_encrypt4(const uint64_t *rk, unsigned rounds, uint8_t *out,
                       const uint8_t *in, size_t n)
{
    uint64_t q[8];

    aes_ct64_load(q, in, n);
    a64_encrypt(q, rk, rounds);
    aes_ct64_store(out, n, q);
    ct_zeroize(q, sizeof q);
}

/* see aes_impl.h */
void aes_ct64_decrypt4(const uint64_t *rk, unsigned rounds, uint8_t *out,
                       const uint8_t *in, size_t n)
{
    uint64_t q[8];

    aes_ct64_load(q, in, n);
    a64_decrypt(q, rk, rounds);
    aes_ct64_store(out, n, q);
    ct_zeroize(q, sizeof q);
}

/* see aes_impl.h: FIPS 197's key expansion (aes_key_expand_bytes, constant
 * time), each round key loaded four times into the layout, with round i's
 * offsets of the fixsliced encryption: ShiftRows^(4 - i mod 4) */
void aes_ct64_key_expand(uint64_t *rk, const uint8_t *key, unsigned nk)
{
    uint8_t rk8[240];
    unsigned i, k, rounds = nk + 6;

    aes_key_expand_bytes(rk8, key, nk);
    for (i = 0; i <= rounds; i++) {
        uint64_t *q = rk + 8 * i;

        for (k = 0; k < 8; k++) {
            unsigned c = k >> 2;

            q[k] = aes_ct64_interleave(aes_ld32le(rk8 + 16 * i + 4 * c),
                                       aes_ld32le(rk8 + 16 * i + 4 * c + 8));
        }
        a64_transpose(q);
        for (k = 0; k < 8; k++)
            q[k] = a64_shift_rows_pow_key(q[k], 4 - (i & 3));
    }
    ct_zeroize(rk8, sizeof rk8);
}

#endif /* AES_HAVE_CT64 */

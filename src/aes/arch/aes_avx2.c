/*
 * arch/aes_avx2.c - the AVX2 leaf of the 64-bit bitsliced core
 * (aes_impl.h): the rounds of aes_ct64_body.h on YMM registers through the
 * compiler's vector types (GCC and Clang vector_size), each 64-bit lane
 * the state of four blocks, so sixteen blocks per pass. Every operation of
 * the body is lane-wise on 64-bit words (AND, XOR, NOT, shifts by
 * constants, masks), so lane g computes exactly what aes_ct64.c, its C
 * twin, does to blocks 4g .. 4g+3; test_aes compares the two. The word
 * and lane rotations are single shuffles or 16-bit shifts here, and the
 * bitslicing's gathering of the blocks is done with shuffles (a byte
 * shuffle per block, 4x4 transpositions of 64-bit elements); all of them
 * with constant controls. Each function carries target("avx2");
 * aes_cpu.c calls them only when ctc_cpu_features() reports AVX2 (with the
 * OS saving YMM).
 */
#include "../aes_impl.h"

#include "ct/ct.h"

#if AES_HAVE_AVX2

#include <immintrin.h>

typedef uint64_t aes_v4u64 __attribute__((vector_size(32)));

#define AES64_W aes_v4u64
#define AES64_FN static inline __attribute__((target("avx2")))
#define AES64_PREFIX a64v_

#define A64_V(x) ((aes_v4u64)(x))
#define A64_M(x) ((__m256i)(x))

/* the rotations of aes_ct64_body.h: every 16-bit lane right by 4, 8, 12
 * bits; each 64-bit word right by 16 and 32 bits */
AES64_FN aes_v4u64 a64v_lane_ror4(aes_v4u64 x)
{
    return A64_V(_mm256_or_si256(_mm256_srli_epi16(A64_M(x), 4),
                                 _mm256_slli_epi16(A64_M(x), 12)));
}

AES64_FN aes_v4u64 a64v_lane_ror8(aes_v4u64 x)
{
    const __m256i c = _mm256_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14,
                                       1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);

    return A64_V(_mm256_shuffle_epi8(A64_M(x), c));
}

AES64_FN aes_v4u64 a64v_lane_ror12(aes_v4u64 x)
{
    return A64_V(_mm256_or_si256(_mm256_srli_epi16(A64_M(x), 12),
                                 _mm256_slli_epi16(A64_M(x), 4)));
}

AES64_FN aes_v4u64 a64v_ror16(aes_v4u64 x)
{
    const __m256i c = _mm256_setr_epi8(2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,
                                       2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);

    return A64_V(_mm256_shuffle_epi8(A64_M(x), c));
}

AES64_FN aes_v4u64 a64v_ror32(aes_v4u64 x)
{
    return A64_V(_mm256_shuffle_epi32(A64_M(x), 0xb1));
}

#define AES64_HAVE_ROTATIONS 1
#include "../aes_ct64_body.h"

/*
 * Bitslicing sixteen blocks. aes_ct64.c makes, for block b (0..3) of a
 * group of four and c = 0, 1, the word interleaving the bytes of columns c
 * and c + 2 (aes_ct64_interleave); those two words are the block's bytes
 * in the order 0 8 1 9 2 10 3 11 | 4 12 5 13 6 14 7 15, one byte shuffle
 * (within a 128-bit lane: one block). With two blocks per register
 * (y[j]: blocks 2j, 2j + 1), lane g of state word 4c + b needs element
 * 2 (b & 1) + c of y[2g + (b >> 1)]: a 4x4 transposition of 64-bit
 * elements of y[h], y[2 + h], y[4 + h], y[6 + h] for h = b >> 1. Then the
 * transposition of the 8x8 bit matrices (a64v_transpose), as there.
 */
static const int8_t aes_avx2_fwd[16] = { 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15 };
static const int8_t aes_avx2_inv[16] = { 0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15 };

/* rows a, b, c, d of 64-bit elements into columns (its own inverse) */
#define A64_T4(a, b, c, d) do {                                         \
        __m256i t0_ = _mm256_unpacklo_epi64(a, b);                      \
        __m256i t1_ = _mm256_unpackhi_epi64(a, b);                      \
        __m256i t2_ = _mm256_unpacklo_epi64(c, d);                      \
        __m256i t3_ = _mm256_unpackhi_epi64(c, d);                      \
        (a) = _mm256_permute2x128_si256(t0_, t2_, 0x20);                \
        (b) = _mm256_permute2x128_si256(t1_, t3_, 0x20);                \
        (c) = _mm256_permute2x128_si256(t0_, t2_, 0x31);                \
        (d) = _mm256_permute2x128_si256(t1_, t3_, 0x31);                \
    } while (0)

/* q from the sixteen blocks of in (256 bytes) */
AES64_FN void aes_avx2_load(aes_v4u64 q[8], const uint8_t *in)
{
    const __m256i f = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)(const void *)aes_avx2_fwd));
    __m256i y[8];
    unsigned h, j;

    for (j = 0; j < 8; j++)
        y[j] = _mm256_shuffle_epi8(
            _mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * j)), f);
    for (h = 0; h < 2; h++) {
        __m256i a = y[h], b = y[2 + h], c = y[4 + h], d = y[6 + h];

        A64_T4(a, b, c, d);
        /* column e = 2 (b & 1) + c of the rows: state word 4c + 2h + (b & 1) */
        q[2 * h] = A64_V(a);
        q[4 + 2 * h] = A64_V(b);
        q[2 * h + 1] = A64_V(c);
        q[5 + 2 * h] = A64_V(d);
    }
    a64v_transpose(q);
}

/* the sixteen blocks of q into out (256 bytes); q is scrambled */
AES64_FN void aes_avx2_store(uint8_t *out, aes_v4u64 q[8])
{
    const __m256i v = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)(const void *)aes_avx2_inv));
    unsigned h;

    a64v_transpose(q);
    for (h = 0; h < 2; h++) {
        __m256i a = A64_M(q[2 * h]), b = A64_M(q[4 + 2 * h]);
        __m256i c = A64_M(q[2 * h + 1]), d = A64_M(q[5 + 2 * h]);

        A64_T4(a, b, c, d);
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * h), _mm256_shuffle_epi8(a, v));
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * (2 + h)), _mm256_shuffle_epi8(b, v));
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * (4 + h)), _mm256_shuffle_epi8(c, v));
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * (6 + h)), _mm256_shuffle_epi8(d, v));
    }
}

/* one pass on n blocks (1..16): whole passes straight from in to out, a
 * partial one through a buffer (n is public) */
__attribute__((target("avx2")))
static void aes_avx2_pass(const uint64_t *rk, unsigned rounds, uint8_t *out,
                          const uint8_t *in, size_t n, int decrypt)
{
    aes_v4u64 q[8];
    uint8_t buf[256];
    size_t i;

    if (n < 16) {
        for (i = 0; i < 16 * n; i++)
            buf[i] = in[i];
        for (; i < sizeof buf; i++)
            buf[i] = 0;
        aes_avx2_load(q, buf);
    } else {
        aes_avx2_load(q, in);
    }
    if (decrypt)
        a64v_decrypt(q, rk, rounds);
    else
        a64v_encrypt(q, rk, rounds);
    if (n < 16) {
        aes_avx2_store(buf, q);
        for (i = 0; i < 16 * n; i++)
            out[i] = buf[i];
        ct_zeroize(buf, sizeof buf);
    } else {
        aes_avx2_store(out, q);
    }
    ct_zeroize(q, sizeof q);
}

/* see aes_impl.h */
void aes_avx2_encrypt16(const uint64_t *rk, unsigned rounds, uint8_t *out,
                        const uint8_t *in, size_t n)
{
    aes_avx2_pass(rk, rounds, out, in, n, 0);
}

/* see aes_impl.h */
void aes_avx2_decrypt16(const uint64_t *rk, unsigned rounds, uint8_t *out,
                        const uint8_t *in, size_t n)
{
    aes_avx2_pass(rk, rounds, out, in, n, 1);
}

#endif /* AES_HAVE_AVX2 */

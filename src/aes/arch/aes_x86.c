/*
 * aes_x86.c - AES with the x86-64 AES-NI instructions and GHASH with
 * PCLMULQDQ (aes_ni_* in aes_impl.h; C twins: the ct32 core and
 * aes_ghash.c, which the tests run against these on the same machine).
 *
 * Built with function-level target attributes, so the rest of the library
 * needs no special flags; it runs only when ctc_cpu_features() reports
 * AES-NI (with SSSE3) and PCLMULQDQ. AESENC/AESDEC and PCLMULQDQ take the
 * same time for every operand value (no table, no data-dependent branch or
 * address in this file). The round keys are FIPS 197's, as bytes
 * (ctc_aes_key.rk8), made by the constant-time key schedule.
 */
#include "../aes_impl.h"

#if AES_HAVE_X86_NI

#include <immintrin.h>

#define AESNI __attribute__((target("aes,ssse3,sse4.1")))
#define CLMUL __attribute__((target("pclmul,ssse3,sse4.1")))

AESNI static inline __m128i enc1(const __m128i *k, unsigned rounds, __m128i b)
{
    unsigned r;

    b = _mm_xor_si128(b, k[0]);
    for (r = 1; r < rounds; r++)
        b = _mm_aesenc_si128(b, k[r]);
    return _mm_aesenclast_si128(b, k[rounds]);
}

AESNI static void load_keys(__m128i *k, const uint8_t *rk8, unsigned rounds)
{
    unsigned r;

    for (r = 0; r <= rounds; r++)
        k[r] = _mm_loadu_si128((const __m128i *)(const void *)(rk8 + 16 * r));
}

/* see aes_impl.h */
AESNI void aes_ni_encrypt_blocks(const uint8_t *rk8, unsigned rounds,
                                 uint8_t *out, const uint8_t *in, size_t n)
{
    __m128i k[15];
    size_t i;

    load_keys(k, rk8, rounds);
    for (i = 0; i < n; i++) {
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * i));

        _mm_storeu_si128((__m128i *)(void *)(out + 16 * i), enc1(k, rounds, b));
    }
}

/* see aes_impl.h; the equivalent inverse cipher (FIPS 197, 5.3.5): the
 * middle round keys through InvMixColumns (AESIMC) */
AESNI void aes_ni_decrypt_blocks(const uint8_t *rk8, unsigned rounds,
                                 uint8_t *out, const uint8_t *in, size_t n)
{
    __m128i k[15], d[15];
    size_t i;
    unsigned r;

    load_keys(k, rk8, rounds);
    d[0] = k[rounds];
    for (r = 1; r < rounds; r++)
        d[r] = _mm_aesimc_si128(k[rounds - r]);
    d[rounds] = k[0];
    for (i = 0; i < n; i++) {
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * i));

        b = _mm_xor_si128(b, d[0]);
        for (r = 1; r < rounds; r++)
            b = _mm_aesdec_si128(b, d[r]);
        b = _mm_aesdeclast_si128(b, d[rounds]);
        _mm_storeu_si128((__m128i *)(void *)(out + 16 * i), b);
    }
    for (r = 0; r <= rounds; r++)
        d[r] = k[r] = _mm_setzero_si128();
}

AESNI static inline __m128i ctr64_block(const struct aes_ctr64 *c)
{
    /* memory order: bytes 0..7 (hi, big-endian) in the low lane */
    return _mm_set_epi64x((long long)__builtin_bswap64(c->lo),
                          (long long)__builtin_bswap64(c->hi));
}

#define LDU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STU(p, x) _mm_storeu_si128((__m128i *)(void *)(p), (x))

/* x = the next eight counter blocks, whitened with k[0]. When the last
 * word of the counter cannot carry within them (a test on the counter,
 * which is public), each is the first block with its last word replaced;
 * else each is incremented with the carry masked to the counter's width. */
AESNI static inline __attribute__((always_inline)) void
ctr8(__m128i x[8], struct aes_ctr64 *c, const __m128i *k, unsigned inc_bytes)
{
    uint32_t low = (uint32_t)c->lo;
    unsigned b;

    if (inc_bytes >= 4 && low <= 0xfffffff7u) {
        __m128i base = ctr64_block(c);

        for (b = 0; b < 8; b++)
            x[b] = _mm_xor_si128(_mm_insert_epi32(base, (int)__builtin_bswap32(low + b), 3),
                                 k[0]);
        c->lo += 8;
    } else {
        for (b = 0; b < 8; b++) {
            x[b] = _mm_xor_si128(ctr64_block(c), k[0]);
            aes_ctr64_inc(c);
        }
    }
}

/* the middle rounds of eight blocks, written out: the compiler keeps the
 * eight states in registers */
AESNI static inline __attribute__((always_inline)) void
rounds8(__m128i x[8], const __m128i *k, unsigned rounds)
{
    unsigned r;

    for (r = 1; r < rounds; r++) {
        x[0] = _mm_aesenc_si128(x[0], k[r]);
        x[1] = _mm_aesenc_si128(x[1], k[r]);
        x[2] = _mm_aesenc_si128(x[2], k[r]);
        x[3] = _mm_aesenc_si128(x[3], k[r]);
        x[4] = _mm_aesenc_si128(x[4], k[r]);
        x[5] = _mm_aesenc_si128(x[5], k[r]);
        x[6] = _mm_aesenc_si128(x[6], k[r]);
        x[7] = _mm_aesenc_si128(x[7], k[r]);
    }
}

/* out = in ^ the last round of the eight blocks */
AESNI static inline __attribute__((always_inline)) void
last8_xor(__m128i x[8], const __m128i *k, unsigned rounds, uint8_t *out, const uint8_t *in)
{
    unsigned b;

    for (b = 0; b < 8; b++) {
        x[b] = _mm_aesenclast_si128(x[b], k[rounds]);
        STU(out + 16 * b, _mm_xor_si128(x[b], LDU(in + 16 * b)));
    }
}

/* see aes_impl.h; eight blocks in flight, the counters made in registers */
AESNI void aes_ni_ctr_xor(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                          unsigned inc_bytes, uint8_t *out, const uint8_t *in,
                          size_t len)
{
    __m128i k[15], x[8];
    uint8_t ks[16];
    struct aes_ctr64 c;
    size_t i = 0, j;
    unsigned r, b;

    load_keys(k, rk8, rounds);
    aes_ctr64_load(&c, ctr, inc_bytes);
    for (; len - i >= 128; i += 128) {
        ctr8(x, &c, k, inc_bytes);
        rounds8(x, k, rounds);
        last8_xor(x, k, rounds, out + i, in + i);
    }
    for (; len - i >= 16; i += 16) {
        STU(out + i, _mm_xor_si128(enc1(k, rounds, ctr64_block(&c)), LDU(in + i)));
        aes_ctr64_inc(&c);
    }
    if (i < len) {
        STU(ks, enc1(k, rounds, ctr64_block(&c)));
        aes_ctr64_inc(&c);
        for (j = 0; i + j < len; j++)
            out[i + j] = (uint8_t)(in[i + j] ^ ks[j]);
    }
    aes_ctr64_store(ctr, &c);
    for (j = 0; j < 16; j++)
        ks[j] = 0;
    for (b = 0; b < 8; b++)
        x[b] = _mm_setzero_si128();
    for (r = 0; r <= rounds; r++)
        k[r] = _mm_setzero_si128();
}

/*
 * GHASH. An element is held as the 128-bit integer whose most significant
 * byte is the block's first byte (the block byte-reversed into a
 * register); in that order the carry-less product of two elements, shifted
 * left by one bit, is the reflected 256-bit product, folded with
 * x^128 = x^7 + x^2 + x + 1 (the same arithmetic as aes_ghash.c, with
 * 64-bit lanes). Shifts and folding are linear, so the products of four
 * blocks by H^4, H^3, H^2, H are summed first and folded once.
 */
struct wide {
    __m128i lo, hi;
};

CLMUL static inline void clmul_acc(struct wide *w, __m128i a, __m128i h)
{
    __m128i mid = _mm_xor_si128(_mm_clmulepi64_si128(a, h, 0x01),
                                _mm_clmulepi64_si128(a, h, 0x10));

    w->lo = _mm_xor_si128(w->lo, _mm_xor_si128(_mm_clmulepi64_si128(a, h, 0x00),
                                               _mm_slli_si128(mid, 8)));
    w->hi = _mm_xor_si128(w->hi, _mm_xor_si128(_mm_clmulepi64_si128(a, h, 0x11),
                                               _mm_srli_si128(mid, 8)));
}

/* (lo >> s) as one 128-bit value, 0 < s < 64 */
CLMUL static inline __m128i shr128(__m128i v, int s)
{
    return _mm_or_si128(_mm_srli_epi64(v, s), _mm_slli_epi64(_mm_srli_si128(v, 8), 64 - s));
}

CLMUL static inline __m128i fold(struct wide w)
{
    __m128i lo, hi, t;

    /* shift the 256-bit value left by one */
    hi = _mm_or_si128(_mm_slli_epi64(w.hi, 1),
                      _mm_or_si128(_mm_slli_si128(_mm_srli_epi64(w.hi, 63), 8),
                                   _mm_srli_si128(_mm_srli_epi64(w.lo, 63), 8)));
    lo = _mm_or_si128(_mm_slli_epi64(w.lo, 1), _mm_slli_si128(_mm_srli_epi64(w.lo, 63), 8));
    /* fold the low half into the high half */
    t = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(lo, 63), _mm_slli_epi64(lo, 62)),
                      _mm_slli_epi64(lo, 57));
    lo = _mm_xor_si128(lo, _mm_slli_si128(t, 8));
    t = _mm_xor_si128(_mm_xor_si128(lo, shr128(lo, 1)),
                      _mm_xor_si128(shr128(lo, 2), shr128(lo, 7)));
    return _mm_xor_si128(hi, t);
}

CLMUL static inline __m128i gmul(__m128i a, __m128i h)
{
    struct wide w = { _mm_setzero_si128(), _mm_setzero_si128() };

    clmul_acc(&w, a, h);
    return fold(w);
}

/* H from aes_ghash's hk, and the running value y, in the register order */
CLMUL static inline __m128i h_from_hk(const uint32_t hk[18])
{
    return _mm_set_epi64x((long long)((uint64_t)hk[4] << 32 | hk[3]),
                          (long long)((uint64_t)hk[1] << 32 | hk[0]));
}

CLMUL static inline __m128i y_load(const uint32_t y[4])
{
    return _mm_set_epi32((int)y[0], (int)y[1], (int)y[2], (int)y[3]);
}

CLMUL static inline void y_store(uint32_t y[4], __m128i a)
{
    y[0] = (uint32_t)_mm_extract_epi32(a, 3);
    y[1] = (uint32_t)_mm_extract_epi32(a, 2);
    y[2] = (uint32_t)_mm_extract_epi32(a, 1);
    y[3] = (uint32_t)_mm_extract_epi32(a, 0);
}

/* see aes_impl.h */
CLMUL void aes_ni_ghash_blocks(uint32_t y[4], const uint32_t hk[18],
                               const uint8_t *p, size_t n)
{
    const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i h1 = h_from_hk(hk);
    __m128i h2, h3, h4, a;
    size_t i = 0;

    a = y_load(y);
    if (n >= 4) {
        h2 = gmul(h1, h1);
        h3 = gmul(h2, h1);
        h4 = gmul(h2, h2);
        for (; n - i >= 4; i += 4, p += 64) {
            struct wide w = { _mm_setzero_si128(), _mm_setzero_si128() };

            clmul_acc(&w, _mm_xor_si128(a, _mm_shuffle_epi8(LDU(p), rev)), h4);
            clmul_acc(&w, _mm_shuffle_epi8(LDU(p + 16), rev), h3);
            clmul_acc(&w, _mm_shuffle_epi8(LDU(p + 32), rev), h2);
            clmul_acc(&w, _mm_shuffle_epi8(LDU(p + 48), rev), h1);
            a = fold(w);
        }
        h2 = h3 = h4 = _mm_setzero_si128();
    }
    for (; i < n; i++, p += 16)
        a = gmul(_mm_xor_si128(a, _mm_shuffle_epi8(LDU(p), rev)), h1);
    y_store(y, a);
    a = h1 = _mm_setzero_si128();
}

#define GCMNI __attribute__((target("aes,pclmul,ssse3,sse4.1")))

/* see aes_impl.h. Each pass encrypts eight counter blocks and, in the same
 * pass, hashes the eight ciphertext blocks of the pass before (by H^8 ...
 * H, folded once): independent work the processor overlaps. */
GCMNI size_t aes_ni_gcm_encrypt(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                                uint32_t y[4], const uint32_t hk[18], uint8_t *out,
                                const uint8_t *in, size_t len)
{
    const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i k[15], x[8], hp[8], a;
    struct aes_ctr64 c;
    size_t n = len / 128, j;
    const uint8_t *prev = NULL;
    unsigned r, b;

    if (n == 0)
        return 0;
    load_keys(k, rk8, rounds);
    hp[7] = h_from_hk(hk);
    for (b = 7; b > 0; b--)
        hp[b - 1] = gmul(hp[b], hp[7]);          /* hp[b] = H^(8 - b) */
    a = y_load(y);
    aes_ctr64_load(&c, ctr, 4);
    for (j = 0; j <= n; j++) {
        struct wide w = { _mm_setzero_si128(), _mm_setzero_si128() };

        if (prev != NULL) {
            clmul_acc(&w, _mm_xor_si128(a, _mm_shuffle_epi8(LDU(prev), rev)), hp[0]);
            for (b = 1; b < 8; b++)
                clmul_acc(&w, _mm_shuffle_epi8(LDU(prev + 16 * b), rev), hp[b]);
        }
        if (j == n) {
            a = fold(w);
            break;
        }
        ctr8(x, &c, k, 4);
        rounds8(x, k, rounds);
        if (prev != NULL)
            a = fold(w);
        last8_xor(x, k, rounds, out + 128 * j, in + 128 * j);
        prev = out + 128 * j;
    }
    aes_ctr64_store(ctr, &c);
    y_store(y, a);
    for (b = 0; b < 8; b++)
        x[b] = hp[b] = _mm_setzero_si128();
    for (r = 0; r <= rounds; r++)
        k[r] = _mm_setzero_si128();
    a = _mm_setzero_si128();
    return 128 * n;
}

#endif /* AES_HAVE_X86_NI */

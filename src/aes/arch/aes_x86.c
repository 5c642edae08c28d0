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
#define CLMUL __attribute__((target("pclmul,sse4.1")))

/* ctr += 1 over its last n bytes, big-endian, without a branch */
static void ctr_inc(uint8_t ctr[16], unsigned n)
{
    uint32_t c = 1;
    unsigned i;

    for (i = 16; i > 16 - n; i--) {
        c += ctr[i - 1];
        ctr[i - 1] = (uint8_t)c;
        c >>= 8;
    }
}

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

/* see aes_impl.h; four blocks in flight */
AESNI void aes_ni_ctr_xor(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                          unsigned inc_bytes, uint8_t *out, const uint8_t *in,
                          size_t len)
{
    __m128i k[15];
    uint8_t c[64], ks[16];
    size_t i = 0, j;
    unsigned r, b;

    load_keys(k, rk8, rounds);
    for (; len - i >= 64; i += 64) {
        __m128i x0, x1, x2, x3;

        for (b = 0; b < 4; b++) {
            for (j = 0; j < 16; j++)
                c[16 * b + j] = ctr[j];
            ctr_inc(ctr, inc_bytes);
        }
        x0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)c), k[0]);
        x1 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(c + 16)), k[0]);
        x2 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(c + 32)), k[0]);
        x3 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(c + 48)), k[0]);
        for (r = 1; r < rounds; r++) {
            x0 = _mm_aesenc_si128(x0, k[r]);
            x1 = _mm_aesenc_si128(x1, k[r]);
            x2 = _mm_aesenc_si128(x2, k[r]);
            x3 = _mm_aesenc_si128(x3, k[r]);
        }
        x0 = _mm_aesenclast_si128(x0, k[rounds]);
        x1 = _mm_aesenclast_si128(x1, k[rounds]);
        x2 = _mm_aesenclast_si128(x2, k[rounds]);
        x3 = _mm_aesenclast_si128(x3, k[rounds]);
        x0 = _mm_xor_si128(x0, _mm_loadu_si128((const __m128i *)(const void *)(in + i)));
        x1 = _mm_xor_si128(x1, _mm_loadu_si128((const __m128i *)(const void *)(in + i + 16)));
        x2 = _mm_xor_si128(x2, _mm_loadu_si128((const __m128i *)(const void *)(in + i + 32)));
        x3 = _mm_xor_si128(x3, _mm_loadu_si128((const __m128i *)(const void *)(in + i + 48)));
        _mm_storeu_si128((__m128i *)(void *)(out + i), x0);
        _mm_storeu_si128((__m128i *)(void *)(out + i + 16), x1);
        _mm_storeu_si128((__m128i *)(void *)(out + i + 32), x2);
        _mm_storeu_si128((__m128i *)(void *)(out + i + 48), x3);
    }
    for (; i < len; i += 16) {
        size_t n = len - i < 16 ? len - i : 16;
        __m128i x = enc1(k, rounds,
                         _mm_loadu_si128((const __m128i *)(const void *)ctr));

        ctr_inc(ctr, inc_bytes);
        _mm_storeu_si128((__m128i *)(void *)ks, x);
        for (j = 0; j < n; j++)
            out[i + j] = (uint8_t)(in[i + j] ^ ks[j]);
    }
    for (j = 0; j < 16; j++)
        ks[j] = 0;
    for (j = 0; j < 64; j++)
        c[j] = 0;
    for (r = 0; r <= rounds; r++)
        k[r] = _mm_setzero_si128();
}

static inline uint64_t ld64be(const uint8_t *p)
{
    uint64_t x = 0;
    unsigned i;

    for (i = 0; i < 8; i++)
        x = (x << 8) | p[i];
    return x;
}

/*
 * see aes_impl.h. The same arithmetic as aes_ghash.c with 64-bit halves:
 * the 256-bit carry-less product of the reflected values (PCLMULQDQ,
 * schoolbook), shifted left by one bit and folded with
 * x^128 = x^7 + x^2 + x + 1 (right shifts in the reflected order).
 */
CLMUL void aes_ni_ghash_blocks(uint32_t y[4], const uint32_t hk[18],
                               const uint8_t *p, size_t n)
{
    uint64_t yh = (uint64_t)y[0] << 32 | y[1], yl = (uint64_t)y[2] << 32 | y[3];
    __m128i h = _mm_set_epi64x((long long)((uint64_t)hk[4] << 32 | hk[3]),
                               (long long)((uint64_t)hk[1] << 32 | hk[0]));
    size_t i;

    for (i = 0; i < n; i++, p += 16) {
        __m128i a, p00, p11, p01;
        uint64_t z0, z1, z2, z3, rl, rh;

        yh ^= ld64be(p);
        yl ^= ld64be(p + 8);
        a = _mm_set_epi64x((long long)yh, (long long)yl);
        p00 = _mm_clmulepi64_si128(a, h, 0x00);
        p11 = _mm_clmulepi64_si128(a, h, 0x11);
        p01 = _mm_xor_si128(_mm_clmulepi64_si128(a, h, 0x01),
                            _mm_clmulepi64_si128(a, h, 0x10));
        z0 = (uint64_t)_mm_cvtsi128_si64(p00);
        z1 = (uint64_t)_mm_extract_epi64(p00, 1) ^ (uint64_t)_mm_cvtsi128_si64(p01);
        z2 = (uint64_t)_mm_cvtsi128_si64(p11) ^ (uint64_t)_mm_extract_epi64(p01, 1);
        z3 = (uint64_t)_mm_extract_epi64(p11, 1);
        /* the reflected product: shift the 255-bit value left by one */
        z3 = (z3 << 1) | (z2 >> 63);
        z2 = (z2 << 1) | (z1 >> 63);
        z1 = (z1 << 1) | (z0 >> 63);
        z0 <<= 1;
        /* fold the low half (z1:z0) into the high half (z3:z2) */
        z1 ^= (z0 << 63) ^ (z0 << 62) ^ (z0 << 57);
        rl = z2 ^ z0 ^ ((z0 >> 1) | (z1 << 63)) ^ ((z0 >> 2) | (z1 << 62))
           ^ ((z0 >> 7) | (z1 << 57));
        rh = z3 ^ z1 ^ (z1 >> 1) ^ (z1 >> 2) ^ (z1 >> 7);
        yh = rh;
        yl = rl;
    }
    y[0] = (uint32_t)(yh >> 32);
    y[1] = (uint32_t)yh;
    y[2] = (uint32_t)(yl >> 32);
    y[3] = (uint32_t)yl;
}

#endif /* AES_HAVE_X86_NI */

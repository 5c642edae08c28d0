/*
 * sha256_x86.c - SHA-256 compression with the x86-64 SHA extensions
 * (sha256_blocks_shani in hash_impl.h; C twin: sha256_blocks_c).
 *
 * Built with a function-level target attribute, so the rest of the library
 * needs no special flags; it runs only when hash_cpu.c found SHA, SSSE3 and
 * SSE4.1 in CPUID.
 *
 * The instructions (Intel SDM, "SHA Extensions"):
 *  - SHA256RNDS2 performs two rounds. The state lives in two registers,
 *    ABEF = (A, B, E, F) and CDGH = (C, D, G, H), highest dword first; it
 *    takes CDGH, ABEF and the two words W_t + K_t in the low half of a third
 *    register, and returns the new ABEF. The new CDGH is the old ABEF, so
 *    the two state registers swap roles every two rounds.
 *  - SHA256MSG1 (W_t..W_t+3, W_t+4..) = W_t+i + sigma0(W_t+i+1), i = 0..3;
 *    adding W_t+9..W_t+12 and applying SHA256MSG2 with W_t+12..W_t+15 adds
 *    the sigma1 terms and yields W_t+16..W_t+19.
 * Straight-line code over whole blocks: nothing depends on the data but the
 * data.
 */
#include "../hash_impl.h"

#if HASH_HAVE_X86_SHA

#include <immintrin.h>

/* K256 again, as 16 groups of 4 for the vector additions (FIPS 180-4
 * section 4.2.2). */
static const uint32_t K256x[64] __attribute__((aligned(16))) = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u,
    0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u,
    0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu,
    0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
    0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u,
    0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u,
    0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u,
    0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
    0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

#define SHANI __attribute__((target("sha,sse4.1")))

/* Four rounds t..t+3 with message words m = W_t..W_t+3. */
#define ROUNDS4(t, m)                                                     \
    do {                                                                  \
        __m128i wk_ = _mm_add_epi32((m),                                  \
            _mm_load_si128((const __m128i *)(const void *)(K256x + (t)))); \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk_);                    \
        wk_ = _mm_shuffle_epi32(wk_, 0x0e);     /* words 2, 3 to 0, 1 */  \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, wk_);                    \
    } while (0)

/* W_t+16..19 from m0 = W_t.., m1 = W_t+4.., m2 = W_t+8.., m3 = W_t+12.. */
#define SCHED(m0, m1, m2, m3)                                             \
    _mm_sha256msg2_epu32(                                                 \
        _mm_add_epi32(_mm_sha256msg1_epu32((m0), (m1)),                   \
                      _mm_alignr_epi8((m3), (m2), 4)),                    \
        (m3))

SHANI void sha256_blocks_shani(uint32_t h[8], const uint8_t *p, size_t n)
{
    /* big-endian words: reverse the bytes of each dword */
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i abcd, efgh, abef, cdgh, save_abef, save_cdgh, m0, m1, m2, m3;

    /* (A, B, C, D), (E, F, G, H) in memory order -> ABEF, CDGH as the
     * instruction wants them (lane 0 first): (F, E, B, A), (H, G, D, C) */
    abcd = _mm_loadu_si128((const __m128i *)(const void *)h);
    efgh = _mm_loadu_si128((const __m128i *)(const void *)(h + 4));
    abcd = _mm_shuffle_epi32(abcd, 0xb1);           /* B A D C */
    efgh = _mm_shuffle_epi32(efgh, 0x1b);           /* H G F E */
    abef = _mm_alignr_epi8(abcd, efgh, 8);          /* F E B A */
    cdgh = _mm_blend_epi16(efgh, abcd, 0xf0);       /* H G D C */

    do {
        save_abef = abef;
        save_cdgh = cdgh;
        m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), bswap);
        m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 16)), bswap);
        m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 32)), bswap);
        m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 48)), bswap);

        ROUNDS4(0, m0);
        ROUNDS4(4, m1);
        ROUNDS4(8, m2);
        ROUNDS4(12, m3);
        m0 = SCHED(m0, m1, m2, m3); ROUNDS4(16, m0);
        m1 = SCHED(m1, m2, m3, m0); ROUNDS4(20, m1);
        m2 = SCHED(m2, m3, m0, m1); ROUNDS4(24, m2);
        m3 = SCHED(m3, m0, m1, m2); ROUNDS4(28, m3);
        m0 = SCHED(m0, m1, m2, m3); ROUNDS4(32, m0);
        m1 = SCHED(m1, m2, m3, m0); ROUNDS4(36, m1);
        m2 = SCHED(m2, m3, m0, m1); ROUNDS4(40, m2);
        m3 = SCHED(m3, m0, m1, m2); ROUNDS4(44, m3);
        m0 = SCHED(m0, m1, m2, m3); ROUNDS4(48, m0);
        m1 = SCHED(m1, m2, m3, m0); ROUNDS4(52, m1);
        m2 = SCHED(m2, m3, m0, m1); ROUNDS4(56, m2);
        m3 = SCHED(m3, m0, m1, m2); ROUNDS4(60, m3);

        abef = _mm_add_epi32(abef, save_abef);
        cdgh = _mm_add_epi32(cdgh, save_cdgh);
        p += 64;
    } while (--n);

    /* back to (A, B, C, D), (E, F, G, H) */
    abef = _mm_shuffle_epi32(abef, 0x1b);           /* A B E F */
    cdgh = _mm_shuffle_epi32(cdgh, 0xb1);           /* G H C D */
    abcd = _mm_blend_epi16(abef, cdgh, 0xf0);       /* A B C D */
    efgh = _mm_alignr_epi8(cdgh, abef, 8);          /* E F G H */
    _mm_storeu_si128((__m128i *)(void *)h, abcd);
    _mm_storeu_si128((__m128i *)(void *)(h + 4), efgh);
}

#else
/* an empty translation unit is not ISO C */
typedef int sha256_x86_unused;
#endif

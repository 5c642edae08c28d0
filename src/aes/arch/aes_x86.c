/*
 * aes_x86.c - AES with the x86-64 AES-NI instructions and GHASH with
 * PCLMULQDQ, and their YMM forms VAES and VPCLMULQDQ (aes_ni_* and
 * aes_vaes_* in aes_impl.h; C twins: the ct32 core, aes_ghash.c and the
 * portable mode code, which the tests run against these on the same
 * machine).
 *
 * Built with function-level target attributes, so the rest of the library
 * needs no special flags; each function runs only when ctc_cpu_features()
 * reports what it uses: AES-NI (with SSSE3), PCLMULQDQ, and for the
 * aes_vaes_* functions VAES and VPCLMULQDQ with AVX2 usable. AESENC/AESDEC
 * and PCLMULQDQ take the same time for every operand value (no table, no
 * data-dependent branch or address in this file; the branches test the
 * public round count, lengths and counter). The round keys are FIPS 197's,
 * as bytes (ctc_aes_key.rk8), made by the constant-time key schedule.
 */
#include "../aes_impl.h"

#if AES_HAVE_X86_NI

#include <immintrin.h>

#define AESNI __attribute__((target("aes,ssse3,sse4.1")))
#define CLMUL __attribute__((target("pclmul,ssse3,sse4.1")))

/* The rounds written out: 1..9 always (AES-128), 10 and 11 for 12 or 14
 * rounds, 12 and 13 for 14 (branches on the public count of rounds), so
 * that the compiler keeps the states in registers. */
#define ROUNDS_1_9(R) R(1) R(2) R(3) R(4) R(5) R(6) R(7) R(8) R(9)
#define ROUNDS_MORE(R, rounds) \
    do {                       \
        if ((rounds) > 10) {   \
            R(10) R(11)        \
            if ((rounds) > 12) { \
                R(12) R(13)    \
            }                  \
        }                      \
    } while (0)

AESNI static inline __attribute__((always_inline)) __m128i
enc1(const __m128i *k, unsigned rounds, __m128i b)
{
#define R1(r) b = _mm_aesenc_si128(b, k[r]);
    b = _mm_xor_si128(b, k[0]);
    ROUNDS_1_9(R1)
    ROUNDS_MORE(R1, rounds);
#undef R1
    return _mm_aesenclast_si128(b, k[rounds]);
}

/* two independent blocks side by side (the second's rounds overlap the
 * first's latency) */
AESNI static inline __attribute__((always_inline)) void
enc2(const __m128i *k, unsigned rounds, __m128i *b0, __m128i *b1)
{
    __m128i x0 = _mm_xor_si128(*b0, k[0]), x1 = _mm_xor_si128(*b1, k[0]);

#define R2(r) x0 = _mm_aesenc_si128(x0, k[r]); x1 = _mm_aesenc_si128(x1, k[r]);
    ROUNDS_1_9(R2)
    ROUNDS_MORE(R2, rounds);
#undef R2
    *b0 = _mm_aesenclast_si128(x0, k[rounds]);
    *b1 = _mm_aesenclast_si128(x1, k[rounds]);
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

/* the eight states x[0..7], each index a constant (EACH8), so that they
 * stay in registers */
#define EACH8(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7)

/* x = the next eight counter blocks, whitened with k[0]. The counter is
 * public, and so is which of three ways makes them: when its last byte
 * cannot carry within the eight (GCM and CTR), block b is the first with
 * b added to that byte (one PADDD on the last 32-bit lane, where the byte
 * is the most significant); else when its last word cannot carry, block b
 * is the first with its last word replaced; else each is incremented with
 * the carry masked to the counter's width. */
AESNI static inline __attribute__((always_inline)) void
ctr8(__m128i x[8], struct aes_ctr64 *c, const __m128i *k, unsigned inc_bytes)
{
    uint32_t low = (uint32_t)c->lo;
    unsigned b;

    if (inc_bytes >= 4 && (low & 0xffu) <= 0xf7u) {
        __m128i base = ctr64_block(c);

#define CTR_ADD(i) \
        x[i] = _mm_xor_si128(_mm_add_epi32(base, _mm_set_epi32((int)((unsigned)(i) << 24), 0, 0, 0)), k[0]);
        EACH8(CTR_ADD)
#undef CTR_ADD
        c->lo += 8;
    } else if (inc_bytes >= 4 && low <= 0xfffffff7u) {
        __m128i base = ctr64_block(c);

#define CTR_INS(i) \
        x[i] = _mm_xor_si128(_mm_insert_epi32(base, (int)__builtin_bswap32(low + (i)), 3), k[0]);
        EACH8(CTR_INS)
#undef CTR_INS
        c->lo += 8;
    } else {
        for (b = 0; b < 8; b++) {
            x[b] = _mm_xor_si128(ctr64_block(c), k[0]);
            aes_ctr64_inc(c);
        }
    }
}

/* one round of the eight blocks with the round key kr */
#define ENC8_B(i) x[i] = _mm_aesenc_si128(x[i], kr_);
#define ROUND8(kr)                 \
    do {                           \
        const __m128i kr_ = (kr);  \
        EACH8(ENC8_B)              \
    } while (0)

/* the middle rounds of eight blocks */
AESNI static inline __attribute__((always_inline)) void
rounds8(__m128i x[8], const __m128i *k, unsigned rounds)
{
#define R8(r) ROUND8(k[r]);
    ROUNDS_1_9(R8)
    ROUNDS_MORE(R8, rounds);
#undef R8
}

/* out = in ^ the last round of the eight blocks */
AESNI static inline __attribute__((always_inline)) void
last8_xor(__m128i x[8], const __m128i *k, unsigned rounds, uint8_t *out, const uint8_t *in)
{
    const __m128i kl = k[rounds];

#define LAST_B(i) \
    STU(out + 16 * (i), _mm_xor_si128(_mm_aesenclast_si128(x[i], kl), LDU(in + 16 * (i))));
    EACH8(LAST_B)
#undef LAST_B
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

/* see aes_impl.h. The chain is one block: each block waits for the one
 * before, so the latency of the rounds is the cost; the round keys are
 * loaded once and the chaining value stays in a register. */
AESNI void aes_ni_cbc_encrypt(const uint8_t *rk8, unsigned rounds, uint8_t x[16],
                              uint8_t *out, const uint8_t *in, size_t n)
{
    __m128i k[15], v;
    size_t i;
    unsigned r;

    load_keys(k, rk8, rounds);
    v = LDU(x);
    if (out != NULL) {
        for (i = 0; i < n; i++) {
            v = enc1(k, rounds, _mm_xor_si128(v, LDU(in + 16 * i)));
            STU(out + 16 * i, v);
        }
    } else {
        for (i = 0; i < n; i++)
            v = enc1(k, rounds, _mm_xor_si128(v, LDU(in + 16 * i)));
    }
    STU(x, v);
    v = _mm_setzero_si128();
    for (r = 0; r <= rounds; r++)
        k[r] = _mm_setzero_si128();
}

/* see aes_impl.h. The blocks are independent: eight in flight, each
 * ciphertext block loaded before its output is stored (in place). */
AESNI void aes_ni_cbc_decrypt(const uint8_t *rk8, unsigned rounds, uint8_t iv[16],
                              uint8_t *out, const uint8_t *in, size_t n)
{
    __m128i k[15], d[15], x[8], c[8], prev;
    size_t i = 0;
    unsigned r, b;

    load_keys(k, rk8, rounds);
    d[0] = k[rounds];
    for (r = 1; r < rounds; r++)
        d[r] = _mm_aesimc_si128(k[rounds - r]);
    d[rounds] = k[0];
    prev = LDU(iv);
    for (; n - i >= 8; i += 8) {
#define DEC_LD(j) c[j] = LDU(in + 16 * (i + (j))); x[j] = _mm_xor_si128(c[j], d[0]);
        EACH8(DEC_LD)
#undef DEC_LD
#define DEC_B(j) x[j] = _mm_aesdec_si128(x[j], kr_);
#define DR8(r)                          \
        {                               \
            const __m128i kr_ = d[r];   \
            EACH8(DEC_B)                \
        }
        ROUNDS_1_9(DR8)
        ROUNDS_MORE(DR8, rounds);
#undef DR8
#undef DEC_B
        x[0] = _mm_xor_si128(_mm_aesdeclast_si128(x[0], d[rounds]), prev);
#define DEC_ST(j) \
        if ((j) > 0) \
            x[j] = _mm_xor_si128(_mm_aesdeclast_si128(x[j], d[rounds]), c[(j) - 1]); \
        STU(out + 16 * (i + (j)), x[j]);
        EACH8(DEC_ST)
#undef DEC_ST
        prev = c[7];
    }
    for (; i < n; i++) {
        __m128i t = LDU(in + 16 * i), v = _mm_xor_si128(t, d[0]);

#define DR1(r) v = _mm_aesdec_si128(v, d[r]);
        ROUNDS_1_9(DR1)
        ROUNDS_MORE(DR1, rounds);
#undef DR1
        STU(out + 16 * i, _mm_xor_si128(_mm_aesdeclast_si128(v, d[rounds]), prev));
        prev = t;
    }
    STU(iv, prev);
    for (b = 0; b < 8; b++)
        x[b] = _mm_setzero_si128();
    for (r = 0; r <= rounds; r++)
        d[r] = k[r] = _mm_setzero_si128();
}

/* see aes_impl.h. Each pass runs two independent blocks side by side: the
 * MAC's next block and a key stream block (when decrypting, the key stream
 * of the next text block, made while the MAC absorbs the current one). */
AESNI void aes_ni_ccm_blocks(const uint8_t *rk8, unsigned rounds, uint8_t x[16],
                             uint8_t ctr[16], unsigned l, uint8_t *out,
                             const uint8_t *in, size_t n, int decrypt)
{
    __m128i k[15], m, ks, t;
    struct aes_ctr64 c;
    size_t i;
    unsigned r;

    if (n == 0)
        return;
    load_keys(k, rk8, rounds);
    aes_ctr64_load(&c, ctr, l);
    m = LDU(x);
    if (!decrypt) {
        for (i = 0; i < n; i++) {
            t = LDU(in + 16 * i);
            m = _mm_xor_si128(m, t);
            ks = ctr64_block(&c);
            aes_ctr64_inc(&c);
            enc2(k, rounds, &m, &ks);
            STU(out + 16 * i, _mm_xor_si128(t, ks));
        }
    } else {
        ks = enc1(k, rounds, ctr64_block(&c));
        aes_ctr64_inc(&c);
        for (i = 0; i + 1 < n; i++) {
            t = _mm_xor_si128(LDU(in + 16 * i), ks);
            STU(out + 16 * i, t);
            m = _mm_xor_si128(m, t);
            ks = ctr64_block(&c);
            aes_ctr64_inc(&c);
            enc2(k, rounds, &m, &ks);
        }
        t = _mm_xor_si128(LDU(in + 16 * i), ks);
        STU(out + 16 * i, t);
        m = enc1(k, rounds, _mm_xor_si128(m, t));
    }
    STU(x, m);
    aes_ctr64_store(ctr, &c);
    m = ks = t = _mm_setzero_si128();
    for (r = 0; r <= rounds; r++)
        k[r] = _mm_setzero_si128();
}

/*
 * GHASH. An element is held as the 128-bit integer whose most significant
 * byte is the block's first byte (the block byte-reversed into a
 * register); in that order the carry-less product of two elements, shifted
 * left by one bit, is the reflected 256-bit product, folded with
 * x^128 = x^7 + x^2 + x + 1 (the same arithmetic as aes_ghash.c, with
 * 64-bit lanes). Products, shifts and folding are linear, so the
 * products of eight blocks by H^8 ... H are summed unreduced (the two
 * cross products kept apart, in mid) and folded once.
 */
struct wide {
    __m128i lo, hi;
};

struct acc {
    __m128i lo, mid, hi;
};

#define ACC_ZERO { _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128() }

/* w += a h, the four 64x64 products unreduced */
CLMUL static inline __attribute__((always_inline)) void
acc_mul(struct acc *w, __m128i a, __m128i h)
{
    w->lo = _mm_xor_si128(w->lo, _mm_clmulepi64_si128(a, h, 0x00));
    w->mid = _mm_xor_si128(w->mid, _mm_xor_si128(_mm_clmulepi64_si128(a, h, 0x01),
                                                 _mm_clmulepi64_si128(a, h, 0x10)));
    w->hi = _mm_xor_si128(w->hi, _mm_clmulepi64_si128(a, h, 0x11));
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

/* the 256-bit sum of an accumulator, folded */
CLMUL static inline __attribute__((always_inline)) __m128i acc_fold(struct acc w)
{
    struct wide v;

    v.lo = _mm_xor_si128(w.lo, _mm_slli_si128(w.mid, 8));
    v.hi = _mm_xor_si128(w.hi, _mm_srli_si128(w.mid, 8));
    return fold(v);
}

CLMUL static inline __m128i gmul(__m128i a, __m128i h)
{
    struct acc w = ACC_ZERO;

    acc_mul(&w, a, h);
    return acc_fold(w);
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

/* hp[b] = H^(8 - b), from hp[7] = H */
CLMUL static void h_powers(__m128i hp[8])
{
    unsigned b;

    for (b = 7; b > 0; b--)
        hp[b - 1] = gmul(hp[b], hp[7]);
}

/* w += the eight blocks at p times H^8 ... H (hp), a added to the first;
 * GH_B(i) is block i's share, so that the GCM pass can place each between
 * two rounds */
#define GH_B(w, i, a, p, hp)                                                  \
    acc_mul(&(w), (i) == 0 ? _mm_xor_si128((a), _mm_shuffle_epi8(LDU(p), rev)) \
                           : _mm_shuffle_epi8(LDU((p) + 16 * (i)), rev),      \
            (hp)[i])

/* see aes_impl.h */
CLMUL void aes_ni_ghash_blocks(uint32_t y[4], const uint32_t hk[18],
                               const uint8_t *p, size_t n)
{
    const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i hp[8], a;
    size_t i = 0;
    unsigned b;

    hp[7] = h_from_hk(hk);
    a = y_load(y);
    if (n >= 8) {
        h_powers(hp);
        for (; n - i >= 8; i += 8, p += 128) {
            struct acc w = ACC_ZERO;

#define GH_ALL(j) GH_B(w, j, a, p, hp);
            EACH8(GH_ALL)
#undef GH_ALL
            a = acc_fold(w);
        }
    }
    for (; i < n; i++, p += 16)
        a = gmul(_mm_xor_si128(a, _mm_shuffle_epi8(LDU(p), rev)), hp[7]);
    y_store(y, a);
    a = _mm_setzero_si128();
    for (b = 0; b < 8; b++)
        hp[b] = _mm_setzero_si128();
}

#define GCMNI __attribute__((target("aes,pclmul,ssse3,sse4.1")))

/* One GCM pass: eight counter blocks through the rounds and, between
 * rounds 1 ... 9, the eight ciphertext blocks of the pass before (prev,
 * when not NULL) hashed into *a, one block per round: independent work the
 * processor overlaps. */
GCMNI static inline __attribute__((always_inline)) void
gcm_pass(const __m128i *k, unsigned rounds, struct aes_ctr64 *c, __m128i *a,
         const __m128i *hp, uint8_t *out, const uint8_t *in, const uint8_t *prev)
{
    const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i x[8];
    struct acc w = ACC_ZERO;

    ctr8(x, c, k, 4);
#define RH(r)                               \
    ROUND8(k[r]);                           \
    if (prev != NULL)                       \
        GH_B(w, (r) - 1, *a, prev, hp);
    RH(1) RH(2) RH(3) RH(4) RH(5) RH(6) RH(7) RH(8)
#undef RH
    ROUND8(k[9]);
#define R8(r) ROUND8(k[r]);
    ROUNDS_MORE(R8, rounds);
#undef R8
    if (prev != NULL)
        *a = acc_fold(w);
    last8_xor(x, k, rounds, out, in);
}

/* see aes_impl.h. Each pass encrypts eight counter blocks and hashes the
 * eight ciphertext blocks of the pass before (gcm_pass); the last pass's
 * blocks are hashed after the loop. */
GCMNI size_t aes_ni_gcm_encrypt(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                                uint32_t y[4], const uint32_t hk[18], uint8_t *out,
                                const uint8_t *in, size_t len)
{
    const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i k[15], hp[8], a;
    struct acc w = ACC_ZERO;
    struct aes_ctr64 c;
    size_t n = len / 128, j;
    const uint8_t *last;
    unsigned r, b;

    if (n == 0)
        return 0;
    load_keys(k, rk8, rounds);
    hp[7] = h_from_hk(hk);
    h_powers(hp);
    a = y_load(y);
    aes_ctr64_load(&c, ctr, 4);
    gcm_pass(k, rounds, &c, &a, hp, out, in, NULL);
    for (j = 1; j < n; j++)
        gcm_pass(k, rounds, &c, &a, hp, out + 128 * j, in + 128 * j, out + 128 * (j - 1));
    last = out + 128 * (n - 1);
#define GH_ALL(i) GH_B(w, i, a, last, hp);
    EACH8(GH_ALL)
#undef GH_ALL
    a = acc_fold(w);
    aes_ctr64_store(ctr, &c);
    y_store(y, a);
    for (b = 0; b < 8; b++)
        hp[b] = _mm_setzero_si128();
    for (r = 0; r <= rounds; r++)
        k[r] = _mm_setzero_si128();
    a = _mm_setzero_si128();
    return 128 * n;
}

/*
 * GCM with VAES and VPCLMULQDQ on YMM: two blocks per register, sixteen
 * per pass (eight registers of state), the same arithmetic as above on
 * each 128-bit lane. The products of the sixteen blocks of a pass by
 * H^16 ... H are summed lane-wise, the two lanes added, and folded once.
 */
#define VAESGCM __attribute__((target("aes,pclmul,ssse3,sse4.1,avx,avx2,vaes,vpclmulqdq")))

#define LDU2(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STU2(p, x) _mm256_storeu_si256((__m256i *)(void *)(p), (x))

struct acc2 {
    __m256i lo, mid, hi;
};

VAESGCM static inline __attribute__((always_inline)) void
acc2_mul(struct acc2 *w, __m256i a, __m256i h)
{
    w->lo = _mm256_xor_si256(w->lo, _mm256_clmulepi64_epi128(a, h, 0x00));
    w->mid = _mm256_xor_si256(w->mid, _mm256_xor_si256(_mm256_clmulepi64_epi128(a, h, 0x01),
                                                       _mm256_clmulepi64_epi128(a, h, 0x10)));
    w->hi = _mm256_xor_si256(w->hi, _mm256_clmulepi64_epi128(a, h, 0x11));
}

/* the two lanes added, then folded */
VAESGCM static inline __attribute__((always_inline)) __m128i acc2_fold(struct acc2 w)
{
    struct acc v;

    v.lo = _mm_xor_si128(_mm256_castsi256_si128(w.lo), _mm256_extracti128_si256(w.lo, 1));
    v.mid = _mm_xor_si128(_mm256_castsi256_si128(w.mid), _mm256_extracti128_si256(w.mid, 1));
    v.hi = _mm_xor_si128(_mm256_castsi256_si128(w.hi), _mm256_extracti128_si256(w.hi, 1));
    return acc_fold(v);
}

/* w += blocks 2i and 2i + 1 at p times hp2[i] (H^(16 - 2i), H^(15 - 2i)),
 * a added to block 0 */
#define GH2_B(w, i, a, p, hp2)                                                        \
    acc2_mul(&(w),                                                                    \
             (i) == 0 ? _mm256_xor_si256(_mm256_inserti128_si256(_mm256_setzero_si256(), \
                                                                 (a), 0),             \
                                         _mm256_shuffle_epi8(LDU2(p), rev2))          \
                      : _mm256_shuffle_epi8(LDU2((p) + 32 * (i)), rev2),              \
             (hp2)[i])

/* x = the next sixteen counter blocks, two per register, whitened with
 * k[0]; as ctr8: an add on the last byte when it cannot carry within the
 * sixteen (a test on the public counter), else ctr8 twice */
VAESGCM static inline __attribute__((always_inline)) void
ctr16(__m256i x[8], struct aes_ctr64 *c, const __m128i *k, const __m256i *k2,
      unsigned inc_bytes)
{
    if (inc_bytes >= 4 && ((uint32_t)c->lo & 0xffu) <= 0xefu) {
        __m256i base = _mm256_broadcastsi128_si256(ctr64_block(c));

#define CTR2_ADD(i)                                                             \
        x[i] = _mm256_xor_si256(_mm256_add_epi32(base,                          \
                   _mm256_set_epi32((int)((2u * (i) + 1) << 24), 0, 0, 0,       \
                                    (int)((2u * (i)) << 24), 0, 0, 0)), k2[0]);
        EACH8(CTR2_ADD)
#undef CTR2_ADD
        c->lo += 16;
    } else {
        __m128i y[16];

        ctr8(y, c, k, inc_bytes);
        ctr8(y + 8, c, k, inc_bytes);
#define CTR2_SET(i) x[i] = _mm256_set_m128i(y[2 * (i) + 1], y[2 * (i)]);
        EACH8(CTR2_SET)
#undef CTR2_SET
    }
}

#define ENC16_B(i) x[i] = _mm256_aesenc_epi128(x[i], kr2_);
#define ROUND16(kr)                 \
    do {                            \
        const __m256i kr2_ = (kr);  \
        EACH8(ENC16_B)              \
    } while (0)

/* out = in ^ the last round of the sixteen blocks */
#define LAST16_XOR(x, kl, out, in)                                               \
    do {                                                                         \
        const __m256i kl_ = (kl);                                                \
        EACH8(LAST2_B)                                                           \
    } while (0)
#define LAST2_B(i) \
    STU2(out + 32 * (i), _mm256_xor_si256(_mm256_aesenclast_epi128(x[i], kl_), LDU2(in + 32 * (i))));

/* H^16 ... H as pairs in YMM: hp2[i] = (H^(16 - 2i), H^(15 - 2i)) */
VAESGCM static void h_powers16(__m256i hp2[8], const uint32_t hk[18])
{
    __m128i hp[16];
    unsigned b;

    hp[15] = h_from_hk(hk);                     /* hp[b] = H^(16 - b) */
    for (b = 15; b > 0; b--)
        hp[b - 1] = gmul(hp[b], hp[15]);
    for (b = 0; b < 8; b++)
        hp2[b] = _mm256_set_m128i(hp[2 * b + 1], hp[2 * b]);
    for (b = 0; b < 16; b++)
        hp[b] = _mm_setzero_si128();
}

/* see aes_impl.h */
VAESGCM size_t aes_vaes_ctr_xor(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                                unsigned inc_bytes, uint8_t *out, const uint8_t *in,
                                size_t len)
{
    __m128i k[15];
    __m256i k2[15], x[8];
    struct aes_ctr64 c;
    size_t n = len / 256, j;
    unsigned r, b;

    if (n == 0)
        return 0;
    load_keys(k, rk8, rounds);
    for (r = 0; r <= rounds; r++)
        k2[r] = _mm256_broadcastsi128_si256(k[r]);
    aes_ctr64_load(&c, ctr, inc_bytes);
    for (j = 0; j < n; j++, out += 256, in += 256) {
        ctr16(x, &c, k, k2, inc_bytes);
#define R16(r) ROUND16(k2[r]);
        ROUNDS_1_9(R16)
        ROUNDS_MORE(R16, rounds);
#undef R16
        LAST16_XOR(x, k2[rounds], out, in);
    }
    aes_ctr64_store(ctr, &c);
    for (b = 0; b < 8; b++)
        x[b] = _mm256_setzero_si256();
    for (r = 0; r <= rounds; r++) {
        k[r] = _mm_setzero_si128();
        k2[r] = _mm256_setzero_si256();
    }
    return 256 * n;
}

/* see aes_impl.h */
VAESGCM size_t aes_vaes_ghash_blocks(uint32_t y[4], const uint32_t hk[18],
                                     const uint8_t *p, size_t n)
{
    const __m256i rev2 = _mm256_broadcastsi128_si256(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    __m256i hp2[8];
    __m128i a;
    size_t i;
    unsigned b;

    if (n < 16)
        return 0;
    h_powers16(hp2, hk);
    a = y_load(y);
    for (i = 0; n - i >= 16; i += 16, p += 256) {
        struct acc2 w = { _mm256_setzero_si256(), _mm256_setzero_si256(),
                          _mm256_setzero_si256() };

#define GH2_ALL(j) GH2_B(w, j, a, p, hp2);
        EACH8(GH2_ALL)
#undef GH2_ALL
        a = acc2_fold(w);
    }
    y_store(y, a);
    a = _mm_setzero_si128();
    for (b = 0; b < 8; b++)
        hp2[b] = _mm256_setzero_si256();
    return i;
}

/* One pass: sixteen counter blocks through the rounds, the sixteen
 * ciphertext blocks of the pass before (prev, when not NULL) hashed into
 * *a between rounds 1 ... 9, two blocks per round. */
VAESGCM static inline __attribute__((always_inline)) void
gcm_pass16(const __m128i *k, const __m256i *k2, unsigned rounds, struct aes_ctr64 *c,
           __m128i *a, const __m256i *hp2, uint8_t *out, const uint8_t *in,
           const uint8_t *prev)
{
    const __m256i rev2 = _mm256_broadcastsi128_si256(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    __m256i x[8];
    struct acc2 w = { _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256() };

    ctr16(x, c, k, k2, 4);
#define RH2(r)                              \
    ROUND16(k2[r]);                         \
    if (prev != NULL)                       \
        GH2_B(w, (r) - 1, *a, prev, hp2);
    RH2(1) RH2(2) RH2(3) RH2(4) RH2(5) RH2(6) RH2(7) RH2(8)
#undef RH2
    ROUND16(k2[9]);
#define R16(r) ROUND16(k2[r]);
    ROUNDS_MORE(R16, rounds);
#undef R16
    if (prev != NULL)
        *a = acc2_fold(w);
    LAST16_XOR(x, k2[rounds], out, in);
}

/* see aes_impl.h */
VAESGCM size_t aes_vaes_gcm_encrypt(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                                    uint32_t y[4], const uint32_t hk[18], uint8_t *out,
                                    const uint8_t *in, size_t len)
{
    const __m256i rev2 = _mm256_broadcastsi128_si256(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    __m128i k[15], a;
    __m256i k2[15], hp2[8];
    struct acc2 w = { _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256() };
    struct aes_ctr64 c;
    size_t n = len / 256, j;
    const uint8_t *last;
    unsigned r, b;

    if (n == 0)
        return 0;
    load_keys(k, rk8, rounds);
    for (r = 0; r <= rounds; r++)
        k2[r] = _mm256_broadcastsi128_si256(k[r]);
    h_powers16(hp2, hk);
    a = y_load(y);
    aes_ctr64_load(&c, ctr, 4);
    gcm_pass16(k, k2, rounds, &c, &a, hp2, out, in, NULL);
    for (j = 1; j < n; j++)
        gcm_pass16(k, k2, rounds, &c, &a, hp2, out + 256 * j, in + 256 * j,
                   out + 256 * (j - 1));
    last = out + 256 * (n - 1);
#define GH2_ALL(i) GH2_B(w, i, a, last, hp2);
    EACH8(GH2_ALL)
#undef GH2_ALL
    a = acc2_fold(w);
    aes_ctr64_store(ctr, &c);
    y_store(y, a);
    for (b = 0; b < 8; b++)
        hp2[b] = _mm256_setzero_si256();
    for (r = 0; r <= rounds; r++) {
        k[r] = _mm_setzero_si128();
        k2[r] = _mm256_setzero_si256();
    }
    a = _mm_setzero_si128();
    return 256 * n;
}

#endif /* AES_HAVE_X86_NI */

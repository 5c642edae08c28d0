/*
 * aes_arm64.c - AES with the Armv8 Cryptography Extension (AESE, AESMC,
 * AESD, AESIMC) and GHASH with PMULL/PMULL2 (aes_armv8_* in aes_impl.h;
 * C twins: the ct32 core and aes_ghash.c, which the tests run against
 * these on the same machine).
 *
 * Each function carries its own target attribute, so the rest of the
 * library is built for the plain Armv8-A baseline; aes_cpu.c runs them only
 * when ctc_cpu_features() reports the instructions (ID_AA64ISAR0_EL1.AES:
 * 1 for AESE ..., 2 for those and PMULL on 64-bit lanes). The round keys
 * are FIPS 197's, as bytes (ctc_aes_key.rk8), made by the constant-time
 * key schedule. No table, no branch or address in this file depends on
 * the key or the data; the instructions themselves are data-independent
 * in time (docs/aes.md, "The hardware cores").
 *
 * The Arm round is split differently from x86's: AESE(s, k) is
 * SubBytes(ShiftRows(s ^ k)) and AESMC is MixColumns, so round r is
 * AESMC(AESE(s, k[r])) for r = 0 .. rounds - 2, then AESE(s, k[rounds - 1])
 * and a last XOR with k[rounds]. AESD(s, k) is InvSubBytes(InvShiftRows(s
 * ^ k)) and AESIMC is InvMixColumns: the equivalent inverse cipher (FIPS
 * 197, 5.3.5) with its middle round keys through AESIMC.
 */
#include "../aes_impl.h"

#if AES_HAVE_ARMV8_CE

#include <arm_neon.h>

#define CE __attribute__((target("+crypto")))

#define LD(p) vld1q_u8(p)
#define ST(p, x) vst1q_u8((p), (x))

CE static void load_keys(uint8x16_t *k, const uint8_t *rk8, unsigned rounds)
{
    unsigned r;

    for (r = 0; r <= rounds; r++)
        k[r] = LD(rk8 + 16 * r);
}

CE static inline uint8x16_t enc1(const uint8x16_t *k, unsigned rounds, uint8x16_t b)
{
    unsigned r;

    for (r = 0; r + 1 < rounds; r++)
        b = vaesmcq_u8(vaeseq_u8(b, k[r]));
    return veorq_u8(vaeseq_u8(b, k[rounds - 1]), k[rounds]);
}

/* see aes_impl.h */
CE void aes_armv8_encrypt_blocks(const uint8_t *rk8, unsigned rounds,
                                 uint8_t *out, const uint8_t *in, size_t n)
{
    uint8x16_t k[15];
    size_t i;
    unsigned r;

    load_keys(k, rk8, rounds);
    for (i = 0; i < n; i++)
        ST(out + 16 * i, enc1(k, rounds, LD(in + 16 * i)));
    for (r = 0; r <= rounds; r++)
        k[r] = vdupq_n_u8(0);
}

/* see aes_impl.h; the equivalent inverse cipher: d[0] = k[rounds],
 * d[r] = InvMixColumns(k[rounds - r]) for the middle rounds, d[rounds] =
 * k[0] */
CE void aes_armv8_decrypt_blocks(const uint8_t *rk8, unsigned rounds,
                                 uint8_t *out, const uint8_t *in, size_t n)
{
    uint8x16_t k[15], d[15];
    size_t i;
    unsigned r;

    load_keys(k, rk8, rounds);
    d[0] = k[rounds];
    for (r = 1; r < rounds; r++)
        d[r] = vaesimcq_u8(k[rounds - r]);
    d[rounds] = k[0];
    for (i = 0; i < n; i++) {
        uint8x16_t b = LD(in + 16 * i);

        for (r = 0; r + 1 < rounds; r++)
            b = vaesimcq_u8(vaesdq_u8(b, d[r]));
        ST(out + 16 * i, veorq_u8(vaesdq_u8(b, d[rounds - 1]), d[rounds]));
    }
    for (r = 0; r <= rounds; r++)
        d[r] = k[r] = vdupq_n_u8(0);
}

/* the counter block in memory order: bytes 0..7 (hi, big-endian) in the
 * low lane */
CE static inline uint8x16_t ctr64_block(const struct aes_ctr64 *c)
{
    return vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(__builtin_bswap64(c->hi)),
                                             vcreate_u64(__builtin_bswap64(c->lo))));
}

/* x = the next eight counter blocks. When the last word of the counter
 * cannot carry within them (a test on the counter, which is public), each
 * is the first block with its last word replaced; else each is incremented
 * with the carry masked to the counter's width. */
CE static inline __attribute__((always_inline)) void
ctr8(uint8x16_t x[8], struct aes_ctr64 *c, unsigned inc_bytes)
{
    uint32_t low = (uint32_t)c->lo;
    unsigned b;

    if (inc_bytes >= 4 && low <= 0xfffffff7u) {
        uint32x4_t base = vreinterpretq_u32_u8(ctr64_block(c));

        x[0] = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(low), base, 3));
        x[1] = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(low + 1), base, 3));
        x[2] = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(low + 2), base, 3));
        x[3] = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(low + 3), base, 3));
        x[4] = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(low + 4), base, 3));
        x[5] = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(low + 5), base, 3));
        x[6] = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(low + 6), base, 3));
        x[7] = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(low + 7), base, 3));
        c->lo += 8;
    } else {
        for (b = 0; b < 8; b++) {
            x[b] = ctr64_block(c);
            aes_ctr64_inc(c);
        }
    }
}

/* the rounds of eight blocks but the last AESE, written out: the compiler
 * keeps the eight states in registers (8 + 15 round keys of the 32) */
CE static inline __attribute__((always_inline)) void
rounds8(uint8x16_t x[8], const uint8x16_t *k, unsigned rounds)
{
    unsigned r;

    for (r = 0; r + 1 < rounds; r++) {
        x[0] = vaesmcq_u8(vaeseq_u8(x[0], k[r]));
        x[1] = vaesmcq_u8(vaeseq_u8(x[1], k[r]));
        x[2] = vaesmcq_u8(vaeseq_u8(x[2], k[r]));
        x[3] = vaesmcq_u8(vaeseq_u8(x[3], k[r]));
        x[4] = vaesmcq_u8(vaeseq_u8(x[4], k[r]));
        x[5] = vaesmcq_u8(vaeseq_u8(x[5], k[r]));
        x[6] = vaesmcq_u8(vaeseq_u8(x[6], k[r]));
        x[7] = vaesmcq_u8(vaeseq_u8(x[7], k[r]));
    }
}

/* out = in ^ the last round of the eight blocks */
CE static inline __attribute__((always_inline)) void
last8_xor(uint8x16_t x[8], const uint8x16_t *k, unsigned rounds, uint8_t *out,
          const uint8_t *in)
{
    unsigned b;

    for (b = 0; b < 8; b++) {
        x[b] = veorq_u8(vaeseq_u8(x[b], k[rounds - 1]), k[rounds]);
        ST(out + 16 * b, veorq_u8(x[b], LD(in + 16 * b)));
    }
}

/* see aes_impl.h; eight blocks in flight, the counters made in registers */
CE void aes_armv8_ctr_xor(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                          unsigned inc_bytes, uint8_t *out, const uint8_t *in,
                          size_t len)
{
    uint8x16_t k[15], x[8];
    uint8_t ks[16];
    struct aes_ctr64 c;
    size_t i = 0, j;
    unsigned r, b;

    load_keys(k, rk8, rounds);
    aes_ctr64_load(&c, ctr, inc_bytes);
    for (; len - i >= 128; i += 128) {
        ctr8(x, &c, inc_bytes);
        rounds8(x, k, rounds);
        last8_xor(x, k, rounds, out + i, in + i);
    }
    for (; len - i >= 16; i += 16) {
        ST(out + i, veorq_u8(enc1(k, rounds, ctr64_block(&c)), LD(in + i)));
        aes_ctr64_inc(&c);
    }
    if (i < len) {
        ST(ks, enc1(k, rounds, ctr64_block(&c)));
        aes_ctr64_inc(&c);
        for (j = 0; i + j < len; j++)
            out[i + j] = (uint8_t)(in[i + j] ^ ks[j]);
    }
    aes_ctr64_store(ctr, &c);
    for (j = 0; j < 16; j++)
        ks[j] = 0;
    for (b = 0; b < 8; b++)
        x[b] = vdupq_n_u8(0);
    for (r = 0; r <= rounds; r++)
        k[r] = vdupq_n_u8(0);
}

/*
 * GHASH, the arithmetic of arch/aes_x86.c on NEON registers. An element is
 * held as the 128-bit integer whose most significant byte is the block's
 * first byte (the block byte-reversed into a register: lane 1 = the high
 * 64 bits); in that order the carry-less product of two elements, shifted
 * left by one bit, is the reflected 256-bit product, folded with
 * x^128 = x^7 + x^2 + x + 1. Shifts and folding are linear, so the
 * products of several blocks by powers of H are summed first and folded
 * once. PMULL (vmull_p64) multiplies the low lanes, PMULL2
 * (vmull_high_p64) the high ones.
 */
struct wide {
    uint64x2_t lo, hi;
};

#define ZERO64 vdupq_n_u64(0)

CE static inline uint64x2_t pmull_lo(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0),
                                            (poly64_t)vgetq_lane_u64(b, 0)));
}

CE static inline uint64x2_t pmull_hi(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a),
                                                 vreinterpretq_p64_u64(b)));
}

/* w += a * h, the 256-bit carry-less product (four 64-bit products) */
CE static inline void clmul_acc(struct wide *w, uint64x2_t a, uint64x2_t h)
{
    uint64x2_t as = vextq_u64(a, a, 1);           /* (a.hi, a.lo) */
    uint64x2_t mid = veorq_u64(pmull_lo(as, h), pmull_hi(as, h));

    w->lo = veorq_u64(w->lo, veorq_u64(pmull_lo(a, h), vextq_u64(ZERO64, mid, 1)));
    w->hi = veorq_u64(w->hi, veorq_u64(pmull_hi(a, h), vextq_u64(mid, ZERO64, 1)));
}

/* v >> s as one 128-bit value, 0 < s < 64 (a macro: the shift counts of
 * the intrinsics are immediates) */
#define SHR128(v, s) vorrq_u64(vshrq_n_u64((v), (s)), \
                               vshlq_n_u64(vextq_u64((v), ZERO64, 1), 64 - (s)))

CE static inline uint64x2_t fold(struct wide w)
{
    uint64x2_t lo, hi, t;

    /* shift the 256-bit value left by one */
    hi = vorrq_u64(vshlq_n_u64(w.hi, 1),
                   vorrq_u64(vextq_u64(ZERO64, vshrq_n_u64(w.hi, 63), 1),
                             vextq_u64(vshrq_n_u64(w.lo, 63), ZERO64, 1)));
    lo = vorrq_u64(vshlq_n_u64(w.lo, 1), vextq_u64(ZERO64, vshrq_n_u64(w.lo, 63), 1));
    /* fold the low half into the high half */
    t = veorq_u64(veorq_u64(vshlq_n_u64(lo, 63), vshlq_n_u64(lo, 62)), vshlq_n_u64(lo, 57));
    lo = veorq_u64(lo, vextq_u64(ZERO64, t, 1));
    t = veorq_u64(veorq_u64(lo, SHR128(lo, 1)), veorq_u64(SHR128(lo, 2), SHR128(lo, 7)));
    return veorq_u64(hi, t);
}

CE static inline uint64x2_t gmul(uint64x2_t a, uint64x2_t h)
{
    struct wide w = { ZERO64, ZERO64 };

    clmul_acc(&w, a, h);
    return fold(w);
}

/* the 16 bytes at p reversed into a register (p[0] the most significant) */
CE static inline uint64x2_t ld_rev(const uint8_t *p)
{
    uint8x16_t v = vrev64q_u8(LD(p));

    return vreinterpretq_u64_u8(vextq_u8(v, v, 8));
}

/* H from aes_ghash's hk (hk[4], hk[3], hk[1], hk[0] are its words from the
 * most significant), and the running value y, in the register order */
CE static inline uint64x2_t h_from_hk(const uint32_t hk[18])
{
    return vcombine_u64(vcreate_u64((uint64_t)hk[1] << 32 | hk[0]),
                        vcreate_u64((uint64_t)hk[4] << 32 | hk[3]));
}

CE static inline uint64x2_t y_load(const uint32_t y[4])
{
    return vcombine_u64(vcreate_u64((uint64_t)y[2] << 32 | y[3]),
                        vcreate_u64((uint64_t)y[0] << 32 | y[1]));
}

CE static inline void y_store(uint32_t y[4], uint64x2_t a)
{
    uint64_t lo = vgetq_lane_u64(a, 0), hi = vgetq_lane_u64(a, 1);

    y[0] = (uint32_t)(hi >> 32);
    y[1] = (uint32_t)hi;
    y[2] = (uint32_t)(lo >> 32);
    y[3] = (uint32_t)lo;
}

/* see aes_impl.h */
CE void aes_armv8_ghash_blocks(uint32_t y[4], const uint32_t hk[18],
                               const uint8_t *p, size_t n)
{
    uint64x2_t h1 = h_from_hk(hk);
    uint64x2_t h2, h3, h4, a;
    size_t i = 0;

    a = y_load(y);
    if (n >= 4) {
        h2 = gmul(h1, h1);
        h3 = gmul(h2, h1);
        h4 = gmul(h2, h2);
        for (; n - i >= 4; i += 4, p += 64) {
            struct wide w = { ZERO64, ZERO64 };

            clmul_acc(&w, veorq_u64(a, ld_rev(p)), h4);
            clmul_acc(&w, ld_rev(p + 16), h3);
            clmul_acc(&w, ld_rev(p + 32), h2);
            clmul_acc(&w, ld_rev(p + 48), h1);
            a = fold(w);
        }
        h2 = h3 = h4 = ZERO64;
    }
    for (; i < n; i++, p += 16)
        a = gmul(veorq_u64(a, ld_rev(p)), h1);
    y_store(y, a);
    a = h1 = ZERO64;
}

/* see aes_impl.h. Each pass encrypts eight counter blocks and, in the same
 * pass, hashes the eight ciphertext blocks of the pass before (by H^8 ...
 * H, folded once): independent work the processor overlaps. */
CE size_t aes_armv8_gcm_encrypt(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                                uint32_t y[4], const uint32_t hk[18], uint8_t *out,
                                const uint8_t *in, size_t len)
{
    uint8x16_t k[15], x[8];
    uint64x2_t hp[8], a;
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
        struct wide w = { ZERO64, ZERO64 };

        if (prev != NULL) {
            clmul_acc(&w, veorq_u64(a, ld_rev(prev)), hp[0]);
            for (b = 1; b < 8; b++)
                clmul_acc(&w, ld_rev(prev + 16 * b), hp[b]);
        }
        if (j == n) {
            a = fold(w);
            break;
        }
        ctr8(x, &c, 4);
        rounds8(x, k, rounds);
        if (prev != NULL)
            a = fold(w);
        last8_xor(x, k, rounds, out + 128 * j, in + 128 * j);
        prev = out + 128 * j;
    }
    aes_ctr64_store(ctr, &c);
    y_store(y, a);
    for (b = 0; b < 8; b++) {
        x[b] = vdupq_n_u8(0);
        hp[b] = ZERO64;
    }
    for (r = 0; r <= rounds; r++)
        k[r] = vdupq_n_u8(0);
    a = ZERO64;
    return 128 * n;
}

#endif /* AES_HAVE_ARMV8_CE */

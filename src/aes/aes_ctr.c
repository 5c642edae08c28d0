/*
 * aes_ctr.c - counter mode: aes_ctr_xor (aes_impl.h) and ctc_aes_ctr
 * (ctcrypto/aes.h).
 */
#include "aes_impl.h"

#include "ct/ct.h"

#if CTC_AES

/* a loop, not memcpy: the library calls no libc */
static void copy16(uint8_t d[16], const uint8_t s[16])
{
    unsigned i;

    for (i = 0; i < 16; i++)
        d[i] = s[i];
}

#if AES_HAVE_CT64
/* out = in ^ ks over n bytes; a word at a time where in, out and ks are
 * 8-byte aligned (public addresses) and the compiler can be told that the
 * words alias the bytes (may_alias), else byte by byte */
static void xor_bytes(uint8_t *out, const uint8_t *in, const uint8_t *ks, size_t n)
{
    size_t j = 0;

#if defined(__GNUC__) || defined(__clang__)
    typedef uint64_t __attribute__((may_alias)) aes_u64_alias;

    if ((((uintptr_t)out | (uintptr_t)in | (uintptr_t)ks) & 7) == 0) {
        const aes_u64_alias *s64 = (const aes_u64_alias *)(const void *)in;
        const aes_u64_alias *k64 = (const aes_u64_alias *)(const void *)ks;
        aes_u64_alias *d64 = (aes_u64_alias *)(void *)out;

        for (; j + 8 <= n; j += 8)
            d64[j / 8] = s64[j / 8] ^ k64[j / 8];
    }
#endif
    for (; j < n; j++)
        out[j] = (uint8_t)(in[j] ^ ks[j]);
}
#endif

#if !AES_HAVE_TABLE && !AES_HAVE_CT64
/*
 * Whole 32-byte pieces whose input and output are word-aligned are XORed a
 * word at a time where the compiler can be told that such words alias the
 * bytes (may_alias) and the words are little-endian; else byte by byte.
 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__BYTE_ORDER__) \
    && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define AES_CTR_WORDS 1
typedef uint32_t __attribute__((may_alias)) aes_word_alias;
#else
#define AES_CTR_WORDS 0
#endif
#endif

/* see aes_impl.h */
void aes_ctr_xor(const ctc_aes_key *key, uint8_t ctr[16], unsigned inc_bytes,
                 uint8_t *out, const uint8_t *in, size_t len)
{
#if !AES_HAVE_TABLE
    uint32_t cw[4];
    size_t i;
    unsigned c;
#endif
#if AES_HAVE_CT64
    uint64_t ks64[32];                 /* the key stream, 8-byte aligned */
    uint8_t *ks = (uint8_t *)ks64;
#elif !AES_HAVE_TABLE
    uint32_t b0[4], b1[4], base[8], q[8], d;
    size_t j;
    int base_ok;
#endif

#if AES_HAVE_HW
    if (aes_hw() & AES_HW_AES) {
#if AES_HAVE_X86_NI
        /* x86-64 only: the YMM loop (VAES) on the whole 256-byte pieces */
        if (len >= 256 && (aes_hw() & AES_HW_VAES)) {
            size_t done = aes_vaes_ctr_xor(key->rk8, key->rounds, ctr, inc_bytes, out,
                                           in, len);

            out += done;
            in += done;
            len -= done;
        }
#endif
        aes_hw_ctr_xor(key->rk8, key->rounds, ctr, inc_bytes, out, in, len);
        return;
    }
#endif
#if AES_HAVE_TABLE
    /* vartime: CTC_AES_TABLE, the build chose a core that is not constant time */
    aes_tbl_ctr_xor_vartime(key->ek, key->rounds, ctr, inc_bytes, out, in, len);
#elif AES_HAVE_CT64
    for (c = 0; c < 4; c++)
        cw[c] = aes_ld32le(ctr + 4 * c);
    /* the counter blocks of a piece written out (sixteen with the AVX2
     * leaf, four with the portable 64-bit core: one pass), encrypted in
     * place, XORed in; after the loop the counter is past the blocks used
     * (a last partial block counts) */
    {
        size_t piece = 64;

#if AES_HAVE_AVX2
        if (aes_hw() & AES_HW_AVX2)
            piece = 256;
#endif
        for (i = 0; i < len; i += piece) {
            size_t n = len - i < piece ? len - i : piece, b, nb = (n + 15) / 16;

            for (b = 0; b < nb; b++) {
                for (c = 0; c < 4; c++)
                    aes_st32le(ks + 16 * b + 4 * c, cw[c]);
                aes_ctr_inc_words(cw, inc_bytes);
            }
            aes_encrypt_blocks(key, ks, ks, nb);
            xor_bytes(out + i, in + i, ks, n);
        }
    }
    for (c = 0; c < 4; c++)
        aes_st32le(ctr + 4 * c, cw[c]);
    ct_zeroize(ks64, sizeof ks64);
#else
    for (c = 0; c < 4; c++)
        cw[c] = aes_ld32le(ctr + 4 * c);
    /*
     * Two counter blocks per pass; after the loop the counter is past the
     * blocks used (a last piece of at most 16 bytes uses one). The
     * bitsliced form of the words 0..2 of the two blocks (base) is made
     * once and kept while they do not change: in the passes where the last
     * word cannot carry into them (always with GCM's inc32), only the last
     * words are counted and bitsliced (aes_ct32_encrypt2_ctr). Branches on
     * the counter, which is public.
     */
    base_ok = 0;
    for (i = 0; i < len; i += 32) {
        size_t n = len - i < 32 ? len - i : 32;
        uint32_t lo = aes_bswap32(cw[3]), w0, w1;

#if AES_HAVE_ARMV7_ASM && AES_CTR_WORDS
        if (base_ok && n == 32
            && (((uintptr_t)(in + i) | (uintptr_t)(out + i)) & 3) == 0) {
            /* whole word-aligned pieces while base stays (public): the
             * passes in one call, as many as the last word allows without
             * a carry into the others (inc128) */
            size_t np = (len - i) / 32;

            if (inc_bytes == 16 && np > ((0xffffffffu - lo) >> 1))
                np = (0xffffffffu - lo) >> 1;      /* lo + 2 np - 1 <= 2^32 - 2 */
            if (np > 0) {
                aes_ct32_ctr_run_asm(key->rk, key->rounds, base, lo, out + i, in + i, np);
                cw[3] = aes_bswap32(lo + 2 * (uint32_t)np);
                i += 32 * (np - 1);
                continue;
            }
        }
#endif

        if (base_ok && (inc_bytes != 16 || lo < 0xfffffffeu)) {
            /* lo + 1 and lo + 2 do not carry, or inc32 wraps them */
            w0 = cw[3];
            w1 = aes_bswap32(lo + 1);
            cw[3] = n > 16 ? aes_bswap32(lo + 2) : w1;
        } else {
            for (c = 0; c < 4; c++)
                b0[c] = cw[c];
            aes_ctr_inc_words(cw, inc_bytes);
            for (c = 0; c < 4; c++)
                b1[c] = cw[c];
            if (n > 16)
                aes_ctr_inc_words(cw, inc_bytes);
            aes_ct32_ctr_base(base, b0, b1);
            d = 0;
            for (c = 0; c < 3; c++)
                d |= (b0[c] ^ b1[c]) | (b1[c] ^ cw[c]);
            base_ok = d == 0;          /* the next pass can keep base */
            w0 = b0[3];
            w1 = b1[3];
        }
        aes_ct32_encrypt2_ctr(key->rk, key->rounds, q, base, w0, w1);
#if AES_CTR_WORDS
        if (n == 32 && (((uintptr_t)(in + i) | (uintptr_t)(out + i)) & 3) == 0) {
            /* whole and word-aligned (public): a word at a time */
            const aes_word_alias *s32 = (const aes_word_alias *)(const void *)(in + i);
            aes_word_alias *d32 = (aes_word_alias *)(void *)(out + i);

            for (c = 0; c < 4; c++) {
                d32[c] = s32[c] ^ q[2 * c];
                d32[4 + c] = s32[4 + c] ^ q[2 * c + 1];
            }
            continue;
        }
#endif
        for (j = 0; j < n; j++) {
            uint32_t w = q[2 * ((j >> 2) & 3) + (j >> 4)];

            out[i + j] = (uint8_t)(in[i + j] ^ (w >> (8 * (j & 3))));
        }
    }
    for (c = 0; c < 4; c++)
        aes_st32le(ctr + 4 * c, cw[c]);
    ct_zeroize(q, sizeof q);
#endif
}

/* see ctcrypto/aes.h */
int ctc_aes_ctr(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                const uint8_t iv[16], const uint8_t *in, size_t len)
{
    uint8_t ctr[16];

    if (key == NULL || key->rounds == 0 || iv == NULL)
        return CTC_ERR_PARAM;
    if (out_size < len)
        return CTC_ERR_BUFFER;
    if (len == 0)
        return CTC_OK;
    if (out == NULL || in == NULL)
        return CTC_ERR_PARAM;
    copy16(ctr, iv);
    aes_ctr_xor(key, ctr, 16, out, in, len);
    return CTC_OK;
}

#endif /* CTC_AES */

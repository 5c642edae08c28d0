/*
 * aes_gcm.c - GCM (NIST SP 800-38D) one-shot: ctc_aes_gcm_encrypt,
 * ctc_aes_gcm_decrypt and their _short_tag forms (ctcrypto/aes.h).
 *
 * Encryption runs the counter over the text, then GHASH over the AAD and
 * the ciphertext; decryption hashes the ciphertext first, compares the tag
 * in constant time and decrypts only when it verifies (else zeroes out),
 * so in-place decryption never exposes unauthenticated plaintext.
 */
#include "aes_impl.h"

#include "ct/ct.h"

#if CTC_AES

/* SP 800-38D, 5.2.1.1: at most 2^39 - 256 bits of text, 2^64 - 1 of AAD
 * and of IV (whole bytes here): AES_GCM_TEXT_MAX, AES_GCM_AAD_MAX */
#define GCM_TEXT_MAX AES_GCM_TEXT_MAX
#define GCM_AAD_MAX AES_GCM_AAD_MAX

/* see aes_impl.h */
int aes_gcm_tag_len_ok(size_t tag_len, int short_ok)
{
    return (tag_len >= 12 && tag_len <= 16)
        || (short_ok && (tag_len == 4 || tag_len == 8));
}

/* a function, so that a 32-bit size_t compared with a 64-bit limit draws
 * no "always false" warning */
static int over(uint64_t n, uint64_t max)
{
    return n > max;
}

static int gcm_check(const ctc_aes_key *key, const uint8_t *out,
                     size_t out_size, const uint8_t *tag, size_t tag_len,
                     const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                     size_t aad_len, const uint8_t *in, size_t len,
                     int short_ok)
{
    if (key == NULL || key->rounds == 0)
        return CTC_ERR_PARAM;
    if (iv_len == 0 || over(iv_len, GCM_AAD_MAX))
        return CTC_ERR_AES_IV_LEN;
    if (!aes_gcm_tag_len_ok(tag_len, short_ok))
        return CTC_ERR_AES_TAG_LEN;
    if (over(len, GCM_TEXT_MAX) || over(aad_len, GCM_AAD_MAX))
        return CTC_ERR_AES_DATA_LIMIT;
    if (out_size < len)
        return CTC_ERR_BUFFER;
    if (iv == NULL || tag == NULL || (aad_len != 0 && aad == NULL)
        || (len != 0 && (in == NULL || out == NULL)))
        return CTC_ERR_PARAM;
    return CTC_OK;
}

/* big-endian, in two 32-bit halves: a variable shift of a 64-bit value is
 * a compiler helper call on 32-bit targets */
static void put64be(uint8_t *p, uint64_t x)
{
    uint32_t hi = (uint32_t)(x >> 32), lo = (uint32_t)x;

    p[0] = (uint8_t)(hi >> 24);
    p[1] = (uint8_t)(hi >> 16);
    p[2] = (uint8_t)(hi >> 8);
    p[3] = (uint8_t)hi;
    p[4] = (uint8_t)(lo >> 24);
    p[5] = (uint8_t)(lo >> 16);
    p[6] = (uint8_t)(lo >> 8);
    p[7] = (uint8_t)lo;
}

/*
 * see aes_impl.h. The hash key H = E(0), the first counter block J0 and E(J0). With a
 * 12-byte IV, J0 = IV || 0^31 || 1 and E(0), E(J0) share one pass of the
 * core; otherwise J0 = GHASH(IV || 0-pad || 0^64 || [8 iv_len]_64).
 */
void aes_gcm_start(const ctc_aes_key *key, aes_ghash *g, uint8_t j0[16],
                   uint8_t ekj0[16], const uint8_t *iv, size_t iv_len)
{
    uint8_t zero[16], h[16];
    unsigned i;

    for (i = 0; i < 16; i++)           /* a loop: an initialiser may be memset */
        zero[i] = 0;
    if (iv_len == 12) {
        for (i = 0; i < 12; i++)
            j0[i] = iv[i];
        j0[12] = j0[13] = j0[14] = 0;
        j0[15] = 1;
        aes_encrypt2(key, h, ekj0, zero, j0);
        aes_ghash_init(g, h);
    } else {
        uint8_t lens[16];

        for (i = 0; i < 16; i++)
            lens[i] = 0;
        aes_encrypt2(key, h, ekj0, zero, zero);
        aes_ghash_init(g, h);
        aes_ghash_update(g, iv, iv_len);
        put64be(lens + 8, (uint64_t)iv_len << 3);
        aes_ghash_update(g, lens, 16);
        aes_ghash_value(j0, g);
        g->y[0] = g->y[1] = g->y[2] = g->y[3] = 0;
        aes_encrypt2(key, ekj0, h, j0, j0);
    }
    ct_zeroize(h, sizeof h);
}

/* see aes_impl.h: tag = E(J0) ^ GHASH(... || [8 aad_len]_64 || [8 len]_64) */
void aes_gcm_finish(aes_ghash *g, uint8_t tag[16], const uint8_t ekj0[16],
                    uint64_t aad_len, uint64_t len)
{
    uint8_t lens[16];
    unsigned i;

    put64be(lens, aad_len << 3);
    put64be(lens + 8, len << 3);
    aes_ghash_update(g, lens, 16);
    aes_ghash_value(tag, g);
    for (i = 0; i < 16; i++)
        tag[i] ^= ekj0[i];
}

/* see aes_impl.h; the counter of the text starts at inc32(J0) */
void aes_gcm_inc32(uint8_t ctr[16])
{
    uint32_t c = 1;
    unsigned i;

    for (i = 16; i > 12; i--) {
        c += ctr[i - 1];
        ctr[i - 1] = (uint8_t)c;
        c >>= 8;
    }
}

static int gcm_encrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                       uint8_t *tag, size_t tag_len, const uint8_t *iv,
                       size_t iv_len, const uint8_t *aad, size_t aad_len,
                       const uint8_t *in, size_t len, int short_ok)
{
    aes_ghash g;
    uint8_t ctr[16], ekj0[16], full[16];
    size_t i, done;
    int r;

    r = gcm_check(key, out, out_size, tag, tag_len, iv, iv_len, aad, aad_len,
                  in, len, short_ok);
    if (r != CTC_OK)
        return r;
    aes_gcm_start(key, &g, ctr, ekj0, iv, iv_len);
    aes_gcm_inc32(ctr);
    aes_ghash_update(&g, aad, aad_len);
    done = 0;
#if AES_HAVE_HW
    /* the counter and the hash in one pass where both are in hardware */
    if (len >= 128
        && (aes_hw() & (AES_HW_AES | AES_HW_CLMUL)) == (AES_HW_AES | AES_HW_CLMUL)) {
#if AES_HAVE_X86_NI
        /* x86-64 only: the YMM pass (VAES) on the whole 256-byte pieces */
        if (aes_hw() & AES_HW_VAES)
            done = aes_vaes_gcm_encrypt(key->rk8, key->rounds, ctr, g.y, g.hk, out, in, len);
#endif
        done += aes_hw_gcm_encrypt(key->rk8, key->rounds, ctr, g.y, g.hk, out + done,
                                   in + done, len - done);
    }
#endif
    if (len > done) {                  /* out and in may be NULL when len is 0 */
        aes_ctr_xor(key, ctr, 4, out + done, in + done, len - done);
        aes_ghash_update(&g, out + done, len - done);
    }
    aes_gcm_finish(&g, full, ekj0, aad_len, len);
    for (i = 0; i < tag_len; i++)
        tag[i] = full[i];
    ct_zeroize(&g, sizeof g);
    ct_zeroize(ekj0, sizeof ekj0);
    ct_zeroize(full, sizeof full);
    return CTC_OK;
}

static int gcm_decrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                       const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                       size_t aad_len, const uint8_t *in, size_t len,
                       const uint8_t *tag, size_t tag_len, int short_ok)
{
    aes_ghash g;
    uint8_t ctr[16], ekj0[16], full[16];
    int r, ok;

    r = gcm_check(key, out, out_size, tag, tag_len, iv, iv_len, aad, aad_len,
                  in, len, short_ok);
    if (r != CTC_OK)
        return r;
    aes_gcm_start(key, &g, ctr, ekj0, iv, iv_len);
    aes_ghash_update(&g, aad, aad_len);
    aes_ghash_update(&g, in, len);
    aes_gcm_finish(&g, full, ekj0, aad_len, len);
    /* whether the tag verifies is public: the caller learns it */
    ok = ct_cond_declassify(ct_mem_eq(full, tag, tag_len));
    if (ok) {
        aes_gcm_inc32(ctr);
        aes_ctr_xor(key, ctr, 4, out, in, len);
        r = CTC_OK;
    } else {
        if (len != 0)
            ct_zeroize(out, len);
        r = CTC_ERR_AES_TAG;
    }
    ct_zeroize(&g, sizeof g);
    ct_zeroize(ekj0, sizeof ekj0);
    ct_zeroize(full, sizeof full);
    return r;
}

/* see ctcrypto/aes.h */
int ctc_aes_gcm_encrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        uint8_t *tag, size_t tag_len,
                        const uint8_t *iv, size_t iv_len,
                        const uint8_t *aad, size_t aad_len,
                        const uint8_t *in, size_t len)
{
    return gcm_encrypt(key, out, out_size, tag, tag_len, iv, iv_len, aad,
                       aad_len, in, len, 0);
}

/* see ctcrypto/aes.h */
int ctc_aes_gcm_decrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        const uint8_t *iv, size_t iv_len,
                        const uint8_t *aad, size_t aad_len,
                        const uint8_t *in, size_t len,
                        const uint8_t *tag, size_t tag_len)
{
    return gcm_decrypt(key, out, out_size, iv, iv_len, aad, aad_len, in, len,
                       tag, tag_len, 0);
}

/* see ctcrypto/aes.h */
int ctc_aes_gcm_encrypt_short_tag(const ctc_aes_key *key, uint8_t *out,
                                  size_t out_size, uint8_t *tag, size_t tag_len,
                                  const uint8_t *iv, size_t iv_len,
                                  const uint8_t *aad, size_t aad_len,
                                  const uint8_t *in, size_t len)
{
    return gcm_encrypt(key, out, out_size, tag, tag_len, iv, iv_len, aad,
                       aad_len, in, len, 1);
}

/* see ctcrypto/aes.h */
int ctc_aes_gcm_decrypt_short_tag(const ctc_aes_key *key, uint8_t *out,
                                  size_t out_size,
                                  const uint8_t *iv, size_t iv_len,
                                  const uint8_t *aad, size_t aad_len,
                                  const uint8_t *in, size_t len,
                                  const uint8_t *tag, size_t tag_len)
{
    return gcm_decrypt(key, out, out_size, iv, iv_len, aad, aad_len, in, len,
                       tag, tag_len, 1);
}

#endif /* CTC_AES */

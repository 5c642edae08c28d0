/*
 * aes_cbc.c - CBC (NIST SP 800-38A, 6.2) with PKCS#7 padding and raw:
 * ctc_aes_cbc_encrypt, ctc_aes_cbc_decrypt, ctc_aes_cbc_encrypt_raw,
 * ctc_aes_cbc_decrypt_raw (ctcrypto/aes.h).
 *
 * Encryption chains one block at a time. Decryption is parallel: each pass
 * of the core decrypts two ciphertext blocks, which are copied first so
 * that in-place decryption still has them for the XOR. The unpadding reads
 * all 16 bytes of the last block whatever the padding's length, folds the
 * result into one mask and tells it (and the length) once, at the end.
 */
#include "aes_impl.h"

#include "ct/ct.h"

#if CTC_AES

static int cbc_check(const ctc_aes_key *key, const uint8_t *out,
                     size_t out_size, size_t need, const uint8_t *iv,
                     size_t iv_len, const uint8_t *in, size_t len)
{
    if (key == NULL || key->rounds == 0)
        return CTC_ERR_PARAM;
    if (iv_len != 16)
        return CTC_ERR_AES_IV_LEN;
    if (out_size < need)
        return CTC_ERR_BUFFER;
    if (iv == NULL || (len != 0 && in == NULL) || (need != 0 && out == NULL))
        return CTC_ERR_PARAM;
    return CTC_OK;
}

/* x = E(x ^ block) for each whole block of in, written to out */
static void cbc_enc_blocks(const ctc_aes_key *key, uint8_t x[16],
                           uint8_t *out, const uint8_t *in, size_t len)
{
    size_t i;
    unsigned j;

#if AES_HAVE_X86_NI
    if (aes_hw() & AES_HW_AES) {
        aes_ni_cbc_encrypt(key->rk8, key->rounds, x, out, in, len / 16);
        return;
    }
#endif
    for (i = 0; i < len; i += 16) {
        for (j = 0; j < 16; j++)
            x[j] ^= in[i + j];
        aes_encrypt1(key, x, x);
        for (j = 0; j < 16; j++)
            out[i + j] = x[j];
    }
}

/* the blocks decrypted per step: as many as a pass of the core takes (up
 * to sixteen, aes_decrypt_blocks) with the 64-bit core, two (one pass)
 * with the 32-bit one, whose targets have little stack */
#if AES_HAVE_CT64
#define CBC_DEC_STEP 16
#else
#define CBC_DEC_STEP 2
#endif

/* out = CBC decryption of len (a multiple of 16) bytes of in; up to
 * CBC_DEC_STEP blocks per step (the ciphertext copied first: in may be
 * out) */
static void cbc_dec_blocks(const ctc_aes_key *key, const uint8_t iv[16],
                           uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t prev[16], c[16 * CBC_DEC_STEP], p[16 * CBC_DEC_STEP];
    size_t i, j;

    for (j = 0; j < 16; j++)
        prev[j] = iv[j];
#if AES_HAVE_X86_NI
    if (aes_hw() & AES_HW_AES) {
        aes_ni_cbc_decrypt(key->rk8, key->rounds, prev, out, in, len / 16);
        return;
    }
#endif
    for (i = 0; i < len; i += sizeof c) {
        size_t n = len - i < sizeof c ? len - i : sizeof c;

        for (j = 0; j < n; j++)
            c[j] = in[i + j];
        aes_decrypt_blocks(key, p, c, n / 16);
        for (j = 0; j < 16; j++)
            out[i + j] = (uint8_t)(p[j] ^ prev[j]);
        for (j = 16; j < n; j++)
            out[i + j] = (uint8_t)(p[j] ^ c[j - 16]);
        for (j = 0; j < 16; j++)
            prev[j] = c[n - 16 + j];
    }
    ct_zeroize(p, sizeof p);
}

/* see ctcrypto/aes.h */
int ctc_aes_cbc_encrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        size_t *out_len, const uint8_t *iv, size_t iv_len,
                        const uint8_t *in, size_t len)
{
    uint8_t x[16], last[16];
    size_t whole = len - len % 16, need;
    unsigned j, rest = (unsigned)(len % 16);
    int r;

    if (out_len == NULL)
        return CTC_ERR_PARAM;
    if (len > (size_t)-1 - 16)         /* no buffer can hold the output */
        return CTC_ERR_BUFFER;
    need = CTC_AES_CBC_PADDED_LEN(len);
    r = cbc_check(key, out, out_size, need, iv, iv_len, in, len);
    if (r != CTC_OK)
        return r;
    for (j = 0; j < 16; j++)
        x[j] = iv[j];
    cbc_enc_blocks(key, x, out, in, whole);
    /* the last block: the rest of the message, then 16 - rest bytes of
     * value 16 - rest (rest and so the padding are public: len is) */
    for (j = 0; j < 16; j++)
        last[j] = j < rest ? in[whole + j] : (uint8_t)(16 - rest);
    cbc_enc_blocks(key, x, out + whole, last, 16);
    ct_zeroize(last, sizeof last);
    *out_len = need;
    return CTC_OK;
}

/* see ctcrypto/aes.h */
int ctc_aes_cbc_decrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        size_t *out_len, const uint8_t *iv, size_t iv_len,
                        const uint8_t *in, size_t len)
{
    uint8_t *tail;
    uint32_t pad;
    size_t msg_len;
    ct_cond good;
    unsigned i;
    int r;

    if (out_len == NULL)
        return CTC_ERR_PARAM;
    if (len == 0 || len % 16 != 0)
        return CTC_ERR_AES_BLOCKS;
    r = cbc_check(key, out, out_size, len, iv, iv_len, in, len);
    if (r != CTC_OK)
        return r;
    *out_len = 0;
    cbc_dec_blocks(key, iv, out, in, len);
    /* the last byte is the padding's length, 1..16; the 16 bytes of the
     * last block are all read, and those inside the padding must equal it;
     * they are zeroed on the way */
    tail = out + len - 16;
    pad = tail[15];
    good = ct_cond_and(ct_u32_ge(pad, 1), ct_u32_le(pad, 16));
    for (i = 0; i < 16; i++) {
        uint32_t b = tail[15 - i];
        ct_cond in_pad = ct_u32_lt(i, pad);

        good = ct_cond_and(good, ct_cond_or(ct_cond_not(in_pad),
                                            ct_u32_eq(b, pad)));
        tail[15 - i] = (uint8_t)(b & ~ct_cond_mask32(in_pad));
    }
    /* whether the padding is valid is public (an error is returned), and
     * so is the message's length when it is; both are told once, here */
    msg_len = len - (size_t)ct_u32_sel(good, pad, 16);
    CT_UNPOISON(&msg_len, sizeof msg_len);
    if (!ct_cond_declassify(good)) {
        ct_zeroize(out, len);
        return CTC_ERR_AES_PADDING;
    }
    *out_len = msg_len;
    return CTC_OK;
}

/* see ctcrypto/aes.h */
int ctc_aes_cbc_encrypt_raw(const ctc_aes_key *key, uint8_t *out,
                            size_t out_size, const uint8_t *iv, size_t iv_len,
                            const uint8_t *in, size_t len)
{
    uint8_t x[16];
    unsigned j;
    int r;

    if (len % 16 != 0)
        return CTC_ERR_AES_BLOCKS;
    r = cbc_check(key, out, out_size, len, iv, iv_len, in, len);
    if (r != CTC_OK)
        return r;
    for (j = 0; j < 16; j++)
        x[j] = iv[j];
    cbc_enc_blocks(key, x, out, in, len);
    return CTC_OK;
}

/* see ctcrypto/aes.h */
int ctc_aes_cbc_decrypt_raw(const ctc_aes_key *key, uint8_t *out,
                            size_t out_size, const uint8_t *iv, size_t iv_len,
                            const uint8_t *in, size_t len)
{
    int r;

    if (len % 16 != 0)
        return CTC_ERR_AES_BLOCKS;
    r = cbc_check(key, out, out_size, len, iv, iv_len, in, len);
    if (r != CTC_OK)
        return r;
    cbc_dec_blocks(key, iv, out, in, len);
    return CTC_OK;
}

#endif /* CTC_AES */

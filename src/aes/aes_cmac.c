/*
 * aes_cmac.c - CMAC (NIST SP 800-38B, RFC 4493): ctc_aes_cmac,
 * ctc_aes_cmac_verify and the streaming ctc_aes_cmac_init, _update,
 * _final, _wipe (ctcrypto/aes.h).
 *
 * The subkeys K1 = L.x and K2 = L.x^2 in GF(2^128), L = E(0), are made
 * with a mask, not a branch, on the top bit. The chain is sequential: one
 * block per pass of the core. The last block (whole, or padded with 0x80
 * and zeros) is held back until final, which XORs K1 or K2 into it; which
 * of the two follows from the public length.
 */
#include "aes_impl.h"

#include "ct/ct.h"

#if CTC_AES

/* out = in . x: a left shift by one, 0x87 into the last byte when the top
 * bit falls out. The mask comes from the ct core's condition type: with
 * a plain 0 - carry, clang -O2 for RV32 turned the mask back into a
 * branch on the bit (caught by the trace checker). */
static void cmac_dbl(uint8_t out[16], const uint8_t in[16])
{
    uint32_t mask = ct_cond_mask32(ct_cond_from_bit((uint32_t)in[0] >> 7));
    unsigned i;

    for (i = 0; i < 15; i++)
        out[i] = (uint8_t)((uint32_t)in[i] << 1 | (uint32_t)in[i + 1] >> 7);
    out[15] = (uint8_t)((uint32_t)in[15] << 1 ^ (0x87u & mask));
}

/* x = E(x ^ block) */
static void cmac_block(const ctc_aes_key *key, uint8_t x[16],
                       const uint8_t *b)
{
    unsigned j;

    for (j = 0; j < 16; j++)
        x[j] ^= b[j];
    aes_encrypt1(key, x, x);
}

/* see ctcrypto/aes.h */
int ctc_aes_cmac_init(ctc_aes_cmac_ctx *ctx, const ctc_aes_key *key)
{
    uint8_t l[16];
    unsigned i;

    if (ctx == NULL)
        return CTC_ERR_PARAM;
    ctx->state = 0;
    if (key == NULL || key->rounds == 0)
        return CTC_ERR_PARAM;
    for (i = 0; i < 16; i++)
        ctx->x[i] = 0;
    aes_encrypt2(key, l, ctx->buf, ctx->x, ctx->x);   /* L = E(0) */
    cmac_dbl(ctx->k1, l);
    cmac_dbl(ctx->k2, ctx->k1);
    ct_zeroize(l, sizeof l);
    ct_zeroize(ctx->buf, sizeof ctx->buf);
    ctx->key = key;
    ctx->buf_len = 0;
    ctx->state = 1;
    return CTC_OK;
}

/* see ctcrypto/aes.h. A full buffer is chained only once more data comes:
 * the message's last block must wait for its subkey. */
int ctc_aes_cmac_update(ctc_aes_cmac_ctx *ctx, const uint8_t *msg, size_t len)
{
    size_t i = 0;

    if (ctx == NULL || ctx->state != 1)
        return ctx == NULL ? CTC_ERR_PARAM : CTC_ERR_AES_STATE;
    if (len == 0)
        return CTC_OK;
    if (msg == NULL)
        return CTC_ERR_PARAM;
    while (i < len) {
        if (ctx->buf_len == 16) {
            cmac_block(ctx->key, ctx->x, ctx->buf);
            ctx->buf_len = 0;
        }
        if (ctx->buf_len == 0 && len - i > 16) {
            /* whole blocks straight from msg, all but a last one */
#if AES_HAVE_X86_NI
            if (aes_hw() & AES_HW_AES) {
                size_t n = (len - i - 1) / 16;

                aes_ni_cbc_encrypt(ctx->key->rk8, ctx->key->rounds, ctx->x, NULL,
                                   msg + i, n);
                i += 16 * n;
                continue;
            }
#endif
            cmac_block(ctx->key, ctx->x, msg + i);
            i += 16;
            continue;
        }
        ctx->buf[ctx->buf_len++] = msg[i++];
    }
    return CTC_OK;
}

/* see ctcrypto/aes.h */
int ctc_aes_cmac_final(ctc_aes_cmac_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    const uint8_t *k;
    unsigned i;

    if (ctx == NULL || ctx->state != 1)
        return ctx == NULL ? CTC_ERR_PARAM : CTC_ERR_AES_STATE;
    if (tag_len < 4 || tag_len > 16)
        return CTC_ERR_AES_TAG_LEN;
    if (tag == NULL)
        return CTC_ERR_PARAM;
    /* a whole last block takes K1; a partial (or empty) one is padded with
     * 0x80 and zeros and takes K2 (the length is public) */
    k = ctx->buf_len == 16 ? ctx->k1 : ctx->k2;
    for (i = ctx->buf_len; i < 16; i++)
        ctx->buf[i] = (uint8_t)(i == ctx->buf_len ? 0x80 : 0);
    for (i = 0; i < 16; i++)
        ctx->buf[i] ^= k[i];
    cmac_block(ctx->key, ctx->x, ctx->buf);
    for (i = 0; i < tag_len; i++)
        tag[i] = ctx->x[i];
    ctc_aes_cmac_wipe(ctx);
    return CTC_OK;
}

/* see ctcrypto/aes.h */
void ctc_aes_cmac_wipe(ctc_aes_cmac_ctx *ctx)
{
    if (ctx != NULL)
        ct_zeroize(ctx, sizeof *ctx);
}

/* see ctcrypto/aes.h */
int ctc_aes_cmac(const ctc_aes_key *key, uint8_t *tag, size_t tag_len,
                 const uint8_t *msg, size_t len)
{
    ctc_aes_cmac_ctx c;
    int r;

    if (tag_len < 4 || tag_len > 16)
        return CTC_ERR_AES_TAG_LEN;
    if (tag == NULL || (len != 0 && msg == NULL))
        return CTC_ERR_PARAM;
    r = ctc_aes_cmac_init(&c, key);
    if (r == CTC_OK)
        r = ctc_aes_cmac_update(&c, msg, len);
    if (r == CTC_OK)
        r = ctc_aes_cmac_final(&c, tag, tag_len);
    ctc_aes_cmac_wipe(&c);
    return r;
}

/* see ctcrypto/aes.h */
int ctc_aes_cmac_verify(const ctc_aes_key *key, const uint8_t *tag,
                        size_t tag_len, const uint8_t *msg, size_t len)
{
    uint8_t want[16];
    int r;

    if (tag == NULL && tag_len != 0)
        return CTC_ERR_PARAM;
    r = ctc_aes_cmac(key, want, tag_len, msg, len);
    if (r != CTC_OK)
        return r;
    /* whether the tag verifies is public: the caller learns it */
    r = ct_cond_declassify(ct_mem_eq(want, tag, tag_len)) ? CTC_OK
                                                          : CTC_ERR_AES_TAG;
    ct_zeroize(want, sizeof want);
    return r;
}

#endif /* CTC_AES */

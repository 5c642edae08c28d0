/*
 * aes_gcm_stream.c - GCM in steps (ctcrypto/aes.h): ctc_aes_gcm_init,
 * ctc_aes_gcm_aad, ctc_aes_gcm_update, ctc_aes_gcm_encrypt_final,
 * ctc_aes_gcm_decrypt_final, ctc_aes_gcm_wipe.
 *
 * The key stream is made a pair of blocks at a time (ks, ks_pos); GHASH
 * takes whole blocks, so a partial block of AAD or ciphertext waits in buf.
 * When ks is used up the text length is a multiple of 32, so buf is empty
 * and whole pairs go straight through aes_ctr_xor and aes_ghash_update.
 * Every branch is on lengths and the context's state (public).
 */
#include "aes_impl.h"

#include "ct/ct.h"

#if CTC_AES

#define ST_AAD 1u
#define ST_TEXT 2u

static int over(uint64_t n, uint64_t max)
{
    return n > max;
}

/* see ctcrypto/aes.h */
int ctc_aes_gcm_init(ctc_aes_gcm_ctx *ctx, const ctc_aes_key *key,
                     const uint8_t *iv, size_t iv_len, int decrypt)
{
    if (ctx == NULL)
        return CTC_ERR_PARAM;
    ctx->state = 0;
    if (key == NULL || key->rounds == 0)
        return CTC_ERR_PARAM;
    if (iv_len == 0 || over(iv_len, AES_GCM_AAD_MAX))
        return CTC_ERR_AES_IV_LEN;
    if (iv == NULL)
        return CTC_ERR_PARAM;
    aes_gcm_start(key, &ctx->gh, ctx->ctr, ctx->ekj0, iv, iv_len);
    aes_gcm_inc32(ctx->ctr);
    ctx->key = key;
    ctx->aad_len = ctx->text_len = 0;
    ctx->ks_pos = 32;
    ctx->buf_len = 0;
    ctx->decrypt = decrypt ? 1u : 0u;
    ctx->state = ST_AAD;
    return CTC_OK;
}

/* one byte into GHASH's partial block */
static void absorb(ctc_aes_gcm_ctx *ctx, uint8_t b)
{
    ctx->buf[ctx->buf_len++] = b;
    if (ctx->buf_len == 16) {
        aes_ghash_block(&ctx->gh, ctx->buf);
        ctx->buf_len = 0;
    }
}

/* the partial block, padded with zeros, into GHASH */
static void flush(ctc_aes_gcm_ctx *ctx)
{
    uint32_t i;

    if (ctx->buf_len != 0) {
        for (i = ctx->buf_len; i < 16; i++)
            ctx->buf[i] = 0;
        aes_ghash_block(&ctx->gh, ctx->buf);
        ctx->buf_len = 0;
    }
}

/* see ctcrypto/aes.h */
int ctc_aes_gcm_aad(ctc_aes_gcm_ctx *ctx, const uint8_t *aad, size_t len)
{
    size_t i;

    if (ctx == NULL)
        return CTC_ERR_PARAM;
    if (ctx->state != ST_AAD)
        return CTC_ERR_AES_STATE;
    if (over(len, AES_GCM_AAD_MAX - ctx->aad_len))
        return CTC_ERR_AES_DATA_LIMIT;
    if (len != 0 && aad == NULL)
        return CTC_ERR_PARAM;
    ctx->aad_len += len;
    for (i = 0; i < len && ctx->buf_len != 0; i++)
        absorb(ctx, aad[i]);
    if (len - i >= 16) {
        size_t n = (len - i) & ~(size_t)15;

        aes_ghash_update(&ctx->gh, aad + i, n);
        i += n;
    }
    for (; i < len; i++)
        absorb(ctx, aad[i]);
    return CTC_OK;
}

/* text bytes one at a time from the pair of key-stream blocks in ks */
static size_t text_bytes(ctc_aes_gcm_ctx *ctx, uint8_t *out, const uint8_t *in,
                         size_t len)
{
    size_t i;

    for (i = 0; i < len && ctx->ks_pos < 32; i++) {
        uint8_t x = in[i], y = (uint8_t)(x ^ ctx->ks[ctx->ks_pos++]);

        out[i] = y;
        absorb(ctx, ctx->decrypt ? x : y);
    }
    return i;
}

/* see ctcrypto/aes.h */
int ctc_aes_gcm_update(ctc_aes_gcm_ctx *ctx, uint8_t *out, size_t out_size,
                       const uint8_t *in, size_t len)
{
    size_t i, n;

    if (ctx == NULL)
        return CTC_ERR_PARAM;
    if (ctx->state != ST_AAD && ctx->state != ST_TEXT)
        return CTC_ERR_AES_STATE;
    if (over(len, AES_GCM_TEXT_MAX - ctx->text_len))
        return CTC_ERR_AES_DATA_LIMIT;
    if (out_size < len)
        return CTC_ERR_BUFFER;
    if (len != 0 && (in == NULL || out == NULL))
        return CTC_ERR_PARAM;
    if (ctx->state == ST_AAD) {
        flush(ctx);                    /* the AAD's last block */
        ctx->state = ST_TEXT;
    }
    ctx->text_len += len;
    i = text_bytes(ctx, out, in, len);
    n = (len - i) & ~(size_t)31;
    if (n != 0) {                      /* ks used up: buf is empty */
        if (ctx->decrypt) {
            aes_ghash_update(&ctx->gh, in + i, n);
            aes_ctr_xor(ctx->key, ctx->ctr, 4, out + i, in + i, n);
        } else {
            aes_ctr_xor(ctx->key, ctx->ctr, 4, out + i, in + i, n);
            aes_ghash_update(&ctx->gh, out + i, n);
        }
        i += n;
    }
    if (i < len) {
        uint8_t c1[16];
        unsigned j;

        for (j = 0; j < 16; j++)
            c1[j] = ctx->ctr[j];
        aes_gcm_inc32(c1);
        aes_encrypt2(ctx->key, ctx->ks, ctx->ks + 16, ctx->ctr, c1);
        aes_gcm_inc32(c1);
        for (j = 0; j < 16; j++)
            ctx->ctr[j] = c1[j];
        ctx->ks_pos = 0;
        i += text_bytes(ctx, out + i, in + i, len - i);
    }
    return CTC_OK;
}

static int final_tag(ctc_aes_gcm_ctx *ctx, uint8_t full[16], size_t tag_len,
                     int short_ok, uint32_t decrypt)
{
    if (ctx == NULL)
        return CTC_ERR_PARAM;
    if ((ctx->state != ST_AAD && ctx->state != ST_TEXT) || ctx->decrypt != decrypt)
        return CTC_ERR_AES_STATE;
    if (!aes_gcm_tag_len_ok(tag_len, short_ok))
        return CTC_ERR_AES_TAG_LEN;
    flush(ctx);
    aes_gcm_finish(&ctx->gh, full, ctx->ekj0, ctx->aad_len, ctx->text_len);
    return CTC_OK;
}

/* see ctcrypto/aes.h */
int ctc_aes_gcm_encrypt_final(ctc_aes_gcm_ctx *ctx, uint8_t *tag,
                              size_t tag_len, int short_ok)
{
    uint8_t full[16];
    size_t i;
    int r;

    if (tag == NULL)
        return CTC_ERR_PARAM;
    r = final_tag(ctx, full, tag_len, short_ok, 0);
    if (r != CTC_OK)
        return r;
    for (i = 0; i < tag_len; i++)
        tag[i] = full[i];
    ct_zeroize(full, sizeof full);
    ct_zeroize(ctx, sizeof *ctx);
    return CTC_OK;
}

/* see ctcrypto/aes.h */
int ctc_aes_gcm_decrypt_final(ctc_aes_gcm_ctx *ctx, const uint8_t *tag,
                              size_t tag_len, int short_ok)
{
    uint8_t full[16];
    int r, ok;

    if (tag == NULL)
        return CTC_ERR_PARAM;
    r = final_tag(ctx, full, tag_len, short_ok, 1);
    if (r != CTC_OK)
        return r;
    /* whether the tag verifies is public: the caller learns it */
    ok = ct_cond_declassify(ct_mem_eq(full, tag, tag_len));
    ct_zeroize(full, sizeof full);
    ct_zeroize(ctx, sizeof *ctx);
    return ok ? CTC_OK : CTC_ERR_AES_TAG;
}

/* see ctcrypto/aes.h */
void ctc_aes_gcm_wipe(ctc_aes_gcm_ctx *ctx)
{
    if (ctx != NULL)
        ct_zeroize(ctx, sizeof *ctx);
}

#endif /* CTC_AES */

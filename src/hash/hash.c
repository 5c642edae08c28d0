/*
 * hash.c - the hash chosen by id (ctc_hash_* in ctcrypto/hash.h) and the
 * internal entry points of hash_impl.h that HMAC builds on.
 */
#include "hash_impl.h"

/* CTC_SHA512 = 0: every valid id is a 32-bit one, and the SHA-512
 * branches below are dead code the compiler drops (no reference to
 * sha512.c remains) */
static int is_256(int id)
{
#if CTC_SHA512
    return HASH_IS_224(id) || id == CTC_HASH_SHA256;
#else
    (void)id;
    return 1;
#endif
}

size_t ctc_hash_size(int hash_id)
{
    switch (hash_id) {
#if CTC_SHA224
    case CTC_HASH_SHA224: return CTC_SHA224_SIZE;
#endif
    case CTC_HASH_SHA256: return CTC_SHA256_SIZE;
#if CTC_SHA512
    case CTC_HASH_SHA384: return CTC_SHA384_SIZE;
    case CTC_HASH_SHA512: return CTC_SHA512_SIZE;
#endif
    default: return 0;
    }
}

size_t ctc_hash_block_size(int hash_id)
{
    if (!hash_id_valid(hash_id))
        return 0;
    return is_256(hash_id) ? CTC_SHA256_BLOCK : CTC_SHA512_BLOCK;
}

/* ---- internal entry points (arguments known to be valid) ------------------ */

/* (inline in hash_impl.h with CTC_SHA512 = 0) */
#if CTC_SHA512

void hash_init_(ctc_hash_ctx *ctx, int id)
{
    ctx->id = (uint32_t)id;
    if (is_256(id))
        sha256_init_id_(&ctx->u.s256, id);
    else
        sha512_init_id_(&ctx->u.s512, id);
}

void hash_update_(ctc_hash_ctx *ctx, const uint8_t *data, size_t len)
{
    /* internal messages are far below the length limits, so these
     * cannot fail */
    if (is_256((int)ctx->id))
        (void)ctc_sha256_update(&ctx->u.s256, data, len);
    else
        (void)ctc_sha512_update(&ctx->u.s512, data, len);
}

void hash_final_(ctc_hash_ctx *ctx, uint8_t *out)
{
    /* the family's final wipes its context, which is all that was used */
    if (is_256((int)ctx->id))
        sha256_final_(&ctx->u.s256, out);
    else
        sha512_final_(&ctx->u.s512, out);
    ctx->id = 0;
}

void hash_resume_one_block(ctc_hash_ctx *ctx, int id, const hash_chain *c)
{
    ctx->id = (uint32_t)id;
    if (is_256(id))
        sha256_resume_(&ctx->u.s256, id, c->w32);
    else
        sha512_resume_(&ctx->u.s512, id, c->w64);
}

void hash_chain_one_block(hash_chain *c, int id, const uint8_t *block)
{
    if (is_256(id)) {
        unsigned i;
        for (i = 0; i < 8; i++)
            c->w64[i] = 0;      /* all of it is defined, for either size */
        sha256_chain_block_(c->w32, id, block);
    } else {
        sha512_chain_block_(c->w64, id, block);
    }
}
#endif

/* ---- public API ------------------------------------------------------------ */

/* The variant stored in ctx and in its inner context agree: a wiped or
 * uninitialised context is refused. */
static int ctx_ok(const ctc_hash_ctx *ctx)
{
    return ctx != NULL && hash_id_valid((int)ctx->id);
}

int ctc_hash_init(ctc_hash_ctx *ctx, int hash_id)
{
    if (ctx == NULL || !hash_id_valid(hash_id))
        return CTC_ERR_PARAM;
    hash_init_(ctx, hash_id);
    return CTC_OK;
}

int ctc_hash_update(ctc_hash_ctx *ctx, const uint8_t *data, size_t len)
{
    if (!ctx_ok(ctx))
        return CTC_ERR_PARAM;
    /* the per-family update checks data, the inner state and the limit */
    if (is_256((int)ctx->id))
        return ctc_sha256_update(&ctx->u.s256, data, len);
    return ctc_sha512_update(&ctx->u.s512, data, len);
}

int ctc_hash_final(ctc_hash_ctx *ctx, uint8_t *out, size_t out_size)
{
    int r;

    if (!ctx_ok(ctx) || out == NULL)
        return CTC_ERR_PARAM;
    if (out_size < ctc_hash_size((int)ctx->id))
        return CTC_ERR_BUFFER;
    switch (ctx->id) {
#if CTC_SHA224
    case CTC_HASH_SHA224: r = ctc_sha224_final(&ctx->u.s256, out); break;
#endif
    case CTC_HASH_SHA256: r = ctc_sha256_final(&ctx->u.s256, out); break;
#if CTC_SHA512
    case CTC_HASH_SHA384: r = ctc_sha384_final(&ctx->u.s512, out); break;
    default: r = ctc_sha512_final(&ctx->u.s512, out); break;
#else
    default: r = CTC_ERR_PARAM; break;  /* not reached: ctx_ok */
#endif
    }
    /* the family's final wiped what the hash used */
    ctx->id = 0;
    return r;
}

int ctc_hash(uint8_t *out, size_t out_size, int hash_id, const uint8_t *data,
             size_t len)
{
    ctc_hash_ctx ctx;
    int r;

    if (out == NULL || !hash_id_valid(hash_id) || (data == NULL && len != 0))
        return CTC_ERR_PARAM;
    if (out_size < ctc_hash_size(hash_id))
        return CTC_ERR_BUFFER;
    hash_init_(&ctx, hash_id);
    r = ctc_hash_update(&ctx, data, len);
    if (r == CTC_OK)
        r = ctc_hash_final(&ctx, out, out_size);    /* wipes ctx */
    else
        ct_zeroize(&ctx, sizeof ctx);
    return r;
}

int ctc_hash_wipe(ctc_hash_ctx *ctx)
{
    if (ctx == NULL)
        return CTC_ERR_PARAM;
    ct_zeroize(ctx, sizeof *ctx);
    return CTC_OK;
}

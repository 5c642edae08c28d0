/*
 * hmac.c - HMAC (RFC 2104, FIPS 198-1): the key schedule of hash_impl.h
 * and ctc_hmac_* of ctcrypto/hash.h.
 *
 * HMAC(K, m) = H((K0 ^ opad) || H((K0 ^ ipad) || m)), K0 = K padded with
 * zeros to the block size (or H(K) padded, for keys longer than a block).
 * The blocks K0 ^ ipad and K0 ^ opad are compressed once per key; what is
 * kept are the two chaining values, so each MAC then costs the message
 * blocks plus one outer block.
 */
#include "hash_impl.h"

#define HMAC_STATE 0x48a5c0acu

/* block = H(key), for keys longer than a block; out of line, so that its
 * hash context is not in the frame of every (short-key) HMAC-DRBG step */
static CT_NOINLINE void hmac_hash_key(uint8_t *block, int id, const uint8_t *key,
                                      size_t key_len)
{
    ctc_hash_ctx t;

    hash_init_(&t, id);
    hash_update_(&t, key, key_len);
    hash_final_(&t, block);                /* wipes t */
}

#if CTC_PROFILE_SMALL
/*
 * PROFILE=small: the key schedule of a key no longer than the block, one
 * loop for both pads (K0 ^ ipad, then K0 ^ opad), for hmac_key_init below
 * (HMAC-DRBG and RFC 6979 keep no key schedule in this profile:
 * drbg_hmac, hmac_drbg.c). The branches are on the public length and pass
 * only.
 */
static void hmac_key_init_short(hmac_key *hk, int id, const uint8_t *key, size_t key_len)
{
    uint8_t block[CTC_HASH_MAX_BLOCK];
    size_t bs = hash_block_size_(id), i;
    hash_chain *c = &hk->in;
    uint8_t pad = 0x36;

    for (;;) {
        for (i = 0; i < bs; i++)
            block[i] = (uint8_t)((i < key_len ? key[i] : 0) ^ pad);
        hash_chain_one_block(c, id, block);
        if (c == &hk->out)
            break;
        c = &hk->out;
        pad = 0x5c;
    }
    hk->id = id;
    ct_zeroize(block, bs);
}

void hmac_key_init(hmac_key *hk, int id, const uint8_t *key, size_t key_len)
{
    uint8_t d[CTC_HASH_MAX_SIZE];

    if (key_len > hash_block_size_(id)) {
        hmac_hash_key(d, id, key, key_len);
        hmac_key_init_short(hk, id, d, hash_size_(id));
        ct_zeroize(d, sizeof d);
    } else {
        hmac_key_init_short(hk, id, key, key_len);
    }
}
#else
void hmac_key_init(hmac_key *hk, int id, const uint8_t *key, size_t key_len)
{
    uint8_t block[CTC_HASH_MAX_BLOCK];
    size_t bs = hash_block_size_(id), i;

    if (key_len > bs) {
        hmac_hash_key(block, id, key, key_len);
        key_len = hash_size_(id);
    } else {
        hash_copy(block, key, key_len);
    }
    hash_zero(block + key_len, bs - key_len);
    for (i = 0; i < bs; i++)
        block[i] ^= 0x36;
    hash_chain_one_block(&hk->in, id, block);
    for (i = 0; i < bs; i++)
        block[i] ^= 0x36 ^ 0x5c;
    hash_chain_one_block(&hk->out, id, block);
    hk->id = id;
    ct_zeroize(block, bs);
}

#endif

void hmac_key_start(ctc_hash_ctx *ctx, const hmac_key *hk)
{
    hash_resume_one_block(ctx, hk->id, &hk->in);
}

void hmac_finish(uint8_t *mac, ctc_hash_ctx *ctx, int id, const hash_chain *outer)
{
    uint8_t d[CTC_HASH_MAX_SIZE];

    hash_final_(ctx, d);
    hash_resume_one_block(ctx, id, outer);
    hash_update_(ctx, d, hash_size_(id));
    hash_final_(ctx, mac);
    ct_zeroize(d, hash_size_(id));
}

void hmac_key_mac3(uint8_t *mac, const hmac_key *hk,
                   const uint8_t *a, size_t a_len,
                   const uint8_t *b, size_t b_len,
                   const uint8_t *c, size_t c_len)
{
    ctc_hash_ctx ctx;

    hmac_key_start(&ctx, hk);
    hash_update_(&ctx, a, a_len);
    hash_update_(&ctx, b, b_len);
    hash_update_(&ctx, c, c_len);
    hmac_finish(mac, &ctx, hk->id, &hk->out);
}

/* ---- public API ------------------------------------------------------------ */

int ctc_hmac_init(ctc_hmac_ctx *ctx, int hash_id, const uint8_t *key,
                  size_t key_len)
{
    hmac_key hk;
    unsigned i;

    if (ctx == NULL || !hash_id_valid(hash_id) || (key == NULL && key_len != 0))
        return CTC_ERR_PARAM;
    hmac_key_init(&hk, hash_id, key, key_len);
    hmac_key_start(&ctx->inner, &hk);
    for (i = 0; i < 8; i++)    /* a loop: a struct copy may become memcpy */
        ctx->outer.w64[i] = hk.out.w64[i];
    ctx->state = HMAC_STATE;
    ct_zeroize(&hk, sizeof hk);
    return CTC_OK;
}

static int hmac_ctx_ok(const ctc_hmac_ctx *ctx)
{
    return ctx != NULL && ctx->state == HMAC_STATE
           && hash_id_valid((int)ctx->inner.id);
}

int ctc_hmac_update(ctc_hmac_ctx *ctx, const uint8_t *data, size_t len)
{
    if (!hmac_ctx_ok(ctx))
        return CTC_ERR_PARAM;
    return ctc_hash_update(&ctx->inner, data, len);
}

/* The full MAC into full[], and ctx wiped (hmac_finish wipes the inner
 * hash; what remains is the outer chaining value). */
static void hmac_ctx_finish(uint8_t *full, ctc_hmac_ctx *ctx)
{
    int id = (int)ctx->inner.id;

    hmac_finish(full, &ctx->inner, id, &ctx->outer);
    ct_zeroize(&ctx->outer, sizeof ctx->outer);
    ctx->state = 0;
}

int ctc_hmac_final(ctc_hmac_ctx *ctx, uint8_t *mac, size_t mac_len)
{
    uint8_t full[CTC_HASH_MAX_SIZE];

    if (!hmac_ctx_ok(ctx) || mac == NULL)
        return CTC_ERR_PARAM;
    if (mac_len == 0 || mac_len > ctc_hash_size((int)ctx->inner.id))
        return CTC_ERR_LENGTH;
    hmac_ctx_finish(full, ctx);
    hash_copy(mac, full, mac_len);
    ct_zeroize(full, sizeof full);
    return CTC_OK;
}

int ctc_hmac_verify(ctc_hmac_ctx *ctx, const uint8_t *mac, size_t mac_len)
{
    uint8_t full[CTC_HASH_MAX_SIZE];
    int ok;

    if (!hmac_ctx_ok(ctx) || mac == NULL)
        return CTC_ERR_PARAM;
    if (mac_len < 10 || mac_len > ctc_hash_size((int)ctx->inner.id))
        return CTC_ERR_LENGTH;
    hmac_ctx_finish(full, ctx);
    /* whether a MAC verifies is public: the caller acts on it */
    ok = ct_cond_declassify(ct_mem_eq(full, mac, mac_len));
    ct_zeroize(full, sizeof full);
    return ok ? CTC_OK : CTC_ERR_SIGNATURE;
}

int ctc_hmac_wipe(ctc_hmac_ctx *ctx)
{
    if (ctx == NULL)
        return CTC_ERR_PARAM;
    ct_zeroize(ctx, sizeof *ctx);
    return CTC_OK;
}

int ctc_hmac(uint8_t *mac, size_t mac_len, int hash_id, const uint8_t *key,
             size_t key_len, const uint8_t *data, size_t len)
{
    ctc_hmac_ctx ctx;
    int r;

    if (mac == NULL || (data == NULL && len != 0))
        return CTC_ERR_PARAM;
    if (hash_id_valid(hash_id)
        && (mac_len == 0 || mac_len > ctc_hash_size(hash_id)))
        return CTC_ERR_LENGTH;
    r = ctc_hmac_init(&ctx, hash_id, key, key_len);
    if (r == CTC_OK)
        r = ctc_hmac_update(&ctx, data, len);
    if (r == CTC_OK)
        r = ctc_hmac_final(&ctx, mac, mac_len);     /* wipes ctx */
    else
        ct_zeroize(&ctx, sizeof ctx);
    return r;
}

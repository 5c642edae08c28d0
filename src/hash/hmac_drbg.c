/*
 * hmac_drbg.c - HMAC-DRBG (NIST SP 800-90A rev. 1, section 10.1.2):
 * ctc_hmac_drbg_* of ctcrypto/hash.h and the unchecked steps of
 * hash_impl.h that RFC 6979 uses.
 *
 * State: K and V, HashLen bytes each, and the reseed counter.
 *   Update(provided): K = HMAC(K, V || 0x00 || provided); V = HMAC(K, V);
 *                     if provided is not empty, once more with 0x01.
 *   Instantiate:      K = 0x00..., V = 0x01..., Update(entropy || nonce ||
 *                     personalisation), counter = 1.
 *   Reseed:           Update(entropy || additional), counter = 1.
 *   Generate:         Update(additional) if not empty; V = HMAC(K, V) until
 *                     enough output; Update(additional); counter += 1.
 * Lengths, the hash and the counter are public; K, V, the inputs and the
 * output are secret and only ever pass through HMAC.
 */
#include "hash_impl.h"
#if !CTC_PROFILE_SMALL
#include "hmac_zero.h"
#endif

#define DRBG_STATE 0x48a5c0dbu

static size_t drbg_hs(const ctc_hmac_drbg_ctx *ctx)
{
    return hash_size_((int)ctx->hash_id);
}

/*
 * Update with provided data a || b || c (each may be empty), with hk the
 * key schedule of the current K on entry; on return it is the new K's.
 * Each new K is scheduled once and serves both of the MACs under it (the
 * V = HMAC(K, V) after it and the next K = HMAC(K, V || 0x01 || ..)).
 */
#if CTC_PROFILE_SMALL
/*
 * PROFILE=small: dst = HMAC(K, V), or with in given HMAC(K, V || sep ||
 * in), straight from K (no key schedule kept: its two blocks are
 * compressed for each MAC, two compressions more per MAC for less code;
 * docs/hash.md, "The small profile"). The key block is K ^ ipad, then
 * turned into K ^ opad; dst may be K or V. K's bytes past HashLen are
 * zero (Instantiate zeroes the context, and K is only ever written with
 * HashLen bytes), so K is the key padded as far as it reaches (the whole
 * block for SHA-224 and SHA-256). The branches are on public lengths
 * only.
 */
static void drbg_hmac(ctc_hmac_drbg_ctx *ctx, uint8_t *dst, const drbg_input *in,
                      uint8_t sep)
{
    int id = (int)ctx->hash_id;
    size_t hs = drbg_hs(ctx), bs = hash_block_size_(id), i;
    /* the key block, then the inner hash d: one buffer, one wipe */
    uint8_t block[CTC_HASH_MAX_BLOCK + CTC_HASH_MAX_SIZE];
    uint8_t *d = block + CTC_HASH_MAX_BLOCK;
    ctc_hash_ctx h;

    unsigned pass;

    for (i = 0; i < bs; i++)
        block[i] = (uint8_t)((i < sizeof ctx->K ? ctx->K[i] : 0) ^ 0x36);
    /* the inner hash, of V (|| sep || in), then the outer one, of d */
    for (pass = 0; pass < 2; pass++) {
        hash_init_(&h, id);
        hash_update_(&h, block, bs);
        hash_update_(&h, pass ? d : ctx->V, hs);
        if (pass == 0 && in != NULL) {
            hash_update_(&h, &sep, 1);
            for (i = 0; i < 3; i++)
                hash_update_(&h, in->p[i], in->len[i]);
        }
        hash_final_(&h, pass ? dst : d);
        for (i = 0; i < bs; i++)
            block[i] ^= 0x36 ^ 0x5c;
    }
    ct_zeroize(block, sizeof block);
}

/*
 * PROFILE=small: Update and the output blocks are one loop around one
 * HMAC (less code than a function for each; docs/hash.md, "The small
 * profile"). Steps u < steps are Update's: even ones make K, odd ones
 * make V; after them each step makes V and outputs it.
 */
void drbg_run_(ctc_hmac_drbg_ctx *ctx, const drbg_input *in, uint8_t *out, size_t n)
{
    size_t hs = drbg_hs(ctx), take;
    unsigned steps = 0, u;

    if (in != NULL)     /* lengths are public */
        steps = (in->len[0] | in->len[1] | in->len[2]) != 0 ? 4 : 2;
    for (u = 0; u < steps || n > 0; u++) {
        /* even Update steps: K = HMAC(K, V || u / 2 || provided); the
         * others V = HMAC(K, V) */
        int k = u < steps && (u & 1) == 0;

        drbg_hmac(ctx, k ? ctx->K : ctx->V, k ? in : NULL, (uint8_t)(u >> 1));
        if (u >= steps) {
            take = n < hs ? n : hs;
            hash_copy(out, ctx->V, take);
            out += take;
            n -= take;
        }
    }
}
#else
static void drbg_update_hk(ctc_hmac_drbg_ctx *ctx, hmac_key *hk,
                           const uint8_t *a, size_t a_len,
                           const uint8_t *b, size_t b_len,
                           const uint8_t *c, size_t c_len)
{
    int id = (int)ctx->hash_id;
    size_t hs = drbg_hs(ctx);
    int empty = a_len == 0 && b_len == 0 && c_len == 0;
    uint8_t sep;
    ctc_hash_ctx h;

    for (sep = 0; sep < 2; sep++) {
        /* K = HMAC(K, V || sep || provided) */
        hmac_key_start(&h, hk);
        hash_update_(&h, ctx->V, hs);
        hash_update_(&h, &sep, 1);
        hash_update_(&h, a, a_len);
        hash_update_(&h, b, b_len);
        hash_update_(&h, c, c_len);
        hmac_finish(ctx->K, &h, id, &hk->out);
        /* V = HMAC(K, V), in the same hash context (hmac_key_mac3 would
         * hold a second one on the stack) */
        hmac_key_init(hk, id, ctx->K, hs);
        hmac_key_start(&h, hk);
        hash_update_(&h, ctx->V, hs);
        hmac_finish(ctx->V, &h, id, &hk->out);
        if (empty)
            break;
    }
}

static void drbg_update(ctc_hmac_drbg_ctx *ctx,
                        const uint8_t *a, size_t a_len,
                        const uint8_t *b, size_t b_len,
                        const uint8_t *c, size_t c_len)
{
    hmac_key hk;

    hmac_key_init(&hk, (int)ctx->hash_id, ctx->K, drbg_hs(ctx));
    drbg_update_hk(ctx, &hk, a, a_len, b, b_len, c, c_len);
    ct_zeroize(&hk, sizeof hk);
}
#endif

#if !CTC_PROFILE_SMALL
/*
 * The key schedule of K = 0x00..00, Instantiate's first key: from
 * hmac_zero.h (tools/gen_hmac_zero.py) where the hash has one there, two
 * compressions saved per instantiation (so per RFC 6979 nonce); computed
 * otherwise (SHA-224). PROFILE=small keeps no key schedule (drbg_hmac).
 */
static void zero_key(hmac_key *hk, int id, const uint8_t *K, size_t hs)
{
    unsigned i;

    hk->id = id;
    if (id == CTC_HASH_SHA256) {
        for (i = 0; i < 8; i++) {
            hk->in.w64[i] = 0;  /* all of it defined, as hash_chain_one_block */
            hk->out.w64[i] = 0;
        }
        for (i = 0; i < 8; i++) {
            hk->in.w32[i] = hmac_zero_sha256[0][i];
            hk->out.w32[i] = hmac_zero_sha256[1][i];
        }
        return;
    }
#if CTC_SHA512
    if (id == CTC_HASH_SHA384 || id == CTC_HASH_SHA512) {
        const uint64_t(*z)[8] = id == CTC_HASH_SHA384 ? hmac_zero_sha384 : hmac_zero_sha512;
        for (i = 0; i < 8; i++) {
            hk->in.w64[i] = z[0][i];
            hk->out.w64[i] = z[1][i];
        }
        return;
    }
#endif
    hmac_key_init(hk, id, K, hs);
}
#endif

#if CTC_PROFILE_SMALL
void drbg_instantiate_(ctc_hmac_drbg_ctx *ctx, int id, const drbg_input *in)
#else
void drbg_instantiate_(ctc_hmac_drbg_ctx *ctx, hmac_key *hk, int id,
                       const uint8_t *a, size_t a_len,
                       const uint8_t *b, size_t b_len,
                       const uint8_t *c, size_t c_len)
#endif
{
    size_t i;

    ct_zeroize(ctx, sizeof *ctx);
    ctx->hash_id = (uint32_t)id;
    for (i = 0; i < sizeof ctx->V; i++)
        ctx->V[i] = 0x01;           /* K stays 0x00... */
#if CTC_PROFILE_SMALL
    drbg_run_(ctx, in, NULL, 0);
#else
    zero_key(hk, id, ctx->K, drbg_hs(ctx));
    drbg_update_hk(ctx, hk, a, a_len, b, b_len, c, c_len);
#endif
    ctx->reseed_counter = 1;
    ctx->state = DRBG_STATE;
}

#if !CTC_PROFILE_SMALL
/* V = HMAC(K, V) until n bytes are out, with hk K's key schedule. */
void drbg_blocks_(ctc_hmac_drbg_ctx *ctx, const hmac_key *hk, uint8_t *out, size_t n)
{
    size_t hs = drbg_hs(ctx), take;

    while (n > 0) {
        hmac_key_mac3(ctx->V, hk, ctx->V, hs, NULL, 0, NULL, 0);
        take = n < hs ? n : hs;
        hash_copy(out, ctx->V, take);
        out += take;
        n -= take;
    }
}

/* Generate with the additional input already absorbed: output blocks, then
 * Update(additional) under the same key schedule. */
static void drbg_output(ctc_hmac_drbg_ctx *ctx, uint8_t *out, size_t n,
                        const uint8_t *add, size_t add_len)
{
    hmac_key hk;

    hmac_key_init(&hk, (int)ctx->hash_id, ctx->K, drbg_hs(ctx));
    drbg_blocks_(ctx, &hk, out, n);
    drbg_update_hk(ctx, &hk, add, add_len, NULL, 0, NULL, 0);
    ct_zeroize(&hk, sizeof hk);
    ctx->reseed_counter++;
}

void drbg_update_empty_(ctc_hmac_drbg_ctx *ctx, hmac_key *hk)
{
    drbg_update_hk(ctx, hk, NULL, 0, NULL, 0, NULL, 0);
}
#endif

/* ---- public API ------------------------------------------------------------ */

/* Security strength in bytes: SP 800-57 part 1 table 3 for HMAC. */
static size_t strength_bytes(int id)
{
    return HASH_IS_224(id) ? 24 : 32;
}

static int input_ok(const uint8_t *p, size_t len)
{
    return p != NULL || len == 0;
}

static int drbg_ctx_ok(const ctc_hmac_drbg_ctx *ctx)
{
    return ctx != NULL && ctx->state == DRBG_STATE
           && hash_id_valid((int)ctx->hash_id);
}

int ctc_hmac_drbg_instantiate(ctc_hmac_drbg_ctx *ctx, int hash_id,
                              const uint8_t *entropy, size_t entropy_len,
                              const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *pers, size_t pers_len)
{
#if !CTC_PROFILE_SMALL
    hmac_key hk;
#endif

    if (ctx == NULL || !hash_id_valid(hash_id) || entropy == NULL
        || !input_ok(nonce, nonce_len) || !input_ok(pers, pers_len))
        return CTC_ERR_PARAM;
    if (entropy_len < strength_bytes(hash_id)
        || !hash_input_len_ok(entropy_len)
        || !hash_input_len_ok(nonce_len)
        || !hash_input_len_ok(pers_len))
        return CTC_ERR_LENGTH;
#if CTC_PROFILE_SMALL
    {
        drbg_input in = { { entropy, nonce, pers }, { entropy_len, nonce_len, pers_len } };

        drbg_instantiate_(ctx, hash_id, &in);
    }
#else
    drbg_instantiate_(ctx, &hk, hash_id, entropy, entropy_len, nonce, nonce_len,
                      pers, pers_len);
    ct_zeroize(&hk, sizeof hk);
#endif
    return CTC_OK;
}

int ctc_hmac_drbg_reseed(ctc_hmac_drbg_ctx *ctx,
                         const uint8_t *entropy, size_t entropy_len,
                         const uint8_t *additional, size_t additional_len)
{
    if (!drbg_ctx_ok(ctx) || entropy == NULL
        || !input_ok(additional, additional_len))
        return CTC_ERR_PARAM;
    if (entropy_len < strength_bytes((int)ctx->hash_id)
        || !hash_input_len_ok(entropy_len)
        || !hash_input_len_ok(additional_len))
        return CTC_ERR_LENGTH;
#if CTC_PROFILE_SMALL
    {
        drbg_input in = { { entropy, additional, NULL }, { entropy_len, additional_len, 0 } };

        drbg_run_(ctx, &in, NULL, 0);
    }
#else
    drbg_update(ctx, entropy, entropy_len, additional, additional_len, NULL, 0);
#endif
    ctx->reseed_counter = 1;
    return CTC_OK;
}

int ctc_hmac_drbg_generate(ctc_hmac_drbg_ctx *ctx, uint8_t *out, size_t out_len,
                           const uint8_t *additional, size_t additional_len)
{
    if (!drbg_ctx_ok(ctx) || !input_ok(out, out_len)
        || !input_ok(additional, additional_len))
        return CTC_ERR_PARAM;
    if (!hash_input_len_ok(additional_len))
        return CTC_ERR_LENGTH;
    if (out_len > CTC_HMAC_DRBG_MAX_REQUEST)
        return CTC_ERR_LIMIT;
    if (ctx->reseed_counter > CTC_HMAC_DRBG_RESEED_INTERVAL)
        return CTC_ERR_LIMIT;           /* reseed required */
#if CTC_PROFILE_SMALL
    {
        drbg_input in = { { additional, NULL, NULL }, { additional_len, 0, 0 } };

        drbg_run_(ctx, additional_len != 0 ? &in : NULL, out, out_len);
        drbg_run_(ctx, &in, NULL, 0);
        ctx->reseed_counter++;
    }
#else
    if (additional_len != 0)
        drbg_update(ctx, additional, additional_len, NULL, 0, NULL, 0);
    drbg_output(ctx, out, out_len, additional, additional_len);
#endif
    return CTC_OK;
}

int ctc_hmac_drbg_wipe(ctc_hmac_drbg_ctx *ctx)
{
    if (ctx == NULL)
        return CTC_ERR_PARAM;
    ct_zeroize(ctx, sizeof *ctx);
    return CTC_OK;
}

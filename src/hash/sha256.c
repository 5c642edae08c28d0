/*
 * sha256.c - SHA-224 and SHA-256 (FIPS 180-4): the portable compression
 * function, its dispatch to the accelerated ones, and the streaming API
 * (declared in ctcrypto/hash.h; internals in hash_impl.h).
 *
 * The compression function is written twice: unrolled by 16 rounds with
 * the message schedule kept in a 16-word ring (PROFILE fast) and as one
 * rolled loop (PROFILE small, CTC_PROFILE_SMALL=1). Both use only
 * additions, rotations and bitwise operations on 32-bit words; no branch or
 * table index depends on the data (K is indexed by the round number).
 */
#include "hash_impl.h"

#define SHA224_STATE 0x48a5c224u
#define SHA256_STATE 0x48a5c256u

/* FIPS 180-4 section 4.2.2: the first 32 bits of the fractional parts of
 * the cube roots of the first 64 primes (hash_impl.h: also the Armv7-M
 * assembly's). */
const uint32_t sha256_k[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u,
    0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u,
    0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu,
    0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
    0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u,
    0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u,
    0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u,
    0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
    0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

/* Section 5.3.3 (SHA-256) and 5.3.2 (SHA-224, with CTC_SHA224) initial
 * values, in one table (the row is HASH_IS_224 of the variant) */
static const uint32_t sha256_iv[1 + CTC_SHA224][8] = {
    { 0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
      0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u },
#if CTC_SHA224
    { 0xc1059ed8u, 0x367cd507u, 0x3070dd17u, 0xf70e5939u,
      0xffc00b31u, 0x68581511u, 0x64f98fa7u, 0xbefa4fa4u },
#endif
};
#define IV256 sha256_iv[0]
#define IV224 sha256_iv[1]

/* ctx holds SHA-224 (a constant 0 without CTC_SHA224) */
#define STATE_IS_224(ctx) (CTC_SHA224 && (ctx)->state == SHA224_STATE)

/* Section 4.1.2. Ch and Maj in forms with one operation fewer:
 * Ch(x,y,z) = (x & y) ^ (~x & z) = z ^ (x & (y ^ z));
 * Maj(x,y,z) = (x & y) ^ (x & z) ^ (y & z) = (x & y) | (z & (x | y)). */
#define BSIG0(x) (hash_ror32(x, 2) ^ hash_ror32(x, 13) ^ hash_ror32(x, 22))
#define BSIG1(x) (hash_ror32(x, 6) ^ hash_ror32(x, 11) ^ hash_ror32(x, 25))
#define SSIG0(x) (hash_ror32(x, 7) ^ hash_ror32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (hash_ror32(x, 17) ^ hash_ror32(x, 19) ^ ((x) >> 10))
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

#if !CTC_PROFILE_SMALL

/*
 * One round; the caller rotates the names of the working variables instead
 * of moving their values. Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)), and b ^ c
 * is the previous round's a ^ b: the caller alternates the two variables
 * that hold them (x: this round's, y: the previous one's), saving an
 * operation per round.
 */
#define ROUND(a, b, c, d, e, f, g, h, i, wv, x, y)                    \
    do {                                                              \
        uint32_t t1_ = (h) + BSIG1(e) + CH(e, f, g) + kp[i] + (wv);   \
        (x) = (a) ^ (b);                                              \
        (d) += t1_;                                                   \
        (h) = t1_ + BSIG0(a) + ((b) ^ ((x) & (y)));                   \
    } while (0)

/* W_t for t < 16 and, in the ring w[t mod 16], for t >= 16:
 * W_t = SSIG1(W_{t-2}) + W_{t-7} + SSIG0(W_{t-15}) + W_{t-16}. */
#define WFIRST(j) (w[j])
#define WNEXT(j)                                                      \
    (w[j] += SSIG1(w[((j) + 14) & 15]) + w[((j) + 9) & 15]            \
             + SSIG0(w[((j) + 1) & 15]))

#define ROUNDS16(i, W)                                                \
    ROUND(a, b, c, d, e, f, g, h, (i) + 0, W(0), x, y);               \
    ROUND(h, a, b, c, d, e, f, g, (i) + 1, W(1), y, x);               \
    ROUND(g, h, a, b, c, d, e, f, (i) + 2, W(2), x, y);               \
    ROUND(f, g, h, a, b, c, d, e, (i) + 3, W(3), y, x);               \
    ROUND(e, f, g, h, a, b, c, d, (i) + 4, W(4), x, y);               \
    ROUND(d, e, f, g, h, a, b, c, (i) + 5, W(5), y, x);               \
    ROUND(c, d, e, f, g, h, a, b, (i) + 6, W(6), x, y);               \
    ROUND(b, c, d, e, f, g, h, a, (i) + 7, W(7), y, x);               \
    ROUND(a, b, c, d, e, f, g, h, (i) + 8, W(8), x, y);               \
    ROUND(h, a, b, c, d, e, f, g, (i) + 9, W(9), y, x);               \
    ROUND(g, h, a, b, c, d, e, f, (i) + 10, W(10), x, y);             \
    ROUND(f, g, h, a, b, c, d, e, (i) + 11, W(11), y, x);             \
    ROUND(e, f, g, h, a, b, c, d, (i) + 12, W(12), x, y);             \
    ROUND(d, e, f, g, h, a, b, c, (i) + 13, W(13), y, x);             \
    ROUND(c, d, e, f, g, h, a, b, (i) + 14, W(14), x, y);             \
    ROUND(b, c, d, e, f, g, h, a, (i) + 15, W(15), y, x)

void sha256_blocks_c(uint32_t st[8], const uint8_t *p, size_t n)
{
    uint32_t a, b, c, d, e, f, g, h, x, y, w[16];
    const uint32_t *kp = sha256_k;
    unsigned i;

#if defined(__GNUC__)
    /* the constants are loaded from the table: without this the compiler
     * folds those of the first 16 rounds into immediates, which on 32-bit
     * Arm costs three instructions each instead of one load */
    __asm__("" : "+r"(kp));
#endif
    do {
        for (i = 0; i < 16; i++)
            w[i] = hash_ld32be(p + 4 * i);
        a = st[0]; b = st[1]; c = st[2]; d = st[3];
        e = st[4]; f = st[5]; g = st[6]; h = st[7];
        y = b ^ c;
        ROUNDS16(0, WFIRST);
        for (i = 16; i < 64; i += 16) {
            ROUNDS16(i, WNEXT);
        }
        st[0] += a; st[1] += b; st[2] += c; st[3] += d;
        st[4] += e; st[5] += f; st[6] += g; st[7] += h;
        p += 64;
    } while (--n);
}

#else /* CTC_PROFILE_SMALL */

void sha256_blocks_c(uint32_t st[8], const uint8_t *p, size_t n)
{
    uint32_t a, b, c, d, e, f, g, h, wbuf[16], *w = wbuf, t1, t2, wt;
    unsigned t;

#if defined(__GNUC__)
    /* w is a pointer the compiler cannot see through: it indexes the
     * schedule from one register instead of recomputing the stack
     * address at each access (Cortex-M4 -Os: 20 bytes less, and faster) */
    __asm__("" : "+r"(w));
#endif
    do {
        a = st[0]; b = st[1]; c = st[2]; d = st[3];
        e = st[4]; f = st[5]; g = st[6]; h = st[7];
        for (t = 0; t < 64; t++) {
            if (t < 16)     /* the round number is public */
                wt = hash_ld32be(p + 4 * t);
            else
                wt = w[t & 15] + SSIG1(w[(t + 14) & 15]) + w[(t + 9) & 15]
                     + SSIG0(w[(t + 1) & 15]);
            w[t & 15] = wt;
            t1 = h + BSIG1(e) + CH(e, f, g) + sha256_k[t] + wt;
            t2 = BSIG0(a) + MAJ(a, b, c);
            h = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        /* through w (its schedule is no longer needed): one loop
         * instead of eight loads, additions and stores */
        w[0] = a; w[1] = b; w[2] = c; w[3] = d;
        w[4] = e; w[5] = f; w[6] = g; w[7] = h;
        for (t = 0; t < 8; t++)
            st[t] += w[t];
        p += 64;
    } while (--n);
}

#endif /* CTC_PROFILE_SMALL */

void sha256_blocks(uint32_t h[8], const uint8_t *p, size_t n)
{
#if HASH_HAVE_X86_SHA
    if (hash_caps() & HASH_CAP_SHA256) {
        sha256_blocks_shani(h, p, n);
        return;
    }
#elif HASH_HAVE_ARM64_SHA
    if (hash_caps() & HASH_CAP_SHA256) {
        sha256_blocks_armv8(h, p, n);
        return;
    }
#elif HASH_HAVE_ARMV7M_SHA
    if (hash_caps() & HASH_CAP_SHA256) {
        sha256_blocks_armv7m(h, p, n, sha256_k);
        return;
    }
#endif
    sha256_blocks_c(h, p, n);
}

/* ---- streaming ------------------------------------------------------------ */

#if CTC_PROFILE_SMALL
/* PROFILE=small: sha256_init_id_ is the one start and sha256_final_ the
 * one finish (the variant read from the state); fewer functions */
#define SHA256_START(ctx, v) sha256_init_id_(ctx, CTC_HASH_SHA##v)
#define SHA256_FINISH(ctx, out, words) sha256_final_(ctx, out)
#else
#define SHA256_START(ctx, v) sha256_start(ctx, IV##v, SHA##v##_STATE)
#define SHA256_FINISH(ctx, out, words) sha256_finish(ctx, out, words)

static void sha256_start(ctc_sha256_ctx *ctx, const uint32_t iv[8], uint32_t state)
{
    unsigned i;

    for (i = 0; i < 8; i++)
        ctx->h[i] = iv[i];
    ctx->len = 0;
    ctx->state = state;
}
#endif

/* FIPS 180-4 limits the message to 2^64 - 1 bits. */
#define SHA256_MAX_BYTES (((uint64_t)1 << 61) - 1)

#if CTC_PROFILE_SMALL
/*
 * PROFILE=small: every byte goes into the buffer, and a block is
 * compressed when it fills, but for whole blocks while it is empty,
 * which are compressed in place; padding and length go the same way
 * (sha256_finish). Less code than the copies and the padding of the
 * default build (Cortex-M4 -Os: docs/hash.md, "The small profile"). The
 * branches are on the public length only.
 */
void sha256_put(ctc_sha256_ctx *ctx, const uint8_t *data, size_t len)
{
    while (len > 0) {
        /* whole blocks in place while the buffer is empty */
        size_t n = (ctx->len & 63) == 0 ? len >> 6 << 6 : 0;

        if (n != 0) {
            sha256_blocks(ctx->h, data, n >> 6);
        } else {
            n = 1;
            ctx->buf[ctx->len & 63] = *data;
            if ((ctx->len & 63) == 63)
                sha256_blocks(ctx->h, ctx->buf, 1);
        }
        ctx->len += n;
        data += n;
        len -= n;
    }
}
#endif

static int sha256_absorb(ctc_sha256_ctx *ctx, const uint8_t *data, size_t len)
{
#if !CTC_PROFILE_SMALL
    size_t fill, take;
#endif

    if (ctx == NULL || (data == NULL && len != 0))
        return CTC_ERR_PARAM;
    if (!STATE_IS_224(ctx) && ctx->state != SHA256_STATE)
        return CTC_ERR_PARAM;
#if CTC_PROFILE_SMALL && SIZE_MAX <= 0xFFFFFFFFu
    /* PROFILE=small, 32-bit size_t: the same bound with less code
     * (ctx->len <= SHA256_MAX_BYTES and len < 2^32, so the sum does not
     * wrap, and it exceeds the bound exactly when it reaches 2^61) */
    if ((ctx->len + len) >> 61 != 0)
        return CTC_ERR_LIMIT;
#else
    if ((uint64_t)len > SHA256_MAX_BYTES - ctx->len)
        return CTC_ERR_LIMIT;
#endif
#if CTC_PROFILE_SMALL
    sha256_put(ctx, data, len);     /* len = 0 reads nothing */
    return CTC_OK;
#else
    if (len == 0) /* data may be NULL: no pointer arithmetic on it */
        return CTC_OK;
    fill = (size_t)(ctx->len & 63);
    ctx->len += len;
    if (fill != 0) {
        take = 64 - fill;
        if (take > len)
            take = len;
        hash_copy(ctx->buf + fill, data, take);
        data += take;
        len -= take;
        if (fill + take < 64)
            return CTC_OK;
        sha256_blocks(ctx->h, ctx->buf, 1);
    }
    if (len >= 64) {
        sha256_blocks(ctx->h, data, len >> 6);
        data += len & ~(size_t)63;
        len &= 63;
    }
    hash_copy(ctx->buf, data, len);
    return CTC_OK;
#endif
}

/* Pads, writes out_words big-endian words and wipes the context
 * (PROFILE=small: sha256_final_, the words from the state). */
#if CTC_PROFILE_SMALL
void sha256_final_(ctc_sha256_ctx *ctx, uint8_t *out)
{
    /* 0x80, zeros up to 56 mod 64, then the bit length big-endian,
     * whose last byte fills the block and compresses it; then the
     * digest, byte by byte */
    uint64_t bits = ctx->len << 3;
    uint8_t b = 0x80;
    unsigned i;

    do {
        sha256_put(ctx, &b, 1);
        b = 0;
    } while ((ctx->len & 63) != 56);
    do {
        b = (uint8_t)(bits >> 56);
        sha256_put(ctx, &b, 1);
        bits <<= 8;
    } while ((ctx->len & 63) != 0);
    for (i = 0; i < (STATE_IS_224(ctx) ? 28u : 32u); i++)
        out[i] = (uint8_t)(ctx->h[i >> 2] >> (24 - 8 * (i & 3)));
    ct_zeroize(ctx, sizeof *ctx);
}
#else
static void sha256_finish(ctc_sha256_ctx *ctx, uint8_t *out, unsigned out_words)
{
    size_t fill = (size_t)(ctx->len & 63);
    unsigned i;

    ctx->buf[fill++] = 0x80;
    if (fill > 56) {
        hash_zero(ctx->buf + fill, 64 - fill);
        sha256_blocks(ctx->h, ctx->buf, 1);
        fill = 0;
    }
    hash_zero(ctx->buf + fill, 56 - fill);
    hash_st64be(ctx->buf + 56, ctx->len << 3);
    sha256_blocks(ctx->h, ctx->buf, 1);
    for (i = 0; i < out_words; i++)
        hash_st32be(out + 4 * i, ctx->h[i]);
    ct_zeroize(ctx, sizeof *ctx);
}
#endif

int ctc_sha256_init(ctc_sha256_ctx *ctx)
{
    if (ctx == NULL)
        return CTC_ERR_PARAM;
    SHA256_START(ctx, 256);
    return CTC_OK;
}

#if CTC_SHA224
int ctc_sha224_init(ctc_sha224_ctx *ctx)
{
    if (ctx == NULL)
        return CTC_ERR_PARAM;
    SHA256_START(ctx, 224);
    return CTC_OK;
}
#endif

int ctc_sha256_update(ctc_sha256_ctx *ctx, const uint8_t *data, size_t len)
{
    return sha256_absorb(ctx, data, len);
}

#if CTC_SHA224
int ctc_sha224_update(ctc_sha224_ctx *ctx, const uint8_t *data, size_t len)
{
    return sha256_absorb(ctx, data, len);
}
#endif

int ctc_sha256_final(ctc_sha256_ctx *ctx, uint8_t out[32])
{
    if (ctx == NULL || out == NULL || ctx->state != SHA256_STATE)
        return CTC_ERR_PARAM;
    SHA256_FINISH(ctx, out, 8);
    return CTC_OK;
}

#if CTC_SHA224
int ctc_sha224_final(ctc_sha224_ctx *ctx, uint8_t out[28])
{
    if (ctx == NULL || out == NULL || ctx->state != SHA224_STATE)
        return CTC_ERR_PARAM;
    SHA256_FINISH(ctx, out, 7);
    return CTC_OK;
}
#endif

int ctc_sha256(uint8_t out[32], const uint8_t *data, size_t len)
{
    ctc_sha256_ctx ctx;
    int r;

    if (out == NULL)
        return CTC_ERR_PARAM;
    SHA256_START(&ctx, 256);
    r = sha256_absorb(&ctx, data, len);
    if (r == CTC_OK)
        SHA256_FINISH(&ctx, out, 8);
    else
        ct_zeroize(&ctx, sizeof ctx);
    return r;
}

#if CTC_SHA224
int ctc_sha224(uint8_t out[28], const uint8_t *data, size_t len)
{
    ctc_sha224_ctx ctx;
    int r;

    if (out == NULL)
        return CTC_ERR_PARAM;
    SHA256_START(&ctx, 224);
    r = sha256_absorb(&ctx, data, len);
    if (r == CTC_OK)
        SHA256_FINISH(&ctx, out, 7);
    else
        ct_zeroize(&ctx, sizeof ctx);
    return r;
}
#endif

/* ---- for the generic layer (hash.c) ---------------------------------------- */

#if CTC_PROFILE_SMALL
/* PROFILE=small: one function sets the state, from the IV of id (chain
 * NULL) or from a chaining value after one block */
void sha256_resume_(ctc_sha256_ctx *ctx, int id, const uint32_t chain[8])
{
    unsigned v = HASH_IS_224(id), i;    /* the row of sha256_iv */
    const uint32_t *src = chain != NULL ? chain : sha256_iv[v];

#if defined(__GNUC__)
    /* a pointer the compiler cannot see through: the copy stays a loop
     * over the table (with the IV known, gcc -Os otherwise stores each
     * word from a literal of its own: 20 bytes more with LTO) */
    __asm__("" : "+r"(src));
#endif
    for (i = 0; i < 8; i++)
        ctx->h[i] = src[i];
    ctx->len = chain != NULL ? 64 : 0;
    ctx->state = SHA256_STATE - v * (SHA256_STATE - SHA224_STATE);
}

void sha256_init_id_(ctc_sha256_ctx *ctx, int id)
{
    sha256_resume_(ctx, id, NULL);
}
#else
void sha256_init_id_(ctc_sha256_ctx *ctx, int id)
{
#if CTC_SHA224
    if (id == CTC_HASH_SHA224) {
        SHA256_START(ctx, 224);
        return;
    }
#else
    (void)id;
#endif
    SHA256_START(ctx, 256);
}

void sha256_resume_(ctc_sha256_ctx *ctx, int id, const uint32_t chain[8])
{
    unsigned i;

    sha256_init_id_(ctx, id);
    for (i = 0; i < 8; i++)
        ctx->h[i] = chain[i];
    ctx->len = 64;
}
#endif

#if !CTC_PROFILE_SMALL
void sha256_final_(ctc_sha256_ctx *ctx, uint8_t *out)
{
    sha256_finish(ctx, out, STATE_IS_224(ctx) ? 7 : 8);
}
#endif

void sha256_chain_block_(uint32_t out[8], int id, const uint8_t *block)
{
    const uint32_t *iv = HASH_IS_224(id) ? sha256_iv[CTC_SHA224] : IV256;
    unsigned i;

    for (i = 0; i < 8; i++)
        out[i] = iv[i];
    sha256_blocks(out, block, 1);
}

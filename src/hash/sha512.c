/*
 * sha512.c - SHA-384 and SHA-512 (FIPS 180-4): the portable compression
 * function, its dispatch to the accelerated one, and the streaming API
 * (declared in ctcrypto/hash.h; internals in hash_impl.h).
 *
 * Same structure as sha256.c on 64-bit words and 80 rounds: unrolled by 16
 * rounds (PROFILE fast) or one rolled loop (PROFILE small). On 32-bit
 * targets the compiler builds each 64-bit addition from two 32-bit ones
 * with a carry and each rotation from shifts; none of it depends on data.
 */
#include "hash_impl.h"

#if CTC_SHA512

#define SHA384_STATE 0x48a5c384u
#define SHA512_STATE 0x48a5c512u

/* FIPS 180-4 section 4.2.3: the first 64 bits of the fractional parts of
 * the cube roots of the first 80 primes. */
static const uint64_t K512[80] = {
    0x428a2f98d728ae22u, 0x7137449123ef65cdu,
    0xb5c0fbcfec4d3b2fu, 0xe9b5dba58189dbbcu,
    0x3956c25bf348b538u, 0x59f111f1b605d019u,
    0x923f82a4af194f9bu, 0xab1c5ed5da6d8118u,
    0xd807aa98a3030242u, 0x12835b0145706fbeu,
    0x243185be4ee4b28cu, 0x550c7dc3d5ffb4e2u,
    0x72be5d74f27b896fu, 0x80deb1fe3b1696b1u,
    0x9bdc06a725c71235u, 0xc19bf174cf692694u,
    0xe49b69c19ef14ad2u, 0xefbe4786384f25e3u,
    0x0fc19dc68b8cd5b5u, 0x240ca1cc77ac9c65u,
    0x2de92c6f592b0275u, 0x4a7484aa6ea6e483u,
    0x5cb0a9dcbd41fbd4u, 0x76f988da831153b5u,
    0x983e5152ee66dfabu, 0xa831c66d2db43210u,
    0xb00327c898fb213fu, 0xbf597fc7beef0ee4u,
    0xc6e00bf33da88fc2u, 0xd5a79147930aa725u,
    0x06ca6351e003826fu, 0x142929670a0e6e70u,
    0x27b70a8546d22ffcu, 0x2e1b21385c26c926u,
    0x4d2c6dfc5ac42aedu, 0x53380d139d95b3dfu,
    0x650a73548baf63deu, 0x766a0abb3c77b2a8u,
    0x81c2c92e47edaee6u, 0x92722c851482353bu,
    0xa2bfe8a14cf10364u, 0xa81a664bbc423001u,
    0xc24b8b70d0f89791u, 0xc76c51a30654be30u,
    0xd192e819d6ef5218u, 0xd69906245565a910u,
    0xf40e35855771202au, 0x106aa07032bbd1b8u,
    0x19a4c116b8d2d0c8u, 0x1e376c085141ab53u,
    0x2748774cdf8eeb99u, 0x34b0bcb5e19b48a8u,
    0x391c0cb3c5c95a63u, 0x4ed8aa4ae3418acbu,
    0x5b9cca4f7763e373u, 0x682e6ff3d6b2b8a3u,
    0x748f82ee5defb2fcu, 0x78a5636f43172f60u,
    0x84c87814a1f0ab72u, 0x8cc702081a6439ecu,
    0x90befffa23631e28u, 0xa4506cebde82bde9u,
    0xbef9a3f7b2c67915u, 0xc67178f2e372532bu,
    0xca273eceea26619cu, 0xd186b8c721c0c207u,
    0xeada7dd6cde0eb1eu, 0xf57d4f7fee6ed178u,
    0x06f067aa72176fbau, 0x0a637dc5a2c898a6u,
    0x113f9804bef90daeu, 0x1b710b35131c471bu,
    0x28db77f523047d84u, 0x32caab7b40c72493u,
    0x3c9ebe0a15c9bebcu, 0x431d67c49c100d4cu,
    0x4cc5d4becb3e42b6u, 0x597f299cfc657e2au,
    0x5fcb6fab3ad6faecu, 0x6c44198c4a475817u,
};

/* Sections 5.3.5 (SHA-512) and 5.3.4 (SHA-384). */
static const uint64_t IV512[8] = {
    0x6a09e667f3bcc908u, 0xbb67ae8584caa73bu,
    0x3c6ef372fe94f82bu, 0xa54ff53a5f1d36f1u,
    0x510e527fade682d1u, 0x9b05688c2b3e6c1fu,
    0x1f83d9abfb41bd6bu, 0x5be0cd19137e2179u,
};
static const uint64_t IV384[8] = {
    0xcbbb9d5dc1059ed8u, 0x629a292a367cd507u,
    0x9159015a3070dd17u, 0x152fecd8f70e5939u,
    0x67332667ffc00b31u, 0x8eb44a8768581511u,
    0xdb0c2e0d64f98fa7u, 0x47b5481dbefa4fa4u,
};

/*
 * 64-bit additions. Xtensa has no carry flag, and GCC builds a 64-bit
 * addition there with a conditional branch on the carry out of the low
 * word (bltu): a branch on secret data, which the trace checker sees. On
 * Xtensa the carry is computed with logic instead: for s = a + b mod 2^32,
 * the carry is the top bit of (a & b) | ((a | b) & ~s) (both top bits set,
 * or one set and the sum's clear). The barrier keeps the compiler from
 * turning that back into a comparison. Elsewhere the compiler's addition
 * is branch-free (ADDS/ADC on Arm, SLTU on RISC-V, 64-bit registers).
 */
#if defined(__XTENSA__)
CT_INLINE uint64_t add64(uint64_t a, uint64_t b)
{
    uint32_t al = (uint32_t)a, bl = (uint32_t)b;
    uint32_t sl = ct_barrier_u32(al + bl);
    uint32_t carry = ((al & bl) | ((al | bl) & ~sl)) >> 31;
    uint32_t sh = (uint32_t)(a >> 32) + (uint32_t)(b >> 32) + carry;

    return ((uint64_t)sh << 32) | sl;
}
#define ADD(a, b) add64((a), (b))
#else
#define ADD(a, b) ((a) + (b))
#endif

/* Section 4.1.3; Ch and Maj as in sha256.c. */
#define BSIG0(x) (hash_ror64(x, 28) ^ hash_ror64(x, 34) ^ hash_ror64(x, 39))
#define BSIG1(x) (hash_ror64(x, 14) ^ hash_ror64(x, 18) ^ hash_ror64(x, 41))
#define SSIG0(x) (hash_ror64(x, 1) ^ hash_ror64(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (hash_ror64(x, 19) ^ hash_ror64(x, 61) ^ ((x) >> 6))
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

#if !CTC_PROFILE_SMALL

#define ROUND(a, b, c, d, e, f, g, h, k, wv)                          \
    do {                                                              \
        uint64_t t1_ = ADD(ADD(ADD((h), BSIG1(e)), ADD(CH(e, f, g),   \
                                                      (k))), (wv));   \
        (d) = ADD((d), t1_);                                          \
        (h) = ADD(t1_, ADD(BSIG0(a), MAJ(a, b, c)));                  \
    } while (0)

#define WFIRST(j) (w[j])
#define WNEXT(j)                                                      \
    (w[j] = ADD(ADD(w[j], SSIG1(w[((j) + 14) & 15])),                 \
                ADD(w[((j) + 9) & 15], SSIG0(w[((j) + 1) & 15]))))

#define ROUNDS16(i, W)                                                \
    ROUND(a, b, c, d, e, f, g, h, K512[(i) + 0], W(0));               \
    ROUND(h, a, b, c, d, e, f, g, K512[(i) + 1], W(1));               \
    ROUND(g, h, a, b, c, d, e, f, K512[(i) + 2], W(2));               \
    ROUND(f, g, h, a, b, c, d, e, K512[(i) + 3], W(3));               \
    ROUND(e, f, g, h, a, b, c, d, K512[(i) + 4], W(4));               \
    ROUND(d, e, f, g, h, a, b, c, K512[(i) + 5], W(5));               \
    ROUND(c, d, e, f, g, h, a, b, K512[(i) + 6], W(6));               \
    ROUND(b, c, d, e, f, g, h, a, K512[(i) + 7], W(7));               \
    ROUND(a, b, c, d, e, f, g, h, K512[(i) + 8], W(8));               \
    ROUND(h, a, b, c, d, e, f, g, K512[(i) + 9], W(9));               \
    ROUND(g, h, a, b, c, d, e, f, K512[(i) + 10], W(10));             \
    ROUND(f, g, h, a, b, c, d, e, K512[(i) + 11], W(11));             \
    ROUND(e, f, g, h, a, b, c, d, K512[(i) + 12], W(12));             \
    ROUND(d, e, f, g, h, a, b, c, K512[(i) + 13], W(13));             \
    ROUND(c, d, e, f, g, h, a, b, K512[(i) + 14], W(14));             \
    ROUND(b, c, d, e, f, g, h, a, K512[(i) + 15], W(15))

void sha512_blocks_c(uint64_t st[8], const uint8_t *p, size_t n)
{
    uint64_t a, b, c, d, e, f, g, h, w[16];
    unsigned i;

    do {
        for (i = 0; i < 16; i++)
            w[i] = hash_ld64be(p + 8 * i);
        a = st[0]; b = st[1]; c = st[2]; d = st[3];
        e = st[4]; f = st[5]; g = st[6]; h = st[7];
        ROUNDS16(0, WFIRST);
        for (i = 16; i < 80; i += 16) {
            ROUNDS16(i, WNEXT);
        }
        st[0] = ADD(st[0], a); st[1] = ADD(st[1], b);
        st[2] = ADD(st[2], c); st[3] = ADD(st[3], d);
        st[4] = ADD(st[4], e); st[5] = ADD(st[5], f);
        st[6] = ADD(st[6], g); st[7] = ADD(st[7], h);
        p += 128;
    } while (--n);
}

#else /* CTC_PROFILE_SMALL */

void sha512_blocks_c(uint64_t st[8], const uint8_t *p, size_t n)
{
    uint64_t a, b, c, d, e, f, g, h, w[16], t1, t2, wt;
    unsigned t;

    do {
        a = st[0]; b = st[1]; c = st[2]; d = st[3];
        e = st[4]; f = st[5]; g = st[6]; h = st[7];
        for (t = 0; t < 80; t++) {
            if (t < 16)     /* the round number is public */
                wt = hash_ld64be(p + 8 * t);
            else
                wt = ADD(ADD(w[t & 15], SSIG1(w[(t + 14) & 15])),
                         ADD(w[(t + 9) & 15], SSIG0(w[(t + 1) & 15])));
            w[t & 15] = wt;
            t1 = ADD(ADD(ADD(h, BSIG1(e)), ADD(CH(e, f, g), K512[t])), wt);
            t2 = ADD(BSIG0(a), MAJ(a, b, c));
            h = g; g = f; f = e; e = ADD(d, t1);
            d = c; c = b; b = a; a = ADD(t1, t2);
        }
        st[0] = ADD(st[0], a); st[1] = ADD(st[1], b);
        st[2] = ADD(st[2], c); st[3] = ADD(st[3], d);
        st[4] = ADD(st[4], e); st[5] = ADD(st[5], f);
        st[6] = ADD(st[6], g); st[7] = ADD(st[7], h);
        p += 128;
    } while (--n);
}

#endif /* CTC_PROFILE_SMALL */

void sha512_blocks(uint64_t h[8], const uint8_t *p, size_t n)
{
#if HASH_HAVE_ARM64_SHA
    if (hash_caps() & HASH_CAP_SHA512) {
        sha512_blocks_armv8(h, p, n);
        return;
    }
#endif
    sha512_blocks_c(h, p, n);
}

/* ---- streaming ------------------------------------------------------------ */

static void sha512_start(ctc_sha512_ctx *ctx, const uint64_t iv[8], uint32_t state)
{
    unsigned i;

    for (i = 0; i < 8; i++)
        ctx->h[i] = iv[i];
    ctx->len = 0;
    ctx->state = state;
}

/* The byte counter is 64 bits wide: 2^64 - 1 bytes at most. */
#define SHA512_MAX_BYTES (~(uint64_t)0)

static int sha512_absorb(ctc_sha512_ctx *ctx, const uint8_t *data, size_t len)
{
    size_t fill, take;

    if (ctx == NULL || (data == NULL && len != 0))
        return CTC_ERR_PARAM;
    if (ctx->state != SHA384_STATE && ctx->state != SHA512_STATE)
        return CTC_ERR_PARAM;
    if ((uint64_t)len > SHA512_MAX_BYTES - ctx->len)
        return CTC_ERR_LIMIT;
    if (len == 0) /* data may be NULL: no pointer arithmetic on it */
        return CTC_OK;
    fill = (size_t)(ctx->len & 127);
    ctx->len += len;
    if (fill != 0) {
        take = 128 - fill;
        if (take > len)
            take = len;
        hash_copy(ctx->buf + fill, data, take);
        data += take;
        len -= take;
        if (fill + take < 128)
            return CTC_OK;
        sha512_blocks(ctx->h, ctx->buf, 1);
    }
    if (len >= 128) {
        sha512_blocks(ctx->h, data, len >> 7);
        data += len & ~(size_t)127;
        len &= 127;
    }
    hash_copy(ctx->buf, data, len);
    return CTC_OK;
}

/* Pads (the 128-bit length is len * 8: its top word is len >> 61), writes
 * out_words big-endian words and wipes the context. */
static void sha512_finish(ctc_sha512_ctx *ctx, uint8_t *out, unsigned out_words)
{
    size_t fill = (size_t)(ctx->len & 127);
    unsigned i;

    ctx->buf[fill++] = 0x80;
    if (fill > 112) {
        hash_zero(ctx->buf + fill, 128 - fill);
        sha512_blocks(ctx->h, ctx->buf, 1);
        fill = 0;
    }
    hash_zero(ctx->buf + fill, 112 - fill);
    hash_st64be(ctx->buf + 112, ctx->len >> 61);
    hash_st64be(ctx->buf + 120, ctx->len << 3);
    sha512_blocks(ctx->h, ctx->buf, 1);
    for (i = 0; i < out_words; i++)
        hash_st64be(out + 8 * i, ctx->h[i]);
    ct_zeroize(ctx, sizeof *ctx);
}

int ctc_sha512_init(ctc_sha512_ctx *ctx)
{
    if (ctx == NULL)
        return CTC_ERR_PARAM;
    sha512_start(ctx, IV512, SHA512_STATE);
    return CTC_OK;
}

int ctc_sha384_init(ctc_sha384_ctx *ctx)
{
    if (ctx == NULL)
        return CTC_ERR_PARAM;
    sha512_start(ctx, IV384, SHA384_STATE);
    return CTC_OK;
}

int ctc_sha512_update(ctc_sha512_ctx *ctx, const uint8_t *data, size_t len)
{
    return sha512_absorb(ctx, data, len);
}

int ctc_sha384_update(ctc_sha384_ctx *ctx, const uint8_t *data, size_t len)
{
    return sha512_absorb(ctx, data, len);
}

int ctc_sha512_final(ctc_sha512_ctx *ctx, uint8_t out[64])
{
    if (ctx == NULL || out == NULL || ctx->state != SHA512_STATE)
        return CTC_ERR_PARAM;
    sha512_finish(ctx, out, 8);
    return CTC_OK;
}

int ctc_sha384_final(ctc_sha384_ctx *ctx, uint8_t out[48])
{
    if (ctx == NULL || out == NULL || ctx->state != SHA384_STATE)
        return CTC_ERR_PARAM;
    sha512_finish(ctx, out, 6);
    return CTC_OK;
}

int ctc_sha512(uint8_t out[64], const uint8_t *data, size_t len)
{
    ctc_sha512_ctx ctx;
    int r;

    if (out == NULL)
        return CTC_ERR_PARAM;
    sha512_start(&ctx, IV512, SHA512_STATE);
    r = sha512_absorb(&ctx, data, len);
    if (r == CTC_OK)
        sha512_finish(&ctx, out, 8);
    else
        ct_zeroize(&ctx, sizeof ctx);
    return r;
}

int ctc_sha384(uint8_t out[48], const uint8_t *data, size_t len)
{
    ctc_sha384_ctx ctx;
    int r;

    if (out == NULL)
        return CTC_ERR_PARAM;
    sha512_start(&ctx, IV384, SHA384_STATE);
    r = sha512_absorb(&ctx, data, len);
    if (r == CTC_OK)
        sha512_finish(&ctx, out, 6);
    else
        ct_zeroize(&ctx, sizeof ctx);
    return r;
}

/* ---- for the generic layer (hash.c) ---------------------------------------- */

void sha512_init_id_(ctc_sha512_ctx *ctx, int id)
{
    if (id == CTC_HASH_SHA384)
        sha512_start(ctx, IV384, SHA384_STATE);
    else
        sha512_start(ctx, IV512, SHA512_STATE);
}

void sha512_resume_(ctc_sha512_ctx *ctx, int id, const uint64_t chain[8])
{
    unsigned i;

    sha512_init_id_(ctx, id);
    for (i = 0; i < 8; i++)
        ctx->h[i] = chain[i];
    ctx->len = 128;
}

void sha512_final_(ctc_sha512_ctx *ctx, uint8_t *out)
{
    sha512_finish(ctx, out, ctx->state == SHA384_STATE ? 6 : 8);
}

void sha512_chain_block_(uint64_t out[8], int id, const uint8_t *block)
{
    const uint64_t *iv = id == CTC_HASH_SHA384 ? IV384 : IV512;
    unsigned i;

    for (i = 0; i < 8; i++)
        out[i] = iv[i];
    sha512_blocks(out, block, 1);
}

#endif /* CTC_SHA512 */

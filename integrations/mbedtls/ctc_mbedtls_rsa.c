/*
 * ctc_mbedtls_rsa.c - ctcrypto under mbedTLS 3.6's RSA: the functions
 * that MBEDTLS_RSA_ALT (ctc_mbedtls_config.h) removes from rsa.c, over
 * the context of rsa_alt.h (mbedTLS's own fields).
 *
 * ctcrypto (include/ctcrypto/rsa.h) does the public and private
 * operations and the PKCS#1 v1.5 and PSS signatures and verifications
 * when the key has CTC_RSA_MIN_BITS..CTC_RSA_MAX_BITS bits (2048 and up
 * for private keys), e < 2^32 and, for the signatures, the hash is
 * SHA-256, SHA-384 or SHA-512 (for PSS the same hash for the message and
 * for MGF1, as mbedTLS uses one). Everything else goes to the fallback:
 * mbedTLS's own rsa.c, compiled a second time without MBEDTLS_RSA_ALT
 * with its functions renamed ctc_fb_mbedtls_rsa_* (tools/tls.py,
 * tools/tls_emu.py), called with the same context pointer: key import,
 * completion and export, key generation, the key checks, copy and free,
 * RSAES-OAEP and RSAES-PKCS1-v1_5, other sizes and hashes, and every
 * case that ends in an error, so that each error code is mbedTLS's own.
 * (mbedtls_rsa_self_test stays in mbedTLS's rsa.c and calls these.)
 *
 * The ctcrypto key is built from the context's fields on each call
 * (mbedTLS's tests change len, N and E without mbedtls_rsa_complete); the
 * private one, on mbedTLS's heap (struct priv), is wiped after the call. Private operations take their
 * blinding values from the caller's f_rng. docs/tls.md, "RSA".
 */
#define MBEDTLS_ALLOW_PRIVATE_ACCESS
#include <string.h>

#include "mbedtls/build_info.h"
#include "mbedtls/rsa.h"
#include "mbedtls/md.h"
#include "mbedtls/platform.h"
#include "mbedtls/platform_util.h"

#include "ctcrypto/rsa.h"

#if !defined(MBEDTLS_RSA_ALT)
#error "build with -DMBEDTLS_USER_CONFIG_FILE='\"ctc_mbedtls_config.h\"'"
#endif

typedef int (*rng_fn)(void *, unsigned char *, size_t);

/* ---- the fallback: mbedTLS's rsa.c, renamed --------------------------------------- */

int ctc_fb_mbedtls_rsa_import(mbedtls_rsa_context *ctx, const mbedtls_mpi *N,
                              const mbedtls_mpi *P, const mbedtls_mpi *Q,
                              const mbedtls_mpi *D, const mbedtls_mpi *E);
int ctc_fb_mbedtls_rsa_import_raw(mbedtls_rsa_context *ctx,
                                  unsigned char const *N, size_t N_len,
                                  unsigned char const *P, size_t P_len,
                                  unsigned char const *Q, size_t Q_len,
                                  unsigned char const *D, size_t D_len,
                                  unsigned char const *E, size_t E_len);
int ctc_fb_mbedtls_rsa_complete(mbedtls_rsa_context *ctx);
int ctc_fb_mbedtls_rsa_export(const mbedtls_rsa_context *ctx, mbedtls_mpi *N, mbedtls_mpi *P,
                              mbedtls_mpi *Q, mbedtls_mpi *D, mbedtls_mpi *E);
int ctc_fb_mbedtls_rsa_export_raw(const mbedtls_rsa_context *ctx,
                                  unsigned char *N, size_t N_len,
                                  unsigned char *P, size_t P_len,
                                  unsigned char *Q, size_t Q_len,
                                  unsigned char *D, size_t D_len,
                                  unsigned char *E, size_t E_len);
int ctc_fb_mbedtls_rsa_export_crt(const mbedtls_rsa_context *ctx,
                                  mbedtls_mpi *DP, mbedtls_mpi *DQ, mbedtls_mpi *QP);
void ctc_fb_mbedtls_rsa_init(mbedtls_rsa_context *ctx);
int ctc_fb_mbedtls_rsa_set_padding(mbedtls_rsa_context *ctx, int padding,
                                   mbedtls_md_type_t hash_id);
int ctc_fb_mbedtls_rsa_get_padding_mode(const mbedtls_rsa_context *ctx);
int ctc_fb_mbedtls_rsa_get_md_alg(const mbedtls_rsa_context *ctx);
size_t ctc_fb_mbedtls_rsa_get_bitlen(const mbedtls_rsa_context *ctx);
size_t ctc_fb_mbedtls_rsa_get_len(const mbedtls_rsa_context *ctx);
int ctc_fb_mbedtls_rsa_gen_key(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                               unsigned int nbits, int exponent);
int ctc_fb_mbedtls_rsa_check_pubkey(const mbedtls_rsa_context *ctx);
int ctc_fb_mbedtls_rsa_check_privkey(const mbedtls_rsa_context *ctx);
int ctc_fb_mbedtls_rsa_check_pub_priv(const mbedtls_rsa_context *pub,
                                      const mbedtls_rsa_context *prv);
int ctc_fb_mbedtls_rsa_public(mbedtls_rsa_context *ctx, const unsigned char *input,
                              unsigned char *output);
int ctc_fb_mbedtls_rsa_private(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                               const unsigned char *input, unsigned char *output);
int ctc_fb_mbedtls_rsa_pkcs1_encrypt(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                                     size_t ilen, const unsigned char *input,
                                     unsigned char *output);
int ctc_fb_mbedtls_rsa_rsaes_pkcs1_v15_encrypt(mbedtls_rsa_context *ctx, rng_fn f_rng,
                                               void *p_rng, size_t ilen,
                                               const unsigned char *input,
                                               unsigned char *output);
int ctc_fb_mbedtls_rsa_rsaes_oaep_encrypt(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                                          const unsigned char *label, size_t label_len,
                                          size_t ilen, const unsigned char *input,
                                          unsigned char *output);
int ctc_fb_mbedtls_rsa_pkcs1_decrypt(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                                     size_t *olen, const unsigned char *input,
                                     unsigned char *output, size_t output_max_len);
int ctc_fb_mbedtls_rsa_rsaes_pkcs1_v15_decrypt(mbedtls_rsa_context *ctx, rng_fn f_rng,
                                               void *p_rng, size_t *olen,
                                               const unsigned char *input,
                                               unsigned char *output, size_t output_max_len);
int ctc_fb_mbedtls_rsa_rsaes_oaep_decrypt(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                                          const unsigned char *label, size_t label_len,
                                          size_t *olen, const unsigned char *input,
                                          unsigned char *output, size_t output_max_len);
int ctc_fb_mbedtls_rsa_rsassa_pkcs1_v15_sign(mbedtls_rsa_context *ctx, rng_fn f_rng,
                                             void *p_rng, mbedtls_md_type_t md_alg,
                                             unsigned int hashlen, const unsigned char *hash,
                                             unsigned char *sig);
int ctc_fb_mbedtls_rsa_rsassa_pss_sign_ext(mbedtls_rsa_context *ctx, rng_fn f_rng,
                                           void *p_rng, mbedtls_md_type_t md_alg,
                                           unsigned int hashlen, const unsigned char *hash,
                                           int saltlen, unsigned char *sig);
int ctc_fb_mbedtls_rsa_rsassa_pss_sign_no_mode_check(mbedtls_rsa_context *ctx, rng_fn f_rng,
                                                     void *p_rng, mbedtls_md_type_t md_alg,
                                                     unsigned int hashlen,
                                                     const unsigned char *hash,
                                                     unsigned char *sig);
int ctc_fb_mbedtls_rsa_rsassa_pkcs1_v15_verify(mbedtls_rsa_context *ctx,
                                               mbedtls_md_type_t md_alg, unsigned int hashlen,
                                               const unsigned char *hash,
                                               const unsigned char *sig);
int ctc_fb_mbedtls_rsa_rsassa_pss_verify_ext(mbedtls_rsa_context *ctx,
                                             mbedtls_md_type_t md_alg, unsigned int hashlen,
                                             const unsigned char *hash,
                                             mbedtls_md_type_t mgf1_hash_id,
                                             int expected_salt_len, const unsigned char *sig);
int ctc_fb_mbedtls_rsa_copy(mbedtls_rsa_context *dst, const mbedtls_rsa_context *src);
void ctc_fb_mbedtls_rsa_free(mbedtls_rsa_context *ctx);

/* declared in mbedTLS's library/rsa_internal.h (PSA's RSA-PSS signature) */
int mbedtls_rsa_rsassa_pss_sign_no_mode_check(mbedtls_rsa_context *ctx, rng_fn f_rng,
                                              void *p_rng, mbedtls_md_type_t md_alg,
                                              unsigned int hashlen, const unsigned char *hash,
                                              unsigned char *sig);

/* Calls that ctcrypto has taken (the fast path); glue_test reads it to
 * check that its RSA-2048 operations did not go to the fallback. A plain
 * counter, so not kept under MBEDTLS_THREADING_C (it would be a race). */
unsigned long ctc_mbedtls_rsa_fast_calls;
#if defined(MBEDTLS_THREADING_C)
#define FAST_CALL() ((void) 0)
#else
#define FAST_CALL() (ctc_mbedtls_rsa_fast_calls++)
#endif

/* ---- keys from the context --------------------------------------------------------- */

/* ctcrypto's hash id of an mbedTLS hash, or -1 for one it does not have */
static int hash_of(mbedtls_md_type_t md)
{
    switch (md) {
        case MBEDTLS_MD_SHA256: return CTC_HASH_SHA256;
        case MBEDTLS_MD_SHA384: return CTC_HASH_SHA384;
        case MBEDTLS_MD_SHA512: return CTC_HASH_SHA512;
        default: return -1;
    }
}

/* the checks of mbedTLS's rsa_check_context that a public key needs */
static int public_fields_ok(const mbedtls_rsa_context *ctx)
{
    return ctx->len >= CTC_RSA_MIN_BITS / 8 && ctx->len <= CTC_RSA_MAX_BYTES &&
           ctx->len == mbedtls_mpi_size(&ctx->N) && mbedtls_mpi_cmp_int(&ctx->N, 0) > 0 &&
           mbedtls_mpi_cmp_int(&ctx->E, 0) > 0 && mbedtls_mpi_size(&ctx->E) <= 4;
}

/* key = (N, E) of ctx; 0, or -1 when ctcrypto cannot take them */
static int public_key_of(ctc_rsa_public_key *key, const mbedtls_rsa_context *ctx)
{
    uint8_t n[CTC_RSA_MAX_BYTES], e[4];

    if (!public_fields_ok(ctx) ||
        mbedtls_mpi_write_binary(&ctx->N, n, ctx->len) != 0 ||
        mbedtls_mpi_write_binary(&ctx->E, e, sizeof e) != 0)
        return -1;
    return ctc_rsa_public_key_import(key, n, ctx->len, e, sizeof e) == CTC_OK ? 0 : -1;
}

/* the length each secret part is written with: at least half of N's bytes
 * plus one, at most the h + 1 limbs ctc_rsa_private_key_import accepts
 * (h = half of N's limbs, rounded up); the same for every key of a size */
#define PART_BYTES(len) (((len) + 1) / 2 + 1)

/* A private key with the bytes it is imported from and a copy of the
 * input, on mbedTLS's heap as mbedTLS's own RSA keeps its temporaries:
 * about 2.7 KiB at CTC_RSA_MAX_BITS = 2048 that the stack of a bare-metal
 * image (8 KiB on the Cortex-M0 board) cannot spare beside ctcrypto's
 * private operation. */
struct priv {
    ctc_rsa_private_key key;
    uint8_t n[CTC_RSA_MAX_BYTES], e[4];
    uint8_t part[5][PART_BYTES(CTC_RSA_MAX_BYTES)];
    uint8_t in[CTC_RSA_MAX_BYTES];
};

static void priv_free(struct priv *w)
{
    mbedtls_platform_zeroize(w, sizeof *w);
    mbedtls_free(w);
}

/* The private key of ctx (N, E, P, Q, DP, DQ, QP), or NULL when ctcrypto
 * cannot take it (a part missing, a key below 2048 bits or whose parts do
 * not agree: the fallback then gives mbedTLS's answer) or there is no
 * memory (the fallback then fails as mbedTLS does). The parts are written
 * at a fixed length, so only N's size decides the path; their bytes are
 * wiped once imported. Release with priv_free. */
static struct priv *private_key_of(const mbedtls_rsa_context *ctx)
{
    const mbedtls_mpi *src[5];
    struct priv *w;
    size_t pl, i;
    int ok;

    if (!public_fields_ok(ctx) || mbedtls_mpi_cmp_int(&ctx->P, 0) <= 0 ||
        mbedtls_mpi_cmp_int(&ctx->Q, 0) <= 0 || mbedtls_mpi_cmp_int(&ctx->DP, 0) <= 0 ||
        mbedtls_mpi_cmp_int(&ctx->DQ, 0) <= 0 || mbedtls_mpi_cmp_int(&ctx->QP, 0) <= 0)
        return NULL;
    w = mbedtls_calloc(1, sizeof *w);
    if (w == NULL)
        return NULL;
    pl = PART_BYTES(ctx->len);
    src[0] = &ctx->P;
    src[1] = &ctx->Q;
    src[2] = &ctx->DP;
    src[3] = &ctx->DQ;
    src[4] = &ctx->QP;
    ok = mbedtls_mpi_write_binary(&ctx->N, w->n, ctx->len) == 0 &&
         mbedtls_mpi_write_binary(&ctx->E, w->e, sizeof w->e) == 0;
    for (i = 0; i < 5; i++)
        ok &= mbedtls_mpi_write_binary(src[i], w->part[i], pl) == 0;
    ok = ok && ctc_rsa_private_key_import(&w->key, w->n, ctx->len, w->e, sizeof w->e,
                                          w->part[0], pl, w->part[1], pl, w->part[2], pl,
                                          w->part[3], pl, w->part[4], pl) == CTC_OK;
    mbedtls_platform_zeroize(w->part, sizeof w->part);
    if (!ok) {
        priv_free(w);
        return NULL;
    }
    return w;
}

/* f_rng as ctcrypto's generator */
struct rng {
    rng_fn f_rng;
    void *p_rng;
};

static int rng_call(void *ctx, uint8_t *out, size_t len)
{
    struct rng *r = ctx;

    return r->f_rng(r->p_rng, out, len) != 0;
}

/* ---- the operations ------------------------------------------------------------- */

/* see mbedtls/rsa.h */
int mbedtls_rsa_public(mbedtls_rsa_context *ctx, const unsigned char *input,
                       unsigned char *output)
{
    ctc_rsa_public_key key;
    uint8_t in[CTC_RSA_MAX_BYTES];

    /* mbedTLS allows input == output; ctcrypto does not */
    if (public_key_of(&key, ctx) == 0) {
        memcpy(in, input, ctx->len);
        if (ctc_rsa_public(output, ctx->len, &key, in, ctx->len) == CTC_OK) {
            FAST_CALL();
            return 0;
        }
    }
    /* an input >= N: mbedTLS's error */
    return ctc_fb_mbedtls_rsa_public(ctx, input, output);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_private(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                        const unsigned char *input, unsigned char *output)
{
    struct priv *w;
    struct rng r;
    int ret;

    if (f_rng != NULL && (w = private_key_of(ctx)) != NULL) {
        r.f_rng = f_rng;
        r.p_rng = p_rng;
        /* mbedTLS allows input == output; ctcrypto does not */
        memcpy(w->in, input, ctx->len);
        ret = ctc_rsa_private(output, ctx->len, &w->key, w->in, ctx->len, rng_call, &r);
        priv_free(w);
        if (ret == CTC_OK) {
            FAST_CALL();
            return 0;
        }
    }
    /* no f_rng, a key ctcrypto does not take, an input >= N, a failed
     * f_rng or result check: mbedTLS's answer (the result check again,
     * and its error codes) */
    return ctc_fb_mbedtls_rsa_private(ctx, f_rng, p_rng, input, output);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_rsassa_pkcs1_v15_sign(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                                      mbedtls_md_type_t md_alg, unsigned int hashlen,
                                      const unsigned char *hash, unsigned char *sig)
{
    struct priv *w;
    struct rng r;
    int h = hash_of(md_alg);

    if (h >= 0 && hash != NULL && f_rng != NULL && ctx->padding == MBEDTLS_RSA_PKCS_V15 &&
        hashlen == mbedtls_md_get_size_from_type(md_alg) && (w = private_key_of(ctx)) != NULL) {
        int ret;

        r.f_rng = f_rng;
        r.p_rng = p_rng;
        ret = ctc_rsa_pkcs1_sign(sig, ctx->len, &w->key, h, hash, hashlen, rng_call, &r);
        priv_free(w);
        if (ret == CTC_OK) {
            FAST_CALL();
            return 0;
        }
    }
    return ctc_fb_mbedtls_rsa_rsassa_pkcs1_v15_sign(ctx, f_rng, p_rng, md_alg, hashlen, hash,
                                                    sig);
}

/* PSS signature as mbedTLS's rsa_rsassa_pss_sign_no_mode_check (md_alg
 * gives the hash's length; the hash of M' and of MGF1 is ctx->hash_id, or
 * md_alg when it is none): ctcrypto when both hashes are one of its own;
 * -> 0 or 1 (not done: the fallback's turn) */
static int pss_sign(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                    mbedtls_md_type_t md_alg, unsigned int hashlen, const unsigned char *hash,
                    int saltlen, unsigned char *sig)
{
    mbedtls_md_type_t mgf = ctx->hash_id != MBEDTLS_MD_NONE ?
                            (mbedtls_md_type_t) ctx->hash_id : md_alg;
    struct priv *w;
    struct rng r;
    size_t hlen, slen;
    int h = hash_of(md_alg), ret;

    if (h < 0 || mgf != md_alg || hash == NULL || f_rng == NULL)
        return 1;
    hlen = mbedtls_md_get_size_from_type(md_alg);
    if (hashlen != hlen)
        return 1;
    if (saltlen == MBEDTLS_RSA_SALT_LEN_ANY) {
        /* mbedTLS's choice: the hash's length, or what fits if less, down
         * to hlen - 2 */
        if (ctx->len < 2 * hlen)
            return 1;
        slen = ctx->len >= 2 * hlen + 2 ? hlen : ctx->len - hlen - 2;
    } else if (saltlen < 0) {
        return 1;
    } else {
        slen = (size_t) saltlen;
    }
    if ((w = private_key_of(ctx)) == NULL)
        return 1;
    r.f_rng = f_rng;
    r.p_rng = p_rng;
    ret = ctc_rsa_pss_sign(sig, ctx->len, &w->key, h, h, slen, hash, hashlen, rng_call, &r);
    priv_free(w);
    if (ret != CTC_OK)
        return 1;
    FAST_CALL();
    return 0;
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_rsassa_pss_sign_ext(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                                    mbedtls_md_type_t md_alg, unsigned int hashlen,
                                    const unsigned char *hash, int saltlen, unsigned char *sig)
{
    if (ctx->padding == MBEDTLS_RSA_PKCS_V21 &&
        pss_sign(ctx, f_rng, p_rng, md_alg, hashlen, hash, saltlen, sig) == 0)
        return 0;
    return ctc_fb_mbedtls_rsa_rsassa_pss_sign_ext(ctx, f_rng, p_rng, md_alg, hashlen, hash,
                                                  saltlen, sig);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_rsassa_pss_sign(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                                mbedtls_md_type_t md_alg, unsigned int hashlen,
                                const unsigned char *hash, unsigned char *sig)
{
    return mbedtls_rsa_rsassa_pss_sign_ext(ctx, f_rng, p_rng, md_alg, hashlen, hash,
                                           MBEDTLS_RSA_SALT_LEN_ANY, sig);
}

/* see mbedTLS's library/rsa_internal.h */
int mbedtls_rsa_rsassa_pss_sign_no_mode_check(mbedtls_rsa_context *ctx, rng_fn f_rng,
                                              void *p_rng, mbedtls_md_type_t md_alg,
                                              unsigned int hashlen, const unsigned char *hash,
                                              unsigned char *sig)
{
    if (pss_sign(ctx, f_rng, p_rng, md_alg, hashlen, hash, MBEDTLS_RSA_SALT_LEN_ANY, sig) == 0)
        return 0;
    return ctc_fb_mbedtls_rsa_rsassa_pss_sign_no_mode_check(ctx, f_rng, p_rng, md_alg,
                                                            hashlen, hash, sig);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_pkcs1_sign(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                           mbedtls_md_type_t md_alg, unsigned int hashlen,
                           const unsigned char *hash, unsigned char *sig)
{
    if ((md_alg != MBEDTLS_MD_NONE || hashlen != 0) && hash == NULL)
        return MBEDTLS_ERR_RSA_BAD_INPUT_DATA;
    switch (ctx->padding) {
#if defined(MBEDTLS_PKCS1_V15)
        case MBEDTLS_RSA_PKCS_V15:
            return mbedtls_rsa_rsassa_pkcs1_v15_sign(ctx, f_rng, p_rng, md_alg, hashlen, hash,
                                                     sig);
#endif
#if defined(MBEDTLS_PKCS1_V21)
        case MBEDTLS_RSA_PKCS_V21:
            return mbedtls_rsa_rsassa_pss_sign(ctx, f_rng, p_rng, md_alg, hashlen, hash, sig);
#endif
        default:
            return MBEDTLS_ERR_RSA_INVALID_PADDING;
    }
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_rsassa_pkcs1_v15_verify(mbedtls_rsa_context *ctx, mbedtls_md_type_t md_alg,
                                        unsigned int hashlen, const unsigned char *hash,
                                        const unsigned char *sig)
{
    ctc_rsa_public_key key;
    int h = hash_of(md_alg);

    if (h >= 0 && hash != NULL && hashlen == mbedtls_md_get_size_from_type(md_alg) &&
        public_key_of(&key, ctx) == 0) {
        int ret = ctc_rsa_pkcs1_verify(&key, h, hash, hashlen, sig, ctx->len);

        if (ret == CTC_OK || ret == CTC_ERR_SIGNATURE) {
            FAST_CALL();
            /* mbedTLS compares the whole encoded message too: any
             * difference is its VERIFY_FAILED */
            return ret == CTC_OK ? 0 : MBEDTLS_ERR_RSA_VERIFY_FAILED;
        }
    }
    /* a signature >= N, other hashes and sizes */
    return ctc_fb_mbedtls_rsa_rsassa_pkcs1_v15_verify(ctx, md_alg, hashlen, hash, sig);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_rsassa_pss_verify_ext(mbedtls_rsa_context *ctx, mbedtls_md_type_t md_alg,
                                      unsigned int hashlen, const unsigned char *hash,
                                      mbedtls_md_type_t mgf1_hash_id, int expected_salt_len,
                                      const unsigned char *sig)
{
    ctc_rsa_public_key key;
    int h = hash_of(md_alg);

    /* mbedTLS hashes M' with the MGF1 hash: ctcrypto takes the case where
     * it is md_alg */
    if (h >= 0 && mgf1_hash_id == md_alg && hash != NULL &&
        hashlen == mbedtls_md_get_size_from_type(md_alg) &&
        (expected_salt_len >= 0 || expected_salt_len == MBEDTLS_RSA_SALT_LEN_ANY) &&
        public_key_of(&key, ctx) == 0 &&
        ctc_rsa_pss_verify(&key, h, h, expected_salt_len == MBEDTLS_RSA_SALT_LEN_ANY ?
                           CTC_RSA_PSS_SALT_ANY : (size_t) expected_salt_len,
                           hash, hashlen, sig, ctx->len) == CTC_OK) {
        FAST_CALL();
        return 0;
    }
    /* a signature that does not verify: mbedTLS tells INVALID_PADDING
     * from VERIFY_FAILED, ctcrypto does not; the fallback's verdict and
     * code */
    return ctc_fb_mbedtls_rsa_rsassa_pss_verify_ext(ctx, md_alg, hashlen, hash, mgf1_hash_id,
                                                    expected_salt_len, sig);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_rsassa_pss_verify(mbedtls_rsa_context *ctx, mbedtls_md_type_t md_alg,
                                  unsigned int hashlen, const unsigned char *hash,
                                  const unsigned char *sig)
{
    if ((md_alg != MBEDTLS_MD_NONE || hashlen != 0) && hash == NULL)
        return MBEDTLS_ERR_RSA_BAD_INPUT_DATA;
    return mbedtls_rsa_rsassa_pss_verify_ext(ctx, md_alg, hashlen, hash,
                                             ctx->hash_id != MBEDTLS_MD_NONE ?
                                             (mbedtls_md_type_t) ctx->hash_id : md_alg,
                                             MBEDTLS_RSA_SALT_LEN_ANY, sig);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_pkcs1_verify(mbedtls_rsa_context *ctx, mbedtls_md_type_t md_alg,
                             unsigned int hashlen, const unsigned char *hash,
                             const unsigned char *sig)
{
    if ((md_alg != MBEDTLS_MD_NONE || hashlen != 0) && hash == NULL)
        return MBEDTLS_ERR_RSA_BAD_INPUT_DATA;
    switch (ctx->padding) {
#if defined(MBEDTLS_PKCS1_V15)
        case MBEDTLS_RSA_PKCS_V15:
            return mbedtls_rsa_rsassa_pkcs1_v15_verify(ctx, md_alg, hashlen, hash, sig);
#endif
#if defined(MBEDTLS_PKCS1_V21)
        case MBEDTLS_RSA_PKCS_V21:
            return mbedtls_rsa_rsassa_pss_verify(ctx, md_alg, hashlen, hash, sig);
#endif
        default:
            return MBEDTLS_ERR_RSA_INVALID_PADDING;
    }
}

/* ---- the rest: the fallback's --------------------------------------------------- */

/* see mbedtls/rsa.h */
int mbedtls_rsa_import(mbedtls_rsa_context *ctx, const mbedtls_mpi *N, const mbedtls_mpi *P,
                       const mbedtls_mpi *Q, const mbedtls_mpi *D, const mbedtls_mpi *E)
{
    return ctc_fb_mbedtls_rsa_import(ctx, N, P, Q, D, E);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_import_raw(mbedtls_rsa_context *ctx, unsigned char const *N, size_t N_len,
                           unsigned char const *P, size_t P_len,
                           unsigned char const *Q, size_t Q_len,
                           unsigned char const *D, size_t D_len,
                           unsigned char const *E, size_t E_len)
{
    return ctc_fb_mbedtls_rsa_import_raw(ctx, N, N_len, P, P_len, Q, Q_len, D, D_len, E, E_len);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_complete(mbedtls_rsa_context *ctx)
{
    return ctc_fb_mbedtls_rsa_complete(ctx);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_export(const mbedtls_rsa_context *ctx, mbedtls_mpi *N, mbedtls_mpi *P,
                       mbedtls_mpi *Q, mbedtls_mpi *D, mbedtls_mpi *E)
{
    return ctc_fb_mbedtls_rsa_export(ctx, N, P, Q, D, E);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_export_raw(const mbedtls_rsa_context *ctx, unsigned char *N, size_t N_len,
                           unsigned char *P, size_t P_len, unsigned char *Q, size_t Q_len,
                           unsigned char *D, size_t D_len, unsigned char *E, size_t E_len)
{
    return ctc_fb_mbedtls_rsa_export_raw(ctx, N, N_len, P, P_len, Q, Q_len, D, D_len, E, E_len);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_export_crt(const mbedtls_rsa_context *ctx, mbedtls_mpi *DP, mbedtls_mpi *DQ,
                           mbedtls_mpi *QP)
{
    return ctc_fb_mbedtls_rsa_export_crt(ctx, DP, DQ, QP);
}

/* see mbedtls/rsa.h */
void mbedtls_rsa_init(mbedtls_rsa_context *ctx)
{
    ctc_fb_mbedtls_rsa_init(ctx);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_set_padding(mbedtls_rsa_context *ctx, int padding, mbedtls_md_type_t hash_id)
{
    return ctc_fb_mbedtls_rsa_set_padding(ctx, padding, hash_id);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_get_padding_mode(const mbedtls_rsa_context *ctx)
{
    return ctc_fb_mbedtls_rsa_get_padding_mode(ctx);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_get_md_alg(const mbedtls_rsa_context *ctx)
{
    return ctc_fb_mbedtls_rsa_get_md_alg(ctx);
}

/* see mbedtls/rsa.h */
size_t mbedtls_rsa_get_bitlen(const mbedtls_rsa_context *ctx)
{
    return ctc_fb_mbedtls_rsa_get_bitlen(ctx);
}

/* see mbedtls/rsa.h */
size_t mbedtls_rsa_get_len(const mbedtls_rsa_context *ctx)
{
    return ctc_fb_mbedtls_rsa_get_len(ctx);
}

#if defined(MBEDTLS_GENPRIME)
/* see mbedtls/rsa.h */
int mbedtls_rsa_gen_key(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                        unsigned int nbits, int exponent)
{
    return ctc_fb_mbedtls_rsa_gen_key(ctx, f_rng, p_rng, nbits, exponent);
}
#endif

/* see mbedtls/rsa.h */
int mbedtls_rsa_check_pubkey(const mbedtls_rsa_context *ctx)
{
    return ctc_fb_mbedtls_rsa_check_pubkey(ctx);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_check_privkey(const mbedtls_rsa_context *ctx)
{
    return ctc_fb_mbedtls_rsa_check_privkey(ctx);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_check_pub_priv(const mbedtls_rsa_context *pub, const mbedtls_rsa_context *prv)
{
    return ctc_fb_mbedtls_rsa_check_pub_priv(pub, prv);
}

#if defined(MBEDTLS_PKCS1_V15)
/* see mbedtls/rsa.h */
int mbedtls_rsa_rsaes_pkcs1_v15_encrypt(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                                        size_t ilen, const unsigned char *input,
                                        unsigned char *output)
{
    return ctc_fb_mbedtls_rsa_rsaes_pkcs1_v15_encrypt(ctx, f_rng, p_rng, ilen, input, output);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_rsaes_pkcs1_v15_decrypt(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                                        size_t *olen, const unsigned char *input,
                                        unsigned char *output, size_t output_max_len)
{
    return ctc_fb_mbedtls_rsa_rsaes_pkcs1_v15_decrypt(ctx, f_rng, p_rng, olen, input, output,
                                                      output_max_len);
}
#endif

#if defined(MBEDTLS_PKCS1_V21)
/* see mbedtls/rsa.h */
int mbedtls_rsa_rsaes_oaep_encrypt(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                                   const unsigned char *label, size_t label_len, size_t ilen,
                                   const unsigned char *input, unsigned char *output)
{
    return ctc_fb_mbedtls_rsa_rsaes_oaep_encrypt(ctx, f_rng, p_rng, label, label_len, ilen,
                                                 input, output);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_rsaes_oaep_decrypt(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                                   const unsigned char *label, size_t label_len, size_t *olen,
                                   const unsigned char *input, unsigned char *output,
                                   size_t output_max_len)
{
    return ctc_fb_mbedtls_rsa_rsaes_oaep_decrypt(ctx, f_rng, p_rng, label, label_len, olen,
                                                 input, output, output_max_len);
}
#endif

/* see mbedtls/rsa.h */
int mbedtls_rsa_pkcs1_encrypt(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                              size_t ilen, const unsigned char *input, unsigned char *output)
{
    return ctc_fb_mbedtls_rsa_pkcs1_encrypt(ctx, f_rng, p_rng, ilen, input, output);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_pkcs1_decrypt(mbedtls_rsa_context *ctx, rng_fn f_rng, void *p_rng,
                              size_t *olen, const unsigned char *input, unsigned char *output,
                              size_t output_max_len)
{
    return ctc_fb_mbedtls_rsa_pkcs1_decrypt(ctx, f_rng, p_rng, olen, input, output,
                                            output_max_len);
}

/* see mbedtls/rsa.h */
int mbedtls_rsa_copy(mbedtls_rsa_context *dst, const mbedtls_rsa_context *src)
{
    return ctc_fb_mbedtls_rsa_copy(dst, src);
}

/* see mbedtls/rsa.h */
void mbedtls_rsa_free(mbedtls_rsa_context *ctx)
{
    ctc_fb_mbedtls_rsa_free(ctx);
}

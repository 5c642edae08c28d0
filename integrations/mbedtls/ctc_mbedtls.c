/*
 * ctc_mbedtls.c - ctcrypto under mbedTLS 3.6: the functions that the
 * *_ALT macros of ctc_mbedtls_config.h remove from ecdsa.c and ecdh.c.
 *
 * P-256 and P-384 go to ctcrypto (include/ctcrypto/ec.h): the glue only
 * converts between mbedTLS's bignums and points and ctcrypto's fixed-size
 * big-endian byte strings, wipes the secret ones, and maps error codes.
 * Every other curve runs the generic code at the end of this file, written
 * over mbedTLS's public ECP and bignum functions (mbedTLS's own versions
 * are compiled out by the same macros).
 *
 * Signing (docs/tls.md): ctcrypto's nonce is RFC 6979's, hedged with
 * random bytes from f_rng. mbedTLS's deterministic signature
 * (mbedtls_ecdsa_sign_det_ext, which the pk layer and TLS use) reaches
 * mbedtls_ecdsa_sign with f_rng = mbedtls_hmac_drbg_random, a DRBG seeded
 * with RFC 6979's (key, hash) input: then the signature is ctcrypto's
 * unhedged RFC 6979 one when the DRBG's hash has the message hash's
 * length (the hash RFC 6979 would use), and otherwise the generic code
 * draws the nonce from that DRBG, which is RFC 6979 too.
 */
#include <string.h>

#include "mbedtls/build_info.h"
#include "mbedtls/ecdsa.h"
#include "mbedtls/ecdh.h"
#include "mbedtls/hmac_drbg.h"
#include "mbedtls/md.h"
#include "mbedtls/platform_util.h"

#include "ctcrypto/ec.h"

#if !defined(MBEDTLS_ECDSA_SIGN_ALT) || !defined(MBEDTLS_ECDSA_VERIFY_ALT) || \
    !defined(MBEDTLS_ECDSA_GENKEY_ALT) || !defined(MBEDTLS_ECDH_GEN_PUBLIC_ALT) || \
    !defined(MBEDTLS_ECDH_COMPUTE_SHARED_ALT)
#error "build with -DMBEDTLS_USER_CONFIG_FILE='\"ctc_mbedtls_config.h\"'"
#endif

#define MAX_SCALAR 48
#define MAX_PUB 97
#define MAX_SIG 96

/* one curve's ctcrypto functions */
struct ctc_curve {
    size_t bytes;               /* scalar, coordinate and shared-secret size */
    int (*public_key)(uint8_t *pub, const uint8_t *priv);
    int (*ecdh)(uint8_t *shared, const uint8_t *priv, const uint8_t *peer, size_t peer_len);
    int (*sign)(uint8_t *sig, const uint8_t *priv, const uint8_t *h, size_t h_len,
                const uint8_t *extra, size_t extra_len);
    int (*verify)(const uint8_t *pub, size_t pub_len, const uint8_t *h, size_t h_len,
                  const uint8_t *sig, size_t sig_len);
};

/* each under the condition of its use in curve_of (a configuration with
 * one of the curves, such as baremetal_config.h, has no unused table) */
#if defined(MBEDTLS_ECP_DP_SECP256R1_ENABLED) && CTC_EC_P256
static const struct ctc_curve P256 = {
    32, ctc_p256_public_key, ctc_ecdh_p256, ctc_ecdsa_p256_sign, ctc_ecdsa_p256_verify
};
#endif
#if defined(MBEDTLS_ECP_DP_SECP384R1_ENABLED) && CTC_EC_P384
static const struct ctc_curve P384 = {
    48, ctc_p384_public_key, ctc_ecdh_p384, ctc_ecdsa_p384_sign, ctc_ecdsa_p384_verify
};
#endif

/* -> ctcrypto's curve for the group, or NULL: mbedTLS's arithmetic */
static const struct ctc_curve *curve_of(const mbedtls_ecp_group *grp)
{
    switch (grp->id) {
#if defined(MBEDTLS_ECP_DP_SECP256R1_ENABLED) && CTC_EC_P256
    case MBEDTLS_ECP_DP_SECP256R1:
        return &P256;
#endif
#if defined(MBEDTLS_ECP_DP_SECP384R1_ENABLED) && CTC_EC_P384
    case MBEDTLS_ECP_DP_SECP384R1:
        return &P384;
#endif
    default:
        return NULL;
    }
}

/*
 * A private key as c->bytes big-endian bytes. Only what is public about d
 * is checked here (its sign, and that it fits): whether it is in
 * [1, n - 1] is ctcrypto's check, in constant time (CTC_ERR_KEY), where
 * mbedtls_mpi_cmp_mpi would compare the secret limb by limb and stop at
 * the first difference.
 */
static int priv_bytes(uint8_t *out, const struct ctc_curve *c, const mbedtls_mpi *d)
{
    if (d->MBEDTLS_PRIVATE(s) < 0 || mbedtls_mpi_write_binary(d, out, c->bytes) != 0) {
        return MBEDTLS_ERR_ECP_INVALID_KEY;
    }
    return 0;
}

/* a point as an uncompressed SEC1 string (the zero point: one 00 byte) */
static int point_bytes(uint8_t *out, size_t *len, const mbedtls_ecp_group *grp,
                       const mbedtls_ecp_point *Q)
{
    return mbedtls_ecp_point_write_binary(grp, Q, MBEDTLS_ECP_PF_UNCOMPRESSED, len, out,
                                          MAX_PUB);
}

/*
 * A key pair into (d, Q): d by rejection sampling (FIPS 186-5 A.2.2, as
 * mbedtls_ecp_gen_privkey does: c->bytes random bytes, drawn again while
 * they are not in [1, n - 1], at most 30 times), so the generator's
 * output gives the same key as mbedTLS's own code; Q = d G by ctcrypto,
 * whose range check on d is the rejection test.
 */
static int ctc_keypair(const struct ctc_curve *c, mbedtls_ecp_group *grp, mbedtls_mpi *d,
                       mbedtls_ecp_point *Q, int (*f_rng)(void *, unsigned char *, size_t),
                       void *p_rng)
{
    uint8_t priv[MAX_SCALAR], pub[MAX_PUB];
    int ret = MBEDTLS_ERR_ECP_RANDOM_FAILED, tries, r;

    if (f_rng == NULL) {
        return MBEDTLS_ERR_ECP_BAD_INPUT_DATA;
    }
    for (tries = 0; tries < 30; tries++) {
        r = f_rng(p_rng, priv, c->bytes);
        if (r != 0) {
            ret = r;
            break;
        }
        /* whether a candidate is rejected is public (it is not the key) */
        if (c->public_key(pub, priv) == 0) {
            ret = 0;
            break;
        }
    }
    if (ret == 0) {
        ret = mbedtls_mpi_read_binary(d, priv, c->bytes);
    }
    if (ret == 0) {
        ret = mbedtls_ecp_point_read_binary(grp, Q, pub, 2 * c->bytes + 1);
    }
    mbedtls_platform_zeroize(priv, sizeof(priv));
    return ret;
}

/* ---- the generic code: curves that ctcrypto does not have ---------------------- */

/* x = the leftmost bits of the hash, as many as n has, reduced mod n */
static int hash_to_mpi(const mbedtls_ecp_group *grp, mbedtls_mpi *x, const unsigned char *buf,
                       size_t blen)
{
    size_t n_bytes = (grp->nbits + 7) / 8, take = blen < n_bytes ? blen : n_bytes;
    int ret;

    MBEDTLS_MPI_CHK(mbedtls_mpi_read_binary(x, buf, take));
    if (take * 8 > grp->nbits) {
        MBEDTLS_MPI_CHK(mbedtls_mpi_shift_r(x, take * 8 - grp->nbits));
    }
    if (mbedtls_mpi_cmp_mpi(x, &grp->N) >= 0) {
        MBEDTLS_MPI_CHK(mbedtls_mpi_sub_mpi(x, x, &grp->N));
    }
cleanup:
    return ret;
}

/*
 * s = k^-1 (e + r d) mod n with k the first value of [1, n - 1] drawn from
 * f_rng (mbedtls_ecp_gen_privkey), r = (k G).x mod n. The inverse is taken
 * of k b for a random b (and the sum multiplied by b), so that the
 * inversion sees no value derived from k alone.
 */
static int generic_sign(mbedtls_ecp_group *grp, mbedtls_mpi *r, mbedtls_mpi *s,
                        const mbedtls_mpi *d, const unsigned char *buf, size_t blen,
                        int (*f_rng)(void *, unsigned char *, size_t), void *p_rng)
{
    mbedtls_mpi k, e, b, t;
    mbedtls_ecp_point R;
    int ret = MBEDTLS_ERR_ECP_RANDOM_FAILED, tries;

    if (!mbedtls_ecdsa_can_do(grp->id) || mbedtls_mpi_cmp_int(&grp->N, 0) == 0 || f_rng == NULL) {
        return MBEDTLS_ERR_ECP_BAD_INPUT_DATA;
    }
    if (mbedtls_mpi_cmp_int(d, 1) < 0 || mbedtls_mpi_cmp_mpi(d, &grp->N) >= 0) {
        return MBEDTLS_ERR_ECP_INVALID_KEY;
    }
    mbedtls_mpi_init(&k);
    mbedtls_mpi_init(&e);
    mbedtls_mpi_init(&b);
    mbedtls_mpi_init(&t);
    mbedtls_ecp_point_init(&R);
    MBEDTLS_MPI_CHK(hash_to_mpi(grp, &e, buf, blen));
    for (tries = 0; tries < 10; tries++) {
        MBEDTLS_MPI_CHK(mbedtls_ecp_gen_privkey(grp, &k, f_rng, p_rng));
        MBEDTLS_MPI_CHK(mbedtls_ecp_mul(grp, &R, &k, &grp->G, f_rng, p_rng));
        MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(r, &R.MBEDTLS_PRIVATE(X), &grp->N));
        if (mbedtls_mpi_cmp_int(r, 0) == 0) {
            continue;
        }
        MBEDTLS_MPI_CHK(mbedtls_ecp_gen_privkey(grp, &b, f_rng, p_rng));
        MBEDTLS_MPI_CHK(mbedtls_mpi_mul_mpi(&t, r, d));             /* r d */
        MBEDTLS_MPI_CHK(mbedtls_mpi_add_mpi(&t, &t, &e));           /* e + r d */
        MBEDTLS_MPI_CHK(mbedtls_mpi_mul_mpi(&t, &t, &b));           /* b (e + r d) */
        MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(&t, &t, &grp->N));
        MBEDTLS_MPI_CHK(mbedtls_mpi_mul_mpi(&k, &k, &b));           /* k b */
        MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(&k, &k, &grp->N));
        MBEDTLS_MPI_CHK(mbedtls_mpi_inv_mod(s, &k, &grp->N));       /* (k b)^-1 */
        MBEDTLS_MPI_CHK(mbedtls_mpi_mul_mpi(s, s, &t));
        MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(s, s, &grp->N));
        if (mbedtls_mpi_cmp_int(s, 0) != 0) {
            ret = 0;
            goto cleanup;
        }
    }
    ret = MBEDTLS_ERR_ECP_RANDOM_FAILED;
cleanup:
    mbedtls_mpi_free(&k);
    mbedtls_mpi_free(&e);
    mbedtls_mpi_free(&b);
    mbedtls_mpi_free(&t);
    mbedtls_ecp_point_free(&R);
    return ret;
}

/* ((e s^-1) G + (r s^-1) Q).x mod n == r */
static int generic_verify(mbedtls_ecp_group *grp, const unsigned char *buf, size_t blen,
                          const mbedtls_ecp_point *Q, const mbedtls_mpi *r,
                          const mbedtls_mpi *s)
{
    mbedtls_mpi e, w, u1, u2, v;
    mbedtls_ecp_point R;
    int ret;

    if (!mbedtls_ecdsa_can_do(grp->id) || mbedtls_mpi_cmp_int(&grp->N, 0) == 0) {
        return MBEDTLS_ERR_ECP_BAD_INPUT_DATA;
    }
    if (mbedtls_mpi_cmp_int(r, 1) < 0 || mbedtls_mpi_cmp_mpi(r, &grp->N) >= 0 ||
        mbedtls_mpi_cmp_int(s, 1) < 0 || mbedtls_mpi_cmp_mpi(s, &grp->N) >= 0) {
        return MBEDTLS_ERR_ECP_VERIFY_FAILED;
    }
    ret = mbedtls_ecp_check_pubkey(grp, Q);
    if (ret != 0) {
        return ret;
    }
    mbedtls_mpi_init(&e);
    mbedtls_mpi_init(&w);
    mbedtls_mpi_init(&u1);
    mbedtls_mpi_init(&u2);
    mbedtls_mpi_init(&v);
    mbedtls_ecp_point_init(&R);
    MBEDTLS_MPI_CHK(hash_to_mpi(grp, &e, buf, blen));
    MBEDTLS_MPI_CHK(mbedtls_mpi_inv_mod(&w, s, &grp->N));
    MBEDTLS_MPI_CHK(mbedtls_mpi_mul_mpi(&u1, &e, &w));
    MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(&u1, &u1, &grp->N));
    MBEDTLS_MPI_CHK(mbedtls_mpi_mul_mpi(&u2, r, &w));
    MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(&u2, &u2, &grp->N));
    MBEDTLS_MPI_CHK(mbedtls_ecp_muladd(grp, &R, &u1, &grp->G, &u2, Q));
    if (mbedtls_ecp_is_zero(&R)) {
        ret = MBEDTLS_ERR_ECP_VERIFY_FAILED;
        goto cleanup;
    }
    MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(&v, &R.MBEDTLS_PRIVATE(X), &grp->N));
    if (mbedtls_mpi_cmp_mpi(&v, r) != 0) {
        ret = MBEDTLS_ERR_ECP_VERIFY_FAILED;
    }
cleanup:
    mbedtls_mpi_free(&e);
    mbedtls_mpi_free(&w);
    mbedtls_mpi_free(&u1);
    mbedtls_mpi_free(&u2);
    mbedtls_mpi_free(&v);
    mbedtls_ecp_point_free(&R);
    return ret;
}

/* ---- the functions mbedTLS calls -------------------------------------------------- */

/* the hash size of the HMAC_DRBG that mbedtls_ecdsa_sign_det_ext passes as
 * f_rng, or 0 when f_rng is another generator */
static size_t rfc6979_drbg_hash_size(int (*f_rng)(void *, unsigned char *, size_t),
                                     void *p_rng)
{
#if defined(MBEDTLS_HMAC_DRBG_C)
    if (f_rng == mbedtls_hmac_drbg_random && p_rng != NULL) {
        mbedtls_hmac_drbg_context *drbg = p_rng;
        return mbedtls_md_get_size(mbedtls_md_info_from_ctx(&drbg->MBEDTLS_PRIVATE(md_ctx)));
    }
#else
    (void) f_rng;
    (void) p_rng;
#endif
    return 0;
}

int mbedtls_ecdsa_sign(mbedtls_ecp_group *grp, mbedtls_mpi *r, mbedtls_mpi *s,
                       const mbedtls_mpi *d, const unsigned char *buf, size_t blen,
                       int (*f_rng)(void *, unsigned char *, size_t), void *p_rng)
{
    const struct ctc_curve *c = curve_of(grp);
    uint8_t priv[MAX_SCALAR], extra[MAX_SCALAR], sig[MAX_SIG];
    static const unsigned char zero = 0;
    size_t det = rfc6979_drbg_hash_size(f_rng, p_rng), extra_len = 0;
    int ret;

    /* RFC 6979 by ctcrypto when its HMAC hash (chosen by the hash length:
     * 28, 32, 48, 64 bytes) is the DRBG's */
    if (c == NULL || (det != 0 && (det != blen || (blen != 28 && blen != 32 &&
                                                   blen != 48 && blen != 64)))) {
        return generic_sign(grp, r, s, d, buf, blen, f_rng, p_rng);
    }
    if (f_rng == NULL) {
        return MBEDTLS_ERR_ECP_BAD_INPUT_DATA;
    }
    if (blen == 0) {
        /* an empty hash is the integer 0, as one zero byte is */
        buf = &zero;
        blen = 1;
    }
    ret = priv_bytes(priv, c, d);
    if (ret == 0 && det == 0) {
        extra_len = c->bytes;
        ret = f_rng(p_rng, extra, extra_len);
    }
    if (ret == 0) {
        switch (c->sign(sig, priv, buf, blen, extra, extra_len)) {
        case 0:
            break;
        case CTC_ERR_KEY:       /* d is 0 or >= n */
            ret = MBEDTLS_ERR_ECP_INVALID_KEY;
            break;
        default:                /* CTC_ERR_RANGE: r or s is 0 (about 2^-256) */
            ret = MBEDTLS_ERR_ECP_RANDOM_FAILED;
            break;
        }
    }
    if (ret == 0) {
        ret = mbedtls_mpi_read_binary(r, sig, c->bytes);
    }
    if (ret == 0) {
        ret = mbedtls_mpi_read_binary(s, sig + c->bytes, c->bytes);
    }
    mbedtls_platform_zeroize(priv, sizeof(priv));
    mbedtls_platform_zeroize(extra, sizeof(extra));
    return ret;
}

int mbedtls_ecdsa_verify(mbedtls_ecp_group *grp, const unsigned char *buf, size_t blen,
                         const mbedtls_ecp_point *Q, const mbedtls_mpi *r,
                         const mbedtls_mpi *s)
{
    const struct ctc_curve *c = curve_of(grp);
    uint8_t pub[MAX_PUB], sig[MAX_SIG];
    static const unsigned char zero = 0;
    size_t pub_len;
    int ret;

    if (c == NULL) {
        return generic_verify(grp, buf, blen, Q, r, s);
    }
    if (blen == 0) {
        buf = &zero;
        blen = 1;
    }
    /* r and s outside [1, 2^(8 bytes)) cannot be in [1, n - 1] */
    if (mbedtls_mpi_cmp_int(r, 1) < 0 || mbedtls_mpi_cmp_int(s, 1) < 0 ||
        mbedtls_mpi_write_binary(r, sig, c->bytes) != 0 ||
        mbedtls_mpi_write_binary(s, sig + c->bytes, c->bytes) != 0) {
        return MBEDTLS_ERR_ECP_VERIFY_FAILED;
    }
    ret = point_bytes(pub, &pub_len, grp, Q);
    if (ret != 0) {
        return MBEDTLS_ERR_ECP_INVALID_KEY;
    }
    switch (c->verify(pub, pub_len, buf, blen, sig, 2 * c->bytes)) {
    case 0:
        return 0;
    case CTC_ERR_RANGE:
    case CTC_ERR_SIGNATURE:
        return MBEDTLS_ERR_ECP_VERIFY_FAILED;
    default:            /* the public key: CTC_ERR_POINT, _LENGTH, _ENCODING */
        return MBEDTLS_ERR_ECP_INVALID_KEY;
    }
}

int mbedtls_ecdsa_genkey(mbedtls_ecdsa_context *ctx, mbedtls_ecp_group_id gid,
                         int (*f_rng)(void *, unsigned char *, size_t), void *p_rng)
{
    const struct ctc_curve *c;
    int ret = mbedtls_ecp_group_load(&ctx->MBEDTLS_PRIVATE(grp), gid);

    if (ret != 0) {
        return ret;
    }
    c = curve_of(&ctx->MBEDTLS_PRIVATE(grp));
    if (c == NULL) {
        return mbedtls_ecp_gen_keypair(&ctx->MBEDTLS_PRIVATE(grp), &ctx->MBEDTLS_PRIVATE(d),
                                       &ctx->MBEDTLS_PRIVATE(Q), f_rng, p_rng);
    }
    return ctc_keypair(c, &ctx->MBEDTLS_PRIVATE(grp), &ctx->MBEDTLS_PRIVATE(d),
                       &ctx->MBEDTLS_PRIVATE(Q), f_rng, p_rng);
}

int mbedtls_ecdh_gen_public(mbedtls_ecp_group *grp, mbedtls_mpi *d, mbedtls_ecp_point *Q,
                            int (*f_rng)(void *, unsigned char *, size_t), void *p_rng)
{
    const struct ctc_curve *c = curve_of(grp);

    if (c == NULL) {
        return mbedtls_ecp_gen_keypair(grp, d, Q, f_rng, p_rng);
    }
    return ctc_keypair(c, grp, d, Q, f_rng, p_rng);
}

int mbedtls_ecdh_compute_shared(mbedtls_ecp_group *grp, mbedtls_mpi *z,
                                const mbedtls_ecp_point *Q, const mbedtls_mpi *d,
                                int (*f_rng)(void *, unsigned char *, size_t), void *p_rng)
{
    const struct ctc_curve *c = curve_of(grp);
    uint8_t priv[MAX_SCALAR], pub[MAX_PUB], shared[MAX_SCALAR];
    size_t pub_len;
    int ret;

    if (c == NULL) {
        mbedtls_ecp_point P;
        mbedtls_ecp_point_init(&P);
        ret = mbedtls_ecp_mul(grp, &P, d, Q, f_rng, p_rng);
        if (ret == 0 && mbedtls_ecp_is_zero(&P)) {
            ret = MBEDTLS_ERR_ECP_BAD_INPUT_DATA;
        }
        if (ret == 0) {
            ret = mbedtls_mpi_copy(z, &P.MBEDTLS_PRIVATE(X));
        }
        mbedtls_ecp_point_free(&P);
        return ret;
    }
    ret = priv_bytes(priv, c, d);
    if (ret == 0 && point_bytes(pub, &pub_len, grp, Q) != 0) {
        ret = MBEDTLS_ERR_ECP_INVALID_KEY;
    }
    if (ret == 0 && c->ecdh(shared, priv, pub, pub_len) != 0) {
        /* d is 0 or >= n, or the peer's point is not on the curve or zero */
        ret = MBEDTLS_ERR_ECP_INVALID_KEY;
    }
    if (ret == 0) {
        ret = mbedtls_mpi_read_binary(z, shared, c->bytes);
    }
    mbedtls_platform_zeroize(priv, sizeof(priv));
    mbedtls_platform_zeroize(shared, sizeof(shared));
    return ret;
}

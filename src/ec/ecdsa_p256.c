/*
 * ecdsa_p256.c - ECDSA over P-256 (FIPS 186-5 section 6.4), nonces from
 * RFC 6979 (ctc_rfc6979_nonce with HMAC-SHA-256).
 *
 * Signing: k from RFC 6979, R = k G in constant time (p256_mul_base:
 * fixed-base table, or the window ladder with PROFILE=small), r = x(R) mod n, s = k^-1 (e + r d) mod n with k^-1 by
 * safegcd (p256_sc_inv_mont) and the products in Montgomery form mod n.
 * Verification (public data): w = s^-1 by binary GCD, u1 = e w, u2 = r w,
 * R = u1 G + u2 Q by the interleaved wNAF chain, valid iff R is not
 * infinity and x(R) mod n = r.
 */
#include "ctcrypto/hash.h"
#include "p256.h"

#define L P256_LIMBS

static const uint8_t n_bytes[32] = {
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84,
    0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51
};

/* e = bits2int(h) mod n: the leftmost 256 bits of h (all of h when it is
 * shorter), then one conditional subtraction (e < 2^256 < 2n). */
static void hash_to_scalar(p256_sc e, const uint8_t *h, size_t h_len)
{
    (void)mp_from_be(e, L, h, h_len < 32 ? h_len : 32);
    p256_sc_reduce_once(e, e);
}

int ctc_ecdsa_p256_sign(uint8_t sig[64], const uint8_t priv[32],
                        const uint8_t *h, size_t h_len,
                        const uint8_t *extra, size_t extra_len)
{
    uint8_t kb[32], xb[32];
    p256_sc d, e, k, r, s, t;
    p256_point R;
    p256_affine A;
    int ret, ok;

    if (sig == NULL || priv == NULL || h == NULL || (extra == NULL && extra_len != 0))
        return CTC_ERR_PARAM;
    if (h_len == 0)
        return CTC_ERR_LENGTH;
    /* whether the caller's key is valid is public (an error is returned) */
    if (!ct_cond_declassify(p256_sc_from_bytes(d, priv))) {
        ct_zeroize(d, sizeof d);
        return CTC_ERR_KEY;
    }
    hash_to_scalar(e, h, h_len);
    ret = ctc_rfc6979_nonce(kb, CTC_HASH_SHA256, n_bytes, 32, priv, h, h_len,
                            extra, extra_len);
    if (ret != CTC_OK)
        goto out;
    /* k in [1, n - 1] (RFC 6979 guarantees it) */
    (void)p256_sc_from_bytes(k, kb);

    p256_mul_base(&R, kb);
    (void)p256_point_to_affine(&A, &R);     /* k != 0: not infinity */
    p256_fe_to_bytes(xb, A.x);
    (void)mp_from_be(r, L, xb, 32);
    p256_sc_reduce_once(r, r);              /* x < p < 2n */

    /* s = k^-1 (e + r d): t = r * (d R) / R = r d; t += e;
     * s = t * (k^-1 R) / R */
    p256_sc_to_mont(t, d);
    p256_sc_montmul(t, r, t);
    p256_sc_add(t, t, e);
    p256_sc_inv_mont(k, k);
    p256_sc_montmul(s, t, k);

    /* r and s are the public output: r = 0 or s = 0 (probability about
     * 2^-256 each) would be an invalid signature, reported as an error
     * rather than continuing RFC 6979's generator */
    ok = !ct_cond_declassify(ct_cond_or(mp_is_zero(r, L), mp_is_zero(s, L)));
    if (ok) {
        p256_sc_to_bytes(sig, r);
        p256_sc_to_bytes(sig + 32, s);
        ret = CTC_OK;
    } else {
        ct_zeroize(sig, 64);
        ret = CTC_ERR_RANGE;
    }
out:
    ct_zeroize(kb, sizeof kb);
    ct_zeroize(xb, sizeof xb);
    ct_zeroize(d, sizeof d);
    ct_zeroize(k, sizeof k);
    ct_zeroize(t, sizeof t);
    ct_zeroize(e, sizeof e);
    ct_zeroize(&R, sizeof R);
    ct_zeroize(&A, sizeof A);
    return ret;
}

int ctc_ecdsa_p256_verify(const uint8_t *pub, size_t pub_len,
                          const uint8_t *h, size_t h_len, const uint8_t sig[64])
{
    /* every input is public: variable time throughout */
    p256_affine Q, A;
    p256_point R;
    p256_sc r, s, e, w, u1, u2;
    uint8_t xb[32];
    int ret;

    if (pub == NULL || h == NULL || sig == NULL)
        return CTC_ERR_PARAM;
    if (h_len == 0)
        return CTC_ERR_LENGTH;
    ret = p256_point_decode_vartime(&Q, pub, pub_len);
    if (ret != CTC_OK)
        return ret;
    if (!ct_cond_declassify(p256_sc_from_bytes(r, sig))
        || !ct_cond_declassify(p256_sc_from_bytes(s, sig + 32)))
        return CTC_ERR_RANGE;
    hash_to_scalar(e, h, h_len);
    p256_sc_inv_mont_vartime(w, s);         /* s^-1 R */
    p256_sc_montmul(u1, e, w);
    p256_sc_montmul(u2, r, w);
    p256_mul2_vartime(&R, u1, u2, &Q);
    if (!ct_cond_declassify(p256_point_to_affine(&A, &R)))
        return CTC_ERR_SIGNATURE;
    p256_fe_to_bytes(xb, A.x);
    (void)mp_from_be(e, L, xb, 32);
    p256_sc_reduce_once(e, e);
    return ct_cond_declassify(mp_eq(e, r, L)) ? CTC_OK : CTC_ERR_SIGNATURE;
}

int ctc_ecdsa_p256_verify_der(const uint8_t *pub, size_t pub_len,
                              const uint8_t *h, size_t h_len,
                              const uint8_t *der, size_t der_len)
{
    uint8_t sig[64];
    int ret;

    if (der == NULL)
        return CTC_ERR_PARAM;
    ret = ctc_ecdsa_p256_sig_from_der(sig, der, der_len);
    if (ret != CTC_OK)
        return ret;
    return ctc_ecdsa_p256_verify(pub, pub_len, h, h_len, sig);
}

int ctc_ecdsa_p256_sha256_sign(uint8_t sig[64], const uint8_t priv[32],
                               const uint8_t *msg, size_t msg_len,
                               const uint8_t *extra, size_t extra_len)
{
    uint8_t h[32];
    int ret = ctc_sha256(h, msg, msg_len);

    if (ret != CTC_OK)
        return ret;
    ret = ctc_ecdsa_p256_sign(sig, priv, h, 32, extra, extra_len);
    ct_zeroize(h, sizeof h);
    return ret;
}

int ctc_ecdsa_p256_sha256_verify(const uint8_t *pub, size_t pub_len,
                                 const uint8_t *msg, size_t msg_len,
                                 const uint8_t sig[64])
{
    uint8_t h[32];
    int ret = ctc_sha256(h, msg, msg_len);

    if (ret != CTC_OK)
        return ret;
    return ctc_ecdsa_p256_verify(pub, pub_len, h, 32, sig);
}

int ctc_ecdsa_p256_sha256_verify_der(const uint8_t *pub, size_t pub_len,
                                     const uint8_t *msg, size_t msg_len,
                                     const uint8_t *der, size_t der_len)
{
    uint8_t h[32];
    int ret = ctc_sha256(h, msg, msg_len);

    if (ret != CTC_OK)
        return ret;
    return ctc_ecdsa_p256_verify_der(pub, pub_len, h, 32, der, der_len);
}

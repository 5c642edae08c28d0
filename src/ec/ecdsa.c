/*
 * ecdsa.c - ECDSA (FIPS 186-5 section 6.4) over a curve (ec.h), nonces from
 * RFC 6979 (ctc_rfc6979_nonce).
 *
 * Signing: k from RFC 6979, R = k G in constant time (ec_mul_base), r =
 * x(R) mod n, s = k^-1 (e + r d) mod n with k^-1 by safegcd
 * (ec_sc_inv_mont; Fermat with PROFILE=small) and the products in
 * Montgomery form mod n.
 * Verification (public data): w = s^-1 (ec_sc_inv_mont), u1 = e w,
 * u2 = r w, R = u1 G + u2 Q by the interleaved wNAF chain in Jacobian
 * coordinates (PROFILE=small: sliding windows on the complete formulas,
 * ec_mul_vartime.c), valid iff R is not infinity and x(R) mod n = r,
 * checked as r Z^2 = X or (r + n) Z^2 = X without an inversion.
 */
#include "ctcrypto/hash.h"
#include "ec.h"
#include "hash/rfc6979.h"

#define L (C->limbs)

/* e = bits2int(h) mod n: the leftmost `bits` bits of h (all of h when it
 * is shorter; both curves' sizes are whole bytes), then one conditional
 * subtraction (e < 2^bits < 2n). */
static void hash_to_scalar(const ec_curve *C, ec_sc e, const uint8_t *h, size_t h_len)
{
    (void)mp_from_be(e, L, h, h_len < C->bytes ? h_len : C->bytes);
    ec_sc_reduce_once(C, e, e);
}

/* RFC 6979's HMAC hash is the message's hash: the one whose output has
 * h_len bytes (public), else the curve's default (also for 28 bytes
 * without CTC_SHA224, and 48 and 64 bytes without CTC_SHA512: the nonce
 * stays deterministic and secret, only not the RFC's own for those
 * lengths). */
static int nonce_hash(const ec_curve *C, size_t h_len)
{
    switch (h_len) {
#if CTC_SHA224
    case 28: return CTC_HASH_SHA224;
#endif
    case 32: return CTC_HASH_SHA256;
#if CTC_SHA512
    case 48: return CTC_HASH_SHA384;
    case 64: return CTC_HASH_SHA512;
#endif
    default: return C->nonce_hash;
    }
}

/*
 * s = k^-1 (e + r d) for the nonce kb (in [1, n - 1]) and the valid key
 * d. Out of line, so that its scalars and points are not on the stack
 * while RFC 6979's HMAC-DRBG is (ec_ecdsa_sign: its caller's frame holds
 * the nonce only). The nonce becomes limbs here, once: k G and the
 * inversion take that ec_sc.
 */
static CT_NOINLINE int ecdsa_sign_nonce(const ec_curve *C, uint8_t *sig, const ec_sc d,
                                        const uint8_t *kb, const uint8_t *h, size_t h_len)
{
    ec_sc r, k;
    int ret, ok;

    (void)ec_sc_from_bytes(C, k, kb);

    {   /* r = x(k G) mod n (the point's scope ends here: its stack is the
         * scalars' below) */
        struct {            /* one object: one ct_zeroize */
            ec_point R;
            ec_affine A;
        } p;

        ec_mul_base(C, &p.R, k);
        (void)ec_point_to_affine(C, &p.A, &p.R);    /* k != 0: not infinity */
        ec_fe_to_sc(C, r, p.A.x);                   /* no bytes between x and r */
        ct_zeroize(&p, sizeof p);
    }
    {   /* s = k^-1 (e + r d): t = r * (d R) / R = r d; t += e;
         * s = t * (k^-1 R) / R */
        struct {            /* the secrets, wiped by one ct_zeroize */
            ec_sc e, t;
        } v;
        ec_sc s;

        hash_to_scalar(C, v.e, h, h_len);
        ec_sc_to_mont(C, v.t, d);
        ec_sc_montmul(C, v.t, r, v.t);
        ec_sc_add(C, v.t, v.t, v.e);
        ec_sc_inv_mont(C, k, k);
        ec_sc_montmul(C, s, v.t, k);

        /* r and s are the public output: r = 0 or s = 0 (probability
         * about 2^-bits each) would be an invalid signature, reported as
         * an error (CTC_ERR_RANGE, ctcrypto/ec.h) rather than continuing
         * RFC 6979's generator */
        ok = !ct_cond_declassify(ct_cond_or(mp_is_zero(r, L), mp_is_zero(s, L)));
        if (ok) {
            ec_sc_to_bytes(C, sig, r);
            ec_sc_to_bytes(C, sig + C->bytes, s);
            ret = CTC_OK;
        } else {
            ct_zeroize(sig, 2 * C->bytes);
            ret = CTC_ERR_RANGE;
        }
        ct_zeroize(&v, sizeof v);
    }
    ct_zeroize(k, sizeof k);
    return ret;
}

/*
 * RFC 6979's k (bytes) in a frame of its own: with link-time optimisation
 * gcc would otherwise inline the generator (its HMAC-DRBG state, about
 * 440 bytes on Cortex-M4) into ec_ecdsa_sign, whose frame stays under
 * k G's (P-256-only build, LTO=1: sign's stack 1964 bytes instead of the
 * deepest step's alone).
 */
static CT_NOINLINE void sign_nonce_bytes(const ec_curve *C, uint8_t *kb, const uint8_t *priv,
                                         const uint8_t *h, size_t h_len, const uint8_t *extra,
                                         size_t extra_len)
{
#if CTC_PROFILE_SMALL
    /* q from n's limbs (PROFILE=small: C->n_bytes is then not linked) */
    uint8_t q[EC_MAX_BYTES];

    mp_to_be_all(q, C->n.N, L);
#else
    const uint8_t *q = C->n_bytes;
#endif
    /* ec_ecdsa_sign has checked what ctc_rfc6979_nonce would (pointers,
     * lengths, 0 < priv < n), and q = n: the unchecked entry, with
     * 8 q_len - qlen from the curve */
    rfc6979_nonce_(kb, nonce_hash(C, h_len), q, C->bytes, (unsigned)(8 * C->bytes - C->bits),
                   priv, h, h_len, extra, extra_len);
}

int ec_ecdsa_sign(const ec_curve *C, uint8_t *sig, const uint8_t *priv, const uint8_t *h,
                  size_t h_len, const uint8_t *extra, size_t extra_len)
{
    struct {                /* the key and the nonce, wiped by one ct_zeroize */
        ec_sc d;
        uint8_t kb[EC_MAX_BYTES];
    } v;
    int ret;

    if (sig == NULL || priv == NULL || h == NULL || (extra == NULL && extra_len != 0))
        return CTC_ERR_PARAM;
    if (h_len == 0)
        return CTC_ERR_LENGTH;
#if SIZE_MAX > 0xFFFFFFFFu
    if ((uint64_t)extra_len > RFC6979_MAX_EXTRA)
        return CTC_ERR_LENGTH;
#endif
    /* whether the caller's key is valid is public (an error is returned) */
    ret = CTC_ERR_KEY;
    if (ct_cond_declassify(ec_sc_from_bytes(C, v.d, priv))) {
        sign_nonce_bytes(C, v.kb, priv, h, h_len, extra, extra_len);
        /* k in [1, n - 1] (RFC 6979 guarantees it) */
        ret = ecdsa_sign_nonce(C, sig, v.d, v.kb, h, h_len);
    }
    ct_zeroize(&v, sizeof v);   /* also after an invalid key: d holds its limbs */
    return ret;
}

int ec_ecdsa_verify(const ec_curve *C, const uint8_t *pub, size_t pub_len, const uint8_t *h,
                    size_t h_len, const uint8_t *sig, size_t sig_len)
{
    /* every input is public: variable time throughout */
    ec_affine Q;
    ec_jac R;
    ec_sc r, s, e, w;               /* u1 = e w in e, u2 = r w in w */
    int ret;

    if (pub == NULL || h == NULL || sig == NULL)
        return CTC_ERR_PARAM;
    if (h_len == 0 || sig_len != 2 * C->bytes)
        return CTC_ERR_LENGTH;
    ret = ec_point_decode_vartime(C, &Q, pub, pub_len);
    if (ret != CTC_OK)
        return ret;
    if (!ct_cond_declassify(ec_sc_from_bytes(C, r, sig))
        || !ct_cond_declassify(ec_sc_from_bytes(C, s, sig + C->bytes)))
        return CTC_ERR_RANGE;
    hash_to_scalar(C, e, h, h_len);
    ec_sc_inv_mont(C, w, s);                /* s^-1 R (safegcd: faster than a binary GCD) */
    ec_sc_montmul(C, e, e, w);
    ec_sc_montmul(C, w, r, w);
    ec_mul2_vartime(C, &R, e, w, &Q);
#if CTC_PROFILE_SMALL
    /* R is affine in this profile, Z = 1, or 0 for infinity
     * (ec_mul2_vartime): R not infinity and x mod n = r, with x mod n in
     * e (no longer needed: no buffer of its own on this frame) */
    ec_fe_to_sc(C, e, R.X);
    return ct_cond_declassify(ct_cond_and(ct_cond_not(ec_fe_is_zero(C, R.Z)), mp_eq(e, r, L)))
               ? CTC_OK : CTC_ERR_SIGNATURE;
#else
    /* R not infinity and x(R) mod n = r, compared in R's coordinates */
    return ec_jac_x_mod_n_is_vartime(C, &R, r) ? CTC_OK : CTC_ERR_SIGNATURE;
#endif
}

int ec_ecdsa_verify_der(const ec_curve *C, const uint8_t *pub, size_t pub_len,
                        const uint8_t *h, size_t h_len, const uint8_t *der, size_t der_len)
{
    uint8_t sig[2 * EC_MAX_BYTES];
    int ret;

    if (der == NULL)
        return CTC_ERR_PARAM;
    ret = ec_ecdsa_sig_from_der(C, sig, der, der_len);
    if (ret != CTC_OK)
        return ret;
    return ec_ecdsa_verify(C, pub, pub_len, h, h_len, sig, 2 * C->bytes);
}

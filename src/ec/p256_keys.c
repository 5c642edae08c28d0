/*
 * p256_keys.c - P-256 key pairs, public-key checks and encodings, ECDH
 * (ctcrypto/ec.h).
 */
#include "p256.h"

#define L P256_LIMBS

/* n - 1, the modulus of key generation */
static const p256_sc p256_n_minus_1 = {
    P256_L(0xfc632550, 0xf3b9cac2), P256_L(0xa7179e84, 0xbce6faad),
    P256_L(0xffffffff, 0xffffffff), P256_L(0x00000000, 0xffffffff)
};

/* pub = k G for a k already known to be in [1, n - 1] */
static void public_from_scalar(uint8_t pub[65], const uint8_t k[32])
{
    p256_point R;
    p256_affine A;

    p256_mul_base(&R, k);
    (void)p256_point_to_affine(&A, &R);     /* k != 0 mod n: not infinity */
    p256_point_encode(pub, &A);
    ct_zeroize(&R, sizeof R);
    ct_zeroize(&A, sizeof A);
}

int ctc_p256_public_key(uint8_t pub[65], const uint8_t priv[32])
{
    p256_sc d;
    int ok;

    if (pub == NULL || priv == NULL)
        return CTC_ERR_PARAM;
    /* whether the caller's key is valid is public (an error is returned) */
    ok = ct_cond_declassify(p256_sc_from_bytes(d, priv));
    ct_zeroize(d, sizeof d);
    if (!ok) {
        ct_zeroize(pub, 65);
        return CTC_ERR_KEY;
    }
    public_from_scalar(pub, priv);
    return CTC_OK;
}

int ctc_p256_keygen(uint8_t priv[32], uint8_t pub[65], const uint8_t *rnd,
                    size_t rnd_len)
{
    ct_limb_t c[2 * L], T[4 * L], d[L];

    if (priv == NULL || pub == NULL || rnd == NULL)
        return CTC_ERR_PARAM;
    if (rnd_len < CTC_P256_KEYGEN_MIN_RANDOM || rnd_len > CTC_P256_KEYGEN_MAX_RANDOM)
        return CTC_ERR_LENGTH;
    /* d = (c mod (n - 1)) + 1: in [1, n - 1]; mp_mod is constant time */
    (void)mp_from_be(c, 2 * L, rnd, rnd_len);
    mp_mod(d, c, 2 * L, p256_n_minus_1, L, T);
    (void)mp_add_limb(d, d, 1, L);
    p256_sc_to_bytes(priv, d);
    public_from_scalar(pub, priv);
    ct_zeroize(c, sizeof c);
    ct_zeroize(T, sizeof T);
    ct_zeroize(d, sizeof d);
    return CTC_OK;
}

int ctc_p256_public_key_check(const uint8_t *pub, size_t pub_len)
{
    p256_affine A;

    if (pub == NULL)
        return CTC_ERR_PARAM;
    return p256_point_decode_vartime(&A, pub, pub_len);
}

int ctc_p256_public_key_decode(uint8_t out[65], const uint8_t *pub, size_t pub_len)
{
    p256_affine A;
    int r;

    if (out == NULL || pub == NULL)
        return CTC_ERR_PARAM;
    r = p256_point_decode_vartime(&A, pub, pub_len);
    if (r != CTC_OK)
        return r;
    p256_point_encode(out, &A);
    return CTC_OK;
}

int ctc_p256_public_key_compress(uint8_t out[33], const uint8_t *pub, size_t pub_len)
{
    uint8_t full[65];
    int r, i;

    if (out == NULL)
        return CTC_ERR_PARAM;
    r = ctc_p256_public_key_decode(full, pub, pub_len);
    if (r != CTC_OK)
        return r;
    out[0] = (uint8_t)(0x02 | (full[64] & 1));
    for (i = 0; i < 32; i++)
        out[1 + i] = full[1 + i];
    return CTC_OK;
}

int ctc_ecdh_p256(uint8_t shared[32], const uint8_t priv[32],
                  const uint8_t *peer, size_t peer_len)
{
    p256_affine Q;
    p256_point R;
    p256_sc d;
    ct_cond ok;
    int r;

    if (shared == NULL || priv == NULL || peer == NULL)
        return CTC_ERR_PARAM;
    ct_zeroize(shared, 32);
    /* the peer's key is public */
    r = p256_point_decode_vartime(&Q, peer, peer_len);
    if (r != CTC_OK)
        return r;
    /* whether the caller's key is valid is public (an error is returned) */
    ok = p256_sc_from_bytes(d, priv);
    ct_zeroize(d, sizeof d);
    if (!ct_cond_declassify(ok))
        return CTC_ERR_KEY;
    p256_mul(&R, priv, &Q);
    /* infinity is impossible for a valid key and point (prime order);
     * whether it happened is public (an error is returned) */
    ok = p256_point_to_affine(&Q, &R);
    if (ct_cond_declassify(ok)) {
        p256_fe_to_bytes(shared, Q.x);
        r = CTC_OK;
    } else {
        r = CTC_ERR_POINT;
    }
    ct_zeroize(&R, sizeof R);
    ct_zeroize(&Q, sizeof Q);
    return r;
}

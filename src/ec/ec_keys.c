/*
 * ec_keys.c - key pairs, public-key checks and encodings, ECDH, over a
 * curve (ec.h; the public wrappers are in p256.c and p384.c).
 */
#include "ec.h"

#define L (C->limbs)

/* A private key's limbs and its public point: one object, which the
 * caller wipes with one ct_zeroize. */
typedef struct {
    ec_sc d;
    ec_point R;
    ec_affine A;
} key_work;

/* pub = d G for v->d already known to be in [1, n - 1] */
static void public_from_scalar(const ec_curve *C, uint8_t *pub, key_work *v)
{
    ec_mul_base(C, &v->R, v->d);
    (void)ec_point_to_affine(C, &v->A, &v->R);  /* d != 0 mod n: not infinity */
    ec_point_encode(C, pub, &v->A);
}

int ec_public_key(const ec_curve *C, uint8_t *pub, const uint8_t *priv)
{
    key_work v;
    int ok;

    if (pub == NULL || priv == NULL)
        return CTC_ERR_PARAM;
    /* whether the caller's key is valid is public (an error is returned) */
    ok = ct_cond_declassify(ec_sc_from_bytes(C, v.d, priv));
    if (ok)
        public_from_scalar(C, pub, &v);
    else
        ct_zeroize(pub, 1 + 2 * C->bytes);
    ct_zeroize(&v, sizeof v);
    return ok ? CTC_OK : CTC_ERR_KEY;
}

int ec_private_key_check(const ec_curve *C, const uint8_t *priv)
{
    ec_sc d;
    ct_cond ok;

    if (priv == NULL)
        return CTC_ERR_PARAM;
    ok = ec_sc_from_bytes(C, d, priv);
    ct_zeroize(d, sizeof d);
    /* whether the caller's key is valid is public (an error is returned) */
    return ct_cond_declassify(ok) ? CTC_OK : CTC_ERR_KEY;
}

/* d = (c mod (n - 1)) + 1 for the big-endian c at rnd: in [1, n - 1],
 * and priv = d as bytes; mp_mod is constant time. Out of line: its
 * buffers are off the stack before k G runs (ec_keygen). */
#if CTC_PROFILE_SMALL
/* PROFILE=small: the reduction one bit at a time, on the additions the
 * image has anyway rather than mp_mod (and its shifts, 744 bytes of
 * Cortex-M4 code): d = 2d + bit, then d - m if that reached m = n - 1
 * (2d + 1 < 2m < 2^(bits + 1): the carry out of `bits` bits, or
 * d >= m, says so; one subtraction brings it below m). The
 * same operations for every c; 8 rnd_len steps (rnd_len is public). */
static CT_NOINLINE void keygen_scalar(const ec_curve *C, uint8_t *priv, ec_sc d,
                                      const uint8_t *rnd, size_t rnd_len)
{
    ct_limb_t m[EC_LIMBS];
    ct_limb_t carry;
    size_t i;
    unsigned j;

    mp_copy(m, C->n.N, L);
    m[0] ^= 1;                                      /* n - 1: n is odd */
    mp_zero(d, L);
    for (i = 0; i < rnd_len; i++) {
        for (j = 8; j-- > 0;) {
            carry = mp_add(d, d, d, L);
            d[0] |= (ct_limb_t)((rnd[i] >> j) & 1u);      /* 2d is even */
            /* in place, on the comparison and the masked subtraction
             * the scalar reduction links anyway: no scratch for d - m */
            (void)mp_sub_cond(d, d, m, ct_cond_or(ct_cond_from_bit((uint32_t)carry),
                                                  ct_cond_not(mp_lt(d, m, L))), L);
        }
    }
    mp_zero(m, L);
    m[0] = 1;
    (void)mp_add(d, d, m, L);                       /* the addition the loop calls */
    ec_sc_to_bytes(C, priv, d);
}
#else
static CT_NOINLINE void keygen_scalar(const ec_curve *C, uint8_t *priv, ec_sc d,
                                      const uint8_t *rnd, size_t rnd_len)
{
    ct_limb_t c[2 * EC_LIMBS], T[4 * EC_LIMBS], m[EC_LIMBS];

    mp_copy(m, C->n.N, L);
    m[0] ^= 1;                                      /* n - 1: n is odd */
    (void)mp_from_be(c, 2 * L, rnd, rnd_len);
    mp_mod(d, c, 2 * L, m, L, T);
    (void)mp_add_limb(d, d, 1, L);
    ec_sc_to_bytes(C, priv, d);
    ct_zeroize(c, sizeof c);
    ct_zeroize(T, sizeof T);
}
#endif

int ec_keygen(const ec_curve *C, uint8_t *priv, uint8_t *pub, const uint8_t *rnd,
              size_t rnd_len)
{
    key_work v;

    if (priv == NULL || pub == NULL || rnd == NULL)
        return CTC_ERR_PARAM;
    if (rnd_len < C->keygen_min || rnd_len > C->keygen_max)
        return CTC_ERR_LENGTH;
    keygen_scalar(C, priv, v.d, rnd, rnd_len);
    public_from_scalar(C, pub, &v);
    ct_zeroize(&v, sizeof v);
    return CTC_OK;
}

int ec_public_key_check(const ec_curve *C, const uint8_t *pub, size_t pub_len)
{
    ec_affine A;

    if (pub == NULL)
        return CTC_ERR_PARAM;
    return ec_point_decode_vartime(C, &A, pub, pub_len);
}

int ec_public_key_decode(const ec_curve *C, uint8_t *out, const uint8_t *pub, size_t pub_len)
{
    ec_affine A;
    int r;

    if (out == NULL || pub == NULL)
        return CTC_ERR_PARAM;
    r = ec_point_decode_vartime(C, &A, pub, pub_len);
    if (r != CTC_OK)
        return r;
    ec_point_encode(C, out, &A);
    return CTC_OK;
}

int ec_public_key_compress(const ec_curve *C, uint8_t *out, const uint8_t *pub,
                           size_t pub_len)
{
    uint8_t full[1 + 2 * EC_MAX_BYTES];
    size_t i;
    int r;

    if (out == NULL)
        return CTC_ERR_PARAM;
    r = ec_public_key_decode(C, full, pub, pub_len);
    if (r != CTC_OK)
        return r;
    out[0] = (uint8_t)(0x02 | (full[2 * C->bytes] & 1));
    for (i = 0; i < C->bytes; i++)
        out[1 + i] = full[1 + i];
    return CTC_OK;
}

int ec_ecdh(const ec_curve *C, uint8_t *shared, const uint8_t *priv, const uint8_t *peer,
            size_t peer_len)
{
    struct {                /* the secrets, wiped by one ct_zeroize */
        ec_affine Q;        /* the peer's point, then the shared one */
        ec_point R;
        ec_sc d;
    } v;
    int r;

    if (shared == NULL || priv == NULL || peer == NULL)
        return CTC_ERR_PARAM;
    ct_zeroize(shared, C->bytes);
    /* the peer's key is public */
    r = ec_point_decode_vartime(C, &v.Q, peer, peer_len);
    if (r != CTC_OK)
        return r;
    /* whether the caller's key is valid is public (an error is returned) */
    r = CTC_ERR_KEY;
    if (ct_cond_declassify(ec_sc_from_bytes(C, v.d, priv))) {
        ec_mul(C, &v.R, v.d, &v.Q);
        /* infinity is impossible for a valid key and point (prime order);
         * whether it happened is public (an error is returned) */
        r = CTC_ERR_POINT;
        if (ct_cond_declassify(ec_point_to_affine(C, &v.Q, &v.R))) {
            ec_fe_to_bytes(C, shared, v.Q.x);
            r = CTC_OK;
        }
    }
    ct_zeroize(&v, sizeof v);   /* also after an invalid key: d holds its limbs */
    return r;
}

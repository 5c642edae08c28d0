/*
 * rsa_der_private.c - RSA private keys in DER (declared in ctcrypto/rsa.h):
 *   RSAPrivateKey ::= SEQUENCE { version INTEGER (0), n, e, d, p, q,
 *                                dp, dq, qinv INTEGER }   (RFC 8017 A.1.2)
 *   PrivateKeyInfo ::= SEQUENCE { version INTEGER (0),
 *     SEQUENCE { OID rsaEncryption, NULL },
 *     OCTET STRING { RSAPrivateKey } }                     (RFC 5208)
 * The DER structure is public (the parser branches on it); the integers'
 * values are secret: they are checked in constant time and only the
 * results of the checks are declassified.
 */
#include "ct/ct.h"
#include "rsa.h"

/* the nine INTEGERs of an RSAPrivateKey after the version, in order */
enum { F_N, F_E, F_D, F_P, F_Q, F_DP, F_DQ, F_QINV, F_COUNT };

/*
 * X (m limbs) = the big-endian in[0..len); false when it does not fit m
 * limbs (length checked first, public). The value is secret.
 */
static ct_cond rsa_der_load(ct_limb_t *X, size_t m, const uint8_t *in, size_t len)
{
    if (len > m * MP_LIMB_BYTES) {
        mp_zero(X, m);
        return ct_cond_false();
    }
    (void)mp_from_be(X, m, in, len);
    return ct_cond_true();
}

/*
 * The checks that ctc_rsa_private_key_import does not make with their own
 * codes: p q = n (CTC_ERR_RSA_PQ), d < n, d mod (p - 1) = dp and
 * d mod (q - 1) = dq (CTC_ERR_RSA_D). pub holds the imported (n, e).
 */
static int rsa_der_check(const ctc_rsa_public_key *pub, const uint8_t *const *f,
                         const size_t *f_len, ct_limb_t *Dout)
{
    /* parts are loaded through h + 1 limbs, d through L + 1 */
    ct_limb_t P[RSA_HALF + 1], Q[RSA_HALF + 1], X[RSA_HALF + 1], Y[RSA_HALF + 1],
              D[RSA_LIMBS + 1], PQ[2 * RSA_HALF + 2], NN[2 * RSA_HALF + 2],
              T[RSA_LIMBS + 1 + 2 * (RSA_HALF + 1)];
    size_t L = pub->limbs, h = (L + 1) / 2, i;
    ct_cond ok;
    int ret = CTC_ERR_RSA_PQ;

    ok = rsa_der_load(P, h + 1, f[F_P], f_len[F_P]);
    ok = ct_cond_and(ok, rsa_der_load(Q, h + 1, f[F_Q], f_len[F_Q]));
    mp_mul(PQ, P, h + 1, Q, h + 1);
    mp_zero(NN, 2 * h + 2);
    mp_copy(NN, pub->n, L);
    ok = ct_cond_and(ok, mp_eq(PQ, NN, 2 * h + 2));
    /* whether p q = n is public: the key is refused with this code */
    if (!ct_cond_declassify(ok))
        goto done;
    /* p q = n is odd, so p and q are odd, and both exceed 1 (neither fits
     * h + 1 < L limbs alone): p - 1 and q - 1 are nonzero */
    ret = CTC_ERR_RSA_D;
    ok = rsa_der_load(D, L + 1, f[F_D], f_len[F_D]);
    ok = ct_cond_and(ok, ct_limb_is_zero(D[L]));
    ok = ct_cond_and(ok, mp_lt(D, pub->n, L));
    P[0] &= ~(ct_limb_t)1;
    Q[0] &= ~(ct_limb_t)1;
    mp_mod(X, D, L, P, h + 1, T);
    ok = ct_cond_and(ok, rsa_der_load(Y, h + 1, f[F_DP], f_len[F_DP]));
    ok = ct_cond_and(ok, mp_eq(X, Y, h + 1));
    mp_mod(X, D, L, Q, h + 1, T);
    ok = ct_cond_and(ok, rsa_der_load(Y, h + 1, f[F_DQ], f_len[F_DQ]));
    ok = ct_cond_and(ok, mp_eq(X, Y, h + 1));
    /* whether d agrees with dp and dq is public: the key is refused */
    if (!ct_cond_declassify(ok))
        goto done;
    for (i = 0; i < L; i++)
        Dout[i] = D[i];
    ret = CTC_OK;
done:
    ct_zeroize(P, sizeof P);
    ct_zeroize(Q, sizeof Q);
    ct_zeroize(X, sizeof X);
    ct_zeroize(Y, sizeof Y);
    ct_zeroize(D, sizeof D);
    ct_zeroize(PQ, sizeof PQ);
    ct_zeroize(T, sizeof T);
    return ret;
}

/* see ctcrypto/rsa.h */
int ctc_rsa_private_key_from_der(ctc_rsa_private_key *key, const uint8_t *der, size_t der_len)
{
    asn1_reader seq;
    const uint8_t *v, *f[F_COUNT];
    size_t v_len, f_len[F_COUNT], i;
    ct_limb_t D[RSA_LIMBS];
    int r;

    if (key == NULL)
        return CTC_ERR_PARAM;
    ct_zeroize(key, sizeof *key);
    if (der == NULL)
        return CTC_ERR_PARAM;
    if (asn1_open_sequence(&seq, der, der_len) != CTC_OK)
        return CTC_ERR_ENCODING;
    if ((r = asn1_read_uint(&seq, &v, &v_len)) != CTC_OK)
        return r;
    /* version 0: two primes (1 announces otherPrimeInfos) */
    if (v_len != 1 || v[0] != 0)
        return CTC_ERR_RSA_VERSION;
    for (i = 0; i < F_COUNT; i++)
        if ((r = asn1_read_uint(&seq, &f[i], &f_len[i])) != CTC_OK)
            return r;
    if (seq.len != 0)
        return CTC_ERR_ENCODING;
    /* (n, e) with the public key's codes, then n's size for a private key */
    r = ctc_rsa_public_key_import(&key->pub, f[F_N], f_len[F_N], f[F_E], f_len[F_E]);
    if (r != CTC_OK)
        return r;
    if (key->pub.bits < 2048) {
        r = CTC_ERR_RSA_N_SIZE;
        goto fail;
    }
    r = rsa_der_check(&key->pub, f, f_len, D);
    if (r != CTC_OK)
        goto fail;
    r = ctc_rsa_private_key_import(key, f[F_N], f_len[F_N], f[F_E], f_len[F_E],
                                   f[F_P], f_len[F_P], f[F_Q], f_len[F_Q],
                                   f[F_DP], f_len[F_DP], f[F_DQ], f_len[F_DQ],
                                   f[F_QINV], f_len[F_QINV]);
    if (r != CTC_OK)
        goto fail;
    mp_copy(key->d, D, key->pub.limbs);
    key->d_limbs = key->pub.limbs;
    ct_zeroize(D, sizeof D);
    return CTC_OK;
fail:
    ct_zeroize(D, sizeof D);
    ct_zeroize(key, sizeof *key);
    return r;
}

/* see ctcrypto/rsa.h */
int ctc_rsa_private_key_from_pkcs8(ctc_rsa_private_key *key, const uint8_t *der, size_t der_len)
{
    asn1_reader seq;
    const uint8_t *c, *v;
    size_t c_len, v_len;
    int r;

    if (key == NULL)
        return CTC_ERR_PARAM;
    ct_zeroize(key, sizeof *key);
    if (der == NULL)
        return CTC_ERR_PARAM;
    if (asn1_open_sequence(&seq, der, der_len) != CTC_OK)
        return CTC_ERR_ENCODING;
    if ((r = asn1_read_uint(&seq, &v, &v_len)) != CTC_OK)
        return r;
    /* version 0 (PKCS#8 v1; v2's OneAsymmetricKey is refused) */
    if (v_len != 1 || v[0] != 0)
        return CTC_ERR_RSA_VERSION;
    if ((r = rsa_der_read_algorithm(&seq)) != CTC_OK)
        return r;
    /* the key, and nothing after it (no attributes, no public key) */
    if (asn1_read(&seq, ASN1_TAG_OCTET_STRING, &c, &c_len) != CTC_OK || seq.len != 0)
        return CTC_ERR_ENCODING;
    return ctc_rsa_private_key_from_der(key, c, c_len);
}

/*
 * The RSAPrivateKey of key at out (NULL: only the length); returns its
 * length. b: the fields as big-endian bytes (bl their lengths).
 */
static size_t rsa_der_privkey(uint8_t *out, uint8_t *const *b, const size_t *bl)
{
    static const uint8_t zero[1] = { 0 };
    size_t len = rsa_der_put_uint(NULL, zero, 1), h, i;

    for (i = 0; i < F_COUNT; i++)
        len += rsa_der_put_uint(NULL, b[i], bl[i]);
    h = asn1_header_size(len);
    if (out != NULL) {
        out += asn1_put_header(out, ASN1_TAG_SEQUENCE, len);
        out += rsa_der_put_uint(out, zero, 1);
        for (i = 0; i < F_COUNT; i++)
            out += rsa_der_put_uint(out, b[i], bl[i]);
    }
    return h + len;
}

/*
 * Writes key as an RSAPrivateKey (pkcs8 = 0) or a PrivateKeyInfo around
 * one (pkcs8 = 1).
 */
static int rsa_der_private_write(uint8_t *out, size_t out_size, size_t *out_len,
                                 const ctc_rsa_private_key *key, int pkcs8)
{
    uint8_t nb[CTC_RSA_MAX_BYTES], db[CTC_RSA_MAX_BYTES], eb[4],
            hb[5][RSA_HALF * MP_LIMB_BYTES];
    uint8_t *b[F_COUNT];
    size_t bl[F_COUNT], k, hbytes, h, L, len, total, i;
    ct_limb_t T[RSA_D_SCRATCH], D[2 * RSA_HALF], QI[RSA_HALF];
    const ct_limb_t *parts[4];
    mp_modulus pm;
    int ret = CTC_ERR_BUFFER;

    if (out == NULL || out_len == NULL || key == NULL || key->half_limbs == 0)
        return CTC_ERR_PARAM;
    k = key->pub.bytes;
    L = key->pub.limbs;
    h = key->half_limbs;
    hbytes = h * MP_LIMB_BYTES;
    /* d: the stored one, or e^-1 mod lambda (the imported key is consistent,
     * so e is prime to phi) */
    mp_zero(D, 2 * h);
    if (key->d_limbs != 0)
        mp_copy(D, key->d, key->d_limbs);
    else
        (void)rsa_make_d(D, key->p, key->q, h, key->pub.e, T);
    (void)mp_to_be(nb, k, key->pub.n, L);
    (void)mp_to_be(db, k, D, 2 * h);   /* d < n: fits k bytes */
    eb[0] = (uint8_t)(key->pub.e >> 24);
    eb[1] = (uint8_t)(key->pub.e >> 16);
    eb[2] = (uint8_t)(key->pub.e >> 8);
    eb[3] = (uint8_t)key->pub.e;
    /* qinv out of Montgomery form */
    pm = rsa_p_modulus(key);
    mp_from_mont(QI, key->qinv_m, &pm, T);
    parts[0] = key->p;
    parts[1] = key->q;
    parts[2] = key->dp;
    parts[3] = key->dq;
    for (i = 0; i < 4; i++)
        (void)mp_to_be(hb[i], hbytes, parts[i], h);
    (void)mp_to_be(hb[4], hbytes, QI, h);
    b[F_N] = nb;
    bl[F_N] = k;
    b[F_E] = eb;
    bl[F_E] = 4;
    b[F_D] = db;
    bl[F_D] = k;
    for (i = 0; i < 5; i++) {
        b[F_P + i] = hb[i];
        bl[F_P + i] = hbytes;
    }
    len = rsa_der_privkey(NULL, b, bl);
    total = len;
    if (pkcs8)
        total = 3 + RSA_DER_ALGORITHM_LEN + asn1_header_size(len) + len;
    if (pkcs8)
        total += asn1_header_size(total);
    if (total > out_size)
        goto done;
    if (pkcs8) {
        out += asn1_put_header(out, ASN1_TAG_SEQUENCE,
                               3 + RSA_DER_ALGORITHM_LEN + asn1_header_size(len) + len);
        *out++ = ASN1_TAG_INTEGER;
        *out++ = 1;
        *out++ = 0;
        out = rsa_der_put_algorithm(out);
        out += asn1_put_header(out, ASN1_TAG_OCTET_STRING, len);
    }
    (void)rsa_der_privkey(out, b, bl);
    *out_len = total;
    ret = CTC_OK;
done:
    ct_zeroize(db, sizeof db);
    ct_zeroize(hb, sizeof hb);
    ct_zeroize(T, sizeof T);
    ct_zeroize(D, sizeof D);
    ct_zeroize(QI, sizeof QI);
    return ret;
}

/* see ctcrypto/rsa.h */
int ctc_rsa_private_key_to_der(uint8_t *out, size_t out_size, size_t *out_len,
                               const ctc_rsa_private_key *key)
{
    return rsa_der_private_write(out, out_size, out_len, key, 0);
}

/* see ctcrypto/rsa.h */
int ctc_rsa_private_key_to_pkcs8(uint8_t *out, size_t out_size, size_t *out_len,
                                 const ctc_rsa_private_key *key)
{
    return rsa_der_private_write(out, out_size, out_len, key, 1);
}

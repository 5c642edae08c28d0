/*
 * rsa_key_d.c - the private exponent d of a private key imported from its
 * parts: kept (for the DER writers) and as the key of PKCS#1 v1.5
 * decryption's implicit rejection (SHA-256(I2OSP(d, k)); declared in
 * ctcrypto/rsa.h). d is checked
 * against dp and dq in constant time; only the answers are public.
 */
#include "ct/ct.h"
#include "rsa.h"

/* see ctcrypto/rsa.h */
int ctc_rsa_private_key_set_d(ctc_rsa_private_key *key, const uint8_t *d, size_t d_len)
{
    ct_limb_t D[RSA_LIMBS + 1], R[RSA_HALF], PM1[RSA_HALF],
              T[RSA_LIMBS + 1 + 2 * RSA_HALF];
    uint8_t buf[CTC_RSA_MAX_BYTES];
    size_t L, h, k;
    ct_cond ok;
    int ret = CTC_OK;

    if (key == NULL || (d == NULL && d_len != 0) || key->half_limbs == 0)
        return CTC_ERR_PARAM;
    L = key->pub.limbs;
    h = key->half_limbs;
    k = key->pub.bytes;
    /* loaded through L + 1 limbs, so that leading zero bytes pass */
    if (mp_from_be(D, L + 1, d, d_len) != CTC_OK)
        return CTC_ERR_LENGTH;
    /* whether d < n is public (an error is returned) */
    ok = ct_cond_and(ct_limb_is_zero(D[L]), mp_lt(D, key->pub.n, L));
    if (!ct_cond_declassify(ok)) {
        ret = CTC_ERR_RSA_D;
        goto done;
    }
    /* d mod (p - 1) = dp and d mod (q - 1) = dq (p and q are odd: p - 1
     * is p with its low bit cleared) */
    mp_copy(PM1, key->p, h);
    PM1[0] &= ~(ct_limb_t)1;
    mp_mod(R, D, L, PM1, h, T);
    ok = mp_eq(R, key->dp, h);
    mp_copy(PM1, key->q, h);
    PM1[0] &= ~(ct_limb_t)1;
    mp_mod(R, D, L, PM1, h, T);
    ok = ct_cond_and(ok, mp_eq(R, key->dq, h));
    /* whether d belongs to the key is public (an error is returned) */
    if (!ct_cond_declassify(ok)) {
        ret = CTC_ERR_RSA_D;
        goto done;
    }
    mp_copy(key->d, D, L);          /* the DER writers write this d */
    key->d_limbs = (uint32_t)L;
    (void)mp_to_be(buf, k, D, L);   /* d < n fits k bytes */
    (void)ctc_hash(key->ir_key, sizeof key->ir_key, CTC_HASH_SHA256, buf, k);
    key->ir_key_set = 1;
done:
    ct_zeroize(D, sizeof D);
    ct_zeroize(R, sizeof R);
    ct_zeroize(PM1, sizeof PM1);
    ct_zeroize(T, sizeof T);
    ct_zeroize(buf, sizeof buf);
    return ret;
}

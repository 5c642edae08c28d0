/*
 * rsa_public.c - the RSA public operation (declared in ctcrypto/rsa.h and
 * rsa.h). Public data only: the exponentiation is mp_exp_vartime.
 */
#include "ct/ct.h"
#include "rsa.h"

/* see rsa.h */
void rsa_public_vartime(ct_limb_t *X, const ctc_rsa_public_key *key,
                        const ct_limb_t *A, ct_limb_t *T)
{
    ct_limb_t E[1];
    mp_modulus m = rsa_pub_modulus(key);

    E[0] = key->e;
    /* the scratch is RSA_PUB_SCRATCH >= MP_EXP_SCRATCH(limbs, 1): no
     * CTC_ERR_BUFFER */
    (void)mp_exp_vartime(X, A, E, 1, &m, T, RSA_PUB_SCRATCH);
}

/* in (k bytes) as limbs, checked < n; CTC_ERR_LENGTH or CTC_ERR_RANGE */
static int rsa_load_vartime(ct_limb_t *A, const ctc_rsa_public_key *key,
                            const uint8_t *in, size_t in_len)
{
    if (in_len != key->bytes)
        return CTC_ERR_LENGTH;
    if (mp_from_be(A, key->limbs, in, in_len) != CTC_OK)
        return CTC_ERR_LENGTH;
    /* the input is public (a signature or a public ciphertext) */
    if (!ct_cond_declassify(mp_lt(A, key->n, key->limbs)))
        return CTC_ERR_RANGE;
    return CTC_OK;
}

/* see rsa.h */
int rsa_verify_em_vartime(uint8_t *out, const ctc_rsa_public_key *key,
                          const uint8_t *sig, size_t sig_len)
{
    ct_limb_t A[RSA_LIMBS], T[RSA_PUB_SCRATCH];
    int r = rsa_load_vartime(A, key, sig, sig_len);

    if (r != CTC_OK)
        return r;
    rsa_public_vartime(A, key, A, T);
    /* A < n < 2^(8k): always fits */
    return mp_to_be(out, key->bytes, A, key->limbs);
}

/* see ctcrypto/rsa.h */
int ctc_rsa_public(uint8_t *out, size_t out_size, const ctc_rsa_public_key *key,
                   const uint8_t *in, size_t in_len)
{
    if (out == NULL || key == NULL || in == NULL || key->bytes == 0)
        return CTC_ERR_PARAM;
    if (out_size < key->bytes)
        return CTC_ERR_BUFFER;
    return rsa_verify_em_vartime(out, key, in, in_len);
}

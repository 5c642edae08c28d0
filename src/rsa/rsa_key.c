/*
 * rsa_key.c - RSA public key import and sizes (declared in ctcrypto/rsa.h).
 * Everything here is public: the key is checked by branches.
 */
#include "ct/ct.h"
#include "rsa.h"

/* the public header's limb type is the library's */
typedef char rsa_limb_size_check[sizeof(ctc_rsa_limb) == sizeof(ct_limb_t) ? 1 : -1];

/* in[0..*len) without its leading zero bytes (public data) */
static const uint8_t *rsa_strip_vartime(const uint8_t *in, size_t *len)
{
    while (*len > 0 && in[0] == 0) {
        in++;
        (*len)--;
    }
    return in;
}

static int rsa_key_check_vartime(const uint8_t *n, size_t n_len,
                                 const uint8_t *e, size_t e_len,
                                 uint32_t *bits, uint32_t *ev)
{
    size_t b, i;
    uint32_t v = 0;

    n = rsa_strip_vartime(n, &n_len);
    e = rsa_strip_vartime(e, &e_len);
    if (n_len == 0 || n_len > CTC_RSA_MAX_BYTES)
        return CTC_ERR_RSA_N_SIZE;
    /* bit length: whole bytes below the top one, plus the top byte's bits */
    b = 8 * (n_len - 1);
    for (v = n[0]; v != 0; v >>= 1)
        b++;
    if (b < CTC_RSA_MIN_BITS || b > CTC_RSA_MAX_BITS)
        return CTC_ERR_RSA_N_SIZE;
    if ((n[n_len - 1] & 1u) == 0)
        return CTC_ERR_RSA_N_EVEN;
    if (e_len > 4)
        return CTC_ERR_RSA_E_LARGE;
    v = 0;
    for (i = 0; i < e_len; i++)
        v = (v << 8) | e[i];
    if ((v & 1u) == 0)
        return CTC_ERR_RSA_E_EVEN;
    if (v == 1)
        return CTC_ERR_RSA_E_SMALL;
    *bits = (uint32_t)b;
    *ev = v;
    return CTC_OK;
}

/* see ctcrypto/rsa.h */
int ctc_rsa_public_key_import(ctc_rsa_public_key *key, const uint8_t *n,
                              size_t n_len, const uint8_t *e, size_t e_len)
{
    ct_limb_t T[MP_R2_SCRATCH(RSA_LIMBS)];
    uint32_t bits = 0, ev = 0;
    size_t limbs;
    int r;

    if (key == NULL)
        return CTC_ERR_PARAM;
    ct_zeroize(key, sizeof *key);
    if ((n == NULL && n_len != 0) || (e == NULL && e_len != 0))
        return CTC_ERR_PARAM;
    r = rsa_key_check_vartime(n, n_len, e, e_len, &bits, &ev);
    if (r != CTC_OK)
        return r;
    limbs = MP_LIMBS(bits);
    n = rsa_strip_vartime(n, &n_len);
    if (mp_from_be(key->n, limbs, n, n_len) != CTC_OK)
        return CTC_ERR_RSA_N_SIZE;   /* cannot happen: n_len fits limbs */
    key->ninv = mp_mont_ninv(key->n[0]);
    /* n is public, its bit length too */
    mp_mont_R2_bits(key->r2, key->n, limbs, bits, key->ninv, T);
    key->e = ev;
    key->bits = bits;
    key->limbs = (uint32_t)limbs;
    key->bytes = (bits + 7) / 8;
    return CTC_OK;
}

/* see ctcrypto/rsa.h */
size_t ctc_rsa_size(const ctc_rsa_public_key *key)
{
    return key == NULL ? 0 : key->bytes;
}

/* see ctcrypto/rsa.h */
size_t ctc_rsa_bits(const ctc_rsa_public_key *key)
{
    return key == NULL ? 0 : key->bits;
}

/*
 * mp_bytes.c - big-endian byte strings to limbs and back (declared in
 * mp.h).
 */
#include "ctcrypto/common.h"
#include "mp_word.h"

#define MP_BYTE_SHIFT (MP_LIMB_SHIFT - 3) /* log2(MP_LIMB_BYTES) */

int mp_from_be(ct_limb_t *X, size_t n, const uint8_t *in, size_t len)
{
    size_t k;

    if (len > n * MP_LIMB_BYTES)
        return CTC_ERR_LENGTH;
    mp_zero(X, n);
    /* byte k from the end is bits [8k, 8k + 8) */
    for (k = 0; k < len; k++)
        X[k >> MP_BYTE_SHIFT] |= (ct_limb_t)in[len - 1 - k]
                                 << ((k & (MP_LIMB_BYTES - 1)) << 3);
    return CTC_OK;
}

void mp_to_be_all(uint8_t *out, const ct_limb_t *A, size_t n)
{
    size_t k, len = n * MP_LIMB_BYTES;

    for (k = 0; k < len; k++)
        out[len - 1 - k] = (uint8_t)(A[k >> MP_BYTE_SHIFT] >> ((k & (MP_LIMB_BYTES - 1)) << 3));
}

int mp_to_be(uint8_t *out, size_t len, const ct_limb_t *A, size_t n)
{
    size_t k, total = n * MP_LIMB_BYTES;
    ct_limb_t lost = 0;
    ct_cond fits;

    for (k = 0; k < len; k++)
        out[len - 1 - k] = (uint8_t)(k < total
            ? A[k >> MP_BYTE_SHIFT] >> ((k & (MP_LIMB_BYTES - 1)) << 3)
            : 0);
    /* the bytes that do not fit must be zero */
    for (k = len; k < total; k++)
        lost |= (A[k >> MP_BYTE_SHIFT] >> ((k & (MP_LIMB_BYTES - 1)) << 3)) & 0xffu;
    fits = ct_limb_is_zero(lost);
    /* whether A fits in len bytes is public (the return value says it) */
    if (ct_cond_declassify(fits))
        return CTC_OK;
    for (k = 0; k < len; k++)
        out[k] = 0;
    return CTC_ERR_RANGE;
}

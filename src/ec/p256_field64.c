/*
 * p256_field64.c - the C twins of the P-256 field leaves (p256_field.h)
 * for 64-bit limbs.
 *
 * (First step: the generic Montgomery path of the mp layer with P-256's
 * constants; to be replaced by the dedicated code.)
 */
#include "p256_field.h"

#if MP_LIMB_BITS == 64 && CTC_EC_P256

#define L P256_FE_LIMBS
#if MP_LIMB_BITS == 64
static const ct_limb_t p[L] = {
    0xffffffffffffffffu, 0x00000000ffffffffu, 0x0000000000000000u, 0xffffffff00000001u
};
#else
static const ct_limb_t p[L] = {
    0xffffffffu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 1, 0xffffffffu
};
#endif

void p256_fe_mul_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    ct_limb_t T[2 * L];

    mp_montmul(X, A, B, p, L, 1, T);
}

void p256_fe_sqr_c(ct_limb_t *X, const ct_limb_t *A)
{
    ct_limb_t T[2 * L];

    mp_montsqr(X, A, p, L, 1, T);
}

void p256_fe_add_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    mp_mod_add(X, A, B, p, L);
}

void p256_fe_sub_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    mp_mod_sub(X, A, B, p, L);
}

void p256_fe_neg_c(ct_limb_t *X, const ct_limb_t *A)
{
    mp_mod_neg(X, A, p, L);
}

#endif

/*
 * p256_mul_base.c - constant-time k G (key generation, signing).
 *
 * With the signed 5-bit windows of p256_mul.c, k = sum d_i 2^(5i) with
 * |d_i| <= 16, so k G = sum d_i (2^(5i) G): window i needs only the
 * point |d_i| 2^(5i) G from its own row of the table and one mixed
 * addition - 52 additions and no doubling. Each row is scanned in full
 * (16 affine points); digit 0 selects no entry (the lookup yields zeros),
 * and the sum is then kept unchanged by a masked copy, so every digit
 * costs the same. The complete mixed formula accepts an accumulator at
 * infinity and equal or opposite points.
 */
#include "p256.h"

#if !CTC_PROFILE_SMALL
#include "p256_table.h"

#define L P256_LIMBS
#define DIGITS 52

typedef char p256_affine_is_2L_limbs[sizeof(p256_affine) == 2 * L * sizeof(ct_limb_t) ? 1 : -1];

void p256_mul_base(p256_point *R, const uint8_t k[32])
{
    p256_point acc, sum;
    p256_affine A;
    p256_fe t;
    uint32_t a;
    ct_cond neg;
    int i;

    p256_point_set_infinity(&acc);
    for (i = 0; i < DIGITS; i++) {
        neg = p256_booth_digit(&a, k, i);
        /* entry a - 1; a = 0 gives an index past the row: all zeros */
        ct_limbs_lookup((ct_limb_t *)(void *)&A, (const ct_limb_t *)(const void *)p256_table[i],
                        16, 2 * L, (size_t)a - 1);
        p256_fe_neg(t, A.y);
        ct_limbs_cmov(neg, A.y, t, L);
        p256_point_add_affine(&sum, &acc, &A);
        ct_limbs_cmov(ct_u32_nonzero(a), (ct_limb_t *)(void *)&acc,
                      (const ct_limb_t *)(const void *)&sum, 3 * L);
    }
    p256_point_copy(R, &acc);
    ct_zeroize(&acc, sizeof acc);
    ct_zeroize(&sum, sizeof sum);
    ct_zeroize(&A, sizeof A);
    ct_zeroize(t, sizeof t);
    ct_zeroize(&a, sizeof a);
}
#else
void p256_mul_base(p256_point *R, const uint8_t k[32])
{
    p256_mul(R, k, &p256_g);
}
#endif

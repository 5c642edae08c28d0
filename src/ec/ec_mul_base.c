/*
 * ec_mul_base.c - constant-time k G (key generation, signing).
 *
 * With the signed 5-bit windows of ec_mul.c, k = sum d_i 2^(5i) with
 * |d_i| <= 16, so k G = sum d_i (2^(5i) G): window i needs only the
 * point |d_i| 2^(5i) G from its own row of the curve's table and one
 * mixed addition - one addition per digit and no doubling. Each row is
 * scanned in full (16 affine points); digit 0 selects no entry (the lookup
 * yields zeros), and the sum is then kept unchanged by a masked copy, so
 * every digit costs the same. The complete mixed formula accepts an
 * accumulator at infinity and equal or opposite points.
 * Curves without a table, and PROFILE=small builds, use ec_mul with G.
 */
#include "ec.h"

#define L (C->limbs)

void ec_mul_base(const ec_curve *C, ec_point *R, const uint8_t *k)
{
    ec_affine A;
#if !CTC_PROFILE_SMALL
    ct_limb_t entry[2 * EC_LIMBS];
    ec_point acc, sum;
    ec_fe t;
    uint32_t a;
    ct_cond neg;
    int i;

    if (C->table != NULL) {     /* public: the curve */
        ec_point_set_infinity(C, &acc);
        for (i = 0; i < (int)C->table_rows; i++) {
            neg = ec_booth_digit(C, &a, k, i);
            /* entry a - 1; a = 0 gives an index past the row: all zeros */
            ct_limbs_lookup(entry, C->table + (size_t)i * 16 * 2 * L, 16, 2 * L, (size_t)a - 1);
            mp_copy(A.x, entry, L);
            mp_copy(A.y, entry + L, L);
            ec_fe_neg(C, t, A.y);
            ct_limbs_cmov(neg, A.y, t, L);
            ec_point_add_affine(C, &sum, &acc, &A);
            ct_limbs_cmov(ct_u32_nonzero(a), acc.X, sum.X, L);
            ct_limbs_cmov(ct_u32_nonzero(a), acc.Y, sum.Y, L);
            ct_limbs_cmov(ct_u32_nonzero(a), acc.Z, sum.Z, L);
        }
        ec_point_copy(C, R, &acc);
        ct_zeroize(&acc, sizeof acc);
        ct_zeroize(&sum, sizeof sum);
        ct_zeroize(&A, sizeof A);
        ct_zeroize(entry, sizeof entry);
        ct_zeroize(t, sizeof t);
        ct_zeroize(&a, sizeof a);
        return;
    }
#endif
    ec_affine_generator(C, &A);
    ec_mul(C, R, k, &A);
}

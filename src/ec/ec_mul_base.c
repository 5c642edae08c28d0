/*
 * ec_mul_base.c - constant-time k G (key generation, signing).
 *
 * With the signed 5-bit windows of ec_mul.c, k = sum d_i 2^(5i) with
 * |d_i| <= 16, so k G = sum d_i (2^(5i) G): window i needs only the
 * point |d_i| 2^(5i) G from its own row of the curve's table and one
 * mixed addition - one addition per digit and no doubling. Each row is
 * scanned in full (16 affine points); digit 0 selects no entry (the lookup
 * yields zeros), and the sum is then kept unchanged by a masked copy, so
 * every digit costs the same. The additions are Jacobian mixed ones
 * (ec_jacobian.c), which are wrong for equal points: before row i the
 * sum is S G with |S| <= 16 (2^(5i) - 1) / 31 < 2^(5i), and the addend is
 * d 2^(5i) G with 2^(5i) <= |d 2^(5i)| <= 2^(5i + 4); for every row but
 * the last, both are below n / 2 in size, so S = d 2^(5i) mod n would
 * need S = d 2^(5i) as integers, which the sizes exclude (S = 0, the
 * accumulator at infinity, is handled by the addition). The last row uses
 * the complete projective mixed formula (ec_point.c), so no argument is
 * needed there.
 * Curves without a table, and PROFILE=small builds, use ec_mul with G.
 */
#include "ec.h"

#define L (C->limbs)

void ec_mul_base(const ec_curve *C, ec_point *R, const uint8_t *k)
{
    ec_affine A;
#if !CTC_PROFILE_SMALL
    ct_limb_t entry[2 * EC_LIMBS];
    ec_jac acc, sum;
    ec_point pacc, psum;
    ec_fe t;
    uint32_t a;
    ct_cond neg, nz;
    int i, last;

    if (C->table != NULL) {     /* public: the curve */
        last = (int)C->table_rows - 1;
        ec_jac_set_infinity(C, &acc);
        for (i = 0; i <= last; i++) {
            neg = ec_booth_digit(C, &a, k, i);
            /* entry a - 1; a = 0 gives an index past the row: all zeros */
            ct_limbs_lookup(entry, C->table + (size_t)i * 16 * 2 * L, 16, 2 * L, (size_t)a - 1);
            mp_copy(A.x, entry, L);
            mp_copy(A.y, entry + L, L);
            ec_fe_neg(C, t, A.y);
            ct_limbs_cmov(neg, A.y, t, L);
            nz = ct_u32_nonzero(a);
            if (i < last) {     /* public */
                ec_jac_add_affine(C, &sum, &acc, &A);
                ct_limbs_cmov(nz, acc.X, sum.X, L);
                ct_limbs_cmov(nz, acc.Y, sum.Y, L);
                ct_limbs_cmov(nz, acc.Z, sum.Z, L);
            } else {
                ec_jac_to_point(C, &pacc, &acc);
                ec_point_add_affine(C, &psum, &pacc, &A);
                ct_limbs_cmov(nz, pacc.X, psum.X, L);
                ct_limbs_cmov(nz, pacc.Y, psum.Y, L);
                ct_limbs_cmov(nz, pacc.Z, psum.Z, L);
                ec_point_copy(C, R, &pacc);
            }
        }
        ct_zeroize(&acc, sizeof acc);
        ct_zeroize(&sum, sizeof sum);
        ct_zeroize(&pacc, sizeof pacc);
        ct_zeroize(&psum, sizeof psum);
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

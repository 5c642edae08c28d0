/*
 * ec_mul_base.c - constant-time k G (key generation, signing) with the
 * curve's fixed-base table.
 *
 * With the signed 5-bit digits of ec_mul.c, k = sum d_i 2^(5i) with
 * |d_i| <= 16 and i < D. The table has `rows` rows and spacing S (rows * S
 * >= D); digit i = c + S m is in column c and row m, and
 *
 *     k G = sum_c 2^(5c) sum_m d_(c + S m) T_m,   T_m = 2^(5 S m) G,
 *
 * so the columns are taken from c = S - 1 down to 0, with 5 doublings
 * between columns and one mixed addition of +-|d| T_m per digit, the point
 * read from row m by a scan of all 16 entries. Digit 0 selects no entry
 * (the lookup yields zeros) and the sum is kept by a masked copy, so every
 * digit costs the same. S = 1 is the large table (one row per digit, no
 * doubling), one row is 1G..16G and 5 (D - 1) doublings; the build picks
 * the size (ctcrypto/config.h, docs/ec.md).
 *
 * The additions are Jacobian mixed ones (ec_jacobian.c), wrong for equal
 * points. Write the sum before an addition as s G and the addend as
 * d 2^(5j) G (j = S m, the exponent of its digit within the column). The
 * digits in s that sit below 2^(5j) add up to L with |L| <= 16 (2^(5j) -
 * 1) / 31 < 2^(5j) / 2, the others to a multiple H of 2^(5j + 5). s = d
 * 2^(5j) as integers needs L = 0 mod 2^(5j), so L = 0, and then H = d
 * 2^(5j) with |d| <= 16 < 32, so d = 0: no digit (a masked copy) - and s =
 * 0 (infinity) the addition handles. So equal points would need s = d
 * 2^(5j) mod n but not as integers, hence |s| + |d 2^(5j)| >= n. In every
 * column but the last (c >= 1) every exponent is at most D - 2, so |s| <
 * 2^(5(D - 1)) / 2 and |d 2^(5j)| <= 2^(5(D - 2) + 4), both below n / 2
 * for both curves (5(D - 1) = 255 and 380), so it cannot happen. The last column (c = 0) takes
 * the complete projective mixed formula (ec_point.c) instead - unless the
 * table has one row per digit (S = 1), where s has no part H and only the
 * very last addition can reach n.
 */
#include "ec.h"

#define L (C->limbs)

void ec_mul_base(const ec_curve *C, ec_point *R, const uint8_t *k)
{
    ct_limb_t entry[2 * EC_LIMBS];
    ec_affine A;
    /* the sum in Jacobian coordinates, then (last column) projective */
    union {
        ec_jac j;
        ec_point p;
    } acc, sum;
    uint32_t a;
    ct_cond neg, nz;
    int c, m, i, j, complete = 0;
    int S = (int)C->table_spacing, rows = (int)C->table_rows, D = ec_booth_digits(C);

    ec_jac_set_infinity(C, &acc.j);
    for (c = S - 1; c >= 0; c--) {
        for (j = 0; c < S - 1 && j < EC_WIN; j++)
            ec_jac_dbl(C, &acc.j, &acc.j);
        for (m = 0; m < rows; m++) {
            i = c + S * m;
            if (i >= D)             /* public: past the last digit */
                break;
            neg = ec_booth_digit(C, &a, k, i);
            /* entry a - 1; a = 0 gives an index past the row: all zeros */
            ec_limbs_lookup(entry, C->table + (size_t)m * 16 * 2 * L, 16, 2 * L, (size_t)a - 1);
            mp_copy(A.x, entry, L);
            mp_copy(A.y, entry + L, L);
            ec_fe_neg(C, entry, A.y);       /* (entry is free) */
            ct_limbs_cmov(neg, A.y, entry, L);
            nz = ct_u32_nonzero(a);
            /* public: the column and row decide the formula (above) */
            if (c == 0 && !complete && (S > 1 || i == D - 1)) {
                ec_jac_to_point(C, &sum.p, &acc.j);     /* (sum is free) */
                ec_point_copy(C, &acc.p, &sum.p);
                complete = 1;
            }
            if (!complete) {
                ec_jac_add_affine_if(C, &acc.j, &acc.j, &A, nz);
            } else {
                ec_point_add_affine(C, &sum.p, &acc.p, &A);
                ct_limbs_cmov(nz, acc.p.X, sum.p.X, L);
                ct_limbs_cmov(nz, acc.p.Y, sum.p.Y, L);
                ct_limbs_cmov(nz, acc.p.Z, sum.p.Z, L);
            }
        }
    }
    ec_point_copy(C, R, &acc.p);
    ct_zeroize(&acc, sizeof acc);
    ct_zeroize(&sum, sizeof sum);
    ct_zeroize(&A, sizeof A);
    ct_zeroize(entry, sizeof entry);
    ct_zeroize(&a, sizeof a);
}

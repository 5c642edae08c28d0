/*
 * ec_mul_base.c - constant-time k G (key generation, signing) with the
 * curve's fixed-base table.
 *
 * The fold. k is reduced mod n (k < 2^bits < 2n: one conditional
 * subtraction) and replaced by n - k when its top bit is set, the result
 * negated at the end: -(n - k) G = k G. Either way the value, k', is below
 * 2^(bits - 1), so D = ceil(bits / W) signed W-bit digits (ec_comb_digit,
 * the recoding of ec_mul.c with W = EC_COMB_WIN, 4, 5 or 7) give k' = sum
 * d_i 2^(W i) exactly, |d_i| <= 2^(W - 1) (the top digit's carry-out is
 * bit W D - 1 >= bits - 1 of k', zero). With W = 4 a row of the
 * table holds 8 points instead of 16, so the same bytes hold twice the
 * rows: the small tables of microcontrollers take far fewer doublings and
 * scan half the bytes per digit, for 64 digits instead of 52 (P-256);
 * with one row per digit the 52 additions of W = 5 win (docs/ec.md,
 * "Fixed-base table sizes"; the build chooses, ctcrypto/config.h).
 *
 * The table has `rows` rows and spacing S (rows * S >= D); digit i = c +
 * S m is in column c and row m, and
 *
 *     k' G = sum_c 2^(W c) sum_m d_(c + S m) T_m,   T_m = 2^(W S m) G,
 *
 * so the columns are taken from c = S - 1 down to 0, with W doublings
 * between columns and one mixed addition of +-|d| T_m per digit, the point
 * read from row m by a scan of all its entries. Digit 0 selects no entry
 * (the lookup yields zeros) and the addition is masked off
 * (ec_jac_add_affine_if), so every digit costs the same. S = 1 is the
 * large table (one row per digit, no doubling). PROFILE=small builds this
 * file only with CTC_EC_SMALL_COMB (its table 2 rows of W = 4 by default:
 * 1 KiB for P-256, 1.5 KiB for P-384), on the Jacobian formulas of the
 * dispatching leaves (ec_jacobian.c) and the C scan (ct_limbs_lookup).
 *
 * Every addition is a Jacobian mixed one (ec_jacobian.c), wrong for equal
 * points only; the fold is what rules them out, with no complete formula
 * anywhere. Before the addition of digit i = c + S m, in units of 2^(W c),
 * the sum is s = sum of d_i' 2^(W e') over the digits already added and
 * the addend is d_i 2^(W e), e = S m, the exponents e' distinct from e and
 * from each other. First, |s| + |d_i 2^(W e)| is at most the sum of
 * |d_i| 2^(W i) over all digits: the top one is below 2^(bits - 1) / 2^(W
 * (D - 1)) + 1 in magnitude, so it contributes at most 2^(bits - 1) (its
 * bits are those of k' from W (D - 1), plus a carry), and the others at
 * most 2^(W - 1) (2^(W (D - 1)) - 1) / (2^W - 1) < 2^(W (D - 1)) 8 / 15
 * <= 2^(bits - 1) 8 / 15 (W (D - 1) <= bits - 1): the total is below
 * 0.77 2^bits, so below n for both curves (n > 2^bits (1 - 2^-32)), and
 * equal points (s = d_i 2^(W e) mod
 * n) need s = d_i 2^(W e) as integers. Second, the digits of s with e' <
 * e sum to at most 2^(W - 1) (2^(W e) - 1) / (2^W - 1) < 2^(W e) in
 * magnitude, so they must sum to 0, and the rest are multiples of 2^(W e
 * + W): d_i would be a multiple of 2^W, so d_i = 0, which adds nothing.
 * s = 0 (infinity) and s = -d_i 2^(W e) the formula handles. The argument
 * holds for every table size, and tests/unit/test_ec_mul.c checks the
 * scalars at its edges (2^(bits - 1) +- small, (n - 1) / 2 +- small,
 * n - small) against ec_mul.
 */
#include "ec.h"

#if EC_MUL_BASE_COMB  /* PROFILE=small without CTC_EC_SMALL_COMB: the ladder of ec_ladder.c */
#define L (C->limbs)

void ec_mul_base(const ec_curve *C, ec_point *R, const ec_sc k)
{
    ct_limb_t entry[2 * EC_LIMBS];
    ct_limb_t kb[EC_DIGIT_LIMBS];       /* k' between the digits' guard limbs */
    ct_limb_t *kd;
    ec_sc t;
    ec_affine A;
    ec_jac acc;
    uint32_t a;
    ct_cond neg, nz, top;
    int c, m, i, j, mc;
    int S = (int)C->table_spacing, rows = (int)C->table_rows;
    int D = C->comb_digits;

    /* k' = k mod n, or n - (k mod n) when its top bit is set, in place
     * between the guard limbs */
    kd = ec_digit_guard(C, kb, k);
    ec_sc_reduce_once(C, kd, kd);
    (void)mp_sub(t, C->n.N, kd, L);
    top = ct_cond_from_bit((uint32_t)(kd[L - 1] >> (MP_LIMB_BITS - 1)));
    ct_limbs_cmov(top, kd, t, L);

    ec_jac_set_infinity(C, &acc);
    for (c = S - 1; c >= 0; c--) {
        for (j = 0; c < S - 1 && j < EC_COMB_WIN; j++)
            ec_jac_dbl(C, &acc, &acc);
        /* rows = ceil(D / S), so only the last row can lie past the last
         * digit (public; counted here, not by a division of the compiler's
         * making, which tools/check_codegen.py refuses) */
        mc = c + S * (rows - 1) < D ? rows : rows - 1;
        for (m = 0; m < mc; m++) {
            i = c + S * m;
            neg = ec_comb_digit(C, &a, kd, i);
            /* entry a - 1; a = 0 gives an index past the row: all zeros */
            ec_limbs_lookup(entry, C->table + (size_t)m * EC_COMB_ENTRIES * 2 * L,
                            EC_COMB_ENTRIES, 2 * L, (size_t)a - 1);
            /* y negated into A, then the entry's y back where neg is false */
            mp_copy(A.x, entry, L);
            ec_fe_neg(C, A.y, entry + L);
            ct_limbs_cmov(ct_cond_not(neg), A.y, entry + L, L);
            nz = ct_u32_nonzero(a);
            ec_jac_add_affine_if(C, &acc, &acc, &A, nz);
        }
    }
    ec_jac_cneg(C, &acc, top);
    ec_jac_to_point(C, R, &acc);
    ct_zeroize(&acc, sizeof acc);
    ct_zeroize(&A, sizeof A);
    ct_zeroize(entry, sizeof entry);
    ct_zeroize(t, sizeof t);
    ct_zeroize(kb, sizeof kb);
    ct_zeroize(&a, sizeof a);
}
#endif /* EC_MUL_BASE_COMB */

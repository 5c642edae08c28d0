/*
 * ec_mul_vartime.c - u1 G + u2 Q for signature verification, where every
 * input is public. Both scalars are written in width-5 NAF (digits odd in
 * [-15, 15] or zero, at most one nonzero digit in any 5 consecutive), the
 * odd multiples G, 3G, .., 15G and Q, 3Q, .., 15Q are computed, and one
 * chain of doublings adds the digits of both (Straus-Shamir interleaving):
 * about `bits` doublings and 2 * bits / 6 additions. The complete formulas are
 * used here too (no exceptional case when a partial sum meets a table
 * point); only the zero digits are skipped.
 */
#include "ec.h"

#define L (C->limbs)
#define W 5
#define ODD (1 << (W - 2))          /* 8 odd multiples */

/* naf[0..bits] = width-W NAF of the value A < 2^bits (public) */
static void wnaf_vartime(const ec_curve *C, int8_t *naf, const ec_sc A)
{
    uint32_t k[EC_MAX_BITS / 32 + 1];
    int i, j, words = (int)C->bits / 32;

    /* the value as 32-bit words plus a carry word */
    for (i = 0; i < words; i++) {
#if MP_LIMB_BITS == 64
        k[i] = (uint32_t)(A[i / 2] >> (32 * (i & 1)));
#else
        k[i] = (uint32_t)A[i];
#endif
    }
    k[words] = 0;
    for (i = 0; i <= (int)C->bits; i++) {
        int d = 0;

        if (k[0] & 1) {
            d = (int)(k[0] & ((1u << W) - 1));
            if (d >= (1 << (W - 1)))
                d -= 1 << W;
            /* k -= d: makes the low W bits zero */
            if (d > 0) {
                uint32_t b = (uint32_t)d;
                for (j = 0; j <= words && b; j++) {
                    uint32_t t = k[j];
                    k[j] = t - b;
                    b = t < b;
                }
            } else {
                uint32_t c = (uint32_t)-d;
                for (j = 0; j <= words && c; j++) {
                    k[j] += c;
                    c = k[j] < c;
                }
            }
        }
        naf[i] = (int8_t)d;
        for (j = 0; j < words; j++)
            k[j] = (k[j] >> 1) | (k[j + 1] << 31);
        k[words] >>= 1;
    }
}

static void odd_multiples(const ec_curve *C, ec_point tab[ODD], const ec_point *P)
{
    ec_point p2;
    int i;

    ec_point_copy(C, &tab[0], P);
    ec_point_dbl(C, &p2, P);
    for (i = 1; i < ODD; i++)
        ec_point_add(C, &tab[i], &tab[i - 1], &p2);
}

static void add_digit_vartime(const ec_curve *C, ec_point *R, const ec_point tab[ODD], int d)
{
    ec_point t;

    if (d > 0) {
        ec_point_add(C, R, R, &tab[d >> 1]);
    } else if (d < 0) {
        ec_point_copy(C, &t, &tab[(-d) >> 1]);
        ec_fe_neg(C, t.Y, t.Y);
        ec_point_add(C, R, R, &t);
    }
}

void ec_mul2_vartime(const ec_curve *C, ec_point *R, const ec_sc u1, const ec_sc u2,
                     const ec_affine *Q)
{
    int8_t n1[EC_MAX_BITS + 1], n2[EC_MAX_BITS + 1];
    ec_point tg[ODD], tq[ODD], P;
    ec_affine G;
    int i, top;

    wnaf_vartime(C, n1, u1);
    wnaf_vartime(C, n2, u2);
    ec_affine_generator(C, &G);
    ec_point_from_affine(C, &P, &G);
    odd_multiples(C, tg, &P);
    ec_point_from_affine(C, &P, Q);
    odd_multiples(C, tq, &P);
    for (top = (int)C->bits; top >= 0 && n1[top] == 0 && n2[top] == 0; top--)
        ;
    ec_point_set_infinity(C, R);
    for (i = top; i >= 0; i--) {
        ec_point_dbl(C, R, R);
        add_digit_vartime(C, R, tg, n1[i]);
        add_digit_vartime(C, R, tq, n2[i]);
    }
}

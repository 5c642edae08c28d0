/*
 * p256_mul_vartime.c - u1 G + u2 Q for signature verification, where every
 * input is public. Both scalars are written in width-5 NAF (digits odd in
 * [-15, 15] or zero, at most one nonzero digit in any 5 consecutive), the
 * odd multiples G, 3G, .., 15G and Q, 3Q, .., 15Q are computed, and one
 * chain of doublings adds the digits of both (Straus-Shamir interleaving):
 * about 256 doublings and 2 * 256 / 6 additions. The complete formulas are
 * used here too (no exceptional case when a partial sum meets a table
 * point); only the zero digits are skipped.
 */
#include "p256.h"

#define L P256_LIMBS
#define W 5
#define ODD (1 << (W - 2))          /* 8 odd multiples */

/* naf[0..257) = width-W NAF of the 256-bit value A (public) */
static void wnaf_vartime(int8_t naf[257], const p256_sc A)
{
    uint32_t k[9];
    int i, j;

    /* the value as 32-bit words plus a carry word */
    for (i = 0; i < 8; i++) {
#if MP_LIMB_BITS == 64
        k[i] = (uint32_t)(A[i / 2] >> (32 * (i & 1)));
#else
        k[i] = (uint32_t)A[i];
#endif
    }
    k[8] = 0;
    for (i = 0; i < 257; i++) {
        int d = 0;

        if (k[0] & 1) {
            d = (int)(k[0] & ((1u << W) - 1));
            if (d >= (1 << (W - 1)))
                d -= 1 << W;
            /* k -= d: makes the low W bits zero */
            if (d > 0) {
                uint32_t b = (uint32_t)d;
                for (j = 0; j < 9 && b; j++) {
                    uint32_t t = k[j];
                    k[j] = t - b;
                    b = t < b;
                }
            } else {
                uint32_t c = (uint32_t)-d;
                for (j = 0; j < 9 && c; j++) {
                    k[j] += c;
                    c = k[j] < c;
                }
            }
        }
        naf[i] = (int8_t)d;
        for (j = 0; j < 8; j++)
            k[j] = (k[j] >> 1) | (k[j + 1] << 31);
        k[8] >>= 1;
    }
}

static void odd_multiples(p256_point tab[ODD], const p256_point *P)
{
    p256_point p2;
    int i;

    p256_point_copy(&tab[0], P);
    p256_point_dbl(&p2, P);
    for (i = 1; i < ODD; i++)
        p256_point_add(&tab[i], &tab[i - 1], &p2);
}

static void add_digit_vartime(p256_point *R, const p256_point tab[ODD], int d)
{
    p256_point t;

    if (d > 0) {
        p256_point_add(R, R, &tab[d >> 1]);
    } else if (d < 0) {
        p256_point_copy(&t, &tab[(-d) >> 1]);
        p256_fe_neg(t.Y, t.Y);
        p256_point_add(R, R, &t);
    }
}

void p256_mul2_vartime(p256_point *R, const p256_sc u1, const p256_sc u2,
                       const p256_affine *Q)
{
    int8_t n1[257], n2[257];
    p256_point tg[ODD], tq[ODD], P;
    int i, top;

    wnaf_vartime(n1, u1);
    wnaf_vartime(n2, u2);
    p256_point_from_affine(&P, &p256_g);
    odd_multiples(tg, &P);
    p256_point_from_affine(&P, Q);
    odd_multiples(tq, &P);
    for (top = 256; top >= 0 && n1[top] == 0 && n2[top] == 0; top--)
        ;
    p256_point_set_infinity(R);
    for (i = top; i >= 0; i--) {
        p256_point_dbl(R, R);
        add_digit_vartime(R, tg, n1[i]);
        add_digit_vartime(R, tq, n2[i]);
    }
}

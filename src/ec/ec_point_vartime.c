/*
 * ec_point_vartime.c - Jacobian point arithmetic for public data (ECDSA
 * verification): x = X/Z^2, y = Y/Z^3 on y^2 = x^3 - 3x + b. Unlike the
 * complete projective formulas of ec_point.c, these have exceptional
 * cases (an operand at infinity, P = Q, P = -Q), and they are taken by
 * branches: every input here is public, and the general case is cheaper
 * (counting products M and squarings S): the mixed addition J + A is
 * 8M + 3S (complete mixed: 11M + 2 products by b). Doublings are
 * ec_jac_dbl (ec_jacobian.c, 4M + 4S or 3M + 5S per core), which needs
 * no special case. The
 * mixed addition takes the form with 8M + 3S rather than 7M + 4S and four
 * more additions (measured when a squaring cost more than a product,
 * docs/ec.md "Verification").
 *
 * The temporaries are local, so an output may equal an input.
 */
#include "ec.h"
#include "p256_field.h"

#define L (C->limbs)
/*
 * P-256's leaves are called from here directly, through a branch on the
 * public curve (these functions may branch): that saves the call of
 * ec_fe_* and its argument shuffle, about 12 cycles an operation on
 * Cortex-M4 (P-256 verify 1.237 M -> see docs/ec.md).
 */
#define MUL(x, a, b) (EC_P256_LEAVES(C) ? p256_fe_mul((x), (a), (b)) : ec_fe_mul(C, (x), (a), (b)))
#define SQR(x, a) (EC_P256_LEAVES(C) ? p256_fe_sqr((x), (a)) : ec_fe_sqr(C, (x), (a)))
#define ADD(x, a, b) (EC_P256_LEAVES(C) ? p256_fe_add((x), (a), (b)) : ec_fe_add(C, (x), (a), (b)))
#define SUB(x, a, b) (EC_P256_LEAVES(C) ? p256_fe_sub((x), (a), (b)) : ec_fe_sub(C, (x), (a), (b)))
/* public field values: the tests below branch, and this one stops at the
 * first nonzero limb (the constant-time mp_is_zero was 0.6% of a P-256
 * verification on Cortex-M4) */
static int fe_is_zero_vartime(const ec_curve *C, const ct_limb_t *a)
{
    size_t i;

    for (i = 0; i < L; i++)
        if (a[i] != 0)
            return 0;
    return 1;
}
#define IS_ZERO(a) fe_is_zero_vartime(C, (a))

int ec_jac_is_infinity_vartime(const ec_curve *C, const ec_jac *P)
{
    return IS_ZERO(P->Z);
}

/*
 * The common tail of both additions: with U1 = X1 (Z2^2), S1 = Y1 (Z2^3)
 * and h = U2 - U1 != 0, r = S2 - S1 (every value scaled to the same Z^2,
 * Z^3), X3 = r^2 - h^3 - 2 U1 h^2, Y3 = r (U1 h^2 - X3) - S1 h^3.
 * Z3 is the caller's (Z1 Z2 h). u1 and s1 are read before R->X and R->Y
 * are written, so they may be R's own X and Y.
 */
static void add_tail_vartime(const ec_curve *C, ec_jac *R, const ec_fe u1, const ec_fe s1,
                     const ec_fe h, const ec_fe r)
{
    ec_fe hh, hhh, v, t;

    SQR(hh, h);
    MUL(hhh, hh, h);
    MUL(v, u1, hh);             /* U1 h^2 */
    MUL(t, s1, hhh);            /* S1 h^3 */
    SQR(R->X, r);
    SUB(R->X, R->X, hhh);
    SUB(R->X, R->X, v);
    SUB(R->X, R->X, v);         /* X3 = r^2 - h^3 - 2 U1 h^2 */
    SUB(v, v, R->X);
    MUL(v, r, v);
    SUB(R->Y, v, t);            /* Y3 = r (U1 h^2 - X3) - S1 h^3 */
}

int ec_jac_add_affine_vartime(const ec_curve *C, ec_jac *R, const ec_jac *P,
                              const ec_affine *Q, ct_limb_t *zr)
{
    ec_fe zz, u2, s2, h, r;

    if (IS_ZERO(P->Z)) {
        ec_jac_from_affine(C, R, Q);
        return 0;
    }
    SQR(zz, P->Z);
    MUL(u2, Q->x, zz);          /* U2 = x2 Z1^2 */
    MUL(s2, Q->y, P->Z);
    MUL(s2, s2, zz);            /* S2 = y2 Z1^3 */
    SUB(h, u2, P->X);
    SUB(r, s2, P->Y);
    if (IS_ZERO(h)) {
        /* same x: P = Q (same y) or P = -Q */
        if (IS_ZERO(r))
            ec_jac_dbl(C, R, P);
        else
            ec_jac_set_infinity(C, R);
        return 0;
    }
    MUL(R->Z, P->Z, h);         /* Z3 = Z1 h (P->Z no longer read) */
    if (zr != NULL)
        mp_copy(zr, h, L);
    /* U1 = X1, S1 = Y1 (Z2 = 1); add_tail_vartime reads them before it writes */
    add_tail_vartime(C, R, P->X, P->Y, h, r);
    return 1;
}

/*
 * R = 2P + A as (P + A) + P: the mixed addition S = P + A (Z3 = Z1 h) has
 * also made U1 h^2 and S1 h^3, which are P with the same Z as S, so the
 * second addition is the co-Z one: with h' = x_P - x_S, r' = y_P - y_S
 * (both over Z3), B = x_S h'^2, C = x_P h'^2, X = r'^2 - B - C,
 * Y = r' (B - X) - y_S (C - B), Z = Z3 h'. 8M + 3S and 5M + 2S, against
 * the doubling's 4M + 4S and the mixed addition's 8M + 3S. The cases
 * (P infinity, P = +-A, P + A = +-P) are taken by branches on public
 * values, and give the doubling and the general mixed addition.
 */
void ec_jac_dbl_add_affine_vartime(const ec_curve *C, ec_jac *R, const ec_jac *P,
                                   const ec_affine *A)
{
    /* nine values, each reused once free (the frame counts on Cortex-M):
     * zz then Z3, u2 then h^2 and h'^2, s2 then h^3 and B, t then C */
    ec_fe zz, u2, s2, h, r, v, t, x3, y3;

    if (IS_ZERO(P->Z)) {
        ec_jac_from_affine(C, R, A);
        return;
    }
    SQR(zz, P->Z);
    MUL(u2, A->x, zz);          /* U2 = x2 Z1^2 */
    MUL(s2, A->y, P->Z);
    MUL(s2, s2, zz);            /* S2 = y2 Z1^3 */
    SUB(h, u2, P->X);
    SUB(r, s2, P->Y);
    if (IS_ZERO(h))
        goto apart;
    MUL(zz, P->Z, h);           /* Z3 = Z1 h */
    SQR(u2, h);                 /* h^2 */
    MUL(s2, u2, h);             /* h^3 */
    MUL(v, P->X, u2);           /* x_P = X1 h^2 */
    MUL(t, P->Y, s2);           /* y_P = Y1 h^3 */
    SQR(x3, r);
    SUB(x3, x3, s2);
    SUB(x3, x3, v);
    SUB(x3, x3, v);             /* x_S = r^2 - h^3 - 2 X1 h^2 */
    SUB(h, v, x3);              /* h' = x_P - x_S */
    if (IS_ZERO(h))
        goto apart;
    MUL(y3, r, h);
    SUB(y3, y3, t);             /* y_S = r (X1 h^2 - x_S) - Y1 h^3 */
    SUB(r, t, y3);              /* r' = y_P - y_S */
    MUL(R->Z, zz, h);           /* Z = Z3 h' (P->Z not read after) */
    SQR(u2, h);                 /* h'^2 */
    MUL(s2, x3, u2);            /* B = x_S h'^2 */
    MUL(t, v, u2);              /* C = x_P h'^2 */
    SQR(R->X, r);
    SUB(R->X, R->X, s2);
    SUB(R->X, R->X, t);         /* X = r'^2 - B - C */
    SUB(t, t, s2);
    MUL(t, y3, t);
    SUB(s2, s2, R->X);
    MUL(s2, r, s2);
    SUB(R->Y, s2, t);           /* Y = r' (B - X) - y_S (C - B) */
    return;
apart:
    ec_jac_dbl(C, R, P);
    (void)ec_jac_add_affine_vartime(C, R, R, A, NULL);
}

int ec_jac_to_affine_vartime(const ec_curve *C, ec_affine *A, const ec_jac *P)
{
    ec_fe zi, z2;

    if (IS_ZERO(P->Z)) {
        mp_zero(A->x, L);
        mp_zero(A->y, L);
        return 0;
    }
    ec_fe_inv(C, zi, P->Z);
    SQR(z2, zi);
    MUL(A->x, P->X, z2);
    MUL(z2, z2, zi);
    MUL(A->y, P->Y, z2);
    return 1;
}

int ec_jac_x_mod_n_is_vartime(const ec_curve *C, const ec_jac *P, const ec_sc r)
{
    ec_fe zz, t;
    ec_sc x;

    if (IS_ZERO(P->Z))
        return 0;
    SQR(zz, P->Z);
    /* r R = r R^2 / R: r < n < p is a valid field input, now in
     * Montgomery form as X is; then r Z^2 R, compared with X R */
    MUL(t, r, C->p.R2);
    MUL(t, t, zz);
    if (ct_cond_declassify(ec_fe_eq(C, t, P->X)))
        return 1;
    /* x mod n = r also holds for x = r + n when that is below p (x < p <
     * 2n: no other candidate); probability about (p - n) / p for a
     * random x, 2^-128 for P-256, 2^-194 for P-384 */
    if (mp_add(x, r, C->n.N, L) != 0 || !ct_cond_declassify(mp_lt(x, C->p.N, L)))
        return 0;
    MUL(t, x, C->p.R2);
    MUL(t, t, zz);
    return ct_cond_declassify(ec_fe_eq(C, t, P->X));
}

int ec_affine_x_mod_n_is_vartime(const ec_curve *C, const ec_jac *P, const ec_sc r)
{
    ec_sc x;

    if (IS_ZERO(P->Z))
        return 0;
    ec_fe_to_sc(C, x, P->X);
    return ct_cond_declassify(mp_eq(x, r, L)) != 0;
}

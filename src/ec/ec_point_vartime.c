/*
 * ec_point_vartime.c - Jacobian point arithmetic for public data (ECDSA
 * verification): x = X/Z^2, y = Y/Z^3 on y^2 = x^3 - 3x + b. Unlike the
 * complete projective formulas of ec_point.c, these have exceptional
 * cases (an operand at infinity, P = Q, P = -Q), and they are taken by
 * branches: every input here is public, and the general case is cheaper
 * (counting products M and squarings S):
 *   doubling      4M + 4S   (complete projective: 8M + 3S + 2 products by b)
 *   mixed J + A   8M + 3S   (complete mixed: 11M + 2 products by b)
 *   J + J        12M + 4S   (complete: 12M + 2 products by b)
 * The doubling is the a = -3 one (3(X - Z^2)(X + Z^2) = 3X^2 - 3Z^4) with
 * Z3 = 2YZ, a product instead of (Y + Z)^2 - Y^2 - Z^2 (3M + 5S): on these
 * leaves a squaring costs no less than a product (docs/ec.md,
 * "Verification"), and the product saves two subtractions. The mixed
 * addition likewise takes the form with 8M + 3S rather than 7M + 4S and
 * four more additions.
 *
 * The temporaries are local, so an output may equal an input.
 */
#include "ec.h"

#define L (C->limbs)
#define MUL(x, a, b) ec_fe_mul(C, (x), (a), (b))
#define SQR(x, a) ec_fe_sqr(C, (x), (a))
#define ADD(x, a, b) ec_fe_add(C, (x), (a), (b))
#define SUB(x, a, b) ec_fe_sub(C, (x), (a), (b))
/* public field values: the tests below branch */
#define IS_ZERO(a) ct_cond_declassify(ec_fe_is_zero(C, (a)))

void ec_jac_set_infinity_vartime(const ec_curve *C, ec_jac *R)
{
    mp_copy(R->X, C->one, L);
    mp_copy(R->Y, C->one, L);
    mp_zero(R->Z, L);
}

int ec_jac_is_infinity_vartime(const ec_curve *C, const ec_jac *P)
{
    return IS_ZERO(P->Z);
}

void ec_jac_from_affine_vartime(const ec_curve *C, ec_jac *R, const ec_affine *A)
{
    mp_copy(R->X, A->x, L);
    mp_copy(R->Y, A->y, L);
    mp_copy(R->Z, C->one, L);
}

void ec_jac_dbl_vartime(const ec_curve *C, ec_jac *R, const ec_jac *P)
{
    ec_fe d, g, b, a, t, X3;

    /* infinity doubles to itself; Y = 0 (a point of order 2) does not
     * occur on these prime-order curves, and would give Z3 = 0 anyway */
    if (IS_ZERO(P->Z)) {
        ec_jac_set_infinity_vartime(C, R);
        return;
    }
    SQR(d, P->Z);               /* delta = Z^2 */
    SQR(g, P->Y);               /* gamma = Y^2 */
    MUL(b, P->X, g);            /* beta = X gamma */
    SUB(t, P->X, d);
    ADD(a, P->X, d);
    MUL(a, a, t);               /* X^2 - Z^4 */
    ADD(t, a, a);
    ADD(a, a, t);               /* alpha = 3 (X^2 - Z^4) = 3X^2 + a Z^4 */
    MUL(R->Z, P->Y, P->Z);
    ADD(R->Z, R->Z, R->Z);      /* Z3 = 2 Y Z (P->Y, P->Z no longer read) */
    SQR(X3, a);
    ADD(b, b, b);
    ADD(b, b, b);               /* 4 beta */
    SUB(X3, X3, b);
    SUB(X3, X3, b);             /* X3 = alpha^2 - 8 beta */
    SUB(b, b, X3);
    MUL(b, a, b);               /* alpha (4 beta - X3) */
    SQR(g, g);
    ADD(g, g, g);
    ADD(g, g, g);
    ADD(g, g, g);               /* 8 gamma^2 */
    SUB(R->Y, b, g);            /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
    mp_copy(R->X, X3, L);
}

/*
 * The common tail of both additions: with U1 = X1 (Z2^2), S1 = Y1 (Z2^3)
 * and h = U2 - U1 != 0, r = S2 - S1 (every value scaled to the same Z^2,
 * Z^3), X3 = r^2 - h^3 - 2 U1 h^2, Y3 = r (U1 h^2 - X3) - S1 h^3.
 * Z3 is the caller's (Z1 Z2 h). u1 and s1 are read before R->X and R->Y
 * are written, so they may be R's own X and Y.
 */
static void add_tail(const ec_curve *C, ec_jac *R, const ec_fe u1, const ec_fe s1,
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
        ec_jac_from_affine_vartime(C, R, Q);
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
            ec_jac_dbl_vartime(C, R, P);
        else
            ec_jac_set_infinity_vartime(C, R);
        return 0;
    }
    MUL(R->Z, P->Z, h);         /* Z3 = Z1 h (P->Z no longer read) */
    if (zr != NULL)
        mp_copy(zr, h, L);
    /* U1 = X1, S1 = Y1 (Z2 = 1); add_tail reads them before it writes */
    add_tail(C, R, P->X, P->Y, h, r);
    return 1;
}

void ec_jac_add_vartime(const ec_curve *C, ec_jac *R, const ec_jac *P, const ec_jac *Q)
{
    ec_fe z1z1, z2z2, u1, u2, s1, s2, h, r;

    if (IS_ZERO(P->Z)) {
        mp_copy(R->X, Q->X, L);
        mp_copy(R->Y, Q->Y, L);
        mp_copy(R->Z, Q->Z, L);
        return;
    }
    if (IS_ZERO(Q->Z)) {
        mp_copy(R->X, P->X, L);
        mp_copy(R->Y, P->Y, L);
        mp_copy(R->Z, P->Z, L);
        return;
    }
    SQR(z1z1, P->Z);
    SQR(z2z2, Q->Z);
    MUL(u1, P->X, z2z2);        /* U1 = X1 Z2^2 */
    MUL(u2, Q->X, z1z1);        /* U2 = X2 Z1^2 */
    MUL(s1, P->Y, Q->Z);
    MUL(s1, s1, z2z2);          /* S1 = Y1 Z2^3 */
    MUL(s2, Q->Y, P->Z);
    MUL(s2, s2, z1z1);          /* S2 = Y2 Z1^3 */
    SUB(h, u2, u1);
    SUB(r, s2, s1);
    if (IS_ZERO(h)) {
        if (IS_ZERO(r))
            ec_jac_dbl_vartime(C, R, P);
        else
            ec_jac_set_infinity_vartime(C, R);
        return;
    }
    MUL(z1z1, P->Z, Q->Z);
    MUL(R->Z, z1z1, h);         /* Z3 = Z1 Z2 h (P, Q no longer read) */
    add_tail(C, R, u1, s1, h, r);
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

/*
 * ec_jacobian.c - constant-time point arithmetic in Jacobian coordinates
 * (x = X/Z^2, y = Y/Z^3) for the secret scalar multiplications (ec_mul.c,
 * ec_mul_base.c), with the a = -3 doubling.
 *
 * These formulas are not complete: the addition of two equal points (not
 * infinity) gives a wrong result. Infinity as an operand is handled by
 * masked copies, and P + (-P) gives Z = 0 (infinity) by itself, so the
 * only case left is P = Q. The callers show that it cannot occur
 * (ec.h, docs/ec.md: "Jacobian coordinates") and use the complete
 * projective formulas (ec_point.c) for the one step where it could.
 *
 * Costs (M product, S square, a addition or subtraction):
 *   doubling (dbl-2001-b)              3M + 5S + 10a (a few as doublings)
 *   addition (add-2007-bl)            11M + 5S + 11a
 *   mixed addition (madd-2007-bl)      7M + 4S + 11a
 * against the complete projective formulas' 8M + 3S + 21a (+ 2 products
 * by b), 12M + 29a (+2) and 11M + 23a (+2).
 *
 * Temporaries are not wiped here, as in ec_point.c: wiping them in every
 * formula cost 7% of a P-256 signature on Cortex-M4; the scalar
 * multiplications wipe their own state when they end.
 */
#include "ec.h"

#define L (C->limbs)
#define MUL(x, a, b) ec_fe_mul(C, (x), (a), (b))
#define SQR(x, a) ec_fe_sqr(C, (x), (a))
#define ADD(x, a, b) ec_fe_add(C, (x), (a), (b))
#define SUB(x, a, b) ec_fe_sub(C, (x), (a), (b))

void ec_jac_dbl(const ec_curve *C, ec_jac *R, const ec_jac *P)
{
    ec_fe delta, gamma, beta, alpha, t;

    SQR(delta, P->Z);               /* delta = Z^2 */
    SQR(gamma, P->Y);               /* gamma = Y^2 */
    MUL(beta, P->X, gamma);         /* beta = X gamma */
    SUB(t, P->X, delta);
    ADD(alpha, P->X, delta);
    MUL(alpha, alpha, t);           /* (X - delta)(X + delta) */
    ADD(t, alpha, alpha);
    ADD(alpha, alpha, t);           /* alpha = 3 (X - delta)(X + delta) */
    ADD(R->Z, P->Y, P->Z);
    SQR(R->Z, R->Z);
    SUB(R->Z, R->Z, gamma);
    SUB(R->Z, R->Z, delta);         /* Z3 = (Y + Z)^2 - gamma - delta = 2YZ */
    ADD(beta, beta, beta);
    ADD(beta, beta, beta);          /* 4 beta */
    SQR(R->X, alpha);
    SUB(R->X, R->X, beta);
    SUB(R->X, R->X, beta);          /* X3 = alpha^2 - 8 beta */
    SUB(t, beta, R->X);             /* 4 beta - X3 */
    SQR(gamma, gamma);
    ADD(gamma, gamma, gamma);
    ADD(gamma, gamma, gamma);
    ADD(gamma, gamma, gamma);       /* 8 gamma^2 */
    MUL(R->Y, alpha, t);
    SUB(R->Y, R->Y, gamma);         /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
}

/* R = Q where c (a masked copy of every coordinate) */
static void jac_cmov(const ec_curve *C, ec_jac *R, const ec_jac *Q, ct_cond c)
{
    ct_limbs_cmov(c, R->X, Q->X, L);
    ct_limbs_cmov(c, R->Y, Q->Y, L);
    ct_limbs_cmov(c, R->Z, Q->Z, L);
}

void ec_jac_add(const ec_curve *C, ec_jac *R, const ec_jac *P, const ec_jac *Q)
{
    ec_fe z1z1, z2z2, u1, u2, s1, s2, h, i, j, r, v;
    ec_jac S;
    ct_cond p_inf = ec_fe_is_zero(C, P->Z), q_inf = ec_fe_is_zero(C, Q->Z);

    SQR(z1z1, P->Z);
    SQR(z2z2, Q->Z);
    MUL(u1, P->X, z2z2);
    MUL(u2, Q->X, z1z1);
    MUL(s1, P->Y, Q->Z);
    MUL(s1, s1, z2z2);              /* S1 = Y1 Z2^3 */
    MUL(s2, Q->Y, P->Z);
    MUL(s2, s2, z1z1);              /* S2 = Y2 Z1^3 */
    SUB(h, u2, u1);                 /* H = U2 - U1 */
    ADD(i, h, h);
    SQR(i, i);                      /* I = (2H)^2 */
    MUL(j, h, i);                   /* J = H I */
    SUB(r, s2, s1);
    ADD(r, r, r);                   /* r = 2 (S2 - S1) */
    MUL(v, u1, i);                  /* V = U1 I */
    SQR(S.X, r);
    SUB(S.X, S.X, j);
    SUB(S.X, S.X, v);
    SUB(S.X, S.X, v);               /* X3 = r^2 - J - 2V */
    SUB(v, v, S.X);
    MUL(S.Y, r, v);
    MUL(s1, s1, j);
    ADD(s1, s1, s1);
    SUB(S.Y, S.Y, s1);              /* Y3 = r (V - X3) - 2 S1 J */
    ADD(S.Z, P->Z, Q->Z);
    SQR(S.Z, S.Z);
    SUB(S.Z, S.Z, z1z1);
    SUB(S.Z, S.Z, z2z2);
    MUL(S.Z, S.Z, h);               /* Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H */
    /* infinity: P + O = P, O + Q = Q */
    jac_cmov(C, &S, P, q_inf);
    jac_cmov(C, &S, Q, p_inf);
    ec_jac_copy(C, R, &S);
}

void ec_jac_add_affine(const ec_curve *C, ec_jac *R, const ec_jac *P, const ec_affine *A)
{
    ec_fe z1z1, u2, s2, h, hh, i, j, r, v;
    ec_jac S;
    ct_cond p_inf = ec_fe_is_zero(C, P->Z);

    SQR(z1z1, P->Z);
    MUL(u2, A->x, z1z1);            /* U2 = x2 Z1^2 */
    MUL(s2, A->y, P->Z);
    MUL(s2, s2, z1z1);              /* S2 = y2 Z1^3 */
    SUB(h, u2, P->X);               /* H = U2 - X1 */
    SQR(hh, h);
    ADD(i, hh, hh);
    ADD(i, i, i);                   /* I = 4 H^2 */
    MUL(j, h, i);                   /* J = H I */
    SUB(r, s2, P->Y);
    ADD(r, r, r);                   /* r = 2 (S2 - Y1) */
    MUL(v, P->X, i);                /* V = X1 I */
    SQR(S.X, r);
    SUB(S.X, S.X, j);
    SUB(S.X, S.X, v);
    SUB(S.X, S.X, v);               /* X3 = r^2 - J - 2V */
    SUB(v, v, S.X);
    MUL(S.Y, r, v);
    MUL(j, j, P->Y);
    ADD(j, j, j);
    SUB(S.Y, S.Y, j);               /* Y3 = r (V - X3) - 2 Y1 J */
    ADD(S.Z, P->Z, h);
    SQR(S.Z, S.Z);
    SUB(S.Z, S.Z, z1z1);
    SUB(S.Z, S.Z, hh);              /* Z3 = (Z1 + H)^2 - Z1Z1 - HH = 2 Z1 H */
    /* O + A = A */
    ct_limbs_cmov(p_inf, S.X, A->x, L);
    ct_limbs_cmov(p_inf, S.Y, A->y, L);
    ct_limbs_cmov(p_inf, S.Z, C->one, L);
    ec_jac_copy(C, R, &S);
}

void ec_jac_copy(const ec_curve *C, ec_jac *R, const ec_jac *P)
{
    mp_copy(R->X, P->X, L);
    mp_copy(R->Y, P->Y, L);
    mp_copy(R->Z, P->Z, L);
}

void ec_jac_from_affine(const ec_curve *C, ec_jac *P, const ec_affine *A)
{
    mp_copy(P->X, A->x, L);
    mp_copy(P->Y, A->y, L);
    mp_copy(P->Z, C->one, L);
}

void ec_jac_set_infinity(const ec_curve *C, ec_jac *P)
{
    mp_copy(P->X, C->one, L);
    mp_copy(P->Y, C->one, L);
    mp_zero(P->Z, L);
}

void ec_jac_cneg(const ec_curve *C, ec_jac *R, ct_cond c)
{
    ec_fe t;

    ec_fe_neg(C, t, R->Y);
    ct_limbs_cmov(c, R->Y, t, L);
}

void ec_jac_to_point(const ec_curve *C, ec_point *R, const ec_jac *P)
{
    /* (X : Y : Z) Jacobian is (X Z : Y : Z^3) projective: X Z / Z^3 =
     * X / Z^2, Y / Z^3. Infinity (Z = 0) becomes (0 : Y : 0), with Y set
     * to 1 so that it is never (0 : 0 : 0). */
    ec_fe z2;
    ct_cond inf = ec_fe_is_zero(C, P->Z);

    SQR(z2, P->Z);
    MUL(R->X, P->X, P->Z);
    MUL(R->Z, z2, P->Z);
    mp_copy(R->Y, P->Y, L);
    ct_limbs_cmov(inf, R->Y, C->one, L);
}

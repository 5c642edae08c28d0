/*
 * ec_jac_formulas.h - the constant-time Jacobian doubling, addition and
 * mixed addition of ec_jacobian.c, written once over the field macros
 *
 *   JF_MUL(x, a, b)  JF_SQR(x, a)  JF_ADD(x, a, b)  JF_SUB(x, a, b)
 *   JF_MULK(x, a, k, t)  x = k a for k = 3, 4, 8 (t: a temporary distinct
 *                    from x and a, for leaves that make it from additions)
 *   JF_L             the limb count
 *   JF_DBL_ADDS      1: the doubling's 4 beta and 8 gamma^2 from additions
 *                    (needs JF_PRODUCT_Z), 0: from JF_MULK
 *   JF(name)         the name of each function made
 *
 * which ec_jacobian.c defines before each inclusion: once on the
 * dispatching ec_fe_* (any curve), and once more per curve whose leaves
 * are called directly where the build asks for it (EC_JAC_PER_CURVE in
 * ec_jacobian.c). Every function is static; the file has no include
 * guard, as it is meant to be included more than once.
 *
 * Costs (M product, S square, a addition or subtraction):
 *   doubling (dbl-2001-b, Z3 = 2 Y Z)  4M + 4S + 7a + 3k, or with
 *                    JF_DBL_ADDS           4M + 4S + 10a + 1k
 *   addition (add-2007-bl)            12M + 4S + 10a
 *   mixed addition (madd-2007-bl)      8M + 3S + 9a + 1k, or with
 *                    JF_PRODUCT_Z its form without the factors 2
 *                    (r = S2 - Y1, J = H^3, V = X1 H^2, Z3 = Z1 H)
 *                                      8M + 3S + 7a
 * (k: a product by a small constant, JF_MULK).
 * The doubling takes Z3 = 2 Y Z as one product and one addition rather
 * than (Y + Z)^2 - Y^2 - Z^2 (a square, an addition and two
 * subtractions): the product costs less than the square and two
 * subtractions wherever the leaves are called directly (Cortex-M4, gcc
 * -O2: P-256 ECDH 1.63 M -> see docs/ec.md).
 */

static void JF(dbl)(const ec_curve *C, ec_jac *R, const ec_jac *P)
{
    ec_fe delta, gamma, beta, alpha, t;

    (void)C;
#if JF_DBL_ADDS
    /* 4 beta and 8 gamma^2 with additions instead of two JF_MULK:
     * 4 beta = X (4 gamma), 8 gamma^2 = 2 (2 gamma)^2; Z3 as a product
     * (the square form would need gamma itself) */
    JF_SQR(delta, P->Z);            /* delta = Z^2 */
    JF_SQR(gamma, P->Y);
    JF_ADD(gamma, gamma, gamma);    /* 2 gamma */
    JF_ADD(beta, gamma, gamma);
    JF_MUL(beta, P->X, beta);       /* 4 beta = X (4 gamma) */
    JF_SUB(t, P->X, delta);
    JF_ADD(alpha, P->X, delta);
    JF_MUL(alpha, alpha, t);
    JF_MULK(alpha, alpha, 3, t);    /* alpha = 3 (X - delta)(X + delta) */
    JF_MUL(R->Z, P->Y, P->Z);
    JF_ADD(R->Z, R->Z, R->Z);       /* Z3 = 2 Y Z (P->Y, P->Z not read after) */
    JF_SQR(R->X, alpha);
    JF_SUB(R->X, R->X, beta);
    JF_SUB(R->X, R->X, beta);       /* X3 = alpha^2 - 8 beta */
    JF_SUB(t, beta, R->X);          /* 4 beta - X3 */
    JF_SQR(delta, gamma);           /* 4 gamma^2 (delta is free) */
    JF_ADD(gamma, delta, delta);    /* 8 gamma^2 */
    JF_MUL(R->Y, alpha, t);
    JF_SUB(R->Y, R->Y, gamma);      /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
#else
    JF_SQR(delta, P->Z);            /* delta = Z^2 */
    JF_SQR(gamma, P->Y);            /* gamma = Y^2 */
    JF_MUL(beta, P->X, gamma);      /* beta = X gamma */
    JF_SUB(t, P->X, delta);
    JF_ADD(alpha, P->X, delta);
    JF_MUL(alpha, alpha, t);        /* (X - delta)(X + delta) */
    JF_MULK(alpha, alpha, 3, t);    /* alpha = 3 (X - delta)(X + delta) */
#if JF_PRODUCT_Z
    JF_MUL(R->Z, P->Y, P->Z);
    JF_ADD(R->Z, R->Z, R->Z);       /* Z3 = 2 Y Z (P->Y, P->Z not read after) */
#else
    JF_ADD(R->Z, P->Y, P->Z);
    JF_SQR(R->Z, R->Z);
    JF_SUB(R->Z, R->Z, gamma);
    JF_SUB(R->Z, R->Z, delta);      /* Z3 = (Y + Z)^2 - gamma - delta = 2 Y Z */
#endif
    JF_MULK(beta, beta, 4, t);      /* 4 beta */
    JF_SQR(R->X, alpha);
    JF_SUB(R->X, R->X, beta);
    JF_SUB(R->X, R->X, beta);       /* X3 = alpha^2 - 8 beta */
    JF_SUB(t, beta, R->X);          /* 4 beta - X3 */
    JF_SQR(delta, gamma);           /* (delta is free) */
    JF_MULK(gamma, delta, 8, beta); /* 8 gamma^2 */
    JF_MUL(R->Y, alpha, t);
    JF_SUB(R->Y, R->Y, gamma);      /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
#endif
}

static void JF(add)(const ec_curve *C, ec_jac *R, const ec_jac *P, const ec_jac *Q)
{
    ec_fe z1z1, z2z2, u1, u2, s1, s2, h, i, j, r, v;
    ec_jac S;
    ct_cond p_inf = mp_is_zero(P->Z, JF_L), q_inf = mp_is_zero(Q->Z, JF_L);

    (void)C;
    JF_SQR(z1z1, P->Z);
    JF_SQR(z2z2, Q->Z);
    JF_MUL(u1, P->X, z2z2);
    JF_MUL(u2, Q->X, z1z1);
    JF_MUL(s1, P->Y, Q->Z);
    JF_MUL(s1, s1, z2z2);           /* S1 = Y1 Z2^3 */
    JF_MUL(s2, Q->Y, P->Z);
    JF_MUL(s2, s2, z1z1);           /* S2 = Y2 Z1^3 */
    JF_SUB(h, u2, u1);              /* H = U2 - U1 */
    JF_ADD(i, h, h);
    JF_SQR(i, i);                   /* I = (2H)^2 */
    JF_MUL(j, h, i);                /* J = H I */
    JF_SUB(r, s2, s1);
    JF_ADD(r, r, r);                /* r = 2 (S2 - S1) */
    JF_MUL(v, u1, i);               /* V = U1 I */
    JF_SQR(S.X, r);
    JF_SUB(S.X, S.X, j);
    JF_SUB(S.X, S.X, v);
    JF_SUB(S.X, S.X, v);            /* X3 = r^2 - J - 2V */
    JF_SUB(v, v, S.X);
    JF_MUL(S.Y, r, v);
    JF_MUL(s1, s1, j);
    JF_ADD(s1, s1, s1);
    JF_SUB(S.Y, S.Y, s1);           /* Y3 = r (V - X3) - 2 S1 J */
#if JF_PRODUCT_Z
    JF_MUL(S.Z, P->Z, Q->Z);
    JF_ADD(S.Z, S.Z, S.Z);
#else
    JF_ADD(S.Z, P->Z, Q->Z);
    JF_SQR(S.Z, S.Z);
    JF_SUB(S.Z, S.Z, z1z1);
    JF_SUB(S.Z, S.Z, z2z2);         /* (Z1 + Z2)^2 - Z1Z1 - Z2Z2 */
#endif
    JF_MUL(S.Z, S.Z, h);            /* Z3 = 2 Z1 Z2 H */
    /* infinity: P + O = P, O + Q = Q (one pass per coordinate) */
    jf_sel2(R->X, p_inf, Q->X, q_inf, P->X, S.X, JF_L);
    jf_sel2(R->Y, p_inf, Q->Y, q_inf, P->Y, S.Y, JF_L);
    jf_sel2(R->Z, p_inf, Q->Z, q_inf, P->Z, S.Z, JF_L);
}

/* R = P + A if c, else P (R may be P): the sum's selects and the
 * caller's in one pass per coordinate */
static void JF(add_affine_if)(const ec_curve *C, ec_jac *R, const ec_jac *P, const ec_affine *A,
                              ct_cond c)
{
    ec_fe z1z1, u2, s2, h, hh, j, r, v;
    ec_jac S;
    ct_cond p_inf = mp_is_zero(P->Z, JF_L);

    JF_SQR(z1z1, P->Z);
    JF_MUL(u2, A->x, z1z1);         /* U2 = x2 Z1^2 */
    JF_MUL(s2, A->y, P->Z);
    JF_MUL(s2, s2, z1z1);           /* S2 = y2 Z1^3 */
    JF_SUB(h, u2, P->X);            /* H = U2 - X1 */
    JF_SQR(hh, h);
#if JF_PRODUCT_Z
    /* without the factors 2 of madd-2007-bl (the same point, another
     * representative): no product by 4 and three additions fewer */
    JF_SUB(r, s2, P->Y);            /* r = S2 - Y1 */
    JF_MUL(j, h, hh);               /* J = H^3 */
    JF_MUL(v, P->X, hh);            /* V = X1 H^2 */
#else
    {
        ec_fe i;

        JF_MULK(i, hh, 4, v);       /* I = 4 H^2 */
        JF_MUL(j, h, i);            /* J = H I */
        JF_SUB(r, s2, P->Y);
        JF_ADD(r, r, r);            /* r = 2 (S2 - Y1) */
        JF_MUL(v, P->X, i);         /* V = X1 I */
    }
#endif
    JF_SQR(S.X, r);
    JF_SUB(S.X, S.X, j);
    JF_SUB(S.X, S.X, v);
    JF_SUB(S.X, S.X, v);            /* X3 = r^2 - J - 2V */
    JF_SUB(v, v, S.X);
    JF_MUL(S.Y, r, v);
    JF_MUL(j, j, P->Y);
#if JF_PRODUCT_Z
    JF_SUB(S.Y, S.Y, j);            /* Y3 = r (V - X3) - Y1 J */
    JF_MUL(S.Z, P->Z, h);           /* Z3 = Z1 H */
#else
    JF_ADD(j, j, j);
    JF_SUB(S.Y, S.Y, j);            /* Y3 = r (V - X3) - 2 Y1 J */
    JF_ADD(S.Z, P->Z, h);
    JF_SQR(S.Z, S.Z);
    JF_SUB(S.Z, S.Z, z1z1);
    JF_SUB(S.Z, S.Z, hh);           /* Z3 = (Z1 + H)^2 - Z1Z1 - HH = 2 Z1 H */
#endif
    /* O + A = A; P where c is false */
    c = ct_cond_not(c);
    jf_sel2(R->X, c, P->X, p_inf, A->x, S.X, JF_L);
    jf_sel2(R->Y, c, P->Y, p_inf, A->y, S.Y, JF_L);
    jf_sel2(R->Z, c, P->Z, p_inf, C->one, S.Z, JF_L);
}

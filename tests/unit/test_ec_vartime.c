/*
 * test_ec_vartime.c - the verification path's internals (src/ec/ec.h) on
 * both curves, every target: the Jacobian formulas of ec_point_vartime.c
 * against the complete projective formulas of ec_point.c, in the general
 * case and in each exceptional one (P + P, P + (-P), infinity as either
 * operand, outputs aliased to inputs, random Z); the z ratio the table
 * builder relies on; ECDSA's comparison of r with X/Z^2 (and with x of
 * the affine point, PROFILE=small's) on constructed values, the x >= n branch (x = r + n < p) included, which no real
 * signature reaches in practice; and u1 G + u2 Q against two
 * constant-time multiplications, with Q = +-G so that the chain's partial
 * sums meet table points, and zero or edge scalars.
 */
#include <string.h>

#include "ec/ec.h"
#include "runner.h"

#define L (C->limbs)

/* a random field element (Montgomery form, < p) */
static void rand_fe(const ec_curve *C, ec_fe X)
{
    uint8_t b[EC_MAX_BYTES];

    do {
        tr_rand_bytes(b, C->bytes);
    } while (!ct_cond_bit(ec_fe_from_bytes(C, X, b)) || ct_cond_bit(ec_fe_is_zero(C, X)));
}

/* a random scalar < n as bytes and limbs */
static void rand_sc(const ec_curve *C, uint8_t *k, ec_sc s)
{
    tr_rand_bytes(k, C->bytes);
    (void)mp_from_be(s, L, k, C->bytes);
    ec_sc_reduce_once(C, s, s);
    ec_sc_to_bytes(C, k, s);
}

static void rand_point(const ec_curve *C, ec_affine *A)
{
    uint8_t k[EC_MAX_BYTES];
    ec_sc s;
    ec_point P;

    do {
        rand_sc(C, k, s);
    } while (ct_cond_bit(mp_is_zero(s, L)));
    ec_mul_base(C, &P, s);
    TR_CHECK(ct_cond_bit(ec_point_to_affine(C, A, &P)));
}

/* J = A with Z = z: (x z^2, y z^3, z) */
static void jac_of(const ec_curve *C, ec_jac *J, const ec_affine *A, const ec_fe z)
{
    ec_fe t;

    ec_fe_sqr(C, t, z);
    ec_fe_mul(C, J->X, A->x, t);
    ec_fe_mul(C, t, t, z);
    ec_fe_mul(C, J->Y, A->y, t);
    mp_copy(J->Z, z, L);
}

static void jac_rand(const ec_curve *C, ec_jac *J, const ec_affine *A)
{
    ec_fe z;

    rand_fe(C, z);
    jac_of(C, J, A, z);
}

/* the affine value of J equals A (or both are infinity when A is NULL) */
static void check_jac(const ec_curve *C, const ec_jac *J, const ec_affine *A)
{
    ec_affine B;

    if (A == NULL) {
        TR_CHECK(ec_jac_is_infinity_vartime(C, J));
        TR_EQ(ec_jac_to_affine_vartime(C, &B, J), 0);
        return;
    }
    TR_EQ(ec_jac_to_affine_vartime(C, &B, J), 1);
    TR_MEM(B.x, A->x, L * sizeof(ct_limb_t));
    TR_MEM(B.y, A->y, L * sizeof(ct_limb_t));
}

/* the reference: complete projective formulas */
static void ref_add(const ec_curve *C, ec_affine *S, const ec_affine *A, const ec_affine *B)
{
    ec_point P, Q;

    ec_point_from_affine(C, &P, A);
    ec_point_from_affine(C, &Q, B);
    ec_point_add(C, &P, &P, &Q);
    TR_CHECK(ct_cond_bit(ec_point_to_affine(C, S, &P)));
}

static void ref_dbl(const ec_curve *C, ec_affine *S, const ec_affine *A)
{
    ec_point P;

    ec_point_from_affine(C, &P, A);
    ec_point_dbl(C, &P, &P);
    TR_CHECK(ct_cond_bit(ec_point_to_affine(C, S, &P)));
}

static void neg_affine(const ec_curve *C, ec_affine *N, const ec_affine *A)
{
    mp_copy(N->x, A->x, L);
    ec_fe_neg(C, N->y, A->y);
}

static void test_formulas(const ec_curve *C, const char *name)
{
    ec_affine A, B, S, NA;
    ec_jac J, K, R, I;
    ec_fe zr, t;
    unsigned long it;

    tr_group(name);
    ec_jac_set_infinity(C, &I);
    for (it = 0; it < TR_ITERS(40ul); it++) {
        rand_point(C, &A);
        rand_point(C, &B);
        neg_affine(C, &NA, &A);
        jac_rand(C, &J, &A);
        jac_rand(C, &K, &B);

        /* conversions */
        check_jac(C, &J, &A);
        ec_jac_from_affine(C, &R, &A);
        check_jac(C, &R, &A);

        /* doubling, in place too; infinity */
        ref_dbl(C, &S, &A);
        ec_jac_dbl(C, &R, &J);
        check_jac(C, &R, &S);
        R = J;
        ec_jac_dbl(C, &R, &R);
        check_jac(C, &R, &S);
        ec_jac_dbl(C, &R, &I);
        check_jac(C, &R, NULL);

        /* mixed: general (with the z ratio), P = Q, P = -Q, infinity */
        ref_add(C, &S, &A, &B);
        TR_EQ(ec_jac_add_affine_vartime(C, &R, &J, &B, zr), 1);
        check_jac(C, &R, &S);
        ec_fe_mul(C, t, J.Z, zr);
        TR_MEM(t, R.Z, L * sizeof(ct_limb_t));
        R = J;
        TR_EQ(ec_jac_add_affine_vartime(C, &R, &R, &B, NULL), 1);
        check_jac(C, &R, &S);
        ref_dbl(C, &S, &A);
        TR_EQ(ec_jac_add_affine_vartime(C, &R, &J, &A, zr), 0);
        check_jac(C, &R, &S);
        R = J;
        TR_EQ(ec_jac_add_affine_vartime(C, &R, &R, &A, NULL), 0);
        check_jac(C, &R, &S);
        TR_EQ(ec_jac_add_affine_vartime(C, &R, &J, &NA, zr), 0);
        check_jac(C, &R, NULL);
        TR_EQ(ec_jac_add_affine_vartime(C, &R, &I, &B, zr), 0);
        check_jac(C, &R, &B);

        /* 2P + Q: general, in place; P = Q (3P), P = -Q (P), Q = -2P
         * (infinity), P infinity (Q) */
        ref_dbl(C, &S, &A);
        ref_add(C, &S, &S, &B);
        ec_jac_dbl_add_affine_vartime(C, &R, &J, &B);
        check_jac(C, &R, &S);
        R = J;
        ec_jac_dbl_add_affine_vartime(C, &R, &R, &B);
        check_jac(C, &R, &S);
        ref_dbl(C, &S, &A);
        ref_add(C, &S, &S, &A);
        ec_jac_dbl_add_affine_vartime(C, &R, &J, &A);
        check_jac(C, &R, &S);
        ec_jac_dbl_add_affine_vartime(C, &R, &J, &NA);
        check_jac(C, &R, &A);
        ref_dbl(C, &S, &A);
        neg_affine(C, &S, &S);
        ec_jac_dbl_add_affine_vartime(C, &R, &J, &S);
        check_jac(C, &R, NULL);
        ec_jac_dbl_add_affine_vartime(C, &R, &I, &B);
        check_jac(C, &R, &B);
    }
    tr_group_end();
}

/* a field element (Montgomery form) of the plain value v < p */
static void fe_of(const ec_curve *C, ec_fe X, const ct_limb_t *v)
{
    ec_fe_mul(C, X, v, C->p.R2);
}

/* J with affine x-coordinate v (plain, < p) and a random Z; Y is not
 * read by the comparison */
static void jac_x(const ec_curve *C, ec_jac *J, const ct_limb_t *v)
{
    ec_fe z, t;

    rand_fe(C, z);
    ec_fe_sqr(C, t, z);
    fe_of(C, J->X, v);
    ec_fe_mul(C, J->X, J->X, t);
    mp_copy(J->Y, C->one, L);
    mp_copy(J->Z, z, L);
}

/* both comparisons: J as built, and J made affine (x, 1) for
 * ec_affine_x_mod_n_is_vartime */
static int x_mod_n_is(const ec_curve *C, const ec_jac *J, const ec_sc r)
{
    int a = ec_jac_x_mod_n_is_vartime(C, J, r);
    ec_affine A;
    ec_jac P;

    if (ec_jac_to_affine_vartime(C, &A, J)) {
        mp_copy(P.X, A.x, L);
        mp_copy(P.Y, A.y, L);
        mp_copy(P.Z, C->one, L);
    } else {
        ec_jac_set_infinity(C, &P);
    }
    TR_EQ(ec_affine_x_mod_n_is_vartime(C, &P, r), a);
    return a;
}

static void test_compare(const ec_curve *C, const char *name)
{
    uint8_t k[EC_MAX_BYTES];
    ec_sc r, r1, x, pn;
    ec_jac J;
    unsigned long it;

    /* p - n is about 2^126 for P-256 and 2^190 for P-384 */
    tr_group(name);
    /* pn = p - n: the x-coordinates in [n, p) are r + n for r < pn */
    (void)mp_sub(pn, C->p.N, C->n.N, L);
    ec_jac_set_infinity(C, &J);
    mp_zero(r, L);
    r[0] = 1;
    TR_EQ(x_mod_n_is(C, &J, r), 0);
    for (it = 0; it < TR_ITERS(200ul); it++) {
        /* x = r < n: r matches, r + 1 does not */
        rand_sc(C, k, r);
        if (it == 0)
            mp_zero(r, L);
        if (it == 1)
            (void)mp_sub_limb(r, C->n.N, 1, L);
        jac_x(C, &J, r);
        TR_EQ(x_mod_n_is(C, &J, r), 1);
        mp_copy(r1, r, L);
        (void)mp_add_limb(r1, r1, 1, L);
        ec_sc_reduce_once(C, r1, r1);
        TR_EQ(x_mod_n_is(C, &J, r1), 0);

        /* x = r + n for r < p - n: matches r (the second comparison),
         * not r + 1 */
        rand_sc(C, k, r);
        mp_zero(r + L / 4, L - L / 4);      /* below 2^(bits/4) < p - n */
        if (it == 0)
            mp_zero(r, L);
        if (it == 1)
            (void)mp_sub_limb(r, pn, 1, L);  /* the largest: r + n = p - 1 */
        TR_CHECK(ct_cond_bit(mp_lt(r, pn, L)));
        (void)mp_add(x, r, C->n.N, L);
        jac_x(C, &J, x);
        TR_EQ(x_mod_n_is(C, &J, r), 1);
        mp_copy(r1, r, L);
        (void)mp_add_limb(r1, r1, 1, L);
        TR_EQ(x_mod_n_is(C, &J, r1), 0);

        /* r >= p - n: r + n >= p is no x-coordinate; the candidate
         * r + n - p (mod p) must not match r */
        rand_sc(C, k, r);
        if (ct_cond_bit(mp_lt(r, pn, L)))
            (void)mp_add(r, r, pn, L);
        if (it == 0)
            mp_copy(r, pn, L);
        (void)mp_add(x, r, C->n.N, L);
        (void)mp_sub(x, x, C->p.N, L);
        jac_x(C, &J, x);
        TR_EQ(x_mod_n_is(C, &J, r), 0);
        TR_EQ(x_mod_n_is(C, &J, x), 1);
    }
    tr_group_end();
}

/* R = u1 G + u2 Q by two constant-time multiplications */
static int ref_mul2(const ec_curve *C, ec_affine *S, const ec_sc k1, const ec_sc k2,
                    const ec_affine *Q)
{
    ec_point A, B;

    ec_mul_base(C, &A, k1);
    ec_mul(C, &B, k2, Q);
    ec_point_add(C, &A, &A, &B);
    return ct_cond_bit(ec_point_to_affine(C, S, &A));
}

static void check_mul2(const ec_curve *C, const ec_sc u1, const ec_sc u2, const ec_affine *Q)
{
    ec_affine S;
    ec_jac R;

    ec_mul2_vartime(C, &R, u1, u2, Q);
    check_jac(C, &R, ref_mul2(C, &S, u1, u2, Q) ? &S : NULL);
}

static void test_mul2(const ec_curve *C, const char *name)
{
    uint8_t k[EC_MAX_BYTES];
    ec_affine G, NG, Q;
    ec_sc u1, u2, nm1;
    unsigned long it;
    int i;

    tr_group(name);
    ec_affine_generator(C, &G);
    neg_affine(C, &NG, &G);
    (void)mp_sub_limb(nm1, C->n.N, 1, L);
    for (it = 0; it < TR_ITERS(24ul); it++) {
        rand_point(C, &Q);
        rand_sc(C, k, u1);
        rand_sc(C, k, u2);
        check_mul2(C, u1, u2, &Q);
        /* Q = G: u1 G + u2 G, so sums meet the table's points; u2 = n - u1
         * gives infinity, u2 = u1 a doubling */
        check_mul2(C, u1, u2, &G);
        check_mul2(C, u1, u1, &G);
        (void)mp_sub(u2, C->n.N, u1, L);
        check_mul2(C, u1, u2, &G);
        check_mul2(C, u1, u1, &NG);
        /* small scalars: short chains, and sums of small multiples */
        mp_zero(u1, L);
        mp_zero(u2, L);
        u1[0] = tr_rand32() & 0xff;
        u2[0] = tr_rand32() & 0xff;
        check_mul2(C, u1, u2, &G);
        check_mul2(C, u1, u2, &NG);
        check_mul2(C, u1, u2, &Q);
    }
    /* zeros and n - 1 */
    rand_point(C, &Q);
    mp_zero(u1, L);
    mp_zero(u2, L);
    check_mul2(C, u1, u2, &Q);
    for (i = 0; i < 3; i++) {
        rand_sc(C, k, u1);
        check_mul2(C, u1, u2, &Q);
        check_mul2(C, u2, u1, &Q);
    }
    check_mul2(C, nm1, nm1, &Q);
    check_mul2(C, nm1, nm1, &G);
    mp_zero(u1, L);
    u1[0] = 1;
    check_mul2(C, u1, nm1, &G);
    check_mul2(C, nm1, u1, &G);
    tr_group_end();
}

int main(void)
{
    tr_init("test_ec_vartime");
#if CTC_EC_P256
    test_formulas(ec_p256(), "P-256 Jacobian formulas = complete ones: general, P + P, P + (-P), "
                  "infinity, aliasing, z ratio, 2P + Q");
    test_compare(ec_p256(), "P-256 r = x mod n from X/Z^2: x < n, x = r + n < p, r + n >= p");
    test_mul2(ec_p256(), "P-256 u1 G + u2 Q = two ladders: random, Q = +-G, sums to infinity, "
              "small, zero, n - 1");
#endif
#if CTC_EC_P384
    test_formulas(ec_p384(), "P-384 Jacobian formulas = complete ones: general, P + P, P + (-P), "
                  "infinity, aliasing, z ratio, 2P + Q");
    test_compare(ec_p384(), "P-384 r = x mod n from X/Z^2: x < n, x = r + n < p, r + n >= p");
    test_mul2(ec_p384(), "P-384 u1 G + u2 Q = two ladders: random, Q = +-G, sums to infinity, "
              "small, zero, n - 1");
#endif
    return tr_finish();
}

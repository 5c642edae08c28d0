/*
 * ec_ladder.c - PROFILE=small: k P (ec_mul) and k G (ec_mul_base) by one
 * constant-time Montgomery ladder on co-Z Jacobian coordinates (Goundar,
 * Joye, Miyaji, Rivain, Venelli, "Scalar multiplication on Weierstrass
 * elliptic curves from co-Z arithmetic", 2011: XYcZ-IDBL, XYcZ-ADDC,
 * XYcZ-ADD). No table, no window, no complete formula: the code size
 * comes first (docs/ec.md, "The small profile"). With CTC_EC_SMALL_COMB
 * (ctcrypto/config.h) k G is the comb of ec_mul_base.c instead, and this
 * file keeps k P only.
 *
 * Co-Z: the two points of the ladder, R0 and R1, share one Z, (X0, Y0, Z)
 * and (X1, Y1, Z) in Jacobian coordinates (x = X/Z^2, y = Y/Z^3). For
 * co-Z points P = (X1, Y1), Q = (X2, Y2) with x(P) != x(Q):
 *   A = (X2 - X1)^2, B = X1 A, C = X2 A, D = Y2 - Y1, E = Y1 (C - B);
 *   P + Q = (D^2 - B - C, D (B - X3) - E),
 *   P - Q = (F^2 - B - C, F (X3' - B) - E) with F = Y1 + Y2,
 *   and P itself is (B, E): all of them with Z' = Z (X2 - X1).
 * ADD returns P + Q and P (4M + 2S), ADDC P + Q and P - Q (5M + 3S); Z'
 * is tracked (1M each) so that no recovery step is needed at the end.
 *
 * The ladder keeps R1 - R0 = P, R0 = m P for m the bits of the scalar
 * read so far. A step with bit b: (R_b + R_(1-b), R_b - R_(1-b)) by ADDC,
 * then their sum (2 R_b) and the first of them again, co-Z, by ADD: R_b =
 * 2 R_b and R_(1-b) = R0 + R1, so m becomes 2m + b. Which of R0, R1 plays
 * R_b is a conditional swap by a mask (the swaps of two steps merged into
 * one by the xor of their bits); every step is the same operations.
 *
 * The scalar. k (an ec_sc, any value below 2^bits) is reduced mod n (one
 * conditional subtraction), folded below 2^(bits - 1) (s = n - k when k's
 * top bit is set, the result negated at the end) and lengthened to k' = s + n when
 * that carries out of `bits` bits, else s + 2n: 2^bits <= k' < 2^(bits +
 * 1) (s + n < 2^bits gives s + 2n < 2^bits + n), and k' P = s P. Bit
 * `bits` of k' is the start, R0 = P and R1 = 2P by XYcZ-IDBL, and the
 * `bits` steps read bits bits - 1 .. 0.
 *
 * Exceptional cases (why none occurs but for s = 0 and s = 1, which are
 * handled apart). The formulas need x(P) != x(Q) and no infinity. Before
 * the step of bit i the state is R0 = m P, R1 = (m + 1) P with m =
 * floor(k' / 2^(i + 1)); P has order n (the curve order is prime, P is
 * not infinity). ADDC adds m P and (m + 1) P: it fails when m = 0, m = -1
 * or 2m + 1 = 0 mod n. ADD adds (2m + 1) P and -+P: it fails when 2m + 1
 * = 0 or 2m + 1 = +-1, i.e. m = 0 or m = -1 mod n. So every prefix m of
 * k' (shifted by j = 1 .. bits) must avoid 0, n - 1 and (n - 1)/2 mod n.
 * With 2^(bits - 1) < n < 2^bits, (n - 1)/2 >= 2^(bits - 2) and 3n >
 * 2^(bits + 1) (both curves: n > 2^bits (1 - 2^-32)):
 *  - j = 1: m in [2^(bits-1), 2^bits) holds n - 1 and n of the bad
 *    values (2n - 1 and (3n - 1)/2 are above, (n - 1)/2 below);
 *  - j = 2: m in [2^(bits-2), 2^(bits-1)) holds only (n - 1)/2;
 *  - j >= 3: 1 <= m < 2^(bits-2) <= (n - 1)/2 holds none.
 * Each case means k' in [2n - 2, 2n + 2). k' = s + n is below 2n - 2
 * (s < 2^(bits - 1) < n - 2), and k' = s + 2n lies there only for s = 0
 * or 1. s = 0 (k = 0 mod n) gives infinity and s = 1 (k = +-1 mod n)
 * gives P: the ladder runs anyway, on whatever the formulas make of those
 * cases, and its result is replaced by masked copies.
 * tests/unit/test_ec_mul.c drives these scalars (0, 1, 2, n - 1, n - 2,
 * n + small, the prefixes near n / 2^j) against an independent
 * multiplication.
 *
 * Cost for P-256: one XYcZ-IDBL, 256 steps of 11M + 5S (with Z), 512
 * conditional swaps of two field elements; then the conversion (2M + 1S).
 */
#include "ec.h"

#if CTC_PROFILE_SMALL

#define L (C->limbs)
#define MUL(x, a, b) ec_fe_mul(C, x, a, b)
#define SQR(x, a) ec_fe_sqr(C, x, a)
#define ADD(x, a, b) ec_fe_add(C, x, a, b)
#define SUB(x, a, b) ec_fe_sub(C, x, a, b)

/* The part that ADD and ADDC share (ec.h); verification's affine sum
 * calls it too (ec_mul_vartime.c). b may be X1 (read only to make B). */
void ec_jac_zadd(const ec_curve *C, ec_fe X1, ec_fe Y1, ec_fe X2, ec_fe Y2, ec_fe Z,
                 ec_fe b, ec_fe c, ec_fe d)
{
    ec_fe a;

    SUB(a, X2, X1);
    MUL(Z, Z, a);
    SQR(a, a);              /* A */
    MUL(b, X1, a);          /* B */
    MUL(c, X2, a);          /* C */
    SUB(d, Y2, Y1);         /* D */
    SUB(a, c, b);
    MUL(Y1, Y1, a);         /* E = Y1 (C - B) */
    ADD(c, b, c);           /* B + C */
    SQR(X2, d);
    SUB(X2, X2, c);         /* X3 = D^2 - B - C */
    SUB(a, b, X2);
    MUL(Y2, d, a);
    SUB(Y2, Y2, Y1);        /* Y3 = D (B - X3) - E */
}

/* XYcZ-ADD: (X2, Y2) = P + Q, (X1, Y1) = P, both at the new Z. B is
 * written over X1, which ec_jac_zadd reads only to make it (no copy). */
static void zadd(const ec_curve *C, ec_fe X1, ec_fe Y1, ec_fe X2, ec_fe Y2, ec_fe Z)
{
    ec_fe c, d;

    ec_jac_zadd(C, X1, Y1, X2, Y2, Z, X1, c, d);
}

/* XYcZ-ADDC: (X2, Y2) = P + Q, (X1, Y1) = P - Q, both at the new Z. */
static void zaddc(const ec_curve *C, ec_fe X1, ec_fe Y1, ec_fe X2, ec_fe Y2, ec_fe Z)
{
    ec_fe b, c, d, f;

    ADD(f, Y1, Y2);         /* F */
    ec_jac_zadd(C, X1, Y1, X2, Y2, Z, b, c, d);
    SQR(X1, f);
    SUB(X1, X1, c);         /* X3' = F^2 - B - C */
    SUB(d, X1, b);
    MUL(d, f, d);
    SUB(Y1, d, Y1);         /* Y3' = F (X3' - B) - E */
}

/*
 * XYcZ-IDBL of the affine P = (x, y) (Z = 1), a = -3: 2P = (M^2 - 2S,
 * M (S - X3) - 8 y^4) with M = 3 (x^2 - 1), S = 4 x y^2, and P at the
 * same Z = 2y is (S, 8 y^4) = (x Z^2, y Z^3), taken from Z: S = x Z^2,
 * 8 y^4 = (y Z) Z^2 (one square and three products, one addition, where
 * y^2 and its doublings took two squares, a product and six additions).
 * Out: (X1, Y1) = 2P, (X0, Y0) = P, Z.
 */
static void zidbl(const ec_curve *C, ec_fe X0, ec_fe Y0, ec_fe X1, ec_fe Y1, ec_fe Z,
                  const ec_affine *P)
{
    ec_fe m, t;

    SQR(m, P->x);
    SUB(m, m, C->one);
    ADD(t, m, m);
    ADD(m, t, m);           /* M = 3 (x^2 - 1) */
    ADD(Z, P->y, P->y);     /* Z = 2y */
    SQR(t, Z);              /* 4 y^2 */
    MUL(X0, P->x, t);       /* S = 4 x y^2 */
    MUL(Y0, P->y, Z);       /* 2 y^2 */
    MUL(Y0, Y0, t);         /* 8 y^4 */
    SQR(X1, m);
    SUB(X1, X1, X0);
    SUB(X1, X1, X0);        /* X3 = M^2 - 2S */
    SUB(t, X0, X1);
    MUL(Y1, m, t);
    SUB(Y1, Y1, Y0);        /* Y3 = M (S - X3) - 8 y^4 */
}

/* R = k' P (Jacobian) for k' = 2^bits + the C->limbs limbs of kp; the
 * exceptional scalars are the caller's (above). */
static CT_NOINLINE void ladder(const ec_curve *C, ec_jac *R, const ct_limb_t *kp,
                               const ec_affine *P)
{
    /* one object, so that one ct_zeroize wipes it all; R0 = (X0, Y0) and
     * R1 = (X1, Y1) each one array, so that one ct_limbs_cswap swaps them */
    struct {
        ct_limb_t R0[2 * EC_LIMBS], R1[2 * EC_LIMBS];
        ct_cond b, swapped;
    } v;
    ct_limb_t *X0 = v.R0, *Y0 = v.R0 + L, *X1 = v.R1, *Y1 = v.R1 + L;
    unsigned i;

    v.swapped = ct_cond_false();
    zidbl(C, X0, Y0, X1, Y1, R->Z, P);
    for (i = C->bits; i-- > 0;) {
        /* bit i (public position) of the secret scalar */
        v.b = ct_cond_from_bit((uint32_t)(kp[i / MP_LIMB_BITS] >> (i % MP_LIMB_BITS)) & 1u);
        /* R_b in (X1, Y1), R_(1-b) in (X0, Y0): swapped when b = 0 */
        v.b = ct_cond_not(v.b);
        v.swapped = ct_cond_xor(v.swapped, v.b);
        ct_limbs_cswap(v.swapped, v.R0, v.R1, 2 * L);
        v.swapped = v.b;
        zaddc(C, X1, Y1, X0, Y0, R->Z);  /* (X0, Y0) = R0 + R1, (X1, Y1) = +-P */
        zadd(C, X0, Y0, X1, Y1, R->Z);   /* (X1, Y1) = 2 R_b, (X0, Y0) = R0 + R1 */
    }
    ct_limbs_cswap(v.swapped, v.R0, v.R1, 2 * L);
    mp_copy(R->X, X0, L);
    mp_copy(R->Y, Y0, L);
    ct_zeroize(&v, sizeof v);
}

void ec_mul(const ec_curve *C, ec_point *R, const ec_sc k, const ec_affine *P)
{
    struct {                /* one object: one ct_zeroize */
        ec_jac J;
        ec_sc s, t, kp;
    } v;
    ct_cond top, carry, zero, one;

    /* s = k mod n, folded below 2^(bits - 1) */
    ec_sc_reduce_once(C, v.s, k);
    (void)mp_sub(v.t, C->n.N, v.s, L);
    top = ct_cond_from_bit((uint32_t)(v.s[L - 1] >> (MP_LIMB_BITS - 1)));
    ct_limbs_cmov(top, v.s, v.t, L);
    /* k' = s + n if that reaches 2^bits, else s + 2n (bit `bits` is set
     * in both; kp holds the bits below it) */
    carry = ct_cond_from_bit((uint32_t)mp_add(v.t, v.s, C->n.N, L));
    (void)mp_add(v.kp, v.t, C->n.N, L);
    ct_limbs_cmov(carry, v.kp, v.t, L);
    /* the two scalars the ladder does not handle: s = 0 and s = 1 */
    zero = mp_is_zero(v.s, L);
    v.s[0] ^= 1;
    one = mp_is_zero(v.s, L);

    ladder(C, &v.J, v.kp, P);
    ct_limbs_cmov(one, v.J.X, P->x, L);     /* P itself, Z = 1 */
    ct_limbs_cmov(one, v.J.Y, P->y, L);
    ct_limbs_cmov(one, v.J.Z, C->one, L);
    ct_limbs_czero(zero, v.J.Z, L);         /* infinity */
    ec_jac_cneg(C, &v.J, top);
    ec_jac_to_point(C, R, &v.J);
    ct_zeroize(&v, sizeof v);
}

#if !EC_MUL_BASE_COMB    /* CTC_EC_SMALL_COMB: the comb of ec_mul_base.c */
void ec_mul_base(const ec_curve *C, ec_point *R, const ec_sc k)
{
    ec_mul(C, R, k, ec_generator(C));
}
#endif

#endif /* CTC_PROFILE_SMALL */

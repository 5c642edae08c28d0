/*
 * ec_field.c - arithmetic modulo the field prime p and the group order n
 * of a curve (ec.h), on the mp layer's Montgomery functions with the
 * curve's moduli.
 */
#include "ec.h"
#include "p256_field.h"
#include "p384_field.h"

#define L (C->limbs)

/*
 * The Montgomery products of this file that are not a curve's own leaves
 * (mod n, the generic field leaves, the conversions), with M = &C->p or
 * &C->n. PROFILE=small takes them all through mp_montmul_steps: one
 * Montgomery step per limb (the loop over mp_mont_step), so that the full
 * product, the squaring and the separate reduction of the mp layer (with
 * their leaves: 2.1 KB less in the P-256 image on Cortex-M4) are not
 * linked (docs/ec.md, "The ladder: one multiplication, no table", step
 * 7); on UMAAL targets the 256-bit moduli take the P-256 field leaf's own
 * product instead (p256_mont_mul_asm: 903 cycles per product mod n on
 * Cortex-M4, against 1102 for mp_montmul_steps_asm). The default build
 * keeps mp_montmul, mp_montsqr and the conversions of the mp layer.
 */
#if CTC_PROFILE_SMALL
static CT_NOINLINE void mont_mul(const mp_modulus *M, ct_limb_t *X, const ct_limb_t *A,
                                 const ct_limb_t *B)
{
#if defined(P256_ASM_MONT)
    /*
     * UMAAL targets: the 256-bit moduli (P-256's p and n) on the field
     * leaf's own product (p256_mont_mul_asm, p256_field.h), then N
     * subtracted when V = top 2^256 + X >= N; the modulus's size is
     * public. The image then links one product, not also
     * mp_montmul_steps_asm (docs/ec.md, "One product for two moduli").
     */
    if (!CTC_EC_P384 || M->n == P256_FE_LIMBS) {
        ct_limb_t top = p256_mont_mul_asm(X, A, B, M->N, M->ninv);
        ct_cond ge = ct_cond_or(ct_cond_from_bit((uint32_t)top),
                                ct_cond_not(mp_lt(X, M->N, P256_FE_LIMBS)));

        (void)mp_sub_cond(X, X, M->N, ge, P256_FE_LIMBS);
        return;
    }
#endif
#if !defined(P256_ASM_MONT) || CTC_EC_P384
    {
        ct_limb_t T[EC_LIMBS];

        mp_montmul_steps(X, A, B, M, T);
    }
#endif
}

/* X = A R (R^2 < N goes first: the product bounds its first operand) */
static void mont_to(const mp_modulus *M, ct_limb_t *X, const ct_limb_t *A)
{
    mont_mul(M, X, M->R2, A);
}

/* X = A / R, for any A < R: the product of 1 and A */
static void mont_from(const mp_modulus *M, ct_limb_t *X, const ct_limb_t *A)
{
    ct_limb_t one[EC_LIMBS];

    mp_zero(one, M->n);
    one[0] = 1;
    mont_mul(M, X, one, A);
}
#else
static void mont_mul(const mp_modulus *M, ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    ct_limb_t T[2 * EC_LIMBS];

    mp_montmul(X, A, B, M, T);
}

static void mont_to(const mp_modulus *M, ct_limb_t *X, const ct_limb_t *A)
{
    ct_limb_t T[2 * EC_LIMBS];

    mp_to_mont(X, A, M, T);
}

static void mont_from(const mp_modulus *M, ct_limb_t *X, const ct_limb_t *A)
{
    ct_limb_t T[2 * EC_LIMBS];

    mp_from_mont(X, A, M, T);
}
#endif

/* ---- field ------------------------------------------------------------------ */

/*
 * Each curve's own leaves (p256_field.h, p384_field.h: assembly per
 * target with C twins); the choice of curve is public (ec.h,
 * EC_CURVE_CALL). The mp layer's Montgomery functions above serve the
 * scalars mod n and the conversions.
 */
void ec_fe_mul(const ec_curve *C, ec_fe X, const ec_fe A, const ec_fe B)
{
    EC_CURVE_CALL(C, p256_fe_mul, p384_fe_mul, (X, A, B));
}

void ec_fe_sqr(const ec_curve *C, ec_fe X, const ec_fe A)
{
    EC_CURVE_CALL(C, p256_fe_sqr, p384_fe_sqr, (X, A));
}

void ec_fe_add(const ec_curve *C, ec_fe X, const ec_fe A, const ec_fe B)
{
    EC_CURVE_CALL(C, p256_fe_add, p384_fe_add, (X, A, B));
}

void ec_fe_sub(const ec_curve *C, ec_fe X, const ec_fe A, const ec_fe B)
{
    EC_CURVE_CALL(C, p256_fe_sub, p384_fe_sub, (X, A, B));
}

void ec_fe_neg(const ec_curve *C, ec_fe X, const ec_fe A)
{
#if CTC_PROFILE_SMALL
    /* PROFILE=small: 0 - A by the subtraction, so that no negation leaf
     * is linked */
    ec_fe z;

    mp_zero(z, L);
    ec_fe_sub(C, X, z, A);
#else
    EC_CURVE_CALL(C, p256_fe_neg, p384_fe_neg, (X, A));
#endif
}

#if CTC_EC_P256
/*
 * A^(p - 2) for P-256 on its leaves (A in Montgomery form stays so: the
 * product of a R and b R is a b R), p - 2 = ffffffff 00000001 0^128
 * ffffffff ffffffff fffffffd (hex, 32-bit words): x_k = A^(2^k - 1) for
 * k = 2, 3, 6, 12, 15, 30, 32, then the words from the top. 255 squares,
 * 12 products, the same for every A (0 gives 0).
 */
static void p256_sqr_n(ct_limb_t *X, int n)
{
    while (n-- > 0)                 /* public count */
        p256_fe_sqr(X, X);
}

static void p256_inv_chain(ct_limb_t *X, const ct_limb_t *A)
{
    ct_limb_t x2[P256_FE_LIMBS], x3[P256_FE_LIMBS], x15[P256_FE_LIMBS], x30[P256_FE_LIMBS],
        x32[P256_FE_LIMBS], t[P256_FE_LIMBS];

    p256_fe_sqr(x2, A);
    p256_fe_mul(x2, x2, A);         /* 2^2 - 1 */
    p256_fe_sqr(x3, x2);
    p256_fe_mul(x3, x3, A);         /* 2^3 - 1 */
    mp_copy(t, x3, P256_FE_LIMBS);
    p256_sqr_n(t, 3);
    p256_fe_mul(t, t, x3);          /* 2^6 - 1 */
    mp_copy(x15, t, P256_FE_LIMBS);
    p256_sqr_n(x15, 6);
    p256_fe_mul(x15, x15, t);       /* 2^12 - 1 */
    p256_sqr_n(x15, 3);
    p256_fe_mul(x15, x15, x3);      /* 2^15 - 1 */
    mp_copy(x30, x15, P256_FE_LIMBS);
    p256_sqr_n(x30, 15);
    p256_fe_mul(x30, x30, x15);     /* 2^30 - 1 */
    mp_copy(x32, x30, P256_FE_LIMBS);
    p256_sqr_n(x32, 2);
    p256_fe_mul(x32, x32, x2);      /* 2^32 - 1: word ffffffff */
    mp_copy(t, x32, P256_FE_LIMBS);
    p256_sqr_n(t, 32);
    p256_fe_mul(t, t, A);           /* word 00000001 */
    p256_sqr_n(t, 128);
    p256_fe_mul(t, t, x32);         /* three zero words, then ffffffff */
    p256_sqr_n(t, 32);
    p256_fe_mul(t, t, x32);         /* ffffffff */
    p256_sqr_n(t, 30);
    p256_fe_mul(t, t, x30);
    p256_sqr_n(t, 2);
    p256_fe_mul(X, t, A);           /* fffffffd */
    ct_zeroize(x2, sizeof x2);
    ct_zeroize(x3, sizeof x3);
    ct_zeroize(x15, sizeof x15);
    ct_zeroize(x30, sizeof x30);
    ct_zeroize(x32, sizeof x32);
    ct_zeroize(t, sizeof t);
}
#endif

#if CTC_PROFILE_SMALL
/*
 * PROFILE=small: one power function on the products the image has
 * anyway, for the inverses (Fermat's little theorem, instead of safegcd:
 * mp_inv and its helpers, about 1.1 KB of Cortex-M4 code) and the square
 * root of decompression (instead of mp_exp_vartime, 516 bytes):
 * X = A^e mod m, m = p (field: ec_fe_sqr and ec_fe_mul) or n (scalars:
 * ec_sc_montmul), A and X in Montgomery form, so the result is too
 * ((aR)^e R^-(e-1) = a^e R); e > 0. Left to right, bit by bit from the
 * top set bit of e, a public constant (m - 2, (p + 1) / 4): the branches
 * on its bits are public, and the same squares and products run for
 * every A. One product per set bit (P-256's n - 2: 168, p - 2: 127)
 * instead of one per nonzero two-bit window (101, 66) takes no table:
 * fewer bytes of code and stack for about 78 k more cycles per signature
 * on Cortex-M4 (docs/ec.md, "One product for two moduli").
 */
static void pow_step(const ec_curve *C, ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                     int field)
{
    if (field)
        ec_fe_mul(C, X, A, B);
    else
        ec_sc_montmul(C, X, A, B);
}

static CT_NOINLINE void pow_mont(const ec_curve *C, ct_limb_t *X, const ct_limb_t *A,
                                 const ct_limb_t *e, int field)
{
    ct_limb_t Y[EC_LIMBS];
    int b = (int)C->bits - 1;

#define EBIT(b) ((e[(unsigned)(b) / MP_LIMB_BITS] >> ((unsigned)(b) % MP_LIMB_BITS)) & 1u)
    while (b > 0 && !EBIT(b))               /* the top set bit (public) */
        b--;
    mp_copy(Y, A, L);
    while (--b >= 0) {
        pow_step(C, Y, Y, Y, field);
        if (EBIT(b))
            pow_step(C, Y, Y, A, field);
    }
#undef EBIT
    mp_copy(X, Y, L);
    ct_zeroize(Y, sizeof Y);
}

/* X = A^(m - 2), the inverse (0 for A = 0) mod m = p or n */
static CT_NOINLINE void inv_fermat_mont(const ec_curve *C, ct_limb_t *X, const ct_limb_t *A, int field)
{
    ct_limb_t e[EC_LIMBS];
    const ct_limb_t *N = field ? C->p.N : C->n.N;
    ct_limb_t borrow = 2;
    size_t i;

    for (i = 0; i < L; i++) {               /* e = m - 2 (public) */
        e[i] = N[i] - borrow;
        borrow = (ct_limb_t)(N[i] < borrow);
    }
    pow_mont(C, X, A, e, field);
}
#endif

void ec_fe_inv(const ec_curve *C, ec_fe X, const ec_fe A)
{
#if CTC_PROFILE_SMALL
    inv_fermat_mont(C, X, A, 1);
#else
    /* A = aR; safegcd gives (aR)^-1 = a^-1 R^-1, and a Montgomery product
     * with R^3 gives a^-1 R^-1 R^3 R^-1 = a^-1 R, the Montgomery form of
     * a^-1. A = 0 gives 0 (gcd(0, p) = p: mp_inv returns 0). */
    ct_limb_t T[MP_INV_SCRATCH(EC_LIMBS)];
    ec_fe Y;

    (void)mp_inv(Y, A, C->p.N, L, T);
    ec_fe_mul(C, X, Y, C->r3);
    ct_zeroize(Y, sizeof Y);
#endif
}

void ec_fe_inv_fermat(const ec_curve *C, ec_fe X, const ec_fe A)
{
#if CTC_EC_P256
    if (EC_P256_LEAVES(C)) {
        p256_inv_chain(X, A);
        return;
    }
#endif
    /* (aR)^(p-2) = a^-1 R^-1 as well; same correction */
    ct_limb_t T[MP_EXP_SCRATCH(EC_LIMBS, 1) + EC_LIMBS + 8];
    ec_fe Y;

    (void)mp_inv_fermat(Y, A, &C->p, T, sizeof T / sizeof T[0]);
    ec_fe_mul(C, X, Y, C->r3);
    ct_zeroize(Y, sizeof Y);
}

void ec_fe_sqrt_vartime(const ec_curve *C, ec_fe X, const ec_fe A)
{
#if CTC_PROFILE_SMALL
    /* (aR)^((p+1)/4) in Montgomery form (pow_mont; the input is public:
     * a point being decompressed) */
    pow_mont(C, X, A, C->sqrt_exp, 1);
#else
    ct_limb_t T[MP_EXP_SCRATCH(EC_LIMBS, 4)];
    ec_fe a;

    /* mp_exp_vartime works on plain values: leave Montgomery form and
     * come back (the input is public: a point being decompressed) */
    mp_from_mont(a, A, &C->p, T);
    (void)mp_exp_vartime(a, a, C->sqrt_exp, L, &C->p, T,
                         sizeof T / sizeof T[0]);
    mp_to_mont(X, a, &C->p, T);
#endif
}

ct_cond ec_fe_is_zero(const ec_curve *C, const ec_fe A)
{
    return mp_is_zero(A, L);
}

ct_cond ec_fe_eq(const ec_curve *C, const ec_fe A, const ec_fe B)
{
    return mp_eq(A, B, L);
}

ct_cond ec_fe_from_bytes(const ec_curve *C, ec_fe X, const uint8_t *in)
{
    ct_cond ok;

    (void)mp_from_be(X, L, in, C->bytes);
    ok = mp_lt(X, C->p.N, L);
    ct_limbs_czero(ct_cond_not(ok), X, L);
    /* into Montgomery form on the curve's product leaf: X R^2 / R = X R
     * (the leaf takes X < p: a value >= p is 0 by then) */
    ec_fe_mul(C, X, X, C->p.R2);
    return ok;
}

/* X = A out of Montgomery form (< p): the product of A R and 1 is A,
 * on the curve's own product leaf. X != A. */
static void fe_from_mont(const ec_curve *C, ct_limb_t *X, const ec_fe A)
{
    mp_zero(X, L);
    X[0] = 1;
    ec_fe_mul(C, X, A, X);
}

void ec_fe_to_bytes(const ec_curve *C, uint8_t *out, const ec_fe A)
{
    ec_fe a;

    fe_from_mont(C, a, A);
    mp_to_be_all(out, a, L);
    ct_zeroize(a, sizeof a);
}

void ec_fe_to_sc(const ec_curve *C, ec_sc X, const ec_fe A)
{
    fe_from_mont(C, X, A);
    ec_sc_reduce_once(C, X, X);             /* x < p < 2n */
}

/* ---- scalars ------------------------------------------------------------------ */

ct_cond ec_sc_from_bytes(const ec_curve *C, ec_sc X, const uint8_t *in)
{
    (void)mp_from_be(X, L, in, C->bytes);
    return ct_cond_and(ct_cond_not(mp_is_zero(X, L)), mp_lt(X, C->n.N, L));
}

void ec_sc_to_bytes(const ec_curve *C, uint8_t *out, const ec_sc A)
{
    mp_to_be_all(out, A, L);
}

void ec_sc_reduce_once(const ec_curve *C, ec_sc X, const ec_sc A)
{
    ct_cond ge = ct_cond_not(mp_lt(A, C->n.N, L));

    (void)mp_sub_cond(X, A, C->n.N, ge, L);
}

void ec_sc_montmul(const ec_curve *C, ec_sc X, const ec_sc A, const ec_sc B)
{
    mont_mul(&C->n, X, A, B);
}

void ec_sc_to_mont(const ec_curve *C, ec_sc X, const ec_sc A)
{
    mont_to(&C->n, X, A);
}

void ec_sc_from_mont(const ec_curve *C, ec_sc X, const ec_sc A)
{
    mont_from(&C->n, X, A);
}

void ec_sc_add(const ec_curve *C, ec_sc X, const ec_sc A, const ec_sc B)
{
    mp_mod_add(X, A, B, C->n.N, L);
}

void ec_sc_inv_mont(const ec_curve *C, ec_sc X, const ec_sc A)
{
#if CTC_PROFILE_SMALL
    /* (a R)^(n - 2) = a^-1 R */
    ec_sc Y;

    ec_sc_to_mont(C, Y, A);
    inv_fermat_mont(C, X, Y, 0);
    ct_zeroize(Y, sizeof Y);
#else
    /* plain A: safegcd gives a^-1, and a Montgomery product with R^2
     * gives a^-1 R */
    ct_limb_t T[MP_INV_SCRATCH(EC_LIMBS)];
    ec_sc Y;

    (void)mp_inv(Y, A, C->n.N, L, T);
    ec_sc_montmul(C, X, Y, C->n.R2);
    ct_zeroize(Y, sizeof Y);
#endif
}

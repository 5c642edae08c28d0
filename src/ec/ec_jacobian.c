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
 * The formulas are in ec_jac_formulas.h (with their costs), made here
 * once on the dispatching ec_fe_* and, where EC_JAC_PER_CURVE is set,
 * once more for each curve with its leaves called directly: that saves
 * the dispatch of every field operation (one test of C->leaves and the
 * shuffle of the arguments, about 16 cycles a call on Cortex-M4) at the
 * cost of one copy of the three formulas per curve; PROFILE=small keeps
 * the one copy.
 *
 * Temporaries are not wiped here, as in ec_point.c: wiping them in every
 * formula cost 7% of a P-256 signature on Cortex-M4; the scalar
 * multiplications wipe their own state when they end.
 */
#include "ec.h"

#include "p256_field.h"
#include "p384_field.h"

#define L (C->limbs)
#define MUL(x, a, b) ec_fe_mul(C, (x), (a), (b))
#define SQR(x, a) ec_fe_sqr(C, (x), (a))

/* X = a ? A : (b ? B : D) on n limbs, one pass; X may be any of the
 * inputs (limb i of each is read before limb i of X is written) */
static void jf_sel2(ct_limb_t *X, ct_cond a, const ct_limb_t *A, ct_cond b, const ct_limb_t *B,
                    const ct_limb_t *D, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        X[i] = ct_limb_sel(a, A[i], ct_limb_sel(b, B[i], D[i]));
}

#if !defined(EC_JAC_PER_CURVE)
#define EC_JAC_PER_CURVE (!CTC_PROFILE_SMALL)
#endif

/*
 * x = k a (k = 3, 4, 8: a constant at each use, so the compiler keeps one
 * arm and no branch) from additions, for the leaves without a product by
 * a constant; t is distinct from x and a.
 */
#define fe_mulk_add(add, x, a, k, t) do {           \
        if ((k) == 3) {                             \
            add((t), (a), (a));                     \
            add((x), (t), (a));                     \
        } else {                                    \
            add((x), (a), (a));                     \
            add((x), (x), (x));                     \
            if ((k) == 8)                           \
                add((x), (x), (x));                 \
        }                                           \
    } while (0)

#ifndef EC_JAC_PRODUCT_Z_ANY
#define EC_JAC_PRODUCT_Z_ANY 1
#endif
/*
 * Per copy, measured with bench_ec (docs/ec.md): Z3 as a product
 * (JF_PRODUCT_Z) where a product costs less than a square and two
 * subtractions (Cortex-M4: P-256 ECDH 1.356 M against 1.386 M, P-384
 * verify 3.42 M against 3.49 M) - not with the Cortex-M0 leaves, whose product is 1.45
 * squares (ECDH 6.21 M against 5.73 M there), nor with the Xtensa lx106
 * leaves, product 1.47 squares (instructions: ECDH 5.27 M against 5.33 M,
 * verify 5.20 M against 5.25 M) - and P-256's k A leaf only where it is
 * assembly (its C twin's products lose to additions on Cortex-M0: 6.33 M
 * against 5.85 M; the lx106 k A leaf wins, ECDH 5.27 M against 5.38 M
 * with additions).
 */
#ifndef P256_JAC_PRODUCT_Z
#if defined(P256_ASM_THUMB1) || defined(P256_ASM_XTENSA)
#define P256_JAC_PRODUCT_Z 0
#else
#define P256_JAC_PRODUCT_Z 1
#endif
#endif
#ifndef P256_JAC_MULK
#if defined(P256_ASM_MULK)
#define P256_JAC_MULK 1
#else
#define P256_JAC_MULK 0
#endif
#endif
/* P-384: the products win with the UMAAL leaves (ECDH: Cortex-M0
 * 48.95 M square forms against 50.56 M, M3 29.70 M / 31.03 M, RV32 9.74 M
 * / 9.82 M, lx106 41.8 M / 43.5 M instructions; M7 2.62 M / 2.63 M the
 * other way) and with the x86-64 MULX leaves (product 71, square 65 TSC
 * cycles; minima of single calls, three runs each: k G 81.6-81.9 k ->
 * 75.0-75.2 k cycles, ECDSA verify 338.8-340.4 k -> 334.3-334.8 k;
 * docs/ec.md, "P-384 on the x86-64 host") */
/* P-384's k A leaf where it is assembly (x86-64; TSC cycles, minima of
 * single calls, three runs: ECDSA verify 333.8-334.8 k -> 330.6-331.8 k,
 * docs/ec.md); additions elsewhere */
#ifndef P384_JAC_MULK
#if defined(P384_ASM_MULK)
#define P384_JAC_MULK 1
#else
#define P384_JAC_MULK 0
#endif
#endif
/* the doubling's 4 beta and 8 gamma^2 from three additions instead of two
 * k A calls, where k A is x86-64's MUL leaf and Z3 a product: see
 * docs/ec.md, "P-384 on the x86-64 host" */
#ifndef P384_JAC_DBL_ADDS
#if defined(P384_ASM_MULK) && defined(P384_ASM_MULX)
#define P384_JAC_DBL_ADDS 1
#else
#define P384_JAC_DBL_ADDS 0
#endif
#endif
#ifndef P384_JAC_PRODUCT_Z
#if defined(P384_HAVE_ASM) && (defined(MP_ASM_UMAAL) || defined(P384_ASM_MULX))
#define P384_JAC_PRODUCT_Z 1
#else
#define P384_JAC_PRODUCT_Z 0
#endif
#endif

#if P384_JAC_DBL_ADDS && !P384_JAC_PRODUCT_Z
#error "P384_JAC_DBL_ADDS takes Z3 as a product: it needs P384_JAC_PRODUCT_Z"
#endif

#if !EC_JAC_PER_CURVE
/* the formulas on the dispatching leaves: any curve (PROFILE=small) */
#define JF(name) jac_##name##_any
#define JF_L L
#define JF_MUL(x, a, b) ec_fe_mul(C, (x), (a), (b))
#define JF_SQR(x, a) ec_fe_sqr(C, (x), (a))
#define JF_ADD(x, a, b) ec_fe_add(C, (x), (a), (b))
#define JF_SUB(x, a, b) ec_fe_sub(C, (x), (a), (b))
#define JF_MULK(x, a, k, t) fe_mulk_add(JF_ADD, (x), (a), (k), (t))
#define JF_PRODUCT_Z EC_JAC_PRODUCT_Z_ANY
#define JF_DBL_ADDS 0
#include "ec_jac_formulas.h"
#undef JF
#undef JF_L
#undef JF_MUL
#undef JF_SQR
#undef JF_ADD
#undef JF_SUB
#undef JF_MULK
#undef JF_PRODUCT_Z
#undef JF_DBL_ADDS

#endif

#if EC_JAC_PER_CURVE && CTC_EC_P256
#define JF(name) jac_##name##_p256
#define JF_L P256_FE_LIMBS
#define JF_MUL(x, a, b) p256_fe_mul((x), (a), (b))
#define JF_SQR(x, a) p256_fe_sqr((x), (a))
#define JF_ADD(x, a, b) p256_fe_add((x), (a), (b))
#define JF_SUB(x, a, b) p256_fe_sub((x), (a), (b))
#if P256_JAC_MULK
#define JF_MULK(x, a, k, t) p256_fe_mulk((x), (a), (k))
#else
#define JF_MULK(x, a, k, t) fe_mulk_add(JF_ADD, (x), (a), (k), (t))
#endif
#define JF_PRODUCT_Z P256_JAC_PRODUCT_Z
#define JF_DBL_ADDS 0
#include "ec_jac_formulas.h"
#undef JF
#undef JF_L
#undef JF_MUL
#undef JF_SQR
#undef JF_ADD
#undef JF_SUB
#undef JF_MULK
#undef JF_PRODUCT_Z
#undef JF_DBL_ADDS
#endif

#if EC_JAC_PER_CURVE && CTC_EC_P256 && defined(P256_ASM_JAC)
/*
 * The doubling and the mixed addition in assembly, one call per formula
 * (p256_field.h; Cortex-M4, gcc -O2, estimated cycles, docs/ec.md:
 * P-256 ECDH 1.232 M -> 1.096 M, key generation 451 k -> 408 k); the
 * formulas above are their C twins.
 */
#define JAC_P256_DBL(C, R, P) p256_jac_dbl_asm((R)->X, (P)->X, sizeof(ec_fe))

static void jac_add_affine_if_p256_asm(const ec_curve *C, ec_jac *R, const ec_jac *P,
                                       const ec_affine *A, ct_cond c)
{
    /* the selects in the assembly too: O + A = A; P where c is false */
    p256_jac_madd_if_asm(R->X, P->X, A->x, sizeof(ec_fe), ct_cond_mask_limb(ct_cond_not(c)),
                         C->one);
}

void ec_jac_dbl_p256_c(const ec_curve *C, ec_jac *R, const ec_jac *P)
{
    jac_dbl_p256(C, R, P);
}

void ec_jac_add_affine_if_p256_c(const ec_curve *C, ec_jac *R, const ec_jac *P,
                                 const ec_affine *A, ct_cond c)
{
    jac_add_affine_if_p256(C, R, P, A, c);
}
#else
#define JAC_P256_DBL(C, R, P) jac_dbl_p256((C), (R), (P))
#define jac_add_affine_if_p256_asm jac_add_affine_if_p256
#endif

#if EC_JAC_PER_CURVE && CTC_EC_P384
#define JF(name) jac_##name##_p384
#define JF_L P384_FE_LIMBS
#define JF_MUL(x, a, b) p384_fe_mul((x), (a), (b))
#define JF_SQR(x, a) p384_fe_sqr((x), (a))
#define JF_ADD(x, a, b) p384_fe_add((x), (a), (b))
#define JF_SUB(x, a, b) p384_fe_sub((x), (a), (b))
#if P384_JAC_MULK
#define JF_MULK(x, a, k, t) p384_fe_mulk((x), (a), (k))
#else
#define JF_MULK(x, a, k, t) fe_mulk_add(JF_ADD, (x), (a), (k), (t))
#endif
#define JF_PRODUCT_Z P384_JAC_PRODUCT_Z
#define JF_DBL_ADDS P384_JAC_DBL_ADDS
#include "ec_jac_formulas.h"
#undef JF
#undef JF_L
#undef JF_MUL
#undef JF_SQR
#undef JF_ADD
#undef JF_SUB
#undef JF_MULK
#undef JF_PRODUCT_Z
#undef JF_DBL_ADDS
#endif

/* the choice of copy: public (the curve; ec.h, EC_CURVE_CALL). Every
 * curve has its own copy where EC_JAC_PER_CURVE is set, else the one
 * on the dispatching leaves serves both. */
#if EC_JAC_PER_CURVE
#define JAC_CALL(C, f256, op, args) EC_CURVE_CALL(C, f256, jac_##op##_p384, args)
#else
#define JAC_CALL(C, f256, op, args) jac_##op##_any args
#endif

void ec_jac_dbl(const ec_curve *C, ec_jac *R, const ec_jac *P)
{
    JAC_CALL(C, JAC_P256_DBL, dbl, (C, R, P));
}

void ec_jac_add(const ec_curve *C, ec_jac *R, const ec_jac *P, const ec_jac *Q)
{
    JAC_CALL(C, jac_add_p256, add, (C, R, P, Q));
}

void ec_jac_add_affine_if(const ec_curve *C, ec_jac *R, const ec_jac *P, const ec_affine *A,
                          ct_cond c)
{
    JAC_CALL(C, jac_add_affine_if_p256_asm, add_affine_if, (C, R, P, A, c));
}

void ec_jac_add_affine(const ec_curve *C, ec_jac *R, const ec_jac *P, const ec_affine *A)
{
    ec_jac_add_affine_if(C, R, P, A, ct_cond_true());
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

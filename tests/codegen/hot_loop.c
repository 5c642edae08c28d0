/*
 * hot_loop.c - representative hot loops built from ct_ helpers, compiled by
 * tools/check_codegen.py for every target at -Os and -O2. The check reads
 * the disassembly and requires that codegen_cond_sub makes no call (to the
 * ct_ helpers or anything else) and has no conditional branch except the
 * loops' back-edges, which depend only on the public length n.
 *
 * codegen_leaky_cond_sub is the negative control: it branches on the secret
 * result, and the check must flag it.
 */
#include "ct/ct.h"

void codegen_cond_sub(ct_limb_t *X, ct_limb_t *D, const ct_limb_t *A,
                      const ct_limb_t *N, size_t n);
void codegen_leaky_cond_sub(ct_limb_t *X, ct_limb_t *D, const ct_limb_t *A,
                            const ct_limb_t *N, size_t n);

/* D = A - N with borrow (ripple through n >= 1 limbs); returns borrow.
 * Always inlined whatever CTC_FORCE_INLINE says: the check is about the
 * ct_ helpers, not about this test's own structure. */
static inline __attribute__((always_inline)) ct_cond sub_limbs(ct_limb_t *D, const ct_limb_t *A, const ct_limb_t *N,
                         size_t n)
{
    ct_cond borrow = ct_cond_false();
    size_t i = 0;

    do {
        ct_limb_t a = A[i], b = N[i];
        /* borrow out of a - b - borrow_in: a < b, or a == b and borrow_in */
        ct_cond out = ct_cond_or(ct_limb_lt(a, b),
                                 ct_cond_and(ct_limb_eq(a, b), borrow));
        D[i] = a - b - (ct_cond_mask_limb(borrow) & 1);
        borrow = out;
    } while (++i < n);
    return borrow;
}

/* X = A >= N ? A - N : A, for n >= 1 limbs; D is n limbs of scratch. */
void codegen_cond_sub(ct_limb_t *X, ct_limb_t *D, const ct_limb_t *A,
                      const ct_limb_t *N, size_t n)
{
    ct_cond ge = ct_cond_not(sub_limbs(D, A, N, n));
    size_t i = 0;

    do {
        X[i] = ct_limb_sel(ge, D[i], A[i]);
    } while (++i < n);
}

/*
 * The rest of a small bignum module, so that the helpers are used at many
 * call sites as in the library (a helper used once is inlined by any
 * compiler; one used at many sites is where -Os stops inlining).
 */
ct_limb_t codegen_cond_add(ct_limb_t *X, const ct_limb_t *A, ct_cond c, size_t n);
ct_cond codegen_lt(const ct_limb_t *A, const ct_limb_t *B, size_t n);
void codegen_cswap(ct_limb_t *restrict X, ct_limb_t *restrict Y, ct_cond c, size_t n);
ct_cond codegen_eq(const ct_limb_t *A, const ct_limb_t *B, size_t n);
void codegen_select(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                    ct_cond c, size_t n);

/* X += A if c; returns the carry (n >= 1). */
ct_limb_t codegen_cond_add(ct_limb_t *X, const ct_limb_t *A, ct_cond c, size_t n)
{
    ct_limb_t m = ct_cond_mask_limb(c), carry = 0;
    size_t i = 0;

    do {
        ct_limb_t a = A[i] & m, x = X[i];
        ct_limb_t s = x + a;
        ct_cond c1 = ct_limb_lt(s, x);
        ct_limb_t t = s + carry;
        ct_cond c2 = ct_limb_lt(t, s);
        X[i] = t;
        carry = ct_cond_mask_limb(ct_cond_or(c1, c2)) & 1;
    } while (++i < n);
    return carry;
}

/* A < B over n >= 1 limbs, most significant limb last. */
ct_cond codegen_lt(const ct_limb_t *A, const ct_limb_t *B, size_t n)
{
    ct_cond lt = ct_cond_false();
    size_t i = 0;

    do {
        ct_cond l = ct_limb_lt(A[i], B[i]), e = ct_limb_eq(A[i], B[i]);
        lt = ct_cond_or(l, ct_cond_and(e, lt));
    } while (++i < n);
    return lt;
}

void codegen_cswap(ct_limb_t *restrict X, ct_limb_t *restrict Y, ct_cond c, size_t n)
{
    size_t i = 0;

    do {
        ct_limb_cswap(c, &X[i], &Y[i]);
    } while (++i < n);
}

ct_cond codegen_eq(const ct_limb_t *A, const ct_limb_t *B, size_t n)
{
    ct_cond eq = ct_cond_true();
    size_t i = 0;

    do {
        eq = ct_cond_and(eq, ct_limb_eq(A[i], B[i]));
    } while (++i < n);
    return eq;
}

void codegen_select(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                    ct_cond c, size_t n)
{
    size_t i = 0;

    do {
        X[i] = ct_limb_sel(c, A[i], B[i]);
        X[i] = ct_limb_sel(ct_limb_is_zero(X[i]), B[i], X[i]);
    } while (++i < n);
}

/* The same, leaking the comparison through a branch. */
void codegen_leaky_cond_sub(ct_limb_t *X, ct_limb_t *D, const ct_limb_t *A,
                            const ct_limb_t *N, size_t n)
{
    ct_cond ge = ct_cond_not(sub_limbs(D, A, N, n));
    size_t i = 0;

    if (ct_cond_declassify(ge)) {
        do {
            X[i] = D[i];
        } while (++i < n);
    } else {
        do {
            X[i] = A[i];
        } while (++i < n);
    }
}

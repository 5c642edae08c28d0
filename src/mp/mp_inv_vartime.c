/*
 * mp_inv_vartime.c - modular inversion of public values by binary
 * extended GCD (declared in mp.h). Variable time by design.
 */
#include "ctcrypto/common.h"
#include "mp_word.h"

/* X = X / 2 mod N (X < N, N odd): add N first when X is odd; the sum
 * X + N < 2N fits n limbs plus the carry, which becomes the top bit. */
static void mp_half_mod_vartime(ct_limb_t *X, const ct_limb_t *N, size_t n)
{
    ct_limb_t c = 0;

    if (X[0] & 1u)
        c = mp_add(X, X, N, n);
    (void)mp_shr(X, X, n, 1);
    X[n - 1] |= c << MP_TOP;
}

static int mp_is_zero_vartime(const ct_limb_t *A, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (A[i] != 0)
            return 0;
    return 1;
}

static int mp_lt_vartime(const ct_limb_t *A, const ct_limb_t *B, size_t n)
{
    size_t i = n;

    while (i > 0) {
        i--;
        if (A[i] != B[i])
            return A[i] < B[i];
    }
    return 0;
}

int mp_inv_vartime(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *N,
                   size_t n, ct_limb_t *T)
{
    /* invariants: x1 A = u and x2 A = v (mod N); u, v shrink to gcd */
    ct_limb_t *u = T, *v = T + n, *x1 = T + 2 * n, *x2 = T + 3 * n;
    size_t i;

    mp_copy(u, A, n);
    mp_copy(v, N, n);
    mp_set_limb(x1, n, 1);
    mp_zero(x2, n);
    while (!mp_is_zero_vartime(u, n)) {
        while ((u[0] & 1u) == 0) {
            (void)mp_shr(u, u, n, 1);
            mp_half_mod_vartime(x1, N, n);
        }
        while ((v[0] & 1u) == 0) {
            (void)mp_shr(v, v, n, 1);
            mp_half_mod_vartime(x2, N, n);
        }
        /* both odd: the larger loses the smaller (and becomes even) */
        if (!mp_lt_vartime(u, v, n)) {
            (void)mp_sub(u, u, v, n);
            mp_mod_sub(x1, x1, x2, N, n);
        } else {
            (void)mp_sub(v, v, u, n);
            mp_mod_sub(x2, x2, x1, N, n);
        }
    }
    /* v = gcd(A, N) */
    if (v[0] != 1)
        goto fail;
    for (i = 1; i < n; i++)
        if (v[i] != 0)
            goto fail;
    mp_copy(X, x2, n);
    return CTC_OK;
fail:
    mp_zero(X, n);
    return CTC_ERR_RANGE;
}

/*
 * mp_inv_vartime.c - modular inversion of public values by binary
 * extended GCD (declared in mp.h). Variable time by design.
 */
#include "ctcrypto/common.h"
#include "mp_word.h"

/* X = X / 2^k mod N for X < N, N odd, 0 < k < w: adding q N with
 * q = X ninv mod 2^k (ninv = -N^-1) clears the low k bits, and
 * (X + q N) / 2^k < (N + (2^k - 1) N) / 2^k = N. The sum has n limbs and
 * a carry limb below 2^k, which lands in the top k bits. */
static void mp_div2k_mod_vartime(ct_limb_t *X, const ct_limb_t *N, size_t n,
                                 unsigned k, ct_limb_t ninv)
{
    ct_limb_t q = (X[0] * ninv) & (((ct_limb_t)1 << k) - 1), c;

    c = mp_mla(X, N, n, q);
    (void)mp_shr(X, X, n, k);
    X[n - 1] |= c << (MP_LIMB_BITS - k);
}

/* V /= 2^z and Y = Y / 2^z mod N, for z = the trailing zero bits of V
 * (V != 0), in steps of at most w - 1 bits */
static void mp_strip_twos_vartime(ct_limb_t *V, ct_limb_t *Y, const ct_limb_t *N,
                                  size_t n, ct_limb_t ninv)
{
    unsigned k;

    while ((V[0] & 1u) == 0) {
        for (k = 0; k < MP_LIMB_BITS - 1 && ((V[0] >> k) & 1u) == 0; k++)
            ;
        (void)mp_shr(V, V, n, k);
        mp_div2k_mod_vartime(Y, N, n, k, ninv);
    }
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
    ct_limb_t ninv = mp_mont_ninv(N[0]);
    size_t i;

    mp_copy(u, A, n);
    mp_copy(v, N, n);
    mp_set_limb(x1, n, 1);
    mp_zero(x2, n);

    while (!mp_is_zero_vartime(u, n)) {
        /* the trailing zeros go in one shift (of up to w - 1 bits) per run,
         * and the matching halvings of x1 or x2 in one mla and one shift */
        mp_strip_twos_vartime(u, x1, N, n, ninv);
        mp_strip_twos_vartime(v, x2, N, n, ninv);
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

/*
 * mp_mont_step.c - one step of Montgomery multiplication, the C twin of the
 * assembly leaves (declared in mp.h).
 */
#include "mp_word.h"

ct_limb_t mp_mont_step_c(ct_limb_t *T, ct_limb_t top, const ct_limb_t *A,
                         ct_limb_t b, const ct_limb_t *N, size_t n,
                         ct_limb_t ninv)
{
    /*
     * Two multiply-accumulate chains run side by side: c1 carries
     * T + A*b, c2 carries + m*N. Each step (c, s) = x*y + s + c stays below
     * 2^2w (mp_w_mac). m makes the low limb vanish: T[0] + A[0]b + mN[0]
     * = 0 mod 2^w, so every limb moves down by one.
     */
    ct_limb_t c1, c2, lo, m, c;
    size_t j;

    lo = mp_w_mac(&c1, A[0], b, T[0], 0);
    m = mp_w_mul_lo(lo, ninv);
    (void)mp_w_mac(&c2, m, N[0], lo, 0);
    for (j = 1; j < n; j++) {
        lo = mp_w_mac(&c1, A[j], b, T[j], c1);
        T[j - 1] = mp_w_mac(&c2, m, N[j], lo, c2);
    }
    /* the result is < 2N < 2^(wn + 1): top limb c1 + c2 + top is 0 or 1
     * after its low limb is stored */
    c = top;
    T[n - 1] = mp_w_adc(c1, c2, &c);
    return c;
}

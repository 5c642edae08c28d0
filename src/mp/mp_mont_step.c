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
     * 2^2w (mp_w_mac). m = (T[0] + A[0] b) ninv mod 2^w makes the low limb
     * vanish, so every limb moves down by one: limb j of the sum goes to
     * T[j - 1]. One loop for all limbs (no special first iteration): `out`
     * trails by one limb, and limb 0 of the sum (which is 0) is written to
     * T[0] after T[0] was read; T[0] is written again by the next limb, or
     * by the top limb when n = 1.
     */
    ct_limb_t m = mp_w_mul_lo(T[0] + mp_w_mul_lo(A[0], b), ninv);
    ct_limb_t c1 = 0, c2 = 0, lo, c;
    ct_limb_t *out = T;
    size_t j = 0;

    do {
        lo = mp_w_mac(&c1, A[j], b, T[j], c1);
        *out = mp_w_mac(&c2, m, N[j], lo, c2);
        out = T + j;
    } while (++j < n);
    /* the result is < 2N < 2^(wn + 1): top limb c1 + c2 + top is 0 or 1
     * after its low limb is stored */
    c = top;
    T[n - 1] = mp_w_adc(c1, c2, &c);
    return c;
}

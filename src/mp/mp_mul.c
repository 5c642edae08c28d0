/*
 * mp_mul.c - the multiply-accumulate rows (C twins), schoolbook multiply
 * and square (declared in mp.h).
 */
#include "mp_word.h"

ct_limb_t mp_mla_c(ct_limb_t *X, const ct_limb_t *A, size_t n, ct_limb_t b)
{
    /* (c, X[i]) = A[i]*b + X[i] + c: at most 2^2w - 1 (see mp_w_mac),
     * so the carry limb c never overflows */
    ct_limb_t c = 0;
    size_t i = 0;

    do {
        X[i] = mp_w_mac(&c, A[i], b, X[i], c);
    } while (++i < n);
    return c;
}

ct_limb_t mp_mla2_c(ct_limb_t *X, const ct_limb_t *A, size_t n, ct_limb_t b0,
                    ct_limb_t b1)
{
    /* limb i gets A[i] b0 (chain c0) and A[i-1] b1 (chain c1, prev =
     * A[i-1], 0 for i = 0); each mp_w_mac stays below 2^2w. Limb n is
     * A[n-1] b1 + c0 + c1, also below 2^2w: the whole sum X + A (b0 +
     * b1 2^w) < 2^(wn) + (2^(wn) - 1)(2^2w - 1) < 2^(w(n+2)) fits limbs
     * 0..n and the returned carry limb. */
    ct_limb_t c0 = 0, c1 = 0, prev = 0, lo;
    size_t i = 0;

    do {
        lo = mp_w_mac(&c0, A[i], b0, X[i], c0);
        X[i] = mp_w_mac(&c1, prev, b1, lo, c1);
        prev = A[i];
    } while (++i < n);
    X[n] = mp_w_mac(&c1, prev, b1, c0, c1);
    return c1;
}

void mp_mul(ct_limb_t *X, const ct_limb_t *A, size_t a_limbs,
            const ct_limb_t *B, size_t b_limbs)
{
    size_t j = 0;

    /* row j adds A*B[j] at limb j and sets limb a_limbs + j, which no
     * earlier row touched: only the first a_limbs limbs need clearing */
    mp_zero(X, a_limbs);
#if MP_MLA2
    /* rows j and j + 1 in one pass: it sets limbs a_limbs + j and
     * a_limbs + j + 1, which no earlier row touched */
    for (; j + 1 < b_limbs; j += 2)
        X[a_limbs + j + 1] = mp_mla2(X + j, A, a_limbs, B[j], B[j + 1]);
    if (j < b_limbs)
        X[a_limbs + j] = mp_mla(X + j, A, a_limbs, B[j]);
#else
    do {
        X[a_limbs + j] = mp_mla(X + j, A, a_limbs, B[j]);
    } while (++j < b_limbs);
#endif
}

#if MP_MLA2
void mp_sqr(ct_limb_t *X, const ct_limb_t *A, size_t n)
{
    size_t i;

#if defined(MP_ASM_UMAAL)
    /* both passes in assembly: the pairs of rows in one function, then
     * the doubling and the squares (docs/mp.md) */
    if ((n & 1u) == 0) {
        mp_sqr_rows_asm(X, A, n);
        mp_sqr_diag_asm(X, A, n);
        return;
    }
#endif
    /* mp_sqr_rows_c with the build's two-row leaf */
    mp_zero(X, n);
    X[2 * n - 1] = 0;
    for (i = 0; i + 1 < n; i += 2)
        X[n + i + 1] = mp_mla2(X + 2 * i + 1, A + i + 1, n - i - 1, A[i], A[i + 1]);
    mp_sqr_diag_c(X, A, n);
}
#endif

/* see mp.h */
void mp_sqr_rows_c(ct_limb_t *X, const ct_limb_t *A, size_t n)
{
    size_t i;

    /*
     * Rows i and i + 1 (i even) in one mp_mla2_c pass over A[i+1..n) at
     * limb 2i + 1 with b0 = A[i], b1 = A[i+1]: limb 2i + 1 + j gets
     * A[i+1+j] A[i] (row i) and A[i+j] A[i+1], which is row i + 1 for
     * j >= 2 and A[i+1]^2 at limb 2(i+1) for j = 1. The pass accumulates
     * limbs 2i + 1 .. n + i - 1 (below n, cleared here, or set by earlier
     * pairs) and sets limbs n + i and n + i + 1. So X = off + S: the
     * off-diagonal products once, plus S, the squares A[i]^2 at limb 2i
     * of the odd i. Limb 2n - 1 is cleared for odd n (no pair sets it).
     */
    mp_zero(X, n);
    X[2 * n - 1] = 0;
    for (i = 0; i + 1 < n; i += 2)
        X[n + i + 1] = mp_mla2_c(X + 2 * i + 1, A + i + 1, n - i - 1, A[i], A[i + 1]);
}

/* see mp.h */
void mp_sqr_diag_c(ct_limb_t *X, const ct_limb_t *A, size_t n)
{
    ct_limb_t c = 0, b = 0, top = 0, lo, hi, x0, x1, d0, d1, odd;
    size_t i = 0;

    /*
     * A^2 = 2 off + D (D: all the squares) = 2 X + (squares of even i) -
     * (squares of odd i), in one pass: limbs 2i and 2i + 1 are doubled
     * (X = off + S <= A^2 / 2 < 2^(2wn - 1): no bit is lost), the even
     * squares go in by the carry chain c, the odd ones out by the borrow
     * chain b; the result lies in [0, 2^(2wn)), so both end equal and are
     * dropped. The parity mask is made from the public index.
     */
    do {
        x0 = X[2 * i];
        x1 = X[2 * i + 1];
        lo = mp_w_mac(&hi, A[i], A[i], 0, 0);
        odd = (ct_limb_t)0 - (ct_limb_t)(i & 1u);
        d0 = mp_w_adc((x0 << 1) | top, lo & ~odd, &c);
        d1 = mp_w_adc((x1 << 1) | (x0 >> MP_TOP), hi & ~odd, &c);
        top = x1 >> MP_TOP;
        X[2 * i] = mp_w_sbb(d0, lo & odd, &b);
        X[2 * i + 1] = mp_w_sbb(d1, hi & odd, &b);
    } while (++i < n);
}

#if !MP_MLA2
void mp_sqr(ct_limb_t *X, const ct_limb_t *A, size_t n)
{
    ct_limb_t c = 0, lo, hi;
    size_t i;

    /*
     * Products A[i]A[j] with i < j: row i adds A[i] * A[i+1..n) at limb
     * 2i + 1 and sets limb i + n. The limbs it accumulates into are below n
     * (cleared here) or were set by earlier rows; limbs 0 and 2n - 1 are
     * never reached and are cleared too.
     */
    mp_zero(X, n);
    X[2 * n - 1] = 0;
    for (i = 0; i + 1 < n; i++)
        X[i + n] = mp_mla(X + 2 * i + 1, A + i + 1, n - i - 1, A[i]);
    /* twice the off-diagonal sum (< 2^(2wn - 1), so no bit is lost) plus
     * the squares A[i]^2 at limb 2i, in one pass: limbs 2i and 2i + 1 are
     * doubled (with the top bit of limb 2i - 1 shifted in) and get the
     * square added with the running carry; the total A^2 fits in 2n limbs
     * and the final carry is 0 */
    {
        ct_limb_t top = 0, x0, x1;

        for (i = 0; i < n; i++) {
            x0 = X[2 * i];
            x1 = X[2 * i + 1];
            lo = mp_w_mac(&hi, A[i], A[i], 0, 0);
            X[2 * i] = mp_w_adc((x0 << 1) | top, lo, &c);
            X[2 * i + 1] = mp_w_adc((x1 << 1) | (x0 >> MP_TOP), hi, &c);
            top = x1 >> MP_TOP;
        }
    }
}
#endif

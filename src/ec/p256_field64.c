/*
 * p256_field64.c - the C twins of the P-256 field leaves (p256_field.h)
 * for 64-bit limbs.
 *
 * p in 64-bit limbs is {2^64 - 1, 2^32 - 1, 0, 2^64 - 2^32 + 1} =
 * {P0, P1, 0, P3}. Products and carries come from the mp layer's word
 * helpers (mp_word.h), so that the choice of the double-width product and
 * the checker's taint of carries are the same as in mp.
 *
 * Montgomery reduction specialised to p. -p^-1 = 1 mod 2^64, so the
 * multiplier of each step is the low limb itself, m = t0, and
 *   m P0 + m P1 2^64 = m (2^64 - 1) + m (2^32 - 1) 2^64 = m 2^96 - m:
 * adding m p to t clears t0 exactly (t0 - m = 0) and adds m 2^96 (a shift
 * by 32 bits into the next two limbs) and m P3 2^192 (one 64x64-bit
 * product). A step on a window of four limbs t < 2^256 gives
 *   t' = (t + m p) / 2^64 < (2^256 + 2^64 p) / 2^64 = 2^192 + p < 2^256,
 * four limbs again, so the top limb of t' is the high half of m P3 + t3 +
 * carry and nothing carries out of it. Four steps on the low half L of a
 * product T = H 2^256 + L give U = (L + M p) / 2^256 < 1 + p, and
 * T / R = H + U mod p with H + U <= (p - 1) + p < 2p: one masked
 * subtraction of p.
 */
#include "p256_field.h"

#if MP_LIMB_BITS == 64 && CTC_EC_P256

#include "mp/mp_word.h"

#define L P256_FE_LIMBS
#define P0 0xffffffffffffffffu
#define P1 0x00000000ffffffffu
#define P3 0xffffffff00000001u

/*
 * X = t + top 2^256 - p if that is >= 0, else t; t + top 2^256 < 2p
 * (top is 0 or 1). The subtraction runs over five limbs; its borrow says
 * that t + top 2^256 < p, and selects t.
 */
CT_INLINE void fe_reduce_once(ct_limb_t *X, const ct_limb_t *t, ct_limb_t top)
{
    ct_limb_t y0, y1, y2, y3, b = 0;
    ct_cond keep;

    y0 = mp_w_sbb(t[0], P0, &b);
    y1 = mp_w_sbb(t[1], P1, &b);
    y2 = mp_w_sbb(t[2], 0, &b);
    y3 = mp_w_sbb(t[3], P3, &b);
    (void)mp_w_sbb(top, 0, &b);
    keep = ct_cond_from_bit((uint32_t)b);
    X[0] = ct_limb_sel(keep, t[0], y0);
    X[1] = ct_limb_sel(keep, t[1], y1);
    X[2] = ct_limb_sel(keep, t[2], y2);
    X[3] = ct_limb_sel(keep, t[3], y3);
}

/*
 * One reduction step on the window t[0..4) (< 2^256, see the top of the
 * file): t becomes (t + t0 p) / 2^64, in place.
 */
CT_INLINE void fe_redc_step(ct_limb_t *t)
{
    ct_limb_t m = t[0], c = 0, h;

    t[0] = mp_w_adc(t[1], m << 32, &c);
    t[1] = mp_w_adc(t[2], m >> 32, &c);
    /* m P3 + t3 + c < 2^128 (mp_w_mac) */
    t[2] = mp_w_mac(&h, m, P3, t[3], c);
    t[3] = h;
}

/* X = T / 2^256 mod p for T = t[0..8) < p^2 (< p 2^256). */
CT_INLINE void fe_redc(ct_limb_t *X, ct_limb_t *t)
{
    ct_limb_t c = 0;

    fe_redc_step(t);
    fe_redc_step(t);
    fe_redc_step(t);
    fe_redc_step(t);
    /* U + H < 2p: five limbs with the carry */
    t[0] = mp_w_adc(t[0], t[4], &c);
    t[1] = mp_w_adc(t[1], t[5], &c);
    t[2] = mp_w_adc(t[2], t[6], &c);
    t[3] = mp_w_adc(t[3], t[7], &c);
    fe_reduce_once(X, t, c);
}

/*
 * t[0..5) = t[0..4) + a b for a = {a0, a1, a2, a3}: t[4] receives the
 * carry limb (it is written, not added). Each step is a b_j + t_j + c <
 * 2^128 (mp_w_mac).
 */
CT_INLINE void fe_mla_row(ct_limb_t *t, ct_limb_t a0, ct_limb_t a1, ct_limb_t a2,
                          ct_limb_t a3, ct_limb_t b)
{
    ct_limb_t c = 0;

    t[0] = mp_w_mac(&c, a0, b, t[0], c);
    t[1] = mp_w_mac(&c, a1, b, t[1], c);
    t[2] = mp_w_mac(&c, a2, b, t[2], c);
    t[3] = mp_w_mac(&c, a3, b, t[3], c);
    t[4] = c;
}

void p256_fe_mul_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    /* the full product, row by row: row i adds A B[i] at t[i..i+5); the
     * limb t[i + 4] is first written by row i. X is written last, so it
     * may be A or B. */
    ct_limb_t a0 = A[0], a1 = A[1], a2 = A[2], a3 = A[3];
    ct_limb_t t[2 * L] = { 0 };

    fe_mla_row(t, a0, a1, a2, a3, B[0]);
    fe_mla_row(t + 1, a0, a1, a2, a3, B[1]);
    fe_mla_row(t + 2, a0, a1, a2, a3, B[2]);
    fe_mla_row(t + 3, a0, a1, a2, a3, B[3]);
    fe_redc(X, t);
}

void p256_fe_sqr_c(ct_limb_t *X, const ct_limb_t *A)
{
    /*
     * The six products a_i a_j (i < j) once, doubled by a one-bit shift
     * of the whole, then the four squares a_i^2 added at t[2i..2i+2).
     * The cross sum is < 2^511 (half of A^2 < 2^512), so the doubling
     * loses nothing; the total is A^2 < 2^512 and the final carry is 0.
     */
    ct_limb_t a0 = A[0], a1 = A[1], a2 = A[2], a3 = A[3];
    ct_limb_t t[2 * L], c, h, lo;

    /* a0 {a1, a2, a3} at t[1..5) */
    c = 0;
    t[1] = mp_w_mac(&c, a1, a0, 0, c);
    t[2] = mp_w_mac(&c, a2, a0, 0, c);
    t[3] = mp_w_mac(&c, a3, a0, 0, c);
    t[4] = c;
    /* a1 {a2, a3} at t[3..6) */
    c = 0;
    t[3] = mp_w_mac(&c, a2, a1, t[3], c);
    t[4] = mp_w_mac(&c, a3, a1, t[4], c);
    t[5] = c;
    /* a2 a3 at t[5..7) */
    t[5] = mp_w_mac(&c, a3, a2, t[5], 0);
    t[6] = c;
    /* doubled */
    t[7] = t[6] >> 63;
    t[6] = (t[6] << 1) | (t[5] >> 63);
    t[5] = (t[5] << 1) | (t[4] >> 63);
    t[4] = (t[4] << 1) | (t[3] >> 63);
    t[3] = (t[3] << 1) | (t[2] >> 63);
    t[2] = (t[2] << 1) | (t[1] >> 63);
    t[1] = t[1] << 1;
    /* plus the squares */
    c = 0;
    t[0] = mp_w_mac(&h, a0, a0, 0, 0);
    t[1] = mp_w_adc(t[1], h, &c);
    lo = mp_w_mac(&h, a1, a1, 0, 0);
    t[2] = mp_w_adc(t[2], lo, &c);
    t[3] = mp_w_adc(t[3], h, &c);
    lo = mp_w_mac(&h, a2, a2, 0, 0);
    t[4] = mp_w_adc(t[4], lo, &c);
    t[5] = mp_w_adc(t[5], h, &c);
    lo = mp_w_mac(&h, a3, a3, 0, 0);
    t[6] = mp_w_adc(t[6], lo, &c);
    t[7] = mp_w_adc(t[7], h, &c);
    fe_redc(X, t);
}

void p256_fe_add_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    /* A + B < 2p: five limbs with the carry, one masked subtraction */
    ct_limb_t t[L], c = 0;

    t[0] = mp_w_adc(A[0], B[0], &c);
    t[1] = mp_w_adc(A[1], B[1], &c);
    t[2] = mp_w_adc(A[2], B[2], &c);
    t[3] = mp_w_adc(A[3], B[3], &c);
    fe_reduce_once(X, t, c);
}

/* X = A - B + p if A - B borrows: A - B > -p, so the sum is in [0, p) */
CT_INLINE void fe_sub(ct_limb_t *X, ct_limb_t a0, ct_limb_t a1, ct_limb_t a2,
                      ct_limb_t a3, const ct_limb_t *B)
{
    ct_limb_t t0, t1, t2, t3, b = 0, c = 0, mask;

    t0 = mp_w_sbb(a0, B[0], &b);
    t1 = mp_w_sbb(a1, B[1], &b);
    t2 = mp_w_sbb(a2, B[2], &b);
    t3 = mp_w_sbb(a3, B[3], &b);
    mask = ct_cond_mask_limb(ct_cond_from_bit((uint32_t)b));
    /* the carry out of this sum cancels the borrow */
    X[0] = mp_w_adc(t0, P0 & mask, &c);
    X[1] = mp_w_adc(t1, P1 & mask, &c);
    X[2] = mp_w_adc(t2, 0, &c);
    X[3] = mp_w_adc(t3, P3 & mask, &c);
}

void p256_fe_sub_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    fe_sub(X, A[0], A[1], A[2], A[3], B);
}

void p256_fe_neg_c(ct_limb_t *X, const ct_limb_t *A)
{
    /* 0 - A borrows exactly when A != 0, and p is then added: p - A, or 0
     * for A = 0 */
    fe_sub(X, 0, 0, 0, 0, A);
}

/*
 * X = k A mod p for a public k in 1..8 (p256_field.h). V = k A < 8p is
 * five limbs, t = V / 2^256 <= 7, and 2^256 = c mod p with
 * c = 2^224 - 2^192 - 2^96 + 1 = 1 + (2^32 - 1) 2^192 - 2^32 2^64, so
 * W = V mod 2^256 + t c = V mod p: t at limb 0 and t (2^32 - 1) at limb
 * 3 added, t 2^32 at limb 1 subtracted. W >= 0 (c > 0) and
 * W < 2^256 + 2^227 < 2p: its fifth limb e is 0 or 1, and one masked
 * subtraction fully reduces it.
 */
void p256_fe_mulk_c(ct_limb_t *X, const ct_limb_t *A, ct_limb_t k)
{
    ct_limb_t V[L], t = 0, c = 0, b = 0;
    size_t i;

    for (i = 0; i < L; i++)
        V[i] = mp_w_mac(&t, A[i], k, t, 0);
    V[0] = mp_w_adc(V[0], t, &c);
    V[1] = mp_w_adc(V[1], 0, &c);
    V[2] = mp_w_adc(V[2], 0, &c);
    V[3] = mp_w_adc(V[3], (t << 32) - t, &c);
    V[1] = mp_w_sbb(V[1], t << 32, &b);
    V[2] = mp_w_sbb(V[2], 0, &b);
    V[3] = mp_w_sbb(V[3], 0, &b);
    fe_reduce_once(X, V, c - b);
}

#endif

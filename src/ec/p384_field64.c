/*
 * p384_field64.c - the C twins of the P-384 field leaves (p384_field.h)
 * for 64-bit limbs.
 *
 * p in 64-bit limbs is {2^32 - 1, 2^64 - 2^32, 2^64 - 2, 2^64 - 1,
 * 2^64 - 1, 2^64 - 1}. Products and carries come from the mp layer's word
 * helpers (mp_word.h), as in mp.
 *
 * Montgomery reduction specialised to p. p = 2^32 - 1 mod 2^64, so
 * -p^-1 = 2^32 + 1 mod 2^64 and the multiplier of a step on low limb t0
 * is M = t0 + (t0 << 32) mod 2^64: a shift and an addition. With
 * p = (2^32 - 1) + 2^96 (2^288 - 2^32 - 1), adding M p is, relative to
 * the step's limb:
 *   M (2^32 - 1) = G 2^64 - t0 (t0 + M (2^32 - 1) = 0 mod 2^64 by the
 *     choice of M), so limb 0 becomes zero and G = (t0 + M (2^32 - 1))
 *     / 2^64 <= 2^32 is added at limb 1;
 *   M 2^96 (2^288 - 2^32 - 1) = M 2^384 - S 2^64 with
 *     S = M (2^32 + 1) 2^32 < 2^129 (three limbs s0, s1, s2): a value
 *     >= 0 at limbs 1..6 whose limbs are -s0, -s1 - b, -s2 - b, -b, -b,
 *     M - b (b the running borrow, 0 exactly when M = 0).
 * No multiplication: two short carry chains per step.
 */
#include "p384_field.h"

#if MP_LIMB_BITS == 64 && CTC_EC_P384

#include "mp/mp_word.h"

#define L P384_FE_LIMBS

static const ct_limb_t p384_p64[L] = {
    0x00000000ffffffffu, 0xffffffff00000000u, 0xfffffffffffffffeu,
    0xffffffffffffffffu, 0xffffffffffffffffu, 0xffffffffffffffffu
};

/*
 * X = (top 2^384 + R) mod p for a value below 2p (top is 0 or 1): D = R - p
 * with borrow b over seven limbs; the borrow says the value is below p and
 * selects R.
 */
CT_INLINE void fe_reduce_once(ct_limb_t *X, const ct_limb_t *R, ct_limb_t top)
{
    ct_limb_t D[L], b = 0;
    ct_cond keep;
    size_t i;

    for (i = 0; i < L; i++)
        D[i] = mp_w_sbb(R[i], p384_p64[i], &b);
    (void)mp_w_sbb(top, 0, &b);
    keep = ct_cond_from_bit((uint32_t)b);
    for (i = 0; i < L; i++)
        X[i] = ct_limb_sel(keep, R[i], D[i]);
}

/*
 * One reduction step at limb 0 of t (the window t[0..7)): adds M p (the
 * top of the file), which clears t[0]; t[6] is written, not added (it is
 * zero: see fe_redc). The bound of fe_redc says nothing carries out of
 * t[6]; the first chain adds a part of the second's total, so it does not
 * either.
 */
CT_INLINE void fe_redc_step(ct_limb_t *t)
{
    ct_limb_t t0 = t[0], m, lo, hi, e0, e1, s0, s1, s2, z1, z2, z3, z4, z6;
    ct_limb_t b = 0, c = 0, g;

    m = t0 + (t0 << 32);
    /* M (2^32 - 1) = (hi, lo), a 96-bit value */
    lo = mp_w_sbb(m << 32, m, &b);
    hi = (m >> 32) - b;                 /* no borrow: the value is >= 0 */
    (void)mp_w_adc(t0, lo, &c);         /* 0 mod 2^64 */
    g = hi + c;                         /* <= 2^32: no carry */
    /* E = M (2^32 + 1) = (e1, e0) < 2^97, S = E 2^32 */
    c = 0;
    e0 = mp_w_adc(m << 32, m, &c);
    e1 = (m >> 32) + c;
    s0 = e0 << 32;
    s1 = (e1 << 32) | (e0 >> 32);
    s2 = e1 >> 32;
    /* M 2^320 - S at limbs 1..6 (relative to limb 1: 2^320 M >= S) */
    b = 0;
    z1 = mp_w_sbb(0, s0, &b);
    z2 = mp_w_sbb(0, s1, &b);
    z3 = mp_w_sbb(0, s2, &b);
    z4 = mp_w_sbb(0, 0, &b);            /* b is unchanged from here */
    z6 = m - b;                         /* no borrow: M >= b */
    c = 0;
    t[0] = 0;
    t[1] = mp_w_adc(t[1], z1, &c);
    t[2] = mp_w_adc(t[2], z2, &c);
    t[3] = mp_w_adc(t[3], z3, &c);
    t[4] = mp_w_adc(t[4], z4, &c);
    t[5] = mp_w_adc(t[5], z4, &c);
    t[6] = z6 + c;
    c = 0;
    t[1] = mp_w_adc(t[1], g, &c);
    t[2] = mp_w_adc(t[2], 0, &c);
    t[3] = mp_w_adc(t[3], 0, &c);
    t[4] = mp_w_adc(t[4], 0, &c);
    t[5] = mp_w_adc(t[5], 0, &c);
    t[6] = t[6] + c;
}

/*
 * X = T / 2^384 mod p for T = t[0..12) < p^2 (t is destroyed).
 *
 * The steps run on the low half Lo = T mod 2^384; the high half is kept
 * apart in H and limbs 6..11 start at zero. After step i the value
 * Lo + M p (M < 2^(64 (i + 1)) the multipliers so far) is at most
 * 2^(64 (i + 1)) p + (2^384 - 1 - p) < 2^(64 (i + 7)), since
 * 2^384 - p = 2^128 + 2^96 - 2^32 + 1: limb i+6, fresh, takes the last
 * carry of step i. After six steps U = t[6..12) = (Lo + M p) / 2^384
 * <= p, and U + H < 2p: one final correction.
 */
CT_INLINE void fe_redc(ct_limb_t *X, ct_limb_t *t)
{
    ct_limb_t H[L], c = 0;
    size_t i;

    for (i = 0; i < L; i++) {
        H[i] = t[L + i];
        t[L + i] = 0;
    }
    fe_redc_step(t);
    fe_redc_step(t + 1);
    fe_redc_step(t + 2);
    fe_redc_step(t + 3);
    fe_redc_step(t + 4);
    fe_redc_step(t + 5);
    for (i = 0; i < L; i++)
        t[L + i] = mp_w_adc(t[L + i], H[i], &c);
    fe_reduce_once(X, t + L, c);
}

/*
 * t[0..7) = t[0..6) + a b for a = A[0..6): t[6] receives the carry limb
 * (it is written, not added). Each step is a_j b + t_j + c < 2^128
 * (mp_w_mac).
 */
CT_INLINE void fe_mla_row(ct_limb_t *t, const ct_limb_t *a, ct_limb_t b)
{
    ct_limb_t c = 0;

    t[0] = mp_w_mac(&c, a[0], b, t[0], c);
    t[1] = mp_w_mac(&c, a[1], b, t[1], c);
    t[2] = mp_w_mac(&c, a[2], b, t[2], c);
    t[3] = mp_w_mac(&c, a[3], b, t[3], c);
    t[4] = mp_w_mac(&c, a[4], b, t[4], c);
    t[5] = mp_w_mac(&c, a[5], b, t[5], c);
    t[6] = c;
}

void p384_fe_mul_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    /* the full product, row by row: row i adds A B[i] at t[i..i+7); the
     * limb t[i + 6] is first written by row i. A is copied and X is
     * written last, so X may be A or B. */
    ct_limb_t a[L], t[2 * L] = { 0 };
    size_t i;

    for (i = 0; i < L; i++)
        a[i] = A[i];
    fe_mla_row(t, a, B[0]);
    fe_mla_row(t + 1, a, B[1]);
    fe_mla_row(t + 2, a, B[2]);
    fe_mla_row(t + 3, a, B[3]);
    fe_mla_row(t + 4, a, B[4]);
    fe_mla_row(t + 5, a, B[5]);
    fe_redc(X, t);
}

void p384_fe_sqr_c(ct_limb_t *X, const ct_limb_t *A)
{
    /*
     * The fifteen products a_i a_j (i < j) once: row i adds
     * a_i a_{i+1..5} at t[2i+1..] and sets t[i+6]. Doubled by a one-bit
     * shift of the whole (the cross sum is < 2^767, half of A^2 < 2^768,
     * so nothing is lost), then the squares a_i^2 added at t[2i..2i+2);
     * the total is A^2 < 2^768 and the final carry is 0.
     */
    ct_limb_t t[2 * L], c, h, lo, top, x0, x1;
    size_t i, j;

    for (i = 0; i < 2 * L; i++)
        t[i] = 0;
    for (i = 0; i + 1 < L; i++) {
        c = 0;
        for (j = i + 1; j < L; j++)
            t[i + j] = mp_w_mac(&c, A[j], A[i], t[i + j], c);
        t[i + L] = c;
    }
    c = 0;
    top = 0;
    for (i = 0; i < L; i++) {
        x0 = t[2 * i];
        x1 = t[2 * i + 1];
        lo = mp_w_mac(&h, A[i], A[i], 0, 0);
        t[2 * i] = mp_w_adc((x0 << 1) | top, lo, &c);
        t[2 * i + 1] = mp_w_adc((x1 << 1) | (x0 >> 63), h, &c);
        top = x1 >> 63;
    }
    fe_redc(X, t);
}

void p384_fe_add_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    /* A + B < 2p: seven limbs with the carry, one masked subtraction */
    ct_limb_t t[L], c = 0;
    size_t i;

    for (i = 0; i < L; i++)
        t[i] = mp_w_adc(A[i], B[i], &c);
    fe_reduce_once(X, t, c);
}

/* X = D + (p & m) mod 2^384 (m all ones or zero) */
CT_INLINE void fe_add_p_masked(ct_limb_t *X, const ct_limb_t *D, ct_limb_t m)
{
    ct_limb_t c = 0;
    size_t i;

    for (i = 0; i < L; i++)
        X[i] = mp_w_adc(D[i], p384_p64[i] & m, &c);
}

void p384_fe_sub_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    /* A - B + p if A - B borrows: A - B > -p, so the sum is in [0, p) and
     * its carry out cancels the borrow */
    ct_limb_t t[L], b = 0, m;
    size_t i;

    for (i = 0; i < L; i++)
        t[i] = mp_w_sbb(A[i], B[i], &b);
    m = ct_cond_mask_limb(ct_cond_from_bit((uint32_t)b));
    fe_add_p_masked(X, t, m);
}

void p384_fe_neg_c(ct_limb_t *X, const ct_limb_t *A)
{
    /* 0 - A borrows exactly when A != 0, and p is then added: p - A, or 0
     * for A = 0 */
    ct_limb_t t[L], b = 0, m;
    size_t i;

    for (i = 0; i < L; i++)
        t[i] = mp_w_sbb(0, A[i], &b);
    m = ct_cond_mask_limb(ct_cond_from_bit((uint32_t)b));
    fe_add_p_masked(X, t, m);
}

/*
 * X = k A mod p for a public k in 1..8 (p384_field.h). V = k A < 8p is
 * six limbs and a top t <= 7, and 2^384 = c mod p with
 * c = 2^128 + 2^96 - 2^32 + 1, so W = V mod 2^384 + t c = V mod p: t at
 * limb 0, t 2^32 at limb 1 (t 2^96) and t at limb 2 added, t 2^32 at
 * limb 0 subtracted. 0 <= W < 2^384 + 8c < 2p: its seventh limb c - b is
 * 0 or 1, and one masked subtraction fully reduces it.
 */
void p384_fe_mulk_c(ct_limb_t *X, const ct_limb_t *A, ct_limb_t k)
{
    ct_limb_t V[L], t = 0, c = 0, b = 0;
    size_t i;

    for (i = 0; i < L; i++)
        V[i] = mp_w_mac(&t, A[i], k, t, 0);
    V[0] = mp_w_adc(V[0], t, &c);
    V[1] = mp_w_adc(V[1], t << 32, &c);
    V[2] = mp_w_adc(V[2], t, &c);
    for (i = 3; i < L; i++)
        V[i] = mp_w_adc(V[i], 0, &c);
    V[0] = mp_w_sbb(V[0], t << 32, &b);
    for (i = 1; i < L; i++)
        V[i] = mp_w_sbb(V[i], 0, &b);
    fe_reduce_once(X, V, c - b);
}

#endif

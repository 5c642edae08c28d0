/*
 * p384_field32.c - the C twins of the P-384 field leaves (p384_field.h)
 * for 32-bit limbs.
 *
 * Products go through the mp layer's word primitives (mp/mp_word.h), so
 * that a target without a constant-time 32x32->64-bit multiply builds each
 * product from 16-bit halves as the rest of the library does, and carries
 * never become branches.
 *
 * Montgomery reduction specialised to p = 2^384 - 2^128 - 2^96 + 2^32 - 1:
 * p = -1 mod 2^32, so -p^-1 = 1 mod 2^32 and the multiplier of each step
 * is the low word m = t[i] itself. Adding m p at word i:
 *   -m at word i clears it (t[i] - m = 0, no borrow);
 *   +m at word i+1;
 *   m (2^384 - 2^128 - 2^96) = m 2^96 (2^288 - 2^32 - 1) at words
 *   i+3..i+12, a value >= 0 whose words are those of m 2^288 - (m, m):
 *   w0 = -m, w1 = -m - b, seven words f = -b and w9 = m - b, with b the
 *   borrow of the two low words (b = 1 exactly when m != 0; f = 0 or all
 *   ones).
 * No multiplication: one carry chain of twelve words per step.
 */
#include "p384_field.h"

#if MP_LIMB_BITS == 32 && CTC_EC_P384

#include "mp/mp_word.h"

#define L P384_FE_LIMBS

/* the loops below have fixed counts; unrolled, every index is a constant
 * (gcc and clang know this pragma); the small profile keeps them rolled */
#if (defined(__GNUC__) || defined(__clang__)) && !CTC_PROFILE_SMALL
#define P384_UNROLL _Pragma("GCC unroll 12")
#else
#define P384_UNROLL
#endif

/* the words of p, least significant first */
static const ct_limb_t p384_p32[L] = {
    0xffffffffu, 0, 0, 0xffffffffu, 0xfffffffeu, 0xffffffffu,
    0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu
};

/*
 * X = (top 2^384 + R) mod p for a value below 2p (top is 0 or 1): D = R - p
 * with borrow b; the value is at least p exactly when top = 1 or b = 0, and
 * then the result is D (below p, so 12 words). One masked selection.
 */
static void p384_reduce_once(ct_limb_t *X, const ct_limb_t *R, ct_limb_t top)
{
    ct_limb_t D[L], b = 0, m;
    size_t i;

    P384_UNROLL
    for (i = 0; i < L; i++)
        D[i] = mp_w_sbb(R[i], p384_p32[i], &b);
    m = ct_cond_mask_limb(ct_cond_from_bit((uint32_t)(top | (b ^ 1u))));
    for (i = 0; i < L; i++)
        X[i] = R[i] ^ ((R[i] ^ D[i]) & m);
}

/*
 * X = T / 2^384 mod p for a 24-word T < p^2 (T is destroyed).
 *
 * The steps run on the low half Lo = T mod 2^384 only; the high half is
 * kept apart in H and words 12..23 start at zero. After step i the value
 * Lo + M p (M < 2^(32 (i + 1)) the multipliers so far) is at most
 * 2^(32 (i + 1)) p + (2^384 - 1 - p) < 2^(32 (i + 13)), since
 * 2^384 - p = 2^128 + 2^96 - 2^32 + 1 < 2^(32 (i + 1)) (2^384 - p):
 * word i+12, fresh, takes the last carry of step i and nothing carries out
 * of it. After twelve steps U = T[12..23] = (Lo + M p) / 2^384 <
 * (2^384 + 2^384 p) / 2^384, so U <= p, and U + H < 2p (H < p): one final
 * correction.
 */
static void p384_redc(ct_limb_t *X, ct_limb_t *T)
{
    ct_limb_t H[L], c, b, m, w0, w1, f, w9;
    size_t i, j;

    P384_UNROLL
    for (i = 0; i < L; i++) {
        H[i] = T[L + i];
        T[L + i] = 0;
    }
    P384_UNROLL
    for (i = 0; i < L; i++) {
        m = T[i];
        b = 0;
        w0 = mp_w_sbb(0, m, &b);
        w1 = mp_w_sbb(0, m, &b);
        f = mp_w_sbb(0, 0, &b);         /* b is unchanged */
        w9 = m - b;                     /* no borrow: m >= b */
        c = 0;
        T[i + 1] = mp_w_adc(T[i + 1], m, &c);
        T[i + 2] = mp_w_adc(T[i + 2], 0, &c);
        T[i + 3] = mp_w_adc(T[i + 3], w0, &c);
        T[i + 4] = mp_w_adc(T[i + 4], w1, &c);
        P384_UNROLL
        for (j = 5; j < 12; j++)
            T[i + j] = mp_w_adc(T[i + j], f, &c);
        T[i + 12] = w9 + c;             /* word i+12 was 0; no carry out */
    }
    c = 0;
    P384_UNROLL
    for (i = 0; i < L; i++)
        T[L + i] = mp_w_adc(T[L + i], H[i], &c);
    p384_reduce_once(X, T + L, c);
}

void p384_fe_mul_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    ct_limb_t T[2 * L], c, b;
    size_t i, j;

    /* row i adds A B[i] at word i and sets word i + 12; (c, T) = A[j] b +
     * T + c never overflows (mp_w_mac). X is written last. */
    b = B[0];
    c = 0;
    P384_UNROLL
    for (j = 0; j < L; j++)
        T[j] = mp_w_mac(&c, A[j], b, 0, c);
    T[L] = c;
    P384_UNROLL
    for (i = 1; i < L; i++) {
        b = B[i];
        c = 0;
        P384_UNROLL
        for (j = 0; j < L; j++)
            T[i + j] = mp_w_mac(&c, A[j], b, T[i + j], c);
        T[i + L] = c;
    }
    p384_redc(X, T);
}

void p384_fe_sqr_c(ct_limb_t *X, const ct_limb_t *A)
{
    ct_limb_t T[2 * L], c, a, lo, hi, top, x0, x1;
    size_t i, j;

    /*
     * The products A[i] A[j], i < j: row i adds A[i] A[i+1..11] at word
     * 2i + 1 and sets word i + 12. Words 1..11 start at zero; words 0 and
     * 23 are never reached by a row.
     */
    for (i = 0; i < L; i++)
        T[i] = 0;
    T[2 * L - 1] = 0;
    P384_UNROLL
    for (i = 0; i + 1 < L; i++) {
        a = A[i];
        c = 0;
        P384_UNROLL
        for (j = i + 1; j < L; j++)
            T[i + j] = mp_w_mac(&c, A[j], a, T[i + j], c);
        T[i + L] = c;
    }
    /* twice that sum (< 2^767: no bit is lost) plus the squares A[i]^2 at
     * word 2i; the total A^2 < 2^768 leaves no final carry */
    c = 0;
    top = 0;
    P384_UNROLL
    for (i = 0; i < L; i++) {
        x0 = T[2 * i];
        x1 = T[2 * i + 1];
        lo = mp_w_mac(&hi, A[i], A[i], 0, 0);
        T[2 * i] = mp_w_adc((x0 << 1) | top, lo, &c);
        T[2 * i + 1] = mp_w_adc((x1 << 1) | (x0 >> 31), hi, &c);
        top = x1 >> 31;
    }
    p384_redc(X, T);
}

/* X = D + (p & m) mod 2^384 (m all ones or zero) */
static void p384_add_p_masked(ct_limb_t *X, const ct_limb_t *D, ct_limb_t m)
{
    ct_limb_t c = 0;
    size_t i;

    P384_UNROLL
    for (i = 0; i < L; i++)
        X[i] = mp_w_adc(D[i], p384_p32[i] & m, &c);
}

void p384_fe_add_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    ct_limb_t D[L], c = 0;
    size_t i;

    /* A + B < 2p: twelve words and the carry, one masked subtraction */
    P384_UNROLL
    for (i = 0; i < L; i++)
        D[i] = mp_w_adc(A[i], B[i], &c);
    p384_reduce_once(X, D, c);
}

void p384_fe_sub_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    ct_limb_t D[L], b = 0, m;
    size_t i;

    /* A - B mod 2^384 and the borrow b; A - B + p when b = 1 (A - B > -p,
     * and the sum's carry out cancels the borrow) */
    P384_UNROLL
    for (i = 0; i < L; i++)
        D[i] = mp_w_sbb(A[i], B[i], &b);
    m = ct_cond_mask_limb(ct_cond_from_bit((uint32_t)b));
    p384_add_p_masked(X, D, m);
}

void p384_fe_neg_c(ct_limb_t *X, const ct_limb_t *A)
{
    ct_limb_t D[L], b = 0, m;
    size_t i;

    /* 0 - A borrows exactly when A != 0, and p is then added: p - A, or 0
     * for A = 0 */
    P384_UNROLL
    for (i = 0; i < L; i++)
        D[i] = mp_w_sbb(0, A[i], &b);
    m = ct_cond_mask_limb(ct_cond_from_bit((uint32_t)b));
    p384_add_p_masked(X, D, m);
}

/*
 * X = k A mod p for a public k in 1..8 (p384_field.h). V = k A < 8p is
 * twelve words and a top t <= 7, and 2^384 = c mod p with
 * c = 2^128 + 2^96 - 2^32 + 1, so W = V mod 2^384 + t c = V mod p: t at
 * words 0, 3 and 4 added, t at word 1 subtracted. 0 <= W < 2^384 + 8c
 * < 2p: its thirteenth word c - b is 0 or 1, and one masked subtraction
 * fully reduces it.
 */
void p384_fe_mulk_c(ct_limb_t *X, const ct_limb_t *A, ct_limb_t k)
{
    ct_limb_t V[L], t = 0, c = 0, b = 0;
    size_t i;

    P384_UNROLL
    for (i = 0; i < L; i++)
        V[i] = mp_w_mac(&t, A[i], k, t, 0);
    V[0] = mp_w_adc(V[0], t, &c);
    V[1] = mp_w_adc(V[1], 0, &c);
    V[2] = mp_w_adc(V[2], 0, &c);
    V[3] = mp_w_adc(V[3], t, &c);
    V[4] = mp_w_adc(V[4], t, &c);
    P384_UNROLL
    for (i = 5; i < L; i++)
        V[i] = mp_w_adc(V[i], 0, &c);
    V[1] = mp_w_sbb(V[1], t, &b);
    P384_UNROLL
    for (i = 2; i < L; i++)
        V[i] = mp_w_sbb(V[i], 0, &b);
    p384_reduce_once(X, V, c - b);
}

#endif

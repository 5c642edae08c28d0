/*
 * p256_field32.c - the C twins of the P-256 field leaves (p256_field.h)
 * for 32-bit limbs.
 *
 * Products go through the mp layer's word primitives (mp/mp_word.h), so
 * that a target without a constant-time 32x32->64-bit multiply (Cortex-M0,
 * M3, Xtensa lx106) builds each product from 16-bit halves as the rest of
 * the library does, and carries never become branches (Xtensa).
 *
 * Montgomery reduction specialised to p = 2^256 - 2^224 + 2^192 + 2^96 - 1:
 * p = -1 mod 2^32, so -p^-1 = 1 mod 2^32 and the multiplier of each step
 * is the low word m = t[i] itself. Adding m p at word i:
 *   m (2^96 - 1) + t[i] = m 2^96: word i becomes 0, words i+1, i+2 are
 *                         unchanged, m is added at word i+3;
 *   m 2^192:              m at word i+6;
 *   m (2^256 - 2^224) = m (2^32 - 1) 2^224: the two-word value
 *                         (m 2^32 - m) at words i+7, i+8.
 * No multiplication at all; p256_redc does two steps at a time.
 */
#include "p256_field.h"

#if MP_LIMB_BITS == 32 && CTC_EC_P256

#include "mp/mp_word.h"

#define L P256_FE_LIMBS

/* the loops below have fixed counts; unrolled, every index is a constant
 * and the words stay in registers (gcc and clang know this pragma) */
#if (defined(__GNUC__) || defined(__clang__)) && !CTC_PROFILE_SMALL
#define P256_UNROLL _Pragma("GCC unroll 8")
#else
#define P256_UNROLL
#endif

/* the words of p, least significant first */
#define P0 0xffffffffu
#define P6 1u
#define P7 0xffffffffu

/*
 * X = (top 2^256 + R) mod p for a value below 2p (top is 0 or 1): D = R - p
 * with borrow b; the value is at least p exactly when top = 1 or b = 0, and
 * then the result is D (which fits in 8 words, being below p). One masked
 * selection.
 */
static void p256_reduce_once(ct_limb_t *X, const ct_limb_t *R, ct_limb_t top)
{
    ct_limb_t D[L], b = 0, m;
    size_t i;

    D[0] = mp_w_sbb(R[0], P0, &b);
    D[1] = mp_w_sbb(R[1], P0, &b);
    D[2] = mp_w_sbb(R[2], P0, &b);
    D[3] = mp_w_sbb(R[3], 0, &b);
    D[4] = mp_w_sbb(R[4], 0, &b);
    D[5] = mp_w_sbb(R[5], 0, &b);
    D[6] = mp_w_sbb(R[6], P6, &b);
    D[7] = mp_w_sbb(R[7], P7, &b);
    m = ct_cond_mask_limb(ct_cond_from_bit((uint32_t)(top | (b ^ 1u))));
    for (i = 0; i < L; i++)
        X[i] = R[i] ^ ((R[i] ^ D[i]) & m);
}

/*
 * X = T / 2^256 mod p for a 16-word T < p^2 (T is destroyed).
 *
 * The steps run on the low half L = T mod 2^256 only, two at a time:
 * step i+1 takes word i+1 before step i has touched it (step i writes
 * from word i+3 on), so with m0 = T[i], m1 = T[i+1], M = m0 + m1 2^32
 * the pair adds
 *   M 2^96 + M 2^192 (2^64 - 2^32 + 1)   (relative to word i):
 * m0, m1 at words i+3, i+4 and the four words of
 *   M (2^64 - 2^32 + 1) = (m0, m1, m0, m1) - (0, m0, m1, 0) = (m0, v1, v2, v3)
 * at words i+6..i+9, in one carry chain. Words i+8 and i+9 start at zero
 * (the high half is kept apart in H), and the sum so far stays below
 * 2^(256 + 32 (i + 2)) (L < 2^256, M's so far < 2^(32 (i + 2)), p < 2^256),
 * so the chain never carries out of word i+9. After four pairs
 * U = T[8..15] = (L + M p) / 2^256 < (2^256 + 2^256 p) / 2^256, so U <= p,
 * and U + H < 2p (H = T / 2^256 < p): one final correction.
 */
static void p256_redc(ct_limb_t *X, ct_limb_t *T)
{
    ct_limb_t H[L], c, b, m0, m1, v1, v2, v3;
    size_t i;

    P256_UNROLL
    for (i = 0; i < L; i++)
        H[i] = T[L + i];
    P256_UNROLL
    for (i = 0; i < L; i += 2) {
        m0 = T[i];
        m1 = T[i + 1];
        b = 0;
        v1 = mp_w_sbb(m1, m0, &b);
        v2 = mp_w_sbb(m0, m1, &b);
        v3 = m1 - b;                    /* no borrow: the value is >= 0 */
        c = 0;
        T[i + 3] = mp_w_adc(T[i + 3], m0, &c);
        T[i + 4] = mp_w_adc(T[i + 4], m1, &c);
        T[i + 5] = mp_w_adc(T[i + 5], 0, &c);
        T[i + 6] = mp_w_adc(T[i + 6], m0, &c);
        T[i + 7] = mp_w_adc(T[i + 7], v1, &c);
        T[i + 8] = mp_w_adc(v2, 0, &c);
        T[i + 9] = v3 + c;              /* no carry out (above) */
    }
    c = 0;
    P256_UNROLL
    for (i = 0; i < L; i++)
        T[L + i] = mp_w_adc(T[L + i], H[i], &c);
    p256_reduce_once(X, T + L, c);
}

void p256_fe_mul_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    ct_limb_t T[2 * L], c, b;
    size_t i, j;

    /* row i adds A B[i] at word i and sets word i + 8; (c, T) = A[j] b +
     * T + c never overflows (mp_w_mac) */
    b = B[0];
    c = 0;
    P256_UNROLL
    for (j = 0; j < L; j++)
        T[j] = mp_w_mac(&c, A[j], b, 0, c);
    T[L] = c;
    P256_UNROLL
    for (i = 1; i < L; i++) {
        b = B[i];
        c = 0;
        P256_UNROLL
        for (j = 0; j < L; j++)
            T[i + j] = mp_w_mac(&c, A[j], b, T[i + j], c);
        T[i + L] = c;
    }
    p256_redc(X, T);
}

void p256_fe_sqr_c(ct_limb_t *X, const ct_limb_t *A)
{
    ct_limb_t T[2 * L], c, a, lo, hi, top, x0, x1;
    size_t i, j;

    /*
     * The products A[i] A[j], i < j: row i adds A[i] A[i+1..7] at word
     * 2i + 1 and sets word i + 8. Words 1..7 start at zero; word 0 and 15
     * are never reached by a row.
     */
    for (i = 0; i < L; i++)
        T[i] = 0;
    T[2 * L - 1] = 0;
    P256_UNROLL
    for (i = 0; i + 1 < L; i++) {
        a = A[i];
        c = 0;
        P256_UNROLL
        for (j = i + 1; j < L; j++)
            T[i + j] = mp_w_mac(&c, A[j], a, T[i + j], c);
        T[i + L] = c;
    }
    /* twice that sum (< 2^511: no bit is lost) plus the squares A[i]^2 at
     * word 2i; the total A^2 < 2^512 leaves no final carry */
    c = 0;
    top = 0;
    P256_UNROLL
    for (i = 0; i < L; i++) {
        x0 = T[2 * i];
        x1 = T[2 * i + 1];
        lo = mp_w_mac(&hi, A[i], A[i], 0, 0);
        T[2 * i] = mp_w_adc((x0 << 1) | top, lo, &c);
        T[2 * i + 1] = mp_w_adc((x1 << 1) | (x0 >> 31), hi, &c);
        top = x1 >> 31;
    }
    p256_redc(X, T);
}

/* adds p & m to D (m all ones or zero): p & m = (m, m, m, 0, 0, 0, m & 1, m) */
static void p256_add_p_masked(ct_limb_t *X, const ct_limb_t *D, ct_limb_t m)
{
    ct_limb_t c = 0;

    X[0] = mp_w_adc(D[0], m & P0, &c);
    X[1] = mp_w_adc(D[1], m & P0, &c);
    X[2] = mp_w_adc(D[2], m & P0, &c);
    X[3] = mp_w_adc(D[3], 0, &c);
    X[4] = mp_w_adc(D[4], 0, &c);
    X[5] = mp_w_adc(D[5], 0, &c);
    X[6] = mp_w_adc(D[6], m & P6, &c);
    X[7] = mp_w_adc(D[7], m & P7, &c);
}

void p256_fe_add_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    ct_limb_t D[L], b = 0, c = 0, m;
    size_t i;

    /* D = A - p mod 2^256 (A < p: the borrow is certain and dropped);
     * D + B = A + B - p + 2^256 carries exactly when A + B >= p, and
     * without that carry p is added back (A + B < 2p) */
    D[0] = mp_w_sbb(A[0], P0, &b);
    D[1] = mp_w_sbb(A[1], P0, &b);
    D[2] = mp_w_sbb(A[2], P0, &b);
    D[3] = mp_w_sbb(A[3], 0, &b);
    D[4] = mp_w_sbb(A[4], 0, &b);
    D[5] = mp_w_sbb(A[5], 0, &b);
    D[6] = mp_w_sbb(A[6], P6, &b);
    D[7] = mp_w_sbb(A[7], P7, &b);
    P256_UNROLL
    for (i = 0; i < L; i++)
        D[i] = mp_w_adc(D[i], B[i], &c);
    m = ct_cond_mask_limb(ct_cond_from_bit((uint32_t)(c ^ 1u)));
    p256_add_p_masked(X, D, m);
}

void p256_fe_sub_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    ct_limb_t D[L], b = 0, m;

    /* A - B mod 2^256 and the borrow b; A - B + p when b = 1 (the sum's
     * carry out cancels the borrow) */
    D[0] = mp_w_sbb(A[0], B[0], &b);
    D[1] = mp_w_sbb(A[1], B[1], &b);
    D[2] = mp_w_sbb(A[2], B[2], &b);
    D[3] = mp_w_sbb(A[3], B[3], &b);
    D[4] = mp_w_sbb(A[4], B[4], &b);
    D[5] = mp_w_sbb(A[5], B[5], &b);
    D[6] = mp_w_sbb(A[6], B[6], &b);
    D[7] = mp_w_sbb(A[7], B[7], &b);
    m = ct_cond_mask_limb(ct_cond_from_bit((uint32_t)b));
    p256_add_p_masked(X, D, m);
}

void p256_fe_neg_c(ct_limb_t *X, const ct_limb_t *A)
{
    ct_limb_t D[L], b = 0, nz, m;
    size_t i;

    /* p - A (no borrow: A < p), then 0 instead of p when A = 0 */
    D[0] = mp_w_sbb(P0, A[0], &b);
    D[1] = mp_w_sbb(P0, A[1], &b);
    D[2] = mp_w_sbb(P0, A[2], &b);
    D[3] = mp_w_sbb(0, A[3], &b);
    D[4] = mp_w_sbb(0, A[4], &b);
    D[5] = mp_w_sbb(0, A[5], &b);
    D[6] = mp_w_sbb(P6, A[6], &b);
    D[7] = mp_w_sbb(P7, A[7], &b);
    nz = A[0] | A[1] | A[2] | A[3] | A[4] | A[5] | A[6] | A[7];
    m = ct_cond_mask_limb(ct_u32_nonzero(nz));
    for (i = 0; i < L; i++)
        X[i] = D[i] & m;
}

/*
 * X = k A mod p for a public k in 1..8 (p256_field.h). V = k A < 8p is
 * nine words, t = V / 2^256 <= 7, and 2^256 = c mod p with
 * c = 2^224 - 2^192 - 2^96 + 1, so W = V mod 2^256 + t c = V mod p:
 * t added at words 0 and 7, subtracted at words 3 and 6. W >= 0 (c > 0)
 * and W < 2^256 + 2^227 < 2p, so the ninth word e of W is 0 or 1 and one
 * masked subtraction (p256_reduce_once) fully reduces it.
 */
void p256_fe_mulk_c(ct_limb_t *X, const ct_limb_t *A, ct_limb_t k)
{
    ct_limb_t V[L], t = 0, c = 0, b = 0;
    size_t i;

    P256_UNROLL
    for (i = 0; i < L; i++)
        V[i] = mp_w_mac(&t, A[i], k, t, 0);
    V[0] = mp_w_adc(V[0], t, &c);
    P256_UNROLL
    for (i = 1; i < 7; i++)
        V[i] = mp_w_adc(V[i], 0, &c);
    V[7] = mp_w_adc(V[7], t, &c);
    V[3] = mp_w_sbb(V[3], t, &b);
    V[4] = mp_w_sbb(V[4], 0, &b);
    V[5] = mp_w_sbb(V[5], 0, &b);
    V[6] = mp_w_sbb(V[6], t, &b);
    V[7] = mp_w_sbb(V[7], 0, &b);
    p256_reduce_once(X, V, c - b);
}

/*
 * The C twin of p256_mont_mul_asm (p256_field.h): T = A B, then one row
 * per word i: m = T[i] ninv, T[i..i+7] += m N, the row's carry and the
 * carry word top added at word i + 8. X = T[8..15], the return value the
 * bit above it.
 */
ct_limb_t p256_mont_mul_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                          const ct_limb_t *N, ct_limb_t ninv)
{
    ct_limb_t T[2 * L], c, m, top = 0;
    size_t i, j;

    for (i = 0; i < L; i++)
        T[i] = 0;
    for (i = 0; i < L; i++) {
        c = 0;
        for (j = 0; j < L; j++)
            T[i + j] = mp_w_mac(&c, A[j], B[i], T[i + j], c);
        T[i + L] = c;
    }
    for (i = 0; i < L; i++) {
        m = T[i] * ninv;
        c = 0;
        for (j = 0; j < L; j++)
            T[i + j] = mp_w_mac(&c, m, N[j], T[i + j], c);
        T[i + L] = mp_w_mac(&top, c, 1, T[i + L], top);
    }
    for (i = 0; i < L; i++)
        X[i] = T[i + L];
    ct_zeroize(T, sizeof T);
    return top;
}

#endif

/*
 * mp_mod.c - reduction modulo N and modular add/sub/negate (declared in
 * mp.h).
 */
#include "mp_word.h"

/*
 * Reduction is long division (Knuth, TAOCP vol. 2, 4.3.1, algorithm D)
 * made constant time:
 *  - N is normalised by shifting it left by s = its count of leading zero
 *    bits in all n limbs (found and applied without branches: a barrel
 *    shift with masked selects), and A by the same s into a + n limbs;
 *  - each quotient limb is estimated from the top two limbs of the running
 *    remainder with the reciprocal of N's top limb (Moller and Granlund,
 *    "Improved division by invariant integers", 2011, algorithm 4: two
 *    products and masked corrections); the estimate is at most 2 too large
 *    (Knuth's theorem B), so after subtracting q N the remainder is put
 *    back in range by exactly two masked additions of N;
 *  - the remainder is shifted right by s.
 * The work depends only on a_limbs and n: a quotient limbs of O(n) each.
 */

/* leading zero bits of x (w for x = 0), by halving without branches */
static ct_limb_t mp_clz_limb(ct_limb_t x)
{
    ct_limb_t r = 0, m;
    unsigned k;

    for (k = MP_LIMB_BITS / 2; k > 0; k >>= 1) {
        m = ct_cond_mask_limb(ct_limb_is_zero(x >> (MP_LIMB_BITS - k)));
        r += k & m;
        x = (x & ~m) | ((x << k) & m);
    }
    /* x = 0 ends with r = w - 1 */
    return r + (ct_cond_mask_limb(ct_limb_is_zero(x)) & 1u);
}

/* leading zero bits of the n-limb N (N != 0): in [0, w n) */
static size_t mp_clz(const ct_limb_t *N, size_t n)
{
    ct_limb_t s = 0, found = 0, z;
    size_t i = n;

    do {
        i--;
        z = ct_cond_mask_limb(ct_limb_is_zero(N[i]));
        s += ~found & mp_clz_limb(N[i]);
        found |= ~z;
    } while (i > 0);
    return (size_t)s;
}

/* X <<= s (left) or X >>= s (right) over L limbs, for a secret s < w L:
 * one masked pass per bit of s; the shift of each pass is public. */
static void mp_shift_secret(ct_limb_t *X, size_t L, size_t s, int left)
{
    size_t d, dl, i;
    unsigned k, db;
    ct_limb_t m, v, lo, hi;

    for (k = 0, d = 1; d < L * MP_LIMB_BITS; k++, d <<= 1) {
        m = ct_cond_mask_limb(ct_cond_from_bit((uint32_t)((s >> k) & 1u)));
        if (d < MP_LIMB_BITS) {
            db = (unsigned)d;
            if (left) {
                for (i = L; i-- > 0;) {
                    lo = i > 0 ? X[i - 1] >> (MP_LIMB_BITS - db) : 0;
                    v = (X[i] << db) | lo;
                    X[i] ^= m & (X[i] ^ v);
                }
            } else {
                for (i = 0; i < L; i++) {
                    hi = i + 1 < L ? X[i + 1] << (MP_LIMB_BITS - db) : 0;
                    v = (X[i] >> db) | hi;
                    X[i] ^= m & (X[i] ^ v);
                }
            }
        } else {
            dl = d >> MP_LIMB_SHIFT;
            if (left) {
                for (i = L; i-- > 0;) {
                    v = i >= dl ? X[i - dl] : 0;
                    X[i] ^= m & (X[i] ^ v);
                }
            } else {
                for (i = 0; i < L; i++) {
                    v = i + dl < L ? X[i + dl] : 0;
                    X[i] ^= m & (X[i] ^ v);
                }
            }
        }
    }
}

/* floor((2^2w - 1) / d) - 2^w for d with its top bit set: the quotient of
 * (~d, 2^w - 1) by d, bit by bit (~d < d, so it fits one limb) */
static ct_limb_t mp_recip(ct_limb_t d)
{
    ct_limb_t r = ~d, q = 0, c, ge;
    int i;

    for (i = MP_LIMB_BITS - 1; i >= 0; i--) {
        c = r >> MP_TOP;                      /* 2r + 1 may not fit */
        r = (r << 1) | 1u;                    /* the low word is all ones */
        ge = ct_cond_mask_limb(ct_cond_or(ct_cond_from_bit((uint32_t)c),
                                          ct_limb_ge(r, d)));
        r -= d & ge;
        q |= (ge & 1u) << i;
    }
    return q;
}

/* floor((u1 2^w + u0) / d) for u1 <= d (d normalised, v = mp_recip(d)),
 * saturated to 2^w - 1 when u1 = d (Moller-Granlund algorithm 4, with
 * the two corrections as masks) */
static ct_limb_t mp_div2by1(ct_limb_t u1, ct_limb_t u0, ct_limb_t d, ct_limb_t v)
{
    ct_limb_t eq = ct_cond_mask_limb(ct_limb_eq(u1, d));
    ct_limb_t a = u1 & ~eq, q1, q0, r, m;

    q0 = mp_w_mac(&q1, v, a, u0, 0);
    q1 += a + 1;
    r = u0 - mp_w_mul_lo(q1, d);
    m = ct_cond_mask_limb(ct_limb_gt(r, q0));
    q1 -= m & 1u;
    r += d & m;
    m = ct_cond_mask_limb(ct_limb_ge(r, d));
    q1 += m & 1u;
    return q1 | eq;
}

/* X[0..n) -= A q; returns the limb to subtract from X[n]. Each step takes
 * (hi, lo) = A[i] q + c <= 2^2w - 2^w and carries hi + borrow, which is
 * < 2^w: hi = 2^w - 1 only with lo = 0, which cannot borrow. */
static ct_limb_t mp_submul(ct_limb_t *X, const ct_limb_t *A, size_t n, ct_limb_t q)
{
    ct_limb_t c = 0, lo, hi, b;
    size_t i = 0;

    do {
        lo = mp_w_mac(&hi, A[i], q, c, 0);
        b = 0;
        X[i] = mp_w_sbb(X[i], lo, &b);
        c = hi + b;
    } while (++i < n);
    return c;
}

void mp_mod(ct_limb_t *X, const ct_limb_t *A, size_t a_limbs,
            const ct_limb_t *N, size_t n, ct_limb_t *T)
{
    ct_limb_t *Nn = T, *R = T + n, d, v, top, b, c, neg;
    size_t s = mp_clz(N, n), j = a_limbs, k;

    mp_copy(Nn, N, n);
    mp_shift_secret(Nn, n, s, 1);
    mp_copy(R, A, a_limbs);
    mp_zero(R + a_limbs, n);
    mp_shift_secret(R, a_limbs + n, s, 1);
    d = Nn[n - 1];
    v = mp_recip(d);
    /*
     * Quotient limb j: the window R[j .. j + n] (n + 1 limbs) is below
     * Nn 2^w. At the start it is floor(A 2^s / 2^(w(a - 1))) < 2^(w + s)
     * <= Nn 2^w (Nn = N 2^s >= 2^s); each step leaves a remainder < Nn,
     * which with the next limb of R is again below Nn 2^w. The estimate q
     * is >= the true quotient limb and at most 2 more; after subtracting
     * q Nn the window is in [-2 Nn, Nn), i.e. its top limb is 0, -1 or -2:
     * two masked additions of Nn bring it to [0, Nn) and its top limb to 0.
     */
    do {
        j--;
        top = R[j + n];
        c = mp_submul(R + j, Nn, n, mp_div2by1(top, R[j + n - 1], d, v));
        b = 0;
        top = mp_w_sbb(top, c, &b);
        for (k = 0; k < 2; k++) {
            neg = ct_cond_mask_limb(ct_cond_from_bit((uint32_t)(top >> MP_TOP)));
            top += mp_add_cond(R + j, R + j, Nn, ct_cond_from_bit((uint32_t)(neg & 1u)), n);
        }
        R[j + n] = top;
    } while (j > 0);
    mp_shift_secret(R, n, s, 0);
    mp_copy(X, R, n);
}

void mp_mod_add(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                const ct_limb_t *N, size_t n)
{
    /* A + B < 2N: subtract N once if the sum carried or is >= N */
    ct_limb_t c = mp_add(X, A, B, n);
    ct_cond ge = ct_cond_or(ct_cond_from_bit((uint32_t)c), ct_cond_not(mp_lt(X, N, n)));

    (void)mp_sub_cond(X, X, N, ge, n);
}

void mp_mod_sub(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                const ct_limb_t *N, size_t n)
{
    /* A - B > -N: add N once if the difference borrowed */
    ct_limb_t b = mp_sub(X, A, B, n);

    (void)mp_add_cond(X, X, N, ct_cond_from_bit((uint32_t)b), n);
}

void mp_mod_neg(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *N, size_t n)
{
    /* N - A is in (0, N] for A < N; it is N exactly when A = 0 */
    ct_cond z = mp_is_zero(A, n);

    (void)mp_sub(X, N, A, n);
    (void)mp_sub_cond(X, X, N, z, n);
}

/*
 * mp_exp52.c - two exponentiations side by side in radix 2^52 (declared
 * in mp.h; docs/mp.md, "Radix 2^52"): the layout conversions, the
 * portable C kernel mp52_amm2_c and the exponentiation mp_exp2_52 over
 * whichever kernel the CPU runs (the IFMA one is in mp_ifma.c).
 */
#include "ctcrypto/common.h"
#include "mp.h"

#if MP_EXP52

#define M52 (((ct_limb_t)1 << 52) - 1)

__extension__ typedef unsigned __int128 mp52_dword;

/* see mp.h */
void mp52_from_limbs(ct_limb_t *X, size_t lanes, const ct_limb_t *A, size_t n)
{
    size_t j, bit, li;
    unsigned off;
    ct_limb_t v;

    /* digit j is bits [52 j, 52 j + 52) of A: from limb bit / 64 and,
     * when it straddles, the next one (positions public) */
    for (j = 0; j < lanes; j++) {
        bit = 52 * j;
        li = bit >> 6;
        off = (unsigned)(bit & 63);
        v = 0;
        if (li < n) {
            v = A[li] >> off;
            if (off > 12 && li + 1 < n)
                v |= A[li + 1] << (64 - off);
        }
        X[j] = v & M52;
    }
}

/* see mp.h */
void mp52_to_limbs(ct_limb_t *X, size_t n, const ct_limb_t *A, size_t lanes)
{
    size_t i, j = 0;
    unsigned off = 0;
    ct_limb_t v;

    /* limb i is bits [64 i, 64 i + 64) = digit j from bit off on (64 i =
     * 52 j + off, off < 52, kept by steps of 64 = 52 + 12 without a
     * division) and the one or two digits above it (a 64-bit window spans
     * at most three digits) */
    for (i = 0; i < n; i++) {
        v = A[j] >> off;
        if (j + 1 < lanes)
            v |= A[j + 1] << (52 - off);
        if (off > 40 && j + 2 < lanes)
            v |= A[j + 2] << (104 - off);
        X[i] = v;
        j++;
        off += 12;
        if (off >= 52) {
            off -= 52;
            j++;
        }
    }
}

/* see mp.h */
void mp52_normalize_c(ct_limb_t *X, const ct_limb_t *A, size_t lanes)
{
    ct_limb_t c = 0;
    size_t j;

    for (j = 0; j < lanes; j++) {
        c += A[j];
        X[j] = c & M52;
        c >>= 52;
    }
}

/*
 * One almost-Montgomery product in radix 2^52, digit by digit over B:
 *   acc += lo(A b_i); m = acc_0 k0 mod 2^52; acc += lo(N m);
 *   acc = (acc >> 52 digits one place) + hi(A b_i) + hi(N m)
 * with lo/hi the low and high 52 bits of a 104-bit digit product, as
 * VPMADD52LUQ/VPMADD52HUQ give them (each < 2^52). The digits of acc are
 * not normalised in the loop: digit j ends as a sum of at most 4 k terms
 * below 2^52 and the carries of digit 0 (each < 2^12), under 160 * 2^52 <
 * 2^60 for k <= 40, so no 64-bit digit overflows. acc_0 + lo(N m) is 0
 * mod 2^52 by the choice of m; its carry (acc_0 >> 52) moves to the next
 * digit 0. The value is (A B + M N) / R52 with M < R52, < 2N when A B <
 * 4 N^2 (4N < R52), and is normalised at the end into digits < 2^52.
 * The IFMA kernel does the same sums in the same order per digit, so both
 * give the same digits.
 */
static void mp52_amm_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                       const ct_limb_t *N, ct_limb_t k0, size_t k)
{
    ct_limb_t acc[MP52_MAX_LANES], hi[MP52_MAX_LANES], b, m, c;
    size_t lanes = (k + 7) & ~(size_t)7, i, j;
    mp52_dword p;

    for (j = 0; j < lanes; j++)
        acc[j] = 0;
    for (i = 0; i < k; i++) {
        b = B[i] & M52;
        for (j = 0; j < lanes; j++) {
            p = (mp52_dword)(A[j] & M52) * b;
            hi[j] = (ct_limb_t)(p >> 52);
            acc[j] += (ct_limb_t)p & M52;
        }
        m = (acc[0] * k0) & M52;
        for (j = 0; j < lanes; j++) {
            p = (mp52_dword)(N[j] & M52) * m;
            acc[j] += (ct_limb_t)p & M52;
            hi[j] += (ct_limb_t)(p >> 52);
        }
        c = acc[0] >> 52;
        for (j = 0; j + 1 < lanes; j++)
            acc[j] = acc[j + 1];
        acc[lanes - 1] = 0;
        acc[0] += c;
        for (j = 0; j < lanes; j++)
            acc[j] += hi[j];
    }
    mp52_normalize_c(X, acc, lanes);
}

/* see mp.h */
void mp52_amm2_c(ct_limb_t *X1, ct_limb_t *X2, const ct_limb_t *A1,
                 const ct_limb_t *A2, const ct_limb_t *B1, const ct_limb_t *B2,
                 const ct_limb_t *N1, const ct_limb_t *N2, ct_limb_t k01,
                 ct_limb_t k02, size_t k)
{
    mp52_amm_c(X1, A1, B1, N1, k01, k);
    mp52_amm_c(X2, A2, B2, N2, k02, k);
}

/* the kernel this CPU runs (a property of the CPU and of the tests'
 * setting, never of the data) */
static void mp52_amm2(ct_limb_t *X1, ct_limb_t *X2, const ct_limb_t *A1,
                      const ct_limb_t *A2, const ct_limb_t *B1,
                      const ct_limb_t *B2, const ct_limb_t *N1,
                      const ct_limb_t *N2, ct_limb_t k01, ct_limb_t k02,
                      size_t k)
{
#if MP_IFMA
    if (mp_x86_ifma()) {
        mp52_amm2_ifma(X1, X2, A1, A2, B1, B2, N1, N2, k01, k02, k);
        return;
    }
#endif
    mp52_amm2_c(X1, X2, A1, A2, B1, B2, N1, N2, k01, k02, k);
}

static void mp52_lookup(ct_limb_t *X, const ct_limb_t *table, size_t count,
                        size_t lanes, size_t index)
{
#if MP_IFMA
    if (mp_x86_ifma()) {
        mp52_lookup_ifma(X, table, count, lanes, index);
        return;
    }
#endif
    ct_limbs_lookup(X, table, count, lanes, index);
}

/* R52^2 mod N = 2^(104 k) mod N from R2 = 2^(128 n) mod N: shifted left by
 * s = 104 k - 128 n bits (4 <= s < 108, as 52 k is in [64 n + 2, 64 n + 54))
 * into n + 2 limbs, then reduced. X: n limbs; T: 4 n + 6 limbs. */
static void mp52_rr(ct_limb_t *X, const mp_modulus *M, size_t k, ct_limb_t *T)
{
    size_t n = M->n, s = 104 * k - 128 * n, q = s >> 6;
    ct_limb_t *V = T;

    mp_zero(V, n + 2);
    mp_copy(V + q, M->R2, n);
    (void)mp_shl(V, V, n + 2, (unsigned)(s & 63));
    mp_mod(X, V, n + 2, M->N, n, T + n + 2);
}

/* see mp.h */
int mp_exp2_52(ct_limb_t *X1, ct_limb_t *X2, const ct_limb_t *A1,
               const ct_limb_t *A2, const ct_limb_t *E1, const ct_limb_t *E2,
               size_t e_limbs, const mp_modulus *M1, const mp_modulus *M2,
               ct_limb_t *T, size_t t_limbs)
{
    size_t n = M1->n, k, L, ebits = e_limbs * MP_LIMB_BITS, cnt, i, pos;
    unsigned w = 5, len;
    ct_limb_t *tab1, *tab2, *acc1, *acc2, *sel1, *sel2, *N1, *N2, *one, *wrk;
    ct_limb_t k01, k02;

    if (M2->n != n || n > MP52_MAX_N)
        return CTC_ERR_LENGTH;
    if (t_limbs < MP_EXP2_52_SCRATCH(n, 1))
        return CTC_ERR_BUFFER;
    while (w > 1 && t_limbs < MP_EXP2_52_SCRATCH(n, w))
        w--;
    k = MP52_DIGITS(n);
    L = MP52_LANES(n);
    cnt = (size_t)1 << w;
    k01 = M1->ninv & M52;              /* -N^-1 mod 2^64, taken mod 2^52 */
    k02 = M2->ninv & M52;
    /* scratch: two tables of cnt entries, then acc, sel, N per operation,
     * the digits of 1, one value and the reduction's work space */
    tab1 = T;
    tab2 = tab1 + cnt * L;
    acc1 = tab2 + cnt * L;
    acc2 = acc1 + L;
    sel1 = acc2 + L;
    sel2 = sel1 + L;
    N1 = sel2 + L;
    N2 = N1 + L;
    one = N2 + L;
    wrk = one + L;                     /* L + 3 n + 4 limbs: >= 4 n + 6 */

    mp52_from_limbs(N1, L, M1->N, n);
    mp52_from_limbs(N2, L, M2->N, n);
    mp_set_limb(one, L, 1);
    /* sel = R52^2 mod N in digits, acc = A in digits */
    mp52_rr(acc1, M1, k, wrk);
    mp52_from_limbs(sel1, L, acc1, n);
    mp52_rr(acc2, M2, k, wrk);
    mp52_from_limbs(sel2, L, acc2, n);
    mp52_from_limbs(acc1, L, A1, n);
    mp52_from_limbs(acc2, L, A2, n);

    /* tab[i] = A^i R52 mod N (< 2N): tab[0] = 1 R52^2 / R52, tab[1] = A
     * R52^2 / R52 (A < 2^(64 n) <= 2^(52 k - 2), R52^2 mod N < N), then
     * even entries by squaring and odd ones by a product (all < 2N) */
    mp52_amm2(tab1, tab2, one, one, sel1, sel2, N1, N2, k01, k02, k);
    mp52_amm2(tab1 + L, tab2 + L, acc1, acc2, sel1, sel2, N1, N2, k01, k02, k);
    for (i = 2; i < cnt; i++) {
        if ((i & 1u) == 0)
            mp52_amm2(tab1 + i * L, tab2 + i * L, tab1 + (i >> 1) * L,
                      tab2 + (i >> 1) * L, tab1 + (i >> 1) * L,
                      tab2 + (i >> 1) * L, N1, N2, k01, k02, k);
        else
            mp52_amm2(tab1 + i * L, tab2 + i * L, tab1 + (i - 1) * L,
                      tab2 + (i - 1) * L, tab1 + L, tab2 + L, N1, N2, k01,
                      k02, k);
    }

    /* the windows of mp_exp: the top one holds ebits mod w bits (or w);
     * then per window w squarings, a scan of each table, one product */
    pos = ebits;
    while (pos > w)
        pos -= w;
    len = (unsigned)pos;
    pos = ebits - len;
    mp52_lookup(acc1, tab1, cnt, L, mp_exp_bits(E1, e_limbs, pos, len));
    mp52_lookup(acc2, tab2, cnt, L, mp_exp_bits(E2, e_limbs, pos, len));
    while (pos > 0) {
        pos -= w;
        for (i = 0; i < w; i++)
            mp52_amm2(acc1, acc2, acc1, acc2, acc1, acc2, N1, N2, k01, k02, k);
        mp52_lookup(sel1, tab1, cnt, L, mp_exp_bits(E1, e_limbs, pos, w));
        mp52_lookup(sel2, tab2, cnt, L, mp_exp_bits(E2, e_limbs, pos, w));
        mp52_amm2(acc1, acc2, acc1, acc2, sel1, sel2, N1, N2, k01, k02, k);
    }

    /* out of Montgomery form: acc / R52 mod N is (acc + M N) / R52 <
     * (2N + R52 N) / R52 < N + 1, so at most N (N only for a result of
     * 0 mod N); back to limbs and one masked subtraction of N */
    mp52_amm2(acc1, acc2, acc1, acc2, one, one, N1, N2, k01, k02, k);
    mp52_to_limbs(X1, n, acc1, L);
    mp52_to_limbs(X2, n, acc2, L);
    mp_sub_cond(X1, X1, M1->N, ct_cond_not(mp_lt(X1, M1->N, n)), n);
    mp_sub_cond(X2, X2, M2->N, ct_cond_not(mp_lt(X2, M2->N, n)), n);
    return CTC_OK;
}

#endif /* MP_EXP52 */

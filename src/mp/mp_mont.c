/*
 * mp_mont.c - Montgomery arithmetic (declared in mp.h).
 */
#include "mp_word.h"

/*
 * Sizes in limbs from which a full product (or square) followed by a
 * separate reduction beats the loop of Montgomery steps (measured on the
 * host, docs/mp.md): squaring saves a quarter of the products, and with
 * the MULX/ADX row the separate passes are cheap enough for products too.
 */
#if defined(MP_ASM_X86_64_MULX)
#define MP_SQR_MIN 8
#define MP_MUL_REDC_MIN 8
#elif MP_X86_CPUID
#define MP_SQR_MIN (mp_x86_mulx() ? 8 : 13)
#define MP_MUL_REDC_MIN (mp_x86_mulx() ? 8 : (size_t)-1)
#elif defined(MP_ASM_X86_64)
#define MP_SQR_MIN 13
#define MP_MUL_REDC_MIN ((size_t)-1)
#elif MP_MLA2
#define MP_SQR_MIN 8
#define MP_MUL_REDC_MIN 8
#else
#define MP_SQR_MIN 8
#define MP_MUL_REDC_MIN ((size_t)-1)
#endif

ct_limb_t mp_mont_ninv(ct_limb_t n0)
{
    /*
     * Newton's iteration for the inverse modulo 2^w: if n0 x = 1 mod 2^k
     * then n0 x (2 - n0 x) = 1 mod 2^2k. x = n0 is right modulo 2^3 (odd
     * squares are 1 mod 8): 3, 6, 12, 24, 48, 96 bits.
     */
    ct_limb_t x = n0;
    int i;

    for (i = 0; i < MP_LIMB_SHIFT - 1; i++)
        x *= 2 - n0 * x;
    return (ct_limb_t)0 - x;
}

/* X = T + top 2^(wn) reduced once: that value is < 2N, and N is subtracted
 * when it is >= N, i.e. when top is set or T - N does not borrow (with top
 * set, T - N borrows and is the right value modulo 2^(wn)). X receives
 * T - N first, so it must not overlap T. */
static void mp_mont_final_sub(ct_limb_t *X, const ct_limb_t *T, ct_limb_t top,
                              const ct_limb_t *N, size_t n)
{
    ct_limb_t borrow = mp_sub(X, T, N, n);
    ct_cond keep_t = ct_cond_from_bit((uint32_t)(borrow & (top ^ 1u)));

    mp_cmov(X, T, keep_t, n);
}

void mp_montmul(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                const mp_modulus *M, ct_limb_t *T)
{
    size_t n = M->n;

    if (n >= MP_MUL_REDC_MIN) {
        /* A B < N R, as mp_mont_redc requires */
        mp_mul(T, A, n, B, n);
        mp_mont_redc(X, T, M);
        return;
    }
    mp_montmul_steps(X, A, B, M, T);
}

void mp_montmul_steps(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                      const mp_modulus *M, ct_limb_t *T)
{
    const ct_limb_t *N = M->N;
    size_t n = M->n;
    ct_limb_t ninv = M->ninv;

#if MP_STEPS_ASM
    mp_montmul_steps_asm(X, A, B, N, n, ninv, T);
#else
    /* CIOS: n steps, one per limb of B; T + top*R stays < 2N (A < N) */
    ct_limb_t top = 0;
    size_t i = 0;

    mp_zero(T, n);
    do {
        top = mp_mont_step(T, top, A, B[i], N, n, ninv);
    } while (++i < n);
    mp_mont_final_sub(X, T, top, N, n);
#endif
}

void mp_montmul_steps_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                        const ct_limb_t *N, size_t n, ct_limb_t ninv, ct_limb_t *T)
{
    ct_limb_t top = 0;
    size_t i = 0;

    mp_zero(T, n);
    do {
        top = mp_mont_step_c(T, top, A, B[i], N, n, ninv);
    } while (++i < n);
    mp_mont_final_sub(X, T, top, N, n);
}

void mp_mont_redc(ct_limb_t *X, ct_limb_t *T, const mp_modulus *M)
{
    const ct_limb_t *N = M->N;
    size_t n = M->n;
    ct_limb_t ninv = M->ninv;

#if MP_REDC_ASM
    /* the whole reduction in one leaf: no call and no C per pair of rows,
     * the final subtraction in the same function (docs/mp.md) */
    if ((n & 7u) == 0) {
        mp_mont_redc_asm(X, T, N, n, ninv);
        return;
    }
#endif
    mp_mont_redc_c(X, T, N, n, ninv);
}

void mp_mont_redc_c(ct_limb_t *X, ct_limb_t *T, const ct_limb_t *N, size_t n,
                    ct_limb_t ninv)
{
    /*
     * Step i adds m*N at limb i with m = T[i] * ninv, which clears T[i];
     * the row's carry limb and the running carry bit go into T[i + n].
     * (T + M N) / R < (N R + R N) / R = 2N: top bit in `carry`.
     */
    ct_limb_t carry = 0, c;
    size_t i = 0;

#if MP_MLA2
    /*
     * Rows i and i + 1 in one pass (n >= 2): m1 is the multiplier row
     * i + 1 would compute after row i, from the limb T[i + 1] row i
     * leaves, lo(T[i + 1] + m0 N[1] + hi(T[i] + m0 N[0])). mp_mla2
     * writes limb i + n of T[i..i+n) + N (m0 + m1 2^w) over T[i + n], so
     * that limb's old value is added back after it, with the pending
     * carry bit, and the pair's carry limb goes into T[i + n + 1].
     */
    for (; i + 1 < n; i += 2) {
        ct_limb_t m0 = mp_w_mul_lo(T[i], ninv), m1, hi, lo, t0 = T[i + n];

        (void)mp_w_mac(&hi, m0, N[0], T[i], 0);
        lo = mp_w_mac(&hi, m0, N[1], T[i + 1], hi);
        m1 = mp_w_mul_lo(lo, ninv);
        c = mp_mla2(T + i, N, n, m0, m1);
        T[i + n] = mp_w_adc(T[i + n], t0, &carry);
        T[i + n + 1] = mp_w_adc(T[i + n + 1], c, &carry);
    }
    if (i < n) {
        c = mp_mla(T + i, N, n, mp_w_mul_lo(T[i], ninv));
        T[i + n] = mp_w_adc(T[i + n], c, &carry);
    }
#else
    do {
        c = mp_mla(T + i, N, n, mp_w_mul_lo(T[i], ninv));
        T[i + n] = mp_w_adc(T[i + n], c, &carry);
    } while (++i < n);
#endif
    mp_mont_final_sub(X, T + n, carry, N, n);
}

void mp_montsqr(ct_limb_t *X, const ct_limb_t *A, const mp_modulus *M,
                ct_limb_t *T)
{
    size_t n = M->n;

    /* Squaring then reduction saves a quarter of the products, which pays
     * from MP_SQR_MIN limbs on; below, the single pass of mp_montmul is
     * faster. A^2 < N^2 < N R, as mp_mont_redc requires. */
    if (n < MP_SQR_MIN) {
        mp_montmul(X, A, A, M, T);
        return;
    }
    mp_sqr(T, A, n);
    mp_mont_redc(X, T, M);
}

void mp_to_mont(ct_limb_t *X, const ct_limb_t *A, const mp_modulus *M,
                ct_limb_t *T)
{
    const ct_limb_t *R2 = M->R2;

    /* R2 < N goes first (mp_montmul bounds its first operand only) */
    mp_montmul(X, R2, A, M, T);
}

void mp_from_mont(ct_limb_t *X, const ct_limb_t *A, const mp_modulus *M,
                  ct_limb_t *T)
{
    size_t n = M->n;

    /* A < R <= N R */
    mp_copy(T, A, n);
    mp_zero(T + n, n);
    mp_mont_redc(X, T, M);
}

void mp_mont_R2(ct_limb_t *X, const ct_limb_t *N, size_t n, ct_limb_t *T)
{
    /* R^2 = 2^(2wn), a (2n + 1)-limb power of two, reduced by mp_mod */
    ct_limb_t *P = T;

    mp_zero(P, 2 * n);
    P[2 * n] = 1;
    mp_mod(X, P, 2 * n + 1, N, n, T + 2 * n + 1);
}

void mp_mont_R2_bits(ct_limb_t *X, const ct_limb_t *N, size_t n, size_t bits,
                     ct_limb_t ninv, ct_limb_t *T)
{
    /*
     * 2^(bits-1) < N (N is odd and has that bit length), doubled
     * wn - bits + 1 + d times mod N: 2^(wn + d) = R 2^d mod N; then s
     * Montgomery squares, each of which takes R 2^e to R 2^(2e), give
     * R 2^(d 2^s) = R^2 for d 2^s = wn. s is the largest that keeps d >=
     * n / 2 (a square costs about as much as n / 2 doublings); it depends
     * on n only, the number of doublings on n and bits.
     */
    size_t wn = (size_t)MP_LIMB_BITS * n, s = 0, d, i;
    mp_modulus M;

    M.N = N;
    M.R2 = NULL;                /* what this makes */
    M.n = n;
    M.ninv = ninv;
    while ((wn & (((size_t)2 << s) - 1)) == 0 && (wn >> (s + 1)) >= n / 2)
        s++;
    d = wn >> s;
    mp_zero(X, n);
    X[(bits - 1) >> MP_LIMB_SHIFT] = (ct_limb_t)1 << ((bits - 1) & (MP_LIMB_BITS - 1));
    for (i = 0; i < wn - bits + 1 + d; i++)
        mp_mod_add(X, X, X, N, n);
    for (i = 0; i < s; i++)
        mp_montsqr(X, X, &M, T);
}

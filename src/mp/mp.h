/*
 * mp.h - multi-precision integers: the bignum layer under ec and rsa.
 *
 * Conventions for every function declared here:
 *  - A number is a plain array of ct_limb_t (ct/ct.h: 32 bits on 32-bit
 *    targets, 64 on 64-bit ones, 32 everywhere with CTC_LIMB_BITS=32),
 *    least significant limb first. Its size is a separate argument in
 *    limbs (`n`, `a_limbs`, ...), never stored in the array, and every
 *    size is >= 1 unless a function says otherwise. Leading zero limbs are
 *    never stripped from a secret.
 *  - Outputs come first, then inputs, then scratch (`T`, with its size in
 *    limbs where a function adapts to it). A function writes only the
 *    limbs its documentation names.
 *  - Roles: A, B inputs; E exponent; X output; N modulus; T scratch.
 *  - Aliasing: an output may be the very same array as an input only where
 *    the function says "X may equal A"; no other overlap is allowed.
 *  - Montgomery functions take an odd modulus N of n limbs, ninv =
 *    -N^-1 mod 2^w (mp_mont_ninv) and R = 2^(w*n), w = MP_LIMB_BITS;
 *    "Montgomery form" of a is a*R mod N.
 *  - Secret: every limb value (inputs, outputs, scratch), moduli included
 *    (RSA primes are secret). Limb counts, window sizes, shift counts and
 *    byte lengths are public. Functions without the _vartime suffix do not
 *    branch on secret values, use them in addresses or divide by them.
 *    Functions ending in _vartime may do all of that: their callers state
 *    why the inputs are public.
 *  - Preconditions (sizes >= 1, odd moduli, reduced inputs) are the
 *    caller's: violating one gives a wrong result, never an access outside
 *    the stated arrays. The few functions that return int check what they
 *    say they check and return 0 or a CTC_ERR_* code (ctcrypto/common.h).
 * CT: only sizes leak, except in _vartime functions (and E's value in
 * mp_exp_pubexp, whose exponent is public).
 *
 * Files: mp_add.c (add, sub, compare, shifts), mp_mul.c (mla, mul, sqr),
 * mp_mont_step.c (the Montgomery step), mp_mod.c (reduction, modular
 * add/sub/neg), mp_mont.c (Montgomery), mp_exp.c (secret exponentiation),
 * mp_exp_pubexp.c (public exponent, secret base), mp_exp_vartime.c,
 * mp_inv.c (safegcd and Fermat), mp_inv_vartime.c, mp_bytes.c,
 * mp_exp52.c and mp_ifma.c (radix 2^52, x86-64); mp_word.h (word
 * products and carries per target);
 * arch/ (assembly leaves, see mp_arch.h).
 */
#ifndef MP_MP_H
#define MP_MP_H

#include <stddef.h>
#include <stdint.h>

#include "ct/ct.h"
#include "mp_arch.h"

#define MP_LIMB_BITS CTC_LIMB_BITS
#define MP_LIMB_BYTES (CTC_LIMB_BITS >> 3)
#if CTC_LIMB_BITS == 64
#define MP_LIMB_SHIFT 6
#else
#define MP_LIMB_SHIFT 5
#endif
/* limbs for a number of b bits (b public) */
#define MP_LIMBS(b) (((size_t)(b) + MP_LIMB_BITS - 1) >> MP_LIMB_SHIFT)

/*
 * A Montgomery modulus as one object: N (odd, n limbs), ninv = -N^-1 mod
 * 2^w and R2 = R^2 mod N (R2 may be NULL in an object handed only to
 * functions that do not read it; mp_to_mont, the exponentiations and
 * mp_inv_fermat do). Every Montgomery
 * function below takes one; the ec layer's curves hold their p and n so,
 * and RSA makes them as views of its keys (src/rsa/rsa.h). The leaves
 * (mp_mont_step, mp_mont_redc_c/_asm, mp_montmul_steps_c/_asm) keep the
 * separate values their C twins and assembly compare on.
 */
typedef struct {
    const ct_limb_t *N;
    const ct_limb_t *R2;
    size_t n;
    ct_limb_t ninv;
} mp_modulus;

/* ---- add, sub, compare, shift (mp_add.c) -------------------------------- */

/* X = A + B; returns the carry (0 or 1). X may equal A or B. */
ct_limb_t mp_add(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B, size_t n);
/* X = A - B mod 2^(w*n); returns the borrow (0 or 1). X may equal A or B. */
ct_limb_t mp_sub(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B, size_t n);
/* X = A + (c ? B : 0); returns the carry. X may equal A or B.
 * CT: c is secret; the same instructions run for both values. */
ct_limb_t mp_add_cond(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                      ct_cond c, size_t n);
/* X = A - (c ? B : 0); returns the borrow. X may equal A or B. */
ct_limb_t mp_sub_cond(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                      ct_cond c, size_t n);
/* X = A + b (one limb); returns the carry. X may equal A. */
ct_limb_t mp_add_limb(ct_limb_t *X, const ct_limb_t *A, ct_limb_t b, size_t n);
/* X = A - b (one limb); returns the borrow. X may equal A. */
ct_limb_t mp_sub_limb(ct_limb_t *X, const ct_limb_t *A, ct_limb_t b, size_t n);
/* A < B, A == B, A == 0 (all limbs read). */
ct_cond mp_lt(const ct_limb_t *A, const ct_limb_t *B, size_t n);
ct_cond mp_eq(const ct_limb_t *A, const ct_limb_t *B, size_t n);
ct_cond mp_is_zero(const ct_limb_t *A, size_t n);
/* X = A << s mod 2^(w*n), 0 <= s < w (public); returns the bits shifted out
 * (as the low s bits of the result). X may equal A. */
ct_limb_t mp_shl(ct_limb_t *X, const ct_limb_t *A, size_t n, unsigned s);
/* X = A >> s, 0 <= s < w (public); returns the bits shifted out, in the top
 * s bits of the result. X may equal A. */
ct_limb_t mp_shr(ct_limb_t *X, const ct_limb_t *A, size_t n, unsigned s);
/* X = A; X = 0; X = the one-limb value v. n >= 0 for these three. */
void mp_copy(ct_limb_t *X, const ct_limb_t *A, size_t n);
void mp_zero(ct_limb_t *X, size_t n);
void mp_set_limb(ct_limb_t *X, size_t n, ct_limb_t v);
/* if (c) X = A (X may equal A); if (c) swap X and Y (distinct arrays). */
void mp_cmov(ct_limb_t *X, const ct_limb_t *A, ct_cond c, size_t n);
void mp_cswap(ct_limb_t *X, ct_limb_t *Y, ct_cond c, size_t n);
/* Number of significant bits of A (0 for A == 0).
 * CT: variable time; for public values only. */
size_t mp_bitlen_vartime(const ct_limb_t *A, size_t n);

/* ---- multiply (mp_mul.c) -------------------------------------------------- */

/*
 * X[0..n) += A[0..n) * b; returns the limb carried out (the result is
 * X + A*b = X' + carry * 2^(w*n)). X may equal A. This is an assembly
 * leaf where mp_arch.h says so; mp_mla_c is its C twin, always built.
 */
ct_limb_t mp_mla_c(ct_limb_t *X, const ct_limb_t *A, size_t n, ct_limb_t b);
/*
 * Two rows at once: X[0..n] (n + 1 limbs) = X[0..n) + A[0..n) * (b0 +
 * b1 2^w) (limb n is written, not read); returns the limb carried out
 * (the sum is X' + carry * 2^(w(n+1))). X does not overlap A. mp_mla2_c is the C twin, always
 * built; the assembly leaf mp_mla2_asm exists where UMAAL does (MP_MLA2
 * is then 1 and mp_mul and mp_mont_redc work two rows per pass).
 */
ct_limb_t mp_mla2_c(ct_limb_t *X, const ct_limb_t *A, size_t n, ct_limb_t b0,
                    ct_limb_t b1);
/* X = A * B: X has a_limbs + b_limbs limbs and overlaps neither A nor B. */
void mp_mul(ct_limb_t *X, const ct_limb_t *A, size_t a_limbs,
            const ct_limb_t *B, size_t b_limbs);
/* X = A * A: X has 2n limbs and does not overlap A. */
void mp_sqr(ct_limb_t *X, const ct_limb_t *A, size_t n);

/* ---- the Montgomery step (mp_mont_step.c; assembly leaf) ----------------- */

/*
 * One step of Montgomery multiplication: with m = (T[0] + A[0]*b) * ninv
 * mod 2^w, computes (T + top*2^(w*n) + A*b + m*N) / 2^w (exact), stores its
 * low n limbs in T and returns its top limb. With A < N, T + top*2^(w*n) <
 * 2N and any b, the result is < 2N again (so the return is 0 or 1).
 * T overlaps neither A nor N. mp_mont_step_c is the C twin.
 */
ct_limb_t mp_mont_step_c(ct_limb_t *T, ct_limb_t top, const ct_limb_t *A,
                         ct_limb_t b, const ct_limb_t *N, size_t n,
                         ct_limb_t ninv);

/* ---- reduction and modular add/sub (mp_mod.c) ----------------------------- */

/*
 * X = A mod N. A has a_limbs limbs, N has n limbs and is not zero (its top
 * limbs may be zero), X has n limbs and may overlap A in any way. T is
 * a_limbs + 2n limbs of scratch. Costs a_limbs quotient limbs of O(n)
 * each, whatever N's bit length.
 * CT: A and N are secret (N's bit length too); only a_limbs and n leak.
 */
void mp_mod(ct_limb_t *X, const ct_limb_t *A, size_t a_limbs,
            const ct_limb_t *N, size_t n, ct_limb_t *T);
/* X = A + B mod N, X = A - B mod N, X = -A mod N, for A, B < N.
 * X may equal A or B. */
void mp_mod_add(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                const ct_limb_t *N, size_t n);
void mp_mod_sub(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                const ct_limb_t *N, size_t n);
void mp_mod_neg(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *N, size_t n);

/* ---- Montgomery arithmetic (mp_mont.c) ------------------------------------ */

/* -n0^-1 mod 2^w for odd n0 (Newton iteration, fixed number of steps). */
ct_limb_t mp_mont_ninv(ct_limb_t n0);
/* Scratch of mp_mont_R2, in limbs. */
#define MP_R2_SCRATCH(n) (6 * (size_t)(n) + 2)
/* X = R^2 mod N (X has n limbs; N != 0, odd for Montgomery use), by one
 * reduction of 2^(2wn). T: MP_R2_SCRATCH(n) limbs.
 * CT: N is secret; only n leaks. */
void mp_mont_R2(ct_limb_t *X, const ct_limb_t *N, size_t n, ct_limb_t *T);
/* X = R^2 mod N as mp_mont_R2, for odd N of bit length bits (2 <= bits
 * <= wn), by doublings of 2^(bits-1) and Montgomery squares (ninv =
 * mp_mont_ninv): for a 2048-bit N about half of mp_mont_R2's time
 * (docs/mp.md). T: 2n limbs. CT: for public moduli only (its one
 * caller imports an RSA public key; src/ct_public.txt): the number of
 * doublings follows N's bit length, and no constant-time case runs it. */
void mp_mont_R2_bits(ct_limb_t *X, const ct_limb_t *N, size_t n, size_t bits,
                     ct_limb_t ninv, ct_limb_t *T);
/*
 * X = A * B / R mod N, fully reduced (X < N). A < N; B may be any n-limb
 * value. X may equal A or B. T: 2n limbs of scratch.
 */
void mp_montmul(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                const mp_modulus *M, ct_limb_t *T);
/*
 * mp_montmul by n Montgomery steps (mp_mont_step, one per limb of B) only:
 * the same X, with n limbs of scratch in T (overlapping none of X, A, B,
 * N), and neither the full product nor the reduction leaves linked (the
 * ec layer's PROFILE=small arithmetic). mp_montmul takes this path below
 * MP_MUL_REDC_MIN limbs. On 32-bit Arm with UMAAL it is one assembly leaf,
 * mp_montmul_steps_asm (MP_STEPS_ASM is then 1); mp_montmul_steps_c, on
 * mp_mont_step_c, is its C twin.
 */
void mp_montmul_steps(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                      const mp_modulus *M, ct_limb_t *T);
void mp_montmul_steps_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                        const ct_limb_t *N, size_t n, ct_limb_t ninv, ct_limb_t *T);
/* X = A * A / R mod N, A < N. X may equal A. T: 2n limbs of scratch. */
void mp_montsqr(ct_limb_t *X, const ct_limb_t *A, const mp_modulus *M,
                ct_limb_t *T);
/*
 * Montgomery reduction: X = T / R mod N, fully reduced, for T < N * R.
 * T is 2n limbs and is destroyed; X has n limbs and does not overlap T.
 */
void mp_mont_redc(ct_limb_t *X, ct_limb_t *T, const mp_modulus *M);
/*
 * mp_mont_redc in C (always built): the twin of the whole-reduction leaf
 * mp_mont_redc_asm, which exists where UMAAL does (MP_REDC_ASM is then 1)
 * and which mp_mont_redc takes for n a multiple of 8 (the RSA sizes).
 */
void mp_mont_redc_c(ct_limb_t *X, ct_limb_t *T, const ct_limb_t *N, size_t n,
                    ct_limb_t ninv);
/*
 * The last pass of mp_sqr on the two-row leaf: X (2n limbs) = 2 (X - S) +
 * D mod 2^(2wn), D the squares A[i]^2 at limb 2i, S those of the odd i
 * (X - S is the off-diagonal sum mp_sqr's pairs of rows leave). The C
 * twin of mp_sqr_diag_asm (UMAAL builds, n even), always built.
 */
void mp_sqr_diag_c(ct_limb_t *X, const ct_limb_t *A, size_t n);
/*
 * The first part of mp_sqr on the two-row leaf: X (2n limbs) = off + S,
 * off the cross products A[i] A[j] (i < j) each once, by pairs of rows
 * over A[i+1..n) (i even), S as above; mp_sqr_diag_c then makes A^2 of
 * it. X does not overlap A. The C twin of mp_sqr_rows_asm (UMAAL builds,
 * n even), always built, with mp_mla2_c for its rows.
 */
void mp_sqr_rows_c(ct_limb_t *X, const ct_limb_t *A, size_t n);
/* X = A * R mod N (A any n-limb value; R2 = R^2 mod N). X may equal A.
 * T: 2n limbs. */
void mp_to_mont(ct_limb_t *X, const ct_limb_t *A, const mp_modulus *M,
                ct_limb_t *T);
/* X = A / R mod N (A any n-limb value). X may equal A. T: 2n limbs. */
void mp_from_mont(ct_limb_t *X, const ct_limb_t *A, const mp_modulus *M,
                  ct_limb_t *T);

/* ---- exponentiation (mp_exp.c, mp_exp_pubexp.c, mp_exp_vartime.c) ---------- */

/* Scratch for an exponentiation with window w: a table of 2^w values,
 * four more values and the 2n limbs of a product. */
#define MP_EXP_SCRATCH(n, w) ((((size_t)1 << (w)) + 4) * (size_t)(n))
#define MP_EXP_WINDOW_MAX 6

/*
 * X = A^E mod N for secret A, E and N (N odd, N > 1; A any n-limb value;
 * E of e_limbs limbs, any value, E = 0 gives 1). Fixed window: the window
 * w is the largest that is useful for e_limbs * w bits (at most
 * MP_EXP_WINDOW_MAX) and whose MP_EXP_SCRATCH(n, w) fits in t_limbs; every
 * window costs w squarings, one scan of the whole table and one multiply.
 * X may equal A. R2 = R^2 mod N.
 * Returns 0, or CTC_ERR_BUFFER if t_limbs < MP_EXP_SCRATCH(n, 1).
 * CT: only n, e_limbs and t_limbs leak (not E's value or bit length).
 */
int mp_exp(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *E,
           size_t e_limbs, const mp_modulus *M, ct_limb_t *T, size_t t_limbs);
/*
 * The same for public A, E and N: sliding window over the bits of E that
 * are actually set (from its top set bit), window sized from that bit
 * length and capped by t_limbs; e = 65537 costs 16 squarings and one
 * multiply besides the conversions. Same scratch rule and return values.
 * CT: variable time in A, E and N; for public values only.
 */
int mp_exp_vartime(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *E,
                   size_t e_limbs, const mp_modulus *M, ct_limb_t *T,
                   size_t t_limbs);

/*
 * X = A^E mod N for a public exponent E (e_limbs limbs) and a secret A
 * and N (N odd, N > 1; A any n-limb value): the binary method over E's
 * bits from its top set bit, so meant for short exponents such as RSA's
 * e (65537: 16 squarings and one multiply, against the 96 products of
 * mp_exp's fixed window over a whole limb at 64 bits). E = 0 gives 1.
 * X may equal A. Same scratch rule and return values as mp_exp.
 * CT: E's value (and so the number of products) leaks, as do n and
 * e_limbs; A and N do not.
 */
int mp_exp_pubexp(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *E,
                  size_t e_limbs, const mp_modulus *M, ct_limb_t *T,
                  size_t t_limbs);

/*
 * Bits [pos, pos + len) of E, len < w, bits beyond e_limbs limbs read as
 * zero (mp_exp.c; the window digits of mp_exp and mp_exp2_52).
 * CT: pos and len are public; E's value is not branched on.
 */
size_t mp_exp_bits(const ct_limb_t *E, size_t e_limbs, size_t pos, unsigned len);

#if MP_EXP52
/* ---- two exponentiations side by side in radix 2^52 (mp_exp52.c) ----------- */

/*
 * Here a number mod N (n 64-bit limbs, n <= MP52_MAX_N) is held as k =
 * MP52_DIGITS(n) digits of 52 bits (52 k >= 64 n + 2, so 4N < R52 =
 * 2^(52 k)) in a vector of MP52_LANES(n) lanes (k rounded up to whole
 * 512-bit registers), one digit per ct_limb_t, lanes k and up zero.
 * n = 16, 24, 32 (the CRT halves of RSA-2048, 3072, 4096): k = 20, 30, 40
 * in 24, 32, 40 lanes.
 */
#define MP52_MAX_N 32
/* ceil((64 n + 2) / 52) as a product and a shift (no division in the
 * library's code; x * 20165 >> 20 = floor(x / 52) for x < 70000) */
#define MP52_DIGITS(n) (((64 * (size_t)(n) + 2 + 51) * 20165) >> 20)
#define MP52_LANES(n) ((MP52_DIGITS(n) + 7) & ~(size_t)7)
#define MP52_MAX_LANES MP52_LANES(MP52_MAX_N)
/* scratch of mp_exp2_52 with window w, in limbs */
#define MP_EXP2_52_SCRATCH(n, w) \
    (2 * ((((size_t)1 << (w)) + 6) * MP52_LANES(n)) + 3 * (size_t)(n) + 4)

/*
 * X1 = A1^E1 mod M1 and X2 = A2^E2 mod M2 at once, for secret A, E and
 * moduli (M1 and M2 odd, > 1, of the same n limbs, n <= MP52_MAX_N; A any
 * n-limb value; E of e_limbs limbs, any value, E = 0 gives 1): the fixed
 * window of mp_exp (w = 5 where the scratch fits, less otherwise), each
 * product one almost-Montgomery product of both operations in radix 2^52
 * (mp52_amm2), each window digit one full scan of its table. Uses the AVX-512
 * IFMA kernel where mp_x86_ifma() says so, the C kernel otherwise (the
 * C kernel is slower than mp_exp: callers take this path for the IFMA
 * kernel, tests and checkers for both). X1 may equal A1, X2 A2.
 * Returns 0, CTC_ERR_LENGTH if the sizes differ or n > MP52_MAX_N, or
 * CTC_ERR_BUFFER if t_limbs < MP_EXP2_52_SCRATCH(n, 1).
 * CT: only n, e_limbs and t_limbs leak (and which kernel runs, a
 * property of the CPU).
 */
int mp_exp2_52(ct_limb_t *X1, ct_limb_t *X2, const ct_limb_t *A1,
               const ct_limb_t *A2, const ct_limb_t *E1, const ct_limb_t *E2,
               size_t e_limbs, const mp_modulus *M1, const mp_modulus *M2,
               ct_limb_t *T, size_t t_limbs);

/*
 * The kernel: the almost-Montgomery products X1 = A1 B1 / R52 mod N1 and
 * X2 = A2 B2 / R52 mod N2 (R52 = 2^(52 k)), each < 2N when A B < 4N^2
 * (in particular A, B < 2N) or A < 2^(52k - 2), B < N; the result is one
 * value in [0, 2N), not necessarily reduced. Numbers in the radix-2^52
 * layout above with k digits in `lanes` = k rounded up to a multiple of 8
 * (lanes <= MP52_MAX_LANES), every digit < 2^52; k0 = -N^-1 mod 2^52.
 * X may equal A or B of its operation. mp52_amm2_c is the portable C
 * kernel, always built, the twin of mp52_amm2_ifma (mp_ifma.c).
 */
void mp52_amm2_c(ct_limb_t *X1, ct_limb_t *X2, const ct_limb_t *A1,
                 const ct_limb_t *A2, const ct_limb_t *B1, const ct_limb_t *B2,
                 const ct_limb_t *N1, const ct_limb_t *N2, ct_limb_t k01,
                 ct_limb_t k02, size_t k);
/*
 * X = A with every digit below 2^52 (the carries passed up), for A of
 * `lanes` digits below 2^60 whose value is below 2^(52 lanes); the last
 * step of the kernels. X may equal A. mp52_normalize_c is the twin of
 * mp52_normalize_ifma (lanes a multiple of 8, at most MP52_MAX_LANES).
 */
void mp52_normalize_c(ct_limb_t *X, const ct_limb_t *A, size_t lanes);
/* X (lanes digits) = A (n limbs); A = X (n limbs) for X < 2^(64n) */
void mp52_from_limbs(ct_limb_t *X, size_t lanes, const ct_limb_t *A, size_t n);
void mp52_to_limbs(ct_limb_t *X, size_t n, const ct_limb_t *A, size_t lanes);

#if MP_IFMA
/* the AVX-512 IFMA kernel (mp_ifma.c): call only where mp_x86_ifma() */
void mp52_amm2_ifma(ct_limb_t *X1, ct_limb_t *X2, const ct_limb_t *A1,
                    const ct_limb_t *A2, const ct_limb_t *B1,
                    const ct_limb_t *B2, const ct_limb_t *N1,
                    const ct_limb_t *N2, ct_limb_t k01, ct_limb_t k02,
                    size_t k);
void mp52_normalize_ifma(ct_limb_t *X, const ct_limb_t *A, size_t lanes);
/* ct_limbs_lookup (its twin) for n a multiple of 8, by 512-bit masked
 * moves: every limb of every entry read */
void mp52_lookup_ifma(ct_limb_t *X, const ct_limb_t *table, size_t count,
                      size_t n, size_t index);
#endif

/*
 * Whether mp_exp2_52 runs the IFMA kernel: the CPU has AVX-512 F, VL and
 * IFMA with the OS saving ZMM (ctc_cpu_features), the build has the
 * kernel (MP_IFMA) and mp_x86_ifma_allow has not forbidden it (tests run
 * both kernels on one machine; returns the previous setting).
 */
extern unsigned mp_x86_ifma_state;
unsigned mp_x86_ifma_detect(void);
int mp_x86_ifma_allow(int allowed);

CT_INLINE int mp_x86_ifma(void)
{
    unsigned s = mp_x86_ifma_state;

    return (int)(s ? s & 1u : mp_x86_ifma_detect());
}
#endif

/* ---- inversion (mp_inv.c, mp_inv_vartime.c) ----------------------------------- */

/* Scratch of mp_inv, in limbs. */
#define MP_INV_SCRATCH(n) (5 * ((size_t)(n) + ((size_t)(n) >> 3) + 2))

/*
 * X = A^-1 mod N by Bernstein-Yang divsteps (safegcd), for odd N > 1 and
 * A < N. The number of divsteps depends only on n. Returns true when
 * gcd(A, N) = 1; otherwise X = 0. X may equal A. T: MP_INV_SCRATCH(n).
 * CT: A and N are secret; only n leaks.
 */
ct_cond mp_inv(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *N, size_t n,
               ct_limb_t *T);
/*
 * X = A^(N-2) mod N (Fermat), which is A^-1 mod N for prime N and A != 0
 * (and 0 for A == 0). N odd, N > 2, A < N. X may equal A. T: t_limbs of
 * scratch, at least MP_EXP_SCRATCH(n, 1) + n (the exponent N - 2 lives
 * there). Returns 0 or CTC_ERR_BUFFER.
 * CT: as mp_exp; A and N are secret.
 */
int mp_inv_fermat(ct_limb_t *X, const ct_limb_t *A, const mp_modulus *M,
                  ct_limb_t *T, size_t t_limbs);
/*
 * X = A^-1 mod N by binary extended GCD for public A and odd N > 1, A < N.
 * Returns 0, or CTC_ERR_RANGE when gcd(A, N) != 1 (X = 0 then).
 * X may equal A. T: 4n limbs.
 * CT: variable time in A and N; for public values only.
 */
int mp_inv_vartime(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *N,
                   size_t n, ct_limb_t *T);

/* ---- big-endian bytes (mp_bytes.c) ------------------------------------------ */

/*
 * X (n limbs) = the big-endian integer in[0..len). len may be 0 (X = 0).
 * Returns CTC_ERR_LENGTH if len > n * MP_LIMB_BYTES (nothing is written):
 * input is rejected, never truncated. n >= 1.
 * CT: only len and n leak.
 */
int mp_from_be(ct_limb_t *X, size_t n, const uint8_t *in, size_t len);
/*
 * out[0..len) = A as a big-endian integer of exactly len bytes (leading
 * zeros added). Returns CTC_ERR_RANGE if A does not fit in len bytes; out
 * is then all zeros. n >= 1, len may be 0.
 * CT: the limbs are read and the bytes written in a fixed pattern; only
 * whether A fits (the return value) is made public.
 */
int mp_to_be(uint8_t *out, size_t len, const ct_limb_t *A, size_t n);
/*
 * out[0..n * MP_LIMB_BYTES) = A as a big-endian integer of all its limbs'
 * bytes: mp_to_be with len = n * MP_LIMB_BYTES, where A always fits
 * (no check, no return value: less code where the sizes match, as the
 * curves' coordinates and scalars do). n >= 1.
 * CT: only n leaks.
 */
void mp_to_be_all(uint8_t *out, const ct_limb_t *A, size_t n);

/* ---- leaf selection ------------------------------------------------------------- */

#if MP_HAVE_ASM
ct_limb_t mp_mla_asm(ct_limb_t *X, const ct_limb_t *A, size_t n, ct_limb_t b);
ct_limb_t mp_mont_step_asm(ct_limb_t *T, ct_limb_t top, const ct_limb_t *A,
                           ct_limb_t b, const ct_limb_t *N, size_t n,
                           ct_limb_t ninv);
#define mp_mont_step mp_mont_step_asm
#if defined(MP_ASM_UMAAL)
ct_limb_t mp_mla2_asm(ct_limb_t *X, const ct_limb_t *A, size_t n, ct_limb_t b0,
                      ct_limb_t b1);
#define mp_mla2 mp_mla2_asm
#define MP_MLA2 1
/* mp_montmul_steps in one leaf (arm_umaal.S) */
void mp_montmul_steps_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                          const ct_limb_t *N, size_t n, ct_limb_t ninv, ct_limb_t *T);
#define MP_STEPS_ASM 1
/* mp_mont_redc whole (arm_umaal.S): n a multiple of 8, at least 8 */
void mp_mont_redc_asm(ct_limb_t *X, ct_limb_t *T, const ct_limb_t *N, size_t n,
                      ct_limb_t ninv);
#define MP_REDC_ASM 1
/* mp_sqr's last pass (arm_umaal.S): n even, at least 2 */
void mp_sqr_diag_asm(ct_limb_t *X, const ct_limb_t *A, size_t n);
/* mp_sqr's pairs of rows whole (arm_umaal.S): n even, at least 2 */
void mp_sqr_rows_asm(ct_limb_t *X, const ct_limb_t *A, size_t n);
#endif
#if defined(MP_ASM_X86_64) || defined(MP_ASM_X86_64_MULX)
/* the MULX/ADX row (x86_64.S) */
ct_limb_t mp_mla_asm_mulx(ct_limb_t *X, const ct_limb_t *A, size_t n,
                          ct_limb_t b);
#endif
#if defined(MP_ASM_X86_64_MULX)
#define mp_mla mp_mla_asm_mulx
#elif MP_X86_CPUID
/*
 * The row is chosen per call from a cached CPUID answer (mp_cpu.c): a load
 * and a branch on a value that depends on the CPU only. mp_x86_mulx() is 1
 * when the MULX row runs; mp_x86_mulx_allow(0) makes the library use the
 * MUL row (tests run both on one machine) and returns the previous setting.
 */
extern unsigned mp_x86_mulx_state;
unsigned mp_x86_mulx_detect(void);
int mp_x86_mulx_allow(int allowed);

CT_INLINE int mp_x86_mulx(void)
{
    unsigned s = mp_x86_mulx_state;

    return (int)(s ? s & 1u : mp_x86_mulx_detect());
}

CT_INLINE ct_limb_t mp_mla_cpuid(ct_limb_t *X, const ct_limb_t *A, size_t n,
                                 ct_limb_t b)
{
    return mp_x86_mulx() ? mp_mla_asm_mulx(X, A, n, b) : mp_mla_asm(X, A, n, b);
}
#define mp_mla mp_mla_cpuid
#else
#define mp_mla mp_mla_asm
#endif
#else
#define mp_mla mp_mla_c
#define mp_mont_step mp_mont_step_c
#endif

#ifndef MP_STEPS_ASM
#define MP_STEPS_ASM 0
#endif
#ifndef MP_MLA2
#define MP_MLA2 0
#endif
#ifndef MP_REDC_ASM
#define MP_REDC_ASM 0
#endif

/*
 * X = entry `index` (secret) of a table of `count` entries of n limbs
 * (count, n public), every limb of every entry read: ct_limbs_lookup, or
 * on 32-bit Arm with UMAAL and MLS (PROFILE=fast) the assembly scan of
 * arch/mp_lookup_arm.S where n is a multiple of 4 and count is even (MLS
 * by the selection mask instead of AND and OR per word). Used by the
 * point tables of src/ec (ec.h) and the window table of mp_exp.
 */
#if defined(MP_ASM_UMAAL) && (defined(__thumb2__) || __ARM_ARCH >= 7) \
    && CTC_LIMB_BITS == 32 && !CTC_PROFILE_SMALL
#define MP_LOOKUP_ASM 1
void mp_limbs_lookup_asm(ct_limb_t *X, const ct_limb_t *table, size_t count,
                         size_t n, size_t index);
#else
#define MP_LOOKUP_ASM 0
#endif

CT_INLINE void mp_limbs_lookup(ct_limb_t *X, const ct_limb_t *table,
                               size_t count, size_t n, size_t index)
{
#if MP_LOOKUP_ASM
    if (n >= 4 && (n & 3) == 0 && count >= 2 && (count & 1) == 0) {
        mp_limbs_lookup_asm(X, table, count, n, index);
        return;
    }
#endif
    ct_limbs_lookup(X, table, count, n, index);
}

#endif /* MP_MP_H */

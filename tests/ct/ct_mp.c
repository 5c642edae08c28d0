/*
 * ct_mp.c - constant-time cases for the mp layer (see ct_cases.h).
 *
 * Every limb value - operands, moduli, exponents, Montgomery constants - is
 * derived from the secret bytes, so the checkers treat all of them as
 * secret: RSA's moduli p and q are secret, and a function that is constant
 * time in its modulus is so for public moduli too. Public on purpose, and
 * not derived from the secret: limb counts, shift counts, byte lengths,
 * window sizes (public sizes are what the functions may branch on).
 * Moduli are made odd and given a set top bit with OR operations on the
 * secret values (no branch), so that the preconditions hold for every
 * secret the trace checker tries.
 *
 * Negative controls show that the checkers see leaks in mp code: the
 * public exponentiation and the binary-GCD inversion, run on secret
 * inputs, must be reported (their _vartime names say they may leak), and
 * so must a branch on mp_exp2_52's result (the checker follows the secrets
 * through its kernel).
 */
#include "ct_cases.h"
#include "ct_util.h"
#include "mp/mp.h"

#define W MP_LIMB_BITS
#define L256 (256 / W)
#define L512 (512 / W)

/* X[0..n) from the secret bytes starting at `off` (wrapping), each limb
 * mixed with a public pattern so that different offsets give unrelated
 * values. */
static void fill(ct_limb_t *X, size_t n, const unsigned char *secret, unsigned off)
{
    size_t i, k;

    for (i = 0; i < n; i++) {
        ct_limb_t v = 0;
        for (k = 0; k < MP_LIMB_BYTES; k++)
            v = (v << 8) | secret[(off + i * MP_LIMB_BYTES + k) & (CT_SECRET_BYTES - 1)];
        X[i] = v ^ (ct_limb_t)(0x9e3779b97f4a7c15u * (uint64_t)(off + i + 1));
    }
}

/* an odd modulus with its top bit set (n limbs) */
static void fill_modulus(ct_limb_t *N, size_t n, const unsigned char *secret, unsigned off)
{
    fill(N, n, secret, off);
    N[0] |= 1;
    N[n - 1] |= (ct_limb_t)1 << (W - 1);
}

/* A < N (for N with the top bit set): clear A's top bit */
static void fill_below(ct_limb_t *A, size_t n, const unsigned char *secret, unsigned off)
{
    fill(A, n, secret, off);
    A[n - 1] &= ~((ct_limb_t)1 << (W - 1));
}

#define LMAX (2 * L512 + 4)
static ct_limb_t A[LMAX], B[LMAX], N[LMAX], X[LMAX], Y[LMAX], E[LMAX], R2[LMAX],
    T[LMAX];
static ct_limb_t BIG[MP_EXP_SCRATCH(L512, 4) + L512];
#define BIG_LIMBS (sizeof BIG / sizeof BIG[0])

void ct_case_mp_add(const unsigned char *secret)
{
    const size_t n = 5;
    ct_cond c;

    fill(A, n, secret, 0);
    fill(B, n, secret, 40);
    c = ct_limb_lt(A[0], B[0]);
    ct_keep(mp_add(X, A, B, n));
    ct_keep(mp_sub(Y, A, B, n));
    ct_keep(mp_add_cond(X, X, B, c, n));
    ct_keep(mp_sub_cond(Y, Y, A, ct_cond_not(c), n));
    ct_keep(mp_add_limb(X, X, A[1], n));
    ct_keep(mp_sub_limb(Y, Y, B[1], n));
    ct_keep(mp_lt(X, Y, n).m ^ mp_eq(X, Y, n).m ^ mp_is_zero(Y, n).m);
    ct_keep(mp_shl(X, X, n, 13));
    ct_keep(mp_shr(Y, Y, n, 7));
    mp_cmov(X, Y, mp_lt(A, B, n), n);
    mp_cswap(X, Y, mp_lt(B, A, n), n);
    ct_keep_mem(X, n * sizeof(ct_limb_t));
    ct_keep_mem(Y, n * sizeof(ct_limb_t));
}

void ct_case_mp_mla(const unsigned char *secret)
{
    const size_t n = 7;

    fill(A, n, secret, 8);
    fill(X, n, secret, 100);
    mp_copy(Y, X, n);
    ct_keep(mp_mla(X, A, n, A[3]));
    ct_keep(mp_mla_c(Y, A, n, A[3]));
    ct_keep_mem(X, n * sizeof(ct_limb_t));
    ct_keep_mem(Y, n * sizeof(ct_limb_t));
}

void ct_case_mp_mla2(const unsigned char *secret)
{
    /* the two-row leaf (the assembly where the build has it) and its C
     * twin; then the products that use it on such builds with the shapes
     * the pairs leave over: an odd row count, an even square */
    const size_t n = 7;

    fill(A, n, secret, 8);
    fill(X, n, secret, 100);
    mp_copy(Y, X, n);
#if MP_MLA2
    ct_keep(mp_mla2(X, A, n, A[3], A[5]));
#endif
    ct_keep(mp_mla2_c(Y, A, n, A[3], A[5]));
    ct_keep_mem(X, (n + 1) * sizeof(ct_limb_t));
    ct_keep_mem(Y, (n + 1) * sizeof(ct_limb_t));
    fill(A, L256 + 1, secret, 16);
    fill(B, L256, secret, 150);
    mp_mul(X, B, L256, A, L256 + 1);
    ct_keep_mem(X, (2 * L256 + 1) * sizeof(ct_limb_t));
    mp_sqr(X, B, L256);
    ct_keep_mem(X, 2 * L256 * sizeof(ct_limb_t));
    /* mp_sqr's last pass alone, the assembly and its C twin */
    fill(Y, 2 * L256, secret, 40);
    mp_copy(X, Y, 2 * L256);
#if defined(MP_ASM_UMAAL)
    mp_sqr_diag_asm(X, B, L256);
#endif
    mp_sqr_diag_c(Y, B, L256);
    ct_keep_mem(X, 2 * L256 * sizeof(ct_limb_t));
    ct_keep_mem(Y, 2 * L256 * sizeof(ct_limb_t));
}

void ct_case_mp_sqr_rows(const unsigned char *secret)
{
    /* mp_sqr's pairs of rows whole (the assembly where the build has
     * it, n even) and its C twin, on a secret 256-bit A */
    fill(B, L256, secret, 150);
    fill(X, 2 * L256, secret, 40);
    mp_copy(Y, X, 2 * L256);
#if defined(MP_ASM_UMAAL)
    mp_sqr_rows_asm(X, B, L256);
#endif
    mp_sqr_rows_c(Y, B, L256);
    ct_keep_mem(X, 2 * L256 * sizeof(ct_limb_t));
    ct_keep_mem(Y, 2 * L256 * sizeof(ct_limb_t));
}

void ct_case_mp_mont_redc(const unsigned char *secret)
{
    /* the whole Montgomery reduction (the UMAAL leaf for n a multiple of
     * 8 where the build has it) and its C twin, on a secret modulus and
     * a secret T < N R of 2n limbs, n = 16 */
    const size_t n = L512;
    ct_limb_t ninv;

    fill_modulus(N, n, secret, 0);
    ninv = mp_mont_ninv(N[0]);
    fill_below(A, n, secret, 64);
    fill(B, n, secret, 128);
    mp_mul(E, A, n, B, n);
    mp_copy(R2, E, 2 * n);
    mp_mont_redc(X, E, &(mp_modulus){ N, NULL, n, ninv });
    mp_mont_redc_c(Y, R2, N, n, ninv);
    ct_keep_mem(X, n * sizeof(ct_limb_t));
    ct_keep_mem(Y, n * sizeof(ct_limb_t));
}

void ct_case_mp_mul(const unsigned char *secret)
{
    fill(A, L256 + 1, secret, 16);
    fill(B, L256, secret, 150);
    mp_mul(X, A, L256 + 1, B, L256);
    ct_keep_mem(X, (2 * L256 + 1) * sizeof(ct_limb_t));
    mp_sqr(X, A, L256 + 1);
    ct_keep_mem(X, (2 * L256 + 2) * sizeof(ct_limb_t));
}

void ct_case_mp_mont_step(const unsigned char *secret)
{
    const size_t n = L256;
    ct_limb_t ninv, top;

    fill_modulus(N, n, secret, 3);
    fill_below(A, n, secret, 70);
    fill_below(X, n, secret, 140);
    ninv = mp_mont_ninv(N[0]);
    mp_copy(Y, X, n);
    top = mp_mont_step(X, 0, A, B[0] = A[1] ^ N[2], N, n, ninv);
    ct_keep(top ^ mp_mont_step_c(Y, 0, A, B[0], N, n, ninv));
    ct_keep_mem(X, n * sizeof(ct_limb_t));
    ct_keep_mem(Y, n * sizeof(ct_limb_t));
    /* a whole product by steps (the UMAAL leaf where built) and its C
     * twin, B secret */
    fill(B, n, secret, 100);
    mp_montmul_steps(X, A, B, &(mp_modulus){ N, NULL, n, ninv }, Y);
    ct_keep_mem(X, n * sizeof(ct_limb_t));
    mp_montmul_steps_c(X, A, B, N, n, ninv, Y);
    ct_keep_mem(X, n * sizeof(ct_limb_t));
}

void ct_case_mp_mod(const unsigned char *secret)
{
    /* A of 2n limbs reduced by a secret N (an RSA-CRT-like step), and by
     * an N whose top limb is zero */
    const size_t n = L256;

    fill(A, 2 * n, secret, 5);
    fill_modulus(N, n, secret, 90);
    mp_mod(X, A, 2 * n, N, n, T);
    ct_keep_mem(X, n * sizeof(ct_limb_t));
    N[n - 1] = 0;
    N[0] |= 1;
    mp_mod(X, A, 2 * n, N, n, T);
    ct_keep_mem(X, n * sizeof(ct_limb_t));
}

void ct_case_mp_modarith(const unsigned char *secret)
{
    const size_t n = L256;

    fill_modulus(N, n, secret, 11);
    fill_below(A, n, secret, 60);
    fill_below(B, n, secret, 120);
    mp_mod_add(X, A, B, N, n);
    mp_mod_sub(Y, A, B, N, n);
    mp_mod_neg(X, X, N, n);
    mp_mod_add(Y, Y, X, N, n);
    ct_keep_mem(X, n * sizeof(ct_limb_t));
    ct_keep_mem(Y, n * sizeof(ct_limb_t));
}

void ct_case_mp_mont(const unsigned char *secret)
{
    const size_t n = L256 + 1;   /* a size that is not a power of two */
    ct_limb_t ninv;

    fill_modulus(N, n, secret, 21);
    fill_below(A, n, secret, 77);
    fill(B, n, secret, 133);
    ninv = mp_mont_ninv(N[0]);
    ct_keep(ninv);
    mp_mont_R2(R2, N, n, BIG);
    mp_to_mont(X, A, &(mp_modulus){ N, R2, n, ninv }, T);
    mp_montmul(Y, X, B, &(mp_modulus){ N, NULL, n, ninv }, T);
    mp_montsqr(Y, Y, &(mp_modulus){ N, NULL, n, ninv }, T);
    mp_from_mont(X, Y, &(mp_modulus){ N, NULL, n, ninv }, T);
    ct_keep_mem(X, n * sizeof(ct_limb_t));
    mp_mul(T, A, n, X, n);
    mp_mont_redc(Y, T, &(mp_modulus){ N, NULL, n, ninv });
    ct_keep_mem(Y, n * sizeof(ct_limb_t));
}

void ct_case_mp_exp(const unsigned char *secret)
{
    /* secret base, exponent and modulus (256 bits each); the window is the
     * one the scratch allows (public) */
    const size_t n = L256;
    ct_limb_t ninv;

    fill_modulus(N, n, secret, 31);
    fill(A, n, secret, 64);
    /* the exponent as the secret bytes are (the scalar layout: zero and
     * non-zero windows, single high and low bits) */
    (void)mp_from_be(E, n, secret + 160, 32);
    ninv = mp_mont_ninv(N[0]);
    mp_mont_R2(R2, N, n, BIG);
    ct_keep((uint64_t)mp_exp(X, A, E, n, &(mp_modulus){ N, R2, n, ninv }, BIG, BIG_LIMBS));
    ct_keep_mem(X, n * sizeof(ct_limb_t));
    /* a short exponent costs what its limb count says, nothing less */
    E[0] = (E[0] & 0xffff) | 0x10001;
    ct_keep((uint64_t)mp_exp(X, A, E, 1, &(mp_modulus){ N, R2, n, ninv }, BIG, MP_EXP_SCRATCH(n, 2)));
    ct_keep_mem(X, n * sizeof(ct_limb_t));
}

void ct_case_mp_exp_pubexp(const unsigned char *secret)
{
    /* secret base and modulus (256 bits), public exponents: 65537, 3 and
     * a two-limb one (RSA's e and its check) */
    const size_t n = L256;
    ct_limb_t ninv;

    fill_modulus(N, n, secret, 31);
    fill(A, n, secret, 64);
    ninv = mp_mont_ninv(N[0]);
    mp_mont_R2(R2, N, n, BIG);
    E[0] = 65537;
    ct_keep((uint64_t)mp_exp_pubexp(X, A, E, 1, &(mp_modulus){ N, R2, n, ninv }, BIG, BIG_LIMBS));
    ct_keep_mem(X, n * sizeof(ct_limb_t));
    E[0] = 3;
    E[1] = 0x80000001u;
    ct_keep((uint64_t)mp_exp_pubexp(X, A, E, 2, &(mp_modulus){ N, R2, n, ninv }, BIG, MP_EXP_SCRATCH(n, 1)));
    ct_keep_mem(X, n * sizeof(ct_limb_t));
}

/*
 * mp_exp2_52 (x86-64 with 64-bit limbs): two exponentiations with secret
 * bases, exponents and moduli of 512 bits (10 digits in two registers of
 * 8), window 5, then a short exponent with a smaller window. Under
 * valgrind the C kernel runs (the IFMA kernel is not built there: valgrind
 * cannot execute AVX-512); under MemorySanitizer the kernel this CPU runs,
 * the IFMA one where it has AVX-512 IFMA. Elsewhere the path is not built
 * and the case is empty.
 */
#if MP_EXP52
static ct_limb_t A2[L512], N2[L512], E2[L512], X2[L512], R22[L512];
static ct_limb_t BIG52[MP_EXP2_52_SCRATCH(L512, 5)];

static void exp2_52_secret(const unsigned char *secret, size_t e_limbs, size_t t_limbs)
{
    const size_t n = L512;
    mp_modulus m1, m2;

    fill_modulus(N, n, secret, 31);
    fill_modulus(N2, n, secret, 97);
    fill(A, n, secret, 64);
    fill(A2, n, secret, 7);
    (void)mp_from_be(E, n, secret + 160, 32);
    fill(E2, n, secret, 128);
    mp_mont_R2(R2, N, n, BIG);
    mp_mont_R2(R22, N2, n, BIG);
    m1.N = N;
    m1.R2 = R2;
    m1.n = n;
    m1.ninv = mp_mont_ninv(N[0]);
    m2.N = N2;
    m2.R2 = R22;
    m2.n = n;
    m2.ninv = mp_mont_ninv(N2[0]);
    ct_keep((uint64_t)mp_exp2_52(X, X2, A, A2, E, E2, e_limbs, &m1, &m2, BIG52, t_limbs));
}
#endif

void ct_case_mp_exp2_52(const unsigned char *secret)
{
#if MP_EXP52
    exp2_52_secret(secret, L512, sizeof BIG52 / sizeof BIG52[0]);
    ct_keep_mem(X, L512 * sizeof(ct_limb_t));
    ct_keep_mem(X2, L512 * sizeof(ct_limb_t));
    exp2_52_secret(secret, 1, MP_EXP2_52_SCRATCH(L512, 2));
    ct_keep_mem(X, L512 * sizeof(ct_limb_t));
    ct_keep_mem(X2, L512 * sizeof(ct_limb_t));
#else
    (void)secret;
#endif
}

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static uint64_t leaky_bit_branch(ct_limb_t v, uint64_t x)
{
    ct_limb_t i;

    /* as many rounds as the low bits of v say: a branch per round */
    for (i = 0; i < (v & 7); i++)
        x = (x << 3) ^ (x >> 5) ^ i;
    return x;
}

void ct_case_mp_leaky_exp2_52(const unsigned char *secret)
{
#if MP_EXP52
    /* a branch on the result: reported only if the checker follows the
     * secrets through the kernel (the IFMA intrinsics under
     * MemorySanitizer, the C kernel under valgrind) */
    exp2_52_secret(secret, L512, sizeof BIG52 / sizeof BIG52[0]);
    ct_keep(leaky_bit_branch(X2[0], 99));
#else
    /* no radix-2^52 path in this build: the same branch on a secret limb */
    fill(A, 1, secret, 64);
    ct_keep(leaky_bit_branch(A[0], 99));
#endif
}

void ct_case_mp_inv(const unsigned char *secret)
{
    /* safegcd with a secret value and a secret odd modulus; at 256 bits and
     * at 512 + 32 bits (gcd may or may not be 1: the answer stays secret) */
    size_t n = L256;

    fill_modulus(N, n, secret, 41);
    fill_below(A, n, secret, 99);
    ct_keep(mp_inv(X, A, N, n, BIG).m);
    ct_keep_mem(X, n * sizeof(ct_limb_t));
    n = MP_LIMBS(544);
    fill(N, n, secret, 7);
    N[0] |= 1;
    N[n - 1] = (N[n - 1] & 0xffffffffu) | 0x80000000u;
    fill(A, n, secret, 200);
    A[n - 1] &= 0x7fffffffu;
    ct_keep(mp_inv(X, A, N, n, BIG).m);
    ct_keep_mem(X, n * sizeof(ct_limb_t));
}

void ct_case_mp_inv_fermat(const unsigned char *secret)
{
    /* Fermat inversion with a secret base and modulus (the exponent N - 2
     * is as secret as N) */
    const size_t n = L256;
    ct_limb_t ninv;

    fill_modulus(N, n, secret, 51);
    fill_below(A, n, secret, 180);
    ninv = mp_mont_ninv(N[0]);
    mp_mont_R2(R2, N, n, BIG);
    ct_keep((uint64_t)mp_inv_fermat(X, A, &(mp_modulus){ N, R2, n, ninv }, BIG, BIG_LIMBS));
    ct_keep_mem(X, n * sizeof(ct_limb_t));
}

void ct_case_mp_bytes(const unsigned char *secret)
{
    /* import of secret bytes; export into exactly the right length and into
     * a shorter one where the value fits by construction (whether it fits
     * is the one public output, and it is the same for every secret) */
    uint8_t out[64];
    const size_t n = L256;

    ct_keep((uint64_t)mp_from_be(X, n, secret + 3, 32));
    ct_keep((uint64_t)mp_from_be(Y, n, secret + 40, 29));
    ct_keep((uint64_t)mp_to_be(out, 32, X, n));
    ct_keep_mem(out, 32);
    ct_keep((uint64_t)mp_to_be(out, 40, Y, n));
    ct_keep_mem(out, 40);
    ct_keep((uint64_t)mp_to_be(out, 29, Y, n));
    ct_keep_mem(out, 29);
}

/* Negative controls: public-data functions on secret data. */

void ct_case_mp_leaky_exp_vartime(const unsigned char *secret)
{
    const size_t n = L256;
    ct_limb_t ninv;

    fill_modulus(N, n, secret, 31);
    fill(A, n, secret, 64);
    /* the exponent as the secret bytes are (the scalar layout: zero and
     * non-zero windows, single high and low bits) */
    (void)mp_from_be(E, n, secret + 160, 32);
    ninv = mp_mont_ninv(N[0]);
    mp_mont_R2(R2, N, n, BIG);
    ct_keep((uint64_t)mp_exp_vartime(X, A, E, n, &(mp_modulus){ N, R2, n, ninv }, BIG, BIG_LIMBS));
    ct_keep_mem(X, n * sizeof(ct_limb_t));
}

void ct_case_mp_leaky_exp_pubexp(const unsigned char *secret)
{
    /* the public-exponent method given a secret exponent: its squarings
     * and multiplies follow the exponent's bits */
    const size_t n = L256;
    ct_limb_t ninv;

    fill_modulus(N, n, secret, 31);
    fill(A, n, secret, 64);
    (void)mp_from_be(E, n, secret + 160, 32);
    ninv = mp_mont_ninv(N[0]);
    mp_mont_R2(R2, N, n, BIG);
    ct_keep((uint64_t)mp_exp_pubexp(X, A, E, n, &(mp_modulus){ N, R2, n, ninv }, BIG, BIG_LIMBS));
    ct_keep_mem(X, n * sizeof(ct_limb_t));
}

void ct_case_mp_leaky_inv_vartime(const unsigned char *secret)
{
    const size_t n = L256;

    fill_modulus(N, n, secret, 41);
    fill_below(A, n, secret, 99);
    ct_keep((uint64_t)mp_inv_vartime(X, A, N, n, BIG));
    ct_keep_mem(X, n * sizeof(ct_limb_t));
}

/*
 * bench_mp.c - the multi-precision layer next to OpenSSL's BN and mbedTLS's
 * bignum (Debian's libssl and libmbedcrypto), in the same run, at 256, 384,
 * 2048, 3072 and 4096 bits, plus the cases the field watches: 256-bit
 * multiply and inverse, 2048-bit exponentiation with a 2048-bit secret
 * exponent and with e = 65537, 1024-bit exponentiation with a 17-bit
 * exponent, and Fermat against safegcd inversion.
 *
 * Fairness: per-modulus constants are precomputed for everyone (our R^2
 * and -N^-1, OpenSSL's BN_MONT_CTX passed to the exponentiations,
 * mbedTLS's RR cache); operands are fixed pseudo-random values with the
 * modulus's top bit set; results go to a sink. Secret exponentiation is
 * compared with BN_mod_exp_mont_consttime and mbedtls_mpi_exp_mod (which
 * has no separate public variant), public exponentiation with
 * BN_mod_exp_mont. Constant-time inversion is compared with OpenSSL's
 * BN_mod_inverse on BN_FLG_CONSTTIME inputs, public inversion with plain
 * BN_mod_inverse and mbedtls_mpi_inv_mod.
 *
 * Usage: bench_mp [BITS...]   (default: all sizes)
 */
#include <mbedtls/bignum.h>
#include <mbedtls/version.h>
#include <openssl/bn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctcrypto/common.h"
#include "harness.h"
#include "mp/mp.h"

#define MAXN (4096 / MP_LIMB_BITS)

struct sz {
    int bits;
    size_t n;
    /* ours */
    ct_limb_t N[MAXN], A[MAXN], B[MAXN], E[MAXN], E3[MAXN], R2[MAXN], X[2 * MAXN],
        P[2 * MAXN], T[4 * MAXN + 4];
    ct_limb_t ninv;
    size_t e_small_limbs;
    ct_limb_t *scratch;
    size_t scratch_limbs;
    /* OpenSSL */
    BN_CTX *bctx;
    BN_MONT_CTX *mont;
    BIGNUM *bN, *bA, *bB, *bE, *bE3, *bX, *bP, *bAm, *bBm, *bAct;
    /* mbedTLS */
    mbedtls_mpi mN, mA, mB, mE, mE3, mX, mP, mRR;
};

static uint64_t rng = 0x243f6a8885a308d3u;

static uint64_t next64(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void rand_limbs(ct_limb_t *X, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        X[i] = (ct_limb_t)next64();
}

static void to_bn(BIGNUM *b, const ct_limb_t *A, size_t n)
{
    uint8_t buf[4096 / 8 * 2];

    if (mp_to_be(buf, n * MP_LIMB_BYTES, A, n) != 0 ||
        !BN_bin2bn(buf, (int)(n * MP_LIMB_BYTES), b))
        abort();
}

static void to_mbed(mbedtls_mpi *m, const ct_limb_t *A, size_t n)
{
    uint8_t buf[4096 / 8 * 2];

    if (mp_to_be(buf, n * MP_LIMB_BYTES, A, n) != 0 ||
        mbedtls_mpi_read_binary(m, buf, n * MP_LIMB_BYTES) != 0)
        abort();
}

static struct sz *setup(int bits)
{
    struct sz *s = calloc(1, sizeof *s);
    size_t n = MP_LIMBS(bits);

    s->bits = bits;
    s->n = n;
    rand_limbs(s->N, n);
    s->N[0] |= 1;
    s->N[n - 1] |= (ct_limb_t)1 << (MP_LIMB_BITS - 1);
    rand_limbs(s->A, n);
    s->A[n - 1] &= ~((ct_limb_t)1 << (MP_LIMB_BITS - 1));   /* A < N */
    rand_limbs(s->B, n);
    s->B[n - 1] &= ~((ct_limb_t)1 << (MP_LIMB_BITS - 1));
    /* A invertible modulo N, so that every inversion does its full work
     * (the Fermat timing does not depend on N being prime) */
    while (mp_inv_vartime(s->X, s->A, s->N, n, s->T) != 0)
        s->A[0] += 2;
    rand_limbs(s->E, n);
    s->E[n - 1] |= (ct_limb_t)1 << (MP_LIMB_BITS - 1);      /* full length */
    mp_set_limb(s->E3, n, 65537);
    s->e_small_limbs = 1;
    s->ninv = mp_mont_ninv(s->N[0]);
    s->scratch_limbs = MP_EXP_SCRATCH(n, MP_EXP_WINDOW_MAX) + n;
    if (s->scratch_limbs < MP_INV_SCRATCH(n))
        s->scratch_limbs = MP_INV_SCRATCH(n);
    s->scratch = calloc(s->scratch_limbs, sizeof(ct_limb_t));
    mp_mont_R2(s->R2, s->N, n, s->scratch);
    mp_mul(s->P, s->A, n, s->B, n);

    s->bctx = BN_CTX_new();
    s->bN = BN_new();
    s->bA = BN_new();
    s->bB = BN_new();
    s->bE = BN_new();
    s->bE3 = BN_new();
    s->bX = BN_new();
    s->bP = BN_new();
    s->bAm = BN_new();
    s->bBm = BN_new();
    to_bn(s->bN, s->N, n);
    to_bn(s->bA, s->A, n);
    to_bn(s->bB, s->B, n);
    to_bn(s->bE, s->E, n);
    to_bn(s->bE3, s->E3, n);
    to_bn(s->bP, s->P, 2 * n);
    s->mont = BN_MONT_CTX_new();
    BN_MONT_CTX_set(s->mont, s->bN, s->bctx);
    BN_to_montgomery(s->bAm, s->bA, s->mont, s->bctx);
    BN_to_montgomery(s->bBm, s->bB, s->mont, s->bctx);
    s->bAct = BN_dup(s->bA);
    BN_set_flags(s->bAct, BN_FLG_CONSTTIME);

    mbedtls_mpi_init(&s->mN);
    mbedtls_mpi_init(&s->mA);
    mbedtls_mpi_init(&s->mB);
    mbedtls_mpi_init(&s->mE);
    mbedtls_mpi_init(&s->mE3);
    mbedtls_mpi_init(&s->mX);
    mbedtls_mpi_init(&s->mP);
    mbedtls_mpi_init(&s->mRR);
    to_mbed(&s->mN, s->N, n);
    to_mbed(&s->mA, s->A, n);
    to_mbed(&s->mB, s->B, n);
    to_mbed(&s->mE, s->E, n);
    to_mbed(&s->mE3, s->E3, n);
    to_mbed(&s->mP, s->P, 2 * n);
    /* fills the RR cache */
    mbedtls_mpi_exp_mod(&s->mX, &s->mA, &s->mE3, &s->mN, &s->mRR);
    return s;
}

/* ---- ours ----------------------------------------------------------------- */

static void o_mul(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_mul(s->X, s->A, s->n, s->B, s->n);
    bench_sink += s->X[0];
}

static void o_sqr(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_sqr(s->X, s->A, s->n);
    bench_sink += s->X[0];
}

static void o_montmul(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_montmul(s->X, s->A, s->B, s->N, s->n, s->ninv, s->T);
    bench_sink += s->X[0];
}

static void o_montsqr(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_montsqr(s->X, s->A, s->N, s->n, s->ninv, s->T);
    bench_sink += s->X[0];
}

static void o_mod(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_mod(s->X, s->P, 2 * s->n, s->N, s->n, s->T);
    bench_sink += s->X[0];
}

static void o_exp(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_exp(s->X, s->A, s->E, s->n, s->N, s->n, s->ninv, s->R2, s->scratch,
               s->scratch_limbs);
    bench_sink += s->X[0];
}

static void o_exp_vt(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_exp_vartime(s->X, s->A, s->E, s->n, s->N, s->n, s->ninv, s->R2, s->scratch,
                       s->scratch_limbs);
    bench_sink += s->X[0];
}

static void o_exp3_vt(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_exp_vartime(s->X, s->A, s->E3, s->e_small_limbs, s->N, s->n, s->ninv, s->R2,
                       s->scratch, s->scratch_limbs);
    bench_sink += s->X[0];
}

static void o_inv(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        bench_sink += mp_inv(s->X, s->A, s->N, s->n, s->scratch).m;
}

static void o_inv_fermat(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_inv_fermat(s->X, s->A, s->N, s->n, s->ninv, s->R2, s->scratch, s->scratch_limbs);
    bench_sink += s->X[0];
}

static void o_inv_vt(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        bench_sink += (uint64_t)mp_inv_vartime(s->X, s->A, s->N, s->n, s->scratch);
}

static void o_r2(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_mont_R2(s->X, s->N, s->n, s->scratch);
    bench_sink += s->X[0];
}

/* ---- OpenSSL ------------------------------------------------------------------ */

static void s_mul(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        BN_mul(s->bX, s->bA, s->bB, s->bctx);
}

static void s_sqr(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        BN_sqr(s->bX, s->bA, s->bctx);
}

static void s_montmul(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        BN_mod_mul_montgomery(s->bX, s->bAm, s->bBm, s->mont, s->bctx);
}

static void s_montsqr(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        BN_mod_mul_montgomery(s->bX, s->bAm, s->bAm, s->mont, s->bctx);
}

static void s_mod(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        BN_nnmod(s->bX, s->bP, s->bN, s->bctx);
}

static void s_exp(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        BN_mod_exp_mont_consttime(s->bX, s->bA, s->bE, s->bN, s->bctx, s->mont);
}

static void s_exp_vt(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        BN_mod_exp_mont(s->bX, s->bA, s->bE, s->bN, s->bctx, s->mont);
}

static void s_exp3_vt(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        BN_mod_exp_mont(s->bX, s->bA, s->bE3, s->bN, s->bctx, s->mont);
}

static void s_inv_ct(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        BN_mod_inverse(s->bX, s->bAct, s->bN, s->bctx);
}

static void s_inv(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        BN_mod_inverse(s->bX, s->bA, s->bN, s->bctx);
}

static void s_r2(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--) {
        BN_MONT_CTX *m = BN_MONT_CTX_new();
        BN_MONT_CTX_set(m, s->bN, s->bctx);
        BN_MONT_CTX_free(m);
    }
}

/* ---- mbedTLS ----------------------------------------------------------------- */

static void m_mul(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mbedtls_mpi_mul_mpi(&s->mX, &s->mA, &s->mB);
}

static void m_sqr(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mbedtls_mpi_mul_mpi(&s->mX, &s->mA, &s->mA);
}

static void m_mod(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mbedtls_mpi_mod_mpi(&s->mX, &s->mP, &s->mN);
}

static void m_exp(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mbedtls_mpi_exp_mod(&s->mX, &s->mA, &s->mE, &s->mN, &s->mRR);
}

static void m_exp3(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mbedtls_mpi_exp_mod(&s->mX, &s->mA, &s->mE3, &s->mN, &s->mRR);
}

static void m_inv(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mbedtls_mpi_inv_mod(&s->mX, &s->mA, &s->mN);
}

/* ---- the run ------------------------------------------------------------------ */

static int wanted(int argc, char **argv, int bits)
{
    int i;

    if (argc < 2)
        return 1;
    for (i = 1; i < argc; i++)
        if (atoi(argv[i]) == bits)
            return 1;
    return 0;
}

static void run3(const char *op, struct sz *s, bench_fn o, bench_fn b, bench_fn m)
{
    char name[64];

    snprintf(name, sizeof name, "%s %d", op, s->bits);
    bench_run("mp", name, "ctcrypto", o, s, 0);
    if (b)
        bench_run("mp", name, "openssl", b, s, 0);
    if (m)
        bench_run("mp", name, "mbedtls", m, s, 0);
}

int main(int argc, char **argv)
{
    static const int sizes[] = { 256, 384, 1024, 2048, 3072, 4096 };
    size_t i;

    printf("# %s\n", ctc_build_info());
    printf("# peers: %s; mbedTLS %d.%d.%d\n", OpenSSL_version(OPENSSL_VERSION),
           MBEDTLS_VERSION_MAJOR, MBEDTLS_VERSION_MINOR, MBEDTLS_VERSION_PATCH);
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        struct sz *s;
        char title[96];

        if (!wanted(argc, argv, sizes[i]))
            continue;
        s = setup(sizes[i]);
        snprintf(title, sizeof title, "%d-bit operands (%zu limbs of %d bits)", s->bits, s->n,
                 MP_LIMB_BITS);
        bench_header(title);
        if (s->bits == 1024) {
            /* the 17-bit public exponent case only */
            mp_set_limb(s->E3, s->n, 0x1ffff);
            BN_set_word(s->bE3, 0x1ffff);
            mbedtls_mpi_lset(&s->mE3, 0x1ffff);
            run3("exp public e=2^17-1", s, o_exp3_vt, s_exp3_vt, m_exp3);
            run3("exp secret e 1024-bit", s, o_exp, s_exp, m_exp);
            continue;
        }
        run3("mul", s, o_mul, s_mul, m_mul);
        run3("sqr", s, o_sqr, s_sqr, m_sqr);
        run3("montmul", s, o_montmul, s_montmul, NULL);
        run3("montsqr", s, o_montsqr, s_montsqr, NULL);
        run3("mod 2n->n", s, o_mod, s_mod, m_mod);
        run3("mont setup (R^2)", s, o_r2, s_r2, NULL);
        run3("exp secret e full", s, o_exp, s_exp, m_exp);
        run3("exp public e full", s, o_exp_vt, s_exp_vt, NULL);
        run3("exp public e=65537", s, o_exp3_vt, s_exp3_vt, m_exp3);
        run3("inv secret (safegcd)", s, o_inv, s_inv_ct, NULL);
        run3("inv secret (Fermat)", s, o_inv_fermat, NULL, NULL);
        run3("inv public", s, o_inv_vt, s_inv, m_inv);
    }
    return 0;
}

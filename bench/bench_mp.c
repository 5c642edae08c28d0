/*
 * bench_mp.c - the multi-precision layer at 256, 384, 2048, 3072 and 4096
 * bits, plus the cases the field watches: 256-bit multiply and inverse,
 * 2048-bit exponentiation with a 2048-bit secret exponent and with
 * e = 65537, 1024-bit exponentiation with a 17-bit public exponent, and
 * Fermat against safegcd inversion.
 *
 * On the host, next to OpenSSL's BN and mbedTLS's bignum (Debian's libssl
 * and libmbedcrypto), in the same run. Fairness: per-modulus constants are
 * precomputed for everyone (our R^2 and -N^-1, OpenSSL's BN_MONT_CTX given
 * to its exponentiations, mbedTLS's RR cache); operands are fixed
 * pseudo-random values below a modulus with its top bit set, with the
 * operand invertible. Secret exponentiation is compared with
 * BN_mod_exp_mont_consttime and mbedtls_mpi_exp_mod (which has no public
 * variant), public exponentiation with BN_mod_exp_mont; constant-time
 * inversion with BN_mod_inverse on BN_FLG_CONSTTIME inputs, public
 * inversion with plain BN_mod_inverse and mbedtls_mpi_inv_mod. mbedTLS
 * 2.28 has no public Montgomery multiply ("-" in the table).
 *
 * On the emulated cores (instructions and estimated cycles per operation),
 * ours only; the full-length exponentiations and Fermat inversion stop at
 * 2048 bits there (a 4096-bit one is billions of emulated instructions)
 * and the exponentiation window at 5 (the scratch fits the Cortex-M0
 * image's RAM).
 *
 * Host usage: bench_mp [BITS...]   (default: all sizes)
 */
#include "ctcrypto/common.h"
#include "harness.h"
#include "mp/mp.h"

#if BENCH_HOST
#include <mbedtls/bignum.h>
#include <mbedtls/version.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <stdlib.h>
#endif

#define MAXN (4096 / MP_LIMB_BITS)
#if BENCH_HOST
#define WMAX MP_EXP_WINDOW_MAX
#else
#define WMAX 5
#endif

static struct sz {
    int bits;
    size_t n;
    ct_limb_t N[MAXN], A[MAXN], B[MAXN], E[MAXN], E3[MAXN], R2[MAXN], X[2 * MAXN + 2],
        P[2 * MAXN], T[4 * MAXN + 4];
    ct_limb_t ninv;
#if BENCH_HOST
    BN_CTX *bctx;
    BN_MONT_CTX *mont;
    BIGNUM *bN, *bA, *bB, *bE, *bE3, *bX, *bP, *bAm, *bBm, *bAct;
    mbedtls_mpi mN, mA, mB, mE, mE3, mX, mP, mRR;
#endif
} S;

static ct_limb_t scratch[MP_EXP_SCRATCH(MAXN, WMAX) + MAXN];

/* a size's modulus as the mp layer's object */
#define SZ_MOD(s) (&(mp_modulus){ (s)->N, (s)->R2, (s)->n, (s)->ninv })
#define SCRATCH_LIMBS (sizeof scratch / sizeof scratch[0])

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

/* "op bits" into a static buffer (no libc on the emulated cores) */
static const char *label(const char *op, int bits)
{
    static char buf[64];
    static const int p10[] = { 1000, 100, 10, 1 };
    size_t k = 0, i;
    int started = 0;

    while (*op && k < sizeof buf - 8)
        buf[k++] = *op++;
    buf[k++] = ' ';
    for (i = 0; i < 4; i++) {
        char d = '0';
        while (bits >= p10[i]) {
            bits -= p10[i];
            d++;
        }
        if (d != '0' || started || i == 3) {
            buf[k++] = d;
            started = 1;
        }
    }
    buf[k] = 0;
    return buf;
}

#if BENCH_HOST
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

static void peers_setup(struct sz *s)
{
    size_t n = s->n;
    static int done;

    if (!done) {
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
        s->bAct = BN_new();
        s->mont = BN_MONT_CTX_new();
        mbedtls_mpi_init(&s->mN);
        mbedtls_mpi_init(&s->mA);
        mbedtls_mpi_init(&s->mB);
        mbedtls_mpi_init(&s->mE);
        mbedtls_mpi_init(&s->mE3);
        mbedtls_mpi_init(&s->mX);
        mbedtls_mpi_init(&s->mP);
        mbedtls_mpi_init(&s->mRR);
        done = 1;
    }
    to_bn(s->bN, s->N, n);
    to_bn(s->bA, s->A, n);
    to_bn(s->bB, s->B, n);
    to_bn(s->bE, s->E, n);
    to_bn(s->bE3, s->E3, n);
    to_bn(s->bP, s->P, 2 * n);
    BN_MONT_CTX_set(s->mont, s->bN, s->bctx);
    BN_to_montgomery(s->bAm, s->bA, s->mont, s->bctx);
    BN_to_montgomery(s->bBm, s->bB, s->mont, s->bctx);
    BN_copy(s->bAct, s->bA);
    BN_set_flags(s->bAct, BN_FLG_CONSTTIME);
    to_mbed(&s->mN, s->N, n);
    to_mbed(&s->mA, s->A, n);
    to_mbed(&s->mB, s->B, n);
    to_mbed(&s->mE, s->E, n);
    to_mbed(&s->mE3, s->E3, n);
    to_mbed(&s->mP, s->P, 2 * n);
    mbedtls_mpi_free(&s->mRR);
    mbedtls_mpi_init(&s->mRR);
    /* fills the RR cache for this modulus */
    mbedtls_mpi_exp_mod(&s->mX, &s->mA, &s->mE3, &s->mN, &s->mRR);
}
#endif

static void setup(struct sz *s, int bits)
{
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
    /* the short public exponent: 65537, or 2^17 - 1 at 1024 bits */
    mp_set_limb(s->E3, n, bits == 1024 ? 0x1ffff : 65537);
    s->ninv = mp_mont_ninv(s->N[0]);
    mp_mont_R2(s->R2, s->N, n, scratch);
    mp_mul(s->P, s->A, n, s->B, n);
#if BENCH_HOST
    peers_setup(s);
#endif
}

/* ---- ours ----------------------------------------------------------------- */

static void o_mul(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_mul(s->X, s->A, s->n, s->B, s->n);
    bench_sink ^= s->X[0];
}

static void o_sqr(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_sqr(s->X, s->A, s->n);
    bench_sink ^= s->X[0];
}

static void o_montmul(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_montmul(s->X, s->A, s->B, SZ_MOD(s), s->T);
    bench_sink ^= s->X[0];
}

static void o_montsqr(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_montsqr(s->X, s->A, SZ_MOD(s), s->T);
    bench_sink ^= s->X[0];
}

static void o_mod(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_mod(s->X, s->P, 2 * s->n, s->N, s->n, s->T);
    bench_sink ^= s->X[0];
}

static void o_r2(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_mont_R2(s->X, s->N, s->n, scratch);
    bench_sink ^= s->X[0];
}

static void o_exp(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_exp(s->X, s->A, s->E, s->n, SZ_MOD(s), scratch, SCRATCH_LIMBS);
    bench_sink ^= s->X[0];
}

static void o_exp_vt(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_exp_vartime(s->X, s->A, s->E, s->n, SZ_MOD(s), scratch,
                       SCRATCH_LIMBS);
    bench_sink ^= s->X[0];
}

static void o_exp3_vt(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_exp_vartime(s->X, s->A, s->E3, 1, SZ_MOD(s), scratch,
                       SCRATCH_LIMBS);
    bench_sink ^= s->X[0];
}

static void o_inv(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        bench_sink ^= mp_inv(s->X, s->A, s->N, s->n, scratch).m;
}

static void o_inv_fermat(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        mp_inv_fermat(s->X, s->A, SZ_MOD(s), scratch, SCRATCH_LIMBS);
    bench_sink ^= s->X[0];
}

static void o_inv_vt(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--)
        bench_sink ^= (uint64_t)mp_inv_vartime(s->X, s->A, s->N, s->n, scratch);
}

#if BENCH_HOST
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

static void s_r2(void *c, uint64_t it)
{
    struct sz *s = c;
    while (it--) {
        BN_MONT_CTX *m = BN_MONT_CTX_new();
        BN_MONT_CTX_set(m, s->bN, s->bctx);
        BN_MONT_CTX_free(m);
    }
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
#define PEER(x) x
#else
#define PEER(x) NULL
#endif

/* ---- the run ------------------------------------------------------------------ */

/* heavy: on the emulated cores, 2 iterations in the second region */
static void run3(const char *op, bench_fn o, bench_fn b, bench_fn m, int heavy)
{
    const char *name = label(op, S.bits);

    bench_emu_iters = heavy ? 2 : 9;
    bench_run("mp", name, "ctcrypto", o, &S, 0);
    if (b)
        bench_run("mp", name, "openssl", b, &S, 0);
    if (m)
        bench_run("mp", name, "mbedtls", m, &S, 0);
}

static void run_size(int bits)
{
    int big = bits >= 2048, huge = bits > 2048;

    setup(&S, bits);
    bench_header(label("operands of", bits));
    if (bits == 1024) {
        /* the 17-bit public exponent, and the RSA-2048 CRT half */
        run3("exp public e=2^17-1", o_exp3_vt, PEER(s_exp3_vt), PEER(m_exp3), 1);
        if (!huge || BENCH_HOST)
            run3("exp secret e 1024-bit", o_exp, PEER(s_exp), PEER(m_exp), 1);
        return;
    }
    run3("mul", o_mul, PEER(s_mul), PEER(m_mul), 0);
    run3("sqr", o_sqr, PEER(s_sqr), PEER(m_sqr), 0);
    run3("montmul", o_montmul, PEER(s_montmul), NULL, 0);
    run3("montsqr", o_montsqr, PEER(s_montsqr), NULL, 0);
    run3("mod 2n->n", o_mod, PEER(s_mod), PEER(m_mod), big);
    run3("mont setup (R^2)", o_r2, PEER(s_r2), NULL, big);
    if (!huge || BENCH_HOST) {
        run3("exp secret e full", o_exp, PEER(s_exp), PEER(m_exp), 1);
        run3("exp public e full", o_exp_vt, PEER(s_exp_vt), NULL, 1);
    }
    run3("exp public e=65537", o_exp3_vt, PEER(s_exp3_vt), PEER(m_exp3), big);
    run3("inv secret (safegcd)", o_inv, PEER(s_inv_ct), NULL, big);
    if (!huge || BENCH_HOST)
        run3("inv secret (Fermat)", o_inv_fermat, NULL, NULL, 1);
    run3("inv public", o_inv_vt, PEER(s_inv), PEER(m_inv), big);
}

#if BENCH_HOST
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

int main(int argc, char **argv)
#else
int main(void)
#endif
{
    static const int sizes[] = { 256, 384, 1024, 2048, 3072, 4096 };
    size_t i;

    bench_info(ctc_build_info());
#if MP_X86_CPUID
    bench_info(mp_x86_mulx() ? "mp row chosen at run time: MULX/ADX"
                             : "mp row chosen at run time: MUL");
#endif
#if BENCH_HOST
    {
        char peers[160];
        snprintf(peers, sizeof peers, "peers: %s; mbedTLS %d.%d.%d",
                 OpenSSL_version(OPENSSL_VERSION), MBEDTLS_VERSION_MAJOR,
                 MBEDTLS_VERSION_MINOR, MBEDTLS_VERSION_PATCH);
        bench_info(peers);
    }
#endif
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
#if BENCH_HOST
        if (!wanted(argc, argv, sizes[i]))
            continue;
#endif
        run_size(sizes[i]);
    }
    return 0;
}

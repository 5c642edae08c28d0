/*
 * test_mp_openssl.c - the mp layer against OpenSSL's BN on the host: every
 * operation on n_cases random inputs (200,000 each in the main host
 * configuration, 20,000 in the others: diff_scale.h) with sizes from
 * one limb to 4096 bits, plus edge values (0, 1, N - 1, N, all-ones limbs,
 * single bits, carries that ripple through every limb).
 *
 * Sizes: most cases are small (the edges of carry handling show at every
 * size), a fixed share is spread up to 4096 bits and a share lands on the
 * sizes the library serves (256, 384, 2048, 3072, 4096 bits). The heavy
 * operations (reduction of long inputs, R^2, exponentiation, inversion)
 * draw large sizes less often and use shorter exponents at large sizes;
 * each group's line says how many cases it ran and the largest size.
 *
 * Numbers cross to OpenSSL as little-endian bytes of the limb array
 * (BN_lebin2bn), which involves none of the code under test.
 */
#include <openssl/bn.h>
#include <openssl/err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ctcrypto/common.h"
#include "mp/mp.h"
#include "diff_scale.h"
#include "runner.h"

#define W MP_LIMB_BITS
#define MAXN (4096 / W)
static unsigned long n_cases;   /* random cases per group */

static BN_CTX *bctx;
static BIGNUM *bA, *bB, *bN, *bX, *bY, *bZ, *bR;

static int bit(ct_cond c) { return ct_cond_declassify(c); }

static void to_bn(BIGNUM *r, const ct_limb_t *A, size_t n)
{
    if (!BN_lebin2bn((const unsigned char *)A, (int)(n * sizeof(ct_limb_t)), r))
        abort();
}

/* X (n limbs) == b */
static int eq_bn(const ct_limb_t *X, size_t n, const BIGNUM *b)
{
    static ct_limb_t tmp[4 * MAXN + 8];

    if (BN_is_negative(b) || BN_num_bytes(b) > (int)(n * sizeof(ct_limb_t)))
        return 0;
    if (BN_bn2lebinpad(b, (unsigned char *)tmp, (int)(n * sizeof(ct_limb_t))) < 0)
        return 0;
    return memcmp(tmp, X, n * sizeof(ct_limb_t)) == 0;
}

#define CHECK_BN(X, n, b) TR_CHECK(eq_bn((X), (n), (b)))

/* ---- inputs ------------------------------------------------------------------ */

static size_t below(size_t n)
{
    return (size_t)(tr_rand64() % n);
}

static const size_t std_bits[] = { 256, 384, 2048, 3072, 4096 };

/*
 * Sizes in limbs. heavy = 0: 9/16 in 1..8, 4/16 in 9..MAXN/4, 2/16 in
 * MAXN/4..MAXN, 1/16 a standard size. heavy = 1: large sizes 16 times
 * rarer (most of the weight moves to 1..8).
 */
static size_t pick_n(int heavy)
{
    unsigned r = (unsigned)(tr_rand64() & 255);

    if (heavy && r >= 144 && (tr_rand64() & 15) != 0)
        r &= 127;
    if (r < 144)
        return 1 + below(8);
    if (r < 208)
        return 9 + below(MAXN / 4 - 8);
    if (r < 240)
        return MAXN / 4 + below(MAXN - MAXN / 4 + 1);
    return MP_LIMBS(std_bits[below(sizeof std_bits / sizeof std_bits[0])]);
}

static void rand_num(ct_limb_t *X, size_t n)
{
    unsigned kind = (unsigned)(tr_rand64() & 15);
    size_t i;

    for (i = 0; i < n; i++) {
        switch (kind) {
        case 0: X[i] = 0; break;
        case 1: X[i] = ~(ct_limb_t)0; break;
        case 2: case 3: X[i] = (ct_limb_t)tr_rand_edgy64(); break;
        case 4: X[i] = i == 0 ? 1 : 0; break;
        case 5: X[i] = i + 1 == n ? (ct_limb_t)tr_rand64() : ~(ct_limb_t)0; break;
        case 6: X[i] = i + 1 == n ? (ct_limb_t)1 << (W - 1) : 0; break;
        default: X[i] = (ct_limb_t)tr_rand64(); break;
        }
    }
    if (kind == 7)
        X[n - 1] >>= tr_rand64() & (W - 1);   /* bit lengths off the limb grid */
}

static void rand_odd_modulus(ct_limb_t *N, size_t n)
{
    rand_num(N, n);
    if ((tr_rand64() & 3) == 0)
        N[n - 1] |= (ct_limb_t)1 << (W - 1);
    N[0] |= 1;
    if (N[n - 1] == 0)
        N[n - 1] = (ct_limb_t)tr_rand64() | 1;
    if (n == 1 && N[0] < 3)
        N[0] = 3;
}

/* A reduced modulo N (by OpenSSL), with the edges 0, 1, N - 1 */
static void rand_below_mod(ct_limb_t *A, const ct_limb_t *N, size_t n)
{
    static BIGNUM *a, *m;

    if (!a) {
        a = BN_new();
        m = BN_new();
    }
    to_bn(m, N, n);
    switch (tr_rand64() & 15) {
    case 0: mp_zero(A, n); return;
    case 2: (void)mp_sub_limb(A, N, 1, n); return;
    case 1: mp_set_limb(A, n, 1); break;
    default: rand_num(A, n); break;
    }
    to_bn(a, A, n);
    BN_nnmod(a, a, m, bctx);
    BN_bn2lebinpad(a, (unsigned char *)A, (int)(n * sizeof(ct_limb_t)));
}

/* ---- state -------------------------------------------------------------------- */

static ct_limb_t A[2 * MAXN + 8], B[2 * MAXN + 8], N[MAXN + 8], X[4 * MAXN + 8],
    Y[4 * MAXN + 8], E[MAXN + 8], R2[MAXN + 8], T[4 * MAXN + 8];
static ct_limb_t BIG[(64 + 4) * MAXN + 2 * MAXN];

static size_t largest;
static clock_t t_group;

static void group(const char *name)
{
    tr_group(name);
    largest = 0;
    t_group = clock();
}

static void note(size_t n)
{
    if (n > largest)
        largest = n;
}

static void group_end(unsigned long cases)
{
    char line[120];

    snprintf(line, sizeof line, "# %lu cases, largest %zu limbs (%zu bits), %.1f s\n", cases,
             largest, largest * W, (double)(clock() - t_group) / CLOCKS_PER_SEC);
    tr_puts(line);
    tr_group_end();
}

/* ---- add, sub, compare, shifts ---------------------------------------------------- */

static void test_addsub(void)
{
    unsigned long it;
    size_t n;
    ct_limb_t c;

    group("add, sub, add_cond, sub_cond = BN_add / BN_sub (carry and borrow too)");
    for (it = 0; it < n_cases; it++) {
        int cond = (int)(it & 1);
        n = pick_n(0);
        note(n);
        rand_num(A, n);
        rand_num(B, n);
        to_bn(bA, A, n);
        to_bn(bB, B, n);
        BN_add(bX, bA, bB);
        c = mp_add(X, A, B, n);
        X[n] = c;
        CHECK_BN(X, n + 1, bX);
        /* A - B = X - carry 2^wn: X = A - B + borrow 2^wn */
        BN_sub(bX, bA, bB);
        c = mp_sub(X, A, B, n);
        if (c) {
            BN_zero(bY);
            BN_set_bit(bY, (int)(n * W));
            BN_add(bX, bX, bY);
        }
        TR_EQ(c, BN_cmp(bA, bB) < 0);
        CHECK_BN(X, n, bX);
        /* conditional forms */
        c = mp_add_cond(X, A, B, ct_cond_from_bit((uint32_t)cond), n);
        X[n] = c;
        if (cond)
            BN_add(bX, bA, bB);
        else
            BN_copy(bX, bA);
        CHECK_BN(X, n + 1, bX);
        c = mp_sub_cond(X, A, B, ct_cond_from_bit((uint32_t)cond), n);
        TR_EQ(c, cond && BN_cmp(bA, bB) < 0);
        if (cond) {
            BN_sub(bX, bA, bB);
            if (BN_is_negative(bX)) {
                BN_zero(bY);
                BN_set_bit(bY, (int)(n * W));
                BN_add(bX, bX, bY);
            }
        } else {
            BN_copy(bX, bA);
        }
        CHECK_BN(X, n, bX);
    }
    group_end(n_cases);

    group("add_limb, sub_limb, lt, eq, is_zero, shl, shr = BN");
    for (it = 0; it < n_cases; it++) {
        unsigned s = (unsigned)(tr_rand64() & (W - 1));
        n = pick_n(0);
        note(n);
        rand_num(A, n);
        if (it & 1) {
            mp_copy(B, A, n);
            if (it & 2)
                B[below(n)] ^= (ct_limb_t)1 << (tr_rand64() & (W - 1));
        } else {
            rand_num(B, n);
        }
        to_bn(bA, A, n);
        to_bn(bB, B, n);
        /* one-limb forms */
        BN_set_word(bY, 0);
        {
            ct_limb_t b1 = B[0];
            to_bn(bY, &b1, 1);
            BN_add(bX, bA, bY);
            X[n] = mp_add_limb(X, A, b1, n);
            CHECK_BN(X, n + 1, bX);
            c = mp_sub_limb(X, A, b1, n);
            TR_EQ(c, BN_cmp(bA, bY) < 0);
            BN_sub(bX, bA, bY);
            if (c) {
                BN_zero(bZ);
                BN_set_bit(bZ, (int)(n * W));
                BN_add(bX, bX, bZ);
            }
            CHECK_BN(X, n, bX);
        }
        TR_EQ(bit(mp_lt(A, B, n)), BN_cmp(bA, bB) < 0);
        TR_EQ(bit(mp_eq(A, B, n)), BN_cmp(bA, bB) == 0);
        TR_EQ(bit(mp_is_zero(A, n)), BN_is_zero(bA));
        /* shl: the bits out are the top limb of A << s */
        BN_lshift(bX, bA, (int)s);
        X[n] = mp_shl(X, A, n, s);
        CHECK_BN(X, n + 1, bX);
        BN_rshift(bX, bA, (int)s);
        c = mp_shr(X, A, n, s);
        CHECK_BN(X, n, bX);
        /* the bits out of shr: A mod 2^s, at the top of the limb */
        BN_mask_bits(bA, (int)s);
        X[0] = s ? c >> (W - s) : c;
        CHECK_BN(X, 1, bA);
    }
    group_end(n_cases);
}

/* ---- mla, mul, sqr ----------------------------------------------------------------- */

static void test_mul(void)
{
    unsigned long it;
    size_t n, m;
    ct_limb_t b;

    group("mla (" MP_ASM_NAME ") and mla_c = X + A b (BN_mul_word/BN_add)");
    for (it = 0; it < n_cases; it++) {
        n = pick_n(0);
        note(n);
        rand_num(A, n);
        rand_num(X, n);
        b = (it & 3) == 0 ? ~(ct_limb_t)0 : (ct_limb_t)tr_rand_edgy64();
        to_bn(bA, A, n);
        to_bn(bX, X, n);
        to_bn(bY, &b, 1);
        BN_mul(bZ, bA, bY, bctx);
        BN_add(bZ, bZ, bX);
        mp_copy(Y, X, n);
        Y[n] = mp_mla(Y, A, n, b);
        CHECK_BN(Y, n + 1, bZ);
        mp_copy(Y, X, n);
        Y[n] = mp_mla_c(Y, A, n, b);
        CHECK_BN(Y, n + 1, bZ);
    }
    group_end(n_cases);

    group("mul (sizes independent) and sqr = BN_mul / BN_sqr");
    for (it = 0; it < n_cases; it++) {
        n = pick_n(0);
        m = (it & 1) ? n : pick_n(0);
        note(n);
        note(m);
        rand_num(A, n);
        rand_num(B, m);
        to_bn(bA, A, n);
        to_bn(bB, B, m);
        BN_mul(bX, bA, bB, bctx);
        mp_mul(X, A, n, B, m);
        CHECK_BN(X, n + m, bX);
        BN_sqr(bX, bA, bctx);
        mp_sqr(X, A, n);
        CHECK_BN(X, 2 * n, bX);
    }
    group_end(n_cases);
}

/* ---- reduction, modular add/sub/neg ------------------------------------------------------ */

static void test_mod(void)
{
    unsigned long it;
    size_t n, a;

    group("mod (A of 1..2n limbs, N of n limbs, any N != 0) = BN_nnmod");
    for (it = 0; it < n_cases; it++) {
        n = pick_n(1);
        a = (it & 3) == 0 ? 2 * n : 1 + below(n + 1);
        note(a);
        rand_num(A, a);
        rand_num(N, n);
        if (bit(mp_is_zero(N, n)))
            N[below(n)] = (ct_limb_t)tr_rand64() | 1;
        if ((it & 7) == 1) {       /* A = N or a multiple's neighbours */
            mp_zero(A, a);
            mp_copy(A, N, n < a ? n : a);
        }
        to_bn(bA, A, a);
        to_bn(bN, N, n);
        BN_nnmod(bX, bA, bN, bctx);
        mp_mod(X, A, a, N, n, T);
        CHECK_BN(X, n, bX);
    }
    group_end(n_cases);

    group("mod_add, mod_sub, mod_neg (A, B < N) = BN_mod_add / BN_mod_sub");
    for (it = 0; it < n_cases; it++) {
        n = pick_n(0);
        note(n);
        rand_num(N, n);
        if (bit(mp_is_zero(N, n)))
            N[0] = 1;
        rand_below_mod(A, N, n);
        rand_below_mod(B, N, n);
        to_bn(bA, A, n);
        to_bn(bB, B, n);
        to_bn(bN, N, n);
        BN_mod_add(bX, bA, bB, bN, bctx);
        mp_mod_add(X, A, B, N, n);
        CHECK_BN(X, n, bX);
        BN_mod_sub(bX, bA, bB, bN, bctx);
        mp_mod_sub(X, A, B, N, n);
        CHECK_BN(X, n, bX);
        BN_mod_sub(bX, bN, bA, bN, bctx);   /* -A mod N */
        mp_mod_neg(X, A, N, n);
        CHECK_BN(X, n, bX);
    }
    group_end(n_cases);
}

/* ---- Montgomery ------------------------------------------------------------------------------ */

/* bR = R = 2^(wn) */
static void set_R(size_t n)
{
    BN_zero(bR);
    BN_set_bit(bR, (int)(n * W));
}

/* X < N and X R mod N == want (bN holds N) */
static int times_R_is(const ct_limb_t *Xv, size_t n, const BIGNUM *want)
{
    to_bn(bX, Xv, n);
    if (BN_cmp(bX, bN) >= 0)
        return 0;
    BN_lshift(bX, bX, (int)(n * W));
    BN_nnmod(bX, bX, bN, bctx);
    return BN_cmp(bX, want) == 0;
}

static void test_mont(void)
{
    unsigned long it;
    size_t n;
    ct_limb_t ninv, n0;

    group("mont_ninv: n0 ninv = -1 mod 2^w (BN_mul_word)");
    for (it = 0; it < n_cases; it++) {
        n0 = (ct_limb_t)tr_rand_edgy64() | 1;
        ninv = mp_mont_ninv(n0);
        to_bn(bA, &n0, 1);
        BN_mul_word(bA, (BN_ULONG)ninv);
        BN_add_word(bA, 1);
        BN_mask_bits(bA, W);
        TR_CHECK(BN_is_zero(bA));
    }
    note(1);
    group_end(n_cases);

    group("mont_R2 = R^2 mod N (BN_mod_sqr)");
    for (it = 0; it < n_cases; it++) {
        n = pick_n(1);
        note(n);
        rand_odd_modulus(N, n);
        ninv = mp_mont_ninv(N[0]);
        mp_mont_R2(R2, N, n, BIG);
        to_bn(bN, N, n);
        set_R(n);
        BN_mod_sqr(bX, bR, bN, bctx);
        CHECK_BN(R2, n, bX);
    }
    group_end(n_cases);

    group("montmul, montsqr, mont_redc, to_mont, from_mont = BN (X R = A B mod N)");
    for (it = 0; it < n_cases; it++) {
        n = pick_n(0);
        note(n);
        rand_odd_modulus(N, n);
        ninv = mp_mont_ninv(N[0]);
        rand_below_mod(A, N, n);
        rand_num(B, n);                     /* any n-limb value */
        if (it & 1)
            rand_below_mod(B, N, n);
        to_bn(bA, A, n);
        to_bn(bB, B, n);
        to_bn(bN, N, n);
        /* montmul: X R = A B (mod N), X < N */
        mp_montmul(X, A, B, &(mp_modulus){ N, NULL, n, ninv }, T);
        BN_mod_mul(bY, bA, bB, bN, bctx);
        TR_CHECK(times_R_is(X, n, bY));
        mp_montsqr(X, A, &(mp_modulus){ N, NULL, n, ninv }, T);
        BN_mod_mul(bY, bA, bA, bN, bctx);
        TR_CHECK(times_R_is(X, n, bY));
        /* redc of the 2n-limb product A B' with B' = B mod N < N */
        BN_nnmod(bZ, bB, bN, bctx);
        BN_bn2lebinpad(bZ, (unsigned char *)Y, (int)(n * sizeof(ct_limb_t)));
        mp_mul(X, A, n, Y, n);
        mp_mont_redc(Y, X, &(mp_modulus){ N, NULL, n, ninv });
        BN_mod_mul(bY, bA, bZ, bN, bctx);
        TR_CHECK(times_R_is(Y, n, bY));
        /* from_mont: X R = B for any n-limb B; to_mont: X = B R mod N */
        mp_from_mont(X, B, &(mp_modulus){ N, NULL, n, ninv }, T);
        BN_nnmod(bY, bB, bN, bctx);
        TR_CHECK(times_R_is(X, n, bY));
        set_R(n);
        BN_mod_sqr(bY, bR, bN, bctx);       /* R2 from BN, not mp_mont_R2 */
        BN_bn2lebinpad(bY, (unsigned char *)R2, (int)(n * sizeof(ct_limb_t)));
        mp_to_mont(X, B, &(mp_modulus){ N, R2, n, ninv }, T);
        BN_lshift(bY, bB, (int)(n * W));
        BN_nnmod(bY, bY, bN, bctx);
        CHECK_BN(X, n, bY);
    }
    group_end(n_cases);
}

/* ---- exponentiation ------------------------------------------------------------------------ */

static void test_exp(void)
{
    unsigned long it;
    size_t n, en;
    ct_limb_t ninv;
    int rc;

    group("exp (secret) and exp_vartime (public) = BN_mod_exp");
    for (it = 0; it < n_cases; it++) {
        n = pick_n(1);
        /* exponents: up to n limbs, full length for n <= 8 and for a few
         * large moduli; e = 65537, 0 and 1 as edges */
        if (n <= 8 || (it & 255) == 0)
            en = 1 + below(n);
        else
            en = 1 + below(n < 4 ? n : 4);
        note(n);
        rand_odd_modulus(N, n);
        ninv = mp_mont_ninv(N[0]);
        to_bn(bN, N, n);
        set_R(n);
        BN_mod_sqr(bY, bR, bN, bctx);
        BN_bn2lebinpad(bY, (unsigned char *)R2, (int)(n * sizeof(ct_limb_t)));
        rand_num(A, n);                     /* any n-limb value */
        rand_num(E, en);
        switch (it & 31) {
        case 1: mp_set_limb(E, en, 65537); break;
        case 2: mp_zero(E, en); break;
        case 3: mp_set_limb(E, en, 1); break;
        case 4: mp_set_limb(E, en, 3); break;
        default: break;
        }
        to_bn(bA, A, n);
        to_bn(bB, E, en);
        BN_mod_exp(bX, bA, bB, bN, bctx);
        rc = mp_exp(X, A, E, en, &(mp_modulus){ N, R2, n, ninv }, BIG, sizeof BIG / sizeof BIG[0]);
        TR_EQ(rc, 0);
        CHECK_BN(X, n, bX);
        rc = mp_exp_vartime(X, A, E, en, &(mp_modulus){ N, R2, n, ninv }, BIG, sizeof BIG / sizeof BIG[0]);
        TR_EQ(rc, 0);
        CHECK_BN(X, n, bX);
    }
    group_end(n_cases);
}

#if MP_EXP52
/* mp_exp2_52 (x86-64): two exponentiations at once, each against
 * BN_mod_exp; RSA's CRT sizes (16, 24, 32 limbs) and any size up to
 * MP52_MAX_N, full-length and short exponents, on the kernel this CPU
 * runs and (fewer cases) on the C kernel */
static ct_limb_t N2[MP52_MAX_N], A2[MP52_MAX_N], E2[MP52_MAX_N], X2[MP52_MAX_N],
                 R22[MP52_MAX_N];
static ct_limb_t T52[MP_EXP2_52_SCRATCH(MP52_MAX_N, 5)];

static void exp2_52_cases(unsigned long cases)
{
    static const size_t crt[] = { 16, 24, 32 };
    unsigned long it;
    size_t n, en;
    mp_modulus m1, m2;
    int rc;

    for (it = 0; it < cases; it++) {
        n = (it & 1) ? crt[below(3)] : 1 + below(MP52_MAX_N);
        en = (it & 2) ? n : 1 + below(n);
        note(n);
        rand_odd_modulus(N, n);
        rand_odd_modulus(N2, n);
        set_R(n);
        to_bn(bN, N, n);
        BN_mod_sqr(bY, bR, bN, bctx);
        BN_bn2lebinpad(bY, (unsigned char *)R2, (int)(n * sizeof(ct_limb_t)));
        to_bn(bN, N2, n);
        BN_mod_sqr(bY, bR, bN, bctx);
        BN_bn2lebinpad(bY, (unsigned char *)R22, (int)(n * sizeof(ct_limb_t)));
        m1.N = N;
        m1.R2 = R2;
        m1.n = n;
        m1.ninv = mp_mont_ninv(N[0]);
        m2.N = N2;
        m2.R2 = R22;
        m2.n = n;
        m2.ninv = mp_mont_ninv(N2[0]);
        rand_num(A, n);                     /* any n-limb values */
        rand_num(A2, n);
        rand_num(E, en);
        rand_num(E2, en);
        if ((it & 31) == 5)
            mp_zero(E, en);
        if ((it & 31) == 6)
            mp_set_limb(E2, en, 1);
        rc = mp_exp2_52(X, X2, A, A2, E, E2, en, &m1, &m2, T52, sizeof T52 / sizeof T52[0]);
        TR_EQ(rc, 0);
        to_bn(bA, A, n);
        to_bn(bB, E, en);
        to_bn(bN, N, n);
        BN_mod_exp(bX, bA, bB, bN, bctx);
        CHECK_BN(X, n, bX);
        to_bn(bA, A2, n);
        to_bn(bB, E2, en);
        to_bn(bN, N2, n);
        BN_mod_exp(bX, bA, bB, bN, bctx);
        CHECK_BN(X2, n, bX);
    }
}

static void test_exp2_52(void)
{
    unsigned long cases = n_cases / 100, slow = n_cases / 2000 + 4;

    group(mp_x86_ifma() ? "exp2_52 (IFMA kernel) = BN_mod_exp"
                        : "exp2_52 (C kernel) = BN_mod_exp");
    exp2_52_cases(cases);
    group_end(cases);
    if (mp_x86_ifma()) {
        group("exp2_52 (C kernel) = BN_mod_exp");
        mp_x86_ifma_allow(0);
        exp2_52_cases(slow);
        mp_x86_ifma_allow(1);
        group_end(slow);
    }
}
#endif

/* ---- inversion ------------------------------------------------------------------------------- */

static BIGNUM *primes[64];
static size_t nprimes;

static void add_prime(const BIGNUM *p)
{
    primes[nprimes] = BN_dup(p);
    nprimes++;
}

/* A deterministic pool: random primes of many sizes (search from a random
 * odd start with BN_check_prime) and Mersenne primes up to 2^3217 - 1. */
static void make_primes(void)
{
    static const int bits[] = { 3, 7, 17, 31, 32, 33, 61, 63, 64, 65, 96, 127, 128, 160,
                                192, 224, 255, 256, 257, 320, 383, 384, 448, 512, 521,
                                640, 768, 1024 };
    static const int mersenne[] = { 31, 61, 89, 107, 127, 521, 607, 1279, 2203, 2281, 3217 };
    unsigned char buf[128];
    size_t i;

    for (i = 0; i < sizeof bits / sizeof bits[0]; i++) {
        int b = bits[i], len = (b + 7) / 8;
        tr_rand_bytes(buf, (size_t)len);
        BN_bin2bn(buf, len, bA);
        BN_mask_bits(bA, b);
        BN_set_bit(bA, b - 1);
        BN_set_bit(bA, 0);
        while (BN_check_prime(bA, bctx, NULL) != 1)
            BN_add_word(bA, 2);
        if (BN_num_bits(bA) <= 1024 * 4)
            add_prime(bA);
    }
    for (i = 0; i < sizeof mersenne / sizeof mersenne[0]; i++) {
        BN_zero(bA);
        BN_set_bit(bA, mersenne[i]);
        BN_sub_word(bA, 1);
        add_prime(bA);
    }
}

static void test_inv(void)
{
    unsigned long it;
    size_t n;
    ct_limb_t ninv;
    ct_cond ok;
    int rc, inv_ok;

    group("inv (safegcd) and inv_vartime = BN_mod_inverse (odd N; gcd != 1 too)");
    for (it = 0; it < n_cases; it++) {
        n = pick_n(1);
        note(n);
        rand_odd_modulus(N, n);
        rand_below_mod(A, N, n);
        if ((it & 7) == 5 && n > 1) {
            /* share a factor: N = 3 M, A = 3 k */
            N[n - 1] = 0;
            N[n - 1] = mp_mla(N, N, n - 1, 2);
            mp_copy(A, N, n);
            (void)mp_shr(A, A, n, 1 + (unsigned)(tr_rand64() & 3));
            A[n - 1] = 0;
            A[n - 1] = mp_mla(A, A, n - 1, 2);
            mp_mod(A, A, n, N, n, T);
        }
        to_bn(bA, A, n);
        to_bn(bN, N, n);
        inv_ok = BN_mod_inverse(bX, bA, bN, bctx) != NULL;
        ERR_clear_error();   /* a failed inverse leaves an error queued */
        ok = mp_inv(X, A, N, n, BIG);
        TR_EQ(bit(ok), inv_ok);
        rc = mp_inv_vartime(Y, A, N, n, BIG);
        TR_EQ(rc == 0, inv_ok);
        if (inv_ok) {
            CHECK_BN(X, n, bX);
            CHECK_BN(Y, n, bX);
        } else {
            TR_CHECK(bit(mp_is_zero(X, n)));
            TR_CHECK(bit(mp_is_zero(Y, n)));
        }
    }
    group_end(n_cases);

    group("inv_fermat = BN_mod_inverse for prime moduli (64 to 3217 bits)");
    for (it = 0; it < n_cases; it++) {
        /* smaller primes more often: the smallest of three draws */
        size_t i1 = below(nprimes), i2 = below(nprimes), i3 = below(nprimes);
        const BIGNUM *p = primes[i1 < i2 ? (i1 < i3 ? i1 : i3) : (i2 < i3 ? i2 : i3)];
        if (BN_num_bits(p) > 1024 && (it & 63) != 0)
            p = primes[below(nprimes / 2)];
        n = MP_LIMBS(BN_num_bits(p));
        if (BN_num_bits(p) < 3)
            continue;
        note(n);
        BN_bn2lebinpad(p, (unsigned char *)N, (int)(n * sizeof(ct_limb_t)));
        ninv = mp_mont_ninv(N[0]);
        set_R(n);
        BN_mod_sqr(bY, bR, p, bctx);
        BN_bn2lebinpad(bY, (unsigned char *)R2, (int)(n * sizeof(ct_limb_t)));
        rand_below_mod(A, N, n);
        to_bn(bA, A, n);
        rc = mp_inv_fermat(X, A, &(mp_modulus){ N, R2, n, ninv }, BIG, sizeof BIG / sizeof BIG[0]);
        TR_EQ(rc, 0);
        if (BN_is_zero(bA)) {
            TR_CHECK(bit(mp_is_zero(X, n)));
        } else {
            BN_mod_inverse(bX, bA, p, bctx);
            CHECK_BN(X, n, bX);
            ok = mp_inv(Y, A, N, n, BIG);
            TR_CHECK(bit(ok));
            CHECK_BN(Y, n, bX);
        }
    }
    group_end(n_cases);
}

/* ---- bytes ------------------------------------------------------------------------------------ */

static void test_bytes(void)
{
    static unsigned char in[MAXN * sizeof(ct_limb_t) + 16], out[sizeof in], want[sizeof in];
    unsigned long it;
    size_t n, len;

    group("from_be, to_be = BN_bin2bn / BN_bn2binpad; length and range rejections");
    for (it = 0; it < n_cases; it++) {
        n = pick_n(0);
        note(n);
        len = below(n * MP_LIMB_BYTES + 1);
        tr_rand_bytes(in, len);
        if (len && (it & 3) == 0)
            in[0] = 0;
        TR_EQ(mp_from_be(X, n, in, len), 0);
        BN_bin2bn(in, (int)len, bX);
        CHECK_BN(X, n, bX);
        /* out of exactly k bytes: accepted iff the value fits */
        {
            size_t k = below(n * MP_LIMB_BYTES + 8);
            int fits = BN_num_bytes(bX) <= (int)k;
            TR_EQ(mp_to_be(out, k, X, n), fits ? 0 : CTC_ERR_RANGE);
            if (fits) {
                BN_bn2binpad(bX, want, (int)k);
                TR_MEM(out, want, k);
            }
        }
        TR_EQ(mp_from_be(X, n, in, n * MP_LIMB_BYTES + 1 + below(8)), CTC_ERR_LENGTH);
    }
    group_end(n_cases);
}

int main(void)
{
    tr_init("test_mp_openssl");
    n_cases = diff_count(200000, 20000);
    tr_puts("# ");
    tr_puts(ctc_build_info());
    tr_puts("\n");
    {
        uint16_t probe = 1;
        if (*(const unsigned char *)&probe != 1) {
            tr_skip("mp vs OpenSSL", "needs a little-endian host");
            return tr_finish();
        }
    }
    tr_seed(0x6d706f70656e7373u);
    bctx = BN_CTX_new();
    bA = BN_new();
    bB = BN_new();
    bN = BN_new();
    bX = BN_new();
    bY = BN_new();
    bZ = BN_new();
    bR = BN_new();
    make_primes();

    test_addsub();
    test_mul();
    test_mod();
    test_mont();
    test_exp();
#if MP_EXP52
    test_exp2_52();
#endif
    test_inv();
    test_bytes();
    return tr_finish();
}

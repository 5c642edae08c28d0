/*
 * test_mp52.c - the radix-2^52 exponentiation of x86-64 (src/mp/mp_exp52.c,
 * src/mp/mp_ifma.c): the layout conversions; the AVX-512 IFMA kernel
 * against its C twin (mp52_amm2_c) and both against the definition of an
 * almost-Montgomery product computed with the mp layer, on random and
 * edge operands (0, 1, N - 1, 2N - 1, all-ones digits; moduli with their
 * top bits set, all-ones limbs, short top limbs); the IFMA table scan
 * against ct_limbs_lookup; mp_exp2_52 on both kernels against mp_exp.
 * Elsewhere (32-bit limbs, other architectures) the path is not built and
 * the program says so. tests/host/test_mp_openssl.c compares mp_exp2_52
 * with OpenSSL.
 */
#include <string.h>

#include "ctcrypto/common.h"
#include "mp/mp.h"
#include "runner.h"

#if MP_EXP52
#define MAXN MP52_MAX_N
#define LANES MP52_MAX_LANES
#define M52 (((ct_limb_t)1 << 52) - 1)

static ct_limb_t N1[MAXN], N2[MAXN], A1[2 * MAXN + 2], A2[2 * MAXN + 2],
                 E1[MAXN], E2[MAXN],
                 X1[2 * MAXN + 2], X2[2 * MAXN + 2], Y1[2 * MAXN + 2], Y2[2 * MAXN + 2];
static ct_limb_t dN1[LANES], dN2[LANES], dA1[LANES], dA2[LANES], dB1[LANES],
                 dB2[LANES], dX1[LANES], dX2[LANES];
#if MP_IFMA
static ct_limb_t dY1[LANES], dY2[LANES];
#endif
static ct_limb_t T[MP_EXP2_52_SCRATCH(MAXN, 5) + 8 * MAXN];
static ct_limb_t TE[MP_EXP_SCRATCH(MAXN, 6)];
static ct_limb_t R2a[MAXN], R2b[MAXN];

static int bit(ct_cond c) { return ct_cond_declassify(c); }

/* kind 0 random, 1 edgy limbs, 2 all ones, 3 top bits set */
static void rand_limbs(ct_limb_t *X, size_t n, unsigned kind)
{
    size_t i;

    for (i = 0; i < n; i++)
        X[i] = kind == 1 ? (ct_limb_t)tr_rand_edgy64()
             : kind == 2 ? ~(ct_limb_t)0 : (ct_limb_t)tr_rand64();
    if (kind == 3)
        X[n - 1] |= (ct_limb_t)3 << 62;
}

/* an odd modulus of n limbs > 1: random, all ones, top bits set, or a
 * short top limb */
static void rand_modulus(ct_limb_t *N, size_t n)
{
    unsigned r = tr_rand32() & 7;

    rand_limbs(N, n, r == 0 ? 2 : r == 1 ? 3 : r == 2 ? 1 : 0);
    if (r == 3)
        N[n - 1] >>= tr_rand32() & 63;
    N[0] |= 1;
    if (N[n - 1] == 0)
        N[n - 1] = 1;
    if (n == 1 && N[0] < 3)
        N[0] = 3;
}

/* X (n limbs) = a value < N of the given kind: 0, 1, N - 1, random */
static void below(ct_limb_t *X, const ct_limb_t *N, size_t n, unsigned kind)
{
    mp_zero(X, n);
    if (kind == 1)
        X[0] = 1;
    if (kind == 2)
        (void)mp_sub_limb(X, N, 1, n);
    if (kind >= 3) {
        rand_limbs(X, n, tr_rand32() & 1);
        mp_mod(X, X, n, N, n, T);
    }
}

static void test_layout(void)
{
    size_t n, i;
    unsigned r;

    tr_group("mp52 limbs <-> digits");
    for (r = 0; r < 300; r++) {
        n = 1 + (tr_rand32() & 31);
        rand_limbs(A1, n, r & 3);
        mp52_from_limbs(dA1, MP52_LANES(n), A1, n);
        for (i = 0; i < MP52_LANES(n); i++)
            TR_CHECK(dA1[i] <= M52);
        for (i = MP52_DIGITS(n); i < MP52_LANES(n); i++)
            TR_EQ(dA1[i], 0);
        mp52_to_limbs(X1, n, dA1, MP52_LANES(n));
        TR_MEM(X1, A1, n * sizeof(ct_limb_t));
    }
    tr_group_end();
}

/* whether X (digits) is < 2N and X R52 = A B mod N (A, B digits) */
static int amm_ok(const ct_limb_t *dX, const ct_limb_t *dA, const ct_limb_t *dB,
                  const ct_limb_t *N, size_t n)
{
    size_t k = MP52_DIGITS(n), L = MP52_LANES(n), big = 2 * n + 4, s = 52 * k;
    ct_limb_t x[2 * MAXN + 4], a[MAXN + 2], b[MAXN + 2], p[2 * MAXN + 4],
              twoN[MAXN + 2], u[MAXN], v[MAXN];

    mp52_to_limbs(x, n + 1, dX, L);
    /* X < 2N */
    mp_zero(twoN, n + 1);
    mp_copy(twoN, N, n);
    (void)mp_shl(twoN, twoN, n + 1, 1);
    if (!bit(mp_lt(x, twoN, n + 1)))
        return 0;
    /* X 2^s mod N against A B mod N */
    mp_zero(x + n + 1, big - n - 1);
    mp_zero(p, big);
    mp_copy(p + (s >> 6), x, big - (s >> 6) < n + 1 ? big - (s >> 6) : n + 1);
    (void)mp_shl(p, p, big, (unsigned)(s & 63));
    mp_mod(u, p, big, N, n, T);
    mp52_to_limbs(a, n + 1, dA, L);
    mp52_to_limbs(b, n + 1, dB, L);
    mp_mul(p, a, n + 1, b, n + 1);
    mp_mod(v, p, 2 * n + 2, N, n, T);
    return bit(mp_eq(u, v, n));
}

/* a digit operand of kind: 0 random < N, 1 zero, 2 one, 3 N - 1, 4 2N - 1,
 * 5 all-ones digits (only as the first factor with the second < N) */
static void operand(ct_limb_t *d, const ct_limb_t *N, size_t n, unsigned kind)
{
    ct_limb_t x[MAXN + 1];
    size_t j;

    if (kind == 5) {
        for (j = 0; j < MP52_LANES(n); j++)
            d[j] = j < MP52_DIGITS(n) ? M52 : 0;
        return;
    }
    below(x, N, n, kind == 0 ? 3 : kind == 1 ? 0 : kind == 2 ? 1 : 2);
    x[n] = 0;
    if (kind == 4) {
        x[n] = mp_add(x, x, N, n);         /* N - 1 + N */
    }
    if (kind == 0 && (tr_rand32() & 1))
        x[n] = mp_add(x, x, N, n);         /* in [N, 2N) */
    mp52_from_limbs(d, MP52_LANES(n), x, n + 1);
}

static void test_amm(int with_ifma)
{
    size_t n, k;
    unsigned r, ka, kb;
    ct_limb_t k01, k02;

    tr_group(with_ifma ? "mp52 IFMA product = C twin = definition"
                       : "mp52 C product = definition");
    for (r = 0; r < 600; r++) {
        n = r < 60 ? 16 : r < 120 ? 24 : r < 180 ? 32 : 1 + (tr_rand32() & 31);
        k = MP52_DIGITS(n);
        rand_modulus(N1, n);
        rand_modulus(N2, n);
        mp52_from_limbs(dN1, MP52_LANES(n), N1, n);
        mp52_from_limbs(dN2, MP52_LANES(n), N2, n);
        k01 = mp_mont_ninv(N1[0]) & M52;
        k02 = mp_mont_ninv(N2[0]) & M52;
        ka = tr_rand32() % 6;
        kb = ka == 5 ? 3 : tr_rand32() % 5;
        operand(dA1, N1, n, ka);
        operand(dB1, N1, n, kb);
        operand(dA2, N2, n, tr_rand32() % 5);
        operand(dB2, N2, n, tr_rand32() % 5);
        mp52_amm2_c(dX1, dX2, dA1, dA2, dB1, dB2, dN1, dN2, k01, k02, k);
        TR_CHECK(amm_ok(dX1, dA1, dB1, N1, n));
        TR_CHECK(amm_ok(dX2, dA2, dB2, N2, n));
#if MP_IFMA
        if (with_ifma) {
            mp52_amm2_ifma(dY1, dY2, dA1, dA2, dB1, dB2, dN1, dN2, k01, k02, k);
            TR_MEM(dY1, dX1, MP52_LANES(n) * sizeof(ct_limb_t));
            TR_MEM(dY2, dX2, MP52_LANES(n) * sizeof(ct_limb_t));
            /* X may equal A, and X may equal B (squaring in place) */
            memcpy(dY1, dA1, sizeof dY1);
            memcpy(dY2, dB2, sizeof dY2);
            mp52_amm2_ifma(dY1, dY2, dY1, dA2, dB1, dY2, dN1, dN2, k01, k02, k);
            TR_MEM(dY1, dX1, MP52_LANES(n) * sizeof(ct_limb_t));
            TR_MEM(dY2, dX2, MP52_LANES(n) * sizeof(ct_limb_t));
            memcpy(dY1, dA1, sizeof dY1);
            mp52_amm2_ifma(dY1, dY2, dY1, dY1, dY1, dY1, dN1, dN1, k01, k01, k);
            mp52_amm2_c(dX1, dX2, dA1, dA1, dA1, dA1, dN1, dN1, k01, k01, k);
            TR_MEM(dY1, dX1, MP52_LANES(n) * sizeof(ct_limb_t));
        }
#endif
    }
    tr_group_end();
}

#if MP_IFMA
/* digits that make the carries run: 2^52 - 1 runs (passing a carry on),
 * digits just above 2^52 - 1 (making one), large digits up to 2^60 */
static void test_normalize(void)
{
    size_t lanes, j, top;
    unsigned r, kind;

    tr_group("mp52 IFMA normalisation = C twin");
    for (r = 0; r < 3000; r++) {
        lanes = 8 * (1 + (tr_rand32() % 5));
        /* a value below 2^(52 top): digits from `top` up are zero and the
         * top one is small enough that no carry leaves it */
        top = 1 + (tr_rand32() % lanes);
        for (j = 0; j < lanes; j++) {
            kind = tr_rand32() & 7;
            dA1[j] = kind < 3 ? M52 : kind == 3 ? M52 + 1 + (tr_rand32() & 255)
                   : kind == 4 ? ((ct_limb_t)tr_rand64() >> 4)
                   : kind == 5 ? 0 : ((ct_limb_t)tr_rand64() & M52);
            if (r & 1)
                dA1[j] = kind < 6 ? M52 : M52 + 1;   /* long runs */
        }
        for (j = top - 1; j < lanes; j++)
            dA1[j] = 0;
        if (top >= 2)
            dA1[top - 2] = M52 + (r & 1);  /* its carry stops in digit top - 1 */
        mp52_normalize_c(dX1, dA1, lanes);
        mp52_normalize_ifma(dY1, dA1, lanes);
        TR_MEM(dY1, dX1, lanes * sizeof(ct_limb_t));
        for (j = 0; j < lanes; j++)
            TR_CHECK(dY1[j] <= M52);
        mp52_normalize_ifma(dA1, dA1, lanes);          /* X may equal A */
        TR_MEM(dA1, dX1, lanes * sizeof(ct_limb_t));
    }
    tr_group_end();
}

static void test_lookup(void)
{
    static ct_limb_t tab[64 * (LANES + 8)], out1[LANES + 8], out2[LANES + 8];
    size_t cnt, n, idx, i;
    unsigned r;

    tr_group("mp52 IFMA table scan = ct_limbs_lookup");
    for (r = 0; r < 300; r++) {
        n = 8 * (1 + (tr_rand32() % 6));      /* 6: the generic loop */
        cnt = (size_t)1 << (1 + (tr_rand32() % 6));
        for (i = 0; i < cnt * n; i++)
            tab[i] = (ct_limb_t)tr_rand64();
        idx = tr_rand32() & (cnt - 1);
        if (r < 4)
            idx = r & 1 ? cnt - 1 : 0;
        mp52_lookup_ifma(out1, tab, cnt, n, idx);
        ct_limbs_lookup(out2, tab, cnt, n, idx);
        TR_MEM(out1, out2, n * sizeof(ct_limb_t));
        TR_MEM(out1, tab + idx * n, n * sizeof(ct_limb_t));
    }
    tr_group_end();
}
#endif

static void test_exp(const char *name)
{
    static const size_t sizes[] = { 16, 24, 32, 1, 2, 5, 8, 13, 31 };
    size_t n, s, en;
    unsigned r;
    mp_modulus m1, m2;
    ct_limb_t ninv1, ninv2;
    int rc;

    tr_group(name);
    for (r = 0; r < TR_ITERS(40); r++) {
        s = r % (sizeof sizes / sizeof sizes[0]);
        n = sizes[s];
        en = r & 4 ? n : 1 + (tr_rand32() % n);
        rand_modulus(N1, n);
        rand_modulus(N2, n);
        ninv1 = mp_mont_ninv(N1[0]);
        ninv2 = mp_mont_ninv(N2[0]);
        mp_mont_R2(R2a, N1, n, T);
        mp_mont_R2(R2b, N2, n, T);
        m1.N = N1; m1.R2 = R2a; m1.n = n; m1.ninv = ninv1;
        m2.N = N2; m2.R2 = R2b; m2.n = n; m2.ninv = ninv2;
        /* bases: any n-limb value (0, 1, N - 1, all ones, random) */
        below(A1, N1, n, r % 5 < 3 ? r % 5 : 3);
        if (r % 5 == 4)
            rand_limbs(A1, n, 2);
        below(A2, N2, n, 3);
        if (r & 8)
            rand_limbs(A2, n, 0);
        /* exponents: random, 0, 1, all ones */
        rand_limbs(E1, en, tr_rand32() & 1);
        rand_limbs(E2, en, 2);
        if (r % 7 == 1)
            mp_zero(E1, en);
        if (r % 7 == 2)
            mp_set_limb(E1, en, 1);
        rc = mp_exp2_52(X1, X2, A1, A2, E1, E2, en, &m1, &m2, T, sizeof T / sizeof T[0]);
        TR_EQ(rc, 0);
        (void)mp_exp(Y1, A1, E1, en, &(mp_modulus){ N1, R2a, n, ninv1 }, TE, sizeof TE / sizeof TE[0]);
        (void)mp_exp(Y2, A2, E2, en, &(mp_modulus){ N2, R2b, n, ninv2 }, TE, sizeof TE / sizeof TE[0]);
        TR_MEM(X1, Y1, n * sizeof(ct_limb_t));
        TR_MEM(X2, Y2, n * sizeof(ct_limb_t));
        /* in place, and with a small scratch (a smaller window) */
        mp_copy(X1, A1, n);
        mp_copy(X2, A2, n);
        rc = mp_exp2_52(X1, X2, X1, X2, E1, E2, en, &m1, &m2, T,
                        MP_EXP2_52_SCRATCH(n, 1 + (r & 3)));
        TR_EQ(rc, 0);
        TR_MEM(X1, Y1, n * sizeof(ct_limb_t));
        TR_MEM(X2, Y2, n * sizeof(ct_limb_t));
    }
    /* refusals */
    m2.n = m1.n + 1;
    TR_EQ(mp_exp2_52(X1, X2, A1, A2, E1, E2, 1, &m1, &m2, T, sizeof T / sizeof T[0]),
          CTC_ERR_LENGTH);
    m2.n = m1.n;
    TR_EQ(mp_exp2_52(X1, X2, A1, A2, E1, E2, 1, &m1, &m2, T,
                     MP_EXP2_52_SCRATCH(m1.n, 1) - 1), CTC_ERR_BUFFER);
    tr_group_end();
}
#endif /* MP_EXP52 */

int main(void)
{
    tr_init("test_mp52");
    tr_seed(0x6d70353274657374u);
#if MP_EXP52
    test_layout();
    mp_x86_ifma_allow(0);
    test_amm(0);
    test_exp("mp_exp2_52 C kernel = mp_exp");
    mp_x86_ifma_allow(1);
    if (mp_x86_ifma()) {
        test_amm(1);
#if MP_IFMA
        test_normalize();
        test_lookup();
#endif
        test_exp("mp_exp2_52 IFMA kernel = mp_exp");
    } else {
        tr_skip("mp52 IFMA kernel", MP_IFMA ? "this CPU lacks AVX-512 IFMA"
                                            : "not built (CTC_NO_ASM or valgrind build)");
    }
#else
    /* the path applies to x86-64 with 64-bit limbs only; here it must be
     * compiled out entirely, its IFMA kernel with it */
    tr_group("mp52 compiled out (not x86-64 with 64-bit limbs)");
    TR_EQ(MP_EXP52, 0);
    TR_EQ(MP_IFMA, 0);
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    TR_CHECK(MP_LIMB_BITS != 64);
#endif
    tr_group_end();
#endif
    return tr_finish();
}

/*
 * test_p256_field.c - the P-256 field leaves (src/ec/p256_field.h) on
 * every target: the selected leaves (assembly where the target has it)
 * and the C twins against the generic Montgomery arithmetic of the mp
 * layer (itself tested against OpenSSL), on random inputs and on edge
 * values (0, 1, 2, p - 1, p - 2, R mod p, values with all-ones or zero
 * words, powers of two near p's terms, products whose low half is p),
 * every output aliased to every input. On x86-64 with the CPUID choice,
 * both the MULX and the MUL product and square.
 */
#include <string.h>

#include "ctcrypto/common.h"
#include "ec/ec.h"
#include "ec/p256_field.h"
#include "mp/mp.h"
#include "runner.h"

#define L P256_FE_LIMBS

/* p as 32-bit words, least significant first */
static const uint32_t P32[8] = {
    0xffffffffu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 1, 0xffffffffu
};

static ct_limb_t P[L];

static void from_words(ct_limb_t *X, const uint32_t *w)
{
    size_t i;

    for (i = 0; i < L; i++) {
#if MP_LIMB_BITS == 64
        X[i] = (ct_limb_t)w[2 * i] | ((ct_limb_t)w[2 * i + 1] << 32);
#else
        X[i] = w[i];
#endif
    }
}

/* a value < p: random words, some forced to 0 or all ones */
static void rand_fe(ct_limb_t *X, int edgy)
{
    uint32_t w[8];
    size_t i;

    for (i = 0; i < 8; i++) {
        uint32_t r = tr_rand32();
        w[i] = r;
        if (edgy) {
            switch (tr_rand32() & 3) {
            case 0: w[i] = 0; break;
            case 1: w[i] = 0xffffffffu; break;
            case 2: w[i] = r & 1 ? 1u : 0x80000000u; break;
            default: break;
            }
        }
    }
    from_words(X, w);
    while (!ct_cond_bit(mp_lt(X, P, L)))
        (void)mp_sub(X, X, P, L);
}

/* edge values, each < p */
#define N_EDGE 16
static ct_limb_t E[N_EDGE][L];

static void make_edges(void)
{
    static const uint32_t w[][8] = {
        { 0 },                                          /* 0 */
        { 1 },                                          /* 1 */
        { 2 },                                          /* 2 */
        { 0xfffffffeu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 1, 0xffffffffu }, /* p - 1 */
        { 0xfffffffdu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 1, 0xffffffffu }, /* p - 2 */
        { 1, 0, 0, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xfffffffeu, 0 }, /* R mod p */
        { 0, 0, 0, 0, 0, 0, 0, 0x80000000u },           /* 2^255 */
        { 0, 0, 0, 0, 0, 0, 0, 0xffffffffu },           /* 2^256 - 2^224 < p */
        { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 0, 0xffffffffu }, /* p - 2^192 */
        { 0, 0, 0, 1, 0, 0, 0, 0 },                     /* 2^96 */
        { 0, 0, 0, 0, 0, 0, 1, 0 },                     /* 2^192 */
        { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
          0xffffffffu, 0, 0 },                          /* 2^192 - 1 */
        { 0, 0xffffffffu, 0, 0xffffffffu, 0, 0xffffffffu, 0, 0x7fffffffu },
        { 0xffffffffu, 0, 0xffffffffu, 0, 0xffffffffu, 0, 0, 0xfffffffeu },
        { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
          0xffffffffu, 0xffffffffu, 0xfffffffeu },     /* 2^255 + ... - 1 (< p) */
        { 0xfffffffeu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 1, 0x7fffffffu }, /* (p-1) - 2^255 */
    };
    size_t i;

    for (i = 0; i < N_EDGE; i++) {
        from_words(E[i], w[i]);
        TR_CHECK(ct_cond_bit(mp_lt(E[i], P, L)));
    }
}

/* the reference: the mp layer's generic Montgomery arithmetic mod p */
static void ref_mul(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    ct_limb_t T[2 * L];

    mp_montmul(X, A, B, &(mp_modulus){ P, NULL, L, 1 }, T);
}

typedef void (*bin_fn)(ct_limb_t *, const ct_limb_t *, const ct_limb_t *);
typedef void (*un_fn)(ct_limb_t *, const ct_limb_t *);

static void ref_add(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    mp_mod_add(X, A, B, P, L);
}

static void ref_sub(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    mp_mod_sub(X, A, B, P, L);
}

static void ref_neg(ct_limb_t *X, const ct_limb_t *A)
{
    mp_mod_neg(X, A, P, L);
}

static void ref_sqr(ct_limb_t *X, const ct_limb_t *A)
{
    ref_mul(X, A, A);
}

static void w_mul(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B) { p256_fe_mul(X, A, B); }
static void w_sqr(ct_limb_t *X, const ct_limb_t *A) { p256_fe_sqr(X, A); }
static void w_add(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B) { p256_fe_add(X, A, B); }
static void w_sub(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B) { p256_fe_sub(X, A, B); }
static void w_neg(ct_limb_t *X, const ct_limb_t *A) { p256_fe_neg(X, A); }

static const struct {
    const char *name;
    bin_fn leaf, twin, ref;
} bins[] = {
    { "mul", w_mul, p256_fe_mul_c, ref_mul },
    { "add", w_add, p256_fe_add_c, ref_add },
    { "sub", w_sub, p256_fe_sub_c, ref_sub },
};
static const struct {
    const char *name;
    un_fn leaf, twin, ref;
} uns[] = {
    { "sqr", w_sqr, p256_fe_sqr_c, ref_sqr },
    { "neg", w_neg, p256_fe_neg_c, ref_neg },
};

/* one binary leaf on (A, B): plain, X == A, X == B, and A == B == X */
static void check_bin(size_t f, const ct_limb_t *A, const ct_limb_t *B)
{
    ct_limb_t R[L], X[L], Y[L];

    bins[f].ref(R, A, B);
    bins[f].leaf(X, A, B);
    TR_MEM(X, R, sizeof R);
    bins[f].twin(Y, A, B);
    TR_MEM(Y, R, sizeof R);
    memcpy(X, A, sizeof X);
    bins[f].leaf(X, X, B);
    TR_MEM(X, R, sizeof R);
    memcpy(Y, A, sizeof Y);
    bins[f].twin(Y, Y, B);
    TR_MEM(Y, R, sizeof R);
    memcpy(X, B, sizeof X);
    bins[f].leaf(X, A, X);
    TR_MEM(X, R, sizeof R);
    memcpy(Y, B, sizeof Y);
    bins[f].twin(Y, A, Y);
    TR_MEM(Y, R, sizeof R);
    bins[f].ref(R, A, A);
    memcpy(X, A, sizeof X);
    bins[f].leaf(X, X, X);
    TR_MEM(X, R, sizeof R);
    memcpy(Y, A, sizeof Y);
    bins[f].twin(Y, Y, Y);
    TR_MEM(Y, R, sizeof R);
}

static void check_un(size_t f, const ct_limb_t *A)
{
    ct_limb_t R[L], X[L], Y[L];

    uns[f].ref(R, A);
    uns[f].leaf(X, A);
    TR_MEM(X, R, sizeof R);
    uns[f].twin(Y, A);
    TR_MEM(Y, R, sizeof R);
    memcpy(X, A, sizeof X);
    uns[f].leaf(X, X);
    TR_MEM(X, R, sizeof R);
    memcpy(Y, A, sizeof Y);
    uns[f].twin(Y, Y);
    TR_MEM(Y, R, sizeof R);
}

static void test_edges(void)
{
    size_t f, i, j;

    tr_group("P-256 field leaves (" P256_ASM_NAME ") and C twins = generic mp: "
             "every pair of edge values, aliased");
    for (f = 0; f < sizeof bins / sizeof bins[0]; f++)
        for (i = 0; i < N_EDGE; i++)
            for (j = 0; j < N_EDGE; j++)
                check_bin(f, E[i], E[j]);
    for (f = 0; f < sizeof uns / sizeof uns[0]; f++)
        for (i = 0; i < N_EDGE; i++)
            check_un(f, E[i]);
    tr_group_end();
}

/*
 * Products whose low half A B mod 2^256 is p itself: the Montgomery
 * multiplier is then 2^256 - 1 and the reduced low half U reaches its
 * bound, U = p (B = p A^-1 mod 2^256, for the A where that is below p;
 * from Python's integers).
 */
static void test_redc_bound(void)
{
    static const uint32_t w[][2][8] = {
        { { 7 },
          { 0x49249249u, 0x92492492u, 0x24924924u, 0, 0, 0, 0xb6db6db7u, 0xb6db6db6u } },
        { { 1, 0, 0, 0, 0, 0, 0, 0x80000000u },
          { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 1, 0x7fffffffu } },
        { { 0xfffffffdu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 1, 0xffffffffu },
          { 0xaaaaaaabu, 0xaaaaaaaau, 0xaaaaaaaau, 0x38e38e38u, 0x8e38e38eu, 0xe38e38e3u,
            0xf684bda0u, 0xda12f684u } },
        { { 1, 0, 0, 0, 0, 0, 0, 1 },
          { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 1, 0 } },
    };
    ct_limb_t A[L], B[L], T[2 * L];
    size_t i;

    tr_group("P-256 field leaves (" P256_ASM_NAME ") and C twins = generic mp: "
             "products with A B mod 2^256 = p, aliased");
    for (i = 0; i < sizeof w / sizeof w[0]; i++) {
        from_words(A, w[i][0]);
        from_words(B, w[i][1]);
        TR_CHECK(ct_cond_bit(mp_lt(A, P, L)) && ct_cond_bit(mp_lt(B, P, L)));
        mp_mul(T, A, L, B, L);
        TR_MEM(T, P, sizeof P);
        check_bin(0, A, B);
        check_bin(0, B, A);
    }
    tr_group_end();
}

static void test_random(void)
{
    ct_limb_t A[L], B[L];
    unsigned long it;
    size_t f;

    tr_group("P-256 field leaves (" P256_ASM_NAME ") and C twins = generic mp: "
             "random and edgy-random values, aliased");
    for (it = 0; it < TR_ITERS(20000ul); it++) {
        rand_fe(A, (int)(it & 1));
        rand_fe(B, (int)((it >> 1) & 1));
        for (f = 0; f < sizeof bins / sizeof bins[0]; f++)
            check_bin(f, A, B);
        for (f = 0; f < sizeof uns / sizeof uns[0]; f++)
            check_un(f, A);
    }
    tr_group_end();
}

/* a chain: x <- x^2 + x*y - y repeated, leaf against reference, so that
 * outputs feed inputs (catches a leaf whose result is correct mod p but
 * not fully reduced only when the next leaf mishandles it) */
static void test_chain(void)
{
    ct_limb_t x[L], y[L], t[L], rx[L], rt[L];
    unsigned long it;

    tr_group("P-256 field leaves (" P256_ASM_NAME "): a long chain of products and "
             "sums, outputs below p");
    rand_fe(x, 0);
    rand_fe(y, 1);
    memcpy(rx, x, sizeof x);
    for (it = 0; it < TR_ITERS(20000ul); it++) {
        p256_fe_sqr(t, x);
        p256_fe_mul(x, x, y);
        p256_fe_add(x, x, t);
        p256_fe_sub(x, x, y);
        p256_fe_neg(t, x);
        p256_fe_add(x, x, t);  /* 0 */
        TR_CHECK(ct_cond_bit(mp_is_zero(x, L)));
        p256_fe_sub(x, t, y);
        TR_CHECK(ct_cond_bit(mp_lt(x, P, L)));

        ref_sqr(rt, rx);
        ref_mul(rx, rx, y);
        ref_add(rx, rx, rt);
        ref_sub(rx, rx, y);
        ref_neg(rt, rx);
        ref_sub(rx, rt, y);
        TR_MEM(x, rx, sizeof x);
    }
    tr_group_end();
}

/* k A for k = 1..8: the selected leaf and the C twin against k - 1 modular
 * additions of the mp layer, on every edge value and random ones, plain
 * and aliased (X == A) */
static void check_mulk(const ct_limb_t *A)
{
    ct_limb_t R[L], X[L], Y[L];
    ct_limb_t k;

    memcpy(R, A, sizeof R);
    for (k = 1; k <= 8; k++) {
        if (k > 1)
            mp_mod_add(R, R, A, P, L);
        p256_fe_mulk(X, A, k);
        TR_MEM(X, R, sizeof R);
        p256_fe_mulk_c(Y, A, k);
        TR_MEM(Y, R, sizeof R);
        memcpy(X, A, sizeof X);
        p256_fe_mulk(X, X, k);
        TR_MEM(X, R, sizeof R);
        memcpy(Y, A, sizeof Y);
        p256_fe_mulk_c(Y, Y, k);
        TR_MEM(Y, R, sizeof R);
    }
}

static void test_mulk(void)
{
    ct_limb_t A[L];
    unsigned long it;
    size_t i;

    tr_group("P-256 field leaves (" P256_ASM_NAME ") and C twins: k A for k = 1..8 "
             "= repeated generic additions, edge and random values, aliased");
    for (i = 0; i < N_EDGE; i++)
        check_mulk(E[i]);
    for (it = 0; it < TR_ITERS(5000ul); it++) {
        rand_fe(A, (int)(it & 1));
        check_mulk(A);
    }
    tr_group_end();
}

static void test_build_info(void)
{
    const char *s = ctc_build_info();
    const char *want = " p256-asm=" P256_ASM_NAME " ";
    size_t i, j;
    int found = 0;

    tr_group("build info names the P-256 field leaves that were built");
    for (i = 0; s[i] && !found; i++) {
        for (j = 0; want[j] && s[i + j] == want[j]; j++)
            ;
        if (!want[j])
            found = 1;
    }
    TR_CHECK(found);
    tr_group_end();
}

/* the field inversion on these leaves: ec_fe_inv (safegcd, Fermat in
 * PROFILE=small) and ec_fe_inv_fermat (always the
 * chain for P-256) against a reference: safegcd of the mp layer on the
 * Montgomery value, A^-1 R = (A)^-1 R^2 (one product by R^3 mod p) */
static void test_inv(void)
{
#if CTC_EC_P256
    const ec_curve *C = ec_p256();
    ec_fe A, X, Y, R;
    ct_limb_t T[MP_INV_SCRATCH(L)];
    unsigned long it;
    size_t i;

    memset(A, 0, sizeof A);

    tr_group("P-256 field inversion (chain and safegcd) = the mp layer's safegcd; A A^-1 = 1; 0 -> 0");
    for (it = 0; it < TR_ITERS(300ul) + N_EDGE; it++) {
        if (it < N_EDGE)
            mp_copy(A, E[it], L);
        else
            rand_fe(A, (int)(it & 1));
        (void)mp_inv(R, A, P, L, T);
        ec_fe_mul(C, R, R, C->r3);
        ec_fe_inv(C, X, A);
        TR_MEM(X, R, L * sizeof(ct_limb_t));
        ec_fe_inv_fermat(C, Y, A);
        TR_MEM(Y, R, L * sizeof(ct_limb_t));
        ec_fe_mul(C, Y, Y, A);
        if (ct_cond_bit(mp_is_zero(A, L))) {
            TR_CHECK(ct_cond_bit(mp_is_zero(X, L)));
        } else {
            for (i = 0; i < L; i++)
                TR_EQ(Y[i], C->one[i]);
        }
    }
    tr_group_end();
#endif
}

#if MP_LIMB_BITS == 32 && CTC_EC_P256
/*
 * p256_mont_mul (p256_field.h): the assembly (where the target has it)
 * and the C twin against mp_montmul for P-256's p and n: the unreduced V
 * = X + top 2^256 of both is the same, below 2N, and V - N under the mask
 * is mp_montmul's result; edge values and random ones, X aliased to A and
 * to B.
 */
static void check_mont(const mp_modulus *M, const ct_limb_t *A, const ct_limb_t *B)
{
    ct_limb_t R[L], X[L], Y[L], T[2 * L], top, ytop;
    ct_cond ge;

    mp_montmul(R, A, B, M, T);
    top = p256_mont_mul_c(X, A, B, M->N, M->ninv);
    /* V < 2N: top = 1 only with X < N */
    TR_CHECK(top == 0 || ct_cond_bit(mp_lt(X, M->N, L)));
    ge = ct_cond_or(ct_cond_from_bit((uint32_t)top), ct_cond_not(mp_lt(X, M->N, L)));
    (void)mp_sub_cond(Y, X, M->N, ge, L);
    TR_MEM(Y, R, sizeof R);
#if defined(P256_ASM_MONT)
    ytop = p256_mont_mul_asm(Y, A, B, M->N, M->ninv);
    TR_CHECK(ytop == top);
    TR_MEM(Y, X, sizeof X);
    mp_copy(Y, A, L);
    ytop = p256_mont_mul_asm(Y, Y, B, M->N, M->ninv);
    TR_CHECK(ytop == top);
    TR_MEM(Y, X, sizeof X);
    mp_copy(Y, B, L);
    ytop = p256_mont_mul_asm(Y, A, Y, M->N, M->ninv);
    TR_CHECK(ytop == top);
    TR_MEM(Y, X, sizeof X);
#else
    (void)ytop;
#endif
}

static void test_mont(void)
{
    const ec_curve *C = ec_p256();
    const mp_modulus *mods[2];
    ct_limb_t A[L], B[L], ed[6][L];
    unsigned long it;
    size_t m, i, j;

    mods[0] = &C->p;
    mods[1] = &C->n;
    tr_group("p256_mont_mul (" P256_ASM_NAME ") and its C twin = mp_montmul, mod p and n: "
             "edges and random values, aliased");
    for (m = 0; m < 2; m++) {
        const mp_modulus *M = mods[m];

        /* 0, 1, 2, N - 1, N - 2, R^2 mod N */
        for (i = 0; i < 6; i++)
            mp_zero(ed[i], L);
        ed[1][0] = 1;
        ed[2][0] = 2;
        (void)mp_sub_limb(ed[3], M->N, 1, L);
        (void)mp_sub_limb(ed[4], M->N, 2, L);
        mp_copy(ed[5], M->R2, L);
        for (i = 0; i < 6; i++)
            for (j = 0; j < 6; j++)
                check_mont(M, ed[i], ed[j]);
        for (it = 0; it < TR_ITERS(5000ul); it++) {
            rand_fe(A, (int)(it & 1));
            rand_fe(B, (int)((it >> 1) & 1));
            while (!ct_cond_bit(mp_lt(A, M->N, L)))
                (void)mp_sub(A, A, M->N, L);
            while (!ct_cond_bit(mp_lt(B, M->N, L)))
                (void)mp_sub(B, B, M->N, L);
            check_mont(M, A, B);
        }
    }
    tr_group_end();
}
#endif

int main(void)
{
    tr_init("test_p256_field");
    from_words(P, P32);
    make_edges();
    test_build_info();
    test_edges();
    test_redc_bound();
    test_random();
    test_chain();
    test_mulk();
    test_inv();
#if MP_LIMB_BITS == 32 && CTC_EC_P256
    test_mont();
#endif
#if defined(P256_ASM_MULX) && MP_X86_CPUID
    /* the product and square this CPU did not run above (MUL/ADC), through
     * the same tests; the MULX ones where the compiler assumes BMI2 and
     * ADX are the only ones selected, and run above */
    if (mp_x86_mulx()) {
        tr_puts("# again with the MUL leaves (mp_x86_mulx_allow(0))\n");
        mp_x86_mulx_allow(0);
        test_edges();
        test_redc_bound();
        test_random();
        test_chain();
        mp_x86_mulx_allow(1);
    } else {
        tr_skip("P-256 MULX/ADX leaves", "this CPU lacks BMI2 or ADX");
    }
#endif
    return tr_finish();
}

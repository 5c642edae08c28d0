/*
 * test_mp.c - the multi-precision layer: properties, an independent
 * reference for add/sub/mul (16-bit digits, nothing shared with the
 * library's word arithmetic), every aliasing the header allows, edge
 * values, assembly leaves against their C twins. Runs on every target;
 * tests/unit/test_mp_vectors.c adds known answers from Python and
 * tests/host/test_mp_openssl.c compares with OpenSSL on the host.
 */
#include <string.h>

#include "ctcrypto/common.h"
#include "mp/mp.h"
#include "runner.h"

#define W MP_LIMB_BITS
#define MAXL (4096 / W + 2)

static int bit(ct_cond c) { return ct_cond_declassify(c); }

/* ---- random numbers with edge-case shapes ---------------------------------- */

static ct_limb_t rand_limb(void)
{
    return (ct_limb_t)tr_rand64();
}

/* uniform in [0, n), n >= 1, without a division (some targets have none) */
static size_t rand_below(size_t n)
{
    size_t mask = 0, r;

    while (mask < n - 1)
        mask = (mask << 1) | 1;
    do {
        r = (size_t)tr_rand32() & mask;
    } while (r >= n);
    return r;
}

/* kind 0: random; 1: edgy limbs; 2: all ones; 3: zero; 4: one; 5: a
 * single bit; 6: all ones in the low half, zero above; 7: top bit only */
static void rand_num(ct_limb_t *X, size_t n, unsigned kind)
{
    size_t i;

    for (i = 0; i < n; i++) {
        switch (kind) {
        case 0: X[i] = rand_limb(); break;
        case 1: X[i] = (ct_limb_t)tr_rand_edgy64(); break;
        case 2: X[i] = ~(ct_limb_t)0; break;
        case 6: X[i] = i < n / 2 ? ~(ct_limb_t)0 : 0; break;
        default: X[i] = 0; break;
        }
    }
    if (kind == 4)
        X[0] = 1;
    if (kind == 5)
        X[rand_below(n)] = (ct_limb_t)1 << (tr_rand32() & (W - 1));
    if (kind == 7)
        X[n - 1] = (ct_limb_t)1 << (W - 1);
}

static void rand_any(ct_limb_t *X, size_t n)
{
    unsigned r = tr_rand32() & 15;

    rand_num(X, n, r < 8 ? 0 : r < 12 ? 1 : r - 10);
}

/* An odd modulus of n limbs, > 1, with a top limb that is usually full
 * but sometimes short (bit lengths that are not multiples of w). */
/* the bit length of X (0 for X = 0), bit by bit */
static size_t nbits(const ct_limb_t *X, size_t n)
{
    size_t b = n * W;

    while (b > 0 && ((X[(b - 1) / W] >> ((b - 1) % W)) & 1u) == 0)
        b--;
    return b;
}

static void rand_modulus(ct_limb_t *N, size_t n)
{
    unsigned r = tr_rand32() & 7;

    rand_num(N, n, r == 0 ? 2 : r == 1 ? 1 : 0);
    if (r == 2)
        N[n - 1] >>= tr_rand32() & (W - 1);
    if (r == 3)
        N[n - 1] |= (ct_limb_t)1 << (W - 1);
    N[0] |= 1;
    if (n == 1 && N[0] < 3)
        N[0] = 3;
    if (N[n - 1] == 0)
        N[n - 1] = 1;
}

/* V < N, cheaply, for N with a nonzero top limb: clear V's top limb from
 * the highest set bit of N's top limb up (V[n-1] < that bit <= N[n-1]). */
static void below_n(ct_limb_t *V, const ct_limb_t *Nv, size_t n)
{
    ct_limb_t t = Nv[n - 1], h = 1;

    while (t >>= 1)
        h <<= 1;
    V[n - 1] &= h - 1;
}

/* ---- the reference: 16-bit digits in uint32_t arithmetic -------------------- */

#define DPL (W / 16) /* digits per limb */

static void to16(uint32_t *d, const ct_limb_t *A, size_t n)
{
    size_t i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < DPL; j++)
            d[i * DPL + j] = (uint32_t)(A[i] >> (16 * j)) & 0xffffu;
}

static void from16(ct_limb_t *X, const uint32_t *d, size_t n)
{
    size_t i, j;

    for (i = 0; i < n; i++) {
        X[i] = 0;
        for (j = 0; j < DPL; j++)
            X[i] |= (ct_limb_t)d[i * DPL + j] << (16 * j);
    }
}

static uint32_t ra[(MAXL + 2) * DPL * 2], rb[(MAXL + 2) * DPL * 2], rx[(MAXL + 2) * DPL * 2];

static ct_limb_t ref_add(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B, size_t n, int sub)
{
    uint32_t c = 0;
    size_t i;

    to16(ra, A, n);
    to16(rb, B, n);
    for (i = 0; i < n * DPL; i++) {
        uint32_t t = sub ? ra[i] + 0x10000u - rb[i] - c : ra[i] + rb[i] + c;
        rx[i] = t & 0xffffu;
        c = sub ? (t >> 16) ^ 1u : t >> 16;
    }
    from16(X, rx, n);
    return c;
}

static void ref_mul(ct_limb_t *X, const ct_limb_t *A, size_t an, const ct_limb_t *B, size_t bn)
{
    size_t i, j;

    to16(ra, A, an);
    to16(rb, B, bn);
    for (i = 0; i < (an + bn) * DPL; i++)
        rx[i] = 0;
    for (i = 0; i < an * DPL; i++) {
        uint32_t c = 0;
        for (j = 0; j < bn * DPL; j++) {
            /* < 2^32: (2^16-1)^2 + 2 (2^16 - 1) */
            uint32_t t = ra[i] * rb[j] + rx[i + j] + c;
            rx[i + j] = t & 0xffffu;
            c = t >> 16;
        }
        rx[i + bn * DPL] = c;
    }
    from16(X, rx, an + bn);
}

/* Y (n limbs) = C - N if that does not borrow, else C; C and N have
 * n + 1 limbs (N[n] = 0), C < 2N. */
static ct_limb_t ref_tmp[2 * (4096 / MP_LIMB_BITS + 2) + 2];

static void ref_reduce_once(ct_limb_t *Yo, const ct_limb_t *Ci, const ct_limb_t *Ni, size_t n)
{
    size_t i;

    if (ref_add(ref_tmp, Ci, Ni, n + 1, 1))
        for (i = 0; i < n; i++)
            Yo[i] = Ci[i];
    else
        for (i = 0; i < n; i++)
            Yo[i] = ref_tmp[i];
}

/* ---- add, sub, compare, shifts ------------------------------------------------------------ */

/* 2n-limb products, 2n + 1 for R^2's power of two; T: MP_R2_SCRATCH */
static ct_limb_t A[2 * MAXL + 2], B[2 * MAXL + 2], C[2 * MAXL + 2], N[MAXL + 2],
    X[2 * MAXL + 2], Y[2 * MAXL + 2], Z[2 * MAXL + 2], R2[MAXL], T[6 * MAXL + 2];
/* exponentiation scratch up to window 6 at MAXL / 4 limbs (the sizes the
 * exponentiation test uses), and inversion scratch at MAXL limbs: 18 KiB
 * with 32-bit limbs, which the Cortex-M0 image's 64 KiB of RAM allows */
static ct_limb_t BIG[(64 + 4) * (MAXL / 4) + MAXL];

static size_t rand_size(size_t max)
{
    /* mostly small, sometimes up to max */
    size_t n = (tr_rand32() & 3) ? 1 + rand_below(8) : 1 + rand_below(max);

    return n > max ? max : n;
}

static void test_add_sub(void)
{
    unsigned long it;
    size_t n, i;
    ct_limb_t c, c2;

    tr_group("add/sub/add_cond/sub_cond/add_limb/sub_limb = reference (+ aliasing)");
    for (it = 0; it < TR_ITERS(20000ul); it++) {
        int cc = (int)(it & 1);
        n = rand_size(MAXL);
        rand_any(A, n);
        rand_any(B, n);
        c = ref_add(Y, A, B, n, 0);
        TR_EQ(mp_add(X, A, B, n), c);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        mp_copy(X, A, n);
        TR_EQ(mp_add(X, X, B, n), c);              /* X == A */
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        mp_copy(X, B, n);
        TR_EQ(mp_add(X, A, X, n), c);              /* X == B */
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        c = ref_add(Y, A, B, n, 1);
        TR_EQ(mp_sub(X, A, B, n), c);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        mp_copy(X, A, n);
        TR_EQ(mp_sub(X, X, B, n), c);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        mp_copy(X, B, n);
        TR_EQ(mp_sub(X, A, X, n), c);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        /* conditional forms: the operation or a copy (carry 0) */
        c = cc ? ref_add(Y, A, B, n, 0) : 0;
        if (!cc)
            mp_copy(Y, A, n);
        mp_copy(X, A, n);
        TR_EQ(mp_add_cond(X, X, B, ct_cond_from_bit((uint32_t)cc), n), c);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        c = cc ? ref_add(Y, A, B, n, 1) : 0;
        if (!cc)
            mp_copy(Y, A, n);
        mp_copy(X, B, n);
        TR_EQ(mp_sub_cond(X, A, X, ct_cond_from_bit((uint32_t)cc), n), c);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        /* one-limb forms */
        mp_set_limb(C, n, B[0]);
        c = ref_add(Y, A, C, n, 0);
        mp_copy(X, A, n);
        TR_EQ(mp_add_limb(X, X, B[0], n), c);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        c = ref_add(Y, A, C, n, 1);
        TR_EQ(mp_sub_limb(X, A, B[0], n), c);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        /* carries rippling through every limb */
        rand_num(A, n, 2);
        mp_set_limb(C, n, 1);
        TR_EQ(mp_add(X, A, C, n), 1);
        TR_CHECK(bit(mp_is_zero(X, n)));
        TR_EQ(mp_sub(Y, X, C, n), 1);
        TR_MEM(Y, A, n * sizeof(ct_limb_t));
        TR_EQ(mp_add_limb(X, A, 1, n), 1);
        TR_CHECK(bit(mp_is_zero(X, n)));
    }
    tr_group_end();

    tr_group("lt/eq/is_zero, shl/shr by every count (+ aliasing), cmov/cswap");
    for (it = 0; it < TR_ITERS(4000ul); it++) {
        unsigned s;
        n = rand_size(MAXL);
        rand_any(A, n);
        mp_copy(B, A, n);
        if (it & 1) {
            i = rand_below(n);
            B[i] ^= (ct_limb_t)1 << (tr_rand32() & (W - 1));
        }
        c = ref_add(Y, A, B, n, 1);       /* borrow: A < B */
        TR_EQ(bit(mp_lt(A, B, n)), c);
        c2 = ref_add(Y, B, A, n, 1);
        TR_EQ(bit(mp_lt(B, A, n)), c2);
        TR_EQ(bit(mp_eq(A, B, n)), !c && !c2);
        TR_EQ(bit(mp_lt(A, A, n)), 0);
        TR_EQ(bit(mp_eq(A, A, n)), 1);
        TR_EQ(bit(mp_is_zero(A, n)), bit(mp_eq(A, (mp_zero(C, n), C), n)));
        for (s = 0; s < W; s++) {
            /* shl = multiply by 2^s (reference), the bits out = top limb */
            mp_set_limb(C, 1, (ct_limb_t)1 << s);
            ref_mul(Y, A, n, C, 1);
            TR_EQ(mp_shl(X, A, n, s), Y[n]);
            TR_MEM(X, Y, n * sizeof(ct_limb_t));
            mp_copy(X, A, n);
            TR_EQ(mp_shl(X, X, n, s), Y[n]);
            TR_MEM(X, Y, n * sizeof(ct_limb_t));
            /* shr undoes shl on the value with the bits out on top */
            mp_copy(Z, Y, n + 1);
            TR_EQ(mp_shr(X, Z, n + 1, s), 0);
            TR_MEM(X, A, n * sizeof(ct_limb_t));
            TR_EQ(X[n], 0);
            TR_EQ(mp_shr(Z, Z, n + 1, s), 0);       /* X == A */
            TR_MEM(Z, A, n * sizeof(ct_limb_t));
            /* the bits shifted out of shr */
            c = mp_shr(X, A, n, s);
            TR_EQ(c, s ? A[0] << (W - s) : 0);
        }
        for (s = 0; s < 2; s++) {
            rand_any(B, n);
            mp_copy(X, A, n);
            mp_cmov(X, B, ct_cond_from_bit(s), n);
            TR_MEM(X, s ? B : A, n * sizeof(ct_limb_t));
            mp_copy(X, A, n);
            mp_copy(Y, B, n);
            mp_cswap(X, Y, ct_cond_from_bit(s), n);
            TR_MEM(X, s ? B : A, n * sizeof(ct_limb_t));
            TR_MEM(Y, s ? A : B, n * sizeof(ct_limb_t));
        }
    }
    /* bitlen */
    for (n = 1; n <= 4; n++) {
        mp_zero(A, n);
        TR_EQ(mp_bitlen_vartime(A, n), 0);
        for (i = 0; i < n * W; i++) {
            mp_zero(A, n);
            A[i / W] = (ct_limb_t)1 << (i % W);
            TR_EQ(mp_bitlen_vartime(A, n), i + 1);
            A[0] |= 1;
            TR_EQ(mp_bitlen_vartime(A, n), i + 1);
        }
    }
    tr_group_end();
}

/* ---- leaves: assembly against C twin ------------------------------------------------ */

/* the two-row leaf where the build has one, else its C twin */
#if MP_MLA2
#define MLA2 mp_mla2
#else
#define MLA2 mp_mla2_c
#endif

static void test_leaves(void)
{
    unsigned long it;
    size_t n, i;
    ct_limb_t b, c1, c2, ninv, top;

    tr_group("mla (" MP_ASM_NAME ") = mla_c = reference; X == A");
    for (it = 0; it < TR_ITERS(20000ul); it++) {
        n = rand_size(MAXL);
        rand_any(A, n);
        rand_any(X, n);
        b = (it & 3) == 0 ? ~(ct_limb_t)0 : (it & 3) == 1 ? (ct_limb_t)tr_rand_edgy64() : rand_limb();
        mp_copy(Y, X, n);
        mp_copy(Z, X, n);
        c1 = mp_mla(Y, A, n, b);
        c2 = mp_mla_c(Z, A, n, b);
        TR_EQ(c1, c2);
        TR_MEM(Y, Z, n * sizeof(ct_limb_t));
        /* reference: X + A*b */
        ref_mul(C, A, n, &b, 1);
        X[n] = 0;
        C[n + 1] = 0;
        ref_add(B, C, X, n + 1, 0);
        TR_MEM(Y, B, n * sizeof(ct_limb_t));
        TR_EQ(c1, B[n]);
        /* X == A */
        mp_copy(Y, A, n);
        mp_copy(Z, A, n);
        TR_EQ(mp_mla(Y, Y, n, b), mp_mla_c(Z, Z, n, b));
        TR_MEM(Y, Z, n * sizeof(ct_limb_t));
    }
    /* all ones everywhere: the largest carries */
    for (n = 1; n <= MAXL; n++) {
        rand_num(A, n, 2);
        rand_num(Y, n, 2);
        rand_num(Z, n, 2);
        TR_EQ(mp_mla(Y, A, n, ~(ct_limb_t)0), mp_mla_c(Z, A, n, ~(ct_limb_t)0));
        TR_MEM(Y, Z, n * sizeof(ct_limb_t));
        TR_EQ(Y[0], 0);
    }
    tr_group_end();

    tr_group("mla2 (" MP_ASM_NAME ") = mla2_c = reference");
    for (it = 0; it < TR_ITERS(20000ul); it++) {
        ct_limb_t bb[2];

        n = rand_size(MAXL);
        rand_any(A, n);
        rand_any(X, n);
        for (i = 0; i < 2; i++)
            bb[i] = ((it >> (2 * i)) & 3) == 0 ? ~(ct_limb_t)0
                    : ((it >> (2 * i)) & 3) == 1 ? (ct_limb_t)tr_rand_edgy64() : rand_limb();
        mp_copy(Y, X, n);
        mp_copy(Z, X, n);
        Y[n] = rand_limb();   /* limb n is written, not read */
        Z[n] = ~Y[n];
        c1 = MLA2(Y, A, n, bb[0], bb[1]);
        c2 = mp_mla2_c(Z, A, n, bb[0], bb[1]);
        TR_EQ(c1, c2);
        TR_MEM(Y, Z, (n + 1) * sizeof(ct_limb_t));
        /* reference: X + A*(b0 + b1 2^w), n + 2 limbs */
        ref_mul(C, A, n, bb, 2);
        X[n] = 0;
        X[n + 1] = 0;
        ref_add(B, C, X, n + 2, 0);
        TR_MEM(Y, B, (n + 1) * sizeof(ct_limb_t));
        TR_EQ(c1, B[n + 1]);
    }
    /* all ones everywhere: the largest carries, (2^(wn) - 1)(2^2w - 1) +
     * 2^(wn) - 1 = 2^(w(n+2)) - 2^2w: limbs 0 and 1 are 0, limbs 2..n and
     * the carry all ones */
    for (n = 1; n <= MAXL; n++) {
        rand_num(A, n, 2);
        rand_num(Y, n, 2);
        rand_num(Z, n, 2);
        c1 = MLA2(Y, A, n, ~(ct_limb_t)0, ~(ct_limb_t)0);
        TR_EQ(c1, mp_mla2_c(Z, A, n, ~(ct_limb_t)0, ~(ct_limb_t)0));
        TR_MEM(Y, Z, (n + 1) * sizeof(ct_limb_t));
        TR_EQ(c1, ~(ct_limb_t)0);
        TR_EQ(Y[0], 0);
        TR_EQ(Y[1], 0);
        for (i = 2; i <= n; i++)
            TR_EQ(Y[i], ~(ct_limb_t)0);
    }
    tr_group_end();

    tr_group("mont_step (" MP_ASM_NAME ") = mont_step_c, and the step's identity");
    for (it = 0; it < TR_ITERS(20000ul); it++) {
        n = rand_size(MAXL);
        rand_modulus(N, n);
        ninv = mp_mont_ninv(N[0]);
        /* A < N, T + top 2^wn < 2N */
        rand_any(A, n);
        below_n(A, N, n);
        rand_any(X, n);
        below_n(X, N, n);
        top = 0;
        if (it & 1)
            top = mp_add(X, X, N, n);  /* in [N, 2N) */
        b = (it & 6) == 0 ? ~(ct_limb_t)0 : rand_limb();
        mp_copy(Y, X, n);
        mp_copy(Z, X, n);
        c1 = mp_mont_step(Y, top, A, b, N, n, ninv);
        c2 = mp_mont_step_c(Z, top, A, b, N, n, ninv);
        TR_EQ(c1, c2);
        TR_MEM(Y, Z, n * sizeof(ct_limb_t));
        TR_CHECK(c1 <= 1);
        /* Y 2^w = X + A b + m N with m = (X0 + A0 b) ninv */
        {
            ct_limb_t m = (X[0] + A[0] * b) * ninv;
            ref_mul(C, A, n, &b, 1);          /* n + 1 limbs */
            ref_mul(B, N, n, &m, 1);
            C[n + 1] = 0;
            B[n + 1] = 0;
            ref_add(C, C, B, n + 2, 0);
            mp_copy(B, X, n);
            B[n] = top;
            B[n + 1] = 0;
            ref_add(C, C, B, n + 2, 0);
            TR_EQ(C[0], 0);
            TR_MEM(C + 1, Y, n * sizeof(ct_limb_t));
            TR_EQ(C[n + 1], c1);
        }
    }
    tr_group_end();

    tr_group("montmul_steps (" MP_ASM_NAME ") = montmul_steps_c = montmul, the steps one by one");
    for (it = 0; it < TR_ITERS(10000ul); it++) {
        ct_limb_t Tw[MAXL], Wl[MAXL], top2;
        unsigned ka = (unsigned)(it % 5), kb = (unsigned)((it / 5) % 6);

        n = rand_size(MAXL);
        rand_modulus(N, n);
        ninv = mp_mont_ninv(N[0]);
        /* A < N: 0, 1, N - 1, N - 2, random; B any: 0, 1, N - 1, all
         * ones (R - 1), N + random (above N), random */
        rand_any(A, n);
        below_n(A, N, n);
        if (ka < 2) {
            mp_zero(A, n);
            A[0] = ka;
        } else if (ka < 4) {
            mp_copy(A, N, n);
            (void)mp_sub_limb(A, A, (ct_limb_t)(ka - 1), n);
        }
        rand_any(B, n);
        if (kb < 2) {
            mp_zero(B, n);
            B[0] = kb;
        } else if (kb == 2) {
            mp_copy(B, N, n);
            (void)mp_sub_limb(B, B, 1, n);
        } else if (kb == 3) {
            memset(B, 0xff, n * sizeof(ct_limb_t));
        } else if (kb == 4) {
            below_n(B, N, n);
            if (mp_add(C, B, N, n) == 0)
                mp_copy(B, C, n);
        }
        /* the steps one call each, then the final subtraction */
        mp_zero(Z, n);
        top2 = 0;
        for (i = 0; i < n; i++)
            top2 = mp_mont_step(Z, top2, A, B[i], N, n, ninv);
        TR_CHECK(top2 <= 1);
        mp_montmul_steps_c(Y, A, B, N, n, ninv, Tw);
        /* Y = Z + top R reduced once: Z - N unless that borrows with top 0 */
        if (ref_add(Wl, Z, N, n, 1) == 0 || top2 != 0)
            mp_copy(Z, Wl, n);
        TR_MEM(Y, Z, n * sizeof(ct_limb_t));
        mp_montmul_steps(X, A, B, &(mp_modulus){ N, NULL, n, ninv }, Tw);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
#if MP_STEPS_ASM
        mp_montmul_steps_asm(X, A, B, N, n, ninv, Tw);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        /* X = A and X = B */
        mp_copy(X, A, n);
        mp_montmul_steps_asm(X, X, B, N, n, ninv, Tw);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        mp_copy(X, B, n);
        mp_montmul_steps_asm(X, A, X, N, n, ninv, Tw);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
#endif
        /* the reduced product: mp_montmul's own path (the full product
         * and the reduction from MP_MUL_REDC_MIN limbs) */
        mp_montmul(Z, A, B, &(mp_modulus){ N, NULL, n, ninv }, C);
        TR_MEM(Y, Z, n * sizeof(ct_limb_t));
        TR_EQ(bit(mp_lt(Y, N, n)), 1);
    }
    tr_group_end();

    /*
     * The whole reduction: mp_mont_redc (the assembly leaf for n a
     * multiple of 8 where MP_REDC_ASM is 1) against mp_mont_redc_c, and
     * both against the definition: X < N and X R = T mod N (checked with
     * mp_mod of T and of X shifted by n limbs). T = A B with A < N and B
     * any n-limb value (so T < N R), or the largest such T, or T = 0;
     * N random, short at the top, or all ones.
     */
    tr_group("mont_redc (" MP_ASM_NAME ") = mont_redc_c = definition, n = 8k");
    for (it = 0; it < TR_ITERS(2000ul); it++) {
        unsigned kind = (unsigned)(it % 5);

        n = 8 * (1 + rand_below(MAXL / 8));
        rand_modulus(N, n);
        if (kind == 4)
            rand_num(N, n, 2);      /* all ones: the largest carries */
        ninv = mp_mont_ninv(N[0]);
        rand_any(A, n);
        below_n(A, N, n);
        rand_any(B, n);
        if (kind >= 3) {            /* (N - 1)(2^wn - 1): the largest T */
            (void)mp_sub_limb(A, N, 1, n);
            rand_num(B, n, 2);
        }
        mp_mul(C, A, n, B, n);
        if (kind == 2 && (it & 8))
            mp_zero(C, 2 * n);
        mp_copy(Z, C, 2 * n);
        mp_copy(BIG + 4 * MAXL, C, 2 * n);   /* T, past mp_mod's scratch */
        mp_mont_redc(X, C, &(mp_modulus){ N, NULL, n, ninv });
        mp_mont_redc_c(Y, Z, N, n, ninv);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        TR_CHECK(bit(mp_lt(X, N, n)));
        /* X R = T mod N */
        mp_mod(Y, BIG + 4 * MAXL, 2 * n, N, n, BIG);
        mp_zero(C, n);
        mp_copy(C + n, X, n);
        mp_mod(Z, C, 2 * n, N, n, BIG);
        TR_MEM(Y, Z, n * sizeof(ct_limb_t));
    }
    tr_group_end();
    /* mp_sqr's last pass: the assembly (UMAAL, n even) against its C
     * twin on any 2n-limb X (both work mod 2^(2wn)); mp_sqr itself is
     * checked against mp_mul(A, A) in test_mul */
    tr_group("sqr_diag (" MP_ASM_NAME ") = sqr_diag_c, n even");
    for (it = 0; it < TR_ITERS(4000ul); it++) {
        n = 2 * (1 + rand_below(MAXL / 2));
        rand_any(A, n);
        rand_any(X, 2 * n);
        if ((it & 7) == 0) {
            rand_num(A, n, 2);
            rand_num(X, 2 * n, 2);
        }
        mp_copy(Y, X, 2 * n);
        mp_copy(Z, X, 2 * n);
#if defined(MP_ASM_UMAAL)
        mp_sqr_diag_asm(Y, A, n);
#else
        mp_sqr_diag_c(Y, A, n);
#endif
        mp_sqr_diag_c(Z, A, n);
        TR_MEM(Y, Z, 2 * n * sizeof(ct_limb_t));
    }
    tr_group_end();
    /* mp_sqr's pairs of rows: the assembly (UMAAL, n even) against its C
     * twin, then both passes against mp_mul(A, A); A random, all ones
     * (the largest carries), 2^k - 1 and 2^k at the top, N - 1 of a
     * modulus near 2^(wn); X filled with garbage first (the leaf clears
     * what it accumulates into) */
    tr_group("sqr_rows (" MP_ASM_NAME ") = sqr_rows_c, n even; sqr = mul(A, A)");
    for (it = 0; it < TR_ITERS(4000ul); it++) {
        unsigned kind = (unsigned)(it % 6);

        n = 2 * (1 + rand_below(MAXL / 2));
        rand_any(A, n);
        if (kind == 1)
            rand_num(A, n, 2);                  /* all ones */
        if (kind == 2) {                        /* 2^k - 1, k a limb multiple or not */
            rand_num(A, n, 2);
            A[n - 1] >>= rand_below(MP_LIMB_BITS);
        }
        if (kind == 3) {                        /* 2^k */
            mp_zero(A, n);
            A[rand_below(n)] = (ct_limb_t)1 << rand_below(MP_LIMB_BITS);
        }
        if (kind == 4) {                        /* N - 1, N = 2^(wn) - small */
            rand_num(N, n, 2);
            N[0] -= 2 * (ct_limb_t)rand_below(1000);
            (void)mp_sub_limb(A, N, 1, n);
        }
        if (kind == 5 && (it & 8))
            mp_zero(A, n);
        rand_any(Y, 2 * n);
        rand_any(Z, 2 * n);
#if defined(MP_ASM_UMAAL)
        mp_sqr_rows_asm(Y, A, n);
#else
        mp_sqr_rows_c(Y, A, n);
#endif
        mp_sqr_rows_c(Z, A, n);
        TR_MEM(Y, Z, 2 * n * sizeof(ct_limb_t));
        mp_sqr_diag_c(Z, A, n);
        mp_mul(C, A, n, A, n);
        TR_MEM(Z, C, 2 * n * sizeof(ct_limb_t));
        mp_sqr(X, A, n);
        TR_MEM(X, C, 2 * n * sizeof(ct_limb_t));
    }
    tr_group_end();
#if !MP_REDC_ASM
    tr_skip("mp_mont_redc_asm", "no UMAAL leaf in this build: the C twin against itself and the definition");
#endif
#if !MP_HAVE_ASM
    tr_skip("mp asm leaves", "built with the C twins only");
#endif
    (void)i;
}

/* ---- mul, sqr ----------------------------------------------------------------------------- */

static void test_mul(void)
{
    unsigned long it;
    size_t an, bn;

    tr_group("mul = reference (sizes 1.." "MAXL" " x 1..MAXL), sqr = mul(A, A)");
    for (it = 0; it < TR_ITERS(6000ul); it++) {
        an = rand_size(MAXL);
        bn = (it & 1) ? an : rand_size(MAXL);
        rand_any(A, an);
        rand_any(B, bn);
        mp_mul(X, A, an, B, bn);
        ref_mul(Y, A, an, B, bn);
        TR_MEM(X, Y, (an + bn) * sizeof(ct_limb_t));
        mp_sqr(Z, A, an);
        ref_mul(Y, A, an, A, an);
        TR_MEM(Z, Y, 2 * an * sizeof(ct_limb_t));
    }
    for (an = 1; an <= MAXL; an++) {
        rand_num(A, an, 2);
        mp_sqr(Z, A, an);
        mp_mul(X, A, an, A, an);
        TR_MEM(X, Z, 2 * an * sizeof(ct_limb_t));
        ref_mul(Y, A, an, A, an);
        TR_MEM(X, Y, 2 * an * sizeof(ct_limb_t));
    }
    tr_group_end();
}

/* ---- reduction, modular add/sub/neg ------------------------------------------------------ */

static void test_mod(void)
{
    unsigned long it;
    size_t n, qn, i;

    tr_group("mod: (Q N + r) mod N = r, any overlap of X and A; N with zero top limbs");
    for (it = 0; it < TR_ITERS(1000ul); it++) {
        n = rand_size(MAXL);
        qn = rand_size(MAXL);
        rand_any(N, n);
        if ((it & 7) == 0 && n > 1)
            N[n - 1] = 0;                   /* a modulus shorter than n limbs */
        if (bit(mp_is_zero(N, n)))
            N[0] = 1;
        /* r < N: a random value reduced by clearing bits above N's top */
        rand_any(C, n);
        mp_mod(C, C, n, N, n, T);
        TR_CHECK(bit(mp_lt(C, N, n)));
        rand_any(B, qn);
        mp_mul(A, B, qn, N, n);
        A[qn + n] = 0;
        mp_zero(Y, qn + n + 1);
        mp_copy(Y, C, n);
        TR_EQ(mp_add(A, A, Y, qn + n), 0);  /* Q N + r < 2^w(qn+n) */
        mp_mod(X, A, qn + n, N, n, T);
        TR_MEM(X, C, n * sizeof(ct_limb_t));
        /* X overlapping A: the same array, and the top part of it */
        mp_copy(Z, A, qn + n);
        mp_mod(Z, Z, qn + n, N, n, T);
        TR_MEM(Z, C, n * sizeof(ct_limb_t));
        mp_copy(Z, A, qn + n);
        mp_mod(Z + qn, Z, qn + n, N, n, T);
        TR_MEM(Z + qn, C, n * sizeof(ct_limb_t));
    }
    /* A < N, A = N, A = N - 1, A = 2N - 1 (2n limbs) */
    for (n = 1; n <= MAXL; n += 1 + (n >> 2)) {
        rand_modulus(N, n);
        mp_copy(A, N, n);
        mp_mod(X, A, n, N, n, T);
        TR_CHECK(bit(mp_is_zero(X, n)));
        (void)mp_sub_limb(A, N, 1, n);
        mp_mod(X, A, n, N, n, T);
        TR_MEM(X, A, n * sizeof(ct_limb_t));
        mp_zero(A, 2 * n);
        A[n] = mp_add(A, N, N, n);
        (void)mp_sub_limb(A, A, 1, 2 * n);
        mp_mod(X, A, 2 * n, N, n, T);
        (void)mp_sub_limb(Y, N, 1, n);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
    }
    tr_group_end();

    tr_group("mod_add/mod_sub/mod_neg: against add/sub + reduction, edges, aliasing");
    for (it = 0; it < TR_ITERS(10000ul); it++) {
        n = rand_size(MAXL);
        rand_modulus(N, n);
        for (i = 0; i < 2; i++) {
            ct_limb_t *V = i ? B : A;
            unsigned k = tr_rand32() & 7;
            rand_any(V, n);
            below_n(V, N, n);
            if (k == 0)
                mp_zero(V, n);
            if (k == 1)
                (void)mp_sub_limb(V, N, 1, n);
        }
        /* reference: the (n+1)-limb sum, minus N unless that borrows */
        A[n] = 0;
        B[n] = 0;
        N[n] = 0;
        ref_add(C, A, B, n + 1, 0);
        ref_reduce_once(Y, C, N, n);
        mp_mod_add(X, A, B, N, n);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        mp_copy(X, A, n);
        mp_mod_add(X, X, B, N, n);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        mp_copy(X, B, n);
        mp_mod_add(X, A, X, N, n);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        /* A - B mod N: (A + N - B) in (0, 2N), reduced once */
        ref_add(C, A, N, n + 1, 0);
        ref_add(C, C, B, n + 1, 1);
        ref_reduce_once(Y, C, N, n);
        mp_mod_sub(X, A, B, N, n);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        mp_copy(X, A, n);
        mp_mod_sub(X, X, B, N, n);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        mp_copy(X, B, n);
        mp_mod_sub(X, A, X, N, n);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        /* -A: A + (-A) = 0 */
        mp_mod_neg(X, A, N, n);
        TR_CHECK(bit(mp_lt(X, N, n)));
        mp_mod_add(Y, X, A, N, n);
        TR_CHECK(bit(mp_is_zero(Y, n)));
        mp_copy(Y, A, n);
        mp_mod_neg(Y, Y, N, n);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
    }
    tr_group_end();
}

/* ---- Montgomery ---------------------------------------------------------------------------- */

/* X = A B mod N through mul and mod (the reference for montmul) */
static void mulmod(ct_limb_t *Xo, const ct_limb_t *Ai, const ct_limb_t *Bi,
                   const ct_limb_t *Ni, size_t n)
{
    mp_mul(C, Ai, n, Bi, n);
    mp_mod(Xo, C, 2 * n, Ni, n, T);
}

static void test_mont(void)
{
    unsigned long it;
    size_t n;
    ct_limb_t ninv, o;

    tr_group("mont_ninv: N0 ninv = -1 mod 2^w for odd N0 (edges + random)");
    {
        static const uint64_t e[] = { 1, 3, 5, 7, 0xffffffffu, 0x80000001u,
                                      0xffffffffffffffffu, 0x8000000000000001u };
        size_t k;
        for (k = 0; k < sizeof e / sizeof e[0]; k++) {
            o = (ct_limb_t)e[k] | 1;
            TR_EQ((ct_limb_t)(o * mp_mont_ninv(o)), ~(ct_limb_t)0);
        }
        for (it = 0; it < TR_ITERS(100000ul); it++) {
            o = rand_limb() | 1;
            TR_EQ((ct_limb_t)(o * mp_mont_ninv(o)), ~(ct_limb_t)0);
        }
    }
    tr_group_end();

    tr_group("mont: R2_bits = mod of 2^(2wn) at every size, N = 2^(w(n-1)) + 1, 2^(wn) - 1, top limb 1, top bit set, short");
    for (n = 1; n <= MAXL; n++) {
        unsigned k;
        for (k = 0; k < 5; k++) {
            mp_zero(N, n);
            switch (k) {
            case 0: N[n - 1] = 1; N[0] |= 1; if (n == 1) N[0] = 3; break;
            case 1: mp_set_limb(N, n, 0); (void)mp_sub_limb(N, N, 1, n); break;
            case 2: rand_any(N, n); N[n - 1] = 1; N[0] |= 1; if (n == 1) N[0] = 3; break;
            case 3: rand_any(N, n); N[n - 1] |= (ct_limb_t)1 << (W - 1); N[0] |= 1; break;
            default: rand_any(N, n); N[n - 1] >>= 1 + tr_rand32() % (W - 1); N[0] |= 1;
                if (nbits(N, n) < 2) N[0] = 3;
                break;
            }
            ninv = mp_mont_ninv(N[0]);
            mp_zero(C, 2 * n + 1);
            C[2 * n] = 1;
            mp_mod(Y, C, 2 * n + 1, N, n, T);
            mp_mont_R2_bits(R2, N, n, nbits(N, n), ninv, T);
            TR_MEM(R2, Y, n * sizeof(ct_limb_t));
        }
    }
    tr_group_end();

    tr_group("mont: R2 = R^2 mod N, to/from round trip, montmul/montsqr = mul + mod, aliasing");
    for (it = 0; it < TR_ITERS(800ul); it++) {
        n = rand_size(MAXL);
        rand_modulus(N, n);
        ninv = mp_mont_ninv(N[0]);
        mp_mont_R2(R2, N, n, T);
        /* R^2 mod N by mod of the (2n+1)-limb power of two */
        mp_zero(C, 2 * n + 1);
        C[2 * n] = 1;
        mp_mod(Y, C, 2 * n + 1, N, n, T);
        TR_MEM(R2, Y, n * sizeof(ct_limb_t));
        /* the doublings-and-squares form, from N's bit length */
        mp_mont_R2_bits(Y, N, n, nbits(N, n), ninv, T);
        TR_MEM(R2, Y, n * sizeof(ct_limb_t));
        /* A, B < N with edges */
        rand_any(A, n);
        below_n(A, N, n);
        rand_any(B, n);
        if (it & 1)
            below_n(B, N, n);                /* B may also be unreduced */
        switch (it & 12) {
        case 4: (void)mp_sub_limb(A, N, 1, n); break;
        case 8: mp_set_limb(A, n, 1); break;
        case 12: mp_zero(A, n); break;
        default: break;
        }
        /* montmul(A, B) R = A B mod N */
        mp_montmul(X, A, B, &(mp_modulus){ N, NULL, n, ninv }, T);
        TR_CHECK(bit(mp_lt(X, N, n)));
        mp_to_mont(Y, X, &(mp_modulus){ N, R2, n, ninv }, T);
        mulmod(Z, A, B, N, n);
        TR_MEM(Y, Z, n * sizeof(ct_limb_t));
        /* aliasing X == A, X == B */
        mp_copy(Y, A, n);
        mp_montmul(Y, Y, B, &(mp_modulus){ N, NULL, n, ninv }, T);
        TR_MEM(Y, X, n * sizeof(ct_limb_t));
        mp_copy(Y, B, n);
        mp_montmul(Y, A, Y, &(mp_modulus){ N, NULL, n, ninv }, T);
        TR_MEM(Y, X, n * sizeof(ct_limb_t));
        /* montsqr = montmul(A, A), X == A */
        mp_montsqr(X, A, &(mp_modulus){ N, NULL, n, ninv }, T);
        mp_montmul(Y, A, A, &(mp_modulus){ N, NULL, n, ninv }, T);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        mp_copy(Y, A, n);
        mp_montsqr(Y, Y, &(mp_modulus){ N, NULL, n, ninv }, T);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        /* to_mont then from_mont is the identity on reduced values; on an
         * unreduced B it gives B mod N */
        mp_to_mont(X, A, &(mp_modulus){ N, R2, n, ninv }, T);
        mp_from_mont(Y, X, &(mp_modulus){ N, NULL, n, ninv }, T);
        TR_MEM(Y, A, n * sizeof(ct_limb_t));
        mp_copy(Y, X, n);
        mp_from_mont(Y, Y, &(mp_modulus){ N, NULL, n, ninv }, T);      /* X == A */
        TR_MEM(Y, A, n * sizeof(ct_limb_t));
        mp_copy(Y, B, n);
        mp_to_mont(Y, Y, &(mp_modulus){ N, R2, n, ninv }, T);    /* X == A */
        mp_from_mont(Y, Y, &(mp_modulus){ N, NULL, n, ninv }, T);
        mp_mod(Z, B, n, N, n, T);
        TR_MEM(Y, Z, n * sizeof(ct_limb_t));
        /* redc of a full 2n-limb product of reduced values */
        mp_mul(C, A, n, R2, n);
        mp_mont_redc(X, C, &(mp_modulus){ N, NULL, n, ninv });
        mp_to_mont(Y, A, &(mp_modulus){ N, R2, n, ninv }, T);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
    }
    /* the largest values: N = all ones, A = B = N - 1 */
    for (n = 1; n <= MAXL; n++) {
        rand_num(N, n, 2);
        ninv = mp_mont_ninv(N[0]);
        (void)mp_sub_limb(A, N, 1, n);
        mp_montmul(X, A, A, &(mp_modulus){ N, NULL, n, ninv }, T);
        mp_montsqr(Y, A, &(mp_modulus){ N, NULL, n, ninv }, T);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        mp_mont_R2(R2, N, n, T);
        mp_to_mont(Y, X, &(mp_modulus){ N, R2, n, ninv }, T);
        TR_CHECK(bit(mp_eq(Y, (mp_set_limb(Z, n, 1), Z), n)));  /* (-1)^2 = 1 */
    }
    tr_group_end();
}

/* ---- exponentiation ------------------------------------------------------------------------- */

static void exp_ref(ct_limb_t *Xo, const ct_limb_t *Ai, const ct_limb_t *E, size_t e_limbs,
                    const ct_limb_t *Ni, size_t n)
{
    /* binary, from the top, with mulmod (no Montgomery) */
    size_t i = e_limbs * W;

    mp_set_limb(Z, n, 1);
    mp_mod(Z, Z, n, Ni, n, T);
    while (i > 0) {
        i--;
        mulmod(Z, Z, Z, Ni, n);
        if ((E[i / W] >> (i % W)) & 1)
            mulmod(Z, Z, Ai, Ni, n);
    }
    mp_copy(Xo, Z, n);
}

/* Known primes (little-endian 32-bit words). */
static const uint32_t P256[8] = { 0xffffffff, 0xffffffff, 0xffffffff, 0, 0, 0, 1, 0xffffffff };
static const uint32_t P127[4] = { 0xffffffff, 0xffffffff, 0xffffffff, 0x7fffffff };
static const uint32_t P61[2] = { 0xffffffff, 0x1fffffff };
static const uint32_t P13[1] = { 8191 };
static const uint32_t P521[17] = { 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
                                   0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
                                   0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
                                   0xffffffff, 0x1ff };
static const uint32_t P384[12] = { 0xffffffff, 0, 0, 0xffffffff, 0xfffffffe, 0xffffffff,
                                   0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
                                   0xffffffff, 0xffffffff };

static size_t load_words(ct_limb_t *Xo, const uint32_t *w, size_t words)
{
    size_t n = (words * 32 + W - 1) / W, i;

    mp_zero(Xo, n);
    for (i = 0; i < words; i++)
        Xo[i * 32 / W] |= (ct_limb_t)w[i] << (i * 32 % W);
    return n;
}

static const struct { const uint32_t *w; size_t words; } primes[] = {
    { P13, 1 }, { P61, 2 }, { P127, 4 }, { P256, 8 }, { P384, 12 }, { P521, 17 },
};
#define N_PRIMES (sizeof primes / sizeof primes[0])

static void test_exp(void)
{
    unsigned long it;
    size_t n, en, k;
    ct_limb_t ninv, E[2 * MAXL];
    unsigned w;

    tr_group("exp and exp_vartime = binary reference; every window; X == A; E = 0, 1, 65537");
    for (it = 0; it < TR_ITERS(250ul); it++) {
        n = rand_size(it & 1 ? 6 : MAXL / 4);
        en = rand_size(it & 2 ? 3 : 8);
        if (n > 8 && en > 2)
            en = 2;                     /* the reference is slow */
        rand_modulus(N, n);
        ninv = mp_mont_ninv(N[0]);
        mp_mont_R2(R2, N, n, T);
        rand_any(A, n);
        if (it & 4)
            below_n(A, N, n);           /* A need not be reduced */
        rand_any(E, en);
        switch (it & 24) {
        case 8: mp_set_limb(E, en, 65537); break;
        case 16: if (it & 32) mp_zero(E, en); else mp_set_limb(E, en, 1); break;
        default: break;
        }
        mp_mod(B, A, n, N, n, T);
        exp_ref(Y, B, E, en, N, n);
        /* every window size the scratch allows */
        for (w = 1; w <= MP_EXP_WINDOW_MAX; w++) {
            size_t tl = MP_EXP_SCRATCH(n, w);
            TR_EQ(mp_exp(X, A, E, en, &(mp_modulus){ N, R2, n, ninv }, BIG, tl), 0);
            TR_MEM(X, Y, n * sizeof(ct_limb_t));
            TR_EQ(mp_exp_vartime(X, A, E, en, &(mp_modulus){ N, R2, n, ninv }, BIG, tl), 0);
            TR_MEM(X, Y, n * sizeof(ct_limb_t));
        }
        mp_copy(X, A, n);
        TR_EQ(mp_exp(X, X, E, en, &(mp_modulus){ N, R2, n, ninv }, BIG, sizeof BIG / sizeof BIG[0]), 0);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        mp_copy(X, A, n);
        TR_EQ(mp_exp_vartime(X, X, E, en, &(mp_modulus){ N, R2, n, ninv }, BIG, sizeof BIG / sizeof BIG[0]), 0);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        /* too little scratch */
        TR_EQ(mp_exp(X, A, E, en, &(mp_modulus){ N, R2, n, ninv }, BIG, MP_EXP_SCRATCH(n, 1) - 1), CTC_ERR_BUFFER);
        TR_EQ(mp_exp_vartime(X, A, E, en, &(mp_modulus){ N, R2, n, ninv }, BIG, MP_EXP_SCRATCH(n, 1) - 1),
              CTC_ERR_BUFFER);
    }
    tr_group_end();

    tr_group("Fermat: A^(p-1) = 1 and A^p = A for known primes (13 .. 2^521 - 1)");
    for (k = 0; k < N_PRIMES; k++) {
        n = load_words(N, primes[k].w, primes[k].words);
        ninv = mp_mont_ninv(N[0]);
        mp_mont_R2(R2, N, n, T);
        for (it = 0; it < TR_ITERS(8ul); it++) {
            rand_any(A, n);
            mp_mod(A, A, n, N, n, T);
            if (bit(mp_is_zero(A, n)))
                A[0] = 2;
            (void)mp_sub_limb(E, N, 1, n);
            TR_EQ(mp_exp(X, A, E, n, &(mp_modulus){ N, R2, n, ninv }, BIG, sizeof BIG / sizeof BIG[0]), 0);
            TR_CHECK(bit(mp_eq(X, (mp_set_limb(Z, n, 1), Z), n)));
            TR_EQ(mp_exp_vartime(X, A, E, n, &(mp_modulus){ N, R2, n, ninv }, BIG, sizeof BIG / sizeof BIG[0]), 0);
            TR_CHECK(bit(mp_eq(X, Z, n)));
            TR_EQ(mp_exp(X, A, N, n, &(mp_modulus){ N, R2, n, ninv }, BIG, MP_EXP_SCRATCH(n, 4)), 0);
            TR_MEM(X, A, n * sizeof(ct_limb_t));
        }
    }
    tr_group_end();
}

/* ---- inversion ------------------------------------------------------------------------------ */

static void test_inv(void)
{
    unsigned long it;
    size_t n, k;
    ct_limb_t ninv;
    ct_cond ok;
    int rc;

    tr_group("inv (safegcd) and inv_vartime: A A^-1 = 1, gcd != 1 detected, X == A");
    for (it = 0; it < TR_ITERS(1500ul); it++) {
        n = rand_size(MAXL);
        rand_modulus(N, n);
        rand_any(A, n);
        below_n(A, N, n);
        switch (it & 7) {
        case 1: mp_zero(A, n); break;
        case 2: mp_set_limb(A, n, 1); break;
        case 3: (void)mp_sub_limb(A, N, 1, n); break;
        case 4:
            /* N = 3 M (odd M), A = 3 k: not invertible */
            if (n > 1) {
                N[n - 1] = 0;
                N[n - 1] = mp_mla_c(N, N, n - 1, 2);   /* N *= 3 */
                rand_any(A, n);
                A[n - 1] = 0;
                mp_mod(A, A, n, N, n, T);
                A[n - 1] = mp_mla_c(A, A, n - 1, 2);
                mp_mod(A, A, n, N, n, T);
            }
            break;
        default: break;
        }
        ok = mp_inv(X, A, N, n, BIG);
        rc = mp_inv_vartime(Y, A, N, n, BIG);
        TR_EQ(bit(ok), rc == 0);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        if (bit(ok)) {
            TR_CHECK(bit(mp_lt(X, N, n)));
            if (n <= 8 || (it & 3) == 0) {  /* the product check is slow */
                mulmod(Z, A, X, N, n);
                TR_CHECK(bit(mp_eq(Z, (mp_set_limb(C, n, 1), C), n)));
            }
        } else {
            TR_CHECK(bit(mp_is_zero(X, n)));
        }
        /* X == A */
        mp_copy(Z, A, n);
        TR_EQ(bit(mp_inv(Z, Z, N, n, BIG)), bit(ok));
        TR_MEM(Z, X, n * sizeof(ct_limb_t));
        mp_copy(Z, A, n);
        TR_EQ(mp_inv_vartime(Z, Z, N, n, BIG), rc);
        TR_MEM(Z, X, n * sizeof(ct_limb_t));
    }
    /* the digit count of mp_inv (n + n/16 + 2 for 62-bit digits, n + n/8
     * + 2 for 30-bit ones) covers w n + 2 bits and fits its scratch */
    for (n = 1; n <= 4 * MAXL; n++) {
        size_t m = n + (n >> (W == 64 ? 4 : 3)) + 2;
        TR_CHECK(m * (W - 2) >= n * W + 2);
        TR_CHECK(5 * m <= MP_INV_SCRATCH(n));
    }
    tr_group_end();

    tr_group("inv_fermat = inv for known primes; A = 0 gives 0");
    for (k = 0; k < N_PRIMES; k++) {
        n = load_words(N, primes[k].w, primes[k].words);
        ninv = mp_mont_ninv(N[0]);
        mp_mont_R2(R2, N, n, T);
        for (it = 0; it < TR_ITERS(10ul); it++) {
            rand_any(A, n);
            mp_mod(A, A, n, N, n, T);
            if (it == 0)
                mp_zero(A, n);
            ok = mp_inv(X, A, N, n, BIG);
            TR_EQ(mp_inv_fermat(Y, A, &(mp_modulus){ N, R2, n, ninv }, BIG, sizeof BIG / sizeof BIG[0]), 0);
            TR_MEM(X, Y, n * sizeof(ct_limb_t));
            TR_EQ(bit(ok), !bit(mp_is_zero(A, n)));
            mp_copy(Y, A, n);
            TR_EQ(mp_inv_fermat(Y, Y, &(mp_modulus){ N, R2, n, ninv }, BIG, n + MP_EXP_SCRATCH(n, 1)), 0);
            TR_MEM(X, Y, n * sizeof(ct_limb_t));
        }
        TR_EQ(mp_inv_fermat(Y, A, &(mp_modulus){ N, R2, n, ninv }, BIG, n + MP_EXP_SCRATCH(n, 1) - 1),
              CTC_ERR_BUFFER);
    }
    tr_group_end();
}

/* ---- bytes ---------------------------------------------------------------------------------- */

static void test_bytes(void)
{
    uint8_t in[MAXL * MP_LIMB_BYTES + 8], out[MAXL * MP_LIMB_BYTES + 8], want[sizeof out];
    unsigned long it;
    size_t n, len, k, i;

    tr_group("from_be/to_be/to_be_all: round trips, leading zeros, exact length checks");
    for (it = 0; it < TR_ITERS(3000ul); it++) {
        n = rand_size(MAXL);
        len = rand_below(n * MP_LIMB_BYTES + 1);
        tr_rand_bytes(in, len);
        if (len && (it & 3) == 0)
            in[0] = 0;
        for (i = 0; i <= n; i++)
            X[i] = 0x5a;
        TR_EQ(mp_from_be(X, n, in, len), 0);
        /* by hand: byte k from the end at bit 8k */
        mp_zero(Y, n);
        for (k = 0; k < len; k++)
            Y[k / MP_LIMB_BYTES] |= (ct_limb_t)in[len - 1 - k] << (8 * (k % MP_LIMB_BYTES));
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        TR_EQ(X[n], 0x5a);                       /* nothing beyond n limbs */
        TR_EQ(mp_to_be(out, len, X, n), 0);
        TR_MEM(out, in, len);
        /* every limb's bytes: the same as mp_to_be of that length */
        memset(want, 0x33, sizeof want);
        TR_EQ(mp_to_be(want, n * MP_LIMB_BYTES, X, n), 0);
        memset(out, 0x77, sizeof out);
        mp_to_be_all(out, X, n);
        TR_MEM(out, want, n * MP_LIMB_BYTES);
        TR_EQ(out[n * MP_LIMB_BYTES], 0x77);     /* nothing beyond */
        /* longer output: leading zeros */
        TR_EQ(mp_to_be(out, len + 5, X, n), 0);
        memset(want, 0, 5);
        memcpy(want + 5, in, len);
        TR_MEM(out, want, len + 5);
        /* too long an input is rejected (nothing written) */
        tr_rand_bytes(in, n * MP_LIMB_BYTES + 1);
        mp_copy(Y, X, n);
        TR_EQ(mp_from_be(X, n, in, n * MP_LIMB_BYTES + 1), CTC_ERR_LENGTH);
        TR_MEM(X, Y, n * sizeof(ct_limb_t));
        /* even with a leading zero byte: the length decides */
        in[0] = 0;
        TR_EQ(mp_from_be(X, n, in, n * MP_LIMB_BYTES + 1), CTC_ERR_LENGTH);
        /* a value that does not fit the output is rejected (output zero) */
        rand_any(X, n);
        len = (mp_bitlen_vartime(X, n) + 7) / 8;
        if (len > 0) {
            TR_EQ(mp_to_be(out, len, X, n), 0);
            memset(out, 0x77, sizeof out);
            TR_EQ(mp_to_be(out, len - 1, X, n), CTC_ERR_RANGE);
            memset(want, 0, sizeof want);
            TR_MEM(out, want, len - 1);
            TR_EQ(out[len - 1], 0x77);
        }
        TR_EQ(mp_to_be(out, 0, Y, 1), bit(mp_is_zero(Y, 1)) ? 0 : CTC_ERR_RANGE);
    }
    TR_EQ(mp_from_be(X, 1, in, 0), 0);
    TR_EQ(X[0], 0);
    tr_group_end();
}

/* ---- build report ----------------------------------------------------------------------------- */

static void test_build_info(void)
{
    const char *s = ctc_build_info();
    const char *want = " mp-asm=" MP_ASM_NAME " ";
    size_t i, j;
    int found = 0;

    tr_group("build info names the mp leaves that were built");
    for (i = 0; s[i] && !found; i++) {
        for (j = 0; want[j] && s[i + j] == want[j]; j++)
            ;
        if (!want[j])
            found = 1;
    }
    TR_CHECK(found);
    tr_group_end();
}

/* the groups whose work goes through the multiply row */
static void test_row_users(void)
{
    test_leaves();
    test_mul();
    test_mod();
    test_mont();
    test_exp();
    test_inv();
}

int main(void)
{
    tr_init("test_mp");
    tr_puts("# ");
    tr_puts(ctc_build_info());
    tr_puts("\n");
    tr_seed(0x6d70746573743031u);

    test_add_sub();
    test_row_users();
    test_bytes();
    test_build_info();
#if MP_X86_CPUID
    /* the row this CPU did not run above, through the same tests */
    if (mp_x86_mulx()) {
        tr_puts("# again with the MUL row (mp_x86_mulx_allow(0))\n");
        mp_x86_mulx_allow(0);
        test_row_users();
        mp_x86_mulx_allow(1);
    } else {
        tr_skip("mp MULX/ADX row", "this CPU lacks BMI2 or ADX");
    }
#endif
    return tr_finish();
}

/*
 * test_ec_mul.c - the secret scalar multiplications of the ec layer
 * (ec_mul, ec_mul_base; src/ec/ec.h) on both curves, every target, at the
 * scalars where their Jacobian additions meet equal points or infinity
 * (docs/ec.md, "Jacobian coordinates"): k = n + 2d for every last Booth
 * digit d (one of them, n + 30 for P-256 and n + 26 for P-384, makes the
 * last addition add a point to itself), k = 0, n, n + 1, 2^bits - 1, and
 * small k. The oracles: for k = n + 2d and small k, the multiples of P
 * and G summed by the complete addition (ec_point_add), one addition at a
 * time; for the other k, k mod n (an integer computed here) through the
 * same functions, whose results for k < n the known answers and the
 * OpenSSL differential tests establish, and ec_mul against ec_mul_base.
 * And k G at the edges of ec_mul_base's fold (k replaced by n - k when
 * its top bit is set, the result negated; ec_mul_base.c): k =
 * 2^(bits - 1) + v and (n - 1) / 2 + v for v in [-3, 3] against ec_mul
 * of G, and n - v for v = 1..3 against the negation of v G.
 * Also the point tables' scan (ec_limbs_lookup: the assembly where the
 * target has it) against its C twin ct_limbs_lookup and the entry itself.
 * And P-256's assembly doubling and mixed addition (P256_ASM_JAC) against
 * their C twins on edge, random and aliased coordinates.
 */
#include <string.h>

#include "ec/ec.h"
#include "ec/p256_field.h"
#if EC_LOOKUP_X86
#include "common/cpu.h"
#endif
#include "runner.h"

/* out = n + v (v >= -32) as big-endian bytes; returns the carry out */
static int n_plus(const ec_curve *C, uint8_t *out, int v)
{
    int i, c = v;

    for (i = (int)C->bytes - 1; i >= 0; i--) {
        c += C->n_bytes[i];
        out[i] = (uint8_t)(c & 0xff);
        c >>= 8;    /* arithmetic: -1 borrows */
    }
    return c;
}

/* a small non-negative v as bytes */
static void small(const ec_curve *C, uint8_t *out, unsigned v)
{
    memset(out, 0, C->bytes);
    out[C->bytes - 1] = (uint8_t)(v & 0xff);
    out[C->bytes - 2] = (uint8_t)(v >> 8);
}

/* out = in + v (big-endian bytes, small signed v, no carry out of the
 * top byte in the uses here) */
static void bytes_plus(const ec_curve *C, uint8_t *out, const uint8_t *in, int v)
{
    int i, c = v;

    for (i = (int)C->bytes - 1; i >= 0; i--) {
        c += in[i];
        out[i] = (uint8_t)(c & 0xff);
        c >>= 8;
    }
}

/* out = in >> 1 (big-endian bytes) */
static void bytes_half(const ec_curve *C, uint8_t *out, const uint8_t *in)
{
    unsigned carry = 0, b;
    size_t i;

    for (i = 0; i < C->bytes; i++) {
        b = in[i];
        out[i] = (uint8_t)((b >> 1) | (carry << 7));
        carry = b & 1u;
    }
}

/* R1 and R2 are the same point (both infinity counts) */
static void same_point(const ec_curve *C, const ec_point *R1, const ec_point *R2)
{
    ec_affine a1, a2;
    ct_cond f1 = ec_point_to_affine(C, &a1, R1), f2 = ec_point_to_affine(C, &a2, R2);

    TR_EQ(ct_cond_bit(f1), ct_cond_bit(f2));
    TR_MEM(a1.x, a2.x, C->limbs * sizeof(ct_limb_t));
    TR_MEM(a1.y, a2.y, C->limbs * sizeof(ct_limb_t));
}

/* the scalar multiplications on a big-endian k (the scalars below are
 * written as bytes, like n_bytes), converted to limbs as the API does */
static void mul_be(const ec_curve *C, ec_point *R, const uint8_t *kb, const ec_affine *P)
{
    ec_sc k;

    (void)mp_from_be(k, C->limbs, kb, C->bytes);
    ec_mul(C, R, k, P);
}

static void base_be(const ec_curve *C, ec_point *R, const uint8_t *kb)
{
    ec_sc k;

    (void)mp_from_be(k, C->limbs, kb, C->bytes);
    ec_mul_base(C, R, k);
}

#if EC_MUL_BASE_COMB
/* bit j of the big-endian k (0 outside 0 .. bits - 1) */
static uint32_t bit_be(const ec_curve *C, const uint8_t *kb, int j)
{
    if (j < 0 || j >= (int)C->bits)
        return 0;
    return (uint32_t)(kb[C->bytes - 1 - (size_t)(j / 8)] >> (j % 8)) & 1u;
}

/* the digits of width w of kb, for i < count, as the recoding defines
 * them (ec.h): bits w i - 1 .. w i + w - 1 read one at a time */
static void check_digits(const ec_curve *C, const uint8_t *kb, int w, int count)
{
    ct_limb_t buf[EC_DIGIT_LIMBS];
    const ct_limb_t *kd;
    ec_sc k;
    uint32_t a, v, t, x;
    ct_cond neg;
    int i, j;

    (void)mp_from_be(k, C->limbs, kb, C->bytes);
    /* the guard limbs are written by ec_digit_guard, whatever was there */
    memset(buf, 0xa5, sizeof buf);
    kd = ec_digit_guard(C, buf, k);
    TR_MEM(kd, k, C->limbs * sizeof(ct_limb_t));
    for (i = 0; i < count; i++) {
        v = 0;
        for (j = w; j >= 0; j--)
            v = v << 1 | bit_be(C, kb, w * i - 1 + j);
        t = v >> w;
        x = (v >> 1) + (v & 1u);
#if !CTC_PROFILE_SMALL     /* the ladder of k P reads bits, not digits */
        if (w == EC_WIN) {
            a = 0xdead;
            neg = ec_booth_digit(C, &a, kd, i);
            TR_EQ(ct_cond_bit(neg), t);
            TR_EQ(a, t ? (1u << w) - x : x);
        }
#endif
        if (w == EC_COMB_WIN) {
            a = 0xdead;
            neg = ec_comb_digit(C, &a, kd, i);
            TR_EQ(ct_cond_bit(neg), t);
            TR_EQ(a, t ? (1u << w) - x : x);
        }
    }
}

/*
 * The digit functions on limbs against the recoding read bit by bit:
 * every digit of both widths (each window once lies across a limb
 * boundary, 32- and 64-bit limbs alike) on scalars of all ones, zero, a
 * single bit at each limb boundary's sides, alternating patterns and
 * random ones, with the guard limbs filled with ones before
 * ec_digit_guard.
 */
#if CTC_PROFILE_SMALL    /* CTC_EC_SMALL_COMB: k G's digits, no Booth ones */
#define DIGITS_NAME "comb digits"
#else
#define DIGITS_NAME "Booth and comb digits"
#endif
static void test_digits(const ec_curve *C, const char *name)
{
    uint8_t kb[EC_MAX_BYTES];
    int it, j;

    tr_group(name);
    for (it = 0; it < 8 + 2 * (int)C->bits + (int)TR_ITERS(64); it++) {
        memset(kb, 0, C->bytes);
        if (it == 0)
            memset(kb, 0xff, C->bytes);
        else if (it == 1)
            ;
        else if (it < 6)
            memset(kb, it == 2 ? 0xaa : it == 3 ? 0x55 : it == 4 ? 0x7f : 0x80, C->bytes);
        else if (it < 8) {
            memcpy(kb, C->n_bytes, C->bytes);   /* n, bit 0 or bit 1 flipped */
            kb[C->bytes - 1] ^= (uint8_t)(it - 5);
        } else if (it < 8 + 2 * (int)C->bits) {
            /* one bit, then all bits but one */
            j = (it - 8) % (int)C->bits;
            if (it - 8 >= (int)C->bits)
                memset(kb, 0xff, C->bytes);
            kb[C->bytes - 1 - (size_t)(j / 8)] ^= (uint8_t)(1u << (j % 8));
        } else {
            tr_rand_bytes(kb, C->bytes);
        }
#if !CTC_PROFILE_SMALL
        check_digits(C, kb, EC_WIN, ec_booth_digits(C));
#endif
        check_digits(C, kb, EC_COMB_WIN, EC_COMB_DIGITS((int)C->bits));
    }
    tr_group_end();
}
#endif

static void test_curve(const char *name, const ec_curve *C)
{
    uint8_t k[EC_MAX_BYTES], r[EC_MAX_BYTES];
    ec_affine G, P;
    ec_point R1, R2, Q, P1, G1, P2, G2, SP, SG;
    int d, j;
    unsigned v;

    tr_group(name);
    ec_affine_generator(C, &G);
    /* P = 7G, another base */
    small(C, k, 7);
    mul_be(C, &Q, k, &G);
    TR_CHECK(ct_cond_bit(ec_point_to_affine(C, &P, &Q)));

    /* n + 2d for every d in [-16, 15]: (n + 2d) P = 2d P, which for d < 0
     * is -(2|d| P); the multiples 2j P and 2j G (j = 0..16) are sums made
     * by the complete addition, independent of the scalar multiplications */
    ec_point_from_affine(C, &P1, &P);
    ec_point_from_affine(C, &G1, &G);
    ec_point_add(C, &P2, &P1, &P1);
    ec_point_add(C, &G2, &G1, &G1);
    ec_point_set_infinity(C, &SP);
    ec_point_set_infinity(C, &SG);
    for (j = 0; j <= 16; j++) {
        for (d = j; d >= -j && d >= -16; d -= 2 * j) {
            if (d > 15)
                continue;
            TR_EQ(n_plus(C, k, 2 * d), 0);
            mul_be(C, &R1, k, &P);
            ec_point_copy(C, &R2, &SP);
            ec_point_cneg(C, &R2, ct_cond_from_bit(d < 0));
            same_point(C, &R1, &R2);
            base_be(C, &R1, k);
            ec_point_copy(C, &R2, &SG);
            ec_point_cneg(C, &R2, ct_cond_from_bit(d < 0));
            same_point(C, &R1, &R2);
            if (j == 0)
                break;
        }
        ec_point_add(C, &SP, &SP, &P2);
        ec_point_add(C, &SG, &SG, &G2);
    }
    /* k = 0 and k = n: infinity; n + 1: P */
    small(C, k, 0);
    mul_be(C, &R1, k, &P);
    TR_EQ(ct_cond_bit(ec_point_to_affine(C, &G, &R1)), 0);
    ec_affine_generator(C, &G);
    (void)n_plus(C, k, 0);
    mul_be(C, &R1, k, &P);
    TR_EQ(ct_cond_bit(ec_point_to_affine(C, &G, &R1)), 0);
    ec_affine_generator(C, &G);
    base_be(C, &R1, k);
    ec_point_set_infinity(C, &R2);
    same_point(C, &R1, &R2);
    (void)n_plus(C, k, 1);
    mul_be(C, &R1, k, &P);
    ec_point_from_affine(C, &R2, &P);
    same_point(C, &R1, &R2);
    /* small k: every value up to 70 (k = 2d and its neighbours), against
     * v P and v G summed one addition at a time */
    ec_point_set_infinity(C, &SP);
    ec_point_set_infinity(C, &SG);
    for (v = 1; v <= 70; v++) {
        ec_point_add(C, &SP, &SP, &P1);
        ec_point_add(C, &SG, &SG, &G1);
        small(C, k, v);
        mul_be(C, &R1, k, &P);
        same_point(C, &R1, &SP);
        base_be(C, &Q, k);
        same_point(C, &Q, &SG);
    }
    /* 2^bits - 1 = (2^bits - 1 - n) + n */
    memset(k, 0xff, C->bytes);
    mul_be(C, &R1, k, &P);
    memset(r, 0xff, C->bytes);
    {
        /* r = 2^bits - 1 - n: n < 2^bits, so a byte-wise subtraction */
        int i, b = 0;
        for (i = (int)C->bytes - 1; i >= 0; i--) {
            int x = 0xff - C->n_bytes[i] - b;
            b = x < 0;
            r[i] = (uint8_t)(x + (b ? 256 : 0));
        }
        TR_EQ(b, 0);
    }
    mul_be(C, &R2, r, &P);
    same_point(C, &R1, &R2);
    base_be(C, &R1, k);
    mul_be(C, &R2, r, &G);
    same_point(C, &R1, &R2);
    /* the fold's edges: 2^(bits - 1) + v (the top bit set from v = 0 on)
     * and (n - 1) / 2 + v, against ec_mul */
    memset(r, 0, C->bytes);
    r[0] = 0x80;
    for (d = -3; d <= 3; d++) {
        bytes_plus(C, k, r, d);
        base_be(C, &R1, k);
        mul_be(C, &R2, k, &G);
        same_point(C, &R1, &R2);
    }
    bytes_half(C, r, C->n_bytes);
    for (d = -3; d <= 3; d++) {
        bytes_plus(C, k, r, d);
        base_be(C, &R1, k);
        mul_be(C, &R2, k, &G);
        same_point(C, &R1, &R2);
    }
    /* n - v is -(v G) */
    for (v = 1; v <= 3; v++) {
        TR_EQ(n_plus(C, k, -(int)v), 0);
        base_be(C, &R1, k);
        small(C, k, v);
        mul_be(C, &R2, k, &G);
        ec_point_cneg(C, &R2, ct_cond_from_bit(1));
        same_point(C, &R1, &R2);
    }
    tr_group_end();
}

/* every even entry count 2..18 (the tables' 16 among them), the limb
 * counts of the tables (16, 24, 36) and others, every index below the
 * count, the two above it and SIZE_MAX (a zero digit asks for entry -1);
 * tables of edge-biased words; X's words after n limbs and the table are
 * not written */
static void test_lookup(void)
{
    /* 64-bit limbs: also the tables' own 2L and 3L (12, 18) */
#if MP_LIMB_BITS == 64
    static const size_t ns[] = { 4, 8, 12, 16, 18, 24, 36 };
#else
    static const size_t ns[] = { 4, 8, 16, 24, 36 };
#endif
    ct_limb_t T[18 * 36], T0[18 * 36], X[36 + 4], Y[36 + 4], E[36 + 4];
    size_t count, ni, idx, i, n;

    tr_group("point-table scan: ec_limbs_lookup against ct_limbs_lookup and the entry");
    tr_seed(0x6c6f6f6b7570);
    for (ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
        n = ns[ni];
        for (count = 2; count <= 18; count += 2) {
            for (i = 0; i < count * n; i++)
                T[i] = (ct_limb_t)tr_rand_edgy64();
            memcpy(T0, T, count * n * sizeof(ct_limb_t));
            for (idx = 0; idx <= count + 2; idx++) {
                size_t want = idx <= count + 1 ? idx : (size_t)-1;

                memset(X, 0xa5, sizeof X);
                memset(Y, 0xa5, sizeof Y);
                memset(E, 0xa5, sizeof E);
                if (want < count)
                    memcpy(E, T + want * n, n * sizeof(ct_limb_t));
                else
                    memset(E, 0, n * sizeof(ct_limb_t));
                ec_limbs_lookup(X, T, count, n, want);
                ct_limbs_lookup(Y, T, count, n, want);
                TR_MEM(X, E, sizeof X);
                TR_MEM(Y, E, sizeof Y);
#if EC_LOOKUP_X86
                /* the AVX2 scan itself, whatever ec_limbs_lookup chose */
                if (ctc_cpu_features() & CTC_CPU_X86_AVX2) {
                    memset(X, 0xa5, sizeof X);
                    ec_limbs_lookup_avx2(X, T, count, n, want);
                    TR_MEM(X, E, sizeof X);
                }
#endif
            }
            TR_MEM(T, T0, count * n * sizeof(ct_limb_t));
        }
    }
    tr_group_end();
}

/* the same scan through mp_limbs_lookup at mp_exp's sizes: 32 entries of
 * 32 limbs (RSA-2048's CRT halves on 32-bit limbs), and 33 limbs, which
 * take ct_limbs_lookup (not a multiple of 4) */
static void test_mp_lookup(void)
{
    static ct_limb_t T[32 * 33], X[33 + 4], E[33 + 4];
    static const size_t ns[] = { 32, 33 };
    size_t ni, idx, i, n, count = 32;

    tr_group("window-table scan: mp_limbs_lookup against the entry (32 entries of 32 and 33 limbs)");
    for (ni = 0; ni < 2; ni++) {
        n = ns[ni];
        for (i = 0; i < count * n; i++)
            T[i] = (ct_limb_t)tr_rand_edgy64();
        for (idx = 0; idx < count; idx += 3) {
            memset(X, 0xa5, sizeof X);
            memset(E, 0xa5, sizeof E);
            memcpy(E, T + idx * n, n * sizeof(ct_limb_t));
            mp_limbs_lookup(X, T, count, n, idx);
            TR_MEM(X, E, sizeof X);
        }
    }
    tr_group_end();
}

#if CTC_EC_P256 && defined(P256_ASM_JAC)
/* a field value below p: random words, some forced to 0 or all ones when
 * edgy, or one of the edges 0, 1, R mod p (Z = 1), p - 1, p - 2 */
static void jac_fe(const ec_curve *C, ct_limb_t *X, unsigned kind)
{
    size_t i, n = C->limbs;

    switch (kind) {
    case 0: mp_zero(X, n); return;
    case 1: mp_zero(X, n); X[0] = 1; return;
    case 2: mp_copy(X, C->one, n); return;
    case 3: case 4:
        mp_copy(X, C->p.N, n);
        X[0] -= (ct_limb_t)(kind - 2);  /* p - 1, p - 2: p's low word is all ones */
        return;
    default: break;
    }
    for (i = 0; i < n; i++) {
        uint32_t r = tr_rand32();
        X[i] = r;
        if (kind == 5 && (r & 3) == 0)
            X[i] = 0;
        if (kind == 5 && (r & 3) == 1)
            X[i] = 0xffffffffu;
    }
    while (!ct_cond_bit(mp_lt(X, C->p.N, n)))
        (void)mp_sub(X, X, C->p.N, n);
}

/* kind of coordinate i of test it: edges in the first 125 tests (every
 * combination of the five for X, Y, Z), random (edgy or not) after */
static unsigned jac_kind(unsigned long it, unsigned i)
{
    if (it < 125)
        return (unsigned)((it / (i == 0 ? 1 : i == 1 ? 5 : 25)) % 5);
    return 5 + (unsigned)((it + i) & 1);
}

/*
 * P-256's assembly doubling and mixed addition (p256_jac_dbl_asm and
 * p256_jac_madd_if_asm with its selects, behind ec_jac_dbl and
 * ec_jac_add_affine_if) against their C twins (the formulas on the
 * leaves), bit for bit, on arbitrary coordinates below p (the formulas
 * are polynomials: points off the curve test them as well), the edges 0,
 * 1, R mod p (Z = 1), p - 1, p - 2 in every coordinate, infinity (Z = 0)
 * as P, real points (G, 2G), R == P for both, and both values of the
 * addition's condition.
 */
static void test_jac_asm(void)
{
    const ec_curve *C = ec_p256();
    ec_jac P, R1, R2;
    ec_affine A;
    unsigned long it;
    size_t n = C->limbs, fb = n * sizeof(ct_limb_t);

    tr_group("P-256 Jacobian doubling and mixed addition in assembly = their C twins "
             "(edges, infinity, Z = 1, random, aliased)");
    memset(&P, 0, sizeof P);
    memset(&A, 0, sizeof A);
    for (it = 0; it < 125 + TR_ITERS(2000ul) + 2; it++) {
        if (it < 125 + TR_ITERS(2000ul)) {
            jac_fe(C, P.X, jac_kind(it, 0));
            jac_fe(C, P.Y, jac_kind(it, 1));
            jac_fe(C, P.Z, jac_kind(it, 2));
            jac_fe(C, A.x, jac_kind(it + 7, 0));
            jac_fe(C, A.y, jac_kind(it + 7, 1));
        } else {
            /* G and 2 G (Z = 1, then the doubling's Z), A = G */
            mp_copy(A.x, C->gx, n);
            mp_copy(A.y, C->gy, n);
            ec_jac_from_affine(C, &P, &A);
            if (it & 1)
                ec_jac_dbl_p256_c(C, &P, &P);
        }
        ec_jac_dbl(C, &R1, &P);
        ec_jac_dbl_p256_c(C, &R2, &P);
        TR_MEM(R1.X, R2.X, fb);
        TR_MEM(R1.Y, R2.Y, fb);
        TR_MEM(R1.Z, R2.Z, fb);
        R1 = P;
        ec_jac_dbl(C, &R1, &R1);
        TR_MEM(R1.X, R2.X, fb);
        TR_MEM(R1.Y, R2.Y, fb);
        TR_MEM(R1.Z, R2.Z, fb);
        ec_jac_add_affine_if(C, &R1, &P, &A, ct_cond_true());
        ec_jac_add_affine_if_p256_c(C, &R2, &P, &A, ct_cond_true());
        TR_MEM(R1.X, R2.X, fb);
        TR_MEM(R1.Y, R2.Y, fb);
        TR_MEM(R1.Z, R2.Z, fb);
        R1 = P;
        ec_jac_add_affine_if(C, &R1, &R1, &A, ct_cond_from_bit((uint32_t)(it & 1)));
        R2 = P;
        ec_jac_add_affine_if_p256_c(C, &R2, &R2, &A, ct_cond_from_bit((uint32_t)(it & 1)));
        TR_MEM(R1.X, R2.X, fb);
        TR_MEM(R1.Y, R2.Y, fb);
        TR_MEM(R1.Z, R2.Z, fb);
    }
    tr_group_end();
}
#endif

/* the build info names the scan that ec_limbs_lookup is */
static void test_lookup_build_info(void)
{
    const char *s = ctc_build_info();
    const char *want = " ec-lookup=" EC_LOOKUP_NAME " ";
    size_t i, j;
    int found = 0;

    tr_group("build info names the point-table scan that was built");
    for (i = 0; s[i] && !found; i++) {
        for (j = 0; want[j] && s[i + j] == want[j]; j++)
            ;
        if (!want[j])
            found = 1;
    }
    TR_CHECK(found);
    tr_group_end();
}

int main(void)
{
    tr_init("test_ec_mul");
    test_lookup();
    test_lookup_build_info();
    test_mp_lookup();
#if CTC_EC_P256 && defined(P256_ASM_JAC)
    test_jac_asm();
#endif
#if CTC_EC_P256 && EC_MUL_BASE_COMB
    test_digits(ec_p256(), "P-256 " DIGITS_NAME " read from limbs = the recoding bit by bit "
                "(edges, one bit per position, random)");
#endif
#if CTC_EC_P384 && EC_MUL_BASE_COMB
    test_digits(ec_p384(), "P-384 " DIGITS_NAME " read from limbs = the recoding bit by bit "
                "(edges, one bit per position, random)");
#endif
#if CTC_EC_P256
    test_curve("P-256 k P and k G at the Jacobian boundary scalars (n + 2d, 0, n, n + 1, "
               "small k, 2^256 - 1, the fold's edges)", ec_p256());
#endif
#if CTC_EC_P384
    test_curve("P-384 k P and k G at the Jacobian boundary scalars (n + 2d, 0, n, n + 1, "
               "small k, 2^384 - 1, the fold's edges)", ec_p384());
#endif
    return tr_finish();
}

/*
 * leaky.c - negative controls for the constant-time checkers: small
 * functions that leak their secret input in the ways the checkers look for.
 * They are built into the test programs only, never into the library.
 * Each checker must report every one of them; a checker that stays silent
 * on them proves nothing about the library.
 */
#include "ct/ct.h"
#include "ct_cases.h"
#include "ct_util.h"
#include "mp/mp.h"

/* Functions are noinline so that what is judged is exactly this code. */
#if defined(__GNUC__)
#define LEAKY_NOINLINE __attribute__((noinline))
#else
#define LEAKY_NOINLINE
#endif

/* Early-exit comparison: the number of loop iterations (a branch on the
 * data) depends on where the first difference is. */
LEAKY_NOINLINE static int leaky_memcmp(const unsigned char *a,
                                       const unsigned char *b, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (a[i] != b[i])
            return 1;
    return 0;
}

/* Secret-indexed table read: the address depends on the secret. The table
 * is filled at run time so the compiler cannot replace the read by
 * arithmetic. */
static unsigned char leaky_sbox[256];

LEAKY_NOINLINE static unsigned leaky_table(unsigned secret)
{
    unsigned i;

    for (i = 0; i < 256; i++)
        leaky_sbox[i] = (unsigned char)(i * 7 + 3);
    return leaky_sbox[secret & 0xff];
}

/* Secret branch: the path depends on a secret bit. The bodies are long and
 * different enough that no compiler turns them into a conditional move. */
LEAKY_NOINLINE static uint32_t leaky_branch(uint32_t secret, uint32_t x)
{
    uint32_t i;

    if (secret & 1) {
        for (i = 0; i < 5; i++)
            x = (x << 3) ^ (x >> 5) ^ i;
    } else {
        for (i = 0; i < 3; i++)
            x = x * 2654435761u + i;
    }
    return x;
}

/* Secret division: hardware dividers take operand-dependent time
 * (Cortex-M3/M4/M7, RISC-V), and cores without one call a library routine
 * that branches on the operands (Cortex-M0, Xtensa lx106). */
LEAKY_NOINLINE static uint32_t leaky_div(uint32_t secret, uint32_t x)
{
    return x / (secret | 1u);
}

void ct_case_leaky_memcmp(const unsigned char *secret)
{
    /* the cmp layout: B = secret + 128 matches A = secret up to a position
     * that the secret decides (as a forged tag that got a prefix right) */
    ct_keep((uint64_t)leaky_memcmp(secret, secret + 128, 64));
}

void ct_case_leaky_table(const unsigned char *secret)
{
    ct_keep(leaky_table(secret[0]));
}

void ct_case_leaky_branch(const unsigned char *secret)
{
    ct_keep(leaky_branch(ct_ld32(secret), 12345));
}

/* A leak downstream of an assembly leaf: branching on the mask that came
 * out of ct_u32_lt. Under MemorySanitizer this is only caught if the leaf's
 * output carries its inputs' poison (CT_TAINT in ct_check.h). */
void ct_case_leaky_mask_branch(const unsigned char *secret)
{
    ct_keep(leaky_branch((uint32_t)ct_u32_lt(ct_ld32(secret), 0x80000000u).m, 77));
}

/* Branch on a borrow: the final subtraction of a Montgomery product done
 * with an `if` on the borrow of A - B instead of a masked copy. The borrow
 * comes out of the mp layer's carry chain (a double-width subtraction on
 * most targets), which is where a checker that approximates carries goes
 * blind. */
LEAKY_NOINLINE static void leaky_borrow_branch(ct_limb_t *X, const ct_limb_t *A,
                                               const ct_limb_t *B, size_t n)
{
    ct_limb_t D[8];
    size_t i;

    if (mp_sub(D, A, B, n)) {
        for (i = 0; i < n; i++)
            X[i] = A[i];
    } else {
        for (i = 0; i < n; i++)
            X[i] = D[i];
    }
}

/* Work skipped for a zero digit: a table addition only for non-zero 4-bit
 * digits (what a naive windowed scalar multiplication does). The work is
 * a call, so no compiler turns it into a conditional move. */
LEAKY_NOINLINE static void digit_work(uint32_t *acc, unsigned d)
{
    *acc = (*acc * 2654435761u) ^ d;
}

LEAKY_NOINLINE static uint32_t leaky_skip_zero(const unsigned char *k, size_t len)
{
    uint32_t acc = 1;
    size_t i;

    for (i = 0; i < 2 * len; i++) {
        unsigned d = (k[i >> 1] >> (4 * (i & 1))) & 15u;
        if (d != 0)
            digit_work(&acc, d);
    }
    return acc;
}

/* Secret loop count: one iteration per bit of the secret's length. The
 * volatile store keeps compilers from replacing the loop by a count of
 * leading zeros. */
static volatile uint32_t leaky_loop_sink;

LEAKY_NOINLINE static void leaky_loop_count(uint32_t x)
{
    while (x != 0) {
        x >>= 1;
        leaky_loop_sink = x;
    }
}

/* The compiler's 32x32->64-bit product of secrets: UMULL on Cortex-M3
 * (early termination), a call to __aeabi_lmul on Cortex-M0 and to
 * __muldi3 on Xtensa lx106; one fixed-latency instruction elsewhere. */
LEAKY_NOINLINE static uint64_t leaky_umull(uint32_t a, uint32_t b)
{
    return (uint64_t)a * b;
}

void ct_case_leaky_borrow_branch(const unsigned char *secret)
{
    ct_limb_t A[256 / MP_LIMB_BITS], B[256 / MP_LIMB_BITS], X[256 / MP_LIMB_BITS];
    const size_t n = 256 / MP_LIMB_BITS;

    /* the modular layout: blocks 0 and 1 are values around p and n */
    (void)mp_from_be(A, n, secret, 32);
    (void)mp_from_be(B, n, secret + 32, 32);
    leaky_borrow_branch(X, A, B, n);
    ct_keep_mem(X, sizeof X);
}

void ct_case_leaky_skip_zero(const unsigned char *secret)
{
    ct_keep(leaky_skip_zero(secret, 32));
}

void ct_case_leaky_loop_count(const unsigned char *secret)
{
    leaky_loop_count(ct_ld32(secret));
    ct_keep(leaky_loop_sink);
}

void ct_case_leaky_umull(const unsigned char *secret)
{
    ct_keep(leaky_umull(ct_ld32(secret), ct_ld32(secret + 4)));
}

void ct_case_leaky_div(const unsigned char *secret)
{
    ct_keep(leaky_div(ct_ld32(secret), 0xfedcba98u));
}

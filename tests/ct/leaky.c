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
    unsigned char guess[32];
    size_t i;

    /* a guess that matches the secret up to a secret-dependent position
     * (as a forged tag that got a prefix right) */
    for (i = 0; i < 32; i++)
        guess[i] = secret[i];
    guess[secret[0] & 31] ^= 1;
    ct_keep((uint64_t)leaky_memcmp(secret, guess, 32));
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

void ct_case_leaky_div(const unsigned char *secret)
{
    ct_keep(leaky_div(ct_ld32(secret), 0xfedcba98u));
}

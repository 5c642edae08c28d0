/*
 * leaky.c - negative controls for the constant-time checkers: three small
 * functions that leak their secret input in the three ways the checkers
 * look for. They are built into the test programs only, never into the
 * library. Each checker must report every one of them; a checker that
 * stays silent on them proves nothing about the library.
 */
#include <stddef.h>
#include <stdint.h>

#include "leaky.h"

/* Early-exit comparison: the number of loop iterations (a branch on the
 * data) depends on where the first difference is. */
int leaky_memcmp(const unsigned char *a, const unsigned char *b, size_t n)
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

unsigned leaky_table(unsigned secret)
{
    unsigned i, acc = 0;

    for (i = 0; i < 256; i++)
        leaky_sbox[i] = (unsigned char)(i * 7 + 3);
    acc = leaky_sbox[secret & 0xff];
    return acc;
}

/* Secret branch: the path depends on a secret bit. The bodies are long and
 * different enough that no compiler turns them into a conditional move. */
uint32_t leaky_branch(uint32_t secret, uint32_t x)
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

/* Secret division: the divisor is secret. Hardware dividers take time that
 * depends on the operands (Cortex-M3/M4, RISC-V), and targets without one
 * call a library routine that branches on them. */
uint32_t leaky_div(uint32_t secret, uint32_t x)
{
    return x / (secret | 1u);
}

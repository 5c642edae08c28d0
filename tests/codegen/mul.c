/*
 * mul.c - what the compiler makes of a 32x32->64 and a 32x32->32 multiply
 * on each target (read by tools/check_codegen.py, which records the answer
 * as a test). It matters for constant time: a library helper call may
 * branch on the operands, and some cores' long multiplies finish early for
 * small operands (Cortex-M3 UMULL/UMLAL).
 */
#include <stdint.h>

uint64_t codegen_mul64(uint32_t a, uint32_t b);
uint32_t codegen_mul32(uint32_t a, uint32_t b);

uint64_t codegen_mul64(uint32_t a, uint32_t b)
{
    return (uint64_t)a * b;
}

uint32_t codegen_mul32(uint32_t a, uint32_t b)
{
    return a * b;
}

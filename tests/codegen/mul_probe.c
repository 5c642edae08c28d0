/*
 * mul_probe.c - what the compiler makes of a 32x32-bit product on each
 * target (read by tools/check_codegen_mp.py): a 64-bit result, which may
 * be one instruction, a short sequence or a call to a library routine,
 * and a 32-bit result.
 */
#include <stdint.h>

uint64_t probe_mul64(uint32_t a, uint32_t b);
uint32_t probe_mul32(uint32_t a, uint32_t b);

uint64_t probe_mul64(uint32_t a, uint32_t b)
{
    return (uint64_t)a * b;
}

uint32_t probe_mul32(uint32_t a, uint32_t b)
{
    return a * b;
}

/*
 * libgcc_extra.c - arithmetic helpers for the lx106 test images only.
 *
 * Debian's libgcc for xtensa-lx106 lacks __udivsi3, __umodsi3, __divsi3
 * and __muldi3 (the 64-bit product gcc calls for any uint64_t multiply on
 * this core, which has no high-half multiply). The library uses none of
 * them (tools/build_all.py checks that it needs no helper); test programs
 * may, and the division negative control of the trace checker does. These
 * are plain shift-and-subtract / shift-and-add loops that branch on the
 * operands, like other toolchains' routines: the trace checker must see the
 * division leak.
 */
#include <stdint.h>

/* `used`: with link-time optimisation (LTO=1) the compiler makes the calls
 * to these after the linker has said which definitions are referenced,
 * so they must stay whether or not anything calls them yet */
#define LIBGCC_EXTRA __attribute__((used))
LIBGCC_EXTRA uint64_t __muldi3(uint64_t a, uint64_t b);
LIBGCC_EXTRA uint32_t __udivsi3(uint32_t n, uint32_t d);
LIBGCC_EXTRA uint32_t __umodsi3(uint32_t n, uint32_t d);
LIBGCC_EXTRA int32_t __divsi3(int32_t n, int32_t d);

static uint32_t udivmod(uint32_t n, uint32_t d, uint32_t *rem)
{
    uint32_t q = 0, r = 0;
    int i;

    if (d == 0) {
        *rem = n;
        return 0xffffffffu;
    }
    for (i = 31; i >= 0; i--) {
        r = (r << 1) | ((n >> i) & 1);
        if (r >= d) {
            r -= d;
            q |= (uint32_t)1 << i;
        }
    }
    *rem = r;
    return q;
}

uint32_t __udivsi3(uint32_t n, uint32_t d)
{
    uint32_t r;
    return udivmod(n, d, &r);
}

uint32_t __umodsi3(uint32_t n, uint32_t d)
{
    uint32_t r;
    udivmod(n, d, &r);
    return r;
}

int32_t __divsi3(int32_t n, int32_t d)
{
    uint32_t r, un = n < 0 ? 0u - (uint32_t)n : (uint32_t)n;
    uint32_t ud = d < 0 ? 0u - (uint32_t)d : (uint32_t)d;
    uint32_t q = udivmod(un, ud, &r);
    return (int32_t)(((n < 0) != (d < 0)) ? 0u - q : q);
}

uint64_t __muldi3(uint64_t a, uint64_t b)
{
    /* 32x32 partial products from the core's 32-bit MULL (__mulsi3 is
     * available) and 16-bit halves for the high word of a*b's low parts */
    uint32_t al = (uint32_t)a, bl = (uint32_t)b;
    uint32_t a0 = al & 0xffff, a1 = al >> 16, b0 = bl & 0xffff, b1 = bl >> 16;
    uint32_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint32_t mid = (p00 >> 16) + (p01 & 0xffff) + (p10 & 0xffff);
    uint32_t lo = (p00 & 0xffff) | (mid << 16);
    uint32_t hi = p11 + (p01 >> 16) + (p10 >> 16) + (mid >> 16);

    hi += (uint32_t)(a >> 32) * bl + al * (uint32_t)(b >> 32);
    return ((uint64_t)hi << 32) | lo;
}

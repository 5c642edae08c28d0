/*
 * common/cpu.h - asking the CPU what it has, without libc.
 *
 * The families that pick an implementation at run time (hash_cpu.c,
 * mp_cpu.c) ask here and cache the answer themselves. What a CPU has is
 * not secret.
 */
#ifndef COMMON_CPU_H
#define COMMON_CPU_H

#include <stdint.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CTC_HAVE_CPUID 1
/* r = EAX, EBX, ECX, EDX of CPUID(leaf, subleaf); 0s above the highest
 * basic leaf (CPUID would answer with that leaf's data instead). */
static inline void ctc_cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4])
{
    uint32_t a, b, c, d;

    __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d)
                     : "a"(0u), "c"(0u));
    if (leaf > a) {
        r[0] = r[1] = r[2] = r[3] = 0;
        return;
    }
    __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d)
                     : "a"(leaf), "c"(sub));
    r[0] = a;
    r[1] = b;
    r[2] = c;
    r[3] = d;
}
#else
#define CTC_HAVE_CPUID 0
#endif

#endif /* COMMON_CPU_H */

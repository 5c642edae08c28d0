/*
 * cpu.c - ctc_cpu_features (common/cpu.h): the one CPU-feature query.
 */
#include "common/cpu.h"

#define FEATURES_KNOWN 0x80000000u

static unsigned features_cache;    /* FEATURES_KNOWN | CTC_CPU_* once asked */

#if CTC_HAVE_CPUID
/* The low word of XCR0 (which register states the OS saves), 0 when
 * XGETBV is not usable (CPUID.1:ECX bit 27, OSXSAVE, clear) */
static uint32_t xcr0_low(uint32_t ecx1)
{
    uint32_t lo, hi;

    if (!((ecx1 >> 27) & 1))
        return 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0u));
    (void)hi;
    return lo;
}

static unsigned detect(void)
{
    uint32_t r[4], ecx1, ebx7, ecx7, xcr0;
    unsigned f = 0, ssse3, sse41;

    ctc_cpuid(1, 0, r);
    ecx1 = r[2];
    ssse3 = (ecx1 >> 9) & 1;           /* pshufb, palignr */
    sse41 = (ecx1 >> 19) & 1;          /* pblendw */
    ctc_cpuid(7, 0, r);
    ebx7 = r[1];
    ecx7 = r[2];
    xcr0 = xcr0_low(ecx1);
    /* CPUID.(EAX=7,ECX=0):EBX bit 29 SHA, bit 8 BMI2, bit 19 ADX, bit 5 AVX2 */
    if (((ebx7 >> 29) & 1) && ssse3 && sse41)
        f |= CTC_CPU_X86_SHA;
    if ((ebx7 >> 8) & 1)
        f |= CTC_CPU_X86_BMI2;
    if ((ebx7 >> 19) & 1)
        f |= CTC_CPU_X86_ADX;
    /* XCR0 bits 1 and 2: the OS saves XMM and YMM */
    if (((ebx7 >> 5) & 1) && (xcr0 & 0x06u) == 0x06u)
        f |= CTC_CPU_X86_AVX2;
    /* EBX bit 16 AVX512F, bit 21 AVX512_IFMA, bit 31 AVX512VL; XCR0 bits
     * 5-7 (opmask, the upper halves of ZMM0-15, ZMM16-31) besides 1-2 */
    if (((ebx7 >> 16) & 1) && ((ebx7 >> 21) & 1) && ((ebx7 >> 31) & 1)
        && (xcr0 & 0xe6u) == 0xe6u)
        f |= CTC_CPU_X86_AVX512IFMA;
    /* CPUID.(EAX=7,ECX=0):ECX bit 9 VAES, bit 10 VPCLMULQDQ: their VEX
     * forms on YMM need AVX (and the code beside them AVX2). The AES code
     * uses no ZMM registers (which would also need XCR0 bits 5-7). */
    if (((ecx7 >> 9) & 1) && (f & CTC_CPU_X86_AVX2))
        f |= CTC_CPU_X86_VAES;
    if (((ecx7 >> 10) & 1) && (f & CTC_CPU_X86_AVX2))
        f |= CTC_CPU_X86_VPCLMUL;
    /* CPUID.1:ECX bit 25 AES-NI, bit 1 PCLMULQDQ */
    if (((ecx1 >> 25) & 1) && ssse3)
        f |= CTC_CPU_X86_AESNI;
    if ((ecx1 >> 1) & 1)
        f |= CTC_CPU_X86_PCLMUL;
    return f;
}
#elif defined(__aarch64__) && defined(__GNUC__)
static unsigned detect(void)
{
    unsigned f = 0;
#if defined(__ARM_FEATURE_SHA2)
    f |= CTC_CPU_ARM64_SHA2;           /* the build's baseline has them */
#endif
#if defined(__ARM_FEATURE_SHA512)
    f |= CTC_CPU_ARM64_SHA512;
#endif
#if defined(__ARM_FEATURE_AES)
    f |= CTC_CPU_ARM64_AES | CTC_CPU_ARM64_PMULL;
#endif
#if defined(__linux__)
    {
        uint64_t isar0;
        unsigned aes, sha2;

        __asm__ volatile("mrs %0, ID_AA64ISAR0_EL1" : "=r"(isar0));
        aes = (unsigned)(isar0 >> 4) & 15;     /* field AES, bits [7:4] */
        sha2 = (unsigned)(isar0 >> 12) & 15;   /* field SHA2, bits [15:12] */
        if (aes >= 1)
            f |= CTC_CPU_ARM64_AES;
        if (aes >= 2)
            f |= CTC_CPU_ARM64_PMULL;
        if (sha2 >= 1)
            f |= CTC_CPU_ARM64_SHA2;
        if (sha2 >= 2)
            f |= CTC_CPU_ARM64_SHA512;
    }
#endif
    return f;
}
#else
static unsigned detect(void)
{
    return 0;
}
#endif

/* see common/cpu.h */
unsigned ctc_cpu_features(void)
{
    unsigned c = features_cache;

    if (!(c & FEATURES_KNOWN)) {
        c = FEATURES_KNOWN | detect();
        features_cache = c;
    }
    return c & ~FEATURES_KNOWN;
}

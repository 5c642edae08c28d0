/*
 * common/cpu.h - the library's one question to the CPU: which optional
 * instructions it has (ctc_cpu_features), asked without libc.
 *
 * Every layer that picks an implementation at run time (hash_cpu.c for
 * SHA-2, mp_cpu.c for the MULX row and the IFMA exponentiation, the AES
 * cores) asks ctc_cpu_features()
 * and keeps only its own "allowed" mask, which tests use to force the
 * portable code. What a CPU has is not secret.
 */
#ifndef COMMON_CPU_H
#define COMMON_CPU_H

#include <stdint.h>

/* The bits of ctc_cpu_features(). A bit is set only when the instructions
 * are usable (on x86-64 also their prerequisites, e.g. SHA-NI needs the
 * SSSE3 and SSE4.1 shuffles the SHA-256 code uses beside it). */
#define CTC_CPU_X86_SHA     0x0001u    /* SHA-NI (with SSSE3, SSE4.1) */
#define CTC_CPU_X86_BMI2    0x0002u    /* MULX */
#define CTC_CPU_X86_ADX     0x0004u    /* ADCX, ADOX */
#define CTC_CPU_X86_AESNI   0x0008u    /* AESENC ... (with SSSE3) */
#define CTC_CPU_X86_PCLMUL  0x0010u    /* PCLMULQDQ */
#define CTC_CPU_X86_AVX2    0x0020u    /* AVX2, with the OS saving YMM */
#define CTC_CPU_X86_AVX512IFMA 0x0040u /* AVX-512 F, VL and IFMA (VPMADD52LUQ,
                                        * VPMADD52HUQ), the OS saving ZMM */
#define CTC_CPU_X86_VAES    0x1000u    /* VAES on YMM (with AVX2 usable) */
#define CTC_CPU_X86_VPCLMUL 0x2000u    /* VPCLMULQDQ on YMM (with AVX2 usable) */
#define CTC_CPU_ARM64_SHA2  0x0100u    /* SHA256H ... */
#define CTC_CPU_ARM64_SHA512 0x0200u   /* SHA512H ... (FEAT_SHA512) */
#define CTC_CPU_ARM64_AES   0x0400u    /* AESE, AESMC ... */
#define CTC_CPU_ARM64_PMULL 0x0800u    /* PMULL, PMULL2 on 64-bit lanes */

/*
 * The CTC_CPU_* bits of this machine (src/common/cpu.c). x86-64: CPUID;
 * AArch64: the build's baseline (__ARM_FEATURE_*) and, on Linux, the system
 * register ID_AA64ISAR0_EL1, whose EL0 reads the kernel emulates (Linux 4.11
 * and later; qemu-user too), so no libc (getauxval) is needed. 0 elsewhere.
 * Asked once and cached; two threads racing on the first call store the
 * same value.
 */
unsigned ctc_cpu_features(void);

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

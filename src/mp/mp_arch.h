/*
 * mp_arch.h - which assembly leaves the mp layer uses (included by mp.h).
 *
 * Two leaves, mp_mla (X += A*b over a row) and mp_mont_step (one step of
 * Montgomery multiplication), exist in assembly for the architectures
 * below (src/mp/arch/<arch>.S) and in C (mp_mul.c, mp_mont_step.c) everywhere.
 * The selection is made here from the compiler's macros only:
 *
 *   x86_64-mulx   x86-64 with BMI2 and ADX (-mbmi2 -madx or a -march that
 *                 implies them): the row with MULX and the two carry
 *                 chains ADCX/ADOX
 *   x86_64-cpuid  other x86-64 builds: the MULX row where CPUID reports
 *                 BMI2 and ADX, asked once at run time (mp_cpu.c), the MUL
 *                 row elsewhere; CTC_MP_X86_CPUID=0 keeps the MUL row
 *                 without asking (x86_64)
 *   aarch64       AArch64: MUL/UMULH
 *   umaal         32-bit Arm with UMAAL: Armv7E-M (Cortex-M4/M7) and the
 *                 A/R profiles from Armv6 (A32 or Thumb-2); also the
 *                 two-row leaf mp_mla2 (MP_MLA2 in mp.h)
 *   armv7m        Armv7-M without the DSP extension (Cortex-M3): UMULL and
 *                 UMLAL take a data-dependent number of cycles there, so
 *                 the products are built from four 16x16-bit MULs
 *   thumb1        Armv6-M (Cortex-M0/M0+): no 32x32->64 multiply at all;
 *                 four 16x16-bit MULS per product
 *   rv32          RV32 with the M extension: MUL/MULHU
 *   xtensa        Xtensa call0 (ESP8266's lx106 has no high-half multiply;
 *                 the compiler would call __muldi3): MUL16U products
 *
 * Under CTC_NO_ASM=1 the C twins are used. Under MemorySanitizer
 * (CTC_CT_CHECK=2) too: it cannot follow data through an assembly
 * function, so it judges the C twins, and valgrind and the emulator trace
 * checker judge the assembly. The 64-bit leaves need 64-bit limbs; a
 * 64-bit target built with CTC_LIMB_BITS=32 uses the C twins.
 *
 * MP_ASM_NAME names the choice (reported by ctc_build_info()).
 */
#ifndef MP_MP_ARCH_H
#define MP_MP_ARCH_H

#include "ctcrypto/config.h"

/* The same default as ct/ct.h, for the assembly files that do not include
 * it: the register width. */
#ifndef CTC_LIMB_BITS
#if defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8
#define CTC_LIMB_BITS 64
#else
#define CTC_LIMB_BITS 32
#endif
#endif

#if !CTC_NO_ASM && CTC_CT_CHECK != 2 && (defined(__GNUC__) || defined(__clang__))
#if defined(__x86_64__) && CTC_LIMB_BITS == 64
#if defined(__BMI2__) && defined(__ADX__)
#define MP_ASM_NAME "x86_64-mulx"
#define MP_ASM_X86_64_MULX 1
#elif !defined(CTC_MP_X86_CPUID) || CTC_MP_X86_CPUID
#define MP_ASM_NAME "x86_64-cpuid"
#define MP_ASM_X86_64 1
#define MP_X86_CPUID 1
#else
#define MP_ASM_NAME "x86_64"
#define MP_ASM_X86_64 1
#endif
#elif defined(__aarch64__) && CTC_LIMB_BITS == 64
#define MP_ASM_NAME "aarch64"
#define MP_ASM_AARCH64 1
#elif defined(__arm__) && CTC_LIMB_BITS == 32
#if defined(__ARM_ARCH_6M__) || (defined(__thumb__) && !defined(__thumb2__))
#define MP_ASM_NAME "thumb1"
#define MP_ASM_THUMB1 1
#elif defined(__ARM_ARCH_7M__)
#define MP_ASM_NAME "armv7m"
#define MP_ASM_ARMV7M 1
#elif defined(__ARM_ARCH) && __ARM_ARCH >= 6 && \
    (__ARM_ARCH_PROFILE != 'M' || defined(__ARM_FEATURE_DSP))
#define MP_ASM_NAME "umaal"
#define MP_ASM_UMAAL 1
#endif
#elif defined(__riscv) && __riscv_xlen == 32 && defined(__riscv_mul) && CTC_LIMB_BITS == 32
#define MP_ASM_NAME "rv32"
#define MP_ASM_RV32 1
#elif defined(__XTENSA__) && defined(__XTENSA_CALL0_ABI__) && CTC_LIMB_BITS == 32
#define MP_ASM_NAME "xtensa"
#define MP_ASM_XTENSA 1
#endif
#endif

#ifndef MP_X86_CPUID
#define MP_X86_CPUID 0
#endif

/*
 * The radix-2^52 exponentiation (mp_exp52.c, docs/mp.md "Radix 2^52"):
 * built on x86-64 with 64-bit limbs (MP_EXP52), with its portable C
 * kernel always and the AVX-512 IFMA kernel (mp_ifma.c, intrinsics under
 * __attribute__((target)), so no build flag) unless CTC_NO_ASM=1 or the
 * valgrind build (CTC_CT_CHECK=1: valgrind 3.19 cannot execute AVX-512,
 * so the checker judges the C kernel). MemorySanitizer builds keep it.
 * Which kernel runs is asked of the CPU at run time (mp_cpu.c).
 */
#if defined(__x86_64__) && CTC_LIMB_BITS == 64 && (defined(__GNUC__) || defined(__clang__))
#define MP_EXP52 1
#if !CTC_NO_ASM && CTC_CT_CHECK != 1 && (defined(__clang__) || __GNUC__ >= 8)
#define MP_IFMA 1
#endif
#endif
#ifndef MP_EXP52
#define MP_EXP52 0
#endif
#ifndef MP_IFMA
#define MP_IFMA 0
#endif

#ifdef MP_ASM_NAME
#define MP_HAVE_ASM 1
#else
#define MP_HAVE_ASM 0
#define MP_ASM_NAME "c"
#endif

#endif /* MP_MP_ARCH_H */

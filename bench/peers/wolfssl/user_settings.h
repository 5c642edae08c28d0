/*
 * user_settings.h - the wolfSSL (wolfCrypt) configuration of the
 * emulated-core comparison (tools/peers.py, docs/peers.md), read through
 * WOLFSSL_USER_SETTINGS: only what the measured operations need.
 *
 *   wolfCrypt only, single-threaded, no file system, no heap
 *   (WOLFSSL_NO_MALLOC: the SP code works on the stack)
 *   ECC over P-256 and P-384 with wolfSSL's SP code (WOLFSSL_SP_MATH,
 *   WOLFSSL_HAVE_SP_ECC, WOLFSSL_SP_384), timing-resistant
 *   its assembly where it has some for the core: sp_cortexm.c
 *   (WOLFSSL_SP_ARM_CORTEX_M_ASM; without UMAAL on Cortex-M3, which lacks
 *   it), sp_armthumb.c on Cortex-M0 (WOLFSSL_SP_ARM_THUMB_ASM), sp_c32.c
 *   (portable C) on RV32 and Xtensa
 *   SHA-256, SHA-384/512; the random generator is the benchmark's
 *   deterministic xorshift (CUSTOM_RAND_GENERATE_BLOCK, no Hash-DRBG)
 *   WOLFSSL_SP_SMALL in the -Os build (the size-optimised SP variant)
 */
#ifndef PEER_WOLFSSL_USER_SETTINGS_H
#define PEER_WOLFSSL_USER_SETTINGS_H

#define WOLFCRYPT_ONLY
#define SINGLE_THREADED
#define NO_FILESYSTEM
#define NO_WRITEV
#define NO_DEV_RANDOM
#define NO_MAIN_DRIVER
#define NO_ERROR_STRINGS
#define WOLFSSL_NO_MALLOC
#define WOLFSSL_IGNORE_FILE_WARN
#define WOLFSSL_GENERAL_ALIGNMENT 4
#define SIZEOF_LONG_LONG 8

#define HAVE_ECC
#define ECC_TIMING_RESISTANT
#define ECC_USER_CURVES
#define HAVE_ECC384
#define WOLFSSL_PUBLIC_MP
#define WOLFSSL_SP_MATH
#define WOLFSSL_HAVE_SP_ECC
#define WOLFSSL_SP_384
#if defined(__OPTIMIZE_SIZE__)
#define WOLFSSL_SP_SMALL
#endif
#if defined(__arm__) && defined(__thumb2__)
#define WOLFSSL_SP_ARM_CORTEX_M_ASM
#if !defined(__ARM_FEATURE_DSP)
#define WOLFSSL_SP_NO_UMAAL
#endif
#elif defined(__arm__)
#define WOLFSSL_SP_ARM_THUMB_ASM
#elif defined(__x86_64__)
/* the host: wolfSSL's x86-64 assembly (sp_x86_64.c, sp_x86_64_asm.S),
 * with its MULX/ADX code chosen at run time through cpuid.c */
#define WOLFSSL_SP_X86_64_ASM
#define WOLFSSL_X86_64_BUILD
#define HAVE_INTEL_AVX1
#define HAVE_INTEL_AVX2
#define WOLFSSL_SP_X86_64
#endif

#define WOLFSSL_SHA384
#define WOLFSSL_SHA512
#define NO_RSA
#define NO_DH
#define NO_DSA
#define NO_MD4
#define NO_MD5
#define NO_SHA
#define NO_DES3
#define NO_RC4
#define NO_AES
#define NO_HMAC
#define NO_PWDBASED
#define NO_ASN
#define NO_ASN_TIME
#define NO_CODING
#define NO_SIG_WRAPPER
#define NO_OLD_RNGNAME
#define WC_NO_HASHDRBG

/* toolchains without a C library (RV32, Xtensa here): the character
 * macros wolfSSL would take from <ctype.h> */
#if defined(__has_include)
#if !__has_include(<ctype.h>)
#define CTYPE_USER
#define XTOUPPER(c) ((c) >= 'a' && (c) <= 'z' ? (c) - 'a' + 'A' : (c))
#define XTOLOWER(c) ((c) >= 'A' && (c) <= 'Z' ? (c) - 'A' + 'a' : (c))
#endif
#endif

#ifndef __ASSEMBLER__
int peer_wolfssl_rand(unsigned char *out, unsigned int n);
#endif
#define CUSTOM_RAND_GENERATE_BLOCK peer_wolfssl_rand

#endif

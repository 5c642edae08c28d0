/*
 * mbedtls_config.h - the mbedTLS 3.6 configuration of the emulated-core
 * comparison (tools/peers.py, docs/peers.md): only what the measured
 * operations need, everything else at the library's defaults.
 *
 *   P-256 and P-384 (short Weierstrass), with the NIST fast reduction
 *   ECDSA (random-nonce and RFC 6979 deterministic), ECDH
 *   SHA-256 and SHA-384/512 (the hashes of deterministic ECDSA, and
 *   measured on their own), HMAC-DRBG (RFC 6979 needs it)
 *   MBEDTLS_HAVE_ASM on Arm cores: bn_mul.h's multiply-accumulate
 *   assembly (Thumb-1 on Cortex-M0, the UMAAL/DSP form on Armv7E-M,
 *   plain Thumb-2 on Cortex-M3); mbedTLS has none for RV32 or Xtensa
 *   heap: mbedTLS's own buffer allocator over a static arena
 *   (MBEDTLS_MEMORY_BUFFER_ALLOC_C), set up by the benchmark; no C
 *   library functions (MBEDTLS_PLATFORM_NO_STD_FUNCTIONS)
 *   at the library's defaults: MBEDTLS_ECP_WINDOW_SIZE,
 *   MBEDTLS_ECP_FIXED_POINT_OPTIM (precomputed comb tables for G, in
 *   flash), MBEDTLS_MPI_WINDOW_SIZE; no time, no entropy source, no PSA
 */
#ifndef PEER_MBEDTLS_CONFIG_H
#define PEER_MBEDTLS_CONFIG_H

/* the multiply-accumulate assembly of bn_mul.h: on the Arm cores, and on
 * the host (x86-64, as Debian builds it) */
#if defined(__arm__) || defined(__x86_64__) || defined(__aarch64__)
#define MBEDTLS_HAVE_ASM
#endif
#define MBEDTLS_NO_PLATFORM_ENTROPY
/* the lx106 toolchain's libgcc has no 64-bit division (__udivdi3), which
 * mbedtls_mpi_div_mpi would call: mbedTLS's own option for such targets */
#if defined(__XTENSA__)
#define MBEDTLS_NO_UDBL_DIVISION
#endif

#define MBEDTLS_PLATFORM_C
#define MBEDTLS_PLATFORM_MEMORY
#define MBEDTLS_PLATFORM_NO_STD_FUNCTIONS
/* the allocator exits on a corrupted heap: through the emulator's exit
 * (bench/peer_mbedtls.c) */
void peer_mbedtls_exit(int status);
#define MBEDTLS_PLATFORM_EXIT_MACRO peer_mbedtls_exit
#define MBEDTLS_MEMORY_BUFFER_ALLOC_C

#define MBEDTLS_BIGNUM_C
#define MBEDTLS_ECP_C
#define MBEDTLS_ECP_DP_SECP256R1_ENABLED
#define MBEDTLS_ECP_DP_SECP384R1_ENABLED
#define MBEDTLS_ECP_NIST_OPTIM
#define MBEDTLS_ECDSA_C
#define MBEDTLS_ECDSA_DETERMINISTIC
#define MBEDTLS_ECDH_C
#define MBEDTLS_ASN1_PARSE_C
#define MBEDTLS_ASN1_WRITE_C

#define MBEDTLS_MD_C
#define MBEDTLS_SHA256_C
#define MBEDTLS_SHA384_C
#define MBEDTLS_SHA512_C
#define MBEDTLS_HMAC_DRBG_C

#endif

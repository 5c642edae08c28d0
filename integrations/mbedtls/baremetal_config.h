/*
 * baremetal_config.h - the complete mbedTLS 3.6 configuration of the
 * bare-metal handshake benchmark (bench/tls_handshake.c, tools/tls_emu.py,
 * docs/tls.md "The handshake on a microcontroller"). Given to mbedTLS as
 * MBEDTLS_CONFIG_FILE: mbedTLS's default configuration is not read.
 *
 * The ctcrypto variant of the image adds ctc_mbedtls_config.h as
 * MBEDTLS_USER_CONFIG_FILE (the same macros as on the host); the stock
 * variant is this file alone.
 *
 * What it holds: TLS 1.2 and TLS 1.3, client and server; ECDHE-ECDSA with
 * P-256 (TLS 1.2: TLS-ECDHE-ECDSA-WITH-AES-128-GCM-SHA256; TLS 1.3:
 * TLS1-3-AES-128-GCM-SHA256 with the secp256r1 group and
 * ecdsa_secp256r1_sha256); X.509 parsing and chain verification of DER
 * certificates; PSA crypto, which TLS 1.3 needs for its key exchange and
 * key schedule. No network, no file system, no clock, no C library.
 *
 * BENCHMARK ONLY: the random generator is not random. PSA's RNG
 * (MBEDTLS_PSA_CRYPTO_EXTERNAL_RNG) and the generator the TLS contexts
 * get are HMAC_DRBGs instantiated from fixed seeds in
 * bench/tls_handshake.c, so every run executes the same instructions.
 * A device must feed them from a real entropy source.
 */
#ifndef CTC_BAREMETAL_MBEDTLS_CONFIG_H
#define CTC_BAREMETAL_MBEDTLS_CONFIG_H

/* ---- system ---- */

/* bn_mul.h's multiply-accumulate assembly on the Arm cores (the UMAAL form
 * on Armv7E-M), as the peer benchmark builds mbedTLS (docs/peers.md);
 * mbedTLS has none for RV32 or Xtensa */
#if defined(__arm__)
#define MBEDTLS_HAVE_ASM
#endif
/* the lx106 toolchain's libgcc has no 64-bit division (__udivdi3) */
#if defined(__XTENSA__)
#define MBEDTLS_NO_UDBL_DIVISION
#endif
/* no MBEDTLS_HAVE_TIME, no MBEDTLS_HAVE_TIME_DATE: the board has no clock,
 * so X.509 verification checks no validity dates (notBefore/notAfter are
 * parsed, never compared) and no session-ticket lifetimes exist */

/* the heap: mbedTLS's own allocator over a static array
 * (bench/tls_handshake.c), no C library behind it */
#define MBEDTLS_PLATFORM_C
#define MBEDTLS_PLATFORM_MEMORY
#define MBEDTLS_PLATFORM_NO_STD_FUNCTIONS
#define MBEDTLS_MEMORY_BUFFER_ALLOC_C
/* the allocator exits on a corrupted heap: through the emulator's exit */
void tls_bench_exit(int status);
#define MBEDTLS_PLATFORM_EXIT_MACRO tls_bench_exit
/* no printf, snprintf or setbuf from a C library: only the X.509 info
 * strings and the debug module would use them, and both are off */
#define MBEDTLS_PLATFORM_SNPRINTF_MACRO tls_bench_snprintf
#include <stddef.h>
int tls_bench_snprintf(char *s, size_t n, const char *fmt, ...);
/* debug.h includes <inttypes.h> only to choose this format (the debug
 * module is off); the RISC-V and Xtensa toolchains have no C library
 * headers */
#define MBEDTLS_PRINTF_MS_TIME "lld"

/* ---- random numbers (BENCHMARK ONLY, see above) ---- */

/* no entropy module: no platform entropy, no hardware poll. PSA asks
 * mbedtls_psa_external_get_random(), defined by the benchmark over a
 * fixed-seed HMAC_DRBG */
#define MBEDTLS_NO_PLATFORM_ENTROPY
#define MBEDTLS_PSA_CRYPTO_EXTERNAL_RNG
#define MBEDTLS_HMAC_DRBG_C

/* ---- public key ---- */

#define MBEDTLS_BIGNUM_C
#define MBEDTLS_ECP_C
#define MBEDTLS_ECP_DP_SECP256R1_ENABLED
/* the NIST fast reduction; the ECP window size and the fixed-point comb
 * for G (precomputed tables in flash, MBEDTLS_ECP_FIXED_POINT_OPTIM) are at
 * mbedTLS's defaults */
#define MBEDTLS_ECP_NIST_OPTIM
#define MBEDTLS_ECDSA_C
/* RFC 6979 signatures (the pk layer and TLS use them when available) */
#define MBEDTLS_ECDSA_DETERMINISTIC
/* RSA for the RSA-2048 certificate chain: PKCS#1 v1.5 (TLS 1.2's
 * ServerKeyExchange, the certificates' sha256WithRSAEncryption) and v2.1
 * (TLS 1.3's rsa_pss_rsae_sha256 CertificateVerify); in the ctcrypto
 * image ctc_mbedtls_config.h adds MBEDTLS_RSA_ALT and the glue sends
 * RSA-2048 to ctcrypto, the stock image keeps mbedTLS's own RSA
 * (docs/tls.md, "RSA") */
#define MBEDTLS_RSA_C
#define MBEDTLS_PKCS1_V15
#define MBEDTLS_PKCS1_V21
/* without it mbedTLS's default signature-algorithm list offers no
 * rsa_pss_rsae_* scheme, and a TLS 1.3 server with an RSA key has none
 * to sign its CertificateVerify with */
#define MBEDTLS_X509_RSASSA_PSS_SUPPORT
#define MBEDTLS_ECDH_C
#define MBEDTLS_PK_C
#define MBEDTLS_PK_PARSE_C
#define MBEDTLS_ASN1_PARSE_C
#define MBEDTLS_ASN1_WRITE_C
#define MBEDTLS_OID_C

/* ---- hashes, MAC, ciphers ---- */

#define MBEDTLS_MD_C
#define MBEDTLS_SHA256_C
/* SHA-224, as in mbedTLS's default configuration (one file and, in the
 * ctcrypto variant, one glue context with SHA-256); nothing here uses it */
#define MBEDTLS_SHA224_C
#define MBEDTLS_HKDF_C
#define MBEDTLS_CIPHER_C
#define MBEDTLS_AES_C
/* the AES tables in flash (const), not built in RAM at first use */
#define MBEDTLS_AES_ROM_TABLES
#define MBEDTLS_GCM_C

/* ---- PSA crypto (TLS 1.3's ECDHE and key schedule) ---- */

/* MBEDTLS_PSA_CRYPTO_CONFIG off: the PSA mechanisms follow from the
 * legacy macros above. MBEDTLS_USE_PSA_CRYPTO off, as in mbedTLS's
 * default configuration and the host integration (docs/tls.md): TLS 1.2
 * and X.509 use the legacy ECDH/ECDSA/pk calls, which the ALT macros of
 * the ctcrypto variant reach. No key storage (volatile keys only). */
#define MBEDTLS_PSA_CRYPTO_C
/* a handful of key slots is plenty for two contexts (default 32) */
#define MBEDTLS_PSA_KEY_SLOT_COUNT 8

/* ---- X.509 ---- */

#define MBEDTLS_X509_USE_C
#define MBEDTLS_X509_CRT_PARSE_C
/* DER only: no MBEDTLS_PEM_PARSE_C, no MBEDTLS_BASE64_C (the certificates
 * are DER arrays in the image) */

/* ---- TLS ---- */

#define MBEDTLS_SSL_TLS_C
#define MBEDTLS_SSL_CLI_C
#define MBEDTLS_SSL_SRV_C
#define MBEDTLS_SSL_PROTO_TLS1_2
#define MBEDTLS_SSL_PROTO_TLS1_3
#define MBEDTLS_KEY_EXCHANGE_ECDHE_ECDSA_ENABLED
#define MBEDTLS_KEY_EXCHANGE_ECDHE_RSA_ENABLED
#define MBEDTLS_SSL_TLS1_3_KEY_EXCHANGE_MODE_EPHEMERAL_ENABLED
/* TLS 1.3 keeps the peer's certificate (mbedTLS requires it) */
#define MBEDTLS_SSL_KEEP_PEER_CERTIFICATE
/* supported groups and signature algorithms are always sent; the server
 * name extension carries the hostname the client also checks the
 * certificate's subjectAltName against */
#define MBEDTLS_SSL_SERVER_NAME_INDICATION
#define MBEDTLS_SSL_EXTENDED_MASTER_SECRET
/* not built: session tickets and resumption caches (each handshake is a
 * full one), renegotiation, DTLS, PSK, early data, record size limit,
 * max fragment length, the debug module, the TLS 1.3 middlebox
 * compatibility mode (no middlebox between two buffers) */
/* the three cipher suites measured, nothing else offered or accepted */
#define MBEDTLS_SSL_CIPHERSUITES \
    MBEDTLS_TLS1_3_AES_128_GCM_SHA256, \
    MBEDTLS_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, \
    MBEDTLS_TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256
/* record buffers of 4 KiB instead of 16 KiB each way per context: the
 * largest flight here (the server's certificate chain) is about 1.5 KiB,
 * and both ends are these mbedTLS contexts, so no peer sends bigger
 * records */
#define MBEDTLS_SSL_IN_CONTENT_LEN 4096
#define MBEDTLS_SSL_OUT_CONTENT_LEN 4096

#endif

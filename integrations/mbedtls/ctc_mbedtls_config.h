/*
 * ctc_mbedtls_config.h - the additions to mbedTLS 3.6's default
 * configuration (include/mbedtls/mbedtls_config.h, used unchanged) that
 * route its ECDSA and ECDH primitives to ctcrypto (ctc_mbedtls.c).
 *
 * Built with -DMBEDTLS_USER_CONFIG_FILE='"ctc_mbedtls_config.h"', which
 * mbedTLS includes after its default configuration (docs/tls.md).
 *
 * Each macro removes one function from mbedTLS and ctc_mbedtls.c defines
 * it: P-256 and P-384 go to ctcrypto, every other curve to the glue's
 * generic code over mbedTLS's own ECP arithmetic.
 *   mbedtls_ecdsa_sign          (ecdsa.c; also reached by the deterministic
 *                                signature through HMAC_DRBG, and by PSA's
 *                                randomized psa_sign_hash)
 *   mbedtls_ecdsa_verify        (ecdsa.c; mbedtls_ecdsa_read_signature,
 *                                the pk layer, X.509, PSA psa_verify_hash)
 *   mbedtls_ecdsa_genkey        (ecdsa.c)
 *   mbedtls_ecdh_gen_public     (ecdh.c; TLS 1.2's ECDHE key share)
 *   mbedtls_ecdh_compute_shared (ecdh.c; TLS 1.2 and, through PSA's
 *                                psa_raw_key_agreement, TLS 1.3)
 *
 * SHA-224/256 and SHA-384/512 are ctcrypto's whole (ctc_mbedtls_sha2.c,
 * the contexts in sha256_alt.h and sha512_alt.h): md, PSA hashes, HMAC,
 * HKDF, HMAC_DRBG and the TLS transcript hash use them.
 *
 * AES is ctcrypto's whole (ctc_mbedtls_aes.c, the contexts in aes_alt.h):
 * the key schedule, the block function and every mode of the default
 * configuration (ECB, CBC, XTS, CFB, OFB, CTR), so also CCM, CMAC,
 * CTR_DRBG and the cipher layer's AES. GCM likewise (ctc_mbedtls_gcm.c,
 * gcm_alt.h): AES-GCM is ctcrypto's, the GCM of other block ciphers
 * (Camellia, ARIA) the glue's generic code over mbedTLS's cipher layer.
 *
 * RSA (ctc_mbedtls_rsa.c, the context in rsa_alt.h): the public and
 * private operations and the PKCS#1 v1.5 and PSS signatures go to
 * ctcrypto for the sizes and hashes it has, everything else to mbedTLS's
 * own rsa.c compiled a second time with CTC_MBEDTLS_RSA_FALLBACK defined
 * (so without MBEDTLS_RSA_ALT) and its functions renamed (docs/tls.md).
 */
#ifndef CTC_MBEDTLS_CONFIG_H
#define CTC_MBEDTLS_CONFIG_H

/* PSA's P-256 (key generation, export, ECDH, ECDSA) through the P-256
 * driver slot of mbedTLS 3.6's generated driver wrappers, defined over
 * ctcrypto in ctc_psa_p256.c (docs/tls.md, "The PSA driver"); the build
 * leaves mbedTLS's 3rdparty/p256-m out */
#define MBEDTLS_PSA_P256M_DRIVER_ENABLED

#define MBEDTLS_ECDSA_SIGN_ALT
#define MBEDTLS_ECDSA_VERIFY_ALT
#define MBEDTLS_ECDSA_GENKEY_ALT
#define MBEDTLS_ECDH_GEN_PUBLIC_ALT
#define MBEDTLS_ECDH_COMPUTE_SHARED_ALT

#define MBEDTLS_SHA256_ALT
#define MBEDTLS_SHA512_ALT

#define MBEDTLS_AES_ALT
#define MBEDTLS_GCM_ALT

#if !defined(CTC_MBEDTLS_RSA_FALLBACK)
#define MBEDTLS_RSA_ALT
#endif
/* mbedTLS's AES-NI, VIA Padlock and Armv8 AES code reads its own AES
 * context and serves only the aes.c and gcm.c code the two macros remove */
#undef MBEDTLS_AESNI_C
#undef MBEDTLS_PADLOCK_C
#undef MBEDTLS_AESCE_C

#endif

/*
 * sha256_alt.h - mbedTLS's SHA-224/SHA-256 context under MBEDTLS_SHA256_ALT
 * (mbedtls/sha256.h includes it): a ctcrypto context and the variant
 * (ctc_mbedtls_sha2.c).
 */
#ifndef CTC_MBEDTLS_SHA256_ALT_H
#define CTC_MBEDTLS_SHA256_ALT_H

#include "ctcrypto/hash.h"

typedef struct mbedtls_sha256_context {
    ctc_sha256_ctx ctc;
    int is224;
} mbedtls_sha256_context;

#endif

/*
 * sha512_alt.h - mbedTLS's SHA-384/SHA-512 context under MBEDTLS_SHA512_ALT
 * (mbedtls/sha512.h includes it): a ctcrypto context and the variant
 * (ctc_mbedtls_sha2.c).
 */
#ifndef CTC_MBEDTLS_SHA512_ALT_H
#define CTC_MBEDTLS_SHA512_ALT_H

#include "ctcrypto/hash.h"

typedef struct mbedtls_sha512_context {
    ctc_sha512_ctx ctc;
    int is384;
} mbedtls_sha512_context;

#endif

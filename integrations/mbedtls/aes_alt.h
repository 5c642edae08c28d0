/*
 * aes_alt.h - mbedTLS's AES contexts under MBEDTLS_AES_ALT (mbedtls/aes.h
 * includes it): a ctcrypto expanded key, which serves both directions
 * (ctc_mbedtls_aes.c). XTS is two of them, as in mbedTLS.
 */
#ifndef CTC_MBEDTLS_AES_ALT_H
#define CTC_MBEDTLS_AES_ALT_H

#include "ctcrypto/aes.h"

typedef struct mbedtls_aes_context {
    ctc_aes_key key;
} mbedtls_aes_context;

typedef struct mbedtls_aes_xts_context {
    mbedtls_aes_context crypt;   /* the data key */
    mbedtls_aes_context tweak;   /* the tweak key, always encrypting */
} mbedtls_aes_xts_context;

#endif

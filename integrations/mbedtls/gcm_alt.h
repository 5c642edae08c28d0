/*
 * gcm_alt.h - mbedTLS's GCM context under MBEDTLS_GCM_ALT (mbedtls/gcm.h
 * includes it): AES keys go to ctcrypto's GCM; the other 128-bit block
 * ciphers (Camellia, ARIA) to the glue's generic GCM over mbedTLS's cipher
 * layer (ctc_mbedtls_gcm.c). ctcrypto's streaming contexts point to key,
 * so a context must not be moved (copied) between starts and finish.
 */
#ifndef CTC_MBEDTLS_GCM_ALT_H
#define CTC_MBEDTLS_GCM_ALT_H

#include "mbedtls/cipher.h"
#include "ctcrypto/aes.h"

typedef struct mbedtls_gcm_context {
    ctc_aes_key key;             /* AES: the expanded key */
    ctc_aes_gcm_ctx ctc;         /* AES: the tag's computation */
    union {
        ctc_aes_gcm_ctx ks;      /* AES decryption: the key stream */
        struct {                 /* another cipher (is_aes == 0) */
            mbedtls_cipher_context_t cipher;   /* its ECB */
            uint8_t h[16];       /* the hash key */
            uint8_t y[16];       /* the next counter block */
            uint8_t ekj0[16];    /* E(J0) */
            uint8_t acc[16];     /* GHASH's running value */
            uint8_t ks[16];      /* the current key-stream block */
        } gen;
    } u;
    uint64_t len, add_len;       /* bytes of text and of AD so far */
    int is_aes;                  /* 1 AES, 0 another cipher, -1 no key */
    int mode;                    /* MBEDTLS_GCM_ENCRYPT or _DECRYPT */
    int started;                 /* 1 between starts and finish */
} mbedtls_gcm_context;

#endif

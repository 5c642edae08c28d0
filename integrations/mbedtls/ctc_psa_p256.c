/*
 * ctc_psa_p256.c - ctcrypto's P-256 as a PSA Crypto accelerator driver of
 * mbedTLS 3.6 (docs/tls.md, "The PSA driver").
 *
 * mbedTLS 3.6's generated driver wrappers (library/psa_crypto_driver_
 * wrappers.h) have one transparent driver for P-256 built in: with
 * MBEDTLS_PSA_P256M_DRIVER_ENABLED they call six entry points whose
 * prototypes are in 3rdparty/p256-m/p256-m_driver_entrypoints.h, for
 * ECC keys of the secp_r1 family and 256 bits (key import and public-key
 * export for every key, then generation, ECDH, randomized ECDSA signing and
 * ECDSA verification). This file defines those entry points over
 * ctcrypto, and the build leaves out the 3rdparty code that would define
 * them otherwise, so PSA's P-256 (TLS 1.3's key share among others) runs
 * on ctcrypto without regenerating the wrappers.
 *
 * Key formats are PSA's export formats: a key pair is the 32-byte
 * big-endian private scalar, a public key the 65-byte uncompressed point.
 * An entry point answers PSA_ERROR_NOT_SUPPORTED for whatever it does not
 * take, so that PSA's own code (where built) handles it: other key types
 * and sizes, other algorithms, keys of another length, compressed points.
 */
#include "mbedtls/build_info.h"

#if defined(MBEDTLS_PSA_P256M_DRIVER_ENABLED)

#include <string.h>

#include "psa/crypto.h"
#include "mbedtls/platform_util.h"
#include "../3rdparty/p256-m/p256-m_driver_entrypoints.h"

#include "ctcrypto/ec.h"

#define PRIV_BYTES 32
#define PUB_BYTES 65
#define SIG_BYTES 64
#define KEY_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1)
#define PUBLIC_KEY PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1)
/* candidates drawn for a key pair before giving up (each is refused with
 * probability about 2^-32: n is just below 2^256) */
#define GEN_TRIES 8

/* whether the attributes name P-256 (bits 0: not given, as in an import) */
static int p256_bits(const psa_key_attributes_t *attributes)
{
    size_t bits = psa_get_key_bits(attributes);

    return bits == 0 || bits == 256;
}

psa_status_t p256_transparent_import_key(const psa_key_attributes_t *attributes,
                                         const uint8_t *data, size_t data_length,
                                         uint8_t *key_buffer, size_t key_buffer_size,
                                         size_t *key_buffer_length, size_t *bits)
{
    psa_key_type_t type = psa_get_key_type(attributes);

    if (!p256_bits(attributes))
        return PSA_ERROR_NOT_SUPPORTED;
    if (type == KEY_PAIR && data_length == PRIV_BYTES) {
        if (key_buffer_size < PRIV_BYTES)
            return PSA_ERROR_BUFFER_TOO_SMALL;
        if (ctc_p256_private_key_check(data) != CTC_OK)
            return PSA_ERROR_INVALID_ARGUMENT;
    } else if (type == PUBLIC_KEY && data_length == PUB_BYTES && data[0] == 0x04) {
        if (key_buffer_size < PUB_BYTES)
            return PSA_ERROR_BUFFER_TOO_SMALL;
        if (ctc_p256_public_key_check(data, data_length) != CTC_OK)
            return PSA_ERROR_INVALID_ARGUMENT;
    } else {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    memcpy(key_buffer, data, data_length);
    *key_buffer_length = data_length;
    *bits = 256;
    return PSA_SUCCESS;
}

/* pub (65 bytes) of a key buffer holding a key pair or a public key */
static psa_status_t public_of(uint8_t pub[PUB_BYTES], const psa_key_attributes_t *attributes,
                              const uint8_t *key_buffer, size_t key_buffer_size)
{
    psa_key_type_t type = psa_get_key_type(attributes);

    if (type == KEY_PAIR && key_buffer_size == PRIV_BYTES) {
        /* a stored key pair passed the range check at import or
         * generation: an error here is a corrupted key */
        if (ctc_p256_public_key(pub, key_buffer) != CTC_OK)
            return PSA_ERROR_CORRUPTION_DETECTED;
        return PSA_SUCCESS;
    }
    if (type == PUBLIC_KEY && key_buffer_size == PUB_BYTES) {
        memcpy(pub, key_buffer, PUB_BYTES);
        return PSA_SUCCESS;
    }
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t p256_transparent_export_public_key(const psa_key_attributes_t *attributes,
                                                const uint8_t *key_buffer,
                                                size_t key_buffer_size, uint8_t *data,
                                                size_t data_size, size_t *data_length)
{
    uint8_t pub[PUB_BYTES];
    psa_status_t st;

    if (!p256_bits(attributes))
        return PSA_ERROR_NOT_SUPPORTED;
    st = public_of(pub, attributes, key_buffer, key_buffer_size);
    if (st != PSA_SUCCESS)
        return st;
    if (data_size < PUB_BYTES)
        return PSA_ERROR_BUFFER_TOO_SMALL;
    memcpy(data, pub, PUB_BYTES);
    *data_length = PUB_BYTES;
    return PSA_SUCCESS;
}

/*
 * FIPS 186-5 A.2.2 (rejection sampling): 32 bytes from PSA's generator
 * until they are in [1, n - 1]. Whether a candidate was refused is the
 * only thing that leaks, as in PSA's own generation.
 */
psa_status_t p256_transparent_generate_key(const psa_key_attributes_t *attributes,
                                           uint8_t *key_buffer, size_t key_buffer_size,
                                           size_t *key_buffer_length)
{
    int i;

    if (psa_get_key_type(attributes) != KEY_PAIR || psa_get_key_bits(attributes) != 256)
        return PSA_ERROR_NOT_SUPPORTED;
    if (key_buffer_size < PRIV_BYTES)
        return PSA_ERROR_BUFFER_TOO_SMALL;
    for (i = 0; i < GEN_TRIES; i++) {
        psa_status_t st = psa_generate_random(key_buffer, PRIV_BYTES);

        if (st != PSA_SUCCESS) {
            mbedtls_platform_zeroize(key_buffer, PRIV_BYTES);
            return st;
        }
        if (ctc_p256_private_key_check(key_buffer) == CTC_OK) {
            *key_buffer_length = PRIV_BYTES;
            return PSA_SUCCESS;
        }
    }
    mbedtls_platform_zeroize(key_buffer, PRIV_BYTES);
    return PSA_ERROR_INSUFFICIENT_ENTROPY;
}

psa_status_t p256_transparent_key_agreement(const psa_key_attributes_t *attributes,
                                            const uint8_t *key_buffer, size_t key_buffer_size,
                                            psa_algorithm_t alg, const uint8_t *peer_key,
                                            size_t peer_key_length, uint8_t *shared_secret,
                                            size_t shared_secret_size,
                                            size_t *shared_secret_length)
{
    int r;

    if (alg != PSA_ALG_ECDH || psa_get_key_type(attributes) != KEY_PAIR ||
        key_buffer_size != PRIV_BYTES || peer_key_length != PUB_BYTES || peer_key[0] != 0x04)
        return PSA_ERROR_NOT_SUPPORTED;
    if (shared_secret_size < PRIV_BYTES)
        return PSA_ERROR_BUFFER_TOO_SMALL;
    r = ctc_ecdh_p256(shared_secret, key_buffer, peer_key, peer_key_length);
    if (r != CTC_OK) {
        mbedtls_platform_zeroize(shared_secret, PRIV_BYTES);
        /* a peer point off the curve (or a corrupted key) */
        return r == CTC_ERR_KEY ? PSA_ERROR_CORRUPTION_DETECTED : PSA_ERROR_INVALID_ARGUMENT;
    }
    *shared_secret_length = PRIV_BYTES;
    return PSA_SUCCESS;
}

/*
 * Randomized ECDSA (PSA_ALG_ECDSA): ctcrypto's signature is RFC 6979's
 * nonce hedged with 32 fresh bytes of PSA's generator as its additional
 * data (RFC 6979 section 3.6), so it is randomized and never depends on the
 * generator alone.
 */
psa_status_t p256_transparent_sign_hash(const psa_key_attributes_t *attributes,
                                        const uint8_t *key_buffer, size_t key_buffer_size,
                                        psa_algorithm_t alg, const uint8_t *hash,
                                        size_t hash_length, uint8_t *signature,
                                        size_t signature_size, size_t *signature_length)
{
    uint8_t extra[32];
    psa_status_t st;
    int r;

    if (!PSA_ALG_IS_RANDOMIZED_ECDSA(alg) || psa_get_key_type(attributes) != KEY_PAIR ||
        key_buffer_size != PRIV_BYTES)
        return PSA_ERROR_NOT_SUPPORTED;
    if (signature_size < SIG_BYTES)
        return PSA_ERROR_BUFFER_TOO_SMALL;
    st = psa_generate_random(extra, sizeof extra);
    if (st != PSA_SUCCESS)
        return st;
    r = ctc_ecdsa_p256_sign(signature, key_buffer, hash, hash_length, extra, sizeof extra);
    mbedtls_platform_zeroize(extra, sizeof extra);
    if (r != CTC_OK)
        return r == CTC_ERR_KEY ? PSA_ERROR_CORRUPTION_DETECTED : PSA_ERROR_INVALID_ARGUMENT;
    *signature_length = SIG_BYTES;
    return PSA_SUCCESS;
}

psa_status_t p256_transparent_verify_hash(const psa_key_attributes_t *attributes,
                                          const uint8_t *key_buffer, size_t key_buffer_size,
                                          psa_algorithm_t alg, const uint8_t *hash,
                                          size_t hash_length, const uint8_t *signature,
                                          size_t signature_length)
{
    uint8_t pub[PUB_BYTES];
    psa_status_t st;

    if (!PSA_ALG_IS_ECDSA(alg))
        return PSA_ERROR_NOT_SUPPORTED;
    st = public_of(pub, attributes, key_buffer, key_buffer_size);
    if (st != PSA_SUCCESS)
        return st;
    if (signature_length != SIG_BYTES)
        return PSA_ERROR_INVALID_SIGNATURE;
    if (ctc_ecdsa_p256_verify(pub, PUB_BYTES, hash, hash_length, signature,
                              signature_length) != CTC_OK)
        return PSA_ERROR_INVALID_SIGNATURE;
    return PSA_SUCCESS;
}

#else
/* ISO C wants a translation unit to declare something */
typedef int ctc_psa_p256_unused;
#endif /* MBEDTLS_PSA_P256M_DRIVER_ENABLED */

/*
 * ec_test_util.h - helpers shared by the ec family's test programs
 * (freestanding: usable inside bare-metal images).
 */
#ifndef EC_TEST_UTIL_H
#define EC_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ctcrypto/ec.h"
#include "ctcrypto/hash.h"
#include "runner.h"

/*
 * A Wycheproof integer (big-endian two's complement hex, so possibly with
 * a leading 00 or shorter than n bytes) as n bytes. Returns 0 when the
 * value does not fit n bytes.
 */
static inline int et_int(uint8_t *out, size_t n, const uint8_t *in, size_t len)
{
    while (len > n && in[0] == 0) {
        in++;
        len--;
    }
    if (len > n)
        return 0;
    memset(out, 0, n - len);
    memcpy(out + n - len, in, len);
    return 1;
}


/* The two curves through one table of their public functions. */
struct et_curve {
    const char *kat_group, *err_group;
    int bits;
    size_t sz;          /* scalar and coordinate bytes */
    size_t h_len;       /* its hash */
    int (*hash)(uint8_t *out, const uint8_t *m, size_t len);
    const uint8_t *n;   /* the order, big-endian */
    int (*pub)(uint8_t *pub, const uint8_t *priv);
    int (*keygen)(uint8_t *priv, uint8_t *pub, const uint8_t *rnd, size_t len);
    size_t keygen_min, keygen_max;
    int (*check)(const uint8_t *pub, size_t len);
    int (*decode)(uint8_t *out, const uint8_t *pub, size_t len);
    int (*compress)(uint8_t *out, const uint8_t *pub, size_t len);
    int (*ecdh)(uint8_t *z, const uint8_t *priv, const uint8_t *peer, size_t len);
    int (*sign)(uint8_t *sig, const uint8_t *priv, const uint8_t *h, size_t h_len,
                const uint8_t *extra, size_t extra_len);
    int (*verify)(const uint8_t *pub, size_t pub_len, const uint8_t *h, size_t h_len,
                  const uint8_t *sig, size_t sig_len);
    int (*verify_der)(const uint8_t *pub, size_t pub_len, const uint8_t *h, size_t h_len,
                      const uint8_t *der, size_t der_len);
    int (*to_der)(uint8_t *der, size_t *der_len, size_t cap, const uint8_t *sig);
    int (*from_der)(uint8_t *sig, const uint8_t *der, size_t der_len);
    size_t der_max;
    int (*spki_decode)(uint8_t *out, const uint8_t *der, size_t der_len);
    int (*priv_check)(const uint8_t *priv);
};

static const uint8_t et_n256[32] = {
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84,
    0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51
};
static const uint8_t et_n384[48] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xc7, 0x63, 0x4d, 0x81, 0xf4, 0x37, 0x2d, 0xdf, 0x58, 0x1a, 0x0d, 0xb2,
    0x48, 0xb0, 0xa7, 0x7a, 0xec, 0xec, 0x19, 0x6a, 0xcc, 0xc5, 0x29, 0x73
};

static const struct et_curve et_curves[] = {
    { "P-256 known answers (Python's integers; RFC 6979 A.2.5 signatures, all hashes)",
      "P-256 error codes and round trips", 256, 32, 32, ctc_sha256, et_n256, ctc_p256_public_key, ctc_p256_keygen,
      CTC_P256_KEYGEN_MIN_RANDOM, CTC_P256_KEYGEN_MAX_RANDOM, ctc_p256_public_key_check,
      ctc_p256_public_key_decode, ctc_p256_public_key_compress, ctc_ecdh_p256,
      ctc_ecdsa_p256_sign, ctc_ecdsa_p256_verify, ctc_ecdsa_p256_verify_der,
      ctc_ecdsa_p256_sig_to_der, ctc_ecdsa_p256_sig_from_der, CTC_P256_DER_SIG_MAX,
      ctc_p256_spki_decode, ctc_p256_private_key_check },
    { "P-384 known answers (Python's integers; RFC 6979 A.2.6 signatures, all hashes)",
      "P-384 error codes and round trips", 384, 48, 48, ctc_sha384, et_n384, ctc_p384_public_key, ctc_p384_keygen,
      CTC_P384_KEYGEN_MIN_RANDOM, CTC_P384_KEYGEN_MAX_RANDOM, ctc_p384_public_key_check,
      ctc_p384_public_key_decode, ctc_p384_public_key_compress, ctc_ecdh_p384,
      ctc_ecdsa_p384_sign, ctc_ecdsa_p384_verify, ctc_ecdsa_p384_verify_der,
      ctc_ecdsa_p384_sig_to_der, ctc_ecdsa_p384_sig_from_der, CTC_P384_DER_SIG_MAX,
      ctc_p384_spki_decode, ctc_p384_private_key_check },
};

#define ET_CURVES (sizeof et_curves / sizeof et_curves[0])
#define ET_MAXB 48

#endif

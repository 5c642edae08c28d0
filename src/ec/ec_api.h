/*
 * ec_api.h - the public functions of one curve (ctcrypto/ec.h) as thin
 * wrappers over the generic layer: EC_PUBLIC_API(c, CURVE, h, H_BYTES, S,
 * P, PC, G) defines ctc_<c>_public_key ... ctc_ecdsa_<c>_<h>_verify_der
 * with the descriptor CURVE (an ec_curve in the including file), the
 * one-shot hash ctc_<h> of H_BYTES bytes for the message-taking forms, and
 * the header's array sizes: S scalar, P and PC public key (uncompressed,
 * compressed), G raw signature. Included
 * once by each curve's file (p256.c, p384.c).
 */
#ifndef EC_EC_API_H
#define EC_EC_API_H

#include "ctcrypto/hash.h"
#include "ec.h"

#define EC_PUBLIC_API(c, CURVE, h, H_BYTES, S, P, PC, G)                                     \
int ctc_##c##_public_key(uint8_t pub[P], const uint8_t priv[S])                          \
{                                                                                    \
    return ec_public_key(&CURVE, pub, priv);                                         \
}                                                                                    \
int ctc_##c##_keygen(uint8_t priv[S], uint8_t pub[P], const uint8_t *rnd, size_t rnd_len) \
{                                                                                    \
    return ec_keygen(&CURVE, priv, pub, rnd, rnd_len);                               \
}                                                                                    \
int ctc_##c##_public_key_check(const uint8_t *pub, size_t pub_len)                   \
{                                                                                    \
    return ec_public_key_check(&CURVE, pub, pub_len);                                \
}                                                                                    \
int ctc_##c##_private_key_check(const uint8_t priv[S])                               \
{                                                                                    \
    return ec_private_key_check(&CURVE, priv);                                       \
}                                                                                    \
int ctc_##c##_public_key_decode(uint8_t out[P], const uint8_t *pub, size_t pub_len)    \
{                                                                                    \
    return ec_public_key_decode(&CURVE, out, pub, pub_len);                          \
}                                                                                    \
int ctc_##c##_public_key_compress(uint8_t out[PC], const uint8_t *pub, size_t pub_len)  \
{                                                                                    \
    return ec_public_key_compress(&CURVE, out, pub, pub_len);                        \
}                                                                                    \
int ctc_##c##_spki_decode(uint8_t out[P], const uint8_t *der, size_t der_len)          \
{                                                                                    \
    return ec_spki_decode(&CURVE, out, der, der_len);                                \
}                                                                                    \
int ctc_ecdh_##c(uint8_t shared[S], const uint8_t priv[S], const uint8_t *peer,          \
                 size_t peer_len)                                                    \
{                                                                                    \
    return ec_ecdh(&CURVE, shared, priv, peer, peer_len);                            \
}                                                                                    \
int ctc_ecdsa_##c##_sign(uint8_t sig[G], const uint8_t priv[S], const uint8_t *hh,       \
                         size_t h_len, const uint8_t *extra, size_t extra_len)       \
{                                                                                    \
    return ec_ecdsa_sign(&CURVE, sig, priv, hh, h_len, extra, extra_len);            \
}                                                                                    \
int ctc_ecdsa_##c##_verify(const uint8_t *pub, size_t pub_len, const uint8_t *hh,    \
                           size_t h_len, const uint8_t *sig, size_t sig_len)         \
{                                                                                    \
    return ec_ecdsa_verify(&CURVE, pub, pub_len, hh, h_len, sig, sig_len);           \
}                                                                                    \
int ctc_ecdsa_##c##_verify_der(const uint8_t *pub, size_t pub_len, const uint8_t *hh, \
                               size_t h_len, const uint8_t *der, size_t der_len)     \
{                                                                                    \
    return ec_ecdsa_verify_der(&CURVE, pub, pub_len, hh, h_len, der, der_len);       \
}                                                                                    \
int ctc_ecdsa_##c##_sig_to_der(uint8_t *der, size_t *der_len, size_t cap,            \
                               const uint8_t sig[G])                                 \
{                                                                                    \
    return ec_ecdsa_sig_to_der(&CURVE, der, der_len, cap, sig);                      \
}                                                                                    \
int ctc_ecdsa_##c##_sig_from_der(uint8_t sig[G], const uint8_t *der, size_t der_len)   \
{                                                                                    \
    return ec_ecdsa_sig_from_der(&CURVE, sig, der, der_len);                         \
}                                                                                    \
int ctc_ecdsa_##c##_##h##_sign(uint8_t sig[G], const uint8_t priv[S], const uint8_t *msg, \
                               size_t msg_len, const uint8_t *extra, size_t extra_len) \
{                                                                                    \
    uint8_t d[H_BYTES];                                                              \
    int ret = ctc_##h(d, msg, msg_len);                                              \
                                                                                     \
    if (ret == CTC_OK)                                                               \
        ret = ec_ecdsa_sign(&CURVE, sig, priv, d, H_BYTES, extra, extra_len);        \
    ct_zeroize(d, sizeof d);                                                         \
    return ret;                                                                      \
}                                                                                    \
int ctc_ecdsa_##c##_##h##_verify(const uint8_t *pub, size_t pub_len,                 \
                                 const uint8_t *msg, size_t msg_len,                 \
                                 const uint8_t *sig, size_t sig_len)                 \
{                                                                                    \
    uint8_t d[H_BYTES];                                                              \
    int ret = ctc_##h(d, msg, msg_len);                                              \
                                                                                     \
    return ret != CTC_OK ? ret : ec_ecdsa_verify(&CURVE, pub, pub_len, d, H_BYTES,   \
                                                 sig, sig_len);                      \
}                                                                                    \
int ctc_ecdsa_##c##_##h##_verify_der(const uint8_t *pub, size_t pub_len,             \
                                     const uint8_t *msg, size_t msg_len,             \
                                     const uint8_t *der, size_t der_len)             \
{                                                                                    \
    uint8_t d[H_BYTES];                                                              \
    int ret = ctc_##h(d, msg, msg_len);                                              \
                                                                                     \
    return ret != CTC_OK ? ret : ec_ecdsa_verify_der(&CURVE, pub, pub_len, d,        \
                                                     H_BYTES, der, der_len);         \
}

#endif /* EC_EC_API_H */

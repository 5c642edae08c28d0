/*
 * keyfile.h - EC key files as OpenSSL reads and writes them, for every
 * curve of the table (curve.h; the curve is the file's named-curve OID):
 *   private keys: SEC1 ECPrivateKey (RFC 5915, PEM "EC PRIVATE KEY") and
 *     PKCS#8 PrivateKeyInfo / OneAsymmetricKey v1 and v2 (RFC 5208, RFC
 *     5958, PEM "PRIVATE KEY"), unencrypted;
 *   public keys: SubjectPublicKeyInfo (RFC 5480, PEM "PUBLIC KEY");
 *   PEM as RFC 7468 (base64, 64-character lines on output).
 * Input is PEM or DER, told apart by the contents; DER is strict (the
 * library's bounded reader, src/asn1/asn1.h). Decoding functions return
 * NULL or a short message (static text) saying what is wrong.
 */
#ifndef CLI_KEYFILE_H
#define CLI_KEYFILE_H

#include <stddef.h>
#include <stdint.h>

#include "curve.h"

#define KEYFILE_MAX (64 * 1024)    /* larger key files are refused */
#define KEYFILE_OUT_MAX 1024       /* room for any encoded key of the table */

enum { KEY_PKCS8, KEY_SEC1 };       /* private key structures */
enum { KEY_PEM, KEY_DER };          /* file formats */

/*
 * *c = the file's curve, priv = its private key ((*c)->scalar_len bytes).
 * The private key must be in [1, n - 1] and have exactly scalar_len bytes
 * (RFC 5915); a public key in the file (SEC1 [1], PKCS#8 v2 [1]) must be
 * the private key's; curve parameters must be a named curve (an OID) and,
 * when both PKCS#8 and SEC1 name one, the same.
 */
const char *key_priv_decode(const struct curve **c, uint8_t priv[CURVE_MAX_SCALAR],
                            const uint8_t *file, size_t len);

/* *c = the file's curve, pub = its public key, uncompressed
 * ((*c)->pub_len bytes), validated by the library's SPKI decoder. */
const char *key_pub_decode(const struct curve **c, uint8_t pub[CURVE_MAX_PUB],
                           const uint8_t *file, size_t len);

/*
 * out[0..*out_len) = the private key priv with public key pub
 * (uncompressed) as `type` (KEY_PKCS8: version 0, the SEC1 inside without
 * parameters, as openssl genpkey writes it; KEY_SEC1: with the [0]
 * parameters, as openssl ec writes it; both with the [1] public key) in
 * `format`. out has room for KEYFILE_OUT_MAX bytes.
 */
void key_priv_encode(uint8_t *out, size_t *out_len, const struct curve *c,
                     const uint8_t *priv, const uint8_t *pub, int type, int format);

/* out[0..*out_len) = the SubjectPublicKeyInfo of pub (uncompressed). */
void key_pub_encode(uint8_t *out, size_t *out_len, const struct curve *c,
                    const uint8_t *pub, int format);

/*
 * PEM for the other key types (cli/rsa.c). key_pem_decode: when file is
 * PEM (it has a BEGIN line), the first block's label and its decoded
 * contents (malloc'd into *der, the caller wipes and frees it), or an
 * error; when it is not PEM, NULL with *der = NULL (the file is DER).
 * key_pem_encode: out (room for KEY_PEM_SIZE(der_len, label), label a
 * string literal) = the PEM
 * of der with that label, 64-character lines.
 */
const char *key_pem_decode(char *label, size_t label_cap, uint8_t **der, size_t *der_len,
                           const uint8_t *file, size_t len);
void key_pem_encode(uint8_t *out, size_t *out_len, const char *label, const uint8_t *der,
                    size_t der_len);
#define KEY_PEM_SIZE(der_len, label) \
    (((der_len) + 2) / 3 * 4 + ((der_len) + 47) / 48 + 2 * sizeof(label) + 32)

#endif /* CLI_KEYFILE_H */

/*
 * rsa_der.c - RSA public keys in DER (declared in ctcrypto/rsa.h):
 *   RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }
 *   SubjectPublicKeyInfo ::= SEQUENCE {
 *     SEQUENCE { OID rsaEncryption, NULL },
 *     BIT STRING { 0 unused bits, RSAPublicKey } }
 * and the AlgorithmIdentifier shared with PKCS#8 (rsa_der_private.c).
 * Everything here is public and checked by branches.
 */
#include "asn1/asn1.h"
#include "rsa.h"

/* SEQUENCE { OID 1.2.840.113549.1.1.1, NULL } */
static const uint8_t rsa_der_algorithm[RSA_DER_ALGORITHM_LEN] = {
    0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01,
    0x05, 0x00
};

/* see rsa.h */
uint8_t *rsa_der_put_algorithm(uint8_t *out)
{
    size_t i;

    for (i = 0; i < RSA_DER_ALGORITHM_LEN; i++)
        *out++ = rsa_der_algorithm[i];
    return out;
}

/* see rsa.h */
int rsa_der_read_algorithm(asn1_reader *r)
{
    asn1_reader alg;
    const uint8_t *c, *oid;
    size_t c_len, oid_len, i;

    if (asn1_read(r, ASN1_TAG_SEQUENCE, &c, &c_len) != CTC_OK)
        return CTC_ERR_ENCODING;
    alg.p = c;
    alg.len = c_len;
    if (asn1_read(&alg, ASN1_TAG_OID, &oid, &oid_len) != CTC_OK)
        return CTC_ERR_ENCODING;
    if (oid_len != rsa_der_algorithm[3])
        return CTC_ERR_RSA_ALGORITHM;
    for (i = 0; i < oid_len; i++)
        if (oid[i] != rsa_der_algorithm[4 + i])
            return CTC_ERR_RSA_ALGORITHM;
    /* the parameters: exactly NULL (absent parameters are refused too) */
    if (alg.len == 0)
        return CTC_ERR_RSA_ALGORITHM;
    if (alg.p[0] != ASN1_TAG_NULL)
        return CTC_ERR_RSA_ALGORITHM;
    if (asn1_read(&alg, ASN1_TAG_NULL, &c, &c_len) != CTC_OK || c_len != 0 || alg.len != 0)
        return CTC_ERR_ENCODING;
    return CTC_OK;
}

/* see ctcrypto/rsa.h */
int ctc_rsa_public_key_from_der(ctc_rsa_public_key *key, const uint8_t *der, size_t der_len)
{
    asn1_reader seq;
    const uint8_t *n, *e;
    size_t n_len, e_len;
    int r;

    if (key == NULL)
        return CTC_ERR_PARAM;
    ct_zeroize(key, sizeof *key);
    if (der == NULL)
        return CTC_ERR_PARAM;
    if (asn1_open_sequence(&seq, der, der_len) != CTC_OK)
        return CTC_ERR_ENCODING;
    if ((r = asn1_read_uint(&seq, &n, &n_len)) != CTC_OK ||
        (r = asn1_read_uint(&seq, &e, &e_len)) != CTC_OK)
        return r;
    if (seq.len != 0)
        return CTC_ERR_ENCODING;
    return ctc_rsa_public_key_import(key, n, n_len, e, e_len);
}

/* see ctcrypto/rsa.h */
int ctc_rsa_public_key_from_spki(ctc_rsa_public_key *key, const uint8_t *der, size_t der_len)
{
    asn1_reader spki;
    const uint8_t *bits;
    size_t bits_len;
    int r;

    if (key == NULL)
        return CTC_ERR_PARAM;
    ct_zeroize(key, sizeof *key);
    if (der == NULL)
        return CTC_ERR_PARAM;
    if (asn1_open_sequence(&spki, der, der_len) != CTC_OK)
        return CTC_ERR_ENCODING;
    if ((r = rsa_der_read_algorithm(&spki)) != CTC_OK)
        return r;
    if (asn1_read(&spki, ASN1_TAG_BIT_STRING, &bits, &bits_len) != CTC_OK || spki.len != 0)
        return CTC_ERR_ENCODING;
    if (bits_len < 1 || bits[0] != 0)
        return CTC_ERR_ENCODING;
    return ctc_rsa_public_key_from_der(key, bits + 1, bits_len - 1);
}

/* see rsa.h */
size_t rsa_der_put_uint(uint8_t *out, const uint8_t *in, size_t in_len)
{
    size_t c_len = asn1_uint_put(NULL, in, in_len), h = asn1_header_size(c_len);

    if (out != NULL) {
        (void)asn1_put_header(out, ASN1_TAG_INTEGER, c_len);
        (void)asn1_uint_put(out + h, in, in_len);
    }
    return h + c_len;
}

/*
 * The RSAPublicKey of key at out (NULL: only the length); returns its
 * length. nb: room for n and e as bytes.
 */
static size_t rsa_der_pubkey(uint8_t *out, const ctc_rsa_public_key *key, uint8_t *nb)
{
    uint8_t eb[4];
    size_t len, h;

    (void)mp_to_be(nb, key->bytes, key->n, key->limbs);   /* n fits k bytes */
    eb[0] = (uint8_t)(key->e >> 24);
    eb[1] = (uint8_t)(key->e >> 16);
    eb[2] = (uint8_t)(key->e >> 8);
    eb[3] = (uint8_t)key->e;
    len = rsa_der_put_uint(NULL, nb, key->bytes) + rsa_der_put_uint(NULL, eb, 4);
    h = asn1_header_size(len);
    if (out != NULL) {
        (void)asn1_put_header(out, ASN1_TAG_SEQUENCE, len);
        out += h;
        out += rsa_der_put_uint(out, nb, key->bytes);
        (void)rsa_der_put_uint(out, eb, 4);
    }
    return h + len;
}

/* see ctcrypto/rsa.h */
int ctc_rsa_public_key_to_der(uint8_t *out, size_t out_size, size_t *out_len,
                              const ctc_rsa_public_key *key)
{
    uint8_t nb[CTC_RSA_MAX_BYTES];
    size_t len;

    if (out == NULL || out_len == NULL || key == NULL || key->bytes == 0)
        return CTC_ERR_PARAM;
    len = rsa_der_pubkey(NULL, key, nb);
    if (len > out_size)
        return CTC_ERR_BUFFER;
    (void)rsa_der_pubkey(out, key, nb);
    *out_len = len;
    return CTC_OK;
}

/* see ctcrypto/rsa.h */
int ctc_rsa_public_key_to_spki(uint8_t *out, size_t out_size, size_t *out_len,
                               const ctc_rsa_public_key *key)
{
    uint8_t nb[CTC_RSA_MAX_BYTES];
    size_t pk, bs, len, h;

    if (out == NULL || out_len == NULL || key == NULL || key->bytes == 0)
        return CTC_ERR_PARAM;
    pk = rsa_der_pubkey(NULL, key, nb);
    bs = asn1_header_size(pk + 1) + pk + 1;
    len = RSA_DER_ALGORITHM_LEN + bs;
    h = asn1_header_size(len);
    if (h + len > out_size)
        return CTC_ERR_BUFFER;
    out += asn1_put_header(out, ASN1_TAG_SEQUENCE, len);
    out = rsa_der_put_algorithm(out);
    out += asn1_put_header(out, ASN1_TAG_BIT_STRING, pk + 1);
    *out++ = 0;   /* no unused bits */
    (void)rsa_der_pubkey(out, key, nb);
    *out_len = h + len;
    return CTC_OK;
}

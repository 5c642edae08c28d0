/*
 * ec_spki.c - a public key in a DER SubjectPublicKeyInfo (RFC 5480
 * section 2):
 *   SEQUENCE {
 *     SEQUENCE { OID id-ecPublicKey (1.2.840.10045.2.1),
 *                OID of the named curve (prime256v1 1.2.840.10045.3.1.7,
 *                secp384r1 1.3.132.0.34) }
 *     BIT STRING { 0 unused bits, SEC1 point } }
 * Only the named curve is accepted: explicit parameters (specifiedCurve)
 * and implicitCurve are refused, whatever curve they describe.
 */
#include "asn1/asn1.h"
#include "ec.h"

static const uint8_t oid_ec_public_key[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };

static int same(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len)
{
    size_t i;

    if (a_len != b_len)
        return 0;
    for (i = 0; i < a_len; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

int ec_spki_decode(const ec_curve *C, uint8_t *out, const uint8_t *der, size_t der_len)
{
    asn1_reader top, spki, alg;
    const uint8_t *c, *oid, *bits;
    size_t c_len, oid_len, bits_len;
    int r;

    if (out == NULL || der == NULL)
        return CTC_ERR_PARAM;
    top.p = der;
    top.len = der_len;
    if (asn1_read(&top, ASN1_TAG_SEQUENCE, &c, &c_len) != CTC_OK || top.len != 0)
        return CTC_ERR_ENCODING;
    spki.p = c;
    spki.len = c_len;
    if (asn1_read(&spki, ASN1_TAG_SEQUENCE, &c, &c_len) != CTC_OK)
        return CTC_ERR_ENCODING;
    alg.p = c;
    alg.len = c_len;
    if (asn1_read(&alg, ASN1_TAG_OID, &oid, &oid_len) != CTC_OK
        || !same(oid, oid_len, oid_ec_public_key, sizeof oid_ec_public_key))
        return CTC_ERR_ENCODING;
    if (asn1_read(&alg, ASN1_TAG_OID, &oid, &oid_len) != CTC_OK
        || !same(oid, oid_len, C->oid, C->oid_len) || alg.len != 0)
        return CTC_ERR_ENCODING;
    if (asn1_read(&spki, ASN1_TAG_BIT_STRING, &bits, &bits_len) != CTC_OK || spki.len != 0)
        return CTC_ERR_ENCODING;
    if (bits_len < 1 || bits[0] != 0)
        return CTC_ERR_ENCODING;
    r = ec_public_key_decode(C, out, bits + 1, bits_len - 1);
    return r;
}

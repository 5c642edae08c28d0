/*
 * ecdsa_der.c - ECDSA signatures in DER (RFC 3279 Ecdsa-Sig-Value):
 * SEQUENCE { INTEGER r, INTEGER s }, strict DER both ways, for a curve of
 * C->bytes-byte integers.
 */
#include "asn1/asn1.h"
#include "ec.h"

int ec_ecdsa_sig_to_der(const ec_curve *C, uint8_t *der, size_t *der_len, size_t cap,
                        const uint8_t *sig)
{
    size_t lr, ls, body, total, o;

    if (der == NULL || der_len == NULL || sig == NULL)
        return CTC_ERR_PARAM;
    /* at most 1 + bytes content bytes each (49 for P-384): every inner
     * length is short and the sequence's is below 128 */
    lr = asn1_uint_put(NULL, sig, C->bytes);
    ls = asn1_uint_put(NULL, sig + C->bytes, C->bytes);
    body = 2 + lr + 2 + ls;
    total = body + (body < 0x80 ? 2 : 3);
    if (cap < total)
        return CTC_ERR_BUFFER;
    o = asn1_put_header(der, ASN1_TAG_SEQUENCE, body);
    o += asn1_put_header(der + o, ASN1_TAG_INTEGER, lr);
    o += asn1_uint_put(der + o, sig, C->bytes);
    o += asn1_put_header(der + o, ASN1_TAG_INTEGER, ls);
    o += asn1_uint_put(der + o, sig + C->bytes, C->bytes);
    *der_len = o;
    return CTC_OK;
}

int ec_ecdsa_sig_from_der(const ec_curve *C, uint8_t *sig, const uint8_t *der,
                          size_t der_len)
{
    asn1_reader top, seq;
    const uint8_t *c, *ri, *si;
    size_t c_len, r_len, s_len, i;
    int ret;

    if (sig == NULL || der == NULL)
        return CTC_ERR_PARAM;
    for (i = 0; i < 2 * C->bytes; i++)
        sig[i] = 0;
    top.p = der;
    top.len = der_len;
    if (asn1_read(&top, ASN1_TAG_SEQUENCE, &c, &c_len) != CTC_OK || top.len != 0)
        return CTC_ERR_ENCODING;
    seq.p = c;
    seq.len = c_len;
    if (asn1_read(&seq, ASN1_TAG_INTEGER, &ri, &r_len) != CTC_OK
        || asn1_read(&seq, ASN1_TAG_INTEGER, &si, &s_len) != CTC_OK || seq.len != 0)
        return CTC_ERR_ENCODING;
    /* malformed integers before out-of-range ones */
    ret = asn1_uint_get(sig, C->bytes, ri, r_len);
    if (ret == CTC_OK || ret == CTC_ERR_RANGE) {
        int ret2 = asn1_uint_get(sig + C->bytes, C->bytes, si, s_len);
        if (ret2 == CTC_ERR_ENCODING || ret == CTC_OK)
            ret = ret2;
    }
    if (ret != CTC_OK)
        for (i = 0; i < 2 * C->bytes; i++)
            sig[i] = 0;
    return ret;
}

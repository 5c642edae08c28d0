/*
 * asn1.c - the bounded DER reader and writer of asn1.h.
 */
#include "asn1.h"

int asn1_read(asn1_reader *r, uint8_t tag, const uint8_t **c, size_t *c_len)
{
    size_t len, hdr;

    if (r->len < 2 || r->p[0] != tag)
        return CTC_ERR_ENCODING;
    len = r->p[1];
    hdr = 2;
    if (len == 0x81) {
        /* one length byte, only for lengths >= 128 */
        if (r->len < 3 || r->p[2] < 0x80)
            return CTC_ERR_ENCODING;
        len = r->p[2];
        hdr = 3;
    } else if (len == 0x82) {
        /* two length bytes, only for lengths >= 256 */
        if (r->len < 4 || r->p[2] == 0)
            return CTC_ERR_ENCODING;
        len = ((size_t)r->p[2] << 8) | r->p[3];
        hdr = 4;
    } else if (len >= 0x80) {
        /* indefinite (0x80) or longer length forms */
        return CTC_ERR_ENCODING;
    }
    if (len > r->len - hdr)
        return CTC_ERR_ENCODING;
    *c = r->p + hdr;
    *c_len = len;
    r->p += hdr + len;
    r->len -= hdr + len;
    return CTC_OK;
}

int asn1_open_sequence(asn1_reader *inner, const uint8_t *der, size_t der_len)
{
    asn1_reader top;

    top.p = der;
    top.len = der_len;
    if (asn1_read(&top, ASN1_TAG_SEQUENCE, &inner->p, &inner->len) != CTC_OK || top.len != 0)
        return CTC_ERR_ENCODING;
    return CTC_OK;
}

int asn1_uint_get(uint8_t *out, size_t out_len, const uint8_t *c, size_t c_len)
{
    size_t i;

    if (c_len == 0)
        return CTC_ERR_ENCODING;
    if (c_len >= 2 && ((c[0] == 0x00 && c[1] < 0x80) || (c[0] == 0xff && c[1] >= 0x80)))
        return CTC_ERR_ENCODING;
    if (c[0] >= 0x80)
        return CTC_ERR_RANGE;
    if (c[0] == 0x00 && c_len >= 2) {
        c++;
        c_len--;
    }
    if (c_len > out_len)
        return CTC_ERR_RANGE;
    for (i = 0; i < out_len - c_len; i++)
        out[i] = 0;
    for (i = 0; i < c_len; i++)
        out[out_len - c_len + i] = c[i];
    return CTC_OK;
}

size_t asn1_put_header(uint8_t *out, uint8_t tag, size_t len)
{
    out[0] = tag;
    if (len < 0x80) {
        out[1] = (uint8_t)len;
        return 2;
    }
    if (len < 0x100) {
        out[1] = 0x81;
        out[2] = (uint8_t)len;
        return 3;
    }
    out[1] = 0x82;
    out[2] = (uint8_t)(len >> 8);
    out[3] = (uint8_t)len;
    return 4;
}

size_t asn1_uint_put(uint8_t *out, const uint8_t *in, size_t in_len)
{
    size_t skip = 0, n, i;
    int pad;

    /* drop leading zero bytes (keep one byte for the value 0) */
    while (skip + 1 < in_len && in[skip] == 0)
        skip++;
    if (in_len == 0) {
        if (out != NULL)
            out[0] = 0;
        return 1;
    }
    pad = in[skip] >= 0x80;
    n = in_len - skip + (size_t)pad;
    if (out != NULL) {
        if (pad)
            out[0] = 0;
        for (i = skip; i < in_len; i++)
            out[(size_t)pad + i - skip] = in[i];
    }
    return n;
}

int asn1_read_uint(asn1_reader *r, const uint8_t **v, size_t *v_len)
{
    asn1_reader t = *r;
    const uint8_t *c;
    size_t c_len;

    if (asn1_read(&t, ASN1_TAG_INTEGER, &c, &c_len) != CTC_OK || c_len == 0)
        return CTC_ERR_ENCODING;
    /* minimal: no 00 before a byte below 0x80, no FF before one above */
    if (c_len >= 2 && ((c[0] == 0x00 && c[1] < 0x80) || (c[0] == 0xff && c[1] >= 0x80)))
        return CTC_ERR_ENCODING;
    if (c[0] >= 0x80)
        return CTC_ERR_RANGE;
    if (c[0] == 0x00 && c_len >= 2) {
        c++;
        c_len--;
    }
    *v = c;
    *v_len = c_len;
    *r = t;
    return CTC_OK;
}

size_t asn1_header_size(size_t len)
{
    return len < 0x80 ? 2 : len < 0x100 ? 3 : 4;
}

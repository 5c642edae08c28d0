/*
 * asn1.h - a tiny bounded DER reader and writer, enough for the structures
 * the library parses (ECDSA signatures, SubjectPublicKeyInfo).
 *
 * Conventions: a reader is a window [p, p + len) over the caller's buffer;
 * no function reads outside it. Only strict DER is accepted: one-byte
 * tags, definite lengths in the minimal form (short form below 128, long
 * form with one or two bytes and no leading zero byte), contents that fit
 * the window. Every malformed input gives CTC_ERR_ENCODING. The data is
 * public (these functions branch on it).
 */
#ifndef ASN1_ASN1_H
#define ASN1_ASN1_H

#include <stddef.h>
#include <stdint.h>

#include "ctcrypto/common.h"

typedef struct {
    const uint8_t *p;
    size_t len;
} asn1_reader;

/* Reads one element with tag `tag`: *c and *c_len receive its contents
 * and the reader moves past it. */
int asn1_read(asn1_reader *r, uint8_t tag, const uint8_t **c, size_t *c_len);

/* *inner = the contents of the one SEQUENCE that must fill der[0..der_len)
 * exactly (CTC_ERR_ENCODING otherwise, trailing bytes included). */
int asn1_open_sequence(asn1_reader *inner, const uint8_t *der, size_t der_len);

/*
 * A non-negative INTEGER's contents c[0..c_len) into out[0..out_len)
 * (big-endian, left-padded with zeros). CTC_ERR_ENCODING for an empty or
 * non-minimal encoding (a leading 00 not followed by a byte >= 0x80, or a
 * leading FF followed by a byte >= 0x80), CTC_ERR_RANGE for a negative
 * value or one that does not fit out_len bytes.
 */
int asn1_uint_get(uint8_t *out, size_t out_len, const uint8_t *c, size_t c_len);

/* Writes a tag and a length (below 65536) at out; returns the bytes
 * written (2 to 4). out must have room for 4. */
size_t asn1_put_header(uint8_t *out, uint8_t tag, size_t len);

/* The minimal INTEGER contents of the big-endian unsigned in[0..in_len):
 * writes them at out (room for in_len + 1) when out is not NULL and
 * returns their length. */
size_t asn1_uint_put(uint8_t *out, const uint8_t *in, size_t in_len);

/* ---- INTEGERs of any length, headers of any size (RSA keys) ---- */

/*
 * Reads one INTEGER element that must be non-negative: *v and *v_len
 * receive its magnitude (the contents without the sign byte 00 that a
 * value with its top bit set carries; the value 0 is the one byte 00).
 * CTC_ERR_ENCODING for a wrong tag, a bad length, empty contents or a
 * non-minimal encoding (as asn1_uint_get), CTC_ERR_RANGE for a negative
 * value. The reader moves past the element only on success.
 */
int asn1_read_uint(asn1_reader *r, const uint8_t **v, size_t *v_len);

/* The bytes of the header that asn1_put_header writes for len (2 to 4). */
size_t asn1_header_size(size_t len);

/* tags (ASN1_TAG_: OpenSSL's headers, which the tests and benchmarks
 * include beside these, define ASN1_INTEGER and friends as types) */
#define ASN1_TAG_INTEGER 0x02
#define ASN1_TAG_BIT_STRING 0x03
#define ASN1_TAG_OCTET_STRING 0x04
#define ASN1_TAG_NULL 0x05
#define ASN1_TAG_OID 0x06
#define ASN1_TAG_SEQUENCE 0x30

#endif /* ASN1_ASN1_H */

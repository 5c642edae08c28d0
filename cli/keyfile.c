/*
 * keyfile.c - PEM and DER key files (keyfile.h).
 *
 * The structures (DER; [0] and [1] of ECPrivateKey are EXPLICIT, those of
 * OneAsymmetricKey IMPLICIT):
 *   ECPrivateKey ::= SEQUENCE {                                RFC 5915
 *     version INTEGER 1, privateKey OCTET STRING (scalar_len bytes),
 *     parameters [0] OID OPTIONAL, publicKey [1] BIT STRING OPTIONAL }
 *   OneAsymmetricKey ::= SEQUENCE {                  RFC 5208 / RFC 5958
 *     version INTEGER 0 (v1) or 1 (v2),
 *     privateKeyAlgorithm SEQUENCE { OID id-ecPublicKey, OID curve },
 *     privateKey OCTET STRING (an ECPrivateKey),
 *     attributes [0] IMPLICIT SET OPTIONAL (skipped),
 *     publicKey [1] IMPLICIT BIT STRING OPTIONAL (v2 only) }
 *   SubjectPublicKeyInfo ::= SEQUENCE {                        RFC 5480
 *     SEQUENCE { OID id-ecPublicKey, OID curve }, BIT STRING (SEC1 point) }
 * Every buffer that held a private key (decoded PEM, encoded DER) is
 * wiped before it is freed or goes out of scope. The parsing branches on
 * the structure (tags, lengths), which is not secret; the key bytes are
 * only copied.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asn1/asn1.h"
#include "ct/ct.h"
#include "keyfile.h"

#define TAG_OCTET_STRING 0x04
#define TAG_NULL 0x05
#define TAG_EXPLICIT0 0xa0         /* [0] constructed */
#define TAG_EXPLICIT1 0xa1         /* [1] constructed */
#define TAG_IMPLICIT1_PRIM 0x81    /* [1] primitive (PKCS#8 v2 publicKey) */

/* ---- messages ---------------------------------------------------------------- */

static char msg_buf[160];

/* "1.2.840.10045.3.1.7" (or "(malformed OID)") */
static const char *oid_text(const uint8_t *oid, size_t len)
{
    static char buf[96];
    size_t i, n;
    unsigned long v = 0;

    if (len == 0 || (oid[len - 1] & 0x80))
        return "(malformed OID)";
    n = (size_t)snprintf(buf, sizeof buf, "%u.%u", oid[0] < 80 ? oid[0] / 40 : 2u,
                         oid[0] < 80 ? oid[0] % 40u : oid[0] - 80u);
    for (i = 1; i < len && n < sizeof buf - 24; i++) {
        v = (v << 7) | (oid[i] & 0x7fu);
        if (!(oid[i] & 0x80)) {
            n += (size_t)snprintf(buf + n, sizeof buf - n, ".%lu", v);
            v = 0;
        }
    }
    return buf;
}

/* the curve of a named-curve OID, or NULL with *err set */
static const struct curve *curve_of(const uint8_t *oid, size_t len, const char **err)
{
    const char *missing;
    const struct curve *c = curve_by_oid(oid, len, &missing);

    if (c == NULL) {
        if (missing)
            snprintf(msg_buf, sizeof msg_buf, "curve %s is not built in (this build has: %s)",
                     missing, curve_list());
        else
            snprintf(msg_buf, sizeof msg_buf, "unknown curve OID %s", oid_text(oid, len));
        *err = msg_buf;
    }
    return c;
}

/* ---- PEM (RFC 7468) ---------------------------------------------------------- */

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64val(int ch)
{
    if (ch >= 'A' && ch <= 'Z') return ch - 'A';
    if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9') return ch - '0' + 52;
    if (ch == '+') return 62;
    if (ch == '/') return 63;
    return -1;
}

static int is_space(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

/* the first occurrence of s in p[0..n), or NULL */
static const uint8_t *find(const uint8_t *p, size_t n, const char *s)
{
    size_t k = strlen(s), i;

    for (i = 0; i + k <= n; i++)
        if (memcmp(p + i, s, k) == 0)
            return p + i;
    return NULL;
}

/* out = base64 decoding of p[0..n) (whitespace ignored, '=' padding only
 * at the end); out has room for n / 4 * 3 bytes. */
static const char *b64_decode(uint8_t *out, size_t *out_len, const uint8_t *p, size_t n)
{
    size_t i, o = 0, q = 0, pad = 0;
    uint32_t acc = 0;

    for (i = 0; i < n; i++) {
        int v;
        if (is_space(p[i]))
            continue;
        if (p[i] == '=') {
            pad++;
            v = 0;
        } else {
            v = b64val(p[i]);
            if (v < 0)
                return "malformed PEM (a character that is not base64)";
            if (pad)
                return "malformed PEM (base64 after the '=' padding)";
        }
        acc = (acc << 6) | (uint32_t)v;
        if (++q == 4) {
            out[o++] = (uint8_t)(acc >> 16);
            out[o++] = (uint8_t)(acc >> 8);
            out[o++] = (uint8_t)acc;
            q = 0;
            acc = 0;
        }
    }
    ct_zeroize(&acc, sizeof acc);
    if (q != 0 || pad > 2 || (pad && o == 0))
        return "malformed PEM (base64 length is not a multiple of 4)";
    for (i = o - pad; i < o; i++)
        out[i] = 0;
    *out_len = o - pad;
    return NULL;
}

/*
 * The first PEM block of text[0..len) whose label is not "EC PARAMETERS"
 * (openssl ecparam -genkey writes one before the key): its label and its
 * decoded contents (malloc'd into *der: the caller wipes and frees it).
 */
static const char *pem_decode(char *label, size_t label_cap, uint8_t **der, size_t *der_len,
                              const uint8_t *text, size_t len)
{
    const uint8_t *p = text, *end = text + len;

    *der = NULL;
    for (;;) {
        const uint8_t *b = find(p, (size_t)(end - p), "-----BEGIN "), *l, *body, *e;
        size_t ln;
        char endline[96];
        const char *err;

        if (b == NULL)
            return "malformed PEM (no BEGIN line)";
        l = b + 11;
        e = find(l, (size_t)(end - l), "-----");
        if (e == NULL || (size_t)(e - l) >= label_cap || (size_t)(e - l) > 64)
            return "malformed PEM (BEGIN line)";
        ln = (size_t)(e - l);
        memcpy(label, l, ln);
        label[ln] = 0;
        if (memchr(label, '\n', ln) != NULL)
            return "malformed PEM (BEGIN line)";
        body = e + 5;
        snprintf(endline, sizeof endline, "-----END %s-----", label);
        e = find(body, (size_t)(end - body), endline);
        if (e == NULL)
            return "malformed PEM (no END line for its BEGIN line)";
        if (strcmp(label, "EC PARAMETERS") == 0) {
            p = e + strlen(endline);
            continue;
        }
        if (memchr(body, ':', (size_t)(e - body)) != NULL)
            return "PEM headers (an encrypted key?) are not supported";
        *der = malloc((size_t)(e - body) / 4 * 3 + 1);
        if (*der == NULL)
            return "out of memory";
        err = b64_decode(*der, der_len, body, (size_t)(e - body));
        if (err != NULL) {
            ct_zeroize(*der, (size_t)(e - body) / 4 * 3 + 1);
            free(*der);
            *der = NULL;
        }
        return err;
    }
}

static int is_pem(const uint8_t *file, size_t len)
{
    return find(file, len, "-----BEGIN ") != NULL;
}

static void pem_encode(uint8_t *out, size_t *out_len, const char *label,
                       const uint8_t *der, size_t der_len)
{
    size_t o = 0, i, col = 0;

    o += (size_t)sprintf((char *)out, "-----BEGIN %s-----\n", label);
    for (i = 0; i < der_len; i += 3) {
        uint32_t v = (uint32_t)der[i] << 16;
        if (i + 1 < der_len) v |= (uint32_t)der[i + 1] << 8;
        if (i + 2 < der_len) v |= der[i + 2];
        out[o++] = (uint8_t)b64[(v >> 18) & 63];
        out[o++] = (uint8_t)b64[(v >> 12) & 63];
        out[o++] = i + 1 < der_len ? (uint8_t)b64[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < der_len ? (uint8_t)b64[v & 63] : '=';
        ct_zeroize(&v, sizeof v);
        col += 4;
        if (col == 64) {
            out[o++] = '\n';
            col = 0;
        }
    }
    if (col)
        out[o++] = '\n';
    o += (size_t)sprintf((char *)out + o, "-----END %s-----\n", label);
    *out_len = o;
}

const char *key_pem_decode(char *label, size_t label_cap, uint8_t **der, size_t *der_len,
                           const uint8_t *file, size_t len)
{
    if (!is_pem(file, len)) {
        *der = NULL;
        *der_len = 0;
        return NULL;
    }
    return pem_decode(label, label_cap, der, der_len, file, len);
}

void key_pem_encode(uint8_t *out, size_t *out_len, const char *label, const uint8_t *der,
                    size_t der_len)
{
    pem_encode(out, out_len, label, der, der_len);
}

/* ---- DER reading ------------------------------------------------------------- */

static int rd(asn1_reader *r, uint8_t tag, const uint8_t **c, size_t *n)
{
    return asn1_read(r, tag, c, n) == CTC_OK;
}

static int peek(const asn1_reader *r, uint8_t tag)
{
    return r->len > 0 && r->p[0] == tag;
}

static asn1_reader reader(const uint8_t *p, size_t n)
{
    asn1_reader r;

    r.p = p;
    r.len = n;
    return r;
}

static int same(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len)
{
    return a_len == b_len && memcmp(a, b, a_len) == 0;
}

struct priv_parts {
    const uint8_t *oid, *key, *pub;     /* NULL when absent */
    size_t oid_len, key_len, pub_len;
};

/* The curve OID of AlgorithmIdentifier contents (id-ecPublicKey and a
 * named curve; no other algorithm, no explicit parameters). */
static const char *alg_parse(const uint8_t **oid, size_t *oid_len, const uint8_t *c, size_t n)
{
    asn1_reader a = reader(c, n);
    const uint8_t *alg;
    size_t alg_len;

    if (!rd(&a, ASN1_TAG_OID, &alg, &alg_len))
        return "malformed DER (algorithm identifier)";
    if (!same(alg, alg_len, oid_ec_public_key, sizeof oid_ec_public_key)) {
        snprintf(msg_buf, sizeof msg_buf, "not an EC key (algorithm OID %s)",
                 oid_text(alg, alg_len));
        return msg_buf;
    }
    if (peek(&a, ASN1_TAG_SEQUENCE))
        return "explicit curve parameters are not supported (named curves only)";
    if (!rd(&a, ASN1_TAG_OID, oid, oid_len) || a.len != 0)
        return "malformed DER (curve parameters: a named-curve OID only)";
    return NULL;
}

static const char *sec1_parse(struct priv_parts *k, const uint8_t *der, size_t len)
{
    asn1_reader top = reader(der, len), s, f;
    const uint8_t *c, *v;
    size_t n, vn;

    memset(k, 0, sizeof *k);
    if (!rd(&top, ASN1_TAG_SEQUENCE, &c, &n) || top.len != 0)
        return "malformed DER (ECPrivateKey)";
    s = reader(c, n);
    if (!rd(&s, ASN1_TAG_INTEGER, &v, &vn))
        return "malformed DER (ECPrivateKey version)";
    if (vn != 1 || v[0] != 1)
        return "unsupported ECPrivateKey version (RFC 5915 has 1)";
    if (!rd(&s, TAG_OCTET_STRING, &k->key, &k->key_len))
        return "malformed DER (ECPrivateKey privateKey)";
    if (peek(&s, TAG_EXPLICIT0)) {
        (void)rd(&s, TAG_EXPLICIT0, &c, &n);
        f = reader(c, n);
        if (peek(&f, ASN1_TAG_SEQUENCE))
            return "explicit curve parameters are not supported (named curves only)";
        if (!rd(&f, ASN1_TAG_OID, &k->oid, &k->oid_len) || f.len != 0)
            return "malformed DER (ECPrivateKey parameters: a named-curve OID only)";
    }
    if (peek(&s, TAG_EXPLICIT1)) {
        (void)rd(&s, TAG_EXPLICIT1, &c, &n);
        f = reader(c, n);
        if (!rd(&f, ASN1_TAG_BIT_STRING, &v, &vn) || f.len != 0 || vn < 1 || v[0] != 0)
            return "malformed DER (ECPrivateKey publicKey)";
        k->pub = v + 1;
        k->pub_len = vn - 1;
    }
    if (s.len != 0)
        return "malformed DER (ECPrivateKey: unexpected field or trailing bytes)";
    return NULL;
}

static const char *pkcs8_parse(struct priv_parts *k, const uint8_t *der, size_t len)
{
    asn1_reader top = reader(der, len), s;
    struct priv_parts inner;
    const uint8_t *c, *v, *oid;
    size_t n, vn, oid_len;
    const char *err;

    if (!rd(&top, ASN1_TAG_SEQUENCE, &c, &n) || top.len != 0)
        return "malformed DER (PrivateKeyInfo)";
    s = reader(c, n);
    if (!rd(&s, ASN1_TAG_INTEGER, &v, &vn))
        return "malformed DER (PrivateKeyInfo version)";
    if (vn != 1 || v[0] > 1)
        return "unsupported PrivateKeyInfo version (RFC 5958 has 0 and 1)";
    if (!rd(&s, ASN1_TAG_SEQUENCE, &c, &n))
        return "malformed DER (PrivateKeyInfo algorithm)";
    if ((err = alg_parse(&oid, &oid_len, c, n)) != NULL)
        return err;
    if (!rd(&s, TAG_OCTET_STRING, &c, &n))
        return "malformed DER (PrivateKeyInfo privateKey)";
    if ((err = sec1_parse(&inner, c, n)) != NULL)
        return err;
    if (inner.oid && !same(inner.oid, inner.oid_len, oid, oid_len))
        return "the curve of the ECPrivateKey differs from the PrivateKeyInfo's";
    *k = inner;
    k->oid = oid;
    k->oid_len = oid_len;
    if (peek(&s, TAG_EXPLICIT0))
        (void)rd(&s, TAG_EXPLICIT0, &c, &n);      /* attributes: not used */
    if (peek(&s, TAG_IMPLICIT1_PRIM)) {
        if (v[0] != 1)
            return "malformed DER (a public key in a version 0 PrivateKeyInfo)";
        (void)rd(&s, TAG_IMPLICIT1_PRIM, &c, &n);
        if (n < 1 || c[0] != 0)
            return "malformed DER (PrivateKeyInfo publicKey)";
        if (inner.pub && !same(inner.pub, inner.pub_len, c + 1, n - 1))
            return "the two public keys in the file differ";
        k->pub = c + 1;
        k->pub_len = n - 1;
    }
    if (s.len != 0)
        return "malformed DER (PrivateKeyInfo: unexpected field or trailing bytes)";
    return NULL;
}

/* SEC1 or PKCS#8: after the version INTEGER, an OCTET STRING or a SEQUENCE */
static int der_is_sec1(const uint8_t *der, size_t len)
{
    asn1_reader top = reader(der, len), s;
    const uint8_t *c;
    size_t n;

    if (!rd(&top, ASN1_TAG_SEQUENCE, &c, &n))
        return 0;
    s = reader(c, n);
    return rd(&s, ASN1_TAG_INTEGER, &c, &n) && peek(&s, TAG_OCTET_STRING);
}

/* the curve, the key's range and length, the embedded public key */
static const char *priv_finish(const struct curve **cp, uint8_t *priv, const struct priv_parts *k)
{
    uint8_t pub[CURVE_MAX_PUB], file_pub[CURVE_MAX_PUB];
    const struct curve *c;
    const char *err = NULL;

    if (k->oid == NULL)
        return "no curve in the key (an ECPrivateKey without parameters)";
    c = curve_of(k->oid, k->oid_len, &err);
    if (c == NULL)
        return err;
    if (k->key_len != c->scalar_len) {
        snprintf(msg_buf, sizeof msg_buf, "the private key is %lu bytes, %s takes %lu",
                 (unsigned long)k->key_len, c->std_name, (unsigned long)c->scalar_len);
        return msg_buf;
    }
    if (c->public_key(pub, k->key) != CTC_OK)
        return "the private key is out of range (0 or not below the group order)";
    if (k->pub) {
        if (c->pub_decode(file_pub, k->pub, k->pub_len) != CTC_OK)
            err = "the public key in the file is not a valid point";
        else if (memcmp(file_pub, pub, c->pub_len) != 0)
            err = "the public key in the file is not the private key's";
    }
    if (err == NULL) {
        memcpy(priv, k->key, c->scalar_len);
        *cp = c;
    }
    return err;
}

const char *key_priv_decode(const struct curve **c, uint8_t priv[CURVE_MAX_SCALAR],
                            const uint8_t *file, size_t len)
{
    struct priv_parts k;
    uint8_t *der = NULL;
    size_t der_len = 0;
    char label[72];
    const char *err;
    int sec1;

    if (is_pem(file, len)) {
        err = pem_decode(label, sizeof label, &der, &der_len, file, len);
        if (err != NULL)
            return err;
        if (strcmp(label, "EC PRIVATE KEY") == 0) {
            sec1 = 1;
        } else if (strcmp(label, "PRIVATE KEY") == 0) {
            sec1 = 0;
        } else {
            if (strcmp(label, "ENCRYPTED PRIVATE KEY") == 0)
                err = "encrypted private keys are not supported (openssl pkey decrypts them)";
            else if (strcmp(label, "PUBLIC KEY") == 0)
                err = "a public key, not a private key";
            else {
                snprintf(msg_buf, sizeof msg_buf, "PEM label '%.64s' is not a private key", label);
                err = msg_buf;
            }
            goto out;
        }
        file = der;
        len = der_len;
    } else if (len == 0 || file[0] != ASN1_TAG_SEQUENCE) {
        return "not a key file (neither PEM nor DER)";
    } else {
        sec1 = der_is_sec1(file, len);
    }
    err = sec1 ? sec1_parse(&k, file, len) : pkcs8_parse(&k, file, len);
    if (err == NULL)
        err = priv_finish(c, priv, &k);
out:
    if (der) {
        ct_zeroize(der, der_len);
        free(der);
    }
    return err;
}

const char *key_pub_decode(const struct curve **cp, uint8_t pub[CURVE_MAX_PUB],
                           const uint8_t *file, size_t len)
{
    asn1_reader top, s;
    const struct curve *c;
    const uint8_t *p, *oid;
    uint8_t *der = NULL;
    size_t n, oid_len, der_len = 0;
    char label[72];
    const char *err = NULL;
    int r;

    if (is_pem(file, len)) {
        err = pem_decode(label, sizeof label, &der, &der_len, file, len);
        if (err != NULL)
            return err;
        if (strcmp(label, "PUBLIC KEY") != 0) {
            if (strstr(label, "PRIVATE KEY") != NULL)
                err = "a private key, not a public key (give it with --priv-file)";
            else {
                snprintf(msg_buf, sizeof msg_buf, "PEM label '%.64s' is not a public key", label);
                err = msg_buf;
            }
            goto out;
        }
        file = der;
        len = der_len;
    } else if (len == 0 || file[0] != ASN1_TAG_SEQUENCE) {
        return "not a key file (neither PEM nor DER)";
    }
    /* the curve from the algorithm, then the library's strict decoder */
    top = reader(file, len);
    if (!rd(&top, ASN1_TAG_SEQUENCE, &p, &n) || top.len != 0) {
        err = "malformed DER (SubjectPublicKeyInfo)";
        goto out;
    }
    s = reader(p, n);
    if (!rd(&s, ASN1_TAG_SEQUENCE, &p, &n)) {
        err = "malformed DER (SubjectPublicKeyInfo algorithm)";
        goto out;
    }
    if ((err = alg_parse(&oid, &oid_len, p, n)) != NULL)
        goto out;
    if ((c = curve_of(oid, oid_len, &err)) == NULL)
        goto out;
    r = c->spki_decode(pub, file, len);
    if (r == CTC_ERR_POINT)
        err = "the public key is not a point of the curve";
    else if (r == CTC_ERR_LENGTH)
        err = "the public key has a wrong length";
    else if (r != CTC_OK)
        err = "malformed DER (SubjectPublicKeyInfo)";
    else
        *cp = c;
out:
    if (der) {
        ct_zeroize(der, der_len);
        free(der);
    }
    return err;
}

/* ---- DER writing --------------------------------------------------------------- */

/* out[pos..) = tag, length, c[0..n); returns the new position. The callers'
 * buffers are sized for the largest row of the table (CURVE_MAX_*). */
static size_t put(uint8_t *out, size_t pos, uint8_t tag, const uint8_t *c, size_t n)
{
    pos += asn1_put_header(out + pos, tag, n);
    memcpy(out + pos, c, n);
    return pos + n;
}

/* AlgorithmIdentifier { id-ecPublicKey, curve } */
static size_t put_alg(uint8_t *out, size_t pos, const struct curve *c)
{
    uint8_t a[32];
    size_t n = 0;

    n = put(a, n, ASN1_TAG_OID, oid_ec_public_key, sizeof oid_ec_public_key);
    n = put(a, n, ASN1_TAG_OID, c->oid, c->oid_len);
    return put(out, pos, ASN1_TAG_SEQUENCE, a, n);
}

/* BIT STRING { 0 unused bits, pub } */
static size_t put_point(uint8_t *out, size_t pos, uint8_t tag, const struct curve *c,
                        const uint8_t *pub)
{
    uint8_t b[1 + CURVE_MAX_PUB];

    b[0] = 0;
    memcpy(b + 1, pub, c->pub_len);
    return put(out, pos, tag, b, 1 + c->pub_len);
}

static size_t sec1_encode(uint8_t *out, const struct curve *c, const uint8_t *priv,
                          const uint8_t *pub, int with_params)
{
    static const uint8_t one = 1;
    uint8_t body[256], f[128];
    size_t n = 0, fn, r;

    n = put(body, n, ASN1_TAG_INTEGER, &one, 1);
    n = put(body, n, TAG_OCTET_STRING, priv, c->scalar_len);
    if (with_params) {
        fn = put(f, 0, ASN1_TAG_OID, c->oid, c->oid_len);
        n = put(body, n, TAG_EXPLICIT0, f, fn);
    }
    fn = put_point(f, 0, ASN1_TAG_BIT_STRING, c, pub);
    n = put(body, n, TAG_EXPLICIT1, f, fn);
    r = put(out, 0, ASN1_TAG_SEQUENCE, body, n);
    ct_zeroize(body, sizeof body);
    return r;
}

void key_priv_encode(uint8_t *out, size_t *out_len, const struct curve *c,
                     const uint8_t *priv, const uint8_t *pub, int type, int format)
{
    static const uint8_t zero = 0;
    uint8_t der[384], sec1[256], body[384];
    size_t n, sn;

    if (type == KEY_SEC1) {
        n = sec1_encode(der, c, priv, pub, 1);
    } else {
        sn = sec1_encode(sec1, c, priv, pub, 0);
        n = put(body, 0, ASN1_TAG_INTEGER, &zero, 1);
        n = put_alg(body, n, c);
        n = put(body, n, TAG_OCTET_STRING, sec1, sn);
        n = put(der, 0, ASN1_TAG_SEQUENCE, body, n);
    }
    if (format == KEY_DER) {
        memcpy(out, der, n);
        *out_len = n;
    } else {
        pem_encode(out, out_len, type == KEY_SEC1 ? "EC PRIVATE KEY" : "PRIVATE KEY", der, n);
    }
    ct_zeroize(der, sizeof der);
    ct_zeroize(sec1, sizeof sec1);
    ct_zeroize(body, sizeof body);
}

void key_pub_encode(uint8_t *out, size_t *out_len, const struct curve *c,
                    const uint8_t *pub, int format)
{
    uint8_t der[256], body[256];
    size_t n;

    n = put_alg(body, 0, c);
    n = put_point(body, n, ASN1_TAG_BIT_STRING, c, pub);
    n = put(der, 0, ASN1_TAG_SEQUENCE, body, n);
    if (format == KEY_DER) {
        memcpy(out, der, n);
        *out_len = n;
    } else {
        pem_encode(out, out_len, "PUBLIC KEY", der, n);
    }
}

/*
 * test_rsa_keys.c - RSA key files and key generation (ctcrypto/rsa.h,
 * "DER key files", "key generation") on every target. The DER is built here, by a small encoder of this file,
 * from the keys of tools/gen_rsa_cases.py (Python's integers: n, e, d =
 * e^-1 mod lcm(p - 1, q - 1), p, q, dp, dq, qinv), so the expected bytes
 * do not come from the code under test:
 *  - RSAPrivateKey, PrivateKeyInfo, RSAPublicKey and SubjectPublicKeyInfo
 *    of each 2048- and 3072-bit key are read, and written back byte for
 *    byte equal; the outputs fit the _MAX macros; one byte less of output
 *    room is CTC_ERR_BUFFER; a key read from DER signs like the one
 *    imported from its parts;
 *  - a table of malformed inputs, each with its own code: every
 *    truncation (of the outer element, and of the contents inside a
 *    well-formed outer header), a trailing byte outside and inside,
 *    wrong tags, non-minimal and indefinite lengths, three length bytes,
 *    non-minimal and empty INTEGERs, negative INTEGERs, versions 1 and
 *    -1, another algorithm OID, absent or non-NULL parameters, PKCS#8
 *    attributes, a BIT STRING with unused bits; and the key checks: n
 *    even, n of 1024 bits, e even, e = 1, e >= 2^32, p q != n, d >= n,
 *    d that disagrees with dp or dq, a wrong qinv.
 * Key generation: one 2048-bit key from a fixed pseudo-random generator
 * (the runner's, seeded), then
 *  - its size, e, and p and q of 1024 bits each with the top two bits set;
 *  - its RSAPrivateKey read back (every check of the DER reader and of
 *    ctc_rsa_private_key_import: p q = n, d agrees with dp and dq, e dp =
 *    1 mod p - 1, e dq = 1 mod q - 1, q qinv = 1 mod p) to the same key;
 *  - a PKCS#1 v1.5 and a PSS signature that verify, and are refused with
 *    one bit flipped.
 * It runs on the host and on cortex-m4 only: about 6 s there under QEMU
 * (16 s on cortex-m0), too long for every core of the suite; the other
 * targets report SKIP. The primality of p and q, |p - q|, d > 2^1024 and
 * e d = 1 mod lcm(p - 1, q - 1) are checked by OpenSSL, as is the
 * interoperability of the DER files, in tests/host/test_rsa_keys_openssl.c
 * (host only).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ctcrypto/hash.h"
#include "ctcrypto/rsa.h"
#include "runner.h"
#include "vec_rsa.h"

/* the largest key of the table: 3072 bits (the buffers are sized for it,
 * so that the image fits the 64 KiB of RAM of the smallest target) */
#define KEY_BYTES (3072 / 8)
#define BUF (CTC_RSA_PKCS8_DER_MAX(3072) + 64)

/* aux1 and aux2: the inner parts the builders below nest */
static uint8_t good[BUF], bad[BUF], out[BUF], tmp[BUF], aux1[BUF], aux2[BUF];
static ctc_rsa_private_key priv, priv2;
static ctc_rsa_public_key pub;

/* ---- the test's own DER encoder ---- */

static size_t put_hdr(uint8_t *o, uint8_t tag, size_t len)
{
    o[0] = tag;
    if (len < 128) {
        o[1] = (uint8_t)len;
        return 2;
    }
    if (len < 256) {
        o[1] = 0x81;
        o[2] = (uint8_t)len;
        return 3;
    }
    o[1] = 0x82;
    o[2] = (uint8_t)(len >> 8);
    o[3] = (uint8_t)len;
    return 4;
}

/* an element with the contents c[0..len); o may be NULL */
static size_t put(uint8_t *o, uint8_t tag, const uint8_t *c, size_t len)
{
    uint8_t h[4];
    size_t hl = put_hdr(h, tag, len);

    if (o != NULL) {
        memcpy(o, h, hl);
        memmove(o + hl, c, len);
    }
    return hl + len;
}

/* the minimal INTEGER contents of the unsigned big-endian v[0..len) */
static size_t int_contents(uint8_t *o, const uint8_t *v, size_t len)
{
    size_t n = 0;

    while (len > 1 && v[0] == 0) {
        v++;
        len--;
    }
    if (len == 0 || v[0] >= 0x80)
        o[n++] = 0;
    if (len == 0)
        return n;
    memcpy(o + n, v, len);
    return n + len;
}

/* the fields of an RSAPrivateKey: version, n, e, d, p, q, dp, dq, qinv,
 * as INTEGER contents (a mutation replaces one) */
#define NF 9
static uint8_t fc[NF][KEY_BYTES + 8];
static size_t fl[NF];
static uint8_t ftag[NF];

static void fields_of(const struct vec_rsa_key *v)
{
    static const uint8_t zero[1] = { 0 };
    const uint8_t *src[NF] = { zero, v->n, v->e, v->d, v->p, v->q, v->dp, v->dq, v->qinv };
    size_t len[NF] = { 1, v->n_len, v->e_len, v->d_len, v->p_len, v->q_len, v->dp_len,
                       v->dq_len, v->qinv_len };
    size_t i;

    for (i = 0; i < NF; i++) {
        fl[i] = int_contents(fc[i], src[i], len[i]);
        ftag[i] = 0x02;
    }
}

/* RSAPrivateKey from the fields first..last - 1 (to leave some out),
 * then the bytes extra[0..extra_len) inside the SEQUENCE */
static size_t build_priv_extra(uint8_t *o, size_t first, size_t last,
                               const uint8_t *extra, size_t extra_len)
{
    size_t n = 0, i;

    for (i = first; i < last; i++)
        n += put(tmp + n, ftag[i], fc[i], fl[i]);
    if (extra_len != 0)
        memcpy(tmp + n, extra, extra_len);
    return put(o, 0x30, tmp, n + extra_len);
}

static size_t build_priv(uint8_t *o, size_t first, size_t last)
{
    return build_priv_extra(o, first, last, NULL, 0);
}

static const uint8_t alg_rsa[15] = {
    0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00
};

/* PrivateKeyInfo around rsa[0..len) with the given version and algorithm */
static size_t build_pkcs8(uint8_t *o, const uint8_t *rsa, size_t len, uint8_t version,
                          const uint8_t *alg, size_t alg_len, const uint8_t *extra,
                          size_t extra_len)
{
    uint8_t *b = aux1;
    size_t n = 0;

    b[n++] = 0x02;
    b[n++] = 1;
    b[n++] = version;
    memcpy(b + n, alg, alg_len);
    n += alg_len;
    n += put(b + n, 0x04, rsa, len);
    if (extra_len != 0)
        memcpy(b + n, extra, extra_len);
    n += extra_len;
    return put(o, 0x30, b, n);
}

static size_t build_pub(uint8_t *o)
{
    size_t n = put(tmp, 0x02, fc[1], fl[1]);

    n += put(tmp + n, 0x02, fc[2], fl[2]);
    return put(o, 0x30, tmp, n);
}

static size_t build_spki(uint8_t *o, const uint8_t *pk, size_t pk_len, uint8_t unused,
                         const uint8_t *alg, size_t alg_len)
{
    uint8_t *b = tmp, *bs = aux1;
    size_t n;

    bs[0] = unused;
    memmove(bs + 1, pk, pk_len);
    memcpy(b, alg, alg_len);
    n = alg_len + put(b + alg_len, 0x03, bs, pk_len + 1);
    return put(o, 0x30, b, n);
}

/* ---- the readers, by kind ---- */

enum { K_PRIV, K_PKCS8, K_PUB, K_SPKI };

static int read_as(int kind, const uint8_t *d, size_t len)
{
    switch (kind) {
    case K_PRIV: return ctc_rsa_private_key_from_der(&priv, d, len);
    case K_PKCS8: return ctc_rsa_private_key_from_pkcs8(&priv, d, len);
    case K_PUB: return ctc_rsa_public_key_from_der(&pub, d, len);
    default: return ctc_rsa_public_key_from_spki(&pub, d, len);
    }
}

static int write_as(int kind, uint8_t *o, size_t size, size_t *len)
{
    switch (kind) {
    case K_PRIV: return ctc_rsa_private_key_to_der(o, size, len, &priv);
    case K_PKCS8: return ctc_rsa_private_key_to_pkcs8(o, size, len, &priv);
    case K_PUB: return ctc_rsa_public_key_to_der(o, size, len, &pub);
    default: return ctc_rsa_public_key_to_spki(o, size, len, &pub);
    }
}

static size_t max_of(int kind, size_t bits)
{
    switch (kind) {
    case K_PRIV: return CTC_RSA_PRIVKEY_DER_MAX(bits);
    case K_PKCS8: return CTC_RSA_PKCS8_DER_MAX(bits);
    case K_PUB: return CTC_RSA_PUBKEY_DER_MAX(bits);
    default: return CTC_RSA_SPKI_DER_MAX(bits);
    }
}

/* the valid encoding of kind for the current fields */
static size_t build_good(int kind, uint8_t *o)
{
    uint8_t *r = aux2;
    size_t n;

    switch (kind) {
    case K_PRIV: return build_priv(o, 0, NF);
    case K_PKCS8:
        n = build_priv(r, 0, NF);
        return build_pkcs8(o, r, n, 0, alg_rsa, sizeof alg_rsa, NULL, 0);
    case K_PUB: return build_pub(o);
    default:
        n = build_pub(r);
        return build_spki(o, r, n, 0, alg_rsa, sizeof alg_rsa);
    }
}

static void test_round_trips(void)
{
    static const char *names[4] = { "RSAPrivateKey", "PrivateKeyInfo", "RSAPublicKey",
                                    "SubjectPublicKeyInfo" };
    size_t ki, len, glen;
    int kind;

    tr_group("DER: read, written back byte for byte, size macros, short buffers");
    for (ki = 1; ki < vec_rsa_key_count; ki++) {
        const struct vec_rsa_key *v = &vec_rsa_key[ki];

        if ((size_t)v->bits > CTC_RSA_MAX_BITS)
            continue;
        fields_of(v);
        for (kind = K_PRIV; kind <= K_SPKI; kind++) {
            glen = build_good(kind, good);
            if (read_as(kind, good, glen) != CTC_OK) {
                tr_puts("  refused: ");
                tr_puts(names[kind]);
                tr_puts("\n");
                TR_CHECK(0);
                continue;
            }
            TR_EQ(write_as(kind, out, sizeof out, &len), CTC_OK);
            TR_EQ(len, glen);
            TR_MEM(out, good, glen);
            TR_CHECK(glen <= max_of(kind, (size_t)v->bits));
            TR_EQ(write_as(kind, out, glen - 1, &len), CTC_ERR_BUFFER);
            TR_EQ(write_as(kind, out, glen, &len), CTC_OK);
        }
        /* the key read from DER is the key imported from its parts */
        TR_EQ(ctc_rsa_private_key_import(&priv2, v->n, v->n_len, v->e, v->e_len, v->p, v->p_len,
                                         v->q, v->q_len, v->dp, v->dp_len, v->dq, v->dq_len,
                                         v->qinv, v->qinv_len), CTC_OK);
        glen = build_good(K_PRIV, good);
        TR_EQ(ctc_rsa_private_key_from_der(&priv, good, glen), CTC_OK);
        TR_CHECK(memcmp(&priv, &priv2, offsetof(ctc_rsa_private_key, d)) == 0);
        TR_EQ(ctc_rsa_public_key_from_spki(&pub, good, glen), CTC_ERR_ENCODING);
    }
    TR_EQ(ctc_rsa_private_key_to_der(out, sizeof out, &len, NULL), CTC_ERR_PARAM);
    memset(&priv2, 0, sizeof priv2);
    TR_EQ(ctc_rsa_private_key_to_der(out, sizeof out, &len, &priv2), CTC_ERR_PARAM);
    TR_EQ(ctc_rsa_private_key_from_der(&priv, NULL, 0), CTC_ERR_PARAM);
    tr_group_end();
}

/* every truncation of good[0..glen): of the whole, and of the contents
 * under a corrected outer header */
static void truncations(int kind, size_t glen)
{
    size_t cut, hl = good[1] == 0x82 ? 4 : good[1] == 0x81 ? 3 : 2, n;
    unsigned long wrong = 0;

    for (cut = 0; cut < glen; cut++)
        wrong += read_as(kind, good, cut) != CTC_ERR_ENCODING;
    for (cut = 0; cut < glen - hl; cut++) {
        n = put(bad, 0x30, good + hl, cut);
        wrong += read_as(kind, bad, n) != CTC_ERR_ENCODING;
    }
    TR_EQ(wrong, 0);
}

/* rebuilds the private key with field f's contents replaced */
static int priv_with(size_t f, const uint8_t *c, size_t len)
{
    uint8_t save[KEY_BYTES + 8];
    size_t save_len = fl[f], n;
    int r;

    memcpy(save, fc[f], save_len);
    memmove(fc[f], c, len);   /* c may point into fc[f] */
    fl[f] = len;
    n = build_priv(bad, 0, NF);
    r = ctc_rsa_private_key_from_der(&priv, bad, n);
    memcpy(fc[f], save, save_len);
    fl[f] = save_len;
    return r;
}

/* contents of field f with the last byte xored by x */
static int priv_flip(size_t f, uint8_t x)
{
    uint8_t c[KEY_BYTES + 8];

    memcpy(c, fc[f], fl[f]);
    c[fl[f] - 1] ^= x;
    return priv_with(f, c, fl[f]);
}

static void test_malformed_private(void)
{
    static const uint8_t v1[1] = { 1 }, vneg[1] = { 0xff }, e1[1] = { 1 },
                         e2[3] = { 0x01, 0x00, 0x00 }, ebig[5] = { 1, 0, 0, 0, 1 },
                         e_pad[4] = { 0x00, 0x01, 0x00, 0x01 };
    uint8_t c[KEY_BYTES + 8];
    size_t glen, n;

    tr_group("RSAPrivateKey: each malformed input its own code");
    fields_of(&vec_rsa_key[1]);   /* 2048 bits, e = 65537 */
    glen = build_good(K_PRIV, good);
    TR_EQ(ctc_rsa_private_key_from_der(&priv, good, glen), CTC_OK);
    truncations(K_PRIV, glen);
    /* a trailing byte after the outer element; inside it (an extra
     * INTEGER where otherPrimeInfos would be) */
    memcpy(bad, good, glen);
    bad[glen] = 0;
    TR_EQ(ctc_rsa_private_key_from_der(&priv, bad, glen + 1), CTC_ERR_ENCODING);
    n = build_priv_extra(bad, 0, NF, (const uint8_t *)"\x02\x01\x00", 3);
    TR_EQ(ctc_rsa_private_key_from_der(&priv, bad, n), CTC_ERR_ENCODING);
    /* a field missing */
    n = build_priv(bad, 0, NF - 1);
    TR_EQ(ctc_rsa_private_key_from_der(&priv, bad, n), CTC_ERR_ENCODING);
    /* wrong tags: the outer one, one of n */
    memcpy(bad, good, glen);
    bad[0] = 0x31;
    TR_EQ(ctc_rsa_private_key_from_der(&priv, bad, glen), CTC_ERR_ENCODING);
    ftag[1] = 0x03;
    n = build_priv(bad, 0, NF);
    ftag[1] = 0x02;
    TR_EQ(ctc_rsa_private_key_from_der(&priv, bad, n), CTC_ERR_ENCODING);
    /* the outer length with three length bytes (00 leading); indefinite */
    bad[0] = 0x30;
    bad[1] = 0x83;
    bad[2] = 0x00;
    memcpy(bad + 3, good + 2, glen - 2);   /* good has 82 xx yy */
    TR_EQ(ctc_rsa_private_key_from_der(&priv, bad, glen + 1), CTC_ERR_ENCODING);
    memcpy(bad, good, glen);
    bad[1] = 0x80;
    TR_EQ(ctc_rsa_private_key_from_der(&priv, bad, glen), CTC_ERR_ENCODING);
    /* non-minimal long forms: 82 00 xx and 81 xx for a short length */
    {
        static const uint8_t pk82[] = { 0x30, 0x82, 0x00, 0x03, 0x02, 0x01, 0x00 },
                             pk81[] = { 0x30, 0x81, 0x03, 0x02, 0x01, 0x00 };

        TR_EQ(ctc_rsa_private_key_from_der(&priv, pk82, sizeof pk82), CTC_ERR_ENCODING);
        TR_EQ(ctc_rsa_private_key_from_der(&priv, pk81, sizeof pk81), CTC_ERR_ENCODING);
    }
    /* INTEGERs: e with a needless 00, n with two 00, an empty p */
    TR_EQ(priv_with(2, e_pad, sizeof e_pad), CTC_ERR_ENCODING);
    c[0] = 0;
    memcpy(c + 1, fc[1], fl[1]);
    TR_EQ(priv_with(1, c, fl[1] + 1), CTC_ERR_ENCODING);
    TR_EQ(priv_with(4, c, 0), CTC_ERR_ENCODING);
    /* negative: n without its sign byte, the version -1 */
    TR_EQ(fc[1][0], 0);
    TR_EQ(priv_with(1, fc[1] + 1, fl[1] - 1), CTC_ERR_RANGE);
    TR_EQ(priv_with(0, vneg, 1), CTC_ERR_RANGE);
    /* version 1 (multi-prime) */
    TR_EQ(priv_with(0, v1, 1), CTC_ERR_RSA_VERSION);
    /* the public key's checks */
    TR_EQ(priv_flip(1, 1), CTC_ERR_RSA_N_EVEN);
    TR_EQ(priv_flip(2, 1), CTC_ERR_RSA_E_EVEN);
    TR_EQ(priv_with(2, e1, 1), CTC_ERR_RSA_E_SMALL);
    TR_EQ(priv_with(2, ebig, sizeof ebig), CTC_ERR_RSA_E_LARGE);
    TR_EQ(priv_with(2, e2, sizeof e2), CTC_ERR_RSA_E_EVEN);
    /* p q != n: p + 2, and q + 2 */
    TR_EQ(priv_flip(4, 2), CTC_ERR_RSA_PQ);
    TR_EQ(priv_flip(5, 6), CTC_ERR_RSA_PQ);
    /* d: d xor 2 (disagrees with dp), d = n, dp xor 2, dq xor 2 */
    TR_EQ(priv_flip(3, 2), CTC_ERR_RSA_D);
    TR_EQ(priv_with(3, fc[1], fl[1]), CTC_ERR_RSA_D);
    TR_EQ(priv_flip(6, 2), CTC_ERR_RSA_D);
    TR_EQ(priv_flip(7, 2), CTC_ERR_RSA_D);
    /* qinv xor 2: the import's check */
    TR_EQ(priv_flip(8, 2), CTC_ERR_KEY);
    /* a 1024-bit key: for verification only */
    fields_of(&vec_rsa_key[0]);
    n = build_priv(bad, 0, NF);
    TR_EQ(ctc_rsa_private_key_from_der(&priv, bad, n), CTC_ERR_RSA_N_SIZE);
    /* a refused key is left unusable */
    TR_EQ(ctc_rsa_private_key_to_der(out, sizeof out, &n, &priv), CTC_ERR_PARAM);
    tr_group_end();
}

static void test_malformed_pkcs8(void)
{
    static const uint8_t alg_sha256rsa[15] = {
        0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b, 0x05, 0x00
    }, alg_noparam[13] = {
        0x30, 0x0b, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01
    }, alg_octet[15] = {
        0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x04, 0x00
    }, alg_null1[16] = {
        0x30, 0x0e, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x01,
        0x00
    }, alg_oidlen[14] = {
        0x30, 0x0c, 0x06, 0x08, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x05, 0x00
    }, attrs[2] = { 0xa0, 0x00 };
    uint8_t *r = aux2;
    size_t glen, rlen, n;

    tr_group("PrivateKeyInfo: each malformed input its own code");
    fields_of(&vec_rsa_key[2]);   /* 2048 bits, e = 3 */
    glen = build_good(K_PKCS8, good);
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv, good, glen), CTC_OK);
    truncations(K_PKCS8, glen);
    memcpy(bad, good, glen);
    bad[glen] = 0;
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv, bad, glen + 1), CTC_ERR_ENCODING);
    rlen = build_priv(r, 0, NF);
    n = build_pkcs8(bad, r, rlen, 1, alg_rsa, sizeof alg_rsa, NULL, 0);
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv, bad, n), CTC_ERR_RSA_VERSION);
    n = build_pkcs8(bad, r, rlen, 0, alg_sha256rsa, sizeof alg_sha256rsa, NULL, 0);
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv, bad, n), CTC_ERR_RSA_ALGORITHM);
    n = build_pkcs8(bad, r, rlen, 0, alg_oidlen, sizeof alg_oidlen, NULL, 0);
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv, bad, n), CTC_ERR_RSA_ALGORITHM);
    n = build_pkcs8(bad, r, rlen, 0, alg_noparam, sizeof alg_noparam, NULL, 0);
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv, bad, n), CTC_ERR_RSA_ALGORITHM);
    n = build_pkcs8(bad, r, rlen, 0, alg_octet, sizeof alg_octet, NULL, 0);
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv, bad, n), CTC_ERR_RSA_ALGORITHM);
    n = build_pkcs8(bad, r, rlen, 0, alg_null1, sizeof alg_null1, NULL, 0);
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv, bad, n), CTC_ERR_ENCODING);
    /* attributes after the key */
    n = build_pkcs8(bad, r, rlen, 0, alg_rsa, sizeof alg_rsa, attrs, sizeof attrs);
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv, bad, n), CTC_ERR_ENCODING);
    /* a trailing byte inside the OCTET STRING */
    r[rlen] = 0;
    n = build_pkcs8(bad, r, rlen + 1, 0, alg_rsa, sizeof alg_rsa, NULL, 0);
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv, bad, n), CTC_ERR_ENCODING);
    /* an RSAPrivateKey is not a PrivateKeyInfo, nor the reverse */
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv, r, rlen), CTC_ERR_ENCODING);
    TR_EQ(ctc_rsa_private_key_from_der(&priv, good, glen), CTC_ERR_ENCODING);
    /* the inner key's own codes come through */
    fl[4]--;   /* p shortened by its last byte */
    rlen = build_priv(r, 0, NF);
    n = build_pkcs8(bad, r, rlen, 0, alg_rsa, sizeof alg_rsa, NULL, 0);
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv, bad, n), CTC_ERR_RSA_PQ);
    tr_group_end();
}

static void test_malformed_public(void)
{
    static const uint8_t alg_ec[21] = {
        0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86,
        0x48, 0xce, 0x3d, 0x03, 0x01, 0x07
    };
    uint8_t *r = aux2;
    size_t glen, rlen, n;

    tr_group("RSAPublicKey, SubjectPublicKeyInfo: each malformed input its own code");
    fields_of(&vec_rsa_key[3]);   /* 3072 bits, a random 32-bit e */
    if ((size_t)vec_rsa_key[3].bits > CTC_RSA_MAX_BITS)
        fields_of(&vec_rsa_key[1]);
    glen = build_good(K_PUB, good);
    TR_EQ(ctc_rsa_public_key_from_der(&pub, good, glen), CTC_OK);
    truncations(K_PUB, glen);
    memcpy(bad, good, glen);
    bad[glen] = 0;
    TR_EQ(ctc_rsa_public_key_from_der(&pub, bad, glen + 1), CTC_ERR_ENCODING);
    /* e's length in the long form (81 04 for 4 bytes) */
    n = put(tmp, 0x02, fc[1], fl[1]);
    tmp[n++] = 0x02;
    tmp[n++] = 0x81;
    tmp[n++] = (uint8_t)fl[2];
    memcpy(tmp + n, fc[2], fl[2]);
    n += fl[2];
    n = put(bad, 0x30, tmp, n);
    TR_EQ(ctc_rsa_public_key_from_der(&pub, bad, n), CTC_ERR_ENCODING);
    /* negative n; an even n; the 1024-bit key is fine for a public key */
    n = put(tmp, 0x02, fc[1] + 1, fl[1] - 1);
    n += put(tmp + n, 0x02, fc[2], fl[2]);
    n = put(bad, 0x30, tmp, n);
    TR_EQ(ctc_rsa_public_key_from_der(&pub, bad, n), CTC_ERR_RANGE);
    fc[1][fl[1] - 1] ^= 1;
    n = build_pub(bad);
    fc[1][fl[1] - 1] ^= 1;
    TR_EQ(ctc_rsa_public_key_from_der(&pub, bad, n), CTC_ERR_RSA_N_EVEN);
    /* SubjectPublicKeyInfo */
    rlen = build_pub(r);
    glen = build_spki(good, r, rlen, 0, alg_rsa, sizeof alg_rsa);
    TR_EQ(ctc_rsa_public_key_from_spki(&pub, good, glen), CTC_OK);
    truncations(K_SPKI, glen);
    memcpy(bad, good, glen);
    bad[glen] = 0;
    TR_EQ(ctc_rsa_public_key_from_spki(&pub, bad, glen + 1), CTC_ERR_ENCODING);
    n = build_spki(bad, r, rlen, 1, alg_rsa, sizeof alg_rsa);
    TR_EQ(ctc_rsa_public_key_from_spki(&pub, bad, n), CTC_ERR_ENCODING);
    n = build_spki(bad, r, rlen, 0, alg_ec, sizeof alg_ec);
    TR_EQ(ctc_rsa_public_key_from_spki(&pub, bad, n), CTC_ERR_RSA_ALGORITHM);
    r[rlen] = 0;
    n = build_spki(bad, r, rlen + 1, 0, alg_rsa, sizeof alg_rsa);
    TR_EQ(ctc_rsa_public_key_from_spki(&pub, bad, n), CTC_ERR_ENCODING);
    TR_EQ(ctc_rsa_public_key_from_spki(&pub, r, rlen), CTC_ERR_ENCODING);
    TR_EQ(ctc_rsa_public_key_from_der(&pub, good, glen), CTC_ERR_ENCODING);
    /* a refused key is left unusable */
    TR_EQ(ctc_rsa_public_key_to_der(out, sizeof out, &n, &pub), CTC_ERR_PARAM);
    tr_group_end();
}

/* ---- key generation ---- */

static uint8_t sig[256];
static unsigned long rng_calls;

static int rng(void *ctx, uint8_t *o, size_t len)
{
    (void)ctx;
    rng_calls++;
    tr_rand_bytes(o, len);
    return 0;
}

/* whether the target's name (CTC_TARGET_NAME) starts with s */
static int target_is(const char *s)
{
    const char *t = CTC_TARGET_NAME;

    while (*s != 0 && *s == *t) {
        s++;
        t++;
    }
    return *s == 0;
}

/* the bit i of the little-endian limbs x */
static unsigned bit(const ctc_rsa_limb *x, unsigned i)
{
    return (unsigned)(x[i / CTC_RSA_LIMB_BITS] >> (i % CTC_RSA_LIMB_BITS)) & 1u;
}

static void test_keygen(void)
{
    const ctc_rsa_public_key *kp = ctc_rsa_private_key_public(&priv);
    uint8_t h[32];
    size_t len, i;
    unsigned top = 1;

    tr_seed(0x4b657967);
    if (CTC_RSA_MAX_BITS < 2048) {
        tr_skip("keygen 2048", "CTC_RSA_MAX_BITS < 2048");
        return;
    }
    if (!target_is("host") && !target_is("cortex-m4")) {
        tr_skip("keygen 2048", "runs on the host and cortex-m4 only (its time under emulation)");
        return;
    }
    tr_group("keygen 2048 (fixed generator): sizes, DER round trip, signatures");
    TR_EQ(ctc_rsa_keygen(&priv, 2048, 65537, rng, NULL), CTC_OK);
    TR_EQ(ctc_rsa_bits(kp), 2048);
    TR_EQ(kp->e, 65537);
    /* p and q: bit 1023 and 1022 set, nothing above, odd */
    for (i = 1024; i < CTC_RSA_LIMB_BITS * priv.half_limbs; i++)
        top &= (bit(priv.p, (unsigned)i) | bit(priv.q, (unsigned)i)) == 0;
    TR_CHECK(top);
    TR_CHECK(bit(priv.p, 1023) && bit(priv.p, 1022) && bit(priv.q, 1023) && bit(priv.q, 1022));
    TR_CHECK(bit(priv.p, 0) && bit(priv.q, 0));
    TR_EQ(priv.d_limbs, kp->limbs);
    TR_EQ(ctc_rsa_private_key_to_der(out, sizeof out, &len, &priv), CTC_OK);
    TR_EQ(ctc_rsa_private_key_from_der(&priv2, out, len), CTC_OK);
    TR_CHECK(memcmp(&priv, &priv2, sizeof priv) == 0);
    tr_rand_bytes(h, sizeof h);
    TR_EQ(ctc_rsa_pkcs1_sign(sig, sizeof sig, &priv, CTC_HASH_SHA256, h, 32, rng, NULL), CTC_OK);
    TR_EQ(ctc_rsa_pkcs1_verify(kp, CTC_HASH_SHA256, h, 32, sig, 256), CTC_OK);
    sig[100] ^= 4;
    TR_EQ(ctc_rsa_pkcs1_verify(kp, CTC_HASH_SHA256, h, 32, sig, 256), CTC_ERR_SIGNATURE);
    TR_EQ(ctc_rsa_pss_sign(sig, sizeof sig, &priv, CTC_HASH_SHA256, CTC_HASH_SHA256, 32, h, 32,
                           rng, NULL), CTC_OK);
    TR_EQ(ctc_rsa_pss_verify(kp, CTC_HASH_SHA256, CTC_HASH_SHA256, 32, h, 32, sig, 256), CTC_OK);
    sig[7] ^= 1;
    TR_EQ(ctc_rsa_pss_verify(kp, CTC_HASH_SHA256, CTC_HASH_SHA256, 32, h, 32, sig, 256),
          CTC_ERR_SIGNATURE);
    tr_puts("  generator calls: ");
    tr_putu(rng_calls);
    tr_puts("\n");
    tr_group_end();
}

int main(void)
{
    tr_init("test_rsa_keys");
    test_round_trips();
    test_malformed_private();
    test_malformed_pkcs8();
    test_malformed_public();
    test_keygen();
    return tr_finish();
}

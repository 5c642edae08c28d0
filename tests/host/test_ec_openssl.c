/*
 * test_ec_openssl.c - P-256 and P-384 against OpenSSL 3's libcrypto (host
 * only), every group once per curve (the curves through ec_test_util.h's
 * table; ITERS random keys and messages per group and curve, see below):
 *  - public keys k G for edge scalars (1, 2, 3, small, n - 1, n - 2,
 *    n - 2^k, single high bits, all-ones low halves) and random ones;
 *  - variable-base multiplication through ECDH with the same scalars on
 *    random points, both ways (a (b G) = b (a G), each side by both
 *    libraries);
 *  - ECDSA: our signatures verify in OpenSSL (ECDSA_do_verify), OpenSSL's
 *    verify here (raw and DER), our DER encoding equals i2d_ECDSA_SIG's;
 *    a changed message fails in both;
 *  - SEC1 and SPKI: compressed and uncompressed encodings of random points
 *    from EC_POINT_point2oct and OpenSSL's SubjectPublicKeyInfo
 *    (i2d_EC_PUBKEY) decode to the same point here, our compression
 *    equals OpenSSL's, and crafted invalid points are refused by both;
 *  - key generation: priv = (c mod (n - 1)) + 1 computed with BN;
 *  - the RFC 6979 A.2.5 key and signatures checked by OpenSSL (P-256).
 * OpenSSL's low-level EC API (EC_GROUP, EC_POINT, EC_KEY, ECDSA_SIG) is
 * deprecated in OpenSSL 3 but still the plainest reference for points.
 */
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/obj_mac.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff_scale.h"
#include "ec_test_util.h"

/* Random keys and messages per curve for ECDH and ECDSA: 10,000 in the
 * main host configuration, 1000 in the other ones (diff_scale.h;
 * CTC_EC_OSSL_ITERS sets any count); the other groups take a fifth of
 * that. */
static unsigned ITERS, GROUP_ITERS;

static const struct et_curve *C;   /* the curve under test */
static size_t SZ, PUB;              /* its scalar and public-key sizes */
static int nid;
static EC_GROUP *grp;
static BN_CTX *bctx;
static BIGNUM *bn_n;

static void die(const char *what)
{
    tr_puts("OpenSSL failure: ");
    tr_puts(what);
    tr_puts("\n");
    abort();
}

/* OpenSSL's k G or k P (P uncompressed 65 bytes, NULL for G) as 65 bytes;
 * returns 0 when the result is infinity */
static int ossl_mul(uint8_t *out, const uint8_t *k, const uint8_t *P)
{
    BIGNUM *bk = BN_bin2bn(k, (int)SZ, NULL);
    EC_POINT *R = EC_POINT_new(grp), *Q = NULL;
    int ok;

    if (!bk || !R)
        die("alloc");
    if (P) {
        Q = EC_POINT_new(grp);
        if (!Q || !EC_POINT_oct2point(grp, Q, P, PUB, bctx))
            die("oct2point");
        if (!EC_POINT_mul(grp, R, NULL, Q, bk, bctx))
            die("mul");
    } else if (!EC_POINT_mul(grp, R, bk, NULL, NULL, bctx)) {
        die("mul G");
    }
    ok = !EC_POINT_is_at_infinity(grp, R);
    if (ok && EC_POINT_point2oct(grp, R, POINT_CONVERSION_UNCOMPRESSED, out, PUB, bctx) != PUB)
        die("point2oct");
    EC_POINT_free(R);
    EC_POINT_free(Q);
    BN_free(bk);
    return ok;
}

/* scalar kinds: 0 random, then edges */
static void pick_scalar(uint8_t *k, unsigned kind)
{
    BIGNUM *b = BN_new();
    unsigned s = (unsigned)(tr_rand32() % 250) + 1;

    if (!b)
        die("alloc");
    switch (kind) {
    case 1: BN_set_word(b, 1 + (tr_rand32() % 20)); break;       /* small */
    case 2: BN_sub(b, bn_n, BN_value_one()); break;              /* n - 1 */
    case 3: BN_copy(b, bn_n); BN_sub_word(b, 2 + (tr_rand32() % 20)); break;
    case 4: BN_zero(b); BN_set_bit(b, (int)(tr_rand32() % (8 * SZ))); break; /* one bit */
    case 5: BN_copy(b, bn_n); {                                  /* n - 2^s */
                BIGNUM *t = BN_new();
                BN_zero(t);
                BN_set_bit(t, (int)s);
                BN_sub(b, b, t);
                BN_free(t);
            } break;
    case 6: BN_zero(b); BN_set_bit(b, (int)(8 * SZ - 1));         /* high bits */
            BN_set_bit(b, (int)(8 * SZ - 2));
            BN_add_word(b, tr_rand32()); break;
    case 7: BN_zero(b); BN_set_bit(b, 128); BN_sub_word(b, 1); break; /* 2^128 - 1 */
    default: {
        uint8_t r[ET_MAXB];
        tr_rand_bytes(r, SZ);
        BN_bin2bn(r, (int)SZ, b);
        BN_mod(b, b, bn_n, bctx);
        if (BN_is_zero(b))
            BN_one(b);
    }
    }
    if (BN_is_zero(b) || BN_cmp(b, bn_n) >= 0)
        BN_one(b);
    if (BN_bn2binpad(b, k, (int)SZ) != (int)SZ)
        die("bn2bin");
    BN_free(b);
}

static void test_public_keys(void)
{
    uint8_t k[ET_MAXB], a[1 + 2 * ET_MAXB], b[1 + 2 * ET_MAXB];
    unsigned i;

    tr_group(C->bits == 256 ? "P-256 k G against OpenSSL (edge and random scalars)"
                            : "P-384 k G against OpenSSL (edge and random scalars)");
    for (i = 0; i < GROUP_ITERS; i++) {
        pick_scalar(k, i < 200 ? i % 8 : 0);
        TR_EQ(C->pub(a, k), CTC_OK);
        TR_CHECK(ossl_mul(b, k, NULL));
        TR_MEM(a, b, PUB);
    }
    tr_group_end();
}

static void test_ecdh(void)
{
    uint8_t ka[ET_MAXB], kb[ET_MAXB], pa[1 + 2 * ET_MAXB], pb[1 + 2 * ET_MAXB];
    uint8_t z1[ET_MAXB], z2[ET_MAXB], w[1 + 2 * ET_MAXB];
    unsigned i;

    tr_group(C->bits == 256 ? "P-256 ECDH against OpenSSL: both ways, edge and random scalars"
                            : "P-384 ECDH against OpenSSL: both ways, edge and random scalars");
    for (i = 0; i < ITERS; i++) {
        pick_scalar(ka, i < 200 ? i % 8 : 0);
        pick_scalar(kb, i < 200 ? (i / 8) % 8 : 0);
        TR_CHECK(ossl_mul(pa, ka, NULL));
        TR_CHECK(ossl_mul(pb, kb, NULL));
        TR_EQ(C->ecdh(z1, ka, pb, PUB), CTC_OK);
        TR_EQ(C->ecdh(z2, kb, pa, PUB), CTC_OK);
        TR_MEM(z1, z2, SZ);
        TR_CHECK(ossl_mul(w, ka, pb));
        TR_MEM(z1, w + 1, SZ);
    }
    tr_group_end();
}

static EC_KEY *ossl_key(const uint8_t *d)
{
    EC_KEY *key = EC_KEY_new_by_curve_name(nid);
    BIGNUM *bd = BN_bin2bn(d, (int)SZ, NULL);
    EC_POINT *P = EC_POINT_new(grp);

    if (!key || !bd || !P || !EC_POINT_mul(grp, P, bd, NULL, NULL, bctx)
        || !EC_KEY_set_private_key(key, bd) || !EC_KEY_set_public_key(key, P))
        die("EC_KEY");
    BN_free(bd);
    EC_POINT_free(P);
    return key;
}

static void test_ecdsa(void)
{
    uint8_t d[ET_MAXB], pub[1 + 2 * ET_MAXB], h[64], sig[2 * ET_MAXB], osig[2 * ET_MAXB];
    uint8_t der[CTC_P384_DER_SIG_MAX], oder[CTC_P384_DER_SIG_MAX + 8];
    unsigned i;

    tr_group(C->bits == 256
             ? "P-256 ECDSA against OpenSSL: sign here/verify there, sign there/verify here, DER"
             : "P-384 ECDSA against OpenSSL: sign here/verify there, sign there/verify here, DER");
    for (i = 0; i < ITERS; i++) {
        EC_KEY *key;
        ECDSA_SIG *es;
        BIGNUM *r, *s;
        const BIGNUM *cr, *cs;
        unsigned char *op = oder;
        size_t dl;
        int ol;

        /* hash lengths: the curve's, shorter, and 64 bytes (truncated) */
        size_t hl = i % 3 == 0 ? SZ : i % 3 == 1 ? 20 : 64;

        pick_scalar(d, i < 80 ? i % 8 : 0);
        key = ossl_key(d);
        TR_EQ(C->pub(pub, d), CTC_OK);
        tr_rand_bytes(h, hl);
        if (i % 4 == 0)
            memset(h, (i & 8) ? 0xff : 0x00, hl);   /* edge hashes: 0, all ones */

        /* ours, checked by OpenSSL */
        TR_EQ(C->sign(sig, d, h, hl, (i & 1) ? h : NULL, (i & 1) ? 16 : 0), CTC_OK);
        r = BN_bin2bn(sig, (int)SZ, NULL);
        s = BN_bin2bn(sig + SZ, (int)SZ, NULL);
        es = ECDSA_SIG_new();
        if (!r || !s || !es || !ECDSA_SIG_set0(es, r, s))
            die("ECDSA_SIG");
        TR_EQ(ECDSA_do_verify(h, (int)hl, es, key), 1);
        ol = i2d_ECDSA_SIG(es, &op);
        TR_EQ(C->to_der(der, &dl, sizeof der, sig), CTC_OK);
        TR_EQ(dl, (size_t)ol);
        TR_MEM(der, oder, dl);
        h[5] ^= 4;
        TR_EQ(ECDSA_do_verify(h, (int)hl, es, key), 0);
        h[5] ^= 4;
        ECDSA_SIG_free(es);

        /* OpenSSL's, checked here, raw and DER */
        es = ECDSA_do_sign(h, (int)hl, key);
        if (!es)
            die("ECDSA_do_sign");
        ECDSA_SIG_get0(es, &cr, &cs);
        if (BN_bn2binpad(cr, osig, (int)SZ) != (int)SZ
            || BN_bn2binpad(cs, osig + SZ, (int)SZ) != (int)SZ)
            die("bn2bin");
        TR_EQ(C->verify(pub, PUB, h, hl, osig, 2 * SZ), CTC_OK);
        op = oder;
        ol = i2d_ECDSA_SIG(es, &op);
        TR_EQ(C->verify_der(pub, PUB, h, hl, oder, (size_t)ol), CTC_OK);
        h[3] ^= 1;
        TR_EQ(C->verify(pub, PUB, h, hl, osig, 2 * SZ), CTC_ERR_SIGNATURE);
        ECDSA_SIG_free(es);
        EC_KEY_free(key);
    }
    tr_group_end();
}

static void test_sec1(void)
{
    uint8_t k[ET_MAXB], u[1 + 2 * ET_MAXB], c[1 + ET_MAXB], oc[1 + ET_MAXB];
    uint8_t back[1 + 2 * ET_MAXB], spki[200];
    unsigned i;

    tr_group(C->bits == 256 ? "P-256 SEC1 and SPKI against OpenSSL: round trips, invalid points"
                            : "P-384 SEC1 and SPKI against OpenSSL: round trips, invalid points");
    for (i = 0; i < GROUP_ITERS; i++) {
        BIGNUM *bk;
        EC_POINT *P = EC_POINT_new(grp);
        EC_KEY *key;
        unsigned char *sp = spki;
        int sl;

        pick_scalar(k, i < 80 ? i % 8 : 0);
        bk = BN_bin2bn(k, (int)SZ, NULL);
        if (!P || !bk || !EC_POINT_mul(grp, P, bk, NULL, NULL, bctx)
            || EC_POINT_point2oct(grp, P, POINT_CONVERSION_UNCOMPRESSED, u, PUB, bctx) != PUB
            || EC_POINT_point2oct(grp, P, POINT_CONVERSION_COMPRESSED, oc, 1 + SZ, bctx) != 1 + SZ)
            die("point2oct");
        TR_EQ(C->check(u, PUB), CTC_OK);
        TR_EQ(C->compress(c, u, PUB), CTC_OK);
        TR_MEM(c, oc, 1 + SZ);
        TR_EQ(C->decode(back, oc, 1 + SZ), CTC_OK);
        TR_MEM(back, u, PUB);
        /* OpenSSL's SubjectPublicKeyInfo of the key */
        key = ossl_key(k);
        sl = i2d_EC_PUBKEY(key, &sp);
        if (sl <= 0)
            die("i2d_EC_PUBKEY");
        TR_EQ(C->spki_decode(back, spki, (size_t)sl), CTC_OK);
        TR_MEM(back, u, PUB);
        EC_KEY_free(key);
        /* crafted invalid points that OpenSSL refuses are refused here:
         * y changed (off the curve), x >= p */
        u[1 + SZ + 7] ^= 0x10;
        TR_EQ(EC_POINT_oct2point(grp, P, u, PUB, bctx), 0);
        TR_EQ(C->check(u, PUB), CTC_ERR_POINT);
        memset(u + 1, 0xff, SZ);
        TR_EQ(EC_POINT_oct2point(grp, P, u, PUB, bctx), 0);
        TR_EQ(C->check(u, PUB), CTC_ERR_POINT);
        EC_POINT_free(P);
        BN_free(bk);
    }
    tr_group_end();
}

static void test_keygen(void)
{
    uint8_t rnd[96], priv[ET_MAXB], pub[1 + 2 * ET_MAXB], want[ET_MAXB], opub[1 + 2 * ET_MAXB];
    BIGNUM *c = BN_new(), *nm1 = BN_new();
    unsigned i;

    tr_group(C->bits == 256 ? "P-256 key generation: priv = (c mod (n - 1)) + 1 by OpenSSL's BN"
                            : "P-384 key generation: priv = (c mod (n - 1)) + 1 by OpenSSL's BN");
    if (!c || !nm1 || !BN_sub(nm1, bn_n, BN_value_one()))
        die("BN");
    for (i = 0; i < GROUP_ITERS; i++) {
        size_t len = C->keygen_min + (tr_rand32() % (C->keygen_max - C->keygen_min + 1));

        tr_rand_bytes(rnd, len);
        if (i % 5 == 0)
            memset(rnd, 0xff, len);
        TR_EQ(C->keygen(priv, pub, rnd, len), CTC_OK);
        if (!BN_bin2bn(rnd, (int)len, c) || !BN_mod(c, c, nm1, bctx) || !BN_add_word(c, 1)
            || BN_bn2binpad(c, want, (int)SZ) != (int)SZ)
            die("BN");
        TR_MEM(priv, want, SZ);
        TR_CHECK(ossl_mul(opub, want, NULL));
        TR_MEM(pub, opub, PUB);
    }
    BN_free(c);
    BN_free(nm1);
    tr_group_end();
}

static int unhex(uint8_t *out, const char *hex)
{
    size_t i;

    for (i = 0; hex[2 * i]; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return 0;
        out[i] = (uint8_t)v;
    }
    return 1;
}

static void test_rfc6979_openssl(void)
{
    static const char *x_hex =
        "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721";
    static const char *sigs[2][3] = {
        { "sample", "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716",
          "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8" },
        { "test", "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367",
          "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083" },
    };
    uint8_t x[32], h[32], sig[64], want[64];
    EC_KEY *key;
    int i;

    tr_group("P-256 RFC 6979 A.2.5: the typed-in signatures verify in OpenSSL and equal ours");
    TR_CHECK(unhex(x, x_hex));
    key = ossl_key(x);
    for (i = 0; i < 2; i++) {
        ECDSA_SIG *es = ECDSA_SIG_new();
        BIGNUM *r, *s;

        TR_CHECK(unhex(want, sigs[i][1]) && unhex(want + 32, sigs[i][2]));
        TR_EQ(ctc_sha256(h, (const uint8_t *)sigs[i][0], strlen(sigs[i][0])), CTC_OK);
        r = BN_bin2bn(want, 32, NULL);
        s = BN_bin2bn(want + 32, 32, NULL);
        if (!es || !r || !s || !ECDSA_SIG_set0(es, r, s))
            die("ECDSA_SIG");
        TR_EQ(ECDSA_do_verify(h, 32, es, key), 1);
        TR_EQ(ctc_ecdsa_p256_sign(sig, x, h, 32, NULL, 0), CTC_OK);
        TR_MEM(sig, want, 64);
        ECDSA_SIG_free(es);
    }
    EC_KEY_free(key);
    tr_group_end();
}

static void setup(size_t which)
{
    C = &et_curves[which];
    SZ = C->sz;
    PUB = 1 + 2 * SZ;
    nid = C->bits == 256 ? NID_X9_62_prime256v1 : NID_secp384r1;
    EC_GROUP_free(grp);
    grp = EC_GROUP_new_by_curve_name(nid);
    if (!grp || !EC_GROUP_get_order(grp, bn_n, bctx))
        die("setup");
}

int main(void)
{
    size_t c;

    tr_init("test_ec_openssl");
    tr_seed(0x5eed0256);
    ITERS = (unsigned)diff_count(10000, 1000);
    GROUP_ITERS = ITERS / 5;
    if (getenv("CTC_EC_OSSL_ITERS") != NULL) {
        ITERS = (unsigned)strtoul(getenv("CTC_EC_OSSL_ITERS"), NULL, 10);
        GROUP_ITERS = ITERS / 5;
        if (ITERS < 200)
            die("CTC_EC_OSSL_ITERS below 200");
    }
    printf("# %u ECDH and ECDSA cases per curve, %u for the other groups\n", ITERS,
           GROUP_ITERS);
    bctx = BN_CTX_new();
    bn_n = BN_new();
    if (!bctx || !bn_n)
        die("setup");
    setup(0);
    test_rfc6979_openssl();
    for (c = 0; c < ET_CURVES; c++) {
        setup(c);
        test_public_keys();
        test_ecdh();
        test_ecdsa();
        test_sec1();
        test_keygen();
    }
    EC_GROUP_free(grp);
    BN_CTX_free(bctx);
    BN_free(bn_n);
    return tr_finish();
}

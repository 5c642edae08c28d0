/*
 * test_ec.c - P-256 through the public API (ctcrypto/ec.h) on every
 * target: RFC 6979 appendix A.2.5 (key pair and the SHA-256 signatures of
 * "sample" and "test"), the generator and its negative from the standard's
 * constants, errors for bad keys, points, signatures and DER (each with
 * its error code, no access outside the buffers: every truncation of a
 * valid encoding is tried), DER and SEC1 round trips, and properties on
 * random keys (sign then verify, a changed bit fails, ECDH agrees both
 * ways, compressed and uncompressed keys give the same results).
 * The Wycheproof files are tests/unit/test_ec_wycheproof_*.c; the
 * differential tests against OpenSSL are tests/host/test_ec_openssl.c.
 */
#include "ec_test_util.h"
#include "hash_test_util.h"

/* FIPS 186-5 / SEC 2: the generator, and n */
static const char G_HEX[] =
    "04"
    "6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296"
    "4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5";
static const char N_HEX[] =
    "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551";
static const char P_HEX[] =
    "FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF";
/* -G: y = p - Gy */
static const char NEG_GY_HEX[] =
    "B01CBD1C01E58065711814B583F061E9D431CCA994CEA1313449BF97C840AE0A";

/* RFC 6979 A.2.5 */
static const char X_HEX[] =
    "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721";
static const char U_HEX[] =
    "04"
    "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6"
    "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299";
static const struct {
    const char *msg, *r, *s;
} rfc_sigs[] = {
    { "sample",
      "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716",
      "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8" },
    { "test",
      "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367",
      "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083" },
};

static void test_rfc6979(void)
{
    uint8_t x[32], u[65], pub[65], sig[64], want[64], h[32], der[72];
    size_t i, dl;

    tr_group("P-256 RFC 6979 A.2.5 (key pair, SHA-256 \"sample\", \"test\")");
    th_unhex(x, sizeof x, X_HEX);
    th_unhex(u, sizeof u, U_HEX);
    TR_EQ(ctc_p256_public_key(pub, x), CTC_OK);
    TR_MEM(pub, u, 65);
    TR_EQ(ctc_p256_public_key_check(u, 65), CTC_OK);
    for (i = 0; i < sizeof rfc_sigs / sizeof rfc_sigs[0]; i++) {
        const uint8_t *m = (const uint8_t *)rfc_sigs[i].msg;
        size_t ml = strlen(rfc_sigs[i].msg);

        th_unhex(want, 32, rfc_sigs[i].r);
        th_unhex(want + 32, 32, rfc_sigs[i].s);
        memset(sig, 0, sizeof sig);
        TR_EQ(ctc_ecdsa_p256_sha256_sign(sig, x, m, ml, NULL, 0), CTC_OK);
        TR_MEM(sig, want, 64);
        TR_EQ(ctc_sha256(h, m, ml), CTC_OK);
        TR_EQ(ctc_ecdsa_p256_sign(sig, x, h, 32, NULL, 0), CTC_OK);
        TR_MEM(sig, want, 64);
        TR_EQ(ctc_ecdsa_p256_verify(u, 65, h, 32, want, 64), CTC_OK);
        TR_EQ(ctc_ecdsa_p256_sha256_verify(u, 65, m, ml, want, 64), CTC_OK);
        TR_EQ(ctc_ecdsa_p256_sig_to_der(der, &dl, sizeof der, want), CTC_OK);
        TR_EQ(ctc_ecdsa_p256_sha256_verify_der(u, 65, m, ml, der, dl), CTC_OK);
        /* the other message's hash does not verify */
        h[0] ^= 1;
        TR_EQ(ctc_ecdsa_p256_verify(u, 65, h, 32, want, 64), CTC_ERR_SIGNATURE);
        /* a hedged signature differs and verifies */
        h[0] ^= 1;
        TR_EQ(ctc_ecdsa_p256_sign(sig, x, h, 32, (const uint8_t *)"extra", 5), CTC_OK);
        TR_CHECK(memcmp(sig, want, 64) != 0);
        TR_EQ(ctc_ecdsa_p256_verify(u, 65, h, 32, sig, 64), CTC_OK);
    }
    tr_group_end();
}

static void test_keys(void)
{
    uint8_t k[32], g[65], pub[65], rnd[64], priv[32], c[33], full[65], n[32];

    tr_group("P-256 keys: 1, n - 1, 0, n, >= n, key generation bounds");
    th_unhex(g, sizeof g, G_HEX);
    th_unhex(n, sizeof n, N_HEX);
    memset(k, 0, 32);
    k[31] = 1;
    TR_EQ(ctc_p256_public_key(pub, k), CTC_OK);
    TR_MEM(pub, g, 65);
    memcpy(k, n, 32);
    k[31] -= 1;                                 /* n - 1: -G */
    TR_EQ(ctc_p256_public_key(pub, k), CTC_OK);
    TR_MEM(pub, g, 33);
    th_unhex(full, 32, NEG_GY_HEX);
    TR_MEM(pub + 33, full, 32);
    memset(k, 0, 32);
    memset(pub, 0x55, sizeof pub);
    TR_EQ(ctc_p256_public_key(pub, k), CTC_ERR_KEY);
    TR_EQ(pub[0], 0);                            /* zeroed on error */
    TR_EQ(ctc_p256_public_key(pub, n), CTC_ERR_KEY);
    memset(k, 0xff, 32);
    TR_EQ(ctc_p256_public_key(pub, k), CTC_ERR_KEY);
    TR_EQ(ctc_p256_public_key(NULL, k), CTC_ERR_PARAM);

    /* key generation: c = 0 gives d = 1, lengths outside [40, 64] refused */
    memset(rnd, 0, sizeof rnd);
    TR_EQ(ctc_p256_keygen(priv, pub, rnd, 40), CTC_OK);
    memset(k, 0, 32);
    k[31] = 1;
    TR_MEM(priv, k, 32);
    TR_MEM(pub, g, 65);
    TR_EQ(ctc_p256_keygen(priv, pub, rnd, 39), CTC_ERR_LENGTH);
    TR_EQ(ctc_p256_keygen(priv, pub, rnd, 65), CTC_ERR_LENGTH);
    TR_EQ(ctc_p256_keygen(priv, pub, NULL, 40), CTC_ERR_PARAM);
    /* c = n - 1 (as 40 bytes) gives d = 1 again; c = n - 2 gives n - 1 */
    memset(rnd, 0, 8);
    memcpy(rnd + 8, n, 32);
    rnd[39] -= 1;
    TR_EQ(ctc_p256_keygen(priv, pub, rnd, 40), CTC_OK);
    TR_MEM(priv, k, 32);
    rnd[39] -= 1;
    TR_EQ(ctc_p256_keygen(priv, pub, rnd, 40), CTC_OK);
    memcpy(k, n, 32);
    k[31] -= 1;
    TR_MEM(priv, k, 32);
    TR_MEM(pub, g, 33);

    /* compression and back */
    TR_EQ(ctc_p256_public_key_compress(c, g, 65), CTC_OK);
    TR_EQ(c[0], 0x03);                           /* Gy is odd */
    TR_MEM(c + 1, g + 1, 32);
    TR_EQ(ctc_p256_public_key_decode(full, c, 33), CTC_OK);
    TR_MEM(full, g, 65);
    c[0] = 0x02;                                 /* the other root: -G */
    TR_EQ(ctc_p256_public_key_decode(full, c, 33), CTC_OK);
    TR_MEM(full, pub, 65);
    tr_group_end();
}

static void test_bad_points(void)
{
    uint8_t g[65], q[65], c[33], p[32], out[65];
    size_t i;
    int bad_x = 0;

    tr_group("P-256 invalid public keys: error codes");
    th_unhex(g, sizeof g, G_HEX);
    th_unhex(p, sizeof p, P_HEX);
    TR_EQ(ctc_p256_public_key_check(g, 65), CTC_OK);
    /* lengths */
    for (i = 0; i <= 65; i++)
        if (i != 33 && i != 65)
            TR_EQ(ctc_p256_public_key_check(g, i), CTC_ERR_LENGTH);
    /* first byte */
    memcpy(q, g, 65);
    q[0] = 0x02;
    TR_EQ(ctc_p256_public_key_check(q, 65), CTC_ERR_ENCODING);
    q[0] = 0x06;                                 /* hybrid form: not accepted */
    TR_EQ(ctc_p256_public_key_check(q, 65), CTC_ERR_ENCODING);
    q[0] = 0x00;
    TR_EQ(ctc_p256_public_key_check(q, 1), CTC_ERR_LENGTH);  /* infinity */
    /* not on the curve */
    memcpy(q, g, 65);
    q[64] ^= 1;
    TR_EQ(ctc_p256_public_key_check(q, 65), CTC_ERR_POINT);
    /* (0, 0) and coordinates >= p */
    memset(q + 1, 0, 64);
    q[0] = 0x04;
    TR_EQ(ctc_p256_public_key_check(q, 65), CTC_ERR_POINT);
    memcpy(q, g, 65);
    memcpy(q + 1, p, 32);
    TR_EQ(ctc_p256_public_key_check(q, 65), CTC_ERR_POINT);
    memcpy(q, g, 65);
    memcpy(q + 33, p, 32);
    TR_EQ(ctc_p256_public_key_check(q, 65), CTC_ERR_POINT);
    memset(q + 33, 0xff, 32);
    TR_EQ(ctc_p256_public_key_check(q, 65), CTC_ERR_POINT);
    /* compressed: x = p, and some x with no point (about half of them) */
    c[0] = 0x02;
    memcpy(c + 1, p, 32);
    TR_EQ(ctc_p256_public_key_check(c, 33), CTC_ERR_POINT);
    c[0] = 0x04;
    TR_EQ(ctc_p256_public_key_check(c, 33), CTC_ERR_ENCODING);
    c[0] = 0x02;
    memset(c + 1, 0, 32);
    for (i = 0; i < 8; i++) {
        int r;
        c[32] = (uint8_t)i;
        r = ctc_p256_public_key_check(c, 33);
        TR_CHECK(r == CTC_OK || r == CTC_ERR_POINT);
        bad_x += r == CTC_ERR_POINT;
    }
    TR_CHECK(bad_x > 0 && bad_x < 8);
    /* ECDH with each bad point: the point error, and a zeroed output */
    memset(p, 0, 32);
    p[31] = 7;
    memcpy(q, g, 65);
    q[64] ^= 1;
    memset(out, 0x55, 32);
    TR_EQ(ctc_ecdh_p256(out, p, q, 65), CTC_ERR_POINT);
    TR_EQ(out[0] | out[31], 0);
    TR_EQ(ctc_ecdh_p256(out, p, q, 64), CTC_ERR_LENGTH);
    q[0] = 5;
    TR_EQ(ctc_ecdh_p256(out, p, q, 65), CTC_ERR_ENCODING);
    /* a bad private key with a good point */
    memset(p, 0, 32);
    TR_EQ(ctc_ecdh_p256(out, p, g, 65), CTC_ERR_KEY);
    TR_EQ(ctc_ecdh_p256(out, NULL, g, 65), CTC_ERR_PARAM);
    tr_group_end();
}

static void test_bad_signatures(void)
{
    uint8_t u[65], sig[64], bad[64], h[32], n[32], der[80], d2[80], s2[64];
    size_t dl, i;

    tr_group("P-256 ECDSA bad signatures and DER: error codes, truncations");
    th_unhex(u, sizeof u, U_HEX);
    th_unhex(n, sizeof n, N_HEX);
    th_unhex(sig, 32, rfc_sigs[0].r);
    th_unhex(sig + 32, 32, rfc_sigs[0].s);
    TR_EQ(ctc_sha256(h, (const uint8_t *)"sample", 6), CTC_OK);
    TR_EQ(ctc_ecdsa_p256_verify(u, 65, h, 32, sig, 64), CTC_OK);
    /* r or s = 0, = n, = 2^256 - 1: range */
    memcpy(bad, sig, 64);
    memset(bad, 0, 32);
    TR_EQ(ctc_ecdsa_p256_verify(u, 65, h, 32, bad, 64), CTC_ERR_RANGE);
    memcpy(bad, n, 32);
    TR_EQ(ctc_ecdsa_p256_verify(u, 65, h, 32, bad, 64), CTC_ERR_RANGE);
    memcpy(bad, sig, 64);
    memset(bad + 32, 0, 32);
    TR_EQ(ctc_ecdsa_p256_verify(u, 65, h, 32, bad, 64), CTC_ERR_RANGE);
    memcpy(bad + 32, n, 32);
    TR_EQ(ctc_ecdsa_p256_verify(u, 65, h, 32, bad, 64), CTC_ERR_RANGE);
    memset(bad + 32, 0xff, 32);
    TR_EQ(ctc_ecdsa_p256_verify(u, 65, h, 32, bad, 64), CTC_ERR_RANGE);
    /* every single-bit change of r or s fails */
    for (i = 0; i < 512; i += 7) {
        int r;
        memcpy(bad, sig, 64);
        bad[i >> 3] ^= (uint8_t)(1u << (i & 7));
        r = ctc_ecdsa_p256_verify(u, 65, h, 32, bad, 64);
        TR_CHECK(r == CTC_ERR_SIGNATURE || r == CTC_ERR_RANGE);
    }
    /* a bad public key */
    u[64] ^= 1;
    TR_EQ(ctc_ecdsa_p256_verify(u, 65, h, 32, sig, 64), CTC_ERR_POINT);
    u[64] ^= 1;
    TR_EQ(ctc_ecdsa_p256_verify(u, 65, h, 0, sig, 64), CTC_ERR_LENGTH);

    /* DER: round trip, then malformed variants */
    TR_EQ(ctc_ecdsa_p256_sig_to_der(der, &dl, sizeof der, sig), CTC_OK);
    /* r and s have their top bit set: 00 prefix, 2 + 2 * 35 bytes */
    TR_EQ(dl, 72);
    TR_EQ(der[0], 0x30);
    TR_EQ(der[1], 70);
    TR_EQ(der[2], 0x02);
    TR_EQ(der[3], 33);
    TR_EQ(der[4], 0x00);
    TR_EQ(ctc_ecdsa_p256_sig_from_der(s2, der, dl), CTC_OK);
    TR_MEM(s2, sig, 64);
    TR_EQ(ctc_ecdsa_p256_sig_to_der(d2, &i, 71, sig), CTC_ERR_BUFFER);
    /* every truncation, and one byte more */
    for (i = 0; i < dl; i++)
        TR_EQ(ctc_ecdsa_p256_sig_from_der(s2, der, i), CTC_ERR_ENCODING);
    der[dl] = 0;
    TR_EQ(ctc_ecdsa_p256_sig_from_der(s2, der, dl + 1), CTC_ERR_ENCODING);
    /* wrong outer tag, wrong integer tag, long-form length for a short one */
    memcpy(d2, der, dl);
    d2[0] = 0x31;
    TR_EQ(ctc_ecdsa_p256_verify_der(u, 65, h, 32, d2, dl), CTC_ERR_ENCODING);
    memcpy(d2, der, dl);
    d2[2] = 0x03;
    TR_EQ(ctc_ecdsa_p256_sig_from_der(s2, d2, dl), CTC_ERR_ENCODING);
    d2[0] = 0x30;
    d2[1] = 0x81;
    d2[2] = 70;
    memcpy(d2 + 3, der + 2, dl - 2);
    TR_EQ(ctc_ecdsa_p256_sig_from_der(s2, d2, dl + 1), CTC_ERR_ENCODING);
    d2[1] = 0x80;                                  /* indefinite length */
    TR_EQ(ctc_ecdsa_p256_sig_from_der(s2, d2, dl + 1), CTC_ERR_ENCODING);
    /* integers: missing 00 (negative), extra 00 (non-minimal), too long */
    {
        static const uint8_t neg[] = { 0x30, 0x06, 0x02, 0x01, 0x80, 0x02, 0x01, 0x01 };
        static const uint8_t nonmin[] = { 0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01 };
        static const uint8_t empty[] = { 0x30, 0x05, 0x02, 0x00, 0x02, 0x01, 0x01 };
        static const uint8_t three[] = { 0x30, 0x09, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01,
                                         0x02, 0x01, 0x01 };
        static const uint8_t small[] = { 0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02 };
        uint8_t big[2 + 2 + 33 + 3];

        TR_EQ(ctc_ecdsa_p256_sig_from_der(s2, neg, sizeof neg), CTC_ERR_RANGE);
        TR_EQ(ctc_ecdsa_p256_sig_from_der(s2, nonmin, sizeof nonmin), CTC_ERR_ENCODING);
        TR_EQ(ctc_ecdsa_p256_sig_from_der(s2, empty, sizeof empty), CTC_ERR_ENCODING);
        TR_EQ(ctc_ecdsa_p256_sig_from_der(s2, three, sizeof three), CTC_ERR_ENCODING);
        TR_EQ(ctc_ecdsa_p256_sig_from_der(s2, small, sizeof small), CTC_OK);
        TR_EQ(s2[31], 1);
        TR_EQ(s2[63], 2);
        TR_EQ(s2[0] | s2[32], 0);
        /* small r, s: minimal round trip */
        TR_EQ(ctc_ecdsa_p256_sig_to_der(d2, &i, sizeof d2, s2), CTC_OK);
        TR_EQ(i, sizeof small);
        TR_MEM(d2, small, sizeof small);
        /* r, s = 1, 2 do not verify */
        TR_EQ(ctc_ecdsa_p256_verify_der(u, 65, h, 32, small, sizeof small), CTC_ERR_SIGNATURE);
        /* a 33-byte positive integer (no leading 00 needed): out of range */
        big[0] = 0x30;
        big[1] = (uint8_t)(sizeof big - 2);
        big[2] = 0x02;
        big[3] = 33;
        memset(big + 4, 0x11, 33);
        big[37] = 0x02;
        big[38] = 0x01;
        big[39] = 0x01;
        TR_EQ(ctc_ecdsa_p256_sig_from_der(s2, big, sizeof big), CTC_ERR_RANGE);
    }
    tr_group_end();
}

/* a small generator for the properties (not the runner's: fixed here) */
static void prop_rand(uint8_t *p, size_t n)
{
    tr_rand_bytes(p, n);
}

static void test_properties(void)
{
    uint8_t rnd[48], a[32], b[32], pa[65], pb[65], ca[33], s1[32], s2[32];
    uint8_t h[32], sig[64], sig2[64];
    unsigned it, iters = 6;

    tr_group("P-256 properties: random keys, sign/verify, ECDH both ways, compressed keys");
    tr_seed(0xec256);
    for (it = 0; it < iters; it++) {
        prop_rand(rnd, sizeof rnd);
        TR_EQ(ctc_p256_keygen(a, pa, rnd, sizeof rnd), CTC_OK);
        prop_rand(rnd, sizeof rnd);
        TR_EQ(ctc_p256_keygen(b, pb, rnd, 40), CTC_OK);
        TR_EQ(ctc_p256_public_key_check(pa, 65), CTC_OK);
        TR_EQ(ctc_ecdh_p256(s1, a, pb, 65), CTC_OK);
        TR_EQ(ctc_p256_public_key_compress(ca, pa, 65), CTC_OK);
        TR_EQ(ctc_ecdh_p256(s2, b, ca, 33), CTC_OK);
        TR_MEM(s1, s2, 32);
        prop_rand(h, sizeof h);
        TR_EQ(ctc_ecdsa_p256_sign(sig, a, h, 32, NULL, 0), CTC_OK);
        TR_EQ(ctc_ecdsa_p256_sign(sig2, a, h, 32, NULL, 0), CTC_OK);
        TR_MEM(sig, sig2, 64);                  /* deterministic */
        TR_EQ(ctc_ecdsa_p256_verify(pa, 65, h, 32, sig, 64), CTC_OK);
        TR_EQ(ctc_ecdsa_p256_verify(ca, 33, h, 32, sig, 64), CTC_OK);
        TR_EQ(ctc_ecdsa_p256_verify(pb, 65, h, 32, sig, 64), CTC_ERR_SIGNATURE);
        h[it & 31] ^= 0x80;
        TR_EQ(ctc_ecdsa_p256_verify(pa, 65, h, 32, sig, 64), CTC_ERR_SIGNATURE);
        /* a longer hash: only its leftmost 32 bytes count */
        {
            uint8_t h2[48];
            h[it & 31] ^= 0x80;
            memcpy(h2, h, 32);
            prop_rand(h2 + 32, 16);
            TR_EQ(ctc_ecdsa_p256_verify(pa, 65, h2, 48, sig, 64), CTC_OK);
        }
    }
    tr_group_end();
}

int main(void)
{
    tr_init("test_ec");
    test_rfc6979();
    test_keys();
    test_bad_points();
    test_bad_signatures();
    test_properties();
    return tr_finish();
}

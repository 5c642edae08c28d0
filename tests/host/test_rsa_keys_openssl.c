/*
 * test_rsa_keys_openssl.c - RSA key files and key generation against
 * OpenSSL 3's libcrypto (host only).
 *  - Keys made by OpenSSL (EVP_PKEY_keygen with
 *    EVP_PKEY_CTX_set1_rsa_keygen_pubexp: 2048, 3072 and 4096 bits with
 *    e = 65537, 2048 bits with e = 3 and e = 2^32 - 1), written by OpenSSL as PKCS#1
 *    RSAPrivateKey (i2d_PrivateKey), PKCS#8 (i2d_PKCS8_PRIV_KEY_INFO),
 *    PKCS#1 RSAPublicKey (i2d_PublicKey) and SubjectPublicKeyInfo
 *    (i2d_PUBKEY): each is read here, written back here byte for byte
 *    equal to OpenSSL's, and a PKCS#1 v1.5 signature made here with the
 *    key read verifies in OpenSSL; the key imported from its parts
 *    (without d) is written with d = e^-1 mod lcm(p - 1, q - 1)
 *    (BN_mod_inverse), accepted by EVP_PKEY_check and read back here.
 *  - Keys generated here (ctc_rsa_keygen, OpenSSL's RAND_bytes as the
 *    generator; 2048 bits N_2048 times, 3072 and 4096 bits twice each, in
 *    the main host configuration; 4, 1 and 1 in the others: diff_scale.h):
 *    written here in the four forms and read by OpenSSL's d2i functions,
 *    EVP_PKEY_check (the key pair's consistency, including the primality
 *    of p and q) and EVP_PKEY_public_check pass, p and q have exactly
 *    bits / 2 bits and their top two bits set, BN_check_prime confirms
 *    both, |p - q| > 2^(bits/2 - 100), 2^(bits/2) < d < lcm(p - 1,
 *    q - 1), e d = 1 mod lcm(p - 1, q - 1), and a PKCS#1 v1.5 signature made here verifies in
 *    OpenSSL; the written DER is read back here.
 *  - Key generation's refusals: sizes and exponents outside the range
 *    (CTC_ERR_PARAM), a generator that fails at once or after a while
 *    (CTC_ERR_RNG, key zeroed).
 * Key generation's time is the benchmark's (bench/bench_rsa.c), not this
 * test's.
 */
#define _POSIX_C_SOURCE 200809L
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctcrypto/hash.h"
#include "ctcrypto/rsa.h"
#include "diff_scale.h"
#include "runner.h"

#define N_2048 24

static uint8_t der[CTC_RSA_PKCS8_DER_MAX(CTC_RSA_MAX_BITS)];
static uint8_t sig[CTC_RSA_MAX_BYTES];
static ctc_rsa_private_key priv, priv2;
static ctc_rsa_public_key pub;

static void die(const char *what)
{
    tr_puts("OpenSSL failure: ");
    tr_puts(what);
    tr_puts("\n");
    ERR_print_errors_fp(stderr);
    abort();
}

static int rng_openssl(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    return RAND_bytes(out, (int)len) == 1 ? 0 : 1;
}

/* a generator that fails after *ctx calls */
static int rng_failing(void *ctx, uint8_t *out, size_t len)
{
    unsigned *left = ctx;

    if (*left == 0)
        return 1;
    (*left)--;
    return rng_openssl(NULL, out, len);
}

/*
 * As rng_failing, with zero bytes: every prime candidate is the same
 * number (3 2^(pbits-2) + 1), so the search cannot end before the
 * generator fails, whatever the count. (With random bytes a search can
 * find both primes within a few dozen calls, about once in a hundred
 * runs, and a failure set for call 51 never comes.)
 */
static int rng_failing_zeros(void *ctx, uint8_t *out, size_t len)
{
    unsigned *left = ctx;

    if (*left == 0)
        return 1;
    (*left)--;
    memset(out, 0, len);
    return 0;
}

/* OpenSSL verifies sig (PKCS#1 v1.5, SHA-256) of hash under pk */
static int ossl_verify(EVP_PKEY *pk, const uint8_t *h, const uint8_t *s, size_t s_len)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pk, NULL);
    int ok;

    if (ctx == NULL || EVP_PKEY_verify_init(ctx) <= 0 ||
        EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PADDING) <= 0 ||
        EVP_PKEY_CTX_set_signature_md(ctx, EVP_sha256()) <= 0)
        die("verify init");
    ok = EVP_PKEY_verify(ctx, s, s_len, h, 32) == 1;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

/* signs a random digest with key here and has OpenSSL verify it */
static int sign_here_verify_there(const ctc_rsa_private_key *key, EVP_PKEY *pk)
{
    uint8_t h[32];
    size_t k = ctc_rsa_size(ctc_rsa_private_key_public(key));

    tr_rand_bytes(h, sizeof h);
    if (ctc_rsa_pkcs1_sign(sig, sizeof sig, key, CTC_HASH_SHA256, h, 32, rng_openssl, NULL) != CTC_OK)
        return 0;
    if (ctc_rsa_pkcs1_verify(ctc_rsa_private_key_public(key), CTC_HASH_SHA256, h, 32, sig, k) != CTC_OK)
        return 0;
    return ossl_verify(pk, h, sig, k);
}

static EVP_PKEY *ossl_keygen(unsigned bits, unsigned long e)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    EVP_PKEY *pk = NULL;
    BIGNUM *be = BN_new();

    if (ctx == NULL || be == NULL || !BN_set_word(be, e) || EVP_PKEY_keygen_init(ctx) <= 0 ||
        EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, (int)bits) <= 0 ||
        EVP_PKEY_CTX_set1_rsa_keygen_pubexp(ctx, be) <= 0 || EVP_PKEY_keygen(ctx, &pk) <= 0)
        die("keygen");
    EVP_PKEY_CTX_free(ctx);
    BN_free(be);
    return pk;
}

/* checks our writer's output der[0..*lenp) (r its status) against
 * OpenSSL's bytes o[0..o_len) */
static void same_der(int r, const size_t *lenp, const uint8_t *o, int o_len)
{
    size_t len = *lenp;

    TR_EQ(r, CTC_OK);
    TR_EQ(len, (size_t)o_len);
    if (r == CTC_OK && len == (size_t)o_len)
        TR_MEM(der, o, len);
}

static void test_openssl_keys(void)
{
    static const struct { unsigned bits; unsigned long e; } specs[] = {
        { 2048, 65537 }, { 2048, 65537 }, { 2048, 3 }, { 2048, 0xffffffffUL },
        { 3072, 65537 }, { 4096, 65537 }
    };
    size_t i, len;

    tr_group("OpenSSL's keys: read here, written back byte for byte, signatures verify there");
    for (i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        EVP_PKEY *pk = ossl_keygen(specs[i].bits, specs[i].e);
        PKCS8_PRIV_KEY_INFO *p8 = EVP_PKEY2PKCS8(pk);
        unsigned char *o1 = NULL, *o2 = NULL, *o3 = NULL, *o4 = NULL;
        int l1 = i2d_PrivateKey(pk, &o1), l2 = i2d_PKCS8_PRIV_KEY_INFO(p8, &o2),
            l3 = i2d_PublicKey(pk, &o3), l4 = i2d_PUBKEY(pk, &o4);

        if (p8 == NULL || l1 <= 0 || l2 <= 0 || l3 <= 0 || l4 <= 0)
            die("i2d");
        TR_EQ(ctc_rsa_private_key_from_der(&priv, o1, (size_t)l1), CTC_OK);
        TR_EQ(ctc_rsa_bits(ctc_rsa_private_key_public(&priv)), specs[i].bits);
        same_der(ctc_rsa_private_key_to_der(der, sizeof der, &len, &priv), &len, o1, l1);
        TR_CHECK(len <= CTC_RSA_PRIVKEY_DER_MAX(specs[i].bits));
        TR_CHECK(sign_here_verify_there(&priv, pk));
        TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv2, o2, (size_t)l2), CTC_OK);
        TR_CHECK(memcmp(&priv, &priv2, sizeof priv) == 0);
        same_der(ctc_rsa_private_key_to_pkcs8(der, sizeof der, &len, &priv2), &len, o2, l2);
        TR_CHECK(len <= CTC_RSA_PKCS8_DER_MAX(specs[i].bits));
        TR_EQ(ctc_rsa_public_key_from_der(&pub, o3, (size_t)l3), CTC_OK);
        TR_CHECK(memcmp(&pub, ctc_rsa_private_key_public(&priv), sizeof pub) == 0);
        same_der(ctc_rsa_public_key_to_der(der, sizeof der, &len, &pub), &len, o3, l3);
        TR_CHECK(len <= CTC_RSA_PUBKEY_DER_MAX(specs[i].bits));
        TR_EQ(ctc_rsa_public_key_from_spki(&pub, o4, (size_t)l4), CTC_OK);
        TR_CHECK(memcmp(&pub, ctc_rsa_private_key_public(&priv), sizeof pub) == 0);
        same_der(ctc_rsa_public_key_to_spki(der, sizeof der, &len, &pub), &len, o4, l4);
        TR_CHECK(len <= CTC_RSA_SPKI_DER_MAX(specs[i].bits));
        /* the same key without d (imported from its parts): the written d
         * is e^-1 mod lcm(p - 1, q - 1), and OpenSSL accepts the key */
        {
            BIGNUM *bn[8] = { NULL };
            static const char *names[8] = {
                OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E, OSSL_PKEY_PARAM_RSA_FACTOR1,
                OSSL_PKEY_PARAM_RSA_FACTOR2, OSSL_PKEY_PARAM_RSA_EXPONENT1,
                OSSL_PKEY_PARAM_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_COEFFICIENT1,
                OSSL_PKEY_PARAM_RSA_D
            };
            uint8_t b[8][CTC_RSA_MAX_BYTES];
            int bl[8], j;
            const unsigned char *pp;
            EVP_PKEY *back;
            EVP_PKEY_CTX *cctx;
            BN_CTX *bctx = BN_CTX_new();
            BIGNUM *t = BN_new(), *dd, *phi = BN_new(), *p1 = BN_new(), *q1 = BN_new();

            for (j = 0; j < 8; j++) {
                if (!EVP_PKEY_get_bn_param(pk, names[j], &bn[j]))
                    die("get_bn_param");
                bl[j] = BN_bn2bin(bn[j], b[j]);
            }
            TR_EQ(ctc_rsa_private_key_import(&priv2, b[0], (size_t)bl[0], b[1], (size_t)bl[1],
                                             b[2], (size_t)bl[2], b[3], (size_t)bl[3],
                                             b[4], (size_t)bl[4], b[5], (size_t)bl[5],
                                             b[6], (size_t)bl[6]), CTC_OK);
            TR_EQ(ctc_rsa_private_key_to_der(der, sizeof der, &len, &priv2), CTC_OK);
            pp = der;
            back = d2i_PrivateKey(EVP_PKEY_RSA, NULL, &pp, (long)len);
            TR_CHECK(back != NULL && pp == der + len);
            if (back != NULL) {
                cctx = EVP_PKEY_CTX_new(back, NULL);
                TR_EQ(EVP_PKEY_check(cctx), 1);
                EVP_PKEY_CTX_free(cctx);
                dd = NULL;
                if (!EVP_PKEY_get_bn_param(back, OSSL_PKEY_PARAM_RSA_D, &dd))
                    die("d");
                /* d = e^-1 mod lcm(p - 1, q - 1), by BN_mod_inverse */
                BN_sub(p1, bn[2], BN_value_one());
                BN_sub(q1, bn[3], BN_value_one());
                BN_mul(phi, p1, q1, bctx);
                BN_gcd(t, p1, q1, bctx);
                BN_div(phi, NULL, phi, t, bctx);
                BN_mod_inverse(t, bn[1], phi, bctx);
                TR_EQ(BN_cmp(t, dd), 0);
                BN_free(dd);
                EVP_PKEY_free(back);
            }
            /* and this DER is read back here, to the same key */
            TR_EQ(ctc_rsa_private_key_from_der(&priv, der, len), CTC_OK);
            TR_CHECK(memcmp(priv.p, priv2.p, sizeof priv.p) == 0);
            for (j = 0; j < 8; j++)
                BN_free(bn[j]);
            BN_free(t);
            BN_free(phi);
            BN_free(p1);
            BN_free(q1);
            BN_CTX_free(bctx);
        }
        OPENSSL_free(o1);
        OPENSSL_free(o2);
        OPENSSL_free(o3);
        OPENSSL_free(o4);
        PKCS8_PRIV_KEY_INFO_free(p8);
        EVP_PKEY_free(pk);
    }
    tr_group_end();
}

/* every property of a generated key that OpenSSL can tell */
static void check_generated(unsigned bits, uint32_t e)
{
    const unsigned char *pp;
    EVP_PKEY *pk, *pk8, *pub1, *pub2;
    PKCS8_PRIV_KEY_INFO *p8;
    EVP_PKEY_CTX *cctx;
    BIGNUM *n = NULL, *be = NULL, *d = NULL, *p = NULL, *q = NULL, *t = BN_new(),
           *p1 = BN_new(), *q1 = BN_new(), *g = BN_new(), *lam = BN_new();
    BN_CTX *bctx = BN_CTX_new();
    size_t len;
    int half = (int)bits / 2;

    TR_EQ(ctc_rsa_private_key_to_der(der, sizeof der, &len, &priv), CTC_OK);
    TR_CHECK(len <= CTC_RSA_PRIVKEY_DER_MAX(bits));
    pp = der;
    pk = d2i_PrivateKey(EVP_PKEY_RSA, NULL, &pp, (long)len);
    TR_CHECK(pk != NULL && pp == der + len);
    if (pk == NULL)
        return;
    TR_EQ(ctc_rsa_private_key_from_der(&priv2, der, len), CTC_OK);
    TR_CHECK(memcmp(&priv, &priv2, sizeof priv) == 0);
    cctx = EVP_PKEY_CTX_new(pk, NULL);
    TR_EQ(EVP_PKEY_check(cctx), 1);
    TR_EQ(EVP_PKEY_public_check(cctx), 1);
    EVP_PKEY_CTX_free(cctx);
    if (!EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_RSA_N, &n) ||
        !EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_RSA_E, &be) ||
        !EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_RSA_D, &d) ||
        !EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_RSA_FACTOR1, &p) ||
        !EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_RSA_FACTOR2, &q))
        die("get_bn_param");
    TR_EQ(BN_num_bits(n), (int)bits);
    TR_EQ(BN_get_word(be), e);
    TR_EQ(BN_num_bits(p), half);
    TR_EQ(BN_num_bits(q), half);
    TR_CHECK(BN_is_bit_set(p, half - 2) && BN_is_bit_set(q, half - 2));
    TR_EQ(BN_check_prime(p, bctx, NULL), 1);
    TR_EQ(BN_check_prime(q, bctx, NULL), 1);
    /* |p - q| > 2^(bits/2 - 100) */
    BN_sub(t, p, q);
    BN_set_negative(t, 0);
    BN_zero(g);
    BN_set_bit(g, half - 100);
    TR_CHECK(BN_cmp(t, g) > 0);
    /* d > 2^(bits/2) and e d = 1 mod lcm(p - 1, q - 1) */
    BN_zero(g);
    BN_set_bit(g, half);
    TR_CHECK(BN_cmp(d, g) > 0);
    BN_sub(p1, p, BN_value_one());
    BN_sub(q1, q, BN_value_one());
    BN_gcd(g, p1, q1, bctx);
    BN_mul(lam, p1, q1, bctx);
    BN_div(lam, NULL, lam, g, bctx);
    BN_mod_mul(t, d, be, lam, bctx);
    TR_CHECK(BN_is_one(t));
    TR_CHECK(BN_cmp(d, lam) < 0);   /* reduced mod lambda (FIPS 186-5) */
    TR_CHECK(sign_here_verify_there(&priv, pk));
    /* PKCS#8, RSAPublicKey and SubjectPublicKeyInfo read by OpenSSL */
    TR_EQ(ctc_rsa_private_key_to_pkcs8(der, sizeof der, &len, &priv), CTC_OK);
    pp = der;
    p8 = d2i_PKCS8_PRIV_KEY_INFO(NULL, &pp, (long)len);
    TR_CHECK(p8 != NULL && pp == der + len);
    pk8 = p8 != NULL ? EVP_PKCS82PKEY(p8) : NULL;
    TR_CHECK(pk8 != NULL && EVP_PKEY_eq(pk, pk8) == 1);
    TR_EQ(ctc_rsa_private_key_from_pkcs8(&priv2, der, len), CTC_OK);
    TR_EQ(ctc_rsa_public_key_to_der(der, sizeof der, &len, ctc_rsa_private_key_public(&priv)), CTC_OK);
    pp = der;
    pub1 = d2i_PublicKey(EVP_PKEY_RSA, NULL, &pp, (long)len);
    TR_CHECK(pub1 != NULL && pp == der + len && EVP_PKEY_eq(pk, pub1) == 1);
    TR_EQ(ctc_rsa_public_key_to_spki(der, sizeof der, &len, ctc_rsa_private_key_public(&priv)), CTC_OK);
    pp = der;
    pub2 = d2i_PUBKEY(NULL, &pp, (long)len);
    TR_CHECK(pub2 != NULL && pp == der + len && EVP_PKEY_eq(pk, pub2) == 1);
    TR_EQ(ctc_rsa_public_key_from_spki(&pub, der, len), CTC_OK);
    TR_CHECK(memcmp(&pub, ctc_rsa_private_key_public(&priv), sizeof pub) == 0);
    EVP_PKEY_free(pub1);
    EVP_PKEY_free(pub2);
    EVP_PKEY_free(pk8);
    PKCS8_PRIV_KEY_INFO_free(p8);
    EVP_PKEY_free(pk);
    BN_free(n);
    BN_free(be);
    BN_free(d);
    BN_free(p);
    BN_free(q);
    BN_free(t);
    BN_free(p1);
    BN_free(q1);
    BN_free(g);
    BN_free(lam);
    BN_CTX_free(bctx);
}

static void test_keygen(unsigned bits, int count)
{
    static const uint32_t es[3] = { 65537, 0xffffffffu, 65539 };
    int i;

    tr_group(bits == 2048 ? "keygen 2048: OpenSSL reads and checks the keys"
             : bits == 3072 ? "keygen 3072: OpenSSL reads and checks the keys"
             : "keygen 4096: OpenSSL reads and checks the keys");
    for (i = 0; i < count; i++) {
        uint32_t e = es[i % 3];

        TR_EQ(ctc_rsa_keygen(&priv, bits, e, rng_openssl, NULL), CTC_OK);
        check_generated(bits, e);
    }
    tr_group_end();
}

static void test_keygen_refusals(void)
{
    unsigned left;
    size_t i;

    tr_group("keygen refusals: sizes, exponents, a failing generator");
    TR_EQ(ctc_rsa_keygen(&priv, 1024, 65537, rng_openssl, NULL), CTC_ERR_PARAM);
    TR_EQ(ctc_rsa_keygen(&priv, 2046, 65537, rng_openssl, NULL), CTC_ERR_PARAM);
    TR_EQ(ctc_rsa_keygen(&priv, 2049, 65537, rng_openssl, NULL), CTC_ERR_PARAM);
    TR_EQ(ctc_rsa_keygen(&priv, 4098, 65537, rng_openssl, NULL), CTC_ERR_PARAM);
    TR_EQ(ctc_rsa_keygen(&priv, 2048, 3, rng_openssl, NULL), CTC_ERR_PARAM);
    TR_EQ(ctc_rsa_keygen(&priv, 2048, 65536, rng_openssl, NULL), CTC_ERR_PARAM);
    TR_EQ(ctc_rsa_keygen(&priv, 2048, 65538, rng_openssl, NULL), CTC_ERR_PARAM);
    TR_EQ(ctc_rsa_keygen(&priv, 2048, 65537, NULL, NULL), CTC_ERR_PARAM);
    TR_EQ(ctc_rsa_keygen(NULL, 2048, 65537, rng_openssl, NULL), CTC_ERR_PARAM);
    left = 0;
    TR_EQ(ctc_rsa_keygen(&priv, 2048, 65537, rng_failing, &left), CTC_ERR_RNG);
    left = 50;   /* fails while p or q is searched for */
    memset(&priv, 0xa5, sizeof priv);
    TR_EQ(ctc_rsa_keygen(&priv, 2048, 65537, rng_failing_zeros, &left), CTC_ERR_RNG);
    TR_EQ(left, 0);
    for (i = 0; i < sizeof priv && ((const uint8_t *)&priv)[i] == 0; i++)
        ;
    TR_EQ(i, sizeof priv);
    tr_group_end();
}

int main(void)
{
    tr_init("test_rsa_keys_openssl");
    tr_seed(0x5253414b);
    test_openssl_keys();
    test_keygen_refusals();
    test_keygen(2048, (int)diff_count(N_2048, 4));
    test_keygen(3072, (int)diff_count(2, 1));
    test_keygen(4096, (int)diff_count(2, 1));
    return tr_finish();
}

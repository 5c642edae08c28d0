/*
 * test_rsa_openssl.c - RSA against OpenSSL 3's libcrypto (host only).
 *
 * Keys: for each size (2048, 3072, 4096 bits) a pool of random primes of
 * half the size from BN_generate_prime_ex, every pair of them one key
 * (a pool of m primes gives m (m - 1) / 2 distinct moduli for m prime
 * generations), public exponents 65537, 3 and random odd 32-bit values
 * in turn (a pair whose p - 1 or q - 1 shares a factor with e takes the
 * next exponent). For every key:
 *  - the public operation equals BN_mod_exp on a random input < n;
 *  - OpenSSL's PKCS#1 v1.5 signature (EVP_PKEY_sign, SHA-256, SHA-384 and
 *    SHA-512 in turn) verifies here; with one bit flipped, or another
 *    digest, it is refused;
 *  - OpenSSL's PSS signature (random salt length from 0 to the largest,
 *    the MGF1 hash independent of the message hash) verifies here with
 *    its salt length and with CTC_RSA_PSS_SALT_ANY, is refused with
 *    another salt length, with one bit flipped and with another digest;
 *  - the private key imported here from the same p, q, dp, dq, qinv:
 *    PKCS#1 v1.5 signatures made here equal OpenSSL's and verify there,
 *    PSS signatures made here (random salt lengths, an independent MGF1
 *    hash) verify there (EVP_PKEY_verify), and the private operation on
 *    a random input is undone by the public one.
 * The number of keys and signatures is printed.
 */
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctcrypto/hash.h"
#include "ctcrypto/rsa.h"
#include "diff_scale.h"
#include "runner.h"

static BN_CTX *bctx;

static void die(const char *what)
{
    tr_puts("OpenSSL failure: ");
    tr_puts(what);
    tr_puts("\n");
    abort();
}

static const int hash_ids[3] = { CTC_HASH_SHA256, CTC_HASH_SHA384, CTC_HASH_SHA512 };

static const EVP_MD *md_of(int id)
{
    switch (id) {
    case CTC_HASH_SHA256: return EVP_sha256();
    case CTC_HASH_SHA384: return EVP_sha384();
    default: return EVP_sha512();
    }
}

/* an OpenSSL key from p, q and e; NULL when gcd(e, lcm(p-1, q-1)) != 1 */
struct okey {
    EVP_PKEY *pk;
    BIGNUM *n, *e, *p, *q, *dp, *dq, *qi;
};

static int make_key(struct okey *k, const BIGNUM *p, const BIGNUM *q, unsigned long ev)
{
    BIGNUM *n = BN_new(), *e = BN_new(), *d = BN_new(), *p1 = BN_new(),
           *q1 = BN_new(), *phi = BN_new(), *dp = BN_new(), *dq = BN_new(),
           *qi = BN_new();
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params;
    EVP_PKEY_CTX *ctx;
    const BIGNUM *P = p, *Q = q;
    int ok = 0;

    if (!n || !e || !d || !p1 || !q1 || !phi || !dp || !dq || !qi || !bld)
        die("alloc");
    if (BN_cmp(p, q) < 0) {   /* p > q, as OpenSSL's key generation has it */
        P = q;
        Q = p;
    }
    BN_mul(n, P, Q, bctx);
    BN_set_word(e, ev);
    BN_sub(p1, P, BN_value_one());
    BN_sub(q1, Q, BN_value_one());
    BN_mul(phi, p1, q1, bctx);
    if (BN_mod_inverse(d, e, phi, bctx) == NULL) {
        ERR_clear_error();
        goto out;
    }
    BN_mod(dp, d, p1, bctx);
    BN_mod(dq, d, q1, bctx);
    if (BN_mod_inverse(qi, Q, P, bctx) == NULL)
        die("qinv");
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, n);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, e);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_D, d);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_FACTOR1, P);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_FACTOR2, Q);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_EXPONENT1, dp);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_EXPONENT2, dq);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_COEFFICIENT1, qi);
    params = OSSL_PARAM_BLD_to_param(bld);
    ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    k->pk = NULL;
    if (!params || !ctx || EVP_PKEY_fromdata_init(ctx) <= 0 ||
        EVP_PKEY_fromdata(ctx, &k->pk, EVP_PKEY_KEYPAIR, params) <= 0)
        die("fromdata");
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    k->n = BN_dup(n);
    k->e = BN_dup(e);
    k->p = BN_dup(P);
    k->q = BN_dup(Q);
    k->dp = BN_dup(dp);
    k->dq = BN_dup(dq);
    k->qi = BN_dup(qi);
    ok = 1;
out:
    BN_free(n); BN_free(e); BN_free(d); BN_free(p1); BN_free(q1);
    BN_free(phi); BN_free(dp); BN_free(dq); BN_free(qi);
    OSSL_PARAM_BLD_free(bld);
    return ok;
}

static void free_key(struct okey *k)
{
    EVP_PKEY_free(k->pk);
    BN_free(k->n);
    BN_free(k->e);
    BN_clear_free(k->p);
    BN_clear_free(k->q);
    BN_clear_free(k->dp);
    BN_clear_free(k->dq);
    BN_clear_free(k->qi);
}

/* OpenSSL's signature of the digest h (pss: salt length and MGF1 hash) */
static size_t ossl_sign(uint8_t *sig, size_t cap, EVP_PKEY *pk, int hid,
                        const uint8_t *h, size_t hl, int pss, int salt, int mgf)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pk, NULL);
    size_t len = cap;

    if (!ctx || EVP_PKEY_sign_init(ctx) <= 0 ||
        EVP_PKEY_CTX_set_signature_md(ctx, md_of(hid)) <= 0)
        die("sign init");
    if (pss) {
        if (EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PSS_PADDING) <= 0 ||
            EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, salt) <= 0 ||
            EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, md_of(mgf)) <= 0)
            die("pss params");
    } else if (EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PADDING) <= 0) {
        die("pkcs1 padding");
    }
    if (EVP_PKEY_sign(ctx, sig, &len, h, hl) <= 0)
        die("sign");
    EVP_PKEY_CTX_free(ctx);
    return len;
}

/* the test's generator for blinding and salts */
static int rng(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    tr_rand_bytes(out, len);
    return 0;
}

static void import_priv(ctc_rsa_private_key *key, const struct okey *k)
{
    uint8_t b[7][CTC_RSA_MAX_BYTES];
    const BIGNUM *v[7] = { k->n, k->e, k->p, k->q, k->dp, k->dq, k->qi };
    size_t l[7];
    int i;

    for (i = 0; i < 7; i++)
        l[i] = (size_t)BN_bn2bin(v[i], b[i]);
    TR_EQ(ctc_rsa_private_key_import(key, b[0], l[0], b[1], l[1], b[2], l[2], b[3], l[3],
                                     b[4], l[4], b[5], l[5], b[6], l[6]), CTC_OK);
}

/* OpenSSL's verdict on a signature (pss: salt length and MGF1 hash) */
static int ossl_verify(EVP_PKEY *pk, int hid, const uint8_t *h, size_t hl,
                       const uint8_t *sig, size_t sl, int pss, int salt, int mgf)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pk, NULL);
    int r;

    if (!ctx || EVP_PKEY_verify_init(ctx) <= 0 ||
        EVP_PKEY_CTX_set_signature_md(ctx, md_of(hid)) <= 0)
        die("verify init");
    if (pss) {
        if (EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PSS_PADDING) <= 0 ||
            EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, salt) <= 0 ||
            EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, md_of(mgf)) <= 0)
            die("pss params");
    } else if (EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PADDING) <= 0) {
        die("pkcs1 padding");
    }
    r = EVP_PKEY_verify(ctx, sig, sl, h, hl);
    EVP_PKEY_CTX_free(ctx);
    ERR_clear_error();
    return r == 1;
}

static unsigned long n_signed;

/* signatures made here: OpenSSL verifies them; PKCS#1 v1.5 equals
 * OpenSSL's own (deterministic); the private operation inverts the
 * public one */
static void check_sign(const struct okey *k, unsigned i)
{
    static ctc_rsa_private_key priv;
    int hid = hash_ids[(i + 1) % 3], mgf = hash_ids[(i / 3 + 2) % 3];
    size_t hl = ctc_hash_size(hid), kl, sl, salt;
    uint8_t h[64], sig[CTC_RSA_MAX_BYTES], want[CTC_RSA_MAX_BYTES], x[CTC_RSA_MAX_BYTES];
    size_t em_len;
    BIGNUM *a = BN_new();

    import_priv(&priv, k);
    kl = ctc_rsa_size(ctc_rsa_private_key_public(&priv));
    em_len = (ctc_rsa_bits(ctc_rsa_private_key_public(&priv)) + 6) / 8;
    tr_rand_bytes(h, hl);
    TR_EQ(ctc_rsa_pkcs1_sign(sig, sizeof sig, &priv, hid, h, hl, rng, NULL), CTC_OK);
    TR_CHECK(ossl_verify(k->pk, hid, h, hl, sig, kl, 0, 0, 0));
    sl = ossl_sign(want, sizeof want, k->pk, hid, h, hl, 0, 0, 0);
    TR_EQ(sl, kl);
    TR_MEM(sig, want, kl);
    salt = (i % 2) ? hl : tr_rand32() % (em_len - hl - 1);
    TR_EQ(ctc_rsa_pss_sign(sig, sizeof sig, &priv, hid, mgf, salt, h, hl, rng, NULL), CTC_OK);
    TR_CHECK(ossl_verify(k->pk, hid, h, hl, sig, kl, 1, (int)salt, mgf));
    /* a random input < n through the private and then the public operation */
    if (!a || !BN_rand_range(a, k->n))
        die("rand");
    BN_bn2binpad(a, x, (int)kl);
    TR_EQ(ctc_rsa_private(sig, sizeof sig, &priv, x, kl, rng, NULL), CTC_OK);
    TR_EQ(ctc_rsa_public(want, sizeof want, ctc_rsa_private_key_public(&priv), sig, kl), CTC_OK);
    TR_MEM(want, x, kl);
    BN_free(a);
    ctc_rsa_private_key_wipe(&priv);
    n_signed += 2;
}

static unsigned long n_keys, n_sigs;

static void import(ctc_rsa_public_key *key, const struct okey *k)
{
    uint8_t nb[CTC_RSA_MAX_BYTES], eb[4];
    int nl = BN_bn2bin(k->n, nb), el = BN_bn2binpad(k->e, eb, 4);

    TR_EQ(ctc_rsa_public_key_import(key, nb, (size_t)nl, eb, (size_t)el), CTC_OK);
    TR_EQ(ctc_rsa_bits(key), BN_num_bits(k->n));
    TR_EQ(ctc_rsa_size(key), nl);
}

/* the public operation against BN_mod_exp */
static void check_public(const ctc_rsa_public_key *key, const struct okey *k)
{
    size_t kl = ctc_rsa_size(key);
    uint8_t in[CTC_RSA_MAX_BYTES], out[CTC_RSA_MAX_BYTES], want[CTC_RSA_MAX_BYTES];
    BIGNUM *a = BN_new(), *x = BN_new();

    if (!a || !x || !BN_rand_range(a, k->n) || !BN_mod_exp(x, a, k->e, k->n, bctx))
        die("mod_exp");
    BN_bn2binpad(a, in, (int)kl);
    BN_bn2binpad(x, want, (int)kl);
    TR_EQ(ctc_rsa_public(out, kl, key, in, kl), CTC_OK);
    TR_MEM(out, want, kl);
    /* n itself is refused */
    BN_bn2binpad(k->n, in, (int)kl);
    TR_EQ(ctc_rsa_public(out, kl, key, in, kl), CTC_ERR_RANGE);
    BN_free(a);
    BN_free(x);
}

static void check_pkcs1(const ctc_rsa_public_key *key, const struct okey *k, unsigned i)
{
    int hid = hash_ids[i % 3], other = hash_ids[(i + 1) % 3];
    size_t hl = ctc_hash_size(hid), kl = ctc_rsa_size(key), sl, bit;
    uint8_t h[64], sig[CTC_RSA_MAX_BYTES];

    tr_rand_bytes(h, hl);
    sl = ossl_sign(sig, sizeof sig, k->pk, hid, h, hl, 0, 0, 0);
    TR_EQ(sl, kl);
    TR_EQ(ctc_rsa_pkcs1_verify(key, hid, h, hl, sig, sl), CTC_OK);
    /* another digest id (of another length): refused */
    TR_CHECK(ctc_rsa_pkcs1_verify(key, other, h, ctc_hash_size(other), sig, sl) != CTC_OK);
    h[tr_rand32() % hl] ^= 1;
    TR_EQ(ctc_rsa_pkcs1_verify(key, hid, h, hl, sig, sl), CTC_ERR_SIGNATURE);
    tr_rand_bytes(h, hl);
    sl = ossl_sign(sig, sizeof sig, k->pk, hid, h, hl, 0, 0, 0);
    bit = tr_rand32() % (8 * sl);
    sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    TR_CHECK(ctc_rsa_pkcs1_verify(key, hid, h, hl, sig, sl) != CTC_OK);
    TR_EQ(ctc_rsa_pkcs1_verify(key, hid, h, hl, sig, sl - 1), CTC_ERR_LENGTH);
    n_sigs += 2;
}

static void check_pss(const ctc_rsa_public_key *key, const struct okey *k, unsigned i)
{
    int hid = hash_ids[i % 3], mgf = hash_ids[(i / 3) % 3];
    size_t hl = ctc_hash_size(hid), kl = ctc_rsa_size(key), sl, bit;
    size_t em_len = (ctc_rsa_bits(key) + 6) / 8, smax = em_len - hl - 2, salt;
    uint8_t h[64], sig[CTC_RSA_MAX_BYTES];

    /* salt lengths: 0, the digest size, the largest, or random */
    switch (i % 4) {
    case 0: salt = 0; break;
    case 1: salt = hl; break;
    case 2: salt = smax; break;
    default: salt = tr_rand32() % (smax + 1); break;
    }
    tr_rand_bytes(h, hl);
    sl = ossl_sign(sig, sizeof sig, k->pk, hid, h, hl, 1, (int)salt, mgf);
    TR_EQ(sl, kl);
    TR_EQ(ctc_rsa_pss_verify(key, hid, mgf, salt, h, hl, sig, sl), CTC_OK);
    TR_EQ(ctc_rsa_pss_verify(key, hid, mgf, CTC_RSA_PSS_SALT_ANY, h, hl, sig, sl), CTC_OK);
    if (salt < smax)
        TR_EQ(ctc_rsa_pss_verify(key, hid, mgf, salt + 1, h, hl, sig, sl), CTC_ERR_SIGNATURE);
    if (salt > 0)
        TR_EQ(ctc_rsa_pss_verify(key, hid, mgf, salt - 1, h, hl, sig, sl), CTC_ERR_SIGNATURE);
    TR_EQ(ctc_rsa_pss_verify(key, hid, mgf, smax + 1, h, hl, sig, sl), CTC_ERR_LENGTH);
    /* the wrong MGF1 hash */
    TR_EQ(ctc_rsa_pss_verify(key, hid, hash_ids[(i / 3 + 1) % 3], CTC_RSA_PSS_SALT_ANY,
                             h, hl, sig, sl), CTC_ERR_SIGNATURE);
    h[tr_rand32() % hl] ^= 0x80;
    TR_EQ(ctc_rsa_pss_verify(key, hid, mgf, salt, h, hl, sig, sl), CTC_ERR_SIGNATURE);
    tr_rand_bytes(h, hl);
    sl = ossl_sign(sig, sizeof sig, k->pk, hid, h, hl, 1, (int)salt, mgf);
    bit = tr_rand32() % (8 * sl);
    sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    TR_CHECK(ctc_rsa_pss_verify(key, hid, mgf, salt, h, hl, sig, sl) != CTC_OK);
    n_sigs += 2;
}

/* every pair of a pool of `pool` primes of bits / 2 bits */
static void run_size(int bits, int pool)
{
    BIGNUM *pr[64];
    unsigned long exps[3] = { 65537, 3, 0 };
    unsigned i = 0;
    int a, b, j;
    char name[64];

    snprintf(name, sizeof name, "RSA-%d: pairs of %d random primes", bits, pool);
    tr_group(name);
    for (j = 0; j < pool; j++) {
        /* the two top bits are set: a product of two has `bits` bits */
        pr[j] = BN_new();
        if (!pr[j] || !BN_generate_prime_ex(pr[j], bits / 2, 0, NULL, NULL, NULL))
            die("prime");
    }
    for (a = 0; a < pool; a++) {
        for (b = a + 1; b < pool; b++) {
            static ctc_rsa_public_key key;
            struct okey k;
            unsigned t;

            for (t = 0; t < 4; t++) {
                unsigned long ev = exps[(i + t) % 3];

                if (ev == 0)
                    ev = (tr_rand32() | 1u) | 0x80000000u;
                if (make_key(&k, pr[a], pr[b], ev))
                    break;
            }
            if (t == 4)
                continue;
            TR_EQ(BN_num_bits(k.n), bits);
            import(&key, &k);
            check_public(&key, &k);
            check_pkcs1(&key, &k, i);
            check_pss(&key, &k, i);
            check_sign(&k, i);
            free_key(&k);
            n_keys++;
            i++;
        }
    }
    for (j = 0; j < pool; j++)
        BN_free(pr[j]);
    tr_group_end();
}

int main(void)
{
    bctx = BN_CTX_new();
    if (!bctx)
        die("BN_CTX");
    tr_init("test_rsa_openssl");
    tr_seed(0x7273615f6f73736cull);
    /* pools of 58, 24 and 16 primes (2049 keys: 1653 of 2048 bits, 276
     * of 3072, 120 of 4096) in the main host configuration, 8, 4 and 3
     * (37 keys) in the others (diff_scale.h) */
    run_size(2048, (int)diff_count(58, 8));
    run_size(3072, (int)diff_count(24, 4));
    run_size(4096, (int)diff_count(16, 3));
    tr_puts("  keys: ");
    tr_putu(n_keys);
    tr_puts(", OpenSSL signatures verified or refused here: ");
    tr_putu(n_sigs);
    tr_puts(", signatures made here and verified by OpenSSL: ");
    tr_putu(n_signed);
    tr_puts("\n");
    BN_CTX_free(bctx);
    return tr_finish();
}

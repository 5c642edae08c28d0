/*
 * test_rsa_enc_openssl.c - RSAES-OAEP and RSAES-PKCS1-v1_5 against OpenSSL
 * 3's libcrypto (host only).
 *
 * Keys from EVP_PKEY_keygen: 2048 bits (e = 65537 and e = 3), 3072 and
 * 4096 bits; each imported here from OpenSSL's n, e, p, q, dp, dq, qinv,
 * with its d (ctc_rsa_private_key_set_d). For every key and, for OAEP,
 * every hash (SHA-256, SHA-384, SHA-512, the MGF1 hash chosen apart, a
 * label every other time) on a random message of random length up to the
 * largest:
 *  - OpenSSL encrypts, this library decrypts the same message;
 *  - this library encrypts, OpenSSL decrypts the same message;
 *  - a ciphertext with one bit changed: OAEP refuses it here with
 *    CTC_ERR_RSA_DECRYPT (and OpenSSL refuses it too); PKCS#1 v1.5
 *    decrypts here, without an error, to the message of implicit
 *    rejection as computed in this file from OpenSSL's primitives (the
 *    raw decryption EVP_PKEY_decrypt with RSA_NO_PADDING, the padding
 *    checked here, KDK and IRPRF with EVP_Q_mac's HMAC-SHA-256), and
 *    OpenSSL (3.0: no implicit rejection) refuses it unless its padding
 *    happens to be valid, in which case both give the same message.
 * The number of keys and operations is printed.
 */
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctcrypto/hash.h"
#include "ctcrypto/rsa.h"
#include "runner.h"

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

static int rng(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    tr_rand_bytes(out, len);
    return 0;
}

static ctc_rsa_private_key priv;
static unsigned long n_ops, n_syn, n_refused;
static uint8_t d_be[CTC_RSA_MAX_BYTES];
static size_t d_len;

static EVP_PKEY *gen_key(int bits, unsigned e)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    EVP_PKEY *pk = NULL;
    BIGNUM *be = BN_new();

    if (c == NULL || be == NULL || EVP_PKEY_keygen_init(c) <= 0 ||
        EVP_PKEY_CTX_set_rsa_keygen_bits(c, bits) <= 0 || !BN_set_word(be, e) ||
        EVP_PKEY_CTX_set1_rsa_keygen_pubexp(c, be) <= 0 || EVP_PKEY_keygen(c, &pk) <= 0)
        die("keygen");
    BN_free(be);
    EVP_PKEY_CTX_free(c);
    return pk;
}

static void import_key(EVP_PKEY *pk)
{
    static const char *names[8] = {
        OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E, OSSL_PKEY_PARAM_RSA_FACTOR1,
        OSSL_PKEY_PARAM_RSA_FACTOR2, OSSL_PKEY_PARAM_RSA_EXPONENT1,
        OSSL_PKEY_PARAM_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_COEFFICIENT1, OSSL_PKEY_PARAM_RSA_D
    };
    static uint8_t b[8][CTC_RSA_MAX_BYTES];
    size_t l[8];
    int i;

    for (i = 0; i < 8; i++) {
        BIGNUM *v = NULL;

        if (!EVP_PKEY_get_bn_param(pk, names[i], &v))
            die("get_bn_param");
        l[i] = (size_t)BN_bn2bin(v, b[i]);
        BN_clear_free(v);
    }
    TR_EQ(ctc_rsa_private_key_import(&priv, b[0], l[0], b[1], l[1], b[2], l[2], b[3], l[3],
                                     b[4], l[4], b[5], l[5], b[6], l[6]), CTC_OK);
    TR_EQ(ctc_rsa_private_key_set_d(&priv, b[7], l[7]), CTC_OK);
    memcpy(d_be, b[7], l[7]);
    d_len = l[7];
}

/* OpenSSL's encryption or decryption; returns the output length or -1 */
static long ossl_crypt(EVP_PKEY *pk, int enc, int pad, int hid, int mgf, const uint8_t *label,
                       size_t label_len, uint8_t *out, size_t cap, const uint8_t *in,
                       size_t in_len)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);
    size_t ol = cap;
    long r = -1;

    if (c == NULL || (enc ? EVP_PKEY_encrypt_init(c) : EVP_PKEY_decrypt_init(c)) <= 0 ||
        EVP_PKEY_CTX_set_rsa_padding(c, pad) <= 0)
        die("crypt init");
    if (pad == RSA_PKCS1_OAEP_PADDING) {
        if (EVP_PKEY_CTX_set_rsa_oaep_md(c, md_of(hid)) <= 0 ||
            EVP_PKEY_CTX_set_rsa_mgf1_md(c, md_of(mgf)) <= 0)
            die("oaep md");
        if (label_len > 0) {
            void *l = OPENSSL_memdup(label, label_len);

            if (l == NULL || EVP_PKEY_CTX_set0_rsa_oaep_label(c, l, (int)label_len) <= 0)
                die("oaep label");
        }
    }
    if ((enc ? EVP_PKEY_encrypt(c, out, &ol, in, in_len)
             : EVP_PKEY_decrypt(c, out, &ol, in, in_len)) > 0)
        r = (long)ol;
    ERR_clear_error();
    EVP_PKEY_CTX_free(c);
    return r;
}

static void hmac256(uint8_t out[32], const uint8_t *key, size_t key_len, const uint8_t *data,
                    size_t len)
{
    size_t ol = 0;

    if (EVP_Q_mac(NULL, "HMAC", NULL, "SHA256", NULL, key, key_len, data, len, out, 32, &ol) ==
        NULL || ol != 32)
        die("hmac");
}

/* the draft's IRPRF with OpenSSL's HMAC */
static void irprf(uint8_t *out, size_t len, const uint8_t kdk[32], const char *label)
{
    uint8_t in[2 + 16 + 2], blk[32];
    size_t ll = strlen(label), done, m;
    unsigned i = 0;

    for (done = 0; done < len; done += m, i++) {
        in[0] = (uint8_t)(i >> 8);
        in[1] = (uint8_t)i;
        memcpy(in + 2, label, ll);
        in[2 + ll] = (uint8_t)((8 * len) >> 8);
        in[3 + ll] = (uint8_t)(8 * len);
        hmac256(blk, kdk, 32, in, ll + 4);
        m = len - done < 32 ? len - done : 32;
        memcpy(out + done, blk, m);
    }
}

/* the expected output of implicit rejection for ct under pk (k bytes) */
static size_t expect_ir(uint8_t *out, EVP_PKEY *pk, const uint8_t *ct, size_t k)
{
    uint8_t em[CTC_RSA_MAX_BYTES], dk[CTC_RSA_MAX_BYTES], dh[32], kdk[32], syn[CTC_RSA_MAX_BYTES],
            lens[256];
    size_t i, z, al = 0, mask = k - 10;

    if (ossl_crypt(pk, 0, RSA_NO_PADDING, 0, 0, NULL, 0, em, sizeof em, ct, k) != (long)k)
        die("raw decrypt");
    for (z = 2; z < k && em[z] != 0; z++)
        ;
    if (em[0] == 0 && em[1] == 2 && z < k && z >= 10) {
        memcpy(out, em + z + 1, k - z - 1);
        return k - z - 1;
    }
    memset(dk, 0, k - d_len);
    memcpy(dk + k - d_len, d_be, d_len);
    if (EVP_Q_digest(NULL, "SHA256", NULL, dk, k, dh, NULL) == 0)
        die("sha256");
    hmac256(kdk, dh, 32, ct, k);
    irprf(syn, k, kdk, "message");
    irprf(lens, sizeof lens, kdk, "length");
    while (mask & (mask + 1))
        mask |= mask >> 1;
    for (i = 0; i < sizeof lens; i += 2) {
        size_t cl = ((size_t)lens[i] << 8 | lens[i + 1]) & mask;

        if (cl < k - 10)
            al = cl;
    }
    memcpy(out, syn + k - al, al);
    return al;
}

static void run_key(int bits, unsigned e)
{
    static const uint8_t label[9] = "a label.";
    static uint8_t msg[CTC_RSA_MAX_BYTES], ct[CTC_RSA_MAX_BYTES], out[CTC_RSA_MAX_BYTES],
                   want[CTC_RSA_MAX_BYTES];
    EVP_PKEY *pk = gen_key(bits, e);
    const ctc_rsa_public_key *pub;
    size_t k, len, mlen, max, hl;
    unsigned hi;
    long ol;
    int mgf;

    import_key(pk);
    pub = ctc_rsa_private_key_public(&priv);
    k = ctc_rsa_size(pub);
    for (hi = 0; hi < 3; hi++) {
        const uint8_t *lab = (hi + (unsigned)bits) % 2 ? label : NULL;
        size_t lab_len = lab != NULL ? sizeof label : 0;

        mgf = hash_ids[tr_rand32() % 3];
        hl = ctc_hash_size(hash_ids[hi]);
        max = CTC_RSA_OAEP_MAX_MSG(k, hl);
        /* OpenSSL -> here */
        mlen = tr_rand32() % (max + 1);
        tr_rand_bytes(msg, mlen);
        ol = ossl_crypt(pk, 1, RSA_PKCS1_OAEP_PADDING, hash_ids[hi], mgf, lab, lab_len, ct,
                        sizeof ct, msg, mlen);
        TR_EQ(ol, (long)k);
        TR_EQ(ctc_rsa_oaep_decrypt(out, max, &len, &priv, hash_ids[hi], mgf, lab, lab_len, ct,
                                   k, rng, NULL), CTC_OK);
        TR_EQ(len, mlen);
        TR_MEM(out, msg, mlen);
        /* changed: refused here and there */
        ct[tr_rand32() % k] ^= (uint8_t)(1u << (tr_rand32() % 8));
        if (ctc_rsa_public(out, k, pub, ct, k) == CTC_OK) {
            TR_EQ(ctc_rsa_oaep_decrypt(out, max, &len, &priv, hash_ids[hi], mgf, lab, lab_len,
                                       ct, k, rng, NULL), CTC_ERR_RSA_DECRYPT);
            n_refused++;
            TR_EQ(ossl_crypt(pk, 0, RSA_PKCS1_OAEP_PADDING, hash_ids[hi], mgf, lab, lab_len, out,
                             sizeof out, ct, k), -1);
        }
        /* here -> OpenSSL */
        mlen = tr_rand32() % (max + 1);
        tr_rand_bytes(msg, mlen);
        TR_EQ(ctc_rsa_oaep_encrypt(ct, k, pub, hash_ids[hi], mgf, lab, lab_len, msg, mlen, rng,
                                   NULL), CTC_OK);
        ol = ossl_crypt(pk, 0, RSA_PKCS1_OAEP_PADDING, hash_ids[hi], mgf, lab, lab_len, out,
                        sizeof out, ct, k);
        TR_EQ(ol, (long)mlen);
        TR_MEM(out, msg, mlen);
        n_ops += 4;
    }
    max = CTC_RSA_PKCS1_MAX_MSG(k);
    for (hi = 0; hi < 2; hi++) {
        mlen = tr_rand32() % (max + 1);
        tr_rand_bytes(msg, mlen);
        ol = ossl_crypt(pk, 1, RSA_PKCS1_PADDING, 0, 0, NULL, 0, ct, sizeof ct, msg, mlen);
        TR_EQ(ol, (long)k);
        TR_EQ(ctc_rsa_pkcs1_decrypt(out, max, &len, &priv, ct, k, rng, NULL), CTC_OK);
        TR_EQ(len, mlen);
        TR_MEM(out, msg, mlen);
        /* changed: a synthetic message here (unless the padding is still
         * valid), and OpenSSL 3.0 refuses it (it has no implicit rejection) */
        ct[tr_rand32() % k] ^= (uint8_t)(1u << (tr_rand32() % 8));
        if (ctc_rsa_public(out, k, pub, ct, k) == CTC_OK) {
            size_t wl = expect_ir(want, pk, ct, k);

            TR_EQ(ctc_rsa_pkcs1_decrypt(out, max, &len, &priv, ct, k, rng, NULL), CTC_OK);
            TR_EQ(len, wl);
            TR_MEM(out, want, wl);
            ol = ossl_crypt(pk, 0, RSA_PKCS1_PADDING, 0, 0, NULL, 0, want, sizeof want, ct, k);
            TR_CHECK(ol == -1 || ((size_t)ol == len && memcmp(want, out, len) == 0));
            n_syn += ol == -1;
        }
        mlen = tr_rand32() % (max + 1);
        tr_rand_bytes(msg, mlen);
        TR_EQ(ctc_rsa_pkcs1_encrypt(ct, k, pub, msg, mlen, rng, NULL), CTC_OK);
        ol = ossl_crypt(pk, 0, RSA_PKCS1_PADDING, 0, 0, NULL, 0, out, sizeof out, ct, k);
        TR_EQ(ol, (long)mlen);
        TR_MEM(out, msg, mlen);
        n_ops += 4;
    }
    EVP_PKEY_free(pk);
}

int main(void)
{
    static const struct { int bits; unsigned e; } keys[] = {
        { 2048, 65537 }, { 2048, 65537 }, { 2048, 65537 }, { 2048, 3 }, { 2048, 3 },
        { 3072, 65537 }, { 3072, 3 }, { 4096, 65537 },
    };
    size_t i;

    tr_init("test_rsa_enc_openssl");
    tr_group("RSAES-OAEP and RSAES-PKCS1-v1_5 both ways against OpenSSL; changed ciphertexts");
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
        run_key(keys[i].bits, keys[i].e);
    tr_puts("  keys: ");
    tr_putu(sizeof keys / sizeof keys[0]);
    tr_puts(", operations here: ");
    tr_putu(n_ops);
    tr_puts(", changed OAEP ciphertexts refused: ");
    tr_putu(n_refused);
    tr_puts(", synthetic PKCS#1 v1.5 messages equal to the reference: ");
    tr_putu(n_syn);
    tr_puts("\n");
    TR_CHECK(n_refused > 0 && n_syn > 0);
    tr_group_end();
    ctc_rsa_private_key_wipe(&priv);
    return tr_finish();
}

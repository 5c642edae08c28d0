/*
 * test_rsa_enc.c - RSAES-OAEP and RSAES-PKCS1-v1_5 on every target:
 *  - the draft's known answers (draft-irtf-cfrg-rsa-guidance, appendix B:
 *    a 2048-bit and a 2049-bit key, real and synthetic messages;
 *    vec_rsa_ir_appendix_b.h) through ctc_rsa_pkcs1_decrypt once the key
 *    has its d;
 *  - round trips at 2048 bits (e = 65537 and e = 3) and 3072 bits
 *    (tools/gen_rsa_cases.py keys): OAEP with SHA-256, SHA-384 and SHA-512,
 *    an MGF1 hash other than the label's, labels, messages of 0, 1 and the
 *    largest length; PKCS#1 v1.5 of 0 and the largest length;
 *  - refusals, each with its code: an output buffer below the largest
 *    message (CTC_ERR_BUFFER, even for a ciphertext of a short message),
 *    a ciphertext of the wrong length or >= n, a message too long, an
 *    unsupported hash, a failing generator, a generator of zeros for the
 *    PKCS#1 v1.5 padding; OAEP: a changed ciphertext, label or MGF1 hash is
 *    CTC_ERR_RSA_DECRYPT with the output zeroed; PKCS#1 v1.5: a changed
 *    ciphertext decrypts to a synthetic message of at most k - 11 bytes,
 *    the same each time, and another one for a key without d;
 *  - ctc_rsa_private_key_set_d: the key's d, and its refusals.
 * The bare-metal images (freestanding) run every third appendix B case,
 * the 2048-bit keys only, and OAEP's three hashes on the first key only:
 * each private operation costs emulated seconds on the smallest cores.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ctcrypto/hash.h"
#include "ctcrypto/rsa.h"
#include "runner.h"
#include "vec_rsa.h"
#include "vec_rsa_ir_appendix_b.h"

#if __STDC_HOSTED__
#define ENC_ALL 1
#else
#define ENC_ALL 0
#endif

static ctc_rsa_private_key priv;
static uint8_t ct[CTC_RSA_MAX_BYTES], out[CTC_RSA_MAX_BYTES], out2[CTC_RSA_MAX_BYTES],
               msg[CTC_RSA_MAX_BYTES], buf[CTC_RSA_MAX_BYTES + 2];

/* pseudo-random bytes; fails from call fail_after on (-1: never); zeros
 * only, when zeros is set */
struct test_rng {
    int fail_after;
    unsigned calls;
    int zeros;
};

static int test_rng(void *ctx, uint8_t *dst, size_t len)
{
    struct test_rng *t = ctx;

    if (t->fail_after >= 0 && t->calls >= (unsigned)t->fail_after)
        return -1;
    t->calls++;
    if (t->zeros)
        memset(dst, 0, len);
    else
        tr_rand_bytes(dst, len);
    return 0;
}

static int import_priv(const struct vec_rsa_key *v)
{
    return ctc_rsa_private_key_import(&priv, v->n, v->n_len, v->e, v->e_len, v->p, v->p_len,
                                      v->q, v->q_len, v->dp, v->dp_len, v->dq, v->dq_len,
                                      v->qinv, v->qinv_len);
}

static void test_appendix_b(void)
{
    const uint8_t *last_n = NULL;
    size_t i, len;

    tr_group("implicit rejection: draft-irtf-cfrg-rsa-guidance appendix B (2048 and 2049 bits)");
    TR_EQ(vec_rsa_ir_appendix_b_count, 15);
    for (i = 0; i < vec_rsa_ir_appendix_b_count; i++) {
        const struct vec_rsa_ir_appendix_b *t = &vec_rsa_ir_appendix_b[i];
        struct test_rng g = { -1, 0, 0 };

        if (!ENC_ALL && i % 3 != 0)
            continue;
        if (t->modulus != last_n) {
            TR_EQ(ctc_rsa_private_key_import(&priv, t->modulus, t->modulus_len,
                                             t->publicExponent, t->publicExponent_len,
                                             t->prime1, t->prime1_len, t->prime2, t->prime2_len,
                                             t->exponent1, t->exponent1_len, t->exponent2,
                                             t->exponent2_len, t->coefficient,
                                             t->coefficient_len), CTC_OK);
            TR_EQ(ctc_rsa_private_key_set_d(&priv, t->privateExponent, t->privateExponent_len),
                  CTC_OK);
            last_n = t->modulus;
        }
        len = 999;
        TR_EQ(ctc_rsa_pkcs1_decrypt(out, sizeof out, &len, &priv, t->ct, t->ct_len,
                                    test_rng, &g), CTC_OK);
        TR_EQ(len, t->msg_len);
        TR_MEM(out, t->msg, t->msg_len);
    }
    tr_group_end();
}

static const int hashes[3] = { CTC_HASH_SHA256, CTC_HASH_SHA384, CTC_HASH_SHA512 };

static void test_oaep(void)
{
    static const uint8_t label[5] = { 'l', 'a', 'b', 'e', 'l' };
    size_t ki, hi, len;

    tr_group("OAEP: round trips (SHA-256/384/512, MGF1 hashes, labels), refusals");
    for (ki = 1; ki < vec_rsa_key_count; ki++) {
        const struct vec_rsa_key *v = &vec_rsa_key[ki];
        const ctc_rsa_public_key *pub;
        struct test_rng g = { -1, 0, 0 };
        size_t k = v->n_len;

        TR_EQ(import_priv(v), CTC_OK);
        pub = ctc_rsa_private_key_public(&priv);
        for (hi = 0; hi < 3; hi++) {
            int h = hashes[hi], mgf = hashes[(hi + ki) % 3];
            size_t hl = ctc_hash_size(h), max = CTC_RSA_OAEP_MAX_MSG(k, hl),
                   mlen = (ki + hi) % 3 == 0 ? 0 : (ki + hi) % 3 == 1 ? 1 : max;
            const uint8_t *lab = hi == 1 ? label : NULL;
            size_t lab_len = hi == 1 ? sizeof label : 0;

            /* the 3072-bit key: one hash only; the bare-metal images: no
             * 3072-bit key, and the second key with one hash */
            if ((v->bits > 2048 && hi > 0) || (!ENC_ALL && (v->bits > 2048 || (ki > 1 && hi > 0))))
                break;
            tr_rand_bytes(msg, mlen);
            TR_EQ(ctc_rsa_oaep_encrypt(ct, k, pub, h, mgf, lab, lab_len, msg, mlen,
                                       test_rng, &g), CTC_OK);
            memset(out, 0x55, sizeof out);
            len = 999;
            TR_EQ(ctc_rsa_oaep_decrypt(out, max, &len, &priv, h, mgf, lab, lab_len, ct, k,
                                       test_rng, &g), CTC_OK);
            TR_EQ(len, mlen);
            TR_MEM(out, msg, mlen);
            /* past the message, up to the largest length: zeros */
            TR_CHECK(mlen == max || (out[mlen] == 0 && out[max - 1] == 0));
            if (v->bits > 2048)
                continue;
            /* the buffer is judged against the largest message, not this one */
            TR_EQ(ctc_rsa_oaep_decrypt(out, max - 1, &len, &priv, h, mgf, lab, lab_len, ct, k,
                                       test_rng, &g), CTC_ERR_BUFFER);
            /* another label, another MGF1 hash, a changed ciphertext: one code,
             * output zeroed */
            memset(out, 0x55, sizeof out);
            TR_EQ(ctc_rsa_oaep_decrypt(out, max, &len, &priv, h, mgf, label, lab_len ? 4 : 5,
                                       ct, k, test_rng, &g), CTC_ERR_RSA_DECRYPT);
            TR_EQ(len, 0);
            TR_CHECK(out[0] == 0 && out[max - 1] == 0);
            TR_EQ(ctc_rsa_oaep_decrypt(out, max, &len, &priv, h, hashes[(hi + ki + 1) % 3], lab,
                                       lab_len, ct, k, test_rng, &g), CTC_ERR_RSA_DECRYPT);
            ct[k / 2] ^= 0x20;
            TR_EQ(ctc_rsa_oaep_decrypt(out, max, &len, &priv, h, mgf, lab, lab_len, ct, k,
                                       test_rng, &g), CTC_ERR_RSA_DECRYPT);
            /* public refusals */
            TR_EQ(ctc_rsa_oaep_decrypt(out, max, &len, &priv, h, mgf, lab, lab_len, ct, k - 1,
                                       test_rng, &g), CTC_ERR_LENGTH);
            TR_EQ(ctc_rsa_oaep_decrypt(out, max, &len, &priv, h, mgf, lab, lab_len, v->n, k,
                                       test_rng, &g), CTC_ERR_RANGE);
            TR_EQ(ctc_rsa_oaep_decrypt(out, max, &len, &priv, CTC_HASH_SHA224, mgf, lab,
                                       lab_len, ct, k, test_rng, &g), CTC_ERR_PARAM);
            TR_EQ(ctc_rsa_oaep_encrypt(ct, k, pub, h, mgf, NULL, 0, msg, max + 1, test_rng, &g),
                  CTC_ERR_LENGTH);
            TR_EQ(ctc_rsa_oaep_encrypt(ct, k - 1, pub, h, mgf, NULL, 0, msg, 1, test_rng, &g),
                  CTC_ERR_BUFFER);
            TR_EQ(ctc_rsa_oaep_encrypt(ct, k, pub, h, 0, NULL, 0, msg, 1, test_rng, &g),
                  CTC_ERR_PARAM);
            g.fail_after = (int)g.calls;
            TR_EQ(ctc_rsa_oaep_encrypt(ct, k, pub, h, mgf, NULL, 0, msg, 1, test_rng, &g),
                  CTC_ERR_RNG);
            g.fail_after = -1;
        }
    }
    tr_group_end();
}

static void test_pkcs1(void)
{
    size_t ki, len, len2, max;

    tr_group("PKCS#1 v1.5: round trips, implicit rejection, refusals, ctc_rsa_private_key_set_d");
    for (ki = 1; ki < vec_rsa_key_count; ki++) {
        const struct vec_rsa_key *v = &vec_rsa_key[ki];
        const ctc_rsa_public_key *pub;
        struct test_rng g = { -1, 0, 0 };
        size_t k = v->n_len, mlen;

        if (!ENC_ALL && v->bits > 2048)
            continue;
        TR_EQ(import_priv(v), CTC_OK);
        pub = ctc_rsa_private_key_public(&priv);
        max = CTC_RSA_PKCS1_MAX_MSG(k);
        for (mlen = 0; mlen <= max; mlen += max) {
            tr_rand_bytes(msg, mlen);
            TR_EQ(ctc_rsa_pkcs1_encrypt(ct, k, pub, msg, mlen, test_rng, &g), CTC_OK);
            memset(out, 0x55, sizeof out);
            TR_EQ(ctc_rsa_pkcs1_decrypt(out, max, &len, &priv, ct, k, test_rng, &g), CTC_OK);
            TR_EQ(len, mlen);
            TR_MEM(out, msg, mlen);
            TR_CHECK(mlen == max || out[max - 1] == 0);
            if (v->bits > 2048)
                break;
        }
        if (v->bits > 2048)
            continue;
        /* a changed ciphertext: a synthetic message, without an error, the
         * same every time (another blinding value); with d given too */
        ct[3] ^= 0x40;
        TR_EQ(ctc_rsa_pkcs1_decrypt(out, max, &len, &priv, ct, k, test_rng, &g), CTC_OK);
        TR_CHECK(len <= max);
        TR_EQ(ctc_rsa_pkcs1_decrypt(out2, max, &len2, &priv, ct, k, test_rng, &g), CTC_OK);
        TR_EQ(len2, len);
        TR_MEM(out2, out, max);
        TR_EQ(ctc_rsa_private_key_set_d(&priv, v->d, v->d_len), CTC_OK);
        TR_EQ(ctc_rsa_pkcs1_decrypt(out2, max, &len2, &priv, ct, k, test_rng, &g), CTC_OK);
        TR_CHECK(len2 != len || memcmp(out, out2, len) != 0);
        TR_EQ(ctc_rsa_pkcs1_decrypt(out, max, &len, &priv, ct, k, test_rng, &g), CTC_OK);
        TR_EQ(len, len2);
        TR_MEM(out, out2, max);
        /* the real message still comes out with d given */
        ct[3] ^= 0x40;
        TR_EQ(ctc_rsa_pkcs1_decrypt(out, max, &len, &priv, ct, k, test_rng, &g), CTC_OK);
        TR_EQ(len, max);
        TR_MEM(out, msg, max);
        /* refusals */
        TR_EQ(ctc_rsa_pkcs1_decrypt(out, max - 1, &len, &priv, ct, k, test_rng, &g),
              CTC_ERR_BUFFER);
        TR_EQ(ctc_rsa_pkcs1_decrypt(out, max, &len, &priv, ct, k + 1, test_rng, &g),
              CTC_ERR_LENGTH);
        TR_EQ(ctc_rsa_pkcs1_decrypt(out, max, &len, &priv, v->n, k, test_rng, &g),
              CTC_ERR_RANGE);
        g.fail_after = (int)g.calls;
        TR_EQ(ctc_rsa_pkcs1_decrypt(out, max, &len, &priv, ct, k, test_rng, &g), CTC_ERR_RNG);
        TR_EQ(ctc_rsa_pkcs1_encrypt(ct, k, pub, msg, 1, test_rng, &g), CTC_ERR_RNG);
        g.fail_after = -1;
        g.zeros = 1;
        TR_EQ(ctc_rsa_pkcs1_encrypt(ct, k, pub, msg, 1, test_rng, &g), CTC_ERR_RNG);
        g.zeros = 0;
        TR_EQ(ctc_rsa_pkcs1_encrypt(ct, k, pub, msg, max + 1, test_rng, &g), CTC_ERR_LENGTH);
        TR_EQ(ctc_rsa_pkcs1_encrypt(ct, k - 1, pub, msg, 1, test_rng, &g), CTC_ERR_BUFFER);
        /* set_d: d + 2 (still < n) does not agree with dp; n is not < n;
         * a length beyond n's limbs; leading zeros are fine */
        memcpy(buf, v->d, v->d_len);
        buf[v->d_len - 1] ^= 2;
        TR_EQ(ctc_rsa_private_key_set_d(&priv, buf, v->d_len), CTC_ERR_RSA_D);
        TR_EQ(ctc_rsa_private_key_set_d(&priv, v->n, v->n_len), CTC_ERR_RSA_D);
        memset(buf, 0, sizeof buf);
        memcpy(buf + 2, v->d, v->d_len);
        TR_EQ(ctc_rsa_private_key_set_d(&priv, buf, v->d_len + 2), CTC_OK);
        memset(buf, 0, sizeof buf);
        TR_EQ(ctc_rsa_private_key_set_d(&priv, buf, CTC_RSA_MAX_BYTES + 2), CTC_ERR_LENGTH);
    }
    ctc_rsa_private_key_wipe(&priv);
    TR_EQ(ctc_rsa_private_key_set_d(&priv, vec_rsa_key[1].d, vec_rsa_key[1].d_len),
          CTC_ERR_PARAM);
    TR_EQ(ctc_rsa_pkcs1_decrypt(out, sizeof out, &len, &priv, ct, 256, test_rng, NULL),
          CTC_ERR_PARAM);
    tr_group_end();
}

int main(void)
{
    tr_init("test_rsa_enc");
    test_appendix_b();
    test_oaep();
    test_pkcs1();
    return tr_finish();
}

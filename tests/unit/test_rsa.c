/*
 * test_rsa.c - the rsa family on every target: known answers from
 * tools/gen_rsa_cases.py (Python's integers; vec_rsa.h) and the checks of
 * ctcrypto/rsa.h:
 *  - public key import: every key of the table, each refusal with its own
 *    code (n even, n of 1023 or 4097 bits or empty, e = 0, 1, 2, 2^32 + 1),
 *    leading zero bytes accepted, a refused key left unusable;
 *  - the public operation: the table's in^e mod n, input >= n, wrong
 *    lengths, a short output buffer;
 *  - PKCS#1 v1.5 and PSS verification of every signature of the table
 *    (PSS with its salt length and with CTC_RSA_PSS_SALT_ANY), and the
 *    refusals: a flipped bit of the signature or the digest, the wrong
 *    hash or MGF1 id, a wrong digest length, an unsupported hash id;
 *  - private keys (2048 and 3072 bits): import and its refusals (a 1024-bit
 *    key, p q != n, a wrong qinv, dp or dq, an oversized part), the private
 *    operation inverting the table's public one, PKCS#1 v1.5 signatures
 *    equal to the table's (deterministic), PSS signatures equal to the
 *    table's when the generator returns the table's salt first, round
 *    trips through verification, a failing generator (CTC_ERR_RNG), and a
 *    key corrupted after import: the check with e refuses the result
 *    (CTC_ERR_FAULT, output zeroed).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ctcrypto/hash.h"
#include "ctcrypto/rsa.h"
#include "runner.h"
#include "vec_rsa.h"

static ctc_rsa_public_key pub;
static uint8_t buf[CTC_RSA_MAX_BYTES + 8], out[CTC_RSA_MAX_BYTES];

static int import_key(ctc_rsa_public_key *k, const struct vec_rsa_key *v)
{
    return ctc_rsa_public_key_import(k, v->n, v->n_len, v->e, v->e_len);
}

static void test_import(void)
{
    const struct vec_rsa_key *v = &vec_rsa_key[0];   /* 1024 bits */
    static const uint8_t e1[1] = { 1 }, e2[1] = { 2 }, e0[1] = { 0 },
                         e_big[5] = { 1, 0, 0, 0, 1 }, e_max[4] = { 0xff, 0xff, 0xff, 0xff },
                         e_pad[6] = { 0, 0, 0, 1, 0, 1 };
    size_t i;

    tr_group("public key import: every key; each refusal its own code");
    TR_EQ(v->bits, 1024);
    for (i = 0; i < vec_rsa_key_count; i++) {
        TR_EQ(import_key(&pub, &vec_rsa_key[i]), CTC_OK);
        TR_EQ(ctc_rsa_bits(&pub), vec_rsa_key[i].bits);
        TR_EQ(ctc_rsa_size(&pub), vec_rsa_key[i].n_len);
    }
    /* leading zero bytes (a DER INTEGER's sign byte) do not count */
    memset(buf, 0, 3);
    memcpy(buf + 3, v->n, v->n_len);
    TR_EQ(ctc_rsa_public_key_import(&pub, buf, v->n_len + 3, e_pad, sizeof e_pad), CTC_OK);
    TR_EQ(ctc_rsa_bits(&pub), 1024);
    TR_EQ(ctc_rsa_public_key_import(&pub, v->n, v->n_len, e_max, sizeof e_max), CTC_OK);
    /* n even */
    memcpy(buf, v->n, v->n_len);
    buf[v->n_len - 1] ^= 1;
    TR_EQ(ctc_rsa_public_key_import(&pub, buf, v->n_len, v->e, v->e_len), CTC_ERR_RSA_N_EVEN);
    TR_EQ(ctc_rsa_size(&pub), 0);
    /* 1023 bits */
    memcpy(buf, v->n, v->n_len);
    buf[0] &= 0x7f;
    TR_EQ(ctc_rsa_public_key_import(&pub, buf, v->n_len, v->e, v->e_len), CTC_ERR_RSA_N_SIZE);
    /* CTC_RSA_MAX_BITS + 1 bits */
    memset(buf, 0xff, CTC_RSA_MAX_BYTES + 1);
    buf[0] = 1;
    TR_EQ(ctc_rsa_public_key_import(&pub, buf, CTC_RSA_MAX_BYTES + 1, v->e, v->e_len),
          CTC_ERR_RSA_N_SIZE);
    TR_EQ(ctc_rsa_public_key_import(&pub, buf + 1, CTC_RSA_MAX_BYTES, v->e, v->e_len), CTC_OK);
    TR_EQ(ctc_rsa_bits(&pub), CTC_RSA_MAX_BITS);
    TR_EQ(ctc_rsa_public_key_import(&pub, buf, 0, v->e, v->e_len), CTC_ERR_RSA_N_SIZE);
    memset(buf, 0, 200);
    TR_EQ(ctc_rsa_public_key_import(&pub, buf, 200, v->e, v->e_len), CTC_ERR_RSA_N_SIZE);
    /* exponents */
    TR_EQ(ctc_rsa_public_key_import(&pub, v->n, v->n_len, e1, 1), CTC_ERR_RSA_E_SMALL);
    TR_EQ(ctc_rsa_public_key_import(&pub, v->n, v->n_len, e2, 1), CTC_ERR_RSA_E_EVEN);
    TR_EQ(ctc_rsa_public_key_import(&pub, v->n, v->n_len, e0, 1), CTC_ERR_RSA_E_EVEN);
    TR_EQ(ctc_rsa_public_key_import(&pub, v->n, v->n_len, e0, 0), CTC_ERR_RSA_E_EVEN);
    TR_EQ(ctc_rsa_public_key_import(&pub, v->n, v->n_len, e_big, 5), CTC_ERR_RSA_E_LARGE);
    /* the size is checked before the parity: an even n of 1023 bits */
    memcpy(buf, v->n, v->n_len);
    buf[0] &= 0x7f;
    buf[v->n_len - 1] ^= 1;
    TR_EQ(ctc_rsa_public_key_import(&pub, buf, v->n_len, e2, 1), CTC_ERR_RSA_N_SIZE);
    TR_EQ(ctc_rsa_public_key_import(NULL, v->n, v->n_len, v->e, v->e_len), CTC_ERR_PARAM);
    TR_EQ(ctc_rsa_public_key_import(&pub, NULL, v->n_len, v->e, v->e_len), CTC_ERR_PARAM);
    /* a refused key is not usable */
    TR_EQ(ctc_rsa_public(out, sizeof out, &pub, v->pub_in, v->pub_in_len), CTC_ERR_PARAM);
    tr_group_end();
}

static void test_public(void)
{
    size_t i;

    tr_group("public operation: in^e mod n for every key; range, lengths, buffer");
    for (i = 0; i < vec_rsa_key_count; i++) {
        const struct vec_rsa_key *v = &vec_rsa_key[i];
        size_t k = v->n_len;

        TR_EQ(import_key(&pub, v), CTC_OK);
        memset(out, 0, sizeof out);
        TR_EQ(ctc_rsa_public(out, k, &pub, v->pub_in, k), CTC_OK);
        TR_MEM(out, v->pub_out, k);
        TR_EQ(ctc_rsa_public(out, k - 1, &pub, v->pub_in, k), CTC_ERR_BUFFER);
        TR_EQ(ctc_rsa_public(out, k, &pub, v->pub_in, k - 1), CTC_ERR_LENGTH);
        TR_EQ(ctc_rsa_public(out, k, &pub, v->n, k), CTC_ERR_RANGE);
        memcpy(buf, v->n, k);
        buf[k - 1] = (uint8_t)(buf[k - 1] - 1);   /* n - 1 (n is odd): accepted */
        TR_EQ(ctc_rsa_public(out, k, &pub, buf, k), CTC_OK);
        memset(buf, 0xff, k);
        TR_EQ(ctc_rsa_public(out, k, &pub, buf, k), CTC_ERR_RANGE);
    }
    tr_group_end();
}

static void test_verify(void)
{
    size_t i, n_pkcs1 = 0, n_pss = 0;

    tr_group("PKCS#1 v1.5 and PSS verification: every signature of the table, and refusals");
    for (i = 0; i < vec_rsa_sig_count; i++) {
        const struct vec_rsa_sig *s = &vec_rsa_sig[i];
        const struct vec_rsa_key *v = &vec_rsa_key[s->key];
        int other = s->mgf_id == CTC_HASH_SHA512 ? CTC_HASH_SHA256 : s->mgf_id + 1;
        uint8_t h[64];

        TR_EQ(import_key(&pub, v), CTC_OK);
        memcpy(h, s->hash, s->hash_len);
        memcpy(buf, s->sig, s->sig_len);
        if (!s->pss) {
            TR_EQ(ctc_rsa_pkcs1_verify(&pub, s->hash_id, h, s->hash_len, buf, s->sig_len), CTC_OK);
            TR_EQ(ctc_rsa_pkcs1_verify(&pub, s->hash_id, h, s->hash_len - 1, buf, s->sig_len),
                  CTC_ERR_LENGTH);
            TR_EQ(ctc_rsa_pkcs1_verify(&pub, CTC_HASH_SHA224, h, 28, buf, s->sig_len), CTC_ERR_PARAM);
            TR_EQ(ctc_rsa_pkcs1_verify(&pub, s->hash_id, h, s->hash_len, buf, s->sig_len + 1),
                  CTC_ERR_LENGTH);
            h[i % s->hash_len] ^= 0x10;
            TR_EQ(ctc_rsa_pkcs1_verify(&pub, s->hash_id, h, s->hash_len, buf, s->sig_len),
                  CTC_ERR_SIGNATURE);
            h[i % s->hash_len] ^= 0x10;
            buf[(i * 7) % s->sig_len] ^= 0x01;
            TR_CHECK(ctc_rsa_pkcs1_verify(&pub, s->hash_id, h, s->hash_len, buf, s->sig_len) != CTC_OK);
            n_pkcs1++;
        } else {
            TR_EQ(ctc_rsa_pss_verify(&pub, s->hash_id, s->mgf_id, s->salt_len, h, s->hash_len,
                                     buf, s->sig_len), CTC_OK);
            TR_EQ(ctc_rsa_pss_verify(&pub, s->hash_id, s->mgf_id, CTC_RSA_PSS_SALT_ANY, h,
                                     s->hash_len, buf, s->sig_len), CTC_OK);
            TR_EQ(ctc_rsa_pss_verify(&pub, s->hash_id, s->mgf_id, s->salt_len + 1, h, s->hash_len,
                                     buf, s->sig_len),
                  s->salt_len + s->hash_len + 2 == (size_t)(v->bits + 6) / 8 ? CTC_ERR_LENGTH
                                                                      : CTC_ERR_SIGNATURE);
            TR_EQ(ctc_rsa_pss_verify(&pub, s->hash_id, other, s->salt_len, h, s->hash_len,
                                     buf, s->sig_len), CTC_ERR_SIGNATURE);
            TR_EQ(ctc_rsa_pss_verify(&pub, s->hash_id, CTC_HASH_SHA224, s->salt_len, h,
                                     s->hash_len, buf, s->sig_len), CTC_ERR_PARAM);
            TR_EQ(ctc_rsa_pss_verify(&pub, s->hash_id, s->mgf_id, s->salt_len, h,
                                     s->hash_len + 1, buf, s->sig_len), CTC_ERR_LENGTH);
            h[i % s->hash_len] ^= 0x10;
            TR_EQ(ctc_rsa_pss_verify(&pub, s->hash_id, s->mgf_id, s->salt_len, h, s->hash_len,
                                     buf, s->sig_len), CTC_ERR_SIGNATURE);
            h[i % s->hash_len] ^= 0x10;
            buf[(i * 7) % s->sig_len] ^= 0x01;
            TR_CHECK(ctc_rsa_pss_verify(&pub, s->hash_id, s->mgf_id, CTC_RSA_PSS_SALT_ANY, h,
                                        s->hash_len, buf, s->sig_len) != CTC_OK);
            n_pss++;
        }
    }
    TR_EQ(n_pkcs1, 3 * vec_rsa_key_count);
    TR_EQ(n_pss, 6 * vec_rsa_key_count);
    tr_group_end();
}

/* the tests' generator: `pre` bytes first (a PSS salt), then the
 * runner's pseudo-random bytes; fails from call fail_after on (-1: never) */
struct test_rng {
    const uint8_t *pre;
    size_t pre_len;
    int fail_after;   /* -1: never */
    unsigned calls;
};

static int test_rng(void *ctx, uint8_t *dst, size_t len)
{
    struct test_rng *t = ctx;

    if (t->fail_after >= 0 && t->calls >= (unsigned)t->fail_after)
        return -1;
    t->calls++;
    if (t->pre_len > 0) {
        TR_EQ(len, t->pre_len);
        memcpy(dst, t->pre, len);
        t->pre_len = 0;
        return 0;
    }
    tr_rand_bytes(dst, len);
    return 0;
}

#if CTC_RSA_EXP_BLIND
/* random bytes for the blinding value (the first call), then `fill` for
 * every byte of the exponents' factors */
struct exp_rng {
    uint8_t fill;
    unsigned calls;
};

static int exp_rng(void *ctx, uint8_t *dst, size_t len)
{
    struct exp_rng *t = ctx;

    if (t->calls++ == 0)
        tr_rand_bytes(dst, len);
    else
        memset(dst, t->fill, len);
    return 0;
}
#endif

static ctc_rsa_private_key priv;

static int import_priv(ctc_rsa_private_key *k, const struct vec_rsa_key *v)
{
    return ctc_rsa_private_key_import(k, v->n, v->n_len, v->e, v->e_len, v->p, v->p_len,
                                      v->q, v->q_len, v->dp, v->dp_len, v->dq, v->dq_len,
                                      v->qinv, v->qinv_len);
}

static void test_private_import(void)
{
    const struct vec_rsa_key *v = &vec_rsa_key[1];   /* 2048 bits */
    uint8_t part[CTC_RSA_MAX_BYTES / 2 + 16];
    size_t i;

    tr_group("private key import: the table's keys; refusals");
    TR_EQ(v->bits, 2048);
    TR_EQ(import_priv(&priv, &vec_rsa_key[0]), CTC_ERR_RSA_N_SIZE);   /* 1024 bits */
    for (i = 1; i < vec_rsa_key_count; i++) {
        TR_EQ(import_priv(&priv, &vec_rsa_key[i]), CTC_OK);
        TR_EQ(ctc_rsa_bits(ctc_rsa_private_key_public(&priv)), vec_rsa_key[i].bits);
    }
    /* p with a leading zero byte (a DER sign byte): accepted */
    part[0] = 0;
    memcpy(part + 1, v->p, v->p_len);
    TR_EQ(ctc_rsa_private_key_import(&priv, v->n, v->n_len, v->e, v->e_len, part, v->p_len + 1,
                                     v->q, v->q_len, v->dp, v->dp_len, v->dq, v->dq_len,
                                     v->qinv, v->qinv_len), CTC_OK);
    /* p with its last byte changed by 2 (still odd): p q != n */
    memcpy(part, v->p, v->p_len);
    part[v->p_len - 1] ^= 2;
    TR_EQ(ctc_rsa_private_key_import(&priv, v->n, v->n_len, v->e, v->e_len, part, v->p_len,
                                     v->q, v->q_len, v->dp, v->dp_len, v->dq, v->dq_len,
                                     v->qinv, v->qinv_len), CTC_ERR_KEY);
    TR_EQ(ctc_rsa_private(out, sizeof out, &priv, v->pub_out, v->pub_out_len, test_rng, NULL),
          CTC_ERR_PARAM);
    /* p and q swapped: qinv is then not q^-1 mod p */
    TR_EQ(ctc_rsa_private_key_import(&priv, v->n, v->n_len, v->e, v->e_len, v->q, v->q_len,
                                     v->p, v->p_len, v->dq, v->dq_len, v->dp, v->dp_len,
                                     v->qinv, v->qinv_len), CTC_ERR_KEY);
    /* dp and dq swapped, dp + 2 */
    TR_EQ(ctc_rsa_private_key_import(&priv, v->n, v->n_len, v->e, v->e_len, v->p, v->p_len,
                                     v->q, v->q_len, v->dq, v->dq_len, v->dp, v->dp_len,
                                     v->qinv, v->qinv_len), CTC_ERR_KEY);
    memcpy(part, v->dp, v->dp_len);
    part[v->dp_len - 1] ^= 2;
    TR_EQ(ctc_rsa_private_key_import(&priv, v->n, v->n_len, v->e, v->e_len, v->p, v->p_len,
                                     v->q, v->q_len, part, v->dp_len, v->dq, v->dq_len,
                                     v->qinv, v->qinv_len), CTC_ERR_KEY);
    /* qinv + p (not reduced) */
    TR_EQ(ctc_rsa_private_key_import(&priv, v->n, v->n_len, v->e, v->e_len, v->p, v->p_len,
                                     v->q, v->q_len, v->dp, v->dp_len, v->dq, v->dq_len,
                                     v->p, v->p_len), CTC_ERR_KEY);
    /* a part longer than half of n's limbs plus one */
    memset(part, 0, sizeof part);
    TR_EQ(ctc_rsa_private_key_import(&priv, v->n, v->n_len, v->e, v->e_len, part,
                                     v->n_len / 2 + 16, v->q, v->q_len, v->dp, v->dp_len,
                                     v->dq, v->dq_len, v->qinv, v->qinv_len), CTC_ERR_LENGTH);
    /* a bad public part: its own code */
    memcpy(buf, v->n, v->n_len);
    buf[v->n_len - 1] ^= 1;
    TR_EQ(ctc_rsa_private_key_import(&priv, buf, v->n_len, v->e, v->e_len, v->p, v->p_len,
                                     v->q, v->q_len, v->dp, v->dp_len, v->dq, v->dq_len,
                                     v->qinv, v->qinv_len), CTC_ERR_RSA_N_EVEN);
    tr_group_end();
}

static void test_private(void)
{
    size_t i, n_sig = 0;
    uint8_t sig[CTC_RSA_MAX_BYTES];

    tr_group("private operation and signing: known answers, round trips, RNG failure, fault");
    for (i = 1; i < vec_rsa_key_count; i++) {
        const struct vec_rsa_key *v = &vec_rsa_key[i];
        struct test_rng g = { NULL, 0, -1, 0 };
        size_t k = v->n_len;

        TR_EQ(import_priv(&priv, v), CTC_OK);
        TR_EQ(ctc_rsa_private(out, k, &priv, v->pub_out, k, test_rng, &g), CTC_OK);
        TR_MEM(out, v->pub_in, k);
        TR_EQ(ctc_rsa_private(out, k - 1, &priv, v->pub_out, k, test_rng, &g), CTC_ERR_BUFFER);
        TR_EQ(ctc_rsa_private(out, k, &priv, v->pub_out, k - 1, test_rng, &g), CTC_ERR_LENGTH);
        TR_EQ(ctc_rsa_private(out, k, &priv, v->n, k, test_rng, &g), CTC_ERR_RANGE);
        g.fail_after = (int)g.calls;
        memset(out, 0x55, k);
        TR_EQ(ctc_rsa_private(out, k, &priv, v->pub_out, k, test_rng, &g), CTC_ERR_RNG);
        TR_CHECK(out[0] == 0 && out[k - 1] == 0);
        g.fail_after = -1;
        {
            /* the generator's calls per operation: the blinding value,
             * and with CTC_RSA_EXP_BLIND the exponents' factors */
            unsigned before = g.calls;

            TR_EQ(ctc_rsa_private(out, k, &priv, v->pub_out, k, test_rng, &g), CTC_OK);
            TR_EQ(g.calls - before, 1u + (unsigned)CTC_RSA_EXP_BLIND);
        }
#if CTC_RSA_EXP_BLIND
        /* the exponents' call failing alone */
        g.fail_after = (int)g.calls + 1;
        memset(out, 0x55, k);
        TR_EQ(ctc_rsa_private(out, k, &priv, v->pub_out, k, test_rng, &g), CTC_ERR_RNG);
        TR_CHECK(out[0] == 0 && out[k - 1] == 0);
        g.fail_after = -1;
        /* the factors' extremes, 0 and 2^w - 1 (the largest exponent,
         * h + 1 limbs with no carry out), give the same answer */
        {
            struct exp_rng x = { 0x00, 0 };

            TR_EQ(ctc_rsa_private(out, k, &priv, v->pub_out, k, exp_rng, &x), CTC_OK);
            TR_MEM(out, v->pub_in, k);
            x.fill = 0xff;
            x.calls = 0;
            TR_EQ(ctc_rsa_private(out, k, &priv, v->pub_out, k, exp_rng, &x), CTC_OK);
            TR_MEM(out, v->pub_in, k);
        }
#endif
    }
    for (i = 0; i < vec_rsa_sig_count; i++) {
        const struct vec_rsa_sig *s = &vec_rsa_sig[i];
        const struct vec_rsa_key *v = &vec_rsa_key[s->key];
        struct test_rng g = { NULL, 0, -1, 0 };
        const ctc_rsa_public_key *pk;

        if (v->bits < 2048)
            continue;
        TR_EQ(import_priv(&priv, v), CTC_OK);
        pk = ctc_rsa_private_key_public(&priv);
        memset(sig, 0, sizeof sig);
        if (!s->pss) {
            TR_EQ(ctc_rsa_pkcs1_sign(sig, sizeof sig, &priv, s->hash_id, s->hash, s->hash_len,
                                     test_rng, &g), CTC_OK);
            TR_MEM(sig, s->sig, s->sig_len);
            TR_EQ(ctc_rsa_pkcs1_verify(pk, s->hash_id, s->hash, s->hash_len, sig, s->sig_len),
                  CTC_OK);
        } else {
            g.pre = s->salt;
            g.pre_len = s->salt_len;
            TR_EQ(ctc_rsa_pss_sign(sig, sizeof sig, &priv, s->hash_id, s->mgf_id, s->salt_len,
                                   s->hash, s->hash_len, test_rng, &g), CTC_OK);
            TR_MEM(sig, s->sig, s->sig_len);
            /* a fresh salt: another signature that verifies */
            TR_EQ(ctc_rsa_pss_sign(sig, sizeof sig, &priv, s->hash_id, s->mgf_id, s->salt_len,
                                   s->hash, s->hash_len, test_rng, &g), CTC_OK);
            TR_EQ(ctc_rsa_pss_verify(pk, s->hash_id, s->mgf_id, s->salt_len, s->hash,
                                     s->hash_len, sig, s->sig_len), CTC_OK);
            TR_EQ(ctc_rsa_pss_sign(sig, sizeof sig, &priv, s->hash_id, s->mgf_id,
                                   (v->bits + 6) / 8 - s->hash_len - 1, s->hash, s->hash_len,
                                   test_rng, &g), CTC_ERR_LENGTH);
        }
        n_sig++;
    }
    TR_EQ(n_sig, 9 * (vec_rsa_key_count - 1));
    /* a fault: dp changed inside the imported key, the check with e
     * refuses the result and nothing is written */
    {
        const struct vec_rsa_key *v = &vec_rsa_key[1];
        struct test_rng g = { NULL, 0, -1, 0 };

        TR_EQ(import_priv(&priv, v), CTC_OK);
        priv.dp[0] ^= 4;
        memset(out, 0x55, sizeof out);
        TR_EQ(ctc_rsa_private(out, v->n_len, &priv, v->pub_out, v->n_len, test_rng, &g),
              CTC_ERR_FAULT);
        TR_CHECK(out[0] == 0 && out[v->n_len / 2] == 0 && out[v->n_len - 1] == 0);
        priv.dp[0] ^= 4;
        TR_EQ(ctc_rsa_private(out, v->n_len, &priv, v->pub_out, v->n_len, test_rng, &g), CTC_OK);
        TR_MEM(out, v->pub_in, v->n_len);
        ctc_rsa_private_key_wipe(&priv);
        TR_EQ(ctc_rsa_private(out, v->n_len, &priv, v->pub_out, v->n_len, test_rng, &g),
              CTC_ERR_PARAM);
    }
    tr_group_end();
}

int main(void)
{
    tr_init("test_rsa");
    test_import();
    test_public();
    test_verify();
    test_private_import();
    test_private();
    return tr_finish();
}

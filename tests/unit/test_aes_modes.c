/*
 * test_aes_modes.c - CBC, CCM and CMAC on every target: every case of
 * Wycheproof aes_cbc_pkcs5_test.json, aes_ccm_test.json and
 * aes_cmac_test.json (the answers of the files, decryption in place too),
 * raw CBC against ECB of the chain, streaming CMAC equal to the file's
 * tags for random splits, and every error code of the three modes. Where
 * a hardware core is built (AES-NI on x86-64, Armv8 AES on AArch64)
 * everything runs with it and with the portable core, the two agree on
 * random keys, lengths and IVs in every mode of the family, and the
 * hardware paths of every mode (GCM and CTR too) are compared with the
 * portable core on lengths that end each tail of their loops.
 */
#include <string.h>

#include "runner.h"
#include "ctcrypto/aes.h"
#include "aes/aes_impl.h"

#include "vec_wp_aes_cbc.h"
#include "vec_wp_aes_ccm.h"
#include "vec_wp_aes_cmac.h"

/* the images have memcmp and strlen, not strcmp */
static int has_flag(const char *flags, const char *f)
{
    size_t n = strlen(f), len = strlen(flags), i;

    for (i = 0; i + n <= len; i++)
        if (memcmp(flags + i, f, n) == 0 && (i + n == len || flags[i + n] == ','))
            return 1;
    return 0;
}

static unsigned or_bytes(const uint8_t *p, size_t n)
{
    unsigned v = 0;
    size_t i;

    for (i = 0; i < n; i++)
        v |= p[i];
    return v;
}

static void test_cbc_wycheproof(void)
{
    static uint8_t out[128], back[128];
    size_t i, valid = 0, invalid = 0;

    tr_group("Wycheproof aes_cbc_pkcs5_test.json (AES-CBC with PKCS#7 padding, 128/192/256)");
    TR_EQ(vec_wp_aes_cbc_count, 216);
    for (i = 0; i < vec_wp_aes_cbc_count; i++) {
        const struct vec_wp_aes_cbc *t = &vec_wp_aes_cbc[i];
        ctc_aes_key k;
        size_t n = 77;
        int r;

        TR_CHECK(t->ct_len + 16 <= sizeof out);
        TR_EQ(ctc_aes_key_set(&k, t->key, t->key_len), CTC_OK);
        memset(back, 0xa5, sizeof back);
        r = ctc_aes_cbc_decrypt(&k, back, t->ct_len, &n, t->iv, t->iv_len,
                                t->ct, t->ct_len);
        if (t->result == 1) {
            size_t m = 0;

            TR_EQ(ctc_aes_cbc_encrypt(&k, out, t->ct_len, &m, t->iv,
                                      t->iv_len, t->msg, t->msg_len), CTC_OK);
            TR_EQ(m, t->ct_len);
            TR_MEM(out, t->ct, t->ct_len);
            TR_EQ(r, CTC_OK);
            TR_EQ(n, t->msg_len);
            TR_MEM(back, t->msg, t->msg_len);
            TR_EQ(or_bytes(back + n, t->ct_len - n), 0);   /* padding zeroed */
            TR_EQ(back[t->ct_len], 0xa5);
            /* in place */
            memcpy(out, t->ct, t->ct_len);
            TR_EQ(ctc_aes_cbc_decrypt(&k, out, t->ct_len, &n, t->iv, 16, out,
                                      t->ct_len), CTC_OK);
            TR_MEM(out, t->msg, t->msg_len);
            valid++;
        } else if (t->ct_len == 0) {
            TR_CHECK(has_flag(t->flags, "NoPadding"));
            TR_EQ(r, CTC_ERR_AES_BLOCKS);
            TR_EQ(n, 77);
            invalid++;
        } else {
            TR_CHECK(has_flag(t->flags, "BadPadding"));
            TR_EQ(r, CTC_ERR_AES_PADDING);
            TR_EQ(n, 0);
            TR_EQ(or_bytes(back, t->ct_len), 0);           /* wiped */
            TR_EQ(back[t->ct_len], 0xa5);
            invalid++;
        }
        ctc_aes_key_wipe(&k);
    }
    TR_EQ(valid, 72);
    TR_EQ(invalid, 144);
    tr_group_end();
}

/* raw CBC against the test's own chain of ECB blocks, lengths 0..80 */
static void test_cbc_raw(void)
{
    static const uint8_t key[24] = { 0x10, 0x20, 0x30, 0x40, 5, 6, 7, 8 };
    uint8_t iv[16], msg[80], ct[80], x[16], out[80];
    ctc_aes_key k;
    size_t len, i, j;

    tr_group("raw CBC = the chain of ECB blocks; padded = raw of the padded text");
    tr_seed(1204);
    TR_EQ(ctc_aes_key_set(&k, key, 24), CTC_OK);
    for (len = 0; len <= 80; len += 16) {
        tr_rand_bytes(iv, 16);
        tr_rand_bytes(msg, len);
        memcpy(x, iv, 16);
        for (i = 0; i < len; i += 16) {
            for (j = 0; j < 16; j++)
                x[j] ^= msg[i + j];
            TR_EQ(ctc_aes_ecb_encrypt(&k, x, 16, x, 16), CTC_OK);
            memcpy(ct + i, x, 16);
        }
        TR_EQ(ctc_aes_cbc_encrypt_raw(&k, out, len, iv, 16, msg, len), CTC_OK);
        TR_MEM(out, ct, len);
        TR_EQ(ctc_aes_cbc_decrypt_raw(&k, out, len, iv, 16, ct, len), CTC_OK);
        TR_MEM(out, msg, len);
        memcpy(out, ct, len);      /* in place */
        TR_EQ(ctc_aes_cbc_decrypt_raw(&k, out, len, iv, 16, out, len), CTC_OK);
        TR_MEM(out, msg, len);
    }
    for (len = 0; len < 64; len++) {
        uint8_t padded[80];
        size_t n = 0, p = 16 - len % 16;

        tr_rand_bytes(msg, len);
        memcpy(padded, msg, len);
        memset(padded + len, (int)p, p);
        TR_EQ(ctc_aes_cbc_encrypt_raw(&k, ct, sizeof ct, iv, 16, padded, len + p),
              CTC_OK);
        TR_EQ(ctc_aes_cbc_encrypt(&k, out, len + p, &n, iv, 16, msg, len), CTC_OK);
        TR_EQ(n, len + p);
        TR_MEM(out, ct, n);
        TR_EQ(ctc_aes_cbc_encrypt(&k, out, len + p - 1, &n, iv, 16, msg, len),
              CTC_ERR_BUFFER);
        /* every way of breaking the last byte is one error; the test's
         * own rule: valid when the last `bad` bytes all equal bad, 1..16 */
        for (j = 0; j < 4; j++) {
            uint8_t bad = (uint8_t)(j == 0 ? 0 : j == 1 ? 17 : j == 2 ? 0xff : p + 1);
            size_t q, ok = bad >= 1 && bad <= 16;

            padded[len + p - 1] = bad;
            for (q = 0; ok && q < bad; q++)
                ok = padded[len + p - 1 - q] == bad;
            TR_EQ(ctc_aes_cbc_encrypt_raw(&k, ct, sizeof ct, iv, 16, padded,
                                          len + p), CTC_OK);
            TR_EQ(ctc_aes_cbc_decrypt(&k, out, len + p, &n, iv, 16, ct, len + p),
                  ok ? CTC_OK : CTC_ERR_AES_PADDING);
            padded[len + p - 1] = (uint8_t)p;
        }
        /* a wrong byte anywhere inside the padding */
        if (p >= 2) {
            padded[len + tr_rand32() % (p - 1)] ^= 0x01;
            TR_EQ(ctc_aes_cbc_encrypt_raw(&k, ct, sizeof ct, iv, 16, padded,
                                          len + p), CTC_OK);
            TR_EQ(ctc_aes_cbc_decrypt(&k, out, len + p, &n, iv, 16, ct, len + p),
                  CTC_ERR_AES_PADDING);
        }
    }
    ctc_aes_key_wipe(&k);
    tr_group_end();
}

static void test_ccm_wycheproof(void)
{
    static uint8_t out[600], back[600];
    size_t i, valid = 0, invalid = 0;

    tr_group("Wycheproof aes_ccm_test.json (AES-CCM, 128/192/256, nonces and tags of every size)");
    TR_EQ(vec_wp_aes_ccm_count, 552);
    for (i = 0; i < vec_wp_aes_ccm_count; i++) {
        const struct vec_wp_aes_ccm *t = &vec_wp_aes_ccm[i];
        ctc_aes_key k;
        uint8_t tag[16];
        int r;

        TR_CHECK(t->msg_len <= sizeof out);
        TR_EQ(t->ct_len, t->msg_len);
        TR_EQ(ctc_aes_key_set(&k, t->key, t->key_len), CTC_OK);
        memset(back, 0xa5, sizeof back);
        r = ctc_aes_ccm_decrypt(&k, back, sizeof back, t->iv, t->iv_len,
                                t->aad, t->aad_len, t->ct, t->ct_len,
                                t->tag, t->tag_len);
        if (t->result == 1) {
            TR_EQ(ctc_aes_ccm_encrypt(&k, out, sizeof out, tag, t->tag_len,
                                      t->iv, t->iv_len, t->aad, t->aad_len,
                                      t->msg, t->msg_len), CTC_OK);
            TR_MEM(out, t->ct, t->ct_len);
            TR_MEM(tag, t->tag, t->tag_len);
            TR_EQ(r, CTC_OK);
            TR_MEM(back, t->msg, t->msg_len);
            /* in place */
            TR_EQ(ctc_aes_ccm_decrypt(&k, out, sizeof out, t->iv, t->iv_len,
                                      t->aad, t->aad_len, out, t->ct_len,
                                      t->tag, t->tag_len), CTC_OK);
            TR_MEM(out, t->msg, t->msg_len);
            valid++;
        } else if (t->iv_len < 7 || t->iv_len > 13) {
            TR_CHECK(has_flag(t->flags, "InvalidNonceSize"));
            TR_EQ(r, CTC_ERR_AES_IV_LEN);
            TR_EQ(back[0], 0xa5);      /* nothing written */
            TR_EQ(ctc_aes_ccm_encrypt(&k, out, sizeof out, tag, 16, t->iv,
                                      t->iv_len, t->aad, t->aad_len, t->msg,
                                      t->msg_len), CTC_ERR_AES_IV_LEN);
            invalid++;
        } else if (t->tag_len < 4 || t->tag_len % 2 != 0) {
            TR_CHECK(has_flag(t->flags, "InvalidTagSize")
                     || has_flag(t->flags, "InsecureTagSize"));
            TR_EQ(r, CTC_ERR_AES_TAG_LEN);
            TR_EQ(back[0], 0xa5);
            invalid++;
        } else {
            TR_CHECK(has_flag(t->flags, "ModifiedTag"));
            TR_EQ(r, CTC_ERR_AES_TAG);
            TR_EQ(or_bytes(back, t->ct_len), 0);           /* wiped */
            TR_EQ(back[t->ct_len], 0xa5);
            invalid++;
        }
        ctc_aes_key_wipe(&k);
    }
    TR_EQ(valid, 405);
    TR_EQ(invalid, 147);
    tr_group_end();
}

static void test_cmac_wycheproof(void)
{
    size_t i, valid = 0, invalid = 0;

    tr_group("Wycheproof aes_cmac_test.json (AES-CMAC, 128/192/256; one-shot, verify, streaming)");
    tr_seed(1205);
    TR_EQ(vec_wp_aes_cmac_count, 311);
    for (i = 0; i < vec_wp_aes_cmac_count; i++) {
        const struct vec_wp_aes_cmac *t = &vec_wp_aes_cmac[i];
        ctc_aes_key k;
        ctc_aes_cmac_ctx c;
        uint8_t tag[16];
        size_t at = 0;
        int r;

        r = ctc_aes_key_set(&k, t->key, t->key_len);
        if (r != CTC_OK) {
            TR_CHECK(has_flag(t->flags, "InvalidKeySize"));
            TR_EQ(t->result, 0);
            TR_EQ(r, CTC_ERR_AES_KEY_LEN);
            TR_EQ(ctc_aes_cmac(&k, tag, 16, t->msg, t->msg_len), CTC_ERR_PARAM);
            invalid++;
            continue;
        }
        TR_EQ(t->tag_len, 16);
        TR_EQ(ctc_aes_cmac(&k, tag, 16, t->msg, t->msg_len), CTC_OK);
        r = ctc_aes_cmac_verify(&k, t->tag, 16, t->msg, t->msg_len);
        if (t->result == 1) {
            TR_MEM(tag, t->tag, 16);
            TR_EQ(r, CTC_OK);
            TR_EQ(ctc_aes_cmac_verify(&k, t->tag, 8, t->msg, t->msg_len), CTC_OK);
            /* streaming, random pieces (some empty) */
            TR_EQ(ctc_aes_cmac_init(&c, &k), CTC_OK);
            while (at < t->msg_len || tr_rand32() % 3 == 0) {
                size_t n = tr_rand32() % 20;

                if (n > t->msg_len - at)
                    n = t->msg_len - at;
                TR_EQ(ctc_aes_cmac_update(&c, t->msg + at, n), CTC_OK);
                at += n;
            }
            TR_EQ(ctc_aes_cmac_final(&c, tag, 16), CTC_OK);
            TR_MEM(tag, t->tag, 16);
            valid++;
        } else {
            TR_CHECK(has_flag(t->flags, "ModifiedTag"));
            TR_CHECK(memcmp(tag, t->tag, 16) != 0);
            TR_EQ(r, CTC_ERR_AES_TAG);
            invalid++;
        }
        ctc_aes_key_wipe(&k);
    }
    TR_EQ(valid, 63);
    TR_EQ(invalid, 248);
    tr_group_end();
}

static void test_errors(void)
{
    static const uint8_t key[16] = { 7 };
    static const uint8_t zero[16] = { 0 };
    uint8_t buf[64] = { 0 }, tag[16] = { 0 }, iv[16] = { 0 };
    ctc_aes_key k, unset;
    ctc_aes_cmac_ctx c;
    size_t n, m;

    tr_group("error codes: CBC, CCM and CMAC");
    TR_EQ(ctc_aes_key_set(&unset, key, 5), CTC_ERR_AES_KEY_LEN);
    TR_EQ(ctc_aes_key_set(&k, key, 16), CTC_OK);
    /* CBC */
    for (n = 0; n <= 17; n++)
        TR_EQ(ctc_aes_cbc_encrypt(&k, buf, 64, &m, iv, n, buf, 5),
              n == 16 ? CTC_OK : CTC_ERR_AES_IV_LEN);
    TR_EQ(ctc_aes_cbc_decrypt(&k, buf, 64, &m, iv, 15, buf, 16), CTC_ERR_AES_IV_LEN);
    TR_EQ(ctc_aes_cbc_encrypt_raw(&k, buf, 64, iv, 12, buf, 16), CTC_ERR_AES_IV_LEN);
    TR_EQ(ctc_aes_cbc_decrypt_raw(&k, buf, 64, iv, 0, buf, 16), CTC_ERR_AES_IV_LEN);
    TR_EQ(ctc_aes_cbc_encrypt(&k, buf, 15, &m, iv, 16, buf, 0), CTC_ERR_BUFFER);
    TR_EQ(ctc_aes_cbc_encrypt(&k, buf, 32, &m, iv, 16, buf, 16), CTC_OK);
    TR_EQ(m, 32);
    TR_EQ(ctc_aes_cbc_encrypt(&k, buf, 31, &m, iv, 16, buf, 16), CTC_ERR_BUFFER);
    TR_EQ(ctc_aes_cbc_encrypt(&k, buf, 64, NULL, iv, 16, buf, 16), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_cbc_encrypt(&unset, buf, 64, &m, iv, 16, buf, 16), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_cbc_encrypt(&k, buf, 64, &m, NULL, 16, buf, 16), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_cbc_encrypt(&k, buf, 64, &m, iv, 16, NULL, 16), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_cbc_decrypt(&k, buf, 64, &m, iv, 16, buf, 0), CTC_ERR_AES_BLOCKS);
    TR_EQ(ctc_aes_cbc_decrypt(&k, buf, 64, &m, iv, 16, buf, 17), CTC_ERR_AES_BLOCKS);
    TR_EQ(ctc_aes_cbc_decrypt(&k, buf, 31, &m, iv, 16, buf, 32), CTC_ERR_BUFFER);
    TR_EQ(ctc_aes_cbc_decrypt(&k, buf, 64, NULL, iv, 16, buf, 32), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_cbc_decrypt(&unset, buf, 64, &m, iv, 16, buf, 32), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_cbc_encrypt_raw(&k, buf, 64, iv, 16, buf, 20), CTC_ERR_AES_BLOCKS);
    TR_EQ(ctc_aes_cbc_decrypt_raw(&k, buf, 64, iv, 16, buf, 8), CTC_ERR_AES_BLOCKS);
    TR_EQ(ctc_aes_cbc_encrypt_raw(&k, buf, 16, iv, 16, buf, 32), CTC_ERR_BUFFER);
    TR_EQ(ctc_aes_cbc_decrypt_raw(&k, buf, 16, iv, 16, buf, 32), CTC_ERR_BUFFER);
    TR_EQ(ctc_aes_cbc_encrypt_raw(&k, NULL, 0, iv, 16, NULL, 0), CTC_OK);
    TR_EQ(ctc_aes_cbc_decrypt_raw(&unset, buf, 64, iv, 16, buf, 16), CTC_ERR_PARAM);
    /* CCM: nonces 7..13, tags 4..16 even, the length field */
    for (n = 0; n <= 17; n++) {
        TR_EQ(ctc_aes_ccm_encrypt(&k, buf, 64, tag, 16, iv, n, NULL, 0, buf, 20),
              n >= 7 && n <= 13 ? CTC_OK : CTC_ERR_AES_IV_LEN);
        TR_EQ(ctc_aes_ccm_encrypt(&k, buf, 64, tag, n, iv, 12, NULL, 0, buf, 20),
              n >= 4 && n % 2 == 0 && n <= 16 ? CTC_OK : CTC_ERR_AES_TAG_LEN);
        TR_EQ(ctc_aes_ccm_decrypt(&k, buf, 64, iv, 12, NULL, 0, buf, 20, zero, n),
              n >= 4 && n % 2 == 0 && n <= 16 ? CTC_ERR_AES_TAG : CTC_ERR_AES_TAG_LEN);
    }
    /* a 13-byte nonce leaves 2 length bytes: 65535 at most (checked before
     * any buffer is read) */
    TR_EQ(ctc_aes_ccm_encrypt(&k, buf, (size_t)-1, tag, 16, iv, 13, NULL, 0, buf,
                              65536), CTC_ERR_AES_MSG_LEN);
    TR_EQ(ctc_aes_ccm_decrypt(&k, buf, (size_t)-1, iv, 13, NULL, 0, buf, 65536,
                              tag, 16), CTC_ERR_AES_MSG_LEN);
    TR_EQ(ctc_aes_ccm_encrypt(&k, buf, 65534, tag, 16, iv, 13, NULL, 0, buf,
                              65535), CTC_ERR_BUFFER);
#if SIZE_MAX > 0xffffffffu
    TR_EQ(ctc_aes_ccm_encrypt(&k, buf, SIZE_MAX, tag, 16, iv, 11, NULL, 0, buf,
                              (size_t)1 << 32), CTC_ERR_AES_MSG_LEN);
    TR_EQ(ctc_aes_ccm_encrypt(&k, buf, SIZE_MAX, tag, 16, iv, 8, NULL, 0, buf,
                              (size_t)1 << 56), CTC_ERR_AES_MSG_LEN);
#endif
    TR_EQ(ctc_aes_ccm_encrypt(&k, buf, 19, tag, 16, iv, 12, NULL, 0, buf, 20),
          CTC_ERR_BUFFER);
    TR_EQ(ctc_aes_ccm_encrypt(&unset, buf, 64, tag, 16, iv, 12, NULL, 0, buf, 20),
          CTC_ERR_PARAM);
    TR_EQ(ctc_aes_ccm_encrypt(&k, buf, 64, NULL, 16, iv, 12, NULL, 0, buf, 20),
          CTC_ERR_PARAM);
    TR_EQ(ctc_aes_ccm_encrypt(&k, buf, 64, tag, 16, NULL, 12, NULL, 0, buf, 20),
          CTC_ERR_PARAM);
    TR_EQ(ctc_aes_ccm_encrypt(&k, buf, 64, tag, 16, iv, 12, NULL, 3, buf, 20),
          CTC_ERR_PARAM);
    TR_EQ(ctc_aes_ccm_encrypt(&k, NULL, 0, tag, 16, iv, 12, NULL, 0, NULL, 0),
          CTC_OK);
    /* CMAC */
    for (n = 0; n <= 17; n++)
        TR_EQ(ctc_aes_cmac(&k, tag, n, buf, 20),
              n >= 4 && n <= 16 ? CTC_OK : CTC_ERR_AES_TAG_LEN);
    TR_EQ(ctc_aes_cmac_verify(&k, tag, 3, buf, 20), CTC_ERR_AES_TAG_LEN);
    TR_EQ(ctc_aes_cmac(&unset, tag, 16, buf, 20), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_cmac(&k, NULL, 16, buf, 20), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_cmac(&k, tag, 16, NULL, 20), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_cmac(&k, tag, 16, NULL, 0), CTC_OK);
    TR_EQ(ctc_aes_cmac_init(NULL, &k), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_cmac_init(&c, &unset), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_cmac_update(&c, buf, 4), CTC_ERR_AES_STATE);   /* not started */
    TR_EQ(ctc_aes_cmac_final(&c, tag, 16), CTC_ERR_AES_STATE);
    TR_EQ(ctc_aes_cmac_init(&c, &k), CTC_OK);
    TR_EQ(ctc_aes_cmac_update(&c, NULL, 4), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_cmac_update(&c, buf, 40), CTC_OK);
    TR_EQ(ctc_aes_cmac_final(&c, tag, 3), CTC_ERR_AES_TAG_LEN);  /* context kept */
    TR_EQ(ctc_aes_cmac_final(&c, tag, 16), CTC_OK);
    TR_EQ(ctc_aes_cmac_verify(&k, tag, 16, buf, 40), CTC_OK);
    TR_EQ(ctc_aes_cmac_update(&c, buf, 4), CTC_ERR_AES_STATE);   /* after final */
    TR_EQ(ctc_aes_cmac_final(&c, tag, 16), CTC_ERR_AES_STATE);
    tr_group_end();
}

#if AES_HAVE_HW || AES_HAVE_AVX2
#define HWD_MAX 700               /* the longest text: five 128-byte passes and more */
static uint8_t hwd_msg[HWD_MAX], hwd_aad[80], hwd_iv[64], hwd_ctr[16];
static uint8_t hwd_ref[16 * HWD_MAX], hwd_out[16 * HWD_MAX];

/* one case: key size, lengths and splits (all public) */
struct hwd_case {
    size_t kl, len, iv_len, aad_len, nonce_len, gcm_tag_len, tag_len, split;
};

/*
 * Every mode's output for one case, with the cores the mask `allow` lets
 * run (aes_hw_allow), one after the other into r: ECB both ways, CTR, GCM
 * one-shot both ways and streamed in two pieces, padded and raw CBC both
 * ways, CCM both ways, CMAC one-shot and streamed. -> the bytes written
 * (the same for every mask).
 */
static size_t hwd_all(uint8_t *r, unsigned allow, const uint8_t *key, const struct hwd_case *c)
{
    ctc_aes_key k;
    ctc_aes_gcm_ctx g;
    ctc_aes_cmac_ctx m;
    size_t o = 0, len = c->len, len16 = c->len & ~(size_t)15, n = 0, cap = 16 * HWD_MAX;
    uint8_t *ct;

    aes_hw_allow(allow);
    TR_EQ(ctc_aes_key_set(&k, key, c->kl), CTC_OK);
    /* ECB */
    TR_EQ(ctc_aes_ecb_encrypt(&k, r + o, cap - o, hwd_msg, len16), CTC_OK);
    o += len16;
    TR_EQ(ctc_aes_ecb_decrypt(&k, r + o, cap - o, hwd_msg, len16), CTC_OK);
    o += len16;
    /* CTR */
    TR_EQ(ctc_aes_ctr(&k, r + o, cap - o, hwd_ctr, hwd_msg, len), CTC_OK);
    o += len;
    /* GCM: the ciphertext and tag, their decryption, the same streamed */
    ct = r + o;
    TR_EQ(ctc_aes_gcm_encrypt_short_tag(&k, ct, cap - o, ct + len, c->gcm_tag_len, hwd_iv,
                                        c->iv_len, hwd_aad, c->aad_len, hwd_msg, len), CTC_OK);
    o += len + c->gcm_tag_len;
    TR_EQ(ctc_aes_gcm_decrypt_short_tag(&k, r + o, cap - o, hwd_iv, c->iv_len, hwd_aad,
                                        c->aad_len, ct, len, ct + len, c->gcm_tag_len), CTC_OK);
    TR_MEM(r + o, hwd_msg, len);
    o += len;
    TR_EQ(ctc_aes_gcm_init(&g, &k, hwd_iv, c->iv_len, 0), CTC_OK);
    TR_EQ(ctc_aes_gcm_aad(&g, hwd_aad, c->aad_len), CTC_OK);
    TR_EQ(ctc_aes_gcm_update(&g, r + o, cap - o, hwd_msg, c->split), CTC_OK);
    TR_EQ(ctc_aes_gcm_update(&g, r + o + c->split, cap - o - c->split, hwd_msg + c->split,
                             len - c->split), CTC_OK);
    TR_EQ(ctc_aes_gcm_encrypt_final(&g, r + o + len, c->gcm_tag_len, 1), CTC_OK);
    TR_MEM(r + o, ct, len + c->gcm_tag_len);      /* streamed = one-shot */
    o += len + c->gcm_tag_len;
    /* CBC with padding, both ways; raw CBC both ways */
    ct = r + o;
    TR_EQ(ctc_aes_cbc_encrypt(&k, ct, cap - o, &n, hwd_iv, 16, hwd_msg, len), CTC_OK);
    TR_EQ(n, len16 + 16);
    o += n;
    TR_EQ(ctc_aes_cbc_decrypt(&k, r + o, cap - o, &n, hwd_iv, 16, ct, len16 + 16), CTC_OK);
    TR_EQ(n, len);
    TR_MEM(r + o, hwd_msg, len);
    o += len;
    TR_EQ(ctc_aes_cbc_encrypt_raw(&k, r + o, cap - o, hwd_iv, 16, hwd_msg, len16), CTC_OK);
    o += len16;
    TR_EQ(ctc_aes_cbc_decrypt_raw(&k, r + o, cap - o, hwd_iv, 16, hwd_msg, len16), CTC_OK);
    o += len16;
    /* CCM both ways */
    ct = r + o;
    TR_EQ(ctc_aes_ccm_encrypt(&k, ct, cap - o, ct + len, c->tag_len, hwd_iv, c->nonce_len,
                              hwd_aad, c->aad_len, hwd_msg, len), CTC_OK);
    o += len + c->tag_len;
    TR_EQ(ctc_aes_ccm_decrypt(&k, r + o, cap - o, hwd_iv, c->nonce_len, hwd_aad, c->aad_len,
                              ct, len, ct + len, c->tag_len), CTC_OK);
    TR_MEM(r + o, hwd_msg, len);
    o += len;
    /* CMAC one-shot, and streamed in two pieces */
    TR_EQ(ctc_aes_cmac(&k, r + o, 16, hwd_msg, len), CTC_OK);
    TR_EQ(ctc_aes_cmac_init(&m, &k), CTC_OK);
    TR_EQ(ctc_aes_cmac_update(&m, hwd_msg, c->split), CTC_OK);
    TR_EQ(ctc_aes_cmac_update(&m, hwd_msg + c->split, len - c->split), CTC_OK);
    TR_EQ(ctc_aes_cmac_final(&m, r + o + 16, 16), CTC_OK);
    TR_MEM(r + o + 16, r + o, 16);
    o += 32;
    ctc_aes_key_wipe(&k);
    return o;
}

/* the cases of test_hw_vs_portable: each mask of masks[0..nm-1] against
 * the portable core (mask 0) */
static void hwd_loop(const unsigned *masks, unsigned nm, uint32_t seed)
{
    static const uint8_t gcm_tags[7] = { 4, 8, 12, 13, 14, 15, 16 };
    unsigned it, mi;
    uint8_t key[32];
    struct hwd_case c;
    size_t n_ref, n;

    tr_seed(seed);
    for (it = 0; it < TR_ITERS(400); it++) {
        unsigned pick = tr_rand32() % 4;

        c.kl = 16 + 8 * (it % 3);
        if (pick == 0)                  /* around a multiple of 128 */
            c.len = (size_t)(128 * (1 + tr_rand32() % 5)) + tr_rand32() % 33 - 16;
        else if (pick == 1)
            c.len = tr_rand32() % 48;
        else
            c.len = tr_rand32() % (HWD_MAX + 1);
        if (c.len > HWD_MAX)
            c.len = HWD_MAX;
        c.iv_len = 1 + tr_rand32() % 64;
        if (it % 4 == 0)
            c.iv_len = 12;
        c.aad_len = tr_rand32() % (sizeof hwd_aad + 1);
        c.nonce_len = 7 + tr_rand32() % 7;
        c.gcm_tag_len = gcm_tags[tr_rand32() % 7];
        c.tag_len = 4 + 2 * (tr_rand32() % 7);
        c.split = c.len == 0 ? 0 : tr_rand32() % (c.len + 1);
        tr_rand_bytes(key, sizeof key);
        tr_rand_bytes(hwd_msg, c.len);
        tr_rand_bytes(hwd_aad, sizeof hwd_aad);
        tr_rand_bytes(hwd_iv, sizeof hwd_iv);
        tr_rand_bytes(hwd_ctr, sizeof hwd_ctr);
        if (it % 2 == 0) {              /* the counter's low words about to carry */
            hwd_ctr[8] = hwd_ctr[9] = hwd_ctr[10] = hwd_ctr[11] = 0xff;
            hwd_ctr[12] = hwd_ctr[13] = hwd_ctr[14] = 0xff;
            hwd_ctr[15] = (uint8_t)(0xf0 + tr_rand32() % 16);
        }
        n_ref = hwd_all(hwd_ref, 0, key, &c);
        for (mi = 0; mi < nm; mi++) {
            memset(hwd_out, 0, n_ref);
            n = hwd_all(hwd_out, masks[mi], key, &c);
            TR_EQ(n, n_ref);
            TR_MEM(hwd_out, hwd_ref, n_ref);
        }
    }
}
#endif

/*
 * The hardware core against the portable one (the C twins: the
 * constant-time core, ct32 or ct64, and the portable GHASH) on random keys of every size, random lengths
 * (0 to 700 bytes, biased to the 128-byte passes of the hardware counter
 * and their neighbours), GCM IVs of 1 to 64 bytes (12 in a quarter of the
 * cases) and every tag length, AAD of 0 to 80 bytes, CCM nonces of 7 to 13
 * bytes and every tag length, CTR counters about to carry out of their low
 * 64 bits, streams split at random: every mode, with the block cipher and GHASH in hardware, each
 * alone, and neither (the reference).
 */
static void test_hw_vs_portable(void)
{
#if AES_HAVE_HW
    static const unsigned masks[3] = { AES_HW_AES | AES_HW_CLMUL, AES_HW_AES, AES_HW_CLMUL };
    unsigned prev = aes_hw_allow(~0u);

    if (aes_hw() == 0) {
        aes_hw_allow(prev);
        tr_skip("hardware core = portable core, every mode", "the CPU has no " AES_HW_NAME
                " nor " AES_HW_CLMUL_NAME);
        return;
    }
    tr_group("hardware core (" AES_HW_NAME ", " AES_HW_CLMUL_NAME ") = portable core: random "
             "keys, lengths, IVs; ECB, CTR, GCM, CBC, CCM, CMAC");
    hwd_loop(masks, 3, 0xa5e5);
    aes_hw_allow(prev);
    tr_group_end();
#else
    tr_skip("hardware core = portable core, every mode", "no hardware core in this build");
#endif
}

/*
 * The AVX2 leaf of the 64-bit core (sixteen blocks per pass) against its C
 * twin (aes_ct64.c, four per pass) through every mode, on the cases of
 * test_hw_vs_portable: the leaf alone and with GHASH in hardware.
 */
static void test_avx2_vs_portable(void)
{
#if AES_HAVE_AVX2
    static const unsigned masks[2] = { AES_HW_AVX2, AES_HW_AVX2 | AES_HW_CLMUL };
    unsigned prev = aes_hw_allow(~0u);

    if (!(aes_hw() & AES_HW_AVX2)) {
        aes_hw_allow(prev);
        tr_skip("AVX2 bitsliced core = portable 64-bit core, every mode", "the CPU has no AVX2");
        return;
    }
    tr_group("AVX2 bitsliced core = portable 64-bit core (its C twin): random keys, lengths, "
             "IVs; ECB, CTR, GCM, CBC, CCM, CMAC");
    hwd_loop(masks, 2, 0xa5e6);
    aes_hw_allow(prev);
    tr_group_end();
#else
    tr_skip("AVX2 bitsliced core = portable 64-bit core, every mode", "not built");
#endif
}

#if AES_HAVE_HW
/*
 * The hardware paths (the counter and GHASH loops of either core; on
 * x86-64 also the CBC and CCM chains and the VAES passes, run with and
 * without them) against the portable core through the public API: every
 * length 0..257 (each tail of an eight-block pass, in both directions) and
 * random lengths up to 64 KiB, out of place between unaligned buffers and
 * in place; CTR counters whose last word is about to carry.
 */
#define HW_MAX 65536

struct hw_case {
    ctc_aes_key k;
    uint8_t iv[16], aad[40], tag[16];
    size_t iv_len, nonce_len, aad_len;
};

enum { HW_GCM_ENC, HW_GCM_DEC, HW_CTR, HW_CBC_ENC, HW_CBC_DEC, HW_CCM_ENC,
       HW_CCM_DEC, HW_CMAC, HW_OPS };

/* operation op on in[0..len): out and, for the MACs, tag; decryption takes
 * c->tag */
static int hw_op(unsigned op, const struct hw_case *c, uint8_t *out, uint8_t tag[16],
                 const uint8_t *in, size_t len)
{
    size_t o = HW_MAX + 16;

    switch (op) {
    case HW_GCM_ENC:
        return ctc_aes_gcm_encrypt(&c->k, out, o, tag, 16, c->iv, c->iv_len, c->aad,
                                   c->aad_len, in, len);
    case HW_GCM_DEC:
        return ctc_aes_gcm_decrypt(&c->k, out, o, c->iv, c->iv_len, c->aad, c->aad_len,
                                   in, len, c->tag, 16);
    case HW_CTR:
        return ctc_aes_ctr(&c->k, out, o, c->iv, in, len);
    case HW_CBC_ENC:
        return ctc_aes_cbc_encrypt_raw(&c->k, out, o, c->iv, 16, in, len & ~(size_t)15);
    case HW_CBC_DEC:
        return ctc_aes_cbc_decrypt_raw(&c->k, out, o, c->iv, 16, in, len & ~(size_t)15);
    case HW_CCM_ENC:
        return ctc_aes_ccm_encrypt(&c->k, out, o, tag, 16, c->iv, c->nonce_len, c->aad,
                                   c->aad_len, in, len);
    case HW_CCM_DEC:
        return ctc_aes_ccm_decrypt(&c->k, out, o, c->iv, c->nonce_len, c->aad, c->aad_len,
                                   in, len, c->tag, 16);
    default:
        return ctc_aes_cmac(&c->k, tag, 16, in, len);
    }
}

static void test_hw_paths_vs_portable(void)
{
    static uint8_t msg[HW_MAX], ct[HW_OPS][HW_MAX + 16], src[HW_MAX + 16],
        buf[HW_MAX + 16];
    uint8_t tags[HW_OPS][16], tag[16];
    unsigned prev = aes_hw_allow(~0u), op, t, hw;

    if (!(aes_hw() & AES_HW_AES)) {
        aes_hw_allow(prev);
        tr_skip("hardware paths = portable core", "the CPU has no " AES_HW_NAME);
        return;
    }
    tr_group("hardware paths (" AES_HW_NAME ", " AES_HW_CLMUL_NAME
             "; on x86-64 VAES and without) = portable core: GCM, "
             "CTR, CBC, CCM, CMAC, lengths 0..257 and random to 64 KiB, unaligned, in place");
    tr_seed(57);
    /* x86-64: a second round with the VAES passes masked */
    for (t = 0; t < (AES_HAVE_X86_NI ? 2u : 1u) * (258 + 24); t++) {
        struct hw_case c;
        size_t len = t % 282 < 258 ? t % 282 : tr_rand32() % (HW_MAX + 1), n;
        unsigned oi = tr_rand32() % 16, oo = tr_rand32() % 16;
        uint8_t key[32];

        tr_rand_bytes(key, sizeof key);
        TR_EQ(ctc_aes_key_set(&c.k, key, 16 + 8 * (t % 3)), CTC_OK);
        tr_rand_bytes(c.iv, 16);
        if (t % 3 == 1) {              /* CTR's last word carries soon */
            c.iv[12] = c.iv[13] = c.iv[14] = 0xff;
            c.iv[15] = (uint8_t)(0xf0 + tr_rand32() % 16);
        }
        c.iv_len = t % 4 == 0 ? 16 : 12;
        c.nonce_len = 7 + tr_rand32() % (len < 65536 ? 7 : 6);
        c.aad_len = tr_rand32() % (sizeof c.aad + 1);
        tr_rand_bytes(c.aad, sizeof c.aad);
        tr_rand_bytes(msg, len);
        for (op = 0; op < HW_OPS; op++) {
            /* decryption reads the portable encryption's output and tag */
            const uint8_t *in = op == HW_GCM_DEC || op == HW_CBC_DEC || op == HW_CCM_DEC
                                ? ct[op - 1] : msg;

            n = op == HW_CBC_ENC || op == HW_CBC_DEC ? len & ~(size_t)15
                : op == HW_CMAC ? 0 : len;
            if (op == HW_GCM_DEC || op == HW_CCM_DEC)
                memcpy(c.tag, tags[op - 1], 16);
            /* the second round without the VAES pass (where there is one) */
            hw = t < 282 ? ~0u : ~AES_HW_VAES;
            aes_hw_allow(0);
            TR_EQ(hw_op(op, &c, ct[op], tags[op], in, len), CTC_OK);
            aes_hw_allow(hw);
            if (op == HW_GCM_DEC || op == HW_CBC_DEC || op == HW_CCM_DEC)
                TR_MEM(ct[op], msg, n);
            /* out of place, unaligned */
            memcpy(src + oi, in, len);
            memset(tag, 0, 16);
            TR_EQ(hw_op(op, &c, buf + oo, tag, src + oi, len), CTC_OK);
            TR_MEM(buf + oo, ct[op], n);
            if (op == HW_GCM_ENC || op == HW_CCM_ENC || op == HW_CMAC)
                TR_MEM(tag, tags[op], 16);
            /* in place */
            if (op != HW_CMAC) {
                memcpy(buf + oi, in, len);
                TR_EQ(hw_op(op, &c, buf + oi, tag, buf + oi, len), CTC_OK);
                TR_MEM(buf + oi, ct[op], n);
            }
        }
    }
    aes_hw_allow(prev);
    tr_group_end();
}
#endif

int main(void)
{
    /* the core in use, the portable constant-time core, the AVX2 leaf of
     * the 64-bit core (each mask whose cores in use differ from those of
     * the masks before it) */
    static const unsigned masks[3] = { ~0u, 0, AES_HW_AVX2 };
    unsigned c, d, seen[3];

    tr_init("test_aes_modes");
    for (c = 0; c < 3; c++) {
        aes_hw_allow(masks[c]);
        seen[c] = aes_hw();
        for (d = 0; d < c && seen[d] != seen[c]; d++)
            ;
        if (d < c)
            continue;
        if (AES_HAVE_HW || AES_HAVE_AVX2)
            tr_puts(aes_hw() & AES_HW_AES ? "# block cipher: " AES_HW_NAME "\n"
                    : AES_HAVE_TABLE ? "# block cipher: the table core (CTC_AES_TABLE)\n"
                    : aes_hw() & AES_HW_AVX2 ? "# block cipher: ct64-avx2\n"
                    : AES_HAVE_CT64 ? "# block cipher: ct64\n" : "# block cipher: ct32\n");
        test_cbc_wycheproof();
        test_cbc_raw();
        test_ccm_wycheproof();
        test_cmac_wycheproof();
        test_errors();
    }
    test_hw_vs_portable();
    test_avx2_vs_portable();
#if AES_HAVE_HW
    test_hw_paths_vs_portable();
#endif
    aes_hw_allow(~0u);
    return tr_finish();
}

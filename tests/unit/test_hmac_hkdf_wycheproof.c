/*
 * test_hmac_hkdf_wycheproof.c - Wycheproof hmac_sha256_test.json (174
 * cases: keys of 16, 32 and 65 bytes, full and 128-bit tags, modified
 * tags) and hkdf_sha256_test.json (86 cases, including output sizes beyond
 * 255 * HashLen, which must be refused).
 */
#include <string.h>

#include "hash_test_util.h"
#include "vec_wp_hkdf_sha256.h"
#include "vec_wp_hmac_sha256.h"

static void test_hmac(void)
{
    size_t i, valid = 0, invalid = 0;

    tr_group(th_name("Wycheproof HMAC-SHA-256", "hmac_sha256_test.json",
                     ctc_hash_impl(CTC_HASH_SHA256)));
    TR_EQ(vec_wp_hmac_sha256_count, 174);
    for (i = 0; i < vec_wp_hmac_sha256_count; i++) {
        const struct vec_wp_hmac_sha256 *t = &vec_wp_hmac_sha256[i];
        size_t tl = (size_t)(t->tagSize / 8);
        uint8_t mac[32];
        ctc_hmac_ctx ctx;
        int r;

        TR_EQ(t->tag_len, tl);
        TR_EQ(ctc_hmac(mac, tl, CTC_HASH_SHA256, t->key, t->key_len, t->msg,
                       t->msg_len), CTC_OK);
        TR_EQ(ctc_hmac_init(&ctx, CTC_HASH_SHA256, t->key, t->key_len), CTC_OK);
        TR_EQ(ctc_hmac_update(&ctx, t->msg, t->msg_len), CTC_OK);
        r = ctc_hmac_verify(&ctx, t->tag, t->tag_len);
        if (t->result == 1) {
            TR_MEM(mac, t->tag, tl);
            TR_EQ(r, CTC_OK);
            valid++;
        } else {
            /* every invalid case here is a modified tag */
            TR_CHECK(memcmp(mac, t->tag, tl) != 0);
            TR_EQ(r, CTC_ERR_SIGNATURE);
            invalid++;
        }
    }
    TR_EQ(valid, 66);
    TR_EQ(invalid, 108);
    tr_group_end();
}

static void test_hkdf(void)
{
    static uint8_t okm[8161];
    size_t i, valid = 0, invalid = 0;

    tr_group(th_name("Wycheproof HKDF-SHA-256", "hkdf_sha256_test.json",
                     ctc_hash_impl(CTC_HASH_SHA256)));
    TR_EQ(vec_wp_hkdf_sha256_count, 86);
    for (i = 0; i < vec_wp_hkdf_sha256_count; i++) {
        const struct vec_wp_hkdf_sha256 *t = &vec_wp_hkdf_sha256[i];
        size_t size = (size_t)t->size;
        int r;

        TR_CHECK(size <= sizeof okm);
        if (size > sizeof okm)
            continue;
        r = ctc_hkdf(okm, size, CTC_HASH_SHA256, t->salt, t->salt_len, t->ikm,
                     t->ikm_len, t->info, t->info_len);
        if (t->result == 1) {
            TR_EQ(r, CTC_OK);
            TR_EQ(t->okm_len, size);
            TR_MEM(okm, t->okm, size);
            valid++;
        } else {
            /* the invalid cases ask for more than 255 * 32 bytes */
            TR_CHECK(size > 255 * 32);
            TR_EQ(r, CTC_ERR_LIMIT);
            invalid++;
        }
    }
    TR_EQ(valid, 83);
    TR_EQ(invalid, 3);
    tr_group_end();
}

int main(void)
{
    tr_init("test_hmac_hkdf_wycheproof");
    test_hmac();
    test_hkdf();
    return tr_finish();
}

/*
 * test_hmac.c - HMAC-SHA-224/256/384/512: the RFC 4231 test cases, HMAC
 * against its definition written out with the hash API (keys of every
 * length around the block size, streamed messages), truncated MACs,
 * verification, and the argument checks.
 *
 * Expected MACs: RFC 4231 section 4.2-4.8 (test case 5 truncated to 128
 * bits, as the RFC gives it).
 */
#include <string.h>

#include "hash_test_util.h"

static const int ids[4] = { CTC_HASH_SHA224, CTC_HASH_SHA256, CTC_HASH_SHA384,
                            CTC_HASH_SHA512 };

struct rfc4231 {
    const char *key;        /* hex; NULL: 131 bytes 0xaa */
    const char *data;       /* text, or hex when data_hex */
    int data_hex;
    size_t mac_len;         /* 0: full size */
    const char *mac[4];     /* SHA-224, -256, -384, -512 */
};

static const struct rfc4231 rfc4231[7] = {
    {   /* 4.2 test case 1 */
        "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "Hi There", 0, 0,
        { "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22",
          "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
          "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59c"
          "faea9ea9076ede7f4af152e8b2fa9cb6",
          "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
          "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854" } },
    {   /* 4.3 test case 2: a key shorter than the output */
        "4a656665", "what do ya want for nothing?", 0, 0,
        { "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44",
          "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
          "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e"
          "8e2240ca5e69e2c78b3239ecfab21649",
          "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
          "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737" } },
    {   /* 4.4 test case 3 */
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd"
        "dddddddddddddddddddddddddddddddddddd", 1, 0,
        { "7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea",
          "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
          "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b"
          "2a5ab39dc13814b94e3ab6e101a34f27",
          "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
          "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb" } },
    {   /* 4.5 test case 4 */
        "0102030405060708090a0b0c0d0e0f10111213141516171819",
        "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
        "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd", 1, 0,
        { "6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a",
          "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
          "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e"
          "6801dd23c4a7d679ccf8a386c674cffb",
          "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
          "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd" } },
    {   /* 4.6 test case 5: truncation to 128 bits */
        "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", "Test With Truncation", 0, 16,
        { "0e2aea68a90c8d37c988bcdb9fca6fa8",
          "a3b6167473100ee06e0c796c2955552b",
          "3abf34c3503b2a23a46efc619baef897",
          "415fad6271580a531d4179bc891d87a6" } },
    {   /* 4.7 test case 6: a key longer than the block */
        NULL, "Test Using Larger Than Block-Size Key - Hash Key First", 0, 0,
        { "95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e",
          "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
          "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c6"
          "0c2ef6ab4030fe8296248df163f44952",
          "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
          "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598" } },
    {   /* 4.8 test case 7: key and data longer than the block */
        NULL, "This is a test using a larger than block-size key and a larger "
        "than block-size data. The key needs to be hashed before being used "
        "by the HMAC algorithm.", 0, 0,
        { "3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1",
          "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
          "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5"
          "a678cc31e799176d3860e6110c46523e",
          "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
          "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58" } },
};

static void test_rfc4231(void)
{
    int mode, j, c;

    for (mode = 0; mode < TH_MODES; mode++) {
        for (j = 0; j < 4; j++) {
            int id = ids[j];
            const char *impl;

            if (!TH_BUILT(id))
                continue;
            impl = th_mode(mode, id);
            if (impl == NULL) {
                tr_skip(th_name("RFC 4231", th_hash_name(id), "accelerated"),
                        "the CPU has no instructions for it");
                continue;
            }
            tr_group(th_name("RFC 4231", th_hash_name(id), impl));
            for (c = 0; c < 7; c++) {
                const struct rfc4231 *t = &rfc4231[c];
                uint8_t key[131], data[160], want[64], got[64];
                size_t key_len, data_len, want_len, mac_len;
                ctc_hmac_ctx ctx;

                if (t->key) {
                    key_len = th_unhex(key, sizeof key, t->key);
                } else {
                    memset(key, 0xaa, sizeof key);
                    key_len = sizeof key;
                }
                if (t->data_hex) {
                    data_len = th_unhex(data, sizeof data, t->data);
                } else {
                    data_len = strlen(t->data);
                    memcpy(data, t->data, data_len);
                }
                want_len = th_unhex(want, sizeof want, t->mac[j]);
                mac_len = t->mac_len ? t->mac_len : ctc_hash_size(id);
                TR_EQ(want_len, mac_len);
                /* one call */
                memset(got, 0, sizeof got);
                TR_EQ(ctc_hmac(got, mac_len, id, key, key_len, data, data_len), CTC_OK);
                TR_MEM(got, want, mac_len);
                /* streamed byte by byte, then verified */
                TR_EQ(ctc_hmac_init(&ctx, id, key, key_len), CTC_OK);
                {
                    size_t i;
                    for (i = 0; i < data_len; i++)
                        TR_EQ(ctc_hmac_update(&ctx, data + i, 1), CTC_OK);
                }
                TR_EQ(ctc_hmac_verify(&ctx, want, mac_len), CTC_OK);
            }
            tr_group_end();
        }
    }
    th_mode_reset();
}

/* HMAC as RFC 2104 defines it, with the hash API only. */
static void hmac_ref(uint8_t *mac, int id, const uint8_t *key, size_t key_len,
                     const uint8_t *m, size_t n)
{
    uint8_t k0[128], pad[128], inner[64];
    size_t bs = ctc_hash_block_size(id), hs = ctc_hash_size(id), i;
    ctc_hash_ctx ctx;

    memset(k0, 0, sizeof k0);
    if (key_len > bs)
        TR_EQ(ctc_hash(k0, sizeof k0, id, key, key_len), CTC_OK);
    else
        memcpy(k0, key, key_len);
    for (i = 0; i < bs; i++)
        pad[i] = (uint8_t)(k0[i] ^ 0x36);
    TR_EQ(ctc_hash_init(&ctx, id), CTC_OK);
    TR_EQ(ctc_hash_update(&ctx, pad, bs), CTC_OK);
    TR_EQ(ctc_hash_update(&ctx, m, n), CTC_OK);
    TR_EQ(ctc_hash_final(&ctx, inner, sizeof inner), CTC_OK);
    for (i = 0; i < bs; i++)
        pad[i] = (uint8_t)(k0[i] ^ 0x5c);
    TR_EQ(ctc_hash_init(&ctx, id), CTC_OK);
    TR_EQ(ctc_hash_update(&ctx, pad, bs), CTC_OK);
    TR_EQ(ctc_hash_update(&ctx, inner, hs), CTC_OK);
    TR_EQ(ctc_hash_final(&ctx, mac, 64), CTC_OK);
}

static void test_definition(void)
{
    static uint8_t key[300], m[400];
    int j;

    tr_seed(11);
    tr_rand_bytes(key, sizeof key);
    tr_rand_bytes(m, sizeof m);
    for (j = 0; j < 4; j++) {
        int id = ids[j];
        size_t bs = ctc_hash_block_size(id), hs = ctc_hash_size(id), kl;
        uint8_t want[64], got[64];
        int r;

        if (!TH_BUILT(id))
            continue;
        tr_group(th_name("HMAC = its definition over the hash API", th_hash_name(id),
                         ctc_hash_impl(id)));
        /* every key length up to two blocks + 2 (the long-key boundary at
         * bs / bs + 1), each with a message of a different length */
        for (kl = 0; kl <= 2 * bs + 2; kl++) {
            size_t n = (kl * 7) % (sizeof m + 1);
            hmac_ref(want, id, key, kl, m, n);
            TR_EQ(ctc_hmac(got, hs, id, kl ? key : NULL, kl, m, n), CTC_OK);
            TR_MEM(got, want, hs);
        }
        /* random keys, messages and splits */
        for (r = 0; r < TR_ITERS(200); r++) {
            ctc_hmac_ctx ctx, copy;
            size_t n = tr_rand32() % (sizeof m + 1), cut = n ? tr_rand32() % (n + 1) : 0;
            size_t tl = 1 + tr_rand32() % hs;
            uint8_t got2[64];

            kl = tr_rand32() % (sizeof key + 1);
            hmac_ref(want, id, key, kl, m, n);
            TR_EQ(ctc_hmac_init(&ctx, id, key, kl), CTC_OK);
            TR_EQ(ctc_hmac_update(&ctx, m, cut), CTC_OK);
            memcpy(&copy, &ctx, sizeof ctx);              /* fork */
            TR_EQ(ctc_hmac_update(&ctx, m + cut, n - cut), CTC_OK);
            TR_EQ(ctc_hmac_final(&ctx, got, tl), CTC_OK);  /* truncated */
            TR_MEM(got, want, tl);
            TR_EQ(ctc_hmac_update(&copy, m + cut, n - cut), CTC_OK);
            TR_EQ(ctc_hmac_final(&copy, got2, hs), CTC_OK);
            TR_MEM(got2, want, hs);
        }
        tr_group_end();
    }
}

static void test_verify(void)
{
    static const uint8_t key[20] = { 1, 2, 3 }, m[5] = { 'h', 'e', 'l', 'l', 'o' };
    int j;

    tr_group("verify: right, wrong, truncated");
    for (j = 0; j < 4; j++) {
        int id = ids[j];
        size_t hs = ctc_hash_size(id), i, len;
        uint8_t mac[64];
        ctc_hmac_ctx ctx;

        if (!TH_BUILT(id))
            continue;
        TR_EQ(ctc_hmac(mac, hs, id, key, sizeof key, m, sizeof m), CTC_OK);
        for (len = 10; len <= hs; len++) {
            TR_EQ(ctc_hmac_init(&ctx, id, key, sizeof key), CTC_OK);
            TR_EQ(ctc_hmac_update(&ctx, m, sizeof m), CTC_OK);
            TR_EQ(ctc_hmac_verify(&ctx, mac, len), CTC_OK);
            /* a context is finished by verify */
            TR_EQ(ctc_hmac_verify(&ctx, mac, len), CTC_ERR_PARAM);
        }
        /* a flipped bit anywhere in the compared part is caught */
        for (i = 0; i < hs; i++) {
            mac[i] ^= (uint8_t)(1u << (i & 7));
            TR_EQ(ctc_hmac_init(&ctx, id, key, sizeof key), CTC_OK);
            TR_EQ(ctc_hmac_update(&ctx, m, sizeof m), CTC_OK);
            TR_EQ(ctc_hmac_verify(&ctx, mac, hs), CTC_ERR_SIGNATURE);
            mac[i] ^= (uint8_t)(1u << (i & 7));
        }
        /* lengths outside [10, hs] are refused and keep the context */
        TR_EQ(ctc_hmac_init(&ctx, id, key, sizeof key), CTC_OK);
        TR_EQ(ctc_hmac_verify(&ctx, mac, 9), CTC_ERR_LENGTH);
        TR_EQ(ctc_hmac_verify(&ctx, mac, hs + 1), CTC_ERR_LENGTH);
        TR_EQ(ctc_hmac_update(&ctx, m, sizeof m), CTC_OK);
        TR_EQ(ctc_hmac_verify(&ctx, mac, hs), CTC_OK);
    }
    tr_group_end();
}

static void test_api(void)
{
    static const uint8_t key[4] = { 1, 2, 3, 4 }, m[3] = { 'a', 'b', 'c' };
    uint8_t mac[64];
    ctc_hmac_ctx ctx;

    tr_group("argument and state checks");
    TR_EQ(ctc_hmac_init(NULL, CTC_HASH_SHA256, key, 4), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_init(&ctx, 0, key, 4), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_init(&ctx, 5, key, 4), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_init(&ctx, CTC_HASH_SHA256, NULL, 4), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_init(&ctx, CTC_HASH_SHA256, NULL, 0), CTC_OK);  /* empty key */
    TR_EQ(ctc_hmac_update(&ctx, NULL, 1), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_update(NULL, m, 1), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_final(&ctx, NULL, 32), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_final(&ctx, mac, 0), CTC_ERR_LENGTH);
    TR_EQ(ctc_hmac_final(&ctx, mac, 33), CTC_ERR_LENGTH);
    TR_EQ(ctc_hmac_final(&ctx, mac, 32), CTC_OK);
    TR_EQ(ctc_hmac_update(&ctx, m, 3), CTC_ERR_PARAM);             /* finished */
    TR_EQ(ctc_hmac_final(&ctx, mac, 32), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_init(&ctx, CTC_HASH_SHA384, key, 4), CTC_OK);
    TR_EQ(ctc_hmac_wipe(&ctx), CTC_OK);
    TR_EQ(ctc_hmac_update(&ctx, m, 3), CTC_ERR_PARAM);             /* wiped */
    TR_EQ(ctc_hmac_wipe(NULL), CTC_ERR_PARAM);
    memset(&ctx, 0x77, sizeof ctx);
    TR_EQ(ctc_hmac_update(&ctx, m, 3), CTC_ERR_PARAM);             /* garbage */
    TR_EQ(ctc_hmac(NULL, 32, CTC_HASH_SHA256, key, 4, m, 3), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac(mac, 32, CTC_HASH_SHA256, key, 4, NULL, 3), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac(mac, 32, 9, key, 4, m, 3), CTC_ERR_PARAM);
#if CTC_SHA224
    TR_EQ(ctc_hmac(mac, 29, CTC_HASH_SHA224, key, 4, m, 3), CTC_ERR_LENGTH);
#else
    /* not built: refused as an id that does not exist */
    TR_EQ(ctc_hmac(mac, 28, CTC_HASH_SHA224, key, 4, m, 3), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_init(&ctx, CTC_HASH_SHA224, key, 4), CTC_ERR_PARAM);
#endif
    TR_EQ(ctc_hmac(mac, 0, CTC_HASH_SHA512, key, 4, m, 3), CTC_ERR_LENGTH);
    TR_EQ(ctc_hmac(mac, 64, CTC_HASH_SHA512, key, 4, NULL, 0), CTC_OK);
    tr_group_end();
}

int main(void)
{
    tr_init("test_hmac");
    th_skip_224("HMAC-SHA-224 in every group");
    test_rfc4231();
    test_definition();
    test_verify();
    test_api();
    return tr_finish();
}

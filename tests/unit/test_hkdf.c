/*
 * test_hkdf.c - HKDF: the RFC 5869 SHA-256 test cases (appendix A.1-A.3),
 * HKDF against its definition written out with the HMAC API for every hash,
 * outputs of every length being prefixes of longer ones, and the limits.
 */
#include <string.h>

#include "hash_test_util.h"

static const int ids[4] = { CTC_HASH_SHA224, CTC_HASH_SHA256, CTC_HASH_SHA384,
                            CTC_HASH_SHA512 };

struct rfc5869 {
    const char *ikm, *salt, *info, *prk, *okm;
};

/* RFC 5869 appendix A.1, A.2 and A.3 (the SHA-256 cases). */
static const struct rfc5869 rfc5869[3] = {
    {
        "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
        "000102030405060708090a0b0c",
        "f0f1f2f3f4f5f6f7f8f9",
        "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
        "34007208d5b887185865",
    },
    {
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
        "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
        "404142434445464748494a4b4c4d4e4f",
        "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
        "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
        "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf",
        "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecf"
        "d0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeef"
        "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
        "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
        "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c"
        "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71"
        "cc30c58179ec3e87c14c01d5c1f3434f1d87",
    },
    {
        "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "", "",
        "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
        "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d"
        "9d201395faa4b61a96c8",
    },
};

static void test_rfc5869(void)
{
    int mode, c;

    for (mode = 0; mode < TH_MODES; mode++) {
        const char *impl = th_mode(mode, CTC_HASH_SHA256);

        if (impl == NULL) {
            tr_skip(th_name("RFC 5869 A.1-A.3", "SHA-256", "accelerated"),
                    "the CPU has no instructions for it");
            continue;
        }
        tr_group(th_name("RFC 5869 A.1-A.3", "SHA-256", impl));
        for (c = 0; c < 3; c++) {
            uint8_t ikm[80], salt[80], info[80], prk[32], okm[82], got[82], gprk[40];
            size_t ikm_len = th_unhex(ikm, sizeof ikm, rfc5869[c].ikm);
            size_t salt_len = th_unhex(salt, sizeof salt, rfc5869[c].salt);
            size_t info_len = th_unhex(info, sizeof info, rfc5869[c].info);
            size_t okm_len = th_unhex(okm, sizeof okm, rfc5869[c].okm);

            TR_EQ(th_unhex(prk, sizeof prk, rfc5869[c].prk), 32);
            TR_EQ(ctc_hkdf_extract(gprk, sizeof gprk, CTC_HASH_SHA256, salt, salt_len,
                                   ikm, ikm_len), CTC_OK);
            TR_MEM(gprk, prk, 32);
            TR_EQ(ctc_hkdf_expand(got, okm_len, CTC_HASH_SHA256, prk, 32, info, info_len),
                  CTC_OK);
            TR_MEM(got, okm, okm_len);
            memset(got, 0, sizeof got);
            TR_EQ(ctc_hkdf(got, okm_len, CTC_HASH_SHA256, salt, salt_len, ikm, ikm_len,
                           info, info_len), CTC_OK);
            TR_MEM(got, okm, okm_len);
        }
        tr_group_end();
    }
    th_mode_reset();
}

/* RFC 5869 section 2.3, written out with the HMAC API. */
static void expand_ref(uint8_t *okm, size_t len, int id, const uint8_t *prk,
                       size_t prk_len, const uint8_t *info, size_t info_len)
{
    uint8_t t[64];
    size_t hs = ctc_hash_size(id), done = 0, tl = 0;
    unsigned i = 1;

    while (done < len) {
        ctc_hmac_ctx ctx;
        uint8_t c = (uint8_t)i;
        size_t take = len - done < hs ? len - done : hs;

        TR_EQ(ctc_hmac_init(&ctx, id, prk, prk_len), CTC_OK);
        TR_EQ(ctc_hmac_update(&ctx, t, tl), CTC_OK);
        TR_EQ(ctc_hmac_update(&ctx, info, info_len), CTC_OK);
        TR_EQ(ctc_hmac_update(&ctx, &c, 1), CTC_OK);
        TR_EQ(ctc_hmac_final(&ctx, t, hs), CTC_OK);
        tl = hs;
        memcpy(okm + done, t, take);
        done += take;
        i++;
    }
}

static void test_definition(void)
{
    static uint8_t okm[255 * 64], ref[255 * 64];
    uint8_t ikm[100], salt[150], info[120], prk[64], prk_ref[64];
    int j, r;

    tr_seed(21);
    for (j = 0; j < 4; j++) {
        int id = ids[j];
        size_t hs = ctc_hash_size(id), len;

        if (!TH_BUILT(id))
            continue;
        tr_group(th_name("HKDF = its definition over the HMAC API", th_hash_name(id),
                         ctc_hash_impl(id)));
        for (r = 0; r < TR_ITERS(40); r++) {
            size_t il = tr_rand32() % sizeof ikm, sl = tr_rand32() % sizeof salt;
            size_t nl = tr_rand32() % sizeof info;

            tr_rand_bytes(ikm, sizeof ikm);
            tr_rand_bytes(salt, sizeof salt);
            tr_rand_bytes(info, sizeof info);
            len = tr_rand32() % (4 * hs + 1);
            TR_EQ(ctc_hmac(prk_ref, hs, id, salt, sl, ikm, il), CTC_OK);
            TR_EQ(ctc_hkdf_extract(prk, hs, id, salt, sl, ikm, il), CTC_OK);
            TR_MEM(prk, prk_ref, hs);
            expand_ref(ref, len, id, prk, hs, info, nl);
            TR_EQ(ctc_hkdf(okm, len, id, salt, sl, ikm, il, info, nl), CTC_OK);
            TR_MEM(okm, ref, len);
            /* a longer PRK is allowed (only shorter ones are refused) */
            expand_ref(ref, len, id, salt, sl > hs ? sl : hs, info, nl);
            TR_EQ(ctc_hkdf_expand(okm, len, id, salt, sl > hs ? sl : hs, info, nl), CTC_OK);
            TR_MEM(okm, ref, len);
        }
        /* the longest output, 255 blocks; shorter outputs are its prefixes */
        TR_EQ(ctc_hkdf_expand(ref, 255 * hs, id, prk, hs, info, 7), CTC_OK);
        for (len = 0; len <= 3 * hs + 1; len++) {
            memset(okm, 0, len + 1);
            TR_EQ(ctc_hkdf_expand(okm, len, id, prk, hs, info, 7), CTC_OK);
            TR_MEM(okm, ref, len);
            TR_EQ(okm[len], 0);                 /* nothing past the end */
        }
        expand_ref(okm, 255 * hs, id, prk, hs, info, 7);
        TR_MEM(okm, ref, 255 * hs);
        tr_group_end();
    }
}

static void test_limits(void)
{
    static uint8_t okm[255 * 64 + 1];
    uint8_t prk[64], in[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    int j;

    tr_group("limits and argument checks");
    memset(prk, 7, sizeof prk);
    for (j = 0; j < 4; j++) {
        int id = ids[j];
        size_t hs = ctc_hash_size(id);

        if (!TH_BUILT(id))
            continue;
        TR_EQ(ctc_hkdf_expand(okm, 255 * hs, id, prk, hs, in, 8), CTC_OK);
        TR_EQ(ctc_hkdf_expand(okm, 255 * hs + 1, id, prk, hs, in, 8), CTC_ERR_LIMIT);
        TR_EQ(ctc_hkdf(okm, 255 * hs + 1, id, in, 8, in, 8, in, 8), CTC_ERR_LIMIT);
        TR_EQ(ctc_hkdf_expand(okm, 16, id, prk, hs - 1, in, 8), CTC_ERR_LENGTH);
        TR_EQ(ctc_hkdf_extract(okm, hs - 1, id, in, 8, in, 8), CTC_ERR_BUFFER);
        TR_EQ(ctc_hkdf_extract(okm, hs, id, in, 8, in, 8), CTC_OK);
    }
    TR_EQ(ctc_hkdf_expand(NULL, 0, CTC_HASH_SHA256, prk, 32, NULL, 0), CTC_OK);
    TR_EQ(ctc_hkdf_expand(NULL, 1, CTC_HASH_SHA256, prk, 32, NULL, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_hkdf_expand(okm, 1, CTC_HASH_SHA256, NULL, 32, NULL, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_hkdf_expand(okm, 1, CTC_HASH_SHA256, prk, 32, NULL, 1), CTC_ERR_PARAM);
    TR_EQ(ctc_hkdf_expand(okm, 1, 0, prk, 32, NULL, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_hkdf_extract(NULL, 32, CTC_HASH_SHA256, in, 8, in, 8), CTC_ERR_PARAM);
    TR_EQ(ctc_hkdf_extract(okm, 32, CTC_HASH_SHA256, NULL, 8, in, 8), CTC_ERR_PARAM);
    TR_EQ(ctc_hkdf_extract(okm, 32, CTC_HASH_SHA256, in, 8, NULL, 8), CTC_ERR_PARAM);
    TR_EQ(ctc_hkdf_extract(okm, 32, CTC_HASH_SHA256, NULL, 0, NULL, 0), CTC_OK);
    TR_EQ(ctc_hkdf_extract(okm, 32, -3, in, 8, in, 8), CTC_ERR_PARAM);
    TR_EQ(ctc_hkdf(okm, 10, 5, in, 8, in, 8, in, 8), CTC_ERR_PARAM);
#if !CTC_SHA224
    /* not built: refused as an id that does not exist */
    TR_EQ(ctc_hkdf(okm, 10, CTC_HASH_SHA224, in, 8, in, 8, in, 8), CTC_ERR_PARAM);
    TR_EQ(ctc_hkdf_extract(okm, 28, CTC_HASH_SHA224, in, 8, in, 8), CTC_ERR_PARAM);
    TR_EQ(ctc_hkdf_expand(okm, 10, CTC_HASH_SHA224, prk, 28, in, 8), CTC_ERR_PARAM);
#endif
    TR_EQ(ctc_hkdf(okm, 10, CTC_HASH_SHA256, in, 8, NULL, 8, in, 8), CTC_ERR_PARAM);
    TR_EQ(ctc_hkdf(NULL, 10, CTC_HASH_SHA256, in, 8, in, 8, in, 8), CTC_ERR_PARAM);
    tr_group_end();
}

int main(void)
{
    tr_init("test_hkdf");
    th_skip_224("HKDF-SHA-224 in every group");
    test_rfc5869();
    test_definition();
    test_limits();
    return tr_finish();
}

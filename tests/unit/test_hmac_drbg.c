/*
 * test_hmac_drbg.c - HMAC-DRBG: NIST CAVP known answers (SHA-256), the
 * DRBG against SP 800-90A section 10.1.2 written out with the HMAC API
 * (every hash, personalisation, additional input, reseeds, request sizes
 * across block boundaries), the request-size and reseed-counter limits,
 * and the argument checks. (The host-only test_hash_openssl.c compares it
 * with OpenSSL's HMAC-DRBG.)
 *
 * Known answers: NIST CAVP DRBG test vectors (drbgvectors_no_reseed and
 * drbgvectors_pr_false, HMAC_DRBG.rsp), [SHA-256], no prediction
 * resistance, 256-bit entropy, 128-bit nonce, 1024 returned bits: the
 * DRBG is instantiated, (reseeded,) asked for 1024 bits twice, and the
 * second answer is compared.
 */
#include <string.h>

#include "hash_test_util.h"

static const int ids[4] = { CTC_HASH_SHA224, CTC_HASH_SHA256, CTC_HASH_SHA384,
                            CTC_HASH_SHA512 };

struct drbg_kat {
    const char *what, *entropy, *nonce, *pers, *reseed, *returned;
};

static const struct drbg_kat kats[3] = {
    {   "no reseed, no personalisation, COUNT = 0",
        "ca851911349384bffe89de1cbdc46e6831e44d34a4fb935ee285dd14b71a7488",
        "659ba96c601dc69fc902940805ec0ca8", "", NULL,
        "e528e9abf2dece54d47c7e75e5fe302149f817ea9fb4bee6f4199697d04d5b89"
        "d54fbb978a15b5c443c9ec21036d2460b6f73ebad0dc2aba6e624abf07745bc1"
        "07694bb7547bb0995f70de25d6b29e2d3011bb19d27676c07162c8b5ccde0668"
        "961df86803482cb37ed6d5c0bb8d50cf1f50d476aa0458bdaba806f48be9dcb8" },
    {   "no reseed, 256-bit personalisation, COUNT = 0",
        "5cacc68165a2e2ee20812f35ec73a79dbf30fd475476ac0c44fc6174cdac2b55",
        "6f885496c1e63af620becd9e71ecb824",
        "e72dd8590d4ed5295515c35ed6199e9d211b8f069b3058caa6670b96ef1208d0", NULL,
        "f1012cf543f94533df27fedfbf58e5b79a3dc517a9c402bdbfc9a0c0f721f9d5"
        "3faf4aafdc4b8f7a1b580fcaa52338d4bd95f58966a243cdcd3f446ed4bc546d"
        "9f607b190dd69954450d16cd0e2d6437067d8b44d19a6af7a7cfa8794e5fbd72"
        "8e8fb2f2e8db5dd4ff1aa275f35886098e80ff844886060da8b1e7137846b23b" },
    {   "reseed (prediction resistance false), COUNT = 0",
        "06032cd5eed33f39265f49ecb142c511da9aff2af71203bffaf34a9ca5bd9c0d",
        "0e66f71edc43e42a45ad3c6fc6cdc4df", "",
        "01920a4e669ed3a85ae8a33b35a74ad7fb2a6bb4cf395ce00334a9c9a5a5d552",
        "76fc79fe9b50beccc991a11b5635783a83536add03c157fb30645e611c2898bb"
        "2b1bc215000209208cd506cb28da2a51bdb03826aaf2bd2335d576d519160842"
        "e7158ad0949d1a9ec3e66ea1b1a064b005de914eac2e9d4f2d72a8616a802254"
        "22918250ff66a41bd2f864a6a38cc5b6499dc43f7f2bd09e1e0f8f5885935124" },
};

static void test_kat(void)
{
    int mode, c;

    for (mode = 0; mode < TH_MODES; mode++) {
        const char *impl = th_mode(mode, CTC_HASH_SHA256);

        if (impl == NULL) {
            tr_skip(th_name("NIST CAVP HMAC_DRBG", "SHA-256", "accelerated"),
                    "the CPU has no instructions for it");
            continue;
        }
        tr_group(th_name("NIST CAVP HMAC_DRBG", "SHA-256", impl));
        for (c = 0; c < 3; c++) {
            const struct drbg_kat *k = &kats[c];
            uint8_t e[32], n[16], p[32], r[32], want[128], out[128];
            size_t el = th_unhex(e, sizeof e, k->entropy), nl = th_unhex(n, sizeof n, k->nonce);
            size_t pl = th_unhex(p, sizeof p, k->pers);
            ctc_hmac_drbg_ctx d;

            TR_EQ(th_unhex(want, sizeof want, k->returned), 128);
            TR_EQ(ctc_hmac_drbg_instantiate(&d, CTC_HASH_SHA256, e, el, n, nl,
                                            pl ? p : NULL, pl), CTC_OK);
            if (k->reseed != NULL) {
                size_t rl = th_unhex(r, sizeof r, k->reseed);
                TR_EQ(ctc_hmac_drbg_reseed(&d, r, rl, NULL, 0), CTC_OK);
            }
            TR_EQ(ctc_hmac_drbg_generate(&d, out, sizeof out, NULL, 0), CTC_OK);
            TR_EQ(ctc_hmac_drbg_generate(&d, out, sizeof out, NULL, 0), CTC_OK);
            TR_MEM(out, want, sizeof want);
            TR_EQ(ctc_hmac_drbg_wipe(&d), CTC_OK);
        }
        tr_group_end();
    }
    th_mode_reset();
}

/* ---- SP 800-90A section 10.1.2 over the HMAC API ------------------------------ */

struct ref_drbg {
    int id;
    size_t hs;
    uint8_t K[64], V[64];
};

static void ref_hmac(uint8_t *out, struct ref_drbg *d, const uint8_t *a, size_t al,
                     const uint8_t *b, size_t bl, const uint8_t *c, size_t cl)
{
    ctc_hmac_ctx h;

    TR_EQ(ctc_hmac_init(&h, d->id, d->K, d->hs), CTC_OK);
    TR_EQ(ctc_hmac_update(&h, a, al), CTC_OK);
    TR_EQ(ctc_hmac_update(&h, b, bl), CTC_OK);
    TR_EQ(ctc_hmac_update(&h, c, cl), CTC_OK);
    TR_EQ(ctc_hmac_final(&h, out, d->hs), CTC_OK);
}

/* HMAC_DRBG_Update (10.1.2.2) with provided_data = p1 || p2 */
static void ref_update(struct ref_drbg *d, const uint8_t *p1, size_t l1,
                       const uint8_t *p2, size_t l2)
{
    static const uint8_t zero = 0x00, one = 0x01;
    uint8_t cat[512];

    TR_CHECK(l1 + l2 <= sizeof cat);
    if (l1) /* memcpy takes no NULL pointer, even for 0 bytes */
        memcpy(cat, p1, l1);
    if (l2)
        memcpy(cat + l1, p2, l2);
    ref_hmac(d->K, d, d->V, d->hs, &zero, 1, cat, l1 + l2);
    ref_hmac(d->V, d, d->V, d->hs, NULL, 0, NULL, 0);
    if (l1 + l2 == 0)
        return;
    ref_hmac(d->K, d, d->V, d->hs, &one, 1, cat, l1 + l2);
    ref_hmac(d->V, d, d->V, d->hs, NULL, 0, NULL, 0);
}

static void ref_generate(struct ref_drbg *d, uint8_t *out, size_t n,
                         const uint8_t *add, size_t al)
{
    size_t done = 0;

    if (al)
        ref_update(d, add, al, NULL, 0);
    while (done < n) {
        size_t take = n - done < d->hs ? n - done : d->hs;
        ref_hmac(d->V, d, d->V, d->hs, NULL, 0, NULL, 0);
        memcpy(out + done, d->V, take);
        done += take;
    }
    ref_update(d, add, al, NULL, 0);
}

static void test_definition(void)
{
    static uint8_t out[700], ref[700];
    uint8_t ent[100], nonce[40], pers[100], add[100];
    int j, r, g;

    tr_seed(31);
    for (j = 0; j < 4; j++) {
        int id = ids[j];
        size_t hs = ctc_hash_size(id);
        size_t min_ent = id == CTC_HASH_SHA224 ? 24 : 32;

        if (!TH_BUILT(id))
            continue;
        tr_group(th_name("HMAC-DRBG = SP 800-90A over the HMAC API", th_hash_name(id),
                         ctc_hash_impl(id)));
        for (r = 0; r < TR_ITERS(30); r++) {
            struct ref_drbg rd;
            ctc_hmac_drbg_ctx d;
            size_t el = min_ent + tr_rand32() % (sizeof ent - min_ent + 1);
            size_t nl = tr_rand32() % (sizeof nonce + 1), pl = tr_rand32() % (sizeof pers + 1);

            tr_rand_bytes(ent, sizeof ent);
            tr_rand_bytes(nonce, sizeof nonce);
            tr_rand_bytes(pers, sizeof pers);
            rd.id = id;
            rd.hs = hs;
            memset(rd.K, 0, sizeof rd.K);
            memset(rd.V, 1, sizeof rd.V);
            {
                uint8_t seed[240];
                memcpy(seed, ent, el);
                memcpy(seed + el, nonce, nl);
                ref_update(&rd, seed, el + nl, pers, pl);
            }
            TR_EQ(ctc_hmac_drbg_instantiate(&d, id, ent, el, nonce, nl, pers, pl), CTC_OK);
            for (g = 0; g < 6; g++) {
                size_t n = tr_rand32() % (sizeof out + 1);
                size_t al = (tr_rand32() & 1) ? tr_rand32() % (sizeof add + 1) : 0;

                tr_rand_bytes(add, sizeof add);
                if (g == 3) {           /* a reseed in the middle */
                    size_t rl = min_ent + tr_rand32() % (sizeof ent - min_ent + 1);
                    tr_rand_bytes(ent, sizeof ent);
                    ref_update(&rd, ent, rl, add, al);
                    TR_EQ(ctc_hmac_drbg_reseed(&d, ent, rl, add, al), CTC_OK);
                    TR_EQ(d.reseed_counter, 1);
                    continue;
                }
                ref_generate(&rd, ref, n, add, al);
                memset(out, 0, sizeof out);
                TR_EQ(ctc_hmac_drbg_generate(&d, out, n, al ? add : NULL, al), CTC_OK);
                TR_MEM(out, ref, n);
                TR_MEM(d.K, rd.K, hs);
                TR_MEM(d.V, rd.V, hs);
            }
        }
        tr_group_end();
    }
}

/* ---- limits and checks ------------------------------------------------------------ */

/* A request of the largest size needs a 64 KiB buffer, more than the
 * Cortex-M0 image's RAM (64 KiB in all); there the boundary is checked from
 * the refusing side only (a refused request writes nothing, so a small
 * buffer serves). */
#if defined(__ARM_ARCH_6M__)
#define BIG_REQUEST_OK 0
static uint8_t big[16];
#else
#define BIG_REQUEST_OK 1
static uint8_t big[CTC_HMAC_DRBG_MAX_REQUEST];
#endif

static void test_limits(void)
{
    uint8_t ent[64], out[16];
    ctc_hmac_drbg_ctx d;
    int j;

    memset(ent, 0x42, sizeof ent);
    if (!BIG_REQUEST_OK)
        tr_skip("a request of exactly 65536 bytes succeeds",
                "needs a 64 KiB buffer; this image has 64 KiB of RAM in all");
    tr_group("limits: entropy length, request size, reseed interval");
    for (j = 0; j < 4; j++) {
        int id = ids[j];
        size_t min_ent = id == CTC_HASH_SHA224 ? 24 : 32;

        if (!TH_BUILT(id))
            continue;
        TR_EQ(ctc_hmac_drbg_instantiate(&d, id, ent, min_ent - 1, NULL, 0, NULL, 0),
              CTC_ERR_LENGTH);
        TR_EQ(ctc_hmac_drbg_instantiate(&d, id, ent, min_ent, NULL, 0, NULL, 0), CTC_OK);
        TR_EQ(ctc_hmac_drbg_reseed(&d, ent, min_ent - 1, NULL, 0), CTC_ERR_LENGTH);
        TR_EQ(ctc_hmac_drbg_reseed(&d, ent, min_ent, NULL, 0), CTC_OK);
    }
    TR_EQ(ctc_hmac_drbg_instantiate(&d, CTC_HASH_SHA256, ent, 32, ent, 16, NULL, 0), CTC_OK);
    /* 2^19 bits per request */
    TR_EQ(ctc_hmac_drbg_generate(&d, big, CTC_HMAC_DRBG_MAX_REQUEST + 1, NULL, 0),
          CTC_ERR_LIMIT);
    if (BIG_REQUEST_OK)
        TR_EQ(ctc_hmac_drbg_generate(&d, big, CTC_HMAC_DRBG_MAX_REQUEST, NULL, 0), CTC_OK);
    TR_EQ(ctc_hmac_drbg_generate(&d, out, 0, NULL, 0), CTC_OK);
    /* the reseed counter: generate is allowed while counter <= 2^48 */
    d.reseed_counter = CTC_HMAC_DRBG_RESEED_INTERVAL;
    TR_EQ(ctc_hmac_drbg_generate(&d, out, sizeof out, NULL, 0), CTC_OK);
    TR_EQ(d.reseed_counter, CTC_HMAC_DRBG_RESEED_INTERVAL + 1);
    TR_EQ(ctc_hmac_drbg_generate(&d, out, sizeof out, NULL, 0), CTC_ERR_LIMIT);
    TR_EQ(ctc_hmac_drbg_generate(&d, out, sizeof out, ent, 5), CTC_ERR_LIMIT);
    TR_EQ(ctc_hmac_drbg_reseed(&d, ent, 32, NULL, 0), CTC_OK);
    TR_EQ(ctc_hmac_drbg_generate(&d, out, sizeof out, NULL, 0), CTC_OK);
    TR_EQ(d.reseed_counter, 2);
    tr_group_end();

    tr_group("argument and state checks");
    TR_EQ(ctc_hmac_drbg_instantiate(NULL, CTC_HASH_SHA256, ent, 32, NULL, 0, NULL, 0),
          CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_drbg_instantiate(&d, 0, ent, 32, NULL, 0, NULL, 0), CTC_ERR_PARAM);
#if !CTC_SHA224
    /* not built: refused as an id that does not exist */
    TR_EQ(ctc_hmac_drbg_instantiate(&d, CTC_HASH_SHA224, ent, 32, NULL, 0, NULL, 0),
          CTC_ERR_PARAM);
#endif
    TR_EQ(ctc_hmac_drbg_instantiate(&d, CTC_HASH_SHA256, NULL, 32, NULL, 0, NULL, 0),
          CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_drbg_instantiate(&d, CTC_HASH_SHA256, ent, 32, NULL, 3, NULL, 0),
          CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_drbg_instantiate(&d, CTC_HASH_SHA256, ent, 32, NULL, 0, NULL, 3),
          CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_drbg_instantiate(&d, CTC_HASH_SHA256, ent, 32, NULL, 0, NULL, 0), CTC_OK);
    TR_EQ(ctc_hmac_drbg_generate(&d, NULL, 4, NULL, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_drbg_generate(&d, out, 4, NULL, 4), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_drbg_reseed(&d, NULL, 32, NULL, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_drbg_reseed(&d, ent, 32, NULL, 1), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_drbg_wipe(&d), CTC_OK);
    TR_EQ(ctc_hmac_drbg_generate(&d, out, 4, NULL, 0), CTC_ERR_PARAM);  /* wiped */
    TR_EQ(ctc_hmac_drbg_reseed(&d, ent, 32, NULL, 0), CTC_ERR_PARAM);
    memset(&d, 0x33, sizeof d);
    TR_EQ(ctc_hmac_drbg_generate(&d, out, 4, NULL, 0), CTC_ERR_PARAM);  /* garbage */
    TR_EQ(ctc_hmac_drbg_wipe(NULL), CTC_ERR_PARAM);
    TR_EQ(ctc_hmac_drbg_generate(NULL, out, 4, NULL, 0), CTC_ERR_PARAM);
    tr_group_end();
}

int main(void)
{
    tr_init("test_hmac_drbg");
    th_skip_224("HMAC-DRBG with SHA-224 in every group");
    test_kat();
    test_definition();
    test_limits();
    return tr_finish();
}

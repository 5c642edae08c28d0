/*
 * test_sha2.c - SHA-224/256/384/512: the FIPS 180-4 example messages,
 * streaming against one-shot for every split of messages up to two blocks
 * (and random splits up to three), the accelerated compression function
 * against the portable one, argument checks, the length limit and copying
 * a context in mid-stream.
 *
 * Expected digests: the examples published with FIPS 180-4 (NIST,
 * "Cryptographic Standards and Guidelines: Examples with Intermediate
 * Values"), for the empty message, "abc", the 448-bit and 896-bit
 * messages and one million 'a'.
 */
#include <string.h>

#include "hash_test_util.h"

static const int ids[4] = { CTC_HASH_SHA224, CTC_HASH_SHA256, CTC_HASH_SHA384,
                            CTC_HASH_SHA512 };

/* ---- known answers ------------------------------------------------------------ */

static const char M448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char M896[] = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                           "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

/* [hash][message]: "", "abc", M448, M896, 10^6 x 'a' */
static const char *const fips[4][5] = {
    {
        "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f",
        "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
        "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
        "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3",
        "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67",
    },
    {
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
    },
    {
        "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
        "274edebfe76f65fbd51ad2f14898b95b",
        "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
        "8086072ba1e7cc2358baeca134c825a7",
        "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6"
        "b0455a8520bc4e6f5fe95b1fe3c8452b",
        "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
        "fcc7c71a557e2db966c3e9fa91746039",
        "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
        "07b8b3dc38ecc4ebae97ddd87f3d8985",
    },
    {
        "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
        "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
        "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
        "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
        "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
        "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
        "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
        "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
    },
};

/* The per-algorithm one-shot functions (not the generic one), so that each
 * public entry point is exercised. */
static int oneshot(int id, uint8_t *out, const uint8_t *m, size_t n)
{
    switch (id) {
#if CTC_SHA224
    case CTC_HASH_SHA224: return ctc_sha224(out, m, n);
#endif
    case CTC_HASH_SHA256: return ctc_sha256(out, m, n);
    case CTC_HASH_SHA384: return ctc_sha384(out, m, n);
    default: return ctc_sha512(out, m, n);
    }
}

static void test_fips(void)
{
    static uint8_t a1000[1000];
    uint8_t want[64], got[64];
    int mode, j, i, k;

    memset(a1000, 'a', sizeof a1000);
    for (mode = 0; mode < TH_MODES; mode++) {
        for (j = 0; j < 4; j++) {
            int id = ids[j];
            size_t hs = ctc_hash_size(id);
            const char *impl;

            if (!TH_BUILT(id))
                continue;
            impl = th_mode(mode, id);
            if (impl == NULL) {
                tr_skip(th_name("FIPS 180-4 examples", th_hash_name(id), "accelerated"),
                        "the CPU has no instructions for it");
                continue;
            }
            tr_group(th_name("FIPS 180-4 examples", th_hash_name(id), impl));
            for (i = 0; i < 5; i++) {
                const char *m = i == 0 ? "" : i == 1 ? "abc" : i == 2 ? M448 : M896;
                TR_EQ(th_unhex(want, sizeof want, fips[j][i]), hs);
                if (i < 4) {
                    TR_EQ(oneshot(id, got, (const uint8_t *)m, strlen(m)), CTC_OK);
                    TR_MEM(got, want, hs);
                } else {
                    ctc_hash_ctx ctx;
                    TR_EQ(ctc_hash_init(&ctx, id), CTC_OK);
                    for (k = 0; k < 1000; k++)
                        TR_EQ(ctc_hash_update(&ctx, a1000, sizeof a1000), CTC_OK);
                    TR_EQ(ctc_hash_final(&ctx, got, sizeof got), CTC_OK);
                    TR_MEM(got, want, hs);
                }
            }
            tr_group_end();
        }
    }
    th_mode_reset();
}

/* ---- streaming against one-shot ------------------------------------------------- */

static uint8_t msg[3 * 128 + 2];

/* Hash m[0..n) in the pieces given by cuts[0..ncut) (increasing offsets). */
static void hash_pieces(int id, uint8_t *out, const uint8_t *m, size_t n,
                        const size_t *cuts, int ncut)
{
    ctc_hash_ctx ctx;
    size_t at = 0;
    int i;

    TR_EQ(ctc_hash_init(&ctx, id), CTC_OK);
    for (i = 0; i <= ncut; i++) {
        size_t end = i < ncut ? cuts[i] : n;
        TR_EQ(ctc_hash_update(&ctx, m + at, end - at), CTC_OK);
        TR_EQ(ctc_hash_update(&ctx, NULL, 0), CTC_OK);   /* empty updates are no-ops */
        at = end;
    }
    TR_EQ(ctc_hash_final(&ctx, out, 64), CTC_OK);
}

static void test_splits(void)
{
    uint8_t ref[64], got[64];
    int j, r, k;

    tr_seed(2);
    tr_rand_bytes(msg, sizeof msg);
    for (j = 0; j < 4; j++) {
        int id = ids[j];
        size_t bs = ctc_hash_block_size(id), hs = ctc_hash_size(id), n, s, t;

        if (!TH_BUILT(id))
            continue;
        tr_group(th_name("streaming = one-shot, every split up to 2 blocks + 1",
                         th_hash_name(id), ctc_hash_impl(id)));
        for (n = 0; n <= 2 * bs + 1; n++) {
            TR_EQ(oneshot(id, ref, msg, n), CTC_OK);
            for (s = 0; s <= n; s++) {
                hash_pieces(id, got, msg, n, &s, 1);
                TR_MEM(got, ref, hs);
            }
        }
        /* every three-piece split of a message just over one block */
        n = bs + 3;
        TR_EQ(oneshot(id, ref, msg, n), CTC_OK);
        for (s = 0; s <= n; s++)
            for (t = s; t <= n; t++) {
                size_t cuts[2];
                cuts[0] = s;
                cuts[1] = t;
                hash_pieces(id, got, msg, n, cuts, 2);
                TR_MEM(got, ref, hs);
            }
        /* random splits into up to six pieces, up to three blocks + 1 */
        for (r = 0; r < TR_ITERS(300); r++) {
            size_t cuts[5];
            int ncut = (int)(tr_rand32() % 6);
            n = tr_rand32() % (3 * bs + 2);
            for (k = 0; k < ncut; k++)
                cuts[k] = n ? tr_rand32() % (n + 1) : 0;
            for (k = 1; k < ncut; k++) {        /* insertion sort */
                size_t v = cuts[k];
                int m = k - 1;
                while (m >= 0 && cuts[m] > v) {
                    cuts[m + 1] = cuts[m];
                    m--;
                }
                cuts[m + 1] = v;
            }
            TR_EQ(oneshot(id, ref, msg, n), CTC_OK);
            hash_pieces(id, got, msg, n, cuts, ncut);
            TR_MEM(got, ref, hs);
        }
        tr_group_end();
    }
}

/* ---- accelerated against portable ------------------------------------------------ */

static void test_accel(void)
{
    static uint8_t buf[8 * 128];
    int fam;

    for (fam = 0; fam < 2; fam++) {
        int id = fam ? CTC_HASH_SHA512 : CTC_HASH_SHA256;
        const char *impl = th_mode(1, id);
        int r;

        if (impl == NULL) {
            tr_skip(th_name("accelerated = portable compression", th_hash_name(id),
                            "accelerated"), "the CPU has no instructions for it");
            continue;
        }
        tr_group(th_name("accelerated = portable compression", th_hash_name(id), impl));
        tr_seed(3 + (uint64_t)fam);
        for (r = 0; r < TR_ITERS(2000); r++) {
            size_t nb = 1 + tr_rand32() % 8, i;
            uint8_t d1[64], d2[64];
            size_t len;

            tr_rand_bytes(buf, sizeof buf);
            /* arbitrary chaining values, not only those reachable from the IV */
            if (fam == 0) {
                uint32_t h1[8], h2[8];
                for (i = 0; i < 8; i++)
                    h1[i] = h2[i] = (uint32_t)tr_rand_edgy64();
                sha256_blocks_c(h1, buf, nb);
                sha256_blocks(h2, buf, nb);
                TR_MEM(h1, h2, sizeof h1);
            } else {
                uint64_t h1[8], h2[8];
                for (i = 0; i < 8; i++)
                    h1[i] = h2[i] = tr_rand_edgy64();
                sha512_blocks_c(h1, buf, nb);
                sha512_blocks(h2, buf, nb);
                TR_MEM(h1, h2, sizeof h1);
            }
            /* and whole messages through the public API */
            len = tr_rand32() % (sizeof buf + 1);
            th_mode(0, id);
            TR_EQ(ctc_hash(d1, sizeof d1, id, buf, len), CTC_OK);
            if (TH_BUILT(id - 1))
                TR_EQ(ctc_hash(d2, sizeof d2, id - 1, buf, len), CTC_OK);
            th_mode(1, id);
            {
                uint8_t e1[64], e2[64];
                TR_EQ(ctc_hash(e1, sizeof e1, id, buf, len), CTC_OK);
                TR_MEM(e1, d1, ctc_hash_size(id));
                if (TH_BUILT(id - 1)) {
                    TR_EQ(ctc_hash(e2, sizeof e2, id - 1, buf, len), CTC_OK);
                    TR_MEM(e2, d2, ctc_hash_size(id - 1));
                }
            }
        }
        tr_group_end();
    }
    th_mode_reset();
}

/* ---- the API's checks --------------------------------------------------------------- */

static void test_api(void)
{
    ctc_sha256_ctx c256;
    ctc_sha512_ctx c512;
    ctc_hash_ctx g;
    uint8_t out[64], ref[64];
    static const uint8_t m[3] = { 'a', 'b', 'c' };

    tr_group("argument and state checks");
    /* NULL where data is needed */
    TR_EQ(ctc_sha256_init(NULL), CTC_ERR_PARAM);
#if CTC_SHA224
    TR_EQ(ctc_sha224_init(NULL), CTC_ERR_PARAM);
#endif
    TR_EQ(ctc_sha384_init(NULL), CTC_ERR_PARAM);
    TR_EQ(ctc_sha512_init(NULL), CTC_ERR_PARAM);
    TR_EQ(ctc_sha256(NULL, m, 3), CTC_ERR_PARAM);
    TR_EQ(ctc_sha512(out, NULL, 1), CTC_ERR_PARAM);
    TR_EQ(ctc_sha256(out, NULL, 0), CTC_OK);          /* empty message */
    TR_EQ(ctc_sha256_init(&c256), CTC_OK);
    TR_EQ(ctc_sha256_update(&c256, NULL, 5), CTC_ERR_PARAM);
    TR_EQ(ctc_sha256_update(NULL, m, 3), CTC_ERR_PARAM);
    TR_EQ(ctc_sha256_final(&c256, NULL), CTC_ERR_PARAM);
    /* the variant must match */
#if CTC_SHA224
    TR_EQ(ctc_sha224_final(&c256, out), CTC_ERR_PARAM);
#endif
    TR_EQ(ctc_sha256_final(&c256, out), CTC_OK);
    /* a finished context is refused until initialised again */
    TR_EQ(ctc_sha256_update(&c256, m, 3), CTC_ERR_PARAM);
    TR_EQ(ctc_sha256_final(&c256, out), CTC_ERR_PARAM);
    TR_EQ(ctc_sha384_init(&c512), CTC_OK);
    TR_EQ(ctc_sha512_final(&c512, out), CTC_ERR_PARAM);
    TR_EQ(ctc_sha384_update(&c512, m, 3), CTC_OK);
    TR_EQ(ctc_sha384_final(&c512, out), CTC_OK);
    TR_EQ(ctc_sha384(ref, m, 3), CTC_OK);
    TR_MEM(out, ref, 48);
    TR_EQ(ctc_sha384_update(&c512, m, 3), CTC_ERR_PARAM);
    /* a context of garbage is refused */
    memset(&c512, 0x5a, sizeof c512);
    TR_EQ(ctc_sha512_update(&c512, m, 3), CTC_ERR_PARAM);
    memset(&g, 0xa5, sizeof g);
    TR_EQ(ctc_hash_update(&g, m, 3), CTC_ERR_PARAM);
    /* generic: ids, sizes, buffers */
    TR_EQ(ctc_hash_size(0), 0);
    TR_EQ(ctc_hash_size(5), 0);
    TR_EQ(ctc_hash_size(-1), 0);
    TR_EQ(ctc_hash_block_size(0), 0);
#if CTC_SHA224
    TR_EQ(ctc_hash_size(CTC_HASH_SHA224), 28);
    TR_EQ(ctc_hash_block_size(CTC_HASH_SHA224), 64);
#else
    /* not built: an id that does not exist */
    TR_EQ(ctc_hash_size(CTC_HASH_SHA224), 0);
    TR_EQ(ctc_hash_block_size(CTC_HASH_SHA224), 0);
    TR_EQ(ctc_hash_init(&g, CTC_HASH_SHA224), CTC_ERR_PARAM);
    TR_EQ(ctc_hash(out, 28, CTC_HASH_SHA224, m, 3), CTC_ERR_PARAM);
    TR_EQ(ctc_hash_impl(CTC_HASH_SHA224) == NULL, 1);
#endif
    TR_EQ(ctc_hash_size(CTC_HASH_SHA384), 48);
    TR_EQ(ctc_hash_block_size(CTC_HASH_SHA384), 128);
    TR_EQ(ctc_hash_init(&g, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_hash_init(&g, 5), CTC_ERR_PARAM);
    TR_EQ(ctc_hash_init(NULL, CTC_HASH_SHA256), CTC_ERR_PARAM);
    TR_EQ(ctc_hash(out, 64, 7, m, 3), CTC_ERR_PARAM);
#if CTC_SHA224
    TR_EQ(ctc_hash(out, 27, CTC_HASH_SHA224, m, 3), CTC_ERR_BUFFER);
    TR_EQ(ctc_hash(out, 28, CTC_HASH_SHA224, m, 3), CTC_OK);
#endif
    TR_EQ(ctc_hash_init(&g, CTC_HASH_SHA512), CTC_OK);
    TR_EQ(ctc_hash_update(&g, m, 3), CTC_OK);
    TR_EQ(ctc_hash_final(&g, out, 63), CTC_ERR_BUFFER);  /* ctx kept */
    TR_EQ(ctc_hash_final(&g, out, 64), CTC_OK);
    TR_EQ(ctc_sha512(ref, m, 3), CTC_OK);
    TR_MEM(out, ref, 64);
    TR_EQ(ctc_hash_final(&g, out, 64), CTC_ERR_PARAM);   /* finished */
    TR_EQ(ctc_hash_init(&g, CTC_HASH_SHA256), CTC_OK);
    TR_EQ(ctc_hash_wipe(&g), CTC_OK);
    TR_EQ(ctc_hash_update(&g, m, 3), CTC_ERR_PARAM);     /* wiped */
    TR_EQ(ctc_hash_wipe(NULL), CTC_ERR_PARAM);
    /* implementation names */
    TR_CHECK(ctc_hash_impl(CTC_HASH_SHA256) != NULL);
    TR_CHECK(ctc_hash_impl(CTC_HASH_SHA384) != NULL);
    TR_CHECK(ctc_hash_impl(0) == NULL);
    TR_CHECK(ctc_hash_impl(5) == NULL);
    tr_group_end();

    tr_group("message length limits");
    /* SHA-256: fewer than 2^64 bits, so at most 2^61 - 1 bytes */
    TR_EQ(ctc_sha256_init(&c256), CTC_OK);
    c256.len = ((uint64_t)1 << 61) - 3;     /* pretend that much was hashed */
    TR_EQ(ctc_sha256_update(&c256, m, 3), CTC_ERR_LIMIT);
    TR_EQ(ctc_sha256_update(&c256, m, 2), CTC_OK);
    TR_EQ(ctc_sha256_update(&c256, m, 1), CTC_ERR_LIMIT);
    TR_EQ(ctc_sha256_update(&c256, m, 0), CTC_OK);
    TR_EQ(ctc_sha256_final(&c256, out), CTC_OK);
    /* SHA-512: the 64-bit byte counter */
    TR_EQ(ctc_sha512_init(&c512), CTC_OK);
    c512.len = ~(uint64_t)0 - 2;
    TR_EQ(ctc_sha512_update(&c512, m, 3), CTC_ERR_LIMIT);
    TR_EQ(ctc_sha512_update(&c512, m, 2), CTC_OK);
    TR_EQ(ctc_sha512_update(&c512, m, 1), CTC_ERR_LIMIT);
    TR_EQ(ctc_sha512_final(&c512, out), CTC_OK);
    tr_group_end();
}

/* ---- copying a context forks the computation ------------------------------------- */

static void test_fork(void)
{
    int j;

    tr_group("a copied context continues independently");
    tr_seed(5);
    tr_rand_bytes(msg, sizeof msg);
    for (j = 0; j < 4; j++) {
        int id = ids[j];
        size_t hs = ctc_hash_size(id);
        ctc_hash_ctx a, b;
        uint8_t ra[64], rb[64], wa[64], wb[64];

        if (!TH_BUILT(id))
            continue;
        TR_EQ(ctc_hash_init(&a, id), CTC_OK);
        TR_EQ(ctc_hash_update(&a, msg, 100), CTC_OK);
        memcpy(&b, &a, sizeof a);
        TR_EQ(ctc_hash_update(&a, msg + 100, 50), CTC_OK);
        TR_EQ(ctc_hash_update(&b, msg + 200, 150), CTC_OK);
        TR_EQ(ctc_hash_final(&a, ra, sizeof ra), CTC_OK);
        TR_EQ(ctc_hash_final(&b, rb, sizeof rb), CTC_OK);
        TR_EQ(oneshot(id, wa, msg, 150), CTC_OK);
        {
            static uint8_t joined[250];
            memcpy(joined, msg, 100);
            memcpy(joined + 100, msg + 200, 150);
            TR_EQ(oneshot(id, wb, joined, 250), CTC_OK);
        }
        TR_MEM(ra, wa, hs);
        TR_MEM(rb, wb, hs);
    }
    tr_group_end();
}

int main(void)
{
    tr_init("test_sha2");
    tr_puts("# ");
    tr_puts(ctc_build_info());
    tr_puts("\n");
    th_skip_224("SHA-224 in every group");
    test_fips();
    test_splits();
    test_accel();
    test_api();
    test_fork();
    return tr_finish();
}

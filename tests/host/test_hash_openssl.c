/*
 * test_hash_openssl.c - the hash family against OpenSSL 3's libcrypto on
 * random inputs (host only): SHA-224/256/384/512 with random streaming
 * splits, with the accelerated and the portable compression functions;
 * HMAC with keys of any length; HKDF (EVP_KDF "HKDF"); and HMAC-DRBG
 * against EVP_RAND "HMAC-DRBG" fed by a "TEST-RAND" parent that hands out
 * exactly the entropy and nonce we choose, through sequences of generate
 * (with and without additional input) and reseed calls.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "ctcrypto/hash.h"
#include "hash/hash_impl.h"
#include "runner.h"

static const int ids[4] = { CTC_HASH_SHA224, CTC_HASH_SHA256, CTC_HASH_SHA384,
                            CTC_HASH_SHA512 };
/* not const: OSSL_PARAM takes non-const pointers */
static char names[5][8] = { "", "SHA224", "SHA256", "SHA384", "SHA512" };
static char hmac_name[] = "HMAC";

static const EVP_MD *md_of(int id)
{
    switch (id) {
    case CTC_HASH_SHA224: return EVP_sha224();
    case CTC_HASH_SHA256: return EVP_sha256();
    case CTC_HASH_SHA384: return EVP_sha384();
    default: return EVP_sha512();
    }
}

static uint8_t buf_a[6000], buf_b[255 * 64], buf_c[600];

static void test_hashes(void)
{
    int mode, j, r;

    for (mode = 0; mode < 2; mode++) {
        hash_caps_allow(mode ? ~0u : 0);
        tr_group(mode ? "SHA-2 = OpenSSL EVP_Digest, random messages and splits (default)"
                      : "SHA-2 = OpenSSL EVP_Digest, random messages and splits (portable)");
        tr_seed(100 + (uint64_t)mode);
        for (j = 0; j < 4; j++) {
            int id = ids[j];
            size_t hs = ctc_hash_size(id);

            if (!CTC_SHA224 && id == CTC_HASH_SHA224)
                continue;
            for (r = 0; r < 1500; r++) {
                size_t n = tr_rand32() % (r < 1000 ? 300 : sizeof buf_a), at = 0;
                uint8_t want[64], got[64];
                unsigned int wl = 0;
                ctc_hash_ctx c;

                tr_rand_bytes(buf_a, n);
                TR_CHECK(EVP_Digest(buf_a, n, want, &wl, md_of(id), NULL) == 1);
                TR_EQ(wl, hs);
                TR_EQ(ctc_hash_init(&c, id), CTC_OK);
                while (at < n) {
                    size_t take = tr_rand32() % (n - at + 1);
                    TR_EQ(ctc_hash_update(&c, buf_a + at, take), CTC_OK);
                    at += take;
                }
                TR_EQ(ctc_hash_final(&c, got, sizeof got), CTC_OK);
                TR_MEM(got, want, hs);
            }
        }
        tr_group_end();
    }
    hash_caps_allow(~0u);
}

static void test_hmac(void)
{
    int j, r;

    tr_group("HMAC = OpenSSL HMAC(), random keys and messages");
    tr_seed(200);
    for (j = 0; j < 4; j++) {
        int id = ids[j];
        size_t hs = ctc_hash_size(id);

        if (!CTC_SHA224 && id == CTC_HASH_SHA224)
            continue;
        for (r = 0; r < 1500; r++) {
            size_t kl = tr_rand32() % 300, n = tr_rand32() % 2000;
            uint8_t want[64], got[64];
            unsigned int wl = 0;

            tr_rand_bytes(buf_a, kl);
            tr_rand_bytes(buf_b, n);
            TR_CHECK(HMAC(md_of(id), buf_a, (int)kl, buf_b, n, want, &wl) != NULL);
            TR_EQ(wl, hs);
            TR_EQ(ctc_hmac(got, hs, id, buf_a, kl, buf_b, n), CTC_OK);
            TR_MEM(got, want, hs);
        }
    }
    tr_group_end();
}

static int ossl_hkdf(uint8_t *out, size_t len, int id, uint8_t *salt, size_t sl,
                     uint8_t *ikm, size_t il, uint8_t *info, size_t nl)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    EVP_KDF_CTX *kc = EVP_KDF_CTX_new(kdf);
    OSSL_PARAM p[5], *q = p;
    int ok;

    *q++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, names[id], 0);
    *q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, ikm, il);
    *q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, salt, sl);
    *q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, info, nl);
    *q = OSSL_PARAM_construct_end();
    ok = EVP_KDF_derive(kc, out, len, p) == 1;
    EVP_KDF_CTX_free(kc);
    EVP_KDF_free(kdf);
    return ok;
}

static void test_hkdf(void)
{
    int j, r;

    tr_group("HKDF = OpenSSL EVP_KDF HKDF, random inputs and lengths");
    tr_seed(300);
    for (j = 0; j < 4; j++) {
        int id = ids[j];
        size_t hs = ctc_hash_size(id);

        if (!CTC_SHA224 && id == CTC_HASH_SHA224)
            continue;
        for (r = 0; r < 300; r++) {
            size_t sl = tr_rand32() % 200, il = 1 + tr_rand32() % 200;
            size_t nl = tr_rand32() % 200;
            size_t len = 1 + tr_rand32() % (r < 250 ? 4 * hs : 255 * hs);

            tr_rand_bytes(buf_a, sl);
            tr_rand_bytes(buf_a + 200, il);
            tr_rand_bytes(buf_a + 400, nl);
            /* OpenSSL refuses an empty salt buffer: it means the default,
             * HashLen zeros, which HMAC treats like an empty key */
            TR_CHECK(ossl_hkdf(buf_b, len, id, sl ? buf_a : buf_c, sl,
                               buf_a + 200, il, buf_a + 400, nl));
            TR_EQ(ctc_hkdf(buf_c, 0, id, buf_a, sl, buf_a + 200, il, buf_a + 400, nl),
                  CTC_OK);
            {
                static uint8_t got[255 * 64];
                TR_EQ(ctc_hkdf(got, len, id, sl ? buf_a : NULL, sl, buf_a + 200, il,
                               buf_a + 400, nl), CTC_OK);
                TR_MEM(got, buf_b, len);
            }
        }
    }
    tr_group_end();
}

/* ---- HMAC-DRBG ------------------------------------------------------------------ */

struct ossl_drbg {
    EVP_RAND_CTX *parent, *drbg;
};

static int ossl_set_entropy(struct ossl_drbg *o, uint8_t *e, size_t el,
                            uint8_t *n, size_t nl)
{
    OSSL_PARAM p[3], *q = p;

    *q++ = OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_ENTROPY, e, el);
    if (n != NULL)
        *q++ = OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_NONCE, n, nl);
    *q = OSSL_PARAM_construct_end();
    return EVP_RAND_CTX_set_params(o->parent, p) == 1;
}

static int ossl_drbg_new(struct ossl_drbg *o, int id)
{
    EVP_RAND *tr = EVP_RAND_fetch(NULL, "TEST-RAND", NULL);
    EVP_RAND *hr = EVP_RAND_fetch(NULL, "HMAC-DRBG", NULL);
    unsigned int strength = 1024;
    OSSL_PARAM p[3];
    int ok = tr != NULL && hr != NULL;

    o->parent = o->drbg = NULL;
    if (ok) {
        o->parent = EVP_RAND_CTX_new(tr, NULL);
        p[0] = OSSL_PARAM_construct_uint(OSSL_RAND_PARAM_STRENGTH, &strength);
        p[1] = OSSL_PARAM_construct_end();
        ok = o->parent != NULL && EVP_RAND_CTX_set_params(o->parent, p) == 1;
    }
    if (ok) {
        o->drbg = EVP_RAND_CTX_new(hr, o->parent);
        p[0] = OSSL_PARAM_construct_utf8_string(OSSL_DRBG_PARAM_MAC, hmac_name, 0);
        p[1] = OSSL_PARAM_construct_utf8_string(OSSL_DRBG_PARAM_DIGEST, names[id], 0);
        p[2] = OSSL_PARAM_construct_end();
        ok = o->drbg != NULL && EVP_RAND_CTX_set_params(o->drbg, p) == 1;
    }
    EVP_RAND_free(tr);
    EVP_RAND_free(hr);
    return ok;
}

static void ossl_drbg_free(struct ossl_drbg *o)
{
    EVP_RAND_CTX_free(o->drbg);
    EVP_RAND_CTX_free(o->parent);
}

static void test_drbg(void)
{
    int j, r, g;

    tr_group("HMAC-DRBG = OpenSSL EVP_RAND HMAC-DRBG (TEST-RAND parent), random seeds");
    tr_seed(400);
    for (j = 0; j < 4; j++) {
        int id = ids[j];
        size_t min_ent = id == CTC_HASH_SHA224 ? 24 : 32;

        if (!CTC_SHA224 && id == CTC_HASH_SHA224)
            continue;
        for (r = 0; r < 60; r++) {
            struct ossl_drbg o;
            ctc_hmac_drbg_ctx d;
            uint8_t ent[128], nonce[64], pers[100], add[100];
            size_t el = min_ent + tr_rand32() % (sizeof ent - min_ent + 1);
            size_t nl = 16 + tr_rand32() % (sizeof nonce - 16 + 1);
            size_t pl = (r & 7) == 0 ? 0 : tr_rand32() % (sizeof pers + 1);
            unsigned int strength;

            if (!ossl_drbg_new(&o, id)) {
                TR_CHECK(!"cannot create OpenSSL's DRBG");
                ossl_drbg_free(&o);
                break;
            }
            tr_rand_bytes(ent, sizeof ent);
            tr_rand_bytes(nonce, sizeof nonce);
            tr_rand_bytes(pers, sizeof pers);
            strength = EVP_RAND_get_strength(o.drbg);
            TR_CHECK(ossl_set_entropy(&o, ent, el, nonce, nl));
            /* never NULL: OpenSSL replaces a NULL personalisation string
             * by a default one of its own */
            TR_CHECK(EVP_RAND_instantiate(o.drbg, strength, 0, pers, pl, NULL) == 1);
            TR_EQ(ctc_hmac_drbg_instantiate(&d, id, ent, el, nonce, nl, pers, pl), CTC_OK);
            for (g = 0; g < 8; g++) {
                size_t n = 1 + tr_rand32() % (g == 7 ? 4096 : 300);
                size_t al = (tr_rand32() & 1) ? 1 + tr_rand32() % sizeof add : 0;

                tr_rand_bytes(add, sizeof add);
                if (g == 4) {
                    size_t rl = min_ent + tr_rand32() % (sizeof ent - min_ent + 1);
                    tr_rand_bytes(ent, sizeof ent);
                    TR_CHECK(ossl_set_entropy(&o, ent, rl, NULL, 0));
                    TR_CHECK(EVP_RAND_reseed(o.drbg, 0, NULL, 0, al ? add : NULL, al) == 1);
                    TR_EQ(ctc_hmac_drbg_reseed(&d, ent, rl, add, al), CTC_OK);
                    continue;
                }
                TR_CHECK(EVP_RAND_generate(o.drbg, buf_a, n, strength, 0,
                                           al ? add : NULL, al) == 1);
                TR_EQ(ctc_hmac_drbg_generate(&d, buf_b, n, add, al), CTC_OK);
                TR_MEM(buf_b, buf_a, n);
            }
            ossl_drbg_free(&o);
            (void)ctc_hmac_drbg_wipe(&d);
        }
    }
    tr_group_end();
}

int main(void)
{
    tr_init("test_hash_openssl");
    tr_puts("# ");
    tr_puts(OpenSSL_version(OPENSSL_VERSION));
    tr_puts("; ctcrypto SHA-256: ");
    tr_puts(ctc_hash_impl(CTC_HASH_SHA256));
    tr_puts(", SHA-512: ");
    tr_puts(ctc_hash_impl(CTC_HASH_SHA512));
    tr_puts("\n");
    if (!CTC_SHA224)        /* the loops below pass over it */
        tr_skip("SHA-224, HMAC, HKDF and HMAC-DRBG with it = OpenSSL",
                "SHA-224 is not built (CTC_SHA224=0)");
    test_hashes();
    test_hmac();
    test_hkdf();
    test_drbg();
    return tr_finish();
}

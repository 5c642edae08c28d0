/*
 * test_aes_modes_openssl.c - CBC, CCM and CMAC against OpenSSL 3's
 * libcrypto on random inputs (host only): CBC with PKCS#7 padding both
 * ways (EVP AES-*-CBC, padding on) and raw; CCM with random nonces of 7 to
 * 13 bytes, even tags of 4 to 16, AAD and text of 0 to about 4 KiB (text
 * within the nonce's length field), tampered tags, ciphertexts and AAD
 * that must fail and zero the output; CMAC through EVP_MAC, one-shot and
 * streaming in random pieces, with truncated tags. Random keys of every
 * size. With AES-NI built in, once with it and once with the portable
 * core.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "ctcrypto/aes.h"
#include "aes/aes_impl.h"
#include "runner.h"

#define MAXLEN 4200

static uint8_t msg[MAXLEN], aad[MAXLEN], want[MAXLEN + 32], got[MAXLEN + 32];

static const EVP_CIPHER *cipher(int ccm, size_t klen)
{
    if (ccm)
        return klen == 16 ? EVP_aes_128_ccm() : klen == 24 ? EVP_aes_192_ccm()
                                                           : EVP_aes_256_ccm();
    return klen == 16 ? EVP_aes_128_cbc() : klen == 24 ? EVP_aes_192_cbc()
                                                       : EVP_aes_256_cbc();
}

/* a length biased towards the edges: 0, short, around block multiples */
static size_t rand_len(void)
{
    uint32_t r = tr_rand32();

    switch (r % 4) {
    case 0: return (r >> 8) % 40;
    case 1: return 16 * ((r >> 8) % 20) + ((r >> 16) % 3) - 1 + ((r >> 8) % 20 == 0);
    case 2: return (r >> 8) % 600;
    default: return (r >> 8) % MAXLEN;
    }
}

/* OpenSSL's CBC, padding on or off: *out_len bytes of out */
static int ossl_cbc(int enc, int pad, const uint8_t *key, size_t klen,
                    const uint8_t *iv, uint8_t *out, size_t *out_len,
                    const uint8_t *in, size_t len)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0, ok;

    ok = c != NULL && EVP_CipherInit_ex(c, cipher(0, klen), NULL, key, iv, enc) == 1
      && EVP_CIPHER_CTX_set_padding(c, pad) == 1
      && EVP_CipherUpdate(c, out, &l1, in, (int)len) == 1
      && EVP_CipherFinal_ex(c, out + l1, &l2) == 1;
    *out_len = (size_t)(l1 + l2);
    EVP_CIPHER_CTX_free(c);
    return ok;
}

static int ossl_ccm_encrypt(const uint8_t *key, size_t klen, const uint8_t *n,
                            size_t nlen, const uint8_t *a, size_t alen,
                            const uint8_t *in, size_t len, uint8_t *out,
                            uint8_t *tag, size_t tlen)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int l = 0, ok;

    ok = c != NULL && EVP_EncryptInit_ex(c, cipher(1, klen), NULL, NULL, NULL) == 1
      && EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, (int)nlen, NULL) == 1
      && EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, (int)tlen, NULL) == 1
      && EVP_EncryptInit_ex(c, NULL, NULL, key, n) == 1
      && EVP_EncryptUpdate(c, NULL, &l, NULL, (int)len) == 1
      && (alen == 0 || EVP_EncryptUpdate(c, NULL, &l, a, (int)alen) == 1)
      && EVP_EncryptUpdate(c, out, &l, in, (int)len) == 1
      && EVP_EncryptFinal_ex(c, out + l, &l) == 1
      && EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, (int)tlen, tag) == 1;
    EVP_CIPHER_CTX_free(c);
    return ok;
}

static int ossl_cmac(const uint8_t *key, size_t klen, const uint8_t *in,
                     size_t len, uint8_t out[16])
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *c = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM p[2];
    size_t n = 0;
    int ok;

    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
                                            klen == 16 ? "AES-128-CBC"
                                            : klen == 24 ? "AES-192-CBC"
                                                         : "AES-256-CBC", 0);
    p[1] = OSSL_PARAM_construct_end();
    ok = c != NULL && EVP_MAC_init(c, key, klen, p) == 1
      && EVP_MAC_update(c, in, len) == 1
      && EVP_MAC_final(c, out, &n, 16) == 1 && n == 16;
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
    return ok;
}

static void test_cbc(void)
{
    int i, n = 1500;

    tr_group("CBC = OpenSSL EVP AES-*-CBC (PKCS#7 padding and raw), random keys, IVs, lengths; bad padding refused as OpenSSL does");
    tr_seed(1301);
    for (i = 0; i < n; i++) {
        uint8_t key[32], iv[16];
        size_t klen = 16 + 8 * (size_t)(i % 3), len = rand_len(), wl = 0, gl = 0;
        ctc_aes_key k;
        int ok;

        tr_rand_bytes(key, klen);
        tr_rand_bytes(iv, 16);
        tr_rand_bytes(msg, len);
        TR_EQ(ctc_aes_key_set(&k, key, klen), CTC_OK);
        TR_CHECK(ossl_cbc(1, 1, key, klen, iv, want, &wl, msg, len));
        TR_EQ(ctc_aes_cbc_encrypt(&k, got, sizeof got, &gl, iv, 16, msg, len), CTC_OK);
        TR_EQ(gl, wl);
        TR_MEM(got, want, wl);
        TR_EQ(ctc_aes_cbc_decrypt(&k, got, sizeof got, &gl, iv, 16, want, wl), CTC_OK);
        TR_EQ(gl, len);
        TR_MEM(got, msg, len);
        /* random ciphertexts: the padding is valid exactly when OpenSSL
         * says so (mostly not; a last byte of 1 about 1 in 256) */
        len = 16 * (1 + (size_t)(i % 4));
        tr_rand_bytes(msg, len);
        ok = ossl_cbc(0, 1, key, klen, iv, want, &wl, msg, len);
        TR_EQ(ctc_aes_cbc_decrypt(&k, got, sizeof got, &gl, iv, 16, msg, len),
              ok ? CTC_OK : CTC_ERR_AES_PADDING);
        if (ok) {
            TR_EQ(gl, wl);
            TR_MEM(got, want, wl);
        }
        /* raw, both ways */
        TR_CHECK(ossl_cbc(0, 0, key, klen, iv, want, &wl, msg, len));
        TR_EQ(ctc_aes_cbc_decrypt_raw(&k, got, sizeof got, iv, 16, msg, len), CTC_OK);
        TR_MEM(got, want, len);
        TR_CHECK(ossl_cbc(1, 0, key, klen, iv, want, &wl, msg, len));
        TR_EQ(ctc_aes_cbc_encrypt_raw(&k, got, sizeof got, iv, 16, msg, len), CTC_OK);
        TR_MEM(got, want, len);
    }
    tr_group_end();
}

static void test_ccm(void)
{
    int i, n = 1500, tampered = 0;

    tr_group("CCM = OpenSSL EVP AES-*-CCM: random keys, nonces of 7..13 bytes, tags of 4..16, text, AAD; tampering fails");
    tr_seed(1302);
    for (i = 0; i < n; i++) {
        uint8_t key[32], nonce[13], tag[16], wtag[16];
        size_t klen = 16 + 8 * (size_t)(i % 3), nlen = 7 + (size_t)(i % 7);
        size_t tlen = 4 + 2 * (size_t)((i / 7) % 7), len = rand_len();
        size_t alen = i % 3 == 0 ? 0 : rand_len(), j;
        ctc_aes_key k;
        int what = i % 3;

        tr_rand_bytes(key, klen);
        tr_rand_bytes(nonce, nlen);
        tr_rand_bytes(msg, len);
        tr_rand_bytes(aad, alen);
        TR_EQ(ctc_aes_key_set(&k, key, klen), CTC_OK);
        TR_CHECK(ossl_ccm_encrypt(key, klen, nonce, nlen, aad, alen, msg, len,
                                  want, wtag, tlen));
        TR_EQ(ctc_aes_ccm_encrypt(&k, got, sizeof got, tag, tlen, nonce, nlen,
                                  aad, alen, msg, len), CTC_OK);
        TR_MEM(got, want, len);
        TR_MEM(tag, wtag, tlen);
        TR_EQ(ctc_aes_ccm_decrypt(&k, got, sizeof got, nonce, nlen, aad, alen,
                                  want, len, wtag, tlen), CTC_OK);
        TR_MEM(got, msg, len);
        /* tamper with the tag, the ciphertext or the AAD */
        if (what == 1 && len != 0)
            want[tr_rand32() % len] ^= (uint8_t)(1u << (tr_rand32() % 8));
        else if (what == 2 && alen != 0)
            aad[tr_rand32() % alen] ^= (uint8_t)(1u << (tr_rand32() % 8));
        else
            wtag[tr_rand32() % tlen] ^= (uint8_t)(1u << (tr_rand32() % 8));
        TR_EQ(ctc_aes_ccm_decrypt(&k, got, sizeof got, nonce, nlen, aad, alen,
                                  want, len, wtag, tlen), CTC_ERR_AES_TAG);
        for (j = 0; j < len && got[j] == 0; j++)
            ;
        TR_EQ(j, len);
        tampered++;
    }
    TR_EQ(tampered, n);
    /* the AAD length's encodings: 2 bytes below 0xff00, 0xff 0xfe and 4
     * bytes from there (the 10-byte one needs 2^32 bytes of AAD) */
    for (i = 0; i < 4; i++) {
        static const size_t alens[4] = { 0xfeff, 0xff00, 0xff01, 70000 };
        static uint8_t big[70000];
        uint8_t key[16] = { 3 }, nonce[12] = { 4 }, tag[16], wtag[16];
        ctc_aes_key k;

        tr_rand_bytes(big, alens[i]);
        tr_rand_bytes(msg, 33);
        TR_EQ(ctc_aes_key_set(&k, key, 16), CTC_OK);
        TR_CHECK(ossl_ccm_encrypt(key, 16, nonce, 12, big, alens[i], msg, 33,
                                  want, wtag, 16));
        TR_EQ(ctc_aes_ccm_encrypt(&k, got, sizeof got, tag, 16, nonce, 12, big,
                                  alens[i], msg, 33), CTC_OK);
        TR_MEM(got, want, 33);
        TR_MEM(tag, wtag, 16);
    }
    tr_group_end();
}

static void test_cmac(void)
{
    int i, n = 1500;

    tr_group("CMAC = OpenSSL EVP_MAC CMAC (AES-*-CBC): random keys and lengths, streaming in pieces, truncated tags");
    tr_seed(1303);
    for (i = 0; i < n; i++) {
        uint8_t key[32], tag[16], wtag[16];
        size_t klen = 16 + 8 * (size_t)(i % 3), len = rand_len(), at = 0;
        size_t tlen = 4 + (size_t)(i % 13);
        ctc_aes_key k;
        ctc_aes_cmac_ctx c;

        tr_rand_bytes(key, klen);
        tr_rand_bytes(msg, len);
        TR_EQ(ctc_aes_key_set(&k, key, klen), CTC_OK);
        TR_CHECK(ossl_cmac(key, klen, msg, len, wtag));
        TR_EQ(ctc_aes_cmac(&k, tag, 16, msg, len), CTC_OK);
        TR_MEM(tag, wtag, 16);
        TR_EQ(ctc_aes_cmac_verify(&k, wtag, tlen, msg, len), CTC_OK);
        TR_EQ(ctc_aes_cmac_init(&c, &k), CTC_OK);
        while (at < len) {
            size_t p = tr_rand32() % 4 == 0 ? tr_rand32() % 100 : tr_rand32() % 18;

            if (p > len - at)
                p = len - at;
            TR_EQ(ctc_aes_cmac_update(&c, msg + at, p), CTC_OK);
            at += p;
        }
        TR_EQ(ctc_aes_cmac_final(&c, tag, tlen), CTC_OK);
        TR_MEM(tag, wtag, tlen);
        wtag[tr_rand32() % tlen] ^= 0x40;
        TR_EQ(ctc_aes_cmac_verify(&k, wtag, tlen, msg, len), CTC_ERR_AES_TAG);
    }
    tr_group_end();
}

int main(void)
{
    unsigned c, seen;

    tr_init("test_aes_modes_openssl");
    /* every core: the one in use, the portable constant-time one, and
     * the AVX2 leaf of the 64-bit core where built (each mask whose cores
     * in use differ from those of the masks before it) */
    for (c = 0; c < 3; c++) {
        static const unsigned masks[3] = { ~0u, 0, AES_HW_AVX2 };
        unsigned d;

        for (d = 0; d < c; d++) {
            aes_hw_allow(masks[d]);
            seen = aes_hw();
            aes_hw_allow(masks[c]);
            if (seen == aes_hw())
                break;
        }
        aes_hw_allow(masks[c]);
        if (d < c)
            continue;
        tr_puts(aes_hw() & AES_HW_AES ? "# cores: hardware (AES-NI)\n"
                : AES_HAVE_TABLE ? "# cores: the table core (CTC_AES_TABLE)\n"
                : aes_hw() & AES_HW_AVX2 ? "# cores: ct64-avx2\n"
                : AES_HAVE_CT64 ? "# cores: ct64\n" : "# cores: ct32\n");
        test_cbc();
        test_ccm();
        test_cmac();
    }
    aes_hw_allow(~0u);
    return tr_finish();
}

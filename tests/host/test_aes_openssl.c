/*
 * test_aes_openssl.c - AES against OpenSSL 3's libcrypto on random inputs
 * (host only): ECB encryption and decryption, CTR and GCM (random keys of
 * every size, random IVs of 1 to 64 bytes for GCM, text and AAD lengths
 * from 0 to about 4 KiB with many odd and short ones, tags of 12 to 16
 * bytes and the short 4 and 8; streaming GCM in random pieces for a
 * quarter of them), and GCM decryption of tampered tags,
 * ciphertexts and AAD, which must fail and zero the output. With AES-NI
 * and PCLMULQDQ built in, once with the hardware and once with the
 * constant-time portable core.
 */
#include <string.h>

#include <openssl/evp.h>

#include "ctcrypto/aes.h"
#include "aes/aes_impl.h"
#include "runner.h"

#define MAXLEN 4200

static uint8_t msg[MAXLEN], aad[MAXLEN], want[MAXLEN + 16], got[MAXLEN + 16];

static const EVP_CIPHER *cipher(const char *mode, size_t klen)
{
    if (strcmp(mode, "ecb") == 0)
        return klen == 16 ? EVP_aes_128_ecb() : klen == 24 ? EVP_aes_192_ecb()
                                                           : EVP_aes_256_ecb();
    if (strcmp(mode, "ctr") == 0)
        return klen == 16 ? EVP_aes_128_ctr() : klen == 24 ? EVP_aes_192_ctr()
                                                           : EVP_aes_256_ctr();
    return klen == 16 ? EVP_aes_128_gcm() : klen == 24 ? EVP_aes_192_gcm()
                                                       : EVP_aes_256_gcm();
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

/* OpenSSL's one-shot of ECB or CTR: out = mode(in) */
static int ossl_crypt(const char *mode, int enc, const uint8_t *key,
                      size_t klen, const uint8_t *iv, uint8_t *out,
                      const uint8_t *in, size_t len)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0, ok;

    ok = c != NULL && EVP_CipherInit_ex(c, cipher(mode, klen), NULL, key, iv, enc) == 1
      && EVP_CIPHER_CTX_set_padding(c, 0) == 1
      && EVP_CipherUpdate(c, out, &l1, in, (int)len) == 1
      && EVP_CipherFinal_ex(c, out + l1, &l2) == 1 && (size_t)(l1 + l2) == len;
    EVP_CIPHER_CTX_free(c);
    return ok;
}

static int ossl_gcm_encrypt(const uint8_t *key, size_t klen, const uint8_t *iv,
                            size_t ivlen, const uint8_t *a, size_t alen,
                            const uint8_t *in, size_t len, uint8_t *out,
                            uint8_t *tag, size_t tlen)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int l = 0, ok;

    ok = c != NULL && EVP_EncryptInit_ex(c, cipher("gcm", klen), NULL, NULL, NULL) == 1
      && EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, (int)ivlen, NULL) == 1
      && EVP_EncryptInit_ex(c, NULL, NULL, key, iv) == 1
      && (alen == 0 || EVP_EncryptUpdate(c, NULL, &l, a, (int)alen) == 1)
      && (len == 0 || EVP_EncryptUpdate(c, out, &l, in, (int)len) == 1)
      && EVP_EncryptFinal_ex(c, out + (len ? l : 0), &l) == 1
      && EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, (int)tlen, tag) == 1;
    EVP_CIPHER_CTX_free(c);
    return ok;
}

static void test_ecb_ctr(void)
{
    int i, n = 1500;

    tr_group("ECB and CTR = OpenSSL EVP AES-*-ECB/CTR, random keys, IVs and lengths");
    tr_seed(1201);
    for (i = 0; i < n; i++) {
        uint8_t key[32], iv[16];
        size_t klen = 16 + 8 * (size_t)(i % 3), len = rand_len();
        ctc_aes_key k;

        tr_rand_bytes(key, klen);
        tr_rand_bytes(iv, 16);
        if (i % 5 == 0)
            memset(iv + 4 + (i % 12), 0xff, 12 - (size_t)(i % 12));  /* carries */
        tr_rand_bytes(msg, len);
        TR_EQ(ctc_aes_key_set(&k, key, klen), CTC_OK);

        TR_CHECK(ossl_crypt("ctr", 1, key, klen, iv, want, msg, len));
        TR_EQ(ctc_aes_ctr(&k, got, sizeof got, iv, msg, len), CTC_OK);
        TR_MEM(got, want, len);

        len -= len % 16;
        TR_CHECK(ossl_crypt("ecb", 1, key, klen, NULL, want, msg, len));
        TR_EQ(ctc_aes_ecb_encrypt(&k, got, sizeof got, msg, len), CTC_OK);
        TR_MEM(got, want, len);
        TR_CHECK(ossl_crypt("ecb", 0, key, klen, NULL, want, msg, len));
        TR_EQ(ctc_aes_ecb_decrypt(&k, got, sizeof got, msg, len), CTC_OK);
        TR_MEM(got, want, len);
    }
    tr_group_end();
}

static void test_gcm(void)
{
    int i, n = 3000, tampered = 0;

    tr_group("GCM = OpenSSL EVP AES-*-GCM: random keys, IVs of 1..64 bytes, text, AAD, tags; tampering fails");
    tr_seed(1202);
    for (i = 0; i < n; i++) {
        static const size_t tls[7] = { 16, 12, 13, 14, 15, 8, 4 };
        uint8_t key[32], iv[64], tag[16], wtag[16];
        size_t klen = 16 + 8 * (size_t)(i % 3), len = rand_len();
        size_t alen = (i % 3 == 0) ? 0 : rand_len() % 300;
        size_t ivlen = (i % 2 == 0) ? 12 : 1 + tr_rand32() % 64;
        size_t tlen = tls[(size_t)i % 7], j;
        int shortt = tlen < 12, r;
        ctc_aes_key k;
        unsigned nz = 0;

        tr_rand_bytes(key, klen);
        tr_rand_bytes(iv, ivlen);
        tr_rand_bytes(msg, len);
        tr_rand_bytes(aad, alen);
        TR_EQ(ctc_aes_key_set(&k, key, klen), CTC_OK);
        TR_CHECK(ossl_gcm_encrypt(key, klen, iv, ivlen, aad, alen, msg, len,
                                  want, wtag, tlen));
        if (shortt)
            r = ctc_aes_gcm_encrypt_short_tag(&k, got, sizeof got, tag, tlen, iv,
                                              ivlen, aad, alen, msg, len);
        else
            r = ctc_aes_gcm_encrypt(&k, got, sizeof got, tag, tlen, iv, ivlen,
                                    aad, alen, msg, len);
        TR_EQ(r, CTC_OK);
        TR_MEM(got, want, len);
        TR_MEM(tag, wtag, tlen);

        /* streaming in random pieces gives the same */
        if (i % 4 == 0) {
            ctc_aes_gcm_ctx c;
            size_t at = 0;

            TR_EQ(ctc_aes_gcm_init(&c, &k, iv, ivlen, 0), CTC_OK);
            while (at < alen) {
                size_t p = tr_rand32() % 70;
                p = p > alen - at ? alen - at : p;
                TR_EQ(ctc_aes_gcm_aad(&c, aad + at, p), CTC_OK);
                at += p;
            }
            for (at = 0; at < len;) {
                size_t p = tr_rand32() % (tr_rand32() % 2 ? 40 : 700);
                p = p > len - at ? len - at : p;
                TR_EQ(ctc_aes_gcm_update(&c, got + at, p, msg + at, p), CTC_OK);
                at += p;
            }
            TR_EQ(ctc_aes_gcm_encrypt_final(&c, tag, tlen, shortt), CTC_OK);
            TR_MEM(got, want, len);
            TR_MEM(tag, wtag, tlen);
        }

        /* decryption in place gives the message back */
        if (shortt)
            r = ctc_aes_gcm_decrypt_short_tag(&k, got, sizeof got, iv, ivlen,
                                              aad, alen, got, len, tag, tlen);
        else
            r = ctc_aes_gcm_decrypt(&k, got, sizeof got, iv, ivlen, aad, alen,
                                    got, len, tag, tlen);
        TR_EQ(r, CTC_OK);
        TR_MEM(got, msg, len);

        /* one flipped bit in the tag, the ciphertext or the AAD */
        if (i % 3 == 0 || (len == 0 && alen == 0))
            tag[tr_rand32() % tlen] ^= (uint8_t)(1u << (tr_rand32() % 8));
        else if (i % 3 == 1 && len > 0)
            want[tr_rand32() % len] ^= (uint8_t)(1u << (tr_rand32() % 8));
        else if (alen > 0)
            aad[tr_rand32() % alen] ^= (uint8_t)(1u << (tr_rand32() % 8));
        else
            want[tr_rand32() % len] ^= 1;
        memset(got, 0x5a, len);
        if (shortt)
            r = ctc_aes_gcm_decrypt_short_tag(&k, got, sizeof got, iv, ivlen,
                                              aad, alen, want, len, tag, tlen);
        else
            r = ctc_aes_gcm_decrypt(&k, got, sizeof got, iv, ivlen, aad, alen,
                                    want, len, tag, tlen);
        TR_EQ(r, CTC_ERR_AES_TAG);
        for (j = 0; j < len; j++)
            nz |= got[j];
        TR_EQ(nz, 0);
        tampered++;
    }
    TR_EQ(tampered, n);
    tr_group_end();
}

int main(void)
{
    unsigned c, seen;

    tr_init("test_aes_openssl");
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
        tr_puts(aes_hw() & AES_HW_AES ? "# cores: hardware (AES-NI, PCLMULQDQ)\n"
                : AES_HAVE_TABLE ? "# cores: the table core (CTC_AES_TABLE)\n"
                : aes_hw() & AES_HW_AVX2 ? "# cores: ct64-avx2\n"
                : AES_HAVE_CT64 ? "# cores: ct64\n" : "# cores: ct32\n");
        test_ecb_ctr();
        test_gcm();
    }
    aes_hw_allow(~0u);
    return tr_finish();
}

/*
 * test_aes.c - AES known answers on every target: the NIST AESAVS ECB
 * files (GFSbox, KeySbox, VarKey, VarTxt; 128, 192 and 256-bit keys;
 * encrypt and decrypt sections), every case of Wycheproof
 * aes_gcm_test.json, CTR against ECB of the counter blocks, streaming GCM,
 * and every error code of ctcrypto/aes.h. Where a hardware core is built
 * (AES-NI and PCLMULQDQ on x86-64, Armv8 AES and PMULL on AArch64)
 * everything runs once per combination of cores, the portable ones
 * included, and the hardware core must be the one in use wherever the CPU
 * reports its instructions.
 */
#include <string.h>

#include "runner.h"
#include "ctcrypto/aes.h"
#include "aes/aes_impl.h"
#include "common/cpu.h"

#include "vec_aes_ecb_GFSbox128.h"
#include "vec_aes_ecb_GFSbox192.h"
#include "vec_aes_ecb_GFSbox256.h"
#include "vec_aes_ecb_KeySbox128.h"
#include "vec_aes_ecb_KeySbox192.h"
#include "vec_aes_ecb_KeySbox256.h"
#include "vec_aes_ecb_VarKey128.h"
#include "vec_aes_ecb_VarKey192.h"
#include "vec_aes_ecb_VarKey256.h"
#include "vec_aes_ecb_VarTxt128.h"
#include "vec_aes_ecb_VarTxt192.h"
#include "vec_aes_ecb_VarTxt256.h"
#include "vec_wp_aes_gcm.h"

/* the images have memcmp and strlen, not strcmp */
static int streq(const char *a, const char *b)
{
    size_t n = strlen(b);

    return strlen(a) == n && memcmp(a, b, n) == 0;
}

/*
 * One record: the block alone, as both lanes of a pass (two equal blocks)
 * and as the odd last block of three; encryption and decryption.
 */
static void ecb_one(const uint8_t *key, size_t key_len, const uint8_t *pt,
                    const uint8_t *ct, const char *section, size_t *enc,
                    size_t *dec)
{
    ctc_aes_key k;
    uint8_t in[48], out[48];
    unsigned i;

    TR_EQ(ctc_aes_key_set(&k, key, key_len), CTC_OK);
    TR_EQ(k.rounds, key_len / 4 + 6);
    for (i = 0; i < 3; i++)
        memcpy(in + 16 * i, pt, 16);
    TR_EQ(ctc_aes_ecb_encrypt(&k, out, 16, in, 16), CTC_OK);
    TR_MEM(out, ct, 16);
    TR_EQ(ctc_aes_ecb_encrypt(&k, out, sizeof out, in, 48), CTC_OK);
    for (i = 0; i < 3; i++)
        TR_MEM(out + 16 * i, ct, 16);
    for (i = 0; i < 3; i++)
        memcpy(in + 16 * i, ct, 16);
    TR_EQ(ctc_aes_ecb_decrypt(&k, out, 16, in, 16), CTC_OK);
    TR_MEM(out, pt, 16);
    TR_EQ(ctc_aes_ecb_decrypt(&k, in, sizeof in, in, 48), CTC_OK);  /* in place */
    for (i = 0; i < 3; i++)
        TR_MEM(in + 16 * i, pt, 16);
    if (streq(section, "ENCRYPT"))
        (*enc)++;
    else if (streq(section, "DECRYPT"))
        (*dec)++;
    else
        TR_CHECK(0);
    ctc_aes_key_wipe(&k);
    TR_EQ(k.rounds, 0);
}

#define ECB_TABLE(f, n, klen)                                                  \
    do {                                                                       \
        size_t i_, enc_ = 0, dec_ = 0;                                         \
        tr_group("NIST AESAVS ECB" #f ".rsp (encrypt and decrypt)");          \
        TR_EQ(vec_aes_ecb_##f##_count, (n));                                                 \
        for (i_ = 0; i_ < vec_aes_ecb_##f##_count; i_++) {                                   \
            TR_EQ(vec_aes_ecb_##f[i_].KEY_len, (klen));                                      \
            TR_EQ(vec_aes_ecb_##f[i_].PLAINTEXT_len, 16);                                    \
            TR_EQ(vec_aes_ecb_##f[i_].CIPHERTEXT_len, 16);                                   \
            ecb_one(vec_aes_ecb_##f[i_].KEY, vec_aes_ecb_##f[i_].KEY_len, vec_aes_ecb_##f[i_].PLAINTEXT,                 \
                    vec_aes_ecb_##f[i_].CIPHERTEXT, vec_aes_ecb_##f[i_].section, &enc_, &dec_);            \
        }                                                                      \
        TR_EQ(enc_, (n) / 2);                                                  \
        TR_EQ(dec_, (n) / 2);                                                  \
        tr_group_end();                                                        \
    } while (0)

static void test_ecb_kat(void)
{
    ECB_TABLE(GFSbox128, 14, 16);
    ECB_TABLE(GFSbox192, 12, 24);
    ECB_TABLE(GFSbox256, 10, 32);
    ECB_TABLE(KeySbox128, 42, 16);
    ECB_TABLE(KeySbox192, 48, 24);
    ECB_TABLE(KeySbox256, 32, 32);
    ECB_TABLE(VarKey128, 256, 16);
    ECB_TABLE(VarKey192, 384, 24);
    ECB_TABLE(VarKey256, 512, 32);
    ECB_TABLE(VarTxt128, 256, 16);
    ECB_TABLE(VarTxt192, 256, 24);
    ECB_TABLE(VarTxt256, 256, 32);
}

static void test_gcm_wycheproof(void)
{
    static uint8_t out[600], back[600];
    size_t i, valid = 0, invalid = 0;

    tr_group("Wycheproof aes_gcm_test.json (AES-GCM, 128/192/256, IVs of 0 to 257 bytes)");
    TR_EQ(vec_wp_aes_gcm_count, 316);
    for (i = 0; i < vec_wp_aes_gcm_count; i++) {
        const struct vec_wp_aes_gcm *t = &vec_wp_aes_gcm[i];
        ctc_aes_key k;
        uint8_t tag[16];
        int r;

        TR_CHECK(t->msg_len <= sizeof out);
        TR_EQ(t->ct_len, t->msg_len);
        TR_EQ(t->tag_len, 16);
        TR_EQ(ctc_aes_key_set(&k, t->key, t->key_len), CTC_OK);
        memset(back, 0xa5, sizeof back);
        r = ctc_aes_gcm_decrypt(&k, back, sizeof back, t->iv, t->iv_len,
                                t->aad, t->aad_len, t->ct, t->ct_len,
                                t->tag, t->tag_len);
        if (t->result == 1) {
            TR_EQ(ctc_aes_gcm_encrypt(&k, out, sizeof out, tag, 16, t->iv,
                                      t->iv_len, t->aad, t->aad_len, t->msg,
                                      t->msg_len), CTC_OK);
            TR_MEM(out, t->ct, t->ct_len);
            TR_MEM(tag, t->tag, 16);
            TR_EQ(r, CTC_OK);
            TR_MEM(back, t->msg, t->msg_len);
            valid++;
        } else if (t->iv_len == 0) {
            TR_CHECK(streq(t->flags, "ZeroLengthIv"));
            TR_EQ(r, CTC_ERR_AES_IV_LEN);
            TR_EQ(back[0], 0xa5);      /* nothing written */
            TR_EQ(ctc_aes_gcm_encrypt(&k, out, sizeof out, tag, 16, t->iv, 0,
                                      t->aad, t->aad_len, t->msg, t->msg_len),
                  CTC_ERR_AES_IV_LEN);
            invalid++;
        } else {
            size_t j;
            unsigned nz = 0;

            TR_CHECK(streq(t->flags, "ModifiedTag"));
            TR_EQ(r, CTC_ERR_AES_TAG);
            for (j = 0; j < t->ct_len; j++)
                nz |= back[j];
            TR_EQ(nz, 0);              /* the output is wiped */
            TR_EQ(back[t->ct_len], 0xa5);
            invalid++;
        }
        ctc_aes_key_wipe(&k);
    }
    TR_EQ(valid, 229);
    TR_EQ(invalid, 87);
    tr_group_end();
}

/* feed p[0..n) to the streaming call in random pieces (some empty) */
static int stream_pieces(ctc_aes_gcm_ctx *c, int aad, uint8_t *out,
                         const uint8_t *p, size_t n)
{
    size_t at = 0;
    int r = CTC_OK;

    while (r == CTC_OK && at < n) {
        size_t k = (size_t)(tr_rand32() % 4 == 0 ? tr_rand32() % 40 : tr_rand32() % 6);

        if (k > n - at)
            k = n - at;
        r = aad ? ctc_aes_gcm_aad(c, p + at, k)
                : ctc_aes_gcm_update(c, out + at, k, p + at, k);
        at += k;
    }
    return r;
}

/* every valid Wycheproof case again, AAD and text cut into random pieces */
static void test_gcm_streaming(void)
{
    static uint8_t out[600];
    size_t i, done = 0;

    tr_group("GCM streaming (init/aad/update/final) = the Wycheproof answers, random splits");
    tr_seed(1203);
    for (i = 0; i < vec_wp_aes_gcm_count; i++) {
        const struct vec_wp_aes_gcm *t = &vec_wp_aes_gcm[i];
        ctc_aes_key k;
        ctc_aes_gcm_ctx c;
        uint8_t tag[16];

        if (t->result != 1 || (i % 2 != 0 && TR_SCALE_SHIFT != 0))
            continue;
        TR_EQ(ctc_aes_key_set(&k, t->key, t->key_len), CTC_OK);
        TR_EQ(ctc_aes_gcm_init(&c, &k, t->iv, t->iv_len, 0), CTC_OK);
        TR_EQ(stream_pieces(&c, 1, NULL, t->aad, t->aad_len), CTC_OK);
        TR_EQ(stream_pieces(&c, 0, out, t->msg, t->msg_len), CTC_OK);
        TR_EQ(ctc_aes_gcm_encrypt_final(&c, tag, 16, 0), CTC_OK);
        TR_MEM(out, t->ct, t->ct_len);
        TR_MEM(tag, t->tag, 16);
        TR_EQ(ctc_aes_gcm_init(&c, &k, t->iv, t->iv_len, 1), CTC_OK);
        TR_EQ(stream_pieces(&c, 1, NULL, t->aad, t->aad_len), CTC_OK);
        TR_EQ(stream_pieces(&c, 0, out, t->ct, t->ct_len), CTC_OK);
        TR_EQ(ctc_aes_gcm_decrypt_final(&c, t->tag, 16, 0), CTC_OK);
        TR_MEM(out, t->msg, t->msg_len);
        /* a wrong tag fails */
        TR_EQ(ctc_aes_gcm_init(&c, &k, t->iv, t->iv_len, 1), CTC_OK);
        TR_EQ(stream_pieces(&c, 1, NULL, t->aad, t->aad_len), CTC_OK);
        TR_EQ(stream_pieces(&c, 0, out, t->ct, t->ct_len), CTC_OK);
        memcpy(tag, t->tag, 16);
        tag[i % 16] ^= 0x80;
        TR_EQ(ctc_aes_gcm_decrypt_final(&c, tag, 16, 0), CTC_ERR_AES_TAG);
        done++;
    }
    TR_CHECK(done >= 100);
    tr_group_end();
}

static void test_gcm_streaming_errors(void)
{
    static const uint8_t key[16] = {9};
    uint8_t buf[32] = {0}, tag[16] = {0};
    ctc_aes_key k, unset;
    ctc_aes_gcm_ctx c;

    tr_group("GCM streaming: calls in the wrong order, lengths, buffers");
    TR_EQ(ctc_aes_key_set(&k, key, 16), CTC_OK);
    TR_EQ(ctc_aes_key_set(&unset, key, 3), CTC_ERR_AES_KEY_LEN);
    TR_EQ(ctc_aes_gcm_init(&c, &unset, buf, 12, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_gcm_aad(&c, buf, 4), CTC_ERR_AES_STATE);        /* not started */
    TR_EQ(ctc_aes_gcm_update(&c, buf, 32, buf, 4), CTC_ERR_AES_STATE);
    TR_EQ(ctc_aes_gcm_encrypt_final(&c, tag, 16, 0), CTC_ERR_AES_STATE);
    TR_EQ(ctc_aes_gcm_init(&c, &k, buf, 0, 0), CTC_ERR_AES_IV_LEN);
    TR_EQ(ctc_aes_gcm_init(&c, &k, NULL, 12, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_gcm_init(NULL, &k, buf, 12, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_gcm_init(&c, &k, buf, 12, 0), CTC_OK);
    TR_EQ(ctc_aes_gcm_aad(&c, buf, 5), CTC_OK);
    TR_EQ(ctc_aes_gcm_update(&c, buf, 4, buf, 5), CTC_ERR_BUFFER);
    TR_EQ(ctc_aes_gcm_update(&c, buf, 32, buf, 5), CTC_OK);
    TR_EQ(ctc_aes_gcm_aad(&c, buf, 1), CTC_ERR_AES_STATE);        /* AAD after text */
    TR_EQ(ctc_aes_gcm_decrypt_final(&c, tag, 16, 0), CTC_ERR_AES_STATE); /* an encryption */
    TR_EQ(ctc_aes_gcm_encrypt_final(&c, tag, 11, 0), CTC_ERR_AES_TAG_LEN);
    TR_EQ(ctc_aes_gcm_encrypt_final(&c, tag, 8, 0), CTC_ERR_AES_TAG_LEN);
    TR_EQ(ctc_aes_gcm_encrypt_final(&c, tag, 8, 1), CTC_OK);
    TR_EQ(ctc_aes_gcm_update(&c, buf, 32, buf, 1), CTC_ERR_AES_STATE);  /* after final */
    TR_EQ(ctc_aes_gcm_init(&c, &k, buf, 12, 1), CTC_OK);
    TR_EQ(ctc_aes_gcm_encrypt_final(&c, tag, 16, 0), CTC_ERR_AES_STATE); /* a decryption */
    ctc_aes_gcm_wipe(&c);
    TR_EQ(ctc_aes_gcm_update(&c, buf, 32, buf, 1), CTC_ERR_AES_STATE);  /* wiped */
    tr_group_end();
}

/* ctr += 1 as a 128-bit big-endian integer (the test's own model) */
static void inc128(uint8_t c[16])
{
    int i;

    for (i = 15; i >= 0; i--)
        if (++c[i] != 0)
            break;
}

/* a * b in GF(2^8) mod x^8 + x^4 + x^3 + x + 1 (the reference below) */
static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    unsigned i;

    for (i = 0; i < 8; i++) {
        if (b & 1)
            r ^= a;
        a = (uint8_t)((a << 1) ^ (a & 0x80 ? 0x1b : 0));
        b >>= 1;
    }
    return r;
}

/*
 * The S-box circuit (aes_sbox_circuit.h, through aes_ct32_subword, which
 * adds the constant) on all 256 bytes, against FIPS 197's definition
 * computed here: the inverse x^254 in GF(2^8), then the affine map
 * b + rotl(b, 1..4) + 0x63.
 */
static void test_sbox_exhaustive(void)
{
    unsigned x, k;

    tr_group("S-box circuit = FIPS 197's definition on all 256 bytes (four bytes per SubWord)");
    for (x = 0; x < 256; x += 4) {
        uint32_t w = 0, got;

        for (k = 0; k < 4; k++)
            w |= (uint32_t)(x + k) << (8 * k);
        got = aes_ct32_subword(w);
        for (k = 0; k < 4; k++) {
            uint8_t b = (uint8_t)(x + k), inv = 1, s;
            unsigned e;

            for (e = 0; e < 254; e++)      /* b^254, 0 for b = 0 */
                inv = gf_mul(inv, b);
            s = (uint8_t)(inv ^ 0x63);
            for (e = 1; e <= 4; e++)
                s ^= (uint8_t)((inv << e) | (inv >> (8 - e)));
            TR_EQ((got >> (8 * k)) & 0xff, s);
        }
    }
    tr_group_end();
}

static void test_ctr_vs_ecb(void)
{
    static uint8_t msg[200], ks[208], out[200], ctrs[208], umsg[201], uout[201];
    size_t len, iters = TR_ITERS(40), it;

    tr_group("CTR = message XOR ECB of the counter blocks (lengths 0..200, carries at every block, unaligned)");
    tr_seed(12);
    for (it = 0; it < iters; it++) {
        ctc_aes_key k;
        uint8_t key[32], iv[16], c[16];
        size_t klen = 16 + 8 * (it % 3), j;

        tr_rand_bytes(key, sizeof key);
        tr_rand_bytes(iv, sizeof iv);
        if (it % 4 == 1)
            memset(iv + 8, 0xff, 8);   /* a carry through the low 64 bits */
        if (it % 4 == 2)
            memset(iv, 0xff, 16);      /* wraps around 2^128 */
        if (it % 8 == 3) {
            /* the last word carries at block 0..12: within a pass or
             * between two (the counter loop keeps the bitsliced words 0..2
             * while they do not change) */
            memset(iv + 12, 0xff, 4);
            iv[15] = (uint8_t)(0xff - (it / 8) % 13);
        }
        tr_rand_bytes(msg, sizeof msg);
        len = (size_t)(tr_rand32() % (sizeof msg + 1));
        TR_EQ(ctc_aes_key_set(&k, key, klen), CTC_OK);
        memcpy(c, iv, 16);
        for (j = 0; j < sizeof ctrs / 16; j++) {
            memcpy(ctrs + 16 * j, c, 16);
            inc128(c);
        }
        TR_EQ(ctc_aes_ecb_encrypt(&k, ks, sizeof ks, ctrs, sizeof ctrs), CTC_OK);
        for (j = 0; j < len; j++)
            ks[j] ^= msg[j];
        TR_EQ(ctc_aes_ctr(&k, out, sizeof out, iv, msg, len), CTC_OK);
        TR_MEM(out, ks, len);
        /* not word-aligned: whole pieces take the byte path */
        memcpy(umsg + 1, msg, len);
        TR_EQ(ctc_aes_ctr(&k, uout + 1, sizeof uout - 1, iv, umsg + 1, len), CTC_OK);
        TR_MEM(uout + 1, ks, len);
        TR_EQ(ctc_aes_ctr(&k, msg, sizeof msg, iv, msg, len), CTC_OK);   /* in place */
        TR_MEM(msg, ks, len);
    }
    tr_group_end();
}

/*
 * The one-pass GCM encryption of the hardware core (counter and hash
 * together, eight blocks per pass; on x86-64 with VAES where the CPU has
 * it, sixteen per pass and then eight) against the portable counter and
 * GHASH, from counters whose last word wraps within a pass or between
 * passes (GCM's inc32 wraps within those four bytes), on lengths around
 * the pass sizes.
 */
static void test_gcm_onepass(void)
{
#if AES_HAVE_HW
    static uint8_t msg[2100], ref[2100], out[2100];
    static const size_t lens[] = { 128, 129, 143, 255, 256, 257, 383, 384, 511, 512,
                                   1000, 2048, 2065 };
    unsigned prev = aes_hw_allow(~0u), d, li, v, nv = aes_hw() & AES_HW_VAES ? 2 : 1;

    if ((aes_hw() & (AES_HW_AES | AES_HW_CLMUL)) != (AES_HW_AES | AES_HW_CLMUL)) {
        aes_hw_allow(prev);
        tr_skip("GCM one pass (" AES_HW_NAME ", " AES_HW_CLMUL_NAME ")",
                "the CPU has no " AES_HW_NAME " or " AES_HW_CLMUL_NAME);
        return;
    }
    tr_group("GCM one pass (" AES_HW_NAME ", " AES_HW_CLMUL_NAME
             ") = portable counter and GHASH, inc32 wraps");
#if AES_HAVE_X86_NI
    if (nv == 1)
        tr_puts("# no VAES, VPCLMULQDQ: the sixteen-block pass is not run\n");
#endif
    tr_seed(21);
    for (d = 0; d < 40 * nv; d++) {
        for (li = 0; li < sizeof lens / sizeof lens[0]; li++) {
            ctc_aes_key k;
            aes_ghash g1, g2;
            uint8_t key[32], h[16], c0[16], c1[16], c2[16];
            size_t len = lens[li], done;
            uint32_t low = d % 40 < 32 ? 0xffffffffu - d % 40 : tr_rand32();

            tr_rand_bytes(key, sizeof key);
            tr_rand_bytes(h, sizeof h);
            tr_rand_bytes(c0, sizeof c0);
            c0[12] = (uint8_t)(low >> 24);
            c0[13] = (uint8_t)(low >> 16);
            c0[14] = (uint8_t)(low >> 8);
            c0[15] = (uint8_t)low;
            tr_rand_bytes(msg, len);
            TR_EQ(ctc_aes_key_set(&k, key, 16 + 8 * (d % 3)), CTC_OK);
            aes_hw_allow(0);
            memcpy(c1, c0, 16);
            aes_ghash_init(&g1, h);
            aes_ctr_xor(&k, c1, 4, ref, msg, len);
            aes_ghash_update(&g1, ref, len);
            aes_hw_allow(~0u);
            memcpy(c2, c0, 16);
            aes_ghash_init(&g2, h);
            v = d >= 40;               /* the second round: VAES first */
#if AES_HAVE_X86_NI
            done = v ? aes_vaes_gcm_encrypt(k.rk8, k.rounds, c2, g2.y, g2.hk, out, msg, len)
                     : 0;
#else
            done = 0;
#endif
            TR_EQ(done, v ? len & ~(size_t)255 : 0);
            done += aes_hw_gcm_encrypt(k.rk8, k.rounds, c2, g2.y, g2.hk, out + done,
                                       msg + done, len - done);
            TR_EQ(done, len & ~(size_t)127);
            aes_ctr_xor(&k, c2, 4, out + done, msg + done, len - done);
            aes_ghash_update(&g2, out + done, len - done);
            TR_MEM(out, ref, len);
            TR_MEM(c2, c1, 16);
            TR_MEM(g2.y, g1.y, sizeof g1.y);
        }
    }
    aes_hw_allow(prev);
    tr_group_end();
#endif
}

static void test_errors(void)
{
    static const uint8_t key[32] = {1, 2, 3};
    uint8_t buf[64] = {0}, tag[16] = {0}, iv[16] = {0};
    ctc_aes_key k, unset;
    size_t n;

    tr_group("error codes: key, IV and tag lengths, blocks, buffers, limits, tags");
    for (n = 0; n <= 33; n++)
        TR_EQ(ctc_aes_key_set(&k, key, n),
              (n == 16 || n == 24 || n == 32) ? CTC_OK : CTC_ERR_AES_KEY_LEN);
    TR_EQ(k.rounds, 0);                /* the last failure leaves it unset */
    TR_EQ(ctc_aes_key_set(NULL, key, 16), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_key_set(&k, NULL, 16), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_key_set(&unset, key, 7), CTC_ERR_AES_KEY_LEN);
    TR_EQ(ctc_aes_key_set(&k, key, 16), CTC_OK);

    TR_EQ(ctc_aes_ecb_encrypt(&unset, buf, 64, buf, 16), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_ecb_encrypt(&k, buf, 64, buf, 17), CTC_ERR_AES_BLOCKS);
    TR_EQ(ctc_aes_ecb_decrypt(&k, buf, 64, buf, 8), CTC_ERR_AES_BLOCKS);
    TR_EQ(ctc_aes_ecb_encrypt(&k, buf, 16, buf, 32), CTC_ERR_BUFFER);
    TR_EQ(ctc_aes_ecb_encrypt(&k, NULL, 0, NULL, 0), CTC_OK);
    TR_EQ(ctc_aes_ctr(&k, buf, 9, iv, buf, 10), CTC_ERR_BUFFER);
    TR_EQ(ctc_aes_ctr(&k, buf, 64, NULL, buf, 10), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_ctr(&unset, buf, 64, iv, buf, 10), CTC_ERR_PARAM);
    TR_EQ(ctc_aes_ctr(&k, NULL, 0, iv, NULL, 0), CTC_OK);

    /* GCM: tag lengths 12..16; 4 and 8 only through the _short_tag forms */
    for (n = 0; n <= 17; n++) {
        int want = (n >= 12 && n <= 16) ? CTC_OK : CTC_ERR_AES_TAG_LEN;
        int want_s = (want == CTC_OK || n == 4 || n == 8) ? CTC_OK : CTC_ERR_AES_TAG_LEN;

        TR_EQ(ctc_aes_gcm_encrypt(&k, buf, 64, tag, n, iv, 12, NULL, 0, buf, 20), want);
        TR_EQ(ctc_aes_gcm_encrypt_short_tag(&k, buf, 64, tag, n, iv, 12, NULL, 0,
                                            buf, 20), want_s);
        if (want_s == CTC_OK) {
            /* the tag just made verifies (buf is now the ciphertext) */
            TR_EQ(ctc_aes_gcm_decrypt_short_tag(&k, buf, 64, iv, 12, NULL, 0, buf,
                                                20, tag, n), CTC_OK);
            TR_EQ(ctc_aes_gcm_decrypt(&k, buf, 64, iv, 12, NULL, 0, buf, 20, tag, n),
                  want == CTC_OK ? CTC_ERR_AES_TAG : CTC_ERR_AES_TAG_LEN);
            memset(buf, 0, sizeof buf);  /* the failed decryption zeroed it */
        }
    }
    TR_EQ(ctc_aes_gcm_encrypt(&k, buf, 64, tag, 16, iv, 0, NULL, 0, buf, 20),
          CTC_ERR_AES_IV_LEN);
    TR_EQ(ctc_aes_gcm_encrypt(&k, buf, 19, tag, 16, iv, 12, NULL, 0, buf, 20),
          CTC_ERR_BUFFER);
    TR_EQ(ctc_aes_gcm_decrypt(&k, buf, 19, iv, 12, NULL, 0, buf, 20, tag, 16),
          CTC_ERR_BUFFER);
    TR_EQ(ctc_aes_gcm_encrypt(&unset, buf, 64, tag, 16, iv, 12, NULL, 0, buf, 20),
          CTC_ERR_PARAM);
    TR_EQ(ctc_aes_gcm_encrypt(&k, buf, 64, NULL, 16, iv, 12, NULL, 0, buf, 20),
          CTC_ERR_PARAM);
    TR_EQ(ctc_aes_gcm_encrypt(&k, buf, 64, tag, 16, iv, 12, NULL, 5, buf, 20),
          CTC_ERR_PARAM);
    TR_EQ(ctc_aes_gcm_encrypt(&k, NULL, 0, tag, 16, iv, 12, NULL, 0, NULL, 0),
          CTC_OK);
#if SIZE_MAX > 0xffffffffu
    /* past 2^36 - 32 bytes of text (checked before any buffer is read) */
    TR_EQ(ctc_aes_gcm_encrypt(&k, buf, SIZE_MAX, tag, 16, iv, 12, NULL, 0, buf,
                              ((size_t)1 << 36) - 31), CTC_ERR_AES_DATA_LIMIT);
    TR_EQ(ctc_aes_gcm_decrypt(&k, buf, SIZE_MAX, iv, 12, buf, (size_t)1 << 61,
                              buf, 0, tag, 16), CTC_ERR_AES_DATA_LIMIT);
#endif
    tr_group_end();
}

#if AES_HAVE_TBL_ARMV7M_ASM
#define WANT_TBL_CTR "-ctr-armv7m"
#else
#define WANT_TBL_CTR ""
#endif
#if CTC_AES_TABLE == CTC_AES_TABLE_FLASH
#define WANT_SW "table-flash" WANT_TBL_CTR "-NOT-CONSTANT-TIME"
#elif CTC_AES_TABLE == CTC_AES_TABLE_UNROLLED
#define WANT_SW "table-unrolled" WANT_TBL_CTR "-NOT-CONSTANT-TIME"
#elif CTC_AES_TABLE == CTC_AES_TABLE_RAM
#define WANT_SW "table-ram" WANT_TBL_CTR "-NOT-CONSTANT-TIME"
#elif CTC_AES_TABLE == CTC_AES_TABLE_SBOX
#define WANT_SW "table-sbox-NOT-CONSTANT-TIME"
#elif AES_HAVE_ARMV7_ASM
#define WANT_SW "ct32-armv7"
#elif AES_HAVE_AVX2
#define WANT_SW "ct64-avx2"
#elif AES_HAVE_CT64
#define WANT_SW "ct64"
#else
#define WANT_SW "ct32"
#endif

/*
 * The core in use (a table core where one is built, AES-NI where the CPU
 * has it) against the constant-time core itself, on random keys and
 * blocks of every key size: ECB both ways (one block, and runs of 1 to 5
 * blocks, odd ones included), CTR against the constant-time encryption of
 * the counter blocks (a last partial block, the carry out of the low word).
 */
static void test_core_vs_ct32(void)
{
    uint32_t rk[120];
    uint8_t key[32], in[80], out[80], ref[80], ctr[16], c[16], ks[16], spare[16];
    unsigned it, kl, i, n, len;
    ctc_aes_key k;

    tr_group("the core in use = the constant-time core (random keys, blocks, CTR; 128/192/256)");
    tr_seed(0x7ab1e5);
    for (it = 0; it < TR_ITERS(200); it++) {
        kl = 16 + 8 * (it % 3);
        tr_rand_bytes(key, kl);
        tr_rand_bytes(in, sizeof in);
        n = 1 + it % 5;
        TR_EQ(ctc_aes_key_set(&k, key, kl), CTC_OK);
        aes_ct32_key_expand(rk, key, kl / 4);
        for (i = 0; i < n; i++)
            aes_ct32_encrypt2(rk, kl / 4 + 6, ref + 16 * i, spare, in + 16 * i,
                              in + 16 * i);
        TR_EQ(ctc_aes_ecb_encrypt(&k, out, sizeof out, in, 16 * n), CTC_OK);
        TR_MEM(out, ref, 16 * n);
        for (i = 0; i < n; i++)
            aes_ct32_decrypt2(rk, kl / 4 + 6, ref + 16 * i, spare, in + 16 * i,
                              in + 16 * i);
        TR_EQ(ctc_aes_ecb_decrypt(&k, out, sizeof out, in, 16 * n), CTC_OK);
        TR_MEM(out, ref, 16 * n);
        /* CTR from a counter whose low word is near its wrap */
        tr_rand_bytes(ctr, 16);
        ctr[12] = ctr[13] = ctr[14] = 0xff;
        ctr[15] = (uint8_t)(0xfe + (it & 1));
        len = 1 + (unsigned)(tr_rand32() % sizeof in);
        memcpy(c, ctr, 16);
        for (i = 0; i < len; i += 16) {
            unsigned j, b;

            aes_ct32_encrypt2(rk, kl / 4 + 6, ks, spare, c, c);
            for (j = 0; j < 16 && i + j < len; j++)
                ref[i + j] = (uint8_t)(in[i + j] ^ ks[j]);
            for (b = 16; b > 0 && ++c[b - 1] == 0; b--)
                ;
        }
        TR_EQ(ctc_aes_ctr(&k, out, sizeof out, ctr, in, len), CTC_OK);
        TR_MEM(out, ref, len);
    }
    ctc_aes_key_wipe(&k);
    tr_group_end();
}

#if AES_HAVE_TABLE && CTC_AES_TABLE != CTC_AES_TABLE_SBOX
/*
 * The T-table cores' counter mode goes by runs in which only byte 15 of
 * the counter changes, rounds 0-2 cached per run
 * (aes_tbl_ctr_cache_vartime): from
 * random counters whose byte 15 is often a few blocks short of its wrap
 * (255 -> 0 carries into the cached bytes) and whose bytes 12..14 or
 * 8..14 are often 0xff (the carry runs further), 16-byte (CTR) and 4-byte
 * (GCM's inc32) counters, lengths of 1 to 40 blocks with partial last
 * blocks, input and output at every offset mod 4 (the leaf takes aligned
 * words only), against the constant-time core on the counter blocks; the
 * counter must come out the same.
 */
static void test_tbl_ctr_runs(void)
{
    static uint8_t in[16 * 40 + 4], out[16 * 40 + 4], ref[16 * 40];
    uint32_t rk[120];
    uint8_t key[32], ctr[16], c[16], ks[16], spare[16];
    unsigned it, kl, inc, len, oi, oo, i, j, b;
    ctc_aes_key k;

    tr_group("table CTR by cached runs = ct32 of the counter blocks (byte 15 wraps, carries, inc32, partial blocks, every alignment)");
    tr_seed(0x7ab1e6);
    for (it = 0; it < TR_ITERS(240); it++) {
        kl = 16 + 8 * (it % 3);
        tr_rand_bytes(key, kl);
        tr_rand_bytes(in, sizeof in);
        TR_EQ(ctc_aes_key_set(&k, key, kl), CTC_OK);
        aes_ct32_key_expand(rk, key, kl / 4);
        tr_rand_bytes(ctr, 16);
        if (it & 1)
            ctr[15] = (uint8_t)(0xff - tr_rand32() % 20);
        if (it % 4 == 1)
            ctr[12] = ctr[13] = ctr[14] = 0xff;
        if (it % 8 == 3)
            for (i = 8; i < 15; i++)
                ctr[i] = 0xff;
        inc = (it & 4) ? 4 : 16;
        len = 1 + tr_rand32() % (16 * 40);
        oi = tr_rand32() % 4;
        oo = tr_rand32() % 4;
        memcpy(c, ctr, 16);
        for (i = 0; i < len; i += 16) {
            aes_ct32_encrypt2(rk, kl / 4 + 6, ks, spare, c, c);
            for (j = 0; j < 16 && i + j < len; j++)
                ref[i + j] = (uint8_t)(in[oi + i + j] ^ ks[j]);
            for (b = 16; b > 16 - inc && ++c[b - 1] == 0; b--)
                ;
        }
        aes_tbl_ctr_xor_vartime(k.ek, k.rounds, ctr, inc, out + oo, in + oi, len);
        TR_MEM(out + oo, ref, len);
        TR_MEM(ctr, c, 16);
    }
    ctc_aes_key_wipe(&k);
    tr_group_end();
}
#endif

#if AES_HAVE_TBL_ARMV7M_ASM
/*
 * The Thumb-2 leaf = its C twin, run by run: random keys of the three
 * sizes, counters, runs of 1 to 256 blocks (many ending at byte 15 = 255,
 * some of the whole 256), in place and not.
 */
static void test_tbl_ctr_twin(void)
{
    static uint32_t in[4 * 256], out_c[4 * 256], out_a[4 * 256];
    uint8_t key[32];
    uint32_t c[4];
    unsigned it, kl, n, i;
    aes_tbl_run r;
    ctc_aes_key k;

    tr_group("table CTR: Thumb-2 leaf aes_tbl_ctr_run_armv7m_vartime = C twin aes_tbl_ctr_run_c_vartime (random keys, counters, runs of 1..256 blocks)");
    tr_seed(0x7ab1e7);
    for (it = 0; it < TR_ITERS(60); it++) {
        kl = 16 + 8 * (it % 3);
        tr_rand_bytes(key, kl);
        tr_rand_bytes((uint8_t *)in, sizeof in);
        TR_EQ(ctc_aes_key_set(&k, key, kl), CTC_OK);
        for (i = 0; i < 4; i++)
            c[i] = tr_rand32();
        n = it % 7 == 0 ? 256 : it % 2 ? 1 + tr_rand32() % 40 : 1 + tr_rand32() % 256;
        if (it % 7 == 0 || it % 3 == 0)
            c[3] = (c[3] & 0x00ffffffu) | (uint32_t)(256 - n) << 24;   /* ends at 255 */
        else
            c[3] = (c[3] & 0x00ffffffu) | (tr_rand32() % (257 - n)) << 24;
        aes_tbl_ctr_cache_vartime(&r, k.ek, k.rounds, c);
        aes_tbl_ctr_run_c_vartime(&r, (uint8_t *)out_c, (const uint8_t *)in, n);
        if (it % 5 == 0) {
            memcpy(out_a, in, 16 * n);
            aes_tbl_ctr_run_armv7m_vartime(&r, (uint8_t *)out_a, (const uint8_t *)out_a, n);
        } else {
            aes_tbl_ctr_run_armv7m_vartime(&r, (uint8_t *)out_a, (const uint8_t *)in, n);
        }
        TR_MEM(out_a, out_c, 16 * n);
    }
    ctc_aes_key_wipe(&k);
    tr_group_end();
}
#endif

static void test_build_info(void)
{
    const char *b = ctc_build_info();
    const char *want = AES_HAVE_X86_NI ? " aes=" WANT_SW "+aesni-cpuid "
                     : AES_HAVE_ARMV8_CE ? " aes=" WANT_SW "+armv8-aes-idreg "
                     : " aes=" WANT_SW " ";
    size_t i, n = strlen(want), len = strlen(b), found = 0;

    tr_group("ctc_build_info names the AES core");
    for (i = 0; i + n <= len; i++)
        if (memcmp(b + i, want, n) == 0)
            found++;
    TR_EQ(found, 1);
    tr_group_end();
}

/*
 * The hardware core is the one in use wherever the CPU reports its
 * instructions (a build that should have it and a CPU that has them, but
 * a dispatch that silently falls back to the portable core, fails here),
 * and the allowed mask forces each part off. The builds that must have a
 * hardware core: x86-64 and AArch64 with gcc or clang, not NO_ASM, not a
 * constant-time checker's build (the conditions of aes_impl.h, restated).
 */
static void test_hw_in_use(void)
{
#if (defined(__x86_64__) || defined(__aarch64__)) && (defined(__GNUC__) || defined(__clang__)) \
    && !CTC_NO_ASM && CTC_CT_CHECK == 0
    const unsigned must_build = 1;
#else
    const unsigned must_build = 0;
#endif
    /* the AVX2 leaf: x86-64 with gcc or clang, not NO_ASM, the 64-bit core
     * (CTC_AES_CT64, no table core); also in the checkers' builds */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !CTC_NO_ASM \
    && CTC_AES_CT64 && !CTC_AES_TABLE
    const unsigned must_avx2 = 1;
#else
    const unsigned must_avx2 = 0;
#endif
    unsigned f = ctc_cpu_features(), want = 0, prev = aes_hw_allow(~0u);

    tr_group("the hardware core is in use where the CPU reports it (the allowed mask forces it off)");
    TR_EQ(AES_HAVE_HW, must_build);
    TR_EQ(AES_HAVE_AVX2, must_avx2);
#if AES_HAVE_X86_NI
    if (f & CTC_CPU_X86_AESNI)
        want |= AES_HW_AES;
    if (f & CTC_CPU_X86_PCLMUL)
        want |= AES_HW_CLMUL;
    if ((f & (CTC_CPU_X86_VAES | CTC_CPU_X86_VPCLMUL)) == (CTC_CPU_X86_VAES | CTC_CPU_X86_VPCLMUL))
        want |= AES_HW_VAES;
#elif AES_HAVE_ARMV8_CE
    if (f & CTC_CPU_ARM64_AES)
        want |= AES_HW_AES;
    if (f & CTC_CPU_ARM64_PMULL)
        want |= AES_HW_CLMUL;
#endif
#if AES_HAVE_AVX2
    if (f & CTC_CPU_X86_AVX2)
        want |= AES_HW_AVX2;
#endif
    TR_EQ(aes_hw(), want);
    aes_hw_allow(0);
    TR_EQ(aes_hw(), 0);
    aes_hw_allow(AES_HW_AES);
    TR_EQ(aes_hw(), want & AES_HW_AES);
    aes_hw_allow(AES_HW_CLMUL);
    TR_EQ(aes_hw(), want & AES_HW_CLMUL);
    aes_hw_allow(AES_HW_AES | AES_HW_CLMUL);       /* the YMM paths masked */
    TR_EQ(aes_hw(), want & (AES_HW_AES | AES_HW_CLMUL));
    aes_hw_allow(AES_HW_AVX2);
    TR_EQ(aes_hw(), want & AES_HW_AVX2);
    aes_hw_allow(prev);
    tr_group_end();
#if AES_HAVE_HW
    tr_puts(want & AES_HW_AES ? "# in use: " AES_HW_NAME : "# in use: " WANT_SW " (the CPU has no " AES_HW_NAME ")");
    tr_puts(want & AES_HW_CLMUL ? ", " AES_HW_CLMUL_NAME "\n"
            : ", ct32 GHASH (the CPU has no " AES_HW_CLMUL_NAME ")\n");
#endif
    (void)f;
    (void)must_avx2;
}

#if AES_HAVE_ARMV7_ASM
/*
 * The fixsliced rounds in assembly (arch/aes_armv7.S) against their C twin,
 * aes_ct32_rounds_c, on random states and round keys for 10, 12 and 14
 * rounds, and on all-zero and all-one words (built where the assembly is).
 */
static void test_rounds_twin(void)
{
    static const unsigned rounds[3] = { 10, 12, 14 };
    uint32_t q[8], q2[8], rk[120], rk2[120];
    unsigned i, r, trial;

    tr_group("fixsliced rounds: assembly = C twin (random states and keys, 0 and ~0 words)");
    for (trial = 0; trial < 60; trial++) {
        r = rounds[trial % 3];
        if (trial < 12) {
            uint32_t w = trial & 1 ? 0xffffffffu : 0;

            for (i = 0; i < 8; i++)
                q[i] = w;
            for (i = 0; i < 120; i++)
                rk[i] = trial & 2 ? ~w : w;
        } else {
            for (i = 0; i < 8; i++)
                q[i] = tr_rand32();
            for (i = 0; i < 120; i++)
                rk[i] = tr_rand32();
        }
        memcpy(q2, q, sizeof q);
        memcpy(rk2, rk, sizeof rk);
        aes_ct32_rounds_c(q2, rk, r);
        aes_ct32_rounds_asm(q, rk, r);
        TR_MEM(q, q2, sizeof q);
        TR_MEM(rk, rk2, sizeof rk);        /* the key is only read */
    }
    tr_group_end();
}

/*
 * Counter mode's pass in assembly (aes_ct32_encrypt2_ctr_asm: the counter
 * words put in, the rounds, the transposition back and the alignment)
 * against its C twin, aes_ct32_encrypt2_ctr_c, on random bases, counter
 * words and round keys for 10, 12 and 14 rounds, and on all-zero and
 * all-one ones (every combination of the three).
 */
static void test_ctr_twin(void)
{
    static const unsigned rounds[3] = { 10, 12, 14 };
    uint32_t q[8], q2[8], base[8], base2[8], rk[120], rk2[120], w0, w1;
    unsigned i, r, trial;

    tr_group("counter pass: assembly = C twin (random bases, counters and keys, 0 and ~0 words)");
    for (trial = 0; trial < 72; trial++) {
        r = rounds[trial % 3];
        if (trial < 24) {
            uint32_t w = trial & 8 ? 0xffffffffu : 0;

            for (i = 0; i < 8; i++)
                base[i] = w;
            for (i = 0; i < 120; i++)
                rk[i] = trial & 16 ? ~w : w;
            w0 = trial & 1 ? 0xffffffffu : 0;
            w1 = trial & 2 ? 0xffffffffu : 0;
            if (trial & 4)
                w1 = ~w1;
        } else {
            for (i = 0; i < 8; i++)
                base[i] = tr_rand32();
            for (i = 0; i < 120; i++)
                rk[i] = tr_rand32();
            w0 = tr_rand32();
            w1 = tr_rand32();
        }
        memcpy(base2, base, sizeof base);
        memcpy(rk2, rk, sizeof rk);
        for (i = 0; i < 8; i++)
            q[i] = q2[i] = 0x5a5a5a5au;
        aes_ct32_encrypt2_ctr_c(rk, r, q2, base, w0, w1);
        aes_ct32_encrypt2_ctr_asm(rk, r, q, base, w0, w1);
        TR_MEM(q, q2, sizeof q);
        TR_MEM(rk, rk2, sizeof rk);        /* the key and the base are only read */
        TR_MEM(base, base2, sizeof base);
    }
    tr_group_end();
}

/*
 * Counter mode's run of passes in assembly (aes_ct32_ctr_run_asm) against
 * its C twin, aes_ct32_ctr_run_c: random keys, bases and texts, 1 to 5
 * passes, the last word at random and next to its wrap (mod 2^32), out
 * apart from in and in place; the bytes after the run stay.
 */
static void test_ctr_run_twin(void)
{
    static const unsigned rounds[3] = { 10, 12, 14 };
    static const uint32_t los[4] = { 0xfffffffcu, 0xfffffffdu, 0xffffffffu, 0 };
    uint32_t in[42], out[42], out2[42], base[8], rk[120], lo;
    unsigned i, r, trial, np;

    tr_group("counter run: assembly = C twin (1..5 passes, wrap of the last word, in place)");
    for (trial = 0; trial < 60; trial++) {
        r = rounds[trial % 3];
        np = 1 + trial % 5;
        for (i = 0; i < 8; i++)
            base[i] = tr_rand32();
        for (i = 0; i < 120; i++)
            rk[i] = tr_rand32();
        for (i = 0; i < 42; i++)
            in[i] = tr_rand32();
        lo = trial < 20 ? los[trial % 4] : tr_rand32();
        for (i = 0; i < 42; i++)
            out[i] = out2[i] = 0xa5a5a5a5u ^ i;
        aes_ct32_ctr_run_c(rk, r, base, lo, (uint8_t *)out2, (const uint8_t *)in, np);
        if (trial & 1) {                   /* in place */
            memcpy(out, in, sizeof in);
            for (i = 8 * np; i < 42; i++)
                out[i] = 0xa5a5a5a5u ^ i;
            aes_ct32_ctr_run_asm(rk, r, base, lo, (uint8_t *)out, (const uint8_t *)out, np);
        } else {
            aes_ct32_ctr_run_asm(rk, r, base, lo, (uint8_t *)out, (const uint8_t *)in, np);
        }
        TR_MEM(out, out2, sizeof out);
    }
    tr_group_end();
}
#endif

#if AES_HAVE_GHASH_ASM
/*
 * GHASH on whole blocks in assembly (arch/aes_ghash_armv7em.S) against its
 * C twin, aes_ghash_blocks_c: random hash keys, running values and 1 to 9
 * blocks; all-zero and all-one ones; sparse ones (a bit or two set: every
 * column of the holes at its extremes) (built where the assembly is).
 */
static void test_ghash_twin(void)
{
    static uint32_t blk[36];           /* word-aligned blocks */
    uint8_t h[16];
    uint32_t y[4], y2[4];
    aes_ghash g;
    unsigned i, n, trial;

    tr_group("GHASH blocks: assembly = C twin (random, sparse, 0 and ~0 keys and blocks)");
    for (trial = 0; trial < 120; trial++) {
        n = 1 + trial % 9;
        if (trial < 8) {
            memset(h, trial & 1 ? 0xff : 0, sizeof h);
            memset(blk, trial & 2 ? 0xff : 0, sizeof blk);
        } else if (trial < 40) {
            memset(h, 0, sizeof h);
            memset(blk, 0, sizeof blk);
            h[tr_rand32() % 16] = (uint8_t)(1u << (tr_rand32() & 7));
            h[15] |= trial & 1 ? 0x81 : 0;
            for (i = 0; i < 4 * n; i++)
                blk[i] = (uint32_t)1 << (tr_rand32() & 31);
        } else {
            tr_rand_bytes(h, sizeof h);
            for (i = 0; i < 36; i++)
                blk[i] = tr_rand32();
        }
        aes_ghash_init(&g, h);
        for (i = 0; i < 4; i++)
            y[i] = y2[i] = trial < 8 ? (trial & 4 ? 0xffffffffu : 0) : tr_rand32();
        aes_ghash_blocks_c(y2, g.hk, (const uint8_t *)blk, n);
        aes_ghash_blocks_asm(y, g.hk, (const uint8_t *)blk, n);
        TR_MEM(y, y2, sizeof y);
    }
    tr_group_end();
}
#endif

#if AES_HAVE_CT64
/*
 * The 64-bit core against the 32-bit one, and its AVX2 leaf against it
 * (its C twin), on random keys of every size and random blocks, and on
 * all-zero and all-one blocks and keys: aes_ct64_encrypt4/decrypt4 for 1
 * to 4 blocks = aes_ct32_encrypt2/decrypt2 block by block;
 * aes_avx2_encrypt16/decrypt16 for 1 to 16 blocks = the 64-bit core four
 * blocks at a time, the bytes past the last block untouched; the byte
 * interleave of the bitslicing undone by its inverse.
 */
static void test_ct64_twins(void)
{
    uint64_t rk64[120];
    uint32_t rk[120];
    uint8_t key[32], in[256], out[272], ref[256], spare[16];
    unsigned it, kl, i, n, rounds;

    tr_group("ct64 core = ct32 core; AVX2 leaf = ct64 core (random and constant keys and "
             "blocks, 1..16 blocks, 128/192/256)");
    tr_seed(0x64c7);
    for (it = 0; it < TR_ITERS(120); it++) {
        uint32_t a = tr_rand32(), b = tr_rand32(), a2, b2;

        aes_ct64_deinterleave(&a2, &b2, aes_ct64_interleave(a, b));
        TR_EQ(a2, a);
        TR_EQ(b2, b);
        kl = 16 + 8 * (it % 3);
        rounds = kl / 4 + 6;
        if (it < 6) {                  /* all zeros, all ones */
            memset(key, it & 1 ? 0xff : 0, sizeof key);
            memset(in, it & 1 ? 0xff : 0, sizeof in);
        } else {
            tr_rand_bytes(key, sizeof key);
            tr_rand_bytes(in, sizeof in);
        }
        aes_ct32_key_expand(rk, key, kl / 4);
        aes_ct64_key_expand(rk64, key, kl / 4);
        n = 1 + it % 4;
        for (i = 0; i < n; i++)
            aes_ct32_encrypt2(rk, rounds, ref + 16 * i, spare, in + 16 * i, in + 16 * i);
        aes_ct64_encrypt4(rk64, rounds, out, in, n);
        TR_MEM(out, ref, 16 * n);
        for (i = 0; i < n; i++)
            aes_ct32_decrypt2(rk, rounds, ref + 16 * i, spare, in + 16 * i, in + 16 * i);
        aes_ct64_decrypt4(rk64, rounds, out, in, n);
        TR_MEM(out, ref, 16 * n);
        memcpy(out, in, 64);           /* in place */
        aes_ct64_encrypt4(rk64, rounds, out, out, 4);
        aes_ct64_decrypt4(rk64, rounds, out, out, 4);
        TR_MEM(out, in, 64);
#if AES_HAVE_AVX2
        if (ctc_cpu_features() & CTC_CPU_X86_AVX2) {
            n = 1 + it % 16;
            for (i = 0; i < n; i += 4)
                aes_ct64_encrypt4(rk64, rounds, ref + 16 * i, in + 16 * i, n - i < 4 ? n - i : 4);
            memset(out, 0xa5, sizeof out);
            aes_avx2_encrypt16(rk64, rounds, out, in, n);
            TR_MEM(out, ref, 16 * n);
            for (i = 16 * n; i < sizeof out && out[i] == 0xa5; i++)
                ;
            TR_EQ(i, sizeof out);
            for (i = 0; i < n; i += 4)
                aes_ct64_decrypt4(rk64, rounds, ref + 16 * i, in + 16 * i, n - i < 4 ? n - i : 4);
            memset(out, 0xa5, sizeof out);
            aes_avx2_decrypt16(rk64, rounds, out, in, n);
            TR_MEM(out, ref, 16 * n);
            for (i = 16 * n; i < sizeof out && out[i] == 0xa5; i++)
                ;
            TR_EQ(i, sizeof out);
        }
#endif
    }
    tr_group_end();
#if AES_HAVE_AVX2
    if (!(ctc_cpu_features() & CTC_CPU_X86_AVX2))
        tr_puts("# the CPU has no AVX2: the AVX2 leaf was not compared\n");
#endif
}
#endif

int main(void)
{
    /* AES_HW_AES | AES_HW_CLMUL: on x86-64 the 128-bit passes where the
     * CPU has VAES (~0u runs the YMM ones); on AArch64 the same as ~0u */
    static const unsigned combos[7] = { ~0u, 0, AES_HW_AES, AES_HW_CLMUL,
                                        AES_HW_AES | AES_HW_CLMUL, AES_HW_AVX2,
                                        AES_HW_AVX2 | AES_HW_CLMUL };
    unsigned c, d, seen[7];

    tr_init("test_aes");
    test_build_info();
    test_hw_in_use();
    /* each mask whose cores in use (aes_hw()) differ from those of the
     * masks before it */
    for (c = 0; c < 7; c++) {
        aes_hw_allow(combos[c]);
        seen[c] = aes_hw();
        for (d = 0; d < c && seen[d] != seen[c]; d++)
            ;
        if (d < c)
            continue;
        if (AES_HAVE_HW || AES_HAVE_AVX2) {
            tr_puts(aes_hw() & AES_HW_AES ? "# block cipher: " AES_HW_NAME
                    : aes_hw() & AES_HW_AVX2 ? "# block cipher: ct64-avx2"
                    : AES_HAVE_CT64 ? "# block cipher: ct64" : "# block cipher: " WANT_SW);
            tr_puts(aes_hw() & AES_HW_CLMUL ? ", GHASH: " AES_HW_CLMUL_NAME
                    : ", GHASH: ct32");
            tr_puts((aes_hw() & (AES_HW_AES | AES_HW_CLMUL | AES_HW_VAES)) == 7
                    ? ", GCM: VAES\n" : "\n");
        }
        test_ecb_kat();
        test_gcm_wycheproof();
        test_gcm_streaming();
        test_gcm_streaming_errors();
        test_ctr_vs_ecb();
        test_core_vs_ct32();
        test_errors();
    }
    test_gcm_onepass();
    test_sbox_exhaustive();
#if AES_HAVE_CT64
    test_ct64_twins();
#endif
#if AES_HAVE_ARMV7_ASM
    test_rounds_twin();
    test_ctr_twin();
    test_ctr_run_twin();
#endif
#if AES_HAVE_TABLE && CTC_AES_TABLE != CTC_AES_TABLE_SBOX
    test_tbl_ctr_runs();
#endif
#if AES_HAVE_TBL_ARMV7M_ASM
    test_tbl_ctr_twin();
#endif
#if AES_HAVE_GHASH_ASM
    test_ghash_twin();
#endif
    aes_hw_allow(~0u);
    return tr_finish();
}

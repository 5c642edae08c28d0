/*
 * ct_aes.c - constant-time cases for the aes family (see ct_cases.h): the
 * key schedule of every key size, block encryption and decryption (one
 * block and the two-block pass), CTR, GHASH with a secret hash key and
 * data, GCM encryption and decryption, one-shot and streaming (the tag
 * verifies for every secret, so the one declassified branch goes the same
 * way), CBC encryption and decryption with the PKCS#7 unpadding (a
 * padding of secret length, always valid), CCM both ways, CMAC one-shot,
 * streaming and verified. Keys, texts and hash keys come from the secret;
 * IVs, nonces, AAD, lengths are public.
 *
 * The negative controls: the textbook table AES round (SubBytes by a
 * lookup in a 256-byte S-box at the secret state byte, then ShiftRows),
 * the shape of every table-based core; and the textbook PKCS#7 unpadding
 * that loops over the padding's length and stops at the first wrong byte;
 * and the library's own table core (aes_table.c, CTC_AES_TABLE), which is
 * not constant time. Every checker must flag all three.
 */
#include "ctcrypto/aes.h"
#include "aes/aes_impl.h"
#include "common/cpu.h"
#include "ct/ct.h"
#include "ct_cases.h"

#if defined(__GNUC__)
#define AES_LEAKY_NOINLINE __attribute__((noinline))
#else
#define AES_LEAKY_NOINLINE
#endif

static const uint8_t iv12[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
static const uint8_t aad[20] = { 'p', 'u', 'b', 'l', 'i', 'c' };

void ct_case_aes_key_schedule(const unsigned char *secret)
{
    ctc_aes_key k;
    size_t n;

    for (n = 16; n <= 32; n += 8) {
        (void)ctc_aes_key_set(&k, secret + n, n);
        ct_keep_mem(&k, sizeof k);
    }
    ctc_aes_key_wipe(&k);
}

void ct_case_aes_block(const unsigned char *secret)
{
    ctc_aes_key k;
    uint8_t out[48];
    size_t n;

    for (n = 16; n <= 32; n += 16) {   /* AES-128 and AES-256 */
        (void)ctc_aes_key_set(&k, secret, n);
        (void)ctc_aes_ecb_encrypt(&k, out, sizeof out, secret + 64, 16);
        ct_keep_mem(out, 16);
        (void)ctc_aes_ecb_encrypt(&k, out, sizeof out, secret + 80, 48);
        ct_keep_mem(out, 48);
        (void)ctc_aes_ecb_decrypt(&k, out, sizeof out, secret + 128, 48);
        ct_keep_mem(out, 48);
    }
    ctc_aes_key_wipe(&k);
}

/*
 * The 64-bit core on its own, whichever core the library would pick: the
 * key schedule of every key size, a full pass each way and a partial one
 * (the lanes of the missing blocks zero). In builds without it (32-bit
 * targets) the 32-bit core, which it replaces on 64-bit ones.
 */
void ct_case_aes_ct64_core(const unsigned char *secret)
{
#if AES_HAVE_CT64
    uint64_t rk[120];
    uint8_t out[64];
    unsigned n;

    for (n = 4; n <= 8; n += 2) {
        aes_ct64_key_expand(rk, secret + 16 * (n - 4), n);
        aes_ct64_encrypt4(rk, n + 6, out, secret + 64, 4);
        ct_keep_mem(out, 64);
        aes_ct64_decrypt4(rk, n + 6, out, secret + 128, 3);
        ct_keep_mem(out, 48);
    }
#else
    uint32_t rk[120];
    uint8_t out[32];
    unsigned n;

    for (n = 4; n <= 8; n += 2) {
        aes_ct32_key_expand(rk, secret + 16 * (n - 4), n);
        aes_ct32_encrypt2(rk, n + 6, out, out + 16, secret + 64, secret + 80);
        ct_keep_mem(out, 32);
        aes_ct32_decrypt2(rk, n + 6, out, out + 16, secret + 128, secret + 144);
        ct_keep_mem(out, 32);
    }
#endif
    ct_zeroize(rk, sizeof rk);
}

/*
 * The AVX2 leaf of the 64-bit core (arch/aes_avx2.c) where it is built and
 * the CPU has AVX2: sixteen secret blocks each way under a secret AES-128
 * and AES-256 key, and a partial pass (five blocks, through its buffer).
 * Elsewhere its C twin, the portable 64-bit core (or the 32-bit one).
 */
void ct_case_aes_ct64_avx2(const unsigned char *secret)
{
#if AES_HAVE_AVX2
    uint64_t rk[120];
    uint8_t out[256];
    unsigned n;

    if (!(ctc_cpu_features() & CTC_CPU_X86_AVX2)) {   /* the CPU is public */
        ct_case_aes_ct64_core(secret);
        return;
    }
    for (n = 4; n <= 8; n += 4) {
        aes_ct64_key_expand(rk, secret + 224 - 4 * n, n);
        aes_avx2_encrypt16(rk, n + 6, out, secret, 16);
        ct_keep_mem(out, 256);
        aes_avx2_decrypt16(rk, n + 6, out, secret, 16);
        ct_keep_mem(out, 256);
        aes_avx2_encrypt16(rk, n + 6, out, secret + 16, 5);
        ct_keep_mem(out, 80);
    }
    ct_zeroize(rk, sizeof rk);
#else
    ct_case_aes_ct64_core(secret);
#endif
}

void ct_case_aes_ctr(const unsigned char *secret)
{
    static const uint8_t iv[16] = { 0xf0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                    0xff, 0xff, 0xff, 0xfe };
    ctc_aes_key k;
    uint8_t out[83];
    /* word-aligned whole pieces: after the two passes whose counter
     * carries, a run of three (aes_ct32_ctr_run_asm on Armv7) */
    uint32_t win[40], wout[40];
    unsigned i;

    (void)ctc_aes_key_set(&k, secret, 24);
    (void)ctc_aes_ctr(&k, out, sizeof out, iv, secret + 32, sizeof out);
    ct_keep_mem(out, sizeof out);
    for (i = 0; i < sizeof win; i++)
        ((uint8_t *)win)[i] = secret[96 + i];
    (void)ctc_aes_ctr(&k, (uint8_t *)wout, sizeof wout, iv, (const uint8_t *)win,
                      sizeof win);
    ct_keep_mem(wout, sizeof wout);
    ctc_aes_key_wipe(&k);
}

void ct_case_aes_ghash(const unsigned char *secret)
{
    aes_ghash g;
    uint8_t y[16];

    aes_ghash_init(&g, secret);
    aes_ghash_update(&g, secret + 16, 77);
    aes_ghash_value(y, &g);
    ct_keep_mem(y, 16);
}

void ct_case_aes_gcm(const unsigned char *secret)
{
    ctc_aes_key k;
    uint8_t ct[45], pt[45], tag[16];

    (void)ctc_aes_key_set(&k, secret, 16);
    (void)ctc_aes_gcm_encrypt(&k, ct, sizeof ct, tag, 16, iv12, 12, aad,
                              sizeof aad, secret + 32, sizeof ct);
    ct_keep_mem(ct, sizeof ct);
    ct_keep_mem(tag, sizeof tag);
    /* decryption of what was just made: the tag verifies for any secret */
    (void)ctc_aes_gcm_decrypt(&k, pt, sizeof pt, iv12, 12, aad, sizeof aad,
                              ct, sizeof ct, tag, 16);
    ct_keep_mem(pt, sizeof pt);
    /* an IV of another length is hashed into the first counter */
    (void)ctc_aes_gcm_encrypt(&k, ct, sizeof ct, tag, 13, aad, 7, NULL, 0,
                              secret + 100, 20);
    ct_keep_mem(ct, 20);
    ct_keep_mem(tag, 13);
    ctc_aes_key_wipe(&k);
}

void ct_case_aes_gcm_stream(const unsigned char *secret)
{
    ctc_aes_key k;
    ctc_aes_gcm_ctx c;
    uint8_t ct[70], tag[16];

    (void)ctc_aes_key_set(&k, secret, 32);
    (void)ctc_aes_gcm_init(&c, &k, iv12, 12, 0);
    (void)ctc_aes_gcm_aad(&c, aad, 5);
    (void)ctc_aes_gcm_aad(&c, aad + 5, 15);
    (void)ctc_aes_gcm_update(&c, ct, 7, secret + 40, 7);
    (void)ctc_aes_gcm_update(&c, ct + 7, 63, secret + 47, 63);
    (void)ctc_aes_gcm_encrypt_final(&c, tag, 16, 0);
    ct_keep_mem(ct, sizeof ct);
    ct_keep_mem(tag, sizeof tag);
    ctc_aes_key_wipe(&k);
}

/* the negative control: a table S-box round on a secret state and key */
static uint8_t aes_leaky_sbox[256];

AES_LEAKY_NOINLINE static void aes_leaky_table_round(uint8_t out[16],
                                                     const uint8_t in[16],
                                                     const uint8_t key[16])
{
    unsigned i;

    for (i = 0; i < 256; i++)          /* the real S-box, public inputs */
        aes_leaky_sbox[i] = (uint8_t)aes_ct32_subword(i);
    for (i = 0; i < 16; i++)           /* SubBytes(in ^ key), ShiftRows */
        out[(i + 16 - 4 * (i & 3)) & 15] = aes_leaky_sbox[in[i] ^ key[i]];
}

void ct_case_aes_leaky_table(const unsigned char *secret)
{
    uint8_t out[16];

    aes_leaky_table_round(out, secret, secret + 16);
    ct_keep_mem(out, 16);
}

/*
 * The negative control of the real table cores (aes_table.c, NOT constant
 * time; CTC_AES_TABLE): key setup, a block each way and CTR on a secret key
 * and text. In a library built without one, the T-table core in flash
 * (CTC_AES_TABLE_FLASH) is compiled here from its source.
 */
#if !CTC_AES_TABLE
#define AES_TBL_STANDALONE CTC_AES_TABLE_FLASH
#include "aes/aes_table.c"
#endif

void ct_case_aes_table_core(const unsigned char *secret)
{
    static const uint8_t iv[16] = { 0xf0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                    12, 13, 14, 15 };
    uint32_t ek[60], dk[60];
    uint8_t ctr[16], out[40];
    unsigned i;

    aes_tbl_key(ek, dk, secret, 4);
#if CTC_AES_TABLE == CTC_AES_TABLE_SBOX
    for (i = 0; i < 60; i++)           /* the S-box core decrypts with ek */
        dk[i] = ek[i];
#endif
    aes_tbl_encrypt_vartime(ek, 10, out, secret + 16);
    ct_keep_mem(out, 16);
    aes_tbl_decrypt_vartime(dk, 10, out, secret + 32);
    ct_keep_mem(out, 16);
    for (i = 0; i < 16; i++)
        ctr[i] = iv[i];
    aes_tbl_ctr_xor_vartime(ek, 10, ctr, 16, out, secret + 48, sizeof out);
    ct_keep_mem(out, sizeof out);
    ct_zeroize(ek, sizeof ek);
    ct_zeroize(dk, sizeof dk);
}

void ct_case_aes_cbc(const unsigned char *secret)
{
    static const uint8_t iv[16] = { 0xc0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                    12, 13, 14, 15 };
    ctc_aes_key k;
    uint8_t ct[64], pt[64];
    size_t n = 0;
    unsigned i, pad;

    (void)ctc_aes_key_set(&k, secret, 16);
    (void)ctc_aes_cbc_encrypt(&k, ct, sizeof ct, &n, iv, 16, secret + 32, 45);
    ct_keep_mem(ct, 48);
    (void)ctc_aes_cbc_decrypt(&k, pt, sizeof pt, &n, iv, 16, ct, 48);
    ct_keep_mem(pt, 48);
    /* a padding of secret length 1..16, valid: a message of secret length
     * (told only at the end, as the length of what decrypts) */
    for (i = 0; i < 64; i++)
        pt[i] = secret[100 + i];
    pad = (secret[99] & 15u) + 1;
    for (i = 0; i < 16; i++) {
        uint32_t m = ct_cond_mask32(ct_u32_lt(i, pad));

        pt[63 - i] = (uint8_t)((pt[63 - i] & ~m) | (pad & m));
    }
    (void)ctc_aes_cbc_encrypt_raw(&k, ct, sizeof ct, iv, 16, pt, 64);
    ct_keep_mem(ct, 64);
    (void)ctc_aes_cbc_decrypt(&k, pt, sizeof pt, &n, iv, 16, ct, 64);
    ct_keep_mem(pt, 64);
    ct_keep((uint64_t)n);
    (void)ctc_aes_cbc_decrypt_raw(&k, pt, sizeof pt, iv, 16, secret + 160, 48);
    ct_keep_mem(pt, 48);
    ctc_aes_key_wipe(&k);
}

void ct_case_aes_ccm(const unsigned char *secret)
{
    ctc_aes_key k;
    uint8_t ct[45], pt[45], tag[16];

    (void)ctc_aes_key_set(&k, secret, 32);
    (void)ctc_aes_ccm_encrypt(&k, ct, sizeof ct, tag, 16, iv12, 12, aad,
                              sizeof aad, secret + 32, sizeof ct);
    ct_keep_mem(ct, sizeof ct);
    ct_keep_mem(tag, sizeof tag);
    /* decryption of what was just made: the tag verifies for any secret */
    (void)ctc_aes_ccm_decrypt(&k, pt, sizeof pt, iv12, 12, aad, sizeof aad,
                              ct, sizeof ct, tag, 16);
    ct_keep_mem(pt, sizeof pt);
    /* a 7-byte nonce (8 length bytes), no AAD, a short tag */
    (void)ctc_aes_ccm_encrypt(&k, ct, sizeof ct, tag, 8, iv12, 7, NULL, 0,
                              secret + 100, 33);
    ct_keep_mem(ct, 33);
    ct_keep_mem(tag, 8);
    ctc_aes_key_wipe(&k);
}

void ct_case_aes_cmac(const unsigned char *secret)
{
    ctc_aes_key k;
    ctc_aes_cmac_ctx c;
    uint8_t tag[16];

    (void)ctc_aes_key_set(&k, secret, 24);
    (void)ctc_aes_cmac(&k, tag, 16, secret + 32, 64);   /* whole blocks: K1 */
    ct_keep_mem(tag, 16);
    (void)ctc_aes_cmac_verify(&k, tag, 16, secret + 32, 64);
    (void)ctc_aes_cmac_init(&c, &k);                     /* 53 bytes: K2 */
    (void)ctc_aes_cmac_update(&c, secret + 100, 20);
    (void)ctc_aes_cmac_update(&c, secret + 120, 33);
    (void)ctc_aes_cmac_final(&c, tag, 12);
    ct_keep_mem(tag, 12);
    ctc_aes_key_wipe(&k);
}

/* the negative control: PKCS#7 unpadding that loops over the secret
 * padding length and returns at the first wrong byte */
AES_LEAKY_NOINLINE static int aes_leaky_unpad(const uint8_t b[16])
{
    unsigned pad = b[15], i;

    if (pad == 0 || pad > 16)
        return -1;
    for (i = 0; i < pad; i++)
        if (b[15 - i] != pad)
            return -1;
    return (int)(16 - pad);
}

void ct_case_aes_leaky_cbc_unpad(const unsigned char *secret)
{
    uint8_t b[16];
    unsigned i;

    for (i = 0; i < 16; i++)           /* a padding of secret length */
        b[i] = (uint8_t)((secret[i] & 15u) + 1);
    ct_keep((uint64_t)(int64_t)aes_leaky_unpad(b));
    ct_keep((uint64_t)(int64_t)aes_leaky_unpad(secret + 16));
}

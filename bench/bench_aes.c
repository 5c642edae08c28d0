/*
 * bench_aes.c - the aes family: key schedules, ECB (one block and the
 * two-block pass), CTR, GCM, CBC (encryption, decryption with the
 * unpadding), CCM (both ways) and CMAC over 4 KiB, GHASH alone: with the
 * constant-time software core the library runs where the CPU has no AES
 * instructions ("ct-sw": the 32-bit bitsliced core on 32-bit targets, the
 * 64-bit one on 64-bit targets, with its AVX2 leaf on x86-64 CPUs that
 * have AVX2; forced with aes_hw_allow(AES_HW_AVX2); "table" in a library
 * built with a table core, CTC_AES_TABLE, which is not constant time; on
 * x86-64 also a few rows of the portable 64-bit core alone, "ct64") and, where it is built and the CPU has it, AES-NI
 * with PCLMULQDQ ("aesni", x86-64, with VAES and VPCLMULQDQ where the
 * CPU has them unless CTC_BENCH_AES_NO_VAES is set) or Armv8 AES with
 * PMULL ("armv8", AArch64).
 *
 * On the host the peers run beside it in the same process: OpenSSL's EVP
 * AES-128-CTR/GCM/CBC/CCM ("openssl", with whatever the CPU offers: AES-NI
 * and PCLMULQDQ on x86-64) and mbedTLS's (Debian's libmbedcrypto,
 * "mbedtls", AES-NI where it has it), and GCM over 16 KiB as well. Then
 * the benchmark runs itself once more with OPENSSL_ia32cap masking AES-NI
 * and PCLMULQDQ, so that OpenSSL takes its software code (bitsliced
 * AES for CTR): the "openssl-sw" rows, the scale for the constant-time
 * software core. On the emulated cores: exact instructions, estimated
 * cycles and stack per operation (bench/harness_emu.c).
 */
#if !defined(BENCH_HOST) || BENCH_HOST
#define _POSIX_C_SOURCE 200809L    /* setenv, fork, execv, waitpid */
#endif
#include "harness.h"

#include <string.h>

#if BENCH_HOST
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <mbedtls/aes.h>
#include <mbedtls/ccm.h>
#include <mbedtls/gcm.h>
#include <mbedtls/version.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#endif

#include "ctcrypto/aes.h"
#include "ctcrypto/common.h"
#include "aes/aes_impl.h"

#define BIG 4096
#if BENCH_HOST
#define HUGE 16384    /* GCM over 16 KiB, host only (the cores' RAM is small) */
#else
#define HUGE BIG
#endif
/* OpenSSL's capability vector without AES-NI (CPUID.1:ECX bit 25, here bit
 * 57) and PCLMULQDQ (bit 1, here bit 33): its software AES and GHASH */
#define OSSL_SW_CAP "~0x200000200000000"

static uint8_t key[32], iv[16], msg[HUGE], out[HUGE], tag[16], aad[16];
static uint8_t cbc_ct[BIG], ccm_ct[BIG], ccm_tag[16];   /* valid inputs to decrypt */
static ctc_aes_key k128, k256;

struct job {
    ctc_aes_key *k;
    size_t klen;
    size_t len;
};

static void b_key(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    ctc_aes_key k;
    uint64_t i;

    for (i = 0; i < iters; i++) {
        key[0] = (uint8_t)i;
        (void)ctc_aes_key_set(&k, key, j->klen);
    }
    bench_sink ^= k.rounds;
}

static void b_ecb(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        (void)ctc_aes_ecb_encrypt(j->k, out, sizeof out, out, j->len);
    bench_sink ^= out[0];
}

static void b_ecb_dec(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        (void)ctc_aes_ecb_decrypt(j->k, out, sizeof out, out, j->len);
    bench_sink ^= out[0];
}

static void b_ctr(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        (void)ctc_aes_ctr(j->k, out, sizeof out, iv, msg, j->len);
    bench_sink ^= out[0];
}

static void b_gcm(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        (void)ctc_aes_gcm_encrypt(j->k, out, sizeof out, tag, 16, iv, 12, aad,
                                  sizeof aad, msg, j->len);
    bench_sink ^= tag[0];
}

static void b_cbc_enc(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        (void)ctc_aes_cbc_encrypt_raw(j->k, out, sizeof out, iv, 16, msg, j->len);
    bench_sink ^= out[0];
}

/* decryption and unpadding of 4 KiB of ciphertext (4095 bytes of text) */
static void b_cbc_dec(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;
    size_t n = 0;

    for (i = 0; i < iters; i++)
        (void)ctc_aes_cbc_decrypt(j->k, out, sizeof out, &n, iv, 16, cbc_ct, j->len);
    bench_sink ^= out[0] ^ (uint8_t)n;
}

static void b_ccm(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        (void)ctc_aes_ccm_encrypt(j->k, out, sizeof out, tag, 16, iv, 12, aad,
                                  sizeof aad, msg, j->len);
    bench_sink ^= tag[0];
}

static void b_ccm_dec(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;
    int r = 0;

    for (i = 0; i < iters; i++)
        r |= ctc_aes_ccm_decrypt(j->k, out, sizeof out, iv, 12, aad, sizeof aad,
                                 ccm_ct, j->len, ccm_tag, 16);
    bench_sink ^= out[0] ^ (uint8_t)r;
}

static void b_cmac(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        (void)ctc_aes_cmac(j->k, tag, 16, msg, j->len);
    bench_sink ^= tag[0];
}

static void b_ghash(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    aes_ghash g;
    uint64_t i;

    aes_ghash_init(&g, key);
    for (i = 0; i < iters; i++)
        aes_ghash_update(&g, msg, j->len);
    aes_ghash_value(tag, &g);
    bench_sink ^= tag[0];
}

#if BENCH_HOST
static EVP_CIPHER_CTX *ossl_ctx;

static void b_ossl_ctr(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;
    int l;

    for (i = 0; i < iters; i++) {
        EVP_EncryptInit_ex(ossl_ctx, EVP_aes_128_ctr(), NULL, key, iv);
        EVP_EncryptUpdate(ossl_ctx, out, &l, msg, (int)j->len);
    }
    bench_sink ^= out[0];
}

static void b_ossl_gcm(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;
    int l;

    for (i = 0; i < iters; i++) {
        EVP_EncryptInit_ex(ossl_ctx, EVP_aes_128_gcm(), NULL, key, iv);
        EVP_EncryptUpdate(ossl_ctx, NULL, &l, aad, sizeof aad);
        EVP_EncryptUpdate(ossl_ctx, out, &l, msg, (int)j->len);
        EVP_EncryptFinal_ex(ossl_ctx, out, &l);
        EVP_CIPHER_CTX_ctrl(ossl_ctx, EVP_CTRL_GCM_GET_TAG, 16, tag);
    }
    bench_sink ^= tag[0];
}

static void b_ossl_cbc(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;
    int l;

    for (i = 0; i < iters; i++) {
        EVP_EncryptInit_ex(ossl_ctx, EVP_aes_128_cbc(), NULL, key, iv);
        EVP_CIPHER_CTX_set_padding(ossl_ctx, 0);
        EVP_EncryptUpdate(ossl_ctx, out, &l, msg, (int)j->len);
    }
    bench_sink ^= out[0];
}

static void b_ossl_ccm(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;
    int l;

    for (i = 0; i < iters; i++) {
        EVP_EncryptInit_ex(ossl_ctx, EVP_aes_128_ccm(), NULL, NULL, NULL);
        EVP_CIPHER_CTX_ctrl(ossl_ctx, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL);
        EVP_CIPHER_CTX_ctrl(ossl_ctx, EVP_CTRL_AEAD_SET_TAG, 16, NULL);
        EVP_EncryptInit_ex(ossl_ctx, NULL, NULL, key, iv);
        EVP_EncryptUpdate(ossl_ctx, NULL, &l, NULL, (int)j->len);
        EVP_EncryptUpdate(ossl_ctx, NULL, &l, aad, sizeof aad);
        EVP_EncryptUpdate(ossl_ctx, out, &l, msg, (int)j->len);
        EVP_EncryptFinal_ex(ossl_ctx, out, &l);
        EVP_CIPHER_CTX_ctrl(ossl_ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag);
    }
    bench_sink ^= tag[0];
}

static mbedtls_aes_context mb_aes;
static mbedtls_gcm_context mb_gcm;
static mbedtls_ccm_context mb_ccm;

static void b_mb_ctr(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint8_t nc[16], stream[16];
    size_t off;
    uint64_t i;

    for (i = 0; i < iters; i++) {
        memcpy(nc, iv, 16);
        off = 0;
        mbedtls_aes_crypt_ctr(&mb_aes, j->len, &off, nc, stream, msg, out);
    }
    bench_sink ^= out[0];
}

static void b_mb_gcm(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        mbedtls_gcm_crypt_and_tag(&mb_gcm, MBEDTLS_GCM_ENCRYPT, j->len, iv, 12, aad,
                                  sizeof aad, msg, out, 16, tag);
    bench_sink ^= tag[0];
}

static void b_mb_cbc(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint8_t v[16];
    uint64_t i;

    for (i = 0; i < iters; i++) {
        memcpy(v, iv, 16);
        mbedtls_aes_crypt_cbc(&mb_aes, MBEDTLS_AES_ENCRYPT, j->len, v, msg, out);
    }
    bench_sink ^= out[0];
}

static void b_mb_ccm(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        mbedtls_ccm_encrypt_and_tag(&mb_ccm, j->len, iv, 12, aad, sizeof aad, msg, out,
                                    tag, 16);
    bench_sink ^= tag[0];
}

/* OpenSSL's rows under the name impl (its software code when the process
 * was started with OSSL_SW_CAP) */
static void ossl_rows(const char *impl, struct job *big, struct job *huge)
{
    ossl_ctx = EVP_CIPHER_CTX_new();
    if (ossl_ctx == NULL)
        return;
    bench_run("aes", "AES-128-CTR 4 KiB", impl, b_ossl_ctr, big, BIG);
    bench_run("aes", "AES-128-GCM encrypt 4 KiB", impl, b_ossl_gcm, big, BIG);
    bench_run("aes", "AES-128-GCM encrypt 16 KiB", impl, b_ossl_gcm, huge, HUGE);
    bench_run("aes", "AES-128-CBC encrypt 4 KiB", impl, b_ossl_cbc, big, BIG);
    bench_run("aes", "AES-128-CCM encrypt 4 KiB", impl, b_ossl_ccm, big, BIG);
    EVP_CIPHER_CTX_free(ossl_ctx);
}

/* The "openssl-sw" rows: this program again, OpenSSL told by
 * OPENSSL_ia32cap that the CPU has neither AES-NI nor PCLMULQDQ (the
 * variable is read once, when libcrypto starts: it takes a new process). */
static int ossl_sw_child(char **argv)
{
    pid_t pid;
    int st;

    fflush(stdout);
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        setenv("OPENSSL_ia32cap", OSSL_SW_CAP, 1);
        setenv("CTC_BENCH_AES_OSSL_SW", "1", 1);
        execv("/proc/self/exe", argv);
        _exit(127);
    }
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
        return -1;
    return 0;
}
#endif

int main(int argc, char **argv)
{
    struct job key128 = { NULL, 16, 0 }, key256 = { NULL, 32, 0 };
    struct job blk1 = { &k128, 16, 16 }, blk2 = { &k128, 16, 32 };
    struct job blk1_256 = { &k256, 32, 16 };
    struct job big128 = { &k128, 16, BIG }, big256 = { &k256, 32, BIG };
    struct job huge128 = { &k128, 16, HUGE };
    unsigned hw_mask = ~0u;
    size_t i;

    (void)argc;
    (void)argv;
    (void)huge128;

    for (i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 31 + 7);
    for (i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 13 + 1);
    memset(iv, 0x42, sizeof iv);
    (void)ctc_aes_key_set(&k128, key, 16);
    (void)ctc_aes_key_set(&k256, key, 32);
    {
        size_t n = 0;

        (void)ctc_aes_cbc_encrypt(&k128, cbc_ct, sizeof cbc_ct, &n, iv, 16, msg,
                                  BIG - 1);
        (void)ctc_aes_ccm_encrypt(&k128, ccm_ct, sizeof ccm_ct, ccm_tag, 16, iv,
                                  12, aad, sizeof aad, msg, BIG);
    }

#if BENCH_HOST
    /* CTC_BENCH_AES_NO_VAES set: the "aesni" rows without the VAES and
     * VPCLMULQDQ paths, as on a CPU with AES-NI and PCLMULQDQ alone */
    if (getenv("CTC_BENCH_AES_NO_VAES") != NULL)
        hw_mask = ~AES_HW_VAES;
    if (getenv("CTC_BENCH_AES_OSSL_SW") != NULL) {
        /* the second process: OpenSSL's software rows only */
        ossl_rows("openssl-sw", &big128, &huge128);
        return 0;
    }
#endif
    bench_info(ctc_build_info());
    bench_header("aes: AES-128/256, the constant-time bitsliced core and the hardware core");
    for (i = 0; i < 2; i++) {
        const char *impl = i == 0 ? (AES_HAVE_TABLE ? "table" : "ct-sw")
                           : AES_HAVE_ARMV8_CE ? "armv8" : "aesni";

        /* "ct-sw": what the library runs where the CPU has no AES
         * instructions (nor carry-less multiply): the AVX2 leaf of the
         * 64-bit core where the CPU has AVX2, else the portable core */
        aes_hw_allow(i == 0 ? hw_mask & AES_HW_AVX2 : hw_mask);
        if (i == 1 && (aes_hw() & (AES_HW_AES | AES_HW_CLMUL)) == 0)
            break;
        if (i == 1 && AES_HAVE_AVX2) {
            /* the portable 64-bit core alone (the AVX2 leaf's C twin), for
             * docs/aes.md; here, so that the hardware core stays the last
             * implementation of the host tables */
            aes_hw_allow(0);
            bench_run("aes", "AES-128-CTR 4 KiB", "ct64", b_ctr, &big128, BIG);
            bench_run("aes", "AES-128-GCM encrypt 4 KiB", "ct64", b_gcm, &big128, BIG);
            bench_run("aes", "AES-128-CBC decrypt+unpad 4 KiB", "ct64", b_cbc_dec, &big128, BIG);
            aes_hw_allow(hw_mask);
        }
        bench_run("aes", "AES-128 key schedule", impl, b_key, &key128, 0);
        bench_run("aes", "AES-256 key schedule", impl, b_key, &key256, 0);
        bench_run("aes", "AES-128 encrypt 1 block", impl, b_ecb, &blk1, 16);
        bench_run("aes", "AES-128 encrypt 2 blocks", impl, b_ecb, &blk2, 32);
        bench_run("aes", "AES-128 decrypt 2 blocks", impl, b_ecb_dec, &blk2, 32);
        bench_run("aes", "AES-256 encrypt 1 block", impl, b_ecb, &blk1_256, 16);
        bench_run("aes", "AES-128-CTR 4 KiB", impl, b_ctr, &big128, BIG);
        bench_run("aes", "AES-256-CTR 4 KiB", impl, b_ctr, &big256, BIG);
        bench_run("aes", "GHASH 4 KiB", impl, b_ghash, &big128, BIG);
        bench_run("aes", "AES-128-GCM encrypt 4 KiB", impl, b_gcm, &big128, BIG);
#if BENCH_HOST
        bench_run("aes", "AES-128-GCM encrypt 16 KiB", impl, b_gcm, &huge128, HUGE);
#endif
        bench_run("aes", "AES-256-GCM encrypt 4 KiB", impl, b_gcm, &big256, BIG);
        bench_run("aes", "AES-128-CBC encrypt 4 KiB", impl, b_cbc_enc, &big128, BIG);
        bench_run("aes", "AES-128-CBC decrypt+unpad 4 KiB", impl, b_cbc_dec, &big128, BIG);
        bench_run("aes", "AES-128-CCM encrypt 4 KiB", impl, b_ccm, &big128, BIG);
        bench_run("aes", "AES-128-CCM decrypt 4 KiB", impl, b_ccm_dec, &big128, BIG);
        bench_run("aes", "AES-128-CMAC 4 KiB", impl, b_cmac, &big128, BIG);
    }
    aes_hw_allow(~0u);
#if BENCH_HOST
    ossl_rows("openssl", &big128, &huge128);
    mbedtls_aes_init(&mb_aes);
    mbedtls_gcm_init(&mb_gcm);
    mbedtls_ccm_init(&mb_ccm);
    if (mbedtls_aes_setkey_enc(&mb_aes, key, 128) == 0 &&
        mbedtls_gcm_setkey(&mb_gcm, MBEDTLS_CIPHER_ID_AES, key, 128) == 0 &&
        mbedtls_ccm_setkey(&mb_ccm, MBEDTLS_CIPHER_ID_AES, key, 128) == 0) {
        bench_run("aes", "AES-128-CTR 4 KiB", "mbedtls", b_mb_ctr, &big128, BIG);
        bench_run("aes", "AES-128-GCM encrypt 4 KiB", "mbedtls", b_mb_gcm, &big128, BIG);
        bench_run("aes", "AES-128-GCM encrypt 16 KiB", "mbedtls", b_mb_gcm, &huge128, HUGE);
        bench_run("aes", "AES-128-CBC encrypt 4 KiB", "mbedtls", b_mb_cbc, &big128, BIG);
        bench_run("aes", "AES-128-CCM encrypt 4 KiB", "mbedtls", b_mb_ccm, &big128, BIG);
    } else {
        bench_info("mbedtls: a key schedule failed, no mbedtls rows");
    }
    mbedtls_aes_free(&mb_aes);
    mbedtls_gcm_free(&mb_gcm);
    mbedtls_ccm_free(&mb_ccm);
    {
        char v[32], peers[256];

        mbedtls_version_get_string(v);
        snprintf(peers, sizeof peers, "peers: %s; mbedTLS %s (Debian libmbedcrypto); "
                 "openssl-sw: the same OpenSSL with OPENSSL_ia32cap=%s (no AES-NI, no "
                 "PCLMULQDQ: its software AES and GHASH)", OpenSSL_version(OPENSSL_VERSION),
                 v, OSSL_SW_CAP);
        bench_info(peers);
    }
    if (ossl_sw_child(argv) != 0) {
        bench_info("openssl-sw: the second process failed");
        return 1;
    }
#endif
    return 0;
}

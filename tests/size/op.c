/*
 * op.c - one library operation per bare-metal image, for the code-size
 * column of the benchmark report (tools/report.py): built with
 * -DSIZE_OP=<number>, linked with --gc-sections; its size minus that of
 * none.c is what a firmware that calls only that operation links (the
 * import of the key it needs included). The images are linked, never run.
 *
 * SIZE_OPS lists each operation with the benchmark row (group and
 * operation name, as bench/bench_*.c print them) that its size belongs
 * beside; tools/report.py reads the list from this file. A family adds
 * its rows here.
 */
#include "ctcrypto/aes.h"
#include "ctcrypto/ec.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/rsa.h"
#include "runner.h"

static uint8_t b[4096], o[4096], k[512], t[64];
static size_t len;
static ctc_hmac_drbg_ctx drbg;
static ctc_aes_key aes;
static ctc_rsa_public_key rpub;
static ctc_rsa_private_key rpriv;

static int rng(void *ctx, uint8_t *out, size_t n)
{
    (void)ctx;
    return ctc_hmac_drbg_generate(&drbg, out, n, NULL, 0);
}

/* X(number, group, benchmark operation, call) */
#define SIZE_OPS(X) \
    X(1, "hash", "SHA-256 16 KiB", ctc_sha256(t, b, sizeof b)) \
    X(2, "hash", "SHA-512 16 KiB", ctc_sha512(t, b, sizeof b)) \
    X(3, "hash", "HMAC-SHA-256 16 KiB", ctc_hmac(t, 32, CTC_HASH_SHA256, k, 32, b, sizeof b)) \
    X(4, "hash", "HKDF-SHA-256 extract+expand 42 B", \
      ctc_hkdf(o, 42, CTC_HASH_SHA256, k, 32, b, 32, t, 10)) \
    X(5, "hash", "HMAC-DRBG-SHA-256 1 KiB", \
      ctc_hmac_drbg_instantiate(&drbg, CTC_HASH_SHA256, k, 48, NULL, 0, NULL, 0) | \
      ctc_hmac_drbg_generate(&drbg, o, 1024, NULL, 0)) \
    X(10, "ec", "p256 public key k G", ctc_p256_keygen(k, o, b, 48)) \
    X(11, "ec", "p256 ECDSA sign", ctc_ecdsa_p256_sign(o, k, t, 32, NULL, 0)) \
    X(12, "ec", "p256 ECDSA verify", ctc_ecdsa_p256_verify(b, 65, t, 32, o, 64)) \
    X(13, "ec", "p256 ECDH (with peer check)", ctc_ecdh_p256(o, k, b, 65)) \
    X(20, "ec", "p384 public key k G", ctc_p384_keygen(k, o, b, 64)) \
    X(21, "ec", "p384 ECDSA sign", ctc_ecdsa_p384_sign(o, k, t, 48, NULL, 0)) \
    X(22, "ec", "p384 ECDSA verify", ctc_ecdsa_p384_verify(b, 97, t, 48, o, 96)) \
    X(23, "ec", "p384 ECDH (with peer check)", ctc_ecdh_p384(o, k, b, 97)) \
    X(30, "rsa", "RSA-2048 public", \
      ctc_rsa_public_key_import(&rpub, b, 256, k, 3) | \
      ctc_rsa_pkcs1_verify(&rpub, CTC_HASH_SHA256, t, 32, o, 256)) \
    X(31, "rsa", "RSA-2048 private (CRT)", \
      ctc_rsa_private_key_import(&rpriv, b, 256, k, 3, b + 256, 128, b + 384, 128, \
                                 b + 512, 128, b + 640, 128, b + 768, 128) | \
      ctc_rsa_pkcs1_sign(o, 256, &rpriv, CTC_HASH_SHA256, t, 32, rng, NULL)) \
    X(40, "aes", "AES-128-CTR 4 KiB", \
      ctc_aes_key_set(&aes, k, 16) | ctc_aes_ctr(&aes, o, sizeof o, t, b, sizeof b)) \
    X(41, "aes", "AES-128-GCM encrypt 4 KiB", \
      ctc_aes_key_set(&aes, k, 16) | \
      ctc_aes_gcm_encrypt(&aes, o, sizeof o, t, 16, k, 12, NULL, 0, b, sizeof b)) \
    X(42, "aes", "AES-128-CBC decrypt+unpad 4 KiB", \
      ctc_aes_key_set(&aes, k, 16) | \
      ctc_aes_cbc_decrypt(&aes, o, sizeof o, &len, t, 16, b, sizeof b)) \
    X(43, "aes", "AES-128-CCM encrypt 4 KiB", \
      ctc_aes_key_set(&aes, k, 16) | \
      ctc_aes_ccm_encrypt(&aes, o, sizeof o, t, 16, k, 12, NULL, 0, b, sizeof b)) \
    X(44, "aes", "AES-128-CMAC 4 KiB", \
      ctc_aes_key_set(&aes, k, 16) | ctc_aes_cmac(&aes, t, 16, b, sizeof b))

#define SIZE_RUN(n, group, op, call) \
    if (SIZE_OP == (n))               \
        r |= (call);

int main(void)
{
    int r = 0;

    SIZE_OPS(SIZE_RUN)
    tr_puts(r ? "1\n" : "0\n");
    return 0;
}

/*
 * glue_test.c - checks of the mbedTLS glue's AES and GCM paths that
 * mbedTLS's own test suites do not reach (tools/tls.py builds it beside
 * them, linked like them, and runs it; docs/tls.md):
 *  - mbedtls_gcm_auth_decrypt with every tag length from 4 to 16, for AES
 *    (ctcrypto's one-shot decryption for 4, 8 and 12 to 16 bytes, the
 *    glue's streaming path and mbedtls_ct_memcmp for the others) and for
 *    Camellia (the generic GCM): the first tag_len bytes of the 16-byte
 *    tag verify, the same with one bit flipped fail with
 *    MBEDTLS_ERR_GCM_AUTH_FAILED and a zeroed output; crypt_and_tag gives
 *    those first bytes for every length;
 *  - a streaming decryption in pieces of every size gives the one-shot
 *    plaintext and tag;
 *  - GCM outputs that overlap their input other than exactly are refused,
 *    and so are modes other than MBEDTLS_GCM_ENCRYPT / _DECRYPT;
 *  - XTS (a last partial block too), CBC, CFB, OFB and CTR in place give
 *    what they give out of place, and CBC leaves the same IV;
 *  - PSA's P-256 through the driver (ctc_psa_p256.c): the public key of
 *    RFC 6979 A.2.5's private key, refusals of the private keys 0 and n
 *    and of a point off the curve, randomized ECDSA signatures that PSA
 *    and ctcrypto both verify (a changed one refused), generated keys
 *    whose ECDH agrees both ways, a peer off the curve refused;
 *  - RSA (ctc_mbedtls_rsa.c): with a generated RSA-2048 key (and RSA-3072
 *    with e = 3), the public and private operations, PKCS#1 v1.5 and PSS
 *    signatures with SHA-256/384/512 are ctcrypto's (its counter of fast
 *    calls moves) and agree with the fallback (mbedTLS's own rsa.c,
 *    renamed ctc_fb_*): the same v1.5 signatures and raw results, PSS
 *    signatures each side verifies, a changed signature refused with
 *    mbedTLS's codes; the private operation draws its blinding from the
 *    caller's f_rng and a failing f_rng fails it as mbedTLS does; E and
 *    N changed in the context without mbedtls_rsa_complete are used at
 *    once; SHA-1 and MGF1 with another hash go to the fallback (the
 *    counter stays), and so do a 1024-bit key's private operations.
 * Prints one line per failed check and "glue checks: N run, N failed";
 * exits 1 on a failure.
 */
#define MBEDTLS_ALLOW_PRIVATE_ACCESS   /* the RSA checks change E and N in place */
#include <stdio.h>
#include <string.h>

#include "mbedtls/aes.h"
#include "mbedtls/gcm.h"
#include "mbedtls/rsa.h"
#include "mbedtls/md.h"
#include "mbedtls/ctr_drbg.h"
#include "mbedtls/entropy.h"
#include "psa/crypto.h"

#include "ctcrypto/ec.h"

static int run_count, failed;

static void check(int ok, const char *what, int a, int b)
{
    run_count++;
    if (!ok) {
        failed++;
        printf("FAIL %s (%d, %d)\n", what, a, b);
    }
}

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    size_t i;

    for (i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (unsigned char) (seed >> 16);
    }
}

static int all_zero(const unsigned char *p, size_t n)
{
    unsigned char acc = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        acc |= p[i];
    }
    return acc == 0;
}

static void gcm_tags(mbedtls_cipher_id_t cipher, unsigned keybits, size_t iv_len)
{
    mbedtls_gcm_context ctx;
    unsigned char key[32], iv[32], ad[20], pt[37], ct[37], out[37], full[16], tag[16];
    size_t t;

    fill(key, sizeof(key), 1 + keybits);
    fill(iv, sizeof(iv), 2);
    fill(ad, sizeof(ad), 3);
    fill(pt, sizeof(pt), 4);
    mbedtls_gcm_init(&ctx);
    check(mbedtls_gcm_setkey(&ctx, cipher, key, keybits) == 0, "setkey", (int) cipher, 0);
    check(mbedtls_gcm_crypt_and_tag(&ctx, MBEDTLS_GCM_ENCRYPT, sizeof(pt), iv, iv_len, ad,
                                    sizeof(ad), pt, ct, 16, full) == 0, "encrypt", 0, 0);
    for (t = 4; t <= 16; t++) {
        check(mbedtls_gcm_crypt_and_tag(&ctx, MBEDTLS_GCM_ENCRYPT, sizeof(pt), iv, iv_len, ad,
                                        sizeof(ad), pt, out, t, tag) == 0 &&
              memcmp(tag, full, t) == 0 && memcmp(out, ct, sizeof(ct)) == 0,
              "crypt_and_tag: the first tag_len bytes of the tag", (int) cipher, (int) t);
        memset(out, 0xA5, sizeof(out));
        check(mbedtls_gcm_auth_decrypt(&ctx, sizeof(ct), iv, iv_len, ad, sizeof(ad), full, t,
                                       ct, out) == 0 && memcmp(out, pt, sizeof(pt)) == 0,
              "auth_decrypt accepts the tag's first bytes", (int) cipher, (int) t);
        memcpy(tag, full, t);
        tag[t - 1] ^= 0x10;
        memset(out, 0xA5, sizeof(out));
        check(mbedtls_gcm_auth_decrypt(&ctx, sizeof(ct), iv, iv_len, ad, sizeof(ad), tag, t,
                                       ct, out) == MBEDTLS_ERR_GCM_AUTH_FAILED &&
              all_zero(out, sizeof(out)),
              "auth_decrypt refuses a flipped bit, output zeroed", (int) cipher, (int) t);
    }
    check(mbedtls_gcm_starts(&ctx, 2, iv, iv_len) == MBEDTLS_ERR_GCM_BAD_INPUT &&
          mbedtls_gcm_crypt_and_tag(&ctx, -1, sizeof(pt), iv, iv_len, ad, sizeof(ad), pt, out,
                                    16, tag) == MBEDTLS_ERR_GCM_BAD_INPUT,
          "a mode that is neither direction is refused", (int) cipher, 0);
    check(mbedtls_gcm_auth_decrypt(&ctx, sizeof(ct), iv, iv_len, ad, sizeof(ad), full, 3,
                                   ct, out) == MBEDTLS_ERR_GCM_BAD_INPUT &&
          mbedtls_gcm_auth_decrypt(&ctx, sizeof(ct), iv, iv_len, ad, sizeof(ad), full, 17,
                                   ct, out) == MBEDTLS_ERR_GCM_BAD_INPUT,
          "auth_decrypt refuses tags of 3 and 17 bytes", (int) cipher, 0);
    mbedtls_gcm_free(&ctx);
}

/* decryption in two pieces split at every offset, the AD likewise */
static void gcm_stream(mbedtls_cipher_id_t cipher, size_t iv_len)
{
    mbedtls_gcm_context ctx;
    unsigned char key[16], iv[32], ad[21], pt[70], ct[70], out[70], full[16], tag[16];
    size_t n, olen;

    fill(key, sizeof(key), 5);
    fill(iv, sizeof(iv), 6);
    fill(ad, sizeof(ad), 7);
    fill(pt, sizeof(pt), 8);
    mbedtls_gcm_init(&ctx);
    check(mbedtls_gcm_setkey(&ctx, cipher, key, 128) == 0, "setkey", (int) cipher, 0);
    check(mbedtls_gcm_crypt_and_tag(&ctx, MBEDTLS_GCM_ENCRYPT, sizeof(pt), iv, iv_len, ad,
                                    sizeof(ad), pt, ct, 16, full) == 0, "encrypt", 0, 0);
    for (n = 0; n <= sizeof(ct); n++) {
        int ok = mbedtls_gcm_starts(&ctx, MBEDTLS_GCM_DECRYPT, iv, iv_len) == 0 &&
                 mbedtls_gcm_update_ad(&ctx, ad, n % sizeof(ad)) == 0 &&
                 mbedtls_gcm_update_ad(&ctx, ad + n % sizeof(ad),
                                       sizeof(ad) - n % sizeof(ad)) == 0;

        memcpy(out, ct, sizeof(ct));          /* in place */
        ok = ok && mbedtls_gcm_update(&ctx, out, n, out, n, &olen) == 0 && olen == n &&
             mbedtls_gcm_update(&ctx, out + n, sizeof(ct) - n, out + n, sizeof(ct) - n,
                                &olen) == 0 && olen == sizeof(ct) - n &&
             mbedtls_gcm_finish(&ctx, NULL, 0, &olen, tag, 16) == 0 && olen == 0;
        check(ok && memcmp(out, pt, sizeof(pt)) == 0 && memcmp(tag, full, 16) == 0,
              "streaming decryption in two pieces", (int) cipher, (int) n);
    }
    /* overlaps other than exact */
    memcpy(out, ct, sizeof(ct));
    check(mbedtls_gcm_starts(&ctx, MBEDTLS_GCM_ENCRYPT, iv, iv_len) == 0 &&
          mbedtls_gcm_update(&ctx, out, 32, out + 1, 33, &olen) == MBEDTLS_ERR_GCM_BAD_INPUT &&
          mbedtls_gcm_update(&ctx, out + 1, 32, out, 32, &olen) == MBEDTLS_ERR_GCM_BAD_INPUT,
          "update refuses a partial overlap", (int) cipher, 0);
    check(mbedtls_gcm_crypt_and_tag(&ctx, MBEDTLS_GCM_ENCRYPT, 32, iv, iv_len, ad, sizeof(ad),
                                    out, out + 1, 16, tag) == MBEDTLS_ERR_GCM_BAD_INPUT &&
          mbedtls_gcm_auth_decrypt(&ctx, 32, iv, iv_len, ad, sizeof(ad), full, 16, out + 1,
                                   out) == MBEDTLS_ERR_GCM_BAD_INPUT,
          "one-shot calls refuse a partial overlap", (int) cipher, 0);
    mbedtls_gcm_free(&ctx);
}

static void aes_in_place(void)
{
    mbedtls_aes_context ctx;
    mbedtls_aes_xts_context xts;
    unsigned char key[64], iv[16], iv2[16], sb[16], sb2[16], in[80], a[80], b[80];
    size_t len, off, off2;
    int mode;

    fill(key, sizeof(key), 9);
    fill(in, sizeof(in), 10);
    fill(iv, sizeof(iv), 11);
    mbedtls_aes_init(&ctx);
    mbedtls_aes_xts_init(&xts);
    check(mbedtls_aes_setkey_enc(&ctx, key, 256) == 0 &&
          mbedtls_aes_xts_setkey_enc(&xts, key, 512) == 0, "setkey", 0, 0);
    for (mode = MBEDTLS_AES_DECRYPT; mode <= MBEDTLS_AES_ENCRYPT; mode++) {
        for (len = 16; len <= sizeof(in); len++) {
            memcpy(b, in, len);
            check(mbedtls_aes_crypt_xts(&xts, mode, len, iv, in, a) == 0 &&
                  mbedtls_aes_crypt_xts(&xts, mode, len, iv, b, b) == 0 &&
                  memcmp(a, b, len) == 0, "XTS in place", mode, (int) len);
        }
        for (len = 0; len <= sizeof(in); len += 16) {
            memcpy(b, in, len);
            memcpy(iv2, iv, 16);
            memcpy(sb, iv, 16);
            check(mbedtls_aes_crypt_cbc(&ctx, mode, len, sb, in, a) == 0 &&
                  mbedtls_aes_crypt_cbc(&ctx, mode, len, iv2, b, b) == 0 &&
                  memcmp(a, b, len) == 0 && memcmp(sb, iv2, 16) == 0, "CBC in place", mode,
                  (int) len);
        }
        for (len = 0; len <= sizeof(in); len++) {
            memcpy(b, in, len);
            memcpy(iv2, iv, 16);
            memcpy(sb, iv, 16);
            off = off2 = 3;
            check(mbedtls_aes_crypt_cfb128(&ctx, mode, len, &off, sb, in, a) == 0 &&
                  mbedtls_aes_crypt_cfb128(&ctx, mode, len, &off2, iv2, b, b) == 0 &&
                  memcmp(a, b, len) == 0 && off == off2 && memcmp(sb, iv2, 16) == 0,
                  "CFB128 in place", mode, (int) len);
            memcpy(b, in, len);
            memcpy(iv2, iv, 16);
            memcpy(sb, iv, 16);
            check(mbedtls_aes_crypt_cfb8(&ctx, mode, len, sb, in, a) == 0 &&
                  mbedtls_aes_crypt_cfb8(&ctx, mode, len, iv2, b, b) == 0 &&
                  memcmp(a, b, len) == 0 && memcmp(sb, iv2, 16) == 0, "CFB8 in place", mode,
                  (int) len);
        }
    }
    for (len = 0; len <= sizeof(in); len++) {
        memcpy(b, in, len);
        memcpy(iv2, iv, 16);
        memcpy(sb, iv, 16);
        off = off2 = 5;
        check(mbedtls_aes_crypt_ofb(&ctx, len, &off, sb, in, a) == 0 &&
              mbedtls_aes_crypt_ofb(&ctx, len, &off2, iv2, b, b) == 0 &&
              memcmp(a, b, len) == 0 && off == off2, "OFB in place", 0, (int) len);
        memcpy(b, in, len);
        memcpy(iv2, iv, 16);
        memcpy(sb, iv, 16);
        memset(sb2, 0, 16);
        off = off2 = 0;
        check(mbedtls_aes_crypt_ctr(&ctx, len, &off, sb, sb2, in, a) == 0 &&
              mbedtls_aes_crypt_ctr(&ctx, len, &off2, iv2, sb2, b, b) == 0 &&
              memcmp(a, b, len) == 0 && off == off2 && memcmp(sb, iv2, 16) == 0,
              "CTR in place", 0, (int) len);
    }
    mbedtls_aes_free(&ctx);
    mbedtls_aes_xts_free(&xts);
}

/* RFC 6979 A.2.5: the P-256 key pair */
static const unsigned char rfc_x[32] = {
    0xc9, 0xaf, 0xa9, 0xd8, 0x45, 0xba, 0x75, 0x16, 0x6b, 0x5c, 0x21, 0x57,
    0x67, 0xb1, 0xd6, 0x93, 0x4e, 0x50, 0xc3, 0xdb, 0x36, 0xe8, 0x9b, 0x12,
    0x7b, 0x8a, 0x62, 0x2b, 0x12, 0x0f, 0x67, 0x21
};
static const unsigned char rfc_u[65] = {
    0x04,
    0x60, 0xfe, 0xd4, 0xba, 0x25, 0x5a, 0x9d, 0x31, 0xc9, 0x61, 0xeb, 0x74,
    0xc6, 0x35, 0x6d, 0x68, 0xc0, 0x49, 0xb8, 0x92, 0x3b, 0x61, 0xfa, 0x6c,
    0xe6, 0x69, 0x62, 0x2e, 0x60, 0xf2, 0x9f, 0xb6,
    0x79, 0x03, 0xfe, 0x10, 0x08, 0xb8, 0xbc, 0x99, 0xa4, 0x1a, 0xe9, 0xe9,
    0x56, 0x28, 0xbc, 0x64, 0xf2, 0xf1, 0xb2, 0x0c, 0x2d, 0x7e, 0x9f, 0x51,
    0x77, 0xa3, 0xc2, 0x94, 0xd4, 0x46, 0x22, 0x99
};
/* the group order n */
static const unsigned char p256_n[32] = {
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84,
    0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51
};

static psa_key_attributes_t p256_attr(int pair, psa_algorithm_t alg, psa_key_usage_t usage)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;

    psa_set_key_type(&a, pair ? PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1)
                              : PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1));
    psa_set_key_bits(&a, 256);
    psa_set_key_algorithm(&a, alg);
    psa_set_key_usage_flags(&a, usage);
    return a;
}

static void psa_driver(void)
{
    const psa_algorithm_t ecdsa = PSA_ALG_ECDSA(PSA_ALG_SHA_256);
    psa_key_attributes_t sa = p256_attr(1, ecdsa, PSA_KEY_USAGE_SIGN_HASH |
                                                  PSA_KEY_USAGE_VERIFY_HASH),
                         da = p256_attr(1, PSA_ALG_ECDH, PSA_KEY_USAGE_DERIVE),
                         pa = p256_attr(0, ecdsa, PSA_KEY_USAGE_VERIFY_HASH);
    psa_key_id_t k = 0, k1 = 0, k2 = 0, pk = 0;
    unsigned char pub[65], pub1[65], pub2[65], bad[65], z1[32], z2[32], h[32], sig[64];
    size_t len = 0, len2 = 0;
    int i;

    check(psa_crypto_init() == PSA_SUCCESS, "psa_crypto_init", 0, 0);
    /* the known key pair: its public key, PSA's and ctcrypto's */
    check(psa_import_key(&sa, rfc_x, sizeof rfc_x, &k) == PSA_SUCCESS, "PSA import", 0, 0);
    check(psa_export_public_key(k, pub, sizeof pub, &len) == PSA_SUCCESS && len == 65 &&
          memcmp(pub, rfc_u, 65) == 0, "PSA public key = RFC 6979 A.2.5's", 0, (int) len);
    check(ctc_p256_public_key(pub1, rfc_x) == CTC_OK && memcmp(pub1, rfc_u, 65) == 0,
          "ctcrypto public key = RFC 6979 A.2.5's", 0, 0);
    /* randomized signatures: both verify, a changed one is refused */
    for (i = 0; i < 8; i++) {
        fill(h, sizeof h, 40 + (unsigned) i);
        check(psa_sign_hash(k, ecdsa, h, sizeof h, sig, sizeof sig, &len) == PSA_SUCCESS &&
              len == 64, "PSA sign", i, (int) len);
        check(psa_verify_hash(k, ecdsa, h, sizeof h, sig, len) == PSA_SUCCESS, "PSA verify",
              i, 0);
        check(ctc_ecdsa_p256_verify(rfc_u, 65, h, sizeof h, sig, 64) == CTC_OK,
              "ctcrypto verifies PSA's signature", i, 0);
        sig[i * 7] ^= 0x10;
        check(psa_verify_hash(k, ecdsa, h, sizeof h, sig, len) == PSA_ERROR_INVALID_SIGNATURE,
              "PSA refuses a changed signature", i, 0);
    }
    check(psa_import_key(&pa, rfc_u, 65, &pk) == PSA_SUCCESS, "PSA import public", 0, 0);
    sig[(i - 1) * 7] ^= 0x10;          /* the last signature, restored */
    check(psa_verify_hash(pk, ecdsa, h, sizeof h, sig, 64) == PSA_SUCCESS,
          "PSA verify with the public key", 0, 0);
    psa_destroy_key(pk);
    psa_destroy_key(k);
    /* refusals: the private keys 0 and n, a point off the curve */
    memset(z1, 0, sizeof z1);
    check(psa_import_key(&sa, z1, 32, &k) == PSA_ERROR_INVALID_ARGUMENT, "PSA refuses d = 0",
          0, 0);
    check(psa_import_key(&sa, p256_n, 32, &k) == PSA_ERROR_INVALID_ARGUMENT,
          "PSA refuses d = n", 0, 0);
    memcpy(bad, rfc_u, 65);
    bad[64] ^= 1;
    check(psa_import_key(&pa, bad, 65, &pk) == PSA_ERROR_INVALID_ARGUMENT,
          "PSA refuses a point off the curve", 0, 0);
    /* generated keys: ECDH both ways, a peer off the curve refused */
    check(psa_generate_key(&da, &k1) == PSA_SUCCESS && psa_generate_key(&da, &k2) == PSA_SUCCESS,
          "PSA generate", 0, 0);
    check(psa_export_public_key(k1, pub1, 65, &len) == PSA_SUCCESS &&
          psa_export_public_key(k2, pub2, 65, &len2) == PSA_SUCCESS &&
          ctc_p256_public_key_check(pub1, 65) == CTC_OK &&
          ctc_p256_public_key_check(pub2, 65) == CTC_OK && memcmp(pub1, pub2, 65) != 0,
          "generated public keys are valid and differ", (int) len, (int) len2);
    check(psa_raw_key_agreement(PSA_ALG_ECDH, k1, pub2, 65, z1, 32, &len) == PSA_SUCCESS &&
          psa_raw_key_agreement(PSA_ALG_ECDH, k2, pub1, 65, z2, 32, &len2) == PSA_SUCCESS &&
          len == 32 && len2 == 32 && memcmp(z1, z2, 32) == 0, "ECDH agrees both ways",
          (int) len, (int) len2);
    check(psa_raw_key_agreement(PSA_ALG_ECDH, k1, bad, 65, z1, 32, &len) ==
          PSA_ERROR_INVALID_ARGUMENT, "PSA refuses a peer off the curve", 0, 0);
    psa_destroy_key(k1);
    psa_destroy_key(k2);
}

/* ---- RSA ------------------------------------------------------------------------ */

/* ctc_mbedtls_rsa.c's counter and the fallback's functions it calls */
extern unsigned long ctc_mbedtls_rsa_fast_calls;
typedef int (*rsa_rng)(void *, unsigned char *, size_t);
int ctc_fb_mbedtls_rsa_public(mbedtls_rsa_context *ctx, const unsigned char *input,
                              unsigned char *output);
int ctc_fb_mbedtls_rsa_private(mbedtls_rsa_context *ctx, rsa_rng f_rng, void *p_rng,
                               const unsigned char *input, unsigned char *output);
int ctc_fb_mbedtls_rsa_rsassa_pkcs1_v15_sign(mbedtls_rsa_context *ctx, rsa_rng f_rng,
                                             void *p_rng, mbedtls_md_type_t md_alg,
                                             unsigned int hashlen, const unsigned char *hash,
                                             unsigned char *sig);
int ctc_fb_mbedtls_rsa_rsassa_pss_sign_ext(mbedtls_rsa_context *ctx, rsa_rng f_rng,
                                           void *p_rng, mbedtls_md_type_t md_alg,
                                           unsigned int hashlen, const unsigned char *hash,
                                           int saltlen, unsigned char *sig);
int ctc_fb_mbedtls_rsa_rsassa_pss_verify_ext(mbedtls_rsa_context *ctx,
                                             mbedtls_md_type_t md_alg, unsigned int hashlen,
                                             const unsigned char *hash,
                                             mbedtls_md_type_t mgf1_hash_id,
                                             int expected_salt_len, const unsigned char *sig);

/* a deterministic generator that counts the bytes it gave; fails when
 * fail is set */
struct count_rng {
    unsigned seed;
    size_t bytes;
    int fail;
};

static int count_rand(void *ctx, unsigned char *out, size_t len)
{
    struct count_rng *r = ctx;

    if (r->fail)
        return MBEDTLS_ERR_CTR_DRBG_ENTROPY_SOURCE_FAILED;
    fill(out, len, r->seed++);
    r->bytes += len;
    return 0;
}

#define RSA_MAX 512

/* the checks on one key (bits, e); priv: whether ctcrypto takes its
 * private operations (2048 bits and up; its public ones from 1024) */
static void rsa_key(unsigned bits, int e, unsigned priv)
{
    static const mbedtls_md_type_t mds[] = { MBEDTLS_MD_SHA256, MBEDTLS_MD_SHA384,
                                             MBEDTLS_MD_SHA512 };
    mbedtls_rsa_context ctx;
    struct count_rng rng = { 1, 0, 0 };
    unsigned char h[64], in[RSA_MAX], a[RSA_MAX], b[RSA_MAX], c[RSA_MAX];
    unsigned long calls;
    size_t k, i;

    mbedtls_rsa_init(&ctx);
    check(mbedtls_rsa_gen_key(&ctx, count_rand, &rng, bits, e) == 0, "RSA gen_key",
          (int) bits, e);
    k = mbedtls_rsa_get_len(&ctx);
    fill(h, sizeof h, bits);
    fill(in, k, bits + 1);
    in[0] = 0;                                  /* < N */

    /* raw operations: the same results as the fallback's */
    calls = ctc_mbedtls_rsa_fast_calls;
    rng.bytes = 0;
    check(mbedtls_rsa_private(&ctx, count_rand, &rng, in, a) == 0 &&
          ctc_fb_mbedtls_rsa_private(&ctx, count_rand, &rng, in, b) == 0 &&
          memcmp(a, b, k) == 0, "RSA private = fallback", (int) bits, 0);
    check(mbedtls_rsa_public(&ctx, a, c) == 0 && memcmp(c, in, k) == 0 &&
          ctc_fb_mbedtls_rsa_public(&ctx, in, b) == 0 && mbedtls_rsa_public(&ctx, in, c) == 0 &&
          memcmp(b, c, k) == 0, "RSA public = fallback", (int) bits, 0);
    /* in place, as mbedTLS allows */
    memcpy(c, in, k);
    check(mbedtls_rsa_public(&ctx, c, c) == 0 && memcmp(b, c, k) == 0, "RSA public in place",
          (int) bits, 0);
    check(ctc_mbedtls_rsa_fast_calls - calls == 3u + priv, "RSA raw ops fast path",
          (int) (ctc_mbedtls_rsa_fast_calls - calls), (int) priv);
    /* the fast private operation drew its blinding from f_rng (ctcrypto:
     * k + 8 bytes per attempt) */
    rng.bytes = 0;
    check(mbedtls_rsa_private(&ctx, count_rand, &rng, in, a) == 0 && rng.bytes > 0,
          "RSA private draws from f_rng", (int) rng.bytes, 0);
    /* a failing f_rng fails the operation with mbedTLS's code */
    rng.fail = 1;
    {
        int r1 = mbedtls_rsa_private(&ctx, count_rand, &rng, in, a);
        int r2 = ctc_fb_mbedtls_rsa_private(&ctx, count_rand, &rng, in, b);
        check(r1 != 0 && r1 == r2, "RSA private with a failing f_rng", r1, r2);
    }
    rng.fail = 0;
    /* an input >= N: mbedTLS's error */
    memset(c, 0xff, k);
    check(mbedtls_rsa_public(&ctx, c, a) == ctc_fb_mbedtls_rsa_public(&ctx, c, b) &&
          mbedtls_rsa_public(&ctx, c, a) != 0, "RSA public of an input >= N", (int) bits, 0);

    for (i = 0; i < sizeof mds / sizeof mds[0]; i++) {
        unsigned hl = mbedtls_md_get_size_from_type(mds[i]);
        /* the salt length mbedTLS's PSS signature chooses */
        int sl = (int) (k >= 2 * hl + 2 ? hl : k - hl - 2);
        int r;

        /* PKCS#1 v1.5: deterministic, byte for byte the fallback's */
        mbedtls_rsa_set_padding(&ctx, MBEDTLS_RSA_PKCS_V15, MBEDTLS_MD_NONE);
        calls = ctc_mbedtls_rsa_fast_calls;
        check(mbedtls_rsa_pkcs1_sign(&ctx, count_rand, &rng, mds[i], hl, h, a) == 0 &&
              ctc_fb_mbedtls_rsa_rsassa_pkcs1_v15_sign(&ctx, count_rand, &rng, mds[i], hl, h,
                                                       b) == 0 &&
              memcmp(a, b, k) == 0, "RSA v1.5 sign = fallback", (int) bits, (int) i);
        check(mbedtls_rsa_pkcs1_verify(&ctx, mds[i], hl, h, a) == 0, "RSA v1.5 verify",
              (int) bits, (int) i);
        a[k / 2] ^= 4;
        check(mbedtls_rsa_pkcs1_verify(&ctx, mds[i], hl, h, a) == MBEDTLS_ERR_RSA_VERIFY_FAILED,
              "RSA v1.5 verify refuses a changed signature", (int) bits, (int) i);
        check(ctc_mbedtls_rsa_fast_calls - calls == 2u + priv, "RSA v1.5 fast path",
              (int) (ctc_mbedtls_rsa_fast_calls - calls), (int) priv);

        /* PSS: each side verifies the other's */
        mbedtls_rsa_set_padding(&ctx, MBEDTLS_RSA_PKCS_V21, mds[i]);
        calls = ctc_mbedtls_rsa_fast_calls;
        check(mbedtls_rsa_pkcs1_sign(&ctx, count_rand, &rng, mds[i], hl, h, a) == 0 &&
              ctc_fb_mbedtls_rsa_rsassa_pss_verify_ext(&ctx, mds[i], hl, h, mds[i],
                                                       sl, a) == 0,
              "RSA PSS sign, fallback verifies", (int) bits, (int) i);
        check(ctc_fb_mbedtls_rsa_rsassa_pss_sign_ext(&ctx, count_rand, &rng, mds[i], hl, h,
                                                     MBEDTLS_RSA_SALT_LEN_ANY, b) == 0 &&
              mbedtls_rsa_pkcs1_verify(&ctx, mds[i], hl, h, b) == 0 &&
              mbedtls_rsa_rsassa_pss_verify_ext(&ctx, mds[i], hl, h, mds[i], sl, b) == 0,
              "RSA PSS verify of the fallback's", (int) bits, (int) i);
        check(ctc_mbedtls_rsa_fast_calls - calls == 2u + priv, "RSA PSS fast path",
              (int) (ctc_mbedtls_rsa_fast_calls - calls), (int) priv);
        /* a changed signature: refused with the fallback's code (mbedTLS
         * tells a wrong 0xbc byte, top bits and hash apart) */
        b[k - 1] ^= 1;
        r = mbedtls_rsa_pkcs1_verify(&ctx, mds[i], hl, h, b);
        check(r != 0 && r == ctc_fb_mbedtls_rsa_rsassa_pss_verify_ext(&ctx, mds[i], hl, h, mds[i],
                                                                      MBEDTLS_RSA_SALT_LEN_ANY, b),
              "RSA PSS refuses a changed signature", r, (int) i);
        /* a salt length other than the signature's */
        check(mbedtls_rsa_rsassa_pss_verify_ext(&ctx, mds[i], hl, h, mds[i], sl - 1, a)
              == MBEDTLS_ERR_RSA_INVALID_PADDING, "RSA PSS refuses another salt length",
              (int) bits, (int) i);
    }

    /* other hashes go to the fallback, and so does MGF1 with another hash */
    mbedtls_rsa_set_padding(&ctx, MBEDTLS_RSA_PKCS_V15, MBEDTLS_MD_NONE);
    calls = ctc_mbedtls_rsa_fast_calls;
    check(mbedtls_rsa_pkcs1_sign(&ctx, count_rand, &rng, MBEDTLS_MD_SHA1, 20, h, a) == 0 &&
          mbedtls_rsa_pkcs1_verify(&ctx, MBEDTLS_MD_SHA1, 20, h, a) == 0 &&
          ctc_fb_mbedtls_rsa_rsassa_pkcs1_v15_sign(&ctx, count_rand, &rng, MBEDTLS_MD_SHA1, 20,
                                                   h, b) == 0 && memcmp(a, b, k) == 0,
          "RSA v1.5 SHA-1", (int) bits, 0);
    mbedtls_rsa_set_padding(&ctx, MBEDTLS_RSA_PKCS_V21, MBEDTLS_MD_SHA384);
    check(mbedtls_rsa_pkcs1_sign(&ctx, count_rand, &rng, MBEDTLS_MD_SHA256, 32, h, a) == 0 &&
          mbedtls_rsa_pkcs1_verify(&ctx, MBEDTLS_MD_SHA256, 32, h, a) == 0,
          "RSA PSS with MGF1-SHA-384 over a SHA-256 hash", (int) bits, 0);
    /* (the fallback's signature functions call its own private and public
     * operations) */
    check(ctc_mbedtls_rsa_fast_calls == calls, "RSA SHA-1 and mixed PSS go to the fallback",
          (int) (ctc_mbedtls_rsa_fast_calls - calls), 0);

    /* E, then N changed in the context without mbedtls_rsa_complete: used
     * at once (a stale key would give another result), compared with
     * mbedTLS's exponentiation without a cached R^2 */
    {
        unsigned char n[RSA_MAX];
        mbedtls_mpi X, Y;
        int step;

        for (step = 0; step < 2; step++) {
            if (step == 0) {
                mbedtls_mpi_lset(&ctx.E, 65539);
            } else {
                check(mbedtls_mpi_write_binary(&ctx.N, n, k) == 0, "write N", 0, 0);
                n[0] ^= 0x40;                   /* its top byte stays >= 0x80 */
                n[k - 1] |= 1;
                check(mbedtls_mpi_read_binary(&ctx.N, n, k) == 0, "read N", 0, 0);
            }
            mbedtls_mpi_init(&X);
            mbedtls_mpi_init(&Y);
            calls = ctc_mbedtls_rsa_fast_calls;
            check(mbedtls_rsa_public(&ctx, in, a) == 0 &&
                  ctc_mbedtls_rsa_fast_calls - calls == 1 &&
                  mbedtls_mpi_read_binary(&X, in, k) == 0 &&
                  mbedtls_mpi_exp_mod(&Y, &X, &ctx.E, &ctx.N, NULL) == 0 &&
                  mbedtls_mpi_write_binary(&Y, b, k) == 0 && memcmp(a, b, k) == 0,
                  "RSA public with E, N changed in place", (int) bits, step);
            mbedtls_mpi_free(&X);
            mbedtls_mpi_free(&Y);
        }
    }
    mbedtls_rsa_free(&ctx);
}

static void rsa(void)
{
    rsa_key(2048, 65537, 1);
    rsa_key(3072, 3, 1);
    rsa_key(1024, 65537, 0);
}

int main(void)
{
    gcm_tags(MBEDTLS_CIPHER_ID_AES, 128, 12);
    gcm_tags(MBEDTLS_CIPHER_ID_AES, 256, 8);
    gcm_tags(MBEDTLS_CIPHER_ID_CAMELLIA, 128, 12);
    gcm_tags(MBEDTLS_CIPHER_ID_CAMELLIA, 192, 17);
    gcm_stream(MBEDTLS_CIPHER_ID_AES, 12);
    gcm_stream(MBEDTLS_CIPHER_ID_AES, 7);
    gcm_stream(MBEDTLS_CIPHER_ID_CAMELLIA, 12);
    aes_in_place();
    psa_driver();
    rsa();
    printf("glue checks: %d run, %d failed\n", run_count, failed);
    return failed != 0;
}

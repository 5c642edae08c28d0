/*
 * bench_rsa.c - RSA-2048: the private operation (blinding, CRT, the check
 * with e; ctc_rsa_private), the public operation with e = 65537
 * (ctc_rsa_public), and the parts of the private operation one by one
 * (the inversion of the blinding value, r^e and the check's m^e mod n
 * with mp_exp_pubexp and, for comparison, with mp_exp's fixed window,
 * one CRT exponentiation mod p), to show where its time goes; the public
 * and private key imports (which the mbedTLS glue runs on every call).
 *
 * On the host, next to OpenSSL 3 in the same run: EVP_PKEY_sign and
 * EVP_PKEY_verify_recover with RSA_NO_PADDING on the same key, which do
 * the same work (OpenSSL blinds and checks its CRT result with e too);
 * mbedTLS 2.28 (mbedtls_rsa_private with base blinding, its generator a
 * fast xorshift here, and mbedtls_rsa_public, the key imported with
 * mbedtls_rsa_import_raw); BearSSL (Debian's libbearssl: the i62 engines
 * when br_rsa_i62_private_get says they are built, else i31; constant
 * time, without blinding or a check with e; named in an info line).
 * On the emulated cores, ours only (instructions and estimated cycles).
 *
 * A 1024-bit modular exponentiation two ways, through the mp layer as the
 * RSA code calls it: with the public exponent 65537 (mp_exp_vartime, the
 * path of ctc_rsa_public) and with a secret 1024-bit exponent (mp_exp, the
 * path of a CRT half); the modulus is the key's 1024-bit prime p. On every
 * target; on the host their ratio is printed in an info line.
 *
 * The key: two random 1024-bit primes with e = 65537, made once with
 * Python's integers (Miller-Rabin, a fixed seed); its import checks it.
 *
 * RSA-3072 and RSA-4096 private (host only): keys from OpenSSL's
 * generator at start-up, the same comparison.
 *
 * Key generation (host only: its time is random, so it is sampled, one
 * key per sample, median and spread over the keys): ctc_rsa_keygen of
 * 2048 and 3072 bits with e = 65537 against OpenSSL's EVP_PKEY_keygen,
 * and for 2048 bits mbedTLS's mbedtls_rsa_gen_key, all drawing from
 * OpenSSL's RAND_bytes.
 */
#define _POSIX_C_SOURCE 199309L   /* clock_gettime (host) */
#include <stddef.h>
#include <stdint.h>

#include "ctcrypto/common.h"
#include "ctcrypto/rsa.h"
#include "harness.h"
#include "mp/mp.h"
#include "rsa/rsa.h"

#if BENCH_HOST
#include <bearssl.h>
#include <mbedtls/rsa.h>
#include <mbedtls/version.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#endif

static const uint8_t K_N[256] = {
    0xbb, 0x82, 0x45, 0x7d, 0xa8, 0x41, 0x5b, 0xcb, 0x1e, 0x9a, 0x82, 0x1d,
    0x27, 0x25, 0x71, 0xf5, 0xf8, 0xa7, 0xf5, 0x7c, 0x55, 0xf9, 0xbe, 0x61,
    0x68, 0x48, 0x33, 0x21, 0xef, 0xef, 0x03, 0xa3, 0x32, 0x98, 0x2c, 0x7d,
    0xd9, 0x4e, 0xf8, 0x9b, 0x6e, 0x8b, 0x6d, 0x8e, 0x75, 0x9f, 0x4e, 0xce,
    0xe8, 0x3c, 0xed, 0x31, 0xe4, 0x57, 0x5e, 0x9a, 0xdc, 0x29, 0x5d, 0x46,
    0xc2, 0x7b, 0xc6, 0x1c, 0xbd, 0xff, 0x27, 0x70, 0xe7, 0x57, 0xaf, 0xa0,
    0x81, 0x56, 0x55, 0x1c, 0xb7, 0xc6, 0xa5, 0x99, 0x9a, 0x54, 0xa2, 0x67,
    0x3a, 0xb1, 0x66, 0xfa, 0xa1, 0xfe, 0x8e, 0x7e, 0x4f, 0x2d, 0xc0, 0xf8,
    0xc3, 0x42, 0xc2, 0xcd, 0x31, 0x50, 0x6a, 0x51, 0xb9, 0xbb, 0xbb, 0x2e,
    0x24, 0x83, 0xd9, 0xcd, 0xe1, 0x8b, 0x3e, 0xf8, 0xf8, 0xe8, 0x43, 0x89,
    0x39, 0xfa, 0x6e, 0x95, 0xc1, 0x5b, 0xa3, 0x9b, 0x12, 0xe6, 0x13, 0xcd,
    0x59, 0x7f, 0x68, 0x45, 0x91, 0x0e, 0xab, 0x31, 0x82, 0x54, 0x84, 0x83,
    0x58, 0xeb, 0xd3, 0x09, 0x5e, 0x0c, 0x5b, 0xfe, 0x90, 0x72, 0x46, 0x82,
    0x74, 0xe5, 0x31, 0xc5, 0xc9, 0xfa, 0x10, 0xaa, 0xb0, 0x17, 0x95, 0xef,
    0x17, 0x3b, 0xb0, 0x5d, 0xd3, 0x6e, 0x6f, 0x49, 0x97, 0x24, 0x5c, 0x67,
    0xa6, 0x80, 0xca, 0x43, 0x5d, 0x88, 0x26, 0x88, 0x84, 0x07, 0x19, 0x11,
    0xff, 0x47, 0xdd, 0x1d, 0x0f, 0x16, 0x9d, 0xee, 0xe1, 0x10, 0x4e, 0xe4,
    0xe7, 0x10, 0x23, 0x73, 0xd7, 0x27, 0x40, 0x1c, 0x9e, 0xa3, 0xa3, 0x2a,
    0x49, 0xe8, 0x56, 0x07, 0xc4, 0xc8, 0x27, 0xa9, 0xdf, 0x9e, 0xea, 0xbc,
    0x4b, 0x32, 0x10, 0xb1, 0x71, 0x12, 0xb4, 0xd4, 0xd4, 0x7a, 0x7b, 0xa8,
    0x6b, 0x9a, 0xb8, 0x8d, 0xec, 0x47, 0x91, 0x44, 0xc9, 0x62, 0x20, 0xc5,
    0x0d, 0x8b, 0xcc, 0x95,
};
static const uint8_t K_P[128] = {
    0xf6, 0x52, 0x37, 0x05, 0xc5, 0x2d, 0xa9, 0xf6, 0x1d, 0x42, 0x40, 0xf0,
    0xc0, 0xa0, 0x8d, 0xe9, 0x8d, 0xff, 0x50, 0x44, 0xb9, 0xbe, 0x60, 0x30,
    0xb1, 0x73, 0xe3, 0xa1, 0xc1, 0x3d, 0xea, 0x13, 0xc6, 0x60, 0x78, 0x7f,
    0xdb, 0x9e, 0xd1, 0xf2, 0x9e, 0x98, 0x36, 0x09, 0xf3, 0xf1, 0x3b, 0x84,
    0x55, 0x84, 0xe8, 0x7e, 0x7c, 0x0d, 0x34, 0x21, 0x6b, 0x4d, 0x1b, 0x7a,
    0x78, 0x1b, 0x5d, 0x1a, 0x61, 0xf4, 0xab, 0x52, 0xfd, 0xa4, 0x9d, 0x2c,
    0xae, 0x04, 0x5e, 0x2d, 0x07, 0xef, 0x22, 0x15, 0x39, 0xee, 0x92, 0x43,
    0xe3, 0x2a, 0xf9, 0x42, 0x41, 0xd7, 0xc6, 0x8c, 0x0d, 0x8b, 0x25, 0x91,
    0x9e, 0xc4, 0xdd, 0xd9, 0x1a, 0xbb, 0x76, 0xa6, 0x11, 0x1b, 0x93, 0xbb,
    0x42, 0x8c, 0xcb, 0xa3, 0x44, 0x7f, 0x11, 0x48, 0xca, 0x79, 0x0d, 0x80,
    0x96, 0x92, 0x7f, 0x2b, 0xe0, 0x33, 0x59, 0x1d,
};
static const uint8_t K_Q[128] = {
    0xc2, 0xe0, 0x74, 0x40, 0x51, 0x5f, 0x72, 0xaa, 0x7f, 0xdb, 0x78, 0xb7,
    0xcf, 0x73, 0x1e, 0xaa, 0x43, 0x22, 0x9f, 0xae, 0xfb, 0xc8, 0xbe, 0xe9,
    0xa9, 0x5d, 0xa7, 0x1b, 0x49, 0xd8, 0xea, 0x77, 0xee, 0x1e, 0xa4, 0xb1,
    0x20, 0x49, 0xb5, 0xb2, 0x19, 0xb2, 0xea, 0x2d, 0x6f, 0xcc, 0x33, 0x5c,
    0xf9, 0x78, 0x5a, 0x92, 0xe7, 0xf0, 0x49, 0xb8, 0x4d, 0x01, 0x40, 0x99,
    0x60, 0x43, 0x0a, 0xd6, 0xdc, 0xbe, 0x50, 0x47, 0x94, 0xe0, 0xb8, 0x1a,
    0xa2, 0xa4, 0x61, 0x34, 0x1a, 0x89, 0xac, 0x82, 0x92, 0xd8, 0xc0, 0x3f,
    0xc9, 0xeb, 0xf4, 0x68, 0x64, 0x63, 0xe8, 0x83, 0x7e, 0xa7, 0x9f, 0x97,
    0x89, 0x5c, 0xc4, 0x4b, 0x8d, 0xc2, 0xa6, 0xe7, 0x99, 0xbf, 0x54, 0x2d,
    0xd8, 0x2f, 0x9c, 0xa7, 0xa4, 0x7f, 0xfe, 0xda, 0x5f, 0x72, 0x2d, 0x4b,
    0xf5, 0x95, 0x31, 0x3c, 0x1c, 0xe9, 0xdf, 0xd9,
};
static const uint8_t K_DP[128] = {
    0x77, 0x6a, 0x4c, 0x3a, 0x83, 0xe9, 0x2b, 0x68, 0xa1, 0xae, 0xa9, 0x05,
    0x0e, 0x9d, 0xc7, 0xae, 0xde, 0xa4, 0x54, 0x29, 0xbd, 0x52, 0xca, 0x17,
    0x51, 0x30, 0x39, 0xbf, 0x05, 0x8c, 0x1a, 0x9b, 0x13, 0xa5, 0x59, 0x45,
    0xc3, 0x17, 0x2f, 0xf9, 0x4b, 0x61, 0xc7, 0x70, 0xf3, 0xce, 0x93, 0x68,
    0x08, 0x7d, 0xb2, 0xa8, 0xff, 0x42, 0xf7, 0x6e, 0xec, 0x32, 0x29, 0x8c,
    0x2a, 0x06, 0x3a, 0x10, 0xbc, 0x44, 0x7d, 0x7a, 0x72, 0x75, 0x07, 0xad,
    0xcd, 0x7f, 0x58, 0x98, 0xc4, 0x2b, 0xee, 0x7e, 0x13, 0xe3, 0xd1, 0x0d,
    0x10, 0x68, 0x99, 0x06, 0xc2, 0x1c, 0xf5, 0xa8, 0x98, 0x38, 0x49, 0x32,
    0x5b, 0xa2, 0x5d, 0x5b, 0x0f, 0x56, 0xaa, 0xa2, 0xbf, 0xd0, 0x7a, 0xc2,
    0x61, 0xf5, 0x18, 0x14, 0x42, 0xf4, 0xc7, 0x50, 0x5e, 0xb8, 0x69, 0x0f,
    0x59, 0xf0, 0x13, 0xaf, 0x15, 0xb6, 0x4f, 0x11,
};
static const uint8_t K_DQ[128] = {
    0x83, 0xd2, 0xa9, 0x50, 0xc8, 0xba, 0xb4, 0x2a, 0x39, 0x8b, 0x10, 0xc1,
    0xe6, 0x06, 0x8d, 0x7b, 0xc7, 0x26, 0x28, 0xb6, 0x89, 0x83, 0x66, 0x01,
    0x51, 0x9c, 0x14, 0x6a, 0x15, 0x2e, 0x32, 0x8d, 0x25, 0xfa, 0x7c, 0x95,
    0x84, 0xad, 0xd7, 0xc6, 0xbe, 0x33, 0x94, 0xcd, 0x5f, 0x8e, 0xd6, 0x3f,
    0xd2, 0x51, 0x63, 0x93, 0x74, 0x69, 0xca, 0xb4, 0x6d, 0x02, 0xa7, 0xdc,
    0x18, 0x8d, 0xc1, 0x4b, 0x4e, 0xcf, 0x3e, 0x26, 0xed, 0xc2, 0x85, 0x47,
    0x1f, 0x35, 0xea, 0xbb, 0x00, 0x28, 0x99, 0x15, 0x4a, 0x98, 0x6c, 0x93,
    0xb9, 0xd7, 0x6e, 0xe1, 0x1e, 0xe7, 0xa6, 0x65, 0x2c, 0xcb, 0xde, 0xdc,
    0xf7, 0x02, 0x55, 0x96, 0x76, 0x32, 0x72, 0x0c, 0xc0, 0xa7, 0xf8, 0x1d,
    0x7a, 0xdb, 0xda, 0x30, 0x5c, 0xca, 0x68, 0x6e, 0xf7, 0x99, 0x98, 0xa2,
    0x85, 0x61, 0x82, 0x88, 0x93, 0x56, 0x71, 0x21,
};
static const uint8_t K_QINV[128] = {
    0x98, 0x7e, 0x6c, 0xb5, 0xb5, 0xe0, 0x2f, 0x5a, 0xbe, 0x94, 0x73, 0x86,
    0x6b, 0x65, 0x27, 0x49, 0x9b, 0x86, 0xe1, 0x6a, 0x89, 0x9f, 0x05, 0xf3,
    0x7f, 0x88, 0xe7, 0x54, 0x84, 0x9c, 0x9c, 0xb6, 0x1f, 0x58, 0xcf, 0x85,
    0x75, 0x30, 0x31, 0xbf, 0xea, 0xdd, 0xc5, 0x70, 0x53, 0x50, 0x32, 0x97,
    0x43, 0xf0, 0xea, 0x7d, 0x68, 0xd5, 0x05, 0xfe, 0x7e, 0x60, 0x52, 0x07,
    0x60, 0x61, 0xee, 0xf2, 0xd6, 0x76, 0x9b, 0x86, 0xe0, 0x0c, 0xe5, 0xb1,
    0xa2, 0xe4, 0x46, 0xc7, 0x33, 0x0c, 0x1d, 0x89, 0xd5, 0x82, 0xe9, 0x87,
    0x08, 0x3f, 0x81, 0x6b, 0x77, 0x2a, 0x17, 0xc7, 0x91, 0x92, 0x24, 0xc5,
    0x02, 0x77, 0x29, 0xb6, 0xeb, 0x13, 0xb0, 0xfe, 0x1c, 0xfb, 0x61, 0x8c,
    0x4b, 0x6c, 0xc4, 0x23, 0xa6, 0xb9, 0x98, 0xf3, 0x3d, 0xe7, 0xbd, 0x2c,
    0x01, 0xa3, 0x48, 0x92, 0xcd, 0xb8, 0x89, 0xa8,
};
#if BENCH_HOST
static const uint8_t K_D[256] = {
    0x0e, 0x04, 0xfb, 0x75, 0x1d, 0xb3, 0x65, 0x4d, 0x96, 0x88, 0x2e, 0xda,
    0x47, 0x27, 0x01, 0x92, 0x46, 0x79, 0x28, 0x5d, 0x97, 0x80, 0x08, 0xbf,
    0xf7, 0xb0, 0x0e, 0x42, 0xa7, 0x51, 0xd3, 0x8f, 0xcc, 0x24, 0x9c, 0x8e,
    0xfc, 0x44, 0x6f, 0x4a, 0x0f, 0xc5, 0xd4, 0xf7, 0x25, 0xcc, 0x37, 0x74,
    0x38, 0xe0, 0xf5, 0x4b, 0x19, 0xab, 0x7e, 0xa3, 0x4d, 0x7a, 0xba, 0x42,
    0xa4, 0x1f, 0xe4, 0xfc, 0x19, 0x28, 0x8e, 0xa6, 0x5e, 0x65, 0xab, 0xf7,
    0xf0, 0x33, 0xa8, 0x41, 0x71, 0x6c, 0x24, 0xcd, 0x8b, 0x40, 0x70, 0xb4,
    0x0f, 0x2b, 0x5c, 0x6b, 0xb8, 0xd8, 0xf3, 0x86, 0x76, 0x1d, 0x11, 0xa4,
    0x87, 0xd4, 0xe2, 0x03, 0xbd, 0x80, 0x29, 0xb2, 0xda, 0x94, 0x32, 0xb6,
    0x8c, 0x7c, 0x5f, 0x38, 0x89, 0x78, 0x83, 0xc8, 0xd1, 0xb3, 0x6b, 0xf9,
    0x42, 0xa0, 0x7a, 0xcc, 0x2f, 0x9c, 0xce, 0x6a, 0x94, 0xce, 0x59, 0x2e,
    0x63, 0xcf, 0x01, 0xe0, 0xdf, 0x6c, 0x50, 0x62, 0xd0, 0xda, 0x10, 0x4b,
    0x14, 0x77, 0xff, 0xc6, 0x8a, 0xc7, 0x0b, 0x7a, 0x74, 0x98, 0x03, 0xf2,
    0x0a, 0xab, 0x27, 0x45, 0x44, 0x7d, 0xe0, 0xde, 0x64, 0x9e, 0x70, 0x0f,
    0x17, 0x72, 0x1d, 0x15, 0x02, 0x9c, 0xd5, 0x4e, 0xf6, 0xb6, 0x15, 0xaa,
    0xe1, 0x66, 0x37, 0xbc, 0x5e, 0x62, 0x27, 0xc4, 0xf9, 0x60, 0xaf, 0x7d,
    0xa7, 0x68, 0x7a, 0x43, 0xeb, 0x54, 0x61, 0x7e, 0x45, 0xc9, 0xb8, 0x6d,
    0x3d, 0xb1, 0xa2, 0xe2, 0xa0, 0xd3, 0xf3, 0x4b, 0xd0, 0x23, 0x99, 0x1e,
    0x65, 0xfa, 0x6e, 0xb1, 0x78, 0x69, 0x92, 0xe7, 0xd4, 0xd0, 0x45, 0x31,
    0x31, 0x35, 0x0b, 0x24, 0xcd, 0x99, 0x36, 0x75, 0x19, 0x7a, 0x20, 0xb0,
    0x89, 0x27, 0x62, 0x3c, 0x39, 0x33, 0xf6, 0x33, 0x1f, 0x40, 0xd3, 0x4d,
    0xe2, 0x00, 0xa2, 0x81,
};
#endif

static const uint8_t K_E[3] = { 0x01, 0x00, 0x01 };

static ctc_rsa_private_key key;
static uint8_t msg[256], out[256];
static ct_limb_t scratch[RSA_PRIV_SCRATCH], A[RSA_LIMBS], X[RSA_LIMBS], E[RSA_HALF],
                 Ap[RSA_HALF], D1024[RSA_HALF];

/* the blinding generator: xorshift, for the benchmark only */
static uint64_t rng_state = 0x243f6a8885a308d3u;

static int bench_rng(void *ctx, uint8_t *buf, size_t len)
{
    size_t i;

    (void)ctx;
    for (i = 0; i < len; i++) {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 7;
        rng_state ^= rng_state << 17;
        buf[i] = (uint8_t)rng_state;
    }
    return 0;
}

static void fail(void)
{
    bench_info("rsa benchmark: unexpected error");
    for (;;) {
    }
}

static void o_private(void *ctx, uint64_t it)
{
    (void)ctx;
    while (it--)
        if (ctc_rsa_private(out, sizeof out, &key, msg, sizeof msg, bench_rng, NULL) != CTC_OK)
            fail();
    bench_sink ^= out[0];
}

static void o_public(void *ctx, uint64_t it)
{
    (void)ctx;
    while (it--)
        if (ctc_rsa_public(out, sizeof out, &key.pub, msg, sizeof msg) != CTC_OK)
            fail();
    bench_sink ^= out[0];
}

/* the key imports from big-endian parts, which the mbedTLS glue
 * (integrations/mbedtls/ctc_mbedtls_rsa.c) runs on every call */
static ctc_rsa_private_key key2;

static void o_import_pub(void *ctx, uint64_t it)
{
    (void)ctx;
    while (it--)
        if (ctc_rsa_public_key_import(&key2.pub, K_N, sizeof K_N, K_E, sizeof K_E) != CTC_OK)
            fail();
    bench_sink ^= key2.pub.r2[0];
}

static void o_import_priv(void *ctx, uint64_t it)
{
    (void)ctx;
    while (it--)
        if (ctc_rsa_private_key_import(&key2, K_N, sizeof K_N, K_E, sizeof K_E, K_P, sizeof K_P,
                                       K_Q, sizeof K_Q, K_DP, sizeof K_DP, K_DQ, sizeof K_DQ,
                                       K_QINV, sizeof K_QINV) != CTC_OK)
            fail();
    bench_sink ^= key2.p_r2[0];
    ctc_rsa_private_key_wipe(&key2);
}

/* the parts: r^-1 mod n (safegcd), r^e mod n with the exponentiation the
 * private operation uses for it, and cb^dp mod p */
static void o_inv(void *ctx, uint64_t it)
{
    (void)ctx;
    while (it--)
        (void)mp_inv(X, A, key.pub.n, key.pub.limbs, scratch);
    bench_sink ^= X[0];
}

static void o_inv_p(void *ctx, uint64_t it)
{
    (void)ctx;
    while (it--)
        (void)mp_inv(X, Ap, key.p, key.half_limbs, scratch);
    bench_sink ^= X[0];
}

static void o_exp_e(void *ctx, uint64_t it)
{
    (void)ctx;
    E[0] = key.pub.e;
    while (it--)
        (void)mp_exp(X, A, E, 1, &(mp_modulus){ key.pub.n, key.pub.r2, key.pub.limbs, key.pub.ninv },
                     scratch, RSA_PRIV_SCRATCH);
    bench_sink ^= X[0];
}

static void o_exp_pubexp(void *ctx, uint64_t it)
{
    (void)ctx;
    E[0] = key.pub.e;
    while (it--)
        (void)mp_exp_pubexp(X, A, E, 1, &(mp_modulus){ key.pub.n, key.pub.r2, key.pub.limbs, key.pub.ninv },
                            scratch, RSA_PRIV_SCRATCH);
    bench_sink ^= X[0];
}

static void o_exp_dp(void *ctx, uint64_t it)
{
    size_t h = key.half_limbs;

    (void)ctx;
    while (it--)
        (void)mp_exp(X, A, key.dp, h, &(mp_modulus){ key.p, key.p_r2, h, key.p_ninv }, scratch,
                     RSA_PRIV_SCRATCH);
    bench_sink ^= X[0];
}

/* 1024 bits, modulus p: x^65537 the way ctc_rsa_public computes x^e
 * (mp_exp_vartime), and x^d for a secret 1024-bit d the way a CRT half
 * computes x^dp (mp_exp) */
static void o_exp1024_pub(void *ctx, uint64_t it)
{
    size_t h = key.half_limbs;

    (void)ctx;
    E[0] = key.pub.e;
    while (it--)
        (void)mp_exp_vartime(X, Ap, E, 1, &(mp_modulus){ key.p, key.p_r2, h, key.p_ninv }, scratch,
                             RSA_PRIV_SCRATCH);
    bench_sink ^= X[0];
}

static void o_exp1024_sec(void *ctx, uint64_t it)
{
    size_t h = key.half_limbs;

    (void)ctx;
    while (it--)
        (void)mp_exp(X, Ap, D1024, h, &(mp_modulus){ key.p, key.p_r2, h, key.p_ninv }, scratch,
                     RSA_PRIV_SCRATCH);
    bench_sink ^= X[0];
}

#if BENCH_HOST
static EVP_PKEY *opk;

static BIGNUM *bn(const uint8_t *b, size_t len)
{
    BIGNUM *r = BN_bin2bn(b, (int)len, NULL);

    if (r == NULL)
        abort();
    return r;
}

static void ossl_setup(void)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params;
    EVP_PKEY_CTX *ctx;

    if (bld == NULL)
        abort();
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, bn(K_N, sizeof K_N));
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, bn(K_E, sizeof K_E));
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_D, bn(K_D, sizeof K_D));
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_FACTOR1, bn(K_P, sizeof K_P));
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_FACTOR2, bn(K_Q, sizeof K_Q));
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_EXPONENT1, bn(K_DP, sizeof K_DP));
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_EXPONENT2, bn(K_DQ, sizeof K_DQ));
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_COEFFICIENT1, bn(K_QINV, sizeof K_QINV));
    params = OSSL_PARAM_BLD_to_param(bld);
    ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    if (!params || !ctx || EVP_PKEY_fromdata_init(ctx) <= 0 ||
        EVP_PKEY_fromdata(ctx, &opk, EVP_PKEY_KEYPAIR, params) <= 0)
        abort();
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
}

static ctc_rsa_private_key genkey;

static int rng_openssl(void *ctx, uint8_t *buf, size_t len)
{
    (void)ctx;
    return RAND_bytes(buf, (int)len) == 1 ? 0 : -1;
}

/* ctx: the bit count */
static void o_keygen(void *ctx, uint64_t it)
{
    unsigned bits = *(const unsigned *)ctx;

    while (it--)
        if (ctc_rsa_keygen(&genkey, bits, 65537, rng_openssl, NULL) != CTC_OK)
            fail();
    bench_sink ^= genkey.pub.n[0];
}

static void s_keygen(void *ctx, uint64_t it)
{
    unsigned bits = *(const unsigned *)ctx;
    EVP_PKEY *k;

    while (it--) {
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);

        k = NULL;
        if (!c || EVP_PKEY_keygen_init(c) <= 0 ||
            EVP_PKEY_CTX_set_rsa_keygen_bits(c, (int)bits) <= 0 ||
            EVP_PKEY_keygen(c, &k) <= 0)
            abort();
        EVP_PKEY_free(k);
        EVP_PKEY_CTX_free(c);
    }
}

static void s_private(void *ctx, uint64_t it)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(opk, NULL);
    size_t len;

    (void)ctx;
    if (!c || EVP_PKEY_sign_init(c) <= 0 || EVP_PKEY_CTX_set_rsa_padding(c, RSA_NO_PADDING) <= 0)
        abort();
    while (it--) {
        len = sizeof out;
        if (EVP_PKEY_sign(c, out, &len, msg, sizeof msg) <= 0)
            abort();
    }
    EVP_PKEY_CTX_free(c);
    bench_sink ^= out[0];
}

static void s_public(void *ctx, uint64_t it)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(opk, NULL);
    size_t len;

    (void)ctx;
    if (!c || EVP_PKEY_verify_recover_init(c) <= 0 ||
        EVP_PKEY_CTX_set_rsa_padding(c, RSA_NO_PADDING) <= 0)
        abort();
    while (it--) {
        len = sizeof out;
        if (EVP_PKEY_verify_recover(c, out, &len, msg, sizeof msg) <= 0)
            abort();
    }
    EVP_PKEY_CTX_free(c);
    bench_sink ^= out[0];
}

/* ---- mbedTLS 2.28 ---------------------------------------------------------- */

static mbedtls_rsa_context mrsa;
static uint64_t m_rng_state = 0x13198a2e03707344u;

static int m_rng(void *ctx, unsigned char *buf, size_t len)
{
    (void)ctx;
    bench_xorshift(&m_rng_state, buf, len);
    return 0;
}

/* N, P, Q, D, E to an mbedTLS context, its CRT values completed */
static void m_import(mbedtls_rsa_context *m, const uint8_t *n, size_t ln, const uint8_t *p,
                     size_t lp, const uint8_t *q, size_t lq, const uint8_t *d, size_t ld,
                     const uint8_t *e, size_t le)
{
    mbedtls_rsa_init(m, MBEDTLS_RSA_PKCS_V15, 0);
    if (mbedtls_rsa_import_raw(m, n, ln, p, lp, q, lq, d, ld, e, le) != 0
        || mbedtls_rsa_complete(m) != 0 || mbedtls_rsa_check_privkey(m) != 0)
        abort();
}

static void m_private(void *ctx, uint64_t it)
{
    (void)ctx;
    while (it--)
        if (mbedtls_rsa_private(&mrsa, m_rng, NULL, msg, out) != 0)
            abort();
    bench_sink ^= out[0];
}

static void m_public(void *ctx, uint64_t it)
{
    (void)ctx;
    while (it--)
        if (mbedtls_rsa_public(&mrsa, msg, out) != 0)
            abort();
    bench_sink ^= out[0];
}

static int m_rng_openssl(void *ctx, unsigned char *buf, size_t len)
{
    (void)ctx;
    return RAND_bytes(buf, (int)len) == 1 ? 0 : -1;
}

/* ctx: the bit count */
static void m_keygen(void *ctx, uint64_t it)
{
    unsigned bits = *(const unsigned *)ctx;
    mbedtls_rsa_context m;

    while (it--) {
        mbedtls_rsa_init(&m, MBEDTLS_RSA_PKCS_V15, 0);
        if (mbedtls_rsa_gen_key(&m, m_rng_openssl, NULL, bits, 65537) != 0)
            abort();
        mbedtls_rsa_free(&m);
    }
}

/* ---- BearSSL ------------------------------------------------------------------ */

static br_rsa_private br_priv;
static br_rsa_public br_pub;
static const char *br_engine;
static br_rsa_private_key bsk;
static br_rsa_public_key bpk;
static uint8_t bbuf[512];
/* BearSSL's key structures point to modifiable bytes: copies of the key */
static uint8_t b_n[256], b_e[3], b_p[128], b_q[128], b_dp[128], b_dq[128], b_qi[128];

static void b_setup(void)
{
    br_priv = br_rsa_i62_private_get();
    br_pub = br_rsa_i62_public_get();
    br_engine = "i62";
    if (br_priv == 0 || br_pub == 0) {
        br_priv = br_rsa_i31_private;
        br_pub = br_rsa_i31_public;
        br_engine = "i31";
    }
    bsk.n_bitlen = 2048;
    memcpy(b_p, K_P, sizeof K_P);
    bsk.p = b_p;
    bsk.plen = sizeof K_P;
    memcpy(b_q, K_Q, sizeof K_Q);
    bsk.q = b_q;
    bsk.qlen = sizeof K_Q;
    memcpy(b_dp, K_DP, sizeof K_DP);
    bsk.dp = b_dp;
    bsk.dplen = sizeof K_DP;
    memcpy(b_dq, K_DQ, sizeof K_DQ);
    bsk.dq = b_dq;
    bsk.dqlen = sizeof K_DQ;
    memcpy(b_qi, K_QINV, sizeof K_QINV);
    bsk.iq = b_qi;
    bsk.iqlen = sizeof K_QINV;
    memcpy(b_n, K_N, sizeof K_N);
    bpk.n = b_n;
    bpk.nlen = sizeof K_N;
    memcpy(b_e, K_E, sizeof K_E);
    bpk.e = b_e;
    bpk.elen = sizeof K_E;
}

/* in place: a fresh copy of the message for every operation */
static void b_private(void *ctx, uint64_t it)
{
    (void)ctx;
    while (it--) {
        memcpy(bbuf, msg, sizeof msg);
        if (br_priv(bbuf, &bsk) != 1)
            abort();
    }
    bench_sink ^= bbuf[0];
}

static void b_public(void *ctx, uint64_t it)
{
    (void)ctx;
    while (it--) {
        memcpy(bbuf, msg, sizeof msg);
        if (br_pub(bbuf, sizeof msg, &bpk) != 1)
            abort();
    }
    bench_sink ^= bbuf[0];
}
#define PEER(x) x
#else
#define PEER(x) NULL
#endif

#if BENCH_HOST
/*
 * RSA-3072 and RSA-4096: the private operation on a key made by OpenSSL's
 * generator at start-up (e = 65537) and imported here, against
 * EVP_PKEY_sign without padding on the same key.
 */
struct big_key {
    ctc_rsa_private_key k;
    EVP_PKEY *o;
    mbedtls_rsa_context m;
    br_rsa_private_key b;
    uint8_t msg[512], out[512];
    uint8_t p[256], q[256], dp[256], dq[256], qi[256];
    size_t len;
};
static struct big_key big3072, big4096;

static size_t param_bytes(EVP_PKEY *pk, const char *name, uint8_t *buf)
{
    BIGNUM *b = NULL;
    int len;

    if (EVP_PKEY_get_bn_param(pk, name, &b) <= 0)
        abort();
    len = BN_bn2bin(b, buf);
    BN_clear_free(b);
    return (size_t)len;
}

static void big_setup(struct big_key *b, unsigned bits)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    uint8_t n[512], e[8], d[512], *p = b->p, *q = b->q, *dp = b->dp, *dq = b->dq, *qi = b->qi;
    size_t ln, le, ld, lp, lq, ldp, ldq, lqi, i;

    if (!c || EVP_PKEY_keygen_init(c) <= 0 || EVP_PKEY_CTX_set_rsa_keygen_bits(c, (int)bits) <= 0
        || EVP_PKEY_keygen(c, &b->o) <= 0)
        abort();
    EVP_PKEY_CTX_free(c);
    ln = param_bytes(b->o, OSSL_PKEY_PARAM_RSA_N, n);
    le = param_bytes(b->o, OSSL_PKEY_PARAM_RSA_E, e);
    lp = param_bytes(b->o, OSSL_PKEY_PARAM_RSA_FACTOR1, p);
    lq = param_bytes(b->o, OSSL_PKEY_PARAM_RSA_FACTOR2, q);
    ldp = param_bytes(b->o, OSSL_PKEY_PARAM_RSA_EXPONENT1, dp);
    ldq = param_bytes(b->o, OSSL_PKEY_PARAM_RSA_EXPONENT2, dq);
    lqi = param_bytes(b->o, OSSL_PKEY_PARAM_RSA_COEFFICIENT1, qi);
    ld = param_bytes(b->o, OSSL_PKEY_PARAM_RSA_D, d);
    if (ctc_rsa_private_key_import(&b->k, n, ln, e, le, p, lp, q, lq, dp, ldp, dq, ldq, qi,
                                   lqi) != CTC_OK)
        fail();
    m_import(&b->m, n, ln, p, lp, q, lq, d, ld, e, le);
    memset(d, 0, sizeof d);
    b->b.n_bitlen = bits;
    b->b.p = p;
    b->b.plen = lp;
    b->b.q = q;
    b->b.qlen = lq;
    b->b.dp = dp;
    b->b.dplen = ldp;
    b->b.dq = dq;
    b->b.dqlen = ldq;
    b->b.iq = qi;
    b->b.iqlen = lqi;
    b->len = bits / 8;
    for (i = 0; i < b->len; i++)
        b->msg[i] = (uint8_t)(i * 37 + 11);
    b->msg[0] = 0x5a;                   /* below n, whose top bit is set */
}

static void o_private_big(void *ctx, uint64_t it)
{
    struct big_key *b = ctx;

    while (it--)
        if (ctc_rsa_private(b->out, b->len, &b->k, b->msg, b->len, bench_rng, NULL) != CTC_OK)
            fail();
    bench_sink ^= b->out[0];
}

static void m_private_big(void *ctx, uint64_t it)
{
    struct big_key *b = ctx;

    while (it--)
        if (mbedtls_rsa_private(&b->m, m_rng, NULL, b->msg, b->out) != 0)
            abort();
    bench_sink ^= b->out[0];
}

static void b_private_big(void *ctx, uint64_t it)
{
    struct big_key *b = ctx;

    while (it--) {
        memcpy(b->out, b->msg, b->len);
        if (br_priv(b->out, &b->b) != 1)
            abort();
    }
    bench_sink ^= b->out[0];
}

static void s_private_big(void *ctx, uint64_t it)
{
    struct big_key *b = ctx;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(b->o, NULL);
    size_t len;

    if (!c || EVP_PKEY_sign_init(c) <= 0 || EVP_PKEY_CTX_set_rsa_padding(c, RSA_NO_PADDING) <= 0)
        abort();
    while (it--) {
        len = sizeof b->out;
        if (EVP_PKEY_sign(c, b->out, &len, b->msg, b->len) <= 0)
            abort();
    }
    EVP_PKEY_CTX_free(c);
    bench_sink ^= b->out[0];
}
#endif

#if BENCH_HOST
/*
 * The same comparison made robust to a shared machine: single operations,
 * ours and OpenSSL's alternating on the same key, the minimum of each
 * (a minimum is an operation that ran without being interrupted). Printed
 * as an information line, not a table row.
 */
static double now_s(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void min_single(const char *name, bench_fn o, bench_fn s, void *ctx, unsigned reps)
{
    double t0, t, mo = 1e9, ms = 1e9;
    unsigned i;
    char line[200];

    for (i = 0; i < reps; i++) {
        t0 = now_s();
        o(ctx, 1);
        t = now_s() - t0;
        mo = t < mo ? t : mo;
        t0 = now_s();
        s(ctx, 1);
        t = now_s() - t0;
        ms = t < ms ? t : ms;
    }
    snprintf(line, sizeof line, "%s, min of %u single operations alternating: ctcrypto %.0f us, "
             "openssl %.0f us (throughput ratio %.2fx)", name, reps, mo * 1e6, ms * 1e6, ms / mo);
    bench_info(line);
}
#endif

#if BENCH_HOST
/* the ratio of the two 1024-bit exponentiations: the minimum of single
 * operations over a few hundred, alternating */
static void exp1024_ratio(void)
{
    double t0, t, mp = 1e9, ms = 1e9;
    unsigned i, reps = bench_quick() ? 50 : 400;
    char line[200];

    for (i = 0; i < reps; i++) {
        t0 = now_s();
        o_exp1024_pub(NULL, 1);
        t = now_s() - t0;
        mp = t < mp ? t : mp;
        t0 = now_s();
        o_exp1024_sec(NULL, 1);
        t = now_s() - t0;
        ms = t < ms ? t : ms;
    }
    snprintf(line, sizeof line, "1024-bit exp, min of %u single operations alternating: "
             "public e = 65537 %.1f us, secret 1024-bit d %.1f us, secret / public = %.1fx",
             reps, mp * 1e6, ms * 1e6, ms / mp);
    bench_info(line);
}
#endif

#if BENCH_HOST
/* the peers compute what we compute: the private and public results of
 * mbedTLS and BearSSL equal ours on the benchmark's message */
static void peers_agree(void)
{
    uint8_t ref[256];

    o_private(NULL, 1);
    memcpy(ref, out, sizeof ref);
    m_private(NULL, 1);
    if (memcmp(out, ref, sizeof ref) != 0)
        fail();
    b_private(NULL, 1);
    if (memcmp(bbuf, ref, sizeof ref) != 0)
        fail();
    o_public(NULL, 1);
    memcpy(ref, out, sizeof ref);
    m_public(NULL, 1);
    if (memcmp(out, ref, sizeof ref) != 0)
        fail();
    b_public(NULL, 1);
    if (memcmp(bbuf, ref, sizeof ref) != 0)
        fail();
}

static void big_agree(struct big_key *b)
{
    uint8_t ref[512];

    o_private_big(b, 1);
    memcpy(ref, b->out, b->len);
    m_private_big(b, 1);
    if (memcmp(b->out, ref, b->len) != 0)
        fail();
    b_private_big(b, 1);
    if (memcmp(b->out, ref, b->len) != 0)
        fail();
}
#endif

static void run4(const char *name, bench_fn o, bench_fn s, bench_fn m, bench_fn b,
                 unsigned emu_iters)
{
    bench_emu_iters = emu_iters;
    bench_run("rsa", name, "ctcrypto", o, NULL, 0);
    if (s)
        bench_run("rsa", name, "openssl", s, NULL, 0);
    if (m)
        bench_run("rsa", name, "mbedtls", m, NULL, 0);
    if (b)
        bench_run("rsa", name, "bearssl", b, NULL, 0);
}

static void run2(const char *name, bench_fn o, bench_fn s, unsigned emu_iters)
{
    run4(name, o, s, NULL, NULL, emu_iters);
}

int main(void)
{
    size_t i;

    bench_info(ctc_build_info());
#if MP_X86_CPUID
    bench_info(mp_x86_mulx() ? "mp row chosen at run time: MULX/ADX"
                             : "mp row chosen at run time: MUL");
#endif
#if MP_EXP52
    bench_info(mp_x86_ifma() ? "RSA CRT halves: radix 2^52, AVX-512 IFMA kernel"
                             : "RSA CRT halves: mp_exp (no AVX-512 IFMA)");
#endif
    if (ctc_rsa_private_key_import(&key, K_N, sizeof K_N, K_E, sizeof K_E, K_P, sizeof K_P,
                                   K_Q, sizeof K_Q, K_DP, sizeof K_DP, K_DQ, sizeof K_DQ,
                                   K_QINV, sizeof K_QINV) != CTC_OK)
        fail();
    /* a message below n (top byte below n's), and a base for the parts */
    for (i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 37 + 11);
    msg[0] = 0x5a;
    (void)mp_from_be(A, key.pub.limbs, msg, sizeof msg);
    mp_mod(Ap, A, key.pub.limbs, key.p, key.half_limbs, scratch);
    /* a secret exponent of exactly 1024 bits (top bit set) */
    {
        uint64_t st = 0x452821e638d01377u;
        uint8_t d[128];

        bench_xorshift(&st, d, sizeof d);
        d[0] |= 0x80;
        (void)mp_from_be(D1024, key.half_limbs, d, sizeof d);
    }
#if BENCH_HOST
    ossl_setup();
    m_import(&mrsa, K_N, sizeof K_N, K_P, sizeof K_P, K_Q, sizeof K_Q, K_D, sizeof K_D, K_E,
             sizeof K_E);
    b_setup();
    peers_agree();
    {
        char peers[200];
        snprintf(peers, sizeof peers, "peers: %s; mbedTLS %d.%d.%d; BearSSL (Debian libbearssl, "
                 "br_rsa_%s_private and br_rsa_%s_public)", OpenSSL_version(OPENSSL_VERSION),
                 MBEDTLS_VERSION_MAJOR, MBEDTLS_VERSION_MINOR, MBEDTLS_VERSION_PATCH, br_engine,
                 br_engine);
        bench_info(peers);
    }
#endif
    bench_header("RSA-2048 (e = 65537)");
    run4("RSA-2048 private (CRT)", o_private, PEER(s_private), PEER(m_private),
         PEER(b_private), 2);
    run4("RSA-2048 public", o_public, PEER(s_public), PEER(m_public), PEER(b_public), 3);
    run2("RSA-2048 public key import", o_import_pub, NULL, 3);
    run2("RSA-2048 private key import", o_import_priv, NULL, 3);
    bench_header("RSA-2048 private operation, its parts");
    run2("r^-1 mod n (safegcd)", o_inv, NULL, 3);
    run2("r^-1 mod p (safegcd, one CRT half)", o_inv_p, NULL, 3);
    run2("x^e mod n, mp_exp (before)", o_exp_e, NULL, 3);
    run2("x^e mod n, mp_exp_pubexp", o_exp_pubexp, NULL, 3);
    run2("x^dp mod p (one CRT half)", o_exp_dp, NULL, 2);
    bench_header("1024-bit modular exponentiation: public exponent 65537 against a secret "
                 "1024-bit exponent (modulus p)");
    run2("1024-bit exp, public e = 65537", o_exp1024_pub, NULL, 3);
    run2("1024-bit exp, secret 1024-bit d", o_exp1024_sec, NULL, 2);
#if BENCH_HOST
    exp1024_ratio();
#endif
#if BENCH_HOST
    big_setup(&big3072, 3072);
    big_setup(&big4096, 4096);
    big_agree(&big3072);
    big_agree(&big4096);
    bench_header("RSA-3072 and RSA-4096 private (keys from OpenSSL's generator, e = 65537)");
    bench_run("rsa", "RSA-3072 private (CRT)", "ctcrypto", o_private_big, &big3072, 0);
    bench_run("rsa", "RSA-3072 private (CRT)", "openssl", s_private_big, &big3072, 0);
    bench_run("rsa", "RSA-3072 private (CRT)", "mbedtls", m_private_big, &big3072, 0);
    bench_run("rsa", "RSA-3072 private (CRT)", "bearssl", b_private_big, &big3072, 0);
    bench_run("rsa", "RSA-4096 private (CRT)", "ctcrypto", o_private_big, &big4096, 0);
    bench_run("rsa", "RSA-4096 private (CRT)", "openssl", s_private_big, &big4096, 0);
    bench_run("rsa", "RSA-4096 private (CRT)", "mbedtls", m_private_big, &big4096, 0);
    bench_run("rsa", "RSA-4096 private (CRT)", "bearssl", b_private_big, &big4096, 0);
    min_single("RSA-2048 private (CRT)", o_private, s_private, NULL, 200);
    min_single("RSA-3072 private (CRT)", o_private_big, s_private_big, &big3072, 100);
    min_single("RSA-4096 private (CRT)", o_private_big, s_private_big, &big4096, 50);
    ctc_rsa_private_key_wipe(&big3072.k);
    ctc_rsa_private_key_wipe(&big4096.k);
    EVP_PKEY_free(big3072.o);
    EVP_PKEY_free(big4096.o);
    mbedtls_rsa_free(&big3072.m);
    mbedtls_rsa_free(&big4096.m);
    mbedtls_rsa_free(&mrsa);
    {
        static unsigned b2048 = 2048, b3072 = 3072;

        bench_header("RSA key generation, e = 65537 (one key per sample; CPU time)");
        bench_samples("rsa", "RSA-2048 key generation", "ctcrypto", o_keygen, &b2048, 24);
        bench_samples("rsa", "RSA-2048 key generation", "openssl", s_keygen, &b2048, 24);
        bench_samples("rsa", "RSA-2048 key generation", "mbedtls", m_keygen, &b2048, 24);
        bench_samples("rsa", "RSA-3072 key generation", "ctcrypto", o_keygen, &b3072, 8);
        bench_samples("rsa", "RSA-3072 key generation", "openssl", s_keygen, &b3072, 8);
        ctc_rsa_private_key_wipe(&genkey);
    }
#endif
    return 0;
}

/*
 * ct_hash.c - constant-time cases for the hash family (see ct_cases.h):
 * hashing secret messages, HMAC with secret keys (verification included),
 * HKDF with secret input keying material, salts and PRKs, the HMAC-DRBG
 * with secret entropy, nonce, personalisation and additional input, and
 * RFC 6979 nonces with a secret private key, message hash and extra data.
 *
 * Lengths, hash ids and the group order q are public and fixed; everything
 * else comes from the secret bytes. The RFC 6979 cases use NIST orders, for
 * which a rejected candidate (the one declassified branch) has probability
 * below 2^-32, so every secret takes the same path.
 */
#include "ctcrypto/hash.h"
#include "ct_cases.h"
#include "ct_util.h"
#include "hash/hash_impl.h"

/* CT_SECRET_BYTES (256) bytes of secret */

void ct_case_hash_sha224_256(const unsigned char *secret)
{
    uint8_t d[32];
    ctc_sha256_ctx c;

    (void)ctc_sha256(d, secret, 200);
    ct_keep_mem(d, 32);
#if CTC_SHA224
    (void)ctc_sha224(d, secret + 3, 119);
    ct_keep_mem(d, 28);
#endif
    (void)ctc_sha256_init(&c);
    (void)ctc_sha256_update(&c, secret, 13);
    (void)ctc_sha256_update(&c, secret + 13, 64);
    (void)ctc_sha256_update(&c, secret + 77, 178);
    (void)ctc_sha256_final(&c, d);
    ct_keep_mem(d, 32);
}

/* the SHA-256 compression functions called directly on a secret chaining
 * value and secret blocks (1 and 3 blocks): the portable one and, where
 * built (Armv7-M), the assembly one */
void ct_case_hash_sha256_blocks(const unsigned char *secret)
{
    uint32_t h[8];
    unsigned i;

    for (i = 0; i < 8; i++)
        h[i] = (uint32_t)secret[4 * i] | (uint32_t)secret[4 * i + 1] << 8
               | (uint32_t)secret[4 * i + 2] << 16 | (uint32_t)secret[4 * i + 3] << 24;
    sha256_blocks_c(h, secret + 32, 3);
    ct_keep_mem(h, sizeof h);
#if HASH_HAVE_ARMV7M_SHA
    sha256_blocks_armv7m(h, secret + 32, 3, sha256_k);
    ct_keep_mem(h, sizeof h);
    sha256_blocks_armv7m(h, secret + 33, 1, sha256_k);       /* unaligned */
    ct_keep_mem(h, sizeof h);
#endif
    sha256_blocks(h, secret + 96, 2);
    ct_keep_mem(h, sizeof h);
}

void ct_case_hash_sha384_512(const unsigned char *secret)
{
    uint8_t d[64];
    ctc_hash_ctx c;

    (void)ctc_sha512(d, secret, 250);
    ct_keep_mem(d, 64);
    (void)ctc_sha384(d, secret + 1, 111);
    ct_keep_mem(d, 48);
    (void)ctc_hash_init(&c, CTC_HASH_SHA512);
    (void)ctc_hash_update(&c, secret, 100);
    (void)ctc_hash_update(&c, secret + 100, 156);
    (void)ctc_hash_final(&c, d, sizeof d);
    ct_keep_mem(d, 64);
}

void ct_case_hmac_sha256(const unsigned char *secret)
{
    uint8_t mac[32], tag[32];
    size_t i;
    ctc_hmac_ctx c;

    /* a key shorter than the block, then one longer (hashed first) */
    (void)ctc_hmac(mac, 32, CTC_HASH_SHA256, secret, 32, secret + 32, 150);
    ct_keep_mem(mac, 32);
    (void)ctc_hmac(mac, 28, CTC_HASH_SHA224, secret, 100, secret + 100, 20);
    ct_keep_mem(mac, 28);
    /* verification against a secret tag that differs from the right one
     * in its last byte and where the cmp layout's two halves differ: the
     * first mismatch is at byte 0, 7, 15, 16 or 31 depending on the
     * secret. Only the verdict is public, and verify branches on it, so it
     * is "invalid" for every secret (the trace checker compares runs; the
     * valid path is judged by valgrind and MSan, which see the
     * declassification) */
    (void)ctc_hmac(mac, 32, CTC_HASH_SHA256, secret + 7, 40, secret + 60, 70);
    for (i = 0; i < 32; i++)
        tag[i] = (uint8_t)(mac[i] ^ secret[i] ^ secret[128 + i] ^ (i == 31 ? 0x80 : 0));
    (void)ctc_hmac_init(&c, CTC_HASH_SHA256, secret + 7, 40);
    (void)ctc_hmac_update(&c, secret + 60, 70);
    ct_keep((uint64_t)ctc_hmac_verify(&c, tag, 32));
}

void ct_case_hmac_sha512(const unsigned char *secret)
{
    uint8_t mac[64];
    ctc_hmac_ctx c;

    (void)ctc_hmac(mac, 64, CTC_HASH_SHA512, secret, 64, secret + 64, 192);
    ct_keep_mem(mac, 64);
    (void)ctc_hmac_init(&c, CTC_HASH_SHA384, secret, 200);  /* long key */
    (void)ctc_hmac_update(&c, secret + 10, 30);
    (void)ctc_hmac_final(&c, mac, 48);
    ct_keep_mem(mac, 48);
}

void ct_case_hkdf(const unsigned char *secret)
{
    static const uint8_t info[10] = { 'c', 't', 'c', ' ', 'h', 'k', 'd', 'f', 0, 1 };
    uint8_t prk[64], okm[100];

    (void)ctc_hkdf_extract(prk, sizeof prk, CTC_HASH_SHA256, secret, 32, secret + 32, 64);
    ct_keep_mem(prk, 32);
    (void)ctc_hkdf_expand(okm, sizeof okm, CTC_HASH_SHA256, secret + 96, 32, info,
                          sizeof info);
    ct_keep_mem(okm, sizeof okm);
    (void)ctc_hkdf(okm, 77, CTC_HASH_SHA384, secret + 128, 48, secret + 176, 80, info,
                   sizeof info);
    ct_keep_mem(okm, 77);
}

void ct_case_hmac_drbg(const unsigned char *secret)
{
    uint8_t out[150];
    ctc_hmac_drbg_ctx d;

    (void)ctc_hmac_drbg_instantiate(&d, CTC_HASH_SHA256, secret, 32, secret + 32, 16,
                                    secret + 48, 20);
    (void)ctc_hmac_drbg_generate(&d, out, sizeof out, NULL, 0);
    ct_keep_mem(out, sizeof out);
    (void)ctc_hmac_drbg_reseed(&d, secret + 68, 40, secret + 108, 12);
    (void)ctc_hmac_drbg_generate(&d, out, 33, secret + 120, 30);
    ct_keep_mem(out, 33);
    (void)ctc_hmac_drbg_wipe(&d);
    (void)ctc_hmac_drbg_instantiate(&d, CTC_HASH_SHA512, secret + 150, 48, secret + 198,
                                    24, NULL, 0);
    (void)ctc_hmac_drbg_generate(&d, out, 130, secret + 222, 34);
    ct_keep_mem(out, 130);
    (void)ctc_hmac_drbg_wipe(&d);
}

/* Group orders (public). */
static const uint8_t q256[32] = {
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84,
    0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51,
};
static const uint8_t q521[66] = {
    0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfa, 0x51, 0x86,
    0x87, 0x83, 0xbf, 0x2f, 0x96, 0x6b, 0x7f, 0xcc, 0x01, 0x48, 0xf7, 0x09,
    0xa5, 0xd0, 0x3b, 0xb5, 0xc9, 0xb8, 0x89, 0x9c, 0x47, 0xae, 0xbb, 0x6f,
    0xb7, 0x1e, 0x91, 0x38, 0x64, 0x09,
};

void ct_case_rfc6979(const unsigned char *secret)
{
    uint8_t x[66], k[66];
    size_t i;

    /* P-256: any x with a top byte below 0x80 and the low bit set is in
     * [1, q-1], whatever the secret (the key check is declassified) */
    for (i = 0; i < 32; i++)
        x[i] = secret[i];
    x[0] &= 0x7f;
    x[31] |= 1;
    (void)ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q256, 32, x, secret + 32, 32, NULL, 0);
    ct_keep_mem(k, 32);
    /* hedged, with SHA-512 and a hash longer than q */
    (void)ctc_rfc6979_nonce(k, CTC_HASH_SHA512, q256, 32, x, secret + 64, 64,
                            secret + 128, 32);
    ct_keep_mem(k, 32);
    /* P-521: a 521-bit order (bit shifts, a hash shorter than q) */
    for (i = 0; i < 66; i++)
        x[i] = secret[160 + (i % 96)];
    x[0] &= 0x01;
    x[1] &= 0x7f;
    x[65] |= 1;
    (void)ctc_rfc6979_nonce(k, CTC_HASH_SHA384, q521, 66, x, secret + 10, 48, NULL, 0);
    ct_keep_mem(k, 66);
}

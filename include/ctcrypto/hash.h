/*
 * ctcrypto/hash.h - SHA-224/256/384/512 (FIPS 180-4), HMAC (RFC 2104),
 * HKDF (RFC 5869), HMAC-DRBG (NIST SP 800-90A) and RFC 6979 nonces.
 *
 * Conventions for every function declared here:
 *  - Return 0 (CTC_OK) or a negative CTC_ERR_*: CTC_ERR_PARAM for a NULL
 *    pointer where data is needed, an unknown hash id or a context that is
 *    not initialised (or was finished); CTC_ERR_LENGTH for a length the
 *    operation refuses; CTC_ERR_BUFFER for an output buffer that is too
 *    small; CTC_ERR_LIMIT when a usage limit of the standard is reached.
 *    Nothing is written to an output when an error is returned, except
 *    that a context may be left wiped.
 *  - Outputs come first, then inputs. Lengths are in bytes. A pointer with
 *    a length of 0 may be NULL. Inputs and outputs may not overlap, except
 *    where a function says so.
 *  - Contexts belong to the caller (no heap); they may be copied with
 *    memcpy to fork a computation. A `final` function wipes its context;
 *    a context that is abandoned before `final` should be passed to the
 *    matching `_wipe` function if it held secrets.
 *  - Contexts are not shared between threads. The only global state is the
 *    CPU feature cache (see ctc_hash_impl()), which is written once with the
 *    same value by whoever gets there first.
 *  - What is secret: message bytes, keys, input keying material, entropy,
 *    DRBG state and outputs, the private key x and the nonce k. What is
 *    public: every length, every hash id, the group order q.
 *    CT: lengths, hash ids and q leak; the contents of secret inputs and
 *    outputs do not (no branch, memory index or division depends on them).
 */
#ifndef CTCRYPTO_HASH_H
#define CTCRYPTO_HASH_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

/* ---- hash identifiers and sizes ------------------------------------------ */

#define CTC_HASH_SHA224 1
#define CTC_HASH_SHA256 2
#define CTC_HASH_SHA384 3
#define CTC_HASH_SHA512 4

#define CTC_SHA224_SIZE 28
#define CTC_SHA256_SIZE 32
#define CTC_SHA384_SIZE 48
#define CTC_SHA512_SIZE 64
#define CTC_SHA256_BLOCK 64     /* SHA-224 and SHA-256 */
#define CTC_SHA512_BLOCK 128    /* SHA-384 and SHA-512 */
#define CTC_HASH_MAX_SIZE 64
#define CTC_HASH_MAX_BLOCK 128

/* ---- SHA-224 and SHA-256 ------------------------------------------------- */

/*
 * Message length limit (FIPS 180-4): fewer than 2^64 bits, that is at most
 * 2^61 - 1 bytes in all; update() beyond it returns CTC_ERR_LIMIT.
 */
typedef struct {
    uint32_t h[8];         /* chaining value */
    uint64_t len;          /* bytes absorbed so far */
    uint8_t buf[64];       /* the partial block: len % 64 bytes */
    uint32_t state;        /* which variant; 0 once finished or wiped */
} ctc_sha256_ctx;
typedef ctc_sha256_ctx ctc_sha224_ctx;

int ctc_sha256_init(ctc_sha256_ctx *ctx);
int ctc_sha256_update(ctc_sha256_ctx *ctx, const uint8_t *data, size_t len);
/* Writes the digest and wipes ctx. A SHA-224 context is refused. */
int ctc_sha256_final(ctc_sha256_ctx *ctx, uint8_t out[32]);
/* out = SHA-256(data) */
int ctc_sha256(uint8_t out[32], const uint8_t *data, size_t len);

/* SHA-224: not built with CTC_SHA224 = 0 (config.h), where these do not
 * exist and CTC_HASH_SHA224 is refused with CTC_ERR_PARAM. */
int ctc_sha224_init(ctc_sha224_ctx *ctx);
int ctc_sha224_update(ctc_sha224_ctx *ctx, const uint8_t *data, size_t len);
/* Writes the digest and wipes ctx. A SHA-256 context is refused. */
int ctc_sha224_final(ctc_sha224_ctx *ctx, uint8_t out[28]);
int ctc_sha224(uint8_t out[28], const uint8_t *data, size_t len);

/* ---- SHA-384 and SHA-512 ------------------------------------------------- */

/*
 * FIPS 180-4 allows 2^128 - 1 bits; a 64-bit byte counter allows
 * 2^64 - 1 bytes, which is the limit here (CTC_ERR_LIMIT beyond).
 */
typedef struct {
    uint64_t h[8];
    uint64_t len;
    uint8_t buf[128];
    uint32_t state;
} ctc_sha512_ctx;
typedef ctc_sha512_ctx ctc_sha384_ctx;

int ctc_sha512_init(ctc_sha512_ctx *ctx);
int ctc_sha512_update(ctc_sha512_ctx *ctx, const uint8_t *data, size_t len);
int ctc_sha512_final(ctc_sha512_ctx *ctx, uint8_t out[64]);
int ctc_sha512(uint8_t out[64], const uint8_t *data, size_t len);

int ctc_sha384_init(ctc_sha384_ctx *ctx);
int ctc_sha384_update(ctc_sha384_ctx *ctx, const uint8_t *data, size_t len);
int ctc_sha384_final(ctc_sha384_ctx *ctx, uint8_t out[48]);
int ctc_sha384(uint8_t out[48], const uint8_t *data, size_t len);

/* ---- any of the four, chosen by id ---------------------------------------- */

typedef struct {
    uint32_t id;           /* CTC_HASH_*; 0 once finished or wiped */
    union {
        ctc_sha256_ctx s256;
        ctc_sha512_ctx s512;
    } u;
} ctc_hash_ctx;

/* Digest and block size in bytes; 0 for an unknown id. */
size_t ctc_hash_size(int hash_id);
size_t ctc_hash_block_size(int hash_id);

int ctc_hash_init(ctc_hash_ctx *ctx, int hash_id);
int ctc_hash_update(ctc_hash_ctx *ctx, const uint8_t *data, size_t len);
/* out_size >= ctc_hash_size(id) (else CTC_ERR_BUFFER, ctx kept);
 * writes ctc_hash_size(id) bytes and wipes ctx. */
int ctc_hash_final(ctc_hash_ctx *ctx, uint8_t *out, size_t out_size);
int ctc_hash(uint8_t *out, size_t out_size, int hash_id, const uint8_t *data,
             size_t len);
/* Wipes ctx (for a computation abandoned before final). */
int ctc_hash_wipe(ctc_hash_ctx *ctx);

/*
 * Which compression function the id runs on this machine: "sha-ni"
 * (x86-64 SHA extensions), "armv8-sha2" / "armv8-sha512" (Armv8
 * cryptographic extension), or the portable C code, "c-unrolled" (PROFILE
 * fast) or "c-rolled" (PROFILE small). The CPU is asked once (CPUID on
 * x86-64; ID_AA64ISAR0_EL1 on AArch64 Linux, which the kernel emulates) and
 * the answer cached. NULL for an unknown id.
 */
const char *ctc_hash_impl(int hash_id);

/* ---- HMAC (RFC 2104) -------------------------------------------------------- */

/* A chaining value of either family. */
typedef union {
    uint32_t w32[8];
    uint64_t w64[8];
} ctc_hash_chain;

typedef struct {
    ctc_hash_ctx inner;    /* H((K ^ ipad) || message...) in progress */
    ctc_hash_chain outer;  /* chaining value after the block K ^ opad */
    uint32_t state;        /* nonzero while in use */
} ctc_hmac_ctx;

/* Any key length; keys longer than the block size are hashed first. */
int ctc_hmac_init(ctc_hmac_ctx *ctx, int hash_id, const uint8_t *key,
                  size_t key_len);
int ctc_hmac_update(ctc_hmac_ctx *ctx, const uint8_t *data, size_t len);
/*
 * Writes the first mac_len bytes of the MAC (1 <= mac_len <= digest size,
 * else CTC_ERR_LENGTH and ctx kept) and wipes ctx.
 */
int ctc_hmac_final(ctc_hmac_ctx *ctx, uint8_t *mac, size_t mac_len);
/*
 * Compares the MAC with mac[0..mac_len) in constant time and wipes ctx.
 * Returns 0 when they match, CTC_ERR_SIGNATURE when not. mac_len must be
 * between 10 (80 bits, the least RFC 2104 allows) and the digest size, else
 * CTC_ERR_LENGTH and ctx kept.
 * CT: only whether the MAC matches is made public.
 */
int ctc_hmac_verify(ctc_hmac_ctx *ctx, const uint8_t *mac, size_t mac_len);
int ctc_hmac_wipe(ctc_hmac_ctx *ctx);
/* One call: mac = first mac_len bytes of HMAC(key, data). */
int ctc_hmac(uint8_t *mac, size_t mac_len, int hash_id, const uint8_t *key,
             size_t key_len, const uint8_t *data, size_t len);

/* ---- HKDF (RFC 5869) -------------------------------------------------------- */

/*
 * prk = HMAC(salt, ikm): writes ctc_hash_size(id) bytes; prk_size must be
 * at least that (CTC_ERR_BUFFER). An empty salt means HashLen zero bytes.
 * prk may not overlap the inputs.
 */
int ctc_hkdf_extract(uint8_t *prk, size_t prk_size, int hash_id,
                     const uint8_t *salt, size_t salt_len,
                     const uint8_t *ikm, size_t ikm_len);
/*
 * okm = T(1) || T(2) || ... truncated to okm_len bytes. okm_len may be at
 * most 255 * HashLen (CTC_ERR_LIMIT beyond); prk_len must be at least
 * HashLen (CTC_ERR_LENGTH). okm may not overlap the inputs.
 */
int ctc_hkdf_expand(uint8_t *okm, size_t okm_len, int hash_id,
                    const uint8_t *prk, size_t prk_len,
                    const uint8_t *info, size_t info_len);
/* extract then expand */
int ctc_hkdf(uint8_t *okm, size_t okm_len, int hash_id,
             const uint8_t *salt, size_t salt_len,
             const uint8_t *ikm, size_t ikm_len,
             const uint8_t *info, size_t info_len);

/* ---- HMAC-DRBG (NIST SP 800-90A rev. 1, section 10.1.2) ---------------------- */

/*
 * The DRBG has no entropy source of its own: the caller supplies entropy
 * at instantiation and reseeding. Its security strength is the highest the
 * hash supports (SP 800-57): 192 bits for SHA-224, 256 bits for the others.
 * Limits (SP 800-90A table 2), each checked:
 *   entropy input     strength/8 bytes at least (CTC_ERR_LENGTH), at most
 *                     2^32 bytes (2^35 bits; CTC_ERR_LENGTH)
 *   nonce, personalisation string, additional input
 *                     at most 2^32 bytes each (CTC_ERR_LENGTH); the nonce may
 *                     be empty if the entropy input already includes it
 *                     (SP 800-90A section 8.6.7)
 *   one request       at most 65536 bytes (2^19 bits; CTC_ERR_LIMIT)
 *   reseed interval   2^48 requests; then generate returns CTC_ERR_LIMIT
 *                     until reseed is called
 * Prediction resistance: call reseed with fresh entropy before generate.
 */
#define CTC_HMAC_DRBG_MAX_REQUEST 65536u
#define CTC_HMAC_DRBG_RESEED_INTERVAL ((uint64_t)1 << 48)

typedef struct {
    uint8_t K[64];         /* HashLen bytes used */
    uint8_t V[64];
    uint64_t reseed_counter;
    uint32_t hash_id;
    uint32_t state;        /* nonzero once instantiated */
} ctc_hmac_drbg_ctx;

int ctc_hmac_drbg_instantiate(ctc_hmac_drbg_ctx *ctx, int hash_id,
                              const uint8_t *entropy, size_t entropy_len,
                              const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *pers, size_t pers_len);
int ctc_hmac_drbg_reseed(ctc_hmac_drbg_ctx *ctx,
                         const uint8_t *entropy, size_t entropy_len,
                         const uint8_t *additional, size_t additional_len);
int ctc_hmac_drbg_generate(ctc_hmac_drbg_ctx *ctx, uint8_t *out, size_t out_len,
                           const uint8_t *additional, size_t additional_len);
/* Uninstantiate: wipes the state. */
int ctc_hmac_drbg_wipe(ctc_hmac_drbg_ctx *ctx);

/* ---- RFC 6979 nonces ----------------------------------------------------------- */

#define CTC_RFC6979_MAX_QLEN 66   /* bytes: up to 528-bit group orders (P-521) */

/*
 * k = the deterministic nonce of RFC 6979 section 3.2 for a signature with
 * private key x over a message whose hash is h, in a group of order q.
 *  q        big-endian, q_len bytes (1..CTC_RFC6979_MAX_QLEN), first byte
 *           nonzero, q >= 2 (else CTC_ERR_PARAM / CTC_ERR_LENGTH). Public.
 *  x        big-endian, q_len bytes, 1 <= x < q (else CTC_ERR_KEY).
 *  h        the message hash H(m), h_len >= 1 bytes (the hash used for the
 *           signature; it need not be hash_id's).
 *  extra    optional additional data k' for hedged signatures (RFC 6979
 *           section 3.6): appended to the seed, typically fresh random
 *           bytes so that k is both deterministic-safe and randomised.
 *           extra_len 0 gives the deterministic nonce.
 *  hash_id  the hash of the HMAC-DRBG.
 *  k        q_len bytes, big-endian, 1 <= k < q.
 * CT: q, the lengths and whether a candidate was rejected (probability
 * below 2^-32 for the NIST curves; a rejected candidate is discarded) leak;
 * x, h, extra and k do not.
 */
int ctc_rfc6979_nonce(uint8_t *k, int hash_id,
                      const uint8_t *q, size_t q_len,
                      const uint8_t *x,
                      const uint8_t *h, size_t h_len,
                      const uint8_t *extra, size_t extra_len);

#endif /* CTCRYPTO_HASH_H */

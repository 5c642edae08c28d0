/*
 * ctcrypto/aes.h - AES-128/192/256 (FIPS 197) with ECB (the block
 * primitive), CBC with and without PKCS#7 padding and CTR (NIST SP
 * 800-38A), GCM (NIST SP 800-38D), CCM (NIST SP 800-38C, RFC 3610) and
 * CMAC (NIST SP 800-38B, RFC 4493).
 *
 * Conventions for every function declared here:
 *  - Return 0 (CTC_OK) or a negative CTC_ERR_*, one per cause:
 *    CTC_ERR_PARAM for a NULL pointer where data is needed or a key that
 *    was not set; CTC_ERR_AES_KEY_LEN, CTC_ERR_AES_IV_LEN,
 *    CTC_ERR_AES_TAG_LEN for a key, IV or tag length the operation refuses;
 *    CTC_ERR_AES_BLOCKS for ECB or CBC data that is not whole blocks;
 *    CTC_ERR_AES_DATA_LIMIT for GCM text or AAD past the standard's limit;
 *    CTC_ERR_AES_MSG_LEN for CCM text past its nonce's length field;
 *    CTC_ERR_BUFFER when out_size is smaller than the output;
 *    CTC_ERR_AES_TAG when a GCM, CCM or CMAC tag does not verify;
 *    CTC_ERR_AES_PADDING for a CBC message whose padding is wrong;
 *    CTC_ERR_AES_STATE for streaming calls in the wrong order. Nothing is
 *    written to an output when an error is returned (a failed GCM or CCM
 *    decryption and a bad CBC padding zero the len bytes of out instead:
 *    no unauthenticated or badly padded plaintext).
 *  - Outputs come first, then inputs. Lengths are in bytes. A pointer with
 *    a length of 0 may be NULL. out may be the same buffer as in (in
 *    place); other overlaps are not allowed.
 *  - The key object belongs to the caller (no heap) and holds the expanded
 *    key; wipe it with ctc_aes_key_wipe when done. It is only read by the
 *    modes, so one key may serve several threads.
 *  - Implementation: the constant-time 32-bit bitsliced core on every
 *    target, and AES-NI with PCLMULQDQ on x86-64 CPUs that have them,
 *    chosen at run time (docs/aes.md); no table, branch or memory index
 *    depends on the key or the data. Unless the library is built with
 *    CTC_AES_TABLE (ctcrypto/config.h): then a table-based core replaces
 *    the bitsliced one and the block cipher is NOT constant time.
 *  - What is secret: keys, plaintexts, key streams, hash keys, CMAC
 *    subkeys and messages, tags before they are output, the PKCS#7 padding
 *    until it has been checked. What is public: every length (the
 *    unpadded length once the padding is found valid), IVs, nonces, AAD,
 *    ciphertexts and whether a tag or a padding verified.
 *    CT: lengths and the key size leak; the contents do not.
 */
#ifndef CTCRYPTO_AES_H
#define CTCRYPTO_AES_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

#define CTC_AES_BLOCK_SIZE 16
#define CTC_AES_GCM_TAG_MAX 16

/* An expanded AES key: 11, 13 or 15 round keys of 8 words each, in the
 * bitsliced layout of the constant-time core (64-bit words with
 * CTC_AES_CT64, else 32-bit); on x86-64 and AArch64 also as
 * FIPS 197's bytes for the hardware core (AES-NI, Armv8 AES). With a table
 * core (CTC_AES_TABLE, not constant time) FIPS 197's round keys as words
 * instead (each column's four bytes little-endian), and for the T-table
 * cores the round keys of the equivalent inverse cipher. */
#if defined(__x86_64__) || defined(__aarch64__)
#define CTC_AES_KEY_RK8 1    /* ctc_aes_key holds rk8 */
#else
#define CTC_AES_KEY_RK8 0
#endif
typedef struct {
#if CTC_AES_TABLE
    uint32_t ek[60];
#if CTC_AES_TABLE != CTC_AES_TABLE_SBOX
    uint32_t dk[60];
#endif
#elif CTC_AES_CT64
    uint64_t rk64[120];
#else
    uint32_t rk[120];
#endif
    uint32_t rounds;     /* 10, 12 or 14; 0 when not set */
#if CTC_AES_KEY_RK8
    uint8_t rk8[240];
#endif
} ctc_aes_key;

/*
 * Expand a 16-, 24- or 32-byte key (AES-128, -192, -256; else
 * CTC_ERR_AES_KEY_LEN and key->rounds = 0).
 */
int ctc_aes_key_set(ctc_aes_key *key, const uint8_t *k, size_t k_len);

/* Zero the expanded key (the key is then "not set"). */
void ctc_aes_key_wipe(ctc_aes_key *key);

/*
 * ECB: each 16-byte block on its own; len a multiple of 16 (else
 * CTC_ERR_AES_BLOCKS), out_size >= len. For tests and as the block
 * primitive; do not use ECB to encrypt data.
 */
int ctc_aes_ecb_encrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        const uint8_t *in, size_t len);
int ctc_aes_ecb_decrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        const uint8_t *in, size_t len);

/*
 * CTR: out = in XOR E(ctr0), E(ctr0 + 1), ... where ctr0 = iv and the
 * whole 16-byte block is a big-endian counter (as OpenSSL's AES-*-CTR and
 * `openssl enc -aes-*-ctr`); any len, out_size >= len. Encryption and
 * decryption are the same function.
 */
int ctc_aes_ctr(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                const uint8_t iv[16], const uint8_t *in, size_t len);

/*
 * GCM authenticated encryption: out (len bytes, out_size >= len) is the
 * ciphertext of in, tag (tag_len bytes) authenticates iv, aad and the
 * ciphertext. iv_len >= 1 (12 is the recommended and fastest length; any
 * other length is hashed into the first counter); tag_len from 12 to 16
 * (else CTC_ERR_AES_TAG_LEN). len <= 2^36 - 32, aad_len < 2^61 (else
 * CTC_ERR_AES_DATA_LIMIT).
 */
int ctc_aes_gcm_encrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        uint8_t *tag, size_t tag_len,
                        const uint8_t *iv, size_t iv_len,
                        const uint8_t *aad, size_t aad_len,
                        const uint8_t *in, size_t len);

/*
 * GCM authenticated decryption: checks tag (compared in constant time)
 * over iv, aad and the ciphertext in; on success out holds the plaintext;
 * on failure CTC_ERR_AES_TAG and out[0..len) is zeroed (with out == in the
 * ciphertext is gone too). Lengths as for ctc_aes_gcm_encrypt.
 */
int ctc_aes_gcm_decrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        const uint8_t *iv, size_t iv_len,
                        const uint8_t *aad, size_t aad_len,
                        const uint8_t *in, size_t len,
                        const uint8_t *tag, size_t tag_len);

/*
 * The same with the short tags of NIST SP 800-38D, Appendix C, on explicit
 * request: tag_len 4 or 8 as well as 12 to 16. A short tag bounds the data
 * one key may authenticate (SP 800-38D, Table 1 and 2); use only where the
 * protocol asks for it.
 */
int ctc_aes_gcm_encrypt_short_tag(const ctc_aes_key *key, uint8_t *out,
                                  size_t out_size, uint8_t *tag, size_t tag_len,
                                  const uint8_t *iv, size_t iv_len,
                                  const uint8_t *aad, size_t aad_len,
                                  const uint8_t *in, size_t len);
int ctc_aes_gcm_decrypt_short_tag(const ctc_aes_key *key, uint8_t *out,
                                  size_t out_size,
                                  const uint8_t *iv, size_t iv_len,
                                  const uint8_t *aad, size_t aad_len,
                                  const uint8_t *in, size_t len,
                                  const uint8_t *tag, size_t tag_len);

/* ---- streaming GCM ---------------------------------------------------------- */

/*
 * GHASH's state (internal; the context below holds it): the Karatsuba
 * operands of the hash key and their bit reversals, and the running value.
 */
typedef struct {
    uint32_t hk[18];
    uint32_t y[4];
} ctc_aes_ghash;

/*
 * A GCM computation in steps: init, then any number of aad calls, then any
 * number of update calls, then one final. The context points to the key,
 * which must stay unchanged until final. Calls out of this order return
 * CTC_ERR_AES_STATE (and leave the context as it was). final wipes the
 * context. Streaming decryption hands out plaintext before the tag is
 * checked: the caller must discard everything update wrote unless
 * ctc_aes_gcm_decrypt_final returns 0 (the one-shot ctc_aes_gcm_decrypt
 * never writes unauthenticated plaintext).
 */
typedef struct {
    ctc_aes_ghash gh;
    const ctc_aes_key *key;
    uint64_t aad_len, text_len;   /* bytes so far */
    uint8_t ctr[16];              /* the next counter block */
    uint8_t ekj0[16];             /* E(J0), the tag's mask */
    uint8_t ks[32];               /* key stream of the current pair of blocks */
    uint8_t buf[16];              /* a partial block of AAD or ciphertext */
    uint32_t ks_pos;              /* bytes of ks used (32: none left) */
    uint32_t buf_len;
    uint32_t state;               /* 0 not started, 1 AAD, 2 text */
    uint32_t decrypt;
} ctc_aes_gcm_ctx;

/* Start: iv_len >= 1 (as the one-shot functions); decrypt 0 or 1. */
int ctc_aes_gcm_init(ctc_aes_gcm_ctx *ctx, const ctc_aes_key *key,
                     const uint8_t *iv, size_t iv_len, int decrypt);
/* More AAD (before any update); past 2^61 - 1 bytes CTC_ERR_AES_DATA_LIMIT. */
int ctc_aes_gcm_aad(ctc_aes_gcm_ctx *ctx, const uint8_t *aad, size_t len);
/* More text: out (out_size >= len) = its encryption or decryption; past
 * 2^36 - 32 bytes in all CTC_ERR_AES_DATA_LIMIT. */
int ctc_aes_gcm_update(ctc_aes_gcm_ctx *ctx, uint8_t *out, size_t out_size,
                       const uint8_t *in, size_t len);
/* Finish an encryption: tag_len 12 to 16 (4 and 8 with short_ok = 1). */
int ctc_aes_gcm_encrypt_final(ctc_aes_gcm_ctx *ctx, uint8_t *tag,
                              size_t tag_len, int short_ok);
/* Finish a decryption: 0 when tag verifies (compared in constant time),
 * else CTC_ERR_AES_TAG. */
int ctc_aes_gcm_decrypt_final(ctc_aes_gcm_ctx *ctx, const uint8_t *tag,
                              size_t tag_len, int short_ok);
/* Abandon a computation (wipes the context). */
void ctc_aes_gcm_wipe(ctc_aes_gcm_ctx *ctx);

/* ---- CBC -------------------------------------------------------------------- */

/*
 * CBC with PKCS#7 padding (RFC 5652, 6.3; as OpenSSL's AES-*-CBC and
 * `openssl enc -aes-*-cbc`): iv_len must be 16 (else CTC_ERR_AES_IV_LEN).
 * Encryption appends 1 to 16 bytes of padding: the ciphertext is
 * CTC_AES_CBC_PADDED_LEN(len) bytes, written to out (out_size at least
 * that) and its length to *out_len. Encryption is one block at a time (the
 * chain is sequential).
 */
#define CTC_AES_CBC_PADDED_LEN(len) (((len) / 16 + 1) * 16)
int ctc_aes_cbc_encrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        size_t *out_len, const uint8_t *iv, size_t iv_len,
                        const uint8_t *in, size_t len);

/*
 * CBC decryption and PKCS#7 unpadding: len a nonzero multiple of 16 (else
 * CTC_ERR_AES_BLOCKS); out_size >= len, the whole decryption's room, so
 * that the buffer's check does not depend on the padding. On success the
 * plaintext is out[0..*out_len) and the padding bytes after it are zeroed.
 * The padding is checked in constant time (the last byte from 1 to 16 and
 * every padding byte equal to it) and decided once, after the whole
 * check: any bad padding is CTC_ERR_AES_PADDING, out[0..len) zeroed and
 * *out_len = 0. Two blocks per pass of the core.
 */
int ctc_aes_cbc_decrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        size_t *out_len, const uint8_t *iv, size_t iv_len,
                        const uint8_t *in, size_t len);

/*
 * Raw CBC, no padding: len a multiple of 16 (0 allowed; else
 * CTC_ERR_AES_BLOCKS), out_size >= len, iv_len 16.
 */
int ctc_aes_cbc_encrypt_raw(const ctc_aes_key *key, uint8_t *out,
                            size_t out_size, const uint8_t *iv, size_t iv_len,
                            const uint8_t *in, size_t len);
int ctc_aes_cbc_decrypt_raw(const ctc_aes_key *key, uint8_t *out,
                            size_t out_size, const uint8_t *iv, size_t iv_len,
                            const uint8_t *in, size_t len);

/* ---- CCM -------------------------------------------------------------------- */

/*
 * CCM authenticated encryption (SP 800-38C, RFC 3610), one-shot: out (len
 * bytes, out_size >= len) is the ciphertext of in and tag (tag_len bytes)
 * authenticates nonce, aad and in. nonce_len from 7 to 13 (else
 * CTC_ERR_AES_IV_LEN); tag_len 4, 6, ..., 16 (else CTC_ERR_AES_TAG_LEN);
 * the length field takes L = 15 - nonce_len bytes, so len < 2^(8 L) (else
 * CTC_ERR_AES_MSG_LEN: 65535 bytes with a 13-byte nonce, 2^24 - 1 with
 * 12); any aad_len (encoded in 2, 6 or 10 bytes as the standard says).
 */
int ctc_aes_ccm_encrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        uint8_t *tag, size_t tag_len,
                        const uint8_t *nonce, size_t nonce_len,
                        const uint8_t *aad, size_t aad_len,
                        const uint8_t *in, size_t len);

/*
 * CCM authenticated decryption: on success out holds the plaintext; when
 * the tag (compared in constant time) does not verify CTC_ERR_AES_TAG and
 * out[0..len) is zeroed. Lengths as for ctc_aes_ccm_encrypt.
 */
int ctc_aes_ccm_decrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        const uint8_t *nonce, size_t nonce_len,
                        const uint8_t *aad, size_t aad_len,
                        const uint8_t *in, size_t len,
                        const uint8_t *tag, size_t tag_len);

/* ---- CMAC ------------------------------------------------------------------- */

/*
 * CMAC (SP 800-38B, RFC 4493): tag = the first tag_len bytes of the MAC of
 * msg; tag_len from 4 to 16 (else CTC_ERR_AES_TAG_LEN; SP 800-38B advises
 * at least 8). Any len.
 */
int ctc_aes_cmac(const ctc_aes_key *key, uint8_t *tag, size_t tag_len,
                 const uint8_t *msg, size_t len);

/* 0 when tag (tag_len bytes, 4 to 16) is msg's CMAC, compared in constant
 * time; else CTC_ERR_AES_TAG. */
int ctc_aes_cmac_verify(const ctc_aes_key *key, const uint8_t *tag,
                        size_t tag_len, const uint8_t *msg, size_t len);

/*
 * Streaming CMAC: init, any number of update calls, then final (which
 * wipes the context). The context points to the key, which must stay
 * unchanged until final. update or final on a context that was not started
 * (or was finished) returns CTC_ERR_AES_STATE.
 */
typedef struct {
    const ctc_aes_key *key;
    uint8_t k1[16], k2[16];       /* the subkeys */
    uint8_t x[16];                /* the chain value */
    uint8_t buf[16];              /* the last block seen, not yet chained */
    uint32_t buf_len;
    uint32_t state;               /* 0 not started, 1 started */
} ctc_aes_cmac_ctx;

int ctc_aes_cmac_init(ctc_aes_cmac_ctx *ctx, const ctc_aes_key *key);
int ctc_aes_cmac_update(ctc_aes_cmac_ctx *ctx, const uint8_t *msg, size_t len);
/* tag_len 4 to 16; a bad tag_len leaves the context as it was */
int ctc_aes_cmac_final(ctc_aes_cmac_ctx *ctx, uint8_t *tag, size_t tag_len);
/* Abandon a computation (wipes the context). */
void ctc_aes_cmac_wipe(ctc_aes_cmac_ctx *ctx);

#endif /* CTCRYPTO_AES_H */

/*
 * ctcrypto/rsa.h - RSA (RFC 8017): public and private keys, the public
 * and private operations, PKCS#1 v1.5 (RSASSA-PKCS1-v1_5) and PSS
 * (RSASSA-PSS) signatures, OAEP (RSAES-OAEP) and PKCS#1 v1.5
 * (RSAES-PKCS1-v1_5) encryption.
 *
 * Conventions for every function declared here:
 *  - Return 0 (CTC_OK) or a negative CTC_ERR_* per cause:
 *      CTC_ERR_PARAM       a NULL pointer where data is needed, a key that
 *                          was not imported, an unsupported hash id;
 *      CTC_ERR_RSA_N_EVEN, CTC_ERR_RSA_N_SIZE, CTC_ERR_RSA_E_EVEN,
 *      CTC_ERR_RSA_E_SMALL, CTC_ERR_RSA_E_LARGE
 *                          the check of a public key that failed
 *                          (ctcrypto/common.h);
 *      CTC_ERR_LENGTH      an input length the operation refuses (a
 *                          signature that is not exactly k bytes, a hash
 *                          whose length is not its id's digest size);
 *      CTC_ERR_BUFFER      an output buffer that is too small;
 *      CTC_ERR_RANGE       an integer input (a signature) that is >= n;
 *      CTC_ERR_SIGNATURE   a signature of the right size that does not
 *                          verify (its encoded message is wrong);
 *      CTC_ERR_KEY         a private key whose parts do not agree (p q != n,
 *                          q qinv != 1 mod p, e dp != 1 mod p - 1, ...);
 *      CTC_ERR_RNG         the caller's random generator failed;
 *      CTC_ERR_FAULT       a private operation's result failed the check
 *                          with the public exponent;
 *      CTC_ERR_RSA_DECRYPT an OAEP ciphertext that does not decrypt to a
 *                          valid encoding (one code for every fault).
 *    Nothing is written to an output when an error is returned (a private
 *    operation's output is zeroed).
 *  - k is the modulus's length in bytes (ctc_rsa_size). Integers are
 *    big-endian byte strings; a signature is exactly k bytes.
 *  - Keys: 1024 to CTC_RSA_MAX_BITS bits (ctcrypto/config.h, default 4096;
 *    1024 for legacy verification only), any odd public exponent
 *    3 <= e < 2^32. Key structs belong to the caller, are declared in full
 *    and may be copied with memcpy.
 *  - Hashes: CTC_HASH_SHA256, CTC_HASH_SHA384, CTC_HASH_SHA512
 *    (ctcrypto/hash.h, included here); the caller hashes the message and passes the
 *    digest.
 *  - Inputs and outputs may not overlap.
 *  - Public keys, signatures and digests are public, and the functions
 *    that only use them run in variable time (the exponentiation with e
 *    follows e's bits). Private keys (p, q, dp, dq, qinv), the blinding
 *    values, the input of ctc_rsa_private and PSS salts are secret: the
 *    private operation is CRT with a constant-time exponentiation per
 *    prime, on a base blinded by a fresh random r (c r^e), recombined
 *    without secret branches or indices, and checked with e before it is
 *    returned. Only sizes, whether a key import succeeded, and whether the
 *    result check passed are made public.
 *    CT: public-key functions: variable time in every input; private-key
 *    functions: only sizes and the error status leak.
 *  - Private operations draw random bytes from the caller's ctc_rng_fn
 *    (ctcrypto/common.h): the blinding value (k + 8 bytes per attempt) and,
 *    for PSS, the salt first.
 *  - The limb type of the key structs must be the library's: a caller
 *    compiles with the same CTC_LIMB_BITS as the library (the default on
 *    both sides is the register width).
 *  - No heap; stack use is bounded by CTC_RSA_MAX_BITS (about 5 KiB for
 *    a 4096-bit public operation with 32-bit limbs, about 16 KiB for a
 *    private one; on x86-64 with 64-bit limbs the private operation's
 *    AVX-512 IFMA path adds about 16 KiB of window tables; docs/rsa.md).
 */
#ifndef CTCRYPTO_RSA_H
#define CTCRYPTO_RSA_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "hash.h"

#define CTC_RSA_MIN_BITS 1024
#define CTC_RSA_MAX_BYTES (CTC_RSA_MAX_BITS / 8)

/* The library's bignum limb (src/ct/ct.h chooses it the same way; rsa.c
 * checks that both agree). */
#if defined(CTC_LIMB_BITS) ? CTC_LIMB_BITS == 64 : UINTPTR_MAX > 0xFFFFFFFFu
typedef uint64_t ctc_rsa_limb;
#define CTC_RSA_LIMB_BITS 64
#else
typedef uint32_t ctc_rsa_limb;
#define CTC_RSA_LIMB_BITS 32
#endif
#define CTC_RSA_MAX_LIMBS (CTC_RSA_MAX_BITS / CTC_RSA_LIMB_BITS)

/* A public key (n, e) with n's Montgomery constants. Filled by
 * ctc_rsa_public_key_import; its fields are not for the caller. */
typedef struct {
    ctc_rsa_limb n[CTC_RSA_MAX_LIMBS];   /* n, least significant limb first */
    ctc_rsa_limb r2[CTC_RSA_MAX_LIMBS];  /* R^2 mod n, R = 2^(limb bits * limbs) */
    ctc_rsa_limb ninv;                   /* -n^-1 mod 2^(limb bits) */
    uint32_t e;
    uint32_t bits;                       /* bit length of n */
    uint32_t limbs;                      /* limbs in use: ceil(bits / limb bits) */
    uint32_t bytes;                      /* k = ceil(bits / 8); 0: no key */
} ctc_rsa_public_key;

/* the limbs of a prime: half of n's, rounded up */
#define CTC_RSA_MAX_HALF_LIMBS ((CTC_RSA_MAX_LIMBS + 1) / 2)

/*
 * A private key: the public key and the CRT values with the Montgomery
 * constants of p and q. Filled by ctc_rsa_private_key_import; its fields
 * are not for the caller. Wipe it (memset or ctc_rsa_private_key_wipe)
 * when done.
 */
typedef struct {
    ctc_rsa_public_key pub;
    ctc_rsa_limb p[CTC_RSA_MAX_HALF_LIMBS], q[CTC_RSA_MAX_HALF_LIMBS];
    ctc_rsa_limb p_r2[CTC_RSA_MAX_HALF_LIMBS], q_r2[CTC_RSA_MAX_HALF_LIMBS];
    ctc_rsa_limb dp[CTC_RSA_MAX_HALF_LIMBS], dq[CTC_RSA_MAX_HALF_LIMBS];
    ctc_rsa_limb qinv_m[CTC_RSA_MAX_HALF_LIMBS];   /* qinv R mod p */
    ctc_rsa_limb p_ninv, q_ninv;
    uint32_t half_limbs;                           /* limbs of p, q, dp, dq */
    /* PKCS#1 v1.5 decryption's implicit rejection: SHA-256(I2OSP(d, k)),
     * the key of its KDK, set by ctc_rsa_private_key_set_d; without it
     * the KDK's key comes from d when d is stored, else from dp and dq */
    uint8_t ir_key[32];
    uint32_t ir_key_set;
    /* d, when the key came from DER, key generation or
     * ctc_rsa_private_key_set_d (d_limbs = the public key's limbs);
     * d_limbs = 0: not stored, the DER writers compute it
     * (e^-1 mod lcm(p - 1, q - 1)) */
    ctc_rsa_limb d[CTC_RSA_MAX_LIMBS];
    uint32_t d_limbs;
} ctc_rsa_private_key;

/* PSS: recover the salt length from the signature instead of requiring one. */
#define CTC_RSA_PSS_SALT_ANY ((size_t)-1)

/* ---- public keys ---------------------------------------------------------------- */

/*
 * key = (n, e) from big-endian bytes. Leading zero bytes of either are
 * allowed (the sign byte of a DER INTEGER) and do not count: n's size is
 * its bit length. The checks, in this order, each with its own error:
 *   n has 1024..CTC_RSA_MAX_BITS bits (CTC_ERR_RSA_N_SIZE), n is odd
 *   (CTC_ERR_RSA_N_EVEN); e < 2^32 (CTC_ERR_RSA_E_LARGE), e is odd
 *   (CTC_ERR_RSA_E_EVEN; e = 0 too), e != 1 (CTC_ERR_RSA_E_SMALL).
 * On an error key is zeroed (its size reads 0).
 */
int ctc_rsa_public_key_import(ctc_rsa_public_key *key, const uint8_t *n,
                              size_t n_len, const uint8_t *e, size_t e_len);

/* k, the modulus's length in bytes (0 for a key that was not imported). */
size_t ctc_rsa_size(const ctc_rsa_public_key *key);
/* The modulus's bit length (0 for a key that was not imported). */
size_t ctc_rsa_bits(const ctc_rsa_public_key *key);

/* ---- the public operation ---------------------------------------------------------- */

/*
 * out[0..k) = in^e mod n (RSAVP1 / RSAEP). in is exactly k bytes
 * (CTC_ERR_LENGTH) and, as an integer, < n (CTC_ERR_RANGE); out_size >= k
 * (CTC_ERR_BUFFER).
 */
int ctc_rsa_public(uint8_t *out, size_t out_size, const ctc_rsa_public_key *key,
                   const uint8_t *in, size_t in_len);

/* ---- signature verification ------------------------------------------------------- */

/*
 * RSASSA-PKCS1-v1_5 verification (RFC 8017 8.2.2): the signature's encoded
 * message is compared, whole, with the one built here from the DigestInfo
 * of hash_id (the DER form with the NULL parameters) and hash; any other
 * encoding is refused (CTC_ERR_SIGNATURE). hash_len must be the digest
 * size of hash_id (CTC_ERR_LENGTH).
 */
int ctc_rsa_pkcs1_verify(const ctc_rsa_public_key *key, int hash_id,
                         const uint8_t *hash, size_t hash_len,
                         const uint8_t *sig, size_t sig_len);

/*
 * RSASSA-PSS verification (RFC 8017 8.1.2, EMSA-PSS-VERIFY 9.1.2): hash
 * is the message digest under hash_id (hash_len its size, CTC_ERR_LENGTH),
 * the mask is MGF1 with mgf_hash_id. salt_len is the salt length the
 * signature must have, or CTC_RSA_PSS_SALT_ANY to accept any salt length
 * the encoding holds (the salt is what follows the first nonzero byte of
 * DB, which must be 0x01). A salt_len that cannot fit in the encoded
 * message (emLen < hash_len + salt_len + 2) is CTC_ERR_LENGTH, refused
 * before the exponentiation. The MGF1 hash may differ from hash_id.
 */
int ctc_rsa_pss_verify(const ctc_rsa_public_key *key, int hash_id,
                       int mgf_hash_id, size_t salt_len,
                       const uint8_t *hash, size_t hash_len,
                       const uint8_t *sig, size_t sig_len);

/* ---- private keys and operations -------------------------------------------------- */

/*
 * key = the private key (n, e, p, q, dp, dq, qinv) from big-endian bytes
 * (leading zero bytes allowed), as RFC 8017 A.1.2 lists it (d itself is
 * not needed). n and e are checked as ctc_rsa_public_key_import does (its
 * codes), and n must have at least 2048 bits (CTC_ERR_RSA_N_SIZE: 1024-bit
 * keys are for verification only). p and q must each fit half of n's
 * limbs (CTC_ERR_LENGTH), and p q = n, q qinv = 1 mod p, e dp = 1 mod
 * (p - 1) and e dq = 1 mod (q - 1) must hold (CTC_ERR_KEY otherwise). On
 * an error key is zeroed.
 * CT: p, q, dp, dq and qinv are secret; their byte lengths and whether the
 * key is consistent leak.
 */
int ctc_rsa_private_key_import(ctc_rsa_private_key *key,
                               const uint8_t *n, size_t n_len,
                               const uint8_t *e, size_t e_len,
                               const uint8_t *p, size_t p_len,
                               const uint8_t *q, size_t q_len,
                               const uint8_t *dp, size_t dp_len,
                               const uint8_t *dq, size_t dq_len,
                               const uint8_t *qinv, size_t qinv_len);

/* The public half of a private key (a pointer into it). */
const ctc_rsa_public_key *ctc_rsa_private_key_public(const ctc_rsa_private_key *key);

/* Wipes key. */
void ctc_rsa_private_key_wipe(ctc_rsa_private_key *key);

/*
 * out[0..k) = in^d mod n (RSASP1 / RSADP) by CRT on a blinded base, then
 * checked: out^e mod n must give in back (else CTC_ERR_FAULT, out zeroed).
 * in is exactly k bytes (CTC_ERR_LENGTH) and < n (CTC_ERR_RANGE; the
 * comparison is constant time and its result public); out_size >= k
 * (CTC_ERR_BUFFER). rng supplies the blinding value (CTC_ERR_RNG).
 * CT: in, out and the key are secret; only sizes and the error status
 * leak.
 */
int ctc_rsa_private(uint8_t *out, size_t out_size, const ctc_rsa_private_key *key,
                    const uint8_t *in, size_t in_len, ctc_rng_fn rng, void *rng_ctx);

/*
 * RSASSA-PKCS1-v1_5 signature (RFC 8017 8.2.1) of the digest hash under
 * hash_id: sig[0..k), sig_size >= k. Deterministic (the blinding does not
 * change the result). Errors as ctc_rsa_pkcs1_verify's argument checks
 * and ctc_rsa_private's.
 */
int ctc_rsa_pkcs1_sign(uint8_t *sig, size_t sig_size, const ctc_rsa_private_key *key,
                       int hash_id, const uint8_t *hash, size_t hash_len,
                       ctc_rng_fn rng, void *rng_ctx);

/*
 * RSASSA-PSS signature (RFC 8017 8.1.1, EMSA-PSS-ENCODE 9.1.1) of the
 * digest hash under hash_id, MGF1 with mgf_hash_id, a salt of salt_len
 * bytes drawn from rng first (0 allowed; at most emLen - hash_len - 2,
 * else CTC_ERR_LENGTH): sig[0..k), sig_size >= k.
 */
int ctc_rsa_pss_sign(uint8_t *sig, size_t sig_size, const ctc_rsa_private_key *key,
                     int hash_id, int mgf_hash_id, size_t salt_len,
                     const uint8_t *hash, size_t hash_len,
                     ctc_rng_fn rng, void *rng_ctx);

/* ---- encryption: RSAES-OAEP and RSAES-PKCS1-v1_5 ----------------------------------- */
/*
 * Messages, seeds, padding bytes and decrypted messages are secret. The
 * encryptions run on the public path (the exponentiation with e is
 * variable time in e only). The decryptions use the private operation
 * (ctc_rsa_private: blinding, CRT, the check with e) and decode the
 * result without branches or memory indices on it: for OAEP every
 * padding check is folded into one condition and the message is moved to
 * the front of the output by a constant-time shift, so that its length
 * and the answer are made public once, at the end; PKCS#1 v1.5 never
 * refuses a padding (implicit rejection, below). An output buffer must
 * hold the longest message the key and hash allow (a public length),
 * never only the message at hand: a smaller one is CTC_ERR_BUFFER before
 * any work, so its check tells nothing about the ciphertext.
 */

/* The longest message: OAEP with a digest of hash_len bytes, and PKCS#1 v1.5,
 * for a key of k bytes (both at least 0 for k >= 2 hash_len + 2, k >= 11). */
#define CTC_RSA_OAEP_MAX_MSG(k, hash_len) ((k) - 2 * (hash_len) - 2)
#define CTC_RSA_PKCS1_MAX_MSG(k) ((k) - 11)

/*
 * RSAES-OAEP encryption (RFC 8017 7.1.1): out[0..k), out_size >= k
 * (CTC_ERR_BUFFER). hash_id hashes the label (label_len may be 0, label then
 * may be NULL) and mgf_hash_id is MGF1's hash (usually the same). msg_len
 * <= k - 2 hLen - 2 (CTC_ERR_LENGTH). The seed (hLen bytes) comes from rng
 * (CTC_ERR_RNG).
 * CT: the message and the seed are secret; the key, lengths and label are
 * public.
 */
int ctc_rsa_oaep_encrypt(uint8_t *out, size_t out_size, const ctc_rsa_public_key *key,
                         int hash_id, int mgf_hash_id,
                         const uint8_t *label, size_t label_len,
                         const uint8_t *msg, size_t msg_len,
                         ctc_rng_fn rng, void *rng_ctx);

/*
 * RSAES-OAEP decryption (RFC 8017 7.1.2): the message goes to out, its
 * length to *msg_len. out_size >= k - 2 hLen - 2 (CTC_ERR_BUFFER, checked
 * first: it does not depend on the ciphertext); ct is exactly k bytes
 * (CTC_ERR_LENGTH) and < n (CTC_ERR_RANGE); rng supplies the blinding
 * (CTC_ERR_RNG); CTC_ERR_FAULT as ctc_rsa_private. Every fault of the
 * decoded message (first byte, label hash, the 0x01 separator) is
 * CTC_ERR_RSA_DECRYPT, decided once after the whole decoding; then
 * out[0..k - 2 hLen - 2) is zeroed and *msg_len is 0. On success the
 * bytes of out past the message up to that length are zero.
 * CT: the key, the decrypted block and the message are secret; the error
 * status and the message length leak, at the end.
 */
int ctc_rsa_oaep_decrypt(uint8_t *out, size_t out_size, size_t *msg_len,
                         const ctc_rsa_private_key *key, int hash_id, int mgf_hash_id,
                         const uint8_t *label, size_t label_len,
                         const uint8_t *ct, size_t ct_len,
                         ctc_rng_fn rng, void *rng_ctx);

/*
 * RSAES-PKCS1-v1_5 encryption (RFC 8017 7.2.1): out[0..k), out_size >= k
 * (CTC_ERR_BUFFER), msg_len <= k - 11 (CTC_ERR_LENGTH). The k - msg_len - 3
 * padding bytes are nonzero bytes from rng (a zero byte is drawn again;
 * CTC_ERR_RNG also when the generator gives 64 zero bytes in a row for one
 * position). New protocols should use OAEP.
 * CT: the message is secret; whether a padding byte had to be drawn again
 * leaks (random bytes, unrelated to the message).
 */
int ctc_rsa_pkcs1_encrypt(uint8_t *out, size_t out_size, const ctc_rsa_public_key *key,
                          const uint8_t *msg, size_t msg_len,
                          ctc_rng_fn rng, void *rng_ctx);

/*
 * RSAES-PKCS1-v1_5 decryption (RFC 8017 7.2.2) with implicit rejection
 * (draft-irtf-cfrg-rsa-guidance, as OpenSSL 3.2 and later): a ciphertext
 * whose decrypted block is not a valid padding does not fail; it gives a
 * synthetic message, of a pseudo-random length of 0 to k - 11 bytes,
 * derived from the ciphertext and a secret of the key by HMAC-SHA-256
 * (KDK = HMAC(SHA-256(I2OSP(d, k)), ct)), indistinguishable from a real
 * decryption to whoever lacks the key. Both messages are computed, and
 * one is chosen by mask. The caller must therefore authenticate what it
 * decrypted by other means (a MAC, a handshake transcript).
 * out_size >= k - 11 (CTC_ERR_BUFFER, checked first); ct is exactly k
 * bytes (CTC_ERR_LENGTH) and < n (CTC_ERR_RANGE); CTC_ERR_RNG,
 * CTC_ERR_FAULT as ctc_rsa_private. No other error: *msg_len is the
 * length of the message or of the synthetic one; out's bytes past it up
 * to k - 11 are zero.
 * The synthetic messages are the draft's (OpenSSL 3.2's) when the key has
 * its d (read from DER, generated, or given with
 * ctc_rsa_private_key_set_d); without it the secret is
 * SHA-256(I2OSP(dp, k) || I2OSP(dq, k)), equally unpredictable but
 * another implementation's synthetic messages differ.
 * CT: the key, the decrypted block, whether its padding was valid and the
 * message are secret; the chosen message's length is made public at the
 * end (it says nothing about the padding's validity).
 */
int ctc_rsa_pkcs1_decrypt(uint8_t *out, size_t out_size, size_t *msg_len,
                          const ctc_rsa_private_key *key,
                          const uint8_t *ct, size_t ct_len,
                          ctc_rng_fn rng, void *rng_ctx);

/*
 * Gives a private key imported from its parts its private exponent d
 * (big-endian, leading zeros allowed), for PKCS#1 v1.5 decryption's
 * implicit rejection and the DER writers (the private operation uses dp
 * and dq). d must be < n and agree with the key: d = dp mod (p - 1) and
 * d = dq mod (q - 1) (CTC_ERR_RSA_D, the key unchanged; CTC_ERR_LENGTH
 * beyond k bytes plus leading zeros). CTC_ERR_PARAM for a key that was not imported.
 * CT: d is secret; whether it agrees with the key leaks.
 */
int ctc_rsa_private_key_set_d(ctc_rsa_private_key *key, const uint8_t *d, size_t d_len);
/* ---- DER key files ------------------------------------------------------------------- */

/*
 * PKCS#1 (RFC 8017 A.1) RSAPublicKey and RSAPrivateKey, PKCS#8 (RFC 5208)
 * PrivateKeyInfo and X.509 (RFC 5280, RFC 3279 2.3.1) SubjectPublicKeyInfo,
 * both with the AlgorithmIdentifier rsaEncryption (1.2.840.113549.1.1.1)
 * and NULL parameters. Only strict DER is read: minimal lengths (at most
 * two length bytes), minimal non-negative INTEGERs, no trailing bytes
 * after the outer element or inside any SEQUENCE, the BIT STRING with 0
 * unused bits. Error codes of the readers, besides those of the imports:
 *   CTC_ERR_ENCODING   malformed DER (a tag, a length, a truncation, a
 *                      trailing byte, a non-minimal INTEGER);
 *   CTC_ERR_RANGE      a negative INTEGER;
 *   CTC_ERR_RSA_VERSION   a version other than 0 (multi-prime keys and
 *                      PKCS#8 v2 are refused);
 *   CTC_ERR_RSA_ALGORITHM an algorithm other than rsaEncryption, or
 *                      parameters other than NULL;
 *   CTC_ERR_RSA_PQ     p q != n;
 *   CTC_ERR_RSA_D      d >= n, d mod (p - 1) != dp or d mod (q - 1) != dq;
 *   CTC_ERR_KEY        the other checks of ctc_rsa_private_key_import.
 * The writers put the DER at out[0..*out_len) when out_size is enough
 * (CTC_ERR_BUFFER otherwise, nothing written); the _MAX macros bound the
 * output for a modulus of `bits` bits (primes of at most half the limbs).
 * CT: public keys are public. For private keys, the values of p, q, d,
 * dp, dq and qinv are secret; their DER structure (the byte length of each
 * INTEGER and whether it carries a sign byte) is not, and the checks'
 * results are made public (an error is returned).
 */
#define CTC_RSA_DER_HALF_(bits) ((((size_t)(bits) + 127) / 128) * 8 + 1)
#define CTC_RSA_PUBKEY_DER_MAX(bits) (((size_t)(bits) + 7) / 8 + 18)
#define CTC_RSA_SPKI_DER_MAX(bits) (CTC_RSA_PUBKEY_DER_MAX(bits) + 24)
#define CTC_RSA_PRIVKEY_DER_MAX(bits)                                       \
    (4 + 3 + 2 * (((size_t)(bits) + 7) / 8 + 5) + 7 + 5 * (CTC_RSA_DER_HALF_(bits) + 4))
#define CTC_RSA_PKCS8_DER_MAX(bits) (CTC_RSA_PRIVKEY_DER_MAX(bits) + 26)

/* key = the PKCS#1 RSAPublicKey in der[0..der_len) */
int ctc_rsa_public_key_from_der(ctc_rsa_public_key *key, const uint8_t *der, size_t der_len);
/* key = the SubjectPublicKeyInfo in der[0..der_len) */
int ctc_rsa_public_key_from_spki(ctc_rsa_public_key *key, const uint8_t *der, size_t der_len);
/* key = the PKCS#1 RSAPrivateKey in der[0..der_len) (d is checked and kept) */
int ctc_rsa_private_key_from_der(ctc_rsa_private_key *key, const uint8_t *der, size_t der_len);
/* key = the PKCS#8 PrivateKeyInfo (an RSAPrivateKey inside) in der[0..der_len) */
int ctc_rsa_private_key_from_pkcs8(ctc_rsa_private_key *key, const uint8_t *der, size_t der_len);

int ctc_rsa_public_key_to_der(uint8_t *out, size_t out_size, size_t *out_len,
                              const ctc_rsa_public_key *key);
int ctc_rsa_public_key_to_spki(uint8_t *out, size_t out_size, size_t *out_len,
                               const ctc_rsa_public_key *key);
int ctc_rsa_private_key_to_der(uint8_t *out, size_t out_size, size_t *out_len,
                               const ctc_rsa_private_key *key);
int ctc_rsa_private_key_to_pkcs8(uint8_t *out, size_t out_size, size_t *out_len,
                                 const ctc_rsa_private_key *key);

/* ---- key generation -------------------------------------------------------------------- */

/*
 * key = a new private key of exactly `bits` bits (even, 2048 to
 * min(4096, CTC_RSA_MAX_BITS); CTC_ERR_PARAM otherwise) with public
 * exponent e (odd, 2^16 < e < 2^32; CTC_ERR_PARAM otherwise), after FIPS
 * 186-5 A.1.3 (random probable primes): each prime has bits / 2 bits, its
 * top two bits set, is odd, has gcd(p - 1, e) = 1, no factor below 1000,
 * and passed Miller-Rabin with the rounds of FIPS 186-5 Table B.1 (bases
 * from rng); |p - q| > 2^(bits/2 - 100); d = e^-1 mod lcm(p - 1, q - 1) must
 * exceed 2^(bits/2). All randomness comes from rng (CTC_ERR_RNG when it
 * fails). A search that meets FIPS's bound of 5 bits / 2 candidates
 * without a prime (about one in 160 for e = 2^32 - 1, whose factors 3, 5,
 * 17, 257 exclude about 65% of the primes; e^-14 for 65537) starts again,
 * up to 16 searches; CTC_ERR_LIMIT when all fail (below 2^-100). On an
 * error key is zeroed.
 * Stack: about 18 KiB at CTC_RSA_MAX_BITS = 4096, whatever bits is
 * (docs/rsa.md).
 * CT: the primes, d and the CRT values are secret; the number of
 * candidates drawn, and why each discarded candidate was discarded, leak
 * (docs/rsa.md: what that says about the key).
 */
int ctc_rsa_keygen(ctc_rsa_private_key *key, unsigned bits, uint32_t e,
                   ctc_rng_fn rng, void *rng_ctx);

#endif /* CTCRYPTO_RSA_H */

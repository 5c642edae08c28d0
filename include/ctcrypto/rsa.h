/*
 * ctcrypto/rsa.h - RSA (RFC 8017): public keys, the public operation,
 * PKCS#1 v1.5 (RSASSA-PKCS1-v1_5) and PSS (RSASSA-PSS) signature
 * verification.
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
 *                          verify (its encoded message is wrong).
 *    Nothing is written to an output when an error is returned.
 *  - k is the modulus's length in bytes (ctc_rsa_size). Integers are
 *    big-endian byte strings; a signature is exactly k bytes.
 *  - Keys: 1024 to CTC_RSA_MAX_BITS bits (ctcrypto/config.h, default 4096;
 *    1024 for legacy verification only), any odd public exponent
 *    3 <= e < 2^32. Key structs belong to the caller, are declared in full
 *    and may be copied with memcpy.
 *  - Hashes: CTC_HASH_SHA256, CTC_HASH_SHA384, CTC_HASH_SHA512
 *    (ctcrypto/hash.h); the caller hashes the message and passes the
 *    digest.
 *  - Inputs and outputs may not overlap.
 *  - Everything here is public (keys, signatures, digests) and runs in
 *    variable time: the exponentiation with e follows e's bits.
 *    CT: variable time in every input; for public data only.
 *  - The limb type of the key structs must be the library's: a caller
 *    compiles with the same CTC_LIMB_BITS as the library (the default on
 *    both sides is the register width).
 *  - No heap; stack use is bounded by CTC_RSA_MAX_BITS (about 5 k for
 *    4096 bits with 32-bit limbs, see docs/rsa.md).
 */
#ifndef CTCRYPTO_RSA_H
#define CTCRYPTO_RSA_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

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

#endif /* CTCRYPTO_RSA_H */

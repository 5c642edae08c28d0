/*
 * ctcrypto/ec.h - elliptic curves: P-256 and P-384 keys, ECDH and ECDSA.
 *
 * Both curves have the same functions, named ctc_p256_* / ctc_ecdh_p256 /
 * ctc_ecdsa_p256_* and ctc_p384_* / ctc_ecdh_p384 / ctc_ecdsa_p384_*, thin
 * wrappers over one generic layer (src/ec/ec.h). They are documented once,
 * for P-256, below; for P-384 read 48 for 32 (scalars, coordinates,
 * shared secrets), 97 for 65, 49 for 33 and 96 for 64 (raw signatures),
 * SHA-384 for SHA-256. A curve can be left out of a build
 * (CTC_EC_P256=0 or CTC_EC_P384=0, ctcrypto/config.h).
 *
 * Conventions for every function declared here:
 *  - Return 0 (CTC_OK) or a negative CTC_ERR_* per cause:
 *      CTC_ERR_PARAM     a NULL pointer where data is needed;
 *      CTC_ERR_LENGTH    an input length the operation refuses;
 *      CTC_ERR_BUFFER    an output buffer that is too small;
 *      CTC_ERR_KEY       a private key (scalar) that is 0 or >= n;
 *      CTC_ERR_POINT     a public key that is not a point of the curve
 *                        (coordinate >= p, not on the curve, no square
 *                        root for a compressed x) or a result at infinity;
 *      CTC_ERR_ENCODING  a malformed encoding (SEC1 first byte, DER);
 *      CTC_ERR_RANGE     a signature integer r or s that is 0 or >= n;
 *      CTC_ERR_SIGNATURE a well-formed signature that does not verify.
 *    Nothing is written to an output when an error is returned (outputs
 *    are zeroed where a partial result could leak).
 *  - Integers are big-endian byte strings of fixed size: a private key or
 *    a scalar is 32 bytes; a public key is a SEC1 point, 65 bytes
 *    04 || x || y (uncompressed) or 33 bytes 02/03 || x (compressed, on
 *    input where a length is taken); a raw signature is r || s, 64 bytes
 *    (IEEE P1363), taken with its length on input; a DER signature is
 *    SEQUENCE { INTEGER r, INTEGER s }, at most CTC_P256_DER_SIG_MAX
 *    bytes, strict DER only.
 *  - Message hashes: any length; the leftmost 256 bits are used (384 for
 *    P-384; as FIPS 186-5 and RFC 6979 say), so SHA-256 is used whole.
 *  - Inputs and outputs may not overlap.
 *  - Secret: private keys, nonces, shared secrets, random bytes given for
 *    key generation and hedging. Public: public keys, signatures, hashes,
 *    lengths, and whether an operation succeeded.
 *    CT: secrets leak neither through branches, memory addresses nor
 *    divisions; functions on public data only (verification, point
 *    decoding) run in variable time.
 *  - No heap; stack use is bounded (a few KiB, see docs/ec.md).
 */
#ifndef CTCRYPTO_EC_H
#define CTCRYPTO_EC_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

#define CTC_P256_SCALAR_BYTES 32
#define CTC_P256_PUB_BYTES 65        /* uncompressed SEC1 point */
#define CTC_P256_PUB_COMPRESSED_BYTES 33
#define CTC_P256_SHARED_BYTES 32
#define CTC_P256_SIG_BYTES 64        /* r || s */
#define CTC_P256_DER_SIG_MAX 72      /* 2 + 2 * (2 + 33) */
#define CTC_P256_KEYGEN_MIN_RANDOM 40
#define CTC_P256_KEYGEN_MAX_RANDOM 64

#define CTC_P384_SCALAR_BYTES 48
#define CTC_P384_PUB_BYTES 97
#define CTC_P384_PUB_COMPRESSED_BYTES 49
#define CTC_P384_SHARED_BYTES 48
#define CTC_P384_SIG_BYTES 96
#define CTC_P384_DER_SIG_MAX 104     /* 2 + 2 * (2 + 49) */
#define CTC_P384_KEYGEN_MIN_RANDOM 56
#define CTC_P384_KEYGEN_MAX_RANDOM 80

/* ---- keys ---------------------------------------------------------------------- */

/*
 * pub = priv * G (uncompressed). priv must be in [1, n - 1] (else
 * CTC_ERR_KEY, pub zeroed).
 */
int ctc_p256_public_key(uint8_t pub[65], const uint8_t priv[32]);

/*
 * A key pair from caller-supplied random bytes (FIPS 186-5 A.2.1, "extra
 * random bits"): priv = (c mod (n - 1)) + 1 where c is the big-endian
 * integer rnd[0..rnd_len), rnd_len in [40, 64] (CTC_ERR_LENGTH otherwise);
 * the 64 extra bits make the bias below 2^-64. pub as ctc_p256_public_key.
 * CT: rnd and priv are secret.
 */
int ctc_p256_keygen(uint8_t priv[32], uint8_t pub[65], const uint8_t *rnd,
                    size_t rnd_len);

/*
 * Validates a public key (SEC1, 65 or 33 bytes): coordinates < p, on the
 * curve, not infinity (P-256 has cofactor 1, so this is the full check).
 */
int ctc_p256_public_key_check(const uint8_t *pub, size_t pub_len);

/*
 * CTC_OK when priv is a valid private key, in [1, n - 1], else
 * CTC_ERR_KEY (CTC_ERR_PARAM for NULL). No point multiplication: the
 * check of ctc_p256_public_key without its k G, for rejection sampling.
 * CT: priv is secret; only the answer leaks.
 */
int ctc_p256_private_key_check(const uint8_t priv[32]);

/* out = the uncompressed form of a valid public key given as 65 or 33
 * bytes (decompression). */
int ctc_p256_public_key_decode(uint8_t out[65], const uint8_t *pub, size_t pub_len);

/* out = 02/03 || x, the compressed form of a valid public key. */
int ctc_p256_public_key_compress(uint8_t out[33], const uint8_t *pub, size_t pub_len);

/*
 * out = the public key in a DER SubjectPublicKeyInfo (RFC 5480): algorithm
 * id-ecPublicKey with the named curve prime256v1 (no other parameters are
 * accepted), subjectPublicKey a SEC1 point (65 or 33 bytes) that passes
 * ctc_p256_public_key_check. Strict DER: CTC_ERR_ENCODING for anything
 * else (other algorithm or curve, explicit parameters, trailing bytes).
 */
int ctc_p256_spki_decode(uint8_t out[65], const uint8_t *der, size_t der_len);

/* ---- ECDH ------------------------------------------------------------------------ */

/*
 * shared = the x-coordinate of priv * peer (SEC1 ECDH primitive). The peer
 * key is validated first (CTC_ERR_POINT, CTC_ERR_LENGTH, CTC_ERR_ENCODING);
 * priv must be in [1, n - 1] (CTC_ERR_KEY). A result at infinity (not
 * reachable with a valid key and a valid peer point) gives CTC_ERR_POINT.
 * shared is zeroed on every error.
 */
int ctc_ecdh_p256(uint8_t shared[32], const uint8_t priv[32],
                  const uint8_t *peer, size_t peer_len);

/* ---- ECDSA ----------------------------------------------------------------------- */

/*
 * sig = r || s, an ECDSA signature of the message hash h (h_len >= 1) with
 * private key priv, with the nonce of RFC 6979 and optional additional
 * data (RFC 6979 section 3.6: fresh random bytes make the signature
 * hedged; extra_len 0 gives the deterministic signature). RFC 6979's HMAC
 * uses the hash whose output length is h_len (SHA-224, -256, -384, -512
 * for 28, 32, 48, 64 bytes), so the signatures are RFC 6979's for those
 * hashes; other lengths use SHA-256 (SHA-384 for P-384).
 * CTC_ERR_KEY for a private key outside [1, n - 1]. r = 0 or s = 0
 * (probability about 2^-256 each) give CTC_ERR_RANGE and no signature
 * (RFC 6979's next candidate is not tried).
 */
int ctc_ecdsa_p256_sign(uint8_t sig[64], const uint8_t priv[32],
                        const uint8_t *h, size_t h_len,
                        const uint8_t *extra, size_t extra_len);

/*
 * Verifies sig = r || s (sig_len must be 64: CTC_ERR_LENGTH otherwise) for
 * hash h under the public key pub (65 or 33 bytes). Returns 0,
 * CTC_ERR_RANGE (r or s is 0 or >= n), CTC_ERR_SIGNATURE (does not
 * verify), or the public-key errors.
 */
int ctc_ecdsa_p256_verify(const uint8_t *pub, size_t pub_len,
                          const uint8_t *h, size_t h_len, const uint8_t *sig, size_t sig_len);

/* The same with a DER signature (CTC_ERR_ENCODING when it is not strict
 * DER, see ctc_ecdsa_p256_sig_from_der). */
int ctc_ecdsa_p256_verify_der(const uint8_t *pub, size_t pub_len,
                              const uint8_t *h, size_t h_len,
                              const uint8_t *der, size_t der_len);

/* SHA-256 of the message, then sign / verify. */
int ctc_ecdsa_p256_sha256_sign(uint8_t sig[64], const uint8_t priv[32],
                               const uint8_t *msg, size_t msg_len,
                               const uint8_t *extra, size_t extra_len);
int ctc_ecdsa_p256_sha256_verify(const uint8_t *pub, size_t pub_len,
                                 const uint8_t *msg, size_t msg_len,
                                 const uint8_t *sig, size_t sig_len);
int ctc_ecdsa_p256_sha256_verify_der(const uint8_t *pub, size_t pub_len,
                                     const uint8_t *msg, size_t msg_len,
                                     const uint8_t *der, size_t der_len);

/*
 * der[0..*der_len) = the DER form of sig = r || s (minimal INTEGERs).
 * cap is the size of der (CTC_ERR_BUFFER if too small; CTC_P256_DER_SIG_MAX
 * always suffices). r and s are taken as they are (no range check).
 */
int ctc_ecdsa_p256_sig_to_der(uint8_t *der, size_t *der_len, size_t cap,
                              const uint8_t sig[64]);

/*
 * sig = r || s from a DER signature. Strict DER: SEQUENCE of exactly two
 * INTEGERs, definite minimal lengths, minimal INTEGER encodings, no
 * trailing bytes (CTC_ERR_ENCODING). A negative integer or one that does
 * not fit 32 bytes gives CTC_ERR_RANGE. sig is zeroed on error.
 */
int ctc_ecdsa_p256_sig_from_der(uint8_t sig[64], const uint8_t *der, size_t der_len);

/* ---- P-384: the same functions (see the top of this file) ---------------------- */

int ctc_p384_public_key(uint8_t pub[97], const uint8_t priv[48]);
int ctc_p384_keygen(uint8_t priv[48], uint8_t pub[97], const uint8_t *rnd,
                    size_t rnd_len);
int ctc_p384_public_key_check(const uint8_t *pub, size_t pub_len);
int ctc_p384_private_key_check(const uint8_t priv[48]);
int ctc_p384_public_key_decode(uint8_t out[97], const uint8_t *pub, size_t pub_len);
int ctc_p384_public_key_compress(uint8_t out[49], const uint8_t *pub, size_t pub_len);
/* named curve secp384r1 (1.3.132.0.34) */
int ctc_p384_spki_decode(uint8_t out[97], const uint8_t *der, size_t der_len);
int ctc_ecdh_p384(uint8_t shared[48], const uint8_t priv[48],
                  const uint8_t *peer, size_t peer_len);
int ctc_ecdsa_p384_sign(uint8_t sig[96], const uint8_t priv[48],
                        const uint8_t *h, size_t h_len,
                        const uint8_t *extra, size_t extra_len);
int ctc_ecdsa_p384_verify(const uint8_t *pub, size_t pub_len,
                          const uint8_t *h, size_t h_len, const uint8_t *sig, size_t sig_len);
int ctc_ecdsa_p384_verify_der(const uint8_t *pub, size_t pub_len,
                              const uint8_t *h, size_t h_len,
                              const uint8_t *der, size_t der_len);
int ctc_ecdsa_p384_sha384_sign(uint8_t sig[96], const uint8_t priv[48],
                               const uint8_t *msg, size_t msg_len,
                               const uint8_t *extra, size_t extra_len);
int ctc_ecdsa_p384_sha384_verify(const uint8_t *pub, size_t pub_len,
                                 const uint8_t *msg, size_t msg_len,
                                 const uint8_t *sig, size_t sig_len);
int ctc_ecdsa_p384_sha384_verify_der(const uint8_t *pub, size_t pub_len,
                                     const uint8_t *msg, size_t msg_len,
                                     const uint8_t *der, size_t der_len);
int ctc_ecdsa_p384_sig_to_der(uint8_t *der, size_t *der_len, size_t cap,
                              const uint8_t sig[96]);
int ctc_ecdsa_p384_sig_from_der(uint8_t sig[96], const uint8_t *der, size_t der_len);

#endif /* CTCRYPTO_EC_H */

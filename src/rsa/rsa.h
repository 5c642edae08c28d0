/*
 * rsa.h - the rsa layer's internal interface: the pieces the public
 * functions of ctcrypto/rsa.h share.
 *
 * Conventions for every function declared here:
 *  - A key's limbs (ctc_rsa_limb) are the mp layer's ct_limb_t; sizes of
 *    bignums are in limbs, of byte strings in bytes (as in mp.h).
 *  - Byte lengths, hash ids and the public key are public; what else is
 *    secret is said per function.
 * CT: as each function says.
 *
 * Files: rsa_key.c (public key import), rsa_public.c (the public
 * operation), rsa_mgf1.c (MGF1), rsa_pkcs1.c (EMSA-PKCS1-v1_5 and its
 * signatures), rsa_pss.c (EMSA-PSS verification), rsa_private.c (private
 * key import and the private operation), rsa_pss_sign.c (EMSA-PSS
 * encoding and signing), rsa_oaep.c (RSAES-OAEP), rsa_pkcs1_enc.c
 * (RSAES-PKCS1-v1_5 with implicit rejection), rsa_suffix.c (the
 * constant-time suffix move), rsa_key_d.c (ctc_rsa_private_key_set_d).
 * encoding and signing), rsa_der.c and rsa_der_private.c (DER key
 * files), rsa_d.c (d from p, q and e), rsa_keygen.c (key generation).
 */
#ifndef RSA_RSA_H
#define RSA_RSA_H

#include <stddef.h>
#include <stdint.h>

#include "ctcrypto/hash.h"
#include "ctcrypto/rsa.h"
#include "mp/mp.h"

/* limbs of the largest modulus, and the scratch of one public exponentiation */
#define RSA_LIMBS MP_LIMBS(CTC_RSA_MAX_BITS)
#define RSA_PUB_SCRATCH MP_EXP_SCRATCH(RSA_LIMBS, 1)
/* limbs of the largest prime; the window of the CRT exponentiations
 * (mp_exp takes the largest that fits the scratch: 5 for primes up to
 * 3072 bits, docs/mp.md; 4 with PROFILE=small, 16 table entries) */
#define RSA_HALF ((RSA_LIMBS + 1) / 2)
#if CTC_PROFILE_SMALL
#define RSA_CRT_WINDOW 4
#else
#define RSA_CRT_WINDOW 5
#endif
#define RSA_MAX_(a, b) ((a) > (b) ? (a) : (b))
/* the scratch of a private operation: a CRT exponentiation, the inversion
 * of the blinding value, R^2 mod n, the exponentiations with e */
#define RSA_PRIV_SCRATCH_                                                  \
    RSA_MAX_(RSA_MAX_(MP_EXP_SCRATCH(RSA_HALF, RSA_CRT_WINDOW),            \
                      MP_INV_SCRATCH(RSA_LIMBS)),                           \
             RSA_MAX_(MP_R2_SCRATCH(RSA_LIMBS), MP_EXP_SCRATCH(RSA_LIMBS, 3)))
/* x86-64: both CRT halves at once in radix 2^52 (mp_exp2_52, window 5,
 * about 23 KiB for 2048-bit primes) where the IFMA kernel is built */
#if MP_IFMA
#define RSA_PRIV_SCRATCH                                                   \
    RSA_MAX_(RSA_PRIV_SCRATCH_,                                             \
             MP_EXP2_52_SCRATCH(RSA_HALF > MP52_MAX_N ? MP52_MAX_N : RSA_HALF, \
                                RSA_CRT_WINDOW))
#else
#define RSA_PRIV_SCRATCH RSA_PRIV_SCRATCH_
#endif

/* the key's moduli n, p and q as mp_modulus objects (views of the
 * caller-owned key's fields) */
CT_INLINE mp_modulus rsa_pub_modulus(const ctc_rsa_public_key *key)
{
    mp_modulus m;

    m.N = key->n;
    m.R2 = key->r2;
    m.n = key->limbs;
    m.ninv = key->ninv;
    return m;
}

CT_INLINE mp_modulus rsa_p_modulus(const ctc_rsa_private_key *key)
{
    mp_modulus m;

    m.N = key->p;
    m.R2 = key->p_r2;
    m.n = key->half_limbs;
    m.ninv = key->p_ninv;
    return m;
}

CT_INLINE mp_modulus rsa_q_modulus(const ctc_rsa_private_key *key)
{
    mp_modulus m;

    m.N = key->q;
    m.R2 = key->q_r2;
    m.n = key->half_limbs;
    m.ninv = key->q_ninv;
    return m;
}

/*
 * X = A^e mod n for the public key (A < n, key->limbs limbs; X may equal
 * A). T: RSA_PUB_SCRATCH limbs.
 * CT: variable time; A, n and e are public.
 */
void rsa_public_vartime(ct_limb_t *X, const ctc_rsa_public_key *key,
                        const ct_limb_t *A, ct_limb_t *T);

/*
 * out[0..k) = sig^e mod n as k bytes, for sig of k bytes. Returns
 * CTC_ERR_LENGTH (sig_len != k) or CTC_ERR_RANGE (sig >= n).
 * CT: variable time; for public signatures.
 */
int rsa_verify_em_vartime(uint8_t *out, const ctc_rsa_public_key *key,
                          const uint8_t *sig, size_t sig_len);

/*
 * out[0..len) ^= MGF1(seed[0..seed_len)) with hash_id (RFC 8017 B.2.1).
 * hash_id is a supported one; seed_len is any length (OAEP masks the
 * seed with MGF1 of the whole masked DB).
 * CT: the seed and out are secret; only the lengths and hash_id leak.
 */
void rsa_mgf1_xor(uint8_t *out, size_t len, int hash_id, const uint8_t *seed,
                  size_t seed_len);

/*
 * The DER DigestInfo prefix of hash_id (the bytes before the digest) and
 * its length; NULL for a hash id RSA does not take (SHA-256, SHA-384 and
 * SHA-512 only). Also the check of a hash id for PSS.
 */
const uint8_t *rsa_digestinfo_prefix(int hash_id, size_t *len);

/*
 * em[0..k) = EMSA-PKCS1-v1_5(hash) = 00 01 FF..FF 00 DigestInfo for
 * hash_id (prefix of prefix_len bytes, then hash_len digest bytes).
 * k >= prefix_len + hash_len + 11 (always so for k >= 128 bytes).
 * CT: hash is secret; only the lengths leak.
 */
void rsa_pkcs1_encode(uint8_t *em, size_t k, const uint8_t *prefix,
                      size_t prefix_len, const uint8_t *hash, size_t hash_len);

/*
 * out[0..k) = in^d mod n for in of k bytes (the private key's k), by
 * ctc_rsa_private's method (blinding, CRT, the check with e); returns
 * CTC_OK, CTC_ERR_RANGE (in >= n), CTC_ERR_RNG or CTC_ERR_FAULT (out
 * zeroed on an error). out and in may be the same buffer.
 * CT: in, out and the key are secret; only the error status leaks.
 */
int rsa_private_em(uint8_t *out, const ctc_rsa_private_key *key, const uint8_t *in,
                   ctc_rng_fn rng, void *rng_ctx);

/* ---- encryption (rsa_oaep.c, rsa_pkcs1_enc.c, rsa_suffix.c, rsa_key_d.c) ---- */

/*
 * buf[0..keep) = the last keep bytes of buf[0..len), buf[keep..len) = 0,
 * for keep <= len: a shift left by len - keep, done as one conditional
 * shift per bit of that amount over the whole buffer.
 * CT: buf and keep are secret; only len leaks.
 */
void rsa_take_suffix(uint8_t *buf, size_t len, size_t keep);

/*
 * EME-OAEP decoding (RFC 8017 7.1.2 step 3) of em[0..k) (modified):
 * lhash is the label's digest under hash_id, mgf_hash_id MGF1's hash,
 * k >= 2 hLen + 2. out[0..k - 2 hLen - 2) = the message then zeros, all
 * zeros when the encoding is invalid; *msg_len = its length (0 then).
 * Returns whether the encoding is valid.
 * CT: em, the result and *msg_len are secret; only k and the ids leak.
 */
ct_cond rsa_oaep_unpad(uint8_t *out, size_t *msg_len, uint8_t *em, size_t k,
                       int hash_id, int mgf_hash_id, const uint8_t *lhash);

/*
 * EME-PKCS1-v1_5 decoding with implicit rejection
 * (draft-irtf-cfrg-rsa-guidance) of em[0..k), k >= 11 (em modified):
 * kdk is the 32-byte KDK of the ciphertext; out[0..k - 11) = the message,
 * or the synthetic message when the padding is invalid, then zeros;
 * *msg_len = its length.
 * CT: em, kdk, the validity of the padding, out and *msg_len are secret;
 * only k leaks.
 */
void rsa_pkcs1_unpad_ir(uint8_t *out, size_t *msg_len, uint8_t *em, size_t k,
                        const uint8_t kdk[32]);

/*
 * kdk = HMAC-SHA-256(ir_key, ct[0..k)), ir_key the key's (or the one made
 * from dp and dq when d was not given).
 * CT: the key is secret; ct and k are not.
 */
void rsa_ir_kdk(uint8_t kdk[32], const ctc_rsa_private_key *key, const uint8_t *ct);
/* ---- DER key files (rsa_der.c, rsa_der_private.c) and key generation (rsa_d.c, rsa_keygen.c) ---- */

#include "asn1/asn1.h"

/* the DER AlgorithmIdentifier rsaEncryption with NULL parameters: its
 * length, and a writer (a function, not a shared data object: armv7a-linux
 * builds position-independent code, where another file's data object is
 * reached through the GOT) that puts its bytes at out -> out + the length */
#define RSA_DER_ALGORITHM_LEN 15
uint8_t *rsa_der_put_algorithm(uint8_t *out);

/* Reads an AlgorithmIdentifier that must be rsaEncryption with NULL
 * parameters: CTC_OK, CTC_ERR_ENCODING or CTC_ERR_RSA_ALGORITHM. */
int rsa_der_read_algorithm(asn1_reader *r);

/* The INTEGER element of the big-endian unsigned in[0..in_len) at out
 * (NULL: only the length); returns its length (room: in_len + 5).
 * CT: in's leading zero bytes and its top bit leak (the DER length). */
size_t rsa_der_put_uint(uint8_t *out, const uint8_t *in, size_t in_len);

/* the scratch of rsa_make_d, in limbs */
#define RSA_D_SCRATCH (20 * RSA_HALF + 4 + MP_INV_SCRATCH(1))

/*
 * D (2h limbs) = e^-1 mod lambda, lambda = lcm(P - 1, Q - 1), for odd P,
 * Q > 1 of h limbs and odd e >= 3 prime to P - 1 and Q - 1: lambda by a
 * constant-time binary GCD and an exact division, then D = (1 + k lambda)
 * / e with k = -lambda^-1 mod e (rsa_d.c). Returns the condition "e is
 * prime to lambda" (D is garbage otherwise). T: RSA_D_SCRATCH limbs.
 * CT: P, Q and D are secret; only h and e leak.
 */
ct_cond rsa_make_d(ct_limb_t *D, const ct_limb_t *P, const ct_limb_t *Q, size_t h,
                   uint32_t e, ct_limb_t *T);

/*
 * Key generation's steps on a candidate (rsa_keygen.c), for its tests:
 * rsa_kg_sieve: the condition "W has no odd prime factor below 1000 and
 * gcd(W - 1, e) = 1", for odd W > 1000 of h limbs and odd e > 1.
 * T: h + 2 + MP_INV_SCRATCH(1) limbs.
 * CT: W is secret; only h and e leak.
 */
ct_cond rsa_kg_sieve(const ct_limb_t *W, size_t h, uint32_t e, ct_limb_t *T);
/*
 * Miller-Rabin (FIPS 186-5 B.3.1) on odd W > 2^64 of h limbs: `rounds`
 * rounds with bases 2 + (b mod (W - 3)) for b of w h + 64 bits from rng
 * (bias below 2^-64), each an mp_exp with W as a secret modulus, then 31
 * squarings whatever the power of 2 in W - 1. *prime = 1 when every round
 * passed, 0 when W is discarded (a round failed, or 2^33 divides W - 1).
 * Returns CTC_OK or CTC_ERR_RNG. T: RSA_PRIV_SCRATCH limbs.
 * CT: W and the bases are secret; whether W is discarded, and after which
 * round, is declassified (a discarded candidate is not part of any key).
 */
int rsa_kg_miller_rabin(int *prime, const ct_limb_t *W, size_t h, int rounds,
                        ctc_rng_fn rng, void *rng_ctx, ct_limb_t *T);
/* The condition |A - B| > 2^s for A, B of h limbs (s < w h, public).
 * CT: A and B are secret. */
ct_cond rsa_kg_far_apart(const ct_limb_t *A, const ct_limb_t *B, size_t h, size_t s);
/*
 * DP = D mod (P - 1), DQ = D mod (Q - 1), QI = Q^-1 mod P for odd P, Q > 1
 * of h limbs (QI = 0 if they are not coprime) and D of 2h limbs. T: 4h
 * limbs and MP_INV_SCRATCH(h).
 * CT: all secret; only h leaks.
 */
void rsa_kg_crt(ct_limb_t *DP, ct_limb_t *DQ, ct_limb_t *QI, const ct_limb_t *D,
                const ct_limb_t *P, const ct_limb_t *Q, size_t h, ct_limb_t *T);

#endif /* RSA_RSA_H */

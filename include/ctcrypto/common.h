/*
 * ctcrypto/common.h - error codes and build report shared by every family.
 *
 * Every public function returns int: CTC_OK (0) on success or one distinct
 * negative CTC_ERR_* per cause. A function never returns a positive value
 * unless its documentation says so.
 */
#ifndef CTCRYPTO_COMMON_H
#define CTCRYPTO_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"

/* the release (make install's pkg-config file and CMake's package version
 * read it from here) */
#define CTC_VERSION "0.1.0"

#define CTC_OK              0
#define CTC_ERR_LENGTH     -1  /* an input has a length the operation refuses */
#define CTC_ERR_RANGE      -2  /* an integer input is outside its allowed range */
#define CTC_ERR_BUFFER     -3  /* an output or scratch buffer is too small */
#define CTC_ERR_POINT      -4  /* a point is not on the curve or is invalid */
#define CTC_ERR_SIGNATURE  -5  /* a signature does not verify or is malformed */
#define CTC_ERR_RNG        -6  /* the caller's random generator failed */
#define CTC_ERR_ENCODING   -7  /* malformed encoding (DER, SEC1, padding) */
#define CTC_ERR_KEY        -8  /* a key is invalid */
#define CTC_ERR_LIMIT      -9  /* a usage limit is reached (reseed, output size) */
#define CTC_ERR_PARAM     -10  /* an argument is invalid (NULL, unknown id) */
/* RSA public keys (ctcrypto/rsa.h): which check of (n, e) failed */
#define CTC_ERR_RSA_N_EVEN   -11  /* the modulus n is even */
#define CTC_ERR_RSA_N_SIZE   -12  /* n has fewer than 1024 or more than
                                     CTC_RSA_MAX_BITS bits */
#define CTC_ERR_RSA_E_EVEN   -13  /* the public exponent e is even */
#define CTC_ERR_RSA_E_SMALL  -14  /* e is 1 (the only odd value below 3) */
#define CTC_ERR_RSA_E_LARGE  -15  /* e is 2^32 or more */
#define CTC_ERR_FAULT        -16  /* a result failed its own check (a fault
                                     during the computation); nothing is
                                     written */
/* RSA decryption (ctcrypto/rsa.h) */
#define CTC_ERR_RSA_DECRYPT  -17  /* an OAEP ciphertext whose decoded message
                                     is malformed (one code for every
                                     padding fault, decided after all the
                                     work) */
/* RSA key files and key generation (ctcrypto/rsa.h) */
#define CTC_ERR_RSA_VERSION  -18  /* an RSAPrivateKey or PrivateKeyInfo
                                     version other than 0 (two primes) */
#define CTC_ERR_RSA_ALGORITHM -19 /* an AlgorithmIdentifier that is not
                                     rsaEncryption with NULL parameters */
#define CTC_ERR_RSA_PQ       -20  /* a private key whose p q is not n */
#define CTC_ERR_RSA_D        -21  /* a private key whose d does not agree
                                     with dp and dq, or is not below n */
/* AES and its modes (ctcrypto/aes.h): which input was refused */
#define CTC_ERR_AES_KEY_LEN    -22  /* a key is not 16, 24 or 32 bytes */
#define CTC_ERR_AES_IV_LEN     -23  /* an IV length the mode refuses (GCM: 0) */
#define CTC_ERR_AES_TAG_LEN    -24  /* a tag length the mode refuses */
#define CTC_ERR_AES_BLOCKS     -25  /* ECB data is not a whole number of blocks */
#define CTC_ERR_AES_DATA_LIMIT -26  /* GCM text past 2^36 - 32 bytes or AAD
                                       past 2^61 - 1 bytes */
#define CTC_ERR_AES_TAG        -27  /* an authentication tag does not verify;
                                       no plaintext is returned */
#define CTC_ERR_AES_STATE      -28  /* streaming calls in the wrong order (AAD
                                       after text, a context not started) */
#define CTC_ERR_AES_PADDING    -29  /* CBC: the PKCS#7 padding of a decrypted
                                       message is not valid (one code for
                                       every way it can be wrong) */
#define CTC_ERR_AES_MSG_LEN    -30  /* CCM text longer than the nonce's length
                                       field allows (2^(8 (15 - nonce
                                       length)) - 1 bytes) */

/*
 * The caller's random generator: fills out[0..len) with fresh random bytes
 * and returns 0, or returns nonzero on failure (the library then returns
 * CTC_ERR_RNG). ctx is the caller's, passed through unchanged. The library
 * never reads entropy by itself.
 */
typedef int (*ctc_rng_fn)(void *ctx, uint8_t *out, size_t len);

/*
 * What this library build contains, as one line of text: version, target,
 * which assembly paths were built, limb size and options. Test programs and
 * benchmarks print it first.
 */
const char *ctc_build_info(void);

#endif /* CTCRYPTO_COMMON_H */

/*
 * rsa_alt.h - mbedTLS's RSA context under MBEDTLS_RSA_ALT (mbedtls/rsa.h
 * includes it): the same fields, names and order as mbedTLS's own context,
 * because the fallback (mbedTLS's rsa.c compiled a second time without
 * MBEDTLS_RSA_ALT, its functions renamed ctc_fb_mbedtls_rsa_*; docs/tls.md,
 * "RSA") is handed the same pointer, and mbedTLS's tests read and write
 * len, N and E directly. ctc_mbedtls_rsa_layout.c checks, compiled against
 * mbedTLS's own declaration, that sizeof and every offset agree.
 *
 * The fields are given once, in CTC_MBEDTLS_RSA_FIELDS, so that the check
 * can lay out a second struct from them.
 */
#ifndef CTC_MBEDTLS_RSA_ALT_H
#define CTC_MBEDTLS_RSA_ALT_H

#include "mbedtls/bignum.h"
#if defined(MBEDTLS_THREADING_C)
#include "mbedtls/threading.h"
#endif

#if !defined(MBEDTLS_RSA_GEN_KEY_MIN_BITS)
#define MBEDTLS_RSA_GEN_KEY_MIN_BITS 1024
#endif

#if defined(MBEDTLS_THREADING_C)
#define CTC_MBEDTLS_RSA_MUTEX mbedtls_threading_mutex_t MBEDTLS_PRIVATE(mutex);
#else
#define CTC_MBEDTLS_RSA_MUTEX
#endif

/* ver, the byte length of N, the key (N, E, D, P, Q, DP, DQ, QP), the
 * cached R^2 mod N, P, Q and blinding pair (Vi, Vf) of the fallback, the
 * padding (MBEDTLS_RSA_PKCS_V15 or _V21) and the hash of OAEP and PSS */
#define CTC_MBEDTLS_RSA_FIELDS \
    int MBEDTLS_PRIVATE(ver); \
    size_t MBEDTLS_PRIVATE(len); \
    mbedtls_mpi MBEDTLS_PRIVATE(N); \
    mbedtls_mpi MBEDTLS_PRIVATE(E); \
    mbedtls_mpi MBEDTLS_PRIVATE(D); \
    mbedtls_mpi MBEDTLS_PRIVATE(P); \
    mbedtls_mpi MBEDTLS_PRIVATE(Q); \
    mbedtls_mpi MBEDTLS_PRIVATE(DP); \
    mbedtls_mpi MBEDTLS_PRIVATE(DQ); \
    mbedtls_mpi MBEDTLS_PRIVATE(QP); \
    mbedtls_mpi MBEDTLS_PRIVATE(RN); \
    mbedtls_mpi MBEDTLS_PRIVATE(RP); \
    mbedtls_mpi MBEDTLS_PRIVATE(RQ); \
    mbedtls_mpi MBEDTLS_PRIVATE(Vi); \
    mbedtls_mpi MBEDTLS_PRIVATE(Vf); \
    int MBEDTLS_PRIVATE(padding); \
    int MBEDTLS_PRIVATE(hash_id); \
    CTC_MBEDTLS_RSA_MUTEX

#if defined(MBEDTLS_RSA_ALT)
typedef struct mbedtls_rsa_context {
    CTC_MBEDTLS_RSA_FIELDS
} mbedtls_rsa_context;
#endif

#endif

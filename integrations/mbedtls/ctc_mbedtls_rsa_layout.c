/*
 * ctc_mbedtls_rsa_layout.c - compiled with CTC_MBEDTLS_RSA_FALLBACK (so
 * against mbedTLS's own mbedtls_rsa_context, as the fallback is; tools/
 * tls.py and tools/tls_emu.py): the context of rsa_alt.h must have its
 * size and every field's offset, or this file does not compile.
 */
#define MBEDTLS_ALLOW_PRIVATE_ACCESS
#include <stddef.h>

#include "mbedtls/build_info.h"
#include "mbedtls/rsa.h"

#if defined(MBEDTLS_RSA_ALT) || !defined(CTC_MBEDTLS_RSA_FALLBACK)
#error "compile with -DCTC_MBEDTLS_RSA_FALLBACK (mbedTLS's own RSA context)"
#endif

#include "rsa_alt.h"

struct ctc_rsa_alt_layout {
    CTC_MBEDTLS_RSA_FIELDS
};

#define SAME(f) \
    typedef char ctc_rsa_same_##f[offsetof(mbedtls_rsa_context, f) == \
                                  offsetof(struct ctc_rsa_alt_layout, f) ? 1 : -1]
SAME(ver);
SAME(len);
SAME(N);
SAME(E);
SAME(D);
SAME(P);
SAME(Q);
SAME(DP);
SAME(DQ);
SAME(QP);
SAME(RN);
SAME(RP);
SAME(RQ);
SAME(Vi);
SAME(Vf);
SAME(padding);
SAME(hash_id);
#if defined(MBEDTLS_THREADING_C)
SAME(mutex);
#endif
typedef char ctc_rsa_same_size[sizeof(mbedtls_rsa_context) ==
                               sizeof(struct ctc_rsa_alt_layout) ? 1 : -1];


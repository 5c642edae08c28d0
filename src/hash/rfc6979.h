/*
 * rfc6979.h - the library's own entry into RFC 6979's nonce generator
 * (rfc6979.c), for callers that have already checked what
 * ctc_rfc6979_nonce checks (ECDSA signing, src/ec/ecdsa.c).
 */
#ifndef CTC_HASH_RFC6979_H
#define CTC_HASH_RFC6979_H

#include <stddef.h>
#include <stdint.h>

/* the bound on extra_len (SP 800-90A's 2^35 bits, hash_impl.h's
 * HASH_MAX_INPUT): a caller with a wider size_t checks it */
#define RFC6979_MAX_EXTRA ((uint64_t)1 << 32)

/*
 * k (q_len bytes) = RFC 6979's nonce, in [1, q - 1], as ctc_rfc6979_nonce
 * makes it, without its checks: no pointer is NULL (extra only when
 * extra_len = 0), hash_id is a valid id, 1 <= q_len <=
 * CTC_RFC6979_MAX_QLEN, q[0] != 0, shift = 8 q_len - qlen (0 to 7, qlen
 * the bit length of q), 0 < x < q, h_len > 0 and extra_len within the
 * hash's input bound. No error is possible, and none is returned.
 * CT: q, q_len, shift, h_len and extra_len are public; x, h and extra
 * are not branched on (each candidate's acceptance is declassified: a
 * rejected candidate says nothing about the next).
 */
void rfc6979_nonce_(uint8_t *k, int hash_id, const uint8_t *q, size_t q_len, unsigned shift,
                    const uint8_t *x, const uint8_t *h, size_t h_len, const uint8_t *extra,
                    size_t extra_len);

#endif

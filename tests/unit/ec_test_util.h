/*
 * ec_test_util.h - helpers shared by the ec family's test programs
 * (freestanding: usable inside bare-metal images).
 */
#ifndef EC_TEST_UTIL_H
#define EC_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ctcrypto/ec.h"
#include "ctcrypto/hash.h"
#include "runner.h"

/*
 * A Wycheproof integer (big-endian two's complement hex, so possibly with
 * a leading 00 or shorter than n bytes) as n bytes. Returns 0 when the
 * value does not fit n bytes.
 */
static inline int et_int(uint8_t *out, size_t n, const uint8_t *in, size_t len)
{
    while (len > n && in[0] == 0) {
        in++;
        len--;
    }
    if (len > n)
        return 0;
    memset(out, 0, n - len);
    memcpy(out + n - len, in, len);
    return 1;
}

static inline int et_int32(uint8_t out[32], const uint8_t *in, size_t len)
{
    return et_int(out, 32, in, len);
}

#endif

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
 * a leading 00 or shorter than 32 bytes) as 32 bytes. Returns 0 when the
 * value does not fit 32 bytes.
 */
static inline int et_int32(uint8_t out[32], const uint8_t *in, size_t len)
{
    while (len > 32 && in[0] == 0) {
        in++;
        len--;
    }
    if (len > 32)
        return 0;
    memset(out, 0, 32 - len);
    memcpy(out + 32 - len, in, len);
    return 1;
}

#endif

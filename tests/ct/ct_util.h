/*
 * ct_util.h - small helpers for constant-time test cases: read words from
 * the secret bytes (the result carries the bytes' secrecy).
 */
#ifndef CT_UTIL_H
#define CT_UTIL_H

#include <stdint.h>

static inline uint32_t ct_ld32(const unsigned char *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16)
           | ((uint32_t)p[3] << 24);
}

static inline uint64_t ct_ld64(const unsigned char *p)
{
    return (uint64_t)ct_ld32(p) | ((uint64_t)ct_ld32(p + 4) << 32);
}

#endif

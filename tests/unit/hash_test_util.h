/*
 * hash_test_util.h - small helpers shared by the hash family's test
 * programs: hex decoding, group names with the implementation in them,
 * and switching between the accelerated and the portable compression
 * functions. Freestanding: usable inside bare-metal images.
 */
#ifndef HASH_TEST_UTIL_H
#define HASH_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "ctcrypto/hash.h"
#include "hash/hash_impl.h"
#include "runner.h"

/* Decodes a hex string (no separators) into out; returns its length. A
 * malformed string or one longer than cap fails the current group. */
static inline size_t th_unhex(uint8_t *out, size_t cap, const char *hex)
{
    size_t n = 0, i;

    for (i = 0; hex[i] != 0 && hex[i + 1] != 0; i += 2) {
        int v = 0, k;
        for (k = 0; k < 2; k++) {
            char c = hex[i + (size_t)k];
            int d = c >= '0' && c <= '9' ? c - '0'
                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            TR_CHECK(d >= 0);
            v = v * 16 + (d < 0 ? 0 : d);
        }
        TR_CHECK(n < cap);
        if (n < cap)
            out[n] = (uint8_t)v;
        n++;
    }
    TR_CHECK(hex[i] == 0);              /* even number of digits */
    return n;
}

/* "a b (c)" in a static buffer (one name at a time). */
static inline const char *th_name(const char *a, const char *b, const char *c)
{
    static char buf[160];
    const char *parts[3];
    size_t n = 0, i;
    int k;

    parts[0] = a;
    parts[1] = b;
    parts[2] = c;
    for (k = 0; k < 3; k++) {
        if (k > 0 && n < sizeof buf - 1)
            buf[n++] = ' ';
        if (k == 2 && n < sizeof buf - 1)
            buf[n++] = '(';
        for (i = 0; parts[k][i] != 0 && n < sizeof buf - 3; i++)
            buf[n++] = parts[k][i];
    }
    buf[n++] = ')';
    buf[n] = 0;
    return buf;
}

/*
 * The implementations to run a test with: mode 0 is the portable code,
 * mode 1 the accelerated one for the family of hash id (when this machine
 * has it). th_mode() selects a mode and returns its name, or NULL when the
 * mode does not exist here (the caller reports the group as skipped).
 */
#define TH_MODES 2

static inline const char *th_mode(int mode, int hash_id)
{
    unsigned cap = (hash_id == CTC_HASH_SHA224 || hash_id == CTC_HASH_SHA256)
                   ? HASH_CAP_SHA256 : HASH_CAP_SHA512;

    if (mode == 0) {
        hash_caps_allow(0);
        return ctc_hash_impl(hash_id);
    }
    hash_caps_allow(~0u);
    if (!(hash_cpu_caps() & cap))
        return NULL;
    return ctc_hash_impl(hash_id);
}

/* Back to the default (everything the CPU has). */
static inline void th_mode_reset(void)
{
    hash_caps_allow(~0u);
}

/*
 * Whether hash id is built in (CTC_SHA224 = 0 leaves SHA-224 out). The
 * loops over the ids pass over one that is not, and th_skip_224() reports
 * that as a skipped group, once per program.
 */
#define TH_BUILT(id) (CTC_SHA224 || (id) != CTC_HASH_SHA224)

static inline void th_skip_224(const char *what)
{
#if !CTC_SHA224
    tr_skip(what, "SHA-224 is not built (CTC_SHA224=0)");
#else
    (void)what;
#endif
}

static inline const char *th_hash_name(int id)
{
    switch (id) {
    case CTC_HASH_SHA224: return "SHA-224";
    case CTC_HASH_SHA256: return "SHA-256";
    case CTC_HASH_SHA384: return "SHA-384";
    default: return "SHA-512";
    }
}

#endif

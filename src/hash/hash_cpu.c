/*
 * hash_cpu.c - which compression functions this machine runs
 * (hash_cpu_caps, hash_caps, hash_caps_allow in hash_impl.h;
 * ctc_hash_impl in ctcrypto/hash.h).
 *
 * What the CPU has comes from the library's one query, ctc_cpu_features()
 * (common/cpu.h), which asks once and caches the answer; this file only
 * maps its bits to the compression functions that were built in.
 */
#include "hash_impl.h"
#include "common/cpu.h"

static unsigned caps_allowed = ~0u;    /* tests restrict this */

unsigned hash_cpu_caps(void)
{
#if HASH_HAVE_ARMV7M_SHA
    /* Thumb-2 only: every Armv7-M core runs it, no query (and no cache
     * filled on the first call: the same path every time) */
    return HASH_CAP_SHA256;
#else
    unsigned f = ctc_cpu_features(), caps = 0;

#if HASH_HAVE_X86_SHA
    if (f & CTC_CPU_X86_SHA)
        caps |= HASH_CAP_SHA256;
#elif HASH_HAVE_ARM64_SHA
    if (f & CTC_CPU_ARM64_SHA2)
        caps |= HASH_CAP_SHA256;
    if (f & CTC_CPU_ARM64_SHA512)
        caps |= HASH_CAP_SHA512;
#endif
    (void)f;
    return caps;
#endif
}

unsigned hash_caps(void)
{
    return hash_cpu_caps() & caps_allowed;
}

unsigned hash_caps_allow(unsigned allowed)
{
    unsigned old = caps_allowed;

    caps_allowed = allowed;
    return old;
}

const char *ctc_hash_impl(int hash_id)
{
    unsigned caps;

    if (!hash_id_valid(hash_id))
        return NULL;
    caps = hash_caps();
    if (hash_id == CTC_HASH_SHA224 || hash_id == CTC_HASH_SHA256) {
#if HASH_HAVE_X86_SHA
        if (caps & HASH_CAP_SHA256)
            return "sha-ni";
#elif HASH_HAVE_ARM64_SHA
        if (caps & HASH_CAP_SHA256)
            return "armv8-sha2";
#elif HASH_HAVE_ARMV7M_SHA
        if (caps & HASH_CAP_SHA256)
            return "armv7m-asm";
#endif
    } else {
#if HASH_HAVE_ARM64_SHA
        if (caps & HASH_CAP_SHA512)
            return "armv8-sha512";
#endif
    }
    (void)caps;
#if CTC_PROFILE_SMALL
    return "c-rolled";
#else
    return "c-unrolled";
#endif
}

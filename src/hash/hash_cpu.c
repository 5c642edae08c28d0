/*
 * hash_cpu.c - which compression functions this machine runs
 * (hash_cpu_caps, hash_caps, hash_caps_allow in hash_impl.h;
 * ctc_hash_impl in ctcrypto/hash.h).
 *
 * The CPU is asked without libc: CPUID on x86-64; on AArch64 Linux the
 * system register ID_AA64ISAR0_EL1, whose EL0 reads the kernel emulates
 * (Linux 4.11 and later; qemu-user does the same). The answer is cached in
 * a static word. Two threads that race on the first call both store the
 * same value, so the race is benign.
 */
#include "hash_impl.h"
#include "common/cpu.h"

#define CAPS_KNOWN 0x80000000u

static unsigned caps_cache;            /* CAPS_KNOWN | HASH_CAP_* once asked */
static unsigned caps_allowed = ~0u;    /* tests restrict this */

#if HASH_HAVE_X86_SHA
static unsigned detect(void)
{
    uint32_t r[4];
    unsigned caps = 0;
    int ssse3, sse41;

    ctc_cpuid(1, 0, r);
    ssse3 = (r[2] >> 9) & 1;           /* pshufb, palignr */
    sse41 = (r[2] >> 19) & 1;          /* pblendw */
    ctc_cpuid(7, 0, r);
    if (((r[1] >> 29) & 1) && ssse3 && sse41)
        caps |= HASH_CAP_SHA256;       /* CPUID.(EAX=7,ECX=0):EBX.SHA */
    return caps;
}
#elif HASH_HAVE_ARM64_SHA
static unsigned detect(void)
{
    unsigned caps = 0;
#if defined(__ARM_FEATURE_SHA2)
    caps |= HASH_CAP_SHA256;           /* the build's baseline has them */
#endif
#if defined(__ARM_FEATURE_SHA512)
    caps |= HASH_CAP_SHA512;
#endif
#if defined(__linux__)
    {
        uint64_t isar0;
        unsigned sha2;

        __asm__ volatile("mrs %0, ID_AA64ISAR0_EL1" : "=r"(isar0));
        sha2 = (unsigned)(isar0 >> 12) & 15;   /* field SHA2, bits [15:12] */
        if (sha2 >= 1)
            caps |= HASH_CAP_SHA256;
        if (sha2 >= 2)
            caps |= HASH_CAP_SHA512;
    }
#endif
    return caps;
}
#else
static unsigned detect(void)
{
    return 0;
}
#endif

unsigned hash_cpu_caps(void)
{
    unsigned c = caps_cache;

    if (!(c & CAPS_KNOWN)) {
        c = CAPS_KNOWN | detect();
        caps_cache = c;
    }
    return c & ~CAPS_KNOWN;
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

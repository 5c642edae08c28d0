/*
 * peer_libc.c - memcpy, memmove, memset and memcmp for the peer libraries
 * (tools/peers.py). The emulated runtime's own versions
 * (targets/common/emu_common.c) copy a byte at a time, which is all
 * ctcrypto needs; a firmware links a C library whose versions move words,
 * and mbedTLS spends a large share of its time in memcpy and memset. The
 * peers' objects call these instead (tools/peers.py renames the
 * references): a word at a time when the pointers allow it, else bytes.
 */
#include <stddef.h>
#include <stdint.h>

#if defined(__clang__)
#define PEER_NOLDP
#else
#define PEER_NOLDP __attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif

typedef uint32_t word;
#define WB sizeof(word)
#define ALIGNED(p) (((uintptr_t)(p) & (WB - 1)) == 0)

PEER_NOLDP void *peer_memcpy(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;

    if (ALIGNED(p) && ALIGNED(q)) {
        for (; n >= WB; n -= WB, p += WB, q += WB)
            *(word *)(void *)p = *(const word *)(const void *)q;
    }
    while (n--)
        *p++ = *q++;
    return d;
}

PEER_NOLDP void *peer_memmove(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;

    if ((uintptr_t)p <= (uintptr_t)q || (uintptr_t)p >= (uintptr_t)q + n)
        return peer_memcpy(d, s, n);
    if (ALIGNED(p + n) && ALIGNED(q + n)) {
        for (; n >= WB; n -= WB)
            *(word *)(void *)(p + n - WB) = *(const word *)(const void *)(q + n - WB);
    }
    while (n--)
        p[n] = q[n];
    return d;
}

PEER_NOLDP void *peer_memset(void *d, int c, size_t n)
{
    unsigned char *p = d;
    word w = (unsigned char)c;

    w |= w << 8;
    w |= w << 16;
    for (; n && !ALIGNED(p); n--)
        *p++ = (unsigned char)c;
    for (; n >= WB; n -= WB, p += WB)
        *(word *)(void *)p = w;
    while (n--)
        *p++ = (unsigned char)c;
    return d;
}

PEER_NOLDP int peer_memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;

    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p - *q;
    return 0;
}

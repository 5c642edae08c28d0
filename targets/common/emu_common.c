/*
 * emu_common.c - target-independent parts of the bare-metal runtime: the
 * region markers, the test runner's output port, stack painting, and the
 * few libc functions compilers and tests expect (no libc exists on these
 * images; the library itself needs none of them).
 */
#include "emu.h"
#include "runner.h"
#include "string.h"

volatile uint32_t ct_marker_state;

__attribute__((noinline, used)) void ct_begin(void)
{
    ct_marker_state = 0x600d;
}

__attribute__((noinline, used)) void ct_end(void)
{
    ct_marker_state = 0xe4d;
}

void tr_port_write(const char *s, size_t n)
{
    emu_write(s, n);
}

/* ---- stack high-water ------------------------------------------------------ */

#define EMU_PAINT 0xa5c3e187u
#define EMU_PAINT_BYTES (24 * 1024)

extern uint32_t __stack_limit[]; /* linker script: lowest stack address */
/* volatile: the stores go below the stack pointer, into memory that no C
 * object owns, and the compiler would otherwise delete them */
static volatile uint32_t *emu_paint_top;

/* Paints from just below this function's own frame: a function called next
 * by the same caller starts at about the same stack pointer, so what it
 * uses is measured to within this function's frame size (a few words). */
__attribute__((noinline)) void emu_stack_paint(void)
{
    volatile uint32_t here;
    volatile uint32_t *top = (volatile uint32_t *)(((uintptr_t)&here - 8) & ~(uintptr_t)3);
    volatile uint32_t *p = top;

    while ((uintptr_t)p > (uintptr_t)__stack_limit && (uintptr_t)top - (uintptr_t)p < EMU_PAINT_BYTES)
        *--p = EMU_PAINT;
    emu_paint_top = top;
}

__attribute__((noinline)) size_t emu_stack_used(void)
{
    volatile uint32_t *p = emu_paint_top;
    volatile uint32_t *low = p;

    /* the lowest word that no longer holds the paint */
    while ((uintptr_t)p > (uintptr_t)__stack_limit
           && (uintptr_t)emu_paint_top - (uintptr_t)p < EMU_PAINT_BYTES) {
        p--;
        if (*p != EMU_PAINT)
            low = p;
    }
    return (size_t)((uintptr_t)emu_paint_top - (uintptr_t)low);
}

/* ---- the libc functions compilers may call -------------------------------- */
/* gcc may emit calls to these for struct copies and recognised loops; the
 * optimize attribute stops it from turning these loops back into calls
 * (clang does not rewrite a loop into a call to the function it is in).
 * `used`: with link-time optimisation (LTO=1) the calls are made after
 * the linker has said which definitions are referenced, so these must
 * stay whether or not anything calls them yet. */
#if defined(__clang__)
#define EMU_NOLDP __attribute__((used))
#else
#define EMU_NOLDP __attribute__((used, optimize("no-tree-loop-distribute-patterns")))
#endif

EMU_NOLDP void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    while (n--)
        *p++ = *q++;
    return d;
}

EMU_NOLDP void *memmove(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    if (p < q) {
        while (n--)
            *p++ = *q++;
    } else {
        while (n--)
            p[n] = q[n];
    }
    return d;
}

EMU_NOLDP void *memset(void *d, int c, size_t n)
{
    unsigned char *p = d;
    while (n--)
        *p++ = (unsigned char)c;
    return d;
}

EMU_NOLDP int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p - *q;
    return 0;
}

EMU_NOLDP size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

#if defined(__arm__)
/* The Arm EABI's memory helpers, which clang emits for struct and array
 * initialisation (newlib would provide them; these images have no libc). */
void __aeabi_memcpy(void *d, const void *s, size_t n);
void __aeabi_memcpy4(void *d, const void *s, size_t n);
void __aeabi_memcpy8(void *d, const void *s, size_t n);
void __aeabi_memmove(void *d, const void *s, size_t n);
void __aeabi_memmove4(void *d, const void *s, size_t n);
void __aeabi_memmove8(void *d, const void *s, size_t n);
void __aeabi_memset(void *d, size_t n, int c);
void __aeabi_memset4(void *d, size_t n, int c);
void __aeabi_memset8(void *d, size_t n, int c);
void __aeabi_memclr(void *d, size_t n);
void __aeabi_memclr4(void *d, size_t n);
void __aeabi_memclr8(void *d, size_t n);

void __aeabi_memcpy(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy4(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy8(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memmove(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove4(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove8(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memset(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memset4(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memset8(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memclr(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr4(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr8(void *d, size_t n) { memset(d, 0, n); }
#endif

/*
 * semihost.c - console and exit through Arm semihosting (BKPT 0xAB on
 * M-profile), as QEMU implements it.
 */
#include <stdint.h>

#include "emu.h"

static int sh_call(int op, const void *arg)
{
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void emu_write(const char *s, size_t n)
{
    char buf[65];

    while (n > 0) {
        size_t k = n > 64 ? 64 : n, i;
        for (i = 0; i < k; i++)
            buf[i] = s[i];
        buf[k] = 0;
        sh_call(0x04 /* SYS_WRITE0 */, buf);
        s += k;
        n -= k;
    }
}

void emu_exit(int code)
{
    /* SYS_EXIT_EXTENDED {ADP_Stopped_ApplicationExit, status}: QEMU exits
     * with `status` as its own exit status */
    uint32_t blk[2] = { 0x20026, (uint32_t)code };
    sh_call(0x20, blk);
    sh_call(0x18, (void *)0x20026);
    for (;;)
        ;
}

/*
 * semihost.c - console and exit through RISC-V semihosting (QEMU).
 */
#include <stdint.h>

#include "emu.h"

long emu_sh_call(long op, const void *arg);

void emu_write(const char *s, size_t n)
{
    char buf[65];

    while (n > 0) {
        size_t k = n > 64 ? 64 : n, i;
        for (i = 0; i < k; i++)
            buf[i] = s[i];
        buf[k] = 0;
        emu_sh_call(0x04 /* SYS_WRITE0 */, buf);
        s += k;
        n -= k;
    }
}

void emu_exit(int code)
{
    uint32_t blk[2] = { 0x20026, (uint32_t)code }; /* SYS_EXIT_EXTENDED */
    emu_sh_call(0x20, blk);
    for (;;)
        ;
}

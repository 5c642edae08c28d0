/*
 * port_host.c - tr_port_write() for hosted builds (Linux, qemu-user).
 */
#include <stdio.h>

#include "runner.h"

void tr_port_write(const char *s, size_t n)
{
    fwrite(s, 1, n, stdout);
    fflush(stdout);
}

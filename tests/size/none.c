/*
 * none.c - the baseline of the size report: a bare-metal image that uses no
 * library function (startup, console, runner output only).
 */
#include "runner.h"

int main(void)
{
    tr_puts("size baseline\n");
    return 0;
}

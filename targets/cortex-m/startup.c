/*
 * startup.c - Cortex-M (Armv6-M, Armv7-M, Armv7E-M) vector table and reset
 * handler for the emulated boards: copy .data, zero .bss, call main, exit
 * with its status. Any fault prints a line and exits with status 127.
 */
#include <stdint.h>

#include "emu.h"

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[], _estack[];
int main(void);

void Reset_Handler(void);
void Reset_Handler(void)
{
    uint32_t *s = _sidata, *d = _sdata;

    while (d < _edata)
        *d++ = *s++;
    for (d = _sbss; d < _ebss;)
        *d++ = 0;
    emu_exit(main());
}

static void fault(void)
{
    static const char msg[] = "*** fault or unexpected exception\n";
    emu_write(msg, sizeof msg - 1);
    emu_exit(127);
}

__attribute__((section(".vectors"), used))
void (*const emu_vectors[16])(void) = {
    (void (*)(void))_estack, Reset_Handler,
    fault /* NMI */, fault /* HardFault */, fault, fault, fault, 0, 0, 0, 0,
    fault /* SVC */, fault, 0, fault /* PendSV */, fault /* SysTick */
};

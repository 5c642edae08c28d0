/*
 * emu.h - the bare-metal runtime of the emulated targets: console output
 * and exit through the emulator's semihosting, and the region markers the
 * QEMU plugin (tools/qemu/ctplug.c) keys on.
 *
 * emu_write/emu_exit are per architecture (targets/cortex-m/semihost.c,
 * targets/rv32imc/semihost.c, targets/xtensa-lx106/simcall.c); the rest is
 * in targets/common/emu_common.c.
 */
#ifndef EMU_H
#define EMU_H

#include <stddef.h>
#include <stdint.h>

void emu_write(const char *s, size_t n);
void emu_exit(int code) __attribute__((noreturn));

/* Region markers: never inlined, never folded (different bodies); the
 * plugin finds them by symbol name. Everything executed between a call of
 * ct_begin() and the next call of ct_end() is one region. */
void ct_begin(void);
void ct_end(void);

/* Stack high-water measurement: paint the free stack below the caller's
 * frame, then report how many bytes below that point were written. */
void emu_stack_paint(void);
size_t emu_stack_used(void);

#endif

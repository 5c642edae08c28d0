/*
 * stdlib.h - what the peer libraries (tools/peers.py) declare from
 * <stdlib.h>, for toolchains without a C library (riscv64-unknown-elf,
 * xtensa-lx106-elf). Used only when the toolchain has no header of its
 * own (-idirafter). Nothing here is defined: a peer that calls one of
 * these fails to link, which is the point.
 */
#ifndef PEER_STDLIB_H
#define PEER_STDLIB_H

#include <stddef.h>

void *calloc(size_t n, size_t size);
void free(void *p);
void exit(int status) __attribute__((noreturn));
void abort(void) __attribute__((noreturn));

#endif

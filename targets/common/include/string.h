/*
 * string.h - the part of <string.h> that test programs may use on the
 * bare-metal images (implemented in targets/common/emu_common.c). The
 * library itself includes no libc header that declares functions.
 */
#ifndef EMU_STRING_H
#define EMU_STRING_H

#include <stddef.h>

void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);

#endif

/*
 * stdio.h - declarations only, for toolchains without a C library (see
 * stdlib.h here).
 */
#ifndef PEER_STDIO_H
#define PEER_STDIO_H

#include <stdarg.h>
#include <stddef.h>

typedef struct peer_file FILE;
extern FILE *stderr;
int printf(const char *fmt, ...);
int fprintf(FILE *f, const char *fmt, ...);
int snprintf(char *s, size_t n, const char *fmt, ...);
int vsnprintf(char *s, size_t n, const char *fmt, va_list ap);

#endif

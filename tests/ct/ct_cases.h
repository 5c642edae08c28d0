/*
 * ct_cases.h - the constant-time test cases, shared by every checker.
 *
 * A case is a function that takes CT_SECRET_BYTES secret bytes and derives
 * all its secret inputs from them (keys, scalars, indices...); everything
 * else it uses is public and fixed. The harness decides how the secret is
 * judged:
 *   - host (ct_poison.c): the bytes are poisoned (CT_POISON) and the case
 *     runs once under valgrind or MemorySanitizer;
 *   - emulator trace checker: the case runs once per secret (several
 *     secrets of very different Hamming weight) and the executed-address
 *     and data-address sequences must be identical.
 * A case must not look at its results: it passes them to ct_keep().
 *
 * Every case is listed in cases.def with its kind:
 *   CT_REAL         a library function: no checker may report it;
 *   CT_LEAKY        a negative control: every checker must report it;
 *   CT_LEAKY_TRACE  a negative control only the trace checker can see
 *                   (variable-time instructions such as division).
 */
#ifndef CT_CASES_H
#define CT_CASES_H

#include <stddef.h>
#include <stdint.h>

#define CT_SECRET_BYTES 256

#define CT_REAL 0
#define CT_LEAKY 1
#define CT_LEAKY_TRACE 2

typedef void (*ct_case_fn)(const unsigned char *secret);

struct ct_case {
    const char *name;
    ct_case_fn fn;
    int kind;
};

extern const struct ct_case ct_cases[];
extern const size_t ct_cases_count;

/* Results go here so that the compiler keeps the computation. */
void ct_keep(uint64_t v);
void ct_keep_mem(const void *p, size_t n);

#define CT_CASE(name, kind) void ct_case_##name(const unsigned char *secret);
#include "cases.def"
#undef CT_CASE

#endif

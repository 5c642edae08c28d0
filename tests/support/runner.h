/*
 * runner.h - the one test runner every test program uses, on the host and
 * inside emulated bare-metal images (no libc needed: output goes through
 * tr_port_write(), which each platform provides).
 *
 * A program is a list of groups. Each group prints one line:
 *   PASS <group> (<checks> checks)
 *   FAIL <group> (<failed> of <checks> checks failed)
 * preceded by up to TR_MAX_REPORT lines naming failed checks. tr_finish()
 * prints "N passed, N failed" (counting groups) and returns the exit status.
 * A group that is not applicable is reported with tr_skip() as
 *   SKIP <group>: <reason>
 * and counts neither as passed nor as failed.
 */
#ifndef TR_RUNNER_H
#define TR_RUNNER_H

#include <stddef.h>
#include <stdint.h>

/* Provided per platform (tests/support/port_host.c, targets/<t>/port.c). */
void tr_port_write(const char *s, size_t n);

/* Iteration counts are scaled down on slow platforms: TR_SCALE_SHIFT is 0
 * on the host, larger under emulation (set by the target's build flags). */
#ifndef TR_SCALE_SHIFT
#define TR_SCALE_SHIFT 0
#endif
#define TR_ITERS(n) (((n) >> TR_SCALE_SHIFT) ? ((n) >> TR_SCALE_SHIFT) : 1)

#define TR_MAX_REPORT 5

void tr_init(const char *program);
void tr_group(const char *name);
void tr_group_end(void);
void tr_skip(const char *name, const char *reason);
int tr_finish(void);

void tr_check_(int ok, const char *file, int line, const char *expr);
#define TR_CHECK(e) tr_check_((e) != 0, __FILE__, __LINE__, #e)
/* Checks a == b for integers and prints both values on failure. */
void tr_check_eq_(uint64_t a, uint64_t b, const char *file, int line,
                  const char *expr);
#define TR_EQ(a, b) tr_check_eq_((uint64_t)(a), (uint64_t)(b), __FILE__, __LINE__, #a " == " #b)
/* Checks memory equality and prints both on failure. */
void tr_check_mem_(const void *a, const void *b, size_t n, const char *file,
                   int line, const char *expr);
#define TR_MEM(a, b, n) tr_check_mem_((a), (b), (n), __FILE__, __LINE__, #a " == " #b)
/* Number of failed checks in the current group so far. */
unsigned long tr_group_failures(void);

/* Output without libc. */
void tr_puts(const char *s);
void tr_putu(uint64_t v);          /* decimal, no division */
void tr_puthex(uint64_t v, int digits);
void tr_puthex_bytes(const void *p, size_t n);

/* Deterministic pseudo-random numbers (xoshiro256**, seeded by splitmix64). */
void tr_seed(uint64_t seed);
uint64_t tr_rand64(void);
uint32_t tr_rand32(void);
void tr_rand_bytes(void *p, size_t n);
/* A random value biased towards edge cases: 0, 1, all ones, top bit,
 * runs of ones or zeros, small values, or plain random. */
uint64_t tr_rand_edgy64(void);

#endif /* TR_RUNNER_H */

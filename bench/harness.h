/*
 * harness.h - the benchmark harness. The same benchmark sources build for
 * the host and for the emulated cores; what a result means differs:
 *
 * host (harness.c): an operation is timed in batches: the iteration count
 *   is calibrated so that one batch takes about 100 ms, then 5 batches run
 *   and the time per operation of each is kept (CTC_BENCH_QUICK=1 in the
 *   environment: 3 batches of about 20 ms). One table line per result
 *   (min/mean/max) and one JSON line ("JSON {...}") for machines.
 * emulated cores (harness_emu.c): the operation runs once unmeasured (its
 *   stack high-water mark measured by painting, and any first-use work
 *   done), then between the region markers once with iters = 1 and once
 *   with iters = bench_emu_iters (default 9); the difference divided by
 *   bench_emu_iters - 1 is the exact instruction count (and, through the
 *   core's timing model, the estimated cycles) of one operation, set-up,
 *   call overhead and entry/exit effects cancelled. A benchmark of a long
 *   operation may set bench_emu_iters to 2: then the regions are iters = 0
 *   and 1 (one run fewer; the count includes the loop's entry, a few
 *   instructions). tools/emu_bench.py turns the regions into the table.
 *
 * BENCH_HOST is 1 on the host: peer libraries (OpenSSL, mbedTLS, BearSSL)
 * and anything else host-only goes under #if BENCH_HOST.
 */
#ifndef BENCH_HARNESS_H
#define BENCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/* Runs the operation `iters` times. */
typedef void (*bench_fn)(void *ctx, uint64_t iters);

#ifndef BENCH_HOST
#define BENCH_HOST 1
#endif

void bench_header(const char *title);
/* A line of information (build report...). */
void bench_info(const char *text);
/* bytes: bytes processed per operation (0 if not meaningful). */
void bench_run(const char *group, const char *name, const char *impl,
               bench_fn fn, void *ctx, size_t bytes);
#if BENCH_HOST
/* An operation whose time is random by nature (key generation): fn is run
 * once per sample (ctx as for bench_run, iters = 1), each run timed on
 * its own (the process's CPU time, so that a shared machine counts less);
 * the line and the JSON give the median, minimum, mean and maximum over
 * the samples (CTC_BENCH_QUICK=1: a quarter of them, at least 3). Host
 * only. */
void bench_samples(const char *group, const char *name, const char *impl,
                   bench_fn fn, void *ctx, unsigned samples);
/* 1 when CTC_BENCH_QUICK=1 asks for a first look (fewer, shorter batches),
 * for a benchmark that keeps its own batches (bench_hash's interleaving).
 * Host only. */
int bench_quick(void);
#endif
/* Iterations of the second emulated region (>= 2; ignored on the host). */
extern unsigned bench_emu_iters;
/* The benchmarks' deterministic inputs (bench_ec.c and the peers'
 * benchmarks draw the same bytes from the same seed): xorshift64, one
 * byte per step, the state advanced in place. Not a random generator. */
static inline void bench_xorshift(uint64_t *state, uint8_t *p, size_t n)
{
    uint64_t x = *state;
    size_t i;

    for (i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        p[i] = (uint8_t)(x >> 24);
    }
    *state = x;
}

/* The inputs of an EC benchmark, drawn from *state in this order, so that
 * bench_ec.c and every peer's benchmark get the same bytes: the keys d, k
 * and t of sz bytes (below 2^(8 sz - 1), top bits 01: valid for the curve)
 * and the hash h of sz bytes. */
static inline void bench_ec_inputs(uint64_t *state, size_t sz, uint8_t *d, uint8_t *k,
                                   uint8_t *t, uint8_t *h)
{
    uint8_t *keys[3];
    unsigned i;

    keys[0] = d;
    keys[1] = k;
    keys[2] = t;
    for (i = 0; i < 3; i++) {
        bench_xorshift(state, keys[i], sz);
        keys[i][0] = (uint8_t)((keys[i][0] & 0x7f) | 0x40);
    }
    bench_xorshift(state, h, sz);
}

/* bench_run named "<prefix> <op>" (for example "p256 ECDSA sign": the
 * curve's prefix and the operation), the name cut at 63 characters. */
static inline void bench_run_named(const char *group, const char *prefix, const char *op,
                                   const char *impl, bench_fn fn, void *ctx, size_t bytes)
{
    char name[64];
    size_t i = 0, j;

    for (j = 0; prefix[j] != 0 && i < sizeof name - 2; j++)
        name[i++] = prefix[j];
    name[i++] = ' ';
    for (j = 0; op[j] != 0 && i < sizeof name - 1; j++)
        name[i++] = op[j];
    name[i] = 0;
    bench_run(group, name, impl, fn, ctx, bytes);
}

/* The hash rows the peers share with bench_hash.c: under the header
 * title, "<title> 64 B" and "<title> 16 KiB", fn hashing *len bytes (set
 * here before each row). */
static inline void bench_hash_rows(const char *title, const char *impl, bench_fn fn,
                                   void *ctx, size_t *len)
{
    bench_header(title);
    *len = 64;
    bench_run_named("hash", title, "64 B", impl, fn, ctx, *len);
    *len = 16384;
    bench_run_named("hash", title, "16 KiB", impl, fn, ctx, *len);
}

/* Defeat dead-code elimination: results go here, by XOR (a 64-bit sum is
 * a data-dependent carry branch on cores without a carry flag, such as
 * Xtensa and RISC-V: one instruction more or less per call, which the
 * emulated benchmarks reported as an instruction count that varies). */
extern volatile uint64_t bench_sink;

#endif

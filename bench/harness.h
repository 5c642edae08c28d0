/*
 * harness.h - the benchmark harness.
 *
 * An operation is timed in batches: the iteration count is calibrated so
 * that one batch takes about 200 ms, then 5 batches run and the time per
 * operation of each is kept. One table line per result (min/mean/max) and
 * one JSON line ("JSON {...}") for machines.
 */
#ifndef BENCH_HARNESS_H
#define BENCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/* Runs the operation `iters` times. */
typedef void (*bench_fn)(void *ctx, uint64_t iters);

void bench_header(const char *title);
/* bytes: bytes processed per operation (0 if not meaningful). */
void bench_run(const char *group, const char *name, const char *impl,
               bench_fn fn, void *ctx, size_t bytes);
/* Defeat dead-code elimination: results go here. */
extern volatile uint64_t bench_sink;

#endif

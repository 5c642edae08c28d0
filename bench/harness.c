/*
 * harness.c - the benchmark harness (see harness.h). Host only.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "harness.h"

volatile uint64_t bench_sink;
unsigned bench_emu_iters = 9;

/* 5 batches of about 100 ms; CTC_BENCH_QUICK=1 in the environment (make
 * bench QUICK=1): 3 batches of about 20 ms, for a first look */
#define MAX_BATCHES 5
static int batches = MAX_BATCHES;
static double batch_ns = 1e8;

static void read_env(void)
{
    static int done;
    const char *q;

    if (done)
        return;
    done = 1;
    q = getenv("CTC_BENCH_QUICK");
    if (q != NULL && q[0] == '1') {
        batches = 3;
        batch_ns = 2e7;
    }
}

int bench_quick(void)
{
    read_env();
    return batches != MAX_BATCHES;
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double time_iters(bench_fn fn, void *ctx, uint64_t iters)
{
    double t0 = now_ns();
    fn(ctx, iters);
    return now_ns() - t0;
}

static double cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? -1 : x > y;
}

void bench_samples(const char *group, const char *name, const char *impl,
                   bench_fn fn, void *ctx, unsigned samples)
{
    double *t, sum = 0, t0;
    unsigned i;

    read_env();
    if (batches != MAX_BATCHES)
        samples = samples / 4 < 3 ? 3 : samples / 4;
    t = malloc(samples * sizeof *t);
    if (t == NULL)
        abort();
    for (i = 0; i < samples; i++) {
        t0 = cpu_ns();
        fn(ctx, 1);
        t[i] = cpu_ns() - t0;
        sum += t[i];
    }
    qsort(t, samples, sizeof *t, cmp_double);
    printf("%-34s %-10s %12.3f %12.3f %12.3f %10s %u samples, median %.3f\n", name, impl,
           t[0], sum / samples, t[samples - 1], "-", samples, t[samples / 2]);
    printf("JSON {\"group\":\"%s\",\"op\":\"%s\",\"impl\":\"%s\",\"unit\":\"ns/op\","
           "\"min\":%.4f,\"mean\":%.4f,\"max\":%.4f,\"median\":%.4f,\"bytes\":0,"
           "\"samples\":%u,\"cpu_time\":1}\n",
           group, name, impl, t[0], sum / samples, t[samples - 1], t[samples / 2], samples);
    fflush(stdout);
    free(t);
}

void bench_info(const char *text)
{
    printf("# %s\n", text);
}

void bench_header(const char *title)
{
    printf("\n%s\n", title);
    printf("%-34s %-10s %12s %12s %12s %10s %s\n", "operation", "impl",
           "min ns/op", "mean ns/op", "max ns/op", "MB/s", "iters/batch");
}

void bench_run(const char *group, const char *name, const char *impl,
               bench_fn fn, void *ctx, size_t bytes)
{
    uint64_t iters = 1;
    double t, per[MAX_BATCHES] = { 0 }, min, max, sum = 0;
    int i;

    read_env();
    /* calibrate: grow until a run takes a tenth of a batch, then scale */
    for (;;) {
        t = time_iters(fn, ctx, iters);
        if (t >= batch_ns / 10 || iters >= ((uint64_t)1 << 40))
            break;
        iters *= (t < 1e6) ? 16 : 2;
    }
    iters = (uint64_t)((double)iters * batch_ns / (t > 1 ? t : 1));
    if (iters == 0)
        iters = 1;
    for (i = 0; i < batches; i++)
        per[i] = time_iters(fn, ctx, iters) / (double)iters;
    min = max = per[0];
    for (i = 0; i < batches; i++) {
        sum += per[i];
        if (per[i] < min)
            min = per[i];
        if (per[i] > max)
            max = per[i];
    }
    printf("%-34s %-10s %12.3f %12.3f %12.3f %10.1f %llu\n", name, impl, min,
           sum / batches, max, bytes ? (double)bytes * 1e3 / min : 0.0,
           (unsigned long long)iters);
    printf("JSON {\"group\":\"%s\",\"op\":\"%s\",\"impl\":\"%s\",\"unit\":\"ns/op\","
           "\"min\":%.4f,\"mean\":%.4f,\"max\":%.4f,\"bytes\":%lu,\"batches\":%d,"
           "\"iters\":%llu}\n",
           group, name, impl, min, sum / batches, max, (unsigned long)bytes,
           batches, (unsigned long long)iters);
    fflush(stdout);
}

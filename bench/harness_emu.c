/*
 * harness_emu.c - the benchmark harness on the emulated cores (see
 * harness.h). Each result is three lines for tools/emu_bench.py:
 *   BENCH <group>|<name>|<impl>|<bytes>|<k>
 *   (region: iters = lo)  (region: iters = lo + k)
 *   STACK <bytes used below the caller's frame by the unmeasured run>
 * The unmeasured run (iters = 1) comes first, outside any region, so that
 * first-use work (a peer's precomputed tables, say) is not counted and the
 * branch predictor of a model that has one is trained as in steady state;
 * it also gives the stack high-water mark.
 * lo is 1 when k > 1: both regions enter the benchmark's loop, so the
 * difference is k whole iterations, and a difference that is not a
 * multiple of k shows code whose count varies. A long operation
 * (bench_emu_iters = 2, k = 1) uses lo = 0, the set-up alone: one run of
 * it fewer under the plugin (two in all instead of four), its count then
 * including the loop's entry (a few instructions in millions).
 */
#include "emu.h"
#include "harness.h"
#include "runner.h"

volatile uint64_t bench_sink;
unsigned bench_emu_iters = 9;

void bench_info(const char *text)
{
    tr_puts("# ");
    tr_puts(text);
    tr_puts("\n");
}

void bench_header(const char *title)
{
    tr_puts("BENCH-HEADER ");
    tr_puts(title);
    tr_puts("\n");
}

__attribute__((noinline)) static void bench_region(bench_fn fn, void *ctx, uint64_t iters)
{
    ct_begin();
    fn(ctx, iters);
    ct_end();
}

void bench_run(const char *group, const char *name, const char *impl,
               bench_fn fn, void *ctx, size_t bytes)
{
    size_t stack;
    unsigned n = bench_emu_iters < 2 ? 2 : bench_emu_iters;
    unsigned lo = n > 2 ? 1 : 0;

    tr_puts("BENCH ");
    tr_puts(group);
    tr_puts("|");
    tr_puts(name);
    tr_puts("|");
    tr_puts(impl);
    tr_puts("|");
    tr_putu(bytes);
    tr_puts("|");
    tr_putu(n - 1);
    tr_puts("\n");
    emu_stack_paint();
    fn(ctx, 1);
    stack = emu_stack_used();
    bench_region(fn, ctx, lo);
    bench_region(fn, ctx, lo + n - 1);
    tr_puts("STACK ");
    tr_putu(stack);
    tr_puts("\n");
}

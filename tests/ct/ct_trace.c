/*
 * ct_trace.c - the harness of the emulator trace checker (tools/ct_trace.py):
 * every constant-time case (ct_cases.h) runs once per secret, each run
 * bracketed by the region markers. The checker compares the
 * executed-address and data-address sequences of the runs.
 *
 * Two builds: a bare-metal image (the markers and the console are the
 * runtime's, targets/common/emu_common.c: semihosting) and, with
 * CT_TRACE_HOSTED=1, a static Linux program run under qemu-user (the
 * markers are defined below, the console is stdout, tests/support/
 * port_host.c). Every run of every case happens in one process, so the
 * stack, data and code addresses the runs use are the same for all of
 * them.
 *
 * A case runs its generator's structured secrets and then `randoms`
 * pseudo-random ones (ct_gen.c), at least CT_MIN_SECRETS in all. The seed
 * and the number of random secrets are read from ct_trace_config, which
 * tools/ct_trace.py writes into a copy of the image before each run (so a
 * seed printed with a failure reproduces it without a rebuild). Each
 * secret is written into the same buffer before its run (outside the
 * region), and every run starts from the same call depth, so any
 * difference between runs comes from the code under test.
 *
 * ct_trace_config[3], when not 0, is 1 + the index of the only case to run
 * (ct_trace.py's second run, which shows where a divergence starts, needs
 * the trace of one case, not of every case before it); the secrets of a
 * case depend only on the seed, the case's index and the run's number.
 *
 * Output: "CT-CONFIG <seed> <randoms>" first, "CT-CASE <name> <kind> <gen>
 * <secrets>" before the runs of a case, "CT-DONE <count>" at the end.
 */
#include "ct_cases.h"
#include "emu.h"
#include "runner.h"

#define CT_MIN_SECRETS 8

/* Patched by tools/ct_trace.py (found by the magic word); volatile, so the
 * compiler reads it at run time instead of folding the defaults. */
volatile const uint32_t ct_trace_config[4] = { 0x43545247u /* "CTRG" */, 0x5eed0001u, 4, 0 };

static unsigned char ct_secret_buf[CT_SECRET_BYTES];

#if defined(CT_TRACE_HOSTED)
#include "common/cpu.h"

/* The region markers (emu.h): never inlined, never folded (different
 * bodies); the plugin finds them by symbol name, which qemu-user reads
 * from the program's ELF symbol table. */
volatile uint32_t ct_marker_state;

__attribute__((noinline, used)) void ct_begin(void)
{
    ct_marker_state = 0x600d;
}

__attribute__((noinline, used)) void ct_end(void)
{
    ct_marker_state = 0xe4d;
}
#endif

__attribute__((noinline)) static void run_case(ct_case_fn fn)
{
    ct_begin();
    fn(ct_secret_buf);
    ct_end();
}

int main(void)
{
    uint32_t seed = ct_trace_config[1], randoms = ct_trace_config[2];
    uint32_t only = ct_trace_config[3];
    size_t i;
    unsigned v, count;

#if defined(CT_TRACE_HOSTED)
    /* The CPU-feature query (common/cpu.h) caches its answer at its first
     * call; asked here, outside every region, the first run of the first
     * case that asks does not take a path the later runs do not. The
     * answer depends on the CPU only, never on a secret. */
    (void)ctc_cpu_features();
#endif
    tr_puts("CT-CONFIG ");
    tr_putu(seed);
    tr_puts(" ");
    tr_putu(randoms);
    tr_puts("\n");
    for (i = 0; i < ct_cases_count; i++) {
        if (only != 0 && i + 1 != only)
            continue;
        count = ct_gen_structured(ct_cases[i].gen) + randoms;
        if (count < CT_MIN_SECRETS)
            count = CT_MIN_SECRETS;
        tr_puts("CT-CASE ");
        tr_puts(ct_cases[i].name);
        tr_puts(" ");
        tr_puts(ct_kind_name(ct_cases[i].kind));
        tr_puts(" ");
        tr_puts(ct_gen_name(ct_cases[i].gen));
        tr_puts(" ");
        tr_putu(count);
        tr_puts("\n");
        for (v = 0; v < count; v++) {
            ct_gen_secret(ct_secret_buf, ct_cases[i].gen, v, seed, (unsigned)i);
            run_case(ct_cases[i].fn);
        }
    }
    tr_puts("CT-DONE ");
    tr_putu(ct_cases_count);
    tr_puts("\n");
    return 0;
}

/*
 * ct_trace.c - bare-metal harness for the emulator trace checker
 * (tools/ct_trace.py): every constant-time case (ct_cases.h) runs once per
 * secret, each run bracketed by the region markers. The checker compares
 * the executed-address and data-address sequences of the runs.
 *
 * The four secrets differ as much as possible: all zero bytes, all one
 * bits, pseudo-random bytes, and a sparse pattern (one bit in every 7th
 * byte). They are copied into the same buffer before each run (outside the
 * region), and every run starts from the same call depth, so any difference
 * between runs comes from the code under test.
 *
 * Output: "CT-CASE <name> <kind>" before the four runs of a case,
 * "CT-DONE <count>" at the end.
 */
#include "ct_cases.h"
#include "emu.h"
#include "runner.h"

#define CT_SECRETS 4

static unsigned char ct_secret_buf[CT_SECRET_BYTES];

static void fill_secret(int v)
{
    uint32_t x = 0x9e3779b9u;
    size_t i;

    for (i = 0; i < CT_SECRET_BYTES; i++) {
        switch (v) {
        case 0:
            ct_secret_buf[i] = 0x00;
            break;
        case 1:
            ct_secret_buf[i] = 0xff;
            break;
        case 2:
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            ct_secret_buf[i] = (unsigned char)(x >> 24);
            break;
        default:
            ct_secret_buf[i] = (unsigned char)((i % 7) == 3 ? 0x10 : 0x00);
            break;
        }
    }
}

__attribute__((noinline)) static void run_case(ct_case_fn fn)
{
    ct_begin();
    fn(ct_secret_buf);
    ct_end();
}

static const char *kind_name(int kind)
{
    return kind == CT_REAL ? "real" : kind == CT_LEAKY ? "leaky" : "leaky-trace";
}

int main(void)
{
    size_t i;
    int v;

    for (i = 0; i < ct_cases_count; i++) {
        tr_puts("CT-CASE ");
        tr_puts(ct_cases[i].name);
        tr_puts(" ");
        tr_puts(kind_name(ct_cases[i].kind));
        tr_puts("\n");
        for (v = 0; v < CT_SECRETS; v++) {
            fill_secret(v);
            run_case(ct_cases[i].fn);
        }
    }
    tr_puts("CT-DONE ");
    tr_putu(ct_cases_count);
    tr_puts("\n");
    return 0;
}

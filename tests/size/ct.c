/*
 * ct.c - an image that uses the constant-time core's buffer functions, for
 * the size report (tools/size_report.py). The word helpers are inline and
 * cost nothing until used.
 */
#include "ct/ct.h"
#include "runner.h"

static unsigned char a[32], b[32], t[4 * 32];
static ct_limb_t x[8], y[8];
volatile size_t size_index;

int main(void)
{
    ct_cond c = ct_mem_eq(a, b, sizeof a);

    ct_mem_cmov(c, a, b, sizeof a);
    ct_mem_cswap(c, a, b, sizeof a);
    ct_mem_czero(c, b, sizeof b);
    ct_mem_lookup(a, t, 4, 32, size_index);
    ct_zeroize(b, sizeof b);
    c = ct_limbs_eq(x, y, 8);
    c = ct_cond_or(c, ct_limbs_is_zero(x, 8));
    ct_limbs_cmov(c, x, y, 8);
    ct_limbs_cswap(c, x, y, 8);
    ct_limbs_czero(c, x, 8);
    ct_limbs_lookup(x, y, 1, 8, size_index);
    tr_puts(ct_cond_declassify(c) ? "1\n" : "0\n");
    return 0;
}

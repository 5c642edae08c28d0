/*
 * diff_scale.h - how many random cases a host differential test runs.
 *
 * `make test` builds the host tests in about a dozen configurations
 * (compilers, -Os, C twins, 32-bit limbs, 16x16-bit products, sanitizers).
 * The main one (gcc -O2, the default build; tools/testall.py sets
 * CTC_DIFF_FULL=1 for it) runs every differential test at its full count;
 * the others run the same checks, edge inputs included, on a tenth of the
 * random cases (never fewer than the test's floor). Without that, the
 * OpenSSL side (prime generation, BN) would repeat the same work a dozen
 * times and put `make test` past its time budget. Set CTC_DIFF_FULL=1 by
 * hand for the full count in any build.
 */
#ifndef TESTS_HOST_DIFF_SCALE_H
#define TESTS_HOST_DIFF_SCALE_H

#include <stdlib.h>

/* full in the main configuration, full / 10 (at least floor) elsewhere */
static unsigned long diff_count(unsigned long full, unsigned long floor)
{
    const char *v = getenv("CTC_DIFF_FULL");
    unsigned long n;

    if (v != NULL && v[0] == '1' && v[1] == 0)
        return full;
    n = full / 10;
    return n < floor ? floor : n;
}

#endif

/*
 * ct_poison.c - host harness for the constant-time cases (ct_cases.h) under
 * valgrind memcheck (CTC_CT_CHECK=1) or MemorySanitizer (CTC_CT_CHECK=2).
 *
 * The secret bytes are poisoned before the case runs; a checker reports any
 * branch, memory address or (MemorySanitizer) divisor that depends on them.
 *
 * Usage: ct_poison --list      "NAME KIND" per case (KIND: real, leaky,
 *                              leaky-div, leaky-vtmul)
 *        ct_poison --info      build report
 *        ct_poison NAME...     run these cases, in order, in this process
 *
 * Before each case "case NAME" goes to stderr (unbuffered, so a checker's
 * report lands after the name of the case it belongs to), after it
 * "ran NAME" to stdout. tools/ct_host.py runs each negative control in its
 * own process, and the cases that must not be reported all in one; where
 * that process is reported it runs each of them alone to say which.
 */
#include <stdio.h>
#include <string.h>

#include "ct/ct_check.h"
#include "ct_cases.h"
#include "ctcrypto/common.h"
#include "mp/mp.h"

/* the index of the case named NAME, or ct_cases_count */
static size_t find_case(const char *name)
{
    size_t i;

    for (i = 0; i < ct_cases_count; i++)
        if (strcmp(name, ct_cases[i].name) == 0)
            break;
    return i;
}

int main(int argc, char **argv)
{
    static unsigned char secret[CT_SECRET_BYTES];
    size_t i;
    int arg;

    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (i = 0; i < ct_cases_count; i++)
            printf("%s %s\n", ct_cases[i].name, ct_kind_name(ct_cases[i].kind));
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--info") == 0) {
        printf("%s\n", ctc_build_info());
#if MP_X86_CPUID
        printf("mp row chosen at run time: %s\n", mp_x86_mulx() ? "mulx" : "mul");
#endif
        return 0;
    }
    if (argc < 2)
        goto usage;
    for (arg = 1; arg < argc; arg++)
        if (find_case(argv[arg]) == ct_cases_count)
            goto usage;
    for (arg = 1; arg < argc; arg++) {
        i = find_case(argv[arg]);
        fprintf(stderr, "case %s\n", ct_cases[i].name);
        /* the values only have to be valid for the case (every bit is
         * poisoned): the generator's first random secret */
        CT_UNPOISON(secret, sizeof secret);
        ct_gen_secret(secret, ct_cases[i].gen, ct_gen_structured(ct_cases[i].gen),
                      1, (unsigned)i);
        CT_POISON(secret, sizeof secret);
        ct_cases[i].fn(secret);
        printf("ran %s\n", ct_cases[i].name);
        fflush(stdout);
    }
    return 0;
usage:
    fprintf(stderr, "usage: %s --list | --info | CASE...\n", argv[0]);
    return 2;
}

/*
 * ct_check.h - hooks for the constant-time checkers.
 *
 * CT_POISON(p, n) marks n bytes at p as secret; CT_UNPOISON(p, n) declares
 * them public again. In a normal build both do nothing and cost nothing.
 * With CTC_CT_CHECK=1 they are valgrind memcheck client requests (secret
 * bytes become "undefined", so memcheck reports any branch or address that
 * depends on them); with CTC_CT_CHECK=2 they drive MemorySanitizer the same
 * way. The emulator trace checker needs neither: it compares runs with
 * different secrets.
 *
 * Library code calls CT_UNPOISON only where a secret-derived value is made
 * public on purpose, and says why on the same line.
 */
#ifndef CT_CHECK_H
#define CT_CHECK_H

#include "ctcrypto/config.h"

/*
 * MemorySanitizer cannot see inside an asm statement: it reports a poisoned
 * register input as a use, and treats every output as initialised. So under
 * MemorySanitizer the ct helpers hand each asm statement (assembly leaf or
 * optimisation barrier) an unpoisoned copy of its inputs (CT_CLEAN) and then
 * apply CT_TAINT(out, in): if `in` was poisoned, `out` becomes poisoned.
 * The leaves thus act as black boxes whose outputs are exactly as secret as
 * their inputs, and the checker judges all the C code around them. What the
 * leaves' instructions do is judged by valgrind (which follows the real
 * machine code and needs none of this) and by the emulator trace checker.
 */
#if CTC_CT_CHECK == 1
#include <valgrind/memcheck.h>
#define CT_POISON(p, n)   ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#define CT_UNPOISON(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#define CT_TAINT(out, in) ((void)(in))
#define CT_CLEAN(x) (x)
#elif CTC_CT_CHECK == 2
#include <sanitizer/msan_interface.h>
#define CT_POISON(p, n)   __msan_poison((p), (n))
#define CT_UNPOISON(p, n) __msan_unpoison((p), (n))
#define CT_TAINT(out, in) \
    do { \
        if (__msan_test_shadow(&(in), sizeof(in)) != -1) \
            __msan_poison(&(out), sizeof(out)); \
    } while (0)
#define CT_CLEAN(x) (__msan_unpoison(&(x), sizeof(x)), (x))
#elif CTC_CT_CHECK == 0
#define CT_POISON(p, n)   ((void)(p), (void)(n))
#define CT_UNPOISON(p, n) ((void)(p), (void)(n))
#define CT_TAINT(out, in) ((void)(in))
#define CT_CLEAN(x) (x)
#else
#error "CTC_CT_CHECK must be 0 (none), 1 (valgrind) or 2 (msan)"
#endif

#endif /* CT_CHECK_H */

/*
 * ct_poison.c - the constant-time test program for the host checkers
 * (valgrind memcheck with CTC_CT_CHECK=1, MemorySanitizer with 2).
 *
 * Every case marks its secret inputs with CT_POISON, calls the functions
 * under test, and stores the results in a sink without looking at them.
 * A checker reports any branch, memory address or (MemorySanitizer)
 * division that depends on a poisoned byte. Public inputs (sizes, counts)
 * stay unpoisoned on purpose: they may leak by contract.
 *
 * Usage: ct_poison --list          names of all cases, "leaky_" ones first
 *        ct_poison NAME            run one case
 * tools/ct_host.py runs every case under each checker and requires the
 * checker to flag exactly the leaky_ ones (the negative controls).
 */
#include <stdio.h>
#include <string.h>

#include "ct/ct.h"
#include "ctcrypto/common.h"
#include "leaky.h"

static volatile uint64_t sink;

static void keep(uint64_t v) { sink ^= v; }

static void keep_mem(const void *p, size_t n)
{
    const unsigned char *q = p;
    uint64_t acc = 0;
    size_t i;

    for (i = 0; i < n; i++)
        acc = (acc << 8 | acc >> 56) ^ q[i];
    keep(acc);
}

/* Secrets: fixed, different-looking values; poisoned before each use. */
static uint32_t s32[2] = { 0x8badf00du, 0x0000f00du };
static uint64_t s64[2] = { 0x0123456789abcdefu, 0xfedcba9876543210u };

#define POISON(x) CT_POISON(&(x), sizeof(x))

/* ---- the library's constant-time functions --------------------------------- */

static void case_u32(void)
{
    uint32_t a = s32[0], b = s32[1], x, y;
    ct_cond c;

    POISON(a);
    POISON(b);
    c = ct_u32_lt(a, b);
    keep(c.m);
    keep(ct_u32_gt(a, b).m);
    keep(ct_u32_le(a, b).m);
    keep(ct_u32_ge(a, b).m);
    keep(ct_u32_eq(a, b).m);
    keep(ct_u32_ne(a, b).m);
    keep(ct_u32_is_zero(a).m);
    keep(ct_u32_nonzero(b).m);
    keep(ct_u32_sel(c, a, b));
    x = a;
    y = b;
    ct_u32_cassign(c, &x, y);
    ct_u32_cswap(ct_u32_eq(a, b), &x, &y);
    keep(x ^ y);
    keep(ct_cond_mask32(c) ^ ct_cond_mask64(c) ^ ct_cond_bit(c));
}

static void case_u64(void)
{
    uint64_t a = s64[0], b = s64[1], x, y;
    ct_cond c;

    POISON(a);
    POISON(b);
    c = ct_u64_lt(a, b);
    keep(c.m);
    keep(ct_u64_gt(a, b).m);
    keep(ct_u64_le(a, b).m);
    keep(ct_u64_ge(a, b).m);
    keep(ct_u64_eq(a, b).m);
    keep(ct_u64_ne(a, b).m);
    keep(ct_u64_is_zero(a).m);
    keep(ct_u64_nonzero(b).m);
    keep(ct_u64_sel(c, a, b));
    x = a;
    y = b;
    ct_u64_cassign(c, &x, y);
    ct_u64_cswap(ct_u64_ne(a, b), &x, &y);
    keep(x ^ y);
}

static void case_sz_limb(void)
{
    size_t a = (size_t)s64[0], b = (size_t)s64[1];
    ct_limb_t la = (ct_limb_t)s64[1], lb = (ct_limb_t)s64[0];
    ct_cond c;

    POISON(a);
    POISON(b);
    POISON(la);
    POISON(lb);
    c = ct_sz_lt(a, b);
    keep(ct_sz_sel(c, a, b));
    keep(ct_sz_gt(a, b).m ^ ct_sz_le(a, b).m ^ ct_sz_ge(a, b).m);
    keep(ct_sz_eq(a, b).m ^ ct_sz_ne(a, b).m ^ ct_sz_is_zero(a).m ^ ct_sz_nonzero(b).m);
    c = ct_limb_lt(la, lb);
    keep(ct_limb_sel(c, la, lb) ^ ct_cond_mask_limb(c));
    keep(ct_limb_gt(la, lb).m ^ ct_limb_le(la, lb).m ^ ct_limb_ge(la, lb).m);
    keep(ct_limb_eq(la, lb).m ^ ct_limb_ne(la, lb).m ^ ct_limb_is_zero(la).m ^ ct_limb_nonzero(lb).m);
    ct_limb_cassign(c, &la, lb);
    ct_limb_cswap(c, &la, &lb);
    keep(la ^ lb);
}

static void case_cond(void)
{
    uint32_t bit = s32[1] & 1;
    ct_cond a, b;

    POISON(bit);
    a = ct_cond_from_bit(bit);
    b = ct_cond_not(a);
    keep(ct_cond_and(a, b).m ^ ct_cond_or(a, b).m ^ ct_cond_xor(a, b).m);
    keep(ct_cond_true().m ^ ct_cond_false().m);
}

static void case_declassify(void)
{
    /* a declassified condition may be branched on: the checker must stay
     * silent here (shows that CT_UNPOISON reaches the checker) */
    uint32_t a = s32[0], b = s32[1];

    POISON(a);
    POISON(b);
    if (ct_cond_declassify(ct_u32_lt(a, b)))
        keep(1);
    else
        keep(2);
}

static void case_mem(void)
{
    unsigned char x[64], y[64], table[16 * 32], out[32];
    size_t index = (size_t)(s32[0] & 15), i;

    for (i = 0; i < sizeof x; i++) {
        x[i] = (unsigned char)(i * 13);
        y[i] = (unsigned char)(i * 13 + (i == 40));
    }
    for (i = 0; i < sizeof table; i++)
        table[i] = (unsigned char)(i * 29 + 1);
    CT_POISON(x, sizeof x);
    CT_POISON(y, sizeof y);
    CT_POISON(table, sizeof table);
    POISON(index);

    keep(ct_mem_eq(x, y, sizeof x).m);
    ct_mem_cmov(ct_mem_eq(x, y, 8), x, y, sizeof x);
    ct_mem_cswap(ct_mem_eq(x, y, 48), x, y, sizeof x);
    ct_mem_czero(ct_mem_eq(x, y, 16), y, sizeof y);
    ct_mem_lookup(out, table, 16, sizeof out, index);
    keep_mem(x, sizeof x);
    keep_mem(y, sizeof y);
    keep_mem(out, sizeof out);
    ct_zeroize(x, sizeof x);
    keep_mem(x, sizeof x);
}

static void case_limbs(void)
{
    ct_limb_t A[8], B[8], T[6 * 8], X[8];
    size_t index = (size_t)(s32[1] % 6), i;

    for (i = 0; i < 8; i++) {
        A[i] = (ct_limb_t)(s64[0] * (i + 1));
        B[i] = (ct_limb_t)(s64[1] * (i + 3));
    }
    for (i = 0; i < 6 * 8; i++)
        T[i] = (ct_limb_t)(s64[0] ^ (i * 0x9e3779b9u));
    CT_POISON(A, sizeof A);
    CT_POISON(B, sizeof B);
    CT_POISON(T, sizeof T);
    POISON(index);

    keep(ct_limbs_eq(A, B, 8).m);
    keep(ct_limbs_is_zero(A, 8).m);
    ct_limbs_cmov(ct_limbs_eq(A, B, 3), A, B, 8);
    ct_limbs_cswap(ct_limbs_is_zero(B, 8), A, B, 8);
    ct_limbs_czero(ct_limb_lt(A[0], B[0]), A, 8);
    ct_limbs_lookup(X, T, 6, 8, index);
    keep_mem(A, sizeof A);
    keep_mem(B, sizeof B);
    keep_mem(X, sizeof X);
}

/* ---- negative controls ------------------------------------------------------ */

static void case_leaky_memcmp(void)
{
    unsigned char a[32], b[32];
    size_t i;

    for (i = 0; i < 32; i++)
        a[i] = b[i] = (unsigned char)(i + 1);
    b[20] ^= 1;
    CT_POISON(a, sizeof a);
    keep((uint64_t)leaky_memcmp(a, b, sizeof a));
}

static void case_leaky_table(void)
{
    unsigned s = s32[0];

    POISON(s);
    keep(leaky_table(s));
}

static void case_leaky_branch(void)
{
    uint32_t s = s32[0];

    POISON(s);
    keep(leaky_branch(s, 12345));
}

/* A leak downstream of an assembly leaf: branching on the mask that came
 * out of ct_u32_lt. Under MemorySanitizer this is only caught if the
 * leaf's output carries its inputs' poison (CT_TAINT in ct_check.h). */
static void case_leaky_mask_branch(void)
{
    uint32_t a = s32[0], b = s32[1];

    POISON(a);
    keep(leaky_branch((uint32_t)ct_u32_lt(a, b).m, 77));
}

struct ct_case {
    const char *name;
    void (*fn)(void);
};

static const struct ct_case cases[] = {
    { "leaky_memcmp", case_leaky_memcmp },
    { "leaky_table", case_leaky_table },
    { "leaky_branch", case_leaky_branch },
    { "leaky_mask_branch", case_leaky_mask_branch },
    { "ct_u32", case_u32 },
    { "ct_u64", case_u64 },
    { "ct_sz_limb", case_sz_limb },
    { "ct_cond", case_cond },
    { "ct_declassify", case_declassify },
    { "ct_mem", case_mem },
    { "ct_limbs", case_limbs },
};

int main(int argc, char **argv)
{
    size_t i;

    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
            printf("%s\n", cases[i].name);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--info") == 0) {
        printf("%s\n", ctc_build_info());
        return 0;
    }
    for (i = 0; argc == 2 && i < sizeof cases / sizeof cases[0]; i++) {
        if (strcmp(argv[1], cases[i].name) == 0) {
            cases[i].fn();
            printf("ran %s\n", cases[i].name);
            return 0;
        }
    }
    fprintf(stderr, "usage: %s --list | --info | CASE\n", argv[0]);
    return 2;
}

/*
 * ct_core.c - constant-time cases for the ct layer: every helper with
 * secret operands (see ct_cases.h).
 */
#include "ct/ct.h"
#include "ct_cases.h"
#include "ct_util.h"

void ct_case_ct_u32(const unsigned char *secret)
{
    uint32_t a = ct_ld32(secret), b = ct_ld32(secret + 4), x, y;
    ct_cond c = ct_u32_lt(a, b);

    ct_keep(c.m);
    ct_keep(ct_u32_gt(a, b).m);
    ct_keep(ct_u32_le(a, b).m);
    ct_keep(ct_u32_ge(a, b).m);
    ct_keep(ct_u32_eq(a, b).m);
    ct_keep(ct_u32_ne(a, b).m);
    ct_keep(ct_u32_is_zero(a).m);
    ct_keep(ct_u32_nonzero(b).m);
    ct_keep(ct_u32_sel(c, a, b));
    x = a;
    y = b;
    ct_u32_cassign(c, &x, y);
    ct_u32_cswap(ct_u32_eq(a, b), &x, &y);
    ct_keep(x ^ y);
    ct_keep(ct_cond_mask32(c) ^ ct_cond_mask64(c) ^ ct_cond_bit(c));
}

void ct_case_ct_u64(const unsigned char *secret)
{
    uint64_t a = ct_ld64(secret + 8), b = ct_ld64(secret + 16), x, y;
    ct_cond c = ct_u64_lt(a, b);

    ct_keep(c.m);
    ct_keep(ct_u64_gt(a, b).m);
    ct_keep(ct_u64_le(a, b).m);
    ct_keep(ct_u64_ge(a, b).m);
    ct_keep(ct_u64_eq(a, b).m);
    ct_keep(ct_u64_ne(a, b).m);
    ct_keep(ct_u64_is_zero(a).m);
    ct_keep(ct_u64_nonzero(b).m);
    ct_keep(ct_u64_sel(c, a, b));
    x = a;
    y = b;
    ct_u64_cassign(c, &x, y);
    ct_u64_cswap(ct_u64_ne(a, b), &x, &y);
    ct_keep(x ^ y);
}

void ct_case_ct_sz_limb(const unsigned char *secret)
{
    size_t a = (size_t)ct_ld64(secret + 24), b = (size_t)ct_ld64(secret + 32);
    ct_limb_t la = (ct_limb_t)ct_ld64(secret + 40), lb = (ct_limb_t)ct_ld64(secret + 48);
    ct_cond c = ct_sz_lt(a, b);

    ct_keep(ct_sz_sel(c, a, b));
    ct_keep(ct_sz_gt(a, b).m ^ ct_sz_le(a, b).m ^ ct_sz_ge(a, b).m);
    ct_keep(ct_sz_eq(a, b).m ^ ct_sz_ne(a, b).m ^ ct_sz_is_zero(a).m ^ ct_sz_nonzero(b).m);
    c = ct_limb_lt(la, lb);
    ct_keep(ct_limb_sel(c, la, lb) ^ ct_cond_mask_limb(c));
    ct_keep(ct_limb_gt(la, lb).m ^ ct_limb_le(la, lb).m ^ ct_limb_ge(la, lb).m);
    ct_keep(ct_limb_eq(la, lb).m ^ ct_limb_ne(la, lb).m ^ ct_limb_is_zero(la).m
            ^ ct_limb_nonzero(lb).m);
    ct_limb_cassign(c, &la, lb);
    ct_limb_cswap(c, &la, &lb);
    ct_keep(la ^ lb);
}

void ct_case_ct_cond(const unsigned char *secret)
{
    ct_cond a = ct_cond_from_bit(secret[56] & 1u), b = ct_cond_not(a);

    ct_keep(ct_cond_and(a, b).m ^ ct_cond_or(a, b).m ^ ct_cond_xor(a, b).m);
    ct_keep(ct_cond_true().m ^ ct_cond_false().m);
}

void ct_case_ct_declassify(const unsigned char *secret)
{
    /* A declassified condition may be branched on: valgrind and MSan must
     * stay silent here (shows that CT_UNPOISON reaches them). The condition
     * is the same for every secret (a value equals itself), so the trace
     * checker, which cannot know about declassification, sees one path. */
    uint32_t a = ct_ld32(secret), b = ct_ld32(secret);
    volatile uint32_t t = 0;

    if (ct_cond_declassify(ct_u32_eq(a, b)))
        t = 1;
    else
        t = 2;
    ct_keep(t);
}

void ct_case_ct_mem(const unsigned char *secret)
{
    unsigned char x[64], y[64], out[32];
    const unsigned char *table = secret + 64; /* 6 entries of 32 bytes */
    size_t index = secret[60] & 7u, i;

    /* the cmp layout: y matches x but for one byte, or not at all */
    for (i = 0; i < 64; i++) {
        x[i] = secret[i];
        y[i] = secret[128 + i];
    }
    ct_keep(ct_mem_eq(x, y, sizeof x).m);
    ct_mem_cmov(ct_mem_eq(x, y, 8), x, y, sizeof x);
    ct_mem_cswap(ct_mem_eq(x, y, 48), x, y, sizeof x);
    ct_mem_czero(ct_mem_eq(x, y, 16), y, sizeof y);
    ct_mem_lookup(out, table, 6, sizeof out, index);
    ct_keep_mem(x, sizeof x);
    ct_keep_mem(y, sizeof y);
    ct_keep_mem(out, sizeof out);
    ct_zeroize(x, sizeof x);
    ct_keep_mem(x, sizeof x);
}

void ct_case_ct_limbs(const unsigned char *secret)
{
    ct_limb_t A[4], B[4], T[5 * 4], X[4];
    size_t index = secret[255] & 7u, i;

    for (i = 0; i < 4; i++) {
        A[i] = (ct_limb_t)ct_ld64(secret + 8 * i);
        B[i] = (ct_limb_t)ct_ld64(secret + 128 + 8 * i); /* the cmp layout */
    }
    for (i = 0; i < 5 * 4; i++)
        T[i] = (ct_limb_t)ct_ld64(secret + 64 + 8 * i);
    ct_keep(ct_limbs_eq(A, B, 4).m);
    ct_keep(ct_limbs_is_zero(A, 4).m);
    ct_limbs_cmov(ct_limbs_eq(A, B, 3), A, B, 4);
    ct_limbs_cswap(ct_limbs_is_zero(B, 4), A, B, 4);
    ct_limbs_czero(ct_limb_lt(A[0], B[0]), A, 4);
    ct_limbs_lookup(X, T, 5, 4, index);
    ct_keep_mem(A, sizeof A);
    ct_keep_mem(B, sizeof B);
    ct_keep_mem(X, sizeof X);
}

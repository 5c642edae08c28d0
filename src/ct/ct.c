/*
 * ct.c - constant-time buffer and limb-array helpers (declared in ct.h).
 */
#include "ct.h"

ct_cond ct_mem_eq(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    uint32_t acc = 0;
    size_t i;

    for (i = 0; i < n; i++)
        acc |= (uint32_t)(p[i] ^ q[i]);
    return ct_u32_is_zero(acc);
}

void ct_mem_cmov(ct_cond c, void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    uint32_t m = ct_cond_mask32(c);
    size_t i;

    for (i = 0; i < n; i++)
        d[i] = (unsigned char)(d[i] ^ (m & (uint32_t)(d[i] ^ s[i])));
}

void ct_mem_cswap(ct_cond c, void *a, void *b, size_t n)
{
    unsigned char *p = a, *q = b;
    uint32_t m = ct_cond_mask32(c);
    size_t i;

    for (i = 0; i < n; i++) {
        unsigned char t = (unsigned char)(m & (uint32_t)(p[i] ^ q[i]));
        p[i] ^= t;
        q[i] ^= t;
    }
}

void ct_mem_czero(ct_cond c, void *p, size_t n)
{
    unsigned char *d = p;
    uint32_t keep = ~ct_cond_mask32(c);
    size_t i;

    for (i = 0; i < n; i++)
        d[i] = (unsigned char)(d[i] & keep);
}

void ct_mem_lookup(void *out, const void *table, size_t count, size_t stride,
                   size_t index)
{
    unsigned char *o = out;
    const unsigned char *t = table;
    size_t i, j;

    for (j = 0; j < stride; j++)
        o[j] = 0;
    for (i = 0; i < count; i++, t += stride) {
        uint32_t m = ct_cond_mask32(ct_sz_eq(i, index));
        for (j = 0; j < stride; j++)
            o[j] = (unsigned char)(o[j] | (m & t[j]));
    }
}

void ct_zeroize(void *p, size_t n)
{
    /* volatile stores: the compiler must perform every one of them, even
     * when the buffer is dead afterwards. Whole words where the address is
     * aligned (GNU compilers: through a may_alias type, so that the stores
     * may hit objects of any type), bytes at the ends. */
    volatile unsigned char *d = p;
    size_t i = 0;

#if defined(__GNUC__) || defined(__clang__)
    typedef ct_word_t __attribute__((may_alias)) ct_word_any;

    for (; i < n && ((uintptr_t)(d + i) & (sizeof(ct_word_t) - 1)) != 0; i++)
        d[i] = 0;
    for (; n - i >= sizeof(ct_word_t); i += sizeof(ct_word_t))
        *(volatile ct_word_any *)(volatile void *)(d + i) = 0;
#endif
    for (; i < n; i++)
        d[i] = 0;
}

ct_cond ct_limbs_eq(const ct_limb_t *A, const ct_limb_t *B, size_t n)
{
    ct_limb_t acc = 0;
    size_t i;

    for (i = 0; i < n; i++)
        acc |= A[i] ^ B[i];
    return ct_limb_is_zero(acc);
}

ct_cond ct_limbs_is_zero(const ct_limb_t *A, size_t n)
{
    ct_limb_t acc = 0;
    size_t i;

    for (i = 0; i < n; i++)
        acc |= A[i];
    return ct_limb_is_zero(acc);
}

void ct_limbs_cmov(ct_cond c, ct_limb_t *X, const ct_limb_t *A, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        X[i] = ct_limb_sel(c, A[i], X[i]);
}

void ct_limbs_cswap(ct_cond c, ct_limb_t *X, ct_limb_t *Y, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        ct_limb_cswap(c, &X[i], &Y[i]);
}

void ct_limbs_czero(ct_cond c, ct_limb_t *X, size_t n)
{
    ct_limb_t keep = ~ct_cond_mask_limb(c);
    size_t i;

    for (i = 0; i < n; i++)
        X[i] &= keep;
}

void ct_limbs_lookup(ct_limb_t *X, const ct_limb_t *table, size_t count,
                     size_t n, size_t index)
{
    /* four limbs at a time in locals across the whole table (registers:
     * one load, AND and OR per table limb), then the rest one by one */
    size_t i, j;

    for (j = 0; j + 4 <= n; j += 4) {
        const ct_limb_t *t = table + j;
        ct_limb_t x0 = 0, x1 = 0, x2 = 0, x3 = 0;

        for (i = 0; i < count; i++, t += n) {
            ct_limb_t m = ct_cond_mask_limb(ct_sz_eq(i, index));

            x0 |= m & t[0];
            x1 |= m & t[1];
            x2 |= m & t[2];
            x3 |= m & t[3];
        }
        X[j] = x0;
        X[j + 1] = x1;
        X[j + 2] = x2;
        X[j + 3] = x3;
    }
    for (; j < n; j++) {
        const ct_limb_t *t = table + j;
        ct_limb_t x = 0;

        for (i = 0; i < count; i++, t += n)
            x |= ct_cond_mask_limb(ct_sz_eq(i, index)) & t[0];
        X[j] = x;
    }
}

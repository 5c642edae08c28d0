/*
 * mp_add.c - add, subtract, compare, shift, copy (declared in mp.h).
 *
 * Loops are written `do { } while (++i < n)`: n >= 1 is a precondition,
 * and the only conditional branch left is the back-edge on the public
 * count (tools/check_codegen_mp.py checks the disassembly).
 */
#include "mp_word.h"

/*
 * PROFILE=small: every function here stays out of line, so that
 * link-time optimisation does not copy a limb loop into each caller.
 */
#if CTC_PROFILE_SMALL
#define MP_SMALL_NOINLINE CT_NOINLINE
#else
#define MP_SMALL_NOINLINE
#endif

MP_SMALL_NOINLINE ct_limb_t mp_add(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B, size_t n)
{
    ct_limb_t c = 0;
    size_t i = 0;

    do {
        X[i] = mp_w_adc(A[i], B[i], &c);
    } while (++i < n);
    return c;
}

MP_SMALL_NOINLINE ct_limb_t mp_sub(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B, size_t n)
{
    ct_limb_t c = 0;
    size_t i = 0;

    do {
        X[i] = mp_w_sbb(A[i], B[i], &c);
    } while (++i < n);
    return c;
}

MP_SMALL_NOINLINE ct_limb_t mp_add_cond(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                      ct_cond cond, size_t n)
{
    ct_limb_t m = ct_cond_mask_limb(cond), c = 0;
    size_t i = 0;

    do {
        X[i] = mp_w_adc(A[i], B[i] & m, &c);
    } while (++i < n);
    return c;
}

MP_SMALL_NOINLINE ct_limb_t mp_sub_cond(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                      ct_cond cond, size_t n)
{
    ct_limb_t m = ct_cond_mask_limb(cond), c = 0;
    size_t i = 0;

    do {
        X[i] = mp_w_sbb(A[i], B[i] & m, &c);
    } while (++i < n);
    return c;
}

MP_SMALL_NOINLINE ct_limb_t mp_add_limb(ct_limb_t *X, const ct_limb_t *A, ct_limb_t b, size_t n)
{
    ct_limb_t c = 0;
    size_t i = 0;

    do {
        X[i] = mp_w_adc(A[i], b, &c);
        b = 0;
    } while (++i < n);
    return c;
}

MP_SMALL_NOINLINE ct_limb_t mp_sub_limb(ct_limb_t *X, const ct_limb_t *A, ct_limb_t b, size_t n)
{
    ct_limb_t c = 0;
    size_t i = 0;

    do {
        X[i] = mp_w_sbb(A[i], b, &c);
        b = 0;
    } while (++i < n);
    return c;
}

MP_SMALL_NOINLINE ct_cond mp_lt(const ct_limb_t *A, const ct_limb_t *B, size_t n)
{
    /* A < B exactly when A - B borrows */
    ct_limb_t c = 0;
    size_t i = 0;

    do {
        (void)mp_w_sbb(A[i], B[i], &c);
    } while (++i < n);
    return ct_cond_from_bit((uint32_t)c);
}

MP_SMALL_NOINLINE ct_cond mp_eq(const ct_limb_t *A, const ct_limb_t *B, size_t n)
{
    ct_limb_t acc = 0;
    size_t i = 0;

    do {
        acc |= A[i] ^ B[i];
    } while (++i < n);
    return ct_limb_is_zero(acc);
}

MP_SMALL_NOINLINE ct_cond mp_is_zero(const ct_limb_t *A, size_t n)
{
    ct_limb_t acc = 0;
    size_t i = 0;

    do {
        acc |= A[i];
    } while (++i < n);
    return ct_limb_is_zero(acc);
}

/*
 * Shifts by a public s in [0, w). The bits crossing a limb boundary are
 * (a >> 1) >> (w - 1 - s): two shifts by counts in [0, w), so s = 0 needs
 * no special case (a shift by w would be undefined).
 */
ct_limb_t mp_shl(ct_limb_t *X, const ct_limb_t *A, size_t n, unsigned s)
{
    unsigned r = MP_TOP - s;
    ct_limb_t prev = 0, a;
    size_t i = 0;

    do {
        a = A[i];
        X[i] = (a << s) | ((prev >> 1) >> r);
        prev = a;
    } while (++i < n);
    return (prev >> 1) >> r;
}

ct_limb_t mp_shr(ct_limb_t *X, const ct_limb_t *A, size_t n, unsigned s)
{
    /* from the top down, so that X may equal A */
    unsigned r = MP_TOP - s;
    ct_limb_t prev = 0, a;
    size_t i = n;

    do {
        i--;
        a = A[i];
        X[i] = (a >> s) | ((prev << 1) << r);
        prev = a;
    } while (i > 0);
    return (prev << 1) << r;
}

MP_SMALL_NOINLINE void mp_copy(ct_limb_t *X, const ct_limb_t *A, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        X[i] = A[i];
}

MP_SMALL_NOINLINE void mp_zero(ct_limb_t *X, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        X[i] = 0;
}

void mp_set_limb(ct_limb_t *X, size_t n, ct_limb_t v)
{
    size_t i;

    for (i = 0; i < n; i++) {
        X[i] = v;
        v = 0;
    }
}

MP_SMALL_NOINLINE void mp_cmov(ct_limb_t *X, const ct_limb_t *A, ct_cond c, size_t n)
{
    ct_limb_t m = ct_cond_mask_limb(c);
    size_t i = 0;

    do {
        X[i] ^= m & (X[i] ^ A[i]);
    } while (++i < n);
}

MP_SMALL_NOINLINE void mp_cswap(ct_limb_t *X, ct_limb_t *Y, ct_cond c, size_t n)
{
    ct_limb_t m = ct_cond_mask_limb(c), t;
    size_t i = 0;

    do {
        t = m & (X[i] ^ Y[i]);
        X[i] ^= t;
        Y[i] ^= t;
    } while (++i < n);
}

size_t mp_bitlen_vartime(const ct_limb_t *A, size_t n)
{
    size_t i = n;
    ct_limb_t a;
    size_t bits;

    while (i > 0 && A[i - 1] == 0)
        i--;
    if (i == 0)
        return 0;
    a = A[i - 1];
    bits = (i - 1) * MP_LIMB_BITS;
    while (a) {
        a >>= 1;
        bits++;
    }
    return bits;
}

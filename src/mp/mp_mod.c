/*
 * mp_mod.c - reduction modulo N and modular add/sub/negate (declared in
 * mp.h).
 */
#include "mp_word.h"

void mp_mod(ct_limb_t *X, const ct_limb_t *A, size_t a_limbs,
            const ct_limb_t *N, size_t n, ct_limb_t *T)
{
    /*
     * Bit by bit from the top: R = 2R + bit, then R -= N if R >= N.
     * R < N before the step, so 2R + 1 < 2N: one conditional subtraction
     * suffices, and the bit shifted out of R (the carry c) means R >= N.
     */
    size_t i = a_limbs;
    unsigned b;
    ct_limb_t a, c;
    ct_cond ge;

    mp_zero(T, n);
    do {
        a = A[--i];
        b = MP_LIMB_BITS;
        do {
            b--;
            c = mp_shl(T, T, n, 1);
            T[0] |= (a >> b) & 1u;
            ge = ct_cond_or(ct_cond_from_bit((uint32_t)c), ct_cond_not(mp_lt(T, N, n)));
            (void)mp_sub_cond(T, T, N, ge, n);
        } while (b > 0);
    } while (i > 0);
    mp_copy(X, T, n);
}

void mp_mod_add(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                const ct_limb_t *N, size_t n)
{
    /* A + B < 2N: subtract N once if the sum carried or is >= N */
    ct_limb_t c = mp_add(X, A, B, n);
    ct_cond ge = ct_cond_or(ct_cond_from_bit((uint32_t)c), ct_cond_not(mp_lt(X, N, n)));

    (void)mp_sub_cond(X, X, N, ge, n);
}

void mp_mod_sub(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                const ct_limb_t *N, size_t n)
{
    /* A - B > -N: add N once if the difference borrowed */
    ct_limb_t b = mp_sub(X, A, B, n);

    (void)mp_add_cond(X, X, N, ct_cond_from_bit((uint32_t)b), n);
}

void mp_mod_neg(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *N, size_t n)
{
    /* N - A is in (0, N] for A < N; it is N exactly when A = 0 */
    ct_cond z = mp_is_zero(A, n);

    (void)mp_sub(X, N, A, n);
    (void)mp_sub_cond(X, X, N, z, n);
}

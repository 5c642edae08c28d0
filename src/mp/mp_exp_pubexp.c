/*
 * mp_exp_pubexp.c - modular exponentiation with a public exponent and a
 * secret base and modulus (declared in mp.h): the binary method over the
 * exponent's bits, for RSA's e (the blinding value r^e, the check m^e).
 */
#include "ctcrypto/common.h"
#include "mp_word.h"

/* see mp.h */
int mp_exp_pubexp(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *E,
                  size_t e_limbs, const mp_modulus *M, ct_limb_t *T,
                  size_t t_limbs)
{
    size_t n = M->n;
    ct_limb_t *acc = T, *base = T + n, *wrk = T + 2 * n;
    size_t i = e_limbs * MP_LIMB_BITS;
    ct_limb_t bit;

    if (t_limbs < MP_EXP_SCRATCH(n, 1))
        return CTC_ERR_BUFFER;
    /*
     * The branches below follow E's bits, which are public; everything
     * that touches A and N is a Montgomery product, conversion or copy,
     * whose time depends on n only. The top set bit starts the
     * accumulator at A; every lower bit costs a squaring, and a set one a
     * multiply by A.
     */
    do {
        i--;
        bit = (E[i >> MP_LIMB_SHIFT] >> (i & (MP_LIMB_BITS - 1))) & 1u;
    } while (bit == 0 && i > 0);
    if (bit == 0) {
        /* E = 0: A^0 = 1 (N > 1) */
        mp_set_limb(X, n, 1);
        return CTC_OK;
    }
    mp_to_mont(base, A, M, wrk);
    mp_copy(acc, base, n);
    while (i > 0) {
        i--;
        mp_montsqr(acc, acc, M, wrk);
        if ((E[i >> MP_LIMB_SHIFT] >> (i & (MP_LIMB_BITS - 1))) & 1u)
            mp_montmul(acc, base, acc, M, wrk);
    }
    mp_from_mont(X, acc, M, wrk);
    return CTC_OK;
}

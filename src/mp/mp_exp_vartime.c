/*
 * mp_exp_vartime.c - modular exponentiation for public base, exponent and
 * modulus (declared in mp.h). Variable time by design: it follows the
 * exponent's bits.
 */
#include "ctcrypto/common.h"
#include "mp_word.h"

static unsigned mp_bit_vartime(const ct_limb_t *E, size_t pos)
{
    return (unsigned)(E[pos >> MP_LIMB_SHIFT] >> (pos & (MP_LIMB_BITS - 1))) & 1u;
}

/* Sliding window over `bits` bits: odd powers A^1, A^3, ..., A^(2^w - 1)
 * cost 2^(w-1) multiplies; each window saves about w multiplies over the
 * binary method. Short exponents (e = 65537) use w = 1: no table. */
static unsigned mp_expv_window(size_t bits)
{
    if (bits <= 20)
        return 1;
    if (bits <= 80)
        return 3;
    if (bits <= 240)
        return 4;
    if (bits <= 672)
        return 5;
    return 6;
}

int mp_exp_vartime(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *E,
                   size_t e_limbs, const mp_modulus *M, ct_limb_t *T,
                   size_t t_limbs)
{
    size_t n = M->n;
    size_t bits = mp_bitlen_vartime(E, e_limbs), cnt, i, j, len;
    unsigned w = mp_expv_window(bits), v;
    ct_limb_t *tab, *acc, *sq, *wrk;

    if (t_limbs < MP_EXP_SCRATCH(n, 1))
        return CTC_ERR_BUFFER;
    if (bits == 0) {
        mp_set_limb(X, n, 1);
        return CTC_OK;
    }
    while (w > 1 && t_limbs < MP_EXP_SCRATCH(n, w))
        w--;
    cnt = (size_t)1 << (w - 1);
    tab = T;
    acc = tab + cnt * n;
    sq = acc + n;
    wrk = sq + n;

    /* tab[i] = A^(2i + 1) in Montgomery form */
    mp_to_mont(tab, A, M, wrk);
    if (cnt > 1) {
        mp_montsqr(sq, tab, M, wrk);
        for (i = 1; i < cnt; i++)
            mp_montmul(tab + i * n, tab + (i - 1) * n, sq, M, wrk);
    }

    /* bit `bits - 1` is set: the first window starts the accumulator */
    i = bits;
    for (;;) {
        /* window [j, i): at most w bits ending at the set bit i - 1, with
         * its lowest bit set (so its value v is odd) */
        j = i > w ? i - w : 0;
        while (!mp_bit_vartime(E, j))
            j++;
        v = 0;
        for (len = i; len > j; len--)
            v = (v << 1) | mp_bit_vartime(E, len - 1);
        if (i == bits) {
            mp_copy(acc, tab + (v >> 1) * n, n);
        } else {
            for (len = i - j; len > 0; len--)
                mp_montsqr(acc, acc, M, wrk);
            mp_montmul(acc, tab + (v >> 1) * n, acc, M, wrk);
        }
        i = j;
        /* zero bits: one squaring each */
        while (i > 0 && !mp_bit_vartime(E, i - 1)) {
            mp_montsqr(acc, acc, M, wrk);
            i--;
        }
        if (i == 0)
            break;
    }
    mp_from_mont(X, acc, M, wrk);
    return CTC_OK;
}

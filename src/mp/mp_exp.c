/*
 * mp_exp.c - modular exponentiation with a secret exponent (declared in
 * mp.h).
 */
#include "ctcrypto/common.h"
#include "mp_word.h"

/* see mp.h */
size_t mp_exp_bits(const ct_limb_t *E, size_t e_limbs, size_t pos,
                   unsigned len)
{
    size_t li = pos >> MP_LIMB_SHIFT;
    unsigned off = (unsigned)(pos & (MP_LIMB_BITS - 1));
    ct_limb_t v = E[li] >> off;

    if (off + len > MP_LIMB_BITS && li + 1 < e_limbs)
        v |= E[li + 1] << (MP_LIMB_BITS - off);
    return (size_t)(v & (((ct_limb_t)1 << len) - 1));
}

/*
 * The window that minimises the work for an exponent of `bits` bits. Per
 * window: w squarings, one multiply and a scan of all 2^w entries (each
 * entry costs about n limb loads, so at 2^6 entries the scan approaches a
 * multiply); the table costs 2^w - 2 multiplies once. Counting multiplies,
 * w = 5 wins up to about 3000 bits and w = 6 beyond (docs/mp.md).
 */
static unsigned mp_exp_window(size_t bits)
{
    if (bits <= 24)
        return 2;
    if (bits <= 96)
        return 3;
    if (bits <= 384)
        return 4;
    if (bits <= 3072)
        return 5;
    return 6;
}

int mp_exp(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *E,
           size_t e_limbs, const mp_modulus *M, ct_limb_t *T, size_t t_limbs)
{
    size_t n = M->n;
    size_t ebits = e_limbs * MP_LIMB_BITS, cnt, i, pos;
    unsigned w = mp_exp_window(ebits), len;
    ct_limb_t *tab, *acc, *sel, *wrk;

    if (t_limbs < MP_EXP_SCRATCH(n, 1))
        return CTC_ERR_BUFFER;
    while (w > 1 && t_limbs < MP_EXP_SCRATCH(n, w))
        w--;
    cnt = (size_t)1 << w;
    tab = T;
    acc = tab + cnt * n;
    sel = acc + n;
    wrk = sel + n;

    /* tab[i] = A^i in Montgomery form: tab[0] = R mod N, tab[1] = A R mod
     * N, even entries by squaring, odd ones by a multiply */
    mp_set_limb(sel, n, 1);
    mp_to_mont(tab, sel, M, wrk);
    mp_to_mont(tab + n, A, M, wrk);
    for (i = 2; i < cnt; i++) {
        if ((i & 1u) == 0)
            mp_montsqr(tab + i * n, tab + (i >> 1) * n, M, wrk);
        else
            mp_montmul(tab + i * n, tab + (i - 1) * n, tab + n, M, wrk);
    }

    /*
     * Windows from the top over all e_limbs * w bits, whatever E's value:
     * the first window holds the leftover ebits mod w bits (or w), and its
     * entry is the starting value; every further window costs w squarings,
     * a scan of the whole table and one multiply.
     */
    pos = ebits;
    while (pos > w)
        pos -= w;
    len = (unsigned)pos;
    pos = ebits - len;
    mp_limbs_lookup(acc, tab, cnt, n, mp_exp_bits(E, e_limbs, pos, len));
    while (pos > 0) {
        pos -= w;
        for (i = 0; i < w; i++)
            mp_montsqr(acc, acc, M, wrk);
        mp_limbs_lookup(sel, tab, cnt, n, mp_exp_bits(E, e_limbs, pos, w));
        mp_montmul(acc, sel, acc, M, wrk);
    }
    mp_from_mont(X, acc, M, wrk);
    return CTC_OK;
}

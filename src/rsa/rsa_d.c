/*
 * rsa_d.c - the private exponent d = e^-1 mod (p - 1)(q - 1) from p, q
 * and e, in constant time (declared in rsa.h). The modulus phi is even,
 * so safegcd (odd moduli only) cannot invert e modulo it; instead the
 * inverse is taken modulo e, which is odd and public:
 *   k = -phi^-1 mod e  =>  1 + k phi = 0 mod e,  d = (1 + k phi) / e,
 * and e d = 1 + k phi = 1 mod phi, with 0 < d < phi since k < e. The
 * division is exact, so it is a product by e^-1 mod 2^(w m) (m limbs,
 * enough for d < phi < 2^(w m)).
 */
#include "ct/ct.h"
#include "rsa.h"

/*
 * X (m limbs) = e^-1 mod 2^(w m) for odd e, by Newton's iteration
 * x' = x (2 - e x), which doubles the number of correct low bits; the
 * start -ninv(e) is correct to w bits. T: 3m limbs.
 */
static void rsa_inv_pow2(ct_limb_t *X, ct_limb_t e, size_t m, ct_limb_t *T)
{
    ct_limb_t *t1 = T, *prod = T + m;
    size_t good, i;

    mp_zero(X, m);
    X[0] = (ct_limb_t)0 - mp_mont_ninv(e);
    for (good = MP_LIMB_BITS; good < MP_LIMB_BITS * m; good *= 2) {
        /* t1 = 2 - e x mod 2^(w m): -(e x) = ~(e x) + 1 */
        mp_zero(t1, m);
        (void)mp_mla(t1, X, m, e);
        for (i = 0; i < m; i++)
            t1[i] = ~t1[i];
        (void)mp_add_limb(t1, t1, 3, m);
        mp_mul(prod, X, m, t1, m);
        mp_copy(X, prod, m);
    }
}

/* see rsa.h */
ct_cond rsa_make_d(ct_limb_t *D, const ct_limb_t *P, const ct_limb_t *Q, size_t h,
                   uint32_t e, ct_limb_t *T)
{
    ct_limb_t *pm1 = T, *qm1 = pm1 + h, *phi = qm1 + h, *tt = phi + 2 * h,
              *einv = tt + 2 * h + 1, *w = einv + 2 * h, *ti = w + 6 * h + 2;
    ct_limb_t E[1], r[1], x[1];
    size_t m = 2 * h;
    ct_cond ok;

    E[0] = e;
    /* phi = (P - 1)(Q - 1): P and Q are odd, so P - 1 is P without bit 0 */
    mp_copy(pm1, P, h);
    mp_copy(qm1, Q, h);
    pm1[0] &= ~(ct_limb_t)1;
    qm1[0] &= ~(ct_limb_t)1;
    mp_mul(phi, pm1, h, qm1, h);
    /* x = phi^-1 mod e (mp_inv: odd modulus e > 1, phi mod e < e) */
    mp_mod(r, phi, m, E, 1, w);
    ok = mp_inv(x, r, E, 1, ti);
    /* tt = 1 + k phi, k = e - x (x != 0 when ok) */
    mp_zero(tt, m + 1);
    tt[0] = 1;
    tt[m] = mp_mla(tt, phi, m, E[0] - x[0]);
    /* D = tt / e, exact: tt e^-1 mod 2^(w m) */
    rsa_inv_pow2(einv, E[0], m, w);
    mp_mul(w, tt, m, einv, m);
    mp_copy(D, w, m);
    ct_zeroize(T, RSA_D_SCRATCH * sizeof(ct_limb_t));
    ct_zeroize(r, sizeof r);
    ct_zeroize(x, sizeof x);
    return ok;
}

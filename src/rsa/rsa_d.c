/*
 * rsa_d.c - the private exponent d = e^-1 mod lcm(p - 1, q - 1) from p, q
 * and e, in constant time (declared in rsa.h).
 *
 * lambda = (p - 1)(q - 1) / g with g = gcd(p - 1, q - 1) = 2^t g', g' odd:
 * t by shifting p - 1 and q - 1 (and phi with them) while both are even,
 * g' by a binary GCD with a fixed number of steps, and the division by g'
 * is exact, so it is a product by g'^-1 mod 2^(w m) (m limbs, enough for
 * lambda < 2^(w m)). lambda is even, so safegcd (odd moduli only) cannot
 * invert e modulo it; the inverse is taken modulo e, which is odd and
 * public:
 *   k = -lambda^-1 mod e  =>  1 + k lambda = 0 mod e,  d = (1 + k lambda) / e,
 * and e d = 1 + k lambda = 1 mod lambda, with 0 < d < lambda since k < e;
 * the division by e is exact too.
 */
#include "ct/ct.h"
#include "rsa.h"

/*
 * X (m limbs) = A^-1 mod 2^(w m) for odd A of m limbs, by Newton's
 * iteration x' = x (2 - A x), which doubles the number of correct low
 * bits; the start -ninv(A[0]) is correct to w bits. T: 3m limbs.
 */
static void rsa_inv_pow2(ct_limb_t *X, const ct_limb_t *A, size_t m, ct_limb_t *T)
{
    ct_limb_t *t1 = T, *prod = T + m;
    size_t good, i;

    mp_zero(X, m);
    X[0] = (ct_limb_t)0 - mp_mont_ninv(A[0]);
    for (good = MP_LIMB_BITS; good < MP_LIMB_BITS * m; good *= 2) {
        /* t1 = 2 - A x mod 2^(w m): -(A x) = ~(A x) + 1 */
        mp_mul(prod, A, m, X, m);
        for (i = 0; i < m; i++)
            t1[i] = ~prod[i];
        (void)mp_add_limb(t1, t1, 3, m);
        mp_mul(prod, X, m, t1, m);
        mp_copy(X, prod, m);
    }
}

/* see rsa.h */
ct_cond rsa_make_d(ct_limb_t *D, const ct_limb_t *P, const ct_limb_t *Q, size_t h,
                   uint32_t e, ct_limb_t *T)
{
    size_t m = 2 * h, i;
    ct_limb_t *a = T, *b = a + h, *s = b + h, *phi = s + m, *lam = phi + m,
              *tt = lam + m, *inv = tt + m + 1, *Am = inv + m, *w = Am + m,
              *ti = w + 3 * m + 2;
    ct_limb_t E[1], r[1], x[1];
    ct_cond ok, c;

    E[0] = e;
    /* a = P - 1, b = Q - 1 (P and Q are odd), phi = a b */
    mp_copy(a, P, h);
    mp_copy(b, Q, h);
    a[0] &= ~(ct_limb_t)1;
    b[0] &= ~(ct_limb_t)1;
    mp_mul(phi, a, h, b, h);
    /* the common power of 2: while a and b are both even, halve a, b and
     * phi (a < 2^(w h): at most w h - 1 halvings) */
    for (i = 0; i < MP_LIMB_BITS * h; i++) {
        c = ct_cond_from_bit((uint32_t)(~(a[0] | b[0]) & 1u));
        (void)mp_shr(s, a, h, 1);
        mp_cmov(a, s, c, h);
        (void)mp_shr(s, b, h, 1);
        mp_cmov(b, s, c, h);
        (void)mp_shr(s, phi, m, 1);
        mp_cmov(phi, s, c, m);
    }
    /* one of a and b is odd now: make it b */
    mp_cswap(a, b, ct_cond_from_bit((uint32_t)(~b[0] & 1u)), h);
    /* binary GCD with b odd: a odd => (a, b) = (|a - b|, min(a, b)); then
     * a is even and is halved. a + b loses at least a bit per step, so 2 w
     * h steps reach a = 0, b = the odd part of gcd(P - 1, Q - 1) */
    for (i = 0; i < 2 * MP_LIMB_BITS * h; i++) {
        ct_cond odd = ct_cond_from_bit((uint32_t)(a[0] & 1u));

        mp_cswap(a, b, ct_cond_and(odd, mp_lt(a, b, h)), h);
        (void)mp_sub_cond(a, a, b, odd, h);
        (void)mp_shr(a, a, h, 1);
    }
    /* lambda = phi / 2^t / g' = phi g'^-1 mod 2^(w m) (exact) */
    mp_zero(Am, m);
    mp_copy(Am, b, h);
    rsa_inv_pow2(inv, Am, m, w);
    mp_mul(w, phi, m, inv, m);
    mp_copy(lam, w, m);
    /* x = lambda^-1 mod e (mp_inv: odd modulus e > 1, lambda mod e < e) */
    mp_mod(r, lam, m, E, 1, w);
    ok = mp_inv(x, r, E, 1, ti);
    /* tt = 1 + k lambda, k = e - x (x != 0 when ok) */
    mp_zero(tt, m + 1);
    tt[0] = 1;
    tt[m] = mp_mla(tt, lam, m, E[0] - x[0]);
    /* D = tt / e, exact: tt e^-1 mod 2^(w m) */
    mp_zero(Am, m);
    Am[0] = E[0];
    rsa_inv_pow2(inv, Am, m, w);
    mp_mul(w, tt, m, inv, m);
    mp_copy(D, w, m);
    ct_zeroize(T, RSA_D_SCRATCH * sizeof(ct_limb_t));
    ct_zeroize(r, sizeof r);
    ct_zeroize(x, sizeof x);
    return ok;
}

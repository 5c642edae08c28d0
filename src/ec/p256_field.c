/*
 * p256_field.c - arithmetic modulo p = 2^256 - 2^224 + 2^192 + 2^96 - 1
 * and modulo the group order n, on the mp layer's Montgomery functions
 * (see p256.h). The constants were computed with Python's integers:
 * R = 2^256, b_mont = b R mod p, g_mont = G R mod p, R^2 and R^3 mod p
 * and mod n; -p^-1 mod 2^w is 1 for w = 32 and 64 (p = -1 mod 2^96).
 * (p, n, 1, b and G are in p256.h.)
 */
#include "p256.h"

static const p256_fe p256_r2 = {
    P256_L(0x00000003, 0x00000000), P256_L(0xffffffff, 0xfffffffb),
    P256_L(0xfffffffe, 0xffffffff), P256_L(0xfffffffd, 0x00000004)
};
static const p256_fe p256_r3 = {
    P256_L(0x0000000a, 0xfffffffd), P256_L(0xfffffff7, 0xffffffed),
    P256_L(0xfffffffc, 0x00000005), P256_L(0x00000001, 0x00000018)
};
static const p256_sc p256_n_r2 = {
    P256_L(0xbe79eea2, 0x83244c95), P256_L(0x49bd6fa6, 0x4699799c),
    P256_L(0x2b6bec59, 0x2845b239), P256_L(0xf3d95620, 0x66e12d94)
};
#define P_NINV ((ct_limb_t)1)
#if MP_LIMB_BITS == 64
#define N_NINV ((ct_limb_t)0xccd1c8aaee00bc4fu)
#else
#define N_NINV ((ct_limb_t)0xee00bc4fu)
#endif

#define L P256_LIMBS

/* ---- field ------------------------------------------------------------------ */

/*
 * Products use the mp layer's Montgomery multiplication (assembly leaves
 * per target). A reduction specialised to p (the multiple m p of each
 * Montgomery step needs no multiplication, since -p^-1 = 1 mod 2^32 and
 * the words of p are 0, 1 or 2^32 - 1) was measured against it and lost
 * on x86-64 and Cortex-M4, winning 8% on Cortex-M0 only (docs/ec.md).
 */
void p256_fe_mul(p256_fe X, const p256_fe A, const p256_fe B)
{
    ct_limb_t T[2 * L];

    mp_montmul(X, A, B, p256_p, L, P_NINV, T);
}

void p256_fe_sqr(p256_fe X, const p256_fe A)
{
    ct_limb_t T[2 * L];

    mp_montsqr(X, A, p256_p, L, P_NINV, T);
}

void p256_fe_add(p256_fe X, const p256_fe A, const p256_fe B)
{
    mp_mod_add(X, A, B, p256_p, L);
}

void p256_fe_sub(p256_fe X, const p256_fe A, const p256_fe B)
{
    mp_mod_sub(X, A, B, p256_p, L);
}

void p256_fe_neg(p256_fe X, const p256_fe A)
{
    mp_mod_neg(X, A, p256_p, L);
}

void p256_fe_inv(p256_fe X, const p256_fe A)
{
    /* A = aR; safegcd gives (aR)^-1 = a^-1 R^-1, and a Montgomery product
     * with R^3 gives a^-1 R^-1 R^3 R^-1 = a^-1 R, the Montgomery form of
     * a^-1. A = 0 gives 0 (gcd(0, p) = p: mp_inv returns 0). */
    ct_limb_t T[MP_INV_SCRATCH(L)];
    p256_fe Y;

    (void)mp_inv(Y, A, p256_p, L, T);
    p256_fe_mul(X, Y, p256_r3);
    ct_zeroize(Y, sizeof Y);
}

void p256_fe_inv_fermat(p256_fe X, const p256_fe A)
{
    /* (aR)^(p-2) = a^-1 R^-1 as well; same correction */
    ct_limb_t T[MP_EXP_SCRATCH(L, 1) + L + 8];
    p256_fe Y;

    (void)mp_inv_fermat(Y, A, p256_p, L, P_NINV, p256_r2, T, sizeof T / sizeof T[0]);
    p256_fe_mul(X, Y, p256_r3);
    ct_zeroize(Y, sizeof Y);
}

void p256_fe_sqrt_vartime(p256_fe X, const p256_fe A)
{
    /* (p + 1) / 4 = 2^254 - 2^222 + 2^190 + 2^94 */
    static const ct_limb_t E[L] = {
        P256_L(0x00000000, 0x00000000), P256_L(0x40000000, 0x00000000),
        P256_L(0x00000000, 0x40000000), P256_L(0xc0000000, 0x3fffffff)
    };
    ct_limb_t T[MP_EXP_SCRATCH(L, 4)];
    p256_fe a;

    /* mp_exp_vartime works on plain values: leave Montgomery form and
     * come back (the input is public: a point being decompressed) */
    mp_from_mont(a, A, p256_p, L, P_NINV, T);
    (void)mp_exp_vartime(a, a, E, L, p256_p, L, P_NINV, p256_r2, T,
                         sizeof T / sizeof T[0]);
    mp_to_mont(X, a, p256_p, L, P_NINV, p256_r2, T);
}

ct_cond p256_fe_is_zero(const p256_fe A)
{
    return mp_is_zero(A, L);
}

ct_cond p256_fe_eq(const p256_fe A, const p256_fe B)
{
    return mp_eq(A, B, L);
}

ct_cond p256_fe_from_bytes(p256_fe X, const uint8_t in[32])
{
    ct_limb_t T[2 * L];
    ct_cond ok;

    (void)mp_from_be(X, L, in, 32);
    ok = mp_lt(X, p256_p, L);
    mp_to_mont(X, X, p256_p, L, P_NINV, p256_r2, T);
    ct_limbs_czero(ct_cond_not(ok), X, L);
    return ok;
}

void p256_fe_to_bytes(uint8_t out[32], const p256_fe A)
{
    ct_limb_t T[2 * L];
    p256_fe a;

    mp_from_mont(a, A, p256_p, L, P_NINV, T);
    (void)mp_to_be(out, 32, a, L);
    ct_zeroize(a, sizeof a);
}

/* ---- scalars ------------------------------------------------------------------ */

ct_cond p256_sc_from_bytes(p256_sc X, const uint8_t in[32])
{
    (void)mp_from_be(X, L, in, 32);
    return ct_cond_and(ct_cond_not(mp_is_zero(X, L)), mp_lt(X, p256_n, L));
}

void p256_sc_to_bytes(uint8_t out[32], const p256_sc A)
{
    (void)mp_to_be(out, 32, A, L);
}

void p256_sc_reduce_once(p256_sc X, const p256_sc A)
{
    ct_cond ge = ct_cond_not(mp_lt(A, p256_n, L));

    (void)mp_sub_cond(X, A, p256_n, ge, L);
}

void p256_sc_montmul(p256_sc X, const p256_sc A, const p256_sc B)
{
    ct_limb_t T[2 * L];

    mp_montmul(X, A, B, p256_n, L, N_NINV, T);
}

void p256_sc_to_mont(p256_sc X, const p256_sc A)
{
    ct_limb_t T[2 * L];

    mp_to_mont(X, A, p256_n, L, N_NINV, p256_n_r2, T);
}

void p256_sc_from_mont(p256_sc X, const p256_sc A)
{
    ct_limb_t T[2 * L];

    mp_from_mont(X, A, p256_n, L, N_NINV, T);
}

void p256_sc_add(p256_sc X, const p256_sc A, const p256_sc B)
{
    mp_mod_add(X, A, B, p256_n, L);
}

void p256_sc_inv_mont(p256_sc X, const p256_sc A)
{
    /* plain A: safegcd gives a^-1, and a Montgomery product with R^2
     * gives a^-1 R */
    ct_limb_t T[MP_INV_SCRATCH(L)];
    p256_sc Y;

    (void)mp_inv(Y, A, p256_n, L, T);
    p256_sc_montmul(X, Y, p256_n_r2);
    ct_zeroize(Y, sizeof Y);
}

void p256_sc_inv_mont_vartime(p256_sc X, const p256_sc A)
{
    ct_limb_t T[4 * L];
    p256_sc Y;

    (void)mp_inv_vartime(Y, A, p256_n, L, T);
    p256_sc_montmul(X, Y, p256_n_r2);
}

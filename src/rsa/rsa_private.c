/*
 * rsa_private.c - RSA private keys and the private operation (declared in
 * ctcrypto/rsa.h): CRT with mp_exp per prime on a blinded base, Garner's
 * recombination, the check with e. Constant time in the key, the input,
 * the blinding value and the result; only sizes and the error status
 * leak (each declassification says why it may).
 */
#include "ct/ct.h"
#include "rsa.h"

/*
 * X (h limbs) = the big-endian in[0..len), loaded through h + 1 limbs so
 * that a sign byte or other leading zeros beyond h limbs are accepted;
 * returns the condition "it fits h limbs" (secret until the key's
 * validity is declassified), or false for a length beyond h + 1 limbs
 * (public). T: h + 1 limbs.
 */
static ct_cond rsa_load_secret(ct_limb_t *X, size_t h, const uint8_t *in,
                               size_t len, ct_limb_t *T)
{
    ct_cond ok;

    if (mp_from_be(T, h + 1, in, len) != CTC_OK)
        return ct_cond_from_bit(0);
    ok = ct_limb_is_zero(T[h]);
    mp_copy(X, T, h);
    return ok;
}

/* e D = 1 mod (P - 1) for odd P > 1 of h limbs and D of h limbs; P - 1
 * is P with its low bit cleared. T: 2h + 1 + (h + 1) + 2h limbs. */
static ct_cond rsa_crt_exp_ok(const ct_limb_t *D, const ct_limb_t *P, size_t h,
                              uint32_t e, ct_limb_t *T)
{
    ct_limb_t *pm1 = T, *ed = pm1 + h, *r = ed + h + 1, *w = r + h, E[1];

    mp_copy(pm1, P, h);
    pm1[0] &= ~(ct_limb_t)1;
    E[0] = e;
    mp_mul(ed, D, h, E, 1);
    mp_mod(r, ed, h + 1, pm1, h, w);
    mp_sub_limb(r, r, 1, h);
    return mp_is_zero(r, h);
}

/* see ctcrypto/rsa.h */
int ctc_rsa_private_key_import(ctc_rsa_private_key *key,
                               const uint8_t *n, size_t n_len,
                               const uint8_t *e, size_t e_len,
                               const uint8_t *p, size_t p_len,
                               const uint8_t *q, size_t q_len,
                               const uint8_t *dp, size_t dp_len,
                               const uint8_t *dq, size_t dq_len,
                               const uint8_t *qinv, size_t qinv_len)
{
    ct_limb_t T[6 * RSA_HALF + 2 + RSA_PRIV_SCRATCH], pq[2 * RSA_HALF];
    ct_limb_t *t2 = T + RSA_HALF + 1;
    size_t L, h;
    mp_modulus pm;
    ct_cond ok;
    int r;

    if (key == NULL)
        return CTC_ERR_PARAM;
    ct_zeroize(key, sizeof *key);
    if ((p == NULL && p_len != 0) || (q == NULL && q_len != 0) ||
        (dp == NULL && dp_len != 0) || (dq == NULL && dq_len != 0) ||
        (qinv == NULL && qinv_len != 0))
        return CTC_ERR_PARAM;
    r = ctc_rsa_public_key_import(&key->pub, n, n_len, e, e_len);
    if (r != CTC_OK)
        return r;
    if (key->pub.bits < 2048) {
        ct_zeroize(key, sizeof *key);
        return CTC_ERR_RSA_N_SIZE;
    }
    L = key->pub.limbs;
    h = (L + 1) / 2;
    /* a part longer than h + 1 limbs is refused on its public length */
    if (p_len > (h + 1) * MP_LIMB_BYTES || q_len > (h + 1) * MP_LIMB_BYTES ||
        dp_len > (h + 1) * MP_LIMB_BYTES || dq_len > (h + 1) * MP_LIMB_BYTES ||
        qinv_len > (h + 1) * MP_LIMB_BYTES) {
        ct_zeroize(key, sizeof *key);
        return CTC_ERR_LENGTH;
    }
    ok = rsa_load_secret(key->p, h, p, p_len, T);
    ok = ct_cond_and(ok, rsa_load_secret(key->q, h, q, q_len, T));
    ok = ct_cond_and(ok, rsa_load_secret(key->dp, h, dp, dp_len, T));
    ok = ct_cond_and(ok, rsa_load_secret(key->dq, h, dq, dq_len, T));
    ok = ct_cond_and(ok, rsa_load_secret(key->qinv_m, h, qinv, qinv_len, T));
    /* p and q odd, p q = n (then both are > 1: neither fits h limbs
     * alone when the other is 1) */
    ok = ct_cond_and(ok, ct_cond_from_bit((uint32_t)(key->p[0] & key->q[0] & 1u)));
    mp_mul(pq, key->p, h, key->q, h);
    mp_zero(T, 2 * h);
    mp_copy(T, key->pub.n, L);
    ok = ct_cond_and(ok, mp_eq(pq, T, 2 * h));
    /* qinv < p and q qinv = 1 mod p */
    ok = ct_cond_and(ok, mp_lt(key->qinv_m, key->p, h));
    mp_mul(pq, key->q, h, key->qinv_m, h);
    mp_mod(T, pq, 2 * h, key->p, h, t2);
    mp_sub_limb(T, T, 1, h);
    ok = ct_cond_and(ok, mp_is_zero(T, h));
    /* e dp = 1 mod (p - 1), e dq = 1 mod (q - 1) */
    ok = ct_cond_and(ok, rsa_crt_exp_ok(key->dp, key->p, h, key->pub.e, T));
    ok = ct_cond_and(ok, rsa_crt_exp_ok(key->dq, key->q, h, key->pub.e, T));
    /* whether the key is consistent is public (an error is returned) */
    if (!ct_cond_declassify(ok)) {
        ct_zeroize(T, sizeof T);
        ct_zeroize(pq, sizeof pq);
        ct_zeroize(key, sizeof *key);
        return CTC_ERR_KEY;
    }
    key->p_ninv = mp_mont_ninv(key->p[0]);
    key->q_ninv = mp_mont_ninv(key->q[0]);
    mp_mont_R2(key->p_r2, key->p, h, T);
    mp_mont_R2(key->q_r2, key->q, h, T);
    key->half_limbs = (uint32_t)h;
    /* qinv in Montgomery form: one montmul by it multiplies by qinv */
    pm = rsa_p_modulus(key);
    mp_to_mont(key->qinv_m, key->qinv_m, &pm, T);
    ct_zeroize(T, sizeof T);
    ct_zeroize(pq, sizeof pq);
    return CTC_OK;
}

/* see ctcrypto/rsa.h */
const ctc_rsa_public_key *ctc_rsa_private_key_public(const ctc_rsa_private_key *key)
{
    return &key->pub;
}

/* see ctcrypto/rsa.h */
void ctc_rsa_private_key_wipe(ctc_rsa_private_key *key)
{
    ct_zeroize(key, sizeof *key);
}

/* X = A R^-1 mod N for A of a_limbs <= 2n limbs, A < N R: the first half
 * of rsa_reduce below;
 * T: 2n limbs. X does not overlap A. */
static void rsa_redc(ct_limb_t *X, const ct_limb_t *A, size_t a_limbs, const mp_modulus *M,
                     ct_limb_t *T)
{
    mp_zero(T, 2 * M->n);
    mp_copy(T, A, a_limbs);
    mp_mont_redc(X, T, M);
}

/*
 * X (n limbs) = A mod N for A of a_limbs <= 2n limbs with A < N R (R =
 * 2^(w n)): A R^-1 mod N by one Montgomery reduction, then a Montgomery
 * product by R^2. Two products' work, where mp_mod takes a_limbs quotient
 * limbs; the reductions of the private operation all meet A < N R (a value
 * below n = p q reduced mod p: q < R_p; docs/rsa.md). X does not overlap A.
 * T: 4n limbs.
 */
static void rsa_reduce(ct_limb_t *X, const ct_limb_t *A, size_t a_limbs, const mp_modulus *M,
                       ct_limb_t *T)
{
    rsa_redc(X, A, a_limbs, M, T);
    mp_montmul(X, X, M->R2, M, T);
}

/*
 * Garner's recombination: M (2h limbs) = the value mod p q = n that is
 * m1 mod p and m2 mod q (m1 < p, m2 < q, h limbs each): M = m2 + q t with
 * t = (m1 - m2) qinv mod p (m2 reduced mod p first: q may exceed p);
 * M < p q = n. t: h limbs; T: scratch.
 */
static void rsa_garner(ct_limb_t *M, const ctc_rsa_private_key *key,
                       const ct_limb_t *m1, const ct_limb_t *m2, ct_limb_t *t,
                       ct_limb_t *T)
{
    size_t h = key->half_limbs;
    mp_modulus pm = rsa_p_modulus(key);

    rsa_reduce(t, m2, h, &pm, T);   /* m2 < q < R_p */
    mp_mod_sub(t, m1, t, key->p, h);
    mp_montmul(t, t, key->qinv_m, &pm, T);
    mp_mul(M, key->q, h, t, h);
    mp_zero(T, 2 * h);
    mp_copy(T, m2, h);
    (void)mp_add(M, M, T, 2 * h);   /* no carry: M < n < 2^(w 2h) */
}

/*
 * The blinding pair: R = r^e mod n in Montgomery form and RI = r^-1 mod n
 * in Montgomery form, for r from rng reduced mod n (k + 8 bytes, so the
 * bias is below 2^-64). r^-1 is found by CRT: the safegcd inverses of r
 * mod p and r mod q (h limbs each, about a quarter of the work of one
 * inversion over n each), recombined by Garner. Returns CTC_OK or
 * CTC_ERR_RNG.
 */
static int rsa_blind(ct_limb_t *R, ct_limb_t *RI, const ctc_rsa_private_key *key,
                     ctc_rng_fn rng, void *rng_ctx, ct_limb_t *T)
{
    const ctc_rsa_public_key *pub = &key->pub;
    uint8_t rnd[CTC_RSA_MAX_BYTES + 8];
    ct_limb_t rl[RSA_LIMBS + 2], ip[RSA_HALF], iq[RSA_HALF], t[RSA_HALF],
              M[2 * RSA_HALF], E[1];
    size_t L = pub->limbs, k = pub->bytes, h = key->half_limbs,
           rl_limbs = MP_LIMBS(8 * (k + 8));
    int tries, ret = CTC_ERR_RNG;
    mp_modulus nm = rsa_pub_modulus(pub), pm = rsa_p_modulus(key), qm = rsa_q_modulus(key);

    E[0] = pub->e;
    for (tries = 0; tries < 4; tries++) {
        ct_cond inv;

        if (rng(rng_ctx, rnd, k + 8) != 0)
            break;
        (void)mp_from_be(rl, rl_limbs, rnd, k + 8);   /* fits: rl_limbs limbs */
        /* r = rl R^-1 mod n, one Montgomery reduction (rl < n R): as
         * random as rl mod n, multiplication by R^-1 being a bijection
         * mod n */
        rsa_redc(R, rl, rl_limbs, &nm, T);
        rsa_reduce(ip, R, L, &pm, T);
        inv = mp_inv(ip, ip, key->p, h, T);
        rsa_reduce(iq, R, L, &qm, T);
        inv = ct_cond_and(inv, mp_inv(iq, iq, key->q, h, T));
        /*
         * whether r is invertible mod n is public: it is not only when r
         * is 0 or shares a prime with n, about 2^-1000 for a random r,
         * and that r is dropped for a new one
         */
        if (!ct_cond_declassify(inv))
            continue;
        rsa_garner(M, key, ip, iq, t, T);   /* M = r^-1 mod n, 2h limbs */
        mp_copy(RI, M, L);                  /* its limbs beyond L are zero */
        /* r is secret, e public: the exponentiation follows e's bits */
        (void)mp_exp_pubexp(R, R, E, 1, &nm, T, RSA_PRIV_SCRATCH);
        mp_to_mont(R, R, &nm, T);
        mp_to_mont(RI, RI, &nm, T);
        ret = CTC_OK;
        break;
    }
    ct_zeroize(rnd, sizeof rnd);
    ct_zeroize(rl, sizeof rl);
    ct_zeroize(ip, sizeof ip);
    ct_zeroize(iq, sizeof iq);
    ct_zeroize(t, sizeof t);
    ct_zeroize(M, sizeof M);
    return ret;
}

/*
 * The exponents of the two CRT halves, h + RSA_EXP_EXTRA limbs each. With
 * CTC_RSA_EXP_BLIND: EP = dp + r (p - 1) and EQ = dq + s (q - 1) for r
 * and s of one limb from rng (EP = dp mod p - 1, so x^EP = x^dp mod p
 * for every x, p prime); below (r + 1)(p - 1) < 2^w p, h + 1 limbs. The
 * caller's RNG is asked for both limbs at once. Without it, EP = dp and
 * EQ = dq. Returns CTC_OK or CTC_ERR_RNG.
 */
#if CTC_RSA_EXP_BLIND
#define RSA_EXP_EXTRA 1
#else
#define RSA_EXP_EXTRA 0
#endif
static int rsa_crt_exponents(ct_limb_t *EP, ct_limb_t *EQ, const ctc_rsa_private_key *key,
                             ctc_rng_fn rng, void *rng_ctx)
{
    size_t h = key->half_limbs;
#if CTC_RSA_EXP_BLIND
    uint8_t rnd[2 * sizeof(ct_limb_t)];
    ct_limb_t rs[2], pm1[RSA_HALF], dx[RSA_HALF + 1];
    int ret = CTC_ERR_RNG;

    if (rng(rng_ctx, rnd, sizeof rnd) == 0) {
        (void)mp_from_be(rs, 2, rnd, sizeof rnd);
        /* EP = dp + r (p - 1): p is odd, p - 1 is p with bit 0 cleared */
        mp_copy(pm1, key->p, h);
        pm1[0] &= ~(ct_limb_t)1;
        mp_mul(EP, pm1, h, rs, 1);
        mp_copy(dx, key->dp, h);
        dx[h] = 0;
        (void)mp_add(EP, EP, dx, h + 1);   /* no carry: see above */
        mp_copy(pm1, key->q, h);
        pm1[0] &= ~(ct_limb_t)1;
        mp_mul(EQ, pm1, h, rs + 1, 1);
        mp_copy(dx, key->dq, h);
        dx[h] = 0;
        (void)mp_add(EQ, EQ, dx, h + 1);
        ret = CTC_OK;
    }
    ct_zeroize(rnd, sizeof rnd);
    ct_zeroize(rs, sizeof rs);
    ct_zeroize(pm1, sizeof pm1);
    ct_zeroize(dx, sizeof dx);
    return ret;
#else
    (void)rng;
    (void)rng_ctx;
    mp_copy(EP, key->dp, h);
    mp_copy(EQ, key->dq, h);
    return CTC_OK;
#endif
}

/*
 * X = C^d mod n by CRT for C < n (both L limbs), with the blinding pair
 * (R, RI) of rsa_blind: C R = C r^e is exponentiated, the result times
 * RI gives C^d; the halves' exponents EP, EQ of rsa_crt_exponents. X may
 * not overlap C.
 */
static void rsa_crt(ct_limb_t *X, const ctc_rsa_private_key *key, const ct_limb_t *C,
                    const ct_limb_t *R, const ct_limb_t *RI, const ct_limb_t *EP,
                    const ct_limb_t *EQ, ct_limb_t *T)
{
    const ctc_rsa_public_key *pub = &key->pub;
    size_t L = pub->limbs, h = key->half_limbs, eh = h + RSA_EXP_EXTRA;
    ct_limb_t cb[RSA_LIMBS], m1[RSA_HALF], m2[RSA_HALF], t[RSA_HALF],
              M[2 * RSA_HALF];
    mp_modulus nm = rsa_pub_modulus(pub), pm = rsa_p_modulus(key), qm = rsa_q_modulus(key);

    /* cb = C r^e mod n (R holds r^e R mod n) */
    mp_montmul(cb, C, R, &nm, T);
    /* m1 = cb^dp mod p, m2 = cb^dq mod q (mp_exp and mp_exp2_52 take any
     * h-limb base, so cb mod p is enough) */
    rsa_reduce(m1, cb, L, &pm, T);   /* cb < n < p R_p */
    rsa_reduce(m2, cb, L, &qm, T);
#if MP_EXP52
    /* both halves at once in radix 2^52 where the CPU runs the IFMA
     * kernel (a property of the CPU, not of the key) */
    if (h <= MP52_MAX_N && mp_x86_ifma()) {
        (void)mp_exp2_52(m1, m2, m1, m2, EP, EQ, eh, &pm, &qm, T,
                         RSA_PRIV_SCRATCH);
    } else
#endif
    {
        (void)mp_exp(m1, m1, EP, eh, &pm, T, RSA_PRIV_SCRATCH);
        (void)mp_exp(m2, m2, EQ, eh, &qm, T, RSA_PRIV_SCRATCH);
    }
    /* Garner: M = the value mod n that is m1 mod p and m2 mod q */
    rsa_garner(M, key, m1, m2, t, T);
    /* unblind: X = M r^-1 mod n (M < n; its limbs beyond L are zero) */
    mp_montmul(X, M, RI, &nm, T);
    ct_zeroize(cb, sizeof cb);
    ct_zeroize(m1, sizeof m1);
    ct_zeroize(m2, sizeof m2);
    ct_zeroize(t, sizeof t);
    ct_zeroize(M, sizeof M);
}

/* see rsa.h */
int rsa_private_em(uint8_t *out, const ctc_rsa_private_key *key, const uint8_t *in,
                   ctc_rng_fn rng, void *rng_ctx)
{
    const ctc_rsa_public_key *pub = &key->pub;
    size_t L = pub->limbs, k = pub->bytes;
    ct_limb_t T[RSA_PRIV_SCRATCH], C[RSA_LIMBS], X[RSA_LIMBS], V[RSA_LIMBS],
              R[RSA_LIMBS], RI[RSA_LIMBS], E[1], EP[RSA_HALF + RSA_EXP_EXTRA],
              EQ[RSA_HALF + RSA_EXP_EXTRA];
    mp_modulus nm = rsa_pub_modulus(pub);
    ct_cond ok;
    int ret;

    (void)mp_from_be(C, L, in, k);   /* k bytes fit L limbs */
    /* whether the input is < n is public: the caller is told */
    if (!ct_cond_declassify(mp_lt(C, pub->n, L))) {
        ret = CTC_ERR_RANGE;
        goto done;
    }
    ret = rsa_blind(R, RI, key, rng, rng_ctx, T);
    if (ret == CTC_OK)
        ret = rsa_crt_exponents(EP, EQ, key, rng, rng_ctx);
    if (ret != CTC_OK)
        goto done;
    rsa_crt(X, key, C, R, RI, EP, EQ, T);
    /* the check: X^e = C mod n, constant time in X (secret) and following
     * the bits of e (public) */
    E[0] = pub->e;
    (void)mp_exp_pubexp(V, X, E, 1, &nm, T, RSA_PRIV_SCRATCH);
    ok = mp_eq(V, C, L);
    /* whether the result passed its check is public: a failure is a fault
     * and returns an error, with nothing written */
    if (!ct_cond_declassify(ok)) {
        ret = CTC_ERR_FAULT;
        goto done;
    }
    ret = mp_to_be(out, k, X, L);   /* X < n: fits */
done:
    if (ret != CTC_OK)
        ct_zeroize(out, k);
    ct_zeroize(T, sizeof T);
    ct_zeroize(C, sizeof C);
    ct_zeroize(X, sizeof X);
    ct_zeroize(V, sizeof V);
    ct_zeroize(R, sizeof R);
    ct_zeroize(RI, sizeof RI);
    ct_zeroize(EP, sizeof EP);
    ct_zeroize(EQ, sizeof EQ);
    return ret;
}

/* see ctcrypto/rsa.h */
int ctc_rsa_private(uint8_t *out, size_t out_size, const ctc_rsa_private_key *key,
                    const uint8_t *in, size_t in_len, ctc_rng_fn rng, void *rng_ctx)
{
    if (out == NULL || key == NULL || in == NULL || rng == NULL || key->half_limbs == 0)
        return CTC_ERR_PARAM;
    if (out_size < key->pub.bytes)
        return CTC_ERR_BUFFER;
    if (in_len != key->pub.bytes)
        return CTC_ERR_LENGTH;
    return rsa_private_em(out, key, in, rng, rng_ctx);
}
